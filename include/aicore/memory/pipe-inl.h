// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Definitions of aicore/memory/pipe.h (see AICORE_RT_FN in base/defs.h).
#pragma once

#include "aicore/memory/pipe.h"

namespace aicore {
namespace detail {

AICORE_RT_FN std::string QueueName(QueueType q) {
  return std::string(q.src == q.dst ? "TQue<" : "TQueBind<") + PositionName(q.src) +
         (q.src == q.dst ? "" : std::string(", ") + PositionName(q.dst)) + ", " +
         std::to_string(q.depth) + ">";
}

AICORE_RT_COLD AICORE_RT_FN void QueueFailState(QueueType q, const char* api, const BufferDesc& b,
                                               const char* expected, SrcLoc loc) {
  Fail(ErrorKind::kQueue, (std::string("TQue::") + api).c_str(), loc,
       b.Describe() + " of " + QueueName(q) + " is " + BufStateName(b.state) + ", expected " +
           expected);
}

AICORE_RT_COLD AICORE_RT_FN void QueueFailFreed(QueueType q, const char* api, const BufferDesc& b,
                                               bool tensor, SrcLoc loc) {
  const std::string expected =
      tensor ? "allocated (the tensor was already freed" + FreedAt(b) + ": double FreeTensor)"
             : "allocated (it was already freed" + FreedAt(b) + ")";
  QueueFailState(q, api, b, expected.c_str(), loc);
}

AICORE_RT_COLD AICORE_RT_FN void QueueFailNoFree(QueueType q, const BufferDesc* bufs, uint8_t num,
                                                SrcLoc loc) {
  std::string states;
  for (uint8_t i = 0; i < num; ++i) {
    states += (i ? ", " : "") + std::to_string(i) + ": " + BufStateName(bufs[i].state);
  }
  Fail(ErrorKind::kQueue, "TQue::AllocTensor", loc,
       "no free buffer in " + QueueName(q) + " (" + std::to_string(num) +
           " buffers given to InitBuffer, all in use: " + states +
           "); FreeTensor one first or give InitBuffer more buffers");
}

AICORE_RT_COLD AICORE_RT_FN void QueueFailNotInit(QueueType q, const char* api,
                                                 const BufferDesc* bufs, uint8_t num,
                                                 SrcLoc loc) {
  if (num != 0) {
    Fail(ErrorKind::kQueue, (std::string("TQue::") + api).c_str(), loc,
         QueueName(q) + " holds stale buffers: " + RetiredText(bufs[0].epoch) +
             " (those bytes may now belong to other buffers); call "
             "pipe.InitBuffer(queue, num, bytes) again");
  }
  Fail(ErrorKind::kQueue, (std::string("TQue::") + api).c_str(), loc,
       QueueName(q) + " has no buffers: call pipe.InitBuffer(queue, num, bytes) first");
}

AICORE_RT_COLD AICORE_RT_FN void QueueNotOwned(QueueType q, const char* api, const BufferDesc* b,
                                              SrcLoc loc) {
  Fail(ErrorKind::kQueue, (std::string("TQue::") + api).c_str(), loc,
       std::string(api) + " of a tensor that does not belong to this " + QueueName(q) +
           (b == nullptr ? " (the tensor was never allocated)"
                         : " (it comes from " + b->Describe() + ")"));
}

AICORE_RT_COLD AICORE_RT_FN void QueueFailEmpty(QueueType q, SrcLoc loc) {
  Fail(ErrorKind::kQueue, "TQue::DeQue", loc,
       "DeQue on an empty " + QueueName(q) + " (nothing was enqueued; the NPU would hang here)");
}

AICORE_RT_COLD AICORE_RT_FN void QueueFailHandle(QueueType q, const char* api, const void* handle,
                                                uint8_t num, SrcLoc loc) {
  Fail(ErrorKind::kQueue, (std::string("TQue::") + api).c_str(), loc,
       std::string(api) + " of a buffer handle that is not one of this " + QueueName(q) + "'s " +
           std::to_string(num) + " buffers" + (handle == nullptr ? " (a null handle)" : ""));
}

AICORE_RT_FN void QueueCheckAllFree(const BufferDesc* bufs, uint8_t num) {
  CoreContext* core = t_core;
  if (core == nullptr || core->launch == nullptr || std::uncaught_exceptions() > 0) return;
  for (uint8_t i = 0; i < num; ++i) {
    const auto& b = bufs[i];
    if (b.state == BufState::kFree) continue;
    if (b.state == BufState::kEnque) {
      // Its EnQue's flag was set and nothing waits for it: a pending flag
      // when the block ends (as an unpaired SetFlag).
      core->Defer(ErrorKind::kQueue, "AllocTensor", b.alloc_loc,
                  b.Describe() + " is still ENQUE when the block ends: it was enqueued and never dequeued "
                                 "(every EnQue needs a DeQue, every AllocTensor a FreeTensor)");
      return;
    }
    // Allocated (or dequeued) and never freed: nothing waits for the buffer
    // again, so the NPU finishes the kernel as if it had been freed (the
    // vendor's samples do this); a missing FreeTensor is reported under
    // memcheck only.
    if ((core->san & kMemcheck) != 0) {
      core->Defer(ErrorKind::kQueue, "AllocTensor", b.alloc_loc,
                  b.Describe() + " is still " + BufStateName(b.state) +
                      " when the block ends: a FreeTensor is missing (memcheck; harmless on the NPU at "
                      "the end of the block, where nothing allocates the buffer again)");
      return;
    }
  }
}

AICORE_RT_COLD AICORE_RT_FN void FailQueueBufferCount(const char* api, uint8_t num, SrcLoc loc) {
  Fail(ErrorKind::kParameter, api, loc,
       "a queue takes 1 to " + std::to_string(AscendC::kMaxQueueBuffers) + " buffers, got " +
           std::to_string(num));
}

AICORE_RT_FN void QueueCheckConfig(const char* api, uint8_t num, uint32_t len, uint32_t number,
                                   uint32_t bufferLen, SrcLoc loc) {
  if (AICORE_UNLIKELY(number != 0 && number != num)) {
    Fail(ErrorKind::kParameter, api, loc,
         std::to_string(num) + " buffer(s) for a queue whose TQueConfig::bufferNumber is " +
             std::to_string(number) + " (0 would allow any number)");
  }
  if (AICORE_UNLIKELY(bufferLen != 0 && bufferLen != len)) {
    Fail(ErrorKind::kParameter, api, loc,
         "buffers of " + std::to_string(len) + " bytes for a queue whose TQueConfig::bufferLen is " +
             std::to_string(bufferLen) + " (0 would allow any length)");
  }
}

AICORE_RT_COLD AICORE_RT_FN void TBufFailCheck(const BufferDesc& d, const char* api,
                                              uint64_t offset, uint64_t bytes, SrcLoc loc) {
  if (d.base == nullptr) {
    Fail(ErrorKind::kQueue, api, loc,
         "TBuf has no memory: call pipe.InitBuffer(tbuf, bytes) first");
  }
  const CoreContext* core = t_core;
  if (core != nullptr && d.epoch != core->epoch) {
    Fail(ErrorKind::kQueue, api, loc,
         "the TBuf holds stale memory: " + RetiredText(d.epoch, "it was") +
             " (those bytes may now belong to other buffers); call "
             "pipe.InitBuffer(tbuf, bytes) again");
  }
  Fail(ErrorKind::kBounds, api, loc,
       "bytes [" + std::to_string(offset) + ", " + std::to_string(offset + bytes) +
           ") are outside the " + d.Describe());
}

AICORE_RT_COLD AICORE_RT_FN void TBufFailAlign(const BufferDesc& d, uint32_t offset, size_t align,
                                              const char* type, SrcLoc loc) {
  Fail(ErrorKind::kAlignment, "TBuf::GetWithOffset", loc,
       "offsetBytes " + std::to_string(offset) + " is not a multiple of " + std::to_string(align) +
           ", the alignment of " + type + " (" + d.Describe() + ")");
}

AICORE_RT_COLD AICORE_RT_FN void TBufFailHandle(const BufferDesc& d, const void* handle,
                                               SrcLoc loc) {
  Fail(ErrorKind::kQueue, "TBuf::GetBufferAddr", loc,
       std::string("the handle is not this TBuf's (") + d.Describe() + ")" +
           (handle == nullptr ? ": a null handle" : ""));
}

}  // namespace detail
}  // namespace aicore

namespace AscendC {

AICORE_RT_FN void TPipe::Activate(const char* api, aicore::SrcLoc loc) {
  aicore::detail::CoreContext* core = aicore::detail::t_core;
  if (core != nullptr) {
    if (AICORE_UNLIKELY(core->pipe != nullptr && core->pipe != this)) {
      FailSecondPipe(api, *core->pipe, *this, loc);
    }
    if (core->pipe == this) core->pipe_log.Add(epoch_, "TPipe::Init", loc);
    core->pipe = this;
    epoch_ = core->epoch = aicore::detail::NewEpoch();
  }
  destroyed_ = false;
  Clear();
}

AICORE_RT_FN void TPipe::CopyFrom(const TPipe& other, aicore::SrcLoc loc) {
  aicore::detail::CoreContext* core = aicore::detail::t_core;
  for (int m = 0; m < aicore::detail::kNumMemories; ++m) used_[m] = other.used_[m];
  for (int e = 0; e < aicore::detail::kNumHardEvents; ++e) event_alloc_[e] = other.event_alloc_[e];
  stack_.state = aicore::detail::BufState::kFree;
  destroyed_ = other.destroyed_;
  destroy_loc_ = other.destroy_loc_;
  if (core == nullptr) {
    epoch_ = other.epoch_;
  } else if (core->pipe == &other) {
    // The copy of the live pipe takes its place, in its epoch.
    parent_ = const_cast<TPipe*>(&other);
    core->pipe = this;
    epoch_ = other.epoch_;
  } else if (core->pipe == this) {
    // The live pipe takes an idle pipe's state: its own buffers may be
    // carved again, so they are stale.
    core->pipe_log.Add(epoch_, "TPipe::operator= (an idle TPipe's state)", loc);
    epoch_ = core->epoch = aicore::detail::NewEpoch();
  } else {
    epoch_ = other.epoch_;
  }
}

AICORE_RT_FN void TPipe::Leave(const char* what, aicore::SrcLoc loc) {
  aicore::detail::CoreContext* core = aicore::detail::t_core;
  if (core == nullptr) return;
  if (core->pipe == this) {
    if (parent_ != nullptr) {
      core->pipe = parent_;  // the source lives on, in the same epoch
    } else {
      core->pipe_log.Add(epoch_, what, loc);
      core->pipe = nullptr;
      core->epoch = aicore::detail::NewEpoch();
    }
  } else {
    // A live copy of this pipe no longer has a source to return to.
    for (TPipe* p = core->pipe; p != nullptr; p = p->parent_) {
      if (p->parent_ == this) p->parent_ = nullptr;
    }
  }
  parent_ = nullptr;
}

AICORE_RT_COLD AICORE_RT_FN void TPipe::FailSecondPipe(const char* api, const TPipe& live,
                                                       const TPipe& self, aicore::SrcLoc loc) {
  aicore::detail::Fail(
      aicore::ErrorKind::kQueue, api, loc,
      "a second TPipe (constructed at " + self.ctor_loc_.Str() +
          ") is made live while the TPipe constructed at " + live.ctor_loc_.Str() +
          " still lives: only one TPipe may exist at a time (on the NPU two pipes hand out the "
          "same on-chip addresses, and their buffers overlap); call Destroy() on the first "
          "one before constructing another, pass a pointer to the one TPipe, or copy the live "
          "one into the second before its first InitBuffer (`second = first;`)");
}

AICORE_RT_COLD AICORE_RT_FN void TPipe::Adopt(aicore::detail::CoreContext& core,
                                              aicore::SrcLoc loc) {
  if (core.pipe != nullptr) FailSecondPipe("TPipe::InitBuffer", *core.pipe, *this, loc);
  if (destroyed_) {
    aicore::detail::Fail(aicore::ErrorKind::kQueue, "TPipe::InitBuffer", loc,
                         "InitBuffer on a TPipe after its Destroy() at " + destroy_loc_.Str() +
                             ": call Init() on it first, or construct a new TPipe");
  }
  Activate("TPipe::InitBuffer", loc);
}

AICORE_RT_FN uint8_t* TPipe::Carve(TPosition pos, uint32_t num, uint32_t len, aicore::SrcLoc loc,
                                   uint32_t* offset) {
  aicore::detail::CoreContext& core = *aicore::detail::t_core;
  if (AICORE_UNLIKELY(core.pipe != this)) Adopt(core, loc);
  const aicore::Memory mem = aicore::detail::PositionMemory(pos);
  const int m = static_cast<int>(mem);
  const uint64_t each = (static_cast<uint64_t>(len) + 31u) & ~uint64_t{31};
  const uint64_t need = each * num;
  const uint64_t cap = core.capacity[m];
  if (AICORE_UNLIKELY(cap == 0)) {
    aicore::detail::Fail(aicore::ErrorKind::kCapacity, "TPipe::InitBuffer", loc,
                         std::string("position ") + aicore::detail::PositionName(pos) +
                             " lives in " + aicore::MemoryName(mem) + ", which the " +
                             aicore::GetSocProfile().name +
                             " profile does not have (the bias table and the fixpipe buffer "
                             "exist on Ascend910B); select the profile with "
                             "aicore::SetSocVersion or AICORE_SOC");
  }
  if (AICORE_UNLIKELY(len == 0 || used_[m] + need > cap)) {
    aicore::detail::Fail(
        aicore::ErrorKind::kCapacity, "TPipe::InitBuffer", loc,
        len == 0
            ? std::string("buffer length 0")
            : std::to_string(num) + " buffer(s) of " + std::to_string(len) + " bytes (" +
                  std::to_string(need) + " bytes after 32-byte rounding) for position " +
                  aicore::detail::PositionName(pos) + " do not fit in " + aicore::MemoryName(mem) +
                  ": " + std::to_string(used_[m]) + " of " + std::to_string(cap) +
                  " bytes already used (" + aicore::GetSocProfile().name + "), overflow by " +
                  std::to_string(used_[m] + need - cap) + " bytes");
  }
  if (AICORE_UNLIKELY(mem == aicore::Memory::kUB &&
                      stack_.state != aicore::detail::BufState::kFree)) {
    stack_.state = aicore::detail::BufState::kFree;  // the popped UB is carved now
    stack_.free_loc = loc;
  }
  *offset = used_[m];
  uint8_t* base = core.arena[m].get() + used_[m];
  if (AICORE_UNLIKELY(core.instr != 0)) aicore::detail::EmitCarve(core, mem, base, need);
  used_[m] += static_cast<uint32_t>(need);
  return base;
}

}  // namespace AscendC
