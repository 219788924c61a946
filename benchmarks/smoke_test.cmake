# bench_smoke: aicore_bench --quick --csv must exit 0 and print the CSV header
# followed by at least one row; then one workload with the NPU estimate and
# the JSON and SVG reports (--npu --json --svg) must write both files with an
# estimate in them. Run as:
#   cmake -DBENCH=<path> -DWORK_DIR=<dir> -P smoke_test.cmake
execute_process(COMMAND "${BENCH}" --quick --csv
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "aicore_bench --quick --csv exited with ${rc}\n${err}\n${out}")
endif()
set(header "workload,dtype,threads,variant,median_ns,p10_ns,p90_ns,gbps")
string(FIND "${out}" "${header}\n" pos)
if(NOT pos EQUAL 0)
  message(FATAL_ERROR "aicore_bench --csv did not start with the header '${header}':\n${out}")
endif()
if(NOT out MATCHES "\nadd_1M,half,1,aicore,[0-9.]+,[0-9.]+,[0-9.]+,[0-9.]+\n")
  message(FATAL_ERROR "aicore_bench --csv printed no add_1M row:\n${out}")
endif()
message(STATUS "${out}")

file(REMOVE_RECURSE "${WORK_DIR}")
file(MAKE_DIRECTORY "${WORK_DIR}")
execute_process(COMMAND "${BENCH}" --quick --filter add_1M/float --threads 1 --npu
                        --json "${WORK_DIR}/bench.json" --svg "${WORK_DIR}/bench.svg"
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "aicore_bench --npu --json --svg exited with ${rc}\n${err}\n${out}")
endif()
if(NOT out MATCHES "NPU est")
  message(FATAL_ERROR "aicore_bench --npu printed no 'NPU est' column:\n${out}")
endif()
file(READ "${WORK_DIR}/bench.json" json)
if(NOT json MATCHES "\"workload\":\"add_1M\"" OR NOT json MATCHES "\"npu_us\":[0-9]")
  message(FATAL_ERROR "bench.json has no add_1M row with an NPU estimate:\n${json}")
endif()
file(READ "${WORK_DIR}/bench.svg" svg)
if(NOT svg MATCHES "<svg[^>]*>" OR NOT svg MATCHES "</svg>[ \n]*$" OR NOT svg MATCHES "add_1M")
  message(FATAL_ERROR "bench.svg is not an SVG chart of add_1M:\n${svg}")
endif()
message(STATUS "${out}")
