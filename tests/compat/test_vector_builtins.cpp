// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// The raw vector builtins kernels call directly (vcmax/vcmin with Order_t,
// vreducev2 + get_rsvd_cnt, vgather) against scalar models, with the UB
// address spellings a CPU-run kernel produces; __tiling_data_ptr__. Bad
// arguments give a KernelError naming the builtin.
#include "kernel_operator.h"
#include "tikicpulib.h"
#include "impl/dav_c220/kernel_operator_reg_others_impl.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <functional>
#include <random>
#include <string>
#include <vector>

using namespace AscendC;

namespace {

template <class F>
void OnCore(F&& f) {
  aicore::LaunchNamed("test_vector_builtins", std::forward<F>(f), 1);
}

template <class F>
std::string ErrorOf(F&& f) {
  try {
    OnCore(std::forward<F>(f));
  } catch (const aicore::KernelError& e) {
    return e.what();
  }
  return "";
}

bool Contains(const std::string& s, const std::string& part) {
  return s.find(part) != std::string::npos;
}

template <class T>
uint32_t BitsOf(T v) {
  if constexpr (sizeof(T) == 2) {
    uint16_t b;
    std::memcpy(&b, &v, 2);
    return b;
  } else {
    uint32_t b;
    std::memcpy(&b, &v, 4);
    return b;
  }
}

// ---------------------------------------------------------------------------
// vcmax / vcmin: one (value, index) per repeat of the lanes the mask register
// enables; the first lane wins ties. Model: the layouts of WholeReduceMax/Min
// (ops/reduce.h) with dstRepStride s: VALUE_INDEX dst[2rs] = value,
// dst[2rs + 1] = index; INDEX_VALUE swapped; ONLY_VALUE dst[rs] = value;
// ONLY_INDEX dst as uint32_t [rs] = index.

template <class T, bool kMax>
void CheckWholeExtreme(Order_t order, uint32_t seed) {
  constexpr uint32_t kLanes = 256 / sizeof(T);
  constexpr uint32_t kRepeats = 5, kDstRep = 3;
  std::mt19937 rng(seed);
  std::uniform_int_distribution<int> pick(-40, 40);  // ties on purpose
  std::vector<float> in(kRepeats * kLanes);
  for (auto& v : in) v = static_cast<float>(pick(rng)) * 0.25f;
  const uint64_t lo = (uint64_t{rng()} << 32) | rng() | 1, hi = sizeof(T) == 2 ? ((uint64_t{rng()} << 32) | rng()) : 0;
  std::vector<uint32_t> got(kRepeats * kDstRep * 2 * sizeof(T) / 4 + 8, 0xDEADBEEFu);
  OnCore([&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> sb, db;
    pipe.InitBuffer(sb, kRepeats * 256);
    pipe.InitBuffer(db, static_cast<uint32_t>(got.size() * 4));
    const LocalTensor<T> src = sb.Get<T>();
    const LocalTensor<uint32_t> dst = db.Get<uint32_t>();
    for (uint32_t i = 0; i < in.size(); ++i) src.SetValue(i, static_cast<T>(in[i]));
    for (uint32_t i = 0; i < got.size(); ++i) dst.SetValue(i, 0xDEADBEEFu);
    set_mask_norm();
    set_vector_mask(hi, lo);
    __ubuf__ T* d = reinterpret_cast<__ubuf__ T*>(dst.GetPhyAddr());
    if constexpr (kMax) {
      vcmax(d, src.GetPhyAddr(), kRepeats, kDstRep, 1, 8, order);
    } else {
      vcmin(d, src.GetPhyAddr(), kRepeats, kDstRep, 1, 8, order);
    }
    for (uint32_t i = 0; i < got.size(); ++i) got[i] = dst.GetValue(i);
  });
  // The model, on the same bytes.
  std::vector<uint8_t> want(got.size() * 4);
  std::memcpy(want.data(), std::vector<uint32_t>(got.size(), 0xDEADBEEFu).data(), want.size());
  auto put = [&](size_t elem, uint32_t bits) {  // element of T (or uint32 for ONLY_INDEX)
    std::memcpy(want.data() + elem * sizeof(T), &bits, sizeof(T));
  };
  for (uint32_t r = 0; r < kRepeats; ++r) {
    int best = -1;
    for (uint32_t l = 0; l < kLanes; ++l) {
      const bool on = ((l < 64 ? lo >> l : hi >> (l - 64)) & 1) != 0;
      if (!on) continue;
      const float v = in[r * kLanes + l];
      if (best < 0 || (kMax ? v > in[r * kLanes + best] : v < in[r * kLanes + best])) best = static_cast<int>(l);
    }
    const uint32_t value = BitsOf(static_cast<T>(in[r * kLanes + best]));
    const uint32_t index = static_cast<uint32_t>(best);
    const size_t s = kDstRep;
    switch (order) {
      case Order_t::VALUE_INDEX: put(2 * r * s, value), put(2 * r * s + 1, index); break;
      case Order_t::INDEX_VALUE: put(2 * r * s, index), put(2 * r * s + 1, value); break;
      case Order_t::ONLY_VALUE: put(r * s, value); break;
      case Order_t::ONLY_INDEX: std::memcpy(want.data() + r * s * 4, &index, 4); break;
    }
  }
  ASSERT_EQ(std::memcmp(got.data(), want.data(), want.size()), 0)
      << (kMax ? "vcmax" : "vcmin") << " order " << static_cast<int>(order) << " seed " << seed;
}

TEST(VectorBuiltins, VcmaxVcminMatchTheModel) {
  const Order_t orders[] = {Order_t::VALUE_INDEX, Order_t::INDEX_VALUE, Order_t::ONLY_VALUE,
                            Order_t::ONLY_INDEX};
  uint32_t seed = 1;
  for (Order_t o : orders) {
    CheckWholeExtreme<float, true>(o, seed++);
    CheckWholeExtreme<float, false>(o, seed++);
    CheckWholeExtreme<half, true>(o, seed++);
    CheckWholeExtreme<half, false>(o, seed++);
  }
}

TEST(VectorBuiltins, VcminBadFieldsAreReported) {
  const std::string rep = ErrorOf([] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> b;
    pipe.InitBuffer(b, 4096);
    __ubuf__ float* p = b.Get<float>().GetPhyAddr();
    vcmin(p, p + 512, 256, 1, 1, 8, Order_t::ONLY_VALUE);
  });
  EXPECT_TRUE(Contains(rep, "vcmin")) << rep;
  EXPECT_TRUE(Contains(rep, "repeat 256 is outside [0, 255]")) << rep;
  EXPECT_TRUE(Contains(rep, "test_vector_builtins.cpp")) << rep;
  const std::string over = ErrorOf([] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> b;
    pipe.InitBuffer(b, 4096);
    __ubuf__ float* p = b.Get<float>().GetPhyAddr();
    // 20 repeats of 256 bytes from UB byte 192 KiB - 2 KiB run past UB.
    vcmax(p, p + (196608 - 2048) / 4, 20, 1, 1, 8, Order_t::ONLY_VALUE);
  });
  EXPECT_TRUE(Contains(over, "past the end")) << over;
  const std::string notub = ErrorOf([] {
    float host[64] = {};
    vcmax(host, host, 1, 1, 1, 8);
  });
  EXPECT_TRUE(Contains(notub, "is not in this block's UB")) << notub;
  EXPECT_EQ(ErrorOf([] {
              TPipe pipe;
              TBuf<TPosition::VECCALC> b;
              pipe.InitBuffer(b, 4096);
              __ubuf__ float* p = b.Get<float>().GetPhyAddr();
              vcmin(p, p + 512, 4, 1, 1, 8, Order_t::ONLY_VALUE);
            }),
            "");
}

// ---------------------------------------------------------------------------
// vreducev2 and get_rsvd_cnt.

TEST(VectorBuiltins, Vreducev2BuiltinPatternInNormalMode) {
  std::vector<uint16_t> out(256, 0);
  int64_t n = -1;
  OnCore([&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> b;
    pipe.InitBuffer(b, 8192);
    const LocalTensor<uint16_t> h = b.Get<uint16_t>();
    for (uint32_t i = 0; i < 4096; ++i) h.SetValue(i, static_cast<uint16_t>(i * 7 + 1));
    __ubuf__ uint16_t* u = h.GetPhyAddr();
    // Normal mode: whole repeats; built-in pattern 2 (odd lanes), 2 repeats
    // of 128 lanes, the second one 2 repeats (16 blocks) further on.
    set_mask_norm();
    vreducev2(u + 2048, u, u, 2, 1, 2, 16, 0);
    n = get_rsvd_cnt();
    for (uint32_t i = 0; i < 256; ++i) out[i] = h.GetValue(2048 + i);
  });
  ASSERT_EQ(n, 128);
  for (uint32_t i = 0; i < 128; ++i) {
    const uint32_t lane = (i / 64) * 256 + 2 * (i % 64) + 1;  // odd lanes of repeats at 0 and 256
    ASSERT_EQ(out[i], static_cast<uint16_t>(lane * 7 + 1)) << i;
  }
  for (uint32_t i = 128; i < 256; ++i) ASSERT_EQ(out[i], static_cast<uint16_t>((2048 + i) * 7 + 1)) << i;
}

TEST(VectorBuiltins, Vreducev2PatternTensorInCounterMode) {
  std::vector<uint32_t> out(128, 0);
  int64_t n = -1;
  OnCore([&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> b;
    pipe.InitBuffer(b, 8192);
    const LocalTensor<uint32_t> w = b.Get<uint32_t>();
    for (uint32_t i = 0; i < 512; ++i) w.SetValue(i, 1000 + i);
    w.SetValue(1536, 0x99999999u);  // lanes 0, 3, 4, 7, ... of 0..31
    w.SetValue(1537, 0x00000005u);  // lanes 32 and 34
    __ubuf__ uint32_t* v = w.GetPhyAddr();
    set_mask_count();
    set_vector_mask(0, 40);  // 40 lanes a repeat
    vreducev2(v + 1024, v, v + 1536, 3, 1, 0, 8, 0);  // src1RepeatStride 0: one pattern
    n = get_rsvd_cnt();
    set_mask_norm();
    for (uint32_t i = 0; i < 128; ++i) out[i] = w.GetValue(1024 + i);
  });
  std::vector<uint32_t> want;
  for (uint32_t r = 0; r < 3; ++r) {
    for (uint32_t l = 0; l < 40; ++l) {
      const uint32_t word = l < 32 ? 0x99999999u : 0x5u;
      if ((word >> (l % 32)) & 1) want.push_back(1000 + r * 64 + l);
    }
  }
  ASSERT_EQ(n, static_cast<int64_t>(want.size()));
  for (size_t i = 0; i < want.size(); ++i) ASSERT_EQ(out[i], want[i]) << i;
}

TEST(VectorBuiltins, RsvdCntAndVreducev2MisuseAreReported) {
  const std::string before = ErrorOf([] { (void)get_rsvd_cnt(); });
  EXPECT_TRUE(Contains(before, "get_rsvd_cnt")) << before;
  EXPECT_TRUE(Contains(before, "no vreducev2 or GatherMask ran in this block yet")) << before;
  const std::string pattern = ErrorOf([] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> b;
    pipe.InitBuffer(b, 4096);
    __ubuf__ uint16_t* u = b.Get<uint16_t>().GetPhyAddr();
    vreducev2(u + 1024, u, u, 1, 1, 9, 8, 0);
  });
  EXPECT_TRUE(Contains(pattern, "src1Pattern 9 is not a built-in pattern")) << pattern;
  const std::string wide = ErrorOf([] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> b;
    pipe.InitBuffer(b, 4096);
    __ubuf__ uint32_t* u = b.Get<uint32_t>().GetPhyAddr();
    set_mask_count();
    set_vector_mask(0, 0);  // no element: the counter mode needs at least one
    vreducev2(u + 512, u, u, 1, 1, 7, 8, 0);
  });
  EXPECT_TRUE(Contains(wide, "mask 0 (reduceMode true: the elements per repeat) is outside [1, 2^32 - 1]")) << wide;
  // More than the 64 lanes of a 4-byte repeat is the A2's counter mode
  // (each repeat covers the count), not an error.
  EXPECT_EQ(ErrorOf([] {
              TPipe pipe;
              TBuf<TPosition::VECCALC> b;
              pipe.InitBuffer(b, 4096);
              __ubuf__ uint32_t* u = b.Get<uint32_t>().GetPhyAddr();
              set_mask_count();
              set_vector_mask(0, 70);
              vreducev2(u + 512, u, u, 1, 1, 7, 8, 0);
            }),
            "");
  // The API's GatherMask sets the register too; and a clean twin.
  EXPECT_EQ(ErrorOf([] {
              TPipe pipe;
              TBuf<TPosition::VECCALC> b;
              pipe.InitBuffer(b, 4096);
              const LocalTensor<uint32_t> t = b.Get<uint32_t>();
              uint64_t rsvd = 0;
              GatherMask(t[512], t, static_cast<uint8_t>(1), false, 0, {1, 2, 8, 0}, rsvd);
              EXPECT_EQ(rsvd, 64u);
              EXPECT_EQ(get_rsvd_cnt(), 64);
              // Its wrappers: the vendor impl header's and AscendCUtils'.
              EXPECT_EQ(GetRsvdCnt(), 64);
              EXPECT_EQ(AscendCUtils::GetRsvdCnt(), 64);
              EXPECT_EQ(GetSubBlockId(), 0);
              EXPECT_EQ(GetSubBlockDim(), GetSubBlockNum());
            }),
            "");
}

// ---------------------------------------------------------------------------
// vgather: dst[i] = the element at UB byte srcAddr + offsets[i].

TEST(VectorBuiltins, VgatherMatchesTheModel) {
  constexpr uint32_t kSrc = 512, kN = 2 * 64;  // two repeats of 64 floats
  std::mt19937 rng(7);
  std::vector<uint32_t> off(kN);
  for (auto& o : off) o = static_cast<uint32_t>(rng() % kSrc) * 4;
  std::vector<float> got(kN), got32(kN);
  OnCore([&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> sb, ob, db;
    pipe.InitBuffer(sb, (kSrc + 64) * 4);
    pipe.InitBuffer(ob, kN * 4);
    pipe.InitBuffer(db, kN * 4);
    const LocalTensor<float> src = sb.Get<float>();
    const LocalTensor<uint32_t> offs = ob.Get<uint32_t>();
    const LocalTensor<float> dst = db.Get<float>();
    for (uint32_t i = 0; i < kSrc + 64; ++i) src.SetValue(i, static_cast<float>(i) * 1.5f);
    for (uint32_t i = 0; i < kN; ++i) offs.SetValue(i, off[i]);
    set_mask_norm();
    set_vector_mask(0, ~uint64_t{0});
    // The source's UB byte address plus a base of 64 floats, as the vendor's
    // Gather passes it.
    vgather(dst.GetPhyAddr(), offs.GetPhyAddr(), src.address_.bufferAddr + 256, 8, 2);
    for (uint32_t i = 0; i < kN; ++i) got[i] = dst.GetValue(i);
    // The arg_max_with_value kernel's spelling: the low 32 bits of the pointer.
    Duplicate(dst, 0.0f, kN);
    const auto low = static_cast<uint32_t>(reinterpret_cast<uint64_t>(src.GetPhyAddr()));
    if (low > 256 * 1024) {
      vgather(dst.GetPhyAddr(), offs.GetPhyAddr(), low + 256, 8, 2);
      for (uint32_t i = 0; i < kN; ++i) got32[i] = dst.GetValue(i);
    } else {
      got32 = got;
    }
  });
  for (uint32_t i = 0; i < kN; ++i) {
    const float want = static_cast<float>(64 + off[i] / 4) * 1.5f;
    ASSERT_EQ(got[i], want) << i;
    ASSERT_EQ(got32[i], want) << i;
  }
}

TEST(VectorBuiltins, VgatherMisuseIsReported) {
  const std::string far = ErrorOf([] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> b;
    pipe.InitBuffer(b, 4096);
    const LocalTensor<uint32_t> t = b.Get<uint32_t>();
    for (uint32_t i = 0; i < 64; ++i) t.SetValue(i, 0);
    t.SetValue(5, 200000);  // past the end of UB
    set_vector_mask(0, ~uint64_t{0});
    vgather(t.GetPhyAddr() + 512, t.GetPhyAddr(), t.address_.bufferAddr, 8, 1);
  });
  EXPECT_TRUE(Contains(far, "Gather")) << far;
  EXPECT_TRUE(Contains(far, "200000")) << far;
  const std::string addr = ErrorOf([] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> b;
    pipe.InitBuffer(b, 4096);
    const LocalTensor<uint32_t> t = b.Get<uint32_t>();
    vgather(t.GetPhyAddr() + 512, t.GetPhyAddr(), uint64_t{1} << 40, 8, 1);
  });
  EXPECT_TRUE(Contains(addr, "vgather")) << addr;
  EXPECT_TRUE(Contains(addr, "is no UB address")) << addr;
}

// ---------------------------------------------------------------------------
// The elementwise, compare/select, conversion and padded-copy builtins, each
// against the AscendC instruction it stands for: both run on copies of the
// same random UB bytes (the instruction with the same mask as an explicit
// argument), and the UB bytes after them must be equal, bit for bit.

// Bytes of a region: src0 at 0, src1 at 2048, dst at 4096, a mask at 6144,
// and from 7680 scratch that is not compared.
constexpr uint32_t kRegion = 8192;
constexpr uint32_t kSrc1 = 2048, kDst = 4096, kExtra = 6144, kScratch = 7680;

using RawFn = std::function<void(__ubuf__ uint8_t*)>;
using ApiFn = std::function<void(const LocalTensor<uint8_t>&)>;

// Runs raw(base of region A) and api(region B) on regions that both start as
// `init`, the mask register set to (hi, lo) in normal mode; expects equal
// bytes afterwards and a changed destination. (One launch function for all
// builtins keeps this file's compile time down.)
void ExpectTwinsOn(const std::string& what, const std::vector<uint8_t>& init, uint64_t hi,
                   uint64_t lo, const RawFn& raw, const ApiFn& api) {
  std::vector<uint8_t> a(kRegion), b(kRegion);
  OnCore([&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> ba, bb;
    pipe.InitBuffer(ba, kRegion);
    pipe.InitBuffer(bb, kRegion);
    const LocalTensor<uint8_t> ta = ba.Get<uint8_t>(), tb = bb.Get<uint8_t>();
    for (uint32_t i = 0; i < kRegion; ++i) {
      ta.SetValue(i, init[i]);
      tb.SetValue(i, init[i]);
    }
    set_mask_norm();
    set_vector_mask(hi, lo);
    raw(reinterpret_cast<__ubuf__ uint8_t*>(ta.GetPhyAddr()));
    api(tb);
    std::memcpy(a.data(), ta.GetPhyAddr(), kRegion);
    std::memcpy(b.data(), tb.GetPhyAddr(), kRegion);
  });
  EXPECT_NE(std::memcmp(a.data() + kDst, init.data() + kDst, kExtra - kDst), 0)
      << what << ": the destination did not change";
  EXPECT_EQ(std::memcmp(a.data(), b.data(), kScratch), 0) << what;
}

// The same with both regions holding random values of F (in [-4, 4) in
// steps of 0.5: ties and signs on purpose).
template <class F>
void ExpectTwins(const std::string& what, uint32_t seed, uint64_t hi, uint64_t lo,
                 const RawFn& raw, const ApiFn& api) {
  std::vector<uint8_t> init(kRegion);
  std::mt19937 rng(seed);
  std::uniform_int_distribution<int> pick(-8, 7);
  for (uint32_t i = 0; i < kRegion / sizeof(F); ++i) {
    const F v = static_cast<F>(static_cast<float>(pick(rng)) * 0.5f);
    std::memcpy(init.data() + i * sizeof(F), &v, sizeof(F));
  }
  ExpectTwinsOn(what + " seed " + std::to_string(seed), init, hi, lo, raw, api);
}

template <class T>
__ubuf__ T* At(__ubuf__ uint8_t* base, uint32_t byte) {
  return reinterpret_cast<__ubuf__ T*>(base + byte);
}
template <class T>
LocalTensor<T> At(const LocalTensor<uint8_t>& region, uint32_t byte) {
  return region[byte].ReinterpretCast<T>();
}

struct Masks {
  uint64_t hi, lo;
};
// A random mask of 256 / sizeof(T) lanes.
template <class T>
Masks RandomMask(std::mt19937& rng) {
  const uint64_t lo = (uint64_t{rng()} << 32) | rng() | 1;
  const uint64_t hi = sizeof(T) == 2 ? (uint64_t{rng()} << 32) | rng() : 0;
  return {hi, lo};
}

// All five on float; vadd alone on half and int32_t (the builtins are one
// template for every type; fewer instantiations keep this file's compile
// time down).
template <class T, bool kAll = true>
void CheckBinaryBuiltins(uint32_t seed) {
  std::mt19937 rng(seed);
  const Masks m = RandomMask<T>(rng);
  const uint64_t mask[2] = {m.lo, m.hi};
  const BinaryRepeatParams p(2, 1, 1, 16, 8, 8);
#define AICORE_TWIN_BINARY(RAW, INSTR)                                                        \
  ExpectTwins<T>(#RAW, seed, m.hi, m.lo,                                                      \
                 [](__ubuf__ uint8_t* u) {                                                    \
                   RAW(At<T>(u, kDst), At<T>(u, 0), At<T>(u, kSrc1), 3, 2, 1, 1, 16, 8, 8);   \
                 },                                                                           \
                 [&](const LocalTensor<uint8_t>& r) {                                         \
                   INSTR(At<T>(r, kDst), At<T>(r, 0), At<T>(r, kSrc1), mask, 3, p);           \
                 })
  AICORE_TWIN_BINARY(vadd, Add);
  if constexpr (kAll) {
    AICORE_TWIN_BINARY(vsub, Sub);
    AICORE_TWIN_BINARY(vmul, Mul);
    AICORE_TWIN_BINARY(vmax, Max);
    AICORE_TWIN_BINARY(vmin, Min);
  }
#undef AICORE_TWIN_BINARY
}

TEST(VectorBuiltins, BinaryBuiltinsMatchTheirInstructions) {
  CheckBinaryBuiltins<float>(11);
  CheckBinaryBuiltins<half, false>(12);
  CheckBinaryBuiltins<int32_t, false>(13);
}

TEST(VectorBuiltins, CounterModeIsTheCountForm) {
  std::vector<uint8_t> a(kRegion), b(kRegion);
  OnCore([&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> ba;
    pipe.InitBuffer(ba, kRegion);
    const LocalTensor<float> t = ba.Get<float>();
    for (uint32_t i = 0; i < kRegion / 4; ++i) t.SetValue(i, static_cast<float>(i % 37) * 0.75f);
    __ubuf__ uint8_t* u = reinterpret_cast<__ubuf__ uint8_t*>(t.GetPhyAddr());
    set_mask_count();
    set_vector_mask(0, 150);
    vadd(At<float>(u, kDst), At<float>(u, 0), At<float>(u, kSrc1), 1, 1, 1, 1, 8, 8, 8);
    vmuls(At<float>(u, kExtra), At<float>(u, kDst), 3.0f, 1, 1, 1, 8, 8);
    set_mask_norm();
    std::memcpy(a.data(), u, kRegion);
    const LocalTensor<uint8_t> r = ba.Get<uint8_t>();
    for (uint32_t i = 0; i < kRegion / 4; ++i) t.SetValue(i, static_cast<float>(i % 37) * 0.75f);
    Add(At<float>(r, kDst), At<float>(r, 0), At<float>(r, kSrc1), 150);
    Muls(At<float>(r, kExtra), At<float>(r, kDst), 3.0f, 150);
    std::memcpy(b.data(), u, kRegion);
  });
  EXPECT_EQ(std::memcmp(a.data(), b.data(), kRegion), 0);
  float v;
  std::memcpy(&v, a.data() + kExtra + 149 * 4, 4);
  // dst[149] = 3 * (src0[149] + src1[149]); src1 starts at float 512.
  EXPECT_EQ(v, 3.0f * (static_cast<float>(149 % 37) + static_cast<float>(661 % 37)) * 0.75f);
}

// All three on float; vector_dup alone on half and int32_t.
template <class T, bool kAll = true>
void CheckScalarBuiltins(uint32_t seed) {
  std::mt19937 rng(seed);
  const Masks m = RandomMask<T>(rng);
  const uint64_t mask[2] = {m.lo, m.hi};
  const T s = static_cast<T>(static_cast<float>(static_cast<int>(rng() % 9)) - 2.5f);
  const UnaryRepeatParams p(2, 1, 16, 8);
  ExpectTwins<T>(
      "vector_dup", seed, m.hi, m.lo,
      [&](__ubuf__ uint8_t* u) { vector_dup(At<T>(u, kDst), s, 3, 2, 1, 16, 0); },
      [&](const LocalTensor<uint8_t>& r) { Duplicate(At<T>(r, kDst), s, mask, 3, 2, 16); });
  if constexpr (!kAll) return;
  ExpectTwins<T>(
      "vadds", seed, m.hi, m.lo,
      [&](__ubuf__ uint8_t* u) { vadds(At<T>(u, kDst), At<T>(u, 0), s, 3, 2, 1, 16, 8); },
      [&](const LocalTensor<uint8_t>& r) { Adds(At<T>(r, kDst), At<T>(r, 0), s, mask, 3, p); });
  ExpectTwins<T>(
      "vmuls", seed, m.hi, m.lo,
      [&](__ubuf__ uint8_t* u) { vmuls(At<T>(u, kDst), At<T>(u, 0), s, 3, 2, 1, 16, 8); },
      [&](const LocalTensor<uint8_t>& r) { Muls(At<T>(r, kDst), At<T>(r, 0), s, mask, 3, p); });
}

TEST(VectorBuiltins, ScalarBuiltinsAndVectorDupMatchTheirInstructions) {
  CheckScalarBuiltins<float>(21);
  CheckScalarBuiltins<half, false>(22);
  CheckScalarBuiltins<int32_t, false>(23);
}

template <class D, class S, class Raw>
void CheckVconv(const char* name, RoundMode mode, uint32_t seed, Raw raw) {
  constexpr uint32_t kLanes = 256 / (sizeof(D) > sizeof(S) ? sizeof(D) : sizeof(S));
  constexpr uint8_t kDstRep = kLanes * sizeof(D) / 32, kSrcRep = kLanes * sizeof(S) / 32;
  std::mt19937 rng(seed);
  const Masks m = RandomMask<std::conditional_t<kLanes == 128, uint16_t, uint32_t>>(rng);
  const uint64_t mask[2] = {m.lo, m.hi};
  ExpectTwins<S>(
      name, seed, m.hi, m.lo,
      [&](__ubuf__ uint8_t* u) { raw(At<D>(u, kDst), At<S>(u, 0), 3, 1, 1, kDstRep, kSrcRep); },
      [&](const LocalTensor<uint8_t>& r) {
        Cast(At<D>(r, kDst), At<S>(r, 0), mode, mask, 3, UnaryRepeatParams(1, 1, kDstRep, kSrcRep));
      });
}

TEST(VectorBuiltins, VconvMatchesCast) {
#define AICORE_TWIN_VCONV(NAME, D, S, MODE)                                     \
  CheckVconv<D, S>(#NAME, RoundMode::MODE, seed++, [](auto... a) { NAME(a...); })
  uint32_t seed = 31;
  AICORE_TWIN_VCONV(vconv_f162f32, float, half, CAST_NONE);
  AICORE_TWIN_VCONV(vconv_bf162f32, float, bfloat16_t, CAST_NONE);
  AICORE_TWIN_VCONV(vconv_s162f32, float, int16_t, CAST_NONE);
  AICORE_TWIN_VCONV(vconv_s322f32, float, int32_t, CAST_NONE);
  AICORE_TWIN_VCONV(vconv_s162f16, half, int16_t, CAST_NONE);
  AICORE_TWIN_VCONV(vconv_f322s32r, int32_t, float, CAST_RINT);
  AICORE_TWIN_VCONV(vconv_f322s32a, int32_t, float, CAST_ROUND);
  AICORE_TWIN_VCONV(vconv_f322s32f, int32_t, float, CAST_FLOOR);
  AICORE_TWIN_VCONV(vconv_f322s32c, int32_t, float, CAST_CEIL);
  AICORE_TWIN_VCONV(vconv_f322s32z, int32_t, float, CAST_TRUNC);
  AICORE_TWIN_VCONV(vconv_f162s32r, int32_t, half, CAST_RINT);
  AICORE_TWIN_VCONV(vconv_f322f16r, half, float, CAST_RINT);
  AICORE_TWIN_VCONV(vconv_f322bf16r, bfloat16_t, float, CAST_RINT);
  AICORE_TWIN_VCONV(vconv_f322s16r, int16_t, float, CAST_RINT);
#undef AICORE_TWIN_VCONV
}

template <class T>
void CheckCompareBuiltins(uint32_t seed) {
  std::mt19937 rng(seed);
  const Masks m = RandomMask<T>(rng);
  const uint64_t mask[2] = {m.lo, m.hi};
  const T s = static_cast<T>(0.5f);
  const BinaryRepeatParams p(1, 1, 1, 8, 8, 8);
  const UnaryRepeatParams up(1, 1, 8, 8);
  using V = void (*)(__ubuf__ uint8_t*, __ubuf__ T*, __ubuf__ T*, int64_t, int64_t, int64_t, int64_t,
                     int64_t, int64_t, int64_t, aicore::SrcLoc);
  using Vs = void (*)(__ubuf__ uint8_t*, __ubuf__ T*, T, int64_t, int64_t, int64_t, int64_t, int64_t,
                      aicore::SrcLoc);
  using C = void (*)(__ubuf__ T*, __ubuf__ T*, int64_t, int64_t, int64_t, int64_t, int64_t, int64_t,
                     int64_t, aicore::SrcLoc);
  struct Mode {
    const char* name;
    CMPMODE mode;
    V v;
    Vs vs;
    C c;
  };
  const Mode modes[] = {{"lt", CMPMODE::LT, vcmpv_lt<T>, vcmpvs_lt<T>, vcmp_lt<T>},
                        {"gt", CMPMODE::GT, vcmpv_gt<T>, vcmpvs_gt<T>, vcmp_gt<T>},
                        {"eq", CMPMODE::EQ, vcmpv_eq<T>, vcmpvs_eq<T>, vcmp_eq<T>},
                        {"le", CMPMODE::LE, vcmpv_le<T>, vcmpvs_le<T>, vcmp_le<T>},
                        {"ge", CMPMODE::GE, vcmpv_ge<T>, vcmpvs_ge<T>, vcmp_ge<T>},
                        {"ne", CMPMODE::NE, vcmpv_ne<T>, vcmpvs_ne<T>, vcmp_ne<T>}};
  const aicore::SrcLoc here = aicore::SrcLoc::Current();
  for (const Mode& c : modes) {
    ExpectTwins<T>(
        std::string("vcmpv_") + c.name, seed, m.hi, m.lo,
        [&](__ubuf__ uint8_t* u) {
          c.v(u + kDst, At<T>(u, 0), At<T>(u, kSrc1), 3, 1, 1, 1, 8, 8, 8, here);
        },
        [&](const LocalTensor<uint8_t>& r) {
          Compare(r[kDst], At<T>(r, 0), At<T>(r, kSrc1), c.mode, mask, 3, p);
        });
    ExpectTwins<T>(
        std::string("vcmpvs_") + c.name, seed, m.hi, m.lo,
        [&](__ubuf__ uint8_t* u) { c.vs(u + kDst, At<T>(u, 0), s, 3, 1, 1, 8, 8, here); },
        [&](const LocalTensor<uint8_t>& r) {
          CompareScalar(r[kDst], At<T>(r, 0), s, c.mode, mask, 3, up);
        });
    ExpectTwins<T>(
        std::string("vcmp_") + c.name, seed, m.hi, m.lo,
        [&](__ubuf__ uint8_t* u) {
          c.c(At<T>(u, 256), At<T>(u, kSrc1 + 256), 1, 1, 1, 1, 8, 8, 8, here);
          GetCmpMask(aicore::compat::UbView<uint8_t>("test", "dst", u + kDst, here));
        },
        [&](const LocalTensor<uint8_t>& r) {
          Compare(At<T>(r, 256), At<T>(r, kSrc1 + 256), c.mode, mask, p);
          GetCmpMask(r[kDst]);
        });
  }
}

TEST(VectorBuiltins, CompareBuiltinsMatchCompare) {
  CheckCompareBuiltins<float>(41);
}

// vcmpv takes no mask: in counter mode with a count of 8 (left by a
// vector_dup, as ops-math's arg_max_with_value does before its vcmpv) and
// with a normal mask of 8 lanes, all 64 lanes of each of the 4 repeats are
// compared.
TEST(VectorBuiltins, VcmpvComparesEveryLaneWhateverTheMask) {
  constexpr uint32_t N = 256;
  for (const bool counter : {true, false}) {
    std::vector<uint8_t> bits(N / 8);
    std::vector<float> a(N), b(N);
    for (uint32_t i = 0; i < N; ++i) {
      a[i] = static_cast<float>((i * 37) % 11);
      b[i] = static_cast<float>((i * 53) % 11);
    }
    OnCore([&] {
      TPipe pipe;
      TBuf<TPosition::VECCALC> buf;
      pipe.InitBuffer(buf, 3 * N * sizeof(float));
      const LocalTensor<float> t = buf.Get<float>();
      for (uint32_t i = 0; i < N; ++i) {
        t.SetValue(i, a[i]);
        t.SetValue(N + i, b[i]);
      }
      __ubuf__ float* u = reinterpret_cast<__ubuf__ float*>(t.GetPhyAddr());
      __ubuf__ uint8_t* dst = reinterpret_cast<__ubuf__ uint8_t*>(u + 2 * N);
      if (counter) {
        set_mask_count();
        set_vector_mask(0, 8);
      } else {
        set_mask_norm();
        set_vector_mask(0, 0xFF);
      }
      vcmpv_ge(dst, u, u + N, N / 64, 1, 1, 1, 8, 8, 8);
      set_mask_norm();
      set_vector_mask(~0ULL, ~0ULL);
      std::memcpy(bits.data(), reinterpret_cast<const void*>(dst), N / 8);
    });
    for (uint32_t i = 0; i < N; ++i) {
      const bool got = (bits[i / 8] >> (i % 8)) & 1;
      ASSERT_EQ(got, a[i] >= b[i]) << (counter ? "counter" : "normal") << " mode, lane " << i;
    }
  }
}

// vsel in its three modes against Select with the selection mask as a
// tensor; the mask bytes are the random values at kExtra.
template <class T>
void CheckVsel(uint32_t seed) {
  std::mt19937 rng(seed);
  const Masks m = RandomMask<T>(rng);
  const uint64_t mask[2] = {m.lo, m.hi};
  const BinaryRepeatParams p(1, 1, 1, 8, 8, 8);
  ExpectTwins<T>(
      "vsel VSEL_CMPMASK_SPR", seed, m.hi, m.lo,
      [](__ubuf__ uint8_t* u) {
        set_cmpmask(u + kExtra);
        vsel(At<T>(u, kDst), At<T>(u, 0), At<T>(u, kSrc1), 3, 1, 1, 1, 8, 8, 8);
      },
      [&](const LocalTensor<uint8_t>& r) {
        Select(At<T>(r, kDst), r[kExtra], At<T>(r, 0), At<T>(r, kSrc1), SELMODE::VSEL_CMPMASK_SPR,
               mask, 3, p);
      });
  ExpectTwins<T>(
      "vsel VSEL_TENSOR_SCALAR_MODE", seed, m.hi, m.lo,
      [](__ubuf__ uint8_t* u) {
        set_cmpmask(At<T>(u, kSrc1));  // the scalar: src1's first element
        vsel(At<T>(u, kDst), At<T>(u, 0), u + kExtra, 3, 1, 1, 1, 8, 8, 8,
             static_cast<uint8_t>(SELMODE::VSEL_TENSOR_SCALAR_MODE));
      },
      [&](const LocalTensor<uint8_t>& r) {
        Select(At<T>(r, kDst), r[kExtra], At<T>(r, 0), At<T>(r, kSrc1).GetValue(0),
               SELMODE::VSEL_TENSOR_SCALAR_MODE, mask, 3, p);
      });
  ExpectTwins<T>(
      "vsel VSEL_TENSOR_TENSOR_MODE", seed, m.hi, m.lo,
      [&](__ubuf__ uint8_t* u) {
        // The selection mask's UB byte address in CMPMASK, as the vendor's
        // Select puts it there (vector_dup of the address, set_cmpmask).
        const LocalTensor<uint8_t> ub(TPosition::VECCALC, 0, 32);
        const auto addr = static_cast<uint32_t>(reinterpret_cast<uintptr_t>(u + kExtra) -
                                                reinterpret_cast<uintptr_t>(ub.GetPhyAddr()));
        set_mask_count();
        set_vector_mask(0, 8);
        vector_dup(At<uint32_t>(u, kScratch), addr, 1, 1, 1, 8, 0);
        set_mask_norm();
        set_cmpmask(u + kScratch);
        set_vector_mask(m.hi, m.lo);
        vsel(At<T>(u, kDst), At<T>(u, 0), At<T>(u, kSrc1), 3, 1, 1, 1, 8, 8, 8,
             static_cast<uint8_t>(SELMODE::VSEL_TENSOR_TENSOR_MODE));
      },
      [&](const LocalTensor<uint8_t>& r) {
        Select(At<T>(r, kDst), r[kExtra], At<T>(r, 0), At<T>(r, kSrc1),
               SELMODE::VSEL_TENSOR_TENSOR_MODE, mask, 3, p);
      });
}

TEST(VectorBuiltins, VselMatchesSelect) {
  CheckVsel<float>(51);
}

// The padded copies against DataCopyPad: GM -> UB pads with the
// set_mov_pad_val register; UB -> GM writes exactly lenBurst bytes a burst.
template <class T, class Raw, class Api>
void CheckPadCopy(const char* what, uint32_t seed, Raw raw, Api api) {
  constexpr uint32_t kGm = 1024;  // elements of each GM buffer and of each UB half
  std::mt19937 rng(seed);
  std::vector<T> src(kGm), gotUb[2], gotGm[2];
  for (auto& v : src) v = static_cast<T>(static_cast<float>(static_cast<int>(rng() % 200) - 100));
  OnCore([&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> b;
    pipe.InitBuffer(b, 2 * kGm * sizeof(T));
    for (int twin = 0; twin < 2; ++twin) {
      std::vector<T> gmIn(src), gmOut(kGm, static_cast<T>(-1.0f));
      const LocalTensor<T> ub = b.Get<T>()[twin * kGm];
      for (uint32_t i = 0; i < kGm; ++i) ub.SetValue(i, static_cast<T>(-2.0f));
      GlobalTensor<T> in, out;
      in.SetGlobalBuffer(gmIn.data(), kGm);
      out.SetGlobalBuffer(gmOut.data(), kGm);
      if (twin == 0) {
        raw(ub.GetPhyAddr(), gmIn.data(), gmOut.data());
      } else {
        api(ub, in, out);
      }
      gotUb[twin].resize(kGm);
      for (uint32_t i = 0; i < kGm; ++i) gotUb[twin][i] = ub.GetValue(i);
      gotGm[twin] = gmOut;
    }
  });
  EXPECT_EQ(std::memcmp(gotUb[0].data(), gotUb[1].data(), kGm * sizeof(T)), 0) << what;
  EXPECT_EQ(std::memcmp(gotGm[0].data(), gotGm[1].data(), kGm * sizeof(T)), 0) << what;
  EXPECT_NE(std::memcmp(gotGm[0].data(), std::vector<T>(kGm, static_cast<T>(-1.0f)).data(),
                        kGm * sizeof(T)),
            0)
      << what << ": GM did not change";
}

TEST(VectorBuiltins, PaddedCopiesMatchDataCopyPad) {
  // 3 bursts of 11 halves, 2 + 3 padding halves, GM gap 6 bytes, UB gap 1
  // block; then back to GM with a UB gap of 1 block and a GM gap of 10 bytes.
  CheckPadCopy<half>(
      "copy_*_align_b16", 61,
      [](__ubuf__ half* ub, __gm__ half* in, __gm__ half* out) {
        set_mov_pad_val(GetScalarBitcodeValue(static_cast<half>(7.5f)));
        copy_gm_to_ubuf_align_b16(ub, in, 0, 3, 22, 2, 3, 6, 1);
        copy_ubuf_to_gm_align_b16(out, ub, 0, 3, 22, 0, 0, 1, 10);
      },
      [](const LocalTensor<half>& ub, const GlobalTensor<half>& in, const GlobalTensor<half>& out) {
        DataCopyPad(ub, in, DataCopyExtParams(3, 22, 6, 1, 0),
                    DataCopyPadExtParams<half>(true, 2, 3, static_cast<half>(7.5f)));
        DataCopyPad(out, ub, DataCopyExtParams(3, 22, 1, 10, 0));
      });
  CheckPadCopy<float>(
      "copy_*_align_b32", 62,
      [](__ubuf__ float* ub, __gm__ float* in, __gm__ float* out) {
        set_mov_pad_val(GetScalarBitcodeValue(-3.25f));
        copy_gm_to_ubuf_align_b32(ub, in, 0, 4, 20, 1, 2, 8, 0);
        copy_ubuf_to_gm_align_b32(out, ub, 0, 4, 20, 0, 0, 0, 4);
      },
      [](const LocalTensor<float>& ub, const GlobalTensor<float>& in,
         const GlobalTensor<float>& out) {
        DataCopyPad(ub, in, DataCopyExtParams(4, 20, 8, 0, 0),
                    DataCopyPadExtParams<float>(true, 1, 2, -3.25f));
        DataCopyPad(out, ub, DataCopyExtParams(4, 20, 0, 4, 0));
      });
  EXPECT_EQ(GetScalarBitcodeValue(static_cast<half>(-2.0f)), 0xC000u);
  EXPECT_EQ((GetScalarBitcodeValue<float, uint32_t>(1.0f)), 0x3F800000u);
}

// One bad argument per family, each with a clean twin.
TEST(VectorBuiltins, RawBuiltinMisuseIsReported) {
  struct Case {
    const char* builtin;
    const char* part;
    void (*bad)(__ubuf__ float*);
    void (*good)(__ubuf__ float*);
  };
  const Case cases[] = {
      {"vadd", "repeat 256 is outside [0, 255]",
       [](__ubuf__ float* u) { vadd(u + 1024, u, u + 512, 256, 1, 1, 1, 8, 8, 8); },
       [](__ubuf__ float* u) { vadd(u + 1024, u, u + 512, 2, 1, 1, 1, 8, 8, 8); }},
      {"vmuls", "dstRepStride 256 is outside [0, 255]",
       [](__ubuf__ float* u) { vmuls(u + 1024, u, 2.0f, 1, 1, 1, 256, 8); },
       [](__ubuf__ float* u) { vmuls(u + 1024, u, 2.0f, 1, 1, 1, 255, 8); }},
      {"vector_dup", "dstBlkStride 65536 is outside [0, 65535]",
       [](__ubuf__ float* u) { vector_dup(u, 1.0f, 1, 65536, 1, 8, 0); },
       [](__ubuf__ float* u) { vector_dup(u, 1.0f, 1, 2, 1, 8, 0); }},
      {"vconv_f322f16r", "srcRepStride 300 is outside [0, 255]",
       [](__ubuf__ float* u) {
         vconv_f322f16r(reinterpret_cast<__ubuf__ half*>(u + 1024), u, 1, 1, 1, 4, 300);
       },
       [](__ubuf__ float* u) {
         vconv_f322f16r(reinterpret_cast<__ubuf__ half*>(u + 1024), u, 1, 1, 1, 4, 8);
       }},
      {"vcmp_lt", "repeat 2 is not 1",
       [](__ubuf__ float* u) { vcmp_lt(u, u + 512, 2, 1, 1, 1, 8, 8, 8); },
       [](__ubuf__ float* u) { vcmp_lt(u, u + 512, 1, 1, 1, 1, 8, 8, 8); }},
      {"vcmpv_ge", "src1RepStride 256 is outside [0, 255]",
       [](__ubuf__ float* u) {
         vcmpv_ge(reinterpret_cast<__ubuf__ uint8_t*>(u + 1024), u, u + 512, 1, 1, 1, 1, 8, 8, 256);
       },
       [](__ubuf__ float* u) {
         vcmpv_ge(reinterpret_cast<__ubuf__ uint8_t*>(u + 1024), u, u + 512, 1, 1, 1, 1, 8, 8, 8);
       }},
      {"vsel", "mode 3 is not a SELMODE",
       [](__ubuf__ float* u) {
         set_cmpmask(u);
         vsel(u + 1024, u, u + 512, 1, 1, 1, 1, 8, 8, 8, 3);
       },
       [](__ubuf__ float* u) {
         set_cmpmask(u);
         vsel(u + 1024, u, u + 512, 1, 1, 1, 1, 8, 8, 8, 0);
       }},
      {"set_cmpmask", "is not in this block's UB",
       [](__ubuf__ float* u) {
         static float host[8];
         (void)u;
         set_cmpmask(host);
       },
       [](__ubuf__ float* u) { set_cmpmask(u); }},
      {"copy_ubuf_to_gm_align_b32", "a UB -> GM copy pads nothing",
       [](__ubuf__ float* u) {
         static float gm[64];
         copy_ubuf_to_gm_align_b32(gm, u, 0, 1, 40, 0, 2, 0, 0);
       },
       [](__ubuf__ float* u) {
         static float gm[64];
         copy_ubuf_to_gm_align_b32(gm, u, 0, 1, 40, 0, 0, 0, 0);
       }},
      {"copy_gm_to_ubuf_align_b16", "nBurst 65536 is outside [0, 65535]",
       [](__ubuf__ float* u) {
         static half gm[64];
         auto* h = reinterpret_cast<__ubuf__ half*>(u);
         copy_gm_to_ubuf_align_b16(h, gm, 0, 65536, 20, 0, 0, 0, 0);
       },
       [](__ubuf__ float* u) {
         static half gm[64];
         auto* h = reinterpret_cast<__ubuf__ half*>(u);
         copy_gm_to_ubuf_align_b16(h, gm, 0, 2, 20, 0, 0, 0, 0);
       }},
  };
  for (const Case& c : cases) {
    for (bool bad : {true, false}) {
      const std::string e = ErrorOf([&] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> b;
        pipe.InitBuffer(b, 8192);
        const LocalTensor<float> t = b.Get<float>();
        for (uint32_t i = 0; i < 2048; ++i) t.SetValue(i, static_cast<float>(i % 7));
        set_mask_norm();
        set_vector_mask(~0ULL, ~0ULL);
        (bad ? c.bad : c.good)(t.GetPhyAddr());
      });
      if (bad) {
        EXPECT_TRUE(Contains(e, c.builtin)) << e;
        EXPECT_TRUE(Contains(e, c.part)) << e;
      } else {
        EXPECT_EQ(e, "") << c.builtin;
      }
    }
  }
}

// ---------------------------------------------------------------------------
// A UB byte address as a pointer (`(__ubuf__ T*)t.address_.bufferAddr`, the
// NPU spelling) works with the raw builtins.

TEST(VectorBuiltins, UbByteAddressAsAPointer) {
  std::vector<float> got(16);
  OnCore([&] {
    TPipe pipe;
    TQue<TPosition::VECIN, 1> q;
    pipe.InitBuffer(q, 1, 1024);
    LocalTensor<float> t = q.AllocTensor<float>();
    for (uint32_t i = 0; i < 256; ++i) t.SetValue(i, static_cast<float>(i));
    __ubuf__ float* p = (__ubuf__ float*)(uintptr_t)t.address_.bufferAddr;
    copy_ubuf_to_ubuf(p + 128, p, 0, 1, 2, 0, 0);  // 2 blocks: 16 floats
    for (uint32_t i = 0; i < 16; ++i) got[i] = t.GetValue(128 + i);
    q.FreeTensor(t);
  });
  for (uint32_t i = 0; i < 16; ++i) EXPECT_EQ(got[i], static_cast<float>(i));
}

// ---------------------------------------------------------------------------
// __tiling_data_ptr__ (ops-math arg_max_with_value's helper signatures).

struct PtrTiling {
  uint32_t scale;
  uint32_t count;
};

__aicore__ inline uint32_t Scaled(__tiling_data_ptr__ PtrTiling* t) { return t->scale * t->count; }

__global__ __aicore__ void tiling_ptr_kernel(GM_ADDR out, GM_ADDR tiling) {
  GET_TILING_DATA_PTR_WITH_STRUCT(PtrTiling, tilingData, tiling);
  GlobalTensor<uint32_t> o;
  o.SetGlobalBuffer(reinterpret_cast<__gm__ uint32_t*>(out), 1);
  o.SetValue(0, Scaled(tilingData));
}

TEST(VectorBuiltins, TilingDataPtrQualifier) {
  static_assert(std::is_same_v<__tiling_data_ptr__ PtrTiling*, const PtrTiling*>);
  SetKernelMode(KernelMode::AIV_MODE);
  auto* out = static_cast<uint32_t*>(GmAlloc(sizeof(uint32_t)));
  auto* tiling = static_cast<uint8_t*>(GmAlloc(sizeof(PtrTiling)));
  const PtrTiling t{7, 6};
  std::memcpy(tiling, &t, sizeof(t));
  ICPU_RUN_KF(tiling_ptr_kernel, 1, reinterpret_cast<uint8_t*>(out), tiling);
  EXPECT_EQ(*out, 42u);
  GmFree(out);
  GmFree(tiling);
  aicore::compat::ResetKernelMode();
}

}  // namespace
