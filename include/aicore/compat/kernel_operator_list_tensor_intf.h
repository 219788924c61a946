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
//
// The tensors of a list may have different ranks (each descriptor carries
// its own dim; the operator runner builds such lists). The NPU's decoder
// steps through the descriptors by tensor 0's size, so there GetSize() and
// GetDesc() read the wrong words for such a list; GetDataPtr() is right.
// Here the descriptors are walked one by one, and GetSize() / GetDesc() on a
// list where the NPU's stepping would read wrong words are a KernelError
// (take the count and the shapes from the tiling data instead).
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
    if (AICORE_UNLIKELY(mixed_)) CheckStride(index, loc);
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

  uint32_t GetSize(aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
    if (AICORE_UNLIKELY(mixed_ && npu_count_ != count_)) {
      aicore::detail::Fail(aicore::ErrorKind::kParameter, "ListTensorDesc::GetSize", loc,
                           "the list's tensors have different ranks (" + RankText() +
                               "); the NPU's ListTensorDesc steps through the descriptors by tensor 0's size and "
                               "would count " + std::to_string(npu_count_) + " tensors, not " +
                               std::to_string(count_) +
                               ": take the count from the tiling data and read such a list with GetDataPtr");
    }
    return count_;
  }

 private:
  [[noreturn]] static void Bad(aicore::SrcLoc loc, const std::string& what) {
    aicore::detail::Fail(aicore::ErrorKind::kParameter, "ListTensorDesc", loc,
                         "the tensor list does not decode: " + what);
  }

  // "tensor 0: rank 1, tensor 2: rank 3": the first tensor whose rank differs.
  std::string RankText() const {
    const __gm__ uint64_t* w = shapes_;
    for (uint32_t k = 0; k < count_; ++k) {
      const uint32_t d = static_cast<uint32_t>(*w & 0xffffffffu);
      if (d != dim_) {
        return "tensor 0: rank " + std::to_string(dim_) + ", tensor " + std::to_string(k) + ": rank " + std::to_string(d);
      }
      w += 1 + d;
    }
    return "tensor 0: rank " + std::to_string(dim_);
  }

  // GetDesc(index) of a list of mixed ranks: the NPU reads the descriptor at
  // index * (1 + rank of tensor 0) with tensor 0's rank; an error unless that
  // is descriptor `index` and its rank is tensor 0's.
  void CheckStride(uint32_t index, aicore::SrcLoc loc) const {
    const __gm__ uint64_t* w = shapes_;
    for (uint32_t k = 0; k < index; ++k) w += 1 + (*w & 0xffffffffu);
    const uint32_t d = static_cast<uint32_t>(*w & 0xffffffffu);
    if (w != shapes_ + static_cast<uint64_t>(index) * desc_words_ || d != dim_) {
      aicore::detail::Fail(aicore::ErrorKind::kParameter, "ListTensorDesc::GetDesc", loc,
                           "GetDesc(" + std::to_string(index) + "): the list's tensors have different ranks (" +
                               RankText() + "); the NPU's ListTensorDesc reads every descriptor at a stride of "
                               "tensor 0's and with its rank, which for tensor " + std::to_string(index) +
                               " (rank " + std::to_string(d) + ") reads the wrong words: take the shapes from "
                               "the tiling data and read such a list with GetDataPtr");
    }
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
    mixed_ = false;
    if (dim_ == 0 && ptr_offset == 24 && shapes_[1] == 0xffffffffu) {
      // The shapeless form: the count in the high half of its one descriptor.
      count_ = first_high;
      npu_count_ = count_;
    } else {
      // Walk the descriptors: descriptor k is (dim | k << 32, dim extents).
      const __gm__ uint64_t* w = shapes_;
      uint32_t k = 0;
      while (w < ptrs_) {
        const uint32_t d = static_cast<uint32_t>(*w & 0xffffffffu);
        const uint32_t idx = static_cast<uint32_t>(*w >> 32);
        const bool bad_index = k != 0 && idx != k;  // descriptor 0's high half may be the count
        if (AICORE_UNLIKELY(bad_index || w + 1 + d > ptrs_)) {
          Bad(loc, "with pointer offset " + std::to_string(ptr_offset) + ", descriptor " + std::to_string(k) +
                       " (word " + std::to_string(w - words) + ": dim " + std::to_string(d) + ", index " +
                       std::to_string(idx) + ") " +
                       (bad_index ? std::string("does not carry its index")
                                  : "runs past the pointer array (each descriptor is dim | index << 32, then dim "
                                    "extents)"));
        }
        mixed_ = mixed_ || d != dim_;
        w += 1 + d;
        ++k;
      }
      count_ = k;
      if (AICORE_UNLIKELY(first_high != 0 && first_high != count_)) {
        Bad(loc, "the first descriptor names " + std::to_string(first_high) + " tensors but the list holds " +
                     std::to_string(count_) + " descriptors");
      }
      // What the NPU's decoder counts (it steps by tensor 0's descriptor size).
      npu_count_ = first_high != 0 ? first_high : static_cast<uint32_t>((*(ptrs_ - desc_words_) >> 32) + 1);
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
  uint32_t npu_count_ = 0;  // the count the NPU's decoder reads
  bool mixed_ = false;      // the tensors have different ranks
};

}  // namespace AscendC
