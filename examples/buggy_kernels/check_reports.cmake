# The test of buggy_kernels:
#   cmake -DPROGRAM=<path to buggy_kernels> -P check_reports.cmake
# 1. --list names every class.
# 2. AICORE_SANITIZE=all ... all: the exit status is non-zero and stderr holds
#    exactly one report per class (two for `host`: the double GmFree and the
#    leak at exit), each matching its pattern (kind, API, kernel, message).
# 3. Without AICORE_SANITIZE: the always-on classes are reported once each
#    (printed by the program), and every deep class says which mode it needs.

set(classes gm_out_of_bounds ub_capacity operand_out_of_buffer misaligned_operand bad_parameter
    deque_on_empty use_after_free duplicate_setflag pipe_hazard gm_race uninit_read deadlock
    exception numeric host)

# One pattern per report: "<kind> error in <API> at ...main.cpp:<line> (kernel
# <name>, block <b> of <n>): <message fragment>".
set(at "at [^\n]*main\\.cpp:[0-9]+")
set(reports
    "out of bounds error in DataCopy ${at} \\(kernel scale_slices, block 3 of 4\\): invalid GM read of 1024 bytes at offset 15360 of the 16000-byte GmAlloc block"
    "capacity error in TPipe::InitBuffer ${at} \\(kernel add_big_tiles, block [0-3] of 4\\): [^\n]*do not fit in UB"
    "out of bounds error in Add ${at} \\(kernel add_repeat_form, block [0-3] of 4\\): dst footprint of 16 repeats"
    "alignment error in DataCopy ${at} \\(kernel pad_rows, block [0-3] of 4\\): dst operand starts at element offset 3 \\(byte offset 12"
    "parameter error in Muls ${at} \\(kernel scale_one_call, block [0-3] of 4\\): repeatTimes 256 is outside \\[0, 255\\]"
    "queue error in TQue::DeQue ${at} \\(kernel add_deque_twice, block [0-3] of 4\\): DeQue on an empty TQue"
    "out of bounds error in Add ${at} \\(kernel add_free_early, block [0-3] of 4\\): src0 of Add uses TQue buffer [0-9] [^\n]* after FreeTensor at"
    "sync error in SetFlag ${at} \\(kernel add_set_twice, block [0-3] of 4\\): SetFlag<HardEvent::MTE2_V>\\(0\\) is set again"
    "pipe hazard error in Add ${at} \\(kernel add_no_flag, block [0-3] of 4\\): read-after-write hazard"
    "race error in DataCopy ${at} \\(kernel add_one_tiled, block [0-3] of 4\\): GM race: [^\n]*\\(both touch bytes .[0-9]+, [0-9]+\\)\\)"
    "uninitialized read error in Add ${at} \\(kernel block_sum, block [0-3] of 4\\): uninitialized read: src1 of Add"
    "deadlock error in GlobalTensor::GetValue ${at} \\(kernel two_phase_sum, block 0 of 4\\): no block of the launch made progress[^\n]*blocks 1-3: waiting in SyncAll"
    "exception error in [^\n]*\\(kernel scale_per_block, block 7 of 8\\): uncaught exception std::out_of_range"
    "numeric error in Mul ${at} \\(kernel square_half, block 2 of 4\\): Mul result 90000 overflows half"
    "parameter error in GmFree ${at}: pointer 0x[0-9a-f]+ was already released by GmFree [^\n]*\\(double free\\)"
    "leak error in GmAlloc ${at}: GM leak: 1 GmAlloc block \\(65536 bytes\\) never released")
list(LENGTH reports expected)
if(NOT expected EQUAL 16)  # (an unbalanced [ in a pattern would merge list elements)
  message(FATAL_ERROR "check_reports.cmake: ${expected} report patterns, expected 16")
endif()

function(run_program)
  execute_process(COMMAND ${PROGRAM} ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out
                  ERROR_VARIABLE err TIMEOUT 60)
  set(rc "${rc}" PARENT_SCOPE)
  set(out "${out}" PARENT_SCOPE)
  set(err "${err}" PARENT_SCOPE)
endfunction()

function(fail what)
  message(FATAL_ERROR "${what}\n--- stdout:\n${out}\n--- stderr:\n${err}")
endfunction()

# Number of matches of `regex` in `text` (each match replaced by a marker
# first: a match may hold a ';', which would split a MATCHALL list).
function(count_matches regex text var)
  string(REGEX REPLACE "${regex}" "@MATCH@" marked "${text}")
  string(REGEX MATCHALL "@MATCH@" found "${marked}")
  list(LENGTH found n)
  set(${var} ${n} PARENT_SCOPE)
endfunction()

# 1. --list.
unset(ENV{AICORE_SANITIZE})
run_program(--list)
if(NOT rc EQUAL 0)
  fail("buggy_kernels --list exited with ${rc}")
endif()
foreach(c IN LISTS classes)
  if(NOT out MATCHES "[0-9]+  ${c} ")
    fail("--list does not name ${c}")
  endif()
endforeach()

# 2. Every deep mode on.
set(ENV{AICORE_SANITIZE} all)
unset(ENV{AICORE_SANITIZE_EXITCODE})
unset(ENV{AICORE_WATCHDOG_SECONDS})
run_program(all)
if(rc EQUAL 0 OR NOT rc MATCHES "^[0-9]+$")
  fail("AICORE_SANITIZE=all buggy_kernels all: exit status '${rc}', expected a non-zero status")
endif()
foreach(r IN LISTS reports)
  count_matches("aicore: ${r}" "${err}" n)
  if(NOT n EQUAL 1)
    fail("AICORE_SANITIZE=all: ${n} reports match (expected 1): ${r}")
  endif()
endforeach()
count_matches("(^|\n)aicore: " "${err}" n)
if(NOT n EQUAL expected)
  fail("AICORE_SANITIZE=all: ${n} reports on stderr, expected ${expected} (one per class, two for host)")
endif()
if(NOT err MATCHES "\naicore sanitizer: ${expected} errors reported\n")
  fail("AICORE_SANITIZE=all: no exit summary of ${expected} errors")
endif()
if(out MATCHES "no report" OR out MATCHES "skipped")
  fail("AICORE_SANITIZE=all: a class went unreported")
endif()

# 3. No deep mode: the always-on reports (printed by the program), and a hint
# for each deep class.
unset(ENV{AICORE_SANITIZE})
run_program(all)
if(rc EQUAL 0 OR NOT rc MATCHES "^[0-9]+$")
  fail("buggy_kernels all: exit status '${rc}', expected a non-zero status")
endif()
set(always_on 1 2 3 4 5 6 7 12 14)  # indices into `reports`
foreach(i IN LISTS always_on)
  list(GET reports ${i} r)
  count_matches("aicore: ${r}" "${err}" n)
  if(NOT n EQUAL 1)
    fail("no AICORE_SANITIZE: ${n} reports match (expected 1): ${r}")
  endif()
endforeach()
count_matches("(^|\n)aicore: " "${err}" n)
list(LENGTH always_on n_always_on)
if(NOT n EQUAL n_always_on)
  fail("no AICORE_SANITIZE: ${n} reports on stderr, expected ${n_always_on}")
endif()
foreach(hint "run with AICORE_SANITIZE=memcheck\n" "run with AICORE_SANITIZE=synccheck\n"
        "run with AICORE_SANITIZE=racecheck\n" "run with AICORE_SANITIZE=initcheck\n"
        "run with AICORE_SANITIZE=numcheck\n" "skipped: without the deadlock watchdog"
        "run with AICORE_SANITIZE=memcheck \\(GM leaks")
  if(NOT out MATCHES "${hint}")
    fail("no AICORE_SANITIZE: stdout lacks '${hint}'")
  endif()
endforeach()

# An unknown class is refused.
run_program(no_such_class)
if(NOT rc EQUAL 2)
  fail("buggy_kernels no_such_class: exit status '${rc}', expected 2")
endif()
message(STATUS "buggy_kernels: ${expected} reports under AICORE_SANITIZE=all, ${n_always_on} without")
