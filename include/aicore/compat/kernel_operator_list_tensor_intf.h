// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// kernel_operator_list_tensor_intf.h: ListTensorDesc and TensorDesc, which
// decode the tensor list a dynamic input arrives as. The list is one GM
// buffer of 64-bit words:
//
//   word 0                 ptrOffset: the byte offset of the pointer array
//   then, per tensor i     one descriptor of (1 + dim) words:
//                            word: dim (low 32 bits) | i (high 32 bits)
//                            dim words: the extents
//                          (a list that carries no shapes has dim = 0 and a
//                           single 2-word descriptor {0 | count << 32,
//                           0xffffffff}, ptrOffset = 24)
//   at ptrOffset           count data pointers (uint64_t each)
//
// The count is the high half of the first descriptor word when it is not
// zero, else the index in the last descriptor plus one. length (bytes of the
// whole list) and shapeSize (the number of pointers), when both are given,
// are checked against the decoded list. A list that does not decode, and an
// index past the end, are reported as KernelError.
#pragma once

#include <cstdint>
#include <string>

#include "kernel_operator.h"

namespace AscendC {

class ListTensorDesc;

template <class T>
class TensorDesc {
 public:
  TensorDesc() = default;
  ~TensorDesc() = default;

  // Where GetDesc writes the extents (room for GetDim() of them).
  void SetShapeAddr(uint64_t* shapePtr, aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
    if (AICORE_UNLIKELY(shapePtr == nullptr)) {
      aicore::detail::Fail(aicore::ErrorKind::kParameter, "TensorDesc::SetShapeAddr", loc,
                           "shapePtr is null");
    }
    shape_ = shapePtr;
  }
  uint64_t GetDim() { return dim_; }
  uint64_t GetIndex() { return index_; }
  uint64_t* GetShapeAddr() { return shape_; }
  uint64_t GetShape(uint32_t offset, aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
    if (AICORE_UNLIKELY(offset >= dim_ || shape_ == nullptr)) {
      aicore::detail::Fail(aicore::ErrorKind::kParameter, "TensorDesc::GetShape", loc,
                           "offset " + std::to_string(offset) + " is not below the dimension count " +
                               std::to_string(dim_) + (shape_ == nullptr ? " (no SetShapeAddr)" : ""));
    }
    return shape_[offset];
  }
  __gm__ T* GetDataPtr() { return ptr_; }
  GlobalTensor<T> GetDataObj() {
    GlobalTensor<T> g;
    g.SetGlobalBuffer(ptr_);
    return g;
  }

 private:
  friend class ListTensorDesc;
  uint32_t dim_ = 0;
  uint32_t index_ = 0;
  uint64_t* shape_ = nullptr;
  __gm__ T* ptr_ = nullptr;
};

class ListTensorDesc {
 public:
  ListTensorDesc() = default;
  ~ListTensorDesc() = default;
  ListTensorDesc(__gm__ void* data, uint32_t length = 0xffffffff, uint32_t shapeSize = 0xffffffff,
                 aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
    Decode(data, length, shapeSize, loc);
  }
  void Init(__gm__ void* data, uint32_t length = 0xffffffff, uint32_t shapeSize = 0xffffffff,
            aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
    Decode(data, length, shapeSize, loc);
  }

  // The descriptor of tensor `index`: dimension count, index, data pointer,
  // and the extents written to the desc's SetShapeAddr buffer.
  template <class T>
  void GetDesc(TensorDesc<T>& desc, uint32_t index, aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
    CheckIndex("ListTensorDesc::GetDesc", index, loc);
    desc.dim_ = dim_;
    desc.index_ = index;
    desc.ptr_ = reinterpret_cast<__gm__ T*>(static_cast<uintptr_t>(ptrs_[index]));
    if (dim_ == 0) return;
    if (AICORE_UNLIKELY(desc.shape_ == nullptr)) {
      aicore::detail::Fail(aicore::ErrorKind::kParameter, "ListTensorDesc::GetDesc", loc,
                           "the TensorDesc has no shape buffer: call SetShapeAddr first");
    }
    const __gm__ uint64_t* extents = shapes_ + static_cast<uint64_t>(index) * desc_words_ + 1;
    for (uint32_t i = 0; i < dim_; ++i) desc.shape_[i] = extents[i];
  }

  template <class T>
  __gm__ T* GetDataPtr(uint32_t index, aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
    CheckIndex("ListTensorDesc::GetDataPtr", index, loc);
    return reinterpret_cast<__gm__ T*>(static_cast<uintptr_t>(ptrs_[index]));
  }

  uint32_t GetSize() { return count_; }

 private:
  [[noreturn]] static void Bad(aicore::SrcLoc loc, const std::string& what) {
    aicore::detail::Fail(aicore::ErrorKind::kParameter, "ListTensorDesc", loc,
                         "the tensor list does not decode: " + what);
  }

  void CheckIndex(const char* api, uint32_t index, aicore::SrcLoc loc) const {
    if (AICORE_UNLIKELY(ptrs_ == nullptr || index >= count_)) {
      aicore::detail::Fail(aicore::ErrorKind::kParameter, api, loc,
                           ptrs_ == nullptr ? std::string("the ListTensorDesc was never initialised")
                                            : "index " + std::to_string(index) + " is not below the list size " +
                                                  std::to_string(count_));
    }
  }

  void Decode(__gm__ void* data, uint32_t length, uint32_t shapeSize, aicore::SrcLoc loc) {
    if (AICORE_UNLIKELY(data == nullptr)) Bad(loc, "data is null");
    if (AICORE_UNLIKELY(reinterpret_cast<uintptr_t>(data) % sizeof(uint64_t) != 0)) {
      Bad(loc, "data " + aicore::detail::HexPtr(data) + " is not 8-byte aligned");
    }
    const __gm__ uint64_t* words = static_cast<const __gm__ uint64_t*>(data);
    const uint64_t ptr_offset = words[0];
    if (AICORE_UNLIKELY(ptr_offset < 3 * sizeof(uint64_t) || ptr_offset % sizeof(uint64_t) != 0)) {
      Bad(loc, "pointer offset (word 0) " + std::to_string(ptr_offset) +
                   " is not a multiple of 8 of at least 24");
    }
    shapes_ = words + 1;
    ptrs_ = words + ptr_offset / sizeof(uint64_t);
    dim_ = static_cast<uint32_t>(shapes_[0] & 0xffffffffu);
    const uint32_t first_high = static_cast<uint32_t>(shapes_[0] >> 32);
    desc_words_ = dim_ == 0 ? 2 : 1 + dim_;
    const uint64_t desc_bytes = ptr_offset - sizeof(uint64_t);
    if (dim_ == 0) {
      if (AICORE_UNLIKELY(ptr_offset != 24 || shapes_[1] != 0xffffffffu)) {
        Bad(loc, "a list without shapes (dim 0) must have pointer offset 24 and 0xffffffff in word 2, has " +
                     std::to_string(ptr_offset) + " and " + std::to_string(shapes_[1]));
      }
    } else if (AICORE_UNLIKELY(desc_bytes % (desc_words_ * sizeof(uint64_t)) != 0)) {
      Bad(loc, "pointer offset " + std::to_string(ptr_offset) + " is not 8 + a whole number of " +
                   std::to_string(desc_words_ * sizeof(uint64_t)) + "-byte descriptors (dim " +
                   std::to_string(dim_) + ")");
    }
    count_ = first_high != 0 ? first_high : static_cast<uint32_t>((*(ptrs_ - desc_words_) >> 32) + 1);
    if (AICORE_UNLIKELY(dim_ != 0 && count_ != desc_bytes / (desc_words_ * sizeof(uint64_t)))) {
      Bad(loc, "the list holds " + std::to_string(desc_bytes / (desc_words_ * sizeof(uint64_t))) +
                   " descriptors but names " + std::to_string(count_) + " tensors");
    }
    if (length != 0xffffffffu && shapeSize != 0xffffffffu) {
      const uint64_t want = ptr_offset + static_cast<uint64_t>(count_) * sizeof(uint64_t);
      if (AICORE_UNLIKELY(count_ != shapeSize || length != want)) {
        Bad(loc, "length " + std::to_string(length) + " and shapeSize " + std::to_string(shapeSize) +
                     " do not match the list (" + std::to_string(want) + " bytes, " + std::to_string(count_) +
                     " pointers)");
      }
    }
  }

  const __gm__ uint64_t* shapes_ = nullptr;
  const __gm__ uint64_t* ptrs_ = nullptr;
  uint32_t dim_ = 0;
  uint32_t desc_words_ = 0;
  uint32_t count_ = 0;
};

}  // namespace AscendC
