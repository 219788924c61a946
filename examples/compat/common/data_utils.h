// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Host data utilities of the example kernel projects, in the shape the vendor
// samples' data_utils.h has: binary file I/O, logging, and printing of
// buffers. Includes acl/acl.h (aicore's CPU version in a CPU build) and
// securec.h (memcpy_s & co., which the vendor's host programs call).
#ifndef EXAMPLES_COMPAT_DATA_UTILS_H
#define EXAMPLES_COMPAT_DATA_UTILS_H

#include <cstdint>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <string>

#include "acl/acl.h"
#include "securec.h"

enum printDataType {
  DT_UNDEFINED = -1,
  FLOAT = 0,
  HALF = 1,
  INT8_T = 2,
  INT32_T = 3,
  UINT8_T = 4,
  INT16_T = 6,
  UINT16_T = 7,
  UINT32_T = 8,
  INT64_T = 9,
  UINT64_T = 10,
  DOUBLE = 11,
};

#define INFO_LOG(...) (std::fprintf(stdout, "[INFO]  "), std::fprintf(stdout, __VA_ARGS__), std::fprintf(stdout, "\n"))
#define WARN_LOG(...) (std::fprintf(stdout, "[WARN]  "), std::fprintf(stdout, __VA_ARGS__), std::fprintf(stdout, "\n"))
#define ERROR_LOG(...) (std::fprintf(stderr, "[ERROR] "), std::fprintf(stderr, __VA_ARGS__), std::fprintf(stderr, "\n"))

#define CHECK_ACL(x)                                                                       \
  do {                                                                                     \
    aclError aclRet = x;                                                                    \
    if (aclRet != ACL_ERROR_NONE) {                                                          \
      std::cerr << __FILE__ << ":" << __LINE__ << " aclError:" << aclRet << std::endl;     \
    }                                                                                      \
  } while (0)

// Reads the whole file into buffer (at most bufferSize bytes); fileSize gets
// the file's size. False (with a message) when the file is missing or larger
// than the buffer.
inline bool ReadFile(const std::string& filePath, size_t& fileSize, void* buffer, size_t bufferSize) {
  std::ifstream file(filePath, std::ios::binary | std::ios::ate);
  if (!file.is_open()) {
    ERROR_LOG("Open file failed. path = %s", filePath.c_str());
    return false;
  }
  const std::streamoff size = file.tellg();
  if (size < 0 || static_cast<size_t>(size) > bufferSize) {
    ERROR_LOG("file size %lld does not fit in the %zu-byte buffer: %s", static_cast<long long>(size), bufferSize,
              filePath.c_str());
    return false;
  }
  file.seekg(0, std::ios::beg);
  file.read(static_cast<char*>(buffer), size);
  fileSize = static_cast<size_t>(size);
  return static_cast<bool>(file);
}

inline bool WriteFile(const std::string& filePath, const void* buffer, size_t size) {
  std::ofstream file(filePath, std::ios::binary | std::ios::trunc);
  if (!file.is_open()) {
    ERROR_LOG("Open file failed. path = %s", filePath.c_str());
    return false;
  }
  file.write(static_cast<const char*>(buffer), static_cast<std::streamsize>(size));
  return static_cast<bool>(file);
}

template <typename T>
void DoPrintData(const T* data, size_t count, size_t elementsPerRow) {
  for (size_t i = 0; i < count; ++i) {
    std::cout << data[i] << ((i + 1) % elementsPerRow == 0 || i + 1 == count ? "\n" : " ");
  }
}

inline void DoPrintHalfData(const aclFloat16* data, size_t count, size_t elementsPerRow) {
  for (size_t i = 0; i < count; ++i) {
    std::cout << aclFloat16ToFloat(data[i]) << ((i + 1) % elementsPerRow == 0 || i + 1 == count ? "\n" : " ");
  }
}

inline void PrintData(const void* data, size_t count, printDataType dataType, size_t elementsPerRow = 16) {
  switch (dataType) {
    case FLOAT: DoPrintData(static_cast<const float*>(data), count, elementsPerRow); break;
    case HALF: DoPrintHalfData(static_cast<const aclFloat16*>(data), count, elementsPerRow); break;
    case INT8_T: DoPrintData(static_cast<const int8_t*>(data), count, elementsPerRow); break;
    case INT32_T: DoPrintData(static_cast<const int32_t*>(data), count, elementsPerRow); break;
    case UINT8_T: DoPrintData(static_cast<const uint8_t*>(data), count, elementsPerRow); break;
    case INT16_T: DoPrintData(static_cast<const int16_t*>(data), count, elementsPerRow); break;
    case UINT16_T: DoPrintData(static_cast<const uint16_t*>(data), count, elementsPerRow); break;
    case UINT32_T: DoPrintData(static_cast<const uint32_t*>(data), count, elementsPerRow); break;
    case INT64_T: DoPrintData(static_cast<const int64_t*>(data), count, elementsPerRow); break;
    case UINT64_T: DoPrintData(static_cast<const uint64_t*>(data), count, elementsPerRow); break;
    case DOUBLE: DoPrintData(static_cast<const double*>(data), count, elementsPerRow); break;
    default: ERROR_LOG("Unsupported type: %d", static_cast<int>(dataType)); break;
  }
}

#endif  // EXAMPLES_COMPAT_DATA_UTILS_H
