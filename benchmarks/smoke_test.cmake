# bench_smoke: aicore_bench --quick --csv must exit 0 and print the CSV header
# followed by at least one row. Run as: cmake -DBENCH=<path> -P smoke_test.cmake
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
