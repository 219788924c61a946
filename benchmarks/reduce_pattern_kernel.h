// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Bench kernel of the pattern reductions (lib/reduce_pattern.h): each block
// copies one tile of tileRows x cols floats into UB and calls ReduceSum or
// ReduceMax with pattern AR (one result per row) or RA (one per column)
// `iters` times on it (UB-resident), then writes the results to GM: AR at
// y[block * tileRows], RA at y[block * cols].
#pragma once

#include <aicore/aicore.h>
#include <aicore/lib/reduce_pattern.h>

struct ReducePatternBenchTiling {
  uint32_t tileRows;  // rows of the tile (AR results)
  uint32_t cols;      // a multiple of 8 (RA results)
  uint32_t iters;     // calls per tile
  uint32_t ar;        // 1: Pattern::Reduce::AR, 0: RA
  uint32_t max;       // 1: ReduceMax, 0: ReduceSum
};

template <class P>
__aicore__ inline void ReducePatternCall(const AscendC::LocalTensor<float>& y,
                                         const AscendC::LocalTensor<float>& x, const uint32_t* shape,
                                         bool max) {
  if (max) {
    AscendC::ReduceMax<float, P>(y, x, shape, true);
  } else {
    AscendC::ReduceSum<float, P>(y, x, shape, true);
  }
}

__global__ __aicore__ void reduce_pattern_bench(GM_ADDR x, GM_ADDR y, ReducePatternBenchTiling t) {
  AscendC::TPipe pipe;
  AscendC::TBuf<AscendC::TPosition::VECCALC> bx, by;
  const uint32_t n = t.tileRows * t.cols, nout = t.ar ? t.tileRows : t.cols;
  pipe.InitBuffer(bx, n * sizeof(float));
  pipe.InitBuffer(by, (nout * sizeof(float) + 31) / 32 * 32);
  AscendC::GlobalTensor<float> xGm, yGm;
  xGm.SetGlobalBuffer((__gm__ float*)x + uint64_t{n} * AscendC::GetBlockIdx(), n);
  yGm.SetGlobalBuffer((__gm__ float*)y + uint64_t{nout} * AscendC::GetBlockIdx(), nout);
  AscendC::LocalTensor<float> lx = bx.Get<float>(), ly = by.Get<float>();
  AscendC::DataCopy(lx, xGm, n);
  AscendC::PipeBarrier<PIPE_ALL>();
  const uint32_t shape[2] = {t.tileRows, t.cols};
  for (uint32_t it = 0; it < t.iters; ++it) {
    if (t.ar) {
      ReducePatternCall<AscendC::Pattern::Reduce::AR>(ly, lx, shape, t.max != 0);
    } else {
      ReducePatternCall<AscendC::Pattern::Reduce::RA>(ly, lx, shape, t.max != 0);
    }
  }
  AscendC::PipeBarrier<PIPE_ALL>();
  AscendC::DataCopy(yGm, ly, (nout + 7) / 8 * 8);
}
