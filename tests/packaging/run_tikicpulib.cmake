# Builds and runs examples/compat/add_custom, a kernel project with the
# vendor's kernel-launch CMake layout (find_package(tikicpulib), the kernels
# in a shared library, main.cpp with -D_GLIBCXX_USE_CXX11_ABI=0 -Wall -Werror),
# against aicore's installed tikicpulib package: the only change from a
# vendor build is CMAKE_PREFIX_PATH in the environment.
#   cmake -DAICORE_SOURCE_DIR=... -DAICORE_BINARY_DIR=... -DWORK_DIR=... -P run_tikicpulib.cmake
file(REMOVE_RECURSE ${WORK_DIR})
file(MAKE_DIRECTORY ${WORK_DIR})
set(prefix ${WORK_DIR}/prefix)
set(build ${WORK_DIR}/build)

function(run)
  execute_process(COMMAND ${ARGN} WORKING_DIRECTORY ${WORK_DIR}/run RESULT_VARIABLE rc
                  OUTPUT_VARIABLE out ERROR_VARIABLE err)
  message("${out}${err}")
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "command failed (${rc}): ${ARGN}")
  endif()
endfunction()

file(MAKE_DIRECTORY ${WORK_DIR}/run/input ${WORK_DIR}/run/output)
run(${CMAKE_COMMAND} --install ${AICORE_BINARY_DIR} --prefix ${prefix})
run(${CMAKE_COMMAND} -E env CMAKE_PREFIX_PATH=${prefix}
    ${CMAKE_COMMAND} -S ${AICORE_SOURCE_DIR}/examples/compat/add_custom -B ${build}
    -DRUN_MODE=cpu -DSOC_VERSION=Ascend910B1 -DCMAKE_BUILD_TYPE=Release)
run(${CMAKE_COMMAND} --build ${build} -j2)
run(${build}/gen_data)
run(${build}/ascendc_kernels_bbit)
run(${build}/verify_result half output/output_z.bin output/golden.bin)
