// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// securec.h: the bounds-checked C functions of the vendor's securec library
// (linked as c_sec) that kernel projects call in their host code, with
// securec's documented results:
//
//   errno_t memcpy_s(void* dest, size_t destMax, const void* src, size_t count)
//   errno_t memmove_s(void* dest, size_t destMax, const void* src, size_t count)
//   errno_t memset_s(void* dest, size_t destMax, int c, size_t count)
//   errno_t strcpy_s(char* dest, size_t destMax, const char* src)
//   errno_t strncpy_s(char* dest, size_t destMax, const char* src, size_t count)
//   int sprintf_s(char* dest, size_t destMax, const char* format, ...)
//   int snprintf_s(char* dest, size_t destMax, size_t count, const char* format, ...)
//
//   EOK (0)              done
//   ERANGE               destMax is 0 or above the limit (SECUREC_MEM_MAX_LEN /
//                        SECUREC_STRING_MAX_LEN); nothing written
//   EINVAL               dest is null; nothing written
//   EINVAL_AND_RESET     src is null; dest cleared (memory: destMax zero bytes,
//                        strings: dest[0] = '\0')
//   ERANGE_AND_RESET     the data does not fit destMax; dest cleared (memset_s
//                        fills destMax bytes with c instead)
//   EOVERLAP_AND_RESET   source and destination overlap (memcpy_s, strcpy_s,
//                        strncpy_s); dest cleared
// sprintf_s / snprintf_s return the characters written, or -1 on a bad
// argument or when the text does not fit (dest then holds "" for sprintf_s,
// and for snprintf_s the first `count` characters when count < destMax).
#pragma once

#include <cerrno>
#include <cstdarg>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstring>

#ifndef EOK
#define EOK 0
#endif
#ifndef EINVAL_AND_RESET
#define EINVAL_AND_RESET (22 | 128)
#endif
#ifndef ERANGE_AND_RESET
#define ERANGE_AND_RESET (34 | 128)
#endif
#ifndef EOVERLAP_AND_RESET
#define EOVERLAP_AND_RESET (54 | 128)
#endif
#ifndef SECUREC_MEM_MAX_LEN
#define SECUREC_MEM_MAX_LEN 0x7fffffffUL
#endif
#ifndef SECUREC_STRING_MAX_LEN
#define SECUREC_STRING_MAX_LEN 0x7fffffffUL
#endif

typedef int errno_t;

namespace aicore {
namespace securec {
inline bool Overlap(const void* a, size_t na, const void* b, size_t nb) {
  const auto pa = reinterpret_cast<uintptr_t>(a);
  const auto pb = reinterpret_cast<uintptr_t>(b);
  return pa < pb + nb && pb < pa + na;
}
}  // namespace securec
}  // namespace aicore

inline errno_t memcpy_s(void* dest, size_t destMax, const void* src, size_t count) {
  if (destMax == 0 || destMax > SECUREC_MEM_MAX_LEN) return ERANGE;
  if (dest == nullptr) return EINVAL;
  if (src == nullptr) {
    std::memset(dest, 0, destMax);
    return EINVAL_AND_RESET;
  }
  if (count > destMax) {
    std::memset(dest, 0, destMax);
    return ERANGE_AND_RESET;
  }
  if (dest == src || count == 0) return EOK;
  if (aicore::securec::Overlap(dest, count, src, count)) {
    std::memset(dest, 0, destMax);
    return EOVERLAP_AND_RESET;
  }
  std::memmove(dest, src, count);  // (never overlapping here; memmove keeps -Wrestrict quiet)
  return EOK;
}

inline errno_t memmove_s(void* dest, size_t destMax, const void* src, size_t count) {
  if (destMax == 0 || destMax > SECUREC_MEM_MAX_LEN) return ERANGE;
  if (dest == nullptr) return EINVAL;
  if (src == nullptr) {
    std::memset(dest, 0, destMax);
    return EINVAL_AND_RESET;
  }
  if (count > destMax) {
    std::memset(dest, 0, destMax);
    return ERANGE_AND_RESET;
  }
  if (dest != src && count > 0) std::memmove(dest, src, count);
  return EOK;
}

inline errno_t memset_s(void* dest, size_t destMax, int c, size_t count) {
  if (destMax == 0 || destMax > SECUREC_MEM_MAX_LEN) return ERANGE;
  if (dest == nullptr) return EINVAL;
  if (count > destMax) {
    std::memset(dest, c, destMax);
    return ERANGE_AND_RESET;
  }
  std::memset(dest, c, count);
  return EOK;
}

inline errno_t strncpy_s(char* dest, size_t destMax, const char* src, size_t count) {
  if (destMax == 0 || destMax > SECUREC_STRING_MAX_LEN) return ERANGE;
  if (dest == nullptr) return EINVAL;
  if (src == nullptr) {
    dest[0] = '\0';
    return EINVAL_AND_RESET;
  }
  if (count > SECUREC_STRING_MAX_LEN) {
    dest[0] = '\0';
    return ERANGE_AND_RESET;
  }
  size_t n = 0;
  while (n < count && src[n] != '\0') ++n;
  if (n + 1 > destMax) {
    dest[0] = '\0';
    return ERANGE_AND_RESET;
  }
  if (aicore::securec::Overlap(dest, n + 1, src, n + 1)) {
    dest[0] = '\0';
    return EOVERLAP_AND_RESET;
  }
  std::memmove(dest, src, n);
  dest[n] = '\0';
  return EOK;
}

inline errno_t strcpy_s(char* dest, size_t destMax, const char* src) {
  if (destMax == 0 || destMax > SECUREC_STRING_MAX_LEN) return ERANGE;
  if (dest == nullptr) return EINVAL;
  if (src == nullptr) {
    dest[0] = '\0';
    return EINVAL_AND_RESET;
  }
  const size_t n = std::strlen(src);
  if (n + 1 > destMax) {
    dest[0] = '\0';
    return ERANGE_AND_RESET;
  }
  if (dest == src) return EOK;
  if (aicore::securec::Overlap(dest, n + 1, src, n + 1)) {
    dest[0] = '\0';
    return EOVERLAP_AND_RESET;
  }
  std::memmove(dest, src, n + 1);
  return EOK;
}

__attribute__((format(printf, 3, 0))) inline int vsprintf_s(char* dest, size_t destMax, const char* format,
                                                             va_list args) {
  if (dest == nullptr || destMax == 0 || destMax > SECUREC_STRING_MAX_LEN) return -1;
  if (format == nullptr) {
    dest[0] = '\0';
    return -1;
  }
  const int n = std::vsnprintf(dest, destMax, format, args);
  if (n < 0 || static_cast<size_t>(n) >= destMax) {
    dest[0] = '\0';
    return -1;
  }
  return n;
}

__attribute__((format(printf, 3, 4))) inline int sprintf_s(char* dest, size_t destMax, const char* format, ...) {
  va_list args;
  va_start(args, format);
  const int n = vsprintf_s(dest, destMax, format, args);
  va_end(args);
  return n;
}

__attribute__((format(printf, 4, 0))) inline int vsnprintf_s(char* dest, size_t destMax, size_t count,
                                                              const char* format, va_list args) {
  if (dest == nullptr || destMax == 0 || destMax > SECUREC_STRING_MAX_LEN) return -1;
  if (format == nullptr || count > SECUREC_STRING_MAX_LEN) {
    dest[0] = '\0';
    return -1;
  }
  if (count >= destMax) return vsprintf_s(dest, destMax, format, args);
  // Truncation to `count` characters is allowed: the text is cut there.
  const int n = std::vsnprintf(dest, count + 1, format, args);
  if (n < 0) {
    dest[0] = '\0';
    return -1;
  }
  return static_cast<size_t>(n) > count ? -1 : n;
}

__attribute__((format(printf, 4, 5))) inline int snprintf_s(char* dest, size_t destMax, size_t count,
                                                             const char* format, ...) {
  va_list args;
  va_start(args, format);
  const int n = vsnprintf_s(dest, destMax, count, format, args);
  va_end(args);
  return n;
}
