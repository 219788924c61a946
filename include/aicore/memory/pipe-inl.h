// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Definitions of aicore/memory/pipe.h (see AICORE_RT_FN in base/defs.h).
#pragma once

#include "aicore/memory/pipe.h"

namespace AscendC {

AICORE_RT_FN void TPipe::Activate(const char* api, aicore::SrcLoc loc) {
  aicore::detail::CoreContext* core = aicore::detail::t_core;
  if (core != nullptr) {
    if (AICORE_UNLIKELY(core->pipe != nullptr && core->pipe != this)) {
      FailSecondPipe(api, *core->pipe, loc);
    }
    if (core->pipe == this) core->pipe_log.Add(epoch_, "TPipe::Init", loc);
    core->pipe = this;
    epoch_ = core->epoch = aicore::detail::NewEpoch();
  }
  destroyed_ = false;
  Clear();
}

AICORE_RT_COLD AICORE_RT_FN void TPipe::FailSecondPipe(const char* api, const TPipe& live,
                                                       aicore::SrcLoc loc) {
  aicore::detail::Fail(
      aicore::ErrorKind::kQueue, api, loc,
      "a second TPipe is made live while the TPipe constructed at " + live.ctor_loc_.Str() +
          " still lives: only one TPipe may exist at a time (on the NPU two pipes hand out the "
          "same on-chip addresses, and their buffers overlap); call Destroy() on the first "
          "one before constructing another, or pass a pointer to the one TPipe");
}

AICORE_RT_COLD AICORE_RT_FN void TPipe::Adopt(aicore::detail::CoreContext& core,
                                              aicore::SrcLoc loc) {
  if (core.pipe != nullptr) FailSecondPipe("TPipe::InitBuffer", *core.pipe, loc);
  if (destroyed_) {
    aicore::detail::Fail(aicore::ErrorKind::kQueue, "TPipe::InitBuffer", loc,
                         "InitBuffer on a TPipe after its Destroy() at " + destroy_loc_.Str() +
                             ": call Init() on it first, or construct a new TPipe");
  }
  Activate("TPipe::InitBuffer", loc);
}

AICORE_RT_FN uint8_t* TPipe::Carve(TPosition pos, uint32_t num, uint32_t len, aicore::SrcLoc loc,
                                   uint32_t* offset) {
  aicore::detail::CoreContext& core = *aicore::detail::t_core;
  if (AICORE_UNLIKELY(core.pipe != this)) Adopt(core, loc);
  const aicore::Memory mem = aicore::detail::PositionMemory(pos);
  const int m = static_cast<int>(mem);
  const uint64_t each = (static_cast<uint64_t>(len) + 31u) & ~uint64_t{31};
  const uint64_t need = each * num;
  const uint64_t cap = core.capacity[m];
  if (AICORE_UNLIKELY(cap == 0)) {
    aicore::detail::Fail(aicore::ErrorKind::kCapacity, "TPipe::InitBuffer", loc,
                         std::string("position ") + aicore::detail::PositionName(pos) +
                             " lives in " + aicore::MemoryName(mem) + ", which the " +
                             aicore::GetSocProfile().name +
                             " profile does not have (the bias table and the fixpipe buffer "
                             "exist on Ascend910B); select the profile with "
                             "aicore::SetSocVersion or AICORE_SOC");
  }
  if (AICORE_UNLIKELY(len == 0 || used_[m] + need > cap)) {
    aicore::detail::Fail(
        aicore::ErrorKind::kCapacity, "TPipe::InitBuffer", loc,
        len == 0
            ? std::string("buffer length 0")
            : std::to_string(num) + " buffer(s) of " + std::to_string(len) + " bytes (" +
                  std::to_string(need) + " bytes after 32-byte rounding) for position " +
                  aicore::detail::PositionName(pos) + " do not fit in " + aicore::MemoryName(mem) +
                  ": " + std::to_string(used_[m]) + " of " + std::to_string(cap) +
                  " bytes already used (" + aicore::GetSocProfile().name + "), overflow by " +
                  std::to_string(used_[m] + need - cap) + " bytes");
  }
  if (AICORE_UNLIKELY(mem == aicore::Memory::kUB &&
                      stack_.state != aicore::detail::BufState::kFree)) {
    stack_.state = aicore::detail::BufState::kFree;  // the popped UB is carved now
    stack_.free_loc = loc;
  }
  *offset = used_[m];
  uint8_t* base = core.arena[m].get() + used_[m];
  if (AICORE_UNLIKELY(core.instr != 0)) aicore::detail::EmitCarve(core, mem, base, need);
  used_[m] += static_cast<uint32_t>(need);
  return base;
}

}  // namespace AscendC
