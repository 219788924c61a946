# Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
#
# find_package(tikicpulib) for Ascend C kernel projects written for the
# vendor's CPU debug library: point CMAKE_PREFIX_PATH (the variable or the
# environment variable) at aicore's install prefix and keep the project's
#
#   find_package(tikicpulib REQUIRED)
#   target_link_libraries(<target> PRIVATE tikicpulib::${SOC_VERSION})
#
# Targets (INTERFACE IMPORTED, each linking aicore::compat):
#   tikicpulib::<SoC> for the SoC names below (as spelled in SOC_VERSION, and
#     in lower case): compiles with __CCE_AICORE__ of the SoC and selects the
#     matching aicore profile (Ascend910B, Ascend310P or Ascend910) at the
#     first ICPU_RUN_KF, unless the AICORE_SOC environment variable is set.
#   tikicpulib::tikicpulib: the default profile (Ascend910B).
#
# Vendor CMake files also link CANN host libraries by plain name (ascendcl,
# tiling_api, register, platform, ascendalog, unified_dlog, c_sec, graph_base,
# ...), which a CPU run of aicore does not need: unless
# TIKICPULIB_NO_CANN_TARGETS is set, empty INTERFACE IMPORTED targets of those
# names are defined (where no target of that name exists yet) so that such
# link lines resolve to nothing. c_sec's functions (memcpy_s, memset_s, ...)
# are inline in the compat header securec.h. `dl` is the system library and is
# left to the linker.

include(CMakeFindDependencyMacro)
find_dependency(aicore CONFIG PATHS "${CMAKE_CURRENT_LIST_DIR}/../aicore" NO_DEFAULT_PATH)

set(_tikicpulib_socs
  Ascend910B Ascend910B1 Ascend910B2 Ascend910B2C Ascend910B3 Ascend910B4 Ascend910B4-1
  Ascend910_9391 Ascend910_9381 Ascend910_9372 Ascend910_9392 Ascend910_9382 Ascend910_9362
  Ascend310P Ascend310P1 Ascend310P3 Ascend310P5 Ascend310P7
  Ascend910 Ascend910A Ascend910B Ascend910ProA Ascend910ProB Ascend910PremiumA)
list(REMOVE_DUPLICATES _tikicpulib_socs)

function(_tikicpulib_add name profile cce)
  if(NOT TARGET tikicpulib::${name})
    add_library(tikicpulib::${name} INTERFACE IMPORTED)
    set_target_properties(tikicpulib::${name} PROPERTIES
      INTERFACE_LINK_LIBRARIES aicore::compat
      INTERFACE_COMPILE_DEFINITIONS "AICORE_COMPAT_SOC=${profile};__CCE_AICORE__=${cce}")
  endif()
endfunction()

foreach(_soc IN LISTS _tikicpulib_socs)
  if(_soc MATCHES "^Ascend910B" OR _soc MATCHES "^Ascend910_93")
    set(_profile Ascend910B)
    set(_cce 220)
  elseif(_soc MATCHES "^Ascend310P")
    set(_profile Ascend310P)
    set(_cce 200)
  else()
    set(_profile Ascend910)
    set(_cce 100)
  endif()
  _tikicpulib_add(${_soc} ${_profile} ${_cce})
  string(TOLOWER ${_soc} _lower)
  _tikicpulib_add(${_lower} ${_profile} ${_cce})
endforeach()
_tikicpulib_add(tikicpulib Ascend910B 220)

if(NOT TIKICPULIB_NO_CANN_TARGETS)
  foreach(_lib ascendcl tiling_api register platform c_sec graph_base host_intf_pub ascendalog
               unified_dlog error_manager nnopbase)
    if(NOT TARGET ${_lib})
      add_library(${_lib} INTERFACE IMPORTED)
    endif()
  endforeach()
endif()

set(tikicpulib_FOUND TRUE)
