// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// The unit flags of L0C: Mmad and Fixpipe with unitFlag 2 or 3 (MmadParams,
// FixpipeParamsV220, FixpipeParams, DataCopyCO12DstParams).
//
// The reference's model (Atlas A2/A3; the Ascend 910 and 310P have none):
// every 512-byte block of L0C has a flag, 0 after a reset. An instruction
// with unitFlag 2 or 3 waits for its blocks' flags: a Mmad until they are 0
// (nothing left to read out), a Fixpipe until they are 1 (written). After
// it, unitFlag 3 flips them (Mmad: 1, Fixpipe: 0); 2 leaves them. So K-loop
// Mmads take 2 and the last one 3, the Fixpipe reading the result 3, and
// the pair needs no M_FIX / FIX_M flag. SetFixPipeConfig(..., isUnitFlag
// true) sets every flag to 0.
//
// aicore runs a core's instructions in program order, so a wait is either
// satisfied when the instruction is reached or would need a later
// instruction of the other pipe to run first, which aicore cannot do (and
// which is a hang on the NPU when no such instruction follows): that is a
// KernelError (kSync) naming the block and the call that last changed its
// flag. Satisfied waits order the pipes for synccheck (a kUnitFlag event:
// the waiting instruction comes after the one that flipped the flag).
//
// Blocks: a Mmad's are those of the 16 x 16 fractals of its C; a Fixpipe's
// those of the fractals its mSize rows (rounded up to 16) of each 16-column
// group fall in, so that a tail of mSize % 16 rows releases what the Mmad of
// the same tail set.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <string>

#include "aicore/base/error.h"
#include "aicore/base/soc.h"
#include "aicore/cube/fractal.h"
#include "aicore/instrument/event.h"
#include "aicore/runtime/buffer_desc.h"
#include "aicore/runtime/context.h"

namespace aicore {
namespace detail {

// Checks unitFlag's value and that the SoC has unit flags.
inline void CheckUnitFlagValue(const char* api, const char* field, uint8_t unit_flag, SrcLoc loc) {
  if (AICORE_UNLIKELY(unit_flag == 1 || unit_flag > 3)) {
    FailCubeParam(api, loc, std::string(field) + " " + std::to_string(unit_flag) +
                                " is not 0 (off), 2 or 3");
  }
  if (unit_flag != 0 && AICORE_UNLIKELY(std::strcmp(GetSocProfile().name, "Ascend910B") != 0)) {
    FailCubeParam(api, loc, std::string(field) + " " + std::to_string(unit_flag) + ": " +
                                GetSocProfile().name +
                                " has no unit flags (they exist on the Atlas A2/A3 generation); "
                                "set it to 0 and order the pipes with SetFlag / WaitFlag");
  }
}

AICORE_COLD inline std::string UnitSiteText(const CubeRegs::UnitSite& s) {
  if (s.api == nullptr) return "no unit-flag instruction has changed it since the block started";
  return std::string("last changed by ") + s.api + " at " + SrcLoc{s.file, s.line}.Str();
}

// One unit-flag instruction over the L0C ranges [addr_i, addr_i + len): `mmad` tells the
// writer (Mmad) from the reader (Fixpipe). Call Wait before the instruction's
// accesses are emitted and Done after.
class UnitFlagUse {
 public:
  // b: the L0C operand's buffer (for the sanitizer; nullptr when only Set is called).
  UnitFlagUse(CoreContext& core, uint8_t unit_flag, bool mmad, const BufferDesc* b, const char* api,
              SrcLoc loc)
      : core_(core), flag_(unit_flag), mmad_(mmad), buf_(b), api_(api), loc_(loc) {
    if (flag_ == 0) return;
    CubeRegs& c = core_.cube;
    if (c.unit_flag.size() != kUnitFlagBlocks) {
      c.unit_flag.assign(kUnitFlagBlocks, 0);
      c.unit_site.assign(kUnitFlagBlocks, CubeRegs::UnitSite{});
    }
  }
  bool on() const { return flag_ != 0; }

  // The instruction waits for the blocks of [p, p + len).
  void Wait(const uint8_t* p, uint64_t len) {
    if (flag_ == 0 || len == 0) return;
    const uint8_t want = mmad_ ? 0 : 1;
    uint32_t lo, hi;
    Blocks(p, len, &lo, &hi);
    for (uint32_t k = lo; k < hi; ++k) {
      if (AICORE_UNLIKELY(core_.cube.unit_flag[k] != want)) Stuck(k);
    }
    if (AICORE_UNLIKELY(core_.instr != 0)) {
      instrument::Emit(core_, instrument::UnitFlagEvent(Pipe(), false, *buf_, p, len, api_, loc_));
    }
  }
  // After the instruction: unitFlag 3 flips the blocks of [p, p + len).
  void Done(const uint8_t* p, uint64_t len) {
    if (flag_ != 3 || len == 0) return;
    Set(p, len);
    if (AICORE_UNLIKELY(core_.instr != 0)) {
      instrument::Emit(core_, instrument::UnitFlagEvent(Pipe(), true, *buf_, p, len, api_, loc_));
    }
  }

  // The blocks of [p, p + len) as a unitFlag 3 instruction leaves them.
  void Set(const uint8_t* p, uint64_t len) {
    uint32_t lo, hi;
    Blocks(p, len, &lo, &hi);
    CubeRegs& c = core_.cube;
    c.unit_used = true;
    for (uint32_t k = lo; k < hi; ++k) {
      c.unit_flag[k] = mmad_ ? 1 : 0;
      c.unit_site[k] = CubeRegs::UnitSite{api_, loc_.file, loc_.line};
    }
  }

 private:
  detail::Pipe Pipe() const { return mmad_ ? Pipe::kM : Pipe::kFIX; }
  void Blocks(const uint8_t* p, uint64_t len, uint32_t* lo, uint32_t* hi) const {
    const uint64_t off = static_cast<uint64_t>(p - core_.arena[static_cast<int>(Memory::kL0C)].get());
    const uint64_t n = core_.cube.unit_flag.size();
    *lo = static_cast<uint32_t>(std::min<uint64_t>(off / 512, n));
    *hi = static_cast<uint32_t>(std::min<uint64_t>((off + len + 511) / 512, n));
  }
  [[noreturn]] AICORE_COLD void Stuck(uint32_t k) const {
    const std::string where = "L0C bytes [" + std::to_string(uint64_t{k} * 512) + ", " +
                              std::to_string(uint64_t{k} * 512 + 512) + ")";
    const std::string site = UnitSiteText(core_.cube.unit_site[k]);
    if (mmad_) {
      Fail(ErrorKind::kSync, api_, loc_,
           std::string(api_) + " with unitFlag " + std::to_string(flag_) + " writes " + where +
               ", whose unit flag is still set (" + site +
               ") and no Fixpipe with unitFlag 3 has read that block since: on the NPU this " +
               api_ +
               " waits until one does (a hang if none follows), and aicore, which runs a core's "
               "instructions in program order, cannot run a later Fixpipe first. Read the block "
               "out with a Fixpipe with unitFlag 3 before this call, or clear the flags with "
               "SetFixPipeConfig(co1Local, true)");
    }
    Fail(ErrorKind::kSync, api_, loc_,
         std::string(api_) + " with unitFlag " + std::to_string(flag_) + " reads " + where +
             ", whose unit flag is not set (" + site +
             "): on the NPU it waits for a Mmad with unitFlag 3 to write the block (a hang if "
             "none follows; aicore runs a core's instructions in program order and cannot run a "
             "later Mmad first). Give the last Mmad that writes this block unitFlag 3, and the "
             "earlier ones of its K loop 2");
  }

  CoreContext& core_;
  uint8_t flag_;
  bool mmad_;
  const BufferDesc* buf_;
  const char* api_;
  SrcLoc loc_;
};

// The high-level Matmul with enUnitFlag hands its L0C tile to a user's
// DataCopyOut as the vendor's does after its last Mmad with unitFlag 3: the
// tile's flags set, so that the callback's Fixpipe with unitFlag 2/3 (as
// DataCopyOutParams::enUnitFlag asks) finds them. (Set, not waited for: the
// Matmul computes without the cube instructions.)
inline void SetUnitFlags(CoreContext& core, const uint8_t* p, uint64_t len, const char* api, SrcLoc loc) {
  UnitFlagUse u(core, 3, true, nullptr, api, loc);
  u.Set(p, len);
}

// SetFixPipeConfig(..., isUnitFlag = true): every flag to 0.
inline void ClearUnitFlags(CoreContext& core, const char* api, SrcLoc loc) {
  CubeRegs& c = core.cube;
  if (c.unit_flag.empty()) return;
  c.unit_used = true;
  for (size_t k = 0; k < c.unit_flag.size(); ++k) {
    c.unit_flag[k] = 0;
    c.unit_site[k] = CubeRegs::UnitSite{api, loc.file, loc.line};
  }
}

}  // namespace detail
}  // namespace aicore
