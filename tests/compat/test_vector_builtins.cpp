// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// The raw vector builtins kernels call directly (vcmax/vcmin with Order_t,
// vreducev2 + get_rsvd_cnt, vgather) against scalar models, with the UB
// address spellings a CPU-run kernel produces; __tiling_data_ptr__. Bad
// arguments give a KernelError naming the builtin.
#include "kernel_operator.h"
#include "tikicpulib.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
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
    set_vector_mask(0, 70);  // more than the 64 lanes of a 4-byte repeat
    vreducev2(u + 512, u, u, 1, 1, 7, 8, 0);
  });
  EXPECT_TRUE(Contains(wide, "mask 70 (reduceMode true: lanes per repeat) is outside [1, 64]")) << wide;
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
