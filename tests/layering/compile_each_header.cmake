# Compiles every public header of include/aicore (compat/ has its own test,
# tests/compat/compile_headers.cmake) on its own, twice in one translation
# unit, warning-free: a header must include what it uses.
#   cmake -DCXX=<compiler> -DSOURCE_DIR=<aicore> -DEXTRA_INCLUDES=<dirs>
#         -DWORK_DIR=<dir> -P compile_each_header.cmake
file(REMOVE_RECURSE ${WORK_DIR})
file(MAKE_DIRECTORY ${WORK_DIR})
set(flags -std=c++17 -Wall -Wextra -Werror -DHWY_COMPILE_ONLY_STATIC=1 -DHWY_DISABLE_PCLMUL_AES=1
          -fsyntax-only -I${SOURCE_DIR}/include)
foreach(dir IN LISTS EXTRA_INCLUDES)
  list(APPEND flags -I${dir})
endforeach()

set(root ${SOURCE_DIR}/include/aicore)
file(GLOB_RECURSE headers RELATIVE ${root} ${root}/*.h)
set(failed "")
set(n 0)
foreach(h IN LISTS headers)
  if(h MATCHES "^compat/")
    continue()
  endif()
  string(MAKE_C_IDENTIFIER ${h} id)
  set(src ${WORK_DIR}/${id}.cpp)
  file(WRITE ${src} "#include <aicore/${h}>\n#include <aicore/${h}>\nint main() { return 0; }\n")
  execute_process(COMMAND ${CXX} ${flags} ${src} RESULT_VARIABLE rc OUTPUT_VARIABLE out
                  ERROR_VARIABLE err)
  math(EXPR n "${n} + 1")
  if(NOT rc EQUAL 0)
    string(APPEND failed "--- aicore/${h}:\n${out}${err}\n")
  endif()
endforeach()
if(NOT failed STREQUAL "")
  message(FATAL_ERROR "headers that do not compile on their own (${CXX}):\n${failed}")
endif()
message(STATUS "ok: ${n} headers compile on their own with ${CXX}")
