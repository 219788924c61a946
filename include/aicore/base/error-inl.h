// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Definitions of base/error.h (see AICORE_RT_FN in base/defs.h).
#pragma once

#include "aicore/base/error.h"

namespace aicore {

AICORE_RT_FN std::string SrcLoc::Str() const {
  if (IsIndirect()) return file;
  return std::string(file ? file : "") + ":" + std::to_string(line);
}

AICORE_RT_FN KernelError::KernelError(ErrorKind kind, std::string kernel, int32_t block,
                                      int32_t blockNum, std::string api, SrcLoc loc,
                                      std::string detail, std::exception_ptr cause)
    : std::runtime_error(Format(kind, kernel, block, blockNum, api, loc, detail)),
      kind_(kind),
      kernel_(std::move(kernel)),
      block_(block),
      block_num_(blockNum),
      api_(std::move(api)),
      file_(loc.file ? loc.file : ""),
      line_(loc.line),
      detail_(std::move(detail)),
      cause_(cause) {}

AICORE_RT_FN std::string KernelError::Format(ErrorKind kind, const std::string& kernel,
                                             int32_t block, int32_t blockNum,
                                             const std::string& api, SrcLoc loc,
                                             const std::string& detail) {
  std::string s = "aicore: ";
  s += ErrorKindName(kind);
  s += " error in ";
  s += api;
  if (loc.file && *loc.file) {
    s += ' ';
    if (!loc.IsIndirect()) s += "at ";
    s += loc.Str();
  }
  if (block >= 0) {
    s += " (kernel " + kernel + ", block " + std::to_string(block) + " of " +
         std::to_string(blockNum) + ")";
  } else if (!kernel.empty()) {
    s += " (kernel " + kernel + ")";
  }
  s += ": ";
  s += detail;
  return s;
}

}  // namespace aicore
