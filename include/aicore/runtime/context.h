// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// The per-core context: what one AI core knows while it runs a block — its
// block index, its on-chip memories, its current pipe, its event flags. Each
// pool thread owns one context (allocated once, reused by every block it
// runs) and reaches it through a thread_local pointer.
#pragma once

#include <atomic>
#include <cstdint>
#include <cstring>
#include <exception>
#include <memory>
#include <mutex>
#include <new>
#include <string>
#include <vector>

#if defined(__unix__) || defined(__APPLE__)
#include <sys/mman.h>
#define AICORE_HAVE_MMAP 1
#endif

#include "aicore/base/defs.h"
#include "aicore/base/error.h"
#include "aicore/base/sanitize.h"
#include "aicore/base/soc.h"
#include "aicore/base/types.h"
#include "aicore/runtime/buffer_desc.h"
#include "aicore/runtime/coop_state.h"
#include "aicore/runtime/cube_regs.h"
#include "aicore/runtime/events.h"
#include "aicore/runtime/san_gm_state.h"
#include "aicore/runtime/san_onchip_state.h"

namespace AscendC {
class TPipe;
}

namespace aicore {
namespace detail {

// Thrown inside a block to unwind it after another block of the same launch
// failed. Never escapes a launch.
struct AbortBlock {};

struct WatchEntry;  // runtime/watchdog.h

// Deliver() for a report raised inside a launch: the sink runs outside the
// block (defined below, after t_core).
AICORE_RT_FN bool DeliverFromLaunch(const KernelError& e);

// What the blocks of one launch share.
struct alignas(64) LaunchState {
  // What every block reads, in the first cache line (the launcher writes the
  // state before the blocks start; a worker then misses on this one line).
  const char* kernel = "kernel";
  void (*body_fn)(void* obj) = nullptr;  // the kernel with its arguments (LaunchBody)
  void* body_obj = nullptr;
  // Whether every block runs on its own thread at once (SyncAll and
  // cross-core flags need it), and the state those use.
  CoopState* coop = nullptr;
  // The deadlock watchdog's record of this launch (synccheck; else nullptr).
  WatchEntry* watch = nullptr;
  uint32_t block_dim = 0;  // blocks (tasks) run by the launch
  // Numbering of the blocks: `group_num` is the blockDim the kernel was
  // launched with (the cube block count of a mixed launch, 1:2 or 1:1).
  uint32_t group_num = 0;
  // Deep-check modes of this launch (snapshot of aicore::GetSanitize()).
  uint32_t san = 0;
  // Instrumentation bits of this launch: the sanitizer modes and the bits of
  // other observers that are on (runtime/observer.h). 0: no API call emits
  // an event.
  uint32_t instr = 0;
  Geometry geom = Geometry::kPlain;
  bool cooperative = false;
  std::atomic<bool> abort{false};
  uint32_t coop_seq = 0;  // this launch's number in `coop` (CoopState::Begin)

  uint64_t tiling_key = 0;  // TILING_KEY_IS
  uint32_t threads = 1;     // threads running the blocks
  std::mutex mu;
  std::exception_ptr first;
  // State of the GM checks (racecheck, initcheck) for this launch.
  SanLaunch san_gm;

  // A fatal error of a block: the launch stops (other blocks at their next
  // API call). Only the first is reported; `first` is what Launch rethrows
  // (unless an error sink took the report; if the sink threw, what it threw).
  // Fail() records a block's error when it is raised, so a kernel that
  // catches the KernelError still fails the launch, and the same error
  // reaching the launcher is not reported twice.
  AICORE_RT_FN void Record(std::exception_ptr e);
  // Record for a caller that holds coop->mu (it wakes the waiters itself).
  AICORE_RT_FN void RecordNoWake(std::exception_ptr e);
  // A report that does not stop the launch (deep checks: hazards, races,
  // uninitialized reads, numerics). Reported once per (kind, API, source
  // line) per launch; the launch goes on and Launch throws the first report
  // at the end (unless an error sink took it; if the sink threw, Launch
  // throws what it threw, still at the end).
  AICORE_RT_FN void ReportNonFatal(const KernelError& e);

 private:
  struct ReportKey {
    ErrorKind kind;
    int line;
    std::string api;
    std::string file;
  };
  static constexpr size_t kMaxReports = 256;
  bool fatal_seen = false;       // guarded by mu
  std::vector<ReportKey> reported;  // guarded by mu
};

constexpr int kNumMemories = static_cast<int>(Memory::kCount);
// Bytes after each arena that SIMD code may read (never write) past an
// operand's end.
constexpr uint32_t kArenaSlack = 256;

// On-chip arenas are mapped pages where mmap exists: zero, and only the
// pages a kernel touches are ever committed (a pool of many threads costs
// nothing for memories its kernels do not use).
inline uint8_t* ArenaAlloc(size_t bytes) {
#ifdef AICORE_HAVE_MMAP
  void* p = ::mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (p == MAP_FAILED) throw std::bad_alloc();
  return static_cast<uint8_t*>(p);
#else
  auto* p = static_cast<uint8_t*>(::operator new(bytes, std::align_val_t(64)));
  std::memset(p, 0, bytes);
  return p;
#endif
}

struct ArenaDelete {
  size_t bytes = 0;
  void operator()(uint8_t* p) const {
#ifdef AICORE_HAVE_MMAP
    ::munmap(p, bytes);
#else
    ::operator delete(p, std::align_val_t(64));
#endif
  }
};

enum class AtomicOp : uint8_t { kNone = 0, kAdd, kMax, kMin };

// Scratch memory of the vector instructions whose intermediate results do
// not fit in a stack tile (the tree levels of the reductions, ops/reduce.h):
// grown on demand and kept for later calls; the instruction releases what
// it grew beyond its limit when it returns. Slots f[] hold floats, w[] other
// element types (8-byte aligned).
struct VecScratch {
  std::vector<float> f[2];
  std::vector<uint64_t> w[2];
};

struct CoreContext {
  // Identity of the block being run.
  int32_t block_idx = -1;
  int32_t block_num = 0;
  LaunchState* launch = nullptr;
  uint32_t task = 0;  // index of the block among all blocks of the launch
  CoreType core_type = CoreType::kAIV;
  int32_t sub_block_idx = 0;
  int32_t sub_block_num = 1;
  int32_t task_ration = 1;
  // The register the count form of ReduceSum leaves its sum in (the value's
  // bits in the low bytes), read by GetReduceRepeatSumSpr / GetAccVal.
  int64_t acc_val = 0;

  // On-chip memories, allocated once per thread at the largest profile size.
  std::unique_ptr<uint8_t, ArenaDelete> arena[kNumMemories];
  uint32_t capacity[kNumMemories] = {};  // bytes usable under the current profile
  // Whole-memory descriptors behind LocalTensor(TPosition, addr, size), one
  // per position (its size is set when such a tensor is made).
  BufferDesc static_desc[static_cast<int>(AscendC::TPosition::MAX)];

  // Atomic mode of UB -> GM copies (SetAtomicAdd/Max/Min/None).
  AtomicOp atomic_op = AtomicOp::kNone;
  uint8_t atomic_type = 0;          // detail::AtomicTypeId<T>()
  const char* atomic_type_name = "";

  uint8_t* sys_workspace = nullptr;  // SetSysWorkspace / GetSysWorkSpacePtr
  // printf output of the block not yet written (a partial line).
  std::vector<char> out;

  AscendC::TPipe* pipe = nullptr;  // the current pipe (GetTPipePtr)

  // Outstanding SetFlag count per (event, id).
  uint16_t flags[kNumHardEvents][kNumEventIds] = {};
  uint32_t flags_outstanding = 0;

  // Vector-unit registers: the mask (SetVectorMask; in counter mode
  // mask_bits[0] holds the element count) and the mask mode.
  uint64_t mask_bits[2] = {~uint64_t{0}, ~uint64_t{0}};
  bool mask_counter_mode = false;
  // The CMPMASK register (Compare without dst, Select VSEL_CMPMASK_SPR).
  mutable uint64_t cmp_mask[2] = {0, 0};
  // The DEQSCALE register (SetDeqScale; ops/dequant.h): the 64-bit value,
  // and which SetDeqScale overload wrote it (0: none since the block began;
  // 1: half scale; 2: float scale, offset, signMode; 3: vector mode, where
  // deq_scale holds the UB byte address of the 16 packed parameters).
  uint64_t deq_scale = 0;
  uint8_t deq_mode = 0;
  // The VMS4_SR register (MrgSort; ops/sort_basic.h): the records taken from
  // each of the 4 lists by the latest MrgSort, 16 bits each (list 1 in bits
  // 0-15), and whether that MrgSort ran with ifExhaustedSuspension (the mode
  // GetMrgSortResult needs).
  uint64_t vms4_sr = 0;
  bool vms4_exhausted = false;
  // SetPadValue: the padding a GM -> UB DataCopyPad without isPad writes
  // (its bit pattern; pad_value_set false: never set, the bytes keep what UB held).
  uint64_t pad_value_bits = 0;
  bool pad_value_set = false;
  // The cube unit's registers (HF32 mode, LoadData 3D feature map and
  // padding, the L0C copy's quantization and NZ2ND settings).
  CubeRegs cube;
  // Where the latest SetFlag of each (event, id) was called, to name it when
  // it is left unpaired at block end.
  SrcLoc flag_loc[kNumHardEvents][kNumEventIds] = {};

  // Deep-check modes of the running launch (0: all off), and what they keep
  // per core (on-chip shadows, pipe clocks; allocated on first use).
  uint32_t san = 0;
  SanCore san_core;
  // Instrumentation bits of the running launch (LaunchState::instr): API
  // calls emit events (instrument/event.h) only when this is not 0.
  uint32_t instr = 0;
  // Generation counter of queue buffer allocations (LocalTensor::address_.gen_).
  uint32_t gen_counter = 0;
  // Pipe epochs (runtime/buffer_desc.h NewEpoch): `epoch` is the live TPipe's (a
  // LocalTensor whose address_.epoch_ differs is stale or static), `block_epoch` the
  // block's (static LocalTensors made in this block), `pipe_log` the epochs
  // retired in this block.
  uint32_t epoch = 0;
  uint32_t block_epoch = 0;
  PipeLog pipe_log;
  // The latest API call of the block (kept while a deep mode is on, for the
  // watchdog's and the crash handler's reports), and a count of the calls
  // that make progress (the watchdog's measure; scalar GM/local reads do not
  // count: a block polling a flag makes none). Atomics because the watchdog
  // thread reads them while the block runs; only this core's thread writes
  // them (relaxed: plain moves on x86 and ARM).
  std::atomic<const char*> last_api{""};
  std::atomic<const char*> last_file{""};
  std::atomic<int> last_line{0};
  std::atomic<uint64_t> progress{0};

  // Records an API call for the reports (call only while san != 0).
  AICORE_INLINE void Touch(const char* api, SrcLoc loc) {
    last_api.store(api, std::memory_order_relaxed);
    last_file.store(loc.file, std::memory_order_relaxed);
    last_line.store(loc.line, std::memory_order_relaxed);
  }
  AICORE_INLINE void Progress() {
    progress.store(progress.load(std::memory_order_relaxed) + 1, std::memory_order_relaxed);
  }

  // An error found where it cannot be thrown (a destructor); raised by the
  // launcher when the block returns. (No std::string members: this struct is
  // shared by every translation unit of a program, and kernel libraries are
  // sometimes built with another _GLIBCXX_USE_CXX11_ABI than the host code,
  // which changes std::string's layout but not std::vector's.)
  bool deferred = false;
  ErrorKind deferred_kind = ErrorKind::kQueue;
  const char* deferred_api = "";
  std::vector<char> deferred_detail;  // NUL-terminated
  SrcLoc deferred_loc{"", 0};

  // Scratch of the vector instructions (kept across blocks: a per-thread
  // allocation, not state of the block; last, so that the hot fields above
  // keep their offsets).
  VecScratch scratch;

  AICORE_RT_FN CoreContext();

  // Starts block `t` of launch `l`: its identity follows l->geom.
  void BeginBlock(LaunchState* l, uint32_t t) {
    launch = l;
    task = t;
    const uint32_t n = l->group_num;
    core_type = CoreType::kAIV;
    sub_block_idx = 0;
    sub_block_num = 1;
    task_ration = 1;
    block_idx = static_cast<int32_t>(t);
    block_num = static_cast<int32_t>(n);
    if (AICORE_UNLIKELY(l->geom == Geometry::kAIC)) {
      core_type = CoreType::kAIC;
    } else if (AICORE_UNLIKELY(IsMixed(l->geom))) {
      if (t < n) {
        core_type = CoreType::kAIC;
      } else {
        block_idx = static_cast<int32_t>(t - n);
        if (l->geom == Geometry::kMix) {
          sub_block_idx = block_idx & 1;
          sub_block_num = 2;
          task_ration = 2;
        }
      }
    }
    ResetSocState();
    const SocProfile& soc = GetSocProfile();
    for (int m = 0; m < kNumMemories; ++m) capacity[m] = soc.bytes[m];
    sys_workspace = nullptr;
    pipe = nullptr;
    epoch = block_epoch = NewEpoch();
    pipe_log.Clear();
    if (flags_outstanding != 0) {
      std::memset(flags, 0, sizeof(flags));
      flags_outstanding = 0;
    }
    deferred = false;
    san = l->san;
    instr = l->instr;
    Touch("", SrcLoc{"", 0});
  }

  // The registers a kernel sets and InitSocState() resets: the vector mask
  // and mask mode, the atomic mode, DEQSCALE, the cube registers.
  void ResetSocState() {
    mask_bits[0] = mask_bits[1] = ~uint64_t{0};
    mask_counter_mode = false;
    cmp_mask[0] = cmp_mask[1] = 0;
    deq_scale = 0;
    deq_mode = 0;
    vms4_sr = 0;
    vms4_exhausted = false;
    pad_value_bits = 0;
    pad_value_set = false;
    atomic_op = AtomicOp::kNone;
    cube.Reset();
  }

  void EndBlock() {
    launch = nullptr;
    block_idx = -1;
    pipe = nullptr;
  }

  // `api` must be a string literal (it is kept by pointer).
  AICORE_RT_FN void Defer(ErrorKind kind, const char* api, SrcLoc loc, const std::string& detail);
};

// The context of the block running on this thread, or nullptr outside a
// launch. Constant-initialised, so access is a plain TLS load.
inline thread_local CoreContext* t_core = nullptr;

// This thread's context object (created on first use).
inline CoreContext& ThreadCore() {
  static thread_local CoreContext core;
  return core;
}

inline const char* CurrentKernelName() {
  return (t_core && t_core->launch) ? t_core->launch->kernel : "";
}

// The kernel name and block count an error report gives for a block: in a
// mixed launch the name says which kind of core the block runs on, and the
// count is the number of blocks of that kind.
AICORE_RT_FN std::string ReportKernel(const LaunchState& l, CoreType type);
inline int32_t ReportBlockNum(const LaunchState& l, CoreType type) {
  if (IsMixed(l.geom) && type == CoreType::kAIV) {
    return static_cast<int32_t>(AivPerGroup(l.geom) * l.group_num);
  }
  return static_cast<int32_t>(l.group_num);
}

[[noreturn]] AICORE_RT_COLD AICORE_RT_FN void Fail(ErrorKind kind, const char* api, SrcLoc loc,
                                                   std::string detail);

[[noreturn]] AICORE_RT_COLD AICORE_RT_FN void FailOutsideKernel(const char* api, SrcLoc loc);

// Entry check of every kernel API call: returns the core context, stops the
// block if another block of the launch has failed. O(1).
AICORE_INLINE CoreContext& Enter(const char* api, SrcLoc loc) {
  CoreContext* c = t_core;
  if (AICORE_UNLIKELY(c == nullptr)) FailOutsideKernel(api, loc);
  if (AICORE_UNLIKELY(c->launch->abort.load(std::memory_order_relaxed))) throw AbortBlock{};
  if (AICORE_UNLIKELY(c->san != 0)) {
    c->Touch(api, loc);
    c->Progress();
  }
  return *c;
}

// Entry of the scalar accessors (GlobalTensor / LocalTensor GetValue,
// SetValue, operator()), which skip Enter on the fast path; call only while
// c.san != 0. Stops the block if the launch has failed (a block polling a GM
// flag must be stoppable by the watchdog). Reads are not progress: a block
// that only polls is what the watchdog looks for.
AICORE_INLINE void EnterScalar(CoreContext& c, const char* api, SrcLoc loc, bool write) {
  if (AICORE_UNLIKELY(c.launch->abort.load(std::memory_order_relaxed))) throw AbortBlock{};
  c.Touch(api, loc);
  if (write) c.Progress();
}

// Reports a deep-check finding of the running block without stopping it.
AICORE_RT_COLD AICORE_RT_FN void Report(CoreContext& c, ErrorKind kind, const char* api, SrcLoc loc,
                                        std::string detail);

}  // namespace detail
}  // namespace aicore

#if AICORE_RT_DEFINITIONS
#include "aicore/runtime/context-inl.h"
#endif
