# aicore_add_op_project(<name> <project_dir> [LIBRARIES lib...] [INCLUDE_DIRS dir...] [DTYPE_BUILDS n])
#
# Builds a custom-operator project as the vendor's msopgen lays it out,
# unchanged, for the CPU:
#   <project_dir>/op_host/*.cpp     OpDef (OP_ADD), InferShape, InferDataType,
#                                   tiling function; their own *_tiling.h
#   <project_dir>/op_kernel/*.cpp   one kernel per operator: op_kernel/<op>.cpp
#                                   defines `extern "C" __global__ __aicore__ void
#                                   <op>(GM_ADDR ..., GM_ADDR workspace, GM_ADDR tiling)`
# or in the nested layout of the vendor's asc-devkit samples, per operator:
#   <project_dir>/op_host/<op>/*.cpp                OpDef and tiling function
#   <project_dir>/op_kernel/<op>/<op>_kernel.cpp    (or <op>.cpp) the kernel, beside
#                                                   its own headers (<op>_tiling.h:
#                                                   a plain tiling struct)
# A kernel that is a template over tiling-template arguments (ASCENDC_TPL_SEL)
# is registered with AICORE_OP_TPL_KERNEL: a call runs the instantiation of
# its tiling key.
# and defines the target <name>: link it to run the operators
# (aicore::op::RunOp("AddCustom", ...) from aicore/op/runner.h) or call the
# generated aclnn functions (#include "aclnn_<op>.h": aclnnAddCustomGetWorkspaceSize,
# aclnnAddCustom). The op type of op_kernel/<op>.cpp is <op> in CamelCase
# (add_custom -> AddCustom), as the vendor's build names kernels after types.
#
# What it generates (in ${CMAKE_CURRENT_BINARY_DIR}/<name>_gen):
#   kernel_<op>.cpp  includes op_host/<op>_tiling.h when it exists (the vendor
#                    build gives the kernel the tiling header the same way), the
#                    unchanged op_kernel/<op>.cpp, and registers the entry
#                    (AICORE_OP_KERNEL, aicore_op_kernel.h); op_host/ is on the
#                    kernel's include path too, for kernels that include their
#                    tiling header by name
#   aclnn_<op>.h/.cpp  from the registered OpDef, by <name>_opgen, a program
#                    built from aicore_opgen.cpp and the op_host objects
#                    (the CPU's opbuild)
#   <op>_kernel_tiling.h  includes op_host/<op>_tiling.h and names its tiling
#                    structs (namespace optiling) at global scope, as the
#                    vendor's build gives them to kernels
#   kernel_<op>_dt<i>.cpp  instead of kernel_<op>.cpp when the kernel reads
#                    DTYPE_<NAME>/ORIG_DTYPE_<NAME>: the vendor's build compiles
#                    such a kernel once per dtype combination of the OpDef, and
#                    so does aicore_opgen (DTYPE_BUILDS slots, 4 by default;
#                    unused ones are empty); the runner calls the build of the
#                    call's dtypes
# An operator directory of the ops repositories (hicann ops-nn / ops-math:
# op_host/<op>_def.cpp with OP_ADD, <op>_infershape.cpp with
# IMPL_OP_INFERSHAPE, op_host/arch22/<op>_tiling.cpp with IMPL_OP_OPTILING;
# op_kernel/<op>.cpp) is the flat layout with per-architecture tiling
# directories: op_host/arch22/ (the 910B's) is built and on the include
# path, the other op_host/arch<NN>/ are left out, and so is op_host/op_api/
# (the operator's aclnn API). The kernel's tiling header is <op>_tiling.h in
# op_host/ or op_host/arch22/, else the first op_host[/arch22]/<op>*.h with
# BEGIN_TILING_DATA_DEF.
# LIBRARIES: more targets for the host and kernel objects (compile flags such
# as -march=native). INCLUDE_DIRS: more include directories for them (an ops
# repository's common/inc). <name> is an INTERFACE target whose sources are the
# objects, so every registration reaches the program that links it.
# A cache entry, not a variable: the function is also called from the
# directories above aicore when it comes in through add_subdirectory.
set(AICORE_OPGEN_SOURCE ${CMAKE_CURRENT_LIST_DIR}/aicore_opgen.cpp CACHE INTERNAL "")

# The dtype macros of the vendor's build that `kernel_text` reads: DTYPE_<NAME>
# or ORIG_DTYPE_<NAME> where NAME is an Input or Output of `opdef_text` (the
# op's OpDef), upper-cased. Other DTYPE_* names (a kernel's own constants, as
# ops-math's is_close has DTYPE_MODE) do not count. Sets <out> to the NAMEs.
function(_aicore_op_kernel_dtype_names out kernel_text opdef_text)
  string(REGEX MATCHALL "[.>][ \t\r\n]*(Input|Output)[ \t\r\n]*\\([ \t\r\n]*\"[A-Za-z0-9_]+\"" params
         "${opdef_text}")
  set(io "")
  foreach(p IN LISTS params)
    string(REGEX REPLACE ".*\"([A-Za-z0-9_]+)\"$" "\\1" n "${p}")
    string(TOUPPER "${n}" n)
    list(APPEND io ${n})
  endforeach()
  # The identifiers, each after a space (no ';' or brackets to upset the list).
  string(REGEX REPLACE "[^A-Za-z0-9_]+" " " words " ${kernel_text}")
  string(REGEX MATCHALL " (ORIG_)?DTYPE_[A-Za-z0-9_]*" uses "${words}")
  set(names "")
  foreach(u IN LISTS uses)
    string(REGEX REPLACE "^ (ORIG_)?DTYPE_" "" n "${u}")
    list(FIND io "${n}" at_io)
    list(FIND names "${n}" at_names)
    if(at_io GREATER -1 AND at_names EQUAL -1)
      list(APPEND names ${n})
    endif()
  endforeach()
  set(${out} "${names}" PARENT_SCOPE)
endfunction()

function(aicore_add_op_project name dir)
  cmake_parse_arguments(P "" "DTYPE_BUILDS" "LIBRARIES;INCLUDE_DIRS" ${ARGN})
  if(NOT P_DTYPE_BUILDS)
    set(P_DTYPE_BUILDS 4)
  endif()
  get_filename_component(dir ${dir} ABSOLUTE)
  # Flat: op_host/*.cpp, op_kernel/<op>.cpp. Nested (per op directory):
  # op_host/<op>/*.cpp, op_kernel/<op>/<op>_kernel.cpp or op_kernel/<op>/<op>.cpp;
  # a directory of op_kernel/ with neither file is not an operator (headers).
  file(GLOB host_srcs CONFIGURE_DEPENDS ${dir}/op_host/*.cpp ${dir}/op_host/*/*.cpp)
  # An operator of the ops repositories keeps its tiling per NPU architecture
  # (op_host/arch22/ for the 910B's DAV_2201, arch35/ for the 950 ...): only
  # arch22's is built.
  list(FILTER host_srcs EXCLUDE REGEX "/op_host/arch[0-9]+/")
  # op_host/op_api/: an ops-repository operator's aclnn L2 API (opdev), not built.
  list(FILTER host_srcs EXCLUDE REGEX "/op_host/op_api/")
  file(GLOB arch_srcs CONFIGURE_DEPENDS ${dir}/op_host/arch22/*.cpp)
  list(APPEND host_srcs ${arch_srcs})
  set(host_dirs ${dir}/op_host)
  if(EXISTS ${dir}/op_host/arch22)
    list(APPEND host_dirs ${dir}/op_host/arch22)
  endif()
  file(GLOB kernel_srcs CONFIGURE_DEPENDS ${dir}/op_kernel/*.cpp)
  file(GLOB kernel_dirs LIST_DIRECTORIES true ${dir}/op_kernel/*)
  foreach(d IN LISTS kernel_dirs)
    get_filename_component(op ${d} NAME)
    if(EXISTS ${d}/${op}_kernel.cpp)
      list(APPEND kernel_srcs ${d}/${op}_kernel.cpp)
    elseif(EXISTS ${d}/${op}.cpp)
      list(APPEND kernel_srcs ${d}/${op}.cpp)
    endif()
  endforeach()
  if(NOT host_srcs OR NOT kernel_srcs)
    message(FATAL_ERROR "aicore_add_op_project(${name}): ${dir} needs op_host/*.cpp and op_kernel/<op>.cpp, "
                        "or op_host/<op>/*.cpp and op_kernel/<op>/<op>_kernel.cpp (or <op>.cpp)")
  endif()
  set(gen ${CMAKE_CURRENT_BINARY_DIR}/${name}_gen)
  file(MAKE_DIRECTORY ${gen})

  # The compiled runtime (aicore::runtime: the sanitizer and the timeline
  # compiled once, not in each host, kernel and aclnn translation unit of the
  # project and of the programs that link it) when the package has it.
  set(runtime "")
  if(TARGET aicore::runtime)
    set(runtime aicore::runtime)
  endif()

  add_library(${name}_host OBJECT ${host_srcs})
  target_include_directories(${name}_host PRIVATE ${host_dirs} ${P_INCLUDE_DIRS})
  target_link_libraries(${name}_host PUBLIC aicore::compat ${runtime} ${P_LIBRARIES})

  # The generator's own code is the same for every project: compiled once.
  if(NOT TARGET aicore_opgen_main)
    add_library(aicore_opgen_main OBJECT ${AICORE_OPGEN_SOURCE})
    target_link_libraries(aicore_opgen_main PRIVATE aicore::compat ${runtime})
  endif()
  add_executable(${name}_opgen $<TARGET_OBJECTS:aicore_opgen_main> $<TARGET_OBJECTS:${name}_host>)
  target_link_libraries(${name}_opgen PRIVATE aicore::compat ${runtime} ${P_LIBRARIES})

  set(kernel_wrappers "")
  set(aclnn_srcs "")
  set(aclnn_hdrs "")
  set(types "")
  set(dtype_builds "")
  foreach(k IN LISTS kernel_srcs)
    # The op: the file's name in the flat layout, its directory's in the nested.
    get_filename_component(kdir ${k} DIRECTORY)
    if(kdir STREQUAL "${dir}/op_kernel")
      get_filename_component(op ${k} NAME_WE)
      set(host_tiling ${dir}/op_host/${op}_tiling.h)
      if(NOT EXISTS ${host_tiling} AND EXISTS ${dir}/op_host/arch22/${op}_tiling.h)
        set(host_tiling ${dir}/op_host/arch22/${op}_tiling.h)
      endif()
      # Otherwise the op's header of BEGIN_TILING_DATA_DEF structs by another
      # name (op_host[/arch22]/<op>_tiling_def.h ...).
      if(NOT EXISTS ${host_tiling})
        file(GLOB cands ${dir}/op_host/${op}*.h ${dir}/op_host/arch22/${op}*.h)
        foreach(c IN LISTS cands)
          file(READ ${c} ctext)
          if(ctext MATCHES "BEGIN_TILING_DATA_DEF" AND NOT EXISTS ${host_tiling})
            set(host_tiling ${c})
          endif()
        endforeach()
      endif()
    else()
      get_filename_component(op ${kdir} NAME)
      set(host_tiling ${dir}/op_host/${op}/${op}_tiling.h)
    endif()
    # add_custom -> AddCustom
    string(REPLACE "_" ";" parts ${op})
    set(type "")
    foreach(part IN LISTS parts)
      string(SUBSTRING ${part} 0 1 first)
      string(SUBSTRING ${part} 1 -1 rest)
      string(TOUPPER ${first} first)
      string(APPEND type ${first}${rest})
    endforeach()
    list(APPEND types ${type})
    # The kernel's tiling types: op_host/<op>_tiling.h, and its tiling structs
    # of namespace optiling also by their plain names at global scope, where
    # the vendor's build gives them to kernels (`void Init(..., XTilingData* t)`).
    # In the nested layout only a header of BEGIN_TILING_DATA_DEF structs: the
    # kernel includes its own plain tiling struct (op_kernel/<op>/<op>_tiling.h).
    set(prelude -)
    if(EXISTS ${host_tiling})
      file(READ ${host_tiling} tiling_text)
    else()
      set(tiling_text "")
    endif()
    if(EXISTS ${host_tiling} AND (kdir STREQUAL "${dir}/op_kernel" OR tiling_text MATCHES "BEGIN_TILING_DATA_DEF"))
      set(prelude ${gen}/${op}_kernel_tiling.h)
      set(body "// Generated by aicore_add_op_project. Do not edit.\n#pragma once\n#include \"${host_tiling}\"\n")
      if(tiling_text MATCHES "namespace[ \t\r\n]+optiling")
        string(REGEX MATCHALL "BEGIN_TILING_DATA_DEF[ \t]*\\([ \t]*[A-Za-z_][A-Za-z_0-9]*" defs "${tiling_text}")
        foreach(d IN LISTS defs)
          string(REGEX REPLACE ".*\\([ \t]*" "" struct_name "${d}")
          string(APPEND body "using optiling::${struct_name};\n")
        endforeach()
      endif()
      file(CONFIGURE OUTPUT ${prelude} CONTENT "${body}")
    endif()
    file(READ ${k} kernel_text)
    # The OpDef: the host sources that OP_ADD(<type>) (all of them if none does).
    set(opdef_text "")
    set(all_host_text "")
    foreach(h IN LISTS host_srcs)
      file(READ ${h} host_text)
      string(APPEND all_host_text "${host_text}")
      if(host_text MATCHES "OP_ADD[ \t]*\\([ \t]*${type}[ \t]*\\)")
        string(APPEND opdef_text "${host_text}")
      endif()
    endforeach()
    if(opdef_text STREQUAL "")
      set(opdef_text "${all_host_text}")
    endif()
    _aicore_op_kernel_dtype_names(dtype_names "${kernel_text}" "${opdef_text}")
    # A kernel template (tiling-key templates): `template <...> __global__ __aicore__ void <op>(`.
    set(tpl_flag "")
    set(register AICORE_OP_KERNEL)
    if(kernel_text MATCHES "template[ \t\r\n]*<[^>]*>[ \t\r\n]*(__global__[ \t\r\n]+|__aicore__[ \t\r\n]+)*void[ \t\r\n]+${op}[ \t\r\n]*\\(")
      set(tpl_flag --tpl)
      set(register AICORE_OP_TPL_KERNEL)
    endif()
    if(dtype_names)
      # The kernel reads DTYPE_<NAME>: aicore_opgen writes one translation
      # unit per dtype combination of its OpDef (P_DTYPE_BUILDS slots); a
      # kernel template is instantiated in each build (--tpl).
      set(slots "")
      math(EXPR last "${P_DTYPE_BUILDS} - 1")
      foreach(i RANGE ${last})
        list(APPEND slots ${gen}/kernel_${op}_dt${i}.cpp)
      endforeach()
      add_custom_command(OUTPUT ${slots}
                         COMMAND ${name}_opgen --dtype-builds ${gen} ${type} ${k} ${prelude} ${P_DTYPE_BUILDS} ${tpl_flag}
                         DEPENDS ${name}_opgen
                         COMMENT "aicore_opgen: the dtype builds of ${type}")
      list(APPEND kernel_wrappers ${slots})
    else()
      # AICORE_TILING_OP_TYPE: GET_TILING_DATA takes the class registered for
      # this op type (REGISTER_TILING_DATA_CLASS), as the vendor's build does.
      set(body "// Generated by aicore_add_op_project. Do not edit.\n#define AICORE_TILING_OP_TYPE \"${type}\"\n#pragma GCC diagnostic ignored \"-Wunused-parameter\"\n")
      if(NOT prelude STREQUAL "-")
        string(APPEND body "#include \"${prelude}\"\n")
      endif()
      string(APPEND body "#include \"${k}\"\n#include \"aicore_op_kernel.h\"\n${register}(${op});\n")
      file(CONFIGURE OUTPUT ${gen}/kernel_${op}.cpp CONTENT "${body}")
      list(APPEND kernel_wrappers ${gen}/kernel_${op}.cpp)
    endif()
    list(APPEND aclnn_srcs ${gen}/aclnn_${op}.cpp)
    list(APPEND aclnn_hdrs ${gen}/aclnn_${op}.h)
  endforeach()

  add_custom_command(OUTPUT ${aclnn_srcs} ${aclnn_hdrs}
                     COMMAND ${name}_opgen ${gen} ${types}
                     DEPENDS ${name}_opgen
                     COMMENT "aicore_opgen: aclnn functions of ${types}")

  add_library(${name}_kernels OBJECT ${kernel_wrappers} ${aclnn_srcs})
  target_include_directories(${name}_kernels PUBLIC ${gen})
  target_include_directories(${name}_kernels PRIVATE ${dir}/op_kernel ${host_dirs} ${P_INCLUDE_DIRS})
  target_link_libraries(${name}_kernels PUBLIC aicore::compat ${runtime} ${P_LIBRARIES})

  # Position-independent always: a shared library (aicore_add_torch_ops, or
  # a user's) takes the same objects, and turning Torch on later does not
  # rebuild them.
  set_target_properties(${name}_host ${name}_kernels PROPERTIES POSITION_INDEPENDENT_CODE ON)

  add_library(${name} INTERFACE)
  target_sources(${name} INTERFACE $<TARGET_OBJECTS:${name}_host> $<TARGET_OBJECTS:${name}_kernels>)
  target_include_directories(${name} INTERFACE ${gen})
  target_link_libraries(${name} INTERFACE aicore::compat ${runtime})
  add_dependencies(${name} ${name}_host ${name}_kernels)
endfunction()
