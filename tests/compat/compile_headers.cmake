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
# are forwarding headers: after comments, blank lines and
# #pragma once, nothing but #include lines. Such a header compiles alone,
# warning-free, when every header it includes does and they do not clash;
# so each header with code of its own is compiled alone (one per kind:
# headers whose code is the same compile to the same thing), every
# forwarding header is compiled in one translation unit with all the others
# (an include that does not resolve, or headers that clash, fail it), and
# each include of a forwarding header must resolve to a compat header
# compiled here or to an aicore header, which
# tests/layering/compile_each_header.cmake compiles alone. The flags that
# differ between the two checks (-D_GLIBCXX_USE_CXX11_ABI=0,
# ASCENDC_CPU_DEBUG, __CCE_KT_TEST__) must not matter to the aicore headers:
# no header outside compat/ names them outside a comment (checked below).
set(compat ${SOURCE_DIR}/include/aicore/compat)
file(GLOB_RECURSE headers RELATIVE ${compat} ${compat}/*.h)
list(SORT headers)
set(sources ${CMAKE_CURRENT_LIST_DIR}/all_headers.cpp)
set(kinds "")
set(skipped 0)
set(forwarding "")
set(with_code "")
set(targets "")
foreach(h IN LISTS headers)
  file(STRINGS ${compat}/${h} lines)
  set(code "")
  set(only_includes TRUE)
  set(includes "")
  get_filename_component(dir ${h} DIRECTORY)
  foreach(line IN LISTS lines)
    if(line MATCHES "^[ \t]*(//.*)?$" OR line MATCHES "^#pragma once")
      continue()
    endif()
    string(APPEND code "${line}\n")
    if(line MATCHES "^#include [\"<]([^\">]+)[\">]")
      set(inc ${CMAKE_MATCH_1})
      if(line MATCHES "^#include \"" AND NOT dir STREQUAL "" AND EXISTS ${compat}/${dir}/${inc})
        string(APPEND code "in ${dir}\n")
        list(APPEND includes ${dir}/${inc})
      elseif(EXISTS ${compat}/${inc})
        list(APPEND includes ${inc})
      elseif(EXISTS ${SOURCE_DIR}/include/${inc} AND inc MATCHES "^aicore/")
        # compiled alone by layering_headers_self_contained_*
      elseif(line MATCHES "^#include \"")
        message(FATAL_ERROR "compat/${h}: #include \"${inc}\" resolves to no compat or aicore header")
      endif()
    else()
      set(only_includes FALSE)
    endif()
  endforeach()
  if(only_includes)
    list(APPEND forwarding ${h})
    list(APPEND targets ${includes})
    continue()
  endif()
  list(APPEND with_code ${h})
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
# A forwarding header's compat includes are headers with code (compiled
# alone above) or forwarding headers themselves (checked the same way).
list(REMOVE_DUPLICATES targets)
foreach(t IN LISTS targets)
  list(FIND forwarding ${t} is_fwd)
  list(FIND with_code ${t} has_code)
  if(is_fwd EQUAL -1 AND has_code EQUAL -1)
    message(FATAL_ERROR "compat/${t}, included by a forwarding header, is not checked")
  endif()
endforeach()
set(all_fwd "")
foreach(h IN LISTS forwarding)
  string(APPEND all_fwd "#include \"${h}\"\n")
endforeach()
file(WRITE ${WORK_DIR}/all_forwarding_headers.cpp "${all_fwd}int main() { return 0; }\n")
list(APPEND sources ${WORK_DIR}/all_forwarding_headers.cpp)
list(LENGTH headers n_headers)
list(LENGTH forwarding n_fwd)
list(LENGTH kinds n_kinds)
message(STATUS "${n_headers} headers: ${n_fwd} forwarding headers compiled together, ${n_kinds} kinds of code compiled alone (${skipped} repeat the code of one of them)")

# No aicore header outside compat/ depends on the flags only this check sets.
file(GLOB_RECURSE core_headers ${SOURCE_DIR}/include/aicore/*.h)
foreach(f IN LISTS core_headers)
  if(f MATCHES "/include/aicore/compat/")
    continue()
  endif()
  file(STRINGS ${f} hits REGEX "^[^/]*(ASCENDC_CPU_DEBUG|__CCE_KT_TEST__|_GLIBCXX_USE_CXX11_ABI)")
  if(hits)
    message(FATAL_ERROR "${f} names a macro only the compat header check defines; compile the aicore headers with the compat flags too:\n${hits}")
  endif()
endforeach()

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
