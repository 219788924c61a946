// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Sort and TopK with the 910B APIs, as an Ascend C author writes them.
//
// sort_bench: each block owns n / blockNum consecutive scores and walks them
// in tiles of `tile` elements (a multiple of 32, at most 255 * 32): copy the
// scores and their uint32 indices in, Concat, Sort<T, true> (the whole tile
// descending), Extract, copy the sorted values and indices out.
// topk_bench: rows of `inner` floats, `rowsPerTile` rows per call of TopK
// (Normal mode, k largest, positions as indices), the k_pad values of each
// row copied out.
#pragma once

#include <aicore/aicore.h>
#include <aicore/lib/sort.h>

struct SortBenchTiling {
  uint32_t n;     // a multiple of blockNum * tile
  uint32_t tile;  // elements per Sort call
};

template <typename T>
__global__ __aicore__ void sort_bench(GM_ADDR x, GM_ADDR idx, GM_ADDR z, GM_ADDR zi,
                                      SortBenchTiling t) {
  const uint32_t per = t.n / AscendC::GetBlockNum();
  const uint64_t off = uint64_t{per} * AscendC::GetBlockIdx();
  AscendC::GlobalTensor<T> xGm, zGm;
  AscendC::GlobalTensor<uint32_t> iGm, ziGm;
  xGm.SetGlobalBuffer((__gm__ T*)x + off, per);
  iGm.SetGlobalBuffer((__gm__ uint32_t*)idx + off, per);
  zGm.SetGlobalBuffer((__gm__ T*)z + off, per);
  ziGm.SetGlobalBuffer((__gm__ uint32_t*)zi + off, per);
  AscendC::TPipe pipe;
  AscendC::TQue<AscendC::QuePosition::VECIN, 1> qx, qi;
  AscendC::TQue<AscendC::QuePosition::VECOUT, 1> qv, qo;
  AscendC::TBuf<AscendC::TPosition::VECCALC> bsorted, btmp;
  pipe.InitBuffer(qx, 1, t.tile * sizeof(T));
  pipe.InitBuffer(qi, 1, t.tile * 4);
  pipe.InitBuffer(qv, 1, t.tile * sizeof(T));
  pipe.InitBuffer(qo, 1, t.tile * 4);
  pipe.InitBuffer(bsorted, t.tile * 8);
  pipe.InitBuffer(btmp, t.tile * 8);
  const int32_t rep = static_cast<int32_t>(t.tile / 32);
  for (uint32_t p = 0; p < per; p += t.tile) {
    AscendC::LocalTensor<T> xs = qx.AllocTensor<T>();
    AscendC::LocalTensor<uint32_t> is = qi.AllocTensor<uint32_t>();
    AscendC::DataCopy(xs, xGm[p], t.tile);
    AscendC::DataCopy(is, iGm[p], t.tile);
    qx.EnQue(xs);
    qi.EnQue(is);
    xs = qx.DeQue<T>();
    is = qi.DeQue<uint32_t>();
    AscendC::LocalTensor<T> sorted = bsorted.Get<T>();
    AscendC::LocalTensor<T> tmp = btmp.Get<T>();
    AscendC::LocalTensor<T> concat;
    AscendC::Concat(concat, xs, tmp, rep * 2 > 255 ? 255 : rep * 2);
    AscendC::Sort<T, true>(sorted, concat, is, tmp, rep);
    AscendC::LocalTensor<T> vs = qv.AllocTensor<T>();
    AscendC::LocalTensor<uint32_t> os = qo.AllocTensor<uint32_t>();
    AscendC::Extract(vs, os, sorted, rep);
    qx.FreeTensor(xs);
    qi.FreeTensor(is);
    qv.EnQue(vs);
    qo.EnQue(os);
    vs = qv.DeQue<T>();
    os = qo.DeQue<uint32_t>();
    AscendC::DataCopy(zGm[p], vs, t.tile);
    AscendC::DataCopy(ziGm[p], os, t.tile);
    qv.FreeTensor(vs);
    qo.FreeTensor(os);
  }
}

struct TopKBenchTiling {
  uint32_t rows, inner, rowsPerTile;
  int32_t k;
  uint32_t tmpBytes;
  AscendC::TopkTiling topk;  // TopKTilingFunc of one tile
};

__global__ __aicore__ inline void topk_bench(GM_ADDR x, GM_ADDR z, GM_ADDR zi, TopKBenchTiling t) {
  const uint32_t rows = t.rows / AscendC::GetBlockNum();
  const uint32_t r0 = rows * AscendC::GetBlockIdx();
  const uint32_t kpad = (static_cast<uint32_t>(t.k) + 7) / 8 * 8;
  AscendC::GlobalTensor<float> xGm, zGm;
  AscendC::GlobalTensor<int32_t> ziGm;
  xGm.SetGlobalBuffer((__gm__ float*)x + uint64_t{r0} * t.inner, uint64_t{rows} * t.inner);
  zGm.SetGlobalBuffer((__gm__ float*)z + uint64_t{r0} * kpad, uint64_t{rows} * kpad);
  ziGm.SetGlobalBuffer((__gm__ int32_t*)zi + uint64_t{r0} * kpad, uint64_t{rows} * kpad);
  AscendC::TPipe pipe;
  AscendC::TQue<AscendC::QuePosition::VECIN, 2> qx;
  AscendC::TQue<AscendC::QuePosition::VECOUT, 1> qv, qo;
  AscendC::TBuf<AscendC::TPosition::VECCALC> btmp, bidx, bfin;
  const uint32_t tileElems = t.rowsPerTile * t.inner;
  pipe.InitBuffer(qx, 2, tileElems * 4);
  pipe.InitBuffer(qv, 1, t.rowsPerTile * kpad * 4);
  pipe.InitBuffer(qo, 1, t.rowsPerTile * kpad * 4);
  pipe.InitBuffer(btmp, t.tmpBytes);
  pipe.InitBuffer(bidx, 32);
  pipe.InitBuffer(bfin, 32);
  AscendC::TopKInfo info;
  info.outter = static_cast<int32_t>(t.rowsPerTile);
  info.inner = static_cast<int32_t>(t.inner);
  info.n = static_cast<int32_t>(t.inner);
  for (uint32_t r = 0; r < rows; r += t.rowsPerTile) {
    AscendC::LocalTensor<float> xs = qx.AllocTensor<float>();
    AscendC::DataCopy(xs, xGm[uint64_t{r} * t.inner], tileElems);
    qx.EnQue(xs);
    xs = qx.DeQue<float>();
    AscendC::LocalTensor<float> vs = qv.AllocTensor<float>();
    AscendC::LocalTensor<int32_t> os = qo.AllocTensor<int32_t>();
    AscendC::LocalTensor<uint8_t> tmp = btmp.Get<uint8_t>();
    AscendC::LocalTensor<int32_t> sidx = bidx.Get<int32_t>();
    AscendC::LocalTensor<bool> fin = bfin.Get<bool>();
    AscendC::TopK<float>(vs, os, xs, sidx, fin, tmp, t.k, t.topk, info, true);
    qx.FreeTensor(xs);
    qv.EnQue(vs);
    qo.EnQue(os);
    vs = qv.DeQue<float>();
    os = qo.DeQue<int32_t>();
    AscendC::DataCopy(zGm[uint64_t{r} * kpad], vs, t.rowsPerTile * kpad);
    AscendC::DataCopy(ziGm[uint64_t{r} * kpad], os, t.rowsPerTile * kpad);
    qv.FreeTensor(vs);
    qo.FreeTensor(os);
  }
}
