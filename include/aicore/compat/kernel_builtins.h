// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// The compiler builtins and system calls kernels write directly, as thin
// aliases of aicore's instructions and checks (included by kernel_operator.h):
//
//   set_flag(PIPE_MTE2, PIPE_V, EVENT_ID0)    SetFlag<HardEvent::MTE2_V>(EVENT_ID0)
//   wait_flag(PIPE_MTE2, PIPE_V, EVENT_ID0)   WaitFlag<HardEvent::MTE2_V>(EVENT_ID0)
//   pipe_barrier(PIPE_V)                      PipeBarrier<PIPE_V>()
//   set_ffts_base_addr(addr)                  nothing (cross-core flags need no base)
//   ffts_cross_core_sync(pipe, GetffstMsg(mode, flag))   CrossCoreSetFlag<mode, pipe>(flag)
//   wait_flag_dev(flag)                       CrossCoreWaitFlag(flag)
//   get_block_idx() / get_block_num()         the AI core index / blockDim (a vector
//   get_subblockid()                          core: GetBlockIdx() = get_block_idx() *
//                                             GetTaskRation() + get_subblockid())
//   block_idx / block_num                     the same values as variables
//   set_vector_mask(high, low)                SetVectorMask<T>(high, low)
//   set_mask_norm() / set_mask_count()        SetMaskNorm() / SetMaskCount()
//   set_atomic_add/max/min/none()             the atomic operation (type kept)
//   set_atomic_f32/f16/bf16/s32/s16/s8()      the atomic element type (operation kept)
//   dcci(gm, cache_line_t, dcci_dst_t)        nothing (the CPU's caches are coherent)
//   clz(x)                                    leading zero bits of a uint64_t (64 for 0)
//   min(a, b) / max(a, b)                     scalar min / max of two arithmetic values
//   copy_gm_to_ubuf(ub, gm, sid, nBurst, lenBurst, srcStride, dstStride)
//   copy_ubuf_to_gm(gm, ub, sid, nBurst, lenBurst, srcStride, dstStride)
//   copy_ubuf_to_ubuf(ub, ub, sid, nBurst, lenBurst, srcStride, dstStride)
//       DataCopy with DataCopyParams{nBurst, lenBurst, srcStride, dstStride}: nBurst
//       bursts of lenBurst 32-byte blocks, the gaps between bursts in 32-byte blocks;
//       sid is ignored. The UB pointer must lie in this block's UB. Elements
//       are the pointers' type when both agree (atomic stores combine them), else bytes.
//
//   vcmax/vcmin(dst, src, repeat, dstRepStride, srcBlkStride, srcRepStride, Order_t)
//       WholeReduceMax/Min<T, false> (mask register)
//   vreducev2(dst, src0, src1, repeat, src0BlockStride, patternMode,
//             src0RepeatStride, src1RepeatStride)          GatherMask
//   get_rsvd_cnt()                            the element count of the latest GatherMask
//   vgather(dst, offsets, srcAddr, dstRepStride, repeat)   Gather<T, false> repeat form
//   vadd, vadds, vector_dup, vconv_*, vcmpv_*, vsel, copy_*_align_b16/b32, ...
//                                             see "The elementwise, compare/select, ..." below
//
// and in namespace AscendC: GetScalarBitcodeValue, SetSyncBaseAddr, IBSet /
// IBWait, NotifyEvent / WaitEvent, GetffstMsg and the SYNC_*_FLAG ids, DcciDst with
// DataCacheCleanAndInvalid<T, CacheLine, DcciDst>, DataCachePreload,
// ICachePreLoad, GetICachePreloadStatus, GetArchVersion, InitOutput, and the
// implementation functions kernels call by name: Barrier, MmadImpl, DataCopyGM2UBImpl,
// DataCopyUB2GMImpl, DataCopyUB2UBImpl,
// DataCopyPadGm2UBImpl, DataCopyPadUB2GMImpl (both parameter forms),
// TransDataTo5HDImpl (address and pointer lists).
//
// Builtins order nothing on the CPU; set_flag/wait_flag are SetFlag/WaitFlag,
// so an unpaired one is reported exactly like those.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstring>
#include <mutex>
#include <string>
#include <thread>
#include <type_traits>
#include <utility>

#include "aicore/aicore.h"
#include "aicore/base/kernel_utils.h"  // AscendC::CacheLine

enum class cache_line_t : uint64_t { SINGLE_CACHE_LINE = 0, ENTIRE_DATA_CACHE };
enum class dcci_dst_t : uint64_t { CACHELINE_ALL = 0, CACHELINE_UB, CACHELINE_OUT, CACHELINE_ATOMIC };

namespace aicore {
namespace compat {

// The pipe_t of a HardEvent side ("MTE2", "V", ...), or -1.
inline int PipeOfName(const std::string& s) {
  if (s == "S") return PIPE_S;
  if (s == "V") return PIPE_V;
  if (s == "M") return PIPE_M;
  if (s == "MTE1") return PIPE_MTE1;
  if (s == "MTE2") return PIPE_MTE2;
  if (s == "MTE3") return PIPE_MTE3;
  if (s == "FIX") return PIPE_FIX;
  return -1;
}

// The HardEvent that orders `src` before `dst`, or -1.
inline int EventOfPipes(int src, int dst) {
  static const auto table = [] {
    struct T {
      int e[PIPE_MAX][PIPE_MAX];
    } t{};
    for (auto& row : t.e) {
      for (int& v : row) v = -1;
    }
    for (int e = 0; e < detail::kNumHardEvents; ++e) {
      const std::string n = detail::HardEventName(e);
      const size_t cut = n.find('_');
      const int a = PipeOfName(n.substr(0, cut)), b = PipeOfName(n.substr(cut + 1));
      if (a >= 0 && b >= 0) t.e[a][b] = e;
    }
    return t;
  }();
  if (src < 0 || src >= PIPE_MAX || dst < 0 || dst >= PIPE_MAX) return -1;
  return table.e[src][dst];
}

inline std::string PipeText(int p) {
  return (p >= 0 && p < PIPE_MAX) ? detail::PipeTName(p) : "(pipe_t)" + std::to_string(p);
}

template <bool kSet>
[[noreturn]] AICORE_COLD inline void FailPipePair(int src, int dst, SrcLoc loc) {
  const char* api = kSet ? "set_flag" : "wait_flag";
  detail::Enter(api, loc);
  detail::Fail(ErrorKind::kParameter, api, loc,
               std::string(api) + "(" + PipeText(src) + ", " + PipeText(dst) +
                   "): no HardEvent orders " + PipeText(src) + " before " + PipeText(dst) +
                   " (the pipes are S, V, M, MTE1, MTE2, MTE3 and FIX)");
}

template <bool kSet, size_t... E>
void FlagAt(int e, int32_t id, SrcLoc loc, std::index_sequence<E...>) {
  (void)((e == static_cast<int>(E)
              ? (kSet ? ::AscendC::SetFlag<static_cast<::AscendC::HardEvent>(E)>(id, loc)
                      : ::AscendC::WaitFlag<static_cast<::AscendC::HardEvent>(E)>(id, loc),
                 true)
              : false) ||
         ...);
}

template <bool kSet>
void PipeFlag(int src, int dst, int32_t id, SrcLoc loc) {
  const int e = EventOfPipes(src, dst);
  if (AICORE_UNLIKELY(e < 0)) FailPipePair<kSet>(src, dst, loc);
  FlagAt<kSet>(e, id, loc, std::make_index_sequence<detail::kNumHardEvents>{});
}

template <size_t... P>
void BarrierAt(int p, SrcLoc loc, std::index_sequence<P...>) {
  (void)((p == static_cast<int>(P) ? (::AscendC::PipeBarrier<static_cast<pipe_t>(P)>(loc), true)
                                   : false) ||
         ...);
}

// A view of this block's UB from byte `p` to the end of UB: the UB operand of
// the copy and vector builtins, so that the instructions' checks apply to it.
// `p` is a pointer into the block's UB (LocalTensor::GetPhyAddr()), or a UB
// byte address (as on the NPU: `(__ubuf__ T*)t.address_.bufferAddr`), or the
// low 32 bits of a pointer into it.
template <class T>
::AscendC::LocalTensor<T> UbView(const char* api, const char* what, const void* p, SrcLoc loc) {
  detail::CoreContext& core = detail::Enter(api, loc);
  const uint64_t cap = core.capacity[static_cast<int>(Memory::kUB)];
  uint64_t off = 0;
  if (AICORE_UNLIKELY(!detail::LocalByteAddress(core, Memory::kUB, reinterpret_cast<uintptr_t>(p),
                                                &off) ||
                      off == cap)) {
    detail::Fail(ErrorKind::kParameter, api, loc,
                 std::string("the ") + what + " " + detail::HexPtr(p) +
                     " is not in this block's UB (" + std::to_string(cap) +
                     " bytes; take UB addresses from LocalTensor::GetPhyAddr())");
  }
  return ::AscendC::LocalTensor<T>(::AscendC::TPosition::VECCALC, static_cast<uint32_t>(off),
                                   static_cast<uint32_t>((cap - off) / sizeof(T)), loc);
}

// A builtin's field of `bits` bits (repeat counts, strides).
inline uint32_t FieldBits(const char* api, const char* name, int64_t v, int bits, SrcLoc loc) {
  const int64_t max = (int64_t{1} << bits) - 1;
  if (AICORE_UNLIKELY(v < 0 || v > max)) {
    detail::Enter(api, loc);
    detail::Fail(ErrorKind::kParameter, api, loc,
                 std::string(name) + " " + std::to_string(v) + " is outside [0, " +
                     std::to_string(max) + "] (a " + std::to_string(bits) +
                     "-bit field of the instruction)");
  }
  return static_cast<uint32_t>(v);
}

template <class T>
::AscendC::GlobalTensor<T> GmView(const void* p) {
  ::AscendC::GlobalTensor<T> g;
  g.SetGlobalBuffer(reinterpret_cast<T*>(const_cast<void*>(p)));
  return g;
}

// The element type of a copy builtin: the pointers' when they agree, else bytes.
template <class D, class S>
using CopyElem = std::conditional_t<std::is_same_v<std::remove_cv_t<D>, std::remove_cv_t<S>> &&
                                        !std::is_void_v<D>,
                                    std::remove_cv_t<D>, uint8_t>;

// A burst count, length or gap: a 16-bit field of the instruction.
inline uint16_t Field16(const char* api, const char* name, int64_t v, SrcLoc loc) {
  return static_cast<uint16_t>(FieldBits(api, name, v, 16, loc));
}

inline ::AscendC::DataCopyParams BurstParams(const char* api, int64_t nBurst, int64_t lenBurst,
                                             int64_t srcStride, int64_t dstStride, SrcLoc loc) {
  return ::AscendC::DataCopyParams(Field16(api, "nBurst", nBurst, loc),
                                   Field16(api, "lenBurst", lenBurst, loc),
                                   Field16(api, "srcStride", srcStride, loc),
                                   Field16(api, "dstStride", dstStride, loc));
}

inline void SetAtomicOp(const char* api, detail::AtomicOp op, SrcLoc loc) {
  detail::Enter(api, loc).atomic_op = op;
}

}  // namespace compat
}  // namespace aicore

// ---------------------------------------------------------------------------
// Builtins (global namespace, as the compiler provides them).

inline void set_flag(pipe_t pipe, pipe_t tpipe, int32_t eventID,
                     aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  aicore::compat::PipeFlag<true>(pipe, tpipe, eventID, loc);
}
inline void wait_flag(pipe_t pipe, pipe_t tpipe, int32_t eventID,
                      aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  aicore::compat::PipeFlag<false>(pipe, tpipe, eventID, loc);
}
inline void pipe_barrier(pipe_t pipe, aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  const int p = static_cast<int>(pipe);
  if (AICORE_UNLIKELY(p < 0 || p >= PIPE_MAX)) {
    aicore::detail::Enter("pipe_barrier", loc);
    aicore::detail::FailPipeT("pipe_barrier", p, loc);
  }
  aicore::compat::BarrierAt(p, loc, std::make_index_sequence<PIPE_MAX>{});
}

inline void set_ffts_base_addr(uint64_t config) { (void)config; }

inline void ffts_cross_core_sync(pipe_t pipe, uint64_t config,
                                 aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  (void)pipe;
  const auto mode = static_cast<uint32_t>((config >> 4) & 0x3);
  const auto flag = static_cast<uint16_t>((config >> 8) & 0xF);
  switch (mode) {
    case 0: AscendC::CrossCoreSetFlag<0, PIPE_S>(flag, loc); break;
    case 1: AscendC::CrossCoreSetFlag<1, PIPE_S>(flag, loc); break;
    case 2: AscendC::CrossCoreSetFlag<2, PIPE_S>(flag, loc); break;
    default:
      aicore::detail::Enter("ffts_cross_core_sync", loc);
      aicore::detail::Fail(aicore::ErrorKind::kParameter, "ffts_cross_core_sync", loc,
                           "config " + std::to_string(config) +
                               " names mode 3; the modes are 0, 1 and 2 (build it with "
                               "AscendC::GetffstMsg(mode, flagId))");
  }
}

inline void wait_flag_dev(int64_t flagID, aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  AscendC::CrossCoreWaitFlag(static_cast<uint16_t>(flagID), loc);
}

inline int64_t get_block_idx() {
  const aicore::detail::CoreContext* c = aicore::detail::t_core;
  if (c == nullptr) return 0;
  return c->core_type == aicore::detail::CoreType::kAIC || c->task_ration <= 1
             ? c->block_idx
             : c->block_idx / c->task_ration;
}
inline int64_t get_block_num() { return AscendC::GetBlockNum(); }
inline int64_t get_subblockid() { return AscendC::GetSubBlockIdx(); }

// block_idx / block_num: the device's variables of the same values (the
// vendor's CPU debug declares them as globals; kernels read them in place of
// GetBlockIdx() / GetBlockNum()). Each reads the running block's value when
// converted to an integer.
struct AicoreBlockIdxVar {
  operator int64_t() const { return get_block_idx(); }  // NOLINT
};
struct AicoreBlockNumVar {
  operator int64_t() const { return get_block_num(); }  // NOLINT
};
inline constexpr AicoreBlockIdxVar block_idx{};
inline constexpr AicoreBlockNumVar block_num{};

inline void set_vector_mask(uint64_t maskHigh, uint64_t maskLow,
                            aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  AscendC::SetVectorMask<uint8_t>(maskHigh, maskLow, loc);
}
inline void set_mask_norm(aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  AscendC::SetMaskNorm(loc);
}
inline void set_mask_count(aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  AscendC::SetMaskCount(loc);
}

inline void set_atomic_none(aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  AscendC::SetAtomicNone(loc);
}
inline void set_atomic_add(aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  aicore::compat::SetAtomicOp("set_atomic_add", aicore::detail::AtomicOp::kAdd, loc);
}
inline void set_atomic_max(aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  aicore::compat::SetAtomicOp("set_atomic_max", aicore::detail::AtomicOp::kMax, loc);
}
inline void set_atomic_min(aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  aicore::compat::SetAtomicOp("set_atomic_min", aicore::detail::AtomicOp::kMin, loc);
}
inline void set_atomic_f32(aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  AscendC::SetAtomicType<float>(loc);
}
inline void set_atomic_f16(aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  AscendC::SetAtomicType<half>(loc);
}
inline void set_atomic_bf16(aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  AscendC::SetAtomicType<bfloat16_t>(loc);
}
inline void set_atomic_s32(aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  AscendC::SetAtomicType<int32_t>(loc);
}
inline void set_atomic_s16(aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  AscendC::SetAtomicType<int16_t>(loc);
}
inline void set_atomic_s8(aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  AscendC::SetAtomicType<int8_t>(loc);
}

template <class T>
inline void dcci(T* addr, cache_line_t entire, dcci_dst_t dst = dcci_dst_t::CACHELINE_ALL) {
  (void)addr, (void)entire, (void)dst;
}

inline int64_t clz(uint64_t x) { return x == 0 ? 64 : __builtin_clzll(x); }

// The device compiler's scalar min / max builtins, for arithmetic operands of
// any two types (the usual arithmetic conversions pick the result type).
// std::min / std::max (same-type operands) and a kernel's own non-template
// min / max stay the better match where they apply.
template <typename T, typename U,
          typename = std::enable_if_t<std::is_arithmetic_v<T> && std::is_arithmetic_v<U>>>
inline std::common_type_t<T, U> min(T a, U b) {
  using R = std::common_type_t<T, U>;
  return static_cast<R>(b) < static_cast<R>(a) ? static_cast<R>(b) : static_cast<R>(a);
}
template <typename T, typename U,
          typename = std::enable_if_t<std::is_arithmetic_v<T> && std::is_arithmetic_v<U>>>
inline std::common_type_t<T, U> max(T a, U b) {
  using R = std::common_type_t<T, U>;
  return static_cast<R>(a) < static_cast<R>(b) ? static_cast<R>(b) : static_cast<R>(a);
}

template <class D, class S>
inline void copy_gm_to_ubuf(__ubuf__ D* dst, __gm__ S* src, int64_t sid, int64_t nBurst,
                            int64_t lenBurst, int64_t srcStride, int64_t dstStride,
                            aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  (void)sid;
  const char* api = "copy_gm_to_ubuf";
  const auto p = aicore::compat::BurstParams(api, nBurst, lenBurst, srcStride, dstStride, loc);
  using T = aicore::compat::CopyElem<D, S>;
  AscendC::DataCopy(aicore::compat::UbView<T>(api, "destination", dst, loc),
                    aicore::compat::GmView<T>(src), p, loc);
}

template <class D, class S>
inline void copy_ubuf_to_gm(__gm__ D* dst, __ubuf__ S* src, int64_t sid, int64_t nBurst,
                            int64_t lenBurst, int64_t srcStride, int64_t dstStride,
                            aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  (void)sid;
  const char* api = "copy_ubuf_to_gm";
  const auto p = aicore::compat::BurstParams(api, nBurst, lenBurst, srcStride, dstStride, loc);
  using T = aicore::compat::CopyElem<D, S>;
  AscendC::DataCopy(aicore::compat::GmView<T>(dst),
                    aicore::compat::UbView<T>(api, "source", src, loc), p, loc);
}

template <class D, class S>
inline void copy_ubuf_to_ubuf(__ubuf__ D* dst, __ubuf__ S* src, int64_t sid, int64_t nBurst,
                              int64_t lenBurst, int64_t srcStride, int64_t dstStride,
                              aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  (void)sid;
  const char* api = "copy_ubuf_to_ubuf";
  const auto p = aicore::compat::BurstParams(api, nBurst, lenBurst, srcStride, dstStride, loc);
  using T = aicore::compat::CopyElem<D, S>;
  AscendC::DataCopy(aicore::compat::UbView<T>(api, "destination", dst, loc),
                    aicore::compat::UbView<T>(api, "source", src, loc), p, loc);
}

// ---------------------------------------------------------------------------
// Raw vector builtins, with the argument conventions the vendor's own
// headers call them with (the public impl headers of WholeReduceMax/Min,
// GatherMask and Gather for arch 2201); the vector mask is the mask register
// (set_vector_mask / set_mask_norm / set_mask_count), as for the
// instructions' isSetMask = false forms.

// Order_t: the (value, index) layout of vcmax/vcmin, ReduceOrder's names.
enum class Order_t : uint8_t { VALUE_INDEX = 0, INDEX_VALUE, ONLY_VALUE, ONLY_INDEX };

namespace aicore {
namespace compat {

inline ::AscendC::ReduceOrder ReduceOrderOf(const char* api, Order_t order, SrcLoc loc) {
  switch (order) {
    case Order_t::VALUE_INDEX: return ::AscendC::ReduceOrder::ORDER_VALUE_INDEX;
    case Order_t::INDEX_VALUE: return ::AscendC::ReduceOrder::ORDER_INDEX_VALUE;
    case Order_t::ONLY_VALUE: return ::AscendC::ReduceOrder::ORDER_ONLY_VALUE;
    case Order_t::ONLY_INDEX: return ::AscendC::ReduceOrder::ORDER_ONLY_INDEX;
  }
  detail::Enter(api, loc);
  detail::Fail(ErrorKind::kParameter, api, loc,
               "Order_t value " + std::to_string(static_cast<int>(order)) +
                   " is not VALUE_INDEX, INDEX_VALUE, ONLY_VALUE or ONLY_INDEX");
}

template <bool kMax, class T>
void WholeExtremeBuiltin(const char* api, T* dst, T* src, int64_t repeat, int64_t dstRepStride,
                         int64_t srcBlkStride, int64_t srcRepStride, Order_t order, SrcLoc loc) {
  static_assert(std::is_same_v<std::remove_cv_t<T>, half> || std::is_same_v<std::remove_cv_t<T>, float>,
                "vcmax/vcmin: half or float");
  using E = std::remove_cv_t<T>;
  const auto r = static_cast<int32_t>(FieldBits(api, "repeat", repeat, 8, loc));
  const auto ds = static_cast<int32_t>(FieldBits(api, "dstRepStride", dstRepStride, 16, loc));
  const auto sb = static_cast<int32_t>(FieldBits(api, "srcBlkStride", srcBlkStride, 16, loc));
  const auto sr = static_cast<int32_t>(FieldBits(api, "srcRepStride", srcRepStride, 16, loc));
  const ::AscendC::ReduceOrder o = ReduceOrderOf(api, order, loc);
  const auto d = UbView<E>(api, "destination", dst, loc);
  const auto s = UbView<E>(api, "source", src, loc);
  if constexpr (kMax) {
    ::AscendC::WholeReduceMax<E, false>(d, s, 0, r, ds, sb, sr, o, loc);
  } else {
    ::AscendC::WholeReduceMin<E, false>(d, s, 0, r, ds, sb, sr, o, loc);
  }
}

}  // namespace compat
}  // namespace aicore

// vcmax(dst, src, repeat, dstRepStride, srcBlkStride, srcRepStride, order):
// WholeReduceMax<T, false>(dst, src, MASK_PLACEHOLDER, repeat, dstRepStride,
// srcBlkStride, srcRepStride, order) on the UB pointers; vcmin likewise.
template <class T>
inline void vcmax(__ubuf__ T* dst, __ubuf__ T* src, int64_t repeat, int64_t dstRepStride,
                  int64_t srcBlkStride, int64_t srcRepStride, Order_t order = Order_t::VALUE_INDEX,
                  aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  aicore::compat::WholeExtremeBuiltin<true>("vcmax", dst, src, repeat, dstRepStride, srcBlkStride,
                                            srcRepStride, order, loc);
}
template <class T>
inline void vcmin(__ubuf__ T* dst, __ubuf__ T* src, int64_t repeat, int64_t dstRepStride,
                  int64_t srcBlkStride, int64_t srcRepStride, Order_t order = Order_t::VALUE_INDEX,
                  aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  aicore::compat::WholeExtremeBuiltin<false>("vcmin", dst, src, repeat, dstRepStride, srcBlkStride,
                                             srcRepStride, order, loc);
}

// vreducev2(dst, src0, src1, repeat, src0BlockStride, patternMode,
// src0RepeatStride, src1RepeatStride): GatherMask on 2- or 4-byte elements.
// patternMode 1..7 is the built-in pattern (src1 unused), 0 takes the
// pattern from the tensor at src1. Mask register in counter mode: reduceMode
// true with mask = the count set by set_vector_mask (elements per repeat);
// in normal mode: reduceMode false (whole repeats). The count of elements
// written goes to the RSVD_CNT register (get_rsvd_cnt()).
template <class T>
inline void vreducev2(__ubuf__ T* dst, __ubuf__ T* src0, __ubuf__ T* src1, int64_t repeat,
                      int64_t src0BlockStride, int64_t patternMode, int64_t src0RepeatStride,
                      int64_t src1RepeatStride, aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  using E = std::remove_cv_t<T>;
  static_assert(sizeof(E) == 2 || sizeof(E) == 4, "vreducev2: 2- or 4-byte elements");
  using P = std::conditional_t<sizeof(E) == 2, uint16_t, uint32_t>;
  const char* api = "vreducev2";
  aicore::detail::CoreContext& core = aicore::detail::Enter(api, loc);
  namespace c = aicore::compat;
  const AscendC::GatherMaskParams p(static_cast<uint8_t>(c::FieldBits(api, "src0BlockStride", src0BlockStride, 8, loc)),
                                    static_cast<uint16_t>(c::FieldBits(api, "repeat", repeat, 8, loc)),
                                    static_cast<uint16_t>(c::FieldBits(api, "src0RepeatStride", src0RepeatStride, 16, loc)),
                                    static_cast<uint16_t>(c::FieldBits(api, "src1RepeatStride", src1RepeatStride, 16, loc)));
  const auto mode = c::FieldBits(api, "patternMode", patternMode, 8, loc);
  const bool counter = core.mask_counter_mode;
  const uint64_t count = core.mask_bits[0];
  if (counter && AICORE_UNLIKELY(count > 0xFFFFFFFFu)) {
    aicore::detail::Fail(aicore::ErrorKind::kParameter, api, loc,
                         "the mask register holds count " + std::to_string(count) +
                             " (counter mode), more than 32 bits");
  }
  const auto mask = counter ? static_cast<uint32_t>(count) : 0u;
  const auto d = c::UbView<P>(api, "destination", dst, loc);
  const auto s0 = c::UbView<P>(api, "src0", src0, loc);
  uint64_t rsvd = 0;
  if (mode == 0) {
    const auto s1 = c::UbView<P>(api, "src1 (the pattern)", src1, loc);
    AscendC::GatherMask(d, s0, s1, counter, mask, p, rsvd, loc);
  } else {
    AscendC::GatherMask(d, s0, static_cast<uint8_t>(mode), counter, mask, p, rsvd, loc);
  }
}

// get_rsvd_cnt(): the RSVD_CNT register, the count of elements the block's
// latest vreducev2 or GatherMask wrote. Reading it before either ran in the
// block is an error (the register's value is undocumented then).
inline int64_t get_rsvd_cnt(aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  const aicore::detail::CoreContext& core = aicore::detail::Enter("get_rsvd_cnt", loc);
  const aicore::detail::RsvdCntReg& r = aicore::detail::RsvdCnt();
  if (AICORE_UNLIKELY(r.epoch != core.block_epoch)) {
    aicore::detail::Fail(aicore::ErrorKind::kParameter, "get_rsvd_cnt", loc,
                         "no vreducev2 or GatherMask ran in this block yet: the RSVD_CNT "
                         "register holds nothing this block wrote");
  }
  return static_cast<int64_t>(r.value);
}

// vgather(dst, offsets, srcAddr, dstRepStride, repeat): Gather<T, false>
// (repeat form, mask register) with src = UB and srcBaseAddr = srcAddr, the
// UB byte address of the source plus the base offset (as the vendor's Gather
// passes `(uint64_t)src + srcBaseOffset`); srcAddr may also be the low 32
// bits of a CPU pointer into the block's UB. Offsets are bytes.
template <class T>
inline void vgather(__ubuf__ T* dst, __ubuf__ uint32_t* offsets, uint64_t srcAddr,
                    int64_t dstRepStride, int64_t repeat,
                    aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  using E = std::remove_cv_t<T>;
  static_assert(sizeof(E) == 2 || sizeof(E) == 4, "vgather: 2- or 4-byte elements");
  const char* api = "vgather";
  namespace c = aicore::compat;
  aicore::detail::CoreContext& core = aicore::detail::Enter(api, loc);
  const auto ds = static_cast<uint16_t>(c::FieldBits(api, "dstRepStride", dstRepStride, 16, loc));
  const auto r = static_cast<uint8_t>(c::FieldBits(api, "repeat", repeat, 8, loc));
  const uint64_t cap = core.capacity[static_cast<int>(aicore::Memory::kUB)];
  uint64_t base = 0;
  if (AICORE_UNLIKELY(srcAddr > 0xFFFFFFFFu ||
                      !aicore::detail::LocalByteAddress(core, aicore::Memory::kUB, srcAddr, &base))) {
    aicore::detail::Fail(aicore::ErrorKind::kParameter, api, loc,
                         "srcAddr " + std::to_string(srcAddr) +
                             " is no UB address (UB holds " + std::to_string(cap) +
                             " bytes; pass the source's UB address plus the base offset)");
  }
  const AscendC::LocalTensor<E> ub(AscendC::TPosition::VECCALC, 0,
                                   static_cast<uint32_t>(cap / sizeof(E)), loc);
  AscendC::Gather<E, false>(c::UbView<E>(api, "destination", dst, loc), ub,
                            c::UbView<uint32_t>(api, "offsets", offsets, loc),
                            static_cast<uint32_t>(base), uint64_t{0}, r, ds, loc);
}

// ---------------------------------------------------------------------------
// The elementwise, compare/select, conversion and padded-copy builtins, each
// the instruction the vendor's public impl headers (arch 2201) call it for,
// in its isSetMask = false form (the mask register, normal or counter mode):
//
//   vadd/vsub/vmul/vmax/vmin(dst, src0, src1, repeat, dstBlkStride,
//       src0BlkStride, src1BlkStride, dstRepStride, src0RepStride,
//       src1RepStride)                        Add/Sub/Mul/Max/Min<T, false>
//   vadds/vmuls(dst, src, scalar, repeat, dstBlkStride, srcBlkStride,
//       dstRepStride, srcRepStride)           Adds/Muls<T, false>
//   vector_dup(dst, scalar, repeat, dstBlkStride, srcBlkStride,
//       dstRepStride, srcRepStride)           Duplicate<T, false> (the src
//                                             strides are unused)
//   vconv_<src>2<dst>[r|a|f|c|z](dst, src, repeat, dstBlkStride,
//       srcBlkStride, dstRepStride, srcRepStride)   Cast<D, S, false>, the
//       suffix the RoundMode: none CAST_NONE, r RINT, a ROUND, f FLOOR,
//       c CEIL, z TRUNC (the pairs and modes below; others are not provided)
//   vcmpv_<lt|gt|eq|le|ge|ne>(dst, src0, src1, repeat, <the six strides>)
//                                             Compare<T, uint8_t, false>
//   vcmpvs_<mode>(dst, src, scalar, repeat, dstBlkStride, srcBlkStride,
//       dstRepStride, srcRepStride)           CompareScalar<T, uint8_t, false>
//   vcmp_<mode>(src0, src1, repeat, <the six strides>)   Compare without dst:
//       one repeat into the CMPMASK register (repeat must be 1)
//   set_cmpmask(src)                          SetCmpMask (16 bytes of UB)
//   vsel(dst, src0, src1, repeat, <six strides>[, mode])   Select<T, mode>:
//       mode 0 (VSEL_CMPMASK_SPR, the default) the CMPMASK bits select in
//       every repeat; mode 1 (VSEL_TENSOR_SCALAR_MODE) src1 is the selection
//       mask tensor and CMPMASK's first element the scalar; mode 2
//       (VSEL_TENSOR_TENSOR_MODE) CMPMASK's low 32 bits are the UB address of
//       the selection mask (as the vendor's Select writes it there)
//   set_mov_pad_val(bits)                     the padding value register
//   copy_gm_to_ubuf_align_b16/b32(ub, gm, sid, nBurst, lenBurst, leftPad,
//       rightPad, srcGap, dstGap)             DataCopyPad GM -> UB with
//       DataCopyExtParams{nBurst, lenBurst bytes, srcGap bytes, dstGap
//       blocks} and the register's value as the padding (isPad)
//   copy_ubuf_to_gm_align_b16/b32(gm, ub, sid, nBurst, lenBurst, leftPad,
//       rightPad, srcGap, dstGap)             DataCopyPad UB -> GM (srcGap
//       blocks, dstGap bytes; the pads must be 0)
//
// Fields wider than the instruction's parameter (8-bit repeat and repeat
// strides, 8- or 16-bit block strides, ...) are errors naming the builtin.

namespace aicore {
namespace compat {

inline ::AscendC::BinaryRepeatParams BinaryFields(const char* api, int64_t db, int64_t s0b,
                                                  int64_t s1b, int64_t dr, int64_t s0r,
                                                  int64_t s1r, SrcLoc loc) {
  return ::AscendC::BinaryRepeatParams(
      static_cast<uint8_t>(FieldBits(api, "dstBlkStride", db, 8, loc)),
      static_cast<uint8_t>(FieldBits(api, "src0BlkStride", s0b, 8, loc)),
      static_cast<uint8_t>(FieldBits(api, "src1BlkStride", s1b, 8, loc)),
      static_cast<uint8_t>(FieldBits(api, "dstRepStride", dr, 8, loc)),
      static_cast<uint8_t>(FieldBits(api, "src0RepStride", s0r, 8, loc)),
      static_cast<uint8_t>(FieldBits(api, "src1RepStride", s1r, 8, loc)));
}

inline ::AscendC::UnaryRepeatParams UnaryFields(const char* api, int64_t db, int64_t sb,
                                                int64_t dr, int64_t sr, SrcLoc loc) {
  return ::AscendC::UnaryRepeatParams(
      static_cast<uint16_t>(FieldBits(api, "dstBlkStride", db, 16, loc)),
      static_cast<uint16_t>(FieldBits(api, "srcBlkStride", sb, 16, loc)),
      static_cast<uint8_t>(FieldBits(api, "dstRepStride", dr, 8, loc)),
      static_cast<uint8_t>(FieldBits(api, "srcRepStride", sr, 8, loc)));
}

inline int32_t RepeatField(const char* api, int64_t repeat, SrcLoc loc) {
  return static_cast<int32_t>(FieldBits(api, "repeat", repeat, 8, loc));
}

// The padding value register of the padded copies (set_mov_pad_val); per
// core thread, unspecified (here 0) until set.
inline uint64_t& MovPadVal() {
  static thread_local uint64_t v = 0;
  return v;
}

// The element type of a padded copy of kBytes-byte elements: the pointers'
// when they agree and have that size, else the unsigned type of that size.
template <size_t kBytes, class D, class S>
using PadElem = std::conditional_t<
    std::is_same_v<std::remove_cv_t<D>, std::remove_cv_t<S>> && !std::is_void_v<D> &&
        sizeof(std::conditional_t<std::is_void_v<D>, uint8_t, D>) == kBytes,
    std::remove_cv_t<std::conditional_t<std::is_void_v<D>, uint8_t, D>>,
    std::conditional_t<kBytes == 2, uint16_t, uint32_t>>;

template <class T>
T PadValueOf(uint64_t bits) {
  T v;
  std::memcpy(static_cast<void*>(&v), &bits, sizeof(T));  // the low bytes (little-endian)
  return v;
}

inline ::AscendC::DataCopyExtParams ExtFields(const char* api, int64_t nBurst, int64_t lenBurst,
                                              int64_t srcGap, int64_t dstGap, SrcLoc loc) {
  return ::AscendC::DataCopyExtParams(
      static_cast<uint16_t>(FieldBits(api, "nBurst", nBurst, 16, loc)),
      FieldBits(api, "lenBurst", lenBurst, 32, loc), FieldBits(api, "srcGap", srcGap, 32, loc),
      FieldBits(api, "dstGap", dstGap, 32, loc), 0);
}

template <size_t kBytes, class D, class S>
void CopyGmToUbAlign(const char* api, D* dst, S* src, int64_t nBurst, int64_t lenBurst,
                     int64_t leftPad, int64_t rightPad, int64_t srcGap, int64_t dstGap,
                     SrcLoc loc) {
  using T = PadElem<kBytes, D, S>;
  const auto p = ExtFields(api, nBurst, lenBurst, srcGap, dstGap, loc);
  const ::AscendC::DataCopyPadExtParams<T> pad(
      true, static_cast<uint8_t>(FieldBits(api, "leftPaddingNum", leftPad, 8, loc)),
      static_cast<uint8_t>(FieldBits(api, "rightPaddingNum", rightPad, 8, loc)),
      PadValueOf<T>(MovPadVal()));
  ::AscendC::DataCopyPad(UbView<T>(api, "destination", dst, loc), GmView<T>(src), p, pad, loc);
}

template <size_t kBytes, class D, class S>
void CopyUbToGmAlign(const char* api, D* dst, S* src, int64_t nBurst, int64_t lenBurst,
                     int64_t leftPad, int64_t rightPad, int64_t srcGap, int64_t dstGap,
                     SrcLoc loc) {
  using T = PadElem<kBytes, D, S>;
  const auto p = ExtFields(api, nBurst, lenBurst, srcGap, dstGap, loc);
  if (AICORE_UNLIKELY(leftPad != 0 || rightPad != 0)) {
    detail::Enter(api, loc);
    detail::Fail(ErrorKind::kParameter, api, loc,
                 "leftPaddingNum " + std::to_string(leftPad) + " / rightPaddingNum " +
                     std::to_string(rightPad) + ": a UB -> GM copy pads nothing (both 0)");
  }
  ::AscendC::DataCopyPad(GmView<T>(dst), UbView<T>(api, "source", src, loc), p, loc);
}

// vsel: Select in the builtin's mode with the CMPMASK register's meaning.
template <class T>
void SelBuiltin(const char* api, T* dst, T* src0, T* src1, int64_t repeat, int64_t db,
                int64_t s0b, int64_t s1b, int64_t dr, int64_t s0r, int64_t s1r, int64_t mode,
                SrcLoc loc) {
  using E = std::remove_cv_t<T>;
  static_assert(std::is_same_v<E, half> || std::is_same_v<E, float>, "vsel: half or float");
  detail::CoreContext& core = detail::Enter(api, loc);
  const auto r = static_cast<uint8_t>(RepeatField(api, repeat, loc));
  const auto p = BinaryFields(api, db, s0b, s1b, dr, s0r, s1r, loc);
  const auto d = UbView<E>(api, "destination", dst, loc);
  const auto a = UbView<E>(api, "src0", src0, loc);
  const uint64_t* reg = detail::CmpMaskBits(core);
  switch (mode) {
    case 0:
      ::AscendC::Select<E, ::AscendC::SELMODE::VSEL_CMPMASK_SPR>(
          d, a, UbView<E>(api, "src1", src1, loc), r, p, loc);
      return;
    case 1: {
      E scalar;
      std::memcpy(static_cast<void*>(&scalar), reg, sizeof(E));
      const auto sel = UbView<uint8_t>(api, "src1 (the selection mask)", src1, loc);
      ::AscendC::Select<E, uint8_t, false>(d, sel, a, scalar,
                                           ::AscendC::SELMODE::VSEL_TENSOR_SCALAR_MODE,
                                           uint64_t{0}, r, p, loc);
      return;
    }
    case 2: {
      const uint64_t addr = reg[0] & 0xFFFFFFFFu;
      const auto* at = reinterpret_cast<const void*>(static_cast<uintptr_t>(addr));
      const auto sel = UbView<uint8_t>(api, "selection mask (the address in CMPMASK)", at, loc);
      ::AscendC::Select<E, uint8_t, false>(d, sel, a, UbView<E>(api, "src1", src1, loc),
                                           ::AscendC::SELMODE::VSEL_TENSOR_TENSOR_MODE,
                                           uint64_t{0}, r, p, loc);
      return;
    }
    default:
      detail::Fail(ErrorKind::kParameter, api, loc,
                   "mode " + std::to_string(mode) +
                       " is not a SELMODE (0 VSEL_CMPMASK_SPR, 1 VSEL_TENSOR_SCALAR_MODE, 2 "
                       "VSEL_TENSOR_TENSOR_MODE)");
  }
}

}  // namespace compat
}  // namespace aicore

#define AICORE_RAW_BINARY(NAME, INSTR)                                                           \
  template <class T>                                                                             \
  inline void NAME(__ubuf__ T* dst, __ubuf__ T* src0, __ubuf__ T* src1, int64_t repeat,          \
                   int64_t dstBlkStride, int64_t src0BlkStride, int64_t src1BlkStride,           \
                   int64_t dstRepStride, int64_t src0RepStride, int64_t src1RepStride,           \
                   aicore::SrcLoc loc = aicore::SrcLoc::Current()) {                             \
    namespace c = aicore::compat;                                                                \
    using E = std::remove_cv_t<T>;                                                               \
    const int32_t r = c::RepeatField(#NAME, repeat, loc);                                        \
    const auto p = c::BinaryFields(#NAME, dstBlkStride, src0BlkStride, src1BlkStride,            \
                                   dstRepStride, src0RepStride, src1RepStride, loc);             \
    AscendC::INSTR<E, false>(c::UbView<E>(#NAME, "destination", dst, loc),                       \
                             c::UbView<E>(#NAME, "src0", src0, loc),                             \
                             c::UbView<E>(#NAME, "src1", src1, loc), uint64_t{0}, r, p, loc);    \
  }
AICORE_RAW_BINARY(vadd, Add)
AICORE_RAW_BINARY(vsub, Sub)
AICORE_RAW_BINARY(vmul, Mul)
AICORE_RAW_BINARY(vmax, Max)
AICORE_RAW_BINARY(vmin, Min)
#undef AICORE_RAW_BINARY

#define AICORE_RAW_SCALAR(NAME, INSTR)                                                             \
  template <class T>                                                                               \
  inline void NAME(__ubuf__ T* dst, __ubuf__ T* src, std::remove_cv_t<T> scalar, int64_t repeat, \
                   int64_t dstBlkStride, int64_t srcBlkStride, int64_t dstRepStride,               \
                   int64_t srcRepStride, aicore::SrcLoc loc = aicore::SrcLoc::Current()) {         \
    namespace c = aicore::compat;                                                                  \
    using E = std::remove_cv_t<T>;                                                                 \
    const int32_t r = c::RepeatField(#NAME, repeat, loc);                                          \
    const auto p = c::UnaryFields(#NAME, dstBlkStride, srcBlkStride, dstRepStride, srcRepStride,   \
                                  loc);                                                            \
    AscendC::INSTR<E, false>(c::UbView<E>(#NAME, "destination", dst, loc),                         \
                             c::UbView<E>(#NAME, "source", src, loc), scalar, uint64_t{0}, r, p,   \
                             loc);                                                                 \
  }
AICORE_RAW_SCALAR(vadds, Adds)
AICORE_RAW_SCALAR(vmuls, Muls)
#undef AICORE_RAW_SCALAR

template <class T>
inline void vector_dup(__ubuf__ T* dst, std::remove_cv_t<T> scalar, int64_t repeat,
                       int64_t dstBlkStride, int64_t srcBlkStride, int64_t dstRepStride,
                       int64_t srcRepStride, aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  namespace c = aicore::compat;
  using E = std::remove_cv_t<T>;
  const char* api = "vector_dup";
  const int32_t r = c::RepeatField(api, repeat, loc);
  const auto p = c::UnaryFields(api, dstBlkStride, srcBlkStride, dstRepStride, srcRepStride, loc);
  AscendC::Duplicate<E, false>(c::UbView<E>(api, "destination", dst, loc), scalar, uint64_t{0}, r,
                               p.dstBlkStride, p.dstRepStride, loc);
}

#define AICORE_RAW_VCONV(NAME, D, S, MODE)                                                        \
  inline void NAME(__ubuf__ D* dst, __ubuf__ S* src, int64_t repeat, int64_t dstBlkStride,        \
                   int64_t srcBlkStride, int64_t dstRepStride, int64_t srcRepStride,              \
                   aicore::SrcLoc loc = aicore::SrcLoc::Current()) {                              \
    namespace c = aicore::compat;                                                                 \
    const int32_t r = c::RepeatField(#NAME, repeat, loc);                                         \
    const auto p = c::UnaryFields(#NAME, dstBlkStride, srcBlkStride, dstRepStride, srcRepStride,  \
                                  loc);                                                           \
    AscendC::Cast<D, S, false>(c::UbView<D>(#NAME, "destination", dst, loc),                      \
                               c::UbView<S>(#NAME, "source", src, loc),                           \
                               AscendC::RoundMode::MODE, uint64_t{0}, r, p, loc);                 \
  }
AICORE_RAW_VCONV(vconv_f162f32, float, half, CAST_NONE)
AICORE_RAW_VCONV(vconv_bf162f32, float, bfloat16_t, CAST_NONE)
AICORE_RAW_VCONV(vconv_s162f32, float, int16_t, CAST_NONE)
AICORE_RAW_VCONV(vconv_s322f32, float, int32_t, CAST_NONE)
AICORE_RAW_VCONV(vconv_s162f16, half, int16_t, CAST_NONE)
AICORE_RAW_VCONV(vconv_f322s32r, int32_t, float, CAST_RINT)
AICORE_RAW_VCONV(vconv_f322s32a, int32_t, float, CAST_ROUND)
AICORE_RAW_VCONV(vconv_f322s32f, int32_t, float, CAST_FLOOR)
AICORE_RAW_VCONV(vconv_f322s32c, int32_t, float, CAST_CEIL)
AICORE_RAW_VCONV(vconv_f322s32z, int32_t, float, CAST_TRUNC)
AICORE_RAW_VCONV(vconv_f162s32r, int32_t, half, CAST_RINT)
AICORE_RAW_VCONV(vconv_f322f16r, half, float, CAST_RINT)
AICORE_RAW_VCONV(vconv_f322bf16r, bfloat16_t, float, CAST_RINT)
AICORE_RAW_VCONV(vconv_f322s16r, int16_t, float, CAST_RINT)
#undef AICORE_RAW_VCONV

#define AICORE_RAW_VCMP(MODE, CMP)                                                                 \
  template <class T>                                                                               \
  inline void vcmpv_##MODE(__ubuf__ uint8_t* dst, __ubuf__ T* src0, __ubuf__ T* src1,              \
                           int64_t repeat, int64_t dstBlkStride, int64_t src0BlkStride,            \
                           int64_t src1BlkStride, int64_t dstRepStride, int64_t src0RepStride,     \
                           int64_t src1RepStride,                                                  \
                           aicore::SrcLoc loc = aicore::SrcLoc::Current()) {                       \
    namespace c = aicore::compat;                                                                  \
    using E = std::remove_cv_t<T>;                                                                 \
    const char* api = "vcmpv_" #MODE;                                                              \
    const auto r = static_cast<uint8_t>(c::RepeatField(api, repeat, loc));                         \
    const auto p = c::BinaryFields(api, dstBlkStride, src0BlkStride, src1BlkStride, dstRepStride,  \
                                   src0RepStride, src1RepStride, loc);                             \
    AscendC::Compare<E, uint8_t, false>(c::UbView<uint8_t>(api, "destination", dst, loc),          \
                                        c::UbView<E>(api, "src0", src0, loc),                      \
                                        c::UbView<E>(api, "src1", src1, loc),                      \
                                        AscendC::CMPMODE::CMP, uint64_t{0}, r, p, loc);            \
  }                                                                                                \
  template <class T>                                                                               \
  inline void vcmpvs_##MODE(__ubuf__ uint8_t* dst, __ubuf__ T* src, std::remove_cv_t<T> scalar,    \
                            int64_t repeat, int64_t dstBlkStride, int64_t srcBlkStride,            \
                            int64_t dstRepStride, int64_t srcRepStride,                            \
                            aicore::SrcLoc loc = aicore::SrcLoc::Current()) {                      \
    namespace c = aicore::compat;                                                                  \
    using E = std::remove_cv_t<T>;                                                                 \
    const char* api = "vcmpvs_" #MODE;                                                             \
    const auto r = static_cast<uint8_t>(c::RepeatField(api, repeat, loc));                         \
    const auto p = c::UnaryFields(api, dstBlkStride, srcBlkStride, dstRepStride, srcRepStride,     \
                                  loc);                                                            \
    AscendC::CompareScalar<E, uint8_t, false>(c::UbView<uint8_t>(api, "destination", dst, loc),    \
                                              c::UbView<E>(api, "source", src, loc), scalar,       \
                                              AscendC::CMPMODE::CMP, uint64_t{0}, r, p, loc);      \
  }                                                                                                \
  template <class T>                                                                               \
  inline void vcmp_##MODE(__ubuf__ T* src0, __ubuf__ T* src1, int64_t repeat,                      \
                          int64_t dstBlkStride, int64_t src0BlkStride, int64_t src1BlkStride,      \
                          int64_t dstRepStride, int64_t src0RepStride, int64_t src1RepStride,      \
                          aicore::SrcLoc loc = aicore::SrcLoc::Current()) {                        \
    namespace c = aicore::compat;                                                                  \
    using E = std::remove_cv_t<T>;                                                                 \
    const char* api = "vcmp_" #MODE;                                                               \
    if (AICORE_UNLIKELY(repeat != 1)) {                                                            \
      aicore::detail::Enter(api, loc);                                                             \
      aicore::detail::Fail(aicore::ErrorKind::kParameter, api, loc,                                \
                           "repeat " + std::to_string(repeat) +                                    \
                               " is not 1 (one repeat fills the CMPMASK register)");               \
    }                                                                                              \
    const auto p = c::BinaryFields(api, dstBlkStride, src0BlkStride, src1BlkStride, dstRepStride,  \
                                   src0RepStride, src1RepStride, loc);                             \
    AscendC::Compare<E, false>(c::UbView<E>(api, "src0", src0, loc),                               \
                               c::UbView<E>(api, "src1", src1, loc), AscendC::CMPMODE::CMP,        \
                               uint64_t{0}, p, loc);                                               \
  }
AICORE_RAW_VCMP(lt, LT)
AICORE_RAW_VCMP(gt, GT)
AICORE_RAW_VCMP(eq, EQ)
AICORE_RAW_VCMP(le, LE)
AICORE_RAW_VCMP(ge, GE)
AICORE_RAW_VCMP(ne, NE)
#undef AICORE_RAW_VCMP

template <class T>
inline void set_cmpmask(__ubuf__ T* src, aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  AscendC::SetCmpMask(aicore::compat::UbView<uint8_t>("set_cmpmask", "source", src, loc), loc);
}

template <class T>
inline void vsel(__ubuf__ T* dst, __ubuf__ T* src0, __ubuf__ T* src1, int64_t repeat,
                 int64_t dstBlkStride, int64_t src0BlkStride, int64_t src1BlkStride,
                 int64_t dstRepStride, int64_t src0RepStride, int64_t src1RepStride,
                 int64_t mode = 0, aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  aicore::compat::SelBuiltin("vsel", dst, src0, src1, repeat, dstBlkStride, src0BlkStride,
                             src1BlkStride, dstRepStride, src0RepStride, src1RepStride, mode, loc);
}
// vsel(dst, src0, selMask, ..., VSEL_TENSOR_SCALAR_MODE): the mask pointer's
// own type (the vendor passes __ubuf__ U* sel as the third operand).
template <class T, class U, class = std::enable_if_t<!std::is_same_v<T, U>>>
inline void vsel(__ubuf__ T* dst, __ubuf__ T* src0, __ubuf__ U* selMask, int64_t repeat,
                 int64_t dstBlkStride, int64_t src0BlkStride, int64_t src1BlkStride,
                 int64_t dstRepStride, int64_t src0RepStride, int64_t src1RepStride, int64_t mode,
                 aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  aicore::compat::SelBuiltin("vsel", dst, src0, reinterpret_cast<T*>(selMask), repeat,
                             dstBlkStride, src0BlkStride, src1BlkStride, dstRepStride,
                             src0RepStride, src1RepStride, mode, loc);
}

inline void set_mov_pad_val(uint64_t val) { aicore::compat::MovPadVal() = val; }

#define AICORE_RAW_PAD_COPY(BITS)                                                                  \
  template <class D, class S>                                                                      \
  inline void copy_gm_to_ubuf_align_b##BITS(                                                       \
      __ubuf__ D* dst, __gm__ S* src, int64_t sid, int64_t nBurst, int64_t lenBurst,               \
      int64_t leftPaddingNum, int64_t rightPaddingNum, int64_t srcGap, int64_t dstGap,             \
      aicore::SrcLoc loc = aicore::SrcLoc::Current()) {                                            \
    (void)sid;                                                                                     \
    aicore::compat::CopyGmToUbAlign<BITS / 8>("copy_gm_to_ubuf_align_b" #BITS, dst, src, nBurst,   \
                                              lenBurst, leftPaddingNum, rightPaddingNum, srcGap,   \
                                              dstGap, loc);                                        \
  }                                                                                                \
  template <class D, class S>                                                                      \
  inline void copy_ubuf_to_gm_align_b##BITS(                                                       \
      __gm__ D* dst, __ubuf__ S* src, int64_t sid, int64_t nBurst, int64_t lenBurst,               \
      int64_t leftPaddingNum, int64_t rightPaddingNum, int64_t srcGap, int64_t dstGap,             \
      aicore::SrcLoc loc = aicore::SrcLoc::Current()) {                                            \
    (void)sid;                                                                                     \
    aicore::compat::CopyUbToGmAlign<BITS / 8>("copy_ubuf_to_gm_align_b" #BITS, dst, src, nBurst,   \
                                              lenBurst, leftPaddingNum, rightPaddingNum, srcGap,   \
                                              dstGap, loc);                                        \
  }
AICORE_RAW_PAD_COPY(16)
AICORE_RAW_PAD_COPY(32)
#undef AICORE_RAW_PAD_COPY

// ---------------------------------------------------------------------------
// System calls of namespace AscendC.

namespace AscendC {

enum class DcciDst : uint64_t { CACHELINE_ALL = 0, CACHELINE_UB, CACHELINE_OUT, CACHELINE_ATOMIC };

// dcci on a GM or UB tensor: nothing to do on the CPU.
template <typename T, CacheLine entireType, DcciDst dcciDst>
inline void DataCacheCleanAndInvalid(const GlobalTensor<T>& dst) {
  (void)dst;
}
template <typename T, CacheLine entireType, DcciDst dcciDst>
inline void DataCacheCleanAndInvalid(const LocalTensor<T>& dst) {
  (void)dst;
}
template <typename T, CacheLine entireType>
inline void DataCacheCleanAndInvalid(const GlobalTensor<T>& dst) {
  (void)dst;
}

template <typename T>
inline void DataCachePreload(const GlobalTensor<uint64_t>& src, const T cacheOffset) {
  static_assert(std::is_same_v<T, int16_t> || std::is_same_v<T, int64_t>,
                "DataCachePreload: cacheOffset is int16_t or int64_t");
  (void)src, (void)cacheOffset;
}
inline void ICachePreLoad(const int64_t preFetchLen) { (void)preFetchLen; }
inline int64_t GetICachePreloadStatus() { return 0; }

// The AI core architecture version, hexadecimal: 0x220 (__CCE_AICORE__ 220).
inline void GetArchVersion(uint32_t& coreVersion) { coreVersion = 0x220; }

inline void SetSyncBaseAddr(uint64_t config) { (void)config; }

// GetScalarBitcodeValue(v): the bits of v zero-extended to uint64_t (the
// vendor's utility, what kernels pass set_mov_pad_val); <T, U>: the bits of
// v as a U (the low bytes when U is narrower).
template <typename T>
inline uint64_t GetScalarBitcodeValue(T scalarValue) {
  static_assert(sizeof(T) <= sizeof(uint64_t), "GetScalarBitcodeValue: at most 8 bytes");
  uint64_t bits = 0;
  std::memcpy(&bits, static_cast<const void*>(&scalarValue), sizeof(T));
  return bits;
}
template <typename T, typename U>
inline U GetScalarBitcodeValue(T scalarValue) {
  U out{};
  std::memcpy(static_cast<void*>(&out), static_cast<const void*>(&scalarValue),
              sizeof(T) < sizeof(U) ? sizeof(T) : sizeof(U));
  return out;
}

// The cross-core flag ids the vendor's dav_c220 implementation reserves for
// its own synchronisation (kernels use them with CrossCoreSetFlag too), and
// the shifts of the config word.
constexpr uint16_t SYNC_AIV_FLAG = 12;
constexpr uint16_t SYNC_AIC_FLAG = 11;
constexpr uint16_t SYNC_AIC_AIV_FLAG = 13;
constexpr uint16_t SYNC_AIV_ONLY_ALL = 14;
constexpr uint16_t SYNC_MODE_SHIFT_VALUE = 4;
constexpr uint16_t SYNC_FLAG_SHIFT_VALUE = 8;

// The config word of ffts_cross_core_sync.
inline uint16_t GetffstMsg(uint16_t mode, uint16_t flagId) {
  return static_cast<uint16_t>(0x1 + ((mode & 0x3) << SYNC_MODE_SHIFT_VALUE) +
                               ((flagId & 0xF) << SYNC_FLAG_SHIFT_VALUE));
}

// The 910B's forms (kernel_operator_block_sync_intf_impl.h): NotifyEvent is
// CrossCoreSetFlag in mode 2 (a cube block and its vector blocks), WaitEvent
// CrossCoreWaitFlag in mode 0.
template <pipe_t pipe>
inline void NotifyEvent(uint16_t flagId, aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  CrossCoreSetFlag<2, pipe>(flagId, loc);
}
template <pipe_t pipe = PIPE_S>
inline void WaitEvent(uint16_t flagId, aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  CrossCoreWaitFlag<0, pipe>(flagId, loc);
}

// Deprecated: Fill.
template <typename T>
inline void InitOutput(GlobalTensor<T> gmWorkspaceAddr, uint32_t size, T value = 0,
                       aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  Fill(gmWorkspaceAddr, size, value, loc);
}

// Barrier(): the vendor's compiler barrier (kfc_comm.h), which kernels call
// after SyncAll (ops-math's reduce_prod_v2): orders nothing more on the CPU.
inline void Barrier() { std::atomic_signal_fence(std::memory_order_seq_cst); }

// Implementation functions of the vendor's headers that public kernels call
// by name (ops-math's diag_flat, ops-nn's ge_glu_grad_v2, scatter_elements_v2,
// layer_norm_grad_v3): the GM / UB copies and TransDataTo5HD on raw pointers,
// each the documented instruction on views of them (UbView: the pointer must
// lie in this block's UB), with its checks; errors name the Impl function.
template <typename T>
inline void DataCopyGM2UBImpl(__ubuf__ T* dst, __gm__ T* src, const DataCopyParams& intriParams,
                              aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  DataCopy(aicore::compat::UbView<T>("DataCopyGM2UBImpl", "destination", dst, loc),
           aicore::compat::GmView<T>(src), intriParams, loc);
}
template <typename T>
inline void DataCopyUB2GMImpl(__gm__ T* dst, __ubuf__ T* src, const DataCopyParams& intriParams,
                              aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  DataCopy(aicore::compat::GmView<T>(dst),
           aicore::compat::UbView<T>("DataCopyUB2GMImpl", "source", src, loc), intriParams, loc);
}
// MmadImpl: Mmad (the vendor's implementation name; errors name Mmad, as
// the vendor's checks do).
template <typename T, typename U, typename S>
inline void MmadImpl(const LocalTensor<T>& dst, const LocalTensor<U>& fm, const LocalTensor<S>& filter,
                     const MmadParams& mmadParams, aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  Mmad(dst, fm, filter, mmadParams, loc);
}
template <typename T, typename U, typename S, typename V>
inline void MmadImpl(const LocalTensor<T>& dst, const LocalTensor<U>& fm, const LocalTensor<S>& filter,
                     const LocalTensor<V>& bias, const MmadParams& mmadParams,
                     aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  Mmad(dst, fm, filter, bias, mmadParams, loc);
}

template <typename T>
inline void DataCopyUB2UBImpl(__ubuf__ T* dst, __ubuf__ T* src, const DataCopyParams& intriParams,
                              aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  DataCopy(aicore::compat::UbView<T>("DataCopyUB2UBImpl", "destination", dst, loc),
           aicore::compat::UbView<T>("DataCopyUB2UBImpl", "source", src, loc), intriParams, loc);
}
template <typename T>
inline void DataCopyPadGm2UBImpl(__ubuf__ T* dst, __gm__ T* src, const DataCopyParams& intriParams,
                                 const DataCopyPadParams& padParams,
                                 aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  DataCopyPad(aicore::compat::UbView<T>("DataCopyPadGm2UBImpl", "destination", dst, loc),
              aicore::compat::GmView<T>(src), intriParams, padParams, loc);
}
template <typename T>
inline void DataCopyPadGm2UBImpl(__ubuf__ T* dst, __gm__ T* src,
                                 const DataCopyExtParams& intriParams,
                                 const DataCopyPadExtParams<T>& padParams,
                                 aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  DataCopyPad(aicore::compat::UbView<T>("DataCopyPadGm2UBImpl", "destination", dst, loc),
              aicore::compat::GmView<T>(src), intriParams, padParams, loc);
}
template <typename T>
inline void DataCopyPadUB2GMImpl(__gm__ T* dst, __ubuf__ T* src, const DataCopyParams& intriParams,
                                 aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  DataCopyPad(aicore::compat::GmView<T>(dst),
              aicore::compat::UbView<T>("DataCopyPadUB2GMImpl", "source", src, loc), intriParams,
              loc);
}
template <typename T>
inline void DataCopyPadUB2GMImpl(__gm__ T* dst, __ubuf__ T* src,
                                 const DataCopyExtParams& intriParams,
                                 aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  DataCopyPad(aicore::compat::GmView<T>(dst),
              aicore::compat::UbView<T>("DataCopyPadUB2GMImpl", "source", src, loc), intriParams,
              loc);
}
template <typename T>
inline void TransDataTo5HDImpl(uint64_t dstList[NCHW_CONV_ADDR_LIST_SIZE],
                               uint64_t srcList[NCHW_CONV_ADDR_LIST_SIZE],
                               const TransDataTo5HDParams& transDataTo5HDParams,
                               aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  TransDataTo5HD<T>(dstList, srcList, transDataTo5HDParams, loc);
}
template <typename T>
inline void TransDataTo5HDImpl(__ubuf__ T* dstList[NCHW_CONV_ADDR_LIST_SIZE],
                               __ubuf__ T* srcList[NCHW_CONV_ADDR_LIST_SIZE],
                               const TransDataTo5HDParams& transDataTo5HDParams,
                               aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  uint64_t d[NCHW_CONV_ADDR_LIST_SIZE], s[NCHW_CONV_ADDR_LIST_SIZE];
  for (int i = 0; i < NCHW_CONV_ADDR_LIST_SIZE; ++i) {
    d[i] = reinterpret_cast<uintptr_t>(dstList[i]);
    s[i] = reinterpret_cast<uintptr_t>(srcList[i]);
  }
  TransDataTo5HD<T>(d, s, transDataTo5HDParams, loc);
}

}  // namespace AscendC

namespace aicore {
namespace compat {

// IBSet/IBWait: the slot of (blockIdx, eventID) is the int32_t at 32-byte
// block blockNum * eventID + blockIdx of the GM workspace (blockNum:
// GetBlockNum(), times 2 with isAIVOnly false); IBSet stores eventID + 1
// there, IBWait waits until it reads that value.
template <bool isAIVOnly>
int32_t* IbSlot(const char* api, const ::AscendC::GlobalTensor<int32_t>& gm,
                const ::AscendC::LocalTensor<int32_t>& ub, int32_t blockIdx, int32_t eventID,
                SrcLoc loc) {
  detail::Enter(api, loc);
  const int64_t n = ::AscendC::GetBlockNum() * (isAIVOnly ? 1 : 2);
  if (AICORE_UNLIKELY(blockIdx < 0 || blockIdx >= n)) {
    detail::Fail(ErrorKind::kParameter, api, loc,
                 "blockIdx " + std::to_string(blockIdx) + " is outside [0, " + std::to_string(n) +
                     ") (the cores taking part)");
  }
  if (AICORE_UNLIKELY(eventID < 0)) {
    detail::Fail(ErrorKind::kParameter, api, loc,
                 "eventID " + std::to_string(eventID) + " is negative");
  }
  if (AICORE_UNLIKELY(ub.GetSize() * sizeof(int32_t) < 32)) {
    detail::Fail(ErrorKind::kParameter, api, loc,
                 "ubWorkspace holds " + std::to_string(ub.GetSize() * sizeof(int32_t)) +
                     " bytes, fewer than the 32 it needs");
  }
  const uint64_t slot = (static_cast<uint64_t>(n) * eventID + blockIdx) * 8;
  gm.CheckRange(api, slot, 8, loc);
  return gm.GetPhyAddr() + slot;
}

// An IBWait that saw block blockIdx's IBSet orders the waiter after the
// setter for racecheck (event kIbWait, under the coop mutex or, in a launch
// without one, the IB mutex). blockIdx counts the vector blocks.
AICORE_COLD inline void IbEmitWait(detail::CoreContext& core, int32_t blockIdx, SrcLoc loc) {
  const int64_t setter = static_cast<int64_t>(core.task) - core.block_idx + blockIdx;
  if (blockIdx >= core.block_num || setter < 0) return;
  static std::mutex ib_mutex;
  std::unique_lock<std::mutex> lock(core.launch->coop != nullptr ? core.launch->coop->mu : ib_mutex);
  detail::EmitOrder(core, instrument::EventKind::kIbWait, 0, static_cast<int>(setter), loc);
}

inline std::chrono::milliseconds IbWaitLimit() {
  const auto w = GetWatchdogTimeout();
  return w.count() > 0 ? w : std::chrono::milliseconds(10000);
}

}  // namespace compat
}  // namespace aicore

namespace AscendC {

template <bool isAIVOnly = true>
inline void IBSet(const GlobalTensor<int32_t>& gmWorkspace, const LocalTensor<int32_t>& ubWorkspace,
                  int32_t blockIdx, int32_t eventID,
                  aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  int32_t* s = aicore::compat::IbSlot<isAIVOnly>("IBSet", gmWorkspace, ubWorkspace, blockIdx,
                                                  eventID, loc);
  reinterpret_cast<std::atomic<int32_t>*>(s)->store(eventID + 1, std::memory_order_release);
}

// Waits for the IBSet of (blockIdx, eventID); a set that does not come within
// the watchdog limit (10 s by default) is reported (the NPU would hang).
template <bool isAIVOnly = true>
inline void IBWait(const GlobalTensor<int32_t>& gmWorkspace, const LocalTensor<int32_t>& ubWorkspace,
                   int32_t blockIdx, int32_t eventID,
                   aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  int32_t* s = aicore::compat::IbSlot<isAIVOnly>("IBWait", gmWorkspace, ubWorkspace, blockIdx,
                                                  eventID, loc);
  const auto* a = reinterpret_cast<const std::atomic<int32_t>*>(s);
  const auto limit = aicore::compat::IbWaitLimit();
  const auto start = std::chrono::steady_clock::now();
  while (a->load(std::memory_order_acquire) != eventID + 1) {
    if (std::chrono::steady_clock::now() - start > limit) {
      aicore::detail::Fail(aicore::ErrorKind::kSync, "IBWait", loc,
                           "IBWait(blockIdx " + std::to_string(blockIdx) + ", eventID " +
                               std::to_string(eventID) + ") saw no IBSet with the same arguments in " +
                               std::to_string(limit.count()) +
                               " ms (the NPU would hang here; is the GM workspace zeroed?)");
    }
    std::this_thread::yield();
  }
  aicore::detail::CoreContext& core = *aicore::detail::t_core;
  if (AICORE_UNLIKELY(core.instr != 0)) aicore::compat::IbEmitWait(core, blockIdx, loc);
}

}  // namespace AscendC
