// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// acl/acl.h for the CPU: the part of the AscendCL runtime API that kernel
// projects' host code and data utilities use, over plain host memory.
//
//   aclError, ACL_SUCCESS / ACL_ERROR_NONE and a few error codes
//   aclFloat16 (binary16 bits), aclFloat16ToFloat, aclFloatToFloat16 (RNE)
//   aclInit / aclFinalize, aclrtSetDevice / ResetDevice / GetDevice /
//     GetDeviceCount, aclrtCreateContext / DestroyContext (no-ops)
//   aclrtCreateStream / DestroyStream / SynchronizeStream, aclrtSynchronizeDevice
//     (a launch finishes before ICPU_RUN_KF returns: nothing to wait for)
//   aclrtMallocHost / FreeHost      host memory (64-byte aligned)
//   aclrtMalloc / Free              "device" memory = GM from aicore::GmAlloc,
//                                   so it may be passed to ICPU_RUN_KF
//   aclrtMemcpy[Async] (ACL_MEMCPY_* kinds, all plain copies), aclrtMemset[Async]
//   aclGetRecentErrMsg
//
// Every function checks its pointers and sizes and returns an error code
// instead of crashing, as the runtime does.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <new>

#include "aicore/base/half.h"
#include "aicore/runtime/gm.h"

typedef int aclError;
typedef uint16_t aclFloat16;
typedef void* aclrtStream;
typedef void* aclrtContext;
typedef void* aclrtEvent;

constexpr aclError ACL_SUCCESS = 0;
constexpr aclError ACL_ERROR_NONE = 0;
constexpr aclError ACL_ERROR_INVALID_PARAM = 100000;
constexpr aclError ACL_ERROR_BAD_ALLOC = 200000;
constexpr aclError ACL_ERROR_INTERNAL_ERROR = 500000;
constexpr aclError ACL_ERROR_FAILURE = 500002;

enum aclrtMemMallocPolicy {
  ACL_MEM_MALLOC_HUGE_FIRST = 0,
  ACL_MEM_MALLOC_HUGE_ONLY,
  ACL_MEM_MALLOC_NORMAL_ONLY,
  ACL_MEM_MALLOC_HUGE_FIRST_P2P,
  ACL_MEM_MALLOC_HUGE_ONLY_P2P,
  ACL_MEM_MALLOC_NORMAL_ONLY_P2P,
};

enum aclrtMemcpyKind {
  ACL_MEMCPY_HOST_TO_HOST = 0,
  ACL_MEMCPY_HOST_TO_DEVICE,
  ACL_MEMCPY_DEVICE_TO_HOST,
  ACL_MEMCPY_DEVICE_TO_DEVICE,
};

namespace aicore {
namespace compat {

inline const char*& AclLastError() {
  static thread_local const char* msg = "";
  return msg;
}

inline aclError AclFail(aclError code, const char* msg) {
  AclLastError() = msg;
  return code;
}

// A stream object: streams are distinct non-null handles.
struct AclStream {
  int unused = 0;
};

}  // namespace compat
}  // namespace aicore

inline float aclFloat16ToFloat(aclFloat16 value) { return aicore::detail::HalfBitsToFloat(value); }
inline aclFloat16 aclFloatToFloat16(float value) { return aicore::detail::FloatToHalfBits(value); }

inline aclError aclInit(const char* /*configPath*/) { return ACL_SUCCESS; }
inline aclError aclFinalize() { return ACL_SUCCESS; }

inline aclError aclrtSetDevice(int32_t deviceId) {
  return deviceId < 0 ? aicore::compat::AclFail(ACL_ERROR_INVALID_PARAM, "aclrtSetDevice: negative device id")
                      : ACL_SUCCESS;
}
inline aclError aclrtResetDevice(int32_t /*deviceId*/) { return ACL_SUCCESS; }
inline aclError aclrtGetDevice(int32_t* deviceId) {
  if (deviceId == nullptr) return aicore::compat::AclFail(ACL_ERROR_INVALID_PARAM, "aclrtGetDevice: null");
  *deviceId = 0;
  return ACL_SUCCESS;
}
inline aclError aclrtGetDeviceCount(uint32_t* count) {
  if (count == nullptr) return aicore::compat::AclFail(ACL_ERROR_INVALID_PARAM, "aclrtGetDeviceCount: null");
  *count = 1;
  return ACL_SUCCESS;
}
inline aclError aclrtCreateContext(aclrtContext* context, int32_t /*deviceId*/) {
  if (context == nullptr) return aicore::compat::AclFail(ACL_ERROR_INVALID_PARAM, "aclrtCreateContext: null");
  static int the_context = 0;
  *context = &the_context;
  return ACL_SUCCESS;
}
inline aclError aclrtDestroyContext(aclrtContext /*context*/) { return ACL_SUCCESS; }

inline aclError aclrtCreateStream(aclrtStream* stream) {
  if (stream == nullptr) return aicore::compat::AclFail(ACL_ERROR_INVALID_PARAM, "aclrtCreateStream: null");
  *stream = new (std::nothrow) aicore::compat::AclStream;
  return *stream != nullptr ? ACL_SUCCESS
                            : aicore::compat::AclFail(ACL_ERROR_BAD_ALLOC, "aclrtCreateStream: out of memory");
}
inline aclError aclrtDestroyStream(aclrtStream stream) {
  delete static_cast<aicore::compat::AclStream*>(stream);
  return ACL_SUCCESS;
}
inline aclError aclrtSynchronizeStream(aclrtStream /*stream*/) { return ACL_SUCCESS; }
// Every launch of the process has finished when its ICPU_RUN_KF returned.
inline aclError aclrtSynchronizeDevice() { return ACL_SUCCESS; }

inline aclError aclrtMallocHost(void** hostPtr, size_t size) {
  if (hostPtr == nullptr) return aicore::compat::AclFail(ACL_ERROR_INVALID_PARAM, "aclrtMallocHost: null");
  const size_t rounded = (size + 63) / 64 * 64;
  *hostPtr = std::aligned_alloc(64, rounded == 0 ? 64 : rounded);
  return *hostPtr != nullptr ? ACL_SUCCESS
                             : aicore::compat::AclFail(ACL_ERROR_BAD_ALLOC, "aclrtMallocHost: out of memory");
}
inline aclError aclrtFreeHost(void* hostPtr) {
  std::free(hostPtr);
  return ACL_SUCCESS;
}

inline aclError aclrtMalloc(void** devPtr, size_t size, aclrtMemMallocPolicy /*policy*/) {
  if (devPtr == nullptr || size == 0) {
    return aicore::compat::AclFail(ACL_ERROR_INVALID_PARAM, "aclrtMalloc: null pointer or size 0");
  }
  try {
    *devPtr = aicore::GmAlloc(size);
  } catch (const std::bad_alloc&) {
    return aicore::compat::AclFail(ACL_ERROR_BAD_ALLOC, "aclrtMalloc: out of memory");
  }
  return ACL_SUCCESS;
}
inline aclError aclrtFree(void* devPtr) {
  try {
    aicore::GmFree(devPtr);
  } catch (const aicore::KernelError&) {
    return aicore::compat::AclFail(ACL_ERROR_INVALID_PARAM, "aclrtFree: not memory from aclrtMalloc, or freed twice");
  }
  return ACL_SUCCESS;
}

inline aclError aclrtMemcpy(void* dst, size_t destMax, const void* src, size_t count, aclrtMemcpyKind kind) {
  if (count == 0) return ACL_SUCCESS;
  if (dst == nullptr || src == nullptr || count > destMax || static_cast<int>(kind) < 0 ||
      static_cast<int>(kind) > static_cast<int>(ACL_MEMCPY_DEVICE_TO_DEVICE)) {
    return aicore::compat::AclFail(ACL_ERROR_INVALID_PARAM,
                                   "aclrtMemcpy: null pointer, count > destMax or bad kind");
  }
  std::memmove(dst, src, count);
  return ACL_SUCCESS;
}
inline aclError aclrtMemcpyAsync(void* dst, size_t destMax, const void* src, size_t count,
                                 aclrtMemcpyKind kind, aclrtStream /*stream*/) {
  return aclrtMemcpy(dst, destMax, src, count, kind);
}
inline aclError aclrtMemset(void* devPtr, size_t maxCount, int32_t value, size_t count) {
  if (count == 0) return ACL_SUCCESS;
  if (devPtr == nullptr || count > maxCount) {
    return aicore::compat::AclFail(ACL_ERROR_INVALID_PARAM, "aclrtMemset: null pointer or count > maxCount");
  }
  std::memset(devPtr, value, count);
  return ACL_SUCCESS;
}
inline aclError aclrtMemsetAsync(void* devPtr, size_t maxCount, int32_t value, size_t count,
                                 aclrtStream /*stream*/) {
  return aclrtMemset(devPtr, maxCount, value, count);
}

inline const char* aclGetRecentErrMsg() { return aicore::compat::AclLastError(); }
