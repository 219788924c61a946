# Runs one example kernel project the way the vendor samples' run.sh does:
# generate input and golden data, run the program, verify each output.
#   cmake -DWORK_DIR=<dir> -DGEN=<gen_data> -DMAIN=<program> -DVERIFY=<verify_result>
#         "-DCHECKS=<type>;<output>;<golden>[;...]" -P run_example.cmake
file(REMOVE_RECURSE ${WORK_DIR})
file(MAKE_DIRECTORY ${WORK_DIR}/input ${WORK_DIR}/output)

function(run)
  execute_process(COMMAND ${ARGN} WORKING_DIRECTORY ${WORK_DIR} RESULT_VARIABLE rc
                  OUTPUT_VARIABLE out ERROR_VARIABLE err)
  message("${out}${err}")
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "command failed (${rc}): ${ARGN}")
  endif()
endfunction()

run(${GEN})
run(${MAIN})
list(LENGTH CHECKS n)
math(EXPR rem "${n} % 3")
if(n EQUAL 0 OR NOT rem EQUAL 0)
  message(FATAL_ERROR "CHECKS must be <type>;<output>;<golden> triples")
endif()
math(EXPR last "${n} - 1")
foreach(i RANGE 0 ${last} 3)
  math(EXPR j "${i} + 1")
  math(EXPR k "${i} + 2")
  list(GET CHECKS ${i} type)
  list(GET CHECKS ${j} output)
  list(GET CHECKS ${k} golden)
  run(${VERIFY} ${type} ${output} ${golden})
endforeach()
