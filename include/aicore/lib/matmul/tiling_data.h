// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// TCubeTiling, the tiling of the high-level Matmul (host and kernel side),
// and the rules a tiling must keep on a SoC profile.
//
// TCubeTiling is AscendC::tiling::TCubeTiling (the kernel's struct) and, the
// same type, optiling::TCubeTiling (the host's tiling class, with set_<field>
// / get_<field>, GetDataSize, SaveToBuffer): one plain struct of int32_t
// fields in the vendor's order, so it can be a field of a
// BEGIN_TILING_DATA_DEF struct (TILING_DATA_FIELD_DEF_STRUCT(TCubeTiling, x)),
// be read by GET_TILING_DATA, or be copied word by word as kernels do.
// kernel_tiling/kernel_tiling.h names it at global scope.
//
// CubeTilingProblem(tiling, spec) checks a tiling against the public
// TCubeTiling constraints (the vendor's TCubeTiling table), with the
// capacities of a SoC profile, and returns the first rule it breaks ("" when
// none):
//   - every size > 0; iterateOrder in {0, 1};
//     isBias in {0, 1}; 1 <= usedCoreNum <= the SoC's core count;
//   - singleCoreM <= M, singleCoreN <= N, singleCoreK <= Ka and <= Kb;
//   - baseM, baseN multiples of 16 (the fractal height);
//   - L0A: baseM * baseK * sizeof(A) * f <= L0A bytes, f = 2 when
//     (dbL0A - 1) & (dbL0B - 1) is not 0, else 1 (the vendor kernel's rule);
//     L0B likewise with baseN; L0C: baseM * baseN * sizeof(float or int32_t)
//     * (dbL0C == 2 ? 2 : 1) <= L0C bytes; bias table (Ascend910B, 1 KiB): baseN * sizeof(bias) <=
//     its size when isBias (the vendor table writes "<"; a full buffer is
//     used by its own recommended tilings, so "<=" here);
//   - L1: depthA1 * baseM * baseK * sizeof(A) + depthB1 * baseN * baseK *
//     sizeof(B) (+ baseN * sizeof(bias) when isBias) <= L1 bytes (the vendor
//     formula also pads the non-transposed side to fractals; with baseM,
//     baseN multiples of 16 and baseK aligned as below that adds nothing);
//   - depthA1 >= stepM * stepKa, depthB1 >= stepN * stepKb (the vendor sets
//     depth = step * stepK * (1 or 2); kernels lower stepM / stepN after
//     GetTiling, which stays valid).
// CubeTilingBaseKProblem adds the rule that depends on the transposes known
// at run time: baseK a multiple of C0 (32 bytes of A's type: 64 int4b_t)
// when A is not transposed and B is, else of 16. Element sizes are in bits
// (int4b_t: 4, two elements a byte).
#pragma once

#include <cstdint>
#include <string>

#include "aicore/base/soc.h"
#include "aicore/runtime/tiling.h"

namespace AscendC {
namespace tiling {

BEGIN_TILING_DATA_DEF(TCubeTiling)
TILING_DATA_FIELD_DEF(int32_t, usedCoreNum);
TILING_DATA_FIELD_DEF(int32_t, M);
TILING_DATA_FIELD_DEF(int32_t, N);
TILING_DATA_FIELD_DEF(int32_t, Ka);
TILING_DATA_FIELD_DEF(int32_t, Kb);
TILING_DATA_FIELD_DEF(int32_t, singleCoreM);
TILING_DATA_FIELD_DEF(int32_t, singleCoreN);
TILING_DATA_FIELD_DEF(int32_t, singleCoreK);
TILING_DATA_FIELD_DEF(int32_t, baseM);
TILING_DATA_FIELD_DEF(int32_t, baseN);
TILING_DATA_FIELD_DEF(int32_t, baseK);
TILING_DATA_FIELD_DEF(int32_t, depthA1);
TILING_DATA_FIELD_DEF(int32_t, depthB1);
TILING_DATA_FIELD_DEF(int32_t, stepM);
TILING_DATA_FIELD_DEF(int32_t, stepN);
TILING_DATA_FIELD_DEF(int32_t, isBias);
TILING_DATA_FIELD_DEF(int32_t, transLength);
TILING_DATA_FIELD_DEF(int32_t, iterateOrder);
TILING_DATA_FIELD_DEF(int32_t, shareMode);
TILING_DATA_FIELD_DEF(int32_t, shareL1Size);
TILING_DATA_FIELD_DEF(int32_t, shareL0CSize);
TILING_DATA_FIELD_DEF(int32_t, shareUbSize);
TILING_DATA_FIELD_DEF(int32_t, batchM);
TILING_DATA_FIELD_DEF(int32_t, batchN);
TILING_DATA_FIELD_DEF(int32_t, singleBatchM);
TILING_DATA_FIELD_DEF(int32_t, singleBatchN);
TILING_DATA_FIELD_DEF(int32_t, stepKa);
TILING_DATA_FIELD_DEF(int32_t, stepKb);
TILING_DATA_FIELD_DEF(int32_t, depthAL1CacheUB);
TILING_DATA_FIELD_DEF(int32_t, depthBL1CacheUB);
TILING_DATA_FIELD_DEF(int32_t, dbL0A);
TILING_DATA_FIELD_DEF(int32_t, dbL0B);
TILING_DATA_FIELD_DEF(int32_t, dbL0C);
TILING_DATA_FIELD_DEF(int32_t, ALayoutInfoB);
TILING_DATA_FIELD_DEF(int32_t, ALayoutInfoS);
TILING_DATA_FIELD_DEF(int32_t, ALayoutInfoN);
TILING_DATA_FIELD_DEF(int32_t, ALayoutInfoG);
TILING_DATA_FIELD_DEF(int32_t, ALayoutInfoD);
TILING_DATA_FIELD_DEF(int32_t, BLayoutInfoB);
TILING_DATA_FIELD_DEF(int32_t, BLayoutInfoS);
TILING_DATA_FIELD_DEF(int32_t, BLayoutInfoN);
TILING_DATA_FIELD_DEF(int32_t, BLayoutInfoG);
TILING_DATA_FIELD_DEF(int32_t, BLayoutInfoD);
TILING_DATA_FIELD_DEF(int32_t, CLayoutInfoB);
TILING_DATA_FIELD_DEF(int32_t, CLayoutInfoS1);
TILING_DATA_FIELD_DEF(int32_t, CLayoutInfoN);
TILING_DATA_FIELD_DEF(int32_t, CLayoutInfoG);
TILING_DATA_FIELD_DEF(int32_t, CLayoutInfoS2);
TILING_DATA_FIELD_DEF(int32_t, BatchNum);
TILING_DATA_FIELD_DEF(int32_t, mxTypePara);
END_TILING_DATA_DEF;

}  // namespace tiling
using tiling::TCubeTiling;
}  // namespace AscendC

namespace optiling {
using AscendC::tiling::TCubeTiling;
}  // namespace optiling

namespace aicore {
namespace lib {

// What a tiling is checked against: element sizes and the SoC's capacities.
struct CubeTilingSpec {
  uint32_t a_bits = 16;     // bits of an A element (int4b_t: 4)
  uint32_t b_bits = 16;     // bits of a B element
  uint32_t bias_bytes = 4;  // sizeof(bias element)
  uint64_t l1 = 0, l0a = 0, l0b = 0, l0c = 0;
  uint64_t bt = 0;     // bias table bytes (0: none, not checked)
  int64_t cores = 0;   // most cores a launch may use
};

// The L1 plan of one core (matmul_tiling's step 4, and GetMatmulApiTiling):
// stepKa = stepKb = the core's K steps (kIter), halved until two buffers of
// them (depthA1 = depthB1 = 2 * step) and the bias row fit `l1` bytes, then
// one buffer if two still do not; `bytes` is what the plan takes (it may
// exceed l1: the caller reports that). perStep: the bytes of one K step of
// A's and B's base blocks.
struct L1Plan {
  int64_t step = 1, buffers = 2, bytes = 0;
};
constexpr L1Plan PlanL1(int64_t kIter, int64_t perStep, int64_t biasL1, int64_t l1) {
  L1Plan p{kIter, 2, 0};
  while (p.step > 1 && p.step * p.buffers * perStep + biasL1 > l1) p.step = (p.step + 1) / 2;
  if (p.step * p.buffers * perStep + biasL1 > l1) p.buffers = 1;
  p.bytes = p.step * p.buffers * perStep + biasL1;
  return p;
}

// The capacities of a SoC profile (the bias table: 1 KiB on Ascend910B).
inline CubeTilingSpec SpecOfProfile(const SocProfile& p, uint32_t a_bits, uint32_t b_bits,
                                    uint32_t bias_bytes) {
  CubeTilingSpec s;
  s.a_bits = a_bits;
  s.b_bits = b_bits;
  s.bias_bytes = bias_bytes;
  s.l1 = p.bytes[static_cast<int>(Memory::kL1)];
  s.l0a = p.bytes[static_cast<int>(Memory::kL0A)];
  s.l0b = p.bytes[static_cast<int>(Memory::kL0B)];
  s.l0c = p.bytes[static_cast<int>(Memory::kL0C)];
  s.bt = std::string(p.name) == "Ascend910B" ? 1024 : 0;
  s.cores = p.aiv_cores > p.aic_cores ? p.aiv_cores : p.aic_cores;
  return s;
}

inline std::string CubeTilingProblem(const AscendC::tiling::TCubeTiling& t, const CubeTilingSpec& s) {
  auto str = [](int64_t v) { return std::to_string(v); };
  // sizeof of an element of `bits` bits ("4/8" for int4b_t).
  auto size = [&str](uint32_t bits) { return bits % 8 == 0 ? str(bits / 8) : str(bits) + "/8"; };
  const struct {
    const char* name;
    int32_t v;
  } positive[] = {{"M", t.M},           {"N", t.N},           {"Ka", t.Ka},
                  {"Kb", t.Kb},         {"singleCoreM", t.singleCoreM}, {"singleCoreN", t.singleCoreN},
                  {"singleCoreK", t.singleCoreK}, {"baseM", t.baseM}, {"baseN", t.baseN},
                  {"baseK", t.baseK},   {"depthA1", t.depthA1}, {"depthB1", t.depthB1},
                  {"stepM", t.stepM},   {"stepN", t.stepN},   {"stepKa", t.stepKa},
                  {"stepKb", t.stepKb}};
  for (const auto& f : positive) {
    if (f.v <= 0) return std::string(f.name) + " is " + str(f.v) + ", not > 0";
  }
  // The vendor's kernel double-buffers L0A / L0B when (dbL0A - 1) &
  // (dbL0B - 1) is not 0 and L0C when dbL0C is 2 (0 in a hand-written
  // tiling is then one buffer, or two with dbL0A 2): the same factors here.
  const uint64_t dbAB = ((t.dbL0A - 1) & (t.dbL0B - 1)) != 0 ? 2 : 1;
  const uint64_t dbC = t.dbL0C == 2 ? 2 : 1;
  if (t.iterateOrder != 0 && t.iterateOrder != 1) {
    return "iterateOrder is " + str(t.iterateOrder) + ", not 0 (M first) or 1 (N first)";
  }
  if (t.isBias != 0 && t.isBias != 1) return "isBias is " + str(t.isBias) + ", not 0 or 1";
  if (t.usedCoreNum < 1 || (s.cores > 0 && t.usedCoreNum > s.cores)) {
    return "usedCoreNum is " + str(t.usedCoreNum) + ", outside [1, " + str(s.cores) + "] (the SoC's cores)";
  }
  if (t.singleCoreM > t.M) return "singleCoreM " + str(t.singleCoreM) + " exceeds M " + str(t.M);
  if (t.singleCoreN > t.N) return "singleCoreN " + str(t.singleCoreN) + " exceeds N " + str(t.N);
  if (t.singleCoreK > t.Ka || t.singleCoreK > t.Kb) {
    return "singleCoreK " + str(t.singleCoreK) + " exceeds Ka " + str(t.Ka) + " or Kb " + str(t.Kb);
  }
  if (t.baseM % 16 != 0 || t.baseN % 16 != 0) {
    return "baseM " + str(t.baseM) + " and baseN " + str(t.baseN) + " must be multiples of 16 (the fractal height)";
  }
  const int64_t bm = t.baseM, bn = t.baseN, bk = t.baseK;
  const uint64_t l0a = static_cast<uint64_t>(bm * bk) * s.a_bits / 8 * dbAB;
  if (l0a > s.l0a) {
    return "baseM * baseK * sizeof(A) * " + str(static_cast<int64_t>(dbAB)) + " = " + str(bm) + " * " + str(bk) +
           " * " + size(s.a_bits) + " * " + str(static_cast<int64_t>(dbAB)) + " = " + str(static_cast<int64_t>(l0a)) +
           " bytes (dbL0A " + str(t.dbL0A) + ", dbL0B " + str(t.dbL0B) + ") exceeds the " +
           str(static_cast<int64_t>(s.l0a)) + "-byte L0A";
  }
  const uint64_t l0b = static_cast<uint64_t>(bn * bk) * s.b_bits / 8 * dbAB;
  if (l0b > s.l0b) {
    return "baseN * baseK * sizeof(B) * " + str(static_cast<int64_t>(dbAB)) + " = " + str(bn) + " * " + str(bk) +
           " * " + size(s.b_bits) + " * " + str(static_cast<int64_t>(dbAB)) + " = " + str(static_cast<int64_t>(l0b)) +
           " bytes (dbL0A " + str(t.dbL0A) + ", dbL0B " + str(t.dbL0B) + ") exceeds the " +
           str(static_cast<int64_t>(s.l0b)) + "-byte L0B";
  }
  const uint64_t l0c = static_cast<uint64_t>(bm * bn) * 4u * dbC;
  if (l0c > s.l0c) {
    return "baseM * baseN * 4 * " + str(static_cast<int64_t>(dbC)) + " = " + str(bm) + " * " + str(bn) + " * 4 * " +
           str(static_cast<int64_t>(dbC)) + " = " + str(static_cast<int64_t>(l0c)) + " bytes (dbL0C " +
           str(t.dbL0C) + ") exceeds the " + str(static_cast<int64_t>(s.l0c)) + "-byte L0C";
  }
  if (t.isBias == 1 && s.bt != 0 && static_cast<uint64_t>(bn) * s.bias_bytes > s.bt) {
    return "baseN * sizeof(bias) = " + str(bn) + " * " + str(s.bias_bytes) + " bytes exceeds the " +
           str(static_cast<int64_t>(s.bt)) + "-byte bias table";
  }
  const uint64_t a1 = static_cast<uint64_t>(t.depthA1) * static_cast<uint64_t>(bm * bk) * s.a_bits / 8;
  const uint64_t b1 = static_cast<uint64_t>(t.depthB1) * static_cast<uint64_t>(bn * bk) * s.b_bits / 8;
  const uint64_t bias1 = t.isBias == 1 ? static_cast<uint64_t>(bn) * s.bias_bytes : 0;
  if (a1 + b1 + bias1 > s.l1) {
    return "L1 holds depthA1 * baseM * baseK * sizeof(A) + depthB1 * baseN * baseK * sizeof(B)" +
           std::string(bias1 != 0 ? " + baseN * sizeof(bias)" : "") + " = " + str(static_cast<int64_t>(a1)) +
           " + " + str(static_cast<int64_t>(b1)) + (bias1 != 0 ? " + " + str(static_cast<int64_t>(bias1)) : "") +
           " bytes, more than its " + str(static_cast<int64_t>(s.l1)) + " bytes";
  }
  if (static_cast<int64_t>(t.depthA1) < static_cast<int64_t>(t.stepM) * t.stepKa) {
    return "depthA1 " + str(t.depthA1) + " is less than stepM * stepKa = " + str(t.stepM) + " * " + str(t.stepKa);
  }
  if (static_cast<int64_t>(t.depthB1) < static_cast<int64_t>(t.stepN) * t.stepKb) {
    return "depthB1 " + str(t.depthB1) + " is less than stepN * stepKb = " + str(t.stepN) + " * " + str(t.stepKb);
  }
  return "";
}

// The baseK alignment rule (c0 = 32 bytes of A's element type).
inline std::string CubeTilingBaseKProblem(const AscendC::tiling::TCubeTiling& t, uint32_t a_bits, bool trans_a,
                                          bool trans_b) {
  const int32_t c0 = static_cast<int32_t>(256 / a_bits);
  const int32_t align = (!trans_a && trans_b) ? c0 : 16;
  if (t.baseK > 0 && t.baseK % align != 0) {
    return "baseK " + std::to_string(t.baseK) + " is not a multiple of " + std::to_string(align) +
           (align == c0 && c0 != 16 ? " (C0 of A's type: A not transposed, B transposed)"
                                    : " (the fractal height: A transposed or B not transposed)");
  }
  return "";
}

}  // namespace lib
}  // namespace aicore
