// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// The high-level Matmul (kernel side): C = A x B (+ bias) for the part of
// the problem one block computes (singleCoreM x singleCoreN x singleCoreK),
// in base blocks of baseM x baseN, as the vendor's lib/matmul_intf.h.
//
//   AscendC::Matmul<A, B, C, BIAS = C, MM_CFG = CFG_NORM, MM_CB, POLICY>
//   (also MatmulImpl), A/B/C/BIAS = MatmulType<TPosition, CubeFormat, T, isTrans, ...>
//     (MM_CFG: a MatmulConfig, or a MatmulApiStaticTiling from GetMatmulApiTiling;
//     one with its single-core shape set is the tiling, and Init's may be null)
//     Init(&tiling, pipe), SetOrgShape(M, N, K) / (M, N, Ka, Kb, Kc = 0),
//     SetSingleShape(m, n, k), SetTail(m = -1, n = -1, k = -1),
//     SetTensorA/B(GlobalTensor | LocalTensor (VECOUT/TSCM) | scalar, isTranspose = false),
//     SetBias(GlobalTensor | LocalTensor), DisableBias / ClearBias,
//     Iterate<sync = true>(enPartialSum = false) -> bool,
//     Iterate<sync>(enPartialSum, LocalTensor co1) (C at TPosition::CO1, NZ),
//     GetTensorC<sync = true>(LocalTensor | GlobalTensor | both, enAtomic = 0, enSequentialWrite = false),
//     GetTensorC<false>() -> GlobalTensor (the block in the SetWorkspace workspace),
//     IterateAll<sync = true>(GlobalTensor, enAtomic = 0, enSequentialWrite = false,
//                             waitIterateAll = false, fakeMsg = false),
//     IterateAll<sync>(LocalTensor, enAtomic = 0), WaitIterateAll(), End(),
//     SetWorkspace(GlobalTensor | gm pointer, size), SetLocalWorkspace(LocalTensor<uint8_t>),
//     SetBatchNum(batchA, batchB), IterateBatch<sync = true, waitIterateBatch = false>(
//       GlobalTensor | LocalTensor, batchA, batchB, enSequentialWrite, matrixStrideA = 0,
//       matrixStrideB = 0, matrixStrideC = 0, enPartialSum = false, enAtomic = 0) (mix mode),
//     IterateBatch(GlobalTensor | LocalTensor, enPartialSum, enAtomic, enSequentialWrite,
//       matrixStrideA = 0, matrixStrideB = 0, matrixStrideC = 0) (pure cube mode, after SetBatchNum),
//     WaitIterateBatch(), IterateNBatch<sync, waitIterateBatch>(batchLoop, batchA, batchB,
//       enSequentialWrite, matrixStrideA = 0, matrixStrideB = 0, matrixStrideC = 0),
//     GetBatchTensorC<false>(batchA, batchB, enSequentialWrite = false) -> GlobalTensor,
//     GetBatchTensorC<false>(LocalTensor, batchA, batchB, enSequentialWrite = false), GetBatchC (both),
//     SetQuantScalar(uint64_t) / SetQuantVector(GlobalTensor<uint64_t> | LocalTensor<uint64_t>)
//       (int8 x int8 or int4 x int4 -> half: (V)DEQF16; int8 -> int8_t: (V)REQ8; half / bfloat16_t -> int8_t:
//       (V)QF322B8_PRE), SetHF32(enable, transMode), SetSubBlockIdx /
//     GetSubBlockIdx, GetOffsetC, SetSelfDefineData, SetUserDefInfo.
//   Registration: aicore::lib::RegistMatmulObj (REGIST_MATMUL_OBJ in
//   lib/matmul_intf.h), up to 4 objects.
//
// Numerics. A base block's C elements are computed by one
// aicore::simd::Gemm call over the block's whole K (singleCoreK): bias (or
// 0) first, then the products in increasing k order, accumulated in float
// (int32_t for int8_t), as simd/gemm.h's contract states. int4b_t A and B
// (two elements a byte, the lower index in the low nibble; A not
// transposed, as on Atlas A2; the inner axes of even length; NZ fractals of
// 16 x 64): each block's A rows and B columns are unpacked to int8_t and
// multiplied by the int8_t Gemm, the same exact int32_t sums. The NPU's chain
// for that block -- L1 and L0 tiles of baseK, Mmad into L0C with the first
// step initialising (from the bias table or 0) and later steps accumulating
// -- adds the same products to the same accumulator in the same k order,
// so it gives the same bits: a Gemm over k in [0, K) equals Gemm over
// [0, k1) followed by kAccumulate Gemms over [k1, k2), ... (tested, bit for
// bit, in tests/unit/lib/test_matmul.cpp). For the same reason IterateAll
// into a float / int32_t ND C (no atomic, no ReLU, not sequential) computes
// the whole single-core C in one Gemm call, straight into place: the same
// bits as block by block, without the per-block packing. C then leaves "L0C" through the
// fixpipe conversion: float as is, half / bfloat16_t rounded to nearest
// even, int32_t as is; the quantised outputs -- int32_t -> half (DEQF16),
// int32_t -> int8_t (REQ8), float -> int8_t (QF322B8_PRE), per column
// (VDEQF16, VREQ8, VQF322B8_PRE) with SetQuantVector -- through the cube's
// Fixpipe conversion (aicore::detail::FixConvert in cube/fixpipe.h: the
// 19-bit scale, the offset and sign bits, saturation, round to nearest
// even). MatmulConfig::enableRelu applies max(x, 0) first, as Fixpipe's
// reluEn does (for the quantised outputs: Fixpipe's ReLU, a zero scale for
// negative values).
//
// Placement of C:
//   GM, ND / ND_ALIGN: element (r, c) of the block at row (m0 + r) of the
//     GlobalTensor, row stride Kc (SetOrgShape) or N, rounded up to 32 bytes
//     for ND_ALIGN; NZ: fractals of 16 x 16 elements (int8_t: 16 x 32,
//     baseN and singleCoreN multiples of 32), columns of M rows, not
//     round16(M) (the vendor's CopyOutNZ2NZ for dav_c220: dstStride and
//     block offsets from the original M; only the block's rows written).
//   UB or TSCM (GetTensorC / IterateAll into a LocalTensor): the same inside
//     a singleCoreM x singleCoreN matrix (NZ: columns of singleCoreM rows),
//     as the reference documents ("non-sequential: its place in
//     [singleCoreM, singleCoreN]"). The vendor's client has the cube write
//     the GM image (original M / N strides) and copies it to UB; TSCM gets
//     the same image through Fixpipe: both are this placement when the
//     original shape is the single-core one.
//   enSequentialWrite: the block alone, dense (ND: rows of its width, NZ:
//     round16(its height) rows), at the destination's start for
//     GetTensorC, and block i at element i * baseM * baseN for IterateAll.
//   enAtomic 1 / 2 / 3: add / max / min into the destination (GM:
//     atomically with respect to the other blocks, the same striped locks as
//     SetAtomicAdd copies), computed in the destination type as the
//     atomic copies are (ops/atomic.h).
// Iterate order: MatmulConfig::iterateOrder when not UNDEF, else the
// tiling's iterateOrder: 0 moves along M first (block i is row block
// i % mIter, column block i / mIter), 1 along N first.
//
// IterateBatch (ND A, B and C; A and B declare one batch layout in their
// MatmulType, C declares one too). batchC = max(batchA, batchB); one count
// must be a multiple of the other, and the smaller is broadcast: batch i
// uses A[i / (batchC / batchA)] and B[i / (batchC / batchB)], each batch
// computed by the IterateAll code with the operands moved to its matrices,
// so the result is bit-identical to a loop of IterateAll calls.
//   NORMAL (BMNK; host: SetBatchInfoForNormal): matrix j of A at
//     j * matrixStrideA elements (0: M * Ka), of B at j * matrixStrideB
//     (0: Kb * N), rows with the original shape's strides.
//   BNGS1S2 (host: SetALayout / SetBLayout / SetCLayout / SetBatchNum):
//     dense S x D matrices, placed as NORMAL.
//   BSNGD [B, S, N, G, D]: a matrix is S x D with rows N * G * D apart;
//     the matrices of a call D apart (or matrixStride), along N * G (a call
//     stays within one B index: N * G a multiple of the batch count).
//   SBNGD [S, B, N, G, D]: rows B * N * G * D apart, matrices D apart.
//   The layout's S x D must be the stored matrix (A: M x Ka, transposed
//   Ka x M; B: Kb x N, transposed N x Kb), and ALayoutInfoG / batchA =
//   BLayoutInfoG / batchB (the G axis broadcasts), as the reference states.
//   C: NORMAL / BNGS1S2 batch i at i * M * N (GM; N rounded up to 32 bytes
//   for ND_ALIGN, to 16 for NZ), i * singleCoreM * singleCoreN (UB; the
//   same roundings), or i * (blocks * baseM * baseN) with
//   enSequentialWrite; NZ C (NORMAL / BNGS1S2, as the vendor's batch copy;
//   N a multiple of 16 for a 16-bit C in GM) each matrix in NZ with its
//   fractal columns M (UB: singleCoreM) rows apart, as IterateAll's;
//   BSNGD / SBNGD (ND, GM or UB, not sequential) batch i
//   at i * CLayoutInfoS2, rows CLayoutInfoN * G * S2 (SBNGD: B * N * G *
//   S2) apart, the same in UB (the vendor's client copies the cube's GM
//   image of C to UB). CLayoutInfoG 1 with A's or B's G > 1: the G batches
//   sum into one C matrix (atomic add: zero C first; enAtomic 2 / 3: max /
//   min instead, the vendor setting that mode over its add).
// The bias of batch i at i * N (MatmulConfig::isBiasBatch, the default;
// else one bias for all); with the G reduce, the bias (its first row) goes
// into the call's first batch only: C matrices after the call's first get
// none (the vendor's scheduler stops the bias at batch 1). max(batchA,
// batchB) must not exceed the tiling's BatchNum. matrixStrideC is reserved by the reference and ignored. Async
// IterateBatch<false> computes at once (WaitIterateBatch checks the
// pairing).
// IterateNBatch(batchLoop, batchA, batchB, ...) (MatmulConfig::isNBatch):
// batchLoop IterateBatch calls, loop l from A's matrix l * batchA (its
// place in A's layout), B's l * batchB, the bias l * batchC * N; C into the
// SetWorkspace workspace as dense slices of batchC matrices of singleCoreM
// x singleCoreN (C NORMAL / BNGS1S2), which GetBatchTensorC<false> /
// GetBatchC hand out in order (GlobalTensor, or copied to a UB tensor).
// enPartialSum = true (singleCoreM <= baseM and singleCoreN <= baseN: one
// base block per batch, as the reference requires): each batch's block
// adds to what L0C holds -- the previous batch's block; for the first, the
// last block of the Iterate / IterateBatch before -- without the bias, as
// the vendor's batch scheduler with one L0C buffer does; with the G reduce
// each batch's L0C (so the running sum) is added to its C matrix.
// NZ A / B (NORMAL and BNGS1S2, IterateBatch and IterateNBatch): whole NZ
// matrices one after another, round16(stored rows) x stored columns rounded
// up to C0 elements apart (matrixStrideA / B unused, as the vendor's NZ
// batch copy); BSNGD / SBNGD take ND only, as the reference states.
// Not done (KernelErrors): NZ C, 16-bit, in GM with N not a multiple of 16
// (the vendor's matrices overlap: see CheckNzBatchC), BSNGD / SBNGD C in the
// IterateNBatch workspace; batch broadcast along N or B (A's and B's B / N
// axes must agree).

// Mixed kernels (the vendor's separated cube/vector mode). On the NPU the
// vector blocks drive the Matmul and the cube blocks only serve their
// requests: REGIST_MATMUL_OBJ makes the cube blocks run a server loop and
// return. On the CPU every vector block computes its own Iterate /
// IterateAll itself (its GetBlockIdx-based part, as its requests would have
// asked its cube block for), and REGIST_MATMUL_OBJ returns on the cube
// blocks of a mixed launch (1:1 and 1:2) at once, their whole job being
// done by the vector blocks. With ASCENDC_CUBE_ONLY defined (pure cube mode),
// or in a launch of cube blocks only, the block that calls it computes, as
// on the NPU. A Matmul call on a cube block after REGIST_MATMUL_OBJ returned
// there (the macro placed in a helper, whose return does not end the
// kernel) is a KernelError.
//
// Errors (KernelError naming the kernel, block, API, file:line): use before
// REGIST_MATMUL_OBJ / Init; a tiling that breaks a rule of the SoC profile
// (aicore::lib::CubeTilingProblem: L1 / L0A / L0B / L0C / bias-table fit,
// alignment, ranges); SetOrgShape / SetSingleShape / SetTail sizes <= 0 or
// beyond the original shape; Iterate / IterateAll without SetTensorA/B; a
// bias enabled by the tiling but never set; SetBias with isBias = 0 in the
// tiling; A, B, bias or C ranges beyond their GlobalTensor or LocalTensor;
// a LocalTensor at a position its MatmulType does not allow; GetTensorC
// without a computed block; enPartialSum with more than one block; async
// misuse (more GetTensorC<false> than blocks, GetTensorC<false>() without
// SetWorkspace, WaitIterateAll without IterateAll<false>(..., true));
// a quantised C without a quantization scale, SetQuantScalar/Vector on a
// Matmul that does not quantise, a quantization vector shorter than N; batch calls: see the list in
// README (Matmul and its tiling > Errors): undeclared or mismatched
// layouts, layout fields missing or disagreeing with the shapes, batch
// counts beyond the tiling's BatchNum or the tensors, IterateNBatch /
// GetBatchTensorC misuse.
//
// User callbacks (MM_CB = MatmulCallBackFunc<DataCopyOut, CopyA1, CopyB1>;
// SetUserDefInfo(tilingPtr) and SetSelfDefineData(dataPtr) give the last two
// arguments of each). With CopyA1 / CopyB1, each base block of C is computed
// over K in chunks that end where an L1 tile ends (the same bits, see
// Numerics), and the L1 tiles of an operand that is a GlobalTensor come from
// the callback. The tiles, as the vendor's copy-in stages them: Norm
// template, one base block (A: baseM x baseK, B: baseK x baseN); MDL
// (CFG_MDL, GetMDLConfig, GetSpecialMDLConfig: doMultiDataLoad /
// doSpecialMDL), stepM x stepKa base blocks of A and stepKb x stepN of B,
// tiles from the single-core origin in those steps, the last ones of each
// axis smaller. aicore calls CopyA1(a1, gm, row, col, useM, useK, tilingPtr,
// dataPtr) with a1 a LocalTensor<int8_t> at TPosition::A1 (L1, carved from
// the Matmul's TPipe), gm A's GlobalTensor address (SetTensorA's, or the
// batch's matrix), row / col the index in base blocks (A: M, K; B: K, N) of
// the tile's first base block (MDL: multiples of stepM / stepKa, stepKb /
// stepN), useM x useK its size (B: useK x useN). The callback must leave
// the tile in L1 as the library's own copy does: the tile as stored in GM (A
// transposed: useK x useM; B transposed: useN x useK) in NZ: fractal
// columns 32 bytes wide (C0 elements: 64 int4b_t), of that stored height
// rounded up to 16 rows, or to C0 for int8_t (32) and int4b_t (64) when the
// stored height is K (A transposed, B not transposed) (Nd2NzParams
// dstNzC0Stride, as DataCopy with Nd2NzParams writes it, int4b_t counted
// as bytes); an int8_t / int4b_t MDL tile over several base blocks whose
// stored width is not a multiple of C0 split as the vendor's copy splits
// it: each base block's columns its own such NZ matrix, roundC0(width) x
// roundC0(height) elements after the one before. Sizes (useM, useK, useN)
// are in elements, int4b_t too; an int4b_t tile is read from L1 unpacked to
// int8_t, as the other int4b_t sources. aicore calls a callback
// for each tile a block needs unless its buffer holds that tile from the
// call before (the NPU's L1 cache may call them less often: callbacks must
// not count on a number of calls).
// DataCopyOut(gm, co1, &params, tilingPtr, dataPtr) takes
// the place of each block's copy to a GM destination (IterateAll,
// GetTensorC, IterateBatch to GM): co1 holds the block in L0C (TPosition::CO1,
// NZ: 16-column fractal columns of round16(height) rows, float or int32_t,
// before any quantization), gm is where the library would put the block's
// (0, 0) (its place in C, or the destination's start when sequential),
// params a DataCopyOutParams (config.h) with the copy's sizes and strides;
// with a quantised C also quantMode (the Fixpipe QuantMode_t the library
// would use) and quantScalar (SetQuantScalar) or cbufWorkspaceAddr (the
// address of the block's columns' SetQuantVector parameters, copied into L1:
// nLen of them, NZ: rounded up to 16, the rest 0). enAtomic 1 / 2 / 3 sets
// the core's atomic add / max / min for C's type (as SetAtomicAdd<DstT> ...)
// around each call and SetAtomicNone after it, as the vendor does: the
// callback's Fixpipe / DataCopy to GM combine. UB destinations and the
// async workspace keep the library's own copy, as on the NPU (the callback
// is the L0C -> GM copy). Misuse: SetSelfDefineData after SetTensorA /
// SetTensorB (the reference requires it before them), SetUserDefInfo /
// SetSelfDefineData with MatmulConfig::enableMixDualMaster (KernelErrors).
//
// Not done: see IterateBatch above for its parts not done;
// anti-quant inputs (SetAntiQuant*: a KernelError: not on the 910B),
// int4b_t in IterateBatch / IterateNBatch (not a vendor API: a compile
// error),
// ScheduleType::OUTER_PRODUCT's two blocks per GetTensorC (one block).
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <mutex>
#include <string>
#include <tuple>
#include <type_traits>
#include <vector>

#include "aicore/base/error.h"
#include "aicore/base/half.h"
#include "aicore/base/types.h"
#include "aicore/instrument/event.h"
#include "aicore/lib/matmul/config.h"
#include "aicore/lib/matmul/sparse.h"
#include "aicore/lib/matmul/tiling_data.h"
#include "aicore/memory/global_tensor.h"
#include "aicore/memory/local_tensor.h"
#include "aicore/memory/pipe.h"
#include "aicore/ops/atomic.h"
#include "aicore/ops/check.h"
#include "aicore/runtime/context.h"
#include "aicore/simd/target.h"
// simd/gemm.h declares aicore::simd::detail, which hides aicore::detail
// from the `detail::` names of the aicore::simd code in these ops headers
// when they are parsed after it: they come first.
#include "aicore/ops/cast.h"
#include "aicore/ops/compare.h"
#include "aicore/ops/copy.h"
#include "aicore/ops/gather.h"
#include "aicore/ops/lane_io.h"
#include "aicore/ops/reduce.h"
#include "aicore/ops/repeat.h"
#include "aicore/ops/transpose.h"
#include "aicore/simd/gemm.h"
// The Fixpipe conversion of the quantised outputs (after the ops headers, as above).
#include "aicore/cube/fixpipe.h"
#include "aicore/cube/params.h"

namespace AscendC {
// The L0C (accumulator) type of a Matmul whose A has type T (Ascend910B):
// float for half, bfloat16_t and float; int32_t for int8_t and int4b_t.
template <typename T>
struct GetMmDstType {
  using Type = T;
};
template <>
struct GetMmDstType<half> {
  using Type = float;
};
template <>
struct GetMmDstType<bfloat16_t> {
  using Type = float;
};
template <>
struct GetMmDstType<int8_t> {
  using Type = int32_t;
};
template <>
struct GetMmDstType<int4b_t> {
  using Type = int32_t;
};

namespace Impl {
// The depth of the queues the vendor's Matmul keeps (kernels size their own
// CO1 queue with it).
constexpr int32_t QUEUE_DEPTH = 1;
namespace Detail {
// The vendor's default policy type (its internals are not reproduced: the
// policy argument is accepted, and only this default is supported).
template <const auto& MM_CFG, typename IMPL, typename A_TYPE, typename B_TYPE, typename C_TYPE, typename BIAS_TYPE>
struct MatmulPolicy {};
// The built-in policies of the 910B generation: the triangular ones leave
// out the base blocks of C below (Upper) or above (Lower) the diagonal of
// the single-core block grid (no computation, no copy-out: those elements
// of C keep what they held); NBuffer33 keeps 3 x 3 base blocks of A in L1
// (a schedule: the same C as the default policy).
template <const auto& MM_CFG, typename IMPL, typename A_TYPE, typename B_TYPE, typename C_TYPE, typename BIAS_TYPE>
struct TrianUpperMatmulPolicy : MatmulPolicy<MM_CFG, IMPL, A_TYPE, B_TYPE, C_TYPE, BIAS_TYPE> {};
template <const auto& MM_CFG, typename IMPL, typename A_TYPE, typename B_TYPE, typename C_TYPE, typename BIAS_TYPE>
struct TrianLowerMatmulPolicy : MatmulPolicy<MM_CFG, IMPL, A_TYPE, B_TYPE, C_TYPE, BIAS_TYPE> {};
template <const auto& MM_CFG, typename IMPL, typename A_TYPE, typename B_TYPE, typename C_TYPE, typename BIAS_TYPE>
struct NBuffer33MatmulPolicy : MatmulPolicy<MM_CFG, IMPL, A_TYPE, B_TYPE, C_TYPE, BIAS_TYPE> {};
}  // namespace Detail
}  // namespace Impl
}  // namespace AscendC

#ifndef MATMUL_POLICY_DEFAULT_OF
#define MATMUL_POLICY_DEFAULT_OF(DEFAULT) \
  template <const auto& = MM_CFG, typename...> class MATMUL_POLICY = AscendC::Impl::Detail::DEFAULT
#define MATMUL_POLICY_TEMPLATE_OF(NAME) template <const auto& = MM_CFG, typename...> class NAME
#endif

namespace aicore {
namespace detail {
AICORE_TARGET_BEGIN

// The HF32 format of SetHF32: float inputs rounded to this many explicit
// mantissa bits (an assumption: the reference states 10 bits for Ascend
// 950; the 910B figure is not given in text).
constexpr uint8_t kHf32MantissaBits = 10;

template <class T>
constexpr bool kMmFloatIn = std::is_same_v<T, half> || std::is_same_v<T, bfloat16_t> || std::is_same_v<T, float>;

// The integer inputs (int32_t accumulation in L0C).
template <class T>
constexpr bool kMmIntIn = std::is_same_v<T, int8_t> || std::is_same_v<T, AscendC::int4b_t>;

template <class T>
using MmL0cT = std::conditional_t<kMmIntIn<T>, int32_t, float>;

// The C types Matmul allows for A/B of type T on Ascend910B (the vendor's
// table of input and output types for Atlas A2): float -> float, half,
// bfloat16_t; half, bfloat16_t -> float, half, bfloat16_t, int8_t
// (quantised); int8_t -> int32_t, half (dequantised), int8_t (requantised);
// int4b_t -> int32_t, half (dequantised).
template <class T, class C>
constexpr bool MmCTypeAllowed() {
  if constexpr (std::is_same_v<T, int8_t>) {
    return std::is_same_v<C, int32_t> || std::is_same_v<C, half> || std::is_same_v<C, int8_t>;
  } else if constexpr (std::is_same_v<T, AscendC::int4b_t>) {
    return std::is_same_v<C, int32_t> || std::is_same_v<C, half>;
  } else if constexpr (kMmFloatIn<T>) {
    return std::is_same_v<C, float> || std::is_same_v<C, half> || std::is_same_v<C, bfloat16_t> ||
           (std::is_same_v<C, int8_t> && !std::is_same_v<T, float>);
  } else {
    return false;
  }
}

// The Fixpipe quantization mode a Matmul with inputs T and output C uses
// (vector: SetQuantVector's per-column parameters); NoQuant for C types that
// need no quantization parameter.
template <class T, class C>
constexpr QuantMode_t MmQuantMode(bool vector) {
  if constexpr (kMmIntIn<T> && std::is_same_v<C, half>) {
    return vector ? VDEQF16 : DEQF16;
  } else if constexpr (std::is_same_v<T, int8_t> && std::is_same_v<C, int8_t>) {
    return vector ? VREQ8 : REQ8;
  } else if constexpr (std::is_same_v<C, int8_t>) {
    return vector ? VQF322B8_PRE : QF322B8_PRE;
  } else {
    return NoQuant;
  }
}

// Whether a callback pointer of MatmulCallBackFunc is set (a function, not
// a comparison GCC warns about for a known function's address).
template <class F>
constexpr bool MmNonNull(F* f) {
  return f != nullptr;
}

inline bool MmIsUb(AscendC::TPosition p) {
  return p == AscendC::TPosition::VECIN || p == AscendC::TPosition::VECOUT || p == AscendC::TPosition::VECCALC;
}

// Whether a region starting at (r0, c0) can be addressed as base + l.Offset(r0, c0) + l.Offset(r, c).
inline bool MmAligned(const simd::MatLayout& l, uint32_t r0, uint32_t c0) {
  return (l.rb == 0 || r0 % l.rb == 0) && (l.cb == 0 || c0 % l.cb == 0);
}

// GM bursts an operand of `rows` x `cols` in layout l touches (for the
// sanitizer's GM checks): rows of a row-major, columns of a column-major
// layout, else the whole span.
struct MmSpan {
  uint32_t count;
  uint64_t len;   // elements per burst
  uint64_t step;  // elements from one burst's start to the next
};
inline MmSpan MmBursts(const simd::MatLayout& l, uint32_t rows, uint32_t cols) {
  if (rows == 0 || cols == 0) return {0, 0, 0};
  if (l.rb == 0 && l.cb == 0 && l.ci == 1 && l.ri >= static_cast<int64_t>(cols)) {
    return {rows, cols, static_cast<uint64_t>(l.ri)};
  }
  if (l.rb == 0 && l.cb == 0 && l.ri == 1 && l.ci >= static_cast<int64_t>(rows)) {
    return {cols, rows, static_cast<uint64_t>(l.ci)};
  }
  const uint64_t n = static_cast<uint64_t>(l.Offset(rows - 1, cols - 1)) + 1;
  return {1, n, n};
}

// Combines `n` elements into memory with enAtomic's operation (1 add,
// 2 max, 3 min); `gm`: under the striped GM locks.
template <class T>
void MmCombine(T* dst, const T* src, size_t n, uint8_t enAtomic, bool gm) {
  const AtomicOp op = enAtomic == 1 ? AtomicOp::kAdd : enAtomic == 2 ? AtomicOp::kMax : AtomicOp::kMin;
  if (!gm) {
    CombineRange(dst, src, n, op);
    return;
  }
  auto addr = reinterpret_cast<uintptr_t>(dst);
  const uintptr_t end = addr + n * sizeof(T);
  while (addr < end) {
    const uintptr_t stop = std::min<uintptr_t>(end, (addr / kAtomicChunkBytes + 1) * kAtomicChunkBytes);
    const size_t k = (stop - addr) / sizeof(T);
    {
      std::lock_guard<std::mutex> lock(AtomicStripe(addr));
      CombineRange(reinterpret_cast<T*>(addr), src, k, op);
    }
    src += k;
    addr = stop;
  }
}

[[noreturn]] AICORE_COLD inline void MmFail(ErrorKind kind, const char* api, SrcLoc loc, const std::string& what) {
  Fail(kind, api, loc, what);
}

AICORE_TARGET_END
}  // namespace detail
}  // namespace aicore

namespace AscendC {
AICORE_TARGET_BEGIN

template <class A_TYPE, class B_TYPE, class C_TYPE, class BIAS_TYPE = C_TYPE, const auto& MM_CFG = CFG_NORM,
          class MM_CB = MatmulCallBackFunc<nullptr, nullptr, nullptr>, MATMUL_POLICY_DEFAULT_OF(MatmulPolicy),
          typename = void>
class MatmulImpl {
 public:
  using AType = A_TYPE;
  using BType = B_TYPE;
  using CType = C_TYPE;
  using BiasType = BIAS_TYPE;
  using CallBack = MM_CB;

 private:
  using SrcT = typename A_TYPE::T;
  using SrcAT = typename A_TYPE::T;
  using SrcBT = typename B_TYPE::T;
  using DstT = typename C_TYPE::T;
  using BiasT = typename BIAS_TYPE::T;
  using L0cT = aicore::detail::MmL0cT<SrcAT>;
  using Layout = aicore::simd::MatLayout;
  using SrcLoc = aicore::SrcLoc;
  using ErrorKind = aicore::ErrorKind;

  // MM_CFG: a MatmulConfig or a constant tiling (GetMatmulApiTiling); a full
  // constant tiling is the tiling, as on the NPU (Init's pointer may be null).
  static constexpr MatmulConfig kCfg = aicore::lib::ConfigOf(MM_CFG);
  static constexpr bool kStaticTiling = [] {
    if constexpr (std::is_same_v<std::decay_t<decltype(MM_CFG)>, MatmulApiStaticTiling>) {
      return aicore::lib::IsFullStaticTiling(MM_CFG);
    } else {
      return false;
    }
  }();
  static constexpr bool kIntIn = aicore::detail::kMmIntIn<SrcAT>;  // int8_t or int4b_t
  // int4b_t A and B (two elements a byte): each block's operands are
  // unpacked to int8_t and multiplied as int8_t (the same integers).
  static constexpr bool kInt4 = std::is_same_v<SrcAT, int4b_t>;
  // The element type the GEMM multiplies (int4b_t: int8_t).
  using OpT = std::conditional_t<kInt4, int8_t, SrcAT>;
  // The bits of an element, and C0: the elements of a 32-byte fractal row.
  static constexpr uint32_t kBits = aicore::detail::kElemBits<SrcAT>;
  static constexpr uint32_t kC0 = 256 / kBits;
  // B is a SparseMatmulType (4:2 sparse; aicore/lib/matmul/sparse.h).
  static constexpr bool kSparse = aicore::detail::kMmSparse<B_TYPE>;

  static_assert(aicore::detail::kMmFloatIn<SrcAT> || kIntIn,
                "Matmul: A must be half, bfloat16_t, float, int8_t or int4b_t");
  static_assert(std::is_same_v<SrcAT, SrcBT>, "Matmul: A and B must have the same element type");
  static_assert(aicore::detail::MmCTypeAllowed<SrcAT, DstT>(),
                "Matmul: C's type is not allowed for these inputs on Ascend910B: float -> float, half, "
                "bfloat16_t; half / bfloat16_t -> float, half, bfloat16_t, int8_t (quantised); int8_t -> "
                "int32_t, half (dequantised), int8_t (requantised); int4b_t -> int32_t, half (dequantised)");
  static_assert(!kInt4 || !A_TYPE::isTrans,
                "Matmul: an int4b_t A cannot be transposed on Atlas A2 (Ascend910B): declare A's MatmulType "
                "with ISTRANS = false");
  static_assert(!kInt4 || !kSparse, "Matmul: a sparse B (SparseMatmulType) is int8_t, not int4b_t");
  // Whether C leaves L0C through a quantization with a parameter
  // (SetQuantScalar / SetQuantVector).
  static constexpr bool kQuantOut = aicore::detail::MmQuantMode<SrcAT, DstT>(false) != NoQuant;
  // The width of C's NZ fractals: C0 = 32 bytes of DstT, at least 16 (16 x 32
  // for an int8_t C; 16 x 16 for half, bfloat16_t, float and int32_t).
  // MatmulConfig::isEnableChannelSplit (float C in GM, NZ): fractals of
  // 16 x 8 (C0 = 32 bytes of float), their columns round16(M) rows apart.
  static constexpr bool kChanSplit = kCfg.isEnableChannelSplit;
  static_assert(!kChanSplit || (C_TYPE::pos == TPosition::GM && C_TYPE::format == CubeFormat::NZ &&
                                std::is_same_v<DstT, float> && std::is_same_v<L0cT, float>),
                "Matmul: isEnableChannelSplit supports a float C in GM in CubeFormat::NZ only (L0C float)");
  static constexpr uint32_t kCNzC0 = kChanSplit ? 8 : sizeof(DstT) == 1 ? 32 : 16;
  static_assert(A_TYPE::pos == TPosition::GM || A_TYPE::pos == TPosition::VECOUT || A_TYPE::pos == TPosition::TSCM ||
                    A_TYPE::pos == TPosition::VECIN || A_TYPE::pos == TPosition::VECCALC,
                "Matmul: A's position must be TPosition::GM, VECOUT or TSCM");
  static_assert(B_TYPE::pos == TPosition::GM || B_TYPE::pos == TPosition::VECOUT || B_TYPE::pos == TPosition::TSCM ||
                    B_TYPE::pos == TPosition::VECIN || B_TYPE::pos == TPosition::VECCALC,
                "Matmul: B's position must be TPosition::GM, VECOUT or TSCM");
  static_assert(C_TYPE::pos == TPosition::GM || C_TYPE::pos == TPosition::VECIN || C_TYPE::pos == TPosition::VECOUT ||
                    C_TYPE::pos == TPosition::VECCALC || C_TYPE::pos == TPosition::CO1 ||
                    C_TYPE::pos == TPosition::TSCM,
                "Matmul: C's position must be TPosition::GM, VECIN, CO1 or TSCM");
  static_assert(A_TYPE::format == CubeFormat::ND || A_TYPE::format == CubeFormat::NZ ||
                    A_TYPE::format == CubeFormat::VECTOR || A_TYPE::format == CubeFormat::SCALAR,
                "Matmul: A's format must be CubeFormat::ND, NZ, VECTOR or SCALAR");
  static_assert(B_TYPE::format == CubeFormat::ND || B_TYPE::format == CubeFormat::NZ ||
                    B_TYPE::format == CubeFormat::SCALAR,
                "Matmul: B's format must be CubeFormat::ND or NZ");
  static_assert(C_TYPE::format == CubeFormat::ND || C_TYPE::format == CubeFormat::NZ ||
                    C_TYPE::format == CubeFormat::ND_ALIGN,
                "Matmul: C's format must be CubeFormat::ND, NZ or ND_ALIGN");
  static_assert(C_TYPE::pos != TPosition::CO1 || C_TYPE::format == CubeFormat::NZ,
                "Matmul: C at TPosition::CO1 must be CubeFormat::NZ");
  // The user callbacks that are set.
  static constexpr bool kCbOut = aicore::detail::MmNonNull(MM_CB::DataCopyOutPtr);
  static constexpr bool kCbA = aicore::detail::MmNonNull(MM_CB::CopyA1Ptr);
  static constexpr bool kCbB = aicore::detail::MmNonNull(MM_CB::CopyB1Ptr);
  static constexpr bool kCb = kCbOut || kCbA || kCbB;
  // The policy: 0 MatmulPolicy, 1 TrianUpper, 2 TrianLower, 3 NBuffer33.
  template <template <const auto&, typename...> class P>
  static constexpr bool kIsPolicy = std::is_same_v<MATMUL_POLICY<MM_CFG, MatmulImpl, A_TYPE, B_TYPE, C_TYPE, BIAS_TYPE>,
                                                   P<MM_CFG, MatmulImpl, A_TYPE, B_TYPE, C_TYPE, BIAS_TYPE>>;
  static constexpr int kPolicy = kIsPolicy<Impl::Detail::MatmulPolicy>             ? 0
                                 : kIsPolicy<Impl::Detail::TrianUpperMatmulPolicy> ? 1
                                 : kIsPolicy<Impl::Detail::TrianLowerMatmulPolicy> ? 2
                                 : kIsPolicy<Impl::Detail::NBuffer33MatmulPolicy>  ? 3
                                                                                   : -1;
  static_assert(kPolicy >= 0,
                "Matmul: aicore has the policies MatmulPolicy, TrianUpperMatmulPolicy, TrianLowerMatmulPolicy and "
                "NBuffer33MatmulPolicy (a user-defined policy is not supported)");
  static constexpr bool kTrian = kPolicy == 1 || kPolicy == 2;

 public:
  MatmulImpl() = default;

  // ---------------------------------------------------------------------
  // Registration and shapes.

  void Init(const tiling::TCubeTiling* __restrict cubeTiling, TPipe* tpipe = nullptr, SrcLoc loc = SrcLoc::Current()) {
    aicore::detail::CoreContext& core = aicore::detail::Enter("Matmul::Init", loc);
    CheckNotServed(core, "Matmul::Init", loc);
    if (!kStaticTiling && cubeTiling == nullptr) {
      Fail(ErrorKind::kParameter, "Matmul::Init", loc,
           "the tiling pointer is null (only an MM_CFG from GetMatmulApiTiling with singleCoreM/N/K and "
           "basicM/N/K set needs none)");
    }
    if (tpipe != nullptr) pipe_ = tpipe;
    tiling::TCubeTiling t{};
    if constexpr (kStaticTiling) {
      t = aicore::lib::CubeTilingOfStatic(MM_CFG);
    } else {
      t = *cubeTiling;
    }
    const std::string problem = aicore::lib::CubeTilingProblem(
        t, aicore::lib::SpecOfProfile(aicore::GetSocProfile(), aicore::detail::kElemBits<SrcAT>,
                                      aicore::detail::kElemBits<SrcBT>, sizeof(BiasT)));
    if (!problem.empty()) {
      Fail(ErrorKind::kParameter, "Matmul::Init", loc,
           std::string("the tiling does not fit the ") + aicore::GetSocProfile().name + " profile: " + problem);
    }
    tiling_ = t;
    registered_ = true;
    inited_ = true;
    orgM_ = t.M, orgN_ = t.N, orgKa_ = t.Ka, orgKb_ = t.Kb, orgKc_ = t.N;
    sM_ = t.singleCoreM, sN_ = t.singleCoreN, sK_ = t.singleCoreK;
    // A constant tiling's isBias is its config's enableSetBias (SetBias
    // allowed): the bias is on from SetBias, as in the vendor's sample.
    biasOn_ = !kStaticTiling && t.isBias == 1;
    biasKind_ = kNone;
    aKind_ = bKind_ = kNone;
    transA_ = transB_ = false;
    quant_ = kNone;
    co1Valid_ = false;
    wsAddr_ = nullptr;
    wsBytes_ = 0;
    opt_ = aicore::simd::GemmOptions{};
    batchA_ = batchB_ = -1;
    pendingWaitBatch_ = false;
    nbLoops_ = nbFetched_ = 0;
    ResetIteration();
  }

  void SetOrgShape(int orgM, int orgN, int orgK, SrcLoc loc = SrcLoc::Current()) {
    SetOrgShape(orgM, orgN, orgK, orgK, orgN, loc);
  }
  void SetOrgShape(int orgM, int orgN, int orgKa, int orgKb, int orgKc = 0, SrcLoc loc = SrcLoc::Current()) {
    Begin("Matmul::SetOrgShape", loc);
    if (orgM <= 0 || orgN <= 0 || orgKa <= 0 || orgKb <= 0 || orgKc < 0) {
      Fail(ErrorKind::kParameter, "Matmul::SetOrgShape", loc,
           "orgM " + S(orgM) + ", orgN " + S(orgN) + ", orgKa " + S(orgKa) + ", orgKb " + S(orgKb) + ", orgKc " +
               S(orgKc) + ": sizes must be > 0 (orgKc >= 0)");
    }
    orgM_ = orgM, orgN_ = orgN, orgKa_ = orgKa, orgKb_ = orgKb, orgKc_ = orgKc == 0 ? orgN : orgKc;
    ResetIteration();
  }

  void SetSingleShape(int singleM, int singleN, int singleK, SrcLoc loc = SrcLoc::Current()) {
    Begin("Matmul::SetSingleShape", loc);
    CheckSingle("Matmul::SetSingleShape", singleM, singleN, singleK, loc);
    sM_ = singleM, sN_ = singleN, sK_ = singleK;
    ResetIteration();
  }

  void SetTail(int tailM = -1, int tailN = -1, int tailK = -1, SrcLoc loc = SrcLoc::Current()) {
    Begin("Matmul::SetTail", loc);
    if (tailM < -1 || tailN < -1 || tailK < -1 || tailM == 0 || tailN == 0 || tailK == 0) {
      Fail(ErrorKind::kParameter, "Matmul::SetTail", loc,
           "tailM " + S(tailM) + ", tailN " + S(tailN) + ", tailK " + S(tailK) +
               ": each must be > 0, or -1 to keep the current size");
    }
    const int m = tailM == -1 ? sM_ : tailM, n = tailN == -1 ? sN_ : tailN, k = tailK == -1 ? sK_ : tailK;
    CheckSingle("Matmul::SetTail", m, n, k, loc);
    sM_ = m, sN_ = n, sK_ = k;
    ResetIteration();
  }

  // ---------------------------------------------------------------------
  // Operands.

  void SetTensorA(const GlobalTensor<SrcAT>& gm, bool isTransposeA = false, SrcLoc loc = SrcLoc::Current()) {
    Begin("Matmul::SetTensorA", loc);
    CheckGmOperand("Matmul::SetTensorA", "A", A_TYPE::pos, gm.bound_, loc);
    CheckTrans("Matmul::SetTensorA", A_TYPE::isTrans, isTransposeA, "A", loc);
    aGm_ = gm;
    aKind_ = kGm;
    selfDefPending_ &= ~1u;
    transA_ = isTransposeA;
    ResetIteration();
  }
  void SetTensorA(const LocalTensor<SrcAT>& leftMatrix, bool isTransposeA = false, SrcLoc loc = SrcLoc::Current()) {
    Begin("Matmul::SetTensorA", loc);
    CheckLocalOperand("Matmul::SetTensorA", "A", A_TYPE::pos, leftMatrix, loc);
    CheckTrans("Matmul::SetTensorA", A_TYPE::isTrans, isTransposeA, "A", loc);
    aLocal_ = leftMatrix;
    aKind_ = kLocal;
    selfDefPending_ &= ~1u;
    transA_ = isTransposeA;
    ResetIteration();
  }
  void SetTensorA(SrcAT aScalar, SrcLoc loc = SrcLoc::Current()) {
    Begin("Matmul::SetTensorA", loc);
    aScalar_ = aScalar;
    aKind_ = kScalar;
    selfDefPending_ &= ~1u;
    transA_ = false;
    ResetIteration();
  }
  void SetTensorB(const GlobalTensor<SrcBT>& gm, bool isTransposeB = false, SrcLoc loc = SrcLoc::Current()) {
    Begin("Matmul::SetTensorB", loc);
    CheckGmOperand("Matmul::SetTensorB", "B", B_TYPE::pos, gm.bound_, loc);
    CheckTrans("Matmul::SetTensorB", B_TYPE::isTrans, isTransposeB, "B", loc);
    bGm_ = gm;
    bKind_ = kGm;
    selfDefPending_ &= ~2u;
    transB_ = isTransposeB;
    ResetIteration();
  }
  void SetTensorB(const LocalTensor<SrcBT>& rightMatrix, bool isTransposeB = false,
                  SrcLoc loc = SrcLoc::Current()) {
    Begin("Matmul::SetTensorB", loc);
    CheckLocalOperand("Matmul::SetTensorB", "B", B_TYPE::pos, rightMatrix, loc);
    CheckTrans("Matmul::SetTensorB", B_TYPE::isTrans, isTransposeB, "B", loc);
    bLocal_ = rightMatrix;
    bKind_ = kLocal;
    selfDefPending_ &= ~2u;
    transB_ = isTransposeB;
    ResetIteration();
  }
  void SetTensorB(SrcBT bScalar, SrcLoc loc = SrcLoc::Current()) {
    Begin("Matmul::SetTensorB", loc);
    bScalar_ = bScalar;
    bKind_ = kScalar;
    selfDefPending_ &= ~2u;
    transB_ = false;
    ResetIteration();
  }

  void SetBias(const GlobalTensor<BiasT>& biasGlobal, SrcLoc loc = SrcLoc::Current()) {
    Begin("Matmul::SetBias", loc);
    CheckBiasAllowed(loc);
    CheckGmOperand("Matmul::SetBias", "the bias", BIAS_TYPE::pos, biasGlobal.bound_, loc);
    biasGm_ = biasGlobal;
    biasKind_ = kGm;
    biasOn_ = true;
    ResetIteration();
  }
  void SetBias(const LocalTensor<BiasT>& inputBias, SrcLoc loc = SrcLoc::Current()) {
    Begin("Matmul::SetBias", loc);
    CheckBiasAllowed(loc);
    CheckLocalOperand("Matmul::SetBias", "the bias", BIAS_TYPE::pos, inputBias, loc);
    biasLocal_ = inputBias;
    biasKind_ = kLocal;
    biasOn_ = true;
    ResetIteration();
  }
  void DisableBias(SrcLoc loc = SrcLoc::Current()) {
    Begin("Matmul::DisableBias", loc);
    biasOn_ = false;
    ResetIteration();
  }
  void ClearBias(SrcLoc loc = SrcLoc::Current()) {
    Begin("Matmul::ClearBias", loc);
    biasOn_ = false;
    ResetIteration();
  }

  void SetQuantScalar(const uint64_t quantScalar, SrcLoc loc = SrcLoc::Current()) {
    Begin("Matmul::SetQuantScalar", loc);
    CheckQuantAllowed("Matmul::SetQuantScalar", loc);
    quant_ = kScalar;
    quantScalar_ = quantScalar;
  }
  void SetQuantVector(const GlobalTensor<uint64_t>& quantTensor, SrcLoc loc = SrcLoc::Current()) {
    Begin("Matmul::SetQuantVector", loc);
    CheckQuantAllowed("Matmul::SetQuantVector", loc);
    quant_ = kGm;
    quantGm_ = quantTensor;
  }
  void SetQuantVector(const LocalTensor<uint64_t>& quantTensor, SrcLoc loc = SrcLoc::Current()) {
    Begin("Matmul::SetQuantVector", loc);
    CheckQuantAllowed("Matmul::SetQuantVector", loc);
    if (quantTensor.GetPosition() != TPosition::A1 && quantTensor.GetPosition() != TPosition::B1 &&
        quantTensor.GetPosition() != TPosition::C1 && quantTensor.GetPosition() != TPosition::TSCM) {
      Fail(ErrorKind::kParameter, "Matmul::SetQuantVector", loc,
           std::string("the quantization vector is a LocalTensor at TPosition::") +
               aicore::detail::PositionName(quantTensor.GetPosition()) + "; it must be in L1 (A1/B1/C1/TSCM)");
    }
    quant_ = kLocal;
    quantLocal_ = quantTensor;
  }
  void SetHF32(bool enableHF32 = false, int32_t transMode = 0, SrcLoc loc = SrcLoc::Current()) {
    Begin("Matmul::SetHF32", loc);
    if (transMode != 0 && transMode != 1) {
      Fail(ErrorKind::kParameter, "Matmul::SetHF32", loc,
           "transMode " + S(transMode) + " is not 0 (ties to even) or 1 (ties toward zero)");
    }
    opt_.round_bits = (enableHF32 && std::is_same_v<SrcAT, float>) ? aicore::detail::kHf32MantissaBits : 0;
    opt_.round_ties_to_zero = transMode == 1;
  }
  void SetSubBlockIdx(uint8_t subBlockIdx) { subBlockIdx_ = subBlockIdx; }
  uint8_t GetSubBlockIdx() const { return subBlockIdx_; }
  // The user callbacks' data (their last argument). The reference requires
  // it before SetTensorA / SetTensorB (checked when a callback is set).
  void SetSelfDefineData(const uint64_t dataPtr, SrcLoc loc = SrcLoc::Current()) {
    Begin("Matmul::SetSelfDefineData", loc);
    CheckNotDualMaster("Matmul::SetSelfDefineData", loc);
    selfDefineData_ = dataPtr;
    selfDefPending_ = 3;  // A and B must be set after it
  }
  // The vendor's SetSelfDefineData(T) with a user struct is not on Atlas A2.
  template <class T, std::enable_if_t<!std::is_convertible_v<T, uint64_t>, int> = 0>
  void SetSelfDefineData(T) {
    static_assert(sizeof(T) == 0,
                  "Matmul::SetSelfDefineData(T dataPtr) with a struct is not available on Atlas A2 (Ascend910B): "
                  "pass a uint64_t (e.g. a GM address)");
  }
  // The user callbacks' tiling address (their second-to-last argument).
  void SetUserDefInfo(const uint64_t tilingPtr, SrcLoc loc = SrcLoc::Current()) {
    Begin("Matmul::SetUserDefInfo", loc);
    CheckNotDualMaster("Matmul::SetUserDefInfo", loc);
    userDefInfo_ = tilingPtr;
  }
  void SetSparseIndex(const GlobalTensor<uint8_t>& indexGlobal, SrcLoc loc = SrcLoc::Current()) {
    aicore::detail::CoreContext& core = Begin("Matmul::SetSparseIndex", loc);
    sparse_.SetIndex<B_TYPE>(core, kCfg.doMultiDataLoad, indexGlobal, "Matmul::SetSparseIndex", loc);
    ResetIteration();
  }
  void SetAntiQuantScalar(const SrcT, const SrcT, SrcLoc loc = SrcLoc::Current()) {
    Begin("Matmul::SetAntiQuantScalar", loc);
    Fail(ErrorKind::kParameter, "Matmul::SetAntiQuantScalar", loc,
         "anti-quantisation (half A x int8_t B) is not available on Ascend910B: the vendor's reference "
         "lists SetAntiQuantScalar / SetAntiQuantVector for the Atlas inference AI Core (Ascend310P) only");
  }
  void SetAntiQuantVector(const LocalTensor<SrcT>&, const LocalTensor<SrcT>&, SrcLoc loc = SrcLoc::Current()) {
    Begin("Matmul::SetAntiQuantVector", loc);
    Fail(ErrorKind::kParameter, "Matmul::SetAntiQuantVector", loc,
         "anti-quantisation (half A x int8_t B) is not available on Ascend910B: the vendor's reference "
         "lists SetAntiQuantScalar / SetAntiQuantVector for the Atlas inference AI Core (Ascend310P) only");
  }

  template <class T>
  void SetWorkspace(GlobalTensor<T>& addr, SrcLoc loc = SrcLoc::Current()) {
    Begin("Matmul::SetWorkspace", loc);
    addr.CheckRange("Matmul::SetWorkspace", 0, 0, loc);
    wsAddr_ = reinterpret_cast<uint8_t*>(addr.GetPhyAddr());
    wsBytes_ = addr.sized_ ? addr.GetSize() * sizeof(T) : UINT64_MAX;
  }
  template <class T>
  void SetWorkspace(__gm__ const T* addr, int size, SrcLoc loc = SrcLoc::Current()) {
    Begin("Matmul::SetWorkspace", loc);
    if (addr == nullptr || size <= 0) {
      Fail(ErrorKind::kParameter, "Matmul::SetWorkspace", loc,
           "the workspace is null or its size " + S(size) + " is not > 0");
    }
    wsAddr_ = reinterpret_cast<uint8_t*>(const_cast<T*>(addr));
    wsBytes_ = static_cast<uint64_t>(size) * sizeof(T);
  }
  // aicore's Matmul needs no VECCALC scratch (MatmulGetTmpBufSize reports
  // 0): the buffer is only checked.
  void SetLocalWorkspace(const LocalTensor<uint8_t>& tmpBuffer, SrcLoc loc = SrcLoc::Current()) {
    Begin("Matmul::SetLocalWorkspace", loc);
    if (!aicore::detail::MmIsUb(tmpBuffer.GetPosition())) {
      Fail(ErrorKind::kParameter, "Matmul::SetLocalWorkspace", loc,
           std::string("the workspace is a LocalTensor at TPosition::") +
               aicore::detail::PositionName(tmpBuffer.GetPosition()) + "; it must be in UB (VECCALC)");
    }
    aicore::detail::CheckLocal("Matmul::SetLocalWorkspace", "tmpBuffer", tmpBuffer, 0, loc, true,
                               aicore::detail::Pipe::kCount);
  }

  // ---------------------------------------------------------------------
  // Computation.

  // Computes the next baseM x baseN block of C; false once every block of
  // the single-core shape is done (the next call starts over).
  template <bool sync = true>
  bool Iterate(bool enPartialSum = false, SrcLoc loc = SrcLoc::Current()) {
    static_assert(C_TYPE::pos != TPosition::CO1,
                  "Matmul: with C at TPosition::CO1, call Iterate(enPartialSum, co1LocalTensor)");
    const char* api = sync ? "Matmul::Iterate" : "Matmul::Iterate<false>";
    aicore::detail::CoreContext& core = Begin(api, loc);
    if constexpr (sync) {
      if (async_) {
        Fail(ErrorKind::kParameter, api, loc,
             "an Iterate<false> batch is still running (" + S(asyncFetched_) + " of " + S(total_) +
                 " blocks fetched with GetTensorC<false>)");
      }
      if (!started_) Start(core, api, loc);
      if (enPartialSum && total_ != 1) {
        Fail(ErrorKind::kParameter, api, loc,
             "enPartialSum accumulates into L0C only when the single-core C is one base block "
             "(singleCoreM <= baseM and singleCoreN <= baseN); here " + S(sM_) + " x " + S(sN_) +
                 " with base " + S(tiling_.baseM) + " x " + S(tiling_.baseN) + " is " + S(total_) + " blocks");
      }
      if (next_ >= total_) {
        ResetIteration();
        return false;
      }
      if (enPartialSum && !co1Valid_) {
        Fail(ErrorKind::kParameter, api, loc,
             "enPartialSum = true but L0C holds no earlier result of this Matmul object (the first Iterate of a "
             "partial sum passes false)");
      }
      if constexpr (kPartial) {  // block next_, K slice nextK_ (the K slices innermost)
        const int32_t bk = std::max(1, tiling_.baseK);
        pk0_ = nextK_ * bk;
        pkLen_ = std::min(bk, sK_ - pk0_);
        ComputeBlock(next_, co1_.data(), enPartialSum);
        cur_ = next_;
        if (++nextK_ * bk >= sK_) nextK_ = 0, ++next_;
      } else {
        ComputeBlock(next_, co1_.data(), enPartialSum);
        cur_ = next_++;
      }
      haveC_ = true;
      co1Valid_ = true;
      return true;
    } else {
      (void)enPartialSum;
      if (!async_) {
        if (started_ && next_ != 0) {
          Fail(ErrorKind::kParameter, api, loc, "a synchronous Iterate loop is still running");
        }
        Start(core, api, loc);
        store_.resize(static_cast<size_t>(total_) * BlockElems());
        for (int32_t i = 0; i < total_; ++i) {
          ComputeBlock(i, store_.data() + static_cast<size_t>(i) * BlockElems(), false);
          if (wsAddr_ != nullptr) WriteWorkspace(core, i, api, loc);
        }
        async_ = true;
        asyncIter_ = 1;
        asyncFetched_ = 0;
        return total_ > 0;
      }
      if (asyncIter_ < total_) {
        if (asyncFetched_ == total_) {  // every block fetched: a new batch
          async_ = false;
          return Iterate<false>(enPartialSum, loc);
        }
        ++asyncIter_;
        return true;
      }
      ResetIteration();
      return false;
    }
  }

  // The user-managed L0C form: computes the next block into `localCmatrix`
  // (TPosition::CO1, NZ: fractal columns of round16(block height) rows).
  template <bool sync = true, typename T>
  bool Iterate(bool enPartialSum, const LocalTensor<T>& localCmatrix, SrcLoc loc = SrcLoc::Current()) {
    static_assert(C_TYPE::pos == TPosition::CO1 && C_TYPE::format == CubeFormat::NZ,
                  "Matmul: Iterate(enPartialSum, localCmatrix) needs C at TPosition::CO1 in CubeFormat::NZ");
    static_assert(std::is_same_v<T, L0cT>,
                  "Matmul: the L0C tensor must be float (int32_t for int8_t and int4b_t inputs)");
    const char* api = "Matmul::Iterate";
    aicore::detail::CoreContext& core = Begin(api, loc);
    if (localCmatrix.GetPosition() != TPosition::CO1) {
      Fail(ErrorKind::kParameter, api, loc,
           std::string("localCmatrix is a LocalTensor at TPosition::") +
               aicore::detail::PositionName(localCmatrix.GetPosition()) + "; it must be at TPosition::CO1 (L0C)");
    }
    if (!started_) Start(core, api, loc);
    if (enPartialSum && total_ != 1) {
      Fail(ErrorKind::kParameter, api, loc,
           "enPartialSum accumulates into L0C only when the single-core C is one base block; here it is " +
               S(total_) + " blocks");
    }
    if (next_ >= total_) {
      ResetIteration();
      return false;
    }
    int32_t m0, n0, mLen, nLen;
    BlockOf(next_, m0, n0, mLen, nLen);
    const uint32_t rows = Align16(mLen);
    const uint64_t elems = static_cast<uint64_t>(rows) * Align16(nLen);
    aicore::detail::CheckLocal(api, "dst", localCmatrix, elems * sizeof(T), loc, true,
                               aicore::detail::Pipe::kCount);
    T* dst = localCmatrix.GetPhyAddr();
    if (AICORE_UNLIKELY(core.instr != 0)) {  // the cube's Mmad (M pipe) writes L0C
      aicore::detail::EmitLocal(core, aicore::detail::Pipe::kM, aicore::detail::Access::kWrite,
                                *localCmatrix.buf_, reinterpret_cast<const uint8_t*>(dst), elems * sizeof(T), api,
                                "dst", loc);
    }
    GemmBlock(m0, n0, mLen, nLen, dst, Layout::Nz(16, rows), enPartialSum);
    cur_ = next_++;
    haveC_ = false;
    return true;
  }

  template <bool sync = true>
  void GetTensorC(const LocalTensor<DstT>& co2Local, uint8_t enAtomic = 0, bool enSequentialWrite = false,
                  SrcLoc loc = SrcLoc::Current()) {
    const char* api = sync ? "Matmul::GetTensorC" : "Matmul::GetTensorC<false>";
    aicore::detail::CoreContext& core = Begin(api, loc);
    CheckUbC(api, co2Local, loc);
    CheckAtomic(api, enAtomic, loc);
    CheckPartialWrite(api, enSequentialWrite, loc);
    const L0cT* src = TakeBlock<sync>(api, loc);
    WriteLocal(core, api, co2Local, curBlock_, src, enAtomic, enSequentialWrite, 0, loc);
  }
  // The vendor's older form (doPad, height, width, srcGap, dstGap: ignored,
  // as the reference says they are to be removed).
  template <bool sync = true, bool doPad = false>
  void GetTensorC(const LocalTensor<DstT>& c, uint8_t enAtomic, bool enSequentialWrite, uint32_t height,
                  uint32_t width = 0, uint32_t srcGap = 0, uint32_t dstGap = 0, SrcLoc loc = SrcLoc::Current()) {
    (void)height, (void)width, (void)srcGap, (void)dstGap;
    GetTensorC<sync>(c, enAtomic, enSequentialWrite, loc);
  }
  template <bool sync = true>
  void GetTensorC(const GlobalTensor<DstT>& gm, uint8_t enAtomic = 0, bool enSequentialWrite = false,
                  SrcLoc loc = SrcLoc::Current()) {
    const char* api = sync ? "Matmul::GetTensorC" : "Matmul::GetTensorC<false>";
    aicore::detail::CoreContext& core = Begin(api, loc);
    CheckAtomic(api, enAtomic, loc);
    CheckPartialWrite(api, enSequentialWrite, loc);
    const L0cT* src = TakeBlock<sync>(api, loc);
    WriteGm(core, api, gm, curBlock_, src, enAtomic, enSequentialWrite, 0, loc);
  }
  template <bool sync = true>
  void GetTensorC(const GlobalTensor<DstT>& gm, const LocalTensor<DstT>& co2Local, uint8_t enAtomic = 0,
                  bool enSequentialWrite = false, SrcLoc loc = SrcLoc::Current()) {
    const char* api = sync ? "Matmul::GetTensorC" : "Matmul::GetTensorC<false>";
    aicore::detail::CoreContext& core = Begin(api, loc);
    CheckUbC(api, co2Local, loc);
    CheckAtomic(api, enAtomic, loc);
    CheckPartialWrite(api, enSequentialWrite, loc);
    const L0cT* src = TakeBlock<sync>(api, loc);
    WriteGm(core, api, gm, curBlock_, src, enAtomic, enSequentialWrite, 0, loc);
    WriteLocal(core, api, co2Local, curBlock_, src, enAtomic, enSequentialWrite, 0, loc);
  }
  // Async: the next block in the SetWorkspace workspace (dense, as
  // enSequentialWrite writes it), for the kernel to copy itself.
  template <bool sync = false>
  GlobalTensor<DstT> GetTensorC(uint8_t enAtomic = 0, bool enSequentialWrite = false,
                                SrcLoc loc = SrcLoc::Current()) {
    static_assert(!sync, "Matmul: GetTensorC() returning the workspace block is the asynchronous form <false>");
    const char* api = "Matmul::GetTensorC<false>";
    Begin(api, loc);
    (void)enSequentialWrite;
    if (enAtomic != 0) Fail(ErrorKind::kParameter, api, loc, "enAtomic must be 0 for the workspace form");
    if (wsAddr_ == nullptr) {
      Fail(ErrorKind::kParameter, api, loc,
           "GetTensorC<false>() returns the block in the workspace: call SetWorkspace before Iterate<false>");
    }
    TakeBlock<false>(api, loc);
    GlobalTensor<DstT> g;
    g.SetGlobalBuffer(reinterpret_cast<DstT*>(wsAddr_) + static_cast<uint64_t>(curBlock_) * BlockElems(),
                      static_cast<uint64_t>(BlockElems()));
    return g;
  }

  // Computes the whole single-core C into `gm`.
  template <bool sync = true>
  void IterateAll(const GlobalTensor<DstT>& gm, uint8_t enAtomic = 0, bool enSequentialWrite = false,
                  bool waitIterateAll = false, bool fakeMsg = false, SrcLoc loc = SrcLoc::Current()) {
    static_assert(C_TYPE::pos != TPosition::CO1, "Matmul: IterateAll needs C at TPosition::GM, VECIN or TSCM");
    const char* api = sync ? "Matmul::IterateAll" : "Matmul::IterateAll<false>";
    aicore::detail::CoreContext& core = Begin(api, loc);
    CheckAtomic(api, enAtomic, loc);
    if (fakeMsg) return;  // IBShare / IntraBlockPartSum pairing message: no computation
    if (async_ || (started_ && next_ != 0)) {
      Fail(ErrorKind::kParameter, api, loc, "an Iterate loop of this Matmul object is still running");
    }
    Start(core, api, loc);
    CheckGmC(api, gm, loc);
    AllToGm(core, api, gm, enAtomic, enSequentialWrite, loc);
    ResetIteration();
    co1Valid_ = false;
    if (!sync && waitIterateAll) pendingWait_ = true;
  }
  template <bool sync = true>
  void IterateAll(const LocalTensor<DstT>& ubCmatrix, uint8_t enAtomic = 0, SrcLoc loc = SrcLoc::Current()) {
    static_assert(C_TYPE::pos != TPosition::CO1, "Matmul: IterateAll needs C at TPosition::GM, VECIN or TSCM");
    const char* api = sync ? "Matmul::IterateAll" : "Matmul::IterateAll<false>";
    aicore::detail::CoreContext& core = Begin(api, loc);
    const TPosition p = ubCmatrix.GetPosition();
    if (!aicore::detail::MmIsUb(p) && p != TPosition::TSCM) {
      Fail(ErrorKind::kParameter, api, loc,
           std::string("ubCmatrix is a LocalTensor at TPosition::") + aicore::detail::PositionName(p) +
               "; IterateAll writes C to VECIN (UB) or TSCM (L1)");
    }
    CheckUbCType(api, loc);
    CheckAtomic(api, enAtomic, loc);
    if (async_ || (started_ && next_ != 0)) {
      Fail(ErrorKind::kParameter, api, loc, "an Iterate loop of this Matmul object is still running");
    }
    Start(core, api, loc);
    AllToLocal(core, api, ubCmatrix, enAtomic, false, loc);
    ResetIteration();
    co1Valid_ = false;
  }
  // Waits for IterateAll<false>(..., waitIterateAll = true): on the CPU
  // IterateAll has finished when it returns; the pairing is checked.
  void WaitIterateAll(SrcLoc loc = SrcLoc::Current()) {
    Begin("Matmul::WaitIterateAll", loc);
    if (!pendingWait_) {
      Fail(ErrorKind::kSync, "Matmul::WaitIterateAll", loc,
           "no IterateAll<false>(gm, enAtomic, enSequentialWrite, waitIterateAll = true) to wait for (the NPU "
           "would wait forever)");
    }
    pendingWait_ = false;
  }

  // ---------------------------------------------------------------------
  // Batched matmul: LayoutMode::NORMAL (BMNK: batch after batch of
  // M x K A, K x N B and M x N C matrices). Batch i of C = A[i / (batchC /
  // batchA)] x B[i / (batchC / batchB)] (+ bias), batchC = max(batchA,
  // batchB): the smaller count is broadcast. Each batch is computed exactly
  // as IterateAll would compute it with the operands moved to that batch's
  // matrices (the same bits).

  // The batch counts of the pure-cube IterateBatch form.
  void SetBatchNum(int32_t batchA, int32_t batchB, SrcLoc loc = SrcLoc::Current()) {
    Begin("Matmul::SetBatchNum", loc);
    if (batchA <= 0 || batchB <= 0) {
      Fail(ErrorKind::kParameter, "Matmul::SetBatchNum", loc,
           "batchA " + S(batchA) + ", batchB " + S(batchB) + ": batch counts must be > 0");
    }
    batchA_ = batchA, batchB_ = batchB;
  }

  // The two forms of the reference in one signature per destination:
  //   mix mode:        IterateBatch<sync, waitIterateBatch>(c, batchA, batchB, enSequentialWrite,
  //                      matrixStrideA, matrixStrideB, matrixStrideC, enPartialSum, enAtomic)
  //   pure cube mode:  IterateBatch(c, enPartialSum, enAtomic, enSequentialWrite, matrixStrideA,
  //                      matrixStrideB, matrixStrideC), after SetBatchNum(batchA, batchB).
  // On the NPU the two come from different classes (the vector side's
  // client, the cube side's implementation); here the second and third
  // arguments mean enPartialSum and enAtomic when the second is a bool or
  // SetBatchNum was called since Init (the pure cube form needs it; the mix
  // form, per the reference, never calls it), else batchA and batchB. So
  // ops-nn's `mm.SetBatchNum(n, n); mm.IterateBatch(c, 0, 0, 0, sa, sb)`
  // and the mix-mode `mm.IterateBatch(c, batchA, batchB, false)` both work.
  template <bool sync = true, bool waitIterateBatch = false, class X1, class X2,
            std::enable_if_t<std::is_arithmetic_v<X1> && std::is_arithmetic_v<X2>, int> = 0>
  void IterateBatch(const GlobalTensor<DstT>& gm, X1 batchA, X2 batchB, bool enSequentialWrite,
                    const uint32_t matrixStrideA = 0, const uint32_t matrixStrideB = 0,
                    const uint32_t matrixStrideC = 0, const bool enPartialSum = false, const uint8_t enAtomic = 0,
                    SrcLoc loc = SrcLoc::Current()) {
    static_assert(C_TYPE::pos != TPosition::CO1, "Matmul: IterateBatch needs C at TPosition::GM or VECIN");
    (void)matrixStrideC;  // reserved by the reference (keep 0)
    const char* api = sync ? "Matmul::IterateBatch" : "Matmul::IterateBatch<false>";
    BatchArgs b = ResolveBatchArgs(api, batchA, batchB, enPartialSum, enAtomic, loc);
    RunBatch(api, gm, b, enSequentialWrite, matrixStrideA, matrixStrideB, loc);
    if (!sync && waitIterateBatch) pendingWaitBatch_ = true;
  }
  template <bool sync = true, bool waitIterateBatch = false, class X1, class X2,
            std::enable_if_t<std::is_arithmetic_v<X1> && std::is_arithmetic_v<X2>, int> = 0>
  void IterateBatch(const LocalTensor<DstT>& ubCmatrix, X1 batchA, X2 batchB, bool enSequentialWrite,
                    const uint32_t matrixStrideA = 0, const uint32_t matrixStrideB = 0,
                    const uint32_t matrixStrideC = 0, const bool enPartialSum = false, const uint8_t enAtomic = 0,
                    SrcLoc loc = SrcLoc::Current()) {
    static_assert(C_TYPE::pos != TPosition::CO1, "Matmul: IterateBatch needs C at TPosition::GM or VECIN");
    static_assert(sync, "Matmul: the asynchronous IterateBatch<false> cannot write C to UB (a constraint of the "
                        "reference)");
    (void)waitIterateBatch;
    (void)matrixStrideC;
    BatchArgs b = ResolveBatchArgs("Matmul::IterateBatch", batchA, batchB, enPartialSum, enAtomic, loc);
    RunBatch("Matmul::IterateBatch", ubCmatrix, b, enSequentialWrite, matrixStrideA, matrixStrideB, loc);
  }
  // Waits for IterateBatch<false, true>: on the CPU it has finished when it
  // returns; the pairing is checked.
  void WaitIterateBatch(SrcLoc loc = SrcLoc::Current()) {
    Begin("Matmul::WaitIterateBatch", loc);
    if (!pendingWaitBatch_) {
      Fail(ErrorKind::kSync, "Matmul::WaitIterateBatch", loc,
           "no IterateBatch<false, true>(...) to wait for (the NPU would wait forever)");
    }
    pendingWaitBatch_ = false;
  }

  // IterateNBatch: batchLoop IterateBatch calls in one, their C into the
  // SetWorkspace workspace (MatmulConfig::isNBatch must be true). Loop l
  // takes A's matrices from matrix l * batchA of the tensor on (its place
  // in A's layout: AddrOf's Base), B's from l * batchB, the bias from
  // l * batchC * N (isBiasBatch), and writes its batchC = max(batchA,
  // batchB) C matrices of singleCoreM x singleCoreN (N rounded up to 32
  // bytes for ND_ALIGN; sequential: blocks of baseM * baseN) to the
  // workspace, slice after slice; GetBatchTensorC<false> then hands the
  // slices out in order. Each loop is an IterateBatch with the operands
  // moved, so the result is that of the loop of IterateBatch calls.
  template <bool sync = true, bool waitIterateBatch = false>
  void IterateNBatch(const uint32_t batchLoop, uint32_t batchA, uint32_t batchB, bool enSequentialWrite,
                     const uint32_t matrixStrideA = 0, const uint32_t matrixStrideB = 0,
                     const uint32_t matrixStrideC = 0, SrcLoc loc = SrcLoc::Current()) {
    static_assert(C_TYPE::pos != TPosition::CO1, "Matmul: IterateNBatch needs C at TPosition::GM or VECIN");
    (void)matrixStrideC;  // reserved by the reference (keep 0)
    const char* api = sync ? "Matmul::IterateNBatch" : "Matmul::IterateNBatch<false>";
    Begin(api, loc);
    if (!kCfg.isNBatch) {
      Fail(ErrorKind::kParameter, api, loc,
           "MatmulConfig::isNBatch is false: IterateNBatch needs a config with isNBatch = true (e.g. "
           "GetNormalConfig(false, true)), as the reference states");
    }
    if (batchLoop == 0 || batchA == 0 || batchB == 0) {
      Fail(ErrorKind::kParameter, api, loc,
           "batchLoop " + S(batchLoop) + ", batchA " + S(batchA) + ", batchB " + S(batchB) + ": each must be > 0");
    }
    if constexpr (IsBsLayout(C_TYPE::layout)) {
      Fail(ErrorKind::kParameter, api, loc,
           std::string("C's layout is ") + LayoutName(C_TYPE::layout) +
               ": aicore's IterateNBatch writes the workspace as NORMAL / BNGS1S2 (dense batches) only");
    }
    if (wsAddr_ == nullptr) {
      Fail(ErrorKind::kParameter, api, loc, "IterateNBatch writes C to the workspace: call SetWorkspace first");
    }
    const uint32_t batchC = std::max(batchA, batchB);
    // With the G-axis reduce (CLayoutInfoG 1, A's or B's G > 1) a loop
    // writes batchC / G matrices, summed into the workspace (zero it first).
    uint32_t outC = batchC;
    if constexpr (A_TYPE::layout != LayoutMode::NORMAL && C_TYPE::layout != LayoutMode::NORMAL) {
      const int64_t g = std::max(tiling_.ALayoutInfoG, tiling_.BLayoutInfoG);
      if (tiling_.CLayoutInfoG == 1 && g > 1 && batchC % g == 0) outC = batchC / static_cast<uint32_t>(g);
    }
    const uint64_t per =
        enSequentialWrite ? static_cast<uint64_t>(MIter() * NIter()) * BlockElems() : BatchCStride(true);
    const uint64_t slice = static_cast<uint64_t>(outC) * per;
    const uint64_t needBytes = static_cast<uint64_t>(batchLoop) * slice * sizeof(DstT);
    if (needBytes > wsBytes_) {
      Fail(ErrorKind::kBounds, api, loc,
           "the workspace holds " + S(static_cast<int64_t>(wsBytes_)) + " bytes but batchLoop " + S(batchLoop) +
               " x " + S(outC) + " C matrices x " + S(static_cast<int64_t>(per)) + " elements (" +
               (enSequentialWrite ? "the blocks of baseM * baseN" : "singleCoreM x singleCoreN") + ") of " +
               S(static_cast<int64_t>(sizeof(DstT))) + " bytes need " + S(static_cast<int64_t>(needBytes)));
    }
    const BatchAddr addrA = AddrA(matrixStrideA), addrB = AddrB(matrixStrideB);
    const uint64_t strideA = addrA.stride, strideB = addrB.stride;
    const uint64_t lastA = addrA.Base(static_cast<uint64_t>(batchLoop - 1) * batchA) + (batchA - 1) * strideA;
    const uint64_t lastB = addrB.Base(static_cast<uint64_t>(batchLoop - 1) * batchB) + (batchB - 1) * strideB;
    CheckLoopStart(api, "A", aKind_, aGm_, aLocal_, batchLoop, lastA, loc);
    CheckLoopStart(api, "B", bKind_, bGm_, bLocal_, batchLoop, lastB, loc);
    // The bias of a loop's C matrices (with the G reduce: one per C matrix, as
    // the vendor's IterateNBatch moves it).
    const uint64_t sbias = kCfg.isBiasBatch ? static_cast<uint64_t>(outC) * orgN_ : 0;
    if (biasOn_) {
      CheckLoopStart(api, "the bias", biasKind_, biasGm_, biasLocal_, batchLoop, (batchLoop - 1) * sbias, loc);
    }
    {
      OperandGuard guard(*this);
      for (uint32_t l = 0; l < batchLoop; ++l) {
        const uint64_t oa = addrA.Base(static_cast<uint64_t>(l) * batchA);
        const uint64_t ob = addrB.Base(static_cast<uint64_t>(l) * batchB);
        if (aKind_ == kGm) aGm_ = guard.a[oa];
        if (aKind_ == kLocal) aLocal_ = guard.al[oa];
        if (bKind_ == kGm) bGm_ = guard.b[ob];
        if (bKind_ == kLocal) bLocal_ = guard.bl[ob];
        if (biasOn_ && biasKind_ == kGm) biasGm_ = guard.bias[l * sbias];
        if (biasOn_ && biasKind_ == kLocal) biasLocal_ = guard.biasl[l * sbias];
        GlobalTensor<DstT> ws;
        ws.SetGlobalBuffer(reinterpret_cast<DstT*>(wsAddr_) + l * slice, slice);
        RunBatch(api, ws, BatchArgs{batchA, batchB, false, 0, false}, enSequentialWrite, matrixStrideA,
                 matrixStrideB, loc, true);
      }
    }
    nbLoops_ = batchLoop, nbFetched_ = 0, nbBatchA_ = batchA, nbBatchB_ = batchB, nbSlice_ = slice;
    if (!sync && waitIterateBatch) pendingWaitBatch_ = true;
  }

  // The next IterateNBatch slice (batchC matrices of singleCoreM x
  // singleCoreN): the workspace part as a GlobalTensor, or copied into `c`.
  // The reference supports the asynchronous form only.
  template <bool sync = true>
  GlobalTensor<DstT> GetBatchTensorC(uint32_t batchA, uint32_t batchB, bool enSequentialWrite = false,
                                     SrcLoc loc = SrcLoc::Current()) {
    static_assert(!sync, "Matmul: GetBatchTensorC supports the asynchronous form only (GetBatchTensorC<false>), as "
                         "the reference states");
    (void)enSequentialWrite;  // reserved by the reference
    return TakeSlice("Matmul::GetBatchTensorC<false>", batchA, batchB, loc);
  }
  template <bool sync = true>
  void GetBatchTensorC(const LocalTensor<DstT>& c, uint32_t batchA, uint32_t batchB, bool enSequentialWrite = false,
                       SrcLoc loc = SrcLoc::Current()) {
    static_assert(!sync, "Matmul: GetBatchTensorC supports the asynchronous form only (GetBatchTensorC<false>), as "
                         "the reference states");
    (void)enSequentialWrite;
    SliceToLocal("Matmul::GetBatchTensorC<false>", c, batchA, batchB, loc);
  }
  // GetBatchC: the older name of GetBatchTensorC (both modes accepted).
  template <bool sync = true>
  GlobalTensor<DstT> GetBatchC(uint32_t batchA, uint32_t batchB, bool enSequentialWrite = false,
                               SrcLoc loc = SrcLoc::Current()) {
    (void)enSequentialWrite;
    return TakeSlice(sync ? "Matmul::GetBatchC" : "Matmul::GetBatchC<false>", batchA, batchB, loc);
  }
  template <bool sync = true>
  void GetBatchC(const LocalTensor<DstT>& c, uint32_t batchA, uint32_t batchB, bool enSequentialWrite = false,
                 SrcLoc loc = SrcLoc::Current()) {
    (void)enSequentialWrite;
    SliceToLocal(sync ? "Matmul::GetBatchC" : "Matmul::GetBatchC<false>", c, batchA, batchB, loc);
  }

  // The position of the current block in C (reserved by the vendor).
  template <bool isTurnOnDebug = true>
  MatrixOffset GetOffsetC() {
    MatrixOffset o{};
    const int32_t block = cur_ >= 0 ? cur_ : curBlock_;  // the last Iterate's, or the last fetched
    if (block >= 0 && total_ > 0) {
      int32_t m0, n0, mLen, nLen;
      BlockOf(block, m0, n0, mLen, nLen);
      o.row = m0, o.col = n0, o.height = mLen, o.width = nLen;
      o.offset = m0 * orgKc_ + n0;
    }
    return o;
  }

  // Ends the computation (several Matmul objects: call it when switching).
  void End(SrcLoc loc = SrcLoc::Current()) {
    Begin("Matmul::End", loc, false);
    ResetIteration();
    pendingWait_ = false;
    pendingWaitBatch_ = false;
    nbLoops_ = nbFetched_ = 0;
    co1Valid_ = false;
  }

  // aicore internals (REGIST_MATMUL_OBJ).
  void AicoreRegister(TPipe* tpipe) {
    pipe_ = tpipe;
    registered_ = true;
  }
  void AicoreServe() { served_ = true; }

 private:
  enum Kind : uint8_t { kNone = 0, kGm, kLocal, kScalar };

  static std::string S(int64_t v) { return std::to_string(v); }
  static uint32_t Align16(int64_t v) { return static_cast<uint32_t>((v + 15) / 16 * 16); }
  [[noreturn]] AICORE_COLD static void Fail(ErrorKind kind, const char* api, SrcLoc loc, const std::string& what) {
    aicore::detail::MmFail(kind, api, loc, what);
  }

  void CheckNotServed(aicore::detail::CoreContext& core, const char* api, SrcLoc loc) const {
    (void)core;
    if (AICORE_UNLIKELY(served_)) {
      Fail(ErrorKind::kLaunch, api, loc,
           "REGIST_MATMUL_OBJ returned on this cube block of a mixed launch (the cube blocks only serve the "
           "vector blocks' Matmul requests, and on the CPU the vector blocks compute them): the kernel went on "
           "after it, so REGIST_MATMUL_OBJ is not in the kernel function itself, or the code lacks an "
           "ASCEND_IS_AIV guard");
    }
  }
  aicore::detail::CoreContext& Begin(const char* api, SrcLoc loc, bool needTiling = true) {
    aicore::detail::CoreContext& core = aicore::detail::Enter(api, loc);
    CheckNotServed(core, api, loc);
    if (AICORE_UNLIKELY(!registered_)) {
      Fail(ErrorKind::kParameter, api, loc,
           "the Matmul object is used before REGIST_MATMUL_OBJ: register it first, "
           "REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &tiling)");
    }
    if (AICORE_UNLIKELY(needTiling && !inited_)) {
      Fail(ErrorKind::kParameter, api, loc,
           "the Matmul object has no tiling: REGIST_MATMUL_OBJ was given none, so call mm.Init(&tiling) first");
    }
    return core;
  }
  void CheckSingle(const char* api, int m, int n, int k, SrcLoc loc) const {
    if (m <= 0 || n <= 0 || k <= 0) {
      Fail(ErrorKind::kParameter, api, loc,
           "singleM " + S(m) + ", singleN " + S(n) + ", singleK " + S(k) + ": sizes must be > 0");
    }
    if (m > orgM_ || n > orgN_ || k > orgKa_ || k > orgKb_) {
      Fail(ErrorKind::kParameter, api, loc,
           "the single-core shape (" + S(m) + ", " + S(n) + ", " + S(k) + ") exceeds the original shape (M " +
               S(orgM_) + ", N " + S(orgN_) + ", Ka " + S(orgKa_) + ", Kb " + S(orgKb_) + ")");
    }
  }
  static void CheckGmOperand(const char* api, const char* role, TPosition pos, bool bound, SrcLoc loc) {
    if (pos != TPosition::GM) {
      Fail(ErrorKind::kParameter, api, loc,
           std::string(role) + " is a GlobalTensor but its MatmulType position is TPosition::" +
               aicore::detail::PositionName(pos) + " (pass a LocalTensor there, or declare it TPosition::GM)");
    }
    if (!bound) {
      Fail(ErrorKind::kBounds, api, loc, std::string(role) + "'s GlobalTensor was never bound with SetGlobalBuffer");
    }
  }
  template <class T>
  static void CheckLocalOperand(const char* api, const char* role, TPosition pos, const LocalTensor<T>& t,
                                SrcLoc loc) {
    if (pos == TPosition::GM) {
      Fail(ErrorKind::kParameter, api, loc,
           std::string(role) + " is a LocalTensor but its MatmulType position is TPosition::GM (pass a "
                               "GlobalTensor, or declare it TPosition::VECOUT / TSCM)");
    }
    const TPosition actual = t.GetPosition();
    const bool l1 = actual == TPosition::TSCM || actual == TPosition::A1 || actual == TPosition::B1 ||
                    actual == TPosition::C1;
    const bool ok = pos == TPosition::TSCM ? l1 : aicore::detail::MmIsUb(actual);
    if (!ok) {
      Fail(ErrorKind::kParameter, api, loc,
           std::string(role) + " is a LocalTensor at TPosition::" + aicore::detail::PositionName(actual) +
               " but its MatmulType position is TPosition::" + aicore::detail::PositionName(pos) +
               (pos == TPosition::TSCM ? " (L1)" : " (UB)"));
    }
    aicore::detail::CheckLocal(api, role, t, 0, loc, false, aicore::detail::Pipe::kCount);
  }
  static void CheckTrans(const char* api, bool allowed, bool trans, const char* role, SrcLoc loc) {
    if (trans && !allowed) {
      Fail(ErrorKind::kParameter, api, loc,
           std::string("isTranspose") + (role[0] == 'A' ? "A" : "B") + " is true but " + role +
               "'s MatmulType has ISTRANS = false (declare MatmulType<..., true> to transpose it)");
    }
  }
  void CheckBiasAllowed(SrcLoc loc) const {
    // (BIAS_TYPE defaults to C_TYPE: its type is checked only when a bias is set.)
    static_assert(kIntIn ? std::is_same_v<BiasT, int32_t>
                         : (std::is_same_v<BiasT, float> || std::is_same_v<BiasT, half> ||
                            std::is_same_v<BiasT, bfloat16_t>),
                  "Matmul: the bias must be float, half or bfloat16_t (int32_t for int8_t and int4b_t inputs)");
    if (tiling_.isBias != 1) {
      Fail(ErrorKind::kParameter, "Matmul::SetBias", loc,
           "the tiling has isBias = " + S(tiling_.isBias) + ": enable the bias in the host tiling "
           "(EnableBias / SetBias(true)) before calling SetBias");
    }
  }
  void CheckQuantAllowed(const char* api, SrcLoc loc) const {
    if constexpr (!kQuantOut) {
      Fail(ErrorKind::kParameter, api, loc,
           std::string("this Matmul (") + TypeName<SrcAT>() + " -> " + TypeName<DstT>() +
               ") does not quantise: a quantization parameter applies to int8_t / int4b_t -> half (DEQF16), "
               "int8_t -> int8_t (REQ8), half / bfloat16_t -> int8_t (QF322B8_PRE)");
    }
  }
  template <class T>
  static const char* TypeName() {
    if constexpr (std::is_same_v<T, half>) return "half";
    else if constexpr (std::is_same_v<T, bfloat16_t>) return "bfloat16_t";
    else if constexpr (std::is_same_v<T, float>) return "float";
    else if constexpr (std::is_same_v<T, int8_t>) return "int8_t";
    else if constexpr (std::is_same_v<T, int32_t>) return "int32_t";
    else if constexpr (std::is_same_v<T, int4b_t>) return "int4b_t";
    else return "?";
  }
  static void CheckAtomic(const char* api, uint8_t enAtomic, SrcLoc loc) {
    if (enAtomic > 3) {
      Fail(ErrorKind::kParameter, api, loc,
           "enAtomic " + S(enAtomic) + " is not 0 (none), 1 (add), 2 (max) or 3 (min)");
    }
  }
  void CheckUbCType(const char* api, SrcLoc loc) const {
    if (C_TYPE::pos == TPosition::GM) {
      Fail(ErrorKind::kParameter, api, loc,
           "C's MatmulType position is TPosition::GM: a LocalTensor destination needs C at TPosition::VECIN");
    }
  }
  void CheckUbC(const char* api, const LocalTensor<DstT>& t, SrcLoc loc) const {
    CheckUbCType(api, loc);
    if (!aicore::detail::MmIsUb(t.GetPosition())) {
      Fail(ErrorKind::kParameter, api, loc,
           std::string("co2Local is a LocalTensor at TPosition::") +
               aicore::detail::PositionName(t.GetPosition()) + "; GetTensorC writes C to UB (VECIN)");
    }
  }

  // isPartialOutput: GetTensorC writes each K slice's block sequentially.
  void CheckPartialWrite(const char* api, bool enSequentialWrite, SrcLoc loc) const {
    if constexpr (kPartial) {
      if (!enSequentialWrite) {
        Fail(ErrorKind::kParameter, api, loc,
             "isPartialOutput: GetTensorC must write sequentially (enSequentialWrite = true; the reference: the "
             "non-sequential mode is not supported)");
      }
    }
    (void)api, (void)enSequentialWrite, (void)loc;
  }

  void ResetIteration() {
    started_ = false;
    next_ = 0;
    nextK_ = 0;
    cur_ = -1;
    curBlock_ = -1;
    haveC_ = false;
    async_ = false;
    asyncIter_ = 0;
    asyncFetched_ = 0;
  }

  int32_t BaseM() const { return tiling_.baseM; }
  int32_t BaseN() const { return tiling_.baseN; }
  size_t BlockElems() const { return static_cast<size_t>(BaseM()) * static_cast<size_t>(BaseN()); }
  int32_t MIter() const { return (sM_ + BaseM() - 1) / BaseM(); }
  int32_t NIter() const { return (sN_ + BaseN() - 1) / BaseN(); }
  bool OrderN() const {
    if (kCfg.iterateOrder != IterateOrder::UNDEF) return kCfg.iterateOrder == IterateOrder::ORDER_N;
    return tiling_.iterateOrder == 1;
  }
  void BlockOf(int32_t i, int32_t& m0, int32_t& n0, int32_t& mLen, int32_t& nLen) const {
    const int32_t mi = OrderN() ? i / NIter() : i % MIter();
    const int32_t ni = OrderN() ? i % NIter() : i / MIter();
    m0 = mi * BaseM();
    n0 = ni * BaseN();
    mLen = std::min(BaseM(), sM_ - m0);
    nLen = std::min(BaseN(), sN_ - n0);
  }

  // The layouts of A (m x k) and B (k x n) in their tensors.
  Layout LayoutA() const {
    if (aKind_ == kScalar) return Layout{0, 0, 0, 0, 0, 0};
    constexpr uint32_t c0 = 256 / aicore::detail::kElemBits<SrcAT>;  // 32 bytes (int4b_t: 64)
    if constexpr (A_TYPE::format == CubeFormat::NZ) {
      if (!transA_) return Layout::Nz(c0, Align16(orgM_));
      return Layout{c0, 0, static_cast<int64_t>(Align16(orgKa_)) * c0, 1, 0, c0};
    }
    return transA_ ? Layout::ColMajor(aLd_ != 0 ? aLd_ : orgM_) : Layout::RowMajor(aLd_ != 0 ? aLd_ : orgKa_);
  }
  Layout LayoutB() const {
    if (bKind_ == kScalar) return Layout{0, 0, 0, 0, 0, 0};
    constexpr uint32_t c0 = 256 / aicore::detail::kElemBits<SrcBT>;
    if constexpr (B_TYPE::format == CubeFormat::NZ) {
      if (!transB_) return Layout::Nz(c0, Align16(orgKb_));
      return Layout{c0, 0, static_cast<int64_t>(Align16(orgN_)) * c0, 1, 0, c0};
    }
    return transB_ ? Layout::ColMajor(bLd_ != 0 ? bLd_ : orgKb_) : Layout::RowMajor(bLd_ != 0 ? bLd_ : orgN_);
  }

  // Checks the operands for a run over the single-core shape and sizes the
  // accumulator; the GM reads are recorded for the sanitizer.
  void Start(aicore::detail::CoreContext& core, const char* api, SrcLoc loc) {
    if constexpr (kPolicy == 3) CheckNBuffer33(core, api, loc);
    if constexpr (kPartial) {
      if (std::strcmp(api, "Matmul::Iterate") != 0) {
        Fail(ErrorKind::kParameter, api, loc,
             "isPartialOutput supports Iterate + GetTensorC(..., enSequentialWrite = true) only (the reference: "
             "not IterateAll, IterateBatch or the asynchronous Iterate)");
      }
      if (biasOn_) {
        Fail(ErrorKind::kParameter, api, loc, "isPartialOutput does not support a bias (the reference)");
      }
      if (kCbA || kCbB || kSparse) {
        Fail(ErrorKind::kParameter, api, loc,
             "isPartialOutput with copy-in callbacks or a sparse B is not implemented in aicore");
      }
    }
    if (aKind_ == kNone) Fail(ErrorKind::kParameter, api, loc, "A was never set: call SetTensorA first");
    if (bKind_ == kNone) Fail(ErrorKind::kParameter, api, loc, "B was never set: call SetTensorB first");
    if (biasOn_ && biasKind_ == kNone) {
      Fail(ErrorKind::kParameter, api, loc,
           "the tiling enables the bias (isBias = 1) but SetBias was never called (call SetBias, or DisableBias)");
    }
    if constexpr (kQuantOut) {
      if (quant_ == kNone) {
        Fail(ErrorKind::kParameter, api, loc,
             std::string(TypeName<SrcAT>()) + " -> " + TypeName<DstT>() + " quantises with " +
                 aicore::detail::QuantModeName(aicore::detail::MmQuantMode<SrcAT, DstT>(false)) +
                 ": call SetQuantScalar or SetQuantVector first");
      }
    }
    const std::string k =
        aicore::lib::CubeTilingBaseKProblem(tiling_, aicore::detail::kElemBits<SrcAT>, transA_, transB_);
    if (!k.empty()) Fail(ErrorKind::kParameter, api, loc, "the tiling breaks a rule: " + k);
    if constexpr (kInt4) {
      // An int4b_t matrix's inner axis holds an even number of elements (its
      // rows are whole bytes), as the reference requires.
      const int32_t bIn = transB_ ? sK_ : sN_, bOrg = transB_ ? orgKb_ : orgN_;
      if (sK_ % 2 != 0 || orgKa_ % 2 != 0 || bIn % 2 != 0 || bOrg % 2 != 0) {
        Fail(ErrorKind::kParameter, api, loc,
             "int4b_t A and B need an even number of elements along their inner axis: A (M x K) has singleCoreK " +
                 S(sK_) + ", Ka " + S(orgKa_) + "; B (" + (transB_ ? "transposed, N x K) has singleCoreK " +
                 S(sK_) + ", Kb " + S(orgKb_) : "K x N) has singleCoreN " + S(sN_) + ", N " + S(orgN_)));
      }
    }
    CheckOperand(core, api, "A", aKind_, aGm_, aLocal_, LayoutA(), sM_, sK_, loc);
    if constexpr (kSparse) {
      // B: sK/2 x sN (stored N x K/2); the index: sK/8 bytes x sN in NZ.
      sparse_.CheckRun<B_TYPE>(kCfg.doMultiDataLoad, bKind_ == kGm, transB_, sK_, api, loc);
      const Layout lb = B_TYPE::format == CubeFormat::NZ ? LayoutB() : Layout::ColMajor(orgKb_ / 2);
      const Layout li{8, 0, static_cast<int64_t>(Align16(orgN_)) * 8, 1, 0, 8};
      CheckOperand(core, api, "B", bKind_, bGm_, bLocal_, lb, sK_ / 2, sN_, loc);
      CheckOperand(core, api, "the sparse index", kGm, sparse_.index, LocalTensor<uint8_t>{}, li, (sK_ + 7) / 8, sN_, loc);
      if constexpr (kIntIn) sparse_.Expand(bGm_.GetPhyAddr(), lb, li, sK_, sN_, api, loc);
    } else {
      CheckOperand(core, api, "B", bKind_, bGm_, bLocal_, LayoutB(), sK_, sN_, loc);
    }
    if (biasOn_) CheckOperand(core, api, "the bias", biasKind_, biasGm_, biasLocal_, Layout::RowMajor(sN_), 1, sN_, loc);
    if constexpr (kQuantOut) {
      if (quant_ == kGm) CheckOperand(core, api, "the quantization vector", kGm, quantGm_, quantLocal_,
                                      Layout::RowMajor(sN_), 1, sN_, loc);
      if (quant_ == kLocal) CheckOperand(core, api, "the quantization vector", kLocal, quantGm_, quantLocal_,
                                         Layout::RowMajor(sN_), 1, sN_, loc);
    }
    if constexpr (kCb) PrepareCallbacks(core, api, loc);
    co1_.resize(BlockElems());
    total_ = MIter() * NIter();
    next_ = 0;
    started_ = true;
  }
  // The checks of the user callbacks and their buffers in the Matmul's
  // TPipe: the A1 / B1 tiles of CopyA1 / CopyB1, the L0C block of
  // DataCopyOut (carved again after the pipe's epoch ends or for larger
  // base blocks).
  void PrepareCallbacks(aicore::detail::CoreContext& core, const char* api, SrcLoc loc) {
    if (selfDefPending_ != 0) {
      Fail(ErrorKind::kParameter, api, loc,
           std::string("SetSelfDefineData must come before SetTensorA and SetTensorB (the reference requires it), "
                       "but ") +
               (selfDefPending_ == 3 ? "SetTensorA and SetTensorB were" : selfDefPending_ == 1 ? "SetTensorA was"
                                                                                                : "SetTensorB was") +
               " not called after it");
    }
    if (pipe_ == nullptr) {
      Fail(ErrorKind::kParameter, api, loc,
           "the user callbacks' L1 / L0C buffers come from the Matmul's TPipe, and it has none: "
           "REGIST_MATMUL_OBJ(&pipe, ...) or Init(&tiling, &pipe)");
    }
    const auto c0 = [](int64_t v, size_t size) { return (v * static_cast<int64_t>(size) + 31) / 32 * 32; };
    const int64_t tm = std::min(TileExt(BaseM(), tiling_.stepM), sM_);
    const int64_t tn = std::min(TileExt(BaseN(), tiling_.stepN), sN_);
    const int64_t tka = std::min(TileExt(tiling_.baseK, tiling_.stepKa), sK_);
    const int64_t tkb = std::min(TileExt(tiling_.baseK, tiling_.stepKb), sK_);
    // A tile of v x w stored, w in base blocks of bw (int8_t / int4b_t: rows
    // rounded up to C0 and, split per base block, each block's columns).
    const auto tile = [&](int64_t v, int64_t w, int32_t bw) {
      if (kBits > 8) return int64_t{Align16(v)} * c0(w, sizeof(SrcAT));
      const auto bytes = [&](int64_t e) { return c0((e * kBits + 7) / 8, 1); };
      return (v + kC0 - 1) / kC0 * kC0 * std::max(bytes(w), (w + bw - 1) / bw * bytes(bw));
    };
    const int64_t bytesA = std::max(tile(tm, tka, tiling_.baseK), tile(tka, tm, BaseM()));
    const int64_t bytesB = std::max(tile(tkb, tn, BaseN()), tile(tn, tkb, tiling_.baseK));
    const int64_t bytesC = int64_t{Align16(BaseM())} * Align16(BaseN()) * static_cast<int64_t>(sizeof(L0cT));
    const bool fresh = cbEpoch_ != core.epoch;
    const auto carve = [&](auto& buf, int64_t bytes, int64_t& have) {
      if (!fresh && bytes <= have) return;
      pipe_->InitBuffer(buf, static_cast<uint32_t>(bytes), loc);
      have = bytes;
    };
    if (fresh) cbBytesA_ = cbBytesB_ = cbBytesC_ = cbBytesQ_ = 0;
    if constexpr (kCbA) carve(cbA1_, bytesA, cbBytesA_);
    if constexpr (kCbB) carve(cbB1_, bytesB, cbBytesB_);
    if constexpr (kCbOut) carve(cbCo1_, bytesC, cbBytesC_);
    if constexpr (kCbOut && kQuantOut) carve(cbQuant_, int64_t{Align16(BaseN())} * 8, cbBytesQ_);
    cbEpoch_ = core.epoch;
    cbHeldA_ = cbHeldB_ = CbTile{};  // the tiles are copied again (the NPU resets its L1 cache too)
  }
  // The L1 tiles of CopyA1 / CopyB1, in elements along one axis: the Norm
  // template's base blocks; MDL's (doMultiDataLoad, doSpecialMDL) `step` of them.
  static constexpr bool kMdl = kCfg.doMultiDataLoad || kCfg.doSpecialMDL;
  // MatmulConfig::isPartialOutput: an Iterate computes one baseK slice of K
  // (no accumulation over K); MDL only, as the reference states.
  static constexpr bool kPartial = kCfg.isPartialOutput;
  static_assert(!kPartial || kMdl, "Matmul: isPartialOutput is supported with the MDL template only");
  static_assert(!kTrian || kCfg.doNorm || kMdl,
                "TrianUpperMatmulPolicy / TrianLowerMatmulPolicy: the Norm and MDL templates only (the reference)");
  static_assert(!kTrian || (C_TYPE::pos != TPosition::CO1 && !kCbOut),
                "TrianUpperMatmulPolicy / TrianLowerMatmulPolicy: aicore takes C in GM or UB without a "
                "DataCopyOut callback");
  static_assert(kPolicy != 3 || kCfg.doMultiDataLoad, "NBuffer33MatmulPolicy: the MDL template only (the reference)");
  static_assert(kPolicy != 3 || (A_TYPE::pos == TPosition::GM && B_TYPE::pos == TPosition::GM),
                "NBuffer33MatmulPolicy: A and B at TPosition::GM only (the reference)");
  // NBuffer33MatmulPolicy's conditions (the reference): IterateAll only, in
  // a cube-only launch, stepM, stepKa, stepKb <= 3 and stepKa = stepKb =
  // ceil(singleCoreK / baseK).
  void CheckNBuffer33(const aicore::detail::CoreContext& core, const char* api, SrcLoc loc) const {
    const std::string a(api);
    if (a.find("IterateAll") == std::string::npos) {
      Fail(ErrorKind::kParameter, api, loc, "NBuffer33MatmulPolicy gives C through IterateAll only");
    }
    if (core.launch != nullptr && aicore::detail::IsMixed(core.launch->geom)) {
      Fail(ErrorKind::kParameter, api, loc,
           "NBuffer33MatmulPolicy runs in a cube-only kernel, not a mixed (cube + vector) launch");
    }
    const int32_t kIter = (sK_ + tiling_.baseK - 1) / std::max(1, tiling_.baseK);
    if (tiling_.stepM > 3 || tiling_.stepKa > 3 || tiling_.stepKb > 3 || tiling_.stepKa != kIter ||
        tiling_.stepKb != kIter) {
      Fail(ErrorKind::kParameter, api, loc,
           "NBuffer33MatmulPolicy needs stepM, stepKa, stepKb <= 3 and stepKa = stepKb = ceil(singleCoreK / baseK) = " +
               S(kIter) + "; the tiling has stepM " + S(tiling_.stepM) + ", stepKa " + S(tiling_.stepKa) +
               ", stepKb " + S(tiling_.stepKb) + " (generate it with SetMatmulConfigParams' "
               "ScheduleType::N_BUFFER_33)");
    }
  }
  // Whether the triangular policy leaves base block `block` out.
  bool TrianSkip(int32_t block) const {
    if constexpr (kTrian) {
      int32_t m0, n0, mLen, nLen;
      BlockOf(block, m0, n0, mLen, nLen);
      const int32_t mi = m0 / BaseM(), ni = n0 / BaseN();
      return kPolicy == 1 ? mi > ni : mi < ni;
    } else {
      (void)block;
      return false;
    }
  }
  static int32_t TileExt(int32_t base, int32_t step) { return kMdl ? base * step : base; }
  // The rows of a callback's L1 tile in NZ: its stored height rounded up to
  // 16, or for int8_t / int4b_t with K as the stored height to C0 (32 / 64:
  // the vendor's Nd2Nz copy aligns K rows to C0 there).
  static int64_t TileRows(int64_t storedRows, bool kRows) {
    const int64_t a = kRows && kBits <= 8 ? kC0 : 16;
    return (storedRows + a - 1) / a * a;
  }
  void CheckNotDualMaster(const char* api, SrcLoc loc) const {
    if (kCfg.enableMixDualMaster) {
      Fail(ErrorKind::kParameter, api, loc,
           "not available with MatmulConfig::enableMixDualMaster = true, as the reference states");
    }
  }
  template <class T>
  void CheckOperand(aicore::detail::CoreContext& core, const char* api, const char* role, Kind kind,
                    const GlobalTensor<T>& gm, const LocalTensor<T>& local, const Layout& l, int32_t rows,
                    int32_t cols, SrcLoc loc) const {
    if (kind == kScalar) return;
    // n elements (int4b_t: two a byte, so (n + 1) / 2 bytes).
    const uint64_t n = static_cast<uint64_t>(l.Offset(static_cast<uint32_t>(rows - 1), static_cast<uint32_t>(cols - 1))) + 1;
    constexpr uint32_t per = aicore::detail::kElemsPerObj<T>;
    if (kind == kGm) {
      if (gm.sized_ && n > gm.GetSize()) {
        Fail(ErrorKind::kBounds, api, loc,
             std::string(role) + " spans " + S(static_cast<int64_t>(n)) + " elements (" + S(rows) + " x " +
                 S(cols) + " with the original shape's strides) but its GlobalTensor holds " +
                 S(static_cast<int64_t>(gm.GetSize())));
      }
      gm.CheckRange(api, 0, (n + per - 1) / per, loc);
      if (AICORE_UNLIKELY(core.instr != 0)) {
        const aicore::detail::MmSpan b = aicore::detail::MmBursts(l, static_cast<uint32_t>(rows), static_cast<uint32_t>(cols));
        const uint64_t len = aicore::detail::ObjBytes<T>(b.len, true);
        aicore::detail::EmitGmBursts(core, aicore::detail::GmAccess::kRead, gm.GetPhyAddr(), b.count, len,
                                     aicore::detail::ObjBytes<T>(b.step, true) - len, api, loc);
      }
    } else {
      // Allocated and owned first (a freed tensor's buffer is not read).
      aicore::detail::CheckLocal(api, role, local, 0, loc, false, aicore::detail::Pipe::kCount);
      const uint64_t avail = aicore::detail::AvailableBytes(local) / sizeof(T) * per;
      if (n > avail) {
        Fail(ErrorKind::kBounds, api, loc,
             std::string(role) + " spans " + S(static_cast<int64_t>(n)) + " elements (" + S(rows) + " x " +
                 S(cols) + ") but its LocalTensor has " + S(static_cast<int64_t>(avail)) +
                 " elements to the end of its buffer");
      }
      aicore::detail::CheckLocal(api, role, local, aicore::detail::ObjBytes<T>(n, true), loc, false,
                                 aicore::detail::Pipe::kCount);
    }
  }
  template <class T>
  const T* OperandData(Kind kind, const GlobalTensor<T>& gm, const LocalTensor<T>& local, const T& scalar) const {
    return kind == kGm ? gm.GetPhyAddr() : kind == kLocal ? local.GetPhyAddr() : &scalar;
  }

  // C block i into `out` (row-major, row stride baseN).
  void ComputeBlock(int32_t i, L0cT* out, bool accumulate) {
    int32_t m0, n0, mLen, nLen;
    BlockOf(i, m0, n0, mLen, nLen);
    GemmBlock(m0, n0, mLen, nLen, out, Layout::RowMajor(BaseN()), accumulate);
  }
  void GemmBlock(int32_t m0, int32_t n0, int32_t mLen, int32_t nLen, L0cT* out, const Layout& lc, bool accumulate) {
    const auto um = static_cast<uint32_t>(mLen), un = static_cast<uint32_t>(nLen);
    const L0cT* bias = nullptr;
    if (biasOn_ && !accumulate) {
      const BiasT* src = biasKind_ == kGm ? biasGm_.GetPhyAddr() : biasLocal_.GetPhyAddr();
      biasBuf_.resize(un);
      for (uint32_t j = 0; j < un; ++j) biasBuf_[j] = static_cast<L0cT>(src[n0 + j]);
      bias = biasBuf_.data();
    }
    const aicore::simd::GemmInit first = bias != nullptr ? aicore::simd::GemmInit::kBias
                                         : accumulate   ? aicore::simd::GemmInit::kAccumulate
                                                        : aicore::simd::GemmInit::kZero;
    const SrcAT* a0 = OperandData(aKind_, aGm_, aLocal_, aScalar_);
    const SrcBT* b0 = OperandData(bKind_, bGm_, bLocal_, bScalar_);
    GemmOperands(m0, n0, um, un, a0, b0, out, lc, first, bias);
  }
  // GemmBlock's operands: as they are, or int4b_t ones unpacked to int8_t
  // (Part: the block's A, um x K, and B, K x un, or the callbacks' tiles) and
  // multiplied as int8_t: the same integer products and int32_t sums.
  void GemmOperands(int32_t m0, int32_t n0, uint32_t um, uint32_t un, const SrcAT* a0, const SrcBT* b0, L0cT* out,
                    const Layout& lc, aicore::simd::GemmInit first, const L0cT* bias) {
    const auto um0 = static_cast<uint32_t>(m0), un0 = static_cast<uint32_t>(n0);
    const bool tileA = kCbA && aKind_ == kGm, tileB = kCbB && bKind_ == kGm;
    if (!tileA && !tileB) {
      // K: all of singleCoreK, or (isPartialOutput) the Iterate's slice.
      const auto k0 = static_cast<uint32_t>(kPartial ? pk0_ : 0);
      const auto uk = static_cast<uint32_t>(kPartial ? pkLen_ : sK_);
      Layout la = LayoutA(), lb = LayoutB();
      const OpT* a = Part(a0, la, um0, k0, um, uk, packA_);
      if constexpr (kSparse && kIntIn) {
        return sparse_.Gemm(um, un, uk, a, la, un0, out, lc, first, bias, opt_);
      }
      const OpT* b = Part(b0, lb, k0, un0, uk, un, packB_);
      aicore::simd::Gemm<OpT, OpT, L0cT>(um, un, uk, a, la, b, lb, out, lc, first, bias, opt_);
      return;
    }
    // A user copy-in callback: K in chunks that end where an L1 tile of A or
    // B ends (the same bits, see Numerics); the block's part of each chunk
    // read from the callback's tile in L1 (m0, n0 are multiples of baseM,
    // baseN; the tiles of stepM x stepKa and stepKb x stepN base blocks
    // with MDL, of one base block with Norm).
    const int32_t baseK = tiling_.baseK;
    const int32_t tM = TileExt(BaseM(), tiling_.stepM), tN = TileExt(BaseN(), tiling_.stepN);
    const int32_t tKa = TileExt(baseK, tiling_.stepKa), tKb = TileExt(baseK, tiling_.stepKb);
    for (int32_t k0 = 0, k1 = 0; k0 < sK_; k0 = k1) {
      k1 = sK_;
      if (tileA) k1 = std::min(k1, (k0 / tKa + 1) * tKa);
      if (tileB) k1 = std::min(k1, (k0 / tKb + 1) * tKb);
      const auto uk0 = static_cast<uint32_t>(k0), uk = static_cast<uint32_t>(k1 - k0);
      Layout la = LayoutA(), lb = LayoutB();
      const OpT* a = nullptr;
      const OpT* b = nullptr;
      if constexpr (kCbA) {
        if (tileA) {
          const int32_t r0 = m0 / tM * tM, c0 = k0 / tKa * tKa;
          const CbTile t{a0, r0 / BaseM(), c0 / baseK, std::min(tM, sM_ - r0), std::min(tKa, sK_ - c0)};
          LocalTensor<int8_t> l1 = cbA1_.template Get<int8_t>();
          if (!(t == cbHeldA_)) {
            MM_CB::CopyA1Ptr(l1, static_cast<const __gm__ void*>(a0), t.row, t.col, t.h, t.w, userDefInfo_,
                             selfDefineData_);
            cbHeldA_ = t;
          }
          a = TileView(reinterpret_cast<const SrcAT*>(l1.GetPhyAddr()), transA_, transA_ ? t.w : t.h,
                       transA_ ? t.h : t.w, transA_ ? BaseM() : baseK, transA_ ? tiling_.stepM : tiling_.stepKa,
                       transA_, static_cast<uint32_t>(m0 - r0), static_cast<uint32_t>(k0 - c0), um, uk, packA_, la);
        }
      }
      if constexpr (kCbB) {
        if (tileB) {
          const int32_t r0 = k0 / tKb * tKb, c0 = n0 / tN * tN;
          const CbTile t{b0, r0 / baseK, c0 / BaseN(), std::min(tKb, sK_ - r0), std::min(tN, sN_ - c0)};
          LocalTensor<int8_t> l1 = cbB1_.template Get<int8_t>();
          if (!(t == cbHeldB_)) {
            MM_CB::CopyB1Ptr(l1, static_cast<const __gm__ void*>(b0), t.row, t.col, t.h, t.w, userDefInfo_,
                             selfDefineData_);
            cbHeldB_ = t;
          }
          b = TileView(reinterpret_cast<const SrcAT*>(l1.GetPhyAddr()), transB_, transB_ ? t.w : t.h,
                       transB_ ? t.h : t.w, transB_ ? baseK : BaseN(), transB_ ? tiling_.stepKb : tiling_.stepN,
                       !transB_, static_cast<uint32_t>(k0 - r0), static_cast<uint32_t>(n0 - c0), uk, un, packB_, lb);
        }
      }
      if (!tileA) a = Part(a0, la, um0, uk0, um, uk, packA_);
      if (!tileB) b = Part(b0, lb, uk0, un0, uk, un, packB_);
      aicore::simd::Gemm<OpT, OpT, L0cT>(um, un, uk, a, la, b, lb, out, lc,
                                         k0 == 0 ? first : aicore::simd::GemmInit::kAccumulate, bias, opt_);
    }
  }
  // Element e of int4b_t data (nibble e % 2 of byte e / 2) as int8_t.
  static int8_t Int4At(const int4b_t* base, int64_t e) {
    return static_cast<int8_t>(base[e >> 1].Get(static_cast<int>(e & 1)));
  }
  // The operand's rows x cols sub-matrix at (r0, c0) for the GEMM: At, or
  // for int4b_t Unpack4.
  static const OpT* Part(const SrcAT* base, Layout& l, uint32_t r0, uint32_t c0, uint32_t rows, uint32_t cols,
                         std::vector<OpT>& buf) {
    if constexpr (kInt4) {
      return Unpack4(base, l, r0, c0, rows, cols, buf);
    } else {
      return At(base, l, r0, c0, rows, cols, buf);
    }
  }
  // The rows x cols sub-matrix at (r0, c0) of an int4b_t operand (element
  // e of its layout `l`: nibble e % 2 of byte e / 2) unpacked to int8_t into
  // `out`: column-major when `l` is (a transposed operand), else row-major
  // (`l` is updated).
  static const int8_t* Unpack4(const int4b_t* base, Layout& l, uint32_t r0, uint32_t c0, uint32_t rows,
                               uint32_t cols, std::vector<int8_t>& out) {
    out.resize(static_cast<size_t>(rows) * cols);
    int8_t* o = out.data();
    const bool plain = l.rb == 0 && l.cb == 0;
    if (plain && l.ci == 1) {  // row-major: each row's elements in a run
      for (uint32_t r = 0; r < rows; ++r, o += cols) {
        const int64_t e0 = l.Offset(r0 + r, c0);
        for (uint32_t c = 0; c < cols; ++c) o[c] = Int4At(base, e0 + c);
      }
      l = Layout::RowMajor(cols);
    } else if (plain && l.ri == 1) {  // column-major: each column's in a run
      for (uint32_t c = 0; c < cols; ++c, o += rows) {
        const int64_t e0 = l.Offset(r0, c0 + c);
        for (uint32_t r = 0; r < rows; ++r) o[r] = Int4At(base, e0 + r);
      }
      l = Layout::ColMajor(rows);
    } else {  // NZ, or a scalar (every offset 0)
      for (uint32_t r = 0; r < rows; ++r) {
        for (uint32_t c = 0; c < cols; ++c) *o++ = Int4At(base, l.Offset(r0 + r, c0 + c));
      }
      l = Layout::RowMajor(cols);
    }
    return out.data();
  }
  // The operand's rows x cols sub-matrix at (r0, c0): in place, or packed
  // row-major when (r0, c0) falls inside an NZ fractal (`l` is updated).
  template <class T>
  static const T* At(const T* base, Layout& l, uint32_t r0, uint32_t c0, uint32_t rows, uint32_t cols,
                     std::vector<T>& pack) {
    if (aicore::detail::MmAligned(l, r0, c0)) return base + l.Offset(r0, c0);
    pack.resize(static_cast<size_t>(rows) * cols);
    for (uint32_t r = 0; r < rows; ++r) {
      for (uint32_t c = 0; c < cols; ++c) pack[static_cast<size_t>(r) * cols + c] = base[l.Offset(r0 + r, c0 + c)];
    }
    l = Layout::RowMajor(cols);
    return pack.data();
  }
  // The rows x cols part at (r0, c0) (the operand's orientation) of a
  // copy-in callback's L1 tile: the tile as stored in GM (`trans`: the
  // operand's transpose; h x w stored, `kRows`: its rows are K) in NZ with
  // fractal columns of 32 bytes (C0 elements: 64 int4b_t) of TileRows(h)
  // rows; through Part (l: its layout). An int8_t / int4b_t MDL tile that
  // spans `step` > 1 base blocks of bw stored columns, bw not a multiple of
  // C0, is split as the vendor's copy splits it: each base block its own NZ
  // matrix, roundC0(bw) x roundC0(h) elements apart (int4b_t: the vendor
  // counts bytes, half as many), packed row-major into `pack`.
  static const OpT* TileView(const SrcAT* l1, bool trans, int32_t h, int32_t w, int32_t bw, int32_t step, bool kRows,
                             uint32_t r0, uint32_t c0, uint32_t rows, uint32_t cols, std::vector<OpT>& pack,
                             Layout& l) {
    const int64_t height = TileRows(h, kRows);
    if (kBits > 8 || !kMdl || bw % kC0 == 0 || step <= 1 || w <= bw) {
      l = trans ? Layout{kC0, 0, height * kC0, 1, 0, kC0} : Layout::Nz(kC0, height);
      return Part(l1, l, r0, c0, rows, cols, pack);
    }
    const int64_t matrix = int64_t{(bw + kC0 - 1) / kC0 * kC0} * ((h + kC0 - 1) / kC0 * kC0);
    pack.resize(static_cast<size_t>(rows) * cols);
    for (uint32_t r = 0; r < rows; ++r) {
      for (uint32_t c = 0; c < cols; ++c) {
        const int64_t sr = trans ? c0 + c : r0 + r, sc = trans ? r0 + r : c0 + c;  // stored row, column
        const int64_t in = sc % bw;
        const int64_t e = sc / bw * matrix + in / kC0 * height * kC0 + sr * kC0 + in % kC0;
        if constexpr (kInt4) {
          pack[static_cast<size_t>(r) * cols + c] = Int4At(l1, e);
        } else {
          pack[static_cast<size_t>(r) * cols + c] = l1[e];
        }
      }
    }
    l = Layout::RowMajor(cols);
    return pack.data();
  }
  // The tile a callback's L1 buffer holds (its call's arguments).
  struct CbTile {
    const void* gm = nullptr;
    int32_t row = -1, col = -1, h = 0, w = 0;
    bool operator==(const CbTile& o) const {
      return gm == o.gm && row == o.row && col == o.col && h == o.h && w == o.w;
    }
  };

  // The L0C block of the current GetTensorC: the block of the last Iterate
  // (sync), or the next stored one (async).
  template <bool sync>
  const L0cT* TakeBlock(const char* api, SrcLoc loc) {
    if constexpr (sync) {
      if (!haveC_) {
        Fail(ErrorKind::kParameter, api, loc,
             async_ ? "an Iterate<false> batch is running: fetch its blocks with GetTensorC<false>"
                    : "no block to fetch: call Iterate (and check it returned true) before each GetTensorC");
      }
      haveC_ = false;
      curBlock_ = cur_;
      return co1_.data();
    } else {
      if (!async_) {
        Fail(ErrorKind::kParameter, api, loc, "no Iterate<false> batch: call Iterate<false>() first");
      }
      if (asyncFetched_ >= total_) {
        Fail(ErrorKind::kParameter, api, loc,
             "all " + S(total_) + " blocks of the Iterate<false> batch were already fetched");
      }
      curBlock_ = asyncFetched_++;
      return store_.data() + static_cast<size_t>(curBlock_) * BlockElems();
    }
  }

  // The quantization parameter of column n (of the single-core C).
  uint64_t QuantParam(int32_t n) const {
    if (quant_ == kGm) return quantGm_.GetPhyAddr()[n];
    if (quant_ == kLocal) return quantLocal_.GetPhyAddr()[n];
    return quantScalar_;
  }
  DstT Convert(L0cT v, int32_t n) const {
    if constexpr (kQuantOut) {
      // The cube's Fixpipe conversion: the mode the vendor's Matmul selects
      // for these types (V*: the per-column parameter of SetQuantVector).
      const QuantMode_t mode = aicore::detail::MmQuantMode<SrcAT, DstT>(quant_ == kGm || quant_ == kLocal);
      return aicore::detail::FixConvert<DstT, L0cT>(v, mode, kCfg.enableRelu, QuantParam(n));
    } else {
      if constexpr (kCfg.enableRelu) v = v > L0cT(0) ? v : L0cT(0);
      (void)n;
      return static_cast<DstT>(v);
    }
  }

  // Where C goes: the layout of the destination and the block's origin.
  struct Place {
    Layout l;
    uint64_t origin;  // element offset of the block's (0, 0)
    uint64_t extent;  // elements from the destination's start the block reaches
  };
  Place PlaceOf(int32_t block, bool sequential, int32_t seqIndex, bool ub) const {
    int32_t m0, n0, mLen, nLen;
    BlockOf(block, m0, n0, mLen, nLen);
    constexpr uint32_t align = 32 / sizeof(DstT);
    Place p{};
    if (sequential) {
      p.origin = static_cast<uint64_t>(seqIndex) * BlockElems();
      if constexpr (C_TYPE::format == CubeFormat::NZ) {
        p.l = Layout::Nz(kCNzC0, Align16(mLen));
      } else if constexpr (C_TYPE::format == CubeFormat::ND_ALIGN) {
        p.l = Layout::RowMajor((nLen + align - 1) / align * align);
      } else {
        p.l = Layout::RowMajor(nLen);
      }
      m0 = n0 = 0;
    } else {
      const bool d = ub || denseC_;  // a UB destination or the IterateNBatch workspace
      const int64_t rows = d ? sM_ : orgM_;
      int64_t ld = cLd_ != 0 ? cLd_ : d ? sN_ : orgKc_;  // cLd_: a BSNGD / SBNGD C (GM or UB)
      if constexpr (C_TYPE::format == CubeFormat::ND_ALIGN) ld = (ld + align - 1) / align * align;
      if constexpr (C_TYPE::format == CubeFormat::NZ) {
        // Fractal columns `rows` rows apart, not round16(rows): the vendor's
        // copy out takes dstStride and the block offsets from the M it holds
        // (with the channel split it rounds M up to 16).
        p.l = Layout::Nz(kCNzC0, kChanSplit ? Align16(static_cast<int32_t>(rows)) : rows);
      } else {
        p.l = Layout::RowMajor(ld);
      }
      p.origin = static_cast<uint64_t>(p.l.Offset(static_cast<uint32_t>(m0), static_cast<uint32_t>(n0)));
    }
    p.extent = p.origin + static_cast<uint64_t>(p.l.Offset(static_cast<uint32_t>(mLen - 1),
                                                           static_cast<uint32_t>(nLen - 1))) + 1;
    return p;
  }

  // Writes block `block` (L0C data `src`, row stride baseN) to dst + origin.
  void WriteBlock(DstT* dst, const Place& p, int32_t block, const L0cT* src, uint8_t enAtomic, bool gm) {
    int32_t m0, n0, mLen, nLen;
    BlockOf(block, m0, n0, mLen, nLen);
    DstT tmp[256];
    const int32_t cb = static_cast<int32_t>(p.l.cb);  // ND (0): one run per row; NZ: runs within a fractal
    for (int32_t r = 0; r < mLen; ++r) {
      const L0cT* row = src + static_cast<size_t>(r) * BaseN();
      for (int32_t c = 0; c < nLen;) {
        const int32_t run = cb == 0 ? std::min<int32_t>(256, nLen - c) : std::min<int32_t>(cb - c % cb, nLen - c);
        DstT* out = dst + p.origin + static_cast<uint64_t>(p.l.Offset(static_cast<uint32_t>(r), static_cast<uint32_t>(c)));
        if constexpr (std::is_same_v<DstT, L0cT> && !kCfg.enableRelu) {
          if (enAtomic == 0) {
            std::memcpy(static_cast<void*>(out), row + c, static_cast<size_t>(run) * sizeof(DstT));
            c += run;
            continue;
          }
        }
        for (int32_t j = 0; j < run; ++j) tmp[j] = Convert(row[c + j], n0 + c + j);
        if (enAtomic == 0) {
          std::memcpy(static_cast<void*>(out), tmp, static_cast<size_t>(run) * sizeof(DstT));
        } else {
          aicore::detail::MmCombine(out, tmp, static_cast<size_t>(run), enAtomic, gm);
        }
        c += run;
      }
    }
  }

  static const char* LayoutName(LayoutMode l) {
    switch (l) {
      case LayoutMode::NONE: return "NONE";
      case LayoutMode::BSNGD: return "BSNGD";
      case LayoutMode::SBNGD: return "SBNGD";
      case LayoutMode::BNGS1S2: return "BNGS1S2";
      default: return "NORMAL";
    }
  }
  static constexpr bool IsBsLayout(LayoutMode l) { return l == LayoutMode::BSNGD || l == LayoutMode::SBNGD; }
  // The axes of an operand's layout in the tiling (C: b, s1, n, g, s2).
  struct LayoutInfo {
    int64_t b, s, n, g, d;
  };
  LayoutInfo InfoA() const {
    return {tiling_.ALayoutInfoB, tiling_.ALayoutInfoS, tiling_.ALayoutInfoN, tiling_.ALayoutInfoG,
            tiling_.ALayoutInfoD};
  }
  LayoutInfo InfoB() const {
    return {tiling_.BLayoutInfoB, tiling_.BLayoutInfoS, tiling_.BLayoutInfoN, tiling_.BLayoutInfoG,
            tiling_.BLayoutInfoD};
  }
  LayoutInfo InfoC() const {
    return {tiling_.CLayoutInfoB, tiling_.CLayoutInfoS1, tiling_.CLayoutInfoN, tiling_.CLayoutInfoG,
            tiling_.CLayoutInfoS2};
  }
  // How a batch call finds an operand's matrices: `ld` the row stride of
  // one matrix (0: the original shape's), `stride` the distance between the
  // matrices of one call (matrixStride, else `def`), and Base(j) where
  // matrix j of the whole tensor starts (IterateNBatch's loops). NORMAL and
  // BNGS1S2: dense matrices, def = rows * cols. BSNGD [B, S, N, G, D]: row
  // stride N * G * D, matrices D apart along N * G, then S * N * G * D per
  // B index. SBNGD [S, B, N, G, D]: row stride B * N * G * D, matrices D
  // apart along B * N * G.
  struct BatchAddr {
    int64_t ld = 0;
    uint64_t stride = 0, def = 0, lineMats = 0, lineElems = 0;
    uint64_t Base(uint64_t j) const {
      return lineMats != 0 ? (j / lineMats) * lineElems + (j % lineMats) * def : j * def;
    }
  };
  // Elements of a rows x cols matrix of T in NZ: round16(rows) x cols
  // rounded up to C0 (32 bytes).
  template <class T>
  static uint64_t NzSize(int64_t rows, int64_t cols) {
    constexpr int64_t c0 = 32 / sizeof(T);
    return static_cast<uint64_t>(Align16(rows)) * static_cast<uint64_t>((cols + c0 - 1) / c0 * c0);
  }
  // A's and B's batch placement. NZ operands (NORMAL, BNGS1S2): whole NZ
  // matrices one after another (round16(stored rows) x stored columns
  // rounded up to C0), matrixStride unused, as the vendor's NZ batch copy.
  BatchAddr AddrA(uint32_t matrixStride) const {
    constexpr bool nz = A_TYPE::format == CubeFormat::NZ;
    return AddrOf(A_TYPE::layout, InfoA(),
                  nz ? NzSize<SrcAT>(transA_ ? orgKa_ : orgM_, transA_ ? orgM_ : orgKa_)
                     : static_cast<uint64_t>(orgM_) * orgKa_,
                  nz ? 0 : matrixStride);
  }
  BatchAddr AddrB(uint32_t matrixStride) const {
    constexpr bool nz = B_TYPE::format == CubeFormat::NZ;
    return AddrOf(B_TYPE::layout, InfoB(),
                  nz ? NzSize<SrcBT>(transB_ ? orgN_ : orgKb_, transB_ ? orgKb_ : orgN_)
                     : static_cast<uint64_t>(orgKb_) * orgN_,
                  nz ? 0 : matrixStride);
  }
  static BatchAddr AddrOf(LayoutMode mode, const LayoutInfo& f, uint64_t denseSize, uint32_t matrixStride) {
    BatchAddr a;
    if (mode == LayoutMode::BSNGD) {
      a.ld = f.n * f.g * f.d;
      a.def = static_cast<uint64_t>(f.d);
      a.lineMats = static_cast<uint64_t>(f.n * f.g);
      a.lineElems = static_cast<uint64_t>(f.s * f.n * f.g * f.d);
    } else if (mode == LayoutMode::SBNGD) {
      a.ld = f.b * f.n * f.g * f.d;
      a.def = static_cast<uint64_t>(f.d);
    } else {
      a.def = denseSize;
    }
    a.stride = matrixStride != 0 ? matrixStride : a.def;
    return a;
  }
  static std::string InfoStr(const char* role, const LayoutInfo& f, bool c) {
    const std::string p = std::string(role) + "LayoutInfo";
    return p + "B " + S(f.b) + ", " + p + (c ? "S1 " : "S ") + S(f.s) + ", " + p + "N " + S(f.n) + ", " + p + "G " +
           S(f.g) + ", " + p + (c ? "S2 " : "D ") + S(f.d);
  }
  // The checks of a BSNGD / SBNGD / BNGS1S2 batch call against the tiling's
  // layout fields; returns how many batches sum into one C matrix (the
  // G-axis reduce: CLayoutInfoG 1 with A's or B's G > 1), else 1.
  uint32_t CheckLayoutBatch(const char* api, uint32_t batchA, uint32_t batchB, SrcLoc loc) const {
    const LayoutInfo a = InfoA(), b = InfoB();
    const auto set = [](const LayoutInfo& f) { return f.b > 0 && f.s > 0 && f.n > 0 && f.g > 0 && f.d > 0; };
    if (!set(a) || !set(b)) {
      Fail(ErrorKind::kParameter, api, loc,
           std::string("the tiling has no ") + LayoutName(A_TYPE::layout) + " layout information for A and B (" +
               InfoStr("A", a, false) + "; " + InfoStr("B", b, false) +
               "): call SetALayout, SetBLayout, SetCLayout and SetBatchNum in the host tiling");
    }
    const int64_t rowsA = transA_ ? orgKa_ : orgM_, colsA = transA_ ? orgM_ : orgKa_;
    const int64_t rowsB = transB_ ? orgN_ : orgKb_, colsB = transB_ ? orgKb_ : orgN_;
    if (a.s != rowsA || a.d != colsA) {
      Fail(ErrorKind::kParameter, api, loc,
           "ALayoutInfoS " + S(a.s) + " x ALayoutInfoD " + S(a.d) + " is not A's matrix " + S(rowsA) + " x " +
               S(colsA) + (transA_ ? " (Ka x M, A transposed" : " (M x Ka") +
               ", from the tiling / SetOrgShape): the layout sizes disagree with the shapes");
    }
    if (b.s != rowsB || b.d != colsB) {
      Fail(ErrorKind::kParameter, api, loc,
           "BLayoutInfoS " + S(b.s) + " x BLayoutInfoD " + S(b.d) + " is not B's matrix " + S(rowsB) + " x " +
               S(colsB) + (transB_ ? " (N x Kb, B transposed" : " (Kb x N") +
               ", from the tiling / SetOrgShape): the layout sizes disagree with the shapes");
    }
    if (a.g * batchB != b.g * batchA) {
      Fail(ErrorKind::kParameter, api, loc,
           "ALayoutInfoG / batchA = " + S(a.g) + " / " + S(batchA) + " differs from BLayoutInfoG / batchB = " +
               S(b.g) + " / " + S(batchB) + " (the reference requires them equal: the G axis is what broadcasts)");
    }
    if (a.n != b.n || a.b != b.b) {
      Fail(ErrorKind::kParameter, api, loc,
           "ALayoutInfoB " + S(a.b) + ", ALayoutInfoN " + S(a.n) + " and BLayoutInfoB " + S(b.b) +
               ", BLayoutInfoN " + S(b.n) + " differ: batch broadcast along the B or N axis is not supported by "
               "aicore (the reference documents the G axis only; the vendor's implementation broadcasts an axis "
               "of 1 with an index formula the reference does not state)");
    }
    if (A_TYPE::layout == LayoutMode::BSNGD && ((a.n * a.g) % batchA != 0 || (b.n * b.g) % batchB != 0)) {
      Fail(ErrorKind::kParameter, api, loc,
           "a BSNGD call stays within one B index (the reference does not compute several S x D rows at once): "
               "(ALayoutInfoN * ALayoutInfoG) / batchA = " + S(a.n * a.g) +
               " / " + S(batchA) + " and (BLayoutInfoN * BLayoutInfoG) / batchB = " + S(b.n * b.g) + " / " +
               S(batchB) + " must be whole numbers");
    }
    uint32_t reduceG = 1;
    if constexpr (C_TYPE::layout != LayoutMode::NORMAL) {
      const LayoutInfo c = InfoC();
      if (!set(c)) {
        Fail(ErrorKind::kParameter, api, loc,
             std::string("the tiling has no ") + LayoutName(C_TYPE::layout) + " layout information for C (" +
                 InfoStr("C", c, true) + "): call SetCLayout in the host tiling");
      }
      if (c.s != orgM_ || c.d != orgN_) {
        Fail(ErrorKind::kParameter, api, loc,
             "CLayoutInfoS1 " + S(c.s) + " x CLayoutInfoS2 " + S(c.d) + " is not C's matrix M x N = " + S(orgM_) +
                 " x " + S(orgN_) + ": the layout sizes disagree with the shapes");
      }
      if (c.g == 1 && (a.g != 1 || b.g != 1)) reduceG = static_cast<uint32_t>(std::max(a.g, b.g));
    }
    return reduceG;
  }
  // The checks of an IterateBatch call that need no operand sizes; returns
  // the G-axis reduce factor (1: none).
  uint32_t CheckBatchCall(const char* api, uint32_t batchA, uint32_t batchB, bool enPartialSum, SrcLoc loc) const {
    if (A_TYPE::layout == LayoutMode::NONE || B_TYPE::layout == LayoutMode::NONE ||
        C_TYPE::layout == LayoutMode::NONE || A_TYPE::layout != B_TYPE::layout) {
      Fail(ErrorKind::kParameter, api, loc,
           std::string("the MatmulTypes declare the batch layouts A ") + LayoutName(A_TYPE::layout) + ", B " +
               LayoutName(B_TYPE::layout) + ", C " + LayoutName(C_TYPE::layout) +
               ": IterateBatch needs A and B in the same declared layout and C's declared (MatmulType's LAYOUT "
               "parameter, e.g. LayoutMode::NORMAL)");
    }
    const uint32_t hi = std::max(batchA, batchB), lo = std::min(batchA, batchB);
    if (hi % lo != 0) {
      Fail(ErrorKind::kParameter, api, loc,
           "batchA " + S(batchA) + " and batchB " + S(batchB) +
               ": one batch count must be a multiple of the other (the smaller one is broadcast)");
    }
    uint32_t reduceG = 1;
    if constexpr (A_TYPE::layout == LayoutMode::NORMAL) {
      // A tiling with BatchNum set and no layout fields is accepted (ops-nn's
      // batch_mat_mul_v3 host tiling sets only BatchNum); NORMAL addressing
      // does not use the layout fields.
      if (tiling_.BatchNum <= 0 && (tiling_.ALayoutInfoB <= 0 || tiling_.BLayoutInfoB <= 0)) {
        Fail(ErrorKind::kParameter, api, loc,
             "the tiling has no NORMAL batch information (ALayoutInfoB " + S(tiling_.ALayoutInfoB) +
                 ", BLayoutInfoB " + S(tiling_.BLayoutInfoB) +
                 "): call SetBatchInfoForNormal(batchA, batchB, m, n, k) in the host tiling");
      }
    } else {
      reduceG = CheckLayoutBatch(api, batchA, batchB, loc);
    }
    if (static_cast<int64_t>(hi) > tiling_.BatchNum) {
      Fail(ErrorKind::kParameter, api, loc,
           "batchA " + S(batchA) + ", batchB " + S(batchB) + ": max(batchA, batchB) = " + S(hi) +
               " exceeds the tiling's BatchNum " + S(tiling_.BatchNum) +
               " (the most batches one call may compute: SetBatchNum / SetBatchInfoForNormal on the host)");
    }
    if (reduceG > 1 && hi % reduceG != 0) {
      Fail(ErrorKind::kParameter, api, loc,
           "C's G axis is 1 and A's or B's is " + S(reduceG) + " (the batches of G sum into one C matrix), but "
               "max(batchA, batchB) = " + S(hi) + " is not a multiple of it");
    }
    if (enPartialSum) {
      if (sM_ > BaseM() || sN_ > BaseN()) {
        Fail(ErrorKind::kParameter, api, loc,
             "enPartialSum accumulates into L0C only when singleCoreM == baseM and singleCoreN == baseN (one base "
             "block per batch), as the reference states; here " + S(sM_) + " x " + S(sN_) + " with base " +
                 S(BaseM()) + " x " + S(BaseN()));
      }
      if (!co1Valid_) {
        Fail(ErrorKind::kParameter, api, loc,
             "enPartialSum = true but L0C holds no earlier result of this Matmul object (an Iterate or an "
             "IterateBatch before it leaves one)");
      }
    }
    if (quant_ != kNone) {
      Fail(ErrorKind::kParameter, api, loc,
           "IterateBatch does not support quantisation (SetQuantScalar / SetQuantVector were called)");
    }
    if (!kCfg.doNorm) {
      Fail(ErrorKind::kParameter, api, loc,
           "IterateBatch supports the Norm template only (CFG_NORM / GetNormalConfig), as the reference states");
    }
    return reduceG;
  }
  // Checks that `count` matrices `stride` elements apart, each spanning
  // `span`, fit the operand's tensor.
  template <class T>
  void CheckBatchSpan(const char* api, const char* role, const char* strideName, Kind kind, const GlobalTensor<T>& gm,
                      const LocalTensor<T>& local, uint64_t count, uint64_t stride, uint64_t span, SrcLoc loc) const {
    if (kind == kScalar || kind == kNone) return;
    const uint64_t need = (count - 1) * stride + span;
    const bool gmSized = kind == kGm && gm.sized_;
    const uint64_t have = kind == kGm ? gm.GetSize() : aicore::detail::AvailableBytes(local) / sizeof(T);
    if ((kind == kGm && !gmSized) || need <= have) return;
    Fail(ErrorKind::kBounds, api, loc,
         std::string(role) + " holds " + S(static_cast<int64_t>(count)) + " matrices " +
             S(static_cast<int64_t>(stride)) + " elements apart (" + strideName + "), each spanning " +
             S(static_cast<int64_t>(span)) + ": " + S(static_cast<int64_t>(need)) + " elements, but its " +
             (kind == kGm ? "GlobalTensor holds " : "LocalTensor has ") + S(static_cast<int64_t>(have)) +
             (kind == kGm ? "" : " to the end of its buffer"));
  }
  // IterateNBatch: the last loop's operand must start inside its tensor.
  template <class T>
  void CheckLoopStart(const char* api, const char* role, Kind kind, const GlobalTensor<T>& gm,
                      const LocalTensor<T>& local, uint32_t loops, uint64_t start, SrcLoc loc) const {
    if (kind == kScalar || kind == kNone) return;
    const bool sized = kind == kLocal || gm.sized_;
    const uint64_t have = kind == kGm ? gm.GetSize() : aicore::detail::AvailableBytes(local) / sizeof(T);
    if (!sized || start < have) return;
    Fail(ErrorKind::kBounds, api, loc,
         std::string(role) + "'s last matrix (in loop " + S(loops) + " of " + S(loops) + ") starts at element " +
             S(static_cast<int64_t>(start)) + " (its place in the layout), but its " +
             (kind == kGm ? "GlobalTensor holds " : "LocalTensor has ") + S(static_cast<int64_t>(have)));
  }
  GlobalTensor<DstT> TakeSlice(const char* api, uint32_t batchA, uint32_t batchB, SrcLoc loc) {
    aicore::detail::CoreContext& core = Begin(api, loc);
    if (nbLoops_ == 0) {
      Fail(ErrorKind::kParameter, api, loc, "no IterateNBatch results to fetch: call IterateNBatch<false> first");
    }
    if (nbFetched_ >= nbLoops_) {
      Fail(ErrorKind::kParameter, api, loc,
           "all " + S(nbLoops_) + " slices of the IterateNBatch (batchLoop " + S(nbLoops_) + ") were already fetched");
    }
    if (batchA != nbBatchA_ || batchB != nbBatchB_) {
      Fail(ErrorKind::kParameter, api, loc,
           "batchA " + S(batchA) + ", batchB " + S(batchB) + " differ from the IterateNBatch's batchA " +
               S(nbBatchA_) + ", batchB " + S(nbBatchB_));
    }
    DstT* p = reinterpret_cast<DstT*>(wsAddr_) + static_cast<uint64_t>(nbFetched_++) * nbSlice_;
    if (AICORE_UNLIKELY(core.instr != 0)) {
      aicore::detail::EmitGmBursts(core, aicore::detail::GmAccess::kRead, p, 1, nbSlice_ * sizeof(DstT), 0, api, loc);
    }
    GlobalTensor<DstT> g;
    g.SetGlobalBuffer(p, nbSlice_);
    return g;
  }
  void SliceToLocal(const char* api, const LocalTensor<DstT>& c, uint32_t batchA, uint32_t batchB, SrcLoc loc) {
    aicore::detail::CoreContext& core = Begin(api, loc);
    if (!aicore::detail::MmIsUb(c.GetPosition())) {
      Fail(ErrorKind::kParameter, api, loc,
           std::string("c is a LocalTensor at TPosition::") + aicore::detail::PositionName(c.GetPosition()) +
               "; the slice goes to UB (VECIN)");
    }
    if (C_TYPE::format == CubeFormat::ND && (sN_ * sizeof(DstT)) % 32 != 0) {
      Fail(ErrorKind::kParameter, api, loc,
           "the slice goes to UB but singleCoreN " + S(sN_) + " (" + S(static_cast<int64_t>(sN_ * sizeof(DstT))) +
               " bytes) is not a whole number of 32-byte blocks: declare C CubeFormat::ND_ALIGN, as the reference "
               "requires");
    }
    const GlobalTensor<DstT> g = TakeSlice(api, batchA, batchB, loc);
    aicore::detail::CheckLocal(api, "c", c, 0, loc, true, aicore::detail::Pipe::kCount);  // allocated, owned
    const uint64_t avail = aicore::detail::AvailableBytes(c) / sizeof(DstT);
    if (nbSlice_ > avail) {
      Fail(ErrorKind::kBounds, api, loc,
           "the slice is " + S(static_cast<int64_t>(nbSlice_)) + " elements (max(batchA, batchB) matrices) but the "
               "LocalTensor has " + S(static_cast<int64_t>(avail)) + " to the end of its buffer");
    }
    const uint64_t bytes = nbSlice_ * sizeof(DstT);
    aicore::detail::CheckLocal(api, "c", c, bytes, loc, true, aicore::detail::Pipe::kCount);
    if (AICORE_UNLIKELY(core.instr != 0)) {
      aicore::detail::EmitLocal(core, aicore::detail::Pipe::kS, aicore::detail::Access::kWrite, *c.buf_,
                                reinterpret_cast<const uint8_t*>(c.GetPhyAddr()), bytes, api, "c", loc);
    }
    std::memcpy(static_cast<void*>(c.GetPhyAddr()), g.GetPhyAddr(), bytes);
  }
  // Puts the operands back after IterateBatch moved them batch by batch.
  struct OperandGuard {
    MatmulImpl& mm;
    GlobalTensor<SrcAT> a;
    LocalTensor<SrcAT> al;
    GlobalTensor<SrcBT> b;
    LocalTensor<SrcBT> bl;
    GlobalTensor<BiasT> bias;
    LocalTensor<BiasT> biasl;
    bool biasOn;
    explicit OperandGuard(MatmulImpl& m)
        : mm(m), a(m.aGm_), al(m.aLocal_), b(m.bGm_), bl(m.bLocal_), bias(m.biasGm_), biasl(m.biasLocal_),
          biasOn(m.biasOn_) {}
    ~OperandGuard() {
      mm.aGm_ = a, mm.aLocal_ = al, mm.bGm_ = b, mm.bLocal_ = bl, mm.biasGm_ = bias, mm.biasLocal_ = biasl;
      mm.biasOn_ = biasOn;
    }
    OperandGuard(const OperandGuard&) = delete;
    OperandGuard& operator=(const OperandGuard&) = delete;
  };
  struct BatchArgs {
    int64_t batchA, batchB;
    bool enPartialSum;
    uint8_t enAtomic;
    bool cubeForm;
  };
  template <class X1, class X2>
  BatchArgs ResolveBatchArgs(const char* api, X1 x1, X2 x2, bool enPartialSum, uint8_t enAtomic, SrcLoc loc) {
    Begin(api, loc);
    if (std::is_same_v<X1, bool> || batchA_ > 0) {  // the pure cube form
      if (batchA_ <= 0 || batchB_ <= 0) {
        Fail(ErrorKind::kParameter, api, loc,
             "the pure-cube form IterateBatch(c, enPartialSum, enAtomic, enSequentialWrite, ...) takes the batch "
             "counts from SetBatchNum(batchA, batchB), which was not called");
      }
      return BatchArgs{batchA_, batchB_, static_cast<int64_t>(x1) != 0,
                       static_cast<uint8_t>(static_cast<int64_t>(x2)), true};
    }
    return BatchArgs{static_cast<int64_t>(x1), static_cast<int64_t>(x2), enPartialSum, enAtomic, false};
  }
  // Puts the row-stride overrides of a batch call back.
  struct LdGuard {
    MatmulImpl& mm;
    explicit LdGuard(MatmulImpl& m) : mm(m) {}
    ~LdGuard() { mm.aLd_ = mm.bLd_ = mm.cLd_ = 0, mm.denseC_ = false; }
    LdGuard(const LdGuard&) = delete;
    LdGuard& operator=(const LdGuard&) = delete;
  };
  // Elements from one C matrix of a batch call to the next (NORMAL /
  // BNGS1S2 C, not sequential), `dense` for a UB destination or the
  // IterateNBatch workspace (singleCoreM x singleCoreN) else GM (M x N); N
  // rounded up to 32 bytes for ND_ALIGN, to 16 for NZ (the vendor's batch
  // copy: singleCoreM x CeilAlign(singleCoreN, 16) for NZ; CheckNzBatchC
  // refuses the cases where its stride is not the NZ matrix's size).
  uint64_t BatchCStride(bool dense) const {
    constexpr int64_t align = 32 / sizeof(DstT);
    int64_t ld = dense ? sN_ : orgKc_;
    if constexpr (C_TYPE::format == CubeFormat::NZ) ld = Align16(dense ? sN_ : orgN_);
    if constexpr (C_TYPE::format == CubeFormat::ND_ALIGN) ld = (ld + align - 1) / align * align;
    return static_cast<uint64_t>(dense ? sM_ : orgM_) * static_cast<uint64_t>(ld);
  }
  // NZ C in a batch call (not sequential), as the vendor's batch copy puts
  // it: C matrix i at i * M * alignedN (UB, IterateNBatch workspace:
  // singleCoreM), each in NZ with its fractal columns M rows apart (the
  // Fixpipe's dstStride: M rows, not round16(M), as PlaceOf's) and
  // whole 16-column fractals written. alignedN: CeilAlign(N, 16) for a
  // 32-bit C or a C declared in UB, N for a 16-bit C declared in GM. The
  // last case with N not a multiple of 16 is refused: matrix i + 1 then
  // starts inside matrix i's last fractal column (at its row
  // M * (N % 16) / 16) and overwrites the rest of it, so C is not the
  // batches' products and what remains there (the fractal's padding columns
  // as L0C holds them) is not defined by the reference.
  void CheckNzBatchC(const char* api, bool dense, SrcLoc loc) const {
    const int64_t cols = dense ? sN_ : orgN_;
    if (C_TYPE::pos == TPosition::GM && sizeof(DstT) == 2 && cols % 16 != 0) {
      Fail(ErrorKind::kParameter, api, loc,
           "C in CubeFormat::NZ, 16-bit, in GM with N " + S(cols) +
               ", not a multiple of 16: the vendor's batch copy places C matrix i at i * M * N, inside the last "
               "fractal column (16 wide, padding included) of the matrix before, which it overwrites; no defined "
               "result to reproduce (declare C 32-bit, or in UB, or N a multiple of 16)");
    }
  }
  // One batch call: `dense` places C as a UB destination does (batches of
  // singleCoreM x singleCoreN, the IterateNBatch workspace) in GM.
  template <class Dst>  // GlobalTensor<DstT> or LocalTensor<DstT>
  void RunBatch(const char* api, const Dst& dst, const BatchArgs& args, bool sequential, uint32_t matrixStrideA,
                uint32_t matrixStrideB, SrcLoc loc, bool dense = false) {
    static_assert(!kInt4, "Matmul: IterateBatch / IterateNBatch do not take int4b_t A and B (the reference: "
                          "BatchMatmul does not support int4b_t inputs)");
    constexpr bool kUb = std::is_same_v<Dst, LocalTensor<DstT>>;
    constexpr bool kBsC = IsBsLayout(C_TYPE::layout);
    aicore::detail::CoreContext& core = Begin(api, loc);
    if (args.batchA <= 0 || args.batchB <= 0 || args.batchA > INT32_MAX || args.batchB > INT32_MAX) {
      Fail(ErrorKind::kParameter, api, loc,
           "batchA " + S(args.batchA) + ", batchB " + S(args.batchB) + ": batch counts must be > 0");
    }
    const auto batchA = static_cast<uint32_t>(args.batchA), batchB = static_cast<uint32_t>(args.batchB);
    const uint8_t enAtomic = args.enAtomic;
    if constexpr (kUb) {
      const TPosition p = dst.GetPosition();
      if (!aicore::detail::MmIsUb(p)) {
        Fail(ErrorKind::kParameter, api, loc,
             std::string("ubCmatrix is a LocalTensor at TPosition::") + aicore::detail::PositionName(p) +
                 "; IterateBatch writes C to VECIN (UB)");
      }
      CheckUbCType(api, loc);
      if (C_TYPE::format == CubeFormat::ND && !sequential && (sN_ * sizeof(DstT)) % 32 != 0) {
        Fail(ErrorKind::kParameter, api, loc,
             "C goes to UB but singleCoreN " + S(sN_) + " (" + S(static_cast<int64_t>(sN_ * sizeof(DstT))) +
                 " bytes) is not a whole number of 32-byte blocks: declare C CubeFormat::ND_ALIGN, as the "
                 "reference requires");
      }
    }
    CheckAtomic(api, enAtomic, loc);
    constexpr bool kNzA = A_TYPE::format == CubeFormat::NZ, kNzB = B_TYPE::format == CubeFormat::NZ;
    if constexpr (kNzA || kNzB) {
      if (IsBsLayout(A_TYPE::layout)) {
        Fail(ErrorKind::kParameter, api, loc,
             std::string("NZ A or B in layout ") + LayoutName(A_TYPE::layout) +
                 ": the reference allows NZ inputs in the NORMAL and BNGS1S2 layouts only (BSNGD / SBNGD: ND)");
      }
    }
    const uint32_t reduceG = CheckBatchCall(api, batchA, batchB, args.enPartialSum, loc);
    if constexpr (C_TYPE::format == CubeFormat::NZ) {
      if (kBsC) {
        Fail(ErrorKind::kParameter, api, loc,
             std::string("C in CubeFormat::NZ with layout ") + LayoutName(C_TYPE::layout) +
                 ": the reference allows ND data only in the BSNGD / SBNGD layouts");
      }
      if (!sequential) CheckNzBatchC(api, kUb || dense, loc);
    }
    if constexpr (kBsC) {
      if (sequential) {
        Fail(ErrorKind::kParameter, api, loc,
             std::string("C's layout is ") + LayoutName(C_TYPE::layout) +
                 ": it cannot be written sequentially (enSequentialWrite = true), as the reference states");
      }
    }
    if (async_ || (started_ && next_ != 0)) {
      Fail(ErrorKind::kParameter, api, loc, "an Iterate loop of this Matmul object is still running");
    }
    if constexpr (!kUb) CheckGmC(api, dst, loc);
    const BatchAddr addrA = AddrA(matrixStrideA), addrB = AddrB(matrixStrideB);
    LdGuard ldGuard(*this);
    aLd_ = addrA.ld, bLd_ = addrB.ld, denseC_ = dense;
    uint64_t sc = 0;  // elements from one C matrix to the next
    if constexpr (kBsC) {
      constexpr int64_t align = 32 / sizeof(DstT);
      const LayoutInfo c = InfoC();
      int64_t s2 = c.d;
      if constexpr (C_TYPE::format == CubeFormat::ND_ALIGN) s2 = (s2 + align - 1) / align * align;
      cLd_ = (C_TYPE::layout == LayoutMode::SBNGD ? c.b : 1) * c.n * c.g * s2;
      sc = static_cast<uint64_t>(s2);
    }
    Start(core, api, loc);  // the operands of batch 0; sets total_
    const uint32_t batchC = std::max(batchA, batchB), outC = batchC / reduceG;
    const uint64_t sbias = kCfg.isBiasBatch ? static_cast<uint64_t>(orgN_) : 0;
    if constexpr (!kBsC) {
      sc = sequential ? static_cast<uint64_t>(total_) * BlockElems() : BatchCStride(kUb || dense);
    }
    const auto span = [](const Layout& l, int32_t rows, int32_t cols) {
      return static_cast<uint64_t>(l.Offset(static_cast<uint32_t>(rows - 1), static_cast<uint32_t>(cols - 1))) + 1;
    };
    const bool bsIn = IsBsLayout(A_TYPE::layout);
    constexpr const char* kNzSize = "NZ: round16(rows) x columns rounded up to C0";
    CheckBatchSpan(api, "A", kNzA ? kNzSize : matrixStrideA != 0 ? "matrixStrideA" : bsIn ? "ALayoutInfoD" : "M * Ka",
                   aKind_, aGm_, aLocal_, batchA, addrA.stride, span(LayoutA(), sM_, sK_), loc);
    CheckBatchSpan(api, "B", kNzB ? kNzSize : matrixStrideB != 0 ? "matrixStrideB" : bsIn ? "BLayoutInfoD" : "Kb * N",
                   bKind_, bGm_, bLocal_, batchB, addrB.stride, span(LayoutB(), sK_, sN_), loc);
    if (biasOn_) {
      CheckBatchSpan(api, "the bias", "N, MatmulConfig::isBiasBatch", biasKind_, biasGm_, biasLocal_,
                     reduceG > 1 ? 1 : outC, sbias, static_cast<uint64_t>(sN_), loc);
    }
    const uint64_t lastC = PlaceOf(total_ - 1, sequential, total_ - 1, kUb).extent;
    const uint64_t needC = static_cast<uint64_t>(outC - 1) * sc + lastC;
    uint64_t haveC = needC;
    if constexpr (kUb) {
      haveC = aicore::detail::AvailableBytes(dst) / sizeof(DstT);
    } else {
      if (dst.sized_) haveC = dst.GetSize();
    }
    if (needC > haveC) {
      std::string how = sequential ? std::string("written sequentially: its blocks of baseM * baseN")
                                   : std::string(kUb || dense ? "singleCoreM x singleCoreN" : "M x N");
      if (kBsC) how = std::string(LayoutName(C_TYPE::layout)) + ": CLayoutInfoS2 apart, rows " + S(cLd_) + " apart";
      Fail(ErrorKind::kBounds, api, loc,
           "C gets " + S(outC) + " matrices " + S(static_cast<int64_t>(sc)) + " elements apart (" + how +
               "), the last reaching element " + S(static_cast<int64_t>(needC)) + ", but the " +
               (kUb ? "LocalTensor has " : "GlobalTensor holds ") + S(static_cast<int64_t>(haveC)) +
               (kUb ? " to the end of its buffer" : ""));
    }
    {
      OperandGuard guard(*this);
      for (uint32_t i = 0; i < batchC; ++i) {
        const uint64_t ai = i / (batchC / batchA), bi = i / (batchC / batchB);
        if (aKind_ == kGm) aGm_ = guard.a[ai * addrA.stride];
        if (aKind_ == kLocal) aLocal_ = guard.al[ai * addrA.stride];
        if (bKind_ == kGm) bGm_ = guard.b[bi * addrB.stride];
        if (bKind_ == kLocal) bLocal_ = guard.bl[bi * addrB.stride];
        // The G reduce: the bias goes into the call's first batch only (the
        // vendor's batch scheduler stops it at batch 1 for the rest of the
        // call: C matrices after the first get none).
        if (reduceG > 1) biasOn_ = guard.biasOn && i == 0;
        if (biasOn_ && biasKind_ == kGm) biasGm_ = guard.bias[i / reduceG * sbias];
        if (biasOn_ && biasKind_ == kLocal) biasLocal_ = guard.biasl[i / reduceG * sbias];
        if (i > 0) Start(core, api, loc);  // this batch's operand checks and sanitizer reads
        const uint64_t ci = i / reduceG;
        // The G reduce adds, unless enAtomic names another combine (the
        // vendor sets its atomic add, then enAtomic's mode over it).
        const uint8_t atomic = enAtomic == 0 && reduceG > 1 ? uint8_t{1} : enAtomic;
        // One base block per batch: through L0C, which keeps the last
        // batch's block for a following enPartialSum.
        if constexpr (kUb) {
          AllToLocal(core, api, dst[ci * sc], atomic, sequential, loc, total_ == 1, args.enPartialSum);
        } else {
          AllToGm(core, api, dst[ci * sc], atomic, sequential, loc, total_ == 1, args.enPartialSum);
        }
      }
    }
    co1Valid_ = total_ == 1;
    ResetIteration();
  }

  // The whole single-core C (after Start) into a GM / UB destination.
  // viaL0c: block by block through co1_ (it keeps the last block), each
  // block added to co1_'s content when `partial` (enPartialSum).
  void AllToGm(aicore::detail::CoreContext& core, const char* api, const GlobalTensor<DstT>& gm, uint8_t enAtomic,
               bool sequential, SrcLoc loc, bool viaL0c = false, bool partial = false) {
    if (!viaL0c && Direct(enAtomic, sequential)) {
      // One Gemm over the whole single-core C, straight into place: each
      // element gets the same bits as block by block (the Gemm contract).
      const Place last = CheckGmPlace(api, gm, total_ - 1, false, 0, loc);
      const Layout l = last.l;
      if (AICORE_UNLIKELY(core.instr != 0)) EmitRegion(core, api, gm.GetPhyAddr(), l, loc);
      GemmBlock(0, 0, sM_, sN_, reinterpret_cast<L0cT*>(gm.GetPhyAddr()), l, false);
    } else {
      for (int32_t i = 0; i < total_; ++i) {
        ComputeBlock(i, co1_.data(), partial);
        WriteGm(core, api, gm, i, co1_.data(), enAtomic, sequential, i, loc);
      }
    }
  }
  void AllToLocal(aicore::detail::CoreContext& core, const char* api, const LocalTensor<DstT>& ub, uint8_t enAtomic,
                  bool sequential, SrcLoc loc, bool viaL0c = false, bool partial = false) {
    if (!viaL0c && Direct(enAtomic, sequential)) {  // as AllToGm: one Gemm into place
      const Place last = CheckLocalPlace(api, ub, total_ - 1, false, 0, loc);
      if (AICORE_UNLIKELY(core.instr != 0)) {
        const aicore::detail::MmSpan b =
            aicore::detail::MmBursts(last.l, static_cast<uint32_t>(sM_), static_cast<uint32_t>(sN_));
        aicore::detail::EmitLocalBursts(core, aicore::detail::Pipe::kS, aicore::detail::Access::kWrite, *ub.buf_,
                                        reinterpret_cast<const uint8_t*>(ub.GetPhyAddr()), b.count,
                                        b.len * sizeof(DstT), b.step * sizeof(DstT), api, "dst", loc);
      }
      GemmBlock(0, 0, sM_, sN_, reinterpret_cast<L0cT*>(ub.GetPhyAddr()), last.l, false);
    } else {
      for (int32_t i = 0; i < total_; ++i) {
        ComputeBlock(i, co1_.data(), partial);
        WriteLocal(core, api, ub, i, co1_.data(), enAtomic, sequential, i, loc);
      }
    }
  }

  static void CheckGmC(const char* api, const GlobalTensor<DstT>& gm, SrcLoc loc) {
    if (!gm.bound_) Fail(ErrorKind::kBounds, api, loc, "C's GlobalTensor was never bound with SetGlobalBuffer");
  }
  // Whether IterateAll may compute the whole single-core C in one Gemm
  // straight into the destination: C holds the accumulator type unchanged
  // (no conversion, ReLU or atomic combine) in a row-major layout.
  static constexpr bool kDirectType = std::is_same_v<DstT, L0cT> && !kCfg.enableRelu &&
                                      (C_TYPE::format == CubeFormat::ND || C_TYPE::format == CubeFormat::ND_ALIGN);
  static bool Direct(uint8_t enAtomic, bool sequential) {
    return kDirectType && !kCb && !kTrian && enAtomic == 0 && !sequential;
  }
  void EmitRegion(aicore::detail::CoreContext& core, const char* api, const DstT* base, const Layout& l,
                  SrcLoc loc) const {
    const aicore::detail::MmSpan b =
        aicore::detail::MmBursts(l, static_cast<uint32_t>(sM_), static_cast<uint32_t>(sN_));
    aicore::detail::EmitGmBursts(core, aicore::detail::GmAccess::kWrite, base, b.count, b.len * sizeof(DstT),
                                 (b.step - b.len) * sizeof(DstT), api, loc);
  }
  // An int8_t C in NZ: whole 16 x 32 fractals per block (the vendor's NZ
  // alignment of C's inner axis, C0_size 32 for 1-byte types; its copy-out
  // places block j at column j * baseN of that layout).
  void CheckNzB8(const char* api, SrcLoc loc) const {
    if constexpr (C_TYPE::format == CubeFormat::NZ && kCNzC0 == 32) {
      if (BaseN() % 32 != 0 || sN_ % 32 != 0) {
        Fail(ErrorKind::kParameter, api, loc,
             "an int8_t C in CubeFormat::NZ is stored in fractals of 16 x 32: the tiling's baseN (" + S(BaseN()) +
                 ") and the single-core N (" + S(sN_) + ") must be multiples of 32 (C0_size of a 1-byte type)");
      }
    } else {
      (void)api, (void)loc;
    }
  }
  // The place of `block` in a GM destination, checked against its size.
  Place CheckGmPlace(const char* api, const GlobalTensor<DstT>& gm, int32_t block, bool sequential, int32_t seqIndex,
                     SrcLoc loc) const {
    CheckNzB8(api, loc);
    const Place p = PlaceOf(block, sequential, sequential ? seqIndex : 0, false);
    if (gm.sized_ && p.extent > gm.GetSize()) {
      int32_t m0, n0, mLen, nLen;
      BlockOf(block, m0, n0, mLen, nLen);
      Fail(ErrorKind::kBounds, api, loc,
           "the " + S(mLen) + " x " + S(nLen) + " block of C at (" + S(m0) + ", " + S(n0) + ") reaches element " +
               S(static_cast<int64_t>(p.extent)) + " of the destination (" +
               (sequential ? std::string("written sequentially")
                           : "row stride " + S(p.l.ri) + " from SetOrgShape / the tiling") +
               ") but the GlobalTensor holds " + S(static_cast<int64_t>(gm.GetSize())) + " elements");
    }
    gm.CheckRange(api, 0, p.extent, loc);
    return p;
  }
  void WriteGm(aicore::detail::CoreContext& core, const char* api, const GlobalTensor<DstT>& gm, int32_t block,
               const L0cT* src, uint8_t enAtomic, bool sequential, int32_t seqIndex, SrcLoc loc) {
    CheckGmC(api, gm, loc);
    if (TrianSkip(block)) return;
    const Place p = CheckGmPlace(api, gm, block, sequential, seqIndex, loc);
    if constexpr (kCbOut) {
      CallDataCopyOut(core, api, gm, p, block, src, enAtomic, loc);
      return;
    }
    if (AICORE_UNLIKELY(core.instr != 0)) EmitC(core, api, gm.GetPhyAddr(), p, block, enAtomic, loc);
    WriteBlock(gm.GetPhyAddr(), p, block, src, enAtomic, true);
  }
  // The user's DataCopyOut in place of the library's copy of `block` (L0C
  // data `src`, row stride baseN) to p in `gm`: the block into the L0C
  // buffer in NZ (before any quantization), and the vendor's
  // DataCopyOutParams; a quantised C adds quantMode and quantScalar, or
  // (SetQuantVector) cbufWorkspaceAddr: the block's columns' parameters in
  // L1. enAtomic 1 / 2 / 3 sets the core's atomic add / max / min for C's
  // type around the call (SetAtomicNone after it), as the vendor does.
  void CallDataCopyOut(aicore::detail::CoreContext& core, const char* api, const GlobalTensor<DstT>& gm,
                       const Place& p, int32_t block, const L0cT* src, uint8_t enAtomic, SrcLoc loc) {
    int32_t m0, n0, mLen, nLen;
    BlockOf(block, m0, n0, mLen, nLen);
    const uint32_t rows = Align16(mLen), cols = Align16(nLen);
    LocalTensor<int8_t> co1 = cbCo1_.template Get<int8_t>();
    auto* d = reinterpret_cast<L0cT*>(co1.GetPhyAddr());
    std::fill(d, d + static_cast<size_t>(rows) * cols, L0cT(0));
    for (int32_t r = 0; r < mLen; ++r) {
      for (int32_t c = 0; c < nLen; ++c) {
        d[static_cast<size_t>(c / 16) * rows * 16 + static_cast<size_t>(r) * 16 + c % 16] =
            src[static_cast<size_t>(r) * BaseN() + c];
      }
    }
    if (AICORE_UNLIKELY(core.instr != 0)) {
      aicore::detail::EmitLocal(core, aicore::detail::Pipe::kS, aicore::detail::Access::kWrite, *co1.buf_,
                                reinterpret_cast<const uint8_t*>(d), static_cast<uint64_t>(rows) * cols * sizeof(L0cT),
                                api, "the L0C block", loc);
    }
    constexpr bool kNz = C_TYPE::format == CubeFormat::NZ;
    const auto dstStride = static_cast<uint32_t>(kNz ? p.l.co * static_cast<int64_t>(sizeof(DstT)) / 32 : p.l.ri);
    DataCopyOutParams params(static_cast<uint16_t>(cols / 16),
                             static_cast<uint16_t>(static_cast<uint32_t>(mLen) * 16 * sizeof(L0cT) / 32), 0,
                             dstStride, static_cast<uint16_t>(kNz ? 0 : nLen), kCfg.enUnitFlag, m0 / BaseM(),
                             n0 / BaseN());
    if constexpr (kQuantOut) {
      const bool vec = quant_ == kGm || quant_ == kLocal;
      params.quantMode = static_cast<uint8_t>(aicore::detail::MmQuantMode<SrcAT, DstT>(vec));
      if (vec) {  // nLen parameters (NZ: rounded up to 16, the rest 0), as the vendor copies them
        LocalTensor<uint64_t> q = cbQuant_.template Get<uint64_t>();
        uint64_t* qd = q.GetPhyAddr();
        for (int32_t c = 0; c < static_cast<int32_t>(kNz ? cols : nLen); ++c) {
          qd[c] = c < nLen ? QuantParam(n0 + c) : 0;
        }
        params.cbufWorkspaceAddr = reinterpret_cast<uint64_t>(qd);
      } else {
        params.quantScalar = quantScalar_;
      }
    }
    using aicore::detail::AtomicOp;
    if (enAtomic != 0) {  // 1, 2 or 3 (CheckAtomic)
      core.atomic_op = enAtomic == 1 ? AtomicOp::kAdd : enAtomic == 2 ? AtomicOp::kMax : AtomicOp::kMin;
      core.atomic_type = aicore::detail::AtomicTypeId<DstT>();
      core.atomic_type_name = aicore::detail::TypeName<DstT>();
    }
    if constexpr (kCfg.enUnitFlag) {  // as the vendor's last Mmad with unitFlag 3 leaves the tile
      aicore::detail::SetUnitFlags(core, reinterpret_cast<const uint8_t*>(d),
                                   uint64_t{rows} * cols * sizeof(L0cT), api, loc);
    }
    MM_CB::DataCopyOutPtr(static_cast<const __gm__ void*>(gm.GetPhyAddr() + p.origin), co1, &params, userDefInfo_,
                          selfDefineData_);
    if (enAtomic != 0) core.atomic_op = AtomicOp::kNone;
  }
  // The place of `block` in a LocalTensor destination, checked against its buffer.
  Place CheckLocalPlace(const char* api, const LocalTensor<DstT>& t, int32_t block, bool sequential,
                        int32_t seqIndex, SrcLoc loc) const {
    CheckNzB8(api, loc);
    const Place p = PlaceOf(block, sequential, sequential ? seqIndex : 0, true);
    aicore::detail::CheckLocal(api, "dst", t, 0, loc, true, aicore::detail::Pipe::kCount);  // allocated, owned
    const uint64_t avail = aicore::detail::AvailableBytes(t) / sizeof(DstT);
    if (p.extent > avail) {
      int32_t m0, n0, mLen, nLen;
      BlockOf(block, m0, n0, mLen, nLen);
      Fail(ErrorKind::kBounds, api, loc,
           "the " + S(mLen) + " x " + S(nLen) + " block of C at (" + S(m0) + ", " + S(n0) + ") reaches element " +
               S(static_cast<int64_t>(p.extent)) + " of the destination (" +
               (sequential ? std::string("written sequentially")
                           : "its place in the " + S(sM_) + " x " + S(sN_) + " single-core C") +
               ") but the LocalTensor has " + S(static_cast<int64_t>(avail)) + " elements to the end of its buffer");
    }
    aicore::detail::CheckLocal(api, "dst", t, p.extent * sizeof(DstT), loc, true, aicore::detail::Pipe::kCount);
    return p;
  }
  void WriteLocal(aicore::detail::CoreContext& core, const char* api, const LocalTensor<DstT>& t, int32_t block,
                  const L0cT* src, uint8_t enAtomic, bool sequential, int32_t seqIndex, SrcLoc loc) {
    if (TrianSkip(block)) return;
    const Place p = CheckLocalPlace(api, t, block, sequential, seqIndex, loc);
    if (AICORE_UNLIKELY(core.instr != 0)) {
      const aicore::detail::MmSpan b = RowSpan(p, block);
      aicore::detail::EmitLocalBursts(core, aicore::detail::Pipe::kS,
                                      enAtomic != 0 ? aicore::detail::Access::kReadWrite
                                                    : aicore::detail::Access::kWrite,
                                      *t.buf_, reinterpret_cast<const uint8_t*>(t.GetPhyAddr() + p.origin), b.count,
                                      b.len * sizeof(DstT), b.step * sizeof(DstT), api, "dst", loc);
    }
    WriteBlock(t.GetPhyAddr(), p, block, src, enAtomic, false);
  }
  aicore::detail::MmSpan RowSpan(const Place& p, int32_t block) const {
    int32_t m0, n0, mLen, nLen;
    BlockOf(block, m0, n0, mLen, nLen);
    return aicore::detail::MmBursts(p.l, static_cast<uint32_t>(mLen), static_cast<uint32_t>(nLen));
  }
  void EmitC(aicore::detail::CoreContext& core, const char* api, const DstT* base, const Place& p, int32_t block,
             uint8_t enAtomic, SrcLoc loc) const {
    const aicore::detail::MmSpan b = RowSpan(p, block);
    aicore::detail::EmitGmBursts(core, enAtomic != 0 ? aicore::detail::GmAccess::kAtomic : aicore::detail::GmAccess::kWrite,
                                 base + p.origin, b.count, b.len * sizeof(DstT), (b.step - b.len) * sizeof(DstT), api,
                                 loc);
  }
  // The async block i into the workspace, as a sequential write.
  void WriteWorkspace(aicore::detail::CoreContext& core, int32_t i, const char* api, SrcLoc loc) {
    CheckNzB8(api, loc);
    const Place p = PlaceOf(i, true, i, false);
    if (p.extent * sizeof(DstT) > wsBytes_) {
      Fail(ErrorKind::kBounds, api, loc,
           "the workspace holds " + S(static_cast<int64_t>(wsBytes_)) + " bytes but block " + S(i) + " of " +
               S(total_) + " needs " + S(static_cast<int64_t>(p.extent * sizeof(DstT))) +
               " (baseM * baseN elements per block)");
    }
    DstT* base = reinterpret_cast<DstT*>(wsAddr_);
    if (TrianSkip(i)) return;
    if (AICORE_UNLIKELY(core.instr != 0)) EmitC(core, api, base, p, i, 0, loc);
    WriteBlock(base, p, i, store_.data() + static_cast<size_t>(i) * BlockElems(), 0, true);
  }

  // Registration and configuration.
  bool registered_ = false;
  bool inited_ = false;
  bool served_ = false;
  TPipe* pipe_ = nullptr;
  tiling::TCubeTiling tiling_{};
  int32_t orgM_ = 0, orgN_ = 0, orgKa_ = 0, orgKb_ = 0, orgKc_ = 0;
  int32_t sM_ = 0, sN_ = 0, sK_ = 0;
  aicore::simd::GemmOptions opt_{};
  uint8_t subBlockIdx_ = 0;
  uint64_t selfDefineData_ = 0;
  uint64_t userDefInfo_ = 0;
  uint8_t selfDefPending_ = 0;  // bit 0 / 1: A / B not set again since SetSelfDefineData
  // The user callbacks' buffers (PrepareCallbacks).
  TBuf<TPosition::A1> cbA1_;
  TBuf<TPosition::B1> cbB1_;
  TBuf<TPosition::CO1> cbCo1_;
  TBuf<TPosition::C1> cbQuant_;  // DataCopyOut's quantization parameters (cbufWorkspaceAddr)
  uint32_t cbEpoch_ = 0;
  int64_t cbBytesA_ = 0, cbBytesB_ = 0, cbBytesC_ = 0, cbBytesQ_ = 0;
  CbTile cbHeldA_, cbHeldB_;

  // Operands.
  Kind aKind_ = kNone, bKind_ = kNone, biasKind_ = kNone;
  bool transA_ = false, transB_ = false, biasOn_ = false;
  GlobalTensor<SrcAT> aGm_;
  LocalTensor<SrcAT> aLocal_;
  SrcAT aScalar_{};
  GlobalTensor<SrcBT> bGm_;
  LocalTensor<SrcBT> bLocal_;
  SrcBT bScalar_{};
  GlobalTensor<BiasT> biasGm_;
  LocalTensor<BiasT> biasLocal_;
  Kind quant_ = kNone;
  uint64_t quantScalar_ = 0;
  GlobalTensor<uint64_t> quantGm_;
  LocalTensor<uint64_t> quantLocal_;
  uint8_t* wsAddr_ = nullptr;
  uint64_t wsBytes_ = 0;

  // Iteration.
  bool started_ = false;
  int32_t total_ = 0;
  int32_t next_ = 0;       // the block the next Iterate computes
  int32_t nextK_ = 0;      // isPartialOutput: its K slice (of baseK)
  int32_t pk0_ = 0, pkLen_ = 0;  // isPartialOutput: the K range of the block computed
  int32_t cur_ = -1;       // the block of the last Iterate
  int32_t curBlock_ = -1;  // the block of the last GetTensorC
  bool haveC_ = false;     // a computed block not yet fetched
  bool co1Valid_ = false;  // co1_ holds a block (enPartialSum may add to it)
  bool async_ = false;
  int32_t asyncIter_ = 0;
  int32_t asyncFetched_ = 0;
  bool pendingWait_ = false;
  bool pendingWaitBatch_ = false;
  int32_t batchA_ = -1, batchB_ = -1;  // SetBatchNum
  // A batch call's row strides of A, B and C (0: the original shape's),
  // and the IterateNBatch placement of C (batches of singleCoreM x
  // singleCoreN).
  int64_t aLd_ = 0, bLd_ = 0, cLd_ = 0;
  bool denseC_ = false;
  // IterateNBatch results in the workspace, fetched by GetBatchTensorC.
  uint32_t nbLoops_ = 0, nbFetched_ = 0, nbBatchA_ = 0, nbBatchB_ = 0;
  uint64_t nbSlice_ = 0;

  // Buffers: the "L0C" block, the async store, packed operands, the bias row.
  std::vector<L0cT> co1_;
  std::vector<L0cT> store_;
  std::vector<OpT> packA_, packB_;  // (int4b_t operands: unpacked)
  std::vector<L0cT> biasBuf_;
  aicore::detail::MmSparse sparse_;
};

template <class A_TYPE, class B_TYPE, class C_TYPE, class BIAS_TYPE = C_TYPE, const auto& MM_CFG = CFG_NORM,
          class MM_CB = MatmulCallBackFunc<nullptr, nullptr, nullptr>, MATMUL_POLICY_DEFAULT_OF(MatmulPolicy)>
using Matmul = MatmulImpl<A_TYPE, B_TYPE, C_TYPE, BIAS_TYPE, MM_CFG, MM_CB, MATMUL_POLICY>;

AICORE_TARGET_END
}  // namespace AscendC

// The vendor's older namespace name of the Matmul API.
namespace matmul = AscendC;

namespace aicore {
namespace detail {

// A tiling argument: any object pointer, `__restrict` ones included (ops-nn's
// deformable_conv2d passes a `const TCubeTiling* __restrict`, which
// std::is_pointer does not take for a pointer).
template <class T>
constexpr bool kMmIsTilingPtr = std::is_convertible_v<std::decay_t<T>, const volatile void*>;

inline void MmRegistNext(SrcLoc, AscendC::TPipe*, bool) {}
template <class M, class... Rest>
void MmRegistNext(SrcLoc loc, AscendC::TPipe* pipe, bool serve, M& mm, Rest&&... rest);
template <class M, class T, class... Rest>
void MmRegistWithTiling(SrcLoc loc, AscendC::TPipe* pipe, bool serve, M& mm, T* tiling, Rest&&... rest) {
  mm.AicoreRegister(pipe);
  if (serve) {
    mm.AicoreServe();
  } else if constexpr (std::is_void_v<std::remove_cv_t<T>>) {
    // A tiling passed as void* (ops-math's rfft1_d: `(void*)&t1`), which the
    // vendor's registration takes as the TCubeTiling it points to.
    mm.Init(static_cast<const AscendC::tiling::TCubeTiling*>(tiling), pipe, loc);
  } else {
    mm.Init(tiling, pipe, loc);
  }
  MmRegistNext(loc, pipe, serve, rest...);
}
template <class M, class... Rest>
void MmRegistNext(SrcLoc loc, AscendC::TPipe* pipe, bool serve, M& mm, Rest&&... rest) {
  static_assert(!kMmIsTilingPtr<M>, "REGIST_MATMUL_OBJ: a tiling pointer where a Matmul object was expected");
  if constexpr (sizeof...(Rest) > 0) {
    using First = std::tuple_element_t<0, std::tuple<std::decay_t<Rest>...>>;
    if constexpr (kMmIsTilingPtr<First>) {
      MmRegistWithTiling(loc, pipe, serve, mm, rest...);
      return;
    } else {
      mm.AicoreRegister(pipe);
      if (serve) mm.AicoreServe();
      MmRegistNext(loc, pipe, serve, rest...);
    }
  } else {
    mm.AicoreRegister(pipe);
    if (serve) mm.AicoreServe();
  }
}

template <class... Args>
constexpr size_t MmCountObjs() {
  return ((kMmIsTilingPtr<Args> ? 0 : 1) + ... + 0);
}

}  // namespace detail

namespace lib {

// REGIST_MATMUL_OBJ(tpipe, workspace, mm [, &tiling] [, mm2, &tiling2 ...]):
// registers up to 4 Matmul objects, each Init with the tiling after it (an
// object without one is only registered: Init it later). Returns true when
// the calling block must return: a cube block of a mixed launch, unless
// `cube_only` (ASCENDC_CUBE_ONLY). See the header comment.
template <bool cube_only, class W, class... Args>
bool RegistMatmulObj(SrcLoc loc, AscendC::TPipe* tpipe, W workspace, Args&&... args) {
  static_assert(sizeof...(Args) >= 1, "REGIST_MATMUL_OBJ: pass at least one Matmul object");
  static_assert(aicore::detail::MmCountObjs<Args...>() <= 4, "REGIST_MATMUL_OBJ: at most 4 Matmul objects");
  aicore::detail::CoreContext& core = aicore::detail::Enter("REGIST_MATMUL_OBJ", loc);
  (void)workspace;
  if (tpipe == nullptr) {
    aicore::detail::Fail(ErrorKind::kParameter, "REGIST_MATMUL_OBJ", loc, "tpipe is null (pass &pipe)");
  }
  const bool serve = !cube_only && core.core_type == aicore::detail::CoreType::kAIC &&
                     aicore::detail::IsMixed(core.launch->geom);
  aicore::detail::MmRegistNext(loc, tpipe, serve, args...);
  return serve;
}

}  // namespace lib
}  // namespace aicore
