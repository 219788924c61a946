// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Definitions of aicore/memory/global_tensor.h (see AICORE_RT_FN in base/defs.h).
#pragma once

#include "aicore/memory/global_tensor.h"

namespace aicore {
namespace detail {

AICORE_RT_FN std::string NullDerived(const void* p) {
  const auto a = reinterpret_cast<uintptr_t>(p);
  return HexPtr(p) + " (" + std::to_string(a) + " bytes past a null pointer)";
}

AICORE_RT_COLD AICORE_RT_FN void GmFailIndex(const GmView& v, const char* api, uint64_t offset,
                                            bool negative, SrcLoc loc) {
  if (negative) {
    Fail(ErrorKind::kBounds, api, loc,
         "offset " + std::to_string(static_cast<int64_t>(offset)) + " is negative (GlobalTensor<" +
             v.type + "> at " + HexPtr(v.addr) +
             (v.sized ? " of " + std::to_string(v.size) + " elements)" : ")"));
  }
  Fail(ErrorKind::kBounds, api, loc,
       "offset " + std::to_string(offset) + " is beyond the GlobalTensor's " +
           std::to_string(v.size) + " elements (GlobalTensor<" + v.type + "> at " +
           HexPtr(v.addr) + ")");
}

AICORE_RT_COLD AICORE_RT_FN void GmFailRange(const GmView& v, const char* api, uint64_t offset,
                                            uint64_t count, SrcLoc loc) {
  // offset <= size < offset + count, or offset > size (count may be huge).
  std::string by;
  if (offset <= v.size) {
    const uint64_t over = count - (v.size - offset);
    by = " (by " + std::to_string(over) + " elements";
    by += over <= UINT64_MAX / v.elem_bits ? ", " + std::to_string((over * v.elem_bits + 7) / 8) +
                                                 " bytes)"
                                           : ")";
  } else {
    by = " (it starts " + std::to_string(offset - v.size) + " elements past their end)";
  }
  Fail(ErrorKind::kBounds, api, loc,
       "GM access of " + std::to_string(count) + " " + v.type + " elements at element offset " +
           std::to_string(offset) + NegativeNote(offset, 64) + " overruns the GlobalTensor's " +
           std::to_string(v.size) + " elements" + by + NegativeNote(count, 64) +
           (v.size == 0 ? " (an empty view: gm[offset] at or past the end of its tensor)" : ""));
}

AICORE_RT_COLD AICORE_RT_FN void GmCheckPointer(const GmView& v, const char* api, SrcLoc loc) {
  if (!v.bound) {
    Fail(ErrorKind::kBounds, api, loc, "GlobalTensor was never bound with SetGlobalBuffer");
  }
  if (v.addr == nullptr) {
    Fail(ErrorKind::kBounds, api, loc,
         "GlobalTensor was bound to a null pointer with SetGlobalBuffer (was the kernel given a "
         "null GM_ADDR, e.g. an output or workspace the host never allocated?)");
  }
  if (GmFind(v.addr)) return;  // GmRegister'ed low memory
  Fail(ErrorKind::kBounds, api, loc,
       "GM address " + NullDerived(v.addr) +
           " is no GM: the GlobalTensor was bound to a pointer computed from nullptr (was the "
           "kernel given a null GM_ADDR, e.g. an output or workspace the host never "
           "allocated?); nothing lies in the first MiB of the address space, and the NPU "
           "raises an exception here");
}

AICORE_RT_COLD AICORE_RT_FN void GmFailSize(const char* type, size_t elem, const char* api,
                                           const char* what, const void* p, uint64_t count,
                                           SrcLoc loc) {
  const bool wraps = count > UINT64_MAX / elem;
  Fail(ErrorKind::kParameter, api, loc,
       std::string(what) + " " + std::to_string(count) + NegativeNote(count, 64) + " " + type +
           " elements" +
           (wraps ? " of " + std::to_string(elem) + " bytes overflow 64 bits"
                  : " (" + std::to_string(count * elem) + " bytes)") +
           ": from GM address " + HexPtr(p) + " they run past the end of the address space");
}
}  // namespace detail
}  // namespace aicore
