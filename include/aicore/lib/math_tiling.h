// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// The configuration types of the math APIs of lib/math.h (the vendor's
// lib/math/*_utils.h) and their host helpers: the temporary space (bytes)
// the sharedTmpBuffer forms need, with the vendor's values for the
// Ascend910B profile (Ascend310P where the vendor's helper takes a
// platform and differs). The kernel-side forms reject a sharedTmpBuffer
// smaller than the minimum given here.
//
// n = srcShape.GetShapeSize() (0 for an unknown shape), ts = typeSize,
// R(x) = max(x, 256), and (h, f) the factor for half and float:
//
//   GetXxxMaxMinTmpSize: min = fac * 256, max = fac * R(n * ts), for
//     Acos (6, 2)  Asin (6, 2)  Atan (12, 5)  Asinh (3, 3)  Atanh (4, 1)
//     Cosh (6, 2)  Sinh (4, 1)  Tan (10, 4)   Erf (8, 3)    Erfc (16, 7)
//     Ceil (2, 1)  Floor (2, 0) Trunc (2, 1)  Frac (4, 0)   Fmod (8, 1)
//     Sin, Cos (8, 3; float with isReuseSource 2)
//     Digamma (16, 7; reuse 6)  Lgamma (26, 8; reuse 7)
//   GetXxxTmpBufferFactorSize: maxLiveNodeCount = fac, extraBuf = 0 (the
//     same factors, except Lgamma half 13 and the ones listed below).
//   Exp: min = k * 256, max = k * R(4n), k = 4 (half), 3 (float), 2 (float,
//     isReuseSource); factor 8 (half), 3 (float). Returns true.
//   Acosh: min = fac * 256, max = R(fac * n) * ts, fac (2, 1).
//   Axpy: float 0 and 0; half min 1024, max 4 * (n*ts > 256 ? n*ts : 256);
//     factor 4 (half), 1 (float).
//   Sign: min 768, max max(3 * n * ts, 768), factor 3.
//   Xor:  min 256, max max(n * ts, 256), factor 1.
//   Log, Log10: 0 and 0, factor 0. Log2: half min 256, max R(4n), factor 2;
//     float 0.
//   Round (platform): Ascend910B float 0, half min 256 / max R(n*ts), factor
//     0 / 1; Ascend310P float 256 / R(n*ts), half 512 / 2 R(n*ts), factor 1 / 2.
//   ClampMax/ClampMin, Clamp (GetClampMaxMinTmpSize): min 64 (float) / 128
//     (other sizes), max max(n, min); factor 1, 0.
//   Power (GetPowerMaxMinTmpSize(shape0, shape1, typeIsInt, ...)): a shape of
//     one dimension of 1 is a scalar; tensor-tensor / tensor-scalar factors
//     int 6 / 7, float 4 / 5, half 14 / 14. min: int 256 k, float 256 k + 256,
//     half 128 k + 256; max with c = the tensor's n*ts (float: R(n*ts); half:
//     max(n*ts, 128)): int c k, float c k + 256, half c k + 256. Factor: k,
//     extraBuf 256 (0 for int).
//   CumSum (GetCumSumMaxMinTmpSize(shape [outter, inner], ts, isLastAxis,
//     ...)): first axis: half 4 * outter * inner (min = max), float 0; last
//     axis: min = (half ? 32 inner : 0) + 32 inner ts, max = (half ? 2 inner A
//     : 0) + 2 A inner ts with A = outter rounded up to 16.
//   IsInf, IsNan (platform): 0 and 0, factor 0.
//   Sin/Cos with a SinConfig/CosConfig (the vendor's Ascend 950 form):
//     POLYNOMIAL_APPROXIMATION 0 and 0; RADIAN_REDUCTION 8 * A32(n) + 32
//     (min = max, A32 = n rounded up to 32), factor 2 (float, extra 32) / 4.
//
// The activation helpers of the GLU family are in lib/glu_tiling.h.
#pragma once

#include <cstdint>

#include "aicore/lib/tensor_shape.h"

namespace AscendC {

// ---- configuration types (the vendor's lib/math/*_utils.h) -----------------

enum class SinAlgo { POLYNOMIAL_APPROXIMATION = 0, RADIAN_REDUCTION };
struct SinConfig {
  SinAlgo algo = SinAlgo::POLYNOMIAL_APPROXIMATION;
};
constexpr SinConfig defaultSinConfig;

enum class CosAlgo { POLYNOMIAL_APPROXIMATION = 0, RADIAN_REDUCTION };
struct CosConfig {
  CosAlgo algo = CosAlgo::POLYNOMIAL_APPROXIMATION;
};
constexpr CosConfig defaultCosConfig;

enum class AtanAlgo { TAYLOR_EXPANSION = 0, POLYNOMIAL_APPROXIMATION };
struct AtanConfig {
  AtanAlgo algo = AtanAlgo::TAYLOR_EXPANSION;
};
constexpr AtanConfig defaultAtanConfig;

enum class ErfAlgo { PADE_APPROXIMATION = 0, SUBSECTION_POLYNOMIAL_APPROXIMATION };
struct ErfConfig {
  ErfAlgo algo = ErfAlgo::PADE_APPROXIMATION;
};
constexpr ErfConfig defaultErfConfig;

enum class PowerAlgo { INTRINSIC = 0, DOUBLE_FLOAT_TECH };
struct PowerConfig {
  PowerAlgo algo = PowerAlgo::INTRINSIC;
};
constexpr PowerConfig defaultPowerConfig = {PowerAlgo::INTRINSIC};

constexpr uint32_t FMOD_ITERATION_NUM_MAX = 11;
enum class FmodAlgo { NORMAL = 0, ITERATION_COMPENSATION = 1 };
struct FmodConfig {
  FmodAlgo algo = FmodAlgo::NORMAL;
  uint32_t iterationNum = FMOD_ITERATION_NUM_MAX;
};
constexpr FmodConfig DEFAULT_FMOD_CONFIG = {FmodAlgo::NORMAL, FMOD_ITERATION_NUM_MAX};

enum class CumSumAlgorithm { CUMSUM_ALGORITHM_LINEBYLINE = 0, CUMSUM_ALGORITHM_SKLANSKY = 1 };
struct CumSumConfig {
  bool isLastAxis{true};
  bool isReuseSource{false};
  bool outputLastRow{false};
  CumSumAlgorithm algorithm{CumSumAlgorithm::CUMSUM_ALGORITHM_LINEBYLINE};
};
// As the vendor's cumsum.h declares it: outputLastRow on (the struct's own
// member default is off).
constexpr CumSumConfig defaultCumSumConfig = {true, false, true,
                                              CumSumAlgorithm::CUMSUM_ALGORITHM_LINEBYLINE};
struct CumSumInfo {
  uint32_t outter{0};
  uint32_t inner{0};
};

struct ClampConfig {
  bool isReuseSource;
};
constexpr ClampConfig DEFAULT_CLAMP_CONFIG = {false};

struct IsInfConfig {
  bool isReuseSource;
};
constexpr IsInfConfig DEFAULT_IS_INF_CONFIG = {false};

struct IsNanConfig {
  bool isReuseSource;
};
constexpr IsNanConfig DEFAULT_IS_NAN_CONFIG = {false};

}  // namespace AscendC

namespace aicore {
namespace lib {
namespace math_tiling {

constexpr uint32_t kRepeat = 256;

inline uint64_t Elems(const ge::Shape& s) {
  const int64_t n = s.GetShapeSize();
  return n > 0 ? static_cast<uint64_t>(n) : 0;
}
inline uint32_t Sat(uint64_t v) { return v > 0xFFFFFFFFull ? 0xFFFFFFFFu : static_cast<uint32_t>(v); }
inline uint64_t R256(uint64_t v) { return v > kRepeat ? v : kRepeat; }

// The common pattern: min fac * 256, max fac * max(n * ts, 256).
inline void FacMaxMin(uint32_t fac, const ge::Shape& s, uint32_t ts, uint32_t& mx, uint32_t& mn) {
  mn = fac * kRepeat;
  mx = Sat(fac * R256(Elems(s) * ts));
}

}  // namespace math_tiling

// The factor of the common pattern per API, by element size (2: half, 4:
// float); the kernel side needs fac * 256 bytes.
constexpr uint32_t Fac(uint32_t half_fac, uint32_t float_fac, uint32_t ts) {
  return ts == 4 ? float_fac : half_fac;
}
constexpr uint32_t FacMin(uint32_t half_fac, uint32_t float_fac, uint32_t ts) {
  return Fac(half_fac, float_fac, ts) * 256u;
}

// Minimum sharedTmpBuffer bytes of the APIs whose minimum is not fac * 256.
constexpr uint32_t ExpMinTmpBytes(uint32_t ts, bool reuse) {
  return (ts == 4 ? (reuse ? 2u : 3u) : 4u) * 256u;
}
constexpr uint32_t AxpyMinTmpBytes(uint32_t src_ts) { return src_ts == 4 ? 0u : 1024u; }
constexpr uint32_t Log2MinTmpBytes(uint32_t ts) { return ts == 2 ? 256u : 0u; }
constexpr uint32_t RoundMinTmpBytes(uint32_t ts) { return ts == 2 ? 256u : 0u; }  // Ascend910B
constexpr uint32_t ClampMinTmpBytes(uint32_t ts) { return ts == 4 ? 64u : 128u; }
constexpr uint32_t PowerMinTmpBytes(bool is_int, uint32_t ts, bool tensor_tensor) {
  return is_int ? 256u * (tensor_tensor ? 6u : 7u)
                : (ts == 4 ? 256u * (tensor_tensor ? 4u : 5u) + 256u : 128u * 14u + 256u);
}
// CumSum: depends on the shape (CumSumInfo) and the axis.
inline uint64_t CumSumMinTmpBytes(uint32_t outter, uint32_t inner, uint32_t ts, bool last_axis) {
  if (!last_axis) return ts == 2 ? uint64_t{4} * outter * inner : 0;
  return (ts == 2 ? uint64_t{32} * inner : 0) + uint64_t{32} * inner * ts;
}

}  // namespace lib
}  // namespace aicore

namespace AscendC {

#define AICORE_MATH_FAC_HELPERS(NAME, HALF_FAC, FLOAT_FAC)                                   \
  inline void Get##NAME##MaxMinTmpSize(const ge::Shape& srcShape, const uint32_t typeSize,   \
                                       const bool isReuseSource, uint32_t& maxValue,         \
                                       uint32_t& minValue) {                                 \
    (void)isReuseSource;                                                                     \
    aicore::lib::math_tiling::FacMaxMin(aicore::lib::Fac(HALF_FAC, FLOAT_FAC, typeSize),     \
                                        srcShape, typeSize, maxValue, minValue);             \
  }                                                                                          \
  inline void Get##NAME##TmpBufferFactorSize(const uint32_t typeSize, uint32_t& maxLiveNodeCount, \
                                             uint32_t& extraBuf) {                           \
    extraBuf = 0;                                                                            \
    maxLiveNodeCount = aicore::lib::Fac(HALF_FAC, FLOAT_FAC, typeSize);                      \
  }

AICORE_MATH_FAC_HELPERS(Acos, 6, 2)
AICORE_MATH_FAC_HELPERS(Asin, 6, 2)
AICORE_MATH_FAC_HELPERS(Atan, 12, 5)
AICORE_MATH_FAC_HELPERS(Asinh, 3, 3)
AICORE_MATH_FAC_HELPERS(Atanh, 4, 1)
AICORE_MATH_FAC_HELPERS(Cosh, 6, 2)
AICORE_MATH_FAC_HELPERS(Sinh, 4, 1)
AICORE_MATH_FAC_HELPERS(Tan, 10, 4)
AICORE_MATH_FAC_HELPERS(Erf, 8, 3)
AICORE_MATH_FAC_HELPERS(Erfc, 16, 7)
AICORE_MATH_FAC_HELPERS(Ceil, 2, 1)
AICORE_MATH_FAC_HELPERS(Floor, 2, 0)
AICORE_MATH_FAC_HELPERS(Trunc, 2, 1)
AICORE_MATH_FAC_HELPERS(Frac, 4, 0)
AICORE_MATH_FAC_HELPERS(Fmod, 8, 1)
#undef AICORE_MATH_FAC_HELPERS

// Sin, Cos, Digamma, Lgamma: float with isReuseSource needs one node less.
#define AICORE_MATH_REUSE_HELPERS(NAME, HALF_FAC, FLOAT_FAC, FLOAT_REUSE_FAC, HALF_LIVE)      \
  inline void Get##NAME##MaxMinTmpSize(const ge::Shape& srcShape, const uint32_t typeSize,   \
                                       const bool isReuseSource, uint32_t& maxValue,         \
                                       uint32_t& minValue) {                                 \
    const uint32_t fac = typeSize == 4 ? (isReuseSource ? FLOAT_REUSE_FAC : FLOAT_FAC) : HALF_FAC; \
    aicore::lib::math_tiling::FacMaxMin(fac, srcShape, typeSize, maxValue, minValue);        \
  }                                                                                          \
  inline void Get##NAME##TmpBufferFactorSize(const uint32_t typeSize, uint32_t& maxLiveNodeCount, \
                                             uint32_t& extraBuf) {                           \
    extraBuf = 0;                                                                            \
    maxLiveNodeCount = typeSize == 4 ? FLOAT_FAC : HALF_LIVE;                                \
  }

AICORE_MATH_REUSE_HELPERS(Sin, 8, 3, 2, 8)
AICORE_MATH_REUSE_HELPERS(Cos, 8, 3, 2, 8)
AICORE_MATH_REUSE_HELPERS(Digamma, 16, 7, 6, 16)
AICORE_MATH_REUSE_HELPERS(Lgamma, 26, 8, 7, 13)
#undef AICORE_MATH_REUSE_HELPERS

// Sin/Cos with a config: the vendor's Ascend 950 helpers (RADIAN_REDUCTION
// keeps two float tensors of the 32-aligned size plus 32 bytes).
inline void GetSinMaxMinTmpSize(const SinConfig& config, const ge::Shape& srcShape,
                                const uint32_t typeSize, const bool isReuseSource,
                                uint32_t& maxValue, uint32_t& minValue) {
  (void)typeSize;
  (void)isReuseSource;
  if (config.algo == SinAlgo::POLYNOMIAL_APPROXIMATION) {
    maxValue = minValue = 0;
    return;
  }
  const uint64_t n = (aicore::lib::math_tiling::Elems(srcShape) + 31) / 32 * 32;
  maxValue = minValue = aicore::lib::math_tiling::Sat(8 * n + 32);
}
inline void GetSinTmpBufferFactorSize(const SinConfig& config, const uint32_t typeSize,
                                      uint32_t& maxLiveNodeCount, uint32_t& extraBuf) {
  const bool radian = config.algo == SinAlgo::RADIAN_REDUCTION;
  extraBuf = radian && typeSize == 4 ? 32 : 0;
  maxLiveNodeCount = radian ? (typeSize == 4 ? 2 : 4) : 0;
}
inline void GetCosMaxMinTmpSize(const CosConfig& config, const ge::Shape& srcShape,
                                const uint32_t typeSize, const bool isReuseSource,
                                uint32_t& maxValue, uint32_t& minValue) {
  GetSinMaxMinTmpSize(SinConfig{config.algo == CosAlgo::RADIAN_REDUCTION
                                    ? SinAlgo::RADIAN_REDUCTION
                                    : SinAlgo::POLYNOMIAL_APPROXIMATION},
                      srcShape, typeSize, isReuseSource, maxValue, minValue);
}
inline void GetCosTmpBufferFactorSize(const CosConfig& config, const uint32_t typeSize,
                                      uint32_t& maxLiveNodeCount, uint32_t& extraBuf) {
  GetSinTmpBufferFactorSize(SinConfig{config.algo == CosAlgo::RADIAN_REDUCTION
                                          ? SinAlgo::RADIAN_REDUCTION
                                          : SinAlgo::POLYNOMIAL_APPROXIMATION},
                            typeSize, maxLiveNodeCount, extraBuf);
}

inline bool GetExpMaxMinTmpSize(const ge::Shape& srcShape, const uint32_t typeSize,
                                const bool isReuseSource, uint32_t& maxValue,
                                uint32_t& minValue) {
  using namespace aicore::lib::math_tiling;
  const uint32_t k = typeSize == 4 ? (isReuseSource ? 2u : 3u) : 4u;
  minValue = k * kRepeat;
  maxValue = Sat(k * R256(Elems(srcShape) * 4));
  return true;
}
inline void GetExpTmpBufferFactorSize(const uint32_t typeSize, uint32_t& maxLiveNodeCount,
                                      uint32_t& extraBuffer) {
  extraBuffer = 0;
  maxLiveNodeCount = typeSize == 4 ? 3 : 8;
}

inline void GetAcoshMaxMinTmpSize(const ge::Shape& srcShape, const uint32_t typeSize,
                                  const bool isReuseSource, uint32_t& maxValue,
                                  uint32_t& minValue) {
  (void)isReuseSource;
  using namespace aicore::lib::math_tiling;
  const uint32_t fac = typeSize == 4 ? 1 : 2;
  minValue = fac * kRepeat;
  maxValue = Sat(R256(uint64_t{fac} * Elems(srcShape)) * typeSize);
}
inline void GetAcoshTmpBufferFactorSize(const uint32_t typeSize, uint32_t& maxLiveNodeCount,
                                        uint32_t& extraBuf) {
  extraBuf = 0;
  maxLiveNodeCount = typeSize == 4 ? 1 : 2;
}

inline void GetAxpyMaxMinTmpSize(const ge::Shape& srcShape, const uint32_t typeSize,
                                 const bool isReuseSource, uint32_t& maxValue,
                                 uint32_t& minValue) {
  (void)isReuseSource;
  using namespace aicore::lib::math_tiling;
  if (typeSize == 4) {
    maxValue = minValue = 0;
    return;
  }
  minValue = 4 * kRepeat;
  maxValue = Sat(4 * R256(Elems(srcShape) * typeSize));
}
inline void GetAxpyTmpBufferFactorSize(const uint32_t typeSize, uint32_t& maxLiveNodeCount,
                                       uint32_t& extraBuf) {
  extraBuf = 0;
  maxLiveNodeCount = typeSize == 4 ? 1 : 4;
}

inline void GetSignMaxMinTmpSize(const ge::Shape& srcShape, const uint32_t typeSize,
                                 const bool isReuseSource, uint32_t& maxValue,
                                 uint32_t& minValue) {
  (void)isReuseSource;
  using namespace aicore::lib::math_tiling;
  minValue = 3 * kRepeat;
  const uint64_t mx = 3 * Elems(srcShape) * typeSize;
  maxValue = Sat(mx > minValue ? mx : minValue);
}
inline void GetSignTmpBufferFactorSize(const uint32_t typeSize, uint32_t& maxLiveNodeCount,
                                       uint32_t& extraBuffer) {
  (void)typeSize;
  extraBuffer = 0;
  maxLiveNodeCount = 3;
}

inline void GetXorMaxMinTmpSize(const ge::Shape& srcShape, const uint32_t typeSize,
                                const bool isReuseSource, uint32_t& maxValue,
                                uint32_t& minValue) {
  (void)isReuseSource;
  using namespace aicore::lib::math_tiling;
  minValue = kRepeat;
  maxValue = Sat(R256(Elems(srcShape) * typeSize));
}
inline void GetXorTmpBufferFactorSize(const uint32_t typeSize, uint32_t& maxLiveNodeCount,
                                      uint32_t& extraBuffer) {
  (void)typeSize;
  extraBuffer = 0;
  maxLiveNodeCount = 1;
}

#define AICORE_MATH_ZERO_HELPERS(NAME)                                                       \
  inline void Get##NAME##MaxMinTmpSize(const ge::Shape& srcShape, const uint32_t typeSize,   \
                                       const bool isReuseSource, uint32_t& maxValue,         \
                                       uint32_t& minValue) {                                 \
    (void)srcShape;                                                                          \
    (void)typeSize;                                                                          \
    (void)isReuseSource;                                                                     \
    maxValue = minValue = 0;                                                                 \
  }                                                                                          \
  inline void Get##NAME##TmpBufferFactorSize(const uint32_t typeSize, uint32_t& maxLiveNodeCount, \
                                             uint32_t& extraBuf) {                           \
    (void)typeSize;                                                                          \
    extraBuf = 0;                                                                            \
    maxLiveNodeCount = 0;                                                                    \
  }
AICORE_MATH_ZERO_HELPERS(Log)
AICORE_MATH_ZERO_HELPERS(Log10)
#undef AICORE_MATH_ZERO_HELPERS

inline void GetLog2MaxMinTmpSize(const ge::Shape& srcShape, const uint32_t typeSize,
                                 const bool isReuseSource, uint32_t& maxValue,
                                 uint32_t& minValue) {
  (void)isReuseSource;
  using namespace aicore::lib::math_tiling;
  if (typeSize != 2) {
    maxValue = minValue = 0;
    return;
  }
  minValue = kRepeat;
  maxValue = Sat(R256(Elems(srcShape) * 4));
}
inline void GetLog2TmpBufferFactorSize(const uint32_t typeSize, uint32_t& maxLiveNodeCount,
                                       uint32_t& extraBuf) {
  extraBuf = 0;
  maxLiveNodeCount = typeSize == 4 ? 0 : 2;
}

// Round, IsInf, IsNan take the platform (tiling/platform/platform_ascendc.h)
// first; a template here, so that this layer does not include the compat
// header that defines it.
template <class Platform>
inline void GetRoundMaxMinTmpSize(const Platform& ascendcPlatform, const ge::Shape& srcShape,
                                  const uint32_t typeSize, const bool isReuseSource,
                                  uint32_t& maxValue, uint32_t& minValue) {
  (void)isReuseSource;
  using namespace aicore::lib::math_tiling;
  using Soc = decltype(ascendcPlatform.GetSocVersion());
  const bool v200 = ascendcPlatform.GetSocVersion() == Soc::ASCEND310P;
  const uint32_t fac = v200 ? (typeSize == 4 ? 1 : 2) : (typeSize == 4 ? 0 : 1);
  minValue = fac * kRepeat;
  maxValue = Sat(fac * R256(Elems(srcShape) * typeSize));
}
template <class Platform>
inline void GetRoundTmpBufferFactorSize(const Platform& ascendcPlatform, const uint32_t typeSize,
                                        uint32_t& maxLiveNodeCount, uint32_t& extraBuf) {
  using Soc = decltype(ascendcPlatform.GetSocVersion());
  const bool v200 = ascendcPlatform.GetSocVersion() == Soc::ASCEND310P;
  extraBuf = 0;
  maxLiveNodeCount = v200 ? (typeSize == 4 ? 1 : 2) : (typeSize == 4 ? 0 : 1);
}

#define AICORE_MATH_PLATFORM_ZERO_HELPERS(NAME)                                               \
  template <class Platform>                                                                   \
  inline void Get##NAME##MaxMinTmpSize(const Platform& ascendcPlatform, const ge::Shape& srcShape, \
                                       const uint32_t typeSize, const bool isReuseSource,     \
                                       uint32_t& maxValue, uint32_t& minValue) {              \
    (void)ascendcPlatform;                                                                    \
    (void)srcShape;                                                                           \
    (void)typeSize;                                                                           \
    (void)isReuseSource;                                                                      \
    maxValue = minValue = 0;                                                                  \
  }                                                                                           \
  template <class Platform>                                                                   \
  inline void Get##NAME##TmpBufferFactorSize(const Platform& ascendcPlatform,                 \
                                             const uint32_t typeSize,                         \
                                             uint32_t& maxLivedNodeCount, uint32_t& extraBuf) { \
    (void)ascendcPlatform;                                                                    \
    (void)typeSize;                                                                           \
    extraBuf = 0;                                                                             \
    maxLivedNodeCount = 0;                                                                    \
  }
AICORE_MATH_PLATFORM_ZERO_HELPERS(IsInf)
AICORE_MATH_PLATFORM_ZERO_HELPERS(IsNan)
#undef AICORE_MATH_PLATFORM_ZERO_HELPERS

inline void GetClampMaxMinTmpSize(const ge::Shape& srcShape, const uint32_t typeSize,
                                  const bool isReuseSource, uint32_t& maxValue,
                                  uint32_t& minValue) {
  (void)isReuseSource;
  const uint64_t n = aicore::lib::math_tiling::Elems(srcShape);
  minValue = aicore::lib::ClampMinTmpBytes(typeSize);
  maxValue = aicore::lib::math_tiling::Sat(n > minValue ? n : minValue);
}
inline void GetClampTmpBufferFactorSize(const uint32_t typeSize, uint32_t& maxLiveNodeCount,
                                        uint32_t& extraBuf) {
  (void)typeSize;
  extraBuf = 0;
  maxLiveNodeCount = 1;
}

inline void GetPowerMaxMinTmpSize(const ge::Shape& srcShape1, const ge::Shape& srcShape2,
                                  const bool typeIsInt, const uint32_t typeSize,
                                  const bool isReuseSource, uint32_t& maxValue,
                                  uint32_t& minValue) {
  (void)isReuseSource;
  using namespace aicore::lib::math_tiling;
  const auto is_tensor = [](const ge::Shape& s) { return !(s.GetDimNum() == 1 && s.GetDim(0) == 1); };
  const bool t1 = is_tensor(srcShape1), t2 = is_tensor(srcShape2);
  const bool tt = t1 && t2;
  minValue = aicore::lib::PowerMinTmpBytes(typeIsInt, typeSize, tt);
  const uint64_t bytes = (t1 ? Elems(srcShape1) : Elems(srcShape2)) * typeSize;
  const uint64_t c = typeSize == 4 ? R256(bytes) : (bytes > 128 ? bytes : 128);
  const uint64_t k = typeIsInt ? (tt ? 6 : 7) : (typeSize == 4 ? (tt ? 4 : 5) : 14);
  maxValue = Sat(c * k + (typeIsInt ? 0 : kRepeat));
}
inline void GetPowerTmpBufferFactorSize(const bool baseIsTensor, const bool expIsTensor,
                                        const bool typeIsInt, const uint32_t typeSize,
                                        uint32_t& maxLiveNodeCount, uint32_t& extraBuffer) {
  const bool tt = baseIsTensor && expIsTensor;
  extraBuffer = typeIsInt ? 0 : 256;
  maxLiveNodeCount = typeIsInt ? (tt ? 6 : 7) : (typeSize == 4 ? (tt ? 4 : 5) : 14);
}

inline void GetCumSumMaxMinTmpSize(const ge::Shape& srcShape, const uint32_t typeSize,
                                   const bool isLastAxis, const bool isReuseSource,
                                   uint32_t& maxValue, uint32_t& minValue) {
  (void)isReuseSource;
  using namespace aicore::lib::math_tiling;
  const int64_t o = srcShape.GetDim(0), i = srcShape.GetDim(1);
  const uint64_t outter = o > 0 ? static_cast<uint64_t>(o) : 0;
  const uint64_t inner = i > 0 ? static_cast<uint64_t>(i) : 0;
  if (!isLastAxis) {
    maxValue = minValue = typeSize == 2 ? Sat(outter * inner * 4) : 0;
    return;
  }
  const uint64_t aligned = (outter + 15) / 16 * 16;
  minValue = Sat((typeSize == 2 ? inner * 32 : 0) + 32 * inner * typeSize);
  maxValue = Sat((typeSize == 2 ? inner * aligned * 2 : 0) + aligned * inner * typeSize * 2);
}

}  // namespace AscendC
