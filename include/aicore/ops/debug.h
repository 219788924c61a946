// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Kernel debug output and checks:
//
//   AscendC::printf(fmt, args...)   C printf formatting (half and bfloat16_t
//       arguments print as floating values with %f/%g); no prefix.
//   DumpTensor(tensor, desc, dumpSize [, shapeInfo])   a header line naming
//       desc, the block, the tensor's type, position and address, then the
//       first dumpSize elements, 16 to a line (or one row of the shape's last
//       dimension to a line).
//   DumpAccChkPoint(tensor, index, countOff, dumpSize)   the same from
//       element countOff on, labelled with `index`.
//   PrintTimeStamp(descId), GetSystemCycle() (nanoseconds on the CPU), Trap().
//
// Output goes through runtime/output.h: a block's lines are never split by
// another block's. Dumps never read outside the tensor's buffer (or the GM
// allocation, when the GlobalTensor is unsized): the count is clamped and
// the header says so.
#pragma once

#include <algorithm>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string>
#include <type_traits>

#include "aicore/base/error.h"
#include "aicore/base/half.h"
#include "aicore/base/type_name.h"
#include "aicore/memory/buffer.h"
#include "aicore/memory/global_tensor.h"
#include "aicore/memory/local_tensor.h"
#include "aicore/runtime/context.h"
#include "aicore/runtime/gm.h"
#include "aicore/runtime/output.h"

namespace aicore {
namespace detail {

// printf arguments as C varargs take them.
template <class A>
auto PrintfArg(const A& a) {
  if constexpr (std::is_same_v<A, half> || std::is_same_v<A, bfloat16_t>) {
    return static_cast<double>(static_cast<float>(a));
  } else if constexpr (std::is_floating_point_v<A>) {
    return static_cast<double>(a);
  } else if constexpr (std::is_enum_v<A>) {
    return static_cast<std::underlying_type_t<A>>(a);
  } else {
    static_assert(std::is_arithmetic_v<A> || std::is_pointer_v<A> || std::is_null_pointer_v<A>,
                  "AscendC::printf: arguments must be numbers, half/bfloat16_t, enums or pointers");
    return a;
  }
}

#if defined(__GNUC__) || defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
#endif
// snprintf into a string. Always given one trailing int so that a format
// without arguments is still a format (and "%%" works).
template <class... A>
std::string FormatC(const char* fmt, const A&... a) {
  char buf[512];
  const int n = std::snprintf(buf, sizeof(buf), fmt, a..., 0);
  if (n < 0) return std::string("<bad printf format: ") + fmt + ">";
  if (static_cast<size_t>(n) < sizeof(buf)) return std::string(buf, static_cast<size_t>(n));
  std::string s(static_cast<size_t>(n) + 1, '\0');
  std::snprintf(&s[0], s.size(), fmt, a..., 0);
  s.resize(static_cast<size_t>(n));
  return s;
}
#if defined(__GNUC__) || defined(__clang__)
#pragma GCC diagnostic pop
#endif

template <class T>
std::string LocalHeader(const AscendC::LocalTensor<T>& t) {
  const BufferDesc& b = *t.buf_;
  const uint64_t off = b.offset + static_cast<uint64_t>(reinterpret_cast<const uint8_t*>(t.addr_) - b.base);
  return std::string("LocalTensor<") + TypeName<T>() + "> " + PositionName(b.pos) + " at " +
         MemoryName(PositionMemory(b.pos)) + " offset " + std::to_string(off);
}

template <class T>
uint32_t LocalAvailable(const AscendC::LocalTensor<T>& t) {
  const BufferDesc& b = *t.buf_;
  return static_cast<uint32_t>((b.base + b.bytes - reinterpret_cast<const uint8_t*>(t.addr_)) /
                               static_cast<std::ptrdiff_t>(sizeof(T)));
}

template <class T>
uint64_t GlobalAvailable(const AscendC::GlobalTensor<T>& t, uint64_t want) {
  if (t.sized_) return t.size_;
  GmBlock blk;
  if (GmFind(t.addr_, &blk)) {
    return (blk.size - static_cast<uint64_t>(reinterpret_cast<const uint8_t*>(t.addr_) - blk.base)) /
           sizeof(T);
  }
  return want;  // unknown size: trust the caller
}

inline std::string BlockLabel() {
  const CoreContext* c = t_core;
  if (c == nullptr || c->launch == nullptr) return "host";
  std::string s = "block " + std::to_string(c->block_idx);
  if (c->launch->geom == Geometry::kMix) s += c->core_type == CoreType::kAIC ? " [AIC]" : " [AIV]";
  return s;
}

// Writes "<head>, n of want elements[ (clamped)]:" and the values.
template <class T>
void DumpValues(std::string head, const T* p, uint64_t avail, uint64_t offset, uint32_t count,
                uint32_t per_line) {
  const uint64_t n = offset >= avail ? 0 : std::min<uint64_t>(count, avail - offset);
  head += ", " + std::to_string(n) + " element" + (n == 1 ? "" : "s");
  if (offset != 0) head += " from element " + std::to_string(offset);
  if (n < count) head += " (dumpSize " + std::to_string(count) + " clamped to the tensor)";
  head += ":\n";
  if (n > 0) AppendValues(head, p + offset, n, per_line, offset);
  KernelWrite(head);
}

inline uint32_t ShapeLine(const AscendC::ShapeInfo& s) {
  return s.shapeDim > 0 && s.shapeDim <= AscendC::K_MAX_SHAPE_DIM ? s.shape[s.shapeDim - 1] : 16;
}

inline std::string ShapeText(const AscendC::ShapeInfo& s) {
  std::string r = ", shape [";
  for (uint8_t i = 0; i < s.shapeDim && i < AscendC::K_MAX_SHAPE_DIM; ++i) {
    r += (i ? ", " : "") + std::to_string(s.shape[i]);
  }
  return r + "]";
}

}  // namespace detail
}  // namespace aicore

namespace AscendC {

template <class... Args>
void printf(const char* fmt, Args... args) {
  aicore::detail::KernelWrite(aicore::detail::FormatC(fmt, aicore::detail::PrintfArg(args)...));
}

template <typename T>
void DumpTensor(const LocalTensor<T>& tensor, uint32_t desc, uint32_t dumpSize,
                aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  aicore::detail::Enter("DumpTensor", loc);
  if (tensor.buf_ == nullptr) aicore::detail::FailNullTensor("DumpTensor", "the tensor", loc);
  aicore::detail::DumpValues("DumpTensor desc=" + std::to_string(desc) + " " + aicore::detail::BlockLabel() +
                                 ": " + aicore::detail::LocalHeader(tensor),
                             tensor.addr_, aicore::detail::LocalAvailable(tensor), 0, dumpSize, 16);
}

template <typename T>
void DumpTensor(const LocalTensor<T>& tensor, uint32_t desc, uint32_t dumpSize, const ShapeInfo& shape,
                aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  aicore::detail::Enter("DumpTensor", loc);
  if (tensor.buf_ == nullptr) aicore::detail::FailNullTensor("DumpTensor", "the tensor", loc);
  aicore::detail::DumpValues("DumpTensor desc=" + std::to_string(desc) + " " + aicore::detail::BlockLabel() +
                                 ": " + aicore::detail::LocalHeader(tensor) + aicore::detail::ShapeText(shape),
                             tensor.addr_, aicore::detail::LocalAvailable(tensor), 0, dumpSize,
                             aicore::detail::ShapeLine(shape));
}

template <typename T>
void DumpTensor(const GlobalTensor<T>& tensor, uint32_t desc, uint32_t dumpSize,
                aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  aicore::detail::Enter("DumpTensor", loc);
  tensor.CheckRange("DumpTensor", 0, 0, loc);
  aicore::detail::DumpValues("DumpTensor desc=" + std::to_string(desc) + " " + aicore::detail::BlockLabel() +
                                 ": GlobalTensor<" + aicore::detail::TypeName<T>() + "> at " +
                                 aicore::detail::HexPtr(tensor.addr_),
                             tensor.addr_, aicore::detail::GlobalAvailable(tensor, dumpSize), 0, dumpSize, 16);
}

template <typename T>
void DumpTensor(const GlobalTensor<T>& tensor, uint32_t desc, uint32_t dumpSize, const ShapeInfo& shape,
                aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  aicore::detail::Enter("DumpTensor", loc);
  tensor.CheckRange("DumpTensor", 0, 0, loc);
  aicore::detail::DumpValues("DumpTensor desc=" + std::to_string(desc) + " " + aicore::detail::BlockLabel() +
                                 ": GlobalTensor<" + aicore::detail::TypeName<T>() + "> at " +
                                 aicore::detail::HexPtr(tensor.addr_) + aicore::detail::ShapeText(shape),
                             tensor.addr_, aicore::detail::GlobalAvailable(tensor, dumpSize), 0, dumpSize,
                             aicore::detail::ShapeLine(shape));
}

template <typename T>
void DumpAccChkPoint(const LocalTensor<T>& tensor, uint32_t index, uint32_t countOff, uint32_t dumpSize,
                     aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  aicore::detail::Enter("DumpAccChkPoint", loc);
  if (tensor.buf_ == nullptr) aicore::detail::FailNullTensor("DumpAccChkPoint", "the tensor", loc);
  aicore::detail::DumpValues("DumpAccChkPoint index=" + std::to_string(index) + " " +
                                 aicore::detail::BlockLabel() + ": " + aicore::detail::LocalHeader(tensor),
                             tensor.addr_, aicore::detail::LocalAvailable(tensor), countOff, dumpSize, 16);
}

template <typename T>
void DumpAccChkPoint(const GlobalTensor<T>& tensor, uint32_t index, uint32_t countOff, uint32_t dumpSize,
                     aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  aicore::detail::Enter("DumpAccChkPoint", loc);
  tensor.CheckRange("DumpAccChkPoint", 0, 0, loc);
  aicore::detail::DumpValues("DumpAccChkPoint index=" + std::to_string(index) + " " +
                                 aicore::detail::BlockLabel() + ": GlobalTensor<" +
                                 aicore::detail::TypeName<T>() + "> at " + aicore::detail::HexPtr(tensor.addr_),
                             tensor.addr_, aicore::detail::GlobalAvailable(tensor, uint64_t{countOff} + dumpSize),
                             countOff, dumpSize, 16);
}

// Nanoseconds of a steady clock (the NPU counts cycles of its own clock).
inline int64_t GetSystemCycle() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

inline void PrintTimeStamp(uint32_t descId) {
  aicore::detail::KernelWrite("PrintTimeStamp desc=" + std::to_string(descId) + " " +
                              aicore::detail::BlockLabel() + ": cycle " +
                              std::to_string(GetSystemCycle()) + "\n");
}

// Stops the kernel with an error (the NPU raises an exception).
[[noreturn]] inline void Trap(aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  aicore::detail::Enter("Trap", loc);
  aicore::detail::Fail(aicore::ErrorKind::kException, "Trap", loc, "the kernel called Trap()");
}

}  // namespace AscendC

namespace aicore {
namespace detail {

// ASSERT(cond [, fmt, args...]) in compat: fails the block with the
// condition's text and the formatted message.
inline void AssertCheck(SrcLoc loc, const char* text, bool cond) {
  if (AICORE_LIKELY(cond)) return;
  Fail(ErrorKind::kException, "ASSERT", loc, std::string("assertion failed: ") + text);
}
template <class... A>
void AssertCheck(SrcLoc loc, const char* text, bool cond, const char* fmt, A... a) {
  if (AICORE_LIKELY(cond)) return;
  Fail(ErrorKind::kException, "ASSERT", loc,
       std::string("assertion failed: ") + text + ": " + FormatC(fmt, PrintfArg(a)...));
}

}  // namespace detail
}  // namespace aicore
