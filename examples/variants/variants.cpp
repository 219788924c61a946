// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Choosing a kernel variant for the NPU: one element-wise kernel (z =
// GELU(x + y) over float with the tanh approximation written as a chain of
// nine vector instructions; 8 blocks, each block's part in tiles through
// VECIN/VECOUT queues) in three variants:
//
//   BUFFER_NUM 1, tile 2048   one buffer per queue: copy-in, compute, copy-out in turn
//   BUFFER_NUM 2, tile 2048   double buffering: the next tile's copy-in can
//                             overlap this tile's compute and copy-out
//   BUFFER_NUM 2, tile 4096   double buffering with half as many, twice as large tiles
//
// Each is checked against a scalar loop, then timed with
// aicore::bench::CompareVariants with the NPU time estimate on. The program
// prints each variant's CPU time, its CPU speed relative to the first, and
// its estimated NPU time with the bound pipe; and writes the reports:
//
//   variants.csv, variants.json, variants.svg   the comparison (CompareOptions::reports)
//   variants_timeline.svg                       the estimated pipe timeline of the
//                                               BUFFER_NUM 2, tile 2048 variant (first 2 blocks)
//   variants_trace.json                         the same as a Chrome trace (Perfetto)
//
// into the directory given as the first argument (default: the current
// directory). On a CPU every pipe runs in program order, so BUFFER_NUM makes
// little difference to CPU time; the estimate shows what it does on the NPU.
#include <aicore/aicore.h>
#include <aicore/bench/bench.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

using namespace AscendC;

namespace {

constexpr uint32_t kBlocks = 8;
constexpr uint32_t kPerBlock = 32768;  // floats per block
constexpr uint32_t kTotal = kBlocks * kPerBlock;

template <int32_t BUFFER_NUM>
class KernelAddGelu {
 public:
  __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, GM_ADDR z, uint32_t tileLength) {
    tileLength_ = tileLength;
    tileNum_ = kPerBlock / tileLength;
    const uint64_t offset = uint64_t{kPerBlock} * GetBlockIdx();
    xGm_.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(x) + offset, kPerBlock);
    yGm_.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(y) + offset, kPerBlock);
    zGm_.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(z) + offset, kPerBlock);
    pipe_.InitBuffer(inX_, BUFFER_NUM, tileLength * sizeof(float));
    pipe_.InitBuffer(inY_, BUFFER_NUM, tileLength * sizeof(float));
    pipe_.InitBuffer(outZ_, BUFFER_NUM, tileLength * sizeof(float));
  }
  __aicore__ inline void Process() {
    for (uint32_t i = 0; i < tileNum_; ++i) {
      CopyIn(i);
      Compute();
      CopyOut(i);
    }
  }

 private:
  __aicore__ inline void CopyIn(uint32_t i) {
    LocalTensor<float> x = inX_.template AllocTensor<float>();
    LocalTensor<float> y = inY_.template AllocTensor<float>();
    DataCopy(x, xGm_[uint64_t{i} * tileLength_], tileLength_);
    DataCopy(y, yGm_[uint64_t{i} * tileLength_], tileLength_);
    inX_.EnQue(x);
    inY_.EnQue(y);
  }
  // s = x + y (kept in x's buffer); z = s / (1 + exp(-k (s + 0.044715 s^3))),
  // k = 2 sqrt(2 / pi).
  __aicore__ inline void Compute() {
    LocalTensor<float> x = inX_.template DeQue<float>();
    LocalTensor<float> y = inY_.template DeQue<float>();
    LocalTensor<float> z = outZ_.template AllocTensor<float>();
    const int32_t n = static_cast<int32_t>(tileLength_);
    Add(x, x, y, n);
    Mul(z, x, x, n);
    Mul(z, z, x, n);
    Muls(z, z, 0.044715f, n);
    Add(z, z, x, n);
    Muls(z, z, -1.5957691f, n);
    Exp(z, z, n);
    Adds(z, z, 1.0f, n);
    Div(z, x, z, n);
    outZ_.EnQue(z);
    inX_.FreeTensor(x);
    inY_.FreeTensor(y);
  }
  __aicore__ inline void CopyOut(uint32_t i) {
    LocalTensor<float> z = outZ_.template DeQue<float>();
    DataCopy(zGm_[uint64_t{i} * tileLength_], z, tileLength_);
    outZ_.FreeTensor(z);
  }

  TPipe pipe_;
  TQue<TPosition::VECIN, BUFFER_NUM> inX_, inY_;
  TQue<TPosition::VECOUT, BUFFER_NUM> outZ_;
  GlobalTensor<float> xGm_, yGm_, zGm_;
  uint32_t tileLength_ = 0;
  uint32_t tileNum_ = 0;
};

template <int32_t BUFFER_NUM>
__global__ __aicore__ void gelu_variant(GM_ADDR x, GM_ADDR y, GM_ADDR z, uint32_t tileLength) {
  KernelAddGelu<BUFFER_NUM> op;
  op.Init(x, y, z, tileLength);
  op.Process();
}

}  // namespace

int main(int argc, char** argv) {
  const std::string dir = argc > 1 ? std::string(argv[1]) + "/" : std::string();
  aicore::bench::Buffer<float> x(kTotal), y(kTotal), z(kTotal);
  for (uint32_t i = 0; i < kTotal; ++i) {
    x[i] = static_cast<float>(i % 1024) / 128.0f - 4.0f;  // [-4, 4)
    y[i] = static_cast<float>(i % 77) / 19.0f - 2.0f;     // [-2, 2.1)
  }
  struct Config {
    const char* name;
    void (*kernel)(GM_ADDR, GM_ADDR, GM_ADDR, uint32_t);
    uint32_t tile;
  };
  const Config configs[] = {{"BUFFER_NUM 1, tile 2048", gelu_variant<1>, 2048},
                            {"BUFFER_NUM 2, tile 2048", gelu_variant<2>, 2048},
                            {"BUFFER_NUM 2, tile 4096", gelu_variant<2>, 4096}};
  std::vector<aicore::bench::Variant> variants;
  bool pass = true;
  for (const Config& c : configs) {
    auto run = [&x, &y, &z, c] {
      aicore::LaunchNamed("gelu_variant", c.kernel, kBlocks, x.bytes(), y.bytes(), z.bytes(), c.tile);
    };
    for (uint32_t i = 0; i < kTotal; ++i) z[i] = -1.0f;
    run();
    // The same formula in double: within 1e-5 relative (+ 1e-6 absolute;
    // the float chain rounds nine times, and Exp is within a few ulp).
    uint32_t wrong = 0;
    for (uint32_t i = 0; i < kTotal; ++i) {
      const double v = static_cast<double>(x[i] + y[i]);  // the float add, as the kernel does
      const double ref = v / (1.0 + std::exp(-1.5957691 * (v + 0.044715 * v * v * v)));
      wrong += !(std::fabs(z[i] - ref) <= 1e-5 * std::fabs(ref) + 1e-6);
    }
    std::printf("%-24s %s\n", c.name, wrong == 0 ? "PASS" : "FAIL");
    pass = pass && wrong == 0;
    variants.push_back({c.name, run});
  }

  aicore::bench::CompareOptions opt;
  opt.reps = 20;  // enough for the ratios; kept small: the example is a test (also sanitized)
  opt.min_warmup_ns = 0;
  opt.npu_estimate = true;
  opt.title = "gelu_variant: GELU(x + y), 8 blocks x 32768 float";
  opt.reports.csv = dir + "variants.csv";
  opt.reports.json = dir + "variants.json";
  opt.reports.svg = dir + "variants.svg";
  const std::vector<aicore::bench::VariantResult> res = aicore::bench::CompareVariants(variants, opt);

  std::printf("\n%s on %u CPU thread(s); NPU estimate: %s model\n", opt.title.c_str(), aicore::GetNumThreads(),
              aicore::profile::CurrentCostModel().soc);
  std::printf("%-24s %12s %16s %16s  %s\n", "variant", "CPU median", "CPU speed vs 1st", "NPU estimate",
              "NPU bound");
  for (const auto& r : res) {
    std::printf("%-24s %9.1f us %15.2fx %13.2f us  %s\n", r.name.c_str(), r.stats.median * 1e-3,
                res[0].stats.median / r.stats.median, r.npu_us, r.npu_bound.c_str());
  }
  std::printf("NPU estimate speed-up vs 1st:");
  for (const auto& r : res) std::printf("  %.2fx", res[0].npu_us / r.npu_us);
  std::printf("\n");

  // The pipe timeline of the double-buffered variant, as a picture and a trace.
  aicore::profile::EnableTimeline(true);
  variants[1].run();
  aicore::profile::EnableTimeline(false);
  const aicore::profile::TimelineEstimate e = aicore::profile::EstimateTimeline(aicore::profile::LastTimeline());
  std::fputs(aicore::profile::FormatEstimate(e).c_str(), stdout);
  aicore::profile::TimelineSvgOptions svg;
  svg.max_blocks = 2;
  const bool wrote = aicore::profile::WriteTimelineSvg(e, dir + "variants_timeline.svg", svg) &&
                     aicore::profile::WriteChromeTrace(e, dir + "variants_trace.json");
  std::printf("reports: %svariants.{csv,json,svg}, %svariants_timeline.svg, %svariants_trace.json%s\n", dir.c_str(),
              dir.c_str(), dir.c_str(), wrote ? "" : " (the timeline files could not be written)");
  return pass && wrote ? 0 : 1;
}
