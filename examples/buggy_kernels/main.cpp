// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// buggy_kernels: one small, deliberately buggy Ascend C kernel for each bug
// class the kernel sanitizer catches, with the report it produces.
//
//   buggy_kernels --list                      the classes, and which mode reports each
//   buggy_kernels gm_race uninit_read ...     run some classes
//   AICORE_SANITIZE=all ./buggy_kernels all   run every class with every deep check
//
// The program switches nothing itself: the O(1) checks are always on, the
// deep ones come from AICORE_SANITIZE. Each class launches its kernel with a
// name (AICORE_LAUNCH / aicore::LaunchNamed), so that reports name it, and
// catches the aicore::KernelError that a failed launch throws; then the next
// class runs. With a deep mode on, the sanitizer prints every report to
// stderr itself (the first one of a launch is also thrown); with none on,
// nothing is printed for us, so the program prints what it caught. A class
// whose bug only a deep mode sees says which mode to run it with.
//
// Every kernel is clean apart from its bug (the same kernel without the bug
// is silent under AICORE_SANITIZE=all), so each class prints exactly its own
// report(s). GM comes from aicore::GmAlloc: memcheck checks accesses against
// the allocation, initcheck knows which bytes the host wrote.
#include <aicore/aicore.h>

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <vector>

using namespace AscendC;

namespace {

constexpr uint32_t kBlocks = 4;   // blockDim of most launches
constexpr uint32_t kTile = 256;   // float elements per tile (1 KiB)

constexpr uint32_t CeilDiv(uint32_t a, uint32_t b) { return (a + b - 1) / b; }

// GM from GmAlloc, released at scope end. `loc` is where the buffer was
// allocated, as memcheck reports name it.
template <class T>
class GmBuffer {
 public:
  explicit GmBuffer(size_t n, aicore::SrcLoc loc = aicore::SrcLoc::Current())
      : p_(static_cast<T*>(aicore::GmAlloc(n * sizeof(T), loc))), n_(n) {}
  ~GmBuffer() { aicore::GmFree(p_); }
  GmBuffer(const GmBuffer&) = delete;
  GmBuffer& operator=(const GmBuffer&) = delete;

  GM_ADDR gm() const { return reinterpret_cast<GM_ADDR>(p_); }
  T& operator[](size_t i) { return p_[i]; }
  // The host writes every element (initcheck: the input is initialized).
  template <class F>
  void Fill(F f) {
    for (size_t i = 0; i < n_; ++i) p_[i] = T(f(i));
  }

 private:
  T* p_;
  size_t n_;
};

// Input data: small values in [-0.75, 0.75].
float Wave(size_t i) { return static_cast<float>(static_cast<int>(i % 97) - 48) / 64.0f; }

// ===========================================================================
// 1. gm_out_of_bounds (memcheck): y = 2x in tiles. The host tiling rounds
// each block's slice up to whole tiles, 1024 floats, but x holds 4000: the
// last tile of block 3 reads [3840, 4096). The GlobalTensors are bound
// without a size, so the always-on check cannot see it; on the NPU (and here
// without memcheck) the kernel reads what lies after x and writes past y.
// Fix: give the last block the remainder (and bind the GlobalTensors with
// their sizes).
void scale_slices(GM_ADDR x, GM_ADDR y, uint32_t blockLength) {
  TPipe pipe;
  TQue<TPosition::VECIN, 2> inQ;
  TQue<TPosition::VECOUT, 2> outQ;
  pipe.InitBuffer(inQ, 2, kTile * sizeof(float));
  pipe.InitBuffer(outQ, 2, kTile * sizeof(float));
  GlobalTensor<float> xGm, yGm;
  xGm.SetGlobalBuffer((__gm__ float*)x + blockLength * GetBlockIdx());  // unsized
  yGm.SetGlobalBuffer((__gm__ float*)y + blockLength * GetBlockIdx());
  for (uint32_t t = 0; t < blockLength / kTile; ++t) {
    LocalTensor<float> xl = inQ.AllocTensor<float>();
    DataCopy(xl, xGm[t * kTile], kTile);  // BUG: block 3, tile 3 runs past the end of x
    inQ.EnQue(xl);
    xl = inQ.DeQue<float>();
    LocalTensor<float> yl = outQ.AllocTensor<float>();
    Muls(yl, xl, 2.0f, kTile);
    outQ.EnQue(yl);
    inQ.FreeTensor(xl);
    yl = outQ.DeQue<float>();
    DataCopy(yGm[t * kTile], yl, kTile);
    outQ.FreeTensor(yl);
  }
}

void RunGmOutOfBounds() {
  constexpr uint32_t kTotal = 4000;
  GmBuffer<float> x(kTotal), y(kTotal);
  x.Fill(Wave);
  const uint32_t blockLength = CeilDiv(CeilDiv(kTotal, kBlocks), kTile) * kTile;  // 1024
  AICORE_LAUNCH(scale_slices, kBlocks, x.gm(), y.gm(), blockLength);
}

// ===========================================================================
// 2. ub_capacity (always on): z = x + y in half, double-buffered. The tile
// was sized as UB / 3 queues, forgetting that each queue holds BUFFER_NUM = 2
// tiles: 3 x 2 x 64 KiB do not fit in the 192 KiB UB. Fix: UB / (3 * 2).
constexpr uint32_t kBufferNum = 2;

void add_big_tiles(GM_ADDR x, GM_ADDR y, GM_ADDR z, uint32_t tileLength) {
  TPipe pipe;
  TQue<TPosition::VECIN, kBufferNum> inX, inY;
  TQue<TPosition::VECOUT, kBufferNum> outZ;
  pipe.InitBuffer(inX, kBufferNum, tileLength * sizeof(half));
  pipe.InitBuffer(inY, kBufferNum, tileLength * sizeof(half));  // BUG: UB is full
  pipe.InitBuffer(outZ, kBufferNum, tileLength * sizeof(half));
  const int64_t offset = int64_t{tileLength} * GetBlockIdx();
  GlobalTensor<half> xGm, yGm, zGm;
  xGm.SetGlobalBuffer((__gm__ half*)x + offset, tileLength);
  yGm.SetGlobalBuffer((__gm__ half*)y + offset, tileLength);
  zGm.SetGlobalBuffer((__gm__ half*)z + offset, tileLength);
  LocalTensor<half> xl = inX.AllocTensor<half>(), yl = inY.AllocTensor<half>();
  DataCopy(xl, xGm, tileLength);
  DataCopy(yl, yGm, tileLength);
  inX.EnQue(xl);
  inY.EnQue(yl);
  xl = inX.DeQue<half>();
  yl = inY.DeQue<half>();
  LocalTensor<half> zl = outZ.AllocTensor<half>();
  Add(zl, xl, yl, tileLength);
  outZ.EnQue(zl);
  inX.FreeTensor(xl);
  inY.FreeTensor(yl);
  zl = outZ.DeQue<half>();
  DataCopy(zGm, zl, tileLength);
  outZ.FreeTensor(zl);
}

void RunUbCapacity() {
  constexpr uint32_t kUbBytes = 192 * 1024;
  const uint32_t tileLength = kUbBytes / 3 / sizeof(half);  // BUG: 32768 halfs, per buffer
  GmBuffer<half> x(kBlocks * tileLength), y(kBlocks * tileLength), z(kBlocks * tileLength);
  x.Fill(Wave);
  y.Fill(Wave);
  AICORE_LAUNCH(add_big_tiles, kBlocks, x.gm(), y.gm(), z.gm(), tileLength);
}

// ===========================================================================
// 3. operand_out_of_buffer (always on): z = x + y over a 1000-float tile with
// the repeat form (64 float lanes per repeat). repeatTimes is rounded up to
// 16 with a full mask, so the last repeat covers 64 lanes where 40 remain:
// the 16 repeats touch 4096 bytes of 4000-byte buffers, and on the NPU the
// write lands in the next buffer. Fix: a mask of 40 lanes for the last
// repeat, or the count form Add(zl, xl, yl, tileLength).
void add_repeat_form(GM_ADDR x, GM_ADDR y, GM_ADDR z, uint32_t tileLength) {
  TPipe pipe;
  TQue<TPosition::VECIN, 1> inX, inY;
  TQue<TPosition::VECOUT, 1> outZ;
  pipe.InitBuffer(inX, 1, tileLength * sizeof(float));
  pipe.InitBuffer(inY, 1, tileLength * sizeof(float));
  pipe.InitBuffer(outZ, 1, tileLength * sizeof(float));
  const int64_t offset = int64_t{tileLength} * GetBlockIdx();
  GlobalTensor<float> xGm, yGm, zGm;
  xGm.SetGlobalBuffer((__gm__ float*)x + offset, tileLength);
  yGm.SetGlobalBuffer((__gm__ float*)y + offset, tileLength);
  zGm.SetGlobalBuffer((__gm__ float*)z + offset, tileLength);
  LocalTensor<float> xl = inX.AllocTensor<float>(), yl = inY.AllocTensor<float>();
  DataCopy(xl, xGm, tileLength);
  DataCopy(yl, yGm, tileLength);
  inX.EnQue(xl);
  inY.EnQue(yl);
  xl = inX.DeQue<float>();
  yl = inY.DeQue<float>();
  LocalTensor<float> zl = outZ.AllocTensor<float>();
  constexpr uint32_t kLanes = 256 / sizeof(float);                  // per repeat
  const int32_t repeatTimes = CeilDiv(tileLength, kLanes);          // BUG: 16, last one partial
  Add(zl, xl, yl, kLanes, repeatTimes, BinaryRepeatParams(1, 1, 1, 8, 8, 8));
  outZ.EnQue(zl);
  inX.FreeTensor(xl);
  inY.FreeTensor(yl);
  zl = outZ.DeQue<float>();
  DataCopy(zGm, zl, tileLength);
  outZ.FreeTensor(zl);
}

void RunOperandOutOfBuffer() {
  constexpr uint32_t kTileLength = 1000;
  GmBuffer<float> x(kBlocks * kTileLength), y(kBlocks * kTileLength), z(kBlocks * kTileLength);
  x.Fill(Wave);
  y.Fill(Wave);
  AICORE_LAUNCH(add_repeat_form, kBlocks, x.gm(), y.gm(), z.gm(), kTileLength);
}

// ===========================================================================
// 4. misaligned_operand (always on): pads each row with 3 zeros in front
// (the left padding of a 7-tap convolution) by copying the row to yl[3],
// 12 bytes into the buffer. DataCopy and vector instructions need 32-byte
// aligned UB addresses; on the NPU this is the "illegal instruction,
// usually caused by unaligned UB addresses" crash. Fix: pad by one 32-byte
// block (8 floats) and skip 5 of them, or DataCopyPad with leftPadding.
void pad_rows(GM_ADDR x, GM_ADDR y, uint32_t rowLength) {
  TPipe pipe;
  TBuf<> rowBuf;
  const uint32_t padded = rowLength + 8;  // 3 zeros in front, room to stay 32-byte sized
  pipe.InitBuffer(rowBuf, padded * sizeof(float));
  GlobalTensor<float> xGm, yGm;
  xGm.SetGlobalBuffer((__gm__ float*)x + int64_t{rowLength} * GetBlockIdx(), rowLength);
  yGm.SetGlobalBuffer((__gm__ float*)y + int64_t{padded} * GetBlockIdx(), padded);
  LocalTensor<float> yl = rowBuf.Get<float>();
  Duplicate(yl, 0.0f, padded);
  SetFlag<HardEvent::V_MTE2>(EVENT_ID0);
  WaitFlag<HardEvent::V_MTE2>(EVENT_ID0);
  DataCopy(yl[3], xGm, rowLength);  // BUG: UB address 12 is not 32-byte aligned
  SetFlag<HardEvent::MTE2_MTE3>(EVENT_ID0);
  WaitFlag<HardEvent::MTE2_MTE3>(EVENT_ID0);
  DataCopy(yGm, yl, padded);
}

void RunMisalignedOperand() {
  constexpr uint32_t kRow = 256;
  GmBuffer<float> x(kBlocks * kRow), y(kBlocks * (kRow + 8));
  x.Fill(Wave);
  AICORE_LAUNCH(pad_rows, kBlocks, x.gm(), y.gm(), kRow);
}

// ===========================================================================
// 5. bad_parameter (always on): y = 2x over a 16384-float tile with one
// repeat-form Muls: 16384 / 64 lanes = 256 repeats, but repeatTimes is an
// 8-bit field (at most 255; the NPU would run 0 repeats). Fix: split the
// call, or use the count form Muls(yl, xl, 2.0f, tileLength).
void scale_one_call(GM_ADDR x, GM_ADDR y, uint32_t tileLength) {
  TPipe pipe;
  TQue<TPosition::VECIN, 1> inQ;
  TQue<TPosition::VECOUT, 1> outQ;
  pipe.InitBuffer(inQ, 1, tileLength * sizeof(float));
  pipe.InitBuffer(outQ, 1, tileLength * sizeof(float));
  const int64_t offset = int64_t{tileLength} * GetBlockIdx();
  GlobalTensor<float> xGm, yGm;
  xGm.SetGlobalBuffer((__gm__ float*)x + offset, tileLength);
  yGm.SetGlobalBuffer((__gm__ float*)y + offset, tileLength);
  LocalTensor<float> xl = inQ.AllocTensor<float>();
  DataCopy(xl, xGm, tileLength);
  inQ.EnQue(xl);
  xl = inQ.DeQue<float>();
  LocalTensor<float> yl = outQ.AllocTensor<float>();
  constexpr uint32_t kLanes = 256 / sizeof(float);
  const int32_t repeatTimes = tileLength / kLanes;  // BUG: 256
  Muls(yl, xl, 2.0f, kLanes, repeatTimes, UnaryRepeatParams(1, 1, 8, 8));
  outQ.EnQue(yl);
  inQ.FreeTensor(xl);
  yl = outQ.DeQue<float>();
  DataCopy(yGm, yl, tileLength);
  outQ.FreeTensor(yl);
}

void RunBadParameter() {
  constexpr uint32_t kTileLength = 16384;
  GmBuffer<float> x(kBlocks * kTileLength), y(kBlocks * kTileLength);
  x.Fill(Wave);
  AICORE_LAUNCH(scale_one_call, kBlocks, x.gm(), y.gm(), kTileLength);
}

// ===========================================================================
// The canonical double-buffered add kernel (CopyIn -> Compute -> CopyOut over
// TQue queues) with one mistake in Compute, chosen by kBug: the kernels of
// classes 6 and 7.
enum class AddBug { kDeQueTwice, kFreeTooEarly };

template <AddBug kBug>
class KernelAdd {
 public:
  void Init(GM_ADDR x, GM_ADDR y, GM_ADDR z, uint32_t blockLength) {
    tiles_ = blockLength / kTile;
    const int64_t offset = int64_t{blockLength} * GetBlockIdx();
    xGm_.SetGlobalBuffer((__gm__ half*)x + offset, blockLength);
    yGm_.SetGlobalBuffer((__gm__ half*)y + offset, blockLength);
    zGm_.SetGlobalBuffer((__gm__ half*)z + offset, blockLength);
    pipe_.InitBuffer(inX_, kBufferNum, kTile * sizeof(half));
    pipe_.InitBuffer(inY_, kBufferNum, kTile * sizeof(half));
    pipe_.InitBuffer(outZ_, kBufferNum, kTile * sizeof(half));
  }
  void Process() {
    for (uint32_t t = 0; t < tiles_; ++t) {
      CopyIn(t);
      Compute();
      CopyOut(t);
    }
  }

 private:
  void CopyIn(uint32_t t) {
    LocalTensor<half> xl = inX_.AllocTensor<half>();
    LocalTensor<half> yl = inY_.AllocTensor<half>();
    DataCopy(xl, xGm_[t * kTile], kTile);
    DataCopy(yl, yGm_[t * kTile], kTile);
    inX_.EnQue(xl);
    inY_.EnQue(yl);
  }
  void Compute() {
    LocalTensor<half> xl = inX_.DeQue<half>();
    LocalTensor<half> yl;
    if constexpr (kBug == AddBug::kDeQueTwice) {
      yl = inX_.DeQue<half>();  // BUG (class 6): copy-pasted, should be inY_
    } else {
      yl = inY_.DeQue<half>();
    }
    LocalTensor<half> zl = outZ_.AllocTensor<half>();
    if constexpr (kBug == AddBug::kFreeTooEarly) {
      inX_.FreeTensor(xl);  // BUG (class 7): released before its last use below
    }
    Add(zl, xl, yl, kTile);
    outZ_.EnQue(zl);
    if constexpr (kBug != AddBug::kFreeTooEarly) inX_.FreeTensor(xl);
    inY_.FreeTensor(yl);
  }
  void CopyOut(uint32_t t) {
    LocalTensor<half> zl = outZ_.DeQue<half>();
    DataCopy(zGm_[t * kTile], zl, kTile);
    outZ_.FreeTensor(zl);
  }

  TPipe pipe_;
  TQue<TPosition::VECIN, kBufferNum> inX_, inY_;
  TQue<TPosition::VECOUT, kBufferNum> outZ_;
  GlobalTensor<half> xGm_, yGm_, zGm_;
  uint32_t tiles_ = 0;
};

// Runs `kernel` (x, y, z, blockLength) on half inputs of kBlocks x 1024.
template <class Kernel>
void RunAdd(const char* name, Kernel kernel) {
  constexpr uint32_t kBlockLength = 1024;
  GmBuffer<half> x(kBlocks * kBlockLength), y(kBlocks * kBlockLength), z(kBlocks * kBlockLength);
  x.Fill(Wave);
  y.Fill(Wave);
  aicore::LaunchNamed(name, kernel, kBlocks, x.gm(), y.gm(), z.gm(), kBlockLength);
}

// 6. deque_on_empty (always on): Compute dequeues x twice; the second DeQue
// finds the queue empty (on the NPU the core waits forever).
void add_deque_twice(GM_ADDR x, GM_ADDR y, GM_ADDR z, uint32_t blockLength) {
  KernelAdd<AddBug::kDeQueTwice> op;
  op.Init(x, y, z, blockLength);
  op.Process();
}
void RunDeQueOnEmpty() { RunAdd("add_deque_twice", add_deque_twice); }

// 7. use_after_free (always on): Compute returns x's buffer to its queue
// before the Add that reads it; on the NPU the next CopyIn may already be
// overwriting it.
void add_free_early(GM_ADDR x, GM_ADDR y, GM_ADDR z, uint32_t blockLength) {
  KernelAdd<AddBug::kFreeTooEarly> op;
  op.Init(x, y, z, blockLength);
  op.Process();
}
void RunUseAfterFree() { RunAdd("add_free_early", add_free_early); }

// ===========================================================================
// z = x + y with both inputs staged in TBufs and hand-written flags (no
// queues for the inputs): the kernels of classes 8 and 9, one tile per block.
enum class FlagBug { kSetTwice, kNoMte2V };

template <FlagBug kBug>
void AddTBuf(GM_ADDR x, GM_ADDR y, GM_ADDR z) {
  TPipe pipe;
  TBuf<> xb, yb;
  TQue<TPosition::VECOUT, 1> outZ;
  pipe.InitBuffer(xb, kTile * sizeof(float));
  pipe.InitBuffer(yb, kTile * sizeof(float));
  pipe.InitBuffer(outZ, 1, kTile * sizeof(float));
  const int64_t offset = int64_t{kTile} * GetBlockIdx();
  GlobalTensor<float> xGm, yGm, zGm;
  xGm.SetGlobalBuffer((__gm__ float*)x + offset, kTile);
  yGm.SetGlobalBuffer((__gm__ float*)y + offset, kTile);
  zGm.SetGlobalBuffer((__gm__ float*)z + offset, kTile);
  LocalTensor<float> xl = xb.Get<float>(), yl = yb.Get<float>();
  if constexpr (kBug == FlagBug::kSetTwice) {
    DataCopy(xl, xGm, kTile);
    SetFlag<HardEvent::MTE2_V>(EVENT_ID0);
    DataCopy(yl, yGm, kTile);
    SetFlag<HardEvent::MTE2_V>(EVENT_ID0);  // BUG (class 8): EVENT_ID0 is still set
    WaitFlag<HardEvent::MTE2_V>(EVENT_ID0);
  } else {
    DataCopy(xl, xGm, kTile);
    DataCopy(yl, yGm, kTile);
    // BUG (class 9): no SetFlag/WaitFlag<HardEvent::MTE2_V> here
  }
  LocalTensor<float> zl = outZ.AllocTensor<float>();
  Add(zl, xl, yl, kTile);
  outZ.EnQue(zl);
  zl = outZ.DeQue<float>();
  DataCopy(zGm, zl, kTile);
  outZ.FreeTensor(zl);
}

template <class Kernel>
void RunAddTBuf(const char* name, Kernel kernel) {
  GmBuffer<float> x(kBlocks * kTile), y(kBlocks * kTile), z(kBlocks * kTile);
  x.Fill(Wave);
  y.Fill(Wave);
  aicore::LaunchNamed(name, kernel, kBlocks, x.gm(), y.gm(), z.gm());
}

// 8. duplicate_setflag (always on): both copy-ins signal the same event id,
// and one WaitFlag follows; on the NPU the second set of a pending flag is
// lost or stalls. Fix: one SetFlag after both copies (or two event ids).
void add_set_twice(GM_ADDR x, GM_ADDR y, GM_ADDR z) { AddTBuf<FlagBug::kSetTwice>(x, y, z); }
void RunDuplicateSetFlag() { RunAddTBuf("add_set_twice", add_set_twice); }

// 9. pipe_hazard (synccheck): the Add (V pipe) reads the TBufs the DataCopy
// (MTE2 pipe) writes with nothing ordering the two pipes. On the CPU
// everything runs in program order and the result is right; on the NPU the
// Add may read the tile before it arrives.
void add_no_flag(GM_ADDR x, GM_ADDR y, GM_ADDR z) { AddTBuf<FlagBug::kNoMte2V>(x, y, z); }
void RunPipeHazard() { RunAddTBuf("add_no_flag", add_no_flag); }

// ===========================================================================
// 10. gm_race (racecheck): y = x + 1. The tiling gives each block 1000
// floats (offset b * 1000), but the loop copies whole tiles: 4 x 256 = 1024,
// so each block also writes the first 24 floats of the next block's range
// (the buffers are padded to whole tiles, so nothing runs past them). Which
// block's values remain depends on timing on the NPU. Fix: copy the tail
// tile with its own length (DataCopyPad for lengths that are not 32-byte
// multiples).
void add_one_tiled(GM_ADDR x, GM_ADDR y, uint32_t blockLength) {
  TPipe pipe;
  TQue<TPosition::VECIN, 2> inQ;
  TQue<TPosition::VECOUT, 2> outQ;
  pipe.InitBuffer(inQ, 2, kTile * sizeof(float));
  pipe.InitBuffer(outQ, 2, kTile * sizeof(float));
  GlobalTensor<float> xGm, yGm;
  xGm.SetGlobalBuffer((__gm__ float*)x + int64_t{blockLength} * GetBlockIdx());
  yGm.SetGlobalBuffer((__gm__ float*)y + int64_t{blockLength} * GetBlockIdx());
  const uint32_t tiles = CeilDiv(blockLength, kTile);  // 4, the last one partial
  for (uint32_t t = 0; t < tiles; ++t) {
    LocalTensor<float> xl = inQ.AllocTensor<float>();
    DataCopy(xl, xGm[t * kTile], kTile);
    inQ.EnQue(xl);
    xl = inQ.DeQue<float>();
    LocalTensor<float> yl = outQ.AllocTensor<float>();
    Adds(yl, xl, 1.0f, kTile);
    outQ.EnQue(yl);
    inQ.FreeTensor(xl);
    yl = outQ.DeQue<float>();
    DataCopy(yGm[t * kTile], yl, kTile);  // BUG: the last tile writes 24 floats too many
    outQ.FreeTensor(yl);
  }
}

void RunGmRace() {
  constexpr uint32_t kTotal = 4000;
  constexpr uint32_t kPadded = 4096;  // whole tiles
  GmBuffer<float> x(kPadded), y(kPadded);
  x.Fill([](size_t i) { return i < kTotal ? Wave(i) : 0.0f; });
  // The race is real: on several threads the overlapping writes of two
  // blocks race in this process too (ThreadSanitizer sees them). racecheck
  // finds races from the logged accesses, not from timing, so the blocks
  // run one after another here and the demo stays deterministic.
  const uint32_t threads = aicore::GetNumThreads();
  aicore::SetNumThreads(1);
  struct Restore {
    uint32_t n;
    ~Restore() { aicore::SetNumThreads(n); }
  } restore{threads};
  AICORE_LAUNCH(add_one_tiled, kBlocks, x.gm(), y.gm(), kTotal / kBlocks);
}

// ===========================================================================
// 11. uninit_read (initcheck): each block sums its 1000 floats, tile by tile,
// into an accumulator tile, then reduces it. The last tile holds 232 floats
// (a 928-byte copy) but is added as a whole 256-float tile: the 24 lanes
// after the copy hold whatever the previous tile left in the buffer, and the
// sum is wrong. Fix: Add(acc, acc, xl, len) (or zero the tile first).
void block_sum(GM_ADDR x, GM_ADDR sums, uint32_t blockLength) {
  TPipe pipe;
  TQue<TPosition::VECIN, 2> inQ;
  TQue<TPosition::VECOUT, 1> outQ;
  TBuf<> accBuf, workBuf;
  pipe.InitBuffer(inQ, 2, kTile * sizeof(float));
  pipe.InitBuffer(outQ, 1, 8 * sizeof(float));
  pipe.InitBuffer(accBuf, kTile * sizeof(float));
  pipe.InitBuffer(workBuf, kTile * sizeof(float));
  GlobalTensor<float> xGm, sumGm;
  xGm.SetGlobalBuffer((__gm__ float*)x + int64_t{blockLength} * GetBlockIdx(), blockLength);
  sumGm.SetGlobalBuffer((__gm__ float*)sums + 8 * GetBlockIdx(), 8);
  LocalTensor<float> acc = accBuf.Get<float>();
  Duplicate(acc, 0.0f, kTile);
  for (uint32_t t = 0; t * kTile < blockLength; ++t) {
    const uint32_t len = blockLength - t * kTile < kTile ? blockLength - t * kTile : kTile;
    LocalTensor<float> xl = inQ.AllocTensor<float>();
    DataCopy(xl, xGm[t * kTile], len);
    inQ.EnQue(xl);
    xl = inQ.DeQue<float>();
    Add(acc, acc, xl, kTile);  // BUG: the tail tile has only `len` elements
    inQ.FreeTensor(xl);
  }
  LocalTensor<float> sum = outQ.AllocTensor<float>();
  Duplicate(sum, 0.0f, 8);
  ReduceSum(sum, acc, workBuf.Get<float>(), kTile);
  outQ.EnQue(sum);
  sum = outQ.DeQue<float>();
  DataCopy(sumGm, sum, 8);
  outQ.FreeTensor(sum);
}

void RunUninitRead() {
  constexpr uint32_t kBlockLength = 1000;  // 3 tiles + a tail of 232
  GmBuffer<float> x(kBlocks * kBlockLength), sums(kBlocks * 8);
  x.Fill(Wave);
  AICORE_LAUNCH(block_sum, kBlocks, x.gm(), sums.gm(), kBlockLength);
}

// ===========================================================================
// 12. deadlock (synccheck): block 0 waits for a "partials ready" flag in GM
// before the SyncAll, but the last block sets it only after the SyncAll,
// which it cannot pass until block 0 arrives. No block makes progress; on
// the NPU the device hangs. With synccheck the watchdog reports every
// block's state after the limit (300 ms here, unless AICORE_WATCHDOG_SECONDS
// is set; the default is 10 s). Fix: SyncAll alone orders the phases.
void two_phase_sum(GM_ADDR flag) {
  GlobalTensor<int32_t> ready;
  ready.SetGlobalBuffer((__gm__ int32_t*)flag, 8);
  // (phase 1: every block writes its partial sum)
  if (GetBlockIdx() == 0) {
    while (ready.GetValue(0) == 0) {  // BUG: set only after the SyncAll below
    }
  }
  SyncAll();
  if (GetBlockIdx() == GetBlockNum() - 1) ready.SetValue(0, 1);
  // (phase 2: block 0 combines the partial sums)
}

void RunDeadlock() {
  GmBuffer<int32_t> flag(8);
  flag.Fill([](size_t) { return 0; });
  const auto limit = aicore::GetWatchdogTimeout();
  if (std::getenv("AICORE_WATCHDOG_SECONDS") == nullptr) {
    aicore::SetWatchdogTimeout(std::chrono::milliseconds(300));
  }
  struct Restore {
    std::chrono::milliseconds limit;
    ~Restore() { aicore::SetWatchdogTimeout(limit); }
  } restore{limit};
  // SyncAll needs every block resident at once: a cooperative launch.
  aicore::LaunchCooperative("two_phase_sum", two_phase_sum, kBlocks, flag.gm());
}

// ===========================================================================
// 13. exception (always on): per-block scale factors are looked up with
// std::vector::at in a table built for 7 blocks; the launch has 8, and
// block 7 throws std::out_of_range. The launch fails with one report naming
// the block; the process goes on. (A CPU-only failure mode: host C++ called
// from kernel code.)
void scale_per_block(GM_ADDR x, GM_ADDR y, const std::vector<float>* scales) {
  TPipe pipe;
  TQue<TPosition::VECIN, 1> inQ;
  TQue<TPosition::VECOUT, 1> outQ;
  pipe.InitBuffer(inQ, 1, kTile * sizeof(float));
  pipe.InitBuffer(outQ, 1, kTile * sizeof(float));
  GlobalTensor<float> xGm, yGm;
  xGm.SetGlobalBuffer((__gm__ float*)x + int64_t{kTile} * GetBlockIdx(), kTile);
  yGm.SetGlobalBuffer((__gm__ float*)y + int64_t{kTile} * GetBlockIdx(), kTile);
  LocalTensor<float> xl = inQ.AllocTensor<float>();
  DataCopy(xl, xGm, kTile);
  inQ.EnQue(xl);
  xl = inQ.DeQue<float>();
  LocalTensor<float> yl = outQ.AllocTensor<float>();
  const float scale = scales->at(GetBlockIdx());  // BUG: 7 entries, 8 blocks
  Muls(yl, xl, scale, kTile);
  outQ.EnQue(yl);
  inQ.FreeTensor(xl);
  yl = outQ.DeQue<float>();
  DataCopy(yGm, yl, kTile);
  outQ.FreeTensor(yl);
}

void RunException() {
  constexpr uint32_t kBlockDim = 8;
  const std::vector<float> scales(kBlockDim - 1, 0.5f);  // BUG: one per block but the last
  GmBuffer<float> x(kBlockDim * kTile), y(kBlockDim * kTile);
  x.Fill(Wave);
  AICORE_LAUNCH(scale_per_block, kBlockDim, x.gm(), y.gm(), &scales);
}

// ===========================================================================
// 14. numeric (numcheck): the sum of squares of an RMSNorm computed in
// half: 300 * 300 = 90000 overflows half (max 65504) into +Inf, and the
// whole row normalizes to 0. Fix: Cast to float before squaring.
void square_half(GM_ADDR x, GM_ADDR y, uint32_t blockLength) {
  TPipe pipe;
  TQue<TPosition::VECIN, 2> inQ;
  TQue<TPosition::VECOUT, 2> outQ;
  pipe.InitBuffer(inQ, 2, kTile * sizeof(half));
  pipe.InitBuffer(outQ, 2, kTile * sizeof(half));
  const int64_t offset = int64_t{blockLength} * GetBlockIdx();
  GlobalTensor<half> xGm, yGm;
  xGm.SetGlobalBuffer((__gm__ half*)x + offset, blockLength);
  yGm.SetGlobalBuffer((__gm__ half*)y + offset, blockLength);
  for (uint32_t t = 0; t < blockLength / kTile; ++t) {
    LocalTensor<half> xl = inQ.AllocTensor<half>();
    DataCopy(xl, xGm[t * kTile], kTile);
    inQ.EnQue(xl);
    xl = inQ.DeQue<half>();
    LocalTensor<half> yl = outQ.AllocTensor<half>();
    Mul(yl, xl, xl, kTile);  // BUG: x^2 in half
    outQ.EnQue(yl);
    inQ.FreeTensor(xl);
    yl = outQ.DeQue<half>();
    DataCopy(yGm[t * kTile], yl, kTile);
    outQ.FreeTensor(yl);
  }
}

void RunNumeric() {
  constexpr uint32_t kBlockLength = 1024;
  GmBuffer<half> x(kBlocks * kBlockLength), y(kBlocks * kBlockLength);
  x.Fill([](size_t i) { return Wave(i) * 100.0f; });  // |x| <= 75: x^2 fits in half
  x[2 * kBlockLength + 300] = half(300.0f);           // one activation outlier in block 2
  AICORE_LAUNCH(square_half, kBlocks, x.gm(), y.gm(), kBlockLength);
}

// ===========================================================================
// 15. host: the cleanup frees x twice instead of freeing the workspace
// (always on: GmFree reports the double free), so the workspace is never
// released (memcheck reports the leak when the program exits).
void copy_with_workspace(GM_ADDR x, GM_ADDR y, GM_ADDR workspace) {
  (void)workspace;  // (scratch for a larger kernel)
  TPipe pipe;
  TQueBind<TPosition::VECIN, TPosition::VECOUT, 1> q;  // GM -> UB -> GM
  pipe.InitBuffer(q, 1, kTile * sizeof(float));
  GlobalTensor<float> xGm, yGm;
  xGm.SetGlobalBuffer((__gm__ float*)x + int64_t{kTile} * GetBlockIdx(), kTile);
  yGm.SetGlobalBuffer((__gm__ float*)y + int64_t{kTile} * GetBlockIdx(), kTile);
  LocalTensor<float> t = q.AllocTensor<float>();
  DataCopy(t, xGm, kTile);
  q.EnQue(t);
  t = q.DeQue<float>();
  DataCopy(yGm, t, kTile);
  q.FreeTensor(t);
}

void RunHost() {
  auto* x = static_cast<float*>(aicore::GmAlloc(kBlocks * kTile * sizeof(float)));
  auto* y = static_cast<float*>(aicore::GmAlloc(kBlocks * kTile * sizeof(float)));
  void* workspace = aicore::GmAlloc(64 * 1024);  // never released (see below)
  for (uint32_t i = 0; i < kBlocks * kTile; ++i) x[i] = Wave(i);
  AICORE_LAUNCH(copy_with_workspace, kBlocks, reinterpret_cast<GM_ADDR>(x),
                reinterpret_cast<GM_ADDR>(y), static_cast<GM_ADDR>(workspace));
  aicore::GmFree(x);
  aicore::GmFree(y);
  aicore::GmFree(x);  // BUG: meant GmFree(workspace)
}

void AfterHost() {
  if ((aicore::GetSanitize() & aicore::kMemcheck) != 0) {
    std::printf("  the workspace never released is reported as a GM leak when the program exits\n");
  } else {
    std::printf("  no report for the workspace never released: run with AICORE_SANITIZE=memcheck "
                "(GM leaks are reported at exit)\n");
  }
}

// ===========================================================================

struct BugClass {
  const char* name;
  const char* summary;
  uint32_t modes;         // the deep mode(s) that report it; 0: always on
  void (*run)();
  bool hangs = false;     // without `modes` the kernel would hang: not run
  void (*after)() = nullptr;
};

const BugClass kClasses[] = {
    {"gm_out_of_bounds", "DataCopy past the end of a GmAlloc block (unsized GlobalTensor)",
     aicore::kMemcheck, RunGmOutOfBounds},
    {"ub_capacity", "InitBuffer beyond the UB", 0, RunUbCapacity},
    {"operand_out_of_buffer", "repeat-form Add whose footprint leaves its buffers", 0,
     RunOperandOutOfBuffer},
    {"misaligned_operand", "DataCopy into yl[3] (UB address not 32-byte aligned)", 0,
     RunMisalignedOperand},
    {"bad_parameter", "repeatTimes 256 (at most 255)", 0, RunBadParameter},
    {"deque_on_empty", "DeQue from a queue nothing was enqueued in", 0, RunDeQueOnEmpty},
    {"use_after_free", "LocalTensor used after FreeTensor", 0, RunUseAfterFree},
    {"duplicate_setflag", "SetFlag of an event id that is still set", 0, RunDuplicateSetFlag},
    {"pipe_hazard", "DataCopy GM->UB then Add with no MTE2_V flag", aicore::kSynccheck,
     RunPipeHazard},
    {"gm_race", "blocks writing overlapping output ranges (tail tile copied whole)",
     aicore::kRacecheck, RunGmRace},
    {"uninit_read", "tail tile copied short, then summed as a whole tile", aicore::kInitcheck,
     RunUninitRead},
    {"deadlock", "a block spins on a GM flag while the others wait in SyncAll",
     aicore::kSynccheck, RunDeadlock, true},
    {"exception", "a block throws std::out_of_range", 0, RunException},
    {"numeric", "half Mul overflows to +Inf", aicore::kNumcheck, RunNumeric},
    {"host", "GmFree twice; a GmAlloc block never freed (leak: memcheck, at exit)", 0, RunHost,
     false, AfterHost},
};
constexpr int kNumClasses = sizeof(kClasses) / sizeof(kClasses[0]);

std::string ModeNames(uint32_t modes) {
  static const struct {
    uint32_t bit;
    const char* name;
  } kNames[] = {{aicore::kMemcheck, "memcheck"},   {aicore::kRacecheck, "racecheck"},
                {aicore::kInitcheck, "initcheck"}, {aicore::kSynccheck, "synccheck"},
                {aicore::kNumcheck, "numcheck"}};
  std::string s;
  for (const auto& m : kNames) {
    if ((modes & m.bit) != 0) s += std::string(s.empty() ? "" : ",") + m.name;
  }
  return s.empty() ? "always on" : s;
}

void RunClass(int index) {
  const BugClass& c = kClasses[index];
  std::printf("[%2d] %s: %s\n", index + 1, c.name, c.summary);
  std::fflush(stdout);
  const bool mode_on = (aicore::GetSanitize() & c.modes) == c.modes;
  if (c.hangs && !mode_on) {
    std::printf("  skipped: without the deadlock watchdog this kernel hangs forever; run with "
                "AICORE_SANITIZE=%s\n",
                ModeNames(c.modes).c_str());
    return;
  }
  const uint64_t before = aicore::SanitizerErrorCount();
  try {
    c.run();
  } catch (const aicore::KernelError& e) {
    // With a deep mode on, the sanitizer has printed every report already
    // (this is the first one of the launch, thrown as well).
    if (aicore::GetSanitize() == 0) {
      std::fflush(stdout);
      std::fprintf(stderr, "%s\n", e.what());
      std::fflush(stderr);
    }
  }
  if (aicore::SanitizerErrorCount() == before) {
    if (!mode_on) {
      std::printf("  no report: run with AICORE_SANITIZE=%s\n", ModeNames(c.modes).c_str());
    } else {
      std::printf("  no report (unexpected: the sanitizer missed this bug)\n");
    }
  }
  if (c.after != nullptr) c.after();
  std::fflush(stdout);
}

void Usage(std::FILE* out) {
  std::fprintf(out,
               "usage: buggy_kernels all | --list | CLASS...\n"
               "Runs deliberately buggy kernels; switch the deep checks on with\n"
               "AICORE_SANITIZE=all (or memcheck,racecheck,initcheck,synccheck,numcheck).\n");
}

void List() {
  for (int i = 0; i < kNumClasses; ++i) {
    std::printf("%2d  %-22s %-10s %s\n", i + 1, kClasses[i].name,
                ModeNames(kClasses[i].modes).c_str(), kClasses[i].summary);
  }
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    Usage(stderr);
    return 2;
  }
  std::vector<int> selected;
  for (int a = 1; a < argc; ++a) {
    const std::string arg = argv[a];
    if (arg == "--list") {
      List();
      return 0;
    }
    if (arg == "-h" || arg == "--help") {
      Usage(stdout);
      return 0;
    }
    if (arg == "all") {
      for (int i = 0; i < kNumClasses; ++i) selected.push_back(i);
      continue;
    }
    int found = -1;
    for (int i = 0; i < kNumClasses; ++i) {
      if (arg == kClasses[i].name) found = i;
    }
    if (found < 0) {
      std::fprintf(stderr, "buggy_kernels: unknown class '%s' (see --list)\n", arg.c_str());
      return 2;
    }
    selected.push_back(found);
  }
  const uint32_t modes = aicore::GetSanitize();
  std::printf("AICORE_SANITIZE modes on: %s\n", modes == 0 ? "none" : ModeNames(modes).c_str());
  for (int i : selected) RunClass(i);
  // Non-zero when anything was reported (with AICORE_SANITIZE set, the
  // sanitizer's exit summary sets the status as well).
  return aicore::SanitizerExitCode();
}
