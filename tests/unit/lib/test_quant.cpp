// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// AscendQuant (lib/quant.h), every public form (PER_TENSOR with float scale and
// offset, PER_CHANNEL with a scale tensor and a scalar or tensor offset; with
// and without sharedTmpBuffer; with counts and whole-tensor), half and float
// sources, against a scalar model in double, bit for bit:
//   h(v) = v rounded to half (nearest, ties to even)
//   y = int8(h(h(h(x) * h(scale)) + h(offset))), nearest-even, saturated,
//       NaN -> 0
// Inputs: random bit patterns (NaN, infinities, subnormals), special values,
// ties (k + 0.5 with scale 1, offset 0), moderate values; sizes around the
// vector length with tails (PER_TENSOR), rows of 32..96 columns (PER_CHANNEL);
// elements past calCount must stay untouched. Plus the host helper, the
// AscendQuantConfig constants and every diagnostic with its clean twin.

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include "aicore/lib/quant.h"
#include "aicore/lib/quant_tiling.h"
#include "unit/ops/op_test_util.h"

namespace aicore_test {
namespace {

using AscendC::LocalTensor;
using AscendC::TBuf;
using AscendC::TPosition;

bool Has(const std::string& s, const std::string& what) { return s.find(what) != std::string::npos; }

// ---- the model ---------------------------------------------------------------------

double H(double v) { return ref::ToDouble(ref::RoundTo<half>(v)); }

int8_t QuantModel(double x, double scale, double offset) {
  const double u = H(H(H(x) * H(scale)) + H(offset));
  if (std::isnan(u)) return 0;
  const double r = std::nearbyint(u);  // ties to even (the default mode)
  return static_cast<int8_t>(r > 127 ? 127 : (r < -128 ? -128 : r));
}

// ---- running one call ----------------------------------------------------------------

template <class T>
using Call = std::function<void(LocalTensor<int8_t>&, LocalTensor<T>&, LocalTensor<T>&,
                                LocalTensor<T>&, LocalTensor<uint8_t>&)>;

// Runs call(dst, src, scale, offset, tmp) with src of x.size() elements, dst
// filled with sentinel bytes; returns dst.
template <class T>
std::vector<int8_t> RunCall(const std::vector<T>& x, const std::vector<T>& sc,
                            const std::vector<T>& of, uint32_t tmp_bytes, const Call<T>& call) {
  const uint32_t n = static_cast<uint32_t>(x.size());
  const uint32_t m = static_cast<uint32_t>(sc.size());
  std::vector<int8_t> out(n);
  aicore::Launch(
      [&] {
        AscendC::TPipe pipe;
        TBuf<TPosition::VECCALC> bs, bsc, bof, bd, bt;
        pipe.InitBuffer(bs, Round32(std::max<size_t>(n, 1) * sizeof(T)));
        pipe.InitBuffer(bsc, Round32(std::max<size_t>(m, 1) * sizeof(T)));
        pipe.InitBuffer(bof, Round32(std::max<size_t>(m, 1) * sizeof(T)));
        pipe.InitBuffer(bd, Round32(std::max<size_t>(n, 1)));
        pipe.InitBuffer(bt, Round32(std::max<uint32_t>(tmp_bytes, 32)));
        LocalTensor<T> s = bs.Get<T>(n), scale = bsc.Get<T>(m), offset = bof.Get<T>(m);
        LocalTensor<int8_t> dst = bd.Get<int8_t>(n);
        LocalTensor<uint8_t> tmp = bt.Get<uint8_t>(tmp_bytes);
        if (n != 0) std::memcpy(static_cast<void*>(s.GetPhyAddr()), x.data(), n * sizeof(T));
        if (m != 0) {
          std::memcpy(static_cast<void*>(scale.GetPhyAddr()), sc.data(), m * sizeof(T));
          std::memcpy(static_cast<void*>(offset.GetPhyAddr()), of.data(), m * sizeof(T));
        }
        if (n != 0) std::memset(dst.GetPhyAddr(), kSentinel, n);
        call(dst, s, scale, offset, tmp);
        if (n != 0) std::memcpy(out.data(), dst.GetPhyAddr(), n);
      },
      1);
  return out;
}

// y[0, count) == model(i) for each i; y[count, n) untouched.
template <class T>
void Expect(const std::string& what, const std::vector<T>& x, const std::vector<int8_t>& y,
            uint32_t count, const std::function<int8_t(uint32_t)>& model) {
  int bad = 0;
  for (uint32_t i = 0; i < count; ++i) {
    const int8_t r = model(i);
    if (y[i] != r && ++bad <= 5) {
      ADD_FAILURE() << what << " " << aicore::detail::TypeName<T>() << " n=" << x.size()
                    << " i=" << i << " x=" << Show(x[i]) << " got " << int{y[i]} << " model "
                    << int{r};
    }
  }
  EXPECT_EQ(bad, 0) << what;
  for (size_t i = count; i < y.size(); ++i) {
    ASSERT_EQ(static_cast<uint8_t>(y[i]), kSentinel) << what << ": element " << i
                                                     << " past calCount written";
  }
}

// Source values: RandomValue's mix, scaled so that many land in int8 range.
template <class T>
std::vector<T> Inputs(Rng& rng, size_t n, bool ties) {
  std::vector<T> v(n);
  for (auto& x : v) {
    if (ties) {
      x = ref::RoundTo<T>(static_cast<double>(static_cast<int64_t>(rng.Below(301)) - 150) + 0.5);
    } else if (rng.Below(3) == 0) {
      x = ref::RoundTo<T>(rng.Uniform(-300.0, 300.0));
    } else {
      x = RandomValue<T>(rng);
    }
  }
  return v;
}

template <class T>
double D(T v) {
  return ref::ToDouble(v);
}

// ---- PER_TENSOR ----------------------------------------------------------------------

template <class T>
void CheckPerTensor(uint64_t seed) {
  Rng rng(seed);
  const float scales[] = {1.0f, 0.37f, -2.5f, 100.0f, 1e-3f, 70000.0f /* beyond half: inf */};
  for (size_t n : Sizes<T>()) {
    if (n > 4099) continue;
    for (int rep = 0; rep < 3; ++rep) {
      const bool ties = rep == 0;
      const std::vector<T> x = Inputs<T>(rng, n, ties);
      const float scale = ties ? 1.0f : scales[rng.Below(6)];
      const float offset = ties ? 0.0f : static_cast<float>(rng.Uniform(-20.0, 20.0));
      const uint32_t count = static_cast<uint32_t>(n == 0 ? 0 : n - rng.Below(std::min<size_t>(n, 5)));
      auto model = [&](uint32_t i) { return QuantModel(D(x[i]), scale, offset); };
      const std::vector<T> none;
      for (int form = 0; form < 4; ++form) {
        const uint32_t c = form < 2 ? count : static_cast<uint32_t>(n);
        const std::vector<int8_t> y = RunCall<T>(
            x, none, none, 512,
            [&](LocalTensor<int8_t>& d, LocalTensor<T>& s, LocalTensor<T>&, LocalTensor<T>&,
                LocalTensor<uint8_t>& t) {
              switch (form) {
                case 0: AscendC::AscendQuant<T>(d, s, t, scale, offset, c); break;
                case 1: AscendC::AscendQuant<T, true>(d, s, scale, offset, c); break;
                case 2: AscendC::AscendQuant(d, s, t, scale, offset); break;
                default: AscendC::AscendQuant(d, s, scale, offset); break;
              }
            });
        Expect<T>("PER_TENSOR form " + std::to_string(form), x, y, c, model);
      }
    }
  }
}

TEST(LibQuant, PerTensorHalf) { CheckPerTensor<half>(41); }
TEST(LibQuant, PerTensorFloat) { CheckPerTensor<float>(42); }

// ---- PER_CHANNEL ---------------------------------------------------------------------

template <class T>
void CheckPerChannel(uint64_t seed) {
  Rng rng(seed);
  for (uint32_t cols : {32u, 64u, 96u}) {
    for (uint32_t rows : {1u, 2u, 5u}) {
      const uint32_t n = cols * rows;
      const std::vector<T> x = Inputs<T>(rng, n, rows == 2);
      std::vector<T> sc(cols), of(cols);
      for (auto& v : sc) v = rng.Below(5) == 0 ? RandomValue<T>(rng) : ref::RoundTo<T>(rng.Uniform(-3, 3));
      for (auto& v : of) v = rng.Below(5) == 0 ? RandomValue<T>(rng) : ref::RoundTo<T>(rng.Uniform(-9, 9));
      const T off = ref::RoundTo<T>(rng.Uniform(-9, 9));
      // count: all rows or one row fewer (elements past it untouched).
      const uint32_t count = rows > 1 && rng.Below(2) ? n - cols : n;
      for (int form = 0; form < 8; ++form) {
        const bool tensor_offset = form >= 4;
        const bool whole = (form & 2) != 0;
        const uint32_t c = whole ? n : count;
        auto model = [&](uint32_t i) {
          return QuantModel(D(x[i]), D(sc[i % cols]), tensor_offset ? D(of[i % cols]) : D(off));
        };
        const std::vector<int8_t> y = RunCall<T>(
            x, sc, of, 512,
            [&](LocalTensor<int8_t>& d, LocalTensor<T>& s, LocalTensor<T>& st, LocalTensor<T>& ot,
                LocalTensor<uint8_t>& t) {
              switch (form) {
                case 0: AscendC::AscendQuant<T>(d, s, t, st, off, cols, c); break;
                case 1: AscendC::AscendQuant<T>(d, s, st, off, cols, c); break;
                case 2: AscendC::AscendQuant<T>(d, s, t, st, off); break;
                case 3: AscendC::AscendQuant<T, true>(d, s, st, off); break;
                case 4: AscendC::AscendQuant<T>(d, s, t, st, ot, cols, cols, c); break;
                case 5: AscendC::AscendQuant<T>(d, s, st, ot, cols, cols, c); break;
                case 6: AscendC::AscendQuant(d, s, t, st, ot); break;
                default: AscendC::AscendQuant(d, s, st, ot); break;
              }
            });
        Expect<T>("PER_CHANNEL form " + std::to_string(form) + " cols " + std::to_string(cols),
                  x, y, c, model);
      }
    }
  }
}

TEST(LibQuant, PerChannelHalf) { CheckPerChannel<half>(43); }
TEST(LibQuant, PerChannelFloat) { CheckPerChannel<float>(44); }

// The reference's worked values: scale 2, offset 0.9 on a few halves.
TEST(LibQuant, DocumentedKinds) {
  const std::vector<half> x = {half(-1.5f), half(0.3f), half(10.0f), half(-100.0f),
                               half(70.0f), half(0.05f), half(2.0f),  half(3.0f)};
  std::vector<half> xs(x);
  xs.resize(32, half(0.0f));
  const std::vector<half> none;
  const std::vector<int8_t> y = RunCall<half>(
      xs, none, none, 512,
      [](LocalTensor<int8_t>& d, LocalTensor<half>& s, LocalTensor<half>&, LocalTensor<half>&,
         LocalTensor<uint8_t>& t) { AscendC::AscendQuant<half>(d, s, t, 2.0f, 0.9f, 32); });
  // 0.9 is 0.89990234375 in half; -3 + 0.9 = -2.1 -> -2; 0.6 + 0.9 = 1.5 -> 2 (tie to even);
  // 20.9 -> 21; -199.1 -> -128; 140.9 -> 127; 0.1 + 0.9 -> 1; 4.9 -> 5; 6.9 -> 7; 0.9 -> 1.
  const int8_t want[] = {-2, 2, 21, -128, 127, 1, 5, 7};
  for (int i = 0; i < 8; ++i) EXPECT_EQ(int{y[i]}, int{want[i]}) << i;
  for (int i = 8; i < 32; ++i) EXPECT_EQ(int{y[i]}, 1) << i;
}

// In place: dst reuses src's address (the reference allows it).
TEST(LibQuant, DstReusesSrc) {
  Rng rng(45);
  const std::vector<half> x = Inputs<half>(rng, 256, false);
  std::vector<int8_t> y(256);
  aicore::Launch(
      [&] {
        AscendC::TPipe pipe;
        TBuf<TPosition::VECCALC> b;
        pipe.InitBuffer(b, 512);
        LocalTensor<half> s = b.Get<half>(256);
        std::memcpy(static_cast<void*>(s.GetPhyAddr()), x.data(), 512);
        LocalTensor<int8_t> d = s.ReinterpretCast<int8_t>();
        AscendC::AscendQuant<half>(d, s, 0.5f, 1.0f, 256);
        std::memcpy(y.data(), d.GetPhyAddr(), 256);
      },
      1);
  for (uint32_t i = 0; i < 256; ++i) {
    ASSERT_EQ(int{y[i]}, int{QuantModel(D(x[i]), 0.5, 1.0)}) << i;
  }
}

// ---- host helpers ----------------------------------------------------------------------

TEST(LibQuant, HostHelpers) {
  uint32_t mx = 0, mn = 0;
  AscendC::GetAscendQuantMaxMinTmpSize(ge::Shape({16, 1024}), 2, mx, mn);
  EXPECT_EQ(mn, 512u);
  EXPECT_EQ(mx, 32768u);
  AscendC::GetAscendQuantMaxMinTmpSize(ge::Shape({100}), 4, mx, mn);
  EXPECT_EQ(mn, 512u);
  EXPECT_EQ(mx, 512u);
  AscendC::GetAscendQuantMaxMinTmpSize(ge::Shape({300}), 4, mx, mn);
  EXPECT_EQ(mx, 608u);  // 600 rounded up to 32
  uint32_t live = 9, extra = 9;
  AscendC::GetAscendQuantTmpBufferFactorSize(live, extra);
  EXPECT_EQ(live, 2u);
  EXPECT_EQ(extra, 0u);
}

// ---- AscendQuantConfig and diagnostics ---------------------------------------------------

constexpr AscendC::AscendQuantConfig kCfg64 = {64, 0, 0, 512};
constexpr AscendC::AscendQuantConfig kCfgCh = {64, 32, 32, 512};
constexpr AscendC::AscendQuantConfig kCfgBigWork = {0, 0, 0, 1024};

using ErrCall = std::function<void(LocalTensor<int8_t>&, LocalTensor<half>&, LocalTensor<half>&,
                                   LocalTensor<half>&, LocalTensor<uint8_t>&)>;

// Runs f(dst, src, scale, offset, tmp): 64-element src/dst, 64-element scale
// and offset; returns the KernelError message ("" if none).
std::string Err(uint32_t tmp_bytes, const ErrCall& f, aicore::ErrorKind* kind = nullptr) {
  try {
    aicore::Launch(
        [&] {
          AscendC::TPipe pipe;
          TBuf<TPosition::VECCALC> bs, bsc, bof, bd, bt;
          pipe.InitBuffer(bs, 128);
          pipe.InitBuffer(bsc, 128);
          pipe.InitBuffer(bof, 128);
          pipe.InitBuffer(bd, 64);
          pipe.InitBuffer(bt, 2048);
          LocalTensor<half> s = bs.Get<half>(64), sc = bsc.Get<half>(64), of = bof.Get<half>(64);
          LocalTensor<int8_t> d = bd.Get<int8_t>(64);
          std::memset(static_cast<void*>(s.GetPhyAddr()), 0, 128);
          std::memset(static_cast<void*>(sc.GetPhyAddr()), 0, 128);
          std::memset(static_cast<void*>(of.GetPhyAddr()), 0, 128);
          LocalTensor<uint8_t> tmp = bt.Get<uint8_t>(tmp_bytes);
          f(d, s, sc, of, tmp);
        },
        1);
  } catch (const aicore::KernelError& e) {
    if (kind) *kind = e.kind();
    return e.what();
  }
  return "";
}

TEST(LibQuantDiagnostics, TmpTooSmall) {
  aicore::ErrorKind kind{};
  std::string m = Err(480, [](auto& d, auto& s, auto&, auto&, auto& t) {
    AscendC::AscendQuant<half>(d, s, t, 1.0f, 0.0f, 64);
  }, &kind);
  EXPECT_TRUE(Has(m, "AscendQuant")) << m;
  EXPECT_TRUE(Has(m, "sharedTmpBuffer holds 480 bytes, fewer than the 512 bytes "
                     "GetAscendQuantMaxMinTmpSize gives as the minimum for half")) << m;
  EXPECT_TRUE(Has(m, "test_quant.cpp")) << m;
  EXPECT_EQ(kind, aicore::ErrorKind::kParameter);
  m = Err(256, [](auto& d, auto& s, auto& sc, auto& of, auto& t) {
    AscendC::AscendQuant<half>(d, s, t, sc, of, 32, 32, 64);
  });
  EXPECT_TRUE(Has(m, "256 bytes, fewer than the 512 bytes")) << m;
  // Clean twins: the minimum is enough.
  EXPECT_EQ(Err(512, [](auto& d, auto& s, auto&, auto&, auto& t) {
              AscendC::AscendQuant<half>(d, s, t, 1.0f, 0.0f, 64);
            }), "");
  EXPECT_EQ(Err(512, [](auto& d, auto& s, auto& sc, auto& of, auto& t) {
              AscendC::AscendQuant<half>(d, s, t, sc, of, 32, 32, 64);
            }), "");
}

TEST(LibQuantDiagnostics, CountBeyondOperands) {
  aicore::ErrorKind kind{};
  std::string m = Err(512, [](auto& d, auto& s, auto&, auto&, auto&) {
    AscendC::AscendQuant<half>(d, s, 1.0f, 0.0f, 65);
  }, &kind);
  EXPECT_TRUE(Has(m, "AscendQuant")) << m;
  EXPECT_TRUE(Has(m, "calCount 65 exceeds the 64 half elements of srcTensor")) << m;
  EXPECT_EQ(kind, aicore::ErrorKind::kBounds);
  m = Err(512, [](auto& d, auto& s, auto& sc, auto&, auto&) {
    AscendC::AscendQuant<half>(d, s, sc, 0.0f, 32, 96);
  });
  EXPECT_TRUE(Has(m, "calCount 96 exceeds the 64 half elements of srcTensor")) << m;
  EXPECT_EQ(Err(512, [](auto& d, auto& s, auto&, auto&, auto&) {
              AscendC::AscendQuant<half>(d, s, 1.0f, 0.0f, 64);
            }), "");
}

TEST(LibQuantDiagnostics, PerChannelCounts) {
  aicore::ErrorKind kind{};
  std::string m = Err(512, [](auto& d, auto& s, auto& sc, auto&, auto&) {
    AscendC::AscendQuant<half>(d, s, sc, 0.0f, 48, 48);
  }, &kind);
  EXPECT_TRUE(Has(m, "scaleCount 48 is not a multiple of 32")) << m;
  EXPECT_EQ(kind, aicore::ErrorKind::kParameter);
  m = Err(512, [](auto& d, auto& s, auto& sc, auto&, auto&) {
    AscendC::AscendQuant<half>(d, s, sc, 0.0f, 64, 32);
  });
  EXPECT_TRUE(Has(m, "calCount 32 is not a multiple of scaleCount 64")) << m;
  m = Err(512, [](auto& d, auto& s, auto& sc, auto& of, auto&) {
    AscendC::AscendQuant<half>(d, s, sc, of, 32, 64, 64);
  });
  EXPECT_TRUE(Has(m, "offsetCount 64 differs from scaleCount 32")) << m;
  m = Err(512, [](auto& d, auto& s, auto& sc, auto&, auto&) {
    AscendC::AscendQuant<half>(d, s, sc, 0.0f, 0, 64);
  });
  EXPECT_TRUE(Has(m, "calCount 64 is not a multiple of scaleCount 0")) << m;
  EXPECT_EQ(Err(512, [](auto& d, auto& s, auto& sc, auto& of, auto&) {
              AscendC::AscendQuant<half>(d, s, sc, 0.0f, 32, 64);
              AscendC::AscendQuant<half>(d, s, sc, of, 64, 64, 64);
            }), "");
}

TEST(LibQuantDiagnostics, PartialOverlap) {
  aicore::ErrorKind kind{};
  std::string m = Err(512, [](auto&, auto& s, auto&, auto&, auto&) {
    LocalTensor<int8_t> d = s.template ReinterpretCast<int8_t>()[32];
    AscendC::AscendQuant<half>(d, s, 1.0f, 0.0f, 64);
  }, &kind);
  EXPECT_TRUE(Has(m, "dstTensor partly overlaps srcTensor")) << m;
  EXPECT_EQ(kind, aicore::ErrorKind::kParameter);
  EXPECT_EQ(Err(512, [](auto&, auto& s, auto&, auto&, auto&) {
              LocalTensor<int8_t> d = s.template ReinterpretCast<int8_t>();
              AscendC::AscendQuant<half>(d, s, 1.0f, 0.0f, 64);
            }), "");
}

TEST(LibQuantDiagnostics, ConfigConstants) {
  aicore::ErrorKind kind{};
  std::string m = Err(512, [](auto& d, auto& s, auto&, auto&, auto& t) {
    AscendC::AscendQuant<half, false, kCfg64>(d, s, t, 1.0f, 0.0f, 32);
  }, &kind);
  EXPECT_TRUE(Has(m, "AscendQuantConfig.calcCount 64 (a compile-time constant) disagrees with "
                     "calCount 32")) << m;
  EXPECT_EQ(kind, aicore::ErrorKind::kParameter);
  m = Err(512, [](auto& d, auto& s, auto& sc, auto& of, auto& t) {
    AscendC::AscendQuant<half, false, kCfgCh>(d, s, t, sc, of, 64, 64, 64);
  });
  EXPECT_TRUE(Has(m, "AscendQuantConfig.scaleCount 32 (a compile-time constant) disagrees with "
                     "scaleCount 64")) << m;
  m = Err(512, [](auto& d, auto& s, auto&, auto&, auto& t) {
    AscendC::AscendQuant<half, false, kCfgBigWork>(d, s, t, 1.0f, 0.0f, 64);
  });
  EXPECT_TRUE(Has(m, "AscendQuantConfig.workLocalSize 1024 exceeds the 512 bytes of "
                     "sharedTmpBuffer")) << m;
  // Clean twins: constants that agree.
  EXPECT_EQ(Err(512, [](auto& d, auto& s, auto&, auto&, auto& t) {
              AscendC::AscendQuant<half, false, kCfg64>(d, s, t, 1.0f, 0.0f, 64);
            }), "");
  EXPECT_EQ(Err(512, [](auto& d, auto& s, auto& sc, auto& of, auto& t) {
              AscendC::AscendQuant<half, false, kCfgCh>(d, s, t, sc, of, 32, 32, 64);
            }), "");
}

}  // namespace
}  // namespace aicore_test
