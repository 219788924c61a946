// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// The error type raised by kernels, and the source location that every API
// call records (the caller's file:line, through __builtin_FILE/__builtin_LINE
// default arguments, which g++ and clang++ evaluate at the call site).
#pragma once

#include <cstdint>
#include <exception>
#include <stdexcept>
#include <string>
#include <type_traits>

#include "aicore/base/defs.h"

namespace aicore {

struct SrcLoc {
  const char* file;
  int line;
  static constexpr SrcLoc Current(const char* f = __builtin_FILE(), int l = __builtin_LINE()) {
    return SrcLoc{f, l};
  }
  // The location of a call made through an API's address (see
  // AICORE_ADDRESS_FORM below): the call site is not known.
  static constexpr SrcLoc Indirect() { return SrcLoc{"(called through the API's address)", 0}; }
  constexpr bool IsIndirect() const { return line == 0 && file != nullptr && *file == '('; }
  // "file:line", as reports print it; Indirect()'s text alone.
  AICORE_RT_FN std::string Str() const;
};

namespace detail {
struct AddressOnly {};
}  // namespace detail

// Kernels take an API's address with the vendor's exact function type, e.g.
// a template parameter `void (*op)(const LocalTensor<T>&, const LocalTensor<T>&,
// const int32_t&)` given `Exp<half>` (ops-nn's foreach kernels). aicore's API
// functions end in a defaulted SrcLoc, so their type differs. An address form
// is a twin with the vendor's parameter list whose template parameters end in
// AICORE_ADDRESS_FORM and whose return type is AicoreAddrRet_: only deduction
// from a target function type makes that void; in a call it keeps its default
// and enable_if drops the twin, so every call still records its call site.
// The twin forwards with SrcLoc::Indirect().
#define AICORE_ADDRESS_FORM                                   \
  typename AicoreAddrRet_ = ::aicore::detail::AddressOnly,    \
           typename = std::enable_if_t<std::is_void<AicoreAddrRet_>::value>

enum class ErrorKind : uint8_t {
  kCapacity,       // on-chip memory exhausted by InitBuffer / TBuf
  kQueue,          // TQue state machine misuse
  kAlignment,      // operand or length not 32-byte aligned
  kBounds,         // GM or local access outside its tensor / buffer
  kParameter,      // a parameter outside its documented range
  kSync,           // SetFlag / WaitFlag misuse
  kLaunch,         // bad launch (blockDim 0, nested launch, …)
  kException,      // a C++ exception escaped from a block
  kHazard,         // on-chip data passed between pipes with no sync (synccheck)
  kRace,           // blocks access the same GM bytes unordered (racecheck)
  kUninit,         // bytes read before anything wrote them (initcheck)
  kNumeric,        // NaN/Inf from finite inputs, half overflow (numcheck)
  kDeadlock,       // the watchdog stopped a launch that made no progress
  kLeak,           // GM allocations never released (memcheck, at exit)
};

inline const char* ErrorKindName(ErrorKind k) {
  switch (k) {
    case ErrorKind::kCapacity: return "capacity";
    case ErrorKind::kQueue: return "queue";
    case ErrorKind::kAlignment: return "alignment";
    case ErrorKind::kBounds: return "out of bounds";
    case ErrorKind::kParameter: return "parameter";
    case ErrorKind::kSync: return "sync";
    case ErrorKind::kLaunch: return "launch";
    case ErrorKind::kException: return "exception";
    case ErrorKind::kHazard: return "pipe hazard";
    case ErrorKind::kRace: return "race";
    case ErrorKind::kUninit: return "uninitialized read";
    case ErrorKind::kNumeric: return "numeric";
    case ErrorKind::kDeadlock: return "deadlock";
    case ErrorKind::kLeak: return "leak";
  }
  return "error";
}

// Thrown from aicore::Launch (on the launching thread) for the first failure
// of a launch. what() is one line:
//   aicore: <kind> error in <api> at <file>:<line> (kernel <name>, block <b> of <n>): <detail>
class KernelError : public std::runtime_error {
 public:
  AICORE_RT_FN KernelError(ErrorKind kind, std::string kernel, int32_t block, int32_t blockNum,
                           std::string api, SrcLoc loc, std::string detail,
                           std::exception_ptr cause = nullptr);

  ErrorKind kind() const { return kind_; }
  const std::string& kernel() const { return kernel_; }
  int32_t block() const { return block_; }  // -1 outside a kernel
  int32_t block_num() const { return block_num_; }
  const std::string& api() const { return api_; }
  const std::string& file() const { return file_; }
  int line() const { return line_; }
  const std::string& detail() const { return detail_; }
  // For kException: the exception that escaped from the block.
  std::exception_ptr cause() const { return cause_; }

 private:
  AICORE_RT_FN static std::string Format(ErrorKind kind, const std::string& kernel, int32_t block,
                                         int32_t blockNum, const std::string& api, SrcLoc loc,
                                         const std::string& detail);

  ErrorKind kind_;
  std::string kernel_;
  int32_t block_;
  int32_t block_num_;
  std::string api_;
  std::string file_;
  int line_;
  std::string detail_;
  std::exception_ptr cause_;
};

}  // namespace aicore

#if AICORE_RT_DEFINITIONS
#include "aicore/base/error-inl.h"
#endif
