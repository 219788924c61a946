// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// TPipe (owner of a core's on-chip memory), TQue/TQueBind (buffers with the
// FREE → OCCUPIED → ENQUE → DEQUE → FREE state machine) and TBuf (scratch).
#pragma once

#include <cstdint>
#include <exception>
#include <string>
#include <type_traits>

#include "aicore/base/defs.h"
#include "aicore/base/error.h"
#include "aicore/base/types.h"
#include "aicore/runtime/buffer_desc.h"
#include "aicore/memory/local_tensor.h"
#include "aicore/runtime/context.h"
#include "aicore/instrument/event.h"

namespace aicore {
namespace detail {

// A queue type's template arguments, for the messages of its cold paths.
struct QueueType {
  AscendC::TPosition src;
  AscendC::TPosition dst;
  int32_t depth;
};
// The cold paths of TQueBind<src, dst, depth> (non-template: one copy for
// every queue type). `bufs`/`num`: the queue's buffers.
AICORE_RT_FN std::string QueueName(QueueType q);
[[noreturn]] AICORE_RT_COLD AICORE_RT_FN void QueueFailState(QueueType q, const char* api,
                                                            const BufferDesc& b,
                                                            const char* expected, SrcLoc loc);
// FreeTensor (tensor true) / FreeBuffer of a buffer that is already free.
[[noreturn]] AICORE_RT_COLD AICORE_RT_FN void QueueFailFreed(QueueType q, const char* api,
                                                            const BufferDesc& b, bool tensor,
                                                            SrcLoc loc);
[[noreturn]] AICORE_RT_COLD AICORE_RT_FN void QueueFailNoFree(QueueType q, const BufferDesc* bufs,
                                                             uint8_t num, SrcLoc loc);
[[noreturn]] AICORE_RT_COLD AICORE_RT_FN void QueueFailNotInit(QueueType q, const char* api,
                                                              const BufferDesc* bufs, uint8_t num,
                                                              SrcLoc loc);
[[noreturn]] AICORE_RT_COLD AICORE_RT_FN void QueueNotOwned(QueueType q, const char* api,
                                                           const BufferDesc* b, SrcLoc loc);
[[noreturn]] AICORE_RT_COLD AICORE_RT_FN void QueueFailEmpty(QueueType q, SrcLoc loc);
[[noreturn]] AICORE_RT_COLD AICORE_RT_FN void QueueFailHandle(QueueType q, const char* api,
                                                             const void* handle, uint8_t num,
                                                             SrcLoc loc);
// At a queue's destruction: a buffer not returned with FreeTensor when the
// block ends is reported (deferred: destructors cannot throw).
AICORE_RT_FN void QueueCheckAllFree(const BufferDesc* bufs, uint8_t num);
// InitBuffer of a queue with `num` buffers outside 1 to kMaxQueueBuffers.
[[noreturn]] AICORE_RT_COLD AICORE_RT_FN void FailQueueBufferCount(const char* api, uint8_t num,
                                                                  SrcLoc loc);
// InitBuffer of a queue with a TQueConfig: num and len against its
// bufferNumber and bufferLen (0: any).
AICORE_RT_FN void QueueCheckConfig(const char* api, uint8_t num, uint32_t len, uint32_t number,
                                   uint32_t bufferLen, SrcLoc loc);
// TBuf::Get / GetWithOffset / GetBufferAddr on a TBuf without memory, with
// stale memory, or for bytes [offset, offset + bytes) outside it.
[[noreturn]] AICORE_RT_COLD AICORE_RT_FN void TBufFailCheck(const BufferDesc& d, const char* api,
                                                           uint64_t offset, uint64_t bytes,
                                                           SrcLoc loc);
[[noreturn]] AICORE_RT_COLD AICORE_RT_FN void TBufFailAlign(const BufferDesc& d, uint32_t offset,
                                                           size_t align, const char* type,
                                                           SrcLoc loc);
[[noreturn]] AICORE_RT_COLD AICORE_RT_FN void TBufFailHandle(const BufferDesc& d,
                                                            const void* handle, SrcLoc loc);

}  // namespace detail
}  // namespace aicore

namespace AscendC {

using TEventID = int8_t;

class TPipe;

// The most buffers one queue may own (event ids are a hardware resource).
constexpr int32_t kMaxQueueBuffers = 8;

// A queue's configuration, passed by address as TQue's third template
// argument (TQue<pos, depth, &config>). On a CPU only bufferNumber and
// bufferLen matter: when not 0, InitBuffer must give that many buffers of
// that length (the vendor asserts it). The data-layout flags (nd2nz, nz2nd,
// scmBlockGroup), the consumers and the event options change nothing.
struct TQueConfig {
  bool nd2nz = false;
  bool nz2nd = false;
  bool scmBlockGroup = false;
  uint32_t bufferLen = 0;
  uint32_t bufferNumber = 0;
  uint32_t consumerSize = 0;
  TPosition consumer[8] = {};
  bool enableStaticEvtId = false;
  bool enableLoopQueue = false;
};

constexpr TQueConfig GetTQueConfig(bool nd2nzIn, bool nz2ndIn, bool scmBlockGroupIn,
                                   uint32_t bufferLenIn, uint32_t bufferNumberIn,
                                   uint32_t consumerSizeIn, const TPosition consumerIn[],
                                   bool enableStaticEvtIdIn, bool enableLoopQueueIn) {
  return {nd2nzIn,
          nz2ndIn,
          scmBlockGroupIn,
          bufferLenIn,
          bufferNumberIn,
          consumerSizeIn,
          {consumerIn[0], consumerIn[1], consumerIn[2], consumerIn[3], consumerIn[4], consumerIn[5],
           consumerIn[6], consumerIn[7]},
          enableStaticEvtIdIn,
          enableLoopQueueIn};
}
// The old integer mask: bit 0 nd2nz, bit 1 nz2nd, bit 2 scmBlockGroup.
constexpr TQueConfig GetTQueConfig(const int32_t mask) {
  return {(static_cast<uint32_t>(mask) & 1u) != 0,
          (static_cast<uint32_t>(mask) & 2u) != 0,
          (static_cast<uint32_t>(mask) & 4u) != 0,
          0,
          0,
          0,
          {TPosition::MAX, TPosition::MAX, TPosition::MAX, TPosition::MAX, TPosition::MAX,
           TPosition::MAX, TPosition::MAX, TPosition::MAX},
          false,
          false};
}
constexpr TQueConfig GetTQueConfig(const TQueConfig* conf) { return *conf; }

// Queue whose producer position `src` and consumer position `dst` may
// differ. Buffers live in the memory of the on-chip side.
}  // namespace AscendC

namespace aicore {
namespace detail {
// A user's buffer pool class (EXTERN_IMPL_BUFPOOL): the region TPipe::InitBufPool
// carved for it, its bump address, and one slot per buffer id that a queue's
// InitStartBufHandle / InitBufHandle fill.
// A pool's Reset: each freed queue buffer carved from it (this epoch) has
// its producer pipe wait for the free (QueueOp::kPoolReset); the links go.
inline void PoolReset(PoolLinks& links) {
  CoreContext* core = t_core;
  if (core != nullptr && AICORE_UNLIKELY(core->instr != 0)) {
    for (PoolLink& l : links.link) {
      if (l.b != nullptr && l.b->state == BufState::kFree && l.b->epoch == core->epoch) {
        EmitQueue(*core, QueueOp::kPoolReset, *l.b, l.src, l.dst);
      }
    }
  }
  links.Clear();
}

struct ExtBufSlot {
  uint8_t num = 0;   // buffers of the queue being set up
  uint32_t len = 0;  // bytes each
  uint32_t addr0 = 0;
  uint32_t next = 0;  // the index InitBufHandle expects next
};
template <int32_t kIds>
struct ExtBufPool {
  uint8_t* base = nullptr;  // the region's memory; start_addr maps to it
  uint32_t start_addr = 0, max_addr = 0, bytes = 0;
  uint8_t cur = 0;  // buffer ids handed out
  uint32_t epoch = 0;
  ExtBufSlot slots[kIds > 0 ? kIds : 1];
  PoolLinks links;
  void Setup(uint8_t* b, uint32_t offset, uint32_t n) {
    base = b;
    start_addr = max_addr = offset;
    bytes = n;
    cur = 0;
    const CoreContext* core = t_core;
    epoch = core != nullptr ? core->epoch : 0;
  }
  void Reset() {
    cur = 0;
    max_addr = start_addr;
    PoolReset(links);
  }
  void Init() {
    base = nullptr;
    start_addr = max_addr = bytes = 0;
    cur = 0;
    epoch = 0;
    for (ExtBufSlot& sl : slots) sl = ExtBufSlot{};
    links.Clear();
  }
  AscendC::TBufHandle Handle(uint8_t id, SrcLoc loc) {
    if (AICORE_UNLIKELY(id >= (kIds > 0 ? kIds : 1))) {
      Fail(ErrorKind::kCapacity, "GetBufHandle", loc,
           "buffer id " + std::to_string(id) + " is outside the pool's " + std::to_string(kIds) +
               " (EXTERN_IMPL_BUFPOOL's BUFID_SIZE)");
    }
    return reinterpret_cast<AscendC::TBufHandle>(&slots[id]);
  }
  // The memory of [addr, addr + n) inside the region (checked).
  uint8_t* At(uint32_t addr, uint64_t n, const char* api, SrcLoc loc) const {
    const CoreContext* core = t_core;
    if (AICORE_UNLIKELY(base == nullptr)) {
      Fail(ErrorKind::kCapacity, api, loc, "the buffer pool has no memory: call pipe.InitBufPool(pool, bytes) first");
    }
    if (AICORE_UNLIKELY(core != nullptr && core->epoch != epoch)) {
      Fail(ErrorKind::kCapacity, api, loc,
           "the buffer pool holds stale memory (its TPipe was reset or destroyed since InitBufPool); call "
           "pipe.InitBufPool(pool, bytes) again");
    }
    if (AICORE_UNLIKELY(addr < start_addr || addr + n > uint64_t{start_addr} + bytes)) {
      Fail(ErrorKind::kCapacity, api, loc,
           std::to_string(n) + " bytes at address " + std::to_string(addr) + " are outside the pool's region [" +
               std::to_string(start_addr) + ", " + std::to_string(uint64_t{start_addr} + bytes) + ")");
    }
    return base + (addr - start_addr);
  }
};

// Records buffer `index` of a queue or TBuf set up through a user pool;
// returns the region's memory once the last one is in (nullptr before).
// aicore's queues hold consecutive buffers: each must follow the previous.
template <class Pool>
uint8_t* ExtBufferAt(Pool* pool, uint32_t index, AscendC::TBufHandle h, uint32_t addr, uint32_t len,
                     const char* api, SrcLoc loc) {
  auto* slot = reinterpret_cast<ExtBufSlot*>(h);
  if (AICORE_UNLIKELY(pool == nullptr || slot == nullptr || slot->num == 0)) {
    Fail(ErrorKind::kParameter, api, loc, "no InitStartBufHandle before it with this handle");
  }
  if (AICORE_UNLIKELY(index != slot->next || len != slot->len ||
                      (index > 0 && addr != slot->addr0 + index * slot->len))) {
    Fail(ErrorKind::kParameter, api, loc,
         "buffer " + std::to_string(index) + " of " + std::to_string(slot->num) + " at address " +
             std::to_string(addr) + ", " + std::to_string(len) + " bytes: the buffers of one queue must come in "
             "order, each of the length given to InitStartBufHandle (" + std::to_string(slot->len) +
             "), right after the previous one");
  }
  if (index == 0) slot->addr0 = addr;
  ++slot->next;
  if (slot->next < slot->num) return nullptr;
  return pool->AicoreExtPool().At(slot->addr0, uint64_t{slot->num} * slot->len, api, loc);
}
inline void ExtStart(AscendC::TBufHandle h, uint8_t num, uint32_t len, const char* api, SrcLoc loc) {
  auto* slot = reinterpret_cast<ExtBufSlot*>(h);
  if (AICORE_UNLIKELY(slot == nullptr || num == 0 || len == 0 || len % 32 != 0)) {
    Fail(ErrorKind::kParameter, api, loc,
         "num " + std::to_string(num) + ", len " + std::to_string(len) +
             ": a handle from the pool's GetBufHandle, at least one buffer, and a length that is a positive "
             "multiple of 32 bytes");
  }
  *slot = ExtBufSlot{num, len, 0, 0};
}
}  // namespace detail
}  // namespace aicore

// The members a user's buffer pool class gets (the vendor's macro, used in
// the class body): the position and size, Init / Reset, GetBufHandle, the
// bump address Get/SetCurAddr and count Get/SetCurBufSize its InitBuffer
// methods use; TPipe::InitBufPool carves its region.
#define EXTERN_IMPL_BUFPOOL(EXT_BUFPOOL, POSITION, BUFID_SIZE)                                           \
 public:                                                                                                 \
  static constexpr AscendC::TPosition poolPos = POSITION;                                                \
  static constexpr int32_t bufIDSize = BUFID_SIZE;                                                       \
  static constexpr int32_t bufSize = BUFID_SIZE;                                                         \
  static constexpr bool isTbufPool = true;                                                               \
  ~EXT_BUFPOOL() { Reset(); }                                                                            \
  void Reset() { aicore_ext_pool_.Reset(); }                                                             \
  void Init() { aicore_ext_pool_.Init(); }                                                               \
  AscendC::TBufHandle GetBufHandle(uint8_t offset, aicore::SrcLoc loc = aicore::SrcLoc::Current()) {   \
    return aicore_ext_pool_.Handle(offset, loc);                                                         \
  }                                                                                                      \
  void SetCurAddr(uint32_t curAddr) { aicore_ext_pool_.max_addr = curAddr; }                             \
  uint32_t GetCurAddr() { return aicore_ext_pool_.max_addr; }                                            \
  void SetCurBufSize(uint8_t curBufSize) { aicore_ext_pool_.cur = curBufSize; }                          \
  uint8_t GetCurBufSize() { return aicore_ext_pool_.cur; }                                               \
  aicore::detail::ExtBufPool<BUFID_SIZE>& AicoreExtPool() { return aicore_ext_pool_; }                  \
                                                                                                         \
 private:                                                                                                \
  aicore::detail::ExtBufPool<BUFID_SIZE> aicore_ext_pool_

namespace AscendC {

template <TPosition src, TPosition dst, int32_t depth, auto mask = 0>
class TQueBind {
 public:
  static constexpr TPosition kPosition = (src == TPosition::GM) ? dst : src;

  TQueBind() = default;
  // A copy is another handle to the same queue (the vendor's TQue is a value
  // whose buffers live in the pipe; kernels pass queues by value): every
  // call on it acts on the original, which must outlive it. InitBuffer on a
  // copy gives it buffers of its own.
  TQueBind(const TQueBind& other) : origin_(const_cast<TQueBind*>(&other.Q())) {}
  TQueBind& operator=(const TQueBind& other) {
    if (&other.Q() != this) origin_ = const_cast<TQueBind*>(&other.Q());
    return *this;
  }

  // InitBuffer's buffer count and length against a TQueConfig's bufferNumber
  // and bufferLen (0: any).
  static void CheckConfig(const char* api, uint8_t num, uint32_t len, aicore::SrcLoc loc) {
    if constexpr (std::is_same_v<decltype(mask), const TQueConfig*>) {
      if (mask != nullptr) {
        aicore::detail::QueueCheckConfig(api, num, len, mask->bufferNumber, mask->bufferLen, loc);
      }
    }
  }

  ~TQueBind() {
    for (uint8_t i = 0; i < num_; ++i) aicore::detail::Unlink(bufs_[i]);
    // A buffer still enqueued when the block ends leaves its EnQue's flag
    // pending (an error); one allocated and never freed is reported under
    // memcheck (the NPU finishes such a kernel normally).
    if (num_ != 0) aicore::detail::QueueCheckAllFree(bufs_, num_);
  }

  template <typename T>
  LocalTensor<T> AllocTensor(aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
    if (AICORE_UNLIKELY(origin_ != nullptr)) return origin_->template AllocTensor<T>(loc);
    auto& core = aicore::detail::Enter("TQue::AllocTensor", loc);
    if (AICORE_UNLIKELY(num_ == 0 || bufs_[0].epoch != core.epoch)) FailNotInit("AllocTensor", loc);
    for (uint8_t k = 0; k < num_; ++k) {
      const uint8_t i = static_cast<uint8_t>((cursor_ + k) % num_);
      auto& b = bufs_[i];
      if (b.state == aicore::detail::BufState::kFree) {
        cursor_ = static_cast<uint8_t>((i + 1) % num_);
        b.state = aicore::detail::BufState::kOccupied;
        b.alloc_loc = loc;
        b.gen = ++core.gen_counter;
        if (AICORE_UNLIKELY(core.instr != 0)) {
          aicore::detail::EmitQueue(core, aicore::detail::QueueOp::kAlloc, b, src, dst);
        }
        return MakeTensor<T>(b);
      }
    }
    FailNoFree(loc);
  }
  template <typename T>
  void AllocTensor(LocalTensor<T>& tensor, aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
    const LocalTensor<T> t = AllocTensor<T>(loc);
    tensor.Bind(t.buf_, t.addr_, t.address_.dataLen, t.address_.gen_, t.address_.epoch_, t.buf_->pos);
  }

  template <typename T>
  bool EnQue(const LocalTensor<T>& tensor, aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
    if (AICORE_UNLIKELY(origin_ != nullptr)) return origin_->EnQue<T>(tensor, loc);
    auto& core = aicore::detail::Enter("TQue::EnQue", loc);
    CheckTensorLive("TQue::EnQue", core, tensor, loc);
    auto& b = Owned("EnQue", tensor.buf_, loc);
    CheckEnQueState(b, loc);
    if (AICORE_UNLIKELY(b.gen != tensor.address_.gen_)) aicore::detail::FailStale("TQue::EnQue", "the tensor", b, loc);
    Push(core, b);
    return true;
  }
  // The buffer of a tensor, by its handle (LocalTensor::GetBufferHandle).
  bool EnQue(TBufHandle buf, aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
    if (AICORE_UNLIKELY(origin_ != nullptr)) return origin_->EnQue(buf, loc);
    auto& core = aicore::detail::Enter("TQue::EnQue", loc);
    auto& b = OwnedHandle("EnQue", buf, core, loc);
    CheckEnQueState(b, loc);
    Push(core, b);
    return true;
  }

  template <typename T>
  LocalTensor<T> DeQue(aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
    if (AICORE_UNLIKELY(origin_ != nullptr)) return origin_->template DeQue<T>(loc);
    return MakeTensor<T>(Pop(loc));
  }
  template <typename T>
  void DeQue(LocalTensor<T>& tensor, aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
    if (AICORE_UNLIKELY(origin_ != nullptr)) return origin_->DeQue(tensor, loc);
    auto& b = Pop(loc);
    tensor.Bind(&b, reinterpret_cast<T*>(b.base), b.bytes, b.gen, b.epoch, b.pos);
  }
  // The handle of the buffer dequeued.
  TBufHandle DeQue(aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
    if (AICORE_UNLIKELY(origin_ != nullptr)) return origin_->DeQue(loc);
    return reinterpret_cast<TBufHandle>(&Pop(loc));
  }

  // The forms that name the user positions (a TQueBind between two pipes);
  // the queue's own positions already order the hand-over on the CPU.
  template <TPosition srcUserPos, TPosition dstUserPos, typename T>
  bool EnQue(const LocalTensor<T>& tensor, aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
    return EnQue<T>(tensor, loc);
  }
  template <TPosition srcUserPos, TPosition dstUserPos>
  bool EnQue(TBufHandle buf, aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
    return EnQue(buf, loc);
  }
  template <TPosition srcUserPos, TPosition dstUserPos, typename T>
  LocalTensor<T> DeQue(aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
    return DeQue<T>(loc);
  }
  template <TPosition srcUserPos, TPosition dstUserPos>
  TBufHandle DeQue(aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
    return DeQue(loc);
  }

  template <typename T>
  void FreeTensor(LocalTensor<T>& tensor, aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
    if (AICORE_UNLIKELY(origin_ != nullptr)) return origin_->FreeTensor(tensor, loc);
    auto& core = aicore::detail::Enter("TQue::FreeTensor", loc);
    CheckTensorLive("TQue::FreeTensor", core, tensor, loc);
    auto& b = Owned("FreeTensor", tensor.buf_, loc);
    if (AICORE_UNLIKELY(b.state == aicore::detail::BufState::kFree || b.gen != tensor.address_.gen_)) {
      aicore::detail::QueueFailFreed(Type(), "FreeTensor", b, true, loc);
    }
    Release(core, b, loc);
  }
  // The buffer of a handle (LocalTensor::GetBufferHandle, DeQue()).
  void FreeBuffer(TBufHandle buf, aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
    if (AICORE_UNLIKELY(origin_ != nullptr)) return origin_->FreeBuffer(buf, loc);
    auto& core = aicore::detail::Enter("TQue::FreeBuffer", loc);
    auto& b = OwnedHandle("FreeBuffer", buf, core, loc);
    if (AICORE_UNLIKELY(b.state == aicore::detail::BufState::kFree)) {
      aicore::detail::QueueFailFreed(Type(), "FreeBuffer", b, false, loc);
    }
    Release(core, b, loc);
  }
  // The address of a buffer, for LocalTensor::SetAddr (a tensor made from it
  // is checked like one from AllocTensor/DeQue).
  TBuffAddr GetBufferAddr(TBufHandle buf, aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
    if (AICORE_UNLIKELY(origin_ != nullptr)) return origin_->GetBufferAddr(buf, loc);
    auto& core = aicore::detail::Enter("TQue::GetBufferAddr", loc);
    auto& b = OwnedHandle("GetBufferAddr", buf, core, loc);
    return aicore::detail::AddressOf(b, b.gen);
  }
  // The state of the buffer a tensor lives in.
  template <typename T>
  TBufState GetState(const LocalTensor<T>& tensor,
                     aicore::SrcLoc loc = aicore::SrcLoc::Current()) const {
    if (AICORE_UNLIKELY(origin_ != nullptr)) return origin_->GetState(tensor, loc);
    auto& core = aicore::detail::Enter("TQue::GetState", loc);
    CheckTensorLive("TQue::GetState", core, tensor, loc);
    if (AICORE_UNLIKELY(tensor.buf_ < bufs_ || tensor.buf_ >= bufs_ + num_)) {
      NotOwned("GetState", tensor.buf_, loc);
    }
    return static_cast<TBufState>(tensor.buf_->state);
  }

  // Queries.
  bool VacantInQue() const { return Q().count_ < Capacity(); }
  bool HasTensorInQue() const { return Q().count_ > 0; }
  int32_t GetTensorCountInQue() const { return Q().count_; }
  bool HasIdleBuffer() const {
    const TQueBind& q = Q();
    for (uint8_t i = 0; i < q.num_; ++i) {
      if (q.bufs_[i].state == aicore::detail::BufState::kFree) return true;
    }
    return false;
  }
  void FreeAllEvent() {}

  // Set-up through a user's buffer pool (EXTERN_IMPL_BUFPOOL): the handle
  // from its GetBufHandle, then each buffer's address in order.
  void InitStartBufHandle(TBufHandle startBufhandle, uint8_t num, uint32_t len,
                          aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
    aicore::detail::Enter("TQue::InitStartBufHandle", loc);
    if (AICORE_UNLIKELY(num > kMaxQueueBuffers)) {
      aicore::detail::FailQueueBufferCount("TQue::InitStartBufHandle", num, loc);
    }
    CheckConfig("TQue::InitStartBufHandle", num, len, loc);
    aicore::detail::ExtStart(startBufhandle, num, len, "TQue::InitStartBufHandle", loc);
  }
  template <typename T>
  void InitBufHandle(T* bufPool, uint32_t index, TBufHandle bufhandle, uint32_t curPoolAddr, uint32_t len,
                     aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
    aicore::detail::Enter("TQue::InitBufHandle", loc);
    static_assert(aicore::detail::PositionMemory(T::poolPos) == aicore::detail::PositionMemory(kPosition),
                  "TQue::InitBufHandle: the pool's position is in another memory than the queue's");
    uint8_t* base = aicore::detail::ExtBufferAt(bufPool, index, bufhandle, curPoolAddr, len, "TQue::InitBufHandle", loc);
    if (base != nullptr) {
      const auto* slot = reinterpret_cast<const aicore::detail::ExtBufSlot*>(bufhandle);
      Setup(base, slot->addr0, slot->num, slot->len);
      LinkTo(bufPool->AicoreExtPool().links);
    }
  }

  // aicore internals, used by TPipe::InitBuffer.
  void Setup(uint8_t* base, uint32_t offset, uint8_t num, uint32_t bytes) {
    origin_ = nullptr;  // a copy given its own buffers stops sharing
    for (uint8_t i = 0; i < num_; ++i) aicore::detail::Unlink(bufs_[i]);
    num_ = num;
    cursor_ = head_ = count_ = 0;
    const aicore::detail::CoreContext* core = aicore::detail::t_core;
    for (uint8_t i = 0; i < num; ++i) {
      auto& b = bufs_[i];
      b.epoch = core != nullptr ? core->epoch : 0;
      b.base = base + static_cast<uint64_t>(i) * bytes;
      b.offset = offset + i * bytes;
      b.bytes = bytes;
      b.pos = kPosition;
      b.state = aicore::detail::BufState::kFree;
      b.index = i;
      b.kind = "TQue";
    }
  }
  uint8_t NumBuffers() const { return Q().num_; }
  // Records the buffers in the pool they were carved from (TBufPool::Reset).
  void LinkTo(aicore::detail::PoolLinks& links) {
    for (uint8_t i = 0; i < num_; ++i) links.Add(bufs_[i], src, dst);
  }

 private:
  // How many tensors may be enqueued at once: the queue depth (depth <= 0 or
  // > 8 is taken as the hardware maximum of 8).
  static constexpr int32_t Capacity() {
    return (depth > 0 && depth < kMaxQueueBuffers) ? depth : kMaxQueueBuffers;
  }

  static constexpr aicore::detail::QueueType Type() { return {src, dst, depth}; }

  void CheckEnQueState(const aicore::detail::BufferDesc& b, aicore::SrcLoc loc) const {
    // OCCUPIED (allocated) or DEQUE: a dequeued tensor may go back into its
    // queue (the vendor's EnQue accepts both states).
    if (AICORE_UNLIKELY(b.state != aicore::detail::BufState::kOccupied &&
                        b.state != aicore::detail::BufState::kDeque)) {
      FailState("EnQue", b,
                "OCCUPIED or DEQUE (allocated with AllocTensor, or dequeued, and not yet enqueued)",
                loc);
    }
  }
  void Push(aicore::detail::CoreContext& core, aicore::detail::BufferDesc& b) {
    b.state = aicore::detail::BufState::kEnque;
    if (AICORE_UNLIKELY(core.instr != 0)) {
      aicore::detail::EmitQueue(core, aicore::detail::QueueOp::kEnQue, b, src, dst);
    }
    fifo_[(head_ + count_) % kMaxQueueBuffers] = b.index;
    ++count_;
  }
  aicore::detail::BufferDesc& Pop(aicore::SrcLoc loc) {
    auto& core = aicore::detail::Enter("TQue::DeQue", loc);
    if (AICORE_UNLIKELY(count_ == 0)) {
      aicore::detail::QueueFailEmpty(Type(), loc);
    }
    auto& b = bufs_[fifo_[head_]];
    head_ = static_cast<uint8_t>((head_ + 1) % kMaxQueueBuffers);
    --count_;
    b.state = aicore::detail::BufState::kDeque;
    if (AICORE_UNLIKELY(core.instr != 0)) {
      aicore::detail::EmitQueue(core, aicore::detail::QueueOp::kDeQue, b, src, dst);
    }
    return b;
  }
  void Release(aicore::detail::CoreContext& core, aicore::detail::BufferDesc& b,
               aicore::SrcLoc loc) {
    if (AICORE_UNLIKELY(b.state == aicore::detail::BufState::kEnque)) {
      FailState("FreeTensor", b, "OCCUPIED or DEQUE (it is still in the queue; DeQue it first)", loc);
    }
    b.state = aicore::detail::BufState::kFree;
    b.free_loc = loc;
    if (AICORE_UNLIKELY(core.instr != 0)) {
      aicore::detail::EmitQueue(core, aicore::detail::QueueOp::kFree, b, src, dst);
    }
  }
  // A handle of one of this queue's buffers (checked by address: a handle
  // is never dereferenced before), which the live TPipe carved.
  aicore::detail::BufferDesc& OwnedHandle(const char* api, TBufHandle h,
                                          const aicore::detail::CoreContext& core,
                                          aicore::SrcLoc loc) {
    auto* b = reinterpret_cast<aicore::detail::BufferDesc*>(h);
    if (AICORE_UNLIKELY(b < bufs_ || b >= bufs_ + num_)) {
      aicore::detail::QueueFailHandle(Type(), api, h, num_, loc);
    }
    if (AICORE_UNLIKELY(b->epoch != core.epoch)) FailNotInit(api, loc);
    return *b;
  }
  [[noreturn]] void NotOwned(const char* api, const aicore::detail::BufferDesc* b,
                            aicore::SrcLoc loc) const {
    aicore::detail::QueueNotOwned(Type(), api, b, loc);
  }

  template <typename T>
  static LocalTensor<T> MakeTensor(aicore::detail::BufferDesc& b) {
    LocalTensor<T> t;
    t.Bind(&b, reinterpret_cast<T*>(b.base), b.bytes, b.gen, b.epoch, b.pos);
    return t;
  }

  // A tensor of a TPipe that no longer exists (its buf_ may dangle) fails
  // before Owned looks at it.
  template <typename T>
  static void CheckTensorLive(const char* api, const aicore::detail::CoreContext& core,
                              const LocalTensor<T>& t, aicore::SrcLoc loc) {
    t.SyncAddress(api, "the tensor", loc);
    if (AICORE_UNLIKELY(t.buf_ != nullptr && !aicore::detail::Live(core, t.address_.epoch_))) {
      aicore::detail::FailNotLive(api, "the tensor", t.buf_, t.address_.epoch_, loc);
    }
  }

  aicore::detail::BufferDesc& Owned(const char* api, aicore::detail::BufferDesc* b,
                                    aicore::SrcLoc loc) {
    if (AICORE_UNLIKELY(b < bufs_ || b >= bufs_ + num_)) NotOwned(api, b, loc);
    return *b;
  }

  [[noreturn]] void FailState(const char* api, const aicore::detail::BufferDesc& b,
                             const char* expected, aicore::SrcLoc loc) const {
    aicore::detail::QueueFailState(Type(), api, b, expected, loc);
  }
  [[noreturn]] void FailNoFree(aicore::SrcLoc loc) const {
    aicore::detail::QueueFailNoFree(Type(), bufs_, num_, loc);
  }
  [[noreturn]] void FailNotInit(const char* api, aicore::SrcLoc loc) const {
    aicore::detail::QueueFailNotInit(Type(), api, bufs_, num_, loc);
  }

  // The queue whose state a copy uses (nullptr: this one's).
  TQueBind& Q() { return origin_ != nullptr ? origin_->Q() : *this; }
  const TQueBind& Q() const { return origin_ != nullptr ? origin_->Q() : *this; }

  TQueBind* origin_ = nullptr;
  aicore::detail::BufferDesc bufs_[kMaxQueueBuffers];
  uint8_t fifo_[kMaxQueueBuffers] = {};
  uint8_t num_ = 0;
  uint8_t cursor_ = 0;
  uint8_t head_ = 0;
  uint8_t count_ = 0;
};

template <TPosition pos, int32_t depth, auto mask = 0>
class TQue : public TQueBind<pos, pos, depth, mask> {};

// A queue into TSCM (L1 that the cube reads; the vendor's alias): a
// TQueBind from pos (GM or VECIN) to TPosition::TSCM.
template <TPosition pos, int32_t depth = 1, auto mask = 0>
using TSCM = TQueBind<pos, TPosition::TSCM, depth, mask>;

template <TPosition pos = TPosition::VECCALC>
class TBuf {
 public:
  TBuf() = default;
  // A copy is another handle to the same buffer (the vendor's TBuf is a
  // value; kernels pass TBufs by value): its tensors are the original's,
  // which must outlive it. InitBuffer on a copy gives it a buffer of its own.
  TBuf(const TBuf& other) : origin_(const_cast<TBuf*>(&other.Root())) {}
  TBuf& operator=(const TBuf& other) {
    if (&other.Root() != this) origin_ = const_cast<TBuf*>(&other.Root());
    return *this;
  }

  // The whole buffer.
  template <typename T>
  LocalTensor<T> Get(aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
    Check("TBuf::Get", 0, 0, loc);
    return Make<T>(0, D().bytes / sizeof(T) * sizeof(T));
  }
  // The first `len` elements.
  template <typename T>
  LocalTensor<T> Get(uint32_t len, aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
    Check("TBuf::Get", 0, aicore::detail::ObjBytes<T>(len, true), loc);
    return Make<T>(0, aicore::detail::ObjBytes<T>(len));
  }
  // `len` elements starting `offsetBytes` bytes into the buffer.
  template <typename T>
  LocalTensor<T> GetWithOffset(uint32_t len, uint32_t offsetBytes,
                               aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
    Check("TBuf::GetWithOffset", offsetBytes, aicore::detail::ObjBytes<T>(len, true), loc);
    if (AICORE_UNLIKELY(offsetBytes % alignof(T) != 0)) {
      aicore::detail::TBufFailAlign(D(), offsetBytes, alignof(T), aicore::detail::TypeName<T>(),
                                    loc);
    }
    return Make<T>(offsetBytes, aicore::detail::ObjBytes<T>(len));
  }

  // The address of the whole buffer (`buf` is the handle of a tensor of
  // this TBuf: LocalTensor::GetBufferHandle).
  TBuffAddr GetBufferAddr(TBufHandle buf, aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
    Check("TBuf::GetBufferAddr", 0, 0, loc);
    if (AICORE_UNLIKELY(buf != reinterpret_cast<TBufHandle>(&D()))) {
      aicore::detail::TBufFailHandle(D(), buf, loc);
    }
    return aicore::detail::AddressOf(D(), 0);
  }

  // The queue interface the vendor's TBuf inherits from TQueBind (public
  // kernels call it): a TBuf is one always-allocated buffer, so AllocTensor
  // and DeQue give the whole buffer (as Get), EnQue, FreeTensor and
  // FreeBuffer do nothing and EnQue(TBufHandle) succeeds, as in the vendor's
  // implementation.
  template <typename T>
  LocalTensor<T> AllocTensor(aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
    Check("TBuf::AllocTensor", 0, 0, loc);
    return Make<T>(0, D().bytes / sizeof(T) * sizeof(T));
  }
  template <typename T>
  LocalTensor<T> DeQue(aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
    Check("TBuf::DeQue", 0, 0, loc);
    return Make<T>(0, D().bytes / sizeof(T) * sizeof(T));
  }
  template <typename T>
  void EnQue(const LocalTensor<T>&) {}
  template <typename T>
  void FreeTensor(LocalTensor<T>&) {}
  bool EnQue(TBufHandle) { return true; }
  TBufHandle DeQue(aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
    Check("TBuf::DeQue", 0, 0, loc);
    return reinterpret_cast<TBufHandle>(&D());
  }
  void FreeBuffer(TBufHandle) {}
  // The state of the buffer a tensor lives in (FREE for a tensor of none).
  template <typename T>
  TBufState GetState(const LocalTensor<T>& tensor) const {
    return tensor.buf_ == nullptr ? TBufState::FREE : static_cast<TBufState>(tensor.buf_->state);
  }

  // Set-up through a user's buffer pool (EXTERN_IMPL_BUFPOOL), as TQue's.
  void InitStartBufHandle(TBufHandle startBufhandle, uint8_t num, uint32_t len,
                          aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
    aicore::detail::Enter("TBuf::InitStartBufHandle", loc);
    if (AICORE_UNLIKELY(num != 1)) {
      aicore::detail::Fail(aicore::ErrorKind::kParameter, "TBuf::InitStartBufHandle", loc,
                           "num " + std::to_string(num) + ": a TBuf holds one buffer");
    }
    aicore::detail::ExtStart(startBufhandle, num, len, "TBuf::InitStartBufHandle", loc);
  }
  template <typename T>
  void InitBufHandle(T* bufPool, uint32_t index, TBufHandle bufhandle, uint32_t curPoolAddr, uint32_t len,
                     aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
    aicore::detail::Enter("TBuf::InitBufHandle", loc);
    static_assert(aicore::detail::PositionMemory(T::poolPos) == aicore::detail::PositionMemory(pos),
                  "TBuf::InitBufHandle: the pool's position is in another memory than the TBuf's");
    uint8_t* base = aicore::detail::ExtBufferAt(bufPool, index, bufhandle, curPoolAddr, len, "TBuf::InitBufHandle", loc);
    if (base != nullptr) Setup(base, curPoolAddr, len);
  }

  // aicore internals.
  void Setup(uint8_t* base, uint32_t offset, uint32_t bytes) {
    origin_ = nullptr;
    desc_.base = base;
    desc_.offset = offset;
    desc_.bytes = bytes;
    desc_.pos = pos;
    desc_.state = aicore::detail::BufState::kOccupied;
    desc_.index = 0;
    desc_.kind = "TBuf";
    const aicore::detail::CoreContext* core = aicore::detail::t_core;
    desc_.epoch = core != nullptr ? core->epoch : 0;
  }
  static constexpr TPosition kPosition = pos;

 private:
  void Check(const char* api, uint64_t offset, uint64_t bytes, aicore::SrcLoc loc) const {
    const aicore::detail::CoreContext& core = aicore::detail::Enter(api, loc);
    if (AICORE_UNLIKELY(D().base == nullptr || D().epoch != core.epoch ||
                        offset + bytes > D().bytes)) {
      aicore::detail::TBufFailCheck(D(), api, offset, bytes, loc);
    }
  }
  // A tensor of `bytes` bytes (int4b_t: 2 elements a byte).
  template <typename T>
  LocalTensor<T> Make(uint32_t offsetBytes, uint64_t bytes) {
    LocalTensor<T> t;
    t.Bind(&D(), reinterpret_cast<T*>(D().base + offsetBytes), static_cast<uint32_t>(bytes), 0,
           D().epoch, pos);
    return t;
  }

  // The TBuf whose buffer a copy uses (itself when not a copy).
  TBuf& Root() { return origin_ != nullptr ? origin_->Root() : *this; }
  const TBuf& Root() const { return origin_ != nullptr ? origin_->Root() : *this; }
  aicore::detail::BufferDesc& D() { return Root().desc_; }
  const aicore::detail::BufferDesc& D() const { return Root().desc_; }

  TBuf* origin_ = nullptr;
  aicore::detail::BufferDesc desc_;
};

// A sub-pool of a TPipe's memory for one phase of a kernel: queues, TBufs
// and nested pools carved from it are bump-allocated inside its region;
// Reset() makes the whole region free again for the next phase. A pool made
// with InitBufPool(pool, len, shared) reuses the region of `shared`.
template <TPosition pos, uint32_t bufIDSize = 4>
class TBufPool {
 public:
  static constexpr TPosition kPosition = pos;

  TBufPool() = default;
  TBufPool(const TBufPool&) = delete;
  TBufPool& operator=(const TBufPool&) = delete;

  template <class Que>
  bool InitBuffer(Que& que, uint8_t num, uint32_t len, aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
    aicore::detail::Enter("TBufPool::InitBuffer", loc);
    if (AICORE_UNLIKELY(num == 0 || num > kMaxQueueBuffers)) {
      aicore::detail::FailQueueBufferCount("TBufPool::InitBuffer", num, loc);
    }
    Que::CheckConfig("TBufPool::InitBuffer", num, len, loc);
    uint32_t offset = 0;
    uint8_t* base = Carve("TBufPool::InitBuffer", Que::kPosition, num, len, loc, &offset);
    que.Setup(base, offset, num, (len + 31u) & ~31u);
    que.LinkTo(links_);
    return true;
  }
  template <TPosition bufPos>
  bool InitBuffer(TBuf<bufPos>& buf, uint32_t len, aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
    aicore::detail::Enter("TBufPool::InitBuffer", loc);
    uint32_t offset = 0;
    uint8_t* base = Carve("TBufPool::InitBuffer", bufPos, 1, len, loc, &offset);
    buf.Setup(base, offset, (len + 31u) & ~31u);
    return true;
  }
  template <class Pool>
  bool InitBufPool(Pool& sub, uint32_t len, aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
    aicore::detail::Enter("TBufPool::InitBufPool", loc);
    uint32_t offset = 0;
    uint8_t* base = Carve("TBufPool::InitBufPool", Pool::kPosition, 1, len, loc, &offset);
    sub.Setup(base, offset, (len + 31u) & ~31u);
    return true;
  }
  template <class Pool, class Shared>
  bool InitBufPool(Pool& sub, uint32_t len, Shared& shared,
                   aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
    aicore::detail::Enter("TBufPool::InitBufPool", loc);
    shared.ShareInto(sub, len, "TBufPool::InitBufPool", loc);
    return true;
  }
  // Frees everything carved from the pool; the queue buffers carved from it
  // that were freed are reused only after their consumers are done with
  // them (the NPU waits their free events here).
  void Reset() {
    used_ = 0;
    aicore::detail::PoolReset(links_);
  }

  // aicore internals.
  void Setup(uint8_t* base, uint32_t offset, uint32_t bytes) {
    base_ = base;
    offset_ = offset;
    bytes_ = bytes;
    used_ = 0;
    const aicore::detail::CoreContext* core = aicore::detail::t_core;
    epoch_ = core != nullptr ? core->epoch : 0;
  }
  template <class Pool>
  void ShareInto(Pool& sub, uint32_t len, const char* api, aicore::SrcLoc loc) const {
    if (AICORE_UNLIKELY(base_ == nullptr || len > bytes_ ||
                        aicore::detail::PositionMemory(Pool::kPosition) !=
                            aicore::detail::PositionMemory(pos))) {
      aicore::detail::Fail(aicore::ErrorKind::kCapacity, api, loc,
                           "cannot share " + std::to_string(len) + " bytes of a " +
                               std::to_string(bytes_) + "-byte buffer pool" +
                               (base_ == nullptr ? " that has no memory yet" : ""));
    }
    sub.Setup(base_, offset_, (len + 31u) & ~31u);
  }
  uint32_t UsedBytes() const { return used_; }

 private:
  uint8_t* Carve(const char* api, TPosition p, uint32_t num, uint32_t len, aicore::SrcLoc loc,
                 uint32_t* offset) {
    const uint64_t each = (static_cast<uint64_t>(len) + 31u) & ~uint64_t{31};
    const uint64_t need = each * num;
    if (AICORE_UNLIKELY(base_ == nullptr)) {
      aicore::detail::Fail(aicore::ErrorKind::kCapacity, api, loc,
                           "the buffer pool has no memory: call pipe.InitBufPool(pool, bytes) first");
    }
    if (AICORE_UNLIKELY(epoch_ != aicore::detail::t_core->epoch)) {
      aicore::detail::Fail(aicore::ErrorKind::kCapacity, api, loc,
                           "the buffer pool holds stale memory: " +
                               aicore::detail::RetiredText(epoch_, "it was") +
                               "; call pipe.InitBufPool(pool, bytes) again");
    }
    if (AICORE_UNLIKELY(aicore::detail::PositionMemory(p) != aicore::detail::PositionMemory(pos))) {
      aicore::detail::Fail(aicore::ErrorKind::kParameter, api, loc,
                           std::string("position ") + aicore::detail::PositionName(p) +
                               " lives in " + aicore::MemoryName(aicore::detail::PositionMemory(p)) +
                               ", but the pool is " + aicore::detail::PositionName(pos) + " memory (" +
                               aicore::MemoryName(aicore::detail::PositionMemory(pos)) + ")");
    }
    if (AICORE_UNLIKELY(len == 0 || used_ + need > bytes_)) {
      aicore::detail::Fail(aicore::ErrorKind::kCapacity, api, loc,
                           len == 0 ? std::string("buffer length 0")
                                    : std::to_string(num) + " buffer(s) of " + std::to_string(len) +
                                          " bytes (" + std::to_string(need) +
                                          " bytes after 32-byte rounding) do not fit in the " +
                                          std::to_string(bytes_) + "-byte buffer pool: " +
                                          std::to_string(used_) + " bytes already used");
    }
    *offset = offset_ + used_;
    uint8_t* base = base_ + used_;
    aicore::detail::CoreContext* core = aicore::detail::t_core;
    if (AICORE_UNLIKELY(core->instr != 0)) {
      aicore::detail::EmitCarve(*core, aicore::detail::PositionMemory(p), base, need);
    }
    used_ += static_cast<uint32_t>(need);
    return base;
  }

  uint8_t* base_ = nullptr;
  uint32_t offset_ = 0;
  uint32_t bytes_ = 0;
  uint32_t used_ = 0;
  uint32_t epoch_ = 0;  // the TPipe epoch it was carved in
  aicore::detail::PoolLinks links_;
};

// One TPipe may live at a time in a block (as on the NPU, where two live
// pipes hand out the same on-chip addresses): constructing a second one
// while the first lives is an error; Destroy() the first one before. Reset,
// Init, Destroy and the destructor end the pipe's epoch (buffer.h NewEpoch):
// queues, TBufs and tensors carved before are stale from then on.
class TPipe {
 public:
  // A TPipe constructed while another one lives on the core stays idle: it
  // may take that pipe's state by copy (below), and an InitBuffer on it
  // before that is the error of two live pipes.
  TPipe(aicore::SrcLoc loc = aicore::SrcLoc::Current()) : ctor_loc_(loc) {  // NOLINT
    aicore::detail::CoreContext* core = aicore::detail::t_core;
    if (core == nullptr || core->pipe == nullptr) Activate("TPipe::TPipe", loc);
  }
  ~TPipe() {
    if (!destroyed_) DrainPipes("~TPipe", ctor_loc_);  // the vendor's destructor calls Destroy()
    Leave("~TPipe", ctor_loc_);
  }

  // A copy continues the source's allocation (the vendor's TPipe is a value:
  // a copy carves from where the source had got to, and the source does not
  // see what the copy carves). A copy of the core's live pipe becomes the
  // live pipe in its place, in the same epoch (the source's buffers stay
  // valid), until the copy is destroyed or Destroy()ed: then the source is
  // live again. Public kernels pass the kernel's TPipe to an operator class
  // that keeps it in a TPipe member (`pipe_ = pipe;`).
  TPipe(const TPipe& other, aicore::SrcLoc loc = aicore::SrcLoc::Current()) : ctor_loc_(loc) {
    CopyFrom(other, loc);
  }
  TPipe& operator=(const TPipe& other) {
    if (this != &other) CopyFrom(other, ctor_loc_);
    return *this;
  }

  // Makes this the current pipe and forgets every buffer carved so far.
  void Init(aicore::SrcLoc loc = aicore::SrcLoc::Current()) { Activate("TPipe::Init", loc); }
  // Releases all buffers (the memory can be carved again for a new phase):
  // queues and TBufs need InitBuffer again, earlier tensors are stale.
  void Reset(aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
    aicore::detail::CoreContext* core = aicore::detail::t_core;
    if (core != nullptr && core->pipe == this) {
      core->pipe_log.Add(epoch_, "TPipe::Reset", loc);
      epoch_ = core->epoch = aicore::detail::NewEpoch();
    }
    Clear();
  }
  // Releases the pipe: another TPipe may be constructed (or this one
  // made live again with Init).
  void Destroy(aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
    DrainPipes("TPipe::Destroy", loc);
    Leave("TPipe::Destroy", loc);
    destroyed_ = true;
    destroy_loc_ = loc;
    Clear();
  }

  template <TPosition src, TPosition dst, int32_t depth, auto mask>
  bool InitBuffer(TQueBind<src, dst, depth, mask>& que, uint8_t num, uint32_t len,
                  aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
    using Q = TQueBind<src, dst, depth, mask>;
    aicore::detail::Enter("TPipe::InitBuffer", loc);
    if (AICORE_UNLIKELY(num == 0 || num > kMaxQueueBuffers)) {
      aicore::detail::FailQueueBufferCount("TPipe::InitBuffer", num, loc);
    }
    Q::CheckConfig("TPipe::InitBuffer", num, len, loc);
    uint32_t offset = 0;
    uint8_t* base = Carve(Q::kPosition, num, len, loc, &offset);
    que.Setup(base, offset, num, Round32(len));
    return true;
  }

  template <TPosition pos>
  bool InitBuffer(TBuf<pos>& buf, uint32_t len, aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
    aicore::detail::Enter("TPipe::InitBuffer", loc);
    uint32_t offset = 0;
    uint8_t* base = Carve(pos, 1, len, loc, &offset);
    buf.Setup(base, offset, Round32(len));
    return true;
  }

  // A buffer pool of `len` bytes carved from the pipe (see TBufPool).
  template <TPosition pos, uint32_t ids>
  bool InitBufPool(TBufPool<pos, ids>& pool, uint32_t len,
                   aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
    aicore::detail::Enter("TPipe::InitBufPool", loc);
    uint32_t offset = 0;
    uint8_t* base = Carve(pos, 1, len, loc, &offset);
    pool.Setup(base, offset, Round32(len));
    return true;
  }
  // A user's buffer pool class (EXTERN_IMPL_BUFPOOL): its region.
  template <class Pool, std::enable_if_t<Pool::isTbufPool, int> = 0>
  bool InitBufPool(Pool& pool, uint32_t len, aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
    aicore::detail::Enter("TPipe::InitBufPool", loc);
    uint32_t offset = 0;
    uint8_t* base = Carve(Pool::poolPos, 1, len, loc, &offset);
    pool.AicoreExtPool().Setup(base, offset, Round32(len));
    return true;
  }
  // A pool over the first `len` bytes of `shared`'s region (phases that
  // never run at once share memory).
  template <TPosition pos, uint32_t ids, class Shared>
  bool InitBufPool(TBufPool<pos, ids>& pool, uint32_t len, Shared& shared,
                   aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
    aicore::detail::Enter("TPipe::InitBufPool", loc);
    shared.ShareInto(pool, len, "TPipe::InitBufPool", loc);
    return true;
  }

  // Event ids: Fetch returns a free id without taking it; Alloc takes one.
  TEventID FetchEventID(HardEvent evt, aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
    const uint8_t bits = event_alloc_[CheckEvent("TPipe::FetchEventID", evt, loc)];
    for (int i = 0; i < aicore::detail::kNumEventIds; ++i) {
      if (!(bits & (1u << i))) return static_cast<TEventID>(i);
    }
    return 0;
  }
  template <HardEvent evt>
  TEventID FetchEventID(aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
    return FetchEventID(evt, loc);
  }
  template <HardEvent evt>
  TEventID AllocEventID(aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
    uint8_t& bits = event_alloc_[CheckEvent("TPipe::AllocEventID", evt, loc)];
    for (int i = 0; i < aicore::detail::kNumEventIds; ++i) {
      if (!(bits & (1u << i))) {
        bits = static_cast<uint8_t>(bits | (1u << i));
        return static_cast<TEventID>(i);
      }
    }
    aicore::detail::Fail(aicore::ErrorKind::kSync, "TPipe::AllocEventID", loc,
                         "all 8 event ids of this HardEvent are allocated");
  }
  template <HardEvent evt>
  void ReleaseEventID(TEventID id, aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
    const int e = CheckEvent("TPipe::ReleaseEventID", evt, loc);
    if (id >= 0 && id < aicore::detail::kNumEventIds) {
      event_alloc_[e] &= static_cast<uint8_t>(~(1u << id));
    }
  }

  // Bytes carved so far from a memory (aicore extension, for tests/tools).
  uint32_t UsedBytes(aicore::Memory m) const { return used_[static_cast<int>(m)]; }

  // aicore internals: the UB the buffers leave free, for PopStackBuffer
  // (one descriptor; popping again before the next InitBuffer gives the same
  // memory and allocation, an InitBuffer in UB afterwards retires it).
  aicore::detail::BufferDesc& PopStack(TPosition pos, aicore::SrcLoc loc) {
    aicore::detail::CoreContext& core = *aicore::detail::t_core;
    if (AICORE_UNLIKELY(core.pipe != this)) Adopt(core, loc);
    constexpr int m = static_cast<int>(aicore::Memory::kUB);
    const uint32_t cap = core.capacity[m];
    // Ascend910B (arch 2201) keeps the last 64 bytes of UB for the messages
    // of the cube/vector KFC channel, as the vendor's PopStackBuffer does.
    const uint32_t reserve = &aicore::GetSocProfile() == &aicore::SocProfileByIndex(0) ? 64u : 0u;
    const uint32_t end = cap - reserve;
    if (AICORE_UNLIKELY(used_[m] >= end)) {
      aicore::detail::Fail(aicore::ErrorKind::kCapacity, "PopStackBuffer", loc,
                           "no UB left to pop: the TPipe's buffers use " + std::to_string(used_[m]) +
                               " of the " + std::to_string(end) + " bytes PopStackBuffer may hand out (" +
                               std::to_string(cap) + " bytes of UB" +
                               (reserve ? ", the last 64 kept for KFC messages" : "") + ")");
    }
    if (stack_.state == aicore::detail::BufState::kFree || stack_.epoch != epoch_ ||
        stack_.offset != used_[m]) {
      stack_.base = core.arena[m].get() + used_[m];
      stack_.offset = used_[m];
      stack_.bytes = end - used_[m];
      stack_.state = aicore::detail::BufState::kOccupied;
      stack_.index = 0;
      stack_.kind = "PopStackBuffer";
      stack_.alloc_loc = loc;
      stack_.gen = ++core.gen_counter;
      stack_.epoch = epoch_;
      if (AICORE_UNLIKELY(core.instr != 0)) {
        aicore::detail::EmitCarve(core, aicore::Memory::kUB, stack_.base, stack_.bytes);
      }
    }
    stack_.pos = pos;
    return stack_;
  }

 private:
  static uint32_t Round32(uint32_t len) { return (len + 31u) & ~31u; }

  // The index of evt in event_alloc_; a HardEvent value that is no event (a
  // cast integer, HardEvent::MAX) is a parameter error.
  static int CheckEvent(const char* api, HardEvent evt, aicore::SrcLoc loc) {
    const int e = static_cast<int>(evt);
    if (AICORE_UNLIKELY(e >= aicore::detail::kNumHardEvents)) {
      aicore::detail::Fail(aicore::ErrorKind::kParameter, api, loc,
                           "HardEvent value " + std::to_string(e) + " is not an event (valid: 0 to " +
                               std::to_string(aicore::detail::kNumHardEvents - 1) +
                               "; HardEvent::MAX is a count, not an event)");
    }
    return e < aicore::detail::kNumHardEvents ? e : 0;
  }

  void Clear() {
    stack_.state = aicore::detail::BufState::kFree;
    for (auto& u : used_) u = 0;
    for (auto& e : event_alloc_) e = 0;
  }

  // The vendor's Destroy() ends with PipeBarrier<PIPE_ALL> (every pipe of
  // the core drained): the same ordering for synccheck and the estimate.
  static void DrainPipes(const char* api, aicore::SrcLoc loc) {
    aicore::detail::CoreContext* core = aicore::detail::t_core;
    if (core == nullptr || core->launch == nullptr || AICORE_LIKELY(core->instr == 0)) return;
    aicore::instrument::Event e =
        aicore::instrument::OrderEvent(aicore::instrument::EventKind::kBarrier, 0, static_cast<int>(PIPE_ALL), loc);
    e.api = api;
    aicore::instrument::Emit(*core, e);
  }

  // Makes this the live pipe of the core, with a new epoch.
  AICORE_RT_FN void Activate(const char* api, aicore::SrcLoc loc);
  // Takes other's allocation state (see the copy constructor).
  AICORE_RT_FN void CopyFrom(const TPipe& other, aicore::SrcLoc loc);
  // This pipe stops being the core's live one (destroyed or Destroy()ed):
  // the pipe it was copied from is live again, or none (a new epoch).
  AICORE_RT_FN void Leave(const char* what, aicore::SrcLoc loc);

  [[noreturn]] AICORE_RT_COLD AICORE_RT_FN static void FailSecondPipe(const char* api,
                                                                      const TPipe& live,
                                                                      const TPipe& self,
                                                                      aicore::SrcLoc loc);

  // InitBuffer on a pipe that is not the core's live one: made live when it
  // was constructed outside this block (before the launch, or a static);
  // an error after Destroy() or while another pipe lives.
  AICORE_RT_COLD AICORE_RT_FN void Adopt(aicore::detail::CoreContext& core, aicore::SrcLoc loc);

  AICORE_RT_FN uint8_t* Carve(TPosition pos, uint32_t num, uint32_t len, aicore::SrcLoc loc,
                              uint32_t* offset);

  uint32_t used_[aicore::detail::kNumMemories] = {};
  aicore::detail::BufferDesc stack_;  // PopStackBuffer's memory
  uint8_t event_alloc_[aicore::detail::kNumHardEvents] = {};
  aicore::SrcLoc ctor_loc_{"", 0};
  aicore::SrcLoc destroy_loc_{"", 0};
  uint32_t epoch_ = 0;  // CoreContext::epoch while this pipe is live
  bool destroyed_ = false;
  TPipe* parent_ = nullptr;  // the live pipe this one was copied from
};

inline TPipe* GetTPipePtr() {
  aicore::detail::CoreContext* core = aicore::detail::t_core;
  return core ? core->pipe : nullptr;
}

// popLocal becomes the UB the live TPipe's buffers leave free (from the end
// of the last UB buffer carved to the end of UB, less the 64 bytes
// Ascend910B keeps for KFC messages), as a tensor of that many bytes. The
// memory is checked like a buffer: an InitBuffer in UB afterwards carves it
// for another buffer, and a later use of the popped tensor is an error.
// Popping again before that gives the same memory. A TPipe must be live.
template <typename T, TPosition pos>
bool PopStackBuffer(LocalTensor<T>& popLocal, aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  static_assert(pos == TPosition::VECIN || pos == TPosition::VECOUT || pos == TPosition::VECCALC,
                "PopStackBuffer: a UB position (VECIN, VECOUT, VECCALC/LCM)");
  aicore::detail::CoreContext& core = aicore::detail::Enter("PopStackBuffer", loc);
  if (AICORE_UNLIKELY(core.pipe == nullptr)) {
    aicore::detail::Fail(aicore::ErrorKind::kQueue, "PopStackBuffer", loc,
                         "no TPipe is live: PopStackBuffer hands out the UB a TPipe's buffers "
                         "leave free (construct the TPipe and its InitBuffers first)");
  }
  aicore::detail::BufferDesc& b = core.pipe->PopStack(pos, loc);
  const uint32_t bytes = b.bytes / sizeof(T) * sizeof(T);
  popLocal.Bind(&b, reinterpret_cast<T*>(b.base), bytes, b.gen, b.epoch, pos);
  return true;
}

}  // namespace AscendC

#if AICORE_RT_DEFINITIONS
#include "aicore/memory/pipe-inl.h"
#endif
