// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Randomized tests of DataCopy against the scalar model (tests/support/ref_copy.h): the
// count form and the DataCopyParams (burst) form, GM -> UB, UB -> GM and
// UB -> UB, for 1-, 2-, 4- and 8-byte elements, with operands at zero and
// non-zero offsets. Every byte outside the destination elements the model
// writes (burst gaps included) must be left untouched, on both sides.

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "support/ref_copy.h"
#include "support/ref_element.h"
#include "unit/ops/op_test_util.h"

namespace aicore_test {
namespace {

using AscendC::DataCopyParams;
using AscendC::GlobalTensor;
using AscendC::LocalTensor;

enum class Dir { kGmToUb, kUbToGm, kUbToUb };
const char* DirName(Dir d) {
  return d == Dir::kGmToUb ? "GM->UB" : (d == Dir::kUbToGm ? "UB->GM" : "UB->UB");
}

// Moves `count` elements (count form) or the bursts of `p` (params form)
// from src to dst. GM is a host vector of `gm_elems` elements; UB an image.
// Offsets: gm_off in elements, ub_src/ub_dst in bytes.
template <class T>
struct CopySetup {
  Dir dir;
  bool params_form;
  uint32_t count;
  DataCopyParams p;
  size_t gm_off;
  uint32_t ub_src, ub_dst;
};

template <class T>
void RunCopy(const CopySetup<T>& c, std::vector<T>& gm, std::vector<uint8_t>& ub) {
  RunOnUb(ub, [&](AscendC::TBuf<AscendC::TPosition::VECCALC>& buf) {
    GlobalTensor<T> g;
    g.SetGlobalBuffer(gm.data(), gm.size());
    const LocalTensor<T> us = buf.GetWithOffset<T>((kUbBytes - c.ub_src) / sizeof(T), c.ub_src);
    const LocalTensor<T> ud = buf.GetWithOffset<T>((kUbBytes - c.ub_dst) / sizeof(T), c.ub_dst);
    switch (c.dir) {
      case Dir::kGmToUb:
        if (c.params_form)
          AscendC::DataCopy(ud, g[c.gm_off], c.p);
        else
          AscendC::DataCopy(ud, g[c.gm_off], c.count);
        break;
      case Dir::kUbToGm:
        if (c.params_form)
          AscendC::DataCopy(g[c.gm_off], us, c.p);
        else
          AscendC::DataCopy(g[c.gm_off], us, c.count);
        break;
      case Dir::kUbToUb:
        if (c.params_form)
          AscendC::DataCopy(ud, us, c.p);
        else
          AscendC::DataCopy(ud, us, c.count);
        break;
    }
  });
}

template <class T>
T RandomElement(Rng& r) {
  return ref::FromBits<T>(static_cast<ref::BitsOf<T>>(r.Next()));
}

template <class T>
void CheckOne(const CopySetup<T>& c, Rng& rng) {
  const size_t per_block = 32 / sizeof(T);
  const size_t src_elems =
      c.params_form ? ref::BurstSpanElems(c.p, c.p.srcStride, sizeof(T)) : c.count;
  const size_t dst_elems =
      c.params_form ? ref::BurstSpanElems(c.p, c.p.dstStride, sizeof(T)) : c.count;
  const size_t span = std::max(src_elems, dst_elems);
  // GM: the copied span plus sentinel elements after it.
  std::vector<T> gm(c.gm_off + span + 2 * per_block);
  for (auto& x : gm) x = RandomElement<T>(rng);
  // UB: the UB operands plus 64 bytes, random bytes everywhere (so that a
  // stray write is visible).
  size_t ub_end = 0;
  if (c.dir != Dir::kGmToUb) ub_end = std::max<size_t>(ub_end, c.ub_src + src_elems * sizeof(T));
  if (c.dir != Dir::kUbToGm) ub_end = std::max<size_t>(ub_end, c.ub_dst + dst_elems * sizeof(T));
  std::vector<uint8_t> ub(Round32(ub_end) + 64);
  for (auto& b : ub) b = static_cast<uint8_t>(rng.Next());

  std::vector<T> want_gm = gm;
  std::vector<uint8_t> want_ub = ub;
  // The model, on copies of the images.
  std::vector<T> ub_src(src_elems);
  if (c.dir != Dir::kGmToUb) {
    for (size_t i = 0; i < src_elems; ++i) ub_src[i] = Get<T>(ub, c.ub_src, i);
  }
  const T* src = c.dir == Dir::kGmToUb ? gm.data() + c.gm_off : ub_src.data();
  std::vector<T> dst(dst_elems);
  if (c.dir == Dir::kUbToGm) {
    for (size_t i = 0; i < dst_elems; ++i) dst[i] = gm[c.gm_off + i];
  } else {
    for (size_t i = 0; i < dst_elems; ++i) dst[i] = Get<T>(ub, c.ub_dst, i);
  }
  if (c.params_form) {
    ref::CopyBursts(dst.data(), src, c.p);
  } else {
    ref::CopyCount(dst.data(), src, c.count);
  }
  if (c.dir == Dir::kUbToGm) {
    for (size_t i = 0; i < dst_elems; ++i) want_gm[c.gm_off + i] = dst[i];
  } else {
    Put(want_ub, c.ub_dst, dst.data(), dst_elems);
  }

  RunCopy(c, gm, ub);

  std::string where = std::string(DirName(c.dir)) + "<" + aicore::detail::TypeName<T>() + ">, ";
  if (c.params_form) {
    where += "DataCopyParams{" + std::to_string(c.p.blockCount) + ", " +
             std::to_string(c.p.blockLen) + ", " + std::to_string(c.p.srcStride) + ", " +
             std::to_string(c.p.dstStride) + "}";
  } else {
    where += "count " + std::to_string(c.count);
  }
  where += ", gm offset " + std::to_string(c.gm_off) + ", ub src " + std::to_string(c.ub_src) +
           ", ub dst " + std::to_string(c.ub_dst);
  for (size_t i = 0; i < gm.size(); ++i) {
    if (ref::Bits(gm[i]) != ref::Bits(want_gm[i])) {
      ADD_FAILURE() << where << ": GM element " << i << " = " << Show(gm[i]) << ", want "
                    << Show(want_gm[i]);
      return;
    }
  }
  const std::string diff = FirstByteDiff(ub, want_ub, 0, 0);
  EXPECT_TRUE(diff.empty()) << where << ": UB " << diff;
}

template <class T>
void CheckCountForm(uint64_t seed) {
  Rng rng(seed);
  const uint32_t per_block = 32 / sizeof(T);
  for (Dir dir : {Dir::kGmToUb, Dir::kUbToGm, Dir::kUbToUb}) {
    for (uint32_t blocks : {0u, 1u, 2u, 3u, 7u, 8u, 9u, 33u, 255u, 1000u}) {
      for (int variant = 0; variant < 2; ++variant) {
        CopySetup<T> c{};
        c.dir = dir;
        c.params_form = false;
        c.count = blocks * per_block;
        c.gm_off = variant ? 3 : 0;  // GM has no alignment rule
        const uint32_t region = Round32(c.count * sizeof(T)) + 64;
        c.ub_src = variant ? 32 : 0;
        c.ub_dst = region + (variant ? 96 : 0);
        CheckOne(c, rng);
      }
    }
  }
}

template <class T>
void CheckParamsForm(uint64_t seed) {
  Rng rng(seed);
  for (Dir dir : {Dir::kGmToUb, Dir::kUbToGm, Dir::kUbToUb}) {
    for (int iter = 0; iter < 60; ++iter) {
      CopySetup<T> c{};
      c.dir = dir;
      c.params_form = true;
      const bool contiguous = iter % 5 == 0;  // both strides 0: one block of memory
      c.p = DataCopyParams(static_cast<uint16_t>(1 + rng.Below(iter < 50 ? 12 : 200)),
                           static_cast<uint16_t>(1 + rng.Below(6)),
                           static_cast<uint16_t>(contiguous ? 0 : rng.Below(5)),
                           static_cast<uint16_t>(contiguous ? 0 : rng.Below(5)));
      c.gm_off = rng.Below(2) ? rng.Below(40) : 0;
      const size_t bytes = std::max(ref::BurstSpanElems(c.p, c.p.srcStride, sizeof(T)),
                                    ref::BurstSpanElems(c.p, c.p.dstStride, sizeof(T))) *
                           sizeof(T);
      c.ub_src = 32 * static_cast<uint32_t>(rng.Below(4));
      c.ub_dst = c.ub_src + Round32(bytes) + 32 * static_cast<uint32_t>(rng.Below(4));
      if (rng.Below(2)) std::swap(c.ub_src, c.ub_dst);  // dst below src in UB
      if (std::max(c.ub_src, c.ub_dst) + bytes + 64 > kUbBytes) continue;
      CheckOne(c, rng);
    }
  }
  // The largest burst count.
  CopySetup<T> c{};
  c.dir = Dir::kGmToUb;
  c.params_form = true;
  c.p = DataCopyParams(4095, 1, 1, 0);
  CheckOne(c, rng);
}

TEST(OpsDataCopy, CountForm) {
  CheckCountForm<uint8_t>(901);
  CheckCountForm<half>(902);
  CheckCountForm<float>(903);
  CheckCountForm<double>(904);
}

TEST(OpsDataCopy, ParamsForm) {
  CheckParamsForm<int8_t>(911);
  CheckParamsForm<half>(912);
  CheckParamsForm<float>(913);
  CheckParamsForm<uint64_t>(914);
}

// Copying a UB range onto itself leaves it unchanged.
TEST(OpsDataCopy, UbToUbSameAddress) {
  Rng rng(921);
  std::vector<uint8_t> ub(4096);
  for (auto& b : ub) b = static_cast<uint8_t>(rng.Next());
  const std::vector<uint8_t> want = ub;
  RunOnUb(ub, [&](AscendC::TBuf<AscendC::TPosition::VECCALC>& buf) {
    auto t = buf.GetWithOffset<float>(512, 64);
    AscendC::DataCopy(t, t, 256);
    AscendC::DataCopy(t, t, DataCopyParams(4, 2, 1, 1));
  });
  EXPECT_TRUE(FirstByteDiff(ub, want, 0, 0).empty());
}

template <class Body>
void ExpectError(aicore::ErrorKind kind, const char* what, Body&& body) {
  std::vector<uint8_t> ub(1024, 0);
  try {
    RunOnUb(ub, [&](AscendC::TBuf<AscendC::TPosition::VECCALC>& buf) { body(buf); });
    ADD_FAILURE() << what << ": accepted";
  } catch (const aicore::KernelError& e) {
    EXPECT_EQ(e.kind(), kind) << what << ": " << e.what();
  }
}

TEST(OpsDataCopy, Errors) {
  std::vector<float> gm(1024);
  GlobalTensor<float> g;
  g.SetGlobalBuffer(gm.data(), gm.size());
  ExpectError(aicore::ErrorKind::kAlignment, "count not a multiple of 32 bytes",
              [&](auto& buf) { AscendC::DataCopy(buf.template Get<float>(), g, 9); });
  ExpectError(aicore::ErrorKind::kParameter, "blockCount 0", [&](auto& buf) {
    AscendC::DataCopy(buf.template Get<float>(), g, DataCopyParams(0, 1, 0, 0));
  });
  ExpectError(aicore::ErrorKind::kParameter, "blockCount 4096", [&](auto& buf) {
    AscendC::DataCopy(buf.template Get<float>(), g, DataCopyParams(4096, 1, 0, 0));
  });
  ExpectError(aicore::ErrorKind::kParameter, "blockLen 0", [&](auto& buf) {
    AscendC::DataCopy(g, buf.template Get<float>(), DataCopyParams(1, 0, 0, 0));
  });
  ExpectError(aicore::ErrorKind::kBounds, "GM overrun",
              [&](auto& buf) { AscendC::DataCopy(buf.template Get<float>(), g[1020], 8); });
}


// The streaming copy behind large UB -> GM DataCopy: every destination
// alignment and length (vector head, body, tail), nothing written outside.
TEST(OpsDataCopy, StreamCopyAtEveryAlignment) {
  std::vector<uint8_t> src(4096 + 128), dst(4096 + 256);
  for (size_t i = 0; i < src.size(); ++i) src[i] = static_cast<uint8_t>(i * 7 + 3);
  for (size_t align = 0; align < 64; align += 3) {
    for (size_t bytes : {size_t{0}, size_t{1}, size_t{31}, size_t{64}, size_t{65}, size_t{255},
                         size_t{256}, size_t{257}, size_t{1000}, size_t{4096}}) {
      std::fill(dst.begin(), dst.end(), 0xEE);
      aicore::simd::StreamCopy(dst.data() + 64 + align, src.data() + align % 5, bytes);
      for (size_t i = 0; i < dst.size(); ++i) {
        const bool inside = i >= 64 + align && i < 64 + align + bytes;
        const uint8_t want = inside ? src[i - 64 - align + align % 5] : 0xEE;
        ASSERT_EQ(dst[i], want) << "align " << align << " bytes " << bytes << " at " << i;
      }
    }
  }
}

// A launch whose output is large (4 blocks x 8 MiB bound: 32 MiB) copies
// out with streaming stores; tiles at GM offsets that are not vector-aligned
// and lengths that end mid-vector land exactly, and the rest of GM stays.
__global__ __aicore__ void CopyOutTiles(GM_ADDR out, uint32_t perBlock) {
  AscendC::TPipe pipe;
  AscendC::TBuf<AscendC::TPosition::VECCALC> buf;
  constexpr uint32_t kTile = 8192 + 8;  // floats: 32 KiB + 32 bytes
  pipe.InitBuffer(buf, kTile * sizeof(float));
  AscendC::LocalTensor<float> t = buf.Get<float>();
  const int64_t b = AscendC::GetBlockIdx();
  for (uint32_t i = 0; i < kTile; ++i) t.SetValue(i, static_cast<float>(b * 100000 + i));
  AscendC::GlobalTensor<float> g;
  g.SetGlobalBuffer((__gm__ float*)out + b * perBlock, perBlock);
  AscendC::PipeBarrier<PIPE_ALL>();
  AscendC::DataCopy(g[8], t, kTile);              // 32-byte but not 64-byte aligned
  AscendC::DataCopy(g[65536], t, kTile - 8);      // aligned start, ends mid-vector
  AscendC::DataCopy(g[perBlock - kTile], t, kTile);  // the binding's last bytes
}

TEST(OpsDataCopy, LargeLaunchCopiesOutExactly) {
  constexpr uint32_t kBlocks = 4, kPerBlock = 2u << 20;  // 8 MiB of float per block
  std::vector<float> gm(size_t{kBlocks} * kPerBlock, -1.0f);
  aicore::Launch(CopyOutTiles, kBlocks, reinterpret_cast<GM_ADDR>(gm.data()), kPerBlock);
  constexpr uint32_t kTile = 8192 + 8;
  for (uint32_t b = 0; b < kBlocks; ++b) {
    std::vector<float> want(kPerBlock, -1.0f);
    for (uint32_t i = 0; i < kTile; ++i) want[8 + i] = static_cast<float>(b * 100000 + i);
    for (uint32_t i = 0; i < kTile - 8; ++i) want[65536 + i] = static_cast<float>(b * 100000 + i);
    for (uint32_t i = 0; i < kTile; ++i) {
      want[kPerBlock - kTile + i] = static_cast<float>(b * 100000 + i);
    }
    for (uint32_t i = 0; i < kPerBlock; ++i) {
      ASSERT_EQ(gm[size_t{b} * kPerBlock + i], want[i]) << "block " << b << " element " << i;
    }
  }
  // The decision: 4 blocks x 8 MiB streams, 4 x 4 MiB and small copies do not.
  aicore::detail::CoreContext core;
  core.block_num = 4;
  EXPECT_TRUE(aicore::detail::StreamToGm(core, uint64_t{8} << 20, 4096));
  EXPECT_FALSE(aicore::detail::StreamToGm(core, uint64_t{4} << 20, 4096));
  EXPECT_FALSE(aicore::detail::StreamToGm(core, uint64_t{8} << 20, 2048));
  core.atomic_op = aicore::detail::AtomicOp::kAdd;
  EXPECT_FALSE(aicore::detail::StreamToGm(core, uint64_t{8} << 20, 4096));
}

}  // namespace
}  // namespace aicore_test
