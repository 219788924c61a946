# Compiles every compat header on its own, and all_headers.cpp (all of them
# plus their macros in use), with the flags of vendor kernel projects:
#   cmake -DCXX=<compiler> -DSOURCE_DIR=<aicore> -DEXTRA_INCLUDES=<dirs>
#         -DWORK_DIR=<dir> -P compile_headers.cmake
file(REMOVE_RECURSE ${WORK_DIR})
file(MAKE_DIRECTORY ${WORK_DIR})
set(flags -std=c++17 -Wall -Wextra -Werror -D_GLIBCXX_USE_CXX11_ABI=0 -DASCENDC_CPU_DEBUG
          -D__CCE_KT_TEST__ -DHWY_COMPILE_ONLY_STATIC=1 -fsyntax-only
          -I${SOURCE_DIR}/include/aicore/compat -I${SOURCE_DIR}/include)
foreach(dir IN LISTS EXTRA_INCLUDES)
  list(APPEND flags -I${dir})
endforeach()

# Every header of the compat folder (the vendor names kernels include). Most
# are forwarding headers whose code is the same few lines (#include
# "kernel_operator.h" ...): headers whose code, without comments, blank lines
# and #pragma once, is the same compile to the same thing, so one of each
# kind is compiled (a quoted include that would resolve next to the header
# first makes its folder part of the kind).
set(compat ${SOURCE_DIR}/include/aicore/compat)
file(GLOB_RECURSE headers RELATIVE ${compat} ${compat}/*.h)
list(SORT headers)
set(sources ${CMAKE_CURRENT_LIST_DIR}/all_headers.cpp)
set(kinds "")
set(skipped 0)
foreach(h IN LISTS headers)
  file(STRINGS ${compat}/${h} lines)
  set(code "")
  get_filename_component(dir ${h} DIRECTORY)
  foreach(line IN LISTS lines)
    if(line MATCHES "^[ \t]*(//.*)?$" OR line MATCHES "^#pragma once")
      continue()
    endif()
    string(APPEND code "${line}\n")
    if(line MATCHES "^#include \"([^\"]+)\"" AND NOT dir STREQUAL "")
      if(EXISTS ${compat}/${dir}/${CMAKE_MATCH_1})
        string(APPEND code "in ${dir}\n")
      endif()
    endif()
  endforeach()
  string(SHA1 kind "${code}")
  list(FIND kinds ${kind} seen)
  if(NOT seen EQUAL -1)
    math(EXPR skipped "${skipped} + 1")
    continue()
  endif()
  list(APPEND kinds ${kind})
  string(MAKE_C_IDENTIFIER ${h} id)
  file(WRITE ${WORK_DIR}/${id}.cpp "#include \"${h}\"\n#include \"${h}\"\nint main() { return 0; }\n")
  list(APPEND sources ${WORK_DIR}/${id}.cpp)
endforeach()
list(LENGTH headers n_headers)
list(LENGTH kinds n_kinds)
message(STATUS "${n_headers} headers, ${n_kinds} kinds of code: ${skipped} repeat the code of a header compiled here")

foreach(src IN LISTS sources)
  execute_process(COMMAND ${CXX} ${flags} ${src} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${CXX} failed on ${src}:\n${out}\n${err}")
  endif()
  message(STATUS "ok: ${src}")
endforeach()

# A tiling field after fields that end at an offset that is not a multiple of
# its alignment is moved to the next multiple (the vendor's framework inserts
# placeholder padding); no padding follows the last field.
file(WRITE ${WORK_DIR}/misaligned_tiling.cpp [=[
#include <cstddef>
#include "register/tilingdata_base.h"
BEGIN_TILING_DATA_DEF(Misaligned)
  TILING_DATA_FIELD_DEF(uint8_t, flag);
  TILING_DATA_FIELD_DEF(uint32_t, length);
  TILING_DATA_FIELD_DEF(uint32_t, count);
  TILING_DATA_FIELD_DEF(int64_t, total);
  TILING_DATA_FIELD_DEF(uint8_t, last);
END_TILING_DATA_DEF;
static_assert(offsetof(Misaligned, length) == 4, "padded to 4");
static_assert(offsetof(Misaligned, count) == 8, "already aligned");
static_assert(offsetof(Misaligned, total) == 16, "padded to 8");
static_assert(sizeof(Misaligned) == 25, "no tail padding");
int main() { return 0; }
]=])
execute_process(COMMAND ${CXX} ${flags} ${WORK_DIR}/misaligned_tiling.cpp RESULT_VARIABLE rc
                OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "a tiling struct with unaligned fields was not padded as the vendor's (${rc}):\n${out}\n${err}")
endif()
message(STATUS "ok: unaligned tiling fields padded")
