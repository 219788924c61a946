# Runs the gtest program EXE unless the CPU lacks the instruction-set flag
# CPU_FLAG (as /proc/cpuinfo names it): a program built for an ISA level the
# CPU does not have dies of SIGILL before main, so it is not started.
#   cmake -DCPU_FLAG=avx512bw -DEXE=<program> -P run_if_cpu.cmake
if(EXISTS /proc/cpuinfo)
  file(STRINGS /proc/cpuinfo flags REGEX "^flags" LIMIT_COUNT 1)
  if(flags AND NOT flags MATCHES "[ \t]${CPU_FLAG}([ \t]|$)")
    message("SKIPPED: this CPU lacks ${CPU_FLAG}; ${EXE} not run")
    return()
  endif()
endif()
execute_process(COMMAND ${EXE} RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "${EXE} failed: ${rc}")
endif()
