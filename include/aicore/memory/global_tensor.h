// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// GlobalTensor<T>: a typed view of global memory (GM).
#pragma once

#include <cstdint>
#include <string>

#include "aicore/base/defs.h"
#include "aicore/base/error.h"
#include "aicore/base/type_name.h"
#include "aicore/runtime/context.h"
#include "aicore/runtime/sanitizer.h"

namespace AscendC {

enum class CacheMode : uint8_t { CACHE_MODE_NORMAL = 0, CACHE_MODE_DISABLE, CACHE_MODE_LAST };
enum class DataFormat : uint8_t { ND = 0, NZ, NCHW, NC1HWC0, NHWC };

constexpr int32_t K_MAX_SHAPE_DIM = 8;

struct ShapeInfo {
  uint8_t shapeDim = 0;
  uint8_t originalShapeDim = 0;
  uint32_t shape[K_MAX_SHAPE_DIM] = {};
  uint32_t originalShape[K_MAX_SHAPE_DIM] = {};
  DataFormat dataFormat = DataFormat::ND;
  ShapeInfo() = default;
  ShapeInfo(uint8_t dim, const uint32_t* s, DataFormat fmt = DataFormat::ND)
      : shapeDim(dim), originalShapeDim(dim), dataFormat(fmt) {
    for (uint8_t i = 0; i < dim && i < K_MAX_SHAPE_DIM; ++i) shape[i] = originalShape[i] = s[i];
  }
};

template <typename T>
class GlobalTensor {
 public:
  using PrimType = T;

  GlobalTensor() = default;

  // Binds the tensor to GM. `bufferSize` is in elements; without it the size
  // is unknown (0) and accesses are not bounds-checked against it.
  void SetGlobalBuffer(__gm__ T* buffer, uint64_t bufferSize) {
    addr_ = buffer;
    size_ = bufferSize;
    sized_ = true;
  }
  void SetGlobalBuffer(__gm__ T* buffer) {
    addr_ = buffer;
    size_ = 0;
    sized_ = false;
  }

  GlobalTensor operator[](uint64_t offset) const {
    if (AICORE_UNLIKELY(sized_ && offset > size_)) {
      FailIndex("GlobalTensor::operator[]", offset, aicore::SrcLoc{"", 0});
    }
    GlobalTensor r = *this;
    r.addr_ = addr_ + offset;
    if (sized_) r.size_ = size_ - offset;
    return r;
  }

  T GetValue(uint64_t offset, aicore::SrcLoc loc = aicore::SrcLoc::Current()) const {
    return *Checked("GlobalTensor::GetValue", offset, loc, aicore::detail::GmAccess::kRead);
  }
  void SetValue(uint64_t offset, T value, aicore::SrcLoc loc = aicore::SrcLoc::Current()) const {
    *Checked("GlobalTensor::SetValue", offset, loc, aicore::detail::GmAccess::kWrite) = value;
  }
  // A reference may be read or written: recorded as a write (racecheck) that
  // does not need initialized bytes.
  T& operator()(uint64_t offset, aicore::SrcLoc loc = aicore::SrcLoc::Current()) const {
    return *Checked("GlobalTensor::operator()", offset, loc, aicore::detail::GmAccess::kWrite);
  }

  uint64_t GetSize() const { return size_; }
  __gm__ T* GetPhyAddr() const { return addr_; }
  __gm__ T* GetPhyAddr(uint64_t offset) const { return addr_ + offset; }
  void SetL2CacheHint(CacheMode) {}
  void SetShapeInfo(const ShapeInfo& s) { shape_ = s; }
  ShapeInfo GetShapeInfo() const { return shape_; }

  // aicore internals.
  bool sized_ = false;  // whether SetGlobalBuffer was given a size
  T* addr_ = nullptr;
  uint64_t size_ = 0;
  ShapeInfo shape_;

  // Fails unless [offset, offset + count) elements lie inside the bound size.
  void CheckRange(const char* api, uint64_t offset, uint64_t count, aicore::SrcLoc loc) const {
    if (AICORE_UNLIKELY(addr_ == nullptr)) {
      aicore::detail::Fail(aicore::ErrorKind::kBounds, api, loc,
                           "GlobalTensor was never bound with SetGlobalBuffer");
    }
    if (AICORE_UNLIKELY(sized_ && (offset > size_ || count > size_ - offset))) {
      aicore::detail::Fail(
          aicore::ErrorKind::kBounds, api, loc,
          "GM access of " + std::to_string(count) + " " + aicore::detail::TypeName<T>() +
              " elements at element offset " + std::to_string(offset) +
              " overruns the GlobalTensor's " + std::to_string(size_) + " elements (by " +
              std::to_string(offset + count - size_) + " elements, " +
              std::to_string((offset + count - size_) * sizeof(T)) + " bytes)");
    }
  }

 private:
  T* Checked(const char* api, uint64_t offset, aicore::SrcLoc loc,
             aicore::detail::GmAccess acc) const {
    CheckRange(api, offset, 1, loc);
    aicore::detail::CoreContext* core = aicore::detail::t_core;
    if (AICORE_UNLIKELY(core != nullptr && core->san != 0)) {
      aicore::detail::EnterScalar(*core, api, loc, acc != aicore::detail::GmAccess::kRead);
      aicore::detail::SanGm(*core, acc, addr_ + offset, sizeof(T), api, loc);
    }
    return addr_ + offset;
  }
  [[noreturn]] AICORE_COLD void FailIndex(const char* api, uint64_t offset,
                                          aicore::SrcLoc loc) const {
    aicore::detail::Fail(aicore::ErrorKind::kBounds, api, loc,
                         "offset " + std::to_string(offset) + " is beyond the GlobalTensor's " +
                             std::to_string(size_) + " elements");
  }
};

}  // namespace AscendC
