// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// register/device_op_impl_registry.h for the CPU: tiling sink registration.
//
//   DEVICE_IMPL_OP_OPTILING(AddCustomTilingSink).Tiling(optiling::MyTilingFunc);
//
// On the NPU this also builds the tiling function for the device (AI CPU), so
// that a captured graph can run the tiling of an input that is ValueDepend
// with DependScope::TILING without the host. On the CPU host and device are
// one program: the registration is kept (aicore::op::FindSinkTiling) and a
// call runs the OpDef's tiling function (AICore().SetTiling), which the
// vendor's projects set to the same function.
#pragma once

#include <functional>
#include <map>
#include <mutex>
#include <string>
#include <utility>

#include "aicore/op/op_def.h"

namespace optiling {

using SinkTilingFunc = std::function<ge::graphStatus(gert::TilingContext*)>;

}  // namespace optiling

namespace aicore {
namespace detail {

struct SinkTilingRegistry {
  std::mutex mu;
  std::map<std::string, optiling::SinkTilingFunc> funcs;
};

inline SinkTilingRegistry& SinkTilings() {
  static SinkTilingRegistry r;
  return r;
}

}  // namespace detail

namespace op {

// The tiling function DEVICE_IMPL_OP_OPTILING registered for op type `type`
// (a copy; empty when none is registered).
inline optiling::SinkTilingFunc FindSinkTiling(const std::string& type) {
  ::aicore::detail::SinkTilingRegistry& r = ::aicore::detail::SinkTilings();
  std::lock_guard<std::mutex> lock(r.mu);
  auto it = r.funcs.find(type);
  return it == r.funcs.end() ? optiling::SinkTilingFunc{} : it->second;
}

}  // namespace op
}  // namespace aicore

namespace optiling {

class DeviceOpImplRegister {
 public:
  explicit DeviceOpImplRegister(const char* opType) : type_(opType) {}
  DeviceOpImplRegister& Tiling(SinkTilingFunc func) {
    aicore::detail::SinkTilingRegistry& r = aicore::detail::SinkTilings();
    std::lock_guard<std::mutex> lock(r.mu);
    r.funcs[type_] = std::move(func);
    return *this;
  }

 private:
  std::string type_;
};

}  // namespace optiling

#ifndef VAR_UNUSED
#define VAR_UNUSED __attribute__((unused))
#endif

#define DEVICE_IMPL_OP_OPTILING(optype)                                                    \
  static optiling::DeviceOpImplRegister VAR_UNUSED g_deviceOpImplRegister##optype =       \
      optiling::DeviceOpImplRegister(#optype)
