// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// What TransData (lib/transdata.h) and its host helper GetTransDataMaxMinTmpSize
// (op/transdata_tiling.h) share: TransDataConfig (the vendor's
// adv_api/transpose/transdata_common.h / transdata_tiling.h), the check of a
// (srcShape, dstShape) pair against the config, and the temporary space.
//
// The four Ascend910B scenarios, C0 = N0 = 16, C1 = ceil(C / 16),
// N1 = ceil(N / 16), P = H * W rounded up to 16 (32 bytes of a 16-bit type):
//   NCDHW -> NDC1HWC0      [N, C, D, H, W] -> [N, D, C1, H, W, C0]
//   NDC1HWC0 -> NCDHW      [N, D, C1, H, W, C0] -> [N, C, D, H, W]
//   NCDHW -> FRACTAL_Z_3D  [N, C, D, H, W] -> [D, C1, H, W, N1, N0, C0]
//   FRACTAL_Z_3D -> NCDHW  [D, C1, H, W, N1, N0, C0] -> [N, C, D, H, W]
// An NCDHW tensor holds [N, C, D, P] (H * W padded), the others their shape.
//
// The temporary space in bytes (the vendor's published host formula, 2-byte
// elements; the maximum equals the minimum):
//   NCDHW -> NDC1HWC0      2 * D * P + 2 * D * C1 * 16 * P
//   NDC1HWC0 -> NCDHW      2 * D * C1 * 16 * P + 512
//   NCDHW -> FRACTAL_Z_3D  max(2 * C * D * P, 2 * D * H * W * N1 * 16)
//                          + 2 * N1 * 16 * D * C1 * 16 * P
//   FRACTAL_Z_3D -> NCDHW  2 * N1 * 16 * C1 * 16 * D * P, twice that unless
//                          N and C are multiples of 16
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>

#include "aicore/memory/shape_info.h"

namespace AscendC {

struct TransDataConfig {
  DataFormat srcFormat;
  DataFormat dstFormat;
};

}  // namespace AscendC

namespace aicore {
namespace lib {

enum class TransDataKind { kNone, kNcdhwTo6hd, k6hdToNcdhw, kNcdhwToFz3d, kFz3dToNcdhw };

constexpr TransDataKind TransDataKindOf(AscendC::DataFormat src, AscendC::DataFormat dst) {
  using F = AscendC::DataFormat;
  return src == F::NCDHW && dst == F::NDC1HWC0       ? TransDataKind::kNcdhwTo6hd
         : src == F::NDC1HWC0 && dst == F::NCDHW     ? TransDataKind::k6hdToNcdhw
         : src == F::NCDHW && dst == F::FRACTAL_Z_3D ? TransDataKind::kNcdhwToFz3d
         : src == F::FRACTAL_Z_3D && dst == F::NCDHW ? TransDataKind::kFz3dToNcdhw
                                                     : TransDataKind::kNone;
}

inline const char* DataFormatName(AscendC::DataFormat f) {
  static const char* const kNames[] = {"ND",    "NZ",       "NCHW",        "NC1HWC0",
                                       "NHWC",  "NCDHW",    "NDC1HWC0",    "FRACTAL_Z_3D"};
  const auto i = static_cast<unsigned>(f);
  return i < sizeof(kNames) / sizeof(kNames[0]) ? kNames[i] : "an unknown DataFormat";
}

// The rank a format's shape has in TransData (0: not a TransData format).
constexpr int TransDataRank(AscendC::DataFormat f) {
  return f == AscendC::DataFormat::NCDHW          ? 5
         : f == AscendC::DataFormat::NDC1HWC0     ? 6
         : f == AscendC::DataFormat::FRACTAL_Z_3D ? 7
                                                  : 0;
}

// a * b, saturated at 2^64 - 1.
inline uint64_t TransDataMul(uint64_t a, uint64_t b) {
  return b != 0 && a > UINT64_MAX / b ? UINT64_MAX : a * b;
}

// N, C, D, H, W (from the NCDHW side) and the padded H * W.
struct TransDataDims {
  uint64_t n = 0, c = 0, d = 0, h = 0, w = 0;
  uint64_t C1() const { return (c + 15) / 16; }
  uint64_t N1() const { return (n + 15) / 16; }
  uint64_t P() const { return (h * w + 15) / 16 * 16; }
  uint64_t NcdhwElems() const { return n * c * d * P(); }
};

inline std::string TransDataShapeText(const int64_t* v, int rank) {
  std::string s = "[";
  for (int i = 0; i < rank; ++i) s += (i ? ", " : "") + std::to_string(v[i]);
  return s + "]";
}

// Checks srcShape / dstShape (ranks srcRank / dstRank) against the scenario
// `kind`; fills `dims` and returns "" when they fit, else what is wrong.
inline std::string TransDataShapeError(TransDataKind kind, AscendC::DataFormat srcFormat,
                                       AscendC::DataFormat dstFormat, const int64_t* src,
                                       int srcRank, const int64_t* dst, int dstRank,
                                       TransDataDims& dims) {
  if (kind == TransDataKind::kNone) {
    return std::string("config {") + DataFormatName(srcFormat) + ", " + DataFormatName(dstFormat) +
           "} is not a TransData scenario (NCDHW -> NDC1HWC0, NDC1HWC0 -> NCDHW, NCDHW -> "
           "FRACTAL_Z_3D, FRACTAL_Z_3D -> NCDHW)";
  }
  const int want_src = TransDataRank(srcFormat), want_dst = TransDataRank(dstFormat);
  if (srcRank != want_src || dstRank != want_dst) {
    return "srcShape has " + std::to_string(srcRank) + " dimensions and dstShape " +
           std::to_string(dstRank) + ", " + DataFormatName(srcFormat) + " -> " +
           DataFormatName(dstFormat) + " needs " + std::to_string(want_src) + " and " +
           std::to_string(want_dst);
  }
  for (int i = 0; i < srcRank + dstRank; ++i) {
    const int64_t v = i < srcRank ? src[i] : dst[i - srcRank];
    if (v < 0 || v > 0xffffffffll) {
      return "srcShape " + TransDataShapeText(src, srcRank) + ", dstShape " +
             TransDataShapeText(dst, dstRank) + ": a dimension outside [0, 2^32)";
    }
  }
  const bool from_ncdhw = srcFormat == AscendC::DataFormat::NCDHW;
  const int64_t* ncdhw = from_ncdhw ? src : dst;
  const int64_t* other = from_ncdhw ? dst : src;
  const char* other_name = from_ncdhw ? "dstShape" : "srcShape";
  const char* ncdhw_name = from_ncdhw ? "srcShape" : "dstShape";
  const char* other_format = DataFormatName(from_ncdhw ? dstFormat : srcFormat);
  dims = {static_cast<uint64_t>(ncdhw[0]), static_cast<uint64_t>(ncdhw[1]),
          static_cast<uint64_t>(ncdhw[2]), static_cast<uint64_t>(ncdhw[3]),
          static_cast<uint64_t>(ncdhw[4])};
  const bool fz = kind == TransDataKind::kNcdhwToFz3d || kind == TransDataKind::kFz3dToNcdhw;
  // The positions of N, D, C1, H, W, C0 (and N1, N0) in the other shape.
  const int64_t got_n = fz ? -1 : other[0], got_d = fz ? other[0] : other[1],
                got_c1 = fz ? other[1] : other[2], got_h = fz ? other[2] : other[3],
                got_w = fz ? other[3] : other[4], got_c0 = fz ? other[6] : other[5];
  const std::string pair = std::string(ncdhw_name) + " (NCDHW) " + TransDataShapeText(ncdhw, 5) +
                           " and " + other_name + " (" + other_format + ") " +
                           TransDataShapeText(other, fz ? 7 : 6);
  if ((!fz && got_n != ncdhw[0]) || got_d != ncdhw[2] || got_h != ncdhw[3] || got_w != ncdhw[4]) {
    return pair + " disagree in " + (fz ? "D, H, W" : "N, D, H, W");
  }
  if (got_c0 != 16 || static_cast<uint64_t>(got_c1) != dims.C1()) {
    return pair + ": C0 must be 16 and C1 = ceil(C / 16) = " + std::to_string(dims.C1()) +
           ", got C0 " + std::to_string(got_c0) + ", C1 " + std::to_string(got_c1);
  }
  if (fz && (other[5] != 16 || static_cast<uint64_t>(other[4]) != dims.N1())) {
    return pair + ": N0 must be 16 and N1 = ceil(N / 16) = " + std::to_string(dims.N1()) +
           ", got N0 " + std::to_string(other[5]) + ", N1 " + std::to_string(other[4]);
  }
  // [N1 * 16, C1 * 16, D, P], each at least one block: bounds both shapes'
  // elements and every term of the temporary space.
  const uint64_t hw = TransDataMul(dims.h, dims.w);
  const uint64_t volume = TransDataMul(
      TransDataMul(std::max<uint64_t>(dims.N1(), 1) * 256, std::max<uint64_t>(dims.C1(), 1)),
      TransDataMul(std::max<uint64_t>(dims.d, 1), std::max<uint64_t>((hw + 15) / 16, 1) * 16));
  if (volume > 0xffffffffull) {
    return pair + " pad to [N1 * 16, C1 * 16, D, H * W padded to 16] = " + std::to_string(volume) +
           " elements, past 2^32";
  }
  return "";
}

// The temporary space in bytes (the vendor's formula, see the top).
inline uint64_t TransDataTmpBytes(TransDataKind kind, const TransDataDims& t) {
  const uint64_t p = t.P(), c1 = t.C1(), n1 = t.N1();
  switch (kind) {
    case TransDataKind::kNcdhwTo6hd: return 2 * t.d * p + 2 * t.d * c1 * 16 * p;
    case TransDataKind::k6hdToNcdhw: return 2 * t.d * c1 * 16 * p + 512;
    case TransDataKind::kNcdhwToFz3d:
      return std::max(2 * t.c * t.d * p, 2 * t.d * t.h * t.w * n1 * 16) +
             2 * n1 * 16 * t.d * c1 * 16 * p;
    case TransDataKind::kFz3dToNcdhw:
      return 2 * n1 * 16 * c1 * 16 * t.d * p * (t.n % 16 == 0 && t.c % 16 == 0 ? 1 : 2);
    default: return 0;
  }
}

}  // namespace lib
}  // namespace aicore
