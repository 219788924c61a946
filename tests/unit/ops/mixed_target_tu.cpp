// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// One translation unit of test_mixed_targets, compiled once per -march level
// (AICORE_TU_FN names its entry point). Both instantiate the same aicore
// templates; if their SIMD code shared symbol names, the linker would keep one
// copy and one TU would run code compiled for the other's target.
#include <aicore/aicore.h>

#include <vector>

#include "unit/ops/mixed_target_tu.h"

namespace {

template <class T>
__global__ __aicore__ void AddExp(GM_ADDR x, GM_ADDR y, GM_ADDR z, uint32_t perBlock) {
  AscendC::TPipe pipe;
  AscendC::TBuf<AscendC::TPosition::VECCALC> buf;
  pipe.InitBuffer(buf, 3 * perBlock * sizeof(T));
  AscendC::LocalTensor<T> lx = buf.Get<T>();
  AscendC::LocalTensor<T> ly = lx[perBlock];
  AscendC::LocalTensor<T> lz = lx[2 * perBlock];
  const uint64_t off = uint64_t{perBlock} * AscendC::GetBlockIdx();
  AscendC::GlobalTensor<T> gx, gy, gz;
  gx.SetGlobalBuffer((__gm__ T*)x + off, perBlock);
  gy.SetGlobalBuffer((__gm__ T*)y + off, perBlock);
  gz.SetGlobalBuffer((__gm__ T*)z + off, perBlock);
  AscendC::DataCopy(lx, gx, perBlock);
  AscendC::DataCopy(ly, gy, perBlock);
  AscendC::PipeBarrier<PIPE_ALL>();
  AscendC::Add(lz, lx, ly, static_cast<int32_t>(perBlock));
  AscendC::Exp(lz, lz, static_cast<int32_t>(perBlock));
  AscendC::PipeBarrier<PIPE_ALL>();
  AscendC::DataCopy(gz, lz, perBlock);
}

template <class T>
void Run(const float* x, const float* y, float* z, size_t n) {
  std::vector<T> tx(n), ty(n), tz(n);
  for (size_t i = 0; i < n; ++i) {
    tx[i] = T(x[i]);
    ty[i] = T(y[i]);
  }
  aicore::Launch(AddExp<T>, 4, reinterpret_cast<GM_ADDR>(tx.data()),
                 reinterpret_cast<GM_ADDR>(ty.data()), reinterpret_cast<GM_ADDR>(tz.data()),
                 static_cast<uint32_t>(n / 4));
  for (size_t i = 0; i < n; ++i) z[i] = static_cast<float>(tz[i]);
}

}  // namespace

namespace aicore_test {

TuReport AICORE_TU_FN(const float* x, const float* y, float* zf, float* zh, size_t n) {
  Run<float>(x, y, zf, n);
  Run<half>(x, y, zh, n);
  // Through volatile pointers, so that the compiler cannot inline the call or
  // fold the address: the program sees the copy the linker kept.
  const char* (*volatile name)() = &aicore::SimdTargetName;
  void (*volatile add)(const AscendC::LocalTensor<float>&, const AscendC::LocalTensor<float>&,
                       const AscendC::LocalTensor<float>&, const int32_t&, aicore::SrcLoc) =
      &AscendC::Add<float, true>;
  void (*volatile exp)(const AscendC::LocalTensor<half>&, const AscendC::LocalTensor<half>&,
                       const int32_t&, aicore::SrcLoc) = &AscendC::Exp<half, true>;
  return TuReport{name(), reinterpret_cast<const void*>(add), reinterpret_cast<const void*>(exp)};
}

}  // namespace aicore_test
