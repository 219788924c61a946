// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Kernel debug output and checks:
//
//   AscendC::printf(fmt, args...)   C printf formatting (half and bfloat16_t
//       arguments print as floating values with %f/%g); no prefix. The
//       format is checked against the arguments first: a missing argument,
//       a type that does not fit its conversion, or %n is a parameter error
//       (see FormatPrintf), never a crash.
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
#include <cstring>
#include <string>
#include <string_view>
#include <type_traits>

#include "aicore/base/error.h"
#include "aicore/base/half.h"
#include "aicore/base/type_name.h"
#include "aicore/runtime/buffer_desc.h"
#include "aicore/memory/global_tensor.h"
#include "aicore/memory/local_tensor.h"
#include "aicore/runtime/context.h"
#include "aicore/runtime/gm.h"
#include "aicore/runtime/output.h"
#include "aicore/simd/target.h"

namespace aicore {
namespace detail {
AICORE_TARGET_BEGIN

// ---- printf: the format is parsed here, and every conversion is checked
// against its argument before anything is formatted (as the compiler's
// format checking would), so that a bad call is a parameter error instead
// of a crash or a write to host memory. Each conversion takes one argument:
// %d %i (signed) and %u %o %x %X (unsigned) any integer (bool, char and
// enums included; without an h/hh modifier the value keeps its full width,
// so %d prints an int64_t whole), %c an integer, %f %F %e %E %g %G %a %A a
// floating value (half and bfloat16_t as float), %s a char pointer, %p any
// pointer; `*` widths and precisions take an integer; %% none. %n, %ls/%lc,
// positional arguments (%1$d) and unknown conversions are errors, and so
// are fewer arguments than conversions (extra arguments are ignored, as C
// does).

// One printf argument, by what it can be formatted as.
struct PrintfValue {
  enum Kind : uint8_t { kInt, kFloat, kCharPtr, kPtr, kNullptr };
  Kind kind = kInt;
  long long s = 0;            // kInt: the promoted value, read as signed
  unsigned long long u = 0;   // kInt: the promoted value, read as unsigned
  long double f = 0;          // kFloat
  const void* p = nullptr;    // kCharPtr, kPtr
  const char* type = "";      // the C++ type, for reports
};

template <class A>
const char* PrintfTypeName() {
  using P = std::remove_cv_t<A>;
  if constexpr (std::is_same_v<P, bool>) return "bool";
  else if constexpr (std::is_same_v<P, char>) return "char";
  else if constexpr (std::is_same_v<P, std::nullptr_t>) return "std::nullptr_t";
  else if constexpr (std::is_same_v<P, int>) return "int";
  else if constexpr (std::is_same_v<P, unsigned>) return "unsigned int";
  else if constexpr (std::is_same_v<P, long long>) return "long long";
  else if constexpr (std::is_same_v<P, unsigned long long>) return "unsigned long long";
  else if constexpr (std::is_same_v<P, long double>) return "long double";
  else if constexpr (std::is_enum_v<P>) return "an enum";
  else if constexpr (std::is_pointer_v<P>) {
    using E = std::remove_pointer_t<P>;
    if constexpr (std::is_function_v<E>) {
      return "a function pointer";
    } else {
      static const std::string name = std::string(std::is_const_v<E> ? "const " : "") +
                                      PrintfTypeName<std::remove_cv_t<E>>() + "*";
      return name.c_str();
    }
  } else if constexpr (std::is_same_v<P, void>) return "void";
  else if constexpr (std::string_view(TypeName<P>()) != "T") return TypeName<P>();
  else if constexpr (std::is_same_v<P, long>) return "long";
  else if constexpr (std::is_same_v<P, unsigned long>) return "unsigned long";
  else if constexpr (std::is_integral_v<P>) return std::is_signed_v<P> ? "a signed integer" : "an unsigned integer";
  else return "another type";
}

// An enum's underlying type; other integers as they are.
template <class A, bool = std::is_enum_v<A>>
struct PrintfInt {
  using type = A;
};
template <class A>
struct PrintfInt<A, true> {
  using type = std::underlying_type_t<A>;
};

template <class A>
PrintfValue MakePrintfValue(const A& a) {
  static_assert(std::is_arithmetic_v<A> || std::is_enum_v<A> || std::is_pointer_v<A> ||
                    std::is_null_pointer_v<A> || std::is_same_v<A, half> ||
                    std::is_same_v<A, bfloat16_t>,
                "AscendC::printf: arguments must be numbers, half/bfloat16_t, enums or pointers");
  PrintfValue v;
  v.type = PrintfTypeName<A>();
  if constexpr (std::is_same_v<A, half> || std::is_same_v<A, bfloat16_t>) {
    v.kind = PrintfValue::kFloat;
    v.f = static_cast<float>(a);
  } else if constexpr (std::is_floating_point_v<A>) {
    v.kind = PrintfValue::kFloat;
    v.f = a;
  } else if constexpr (std::is_null_pointer_v<A>) {
    v.kind = PrintfValue::kNullptr;
  } else if constexpr (std::is_pointer_v<A>) {
    using E = std::remove_cv_t<std::remove_pointer_t<A>>;
    constexpr bool kChar = std::is_same_v<E, char> || std::is_same_v<E, signed char> ||
                           std::is_same_v<E, unsigned char>;
    v.kind = kChar ? PrintfValue::kCharPtr : PrintfValue::kPtr;
    if constexpr (std::is_function_v<std::remove_pointer_t<A>>) {
      v.p = reinterpret_cast<const void*>(a);
    } else {
      v.p = const_cast<const void*>(static_cast<const volatile void*>(a));
    }
  } else {
    // Integers (and enums) after the default argument promotions.
    using I = typename PrintfInt<A>::type;
    using P = std::conditional_t<(sizeof(I) < sizeof(int)) || std::is_same_v<I, bool>, int, I>;
    const P x = static_cast<P>(a);
    v.kind = PrintfValue::kInt;
    v.s = static_cast<long long>(static_cast<std::make_signed_t<P>>(x));
    v.u = static_cast<unsigned long long>(static_cast<std::make_unsigned_t<P>>(x));
  }
  return v;
}

// ---- the parser and the formatter -----------------------------------------

struct PrintfSpec {
  const char* begin = nullptr;  // '%'
  const char* end = nullptr;    // one past the conversion character
  bool minus = false, plus = false, space = false, hash = false, zero = false;
  bool width_star = false, prec_star = false, positional = false;
  long width = -1, prec = -1;
  char len[3] = {};  // "", "hh", "h", "l", "ll", "j", "z", "t", "L"
  char conv = 0;     // 0: the format ends inside the conversion
};

// Parses the conversion at p (*p == '%').
inline PrintfSpec ParsePrintfSpec(const char* p) {
  PrintfSpec s;
  s.begin = p++;
  auto number = [&p]() {
    long n = 0;
    while (*p >= '0' && *p <= '9') {
      if (n < 100000000) n = n * 10 + (*p - '0');
      ++p;
    }
    return n;
  };
  // %N$: positional arguments (not supported).
  const char* q = p;
  while (*q >= '0' && *q <= '9') ++q;
  if (q != p && *q == '$') {
    s.positional = true;
    p = q + 1;
  }
  for (;; ++p) {
    if (*p == '-') s.minus = true;
    else if (*p == '+') s.plus = true;
    else if (*p == ' ') s.space = true;
    else if (*p == '#') s.hash = true;
    else if (*p == '0') s.zero = true;
    else break;
  }
  if (*p == '*') {
    s.width_star = true;
    ++p;
  } else if (*p >= '1' && *p <= '9') {
    s.width = number();
  }
  if (*p == '.') {
    ++p;
    if (*p == '*') {
      s.prec_star = true;
      ++p;
    } else {
      s.prec = number();
    }
  }
  if ((p[0] == 'h' && p[1] == 'h') || (p[0] == 'l' && p[1] == 'l')) {
    s.len[0] = p[0];
    s.len[1] = p[1];
    p += 2;
  } else if (*p == 'h' || *p == 'l' || *p == 'j' || *p == 'z' || *p == 't' || *p == 'L') {
    s.len[0] = *p++;
  }
  s.conv = *p;
  s.end = *p ? p + 1 : p;
  return s;
}

// What a conversion takes: 0 none (%%), 'i' signed integer, 'u' unsigned
// integer, 'c' character, 'f' floating, 's' string, 'p' pointer, '?' not
// a conversion this printf supports.
inline char PrintfClass(char c) {
  switch (c) {
    case '%': return 0;
    case 'd': case 'i': return 'i';
    case 'u': case 'o': case 'x': case 'X': return 'u';
    case 'c': return 'c';
    case 'f': case 'F': case 'e': case 'E': case 'g': case 'G': case 'a': case 'A': return 'f';
    case 's': return 's';
    case 'p': return 'p';
    default: return '?';
  }
}

AICORE_COLD inline std::string PrintfQuote(const char* p, size_t n, size_t max) {
  std::string q;
  for (size_t i = 0; i < n && i < max; ++i) {
    const char c = p[i];
    if (c == '\n') q += "\\n";
    else if (c == '\t') q += "\\t";
    else if (c == '"' || c == '\\') q += std::string("\\") + c;
    else if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) q += "?";
    else q += c;
  }
  if (n > max) q += "...";
  return q;
}

[[noreturn]] AICORE_COLD inline void FailPrintf(const char* api, SrcLoc loc, const char* fmt,
                                                int index, const PrintfSpec* spec,
                                                const std::string& what) {
  std::string m = std::string(api) + " format \"" + PrintfQuote(fmt, std::strlen(fmt), 160) + "\"";
  if (spec != nullptr) {
    m += ": conversion " + std::to_string(index) + " (" +
         PrintfQuote(spec->begin, static_cast<size_t>(spec->end - spec->begin), 24) + ")";
  }
  Fail(ErrorKind::kParameter, api, loc, m + " " + what);
}

inline const char* PrintfNeeds(char cls) {
  switch (cls) {
    case 'i': case 'u': return "an integer";
    case 'c': return "an integer (a character)";
    case 'f': return "a floating value (float, double, half or bfloat16_t)";
    case 's': return "a char pointer (a C string)";
    default: return "a pointer";
  }
}

inline bool PrintfFits(char cls, PrintfValue::Kind k) {
  switch (cls) {
    case 'i': case 'u': case 'c': return k == PrintfValue::kInt;
    case 'f': return k == PrintfValue::kFloat;
    case 's': return k == PrintfValue::kCharPtr;
    default: return k == PrintfValue::kPtr || k == PrintfValue::kCharPtr || k == PrintfValue::kNullptr;
  }
}

// Field widths and precisions above this are refused (the output would be
// that long).
constexpr long kPrintfMaxField = 4096;

// Formats fmt with the arguments v[0, n); fails (kParameter, `api`) before
// formatting anything when a conversion does not fit its argument.
AICORE_NOINLINE inline std::string FormatPrintf(const char* api, SrcLoc loc, const char* fmt,
                                                const PrintfValue* v, size_t n) {
  if (fmt == nullptr) {
    Fail(ErrorKind::kParameter, api, loc, std::string(api) + " format is a null pointer");
  }
  // Pass 1: check every conversion against its argument.
  size_t arg = 0;
  int index = 0;
  for (const char* p = fmt; *p; ++p) {
    if (*p != '%') continue;
    const PrintfSpec s = ParsePrintfSpec(p);
    p = s.end - 1;
    if (s.conv == 0) {
      // Trailing '%' (nothing after it): glibc prints nothing, the
      // compiler warns; refuse it like an unknown conversion.
      FailPrintf(api, loc, fmt, index + 1, &s, "is incomplete: the format ends inside it");
    }
    const char cls = PrintfClass(s.conv);
    if (cls == 0) continue;  // %%
    ++index;
    if (s.conv == 'n') {
      FailPrintf(api, loc, fmt, index, &s,
                 "is %n, which writes through its pointer argument: not supported (on the CPU "
                 "it would write to host memory)");
    }
    if (cls == '?') {
      FailPrintf(api, loc, fmt, index, &s,
                 std::string("is not a supported conversion (use %d %i %u %o %x %X %c %s %p "
                             "%f %F %e %E %g %G %a %A or %%)"));
    }
    if (s.positional) {
      FailPrintf(api, loc, fmt, index, &s, "uses a positional argument (N$): not supported");
    }
    const std::string len = s.len;
    const bool len_ok = (cls == 'i' || cls == 'u') ? len != "L"
                        : cls == 'f'               ? (len.empty() || len == "l" || len == "L")
                                                   : len.empty();
    if (!len_ok) {
      FailPrintf(api, loc, fmt, index, &s,
                 "has length modifier '" + len + "', which does not apply to %" + s.conv +
                     (cls == 's' || cls == 'c' ? " (wide characters are not supported)" : ""));
    }
    for (int star = 0; star < 2; ++star) {
      if (!(star == 0 ? s.width_star : s.prec_star)) continue;
      const char* what = star == 0 ? "field width '*'" : "precision '.*'";
      if (arg >= n) {
        FailPrintf(api, loc, fmt, index, &s,
                   std::string("has no argument for its ") + what + " (the call passes " +
                       std::to_string(n) + " argument" + (n == 1 ? "" : "s") + ")");
      }
      if (v[arg].kind != PrintfValue::kInt) {
        FailPrintf(api, loc, fmt, index, &s,
                   std::string("needs an int for its ") + what + ", but argument " +
                       std::to_string(arg + 1) + " is " + v[arg].type);
      }
      if (v[arg].s > kPrintfMaxField || v[arg].s < -kPrintfMaxField) {
        FailPrintf(api, loc, fmt, index, &s,
                   std::string("has ") + what + " " + std::to_string(v[arg].s) + " (argument " +
                       std::to_string(arg + 1) + "), beyond the supported " +
                       std::to_string(kPrintfMaxField));
      }
      ++arg;
    }
    if (s.width > kPrintfMaxField || (s.prec > kPrintfMaxField && cls != 's')) {
      FailPrintf(api, loc, fmt, index, &s,
                 "has a field width or precision above the supported " +
                     std::to_string(kPrintfMaxField));
    }
    if (arg >= n) {
      FailPrintf(api, loc, fmt, index, &s,
                 "has no argument (the call passes " + std::to_string(n) + " argument" +
                     (n == 1 ? "" : "s") + " after the format)");
    }
    if (!PrintfFits(cls, v[arg].kind)) {
      FailPrintf(api, loc, fmt, index, &s,
                 std::string("needs ") + PrintfNeeds(cls) + ", but argument " +
                     std::to_string(arg + 1) + " is " + v[arg].type);
    }
    ++arg;
  }
  // Pass 2: format, one conversion at a time, each with exactly the C type
  // its (rewritten) specification takes.
  std::string out;
  arg = 0;
  char buf[512];
  for (const char* p = fmt; *p;) {
    const char* lit = p;
    while (*p && *p != '%') ++p;
    out.append(lit, static_cast<size_t>(p - lit));
    if (*p == 0) break;
    const PrintfSpec s = ParsePrintfSpec(p);
    p = s.end;
    const char cls = PrintfClass(s.conv);
    if (cls == 0) {
      out += '%';
      continue;
    }
    long width = s.width, prec = s.prec;
    bool minus = s.minus;
    if (s.width_star) {
      const long w = static_cast<long>(v[arg++].s);
      minus = minus || w < 0;
      width = w < 0 ? -w : w;
    }
    if (s.prec_star) {
      const long w = static_cast<long>(v[arg++].s);
      prec = w < 0 ? -1 : w;
    }
    std::string spec = "%";
    if (minus) spec += '-';
    if (s.plus) spec += '+';
    if (s.space) spec += ' ';
    if (s.hash) spec += '#';
    if (s.zero) spec += '0';
    if (width >= 0) spec += std::to_string(width);
    if (prec >= 0) spec += "." + std::to_string(prec);
    const PrintfValue& a = v[arg++];
    const std::string len = s.len;
    int k = 0;
#if defined(__GNUC__) || defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
#endif
    auto put = [&](auto x) {
      k = std::snprintf(buf, sizeof(buf), spec.c_str(), x);
      if (k < 0) return;
      if (static_cast<size_t>(k) < sizeof(buf)) {
        out.append(buf, static_cast<size_t>(k));
      } else {
        std::string big(static_cast<size_t>(k) + 1, '\0');
        std::snprintf(&big[0], big.size(), spec.c_str(), x);
        out.append(big.data(), static_cast<size_t>(k));
      }
    };
    switch (cls) {
      case 'i':
      case 'u':
        if (len == "hh" || len == "h") {
          spec += len + s.conv;
          if (cls == 'i') put(static_cast<int>(a.s)); else put(static_cast<unsigned>(a.u));
        } else {
          spec += std::string("ll") + s.conv;
          if (cls == 'i') put(a.s); else put(a.u);
        }
        break;
      case 'c':
        spec += 'c';
        put(static_cast<int>(a.s));
        break;
      case 'f':
        if (len == "L") {
          spec += std::string("L") + s.conv;
          put(a.f);
        } else {
          spec += s.conv;
          put(static_cast<double>(a.f));
        }
        break;
      case 's':
        spec += 's';
        put(a.p == nullptr ? "(null)" : static_cast<const char*>(a.p));
        break;
      default:
        spec += 'p';
        put(a.p);
        break;
    }
#if defined(__GNUC__) || defined(__clang__)
#pragma GCC diagnostic pop
#endif
    if (k < 0) out += "<printf: " + spec + " failed>";
  }
  return out;
}

template <class... A>
std::string FormatChecked(const char* api, SrcLoc loc, const char* fmt, const A&... a) {
  const PrintfValue v[sizeof...(A) + 1] = {MakePrintfValue(a)..., PrintfValue{}};
  return FormatPrintf(api, loc, fmt, v, sizeof...(A));
}

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

// Elements a dump may read: the bound size, and never past the GmAlloc /
// GmRegister block the tensor points into; 0 when neither is known (nothing
// is known to be readable; the header says so: GlobalDumpNote).
template <class T>
uint64_t GlobalAvailable(const AscendC::GlobalTensor<T>& t, uint64_t /*want*/) {
  GmBlock blk;
  const bool known = GmFind(t.addr_, &blk);
  const uint64_t in_block =
      known ? (blk.size - static_cast<uint64_t>(reinterpret_cast<const uint8_t*>(t.addr_) - blk.base)) /
                  sizeof(T)
            : 0;
  if (t.sized_) return known ? std::min<uint64_t>(t.size_, in_block) : t.size_;
  return in_block;
}

template <class T>
std::string GlobalDumpNote(const AscendC::GlobalTensor<T>& t) {
  if (t.sized_ || GmFind(t.addr_)) return std::string();
  return " (size unknown: the GlobalTensor has no size and its memory is neither GmAlloc'ed nor "
         "GmRegister'ed; give SetGlobalBuffer a size, or aicore::GmRegister the buffer, to dump it)";
}

// The on-chip memory of the running block that holds p (kCount: none), and
// the elements of T from p to that memory's end.
template <class T>
Memory ArenaOf(const T* p, uint64_t* avail) {
  const CoreContext* c = t_core;
  if (c == nullptr) return Memory::kCount;
  const auto* b = reinterpret_cast<const uint8_t*>(p);
  for (int m = 0; m < kNumMemories; ++m) {
    const uint8_t* base = c->arena[m].get();
    if (base != nullptr && b >= base && b < base + c->capacity[m]) {
      *avail = static_cast<uint64_t>(base + c->capacity[m] - b) / sizeof(T);
      return static_cast<Memory>(m);
    }
  }
  return Memory::kCount;
}

inline std::string BlockLabel() {
  const CoreContext* c = t_core;
  if (c == nullptr || c->launch == nullptr) return "host";
  std::string s = "block " + std::to_string(c->block_idx);
  if (IsMixed(c->launch->geom)) s += c->core_type == CoreType::kAIC ? " [AIC]" : " [AIV]";
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
  return s.shapeDim > 0 && KeptShapeDims(s.shapeDim) == s.shapeDim ? s.shape[s.shapeDim - 1] : 16;
}

inline std::string ShapeText(const AscendC::ShapeInfo& s) {
  std::string r = ", shape [";
  for (uint32_t i = 0; i < KeptShapeDims(s.shapeDim); ++i) {
    r += (i ? ", " : "") + std::to_string(s.shape[i]);
  }
  return r + "]";
}

AICORE_TARGET_END
}  // namespace detail
}  // namespace aicore

namespace AscendC {
AICORE_TARGET_BEGIN

// C printf formatting; the format is checked against the arguments first (a
// mismatch, a missing argument or %n is a parameter error; see FormatPrintf).
template <class... Args>
void printf(const char* fmt, Args... args) {
  aicore::detail::KernelWrite(aicore::detail::FormatChecked("printf", aicore::SrcLoc{"", 0}, fmt, args...));
}

template <typename T>
void DumpTensor(const LocalTensor<T>& tensor, uint32_t desc, uint32_t dumpSize,
                aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  aicore::detail::Enter("DumpTensor", loc);
  aicore::detail::CheckTensorLive("DumpTensor", "the tensor", tensor, loc);
  aicore::detail::DumpValues("DumpTensor desc=" + std::to_string(desc) + " " + aicore::detail::BlockLabel() +
                                 ": " + aicore::detail::LocalHeader(tensor),
                             tensor.addr_, aicore::detail::LocalAvailable(tensor), 0, dumpSize, 16);
}

template <typename T>
void DumpTensor(const LocalTensor<T>& tensor, uint32_t desc, uint32_t dumpSize, const ShapeInfo& shape,
                aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  aicore::detail::Enter("DumpTensor", loc);
  aicore::detail::CheckTensorLive("DumpTensor", "the tensor", tensor, loc);
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
                                 aicore::detail::HexPtr(tensor.addr_) + aicore::detail::GlobalDumpNote(tensor),
                             tensor.addr_, aicore::detail::GlobalAvailable(tensor, dumpSize), 0, dumpSize, 16);
}

template <typename T>
void DumpTensor(const GlobalTensor<T>& tensor, uint32_t desc, uint32_t dumpSize, const ShapeInfo& shape,
                aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  aicore::detail::Enter("DumpTensor", loc);
  tensor.CheckRange("DumpTensor", 0, 0, loc);
  aicore::detail::DumpValues("DumpTensor desc=" + std::to_string(desc) + " " + aicore::detail::BlockLabel() +
                                 ": GlobalTensor<" + aicore::detail::TypeName<T>() + "> at " +
                                 aicore::detail::HexPtr(tensor.addr_) + aicore::detail::ShapeText(shape) +
                                 aicore::detail::GlobalDumpNote(tensor),
                             tensor.addr_, aicore::detail::GlobalAvailable(tensor, dumpSize), 0, dumpSize,
                             aicore::detail::ShapeLine(shape));
}

template <typename T>
void DumpAccChkPoint(const LocalTensor<T>& tensor, uint32_t index, uint32_t countOff, uint32_t dumpSize,
                     aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  aicore::detail::Enter("DumpAccChkPoint", loc);
  aicore::detail::CheckTensorLive("DumpAccChkPoint", "the tensor", tensor, loc);
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
                                 aicore::detail::TypeName<T>() + "> at " + aicore::detail::HexPtr(tensor.addr_) +
                                 aicore::detail::GlobalDumpNote(tensor),
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

AICORE_TARGET_END
}  // namespace AscendC

namespace aicore {
namespace detail {
AICORE_TARGET_BEGIN

// ASSERT(cond [, fmt, args...]) in compat: fails the block with the
// condition's text and the formatted message.
inline void AssertCheckAs(const char* api, SrcLoc loc, const char* text, bool cond) {
  if (AICORE_LIKELY(cond)) return;
  Fail(ErrorKind::kException, api, loc, std::string("assertion failed: ") + text);
}
template <class... A>
void AssertCheckAs(const char* api, SrcLoc loc, const char* text, bool cond, const char* fmt, A... a) {
  if (AICORE_LIKELY(cond)) return;
  Fail(ErrorKind::kException, api, loc,
       std::string("assertion failed: ") + text + ": " + FormatChecked(api, loc, fmt, a...));
}
template <class... A>
void AssertCheck(SrcLoc loc, const char* text, bool cond, A... a) {
  AssertCheckAs("ASSERT", loc, text, cond, a...);
}

AICORE_TARGET_END
}  // namespace detail
}  // namespace aicore

namespace aicore {
namespace detail {
AICORE_TARGET_BEGIN

// asc_dump_gm / _ubuf / _l1buf / _cbuf and asc_dump (utils/debug/asc_dump.h):
// `want` the memory the pointer must be in (kCount: GM; asc_dump: whichever
// holds it). The dump never reads past that memory (on chip: the block's
// arena; GM: the GmAlloc / GmRegister block; memory neither knows: nothing,
// and the header says so); an on-chip pointer into another memory than the
// function's is an error naming both.
template <class T>
void AscDump(const char* api, int want, const T* p, uint32_t desc, uint32_t count, SrcLoc loc) {
  Enter(api, loc);
  uint64_t avail = 0;
  const Memory m = ArenaOf(p, &avail);
  const bool any = want < 0;
  const bool gm_wanted = want == static_cast<int>(Memory::kCount);
  std::string where;
  if (m != Memory::kCount && (any || want == static_cast<int>(m))) {
    const uint64_t off = static_cast<uint64_t>(reinterpret_cast<const uint8_t*>(p) - t_core->arena[static_cast<int>(m)].get());
    where = std::string(MemoryName(m)) + " offset " + std::to_string(off);
  } else if (m == Memory::kCount && (any || gm_wanted)) {
    GmBlock blk;
    where = "GM " + HexPtr(p);
    if (GmFind(p, &blk)) {
      avail = (blk.size - static_cast<uint64_t>(reinterpret_cast<const uint8_t*>(p) - blk.base)) / sizeof(T);
    } else {  // nothing is known to be readable there (as DumpTensor of such a GlobalTensor)
      avail = 0;
      where += " (size unknown: neither GmAlloc'ed nor GmRegister'ed memory nor the block's on-chip memory; "
               "aicore::GmRegister the buffer to dump it)";
    }
  } else {
    Fail(ErrorKind::kParameter, api, loc,
         "input " + HexPtr(p) + " is " +
             (m == Memory::kCount ? std::string("not in the block's on-chip memory")
                                  : std::string("in ") + MemoryName(m)) +
             ", not in " + MemoryName(static_cast<Memory>(want)));
  }
  DumpValues(std::string(api) + " desc=" + std::to_string(desc) + " " + BlockLabel() + ": " + TypeName<T>() +
                 " at " + where,
             p, avail, 0, count, 16);
}

AICORE_TARGET_END
}  // namespace detail
}  // namespace aicore

AICORE_TARGET_BEGIN
template <typename T>
void asc_dump_gm(const T* input, uint32_t desc, uint32_t dump_size, aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  aicore::detail::AscDump("asc_dump_gm", static_cast<int>(aicore::Memory::kCount), input, desc, dump_size, loc);
}
template <typename T>
void asc_dump_ubuf(const T* input, uint32_t desc, uint32_t dump_size, aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  aicore::detail::AscDump("asc_dump_ubuf", static_cast<int>(aicore::Memory::kUB), input, desc, dump_size, loc);
}
template <typename T>
void asc_dump_l1buf(const T* input, uint32_t desc, uint32_t dump_size, aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  aicore::detail::AscDump("asc_dump_l1buf", static_cast<int>(aicore::Memory::kL1), input, desc, dump_size, loc);
}
template <typename T>
void asc_dump_cbuf(const T* input, uint32_t desc, uint32_t dump_size, aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  aicore::detail::AscDump("asc_dump_cbuf", static_cast<int>(aicore::Memory::kL0C), input, desc, dump_size, loc);
}
// The memory-qualified overloads of the NPU are one function on the CPU: the
// pointer says which memory it is in.
template <typename T>
void asc_dump(const T* input, uint32_t desc, uint32_t dump_size, aicore::SrcLoc loc = aicore::SrcLoc::Current()) {
  aicore::detail::AscDump("asc_dump", -1, input, desc, dump_size, loc);
}
AICORE_TARGET_END
