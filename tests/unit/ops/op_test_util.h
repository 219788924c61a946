// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Shared pieces of the randomized op tests: random inputs per element type,
// the size list (around the SIMD lane count), a UB image runner and
// formatting of values for failure messages.
#pragma once

#include <algorithm>
#include <cinttypes>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <functional>
#include <limits>
#include <random>
#include <string>
#include <type_traits>
#include <vector>

#include "aicore/aicore.h"
#include "support/ref_element.h"

namespace aicore_test {

// Bytes of UB the tests carve (the Ascend910B UB is 192 KiB).
constexpr uint32_t kUbBytes = 184 * 1024;
// Filler for every byte the instruction must not write.
constexpr uint8_t kSentinel = 0xA5;

inline uint32_t Round32(size_t bytes) { return static_cast<uint32_t>((bytes + 31) / 32 * 32); }

// Lanes per SIMD vector of the type T is computed in (f32 for half/bf16).
template <class T>
size_t Lanes() {
  namespace hn = aicore::simd::hn;
  if constexpr (sizeof(T) == 8) {
    return hn::Lanes(hn::ScalableTag<uint64_t>());
  } else {
    return hn::Lanes(aicore::simd::TagFor<T>());
  }
}

// Counts to test: 0, 1, around one and two SIMD vectors (the loops unroll
// by two), odd sizes, and a few thousand.
template <class T>
std::vector<size_t> Sizes() {
  const size_t N = Lanes<T>();
  std::vector<size_t> s = {0,         1,     2,         3,     7,         N - 1,     N,  N + 1,
                           2 * N - 1, 2 * N, 2 * N + 1, 3 * N, 3 * N + 5, 4 * N + 3, 17, 31,
                           33,        127,   255,       1000,  4099,      8195};
  std::sort(s.begin(), s.end());
  s.erase(std::unique(s.begin(), s.end()), s.end());
  return s;
}

// ---------------------------------------------------------------------------
// Random values.

class Rng {
 public:
  explicit Rng(uint64_t seed) : g_(seed) {}
  uint64_t Next() { return g_(); }
  // Uniform in [0, n).
  uint64_t Below(uint64_t n) { return n == 0 ? 0 : g_() % n; }
  double Uniform(double lo, double hi) {
    return lo + (hi - lo) * (static_cast<double>(g_() >> 11) * 0x1.0p-53);
  }

 private:
  std::mt19937_64 g_;
};

// Special values of a floating type (zeros, infinities, NaNs, subnormals,
// extremes, ties).
template <class T>
std::vector<T> Specials() {
  using L = std::numeric_limits<T>;
  std::vector<T> v;
  if constexpr (ref::kIsFloating<T>) {
    for (double d : {0.0, 1.0, -1.0, 0.5, -0.5, 1.5, -1.5, 2.5, -2.5, 3.0, 1e-3, 100.0}) {
      v.push_back(ref::RoundTo<T>(d));
    }
    v.push_back(-T(0));
    v.push_back(L::infinity());
    v.push_back(-L::infinity());
    v.push_back(L::quiet_NaN());
    v.push_back(-L::quiet_NaN());
    v.push_back(L::denorm_min());
    v.push_back(-L::denorm_min());
    v.push_back(L::min());
    v.push_back(-L::min());
    v.push_back(L::max());
    v.push_back(L::lowest());
  } else {
    v = {T(0),
         T(1),
         T(-1),
         T(2),
         L::max(),
         L::min(),
         static_cast<T>(L::max() - 1),
         static_cast<T>(L::min() + 1)};
  }
  return v;
}

// A random T: one in 4 a uniformly random bit pattern (NaNs, infinities,
// subnormals included), one in 8 a special value, otherwise a moderate value
// (small integers with some probability, to make ties and exact results).
template <class T>
T RandomValue(Rng& r) {
  const uint64_t k = r.Below(8);
  if (k < 2) return ref::FromBits<T>(static_cast<ref::BitsOf<T>>(r.Next()));
  if (k == 2) {
    static const std::vector<T> specials = Specials<T>();
    return specials[r.Below(specials.size())];
  }
  if constexpr (ref::kIsFloating<T>) {
    if (k == 3) return ref::RoundTo<T>(static_cast<double>(static_cast<int64_t>(r.Below(21)) - 10));
    const double range = (k == 4) ? 1.0 : (k == 5 ? 100.0 : 3.0e4);
    return ref::RoundTo<T>(r.Uniform(-range, range));
  } else {
    if (k == 3) return static_cast<T>(static_cast<int64_t>(r.Below(21)) - 10);
    return static_cast<T>(static_cast<int64_t>(r.Below(2001)) - 1000);
  }
}

// ---------------------------------------------------------------------------
// Formatting.

template <class T>
std::string Show(T x) {
  char buf[96];
  if constexpr (ref::kIsFloating<T>) {
    std::snprintf(buf, sizeof(buf), "%.9g (0x%0*" PRIx64 ")", ref::ToDouble(x),
                  static_cast<int>(2 * sizeof(T)), static_cast<uint64_t>(ref::Bits(x)));
  } else if constexpr (std::is_signed_v<T>) {
    std::snprintf(buf, sizeof(buf), "%" PRId64, static_cast<int64_t>(x));
  } else {
    std::snprintf(buf, sizeof(buf), "%" PRIu64, static_cast<uint64_t>(x));
  }
  return buf;
}

// ---------------------------------------------------------------------------
// Running instructions on a UB image.

// Copies `image` to the start of a UB scratch buffer, calls
// body(buf, ubBase) inside a one-block launch, and copies the UB bytes back
// into `image`.
template <class Body>
void RunOnUb(std::vector<uint8_t>& image, Body&& body) {
  aicore::Launch(
      [&] {
        AscendC::TPipe pipe;
        AscendC::TBuf<AscendC::TPosition::VECCALC> buf;
        pipe.InitBuffer(buf, kUbBytes);
        uint8_t* base = buf.Get<uint8_t>().GetPhyAddr();
        std::memcpy(base, image.data(), image.size());
        body(buf);
        std::memcpy(image.data(), base, image.size());
      },
      1);
}

// Runs f(buf) on a UB image and returns the KernelError it raised ("" for
// none), storing its kind in *kind when given.
template <class F>
std::string ErrorOf(F&& f, aicore::ErrorKind* kind = nullptr) {
  std::vector<uint8_t> image(8192, 0);
  try {
    RunOnUb(image, [&](AscendC::TBuf<AscendC::TPosition::VECCALC>& buf) { f(buf); });
  } catch (const aicore::KernelError& e) {
    if (kind) *kind = e.kind();
    return e.what();
  }
  return "";
}

// n values of T with random bit patterns (NaN and Inf included for floats).
template <class T>
std::vector<T> RandomBitsVec(Rng& r, size_t n) {
  std::vector<T> v(n);
  for (auto& x : v) x = ref::FromBits<T>(static_cast<ref::BitsOf<T>>(r.Next()));
  return v;
}

// Compares two images byte by byte outside [skip_begin, skip_end); returns
// a description of the first difference, or "".
inline std::string FirstByteDiff(const std::vector<uint8_t>& got, const std::vector<uint8_t>& want,
                                 size_t skip_begin, size_t skip_end) {
  for (size_t i = 0; i < got.size(); ++i) {
    if (i >= skip_begin && i < skip_end) continue;
    if (got[i] != want[i]) {
      char buf[160];
      std::snprintf(buf, sizeof(buf), "byte %zu changed: 0x%02x, expected 0x%02x", i, got[i],
                    want[i]);
      return buf;
    }
  }
  return "";
}

template <class T>
void Put(std::vector<uint8_t>& image, size_t byte_off, const T* src, size_t n) {
  if (n) std::memcpy(image.data() + byte_off, src, n * sizeof(T));
}
template <class T>
T Get(const std::vector<uint8_t>& image, size_t byte_off, size_t i) {
  T x;
  std::memcpy(&x, image.data() + byte_off + i * sizeof(T), sizeof(T));
  return x;
}

// Calls f(T{}) for each type in Ts.
template <class... Ts, class F>
void ForEachType(F&& f) {
  (f(Ts{}), ...);
}

// Runs f(dst, src, tmp) in a one-block launch on 64-element zeroed src and
// dst tensors of T and a uint8_t tmp of tmp_bytes (at most 8 KiB): the
// KernelError message of a high-level API call, or "" if none.
template <class T, class F>
std::string LibCallError(uint32_t tmp_bytes, F&& f) {
  try {
    aicore::Launch(
        [&] {
          AscendC::TPipe pipe;
          AscendC::TBuf<AscendC::TPosition::VECCALC> bs, bd, bt;
          pipe.InitBuffer(bs, 1024);
          pipe.InitBuffer(bd, 1024);
          pipe.InitBuffer(bt, 8192);
          AscendC::LocalTensor<T> src = bs.Get<T>(64);
          AscendC::LocalTensor<T> dst = bd.Get<T>(64);
          std::memset(src.GetPhyAddr(), 0, 64 * sizeof(T));
          AscendC::LocalTensor<uint8_t> tmp = bt.Get<uint8_t>(tmp_bytes);
          f(dst, src, tmp);
        },
        1);
  } catch (const aicore::KernelError& e) {
    return e.what();
  }
  return "";
}

}  // namespace aicore_test
