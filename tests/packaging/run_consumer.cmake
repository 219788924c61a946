# Drives one packaging test: cmake -DMODE=find_package|add_subdirectory
#   -DAICORE_SOURCE_DIR=... -DAICORE_BINARY_DIR=... -DWORK_DIR=... -P run_consumer.cmake
# The consumer builds without a build type (CMake's default flags: no
# optimisation): the test is about the package, and the library must work
# at -O0 too; an optimised build took 2.5 times as long.
file(REMOVE_RECURSE ${WORK_DIR})
file(MAKE_DIRECTORY ${WORK_DIR})
set(consumer_src ${CMAKE_CURRENT_LIST_DIR}/consumer)

function(run)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "command failed (${rc}): ${ARGN}\n${out}\n${err}")
  endif()
  message(STATUS "${out}")
endfunction()

if(MODE STREQUAL "find_package")
  set(prefix ${WORK_DIR}/prefix)
  run(${CMAKE_COMMAND} --install ${AICORE_BINARY_DIR} --prefix ${prefix})
  run(${CMAKE_COMMAND} -S ${consumer_src} -B ${WORK_DIR}/build -DAICORE_MODE=find_package
      -DCMAKE_PREFIX_PATH=${prefix} -DCMAKE_BUILD_TYPE=)
else()
  run(${CMAKE_COMMAND} -S ${consumer_src} -B ${WORK_DIR}/build -DAICORE_MODE=add_subdirectory
      -DAICORE_SOURCE_DIR=${AICORE_SOURCE_DIR} -DCMAKE_BUILD_TYPE=)
endif()
run(${CMAKE_COMMAND} --build ${WORK_DIR}/build)
run(${WORK_DIR}/build/consumer)
run(${WORK_DIR}/build/consumer_op)
