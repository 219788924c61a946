// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Ops::Base::TilingBaseClass: the base of the ops repositories' class-based
// tiling (op_host/tiling_base_class.h). DoTiling() runs, in order,
// GetShapeAttrsInfo, GetPlatformInfo, IsCapable (false: GRAPH_PARAM_INVALID,
// "this template does not apply", and the registry tries the next one),
// DoOpTiling, DoLibApiTiling, GetWorkspaceSize, PostTiling, then sets the
// tiling key from GetTilingKey() and calls DumpTilingInfo; the first status
// that is not GRAPH_SUCCESS ends it and is returned. Also the shared compile
// info (CompileInfoCommon), the core parameters (AiCoreParams) and the debug
// strings of shapes, tensors, the context and the tiling data.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <sstream>
#include <string>

#include "aicore/op/op_common.h"

namespace Ops {
namespace Base {

struct AiCoreParams {
  uint64_t ubSize = 0;
  uint64_t numBlocks = 0;
  uint64_t aicNum = 0;
  uint64_t l1Size = 0;
  uint64_t l0aSize = 0;
  uint64_t l0bSize = 0;
  uint64_t l0cSize = 0;
};

struct CompileInfoCommon {
  uint32_t aivNum;
  uint32_t aicNum;
  uint64_t ubSize;
  uint64_t l1Size;
  uint64_t l0aSize;
  uint64_t l0bSize;
  uint64_t l0cSize;
  uint64_t l2CacheSize;
  int64_t coreNum;
  int32_t socVersion;
  uint32_t rsvd;
};

class TilingBaseClass {
 public:
  explicit TilingBaseClass(gert::TilingContext* context) : context_(context) {}
  virtual ~TilingBaseClass() = default;

  ge::graphStatus DoTiling() {
    if (context_ == nullptr) {
      OP_LOGE("TilingBaseClass", "the tiling context is null");
      return ge::GRAPH_FAILED;
    }
    ge::graphStatus st = GetShapeAttrsInfo();
    if (st != ge::GRAPH_SUCCESS) return st;
    st = GetPlatformInfo();
    if (st != ge::GRAPH_SUCCESS) return st;
    if (!IsCapable()) return ge::GRAPH_PARAM_INVALID;
    for (ge::graphStatus (TilingBaseClass::*step)() :
         {&TilingBaseClass::DoOpTiling, &TilingBaseClass::DoLibApiTiling, &TilingBaseClass::GetWorkspaceSize,
          &TilingBaseClass::PostTiling}) {
      st = (this->*step)();
      if (st != ge::GRAPH_SUCCESS) return st;
    }
    context_->SetTilingKey(GetTilingKey());
    DumpTilingInfo();
    return ge::GRAPH_SUCCESS;
  }
  virtual void Reset(gert::TilingContext* context) { context_ = context; }

 protected:
  virtual bool IsCapable() = 0;
  virtual ge::graphStatus GetPlatformInfo() = 0;
  virtual ge::graphStatus GetShapeAttrsInfo() = 0;
  virtual ge::graphStatus DoOpTiling() = 0;
  virtual ge::graphStatus DoLibApiTiling() = 0;
  [[nodiscard]] virtual uint64_t GetTilingKey() const = 0;
  virtual ge::graphStatus GetWorkspaceSize() = 0;
  virtual ge::graphStatus PostTiling() = 0;
  virtual void DumpTilingInfo() { DefaultTilingInfoDump(); }

  // The tiling key and the tiling data as 32-bit words, to the debug log.
  int64_t DefaultTilingInfoDump() {
    std::ostringstream oss;
    oss << "tiling key " << context_->GetTilingKey() << ", tiling data " << GetTilingDataDebugStr();
    OP_LOGD(context_, "%s", oss.str().c_str());
    return 0;
  }
  static uint32_t CalcTschBlockDim(uint32_t sliceNum, uint32_t aicCoreNum, uint32_t aivCoreNum) {
    return platform_ascendc::PlatformAscendC().CalcTschBlockDim(sliceNum, aicCoreNum, aivCoreNum);
  }
  template <typename T>
  [[nodiscard]] std::string GetShapeDebugStr(const T& shape) const {
    std::ostringstream oss;
    oss << "[";
    for (size_t i = 0; i < shape.GetDimNum(); ++i) oss << (i == 0 ? "" : ", ") << shape.GetDim(i);
    oss << "]";
    return oss.str();
  }
  [[nodiscard]] std::string GetTensorDebugStr(const gert::StorageShape* shape,
                                              const gert::CompileTimeTensorDesc* tensor) {
    if (shape == nullptr || tensor == nullptr) return "nil ";
    std::ostringstream oss;
    oss << "(dtype: " << ge::TypeUtils::DataTypeToSerialString(tensor->GetDataType()) << "),"
        << "(shape:" << GetShapeDebugStr(shape->GetStorageShape()) << "),"
        << "(ori_shape:" << GetShapeDebugStr(shape->GetOriginShape()) << "),"
        << "(format: " << ge::TypeUtils::FormatToSerialString(tensor->GetStorageFormat()) << "),"
        << "(ori_format: " << ge::TypeUtils::FormatToSerialString(tensor->GetOriginFormat()) << ") ";
    return oss.str();
  }
  [[nodiscard]] std::string GetTilingContextDebugStr() {
    std::ostringstream oss;
    for (size_t i = 0; i < context_->GetComputeNodeInfo()->GetInputsNum(); ++i) {
      oss << "input" << i << ": " << GetTensorDebugStr(context_->GetInputShape(i), context_->GetInputDesc(i));
    }
    for (size_t i = 0; i < context_->GetComputeNodeInfo()->GetOutputsNum(); ++i) {
      oss << "output" << i << ": " << GetTensorDebugStr(context_->GetOutputShape(i), context_->GetOutputDesc(i));
    }
    return oss.str();
  }
  [[nodiscard]] std::string GetTilingDataDebugStr() const {
    const gert::TilingData* raw = context_->GetRawTilingData();
    if (raw == nullptr || raw->GetData() == nullptr) return "nil ";
    const auto* words = static_cast<const int32_t*>(raw->GetData());
    std::ostringstream oss;
    for (size_t i = 0; i < raw->GetDataSize() / sizeof(int32_t); ++i) oss << words[i] << ", ";
    return oss.str();
  }

  gert::TilingContext* context_ = nullptr;
  std::unique_ptr<platform_ascendc::PlatformAscendC> ascendcPlatform_{nullptr};
  uint32_t blockDim_{0};
  uint64_t workspaceSize_{0};
  uint64_t tilingKey_{0};
  AiCoreParams aicoreParams_;
};

}  // namespace Base
}  // namespace Ops
