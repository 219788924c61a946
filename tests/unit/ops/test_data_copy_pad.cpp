// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// DataCopyPad (both directions, both parameter forms), atomic UB -> GM copies
// (SetAtomicAdd/Max/Min/None with DataCopy and DataCopyPad) and Fill, against
// byte-level scalar references, with random parameters; plus their checks.
#include <aicore/aicore.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <functional>
#include <optional>
#include <random>
#include <string>
#include <type_traits>
#include <vector>

using namespace AscendC;

namespace {

constexpr uint32_t kUbBytes = 64 * 1024;

template <class F>
std::optional<aicore::KernelError> Failing(F&& launch) {
  try {
    launch();
  } catch (const aicore::KernelError& e) {
    return e;
  }
  ADD_FAILURE() << "the launch raised no error";
  return std::nullopt;
}

template <class T>
T RandomValue(std::mt19937& rng) {
  if constexpr (std::is_floating_point_v<T> || std::is_same_v<T, half> || std::is_same_v<T, bfloat16_t>) {
    return static_cast<T>(std::uniform_real_distribution<float>(-100.0f, 100.0f)(rng));
  } else {
    return static_cast<T>(rng());
  }
}

// One random DataCopyPad case (sizes in elements/blocks as the API takes them).
struct PadCase {
  uint16_t count;
  uint32_t len;      // bytes
  uint32_t gmGap;    // bytes
  uint32_t ubGap;    // 32-byte blocks
  uint8_t left, right;
  bool isPad;
};

template <class T>
PadCase RandomCase(std::mt19937& rng) {
  PadCase c;
  c.count = static_cast<uint16_t>(1 + rng() % 6);
  c.len = static_cast<uint32_t>((1 + rng() % 70) * sizeof(T));
  // GM gaps are bytes: mostly whole elements, sometimes any byte count.
  c.gmGap = static_cast<uint32_t>(rng() % 4 == 0 ? rng() % 40 : (rng() % 20) * sizeof(T));
  c.ubGap = static_cast<uint32_t>(rng() % 4);
  const uint32_t maxPad = 32 / sizeof(T) - 1;
  c.left = static_cast<uint8_t>(rng() % (maxPad + 1));
  c.right = static_cast<uint8_t>(rng() % (maxPad + 1));
  c.isPad = rng() % 2 == 0;
  return c;
}

// Reference GM -> UB: per element of each burst's UB footprint.
template <class T>
void RefPadIn(std::vector<uint8_t>& ub, const std::vector<uint8_t>& gm, const PadCase& c, T value) {
  const size_t sz = sizeof(T);
  const size_t dataElems = c.len / sz;
  const size_t elems = c.left + dataElems + c.right;
  const size_t footprint = (elems * sz + 31) / 32 * 32;
  for (size_t i = 0; i < c.count; ++i) {
    const size_t ubBase = i * (footprint + c.ubGap * 32);
    const size_t gmBase = i * (c.len + c.gmGap);
    for (size_t e = 0; e < footprint / sz; ++e) {
      uint8_t* dst = &ub[ubBase + e * sz];
      if (e >= c.left && e < c.left + dataElems) {
        std::memcpy(dst, &gm[gmBase + (e - c.left) * sz], sz);
      } else if (c.isPad) {
        std::memcpy(dst, &value, sz);
      }
    }
  }
}

// Reference UB -> GM.
void RefPadOut(std::vector<uint8_t>& gm, const std::vector<uint8_t>& ub, uint16_t count, uint32_t len,
               uint32_t ubGapBlocks, uint32_t gmGapBytes) {
  const size_t ubStep = (len + 31) / 32 * 32 + ubGapBlocks * 32;
  for (size_t i = 0; i < count; ++i) {
    std::memcpy(&gm[i * (len + gmGapBytes)], &ub[i * ubStep], len);
  }
}

std::vector<uint8_t> RandomBytes(size_t n, std::mt19937& rng) {
  std::vector<uint8_t> v(n);
  for (auto& b : v) b = static_cast<uint8_t>(rng());
  return v;
}

// Runs body(ub tensor) in one block with a UB scratch prefilled from `ub`,
// and copies the scratch back to `ub` afterwards.
template <class T, class Body>
void InBlock(std::vector<uint8_t>& ub, Body body) {
  aicore::Launch(
      [&] {
        TPipe pipe;
        TBuf<> buf;
        pipe.InitBuffer(buf, kUbBytes);
        LocalTensor<T> t = buf.Get<T>();
        std::memcpy(t.GetPhyAddr(), ub.data(), kUbBytes);
        body(t);
        std::memcpy(ub.data(), t.GetPhyAddr(), kUbBytes);
      },
      1);
}

template <class T>
void RandomPadInTest(bool oldForm) {
  std::mt19937 rng(oldForm ? 11 : 12);
  for (int iter = 0; iter < 300; ++iter) {
    const PadCase c = RandomCase<T>(rng);
    const size_t gmBytes = (c.count - 1) * (c.len + c.gmGap) + c.len + 64;
    std::vector<uint8_t> gm = RandomBytes(gmBytes, rng);
    std::vector<uint8_t> ub = RandomBytes(kUbBytes, rng);
    std::vector<uint8_t> want = ub;
    const T value = RandomValue<T>(rng);
    RefPadIn<T>(want, gm, c, value);
    InBlock<T>(ub, [&](const LocalTensor<T>& t) {
      GlobalTensor<T> g;
      g.SetGlobalBuffer(reinterpret_cast<T*>(gm.data()), gmBytes / sizeof(T));
      if (oldForm) {
        uint64_t bits = 0;
        std::memcpy(&bits, &value, sizeof(T));
        DataCopyPad(t, g, DataCopyParams(c.count, static_cast<uint16_t>(c.len), static_cast<uint16_t>(c.gmGap),
                                         static_cast<uint16_t>(c.ubGap)),
                    DataCopyPadParams(c.isPad, c.left, c.right, bits));
      } else {
        DataCopyPad(t, g, DataCopyExtParams(c.count, c.len, c.gmGap, c.ubGap, 0),
                    DataCopyPadExtParams<T>(c.isPad, c.left, c.right, value));
      }
    });
    ASSERT_EQ(ub, want) << "iteration " << iter << ": count " << c.count << " len " << c.len << " gmGap "
                        << c.gmGap << " ubGap " << c.ubGap << " left " << int(c.left) << " right "
                        << int(c.right) << " isPad " << c.isPad;
  }
}

template <class T>
void RandomPadOutTest(bool oldForm) {
  std::mt19937 rng(oldForm ? 21 : 22);
  for (int iter = 0; iter < 300; ++iter) {
    const PadCase c = RandomCase<T>(rng);
    const size_t gmBytes = (c.count - 1) * (c.len + c.gmGap) + c.len + 64;
    std::vector<uint8_t> gm = RandomBytes(gmBytes, rng);
    std::vector<uint8_t> ub = RandomBytes(kUbBytes, rng);
    std::vector<uint8_t> want = gm;
    RefPadOut(want, ub, c.count, c.len, c.ubGap, c.gmGap);
    InBlock<T>(ub, [&](const LocalTensor<T>& t) {
      GlobalTensor<T> g;
      g.SetGlobalBuffer(reinterpret_cast<T*>(gm.data()), gmBytes / sizeof(T));
      if (oldForm) {
        DataCopyPad(g, t, DataCopyParams(c.count, static_cast<uint16_t>(c.len), static_cast<uint16_t>(c.ubGap),
                                         static_cast<uint16_t>(c.gmGap)));
      } else {
        DataCopyPad(g, t, DataCopyExtParams(c.count, c.len, c.ubGap, c.gmGap, 0));
      }
    });
    ASSERT_EQ(gm, want) << "iteration " << iter << ": count " << c.count << " len " << c.len << " gmGap "
                        << c.gmGap << " ubGap " << c.ubGap;
  }
}

TEST(DataCopyPad, GmToUbMatchesTheReference) {
  for (bool oldForm : {false, true}) {
    RandomPadInTest<half>(oldForm);
    RandomPadInTest<float>(oldForm);
    RandomPadInTest<int8_t>(oldForm);
    RandomPadInTest<int16_t>(oldForm);
    RandomPadInTest<uint32_t>(oldForm);
    RandomPadInTest<bfloat16_t>(oldForm);
  }
}

TEST(DataCopyPad, UbToGmMatchesTheReference) {
  for (bool oldForm : {false, true}) {
    RandomPadOutTest<half>(oldForm);
    RandomPadOutTest<float>(oldForm);
    RandomPadOutTest<int8_t>(oldForm);
    RandomPadOutTest<int32_t>(oldForm);
    RandomPadOutTest<double>(oldForm);
  }
}

// A worked example of the units: 3 bursts of 5 halves (10 bytes), GM gap 6
// bytes (3 halves), UB gap 1 block, 2 halves of left padding with value 7.
TEST(DataCopyPad, WorkedExample) {
  std::vector<half> gm(64);
  for (int i = 0; i < 64; ++i) gm[i] = static_cast<half>(i);
  std::vector<uint8_t> ub(kUbBytes, 0);
  InBlock<half>(ub, [&](const LocalTensor<half>& t) {
    GlobalTensor<half> g;
    g.SetGlobalBuffer(gm.data(), 64);
    DataCopyPad(t, g, DataCopyExtParams(3, 10, 6, 1, 0), DataCopyPadExtParams<half>(true, 2, 0, half(7)));
  });
  const auto* u = reinterpret_cast<const half*>(ub.data());
  // Burst footprint: (2 + 5) halves = 14 bytes -> 32 bytes; step 32 + 32 = 64 bytes = 32 halves.
  for (int i = 0; i < 3; ++i) {
    const half* b = u + 32 * i;
    EXPECT_EQ(float(b[0]), 7.0f);
    EXPECT_EQ(float(b[1]), 7.0f);
    for (int e = 0; e < 5; ++e) EXPECT_EQ(float(b[2 + e]), float(8 * i + e)) << "burst " << i;
    for (int e = 7; e < 16; ++e) EXPECT_EQ(float(b[e]), 7.0f);
    for (int e = 16; e < 32; ++e) EXPECT_EQ(float(b[e]), 0.0f) << "UB gap must be untouched";
  }
}

// SetPadValue: without isPad the padding takes the register's value (the
// reference's example: 20 halves, 12 of right padding, value 1); without
// SetPadValue it keeps what UB held; isPad's own value wins.
TEST(DataCopyPad, SetPadValueFillsWhenIsPadIsFalse) {
  std::vector<half> gm(64);
  for (int i = 0; i < 64; ++i) gm[i] = static_cast<half>(i + 1);
  for (int mode = 0; mode < 3; ++mode) {
    std::vector<uint8_t> ub(kUbBytes, 0);
    InBlock<half>(ub, [&](const LocalTensor<half>& t) {
      GlobalTensor<half> g;
      g.SetGlobalBuffer(gm.data(), 64);
      if (mode != 0) SetPadValue(half(1));
      DataCopyPad(t, g, DataCopyExtParams(1, 20 * sizeof(half), 0, 0, 0),
                  DataCopyPadExtParams<half>(mode == 2, 0, 12, half(5)));
    });
    const auto* u = reinterpret_cast<const half*>(ub.data());
    for (int e = 0; e < 20; ++e) EXPECT_EQ(float(u[e]), float(e + 1));
    const float pad = mode == 0 ? 0.0f : (mode == 1 ? 1.0f : 5.0f);
    for (int e = 20; e < 32; ++e) EXPECT_EQ(float(u[e]), pad) << "mode " << mode << " element " << e;
  }
}

// A four-value brace list is a DataCopyParams (the vendor's DataCopyExtParams
// constructor takes five), so this call of ops-math's kl_div_v2 is not
// ambiguous: one burst of 4 bytes from UB to GM.
TEST(DataCopyPad, FourValueBraceListIsDataCopyParams) {
  std::vector<float> gm(8, -1.0f);
  std::vector<uint8_t> ub(kUbBytes, 0);
  reinterpret_cast<float*>(ub.data())[0] = 2.5f;
  reinterpret_cast<float*>(ub.data())[1] = 3.5f;
  InBlock<float>(ub, [&](const LocalTensor<float>& t) {
    GlobalTensor<float> g;
    g.SetGlobalBuffer(gm.data(), 8);
    DataCopyPad(g[1], t, {1, static_cast<uint16_t>(sizeof(float)), 0, 0});
  });
  EXPECT_EQ(gm[0], -1.0f);
  EXPECT_EQ(gm[1], 2.5f);
  EXPECT_EQ(gm[2], -1.0f);
}

TEST(DataCopyPad, ChecksItsParameters) {
  std::vector<float> gm(256);
  struct Case {
    const char* name;
    std::function<void(const LocalTensor<float>&, const GlobalTensor<float>&)> call;
    aicore::ErrorKind kind;
    const char* fragment;
  };
  const Case cases[] = {
      {"count 0", [](auto& t, auto& g) { DataCopyPad(t, g, DataCopyExtParams(0, 4, 0, 0, 0), DataCopyPadExtParams<float>()); },
       aicore::ErrorKind::kParameter, "blockCount must be in [1, 4095]"},
      {"len 0", [](auto& t, auto& g) { DataCopyPad(g, t, DataCopyExtParams(1, 0, 0, 0, 0)); },
       aicore::ErrorKind::kParameter, "blockLen must be a positive multiple"},
      {"len 6", [](auto& t, auto& g) { DataCopyPad(g, t, DataCopyExtParams(1, 6, 0, 0, 0)); },
       aicore::ErrorKind::kParameter, "blockLen must be a positive multiple"},
      {"pad 32 B", [](auto& t, auto& g) { DataCopyPad(t, g, DataCopyExtParams(1, 4, 0, 0, 0), DataCopyPadExtParams<float>(true, 8, 0, 0.0f)); },
       aicore::ErrorKind::kParameter, "each padding side must be under 32 bytes"},
      {"gm overrun", [](auto& t, auto& g) { DataCopyPad(t, g, DataCopyExtParams(2, 512, 100, 0, 0), DataCopyPadExtParams<float>()); },
       aicore::ErrorKind::kBounds, "overruns the GlobalTensor"},
      {"ub overrun", [](auto& t, auto& g) { DataCopyPad(g, t[8], DataCopyExtParams(1, 1056, 0, 0, 0)); },
       aicore::ErrorKind::kBounds, "past the end"},
      {"misaligned ub", [](auto& t, auto& g) { DataCopyPad(t[1], g, DataCopyExtParams(1, 4, 0, 0, 0), DataCopyPadExtParams<float>()); },
       aicore::ErrorKind::kAlignment, "not 32-byte aligned"},
      {"old pad value too big", [](auto& t, auto& g) { DataCopyPad(t, g, DataCopyParams(1, 4, 0, 0), DataCopyPadParams(true, 1, 0, 1ULL << 32)); },
       aicore::ErrorKind::kParameter, "does not fit in the 4 bytes"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    auto e = Failing([&] {
      aicore::Launch(
          [&] {
            TPipe pipe;
            TBuf<> buf;
            pipe.InitBuffer(buf, 1024 + 32);  // 264 floats
            GlobalTensor<float> g;
            g.SetGlobalBuffer(gm.data(), 256);
            c.call(buf.Get<float>(), g);
          },
          1);
    });
    if (!e) continue;
    EXPECT_EQ(e->kind(), c.kind) << e->what();
    EXPECT_EQ(e->api(), "DataCopyPad");
    EXPECT_NE(std::string(e->what()).find(c.fragment), std::string::npos) << e->what();
  }
}

// ---------------------------------------------------------------------------
// Atomics.

// Values whose sums are exact in T whatever the order (small integers).
template <class T>
T SmallInt(std::mt19937& rng) {
  return static_cast<T>(static_cast<int>(rng() % 17) - 8);
}

// Reference of one atomic combine: T's arithmetic (half/bfloat16_t: in float,
// rounded once), integers wrapping.
template <class T>
T Combined(T a, T b, aicore::detail::AtomicOp op) {
  using Op = aicore::detail::AtomicOp;
  if (op == Op::kMax) return b > a ? b : a;
  if (op == Op::kMin) return b < a ? b : a;
  if constexpr (std::is_integral_v<T>) {
    using U = std::make_unsigned_t<T>;
    return static_cast<T>(static_cast<U>(static_cast<U>(a) + static_cast<U>(b)));
  } else {
    return static_cast<T>(static_cast<float>(a) + static_cast<float>(b));
  }
}

enum class Via { kCount, kParams, kPad };

// `blocks` blocks each combine their own random vector (element offset
// `offset`, `n` elements) into the same GM region, `reps` times.
template <class T>
void AtomicTest(aicore::detail::AtomicOp op, Via via, uint32_t blocks, uint32_t reps) {
  std::mt19937 rng(static_cast<uint32_t>(sizeof(T) * 100 + static_cast<int>(op) * 10 + static_cast<int>(via)));
  constexpr uint32_t kPerBlock = 32 / sizeof(T);
  const uint32_t n = via == Via::kPad ? 1 + rng() % 700 : kPerBlock * (1 + rng() % 40);
  const uint32_t offset = via == Via::kPad ? rng() % 9 : kPerBlock * (rng() % 3);
  std::vector<T> gm(offset + n + 16), init(gm.size());
  for (auto& v : init) v = SmallInt<T>(rng);
  gm = init;
  std::vector<std::vector<T>> src(blocks, std::vector<T>(n));
  for (auto& s : src) {
    for (auto& v : s) v = SmallInt<T>(rng);
  }
  std::vector<T> want = init;
  for (uint32_t b = 0; b < blocks; ++b) {
    for (uint32_t r = 0; r < reps; ++r) {
      for (uint32_t i = 0; i < n; ++i) want[offset + i] = Combined(want[offset + i], src[b][i], op);
    }
  }
  aicore::Launch(
      [&] {
        const auto b = static_cast<uint32_t>(GetBlockIdx());
        TPipe pipe;
        TBuf<> buf;
        pipe.InitBuffer(buf, (n * sizeof(T) + 31) / 32 * 32);
        LocalTensor<T> t = buf.Get<T>();
        std::memcpy(t.GetPhyAddr(), src[b].data(), n * sizeof(T));
        GlobalTensor<T> g;
        g.SetGlobalBuffer(gm.data() + offset, n);
        if (op == aicore::detail::AtomicOp::kAdd) SetAtomicAdd<T>();
        if (op == aicore::detail::AtomicOp::kMax) SetAtomicMax<T>();
        if (op == aicore::detail::AtomicOp::kMin) SetAtomicMin<T>();
        for (uint32_t r = 0; r < reps; ++r) {
          if (via == Via::kCount) {
            DataCopy(g, t, n);
          } else if (via == Via::kParams) {
            // Two bursts with gaps of zero: the same n elements.
            const auto half_blocks = static_cast<uint16_t>(n / kPerBlock / 2);
            if (half_blocks == 0) {
              DataCopy(g, t, DataCopyParams(1, static_cast<uint16_t>(n / kPerBlock), 0, 0));
            } else {
              DataCopy(g, t, DataCopyParams(2, half_blocks, 0, 0));
              const uint32_t done = 2u * half_blocks * kPerBlock;
              if (done < n) DataCopy(g[done], t[done], n - done);
            }
          } else {
            DataCopyPad(g, t, DataCopyExtParams(1, n * sizeof(T), 0, 0, 0));
          }
        }
        SetAtomicNone();
      },
      blocks);
  for (size_t i = 0; i < gm.size(); ++i) {
    ASSERT_EQ(static_cast<double>(gm[i]), static_cast<double>(want[i]))
        << aicore::detail::TypeName<T>() << " op " << static_cast<int>(op) << " via " << static_cast<int>(via)
        << " element " << i << " (region [" << offset << ", " << offset + n << "))";
  }
}

TEST(Atomic, ConcurrentBlocksCombineExactly) {
  using Op = aicore::detail::AtomicOp;
  for (uint32_t threads : {1u, 4u}) {
    aicore::SetNumThreads(threads);
    for (Op op : {Op::kAdd, Op::kMax, Op::kMin}) {
      for (Via via : {Via::kCount, Via::kParams, Via::kPad}) {
        AtomicTest<float>(op, via, 8, 3);
        AtomicTest<half>(op, via, 8, 3);
        AtomicTest<int32_t>(op, via, 8, 3);
        AtomicTest<int16_t>(op, via, 8, 3);
        AtomicTest<bfloat16_t>(op, via, 4, 2);
        AtomicTest<int8_t>(op, via, 4, 2);
      }
    }
  }
  aicore::SetNumThreads(0);
}

// Blocks start together (SyncAll) and combine into one region thousands of
// times: without atomicity, updates are lost.
TEST(Atomic, ManyBlocksHammerOneRegion) {
  aicore::SetNumThreads(4);
  constexpr uint32_t kN = 1024, kBlocks = 8, kReps = 5000;
  std::vector<float> gm(kN, 0.0f);
  std::vector<int32_t> gi(kN, 0);
  aicore::LaunchCooperative(
      "hammer",
      [&] {
        TPipe pipe;
        TBuf<> bf, bi;
        pipe.InitBuffer(bf, kN * 4);
        pipe.InitBuffer(bi, kN * 4);
        Duplicate(bf.Get<float>(), 1.0f, kN);
        Duplicate(bi.Get<int32_t>(), 1, kN);
        SyncAll();
        GlobalTensor<float> g;
        g.SetGlobalBuffer(gm.data(), kN);
        GlobalTensor<int32_t> h;
        h.SetGlobalBuffer(gi.data(), kN);
        for (uint32_t r = 0; r < kReps; ++r) {
          SetAtomicAdd<float>();
          DataCopy(g, bf.Get<float>(), kN);
          SetAtomicAdd<int32_t>();
          DataCopyPad(h[1], bi.Get<int32_t>(), DataCopyExtParams(1, (kN - 1) * 4, 0, 0, 0));
        }
        SetAtomicNone();
      },
      kBlocks);
  for (uint32_t i = 0; i < kN; ++i) {
    ASSERT_EQ(gm[i], float(kBlocks * kReps)) << i;
    ASSERT_EQ(gi[i], i == 0 ? 0 : int32_t(kBlocks * kReps)) << i;
  }
  aicore::SetNumThreads(0);
}

// The SIMD combine rounds like the scalar reference, bit for bit.
template <class T>
void CombineMatchesScalar() {
  using Op = aicore::detail::AtomicOp;
  std::mt19937 rng(5);
  for (Op op : {Op::kAdd, Op::kMax, Op::kMin}) {
    for (uint32_t n : {1u, 7u, 64u, 1000u}) {
      std::vector<T> g(n), u(n);
      for (auto& v : g) v = RandomValue<T>(rng);
      for (auto& v : u) v = RandomValue<T>(rng);
      std::vector<T> want(n);
      for (uint32_t i = 0; i < n; ++i) want[i] = Combined(g[i], u[i], op);
      aicore::detail::CombineRange(g.data(), u.data(), n, op);
      ASSERT_EQ(std::memcmp(g.data(), want.data(), n * sizeof(T)), 0) << aicore::detail::TypeName<T>();
    }
  }
}

TEST(Atomic, SimdCombineMatchesTheScalarReference) {
  CombineMatchesScalar<half>();
  CombineMatchesScalar<bfloat16_t>();
  CombineMatchesScalar<float>();
  CombineMatchesScalar<int16_t>();
  CombineMatchesScalar<int32_t>();
  CombineMatchesScalar<int8_t>();
}

TEST(Atomic, ModeIsPerBlockAndResetAtBlockStart) {
  std::vector<float> gm(8, 5.0f);
  auto launch = [&](bool setAdd) {
    aicore::Launch(
        [&] {
          TPipe pipe;
          TBuf<> buf;
          pipe.InitBuffer(buf, 32);
          Duplicate(buf.Get<float>(), 1.0f, 8);
          GlobalTensor<float> g;
          g.SetGlobalBuffer(gm.data(), 8);
          if (setAdd) SetAtomicAdd<float>();  // never reset by the kernel
          DataCopy(g, buf.Get<float>(), 8);
        },
        1);
  };
  launch(true);
  EXPECT_EQ(gm[0], 6.0f);
  launch(false);  // a new block starts with the atomic mode off
  EXPECT_EQ(gm[0], 1.0f);
}

// DisableDmaAtomic, the newer name of SetAtomicNone: the copies store again.
TEST(Atomic, DisableDmaAtomicEndsTheMode) {
  std::vector<float> gm(16, 5.0f);
  aicore::Launch(
      [&] {
        TPipe pipe;
        TBuf<> buf;
        pipe.InitBuffer(buf, 32);
        Duplicate(buf.Get<float>(), 1.0f, 8);
        GlobalTensor<float> g;
        g.SetGlobalBuffer(gm.data(), 16);
        SetAtomicAdd<float>();
        DataCopy(g, buf.Get<float>(), 8);     // 6
        DataCopy(g, buf.Get<float>(), 8);     // 7
        DataCopy(g[8], buf.Get<float>(), 8);  // 6
        DisableDmaAtomic();
        DataCopy(g[8], buf.Get<float>(), 8);  // stores 1 over the upper half
      },
      1);
  EXPECT_EQ(gm[0], 7.0f);
  EXPECT_EQ(gm[8], 1.0f);
}

TEST(Atomic, TypeMismatchIsReported) {
  std::vector<half> gm(16);
  auto e = Failing([&] {
    aicore::Launch(
        [&] {
          TPipe pipe;
          TBuf<> buf;
          pipe.InitBuffer(buf, 32);
          GlobalTensor<half> g;
          g.SetGlobalBuffer(gm.data(), 16);
          SetAtomicAdd<float>();
          DataCopy(g, buf.Get<half>(), 16);
        },
        1);
  });
  ASSERT_TRUE(e);
  EXPECT_EQ(e->kind(), aicore::ErrorKind::kParameter);
  EXPECT_NE(std::string(e->what()).find("the atomic mode is SetAtomicAdd<float> but the copy moves half elements"),
            std::string::npos)
      << e->what();
}

// A type without atomics compiles (public kernels instantiate SetAtomicAdd<T>
// for every T of their dispatch) and fails when the call runs, as the
// vendor's assert does; so does an atomic copy of such a type.
TEST(Atomic, TypeWithoutAtomicsFailsWhenCalled) {
  std::vector<uint8_t> gm(32, 1);
  auto kernel = [&](bool taken) {
    TPipe pipe;
    TBuf<> buf;
    pipe.InitBuffer(buf, 32);
    for (int i = 0; i < 32; ++i) buf.Get<uint8_t>().SetValue(i, uint8_t{7});
    GlobalTensor<uint8_t> g;
    g.SetGlobalBuffer(gm.data(), 32);
    if (taken) SetAtomicAdd<uint8_t>();
    DataCopy(g, buf.Get<uint8_t>(), 32);  // a plain copy when not taken
  };
  aicore::Launch([&] { kernel(false); }, 1);
  EXPECT_EQ(gm, std::vector<uint8_t>(32, 7));
  auto e = Failing([&] { aicore::Launch([&] { kernel(true); }, 1); });
  ASSERT_TRUE(e);
  EXPECT_EQ(e->kind(), aicore::ErrorKind::kParameter);
  EXPECT_EQ(e->api(), std::string("SetAtomicAdd"));
  EXPECT_NE(std::string(e->what()).find("SetAtomicAdd<uint8_t>: the atomic UB -> GM copies support half"),
            std::string::npos)
      << e->what();
  // int4b_t data copied to GM under an atomic mode: the type mismatch error.
  std::vector<uint8_t> packed(32);
  e = Failing([&] {
    aicore::Launch(
        [&] {
          TPipe pipe;
          TBuf<> buf;
          pipe.InitBuffer(buf, 32);
          GlobalTensor<int4b_t> g;
          g.SetGlobalBuffer(reinterpret_cast<int4b_t*>(packed.data()), 64);
          SetAtomicAdd<int8_t>();
          DataCopy(g, buf.Get<int4b_t>(), 32);
        },
        1);
  });
  ASSERT_TRUE(e);
  EXPECT_NE(std::string(e->what()).find("the atomic mode is SetAtomicAdd<int8_t> but the copy moves int4b_t"),
            std::string::npos)
      << e->what();
}

TEST(Fill, FillsExactlyTheRange) {
  std::mt19937 rng(3);
  for (int iter = 0; iter < 50; ++iter) {
    const uint32_t n = 1 + rng() % 500, off = rng() % 7;
    std::vector<half> gm(n + off + 8, half(-1.0f));
    const float value = static_cast<float>(rng() % 100);
    const bool init = iter % 2 == 0;
    aicore::Launch(
        [&] {
          GlobalTensor<half> g;
          g.SetGlobalBuffer(gm.data() + off, n);
          if (init) {
            InitGlobalMemory(g, n, value);
          } else {
            Fill(g, n, value);
          }
        },
        1);
    for (size_t i = 0; i < gm.size(); ++i) {
      ASSERT_EQ(float(gm[i]), (i >= off && i < off + n) ? value : -1.0f) << i;
    }
  }
  // On a cube block both do nothing (the vendor's return there; the
  // vendor's matmul_splitk sample calls Fill in a cube-only kernel).
  for (bool init : {false, true}) {
    std::vector<float> c(8, 5.0f);
    aicore::detail::LaunchConfig cfg;
    cfg.geom = aicore::detail::Geometry::kAIC;
    aicore::detail::LaunchWith(cfg, aicore::SrcLoc::Current(), "fill_on_cube", [&] {
      GlobalTensor<float> g;
      g.SetGlobalBuffer(c.data(), 8);
      if (init) {
        InitGlobalMemory(g, 8, 0.0f);
      } else {
        Fill(g, 8, 0.0f);
      }
    }, 2);
    for (float v : c) EXPECT_EQ(v, 5.0f) << (init ? "InitGlobalMemory" : "Fill");
  }
  std::vector<float> small(8);
  auto e = Failing([&] {
    aicore::Launch(
        [&] {
          GlobalTensor<float> g;
          g.SetGlobalBuffer(small.data(), 8);
          Fill(g, 9, 0.0f);
        },
        1);
  });
  ASSERT_TRUE(e);
  EXPECT_EQ(e->kind(), aicore::ErrorKind::kBounds);
  EXPECT_EQ(e->api(), "Fill");
}

// ---------------------------------------------------------------------------
// DataCopy with SliceInfo, against a reference that walks the documented
// description element by element: the outer dimensions' indices (dimension 1
// fastest), each run of dimension 0 (burstLen * 32 bytes), paired in order
// between source and destination.

struct SliceCase {
  uint32_t dims;
  SliceInfo src[3], dst[3];
};

// A side of a random case: `runs` runs of `unit` elements (dimension 0) or
// of 1 (others), `stride` apart, from `start`, in a dimension of `shape`.
SliceInfo MakeSlice(uint32_t start, uint32_t runs, uint32_t unitElems, uint32_t stride, uint32_t burstLen,
                    uint32_t extra) {
  const uint32_t span = (runs - 1) * stride + runs * unitElems;
  return SliceInfo(start, start + span - 1, stride, burstLen, start + span + extra);
}

template <class T>
SliceCase RandomSliceCase(std::mt19937& rng, bool ubIsDst) {
  SliceCase c;
  c.dims = 1 + rng() % 3;
  const uint32_t c0 = 32 / sizeof(T);
  for (uint32_t i = 0; i < c.dims; ++i) {
    // (startIndex < endIndex: an outer dimension takes at least two indices)
    const uint32_t runs = i == 0 ? 1 + rng() % 3 : 2 + rng() % 2;
    const uint32_t burst = i == 0 ? 1 + rng() % 2 : 1;
    const uint32_t unit = i == 0 ? burst * c0 : 1;
    auto stride = [&](bool ub) -> uint32_t {
      if (i == 0 && ub) return (rng() % 3) * c0;           // whole 32-byte blocks in UB
      return static_cast<uint32_t>(rng() % (i == 0 ? 13 : 3));  // any element count in GM
    };
    const bool ubSrc = !ubIsDst;
    c.src[i] = MakeSlice(rng() % 5, runs, unit, stride(ubSrc), burst, rng() % 4);
    c.dst[i] = MakeSlice(i == 0 ? (ubIsDst ? (rng() % 3) * c0 : rng() % 5) : rng() % 3, runs, unit,
                         stride(ubIsDst), burst, rng() % 4);
    if (i == 0 && !ubIsDst) c.src[i] = MakeSlice((rng() % 3) * c0, runs, unit, stride(true), burst, rng() % 4);
    // The UB side's rows start 32-byte aligned: its innermost shape is whole blocks.
    SliceInfo& u = ubIsDst ? c.dst[i] : c.src[i];
    if (i == 0) u.shapeValue = (u.shapeValue + c0 - 1) / c0 * c0;
  }
  return c;
}

uint64_t SliceElems(const SliceInfo* s, uint32_t dims) {
  uint64_t n = 1;
  for (uint32_t i = 0; i < dims; ++i) n *= s[i].shapeValue;
  return n;
}

// Element offsets of every copied element of one side, in copy order.
std::vector<uint64_t> SliceOffsets(const SliceInfo* s, uint32_t dims, uint32_t c0) {
  std::vector<uint64_t> out;
  std::vector<uint64_t> below(dims, 1);
  for (uint32_t i = 1; i < dims; ++i) below[i] = below[i - 1] * s[i - 1].shapeValue;
  std::vector<std::vector<uint64_t>> idx(dims);
  for (uint32_t i = 1; i < dims; ++i) {
    for (uint64_t k = s[i].startIndex; k <= s[i].endIndex; k += s[i].stride + 1) idx[i].push_back(k);
  }
  std::vector<size_t> at(dims, 0);
  const uint32_t unit = s[0].burstLen * c0;
  for (;;) {
    uint64_t base = 0;
    for (uint32_t i = 1; i < dims; ++i) base += idx[i][at[i]] * below[i];
    for (uint64_t r = s[0].startIndex; r + unit - 1 <= s[0].endIndex; r += unit + s[0].stride) {
      for (uint32_t e = 0; e < unit; ++e) out.push_back(base + r + e);
    }
    uint32_t d = 1;
    while (d < dims && ++at[d] == idx[d].size()) at[d++] = 0;
    if (d >= dims) break;
  }
  return out;
}

template <class T>
void RandomSliceTest(bool toUb) {
  std::mt19937 rng(toUb ? 31 : 32);
  const uint32_t c0 = 32 / sizeof(T);
  for (int iter = 0; iter < 200; ++iter) {
    const SliceCase c = RandomSliceCase<T>(rng, toUb);
    const SliceInfo* gmInfo = toUb ? c.src : c.dst;
    const uint64_t gmElems = SliceElems(gmInfo, c.dims);
    std::vector<uint8_t> gm = RandomBytes(gmElems * sizeof(T), rng);
    std::vector<uint8_t> ub = RandomBytes(kUbBytes, rng);
    std::vector<uint8_t>& to = toUb ? ub : gm;
    const std::vector<uint8_t>& from = toUb ? gm : ub;
    std::vector<uint8_t> want = to;
    const std::vector<uint64_t> so = SliceOffsets(c.src, c.dims, c0), dof = SliceOffsets(c.dst, c.dims, c0);
    ASSERT_EQ(so.size(), dof.size());
    for (size_t k = 0; k < so.size(); ++k) std::memcpy(&want[dof[k] * sizeof(T)], &from[so[k] * sizeof(T)], sizeof(T));
    InBlock<T>(ub, [&](const LocalTensor<T>& t) {
      GlobalTensor<T> g;
      g.SetGlobalBuffer(reinterpret_cast<T*>(gm.data()), gmElems);
      if (toUb) {
        DataCopy(t, g, c.dst, c.src, c.dims);
      } else {
        DataCopy(g, t, c.dst, c.src, c.dims);
      }
    });
    ASSERT_EQ(to, want) << "iteration " << iter << ", " << c.dims << " dimensions, " << so.size() << " elements";
  }
}

TEST(DataCopySlice, GmToUbMatchesTheReference) {
  RandomSliceTest<float>(true);
  RandomSliceTest<half>(true);
  RandomSliceTest<int8_t>(true);
  RandomSliceTest<uint32_t>(true);
}

TEST(DataCopySlice, UbToGmMatchesTheReference) {
  RandomSliceTest<float>(false);
  RandomSliceTest<bfloat16_t>(false);
  RandomSliceTest<uint8_t>(false);
  RandomSliceTest<int16_t>(false);
}

// The reference's worked example (a 3 x 87 float source, rows 0 and 2,
// columns 16..39 and 47..70, into 2 x 48), the shapes also taken from the
// tensors' ShapeInfo (shapeValue 0).
TEST(DataCopySlice, WorkedExampleAndShapeInfo) {
  std::vector<float> x(3 * 87), z(2 * 48, -1.0f);
  for (size_t i = 0; i < x.size(); ++i) x[i] = static_cast<float>(i) + 0.5f;
  for (bool fromShapeInfo : {false, true}) {
    std::fill(z.begin(), z.end(), -1.0f);
    aicore::Launch(
        [&] {
          SliceInfo src[] = {{16, 70, 7, 3, 87}, {0, 2, 1, 1, 3}};
          SliceInfo dst[] = {{0, 47, 0, 3, 48}, {0, 1, 0, 1, 2}};
          GlobalTensor<float> xg, zg;
          xg.SetGlobalBuffer(x.data(), x.size());
          zg.SetGlobalBuffer(z.data(), z.size());
          TPipe pipe;
          TBuf<> buf;
          pipe.InitBuffer(buf, 96 * sizeof(float));
          LocalTensor<float> t = buf.Get<float>();
          if (fromShapeInfo) {
            for (auto* s : {src, dst}) s[0].shapeValue = s[1].shapeValue = 0;
            const uint32_t xs[] = {87, 3}, ts[] = {48, 2};
            xg.SetShapeInfo(ShapeInfo(2, xs));
            t.SetShapeInfo(ShapeInfo(2, ts));
            zg.SetShapeInfo(ShapeInfo(2, ts));
          }
          DataCopy(t, xg, dst, src, 2);
          DataCopy(zg, t, dst, dst, 2);
        },
        1);
    for (int r = 0; r < 2; ++r) {
      for (int c = 0; c < 48; ++c) {
        ASSERT_EQ(z[r * 48 + c], x[r * 2 * 87 + (c < 24 ? 16 + c : 47 + c - 24)]) << r << ", " << c;
      }
    }
  }
}

TEST(DataCopySlice, ChecksItsParameters) {
  std::vector<float> x(3 * 87, 1.0f);
  auto run = [&](std::vector<SliceInfo> src, std::vector<SliceInfo> dst, uint32_t dims, size_t gmElems = 3 * 87) {
    aicore::Launch(
        [&] {
          GlobalTensor<float> xg;
          xg.SetGlobalBuffer(x.data(), gmElems);
          TPipe pipe;
          TBuf<> buf;
          pipe.InitBuffer(buf, 96 * sizeof(float));
          LocalTensor<float> t = buf.Get<float>();
          DataCopy(t, xg, dst.data(), src.data(), dims);
        },
        1);
  };
  const std::vector<SliceInfo> src = {{16, 70, 7, 3, 87}, {0, 2, 1, 1, 3}};
  const std::vector<SliceInfo> dst = {{0, 47, 0, 3, 48}, {0, 1, 0, 1, 2}};
  struct Bad {
    std::vector<SliceInfo> src, dst;
    uint32_t dims;
    size_t gm;
    const char* want;
  };
  const Bad bad[] = {
      {src, dst, 0, 261, "dimValue 0 is outside [1, 8]"},
      {{{16, 71, 7, 3, 87}, src[1]}, dst, 2, 261,
       "srcSliceInfo[0] {startIndex 16, endIndex 71, stride 7, burstLen 3, shapeValue 87}: endIndex - startIndex + "
       "1 = 56 is not (N - 1) * stride + N * burstLen * 32 / sizeof(T) (24 elements per run) for a whole N"},
      {src, {{0, 47, 0, 2, 48}, dst[1]}, 2, 261, "burstLen differs from srcSliceInfo[0].burstLen 3"},
      {src, {{0, 23, 0, 3, 48}, dst[1]}, 2, 261, "holds 1 runs, srcSliceInfo[0] 2 (the runs are paired in order)"},
      {{{16, 70, 7, 3, 60}, src[1]}, dst, 2, 261, "needs startIndex < endIndex <= the dimension's shape 60"},
      {{src[0], {0, 2, 1, 2, 3}}, {dst[0], {0, 1, 0, 2, 2}}, 2, 261,
       "burstLen must be 1 in every dimension but the first"},
      {src, dst, 2, 200, "DataCopy"},  // the GM tensor is too short for row 2
  };
  for (const Bad& b : bad) {
    SCOPED_TRACE(b.want);
    auto e = Failing([&] { run(b.src, b.dst, b.dims, b.gm); });
    ASSERT_TRUE(e);
    EXPECT_EQ(e->api(), "DataCopy");
    EXPECT_NE(std::string(e->what()).find(b.want), std::string::npos) << e->what();
  }
  // A UB-side stride of 3 floats (12 bytes) cannot start each run 32-byte aligned.
  auto e = Failing([&] {
    run({{0, 50, 3, 3, 87}, src[1]}, {{0, 50, 3, 3, 60}, dst[1]}, 2);
  });
  ASSERT_TRUE(e);
  EXPECT_NE(std::string(e->what()).find("the UB side's stride is 12 bytes, not a multiple of 32"), std::string::npos)
      << e->what();
  // The clean twin.
  EXPECT_NO_THROW(run(src, dst, 2));
}

}  // namespace
