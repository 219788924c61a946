// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Runs a custom operator (an OpDef registered with OP_ADD and the op_kernel
// entry registered with AICORE_OP_KERNEL, see aicore_op_kernel.h in compat)
// by name, as the operator framework does on the NPU:
//
//   aicore::op::OpRun r = aicore::op::RunOp("AddCustom",
//       {{x, {8, 2048}, ge::DT_FLOAT16}, {y, {8, 2048}, ge::DT_FLOAT16}},
//       {{z, {8, 2048}, ge::DT_FLOAT16}},          // or {} / data nullptr: allocated,
//       {{"negative_slope", 0.1f}});               //   in r.outputs / r.storage
//
// Steps (each failure is an aicore::KernelError naming the operator (as the
// report's kernel), the argument and what was expected):
//   1. the OpDef by name; every required input given, dtypes and formats
//      forming one of the OpDef's combinations (DataType/Format columns;
//      DataTypeList/FormatList entries fit every column), at most 8
//      dimensions, none negative; attributes known, of the OpDef's type
//      (an Int value is accepted for a Float attribute), required ones given,
//      defaults filled in;
//   2. InferShape and InferDataType (without them: the shapes the caller
//      gives, the dtypes of the matching column); given outputs must agree;
//   3. the tiling function over a 64 KiB raw tiling buffer (its first 4 KiB
//      zeroed); its status, data
//      size, block dim (not 0) and workspace sizes are checked;
//   4. the kernel <snake_case of the op type> (AddCustom -> add_custom),
//      which must take inputs + outputs + 2 GM_ADDR arguments, is launched
//      with blockDim and the tiling key (TILING_KEY_IS) on every block,
//      arguments (inputs in OpDef order, nullptr for an optional input left
//      out, outputs, workspace, tiling).
// PrepareOp does 1-3, ExecuteOp 4 (the two phases of aclnn); RunOp both,
// with the workspace from a per-thread buffer that grows as needed.
// A DYNAMIC input is given as OpTensor::List({...}) (at least one tensor, one
// dtype and format; ranks may differ); the kernel's argument for it points to the
// tensor list ListTensorDesc decodes. A DYNAMIC output too: the caller gives
// it as OpTensor::List, whose length is the number of output instances
// (InferShape fills GetOutputShape(i) for each; entries without data are
// allocated by RunOp), and RunOp returns it as a list.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "aicore/base/error.h"
#include "aicore/base/half.h"
#include "aicore/base/soc.h"
#include "aicore/op/op_def.h"
#include "aicore/op/op_log.h"
#include "aicore/runtime/gm.h"
#include "aicore/runtime/launch.h"

namespace aicore {
namespace op {

// ---------------------------------------------------------------------------
// Kernel registry: op_kernel entries by name.

using KernelThunk = void (*)(void* fn, uint8_t* const* args, size_t nargs);
using KernelGeometryFn = detail::Geometry (*)(const char* name, uint64_t tiling_key);

struct KernelEntry {
  std::string name;
  size_t arity = 0;
  void* fn = nullptr;
  KernelThunk thunk = nullptr;
  KernelGeometryFn geometry = nullptr;
  // The dtype build of the entry (DTYPE_<NAME> of a kernel compiled once per
  // dtype combination): one ge::DataType per input, then per output, in OpDef
  // order (-1: any). Empty: one build for every dtype.
  std::vector<int> dtypes;
  // The entry function's own name where it differs from `name` (a dtype
  // build's renamed entry): the name its KERNEL_TASK_TYPE declarations have.
  std::string symbol;
  // A kernel template (tiling-key templates, ASCENDC_TPL_SEL): whether it has
  // an instantiation for tiling key `key`; else sets *keys to the selected
  // keys, for the report. Null: any key.
  bool (*selects)(uint64_t key, std::string* keys) = nullptr;
};

struct KernelRegistry {
  std::mutex mu;
  // Entries are never erased or moved: callers keep pointers to them.
  std::map<std::string, std::vector<std::unique_ptr<KernelEntry>>> kernels;
};

inline KernelRegistry& Kernels() {
  static KernelRegistry r;
  return r;
}

namespace detail {
// Bumped by every RegisterKernel: prepared calls reused from before it
// (they hold the kernel entry found then) are not reused after it.
inline std::atomic<uint64_t>& KernelGeneration() {
  static std::atomic<uint64_t> g{0};
  return g;
}
}  // namespace detail

// Registers an entry; one with the name and dtypes of an earlier one replaces it.
inline bool RegisterKernel(KernelEntry e) {
  KernelRegistry& r = Kernels();
  std::lock_guard<std::mutex> lock(r.mu);
  detail::KernelGeneration().fetch_add(1, std::memory_order_relaxed);
  auto& builds = r.kernels[e.name];
  for (auto& b : builds) {
    if (b->dtypes == e.dtypes) {
      *b = std::move(e);
      return true;
    }
  }
  builds.push_back(std::make_unique<KernelEntry>(std::move(e)));
  return true;
}

// The entry named `name` for tensors of these dtypes (inputs then outputs,
// -1 for an absent optional input): the build for every dtype, or the dtype
// build whose dtypes match. nullptr when there is none; `builds` (if given)
// receives the dtype builds registered under the name.
inline const KernelEntry* FindKernel(const std::string& name, const std::vector<int>& dtypes = {},
                                     std::vector<std::vector<int>>* builds = nullptr) {
  KernelRegistry& r = Kernels();
  std::lock_guard<std::mutex> lock(r.mu);
  auto it = r.kernels.find(name);
  if (it == r.kernels.end()) return nullptr;
  const KernelEntry* found = nullptr;
  for (const auto& b : it->second) {
    if (builds != nullptr && !b->dtypes.empty()) builds->push_back(b->dtypes);
    if (found != nullptr) continue;
    bool match = b->dtypes.empty() || dtypes.empty() || b->dtypes.size() == dtypes.size();
    for (size_t i = 0; match && i < b->dtypes.size() && !dtypes.empty(); ++i) {
      match = dtypes[i] < 0 || b->dtypes[i] < 0 || b->dtypes[i] == dtypes[i];
    }
    if (match) found = b.get();
  }
  return found;
}

// The kernel name of an op type, as the vendor's build derives it:
// AddCustom -> add_custom, LeakyReluCustom -> leaky_relu_custom.
inline std::string KernelNameOf(const std::string& type) {
  std::string s;
  for (size_t i = 0; i < type.size(); ++i) {
    const char c = type[i];
    const bool upper = c >= 'A' && c <= 'Z';
    if (upper && i > 0) {
      const char p = type[i - 1];
      const bool prev_lower = (p >= 'a' && p <= 'z') || (p >= '0' && p <= '9');
      const bool next_lower = i + 1 < type.size() && type[i + 1] >= 'a' && type[i + 1] <= 'z';
      if (prev_lower || (p >= 'A' && p <= 'Z' && next_lower)) s += '_';
    }
    s += upper ? static_cast<char>(c - 'A' + 'a') : c;
  }
  return s;
}

// ---------------------------------------------------------------------------
// The call.

struct OpTensor {
  void* data = nullptr;
  std::vector<int64_t> shape;
  ge::DataType dtype = ge::DT_FLOAT;
  ge::Format format = ge::FORMAT_ND;
  bool absent = false;  // an optional input left out (OpTensor::None())
  bool is_list = false;  // a DYNAMIC input's tensor list (OpTensor::List): the tensors are `items`
  std::vector<OpTensor> items;

  OpTensor() = default;
  OpTensor(void* d, std::vector<int64_t> s, ge::DataType t, ge::Format f = ge::FORMAT_ND)
      : data(d), shape(std::move(s)), dtype(t), format(f) {}
  static OpTensor None() {
    OpTensor t;
    t.absent = true;
    return t;
  }
  static OpTensor List(std::vector<OpTensor> tensors) {
    OpTensor t;
    t.is_list = true;
    t.items = std::move(tensors);
    return t;
  }
};

struct OpAttr {
  std::string name;
  gert::detail::AttrValue value;

  OpAttr(std::string n, bool v) : name(std::move(n)) { Set(gert::detail::AttrKind::kBool).b = v; }
  OpAttr(std::string n, int v) : name(std::move(n)) { Set(gert::detail::AttrKind::kInt).i = v; }
  OpAttr(std::string n, int64_t v) : name(std::move(n)) { Set(gert::detail::AttrKind::kInt).i = v; }
  OpAttr(std::string n, float v) : name(std::move(n)) { Set(gert::detail::AttrKind::kFloat).f = v; }
  OpAttr(std::string n, double v) : name(std::move(n)) {
    Set(gert::detail::AttrKind::kFloat).f = static_cast<float>(v);
  }
  OpAttr(std::string n, const char* v) : name(std::move(n)) {
    Set(gert::detail::AttrKind::kString).s = v != nullptr ? v : "";
  }
  OpAttr(std::string n, std::string v) : name(std::move(n)) {
    Set(gert::detail::AttrKind::kString).s = std::move(v);
  }
  OpAttr(std::string n, std::vector<int64_t> v) : name(std::move(n)) {
    Set(gert::detail::AttrKind::kListInt).li.v_ = std::move(v);
  }
  OpAttr(std::string n, std::vector<float> v) : name(std::move(n)) {
    Set(gert::detail::AttrKind::kListFloat).lf.v_ = std::move(v);
  }
  OpAttr(std::string n, std::vector<bool> v) : name(std::move(n)) {
    Set(gert::detail::AttrKind::kListBool).lb.v_ = std::move(v);
  }

 private:
  gert::detail::AttrValue& Set(gert::detail::AttrKind k) {
    value.kind = k;
    return value;
  }
};

constexpr size_t kTilingCapacity = 64 * 1024;  // bytes of the raw tiling buffer

constexpr size_t kTilingZeroed = 4 * 1024;     // of which start as zeros

namespace detail {

// Raw tiling buffers, kept per thread for the next call: allocating and
// freeing 64 KiB per call cost about a microsecond (the free consolidates
// the heap).
inline std::vector<std::unique_ptr<uint8_t[]>>& SpareTilingBuffers() {
  static thread_local std::vector<std::unique_ptr<uint8_t[]>> spare;
  return spare;
}
inline std::unique_ptr<uint8_t[]> TakeTilingBuffer() {
  std::vector<std::unique_ptr<uint8_t[]>>& spare = SpareTilingBuffers();
  if (spare.empty()) return std::unique_ptr<uint8_t[]>(new uint8_t[kTilingCapacity]);
  std::unique_ptr<uint8_t[]> b = std::move(spare.back());
  spare.pop_back();
  return b;
}
inline void GiveBackTilingBuffer(std::unique_ptr<uint8_t[]> b) {
  std::vector<std::unique_ptr<uint8_t[]>>& spare = SpareTilingBuffers();
  if (b && spare.size() < 4) spare.push_back(std::move(b));
}

[[noreturn]] AICORE_COLD inline void FailOp(const std::string& op, const char* api, SrcLoc loc,
                                            std::string msg) {
  throw KernelError(ErrorKind::kParameter, op, -1, 0, api, loc, std::move(msg));
}

inline std::string Join(const std::vector<std::string>& v) {
  std::string s;
  for (size_t i = 0; i < v.size(); ++i) s += (i ? ", " : "") + v[i];
  return s;
}

// The profile (base/soc.h) of a SoC name as OpAICoreDef::AddConfig takes it
// ("ascend910b", "ascend310p", "ascend910"), or -1: a SoC without a profile
// of its own here ("ascend950", "ascend910_93": the Atlas A3 parts run
// under the 910B profile, but a 910B config is not theirs).
inline int ConfigSocIndex(const std::string& soc) { return aicore::detail::SocIndexByName(soc.c_str()); }

// The input (or output) definitions of an operator under SoC profile `soc`:
// the OpDef's, each replaced by the definition of the same name that an
// AddConfig(soc, config) of that SoC gives (a later config wins). Without
// one, the OpDef's own list, not copied; else `own`, filled.
inline const std::vector<ops::OpParamDef>& ParamDefsFor(const ops::OpDef& def, bool outputs, int soc,
                                                        std::vector<ops::OpParamDef>& own) {
  const std::vector<ops::OpParamDef>& base = outputs ? def.Outputs() : def.Inputs();
  bool copied = false;
  for (const auto& sc : def.GetAICore().Configs()) {
    const std::vector<ops::OpParamDef>& cfg = outputs ? sc.second.Outputs() : sc.second.Inputs();
    if (cfg.empty() || ConfigSocIndex(sc.first) != soc) continue;
    if (!copied) {
      own = base;
      copied = true;
    }
    for (const ops::OpParamDef& c : cfg) {
      for (ops::OpParamDef& d : own) {
        if (d.Name() == c.Name()) d = c;
      }
    }
  }
  return copied ? own : base;
}

// The graph-mode check of AICore().SetCheckSupport(f), run on a ge::Operator
// made of the call: inputs and outputs (instance names: a DYNAMIC one's
// instances name0, name1, ..., as the graph names them) and attributes by
// their OpDef names. A result other than GRAPH_SUCCESS (on the NPU: the
// operator is not selected for the AI Core) fails the call with the
// function's reason (the "reason" of its JSON result, else the whole result).
inline void RunCheckSupport(const std::string& type, ge::OP_CHECK_FUNC check,
                            const std::vector<std::pair<std::string, const gert::Tensor*>>& ins,
                            const std::vector<std::pair<std::string, const gert::Tensor*>>& outs,
                            const std::vector<ops::OpAttrDef>& attr_defs, const gert::RuntimeAttrs& attrs,
                            SrcLoc loc) {
  ge::Operator op(type.c_str(), type.c_str());
  auto desc = [](const gert::Tensor& t) {
    const gert::Shape& s = t.GetOriginShape();
    std::vector<int64_t> dims;
    for (size_t d = 0; d < s.GetDimNum(); ++d) dims.push_back(s.GetDim(d));
    ge::TensorDesc td(ge::Shape(dims), t.GetOriginFormat(), t.GetDataType());
    return td;
  };
  for (const auto& e : ins) op.inputs_.emplace_back(e.first, desc(*e.second));
  for (const auto& e : outs) op.outputs_.emplace_back(e.first, desc(*e.second));
  for (size_t k = 0; k < attr_defs.size() && k < attrs.attrs_.size(); ++k) {
    if (attrs.attrs_[k].kind != gert::detail::AttrKind::kNone) op.attrs_.emplace_back(attr_defs[k].Name(), attrs.attrs_[k]);
  }
  ge::AscendString result;
  ge::graphStatus st = ge::GRAPH_SUCCESS;
  try {
    log::TakeErrors();
    st = check(op, result);
  } catch (const KernelError& e) {
    if (!e.kernel().empty()) throw;
    throw KernelError(e.kind(), type, -1, 0, e.api(), SrcLoc{e.file().c_str(), e.line()},
                      e.detail() + " (in the check-support function of " + type + ")");
  }
  if (st == ge::GRAPH_SUCCESS) return;
  std::string why = result.GetString();
  const size_t r = why.find("\"reason\"");
  if (r != std::string::npos) {
    const size_t a = why.find('"', why.find(':', r) + 1);
    const size_t b = a == std::string::npos ? a : why.find('"', a + 1);
    if (b != std::string::npos) why = why.substr(a + 1, b - a - 1);
  }
  const std::string logged = log::TakeErrors();
  FailOp(type, "CheckSupport", loc,
         "the check-support function of " + type + " (AICore().SetCheckSupport, NeedCheckSupportFlag(true) for " +
             aicore::GetSocProfile().name + ") rejects this call: " + (why.empty() ? "no reason given" : why) +
             (logged.empty() ? "" : " (it logged: " + logged + ")") +
             "; on the NPU the graph would not run it on the AI Core");
}

inline std::string AttrValueText(const gert::detail::AttrValue& a) {
  switch (a.kind) {
    case gert::detail::AttrKind::kBool: return a.b ? "true" : "false";
    case gert::detail::AttrKind::kInt: return std::to_string(a.i);
    case gert::detail::AttrKind::kFloat: return std::to_string(a.f);
    case gert::detail::AttrKind::kString: return "\"" + a.s + "\"";
    default: return "a list";
  }
}

}  // namespace detail

class PreparedOp;
namespace detail {
struct PreparedAccess;
// The tensor list a DYNAMIC input's or output's kernel argument points to
// (ListTensorDesc's layout, kernel_operator_list_tensor_intf.h): the pointer
// array's byte offset, a (dim | index << 32, extents...) descriptor per
// tensor, the data pointers; a list of rank-0 tensors has the shapeless form
// {24, count << 32, 0xffffffff}.
inline void BuildTensorList(const gert::Tensor* first, size_t count, std::vector<uint64_t>* w) {
  w->clear();
  bool shapeless = true;
  size_t words = 1;
  for (size_t k = 0; k < count; ++k) {
    const size_t dim = first[k].GetOriginShape().GetDimNum();
    shapeless = shapeless && dim == 0;
    words += 1 + dim;
  }
  if (shapeless) {
    *w = {24, static_cast<uint64_t>(count) << 32, 0xffffffffu};
  } else {
    w->reserve(words + count);
    w->push_back(8 * words);
    for (size_t k = 0; k < count; ++k) {
      const gert::Shape& s = first[k].GetOriginShape();
      w->push_back(s.GetDimNum() | (static_cast<uint64_t>(k) << 32));
      for (size_t d = 0; d < s.GetDimNum(); ++d) w->push_back(static_cast<uint64_t>(s.GetDim(d)));
    }
  }
  for (size_t k = 0; k < count; ++k) w->push_back(static_cast<uint64_t>(reinterpret_cast<uintptr_t>(first[k].MutableAddr())));
}
// What InferShape asked for when InferOutputLists runs it with provisional
// list lengths.
struct OutputProbe {
  size_t asked_past = 0;  // one past the highest instance asked for beyond the last (0: none)
  size_t asked_end = 0;   // one past the highest instance asked for within
  bool asked_all = false; // every instance asked for
  ge::graphStatus status = ge::GRAPH_SUCCESS;
};
inline std::unique_ptr<PreparedOp> PrepareOpImpl(const std::string& type, const std::vector<OpTensor>& inputs,
                                                 const std::vector<OpTensor>& outputs,
                                                 const std::vector<OpAttr>& attrs, SrcLoc loc,
                                                 bool infer_only, OutputProbe* probe = nullptr);

// A number as a scalar holds it: exactly in `i` when integral (a UINT64's
// bits when u64), else in `v`.
struct Number {
  bool integral = false;
  bool u64 = false;
  int64_t i = 0;
  double v = 0.0;
};

// Writes `n` as one element of dtype `to` to `out` (at least 8 bytes):
// floating-point targets rounded once to nearest-even from the exact value
// (an integer beyond 2^53 through double first), integer targets by C++
// conversion (a floating-point value truncated toward zero), bool as value
// != 0. Returns "" or why it cannot (a dtype without a numeric value on the
// CPU, a value outside the target's range, NaN to an integer).
inline std::string NumberTo(const Number& n, ge::DataType to, void* out) {
  const double value = n.integral ? (n.u64 ? static_cast<double>(static_cast<uint64_t>(n.i)) : static_cast<double>(n.i))
                                  : n.v;
  auto integer = [&](auto tag, int64_t lo, uint64_t hi) -> std::string {
    using T = decltype(tag);
    if (n.integral) {
      const bool neg = n.i < 0 && !n.u64;
      if ((neg && n.i < lo) || (!neg && static_cast<uint64_t>(n.i) > hi)) {
        return "the value " + (n.u64 ? std::to_string(static_cast<uint64_t>(n.i)) : std::to_string(n.i)) +
               " is outside the range of " + ge::DataTypeName(to);
      }
      const T t = static_cast<T>(n.i);
      std::memcpy(out, &t, sizeof(T));
      return "";
    }
    if (!(n.v >= static_cast<double>(lo) - 1.0 && n.v < static_cast<double>(hi) + 1.0)) {
      return "the value " + std::to_string(n.v) + " is outside the range of " + ge::DataTypeName(to);
    }
    const T t = static_cast<T>(n.v);
    std::memcpy(out, &t, sizeof(T));
    return "";
  };
  switch (to) {
    case ge::DT_FLOAT: {
      const float f = static_cast<float>(value);
      std::memcpy(out, &f, 4);
      return "";
    }
    case ge::DT_DOUBLE: std::memcpy(out, &value, 8); return "";
    case ge::DT_FLOAT16: {
      const uint16_t b = ::half(value).ToBits();
      std::memcpy(out, &b, 2);
      return "";
    }
    case ge::DT_BF16: {
      const uint16_t b = ::bfloat16_t(value).ToBits();
      std::memcpy(out, &b, 2);
      return "";
    }
    case ge::DT_BOOL: {
      const bool b = n.integral ? n.i != 0 : n.v != 0.0;
      std::memcpy(out, &b, 1);
      return "";
    }
    case ge::DT_INT8: return integer(int8_t{}, INT8_MIN, INT8_MAX);
    case ge::DT_INT16: return integer(int16_t{}, INT16_MIN, INT16_MAX);
    case ge::DT_INT32: return integer(int32_t{}, INT32_MIN, INT32_MAX);
    case ge::DT_INT64: return integer(int64_t{}, INT64_MIN, INT64_MAX);
    case ge::DT_UINT8: return integer(uint8_t{}, 0, UINT8_MAX);
    case ge::DT_UINT16: return integer(uint16_t{}, 0, UINT16_MAX);
    case ge::DT_UINT32: return integer(uint32_t{}, 0, UINT32_MAX);
    case ge::DT_UINT64: return integer(uint64_t{}, 0, UINT64_MAX);
    default: return "the dtype " + ge::DataTypeName(to) + " has no scalar form on the CPU";
  }
}

// An output's InitValue to apply before the kernel: the output instance and
// one element of its dtype.
struct OutputInit {
  size_t instance = 0;
  size_t elem_bytes = 0;
  uint8_t elem[8] = {};
};
}  // namespace detail

// The result of PrepareOp: everything the launch needs.
class PreparedOp {
 public:
  PreparedOp() = default;
  PreparedOp(const PreparedOp&) = delete;
  PreparedOp& operator=(const PreparedOp&) = delete;
  ~PreparedOp() {
    if (tiling_) detail::GiveBackTilingBuffer(std::move(tiling_));
  }
  const std::string& type() const { return type_; }
  uint32_t block_dim() const { return ctx_.block_dim_; }
  uint64_t tiling_key() const { return ctx_.tiling_key_; }
  uint64_t workspace_size() const { return workspace_size_; }
  // Output instances: one per OpDef output, a DYNAMIC output's list counting
  // its length (output_instances(ir) says which belong to OpDef output ir).
  size_t num_outputs() const { return outputs_.size(); }
  size_t num_ir_outputs() const { return out_ir_.size(); }
  const gert::AnchorInstanceInfo& output_instances(size_t ir) const { return out_ir_[ir]; }
  bool output_is_list(size_t ir) const { return out_dynamic_[ir]; }
  const gert::Shape& output_shape(size_t i) const { return outputs_[i].GetOriginShape(); }
  // The output instances whose shapes the kernel writes
  // (OutputShapeDependOnCompute); ExecuteOp sets their shapes.
  const std::vector<size_t>& computed_shape_outputs() const { return shape_out_instances_; }
  ge::DataType output_dtype(size_t i) const { return outputs_[i].GetDataType(); }
  void* output_data(size_t i) const { return outputs_[i].MutableAddr(); }
  // Binds output i to memory (outputs given without data).
  void SetOutputData(size_t i, void* data) {
    outputs_[i].Set(data, outputs_[i].GetOriginShape(), outputs_[i].GetDataType(),
                    outputs_[i].GetOriginFormat());
  }
  const gert::TilingContext& context() const { return ctx_; }

 private:
  friend std::unique_ptr<PreparedOp> detail::PrepareOpImpl(const std::string&, const std::vector<OpTensor>&,
                                                          const std::vector<OpTensor>&,
                                                          const std::vector<OpAttr>&, SrcLoc, bool,
                                                          detail::OutputProbe*);
  friend void ExecuteOp(PreparedOp&, void*, uint64_t, SrcLoc);
  friend struct detail::PreparedAccess;
  std::string type_;
  const KernelEntry* kernel_ = nullptr;
  std::vector<gert::Tensor> inputs_;   // every input instance, in OpDef order
  std::vector<gert::AnchorInstanceInfo> ir_;  // per OpDef input: its instances in inputs_
  // Per OpDef input: the tensor list a DYNAMIC input's kernel argument points
  // to (ListTensorDesc's layout: kernel_operator_list_tensor_intf.h).
  std::vector<std::vector<uint64_t>> lists_;
  std::vector<gert::Tensor> outputs_;  // every output instance, in OpDef order
  std::vector<gert::AnchorInstanceInfo> out_ir_;  // per OpDef output: its instances in outputs_
  std::vector<bool> out_dynamic_;                 // per OpDef output: DYNAMIC (a tensor list)
  std::vector<std::vector<uint64_t>> out_lists_;  // the list a DYNAMIC output's argument points to
  gert::TilingContext ctx_;
  std::unique_ptr<uint8_t[]> tiling_;
  std::shared_ptr<void> compile_info_;  // what TilingParse filled, kept while the call lives
  std::vector<detail::OutputInit> init_;  // InitValue with SetNeedAtomic(true)
  // OutputShapeDependOnCompute: the output instances whose shapes the kernel
  // writes, in order, and the buffer it writes them to (9 words each).
  std::vector<size_t> shape_out_instances_;
  std::vector<uint64_t> shape_out_;
  uint64_t workspace_size_ = 0;
};

namespace detail {
// The compile info of IMPL_OP_OPTILING(type).TilingParse<T>(f): a T that f
// filled, once per operator type and SoC profile (as the graph compiler
// parses once per node); nullptr without TilingParse.
inline std::shared_ptr<void> CompileInfoOf(const std::string& type, const gert::OpImplRegisterV2::Funcs& impl,
                                           SrcLoc loc) {
  if (impl.make_compile_info == nullptr) return nullptr;
  static std::mutex m;
  static std::map<std::string, std::shared_ptr<void>> cache;
  const std::string key = type + "@" + GetSocProfile().name;
  std::lock_guard<std::mutex> lock(m);
  std::shared_ptr<void>& info = cache[key];
  if (info != nullptr) return info;
  std::shared_ptr<void> made = impl.make_compile_info();
  if (impl.tiling_parse != nullptr) {
    gert::TilingParseContext pc;
    pc.name_ = type;
    pc.compile_info_ = made.get();
    log::TakeErrors();
    const ge::graphStatus st = impl.tiling_parse(&pc);
    if (st != ge::GRAPH_SUCCESS) {
      FailOp(type, "TilingParse", loc,
             "the TilingParse function of " + type + " returned " + std::to_string(st) +
                 (st == ge::GRAPH_FAILED ? " (GRAPH_FAILED)" : "") + log::TakeErrors());
    }
  }
  info = std::move(made);
  return info;
}

// Steps 1-3 (infer_only: 1-2, and inputs may come without data).
inline std::unique_ptr<PreparedOp> PrepareOpImpl(const std::string& type, const std::vector<OpTensor>& inputs,
                                                 const std::vector<OpTensor>& outputs,
                                                 const std::vector<OpAttr>& attrs, SrcLoc loc,
                                                 bool infer_only, OutputProbe* probe) {
  const char* api = infer_only ? "InferOp" : "RunOp";
  const ops::OpDef* def = FindOpDef(type);
  if (def == nullptr) {
    const std::vector<std::string> known = RegisteredOps();
    FailOp(type, api, loc,
           "operator " + type + " is not registered (OP_ADD); registered operators: " +
               (known.empty() ? std::string("none") : detail::Join(known)));
  }
  if (!def->DefinitionError().empty()) FailOp(type, api, loc, "the OpDef is not valid: " + def->DefinitionError());
  auto p = std::make_unique<PreparedOp>();
  p->type_ = type;
  // The definitions in force under the SoC profile the runner runs under.
  const int soc = aicore::detail::SocIndex().load(std::memory_order_relaxed);
  std::vector<ops::OpParamDef> in_own, out_own;
  const auto& in_defs = ParamDefsFor(*def, false, soc, in_own);
  const auto& out_defs = ParamDefsFor(*def, true, soc, out_own);
  // Inputs: count, presence, rank.
  if (inputs.size() > in_defs.size()) {
    FailOp(type, api, loc,
           std::to_string(inputs.size()) + " inputs given; the OpDef of " + type + " has " +
               std::to_string(in_defs.size()));
  }
  auto check_tensor = [&](const char* what, const std::string& name, size_t idx, const OpTensor& t) {
    auto who = [&] { return std::string(what) + " " + name + " (" + what + " " + std::to_string(idx) + ") of " + type; };
    if (t.shape.size() > gert::Shape::kMaxDimNum) {
      FailOp(type, api, loc,
             who() + " has rank " + std::to_string(t.shape.size()) + "; at most " +
                 std::to_string(gert::Shape::kMaxDimNum) + " dimensions are supported");
    }
    uint64_t n = 1;
    for (size_t k = 0; k < t.shape.size(); ++k) {
      if (t.shape[k] < 0) {
        FailOp(type, api, loc,
               who() + " has dimension " + std::to_string(k) + " = " + std::to_string(t.shape[k]) +
                   " (dimensions must be >= 0)");
      }
      n *= static_cast<uint64_t>(t.shape[k]);
    }
    const uint64_t bytes = n * ge::DataTypeBytes(t.dtype);
    if (!infer_only && t.data == nullptr && bytes > 0 && std::string(what) == "input") {
      FailOp(type, api, loc, who() + " has no data (nullptr) for " + std::to_string(n) + " elements");
    }
    GmBlock blk;
    if (t.data != nullptr && GmFind(t.data, &blk)) {
      const uint64_t off = static_cast<uint64_t>(static_cast<const uint8_t*>(t.data) - blk.base);
      if (off + bytes > blk.size) {
        FailOp(type, api, loc,
               who() + " needs " + std::to_string(bytes) + " bytes but its GM block has " +
                   std::to_string(blk.size - off) + " from the data pointer");
      }
    }
  };
  p->ir_.resize(in_defs.size());
  p->lists_.resize(in_defs.size());
  std::vector<bool> present(in_defs.size(), false);
  // rep[i]: the tensor whose dtype and format stand for input i (a list's first).
  std::vector<const OpTensor*> rep(in_defs.size(), nullptr);
  std::vector<const OpTensor*> flat;  // every instance
  for (size_t i = 0; i < in_defs.size(); ++i) {
    const ops::OpParamDef& d = in_defs[i];
    const bool given = i < inputs.size() && !inputs[i].absent;
    p->ir_[i].SetInstanceStart(static_cast<uint32_t>(flat.size()));
    if (!given) {
      if (d.GetParamType() == ops::REQUIRED || d.GetParamType() == ops::DYNAMIC) {
        FailOp(type, api, loc,
               std::string(d.GetParamType() == ops::DYNAMIC ? "dynamic" : "required") + " input " + d.Name() +
                   " (input " + std::to_string(i) + ") of " + type + " is missing (" +
                   std::to_string(inputs.size()) + " inputs given)");
      }
      continue;
    }
    const OpTensor& t = inputs[i];
    auto who = [&] { return "input " + d.Name() + " (input " + std::to_string(i) + ") of " + type; };
    if (d.GetParamType() != ops::DYNAMIC) {
      if (t.is_list) {
        FailOp(type, api, loc, who() + " is " + ops::OptionName(d.GetParamType()) +
                                   ", not DYNAMIC: give one tensor, not a list of " + std::to_string(t.items.size()));
      }
      check_tensor("input", d.Name(), i, t);
      flat.push_back(&t);
    } else {
      if (!t.is_list || t.items.empty()) {
        FailOp(type, api, loc,
               who() + " is DYNAMIC: give a list of at least one tensor (OpTensor::List)" +
                   (t.is_list ? std::string(", not an empty one") : std::string(", not a single tensor")));
      }
      for (size_t k = 0; k < t.items.size(); ++k) {
        const OpTensor& e = t.items[k];
        const std::string name = d.Name() + "[" + std::to_string(k) + "]";
        if (e.is_list || e.absent) {
          FailOp(type, api, loc, who() + ": tensor " + std::to_string(k) + " of the list is " +
                                     (e.is_list ? "itself a list" : "absent (OpTensor::None)"));
        }
        check_tensor("input", name, i, e);
        if (e.dtype != t.items[0].dtype || e.format != t.items[0].format) {
          FailOp(type, api, loc,
                 who() + ": tensor " + std::to_string(k) + " of the list is " + ge::DataTypeName(e.dtype) + " " +
                     ge::FormatName(e.format) + ", tensor 0 " + ge::DataTypeName(t.items[0].dtype) + " " +
                     ge::FormatName(t.items[0].format) + " (the tensors of a list share one dtype and format)");
        }
        flat.push_back(&e);
      }
    }
    present[i] = true;
    rep[i] = t.is_list ? &t.items[0] : &t;
    p->ir_[i].SetInstantiationNum(static_cast<uint32_t>(flat.size() - p->ir_[i].GetInstanceStart()));
  }
  p->inputs_.resize(flat.size());
  for (size_t j = 0; j < flat.size(); ++j) {
    gert::Shape s;
    for (const int64_t dim : flat[j]->shape) s.AppendDim(dim);
    p->inputs_[j].Set(flat[j]->data, s, flat[j]->dtype, flat[j]->format);
  }
  // The tensor list of each DYNAMIC input.
  for (size_t i = 0; i < in_defs.size(); ++i) {
    if (!present[i] || !inputs[i].is_list) continue;
    detail::BuildTensorList(&p->inputs_[p->ir_[i].GetInstanceStart()], p->ir_[i].GetInstanceNum(), &p->lists_[i]);
  }
  if (!outputs.empty() && outputs.size() != out_defs.size()) {
    FailOp(type, api, loc,
           std::to_string(outputs.size()) + " outputs given; the OpDef of " + type + " has " +
               std::to_string(out_defs.size()) + " (give all or none)");
  }
  // Output instances: one per OpDef output, a DYNAMIC output's list (given
  // by the caller: its length is the number of instances) one per tensor.
  p->out_ir_.resize(out_defs.size());
  p->out_dynamic_.assign(out_defs.size(), false);
  p->out_lists_.resize(out_defs.size());
  std::vector<const OpTensor*> oflat;  // per instance: the caller's tensor (nullptr: none given)
  std::vector<size_t> oowner;          // per instance: its OpDef output
  std::vector<std::string> oname;      // per instance: y or y[k]
  for (size_t i = 0; i < out_defs.size(); ++i) {
    const ops::OpParamDef& d = out_defs[i];
    auto who = [&] { return "output " + d.Name() + " (output " + std::to_string(i) + ") of " + type; };
    p->out_ir_[i].SetInstanceStart(static_cast<uint32_t>(oflat.size()));
    if (d.GetParamType() == ops::DYNAMIC) {
      p->out_dynamic_[i] = true;
      if (outputs.empty()) {
        FailOp(type, api, loc,
               who() + " is DYNAMIC (a tensor list): give the outputs, this one as OpTensor::List with one entry "
                     "per tensor of the list (entries without data are allocated)");
      }
      const OpTensor& t = outputs[i];
      if (!t.is_list || t.items.empty()) {
        FailOp(type, api, loc,
               who() + " is DYNAMIC: give a list of at least one tensor (OpTensor::List)" +
                   (t.is_list ? std::string(", not an empty one") : std::string(", not a single tensor")));
      }
      for (size_t k = 0; k < t.items.size(); ++k) {
        const OpTensor& e = t.items[k];
        const std::string name = d.Name() + "[" + std::to_string(k) + "]";
        if (e.is_list || e.absent) {
          FailOp(type, api, loc, who() + ": tensor " + std::to_string(k) + " of the list is " +
                                     (e.is_list ? "itself a list" : "absent (OpTensor::None)"));
        }
        if (e.data != nullptr) check_tensor("output", name, i, e);
        oflat.push_back(&e);
        oowner.push_back(i);
        oname.push_back(name);
      }
    } else {
      const OpTensor* t = i < outputs.size() ? &outputs[i] : nullptr;
      if (t != nullptr && t->is_list) {
        FailOp(type, api, loc, who() + " is " + ops::OptionName(d.GetParamType()) +
                                   ", not DYNAMIC: give one tensor, not a list of " + std::to_string(t->items.size()));
      }
      if (t != nullptr && t->data != nullptr) check_tensor("output", d.Name(), i, *t);
      oflat.push_back(t);
      oowner.push_back(i);
      oname.push_back(d.Name());
    }
    p->out_ir_[i].SetInstantiationNum(static_cast<uint32_t>(oflat.size() - p->out_ir_[i].GetInstanceStart()));
  }
  p->outputs_.resize(oflat.size());
  // "y (a list of 3), z (a list of 1)": the DYNAMIC outputs' lengths, for messages.
  auto list_lengths = [&] {
    std::string s;
    for (size_t i = 0; i < out_defs.size(); ++i) {
      if (!p->out_dynamic_[i]) continue;
      s += (s.empty() ? "" : ", ") + out_defs[i].Name() + " (a list of " +
           std::to_string(p->out_ir_[i].GetInstanceNum()) + ")";
    }
    return s;
  };
  // Dtype and format combinations.
  auto allowed = [](const ops::OpParamDef& d) {
    std::vector<std::string> v;
    for (const ge::DataType t : d.DataTypes()) {
      const std::string n = ge::DataTypeName(t);
      if (std::find(v.begin(), v.end(), n) == v.end()) v.push_back(n);
    }
    return detail::Join(v);
  };
  size_t columns = 0;
  for (const auto* list : {&in_defs, &out_defs}) {
    for (const ops::OpParamDef& d : *list) {
      if (!d.IsDataTypeList()) columns = std::max(columns, d.DataTypes().size());
    }
  }
  auto dtype_at = [](const ops::OpParamDef& d, size_t c, ge::DataType want) {
    const auto& v = d.DataTypes();
    if (v.empty()) return true;
    if (d.IsDataTypeList()) return std::find(v.begin(), v.end(), want) != v.end();
    return c < v.size() && v[c] == want;
  };
  auto format_at = [](const ops::OpParamDef& d, size_t c, ge::Format want) {
    const auto& v = d.Formats();
    if (v.empty()) return true;
    if (d.IsFormatList() || v.size() == 1) return std::find(v.begin(), v.end(), want) != v.end();
    return c < v.size() && v[c] == want;
  };
  for (size_t i = 0; i < in_defs.size(); ++i) {
    if (!present[i]) continue;
    const ops::OpParamDef& d = in_defs[i];
    const auto& dts = d.DataTypes();
    if (!dts.empty() && std::find(dts.begin(), dts.end(), rep[i]->dtype) == dts.end()) {
      FailOp(type, api, loc,
             "input " + d.Name() + " (input " + std::to_string(i) + ") of " + type + " has dtype " +
                 ge::DataTypeName(rep[i]->dtype) + "; the OpDef allows " + allowed(d));
    }
    const auto& fs = d.Formats();
    if (!fs.empty() && std::find(fs.begin(), fs.end(), rep[i]->format) == fs.end()) {
      std::vector<std::string> names;
      for (const ge::Format f : fs) {
        if (std::find(names.begin(), names.end(), ge::FormatName(f)) == names.end()) {
          names.push_back(ge::FormatName(f));
        }
      }
      FailOp(type, api, loc,
             "input " + d.Name() + " (input " + std::to_string(i) + ") of " + type + " has format " +
                 ge::FormatName(rep[i]->format) + "; the OpDef allows " + detail::Join(names));
    }
  }
  // Follow (ALL or DTYPE): the dtype of the input followed.
  auto follows_dtype = [](const ops::OpParamDef& d) {
    return !d.FollowRoot().empty() &&
           (d.GetFollowType() == ops::FollowType::ALL || d.GetFollowType() == ops::FollowType::DTYPE);
  };
  auto root_of = [&](const ops::OpParamDef& d) {
    size_t r = 0;
    while (r < in_defs.size() && in_defs[r].Name() != d.FollowRoot()) ++r;
    return r < in_defs.size() && present[r] ? r : in_defs.size();
  };
  for (size_t i = 0; i < in_defs.size(); ++i) {
    if (!present[i] || !follows_dtype(in_defs[i])) continue;
    const size_t r = root_of(in_defs[i]);
    if (r < in_defs.size() && rep[i]->dtype != rep[r]->dtype) {
      FailOp(type, api, loc,
             "input " + in_defs[i].Name() + " (input " + std::to_string(i) + ") of " + type + " has dtype " +
                 ge::DataTypeName(rep[i]->dtype) + "; it follows " + in_defs[r].Name() + ", which has " +
                 ge::DataTypeName(rep[r]->dtype) + " (Follow)");
    }
  }
  size_t column = 0;
  if (columns > 0) {
    bool found = false;
    for (size_t c = 0; c < columns && !found; ++c) {
      bool ok = true;
      for (size_t i = 0; i < in_defs.size() && ok; ++i) {
        if (present[i]) {
          ok = dtype_at(in_defs[i], c, rep[i]->dtype) && format_at(in_defs[i], c, rep[i]->format);
        }
      }
      if (ok) {
        column = c;
        found = true;
      }
    }
    if (!found) {
      std::string given, combos;
      for (size_t i = 0; i < in_defs.size(); ++i) {
        if (present[i]) {
          given += (given.empty() ? "" : ", ") + in_defs[i].Name() + " " + ge::DataTypeName(rep[i]->dtype) +
                   " " + ge::FormatName(rep[i]->format);
        }
      }
      for (size_t c = 0; c < columns; ++c) {
        std::string one;
        for (size_t i = 0; i < in_defs.size(); ++i) {
          const auto& v = in_defs[i].DataTypes();
          if (v.empty()) continue;
          one += (one.empty() ? "" : ", ") + in_defs[i].Name() + " " +
                 (in_defs[i].IsDataTypeList() ? "any of {" + allowed(in_defs[i]) + "}"
                                              : (c < v.size() ? ge::DataTypeName(v[c]) : std::string("?")));
        }
        combos += (c ? "; " : "") + std::string("(") + one + ")";
      }
      FailOp(type, api, loc,
             "the inputs (" + given + ") match none of the dtype/format combinations the OpDef of " + type +
                 " allows: " + combos);
    }
  }
  // Attributes.
  const auto& attr_defs = def->Attrs();
  gert::RuntimeAttrs rattrs;
  rattrs.attrs_.resize(attr_defs.size());
  std::vector<bool> set(attr_defs.size(), false);
  auto describe_attrs = [&]() {
    if (attr_defs.empty()) return std::string("it has none");
    std::vector<std::string> v;
    for (const ops::OpAttrDef& a : attr_defs) {
      v.push_back(a.Name() + " (" + gert::detail::AttrKindName(a.GetKind()) +
                  (a.HasDefault() ? ", default " + detail::AttrValueText(a.DefaultValue()) : std::string(", required")) +
                  ")");
    }
    return "its attributes: " + detail::Join(v);
  };
  for (const OpAttr& a : attrs) {
    size_t k = 0;
    while (k < attr_defs.size() && attr_defs[k].Name() != a.name) ++k;
    if (k == attr_defs.size()) {
      FailOp(type, api, loc, type + " has no attribute " + a.name + "; " + describe_attrs());
    }
    gert::detail::AttrValue v = a.value;
    const gert::detail::AttrKind want = attr_defs[k].GetKind();
    if (want == gert::detail::AttrKind::kFloat && v.kind == gert::detail::AttrKind::kInt) {
      v.f = static_cast<float>(v.i);
      v.kind = want;
    }
    if (v.kind != want) {
      FailOp(type, api, loc,
             "attribute " + a.name + " of " + type + " is " + gert::detail::AttrKindName(want) + "; a " +
                 gert::detail::AttrKindName(v.kind) + " value was given");
    }
    rattrs.attrs_[k] = std::move(v);
    set[k] = true;
  }
  for (size_t k = 0; k < attr_defs.size(); ++k) {
    if (set[k]) continue;
    if (attr_defs[k].HasDefault()) {
      rattrs.attrs_[k] = attr_defs[k].DefaultValue();
    } else if (attr_defs[k].IsRequired()) {
      FailOp(type, api, loc,
             "required attribute " + attr_defs[k].Name() + " (" + gert::detail::AttrKindName(attr_defs[k].GetKind()) +
                 ") of " + type + " is not given");
    } else {
      rattrs.attrs_[k].kind = attr_defs[k].GetKind();
    }
  }
  // The contexts share the call's tensors.
  auto fill = [&](gert::OpCallContext& c) {
    c.name_ = type;
    c.ir_inputs_.assign(in_defs.size(), nullptr);
    c.present_.clear();
    c.present_desc_.clear();
    for (size_t i = 0; i < in_defs.size(); ++i) {
      if (!present[i]) continue;
      const size_t start = p->ir_[i].GetInstanceStart();
      c.ir_inputs_[i] = &p->inputs_[start];
      for (size_t k = 0; k < p->ir_[i].GetInstanceNum(); ++k) {
        c.present_.push_back(&p->inputs_[start + k]);
        gert::CompileTimeTensorDesc desc;
        desc.SetDataType(rep[i]->dtype);
        desc.SetFormat(rep[i]->format);
        c.present_desc_.push_back(desc);
      }
    }
    c.ir_instances_ = p->ir_;
    c.outputs_.clear();
    for (gert::Tensor& t : p->outputs_) c.outputs_.push_back(&t);
    c.ir_out_instances_ = p->out_ir_;
    c.attrs_ = rattrs;
  };
  const size_t nout = oflat.size();
  // Output dtypes: InferDataType, or the matching column (per instance).
  std::vector<ge::DataType> out_dt(nout, ge::DT_UNDEFINED);
  for (size_t j = 0; j < nout; ++j) {
    const ops::OpParamDef& d = out_defs[oowner[j]];
    const auto& v = d.DataTypes();
    if (!v.empty()) out_dt[j] = d.IsDataTypeList() ? v[0] : v[std::min(column, v.size() - 1)];
    if (follows_dtype(d) && root_of(d) < in_defs.size()) out_dt[j] = rep[root_of(d)]->dtype;
  }
  if (def->GetInferDataType() != nullptr) {
    gert::InferDataTypeContext dc;
    fill(dc);
    dc.out_dtypes_ = out_dt;
    log::TakeErrors();
    const ge::graphStatus st = def->GetInferDataType()(&dc);
    if (st != ge::GRAPH_SUCCESS) {
      FailOp(type, "InferDataType", loc,
             "InferDataType of " + type + " returned " + std::to_string(st) +
                 (st == ge::GRAPH_FAILED ? " (GRAPH_FAILED)" : "") + " for inputs " +
                 [&] {
                   std::string s;
                   for (size_t i = 0; i < in_defs.size(); ++i) {
                     if (present[i]) s += (s.empty() ? "" : ", ") + in_defs[i].Name() + " " + ge::DataTypeName(rep[i]->dtype);
                   }
                   return s;
                 }() + log::TakeErrors());
    }
    out_dt = dc.out_dtypes_;
  }
  // The tensors of a DYNAMIC output share one dtype (the kernel is built for one).
  for (size_t i = 0; i < out_defs.size(); ++i) {
    const size_t start = p->out_ir_[i].GetInstanceStart();
    for (size_t k = 1; p->out_dynamic_[i] && k < p->out_ir_[i].GetInstanceNum(); ++k) {
      if (out_dt[start + k] != out_dt[start]) {
        FailOp(type, "InferDataType", loc,
               "InferDataType of " + type + " gave tensor " + std::to_string(k) + " of output " + out_defs[i].Name() +
                   " (output instance " + std::to_string(start + k) + ") " + ge::DataTypeName(out_dt[start + k]) +
                   " and tensor 0 " + ge::DataTypeName(out_dt[start]) + " (the tensors of a list share one dtype)");
      }
    }
  }
  // Output shapes: InferShape, or the caller's.
  std::vector<gert::Shape> out_shape(nout);
  if (def->GetInferShape() != nullptr) {
    gert::InferShapeContext sc;
    fill(sc);
    sc.out_shapes_.assign(nout, gert::Shape());
    sc.out_asked_.assign(nout, false);
    log::TakeErrors();
    const ge::graphStatus st = def->GetInferShape()(&sc);
    if (probe != nullptr) {
      probe->asked_past = sc.out_asked_past_;
      probe->status = st;
      probe->asked_all = true;
      for (size_t j = 0; j < nout; ++j) {
        if (sc.out_asked_[j]) probe->asked_end = j + 1;
        probe->asked_all = probe->asked_all && sc.out_asked_[j];
      }
      return p;
    }
    // (An operator without DYNAMIC outputs may probe GetOutputShape past its
    // outputs: nullptr, as on the NPU.)
    if (sc.out_asked_past_ > nout && !list_lengths().empty()) {
      FailOp(type, "InferShape", loc,
             "InferShape of " + type + " asked for output shape " + std::to_string(sc.out_asked_past_ - 1) +
                 " (GetOutputShape(" + std::to_string(sc.out_asked_past_ - 1) + ")) but the call has " +
                 std::to_string(nout) + " output instances" +
                 (list_lengths().empty() ? std::string() : " (" + list_lengths() + ")") +
                 ": a DYNAMIC output's list is shorter than InferShape expects");
    }
    if (st != ge::GRAPH_SUCCESS) {
      std::string shapes;
      for (size_t i = 0; i < in_defs.size(); ++i) {
        if (!present[i]) continue;
        for (size_t k = 0; k < p->ir_[i].GetInstanceNum(); ++k) {
          shapes += (shapes.empty() ? "" : ", ") + in_defs[i].Name() +
                    (inputs[i].is_list ? "[" + std::to_string(k) + "]" : std::string()) + " " +
                    p->inputs_[p->ir_[i].GetInstanceStart() + k].GetOriginShape().ToString();
        }
      }
      FailOp(type, "InferShape", loc,
             "InferShape of " + type + " returned " + std::to_string(st) +
                 (st == ge::GRAPH_FAILED ? " (GRAPH_FAILED)" : "") + " for input shapes " + shapes + log::TakeErrors());
    }
    for (size_t i = 0; i < out_defs.size(); ++i) {
      if (!p->out_dynamic_[i]) continue;
      const size_t start = p->out_ir_[i].GetInstanceStart(), n = p->out_ir_[i].GetInstanceNum();
      size_t asked = 0;
      for (size_t k = 0; k < n; ++k) asked += sc.out_asked_[start + k] ? 1 : 0;
      if (asked != n) {
        FailOp(type, "InferShape", loc,
               "InferShape of " + type + " set the shapes of " + std::to_string(asked) + " of the " +
                   std::to_string(n) + " tensors of output " + out_defs[i].Name() + " (a list of " + std::to_string(n) +
                   "; GetOutputShape(" + std::to_string(start) + ") to GetOutputShape(" + std::to_string(start + n - 1) +
                   ")): the list is longer than InferShape produces");
      }
    }
    out_shape = sc.out_shapes_;
    for (size_t j = 0; j < nout; ++j) {
      for (size_t k = 0; k < out_shape[j].GetDimNum(); ++k) {
        if (out_shape[j].GetDim(k) < 0) {
          FailOp(type, "InferShape", loc,
                 "InferShape of " + type + " gave output " + oname[j] + " the shape " + out_shape[j].ToString() +
                     " (a negative dimension)");
        }
      }
    }
  } else {
    for (size_t j = 0; j < nout; ++j) {
      // Follow (ALL or SHAPE): the shape of the input it follows.
      const ops::OpParamDef& od = out_defs[oowner[j]];
      if (od.FollowsShape()) {
        size_t src = 0;
        while (src < in_defs.size() && in_defs[src].Name() != od.FollowRoot()) ++src;
        if (src < in_defs.size() && present[src] && p->ir_[src].GetInstanceNum() > 0) {
          out_shape[j] = p->inputs_[p->ir_[src].GetInstanceStart()].GetOriginShape();
          continue;
        }
      }
      if (oflat[j] == nullptr || (oflat[j]->data == nullptr && oflat[j]->shape.empty())) {
        FailOp(type, api, loc, type + " has no InferShape (SetInferShape): give the shape of output " + oname[j]);
      }
      for (const int64_t d : oflat[j]->shape) out_shape[j].AppendDim(d);
    }
  }
  for (size_t j = 0; j < nout; ++j) {
    void* data = nullptr;
    ge::Format fmt = ge::FORMAT_ND;
    const size_t i = oowner[j];
    auto who = [&] { return "output " + oname[j] + " (output " + std::to_string(i) + ") of " + type; };
    if (oflat[j] != nullptr) {
      const OpTensor& o = *oflat[j];
      fmt = o.format;
      if (o.data != nullptr) {
        gert::Shape given;
        for (const int64_t d : o.shape) given.AppendDim(d);
        // An InferShape that leaves an output's shape unset (graph-mode
        // only, as aclnn never calls it): the given output's shape holds.
        if (given != out_shape[j] && def->GetInferShape() != nullptr && out_shape[j].GetDimNum() == 0) {
          out_shape[j] = given;
        }
        if (given != out_shape[j]) {
          FailOp(type, api, loc, who() + " has shape " + given.ToString() + "; InferShape gives " + out_shape[j].ToString());
        }
        if (o.dtype != out_dt[j]) {
          FailOp(type, api, loc,
                 who() + " has dtype " + ge::DataTypeName(o.dtype) + "; the operator produces " +
                     ge::DataTypeName(out_dt[j]) + (def->GetInferDataType() != nullptr ? " (InferDataType)" : " (OpDef)"));
        }
        data = o.data;
      }
    }
    p->outputs_[j].Set(data, out_shape[j], out_dt[j], fmt);
  }
  if (infer_only) return p;
  // Check support (AICore().SetCheckSupport), when the running SoC's config asks for it.
  ge::OP_CHECK_FUNC check = def->GetAICore().GetCheckSupport();
  if (check == nullptr) check = optiling::FindOpCheckFunc(FUNC_CHECK_SUPPORTED, type);
  if (check != nullptr) {
    bool on = false;
    for (const auto& sc : def->GetAICore().Configs()) {
      on = on || (ConfigSocIndex(sc.first) == soc && sc.second.NeedCheckSupport());
    }
    if (on) {
      std::vector<std::pair<std::string, const gert::Tensor*>> ins, outs;
      for (size_t i = 0; i < in_defs.size(); ++i) {
        if (!present[i]) continue;
        const bool dyn = in_defs[i].GetParamType() == ops::DYNAMIC;
        for (size_t k = 0; k < p->ir_[i].GetInstanceNum(); ++k) {
          ins.emplace_back(in_defs[i].Name() + (dyn ? std::to_string(k) : std::string()),
                           &p->inputs_[p->ir_[i].GetInstanceStart() + k]);
        }
      }
      for (size_t i = 0; i < out_defs.size(); ++i) {
        const bool dyn = out_defs[i].GetParamType() == ops::DYNAMIC;
        for (size_t k = 0; k < p->out_ir_[i].GetInstanceNum(); ++k) {
          outs.emplace_back(out_defs[i].Name() + (dyn ? std::to_string(k) : std::string()),
                            &p->outputs_[p->out_ir_[i].GetInstanceStart() + k]);
        }
      }
      RunCheckSupport(type, check, ins, outs, attr_defs, rattrs, loc);
    }
  }
  // Tiling.
  const gert::OpImplRegisterV2::Funcs impl = def->Impl();
  const gert::OpImplRegisterV2::TilingKernelFunc tiling_func =
      def->GetAICore().GetTiling() != nullptr ? def->GetAICore().GetTiling() : impl.tiling;
  if (tiling_func == nullptr) {
    FailOp(type, api, loc, type + " has no tiling function (AICore().SetTiling or IMPL_OP_OPTILING(" + type +
                               ").Tiling)");
  }
  p->compile_info_ = CompileInfoOf(type, impl, loc);
  p->ctx_.compile_info_ = p->compile_info_.get();
  fill(p->ctx_);
  for (size_t j = 0; j < nout; ++j) {
    gert::CompileTimeTensorDesc desc;
    desc.SetDataType(out_dt[j]);
    desc.SetFormat(p->outputs_[j].GetOriginFormat());
    p->ctx_.output_desc_.push_back(desc);
  }
  // The raw tiling buffer: its first kTilingZeroed bytes start as zeros (the
  // rest is not cleared: filling 64 KiB per call would cost microseconds).
  p->tiling_ = TakeTilingBuffer();
  std::memset(p->tiling_.get(), 0, kTilingZeroed);
  p->ctx_.tiling_.Reset(p->tiling_.get(), kTilingCapacity);
  ge::graphStatus st = ge::GRAPH_SUCCESS;
  try {
    log::TakeErrors();
    st = tiling_func(&p->ctx_);
  } catch (const KernelError& e) {
    if (!e.kernel().empty()) throw;
    throw KernelError(e.kind(), type, -1, 0, e.api(), SrcLoc{e.file().c_str(), e.line()},
                      e.detail() + " (in the tiling function of " + type + ")");
  }
  if (st != ge::GRAPH_SUCCESS) {
    FailOp(type, "TilingFunc", loc,
           "the tiling function of " + type + " returned " + std::to_string(st) +
               (st == ge::GRAPH_FAILED ? " (GRAPH_FAILED)" : "") + log::TakeErrors());
  }
  const size_t data_size = p->ctx_.tiling_.GetDataSize();
  if (data_size > p->ctx_.tiling_.GetCapacity()) {
    FailOp(type, "TilingFunc", loc,
           "the tiling function of " + type + " set the tiling data size to " + std::to_string(data_size) +
               " bytes (GetRawTilingData()->SetDataSize); the raw tiling buffer holds " +
               std::to_string(p->ctx_.tiling_.GetCapacity()));
  }
  if (p->ctx_.block_dim_ == 0) {
    FailOp(type, "TilingFunc", loc,
           "the tiling function of " + type + " set block dim 0 (call context->SetBlockDim(n) with n >= 1)");
  }
  uint64_t ws = 0;
  for (const size_t s : p->ctx_.workspace_) ws += s;
  p->workspace_size_ = ws;
  // The outputs' InitValue: applied (by ExecuteOp) only when the tiling
  // function asked for it with SetNeedAtomic(true), as on the NPU.
  for (size_t i = 0; i < out_defs.size() && p->ctx_.need_atomic_; ++i) {
    const ops::OpParamDef& d = out_defs[i];
    if (d.InitValueKind() == 0) continue;
    const std::string who = "InitValue of output " + d.Name() + " (output " + std::to_string(i) + ") of " + type;
    const std::vector<ops::ScalarVar>& vals = d.InitValues();
    if (d.InitValueKind() == 3 && vals.size() != d.DataTypes().size()) {
      FailOp(type, "InitValue", loc,
             who + ": " + std::to_string(vals.size()) + " values for " + std::to_string(d.DataTypes().size()) +
                 " DataType entries (the list gives one value per entry)");
    }
    // The value for an instance of dtype dt: the one value, or the list's
    // entry of the call's column (of dt's place in a DataTypeList).
    auto value_for = [&](ge::DataType dt) -> Number {
      size_t pick = 0;
      if (d.InitValueKind() == 3) {
        const auto& dts = d.DataTypes();
        pick = d.IsDataTypeList() ? static_cast<size_t>(std::find(dts.begin(), dts.end(), dt) - dts.begin())
                                  : column;
        pick = std::min(pick, vals.size() - 1);
      }
      const ops::ScalarVar& v = vals.at(pick);
      if (d.InitValueKind() == 1 && v.scalar_num.value_u64 != 0) {
        FailOp(type, "InitValue", loc,
               who + ": InitValue(uint64_t) takes 0 only (it clears the output); " +
                   std::to_string(v.scalar_num.value_u64) + " was given (give a ScalarVar for another value)");
      }
      if (static_cast<uint32_t>(v.scalar_type) > static_cast<uint32_t>(ops::ScalarType::FLOAT16)) {
        FailOp(type, "InitValue", loc, who + ": the ScalarVar has no valid ScalarType (" +
                                           std::to_string(static_cast<uint32_t>(v.scalar_type)) + ")");
      }
      Number num;
      if (v.IsFloat()) {
        num.v = v.scalar_num.value_f32;
      } else {
        num.integral = true;
        num.u64 = !v.IsSigned();
        num.i = v.scalar_num.value_i64;
      }
      return num;
    };
    const gert::AnchorInstanceInfo& inst = p->out_ir_[i];
    for (size_t k = 0; k < inst.GetInstanceNum(); ++k) {
      const size_t j = inst.GetInstanceStart() + k;
      const ge::DataType dt = p->outputs_[j].GetDataType();
      // The output dtypes the vendor documents for InitValue.
      static const ge::DataType kAllowed[] = {ge::DT_UINT64, ge::DT_INT64, ge::DT_UINT32, ge::DT_INT32,
                                              ge::DT_UINT16, ge::DT_INT16, ge::DT_UINT8,  ge::DT_INT8,
                                              ge::DT_FLOAT,  ge::DT_FLOAT16};
      if (std::find(std::begin(kAllowed), std::end(kAllowed), dt) == std::end(kAllowed)) {
        FailOp(type, "InitValue", loc,
               who + ": the output has dtype " + ge::DataTypeName(dt) +
                   "; InitValue supports UINT64, INT64, UINT32, INT32, UINT16, INT16, UINT8, INT8, FLOAT and FLOAT16");
      }
      OutputInit init;
      init.instance = j;
      init.elem_bytes = ge::DataTypeBytes(dt);
      const std::string why = NumberTo(value_for(dt), dt, init.elem);
      if (!why.empty()) FailOp(type, "InitValue", loc, who + ": " + why);
      p->init_.push_back(init);
    }
  }
  // The kernel.
  const std::string kname = KernelNameOf(type);
  std::vector<int> dtypes;
  for (size_t i = 0; i < in_defs.size(); ++i) dtypes.push_back(present[i] ? static_cast<int>(rep[i]->dtype) : -1);
  for (size_t i = 0; i < out_defs.size(); ++i) {
    dtypes.push_back(p->out_ir_[i].GetInstanceNum() == 0 ? -1 : static_cast<int>(out_dt[p->out_ir_[i].GetInstanceStart()]));
  }
  std::vector<std::vector<int>> builds;
  p->kernel_ = FindKernel(kname, dtypes, &builds);
  if (p->kernel_ == nullptr && builds.empty()) {
    FailOp(type, api, loc,
           type + " has no kernel: no op_kernel entry named " + kname +
               " is registered (build op_kernel/" + kname + ".cpp with aicore_add_op_project)");
  }
  if (p->kernel_ == nullptr) {
    auto describe = [&](const std::vector<int>& v) {
      std::string s;
      for (size_t i = 0; i < v.size(); ++i) {
        if (v[i] < 0) continue;
        const std::string& n = i < in_defs.size() ? in_defs[i].Name() : out_defs[i - in_defs.size()].Name();
        s += (s.empty() ? "" : ", ") + n + " " + ge::DataTypeName(static_cast<ge::DataType>(v[i]));
      }
      return "(" + s + ")";
    };
    std::string have;
    for (const auto& b : builds) have += (have.empty() ? "" : "; ") + describe(b);
    FailOp(type, api, loc,
           "kernel " + kname + " is built per dtype (DTYPE_*) and no build has the dtypes " + describe(dtypes) +
               "; its builds: " + have);
  }
  for (size_t i = 0; i < in_defs.size(); ++i) {
    if (in_defs[i].IsOutputShapeDependOnCompute()) {
      FailOp(type, api, loc,
             "the OpDef is not valid: input " + in_defs[i].Name() + " of " + type +
                 " is marked OutputShapeDependOnCompute (outputs only)");
    }
  }
  for (size_t i = 0; i < out_defs.size(); ++i) {
    if (!out_defs[i].IsOutputShapeDependOnCompute()) continue;
    for (size_t k = 0; k < p->out_ir_[i].GetInstanceNum(); ++k) {
      p->shape_out_instances_.push_back(p->out_ir_[i].GetInstanceStart() + k);
    }
  }
  const bool shape_arg = !p->shape_out_instances_.empty();
  p->shape_out_.assign(p->shape_out_instances_.size() * 9, 0);
  const size_t want = in_defs.size() + out_defs.size() + (shape_arg ? 1 : 0) + 2;
  if (p->kernel_->arity != want) {
    FailOp(type, api, loc,
           "kernel " + kname + " takes " + std::to_string(p->kernel_->arity) + " GM_ADDR arguments; the OpDef of " +
               type + " needs " + std::to_string(want) + " (" + std::to_string(in_defs.size()) + " inputs, " +
               std::to_string(out_defs.size()) + " outputs, " +
               (shape_arg ? "the output shapes (OutputShapeDependOnCompute), " : "") + "workspace, tiling)");
  }
  std::string keys;
  if (p->kernel_->selects != nullptr && !p->kernel_->selects(p->ctx_.tiling_key_, &keys)) {
    FailOp(type, api, loc,
           "the tiling function of " + type + " set tiling key " + std::to_string(p->ctx_.tiling_key_) +
               "; the kernel template " + kname + " has no instantiation for it: ASCENDC_TPL_SEL selects the keys " +
               keys);
  }
  return p;
}
}  // namespace detail

// ---------------------------------------------------------------------------
// Prepared calls reused. Steps 1-3 see the operator's name, the inputs' and
// outputs' dtypes, formats and shapes (and which come with data), the
// attributes, the SoC profile and the kernel registry; a call that repeats
// all of them gets the same checks, inference and tiling. PrepareOp keeps
// up to kPrepareCacheEntries such preparations (the tiling data without the
// raw buffer's unused part) and gives a repeated call a copy bound to its
// data, after the one check that reads the data pointers (each tensor within
// its GM block). Not kept: a call whose InferShape, InferDataType or tiling
// function read a tensor's data or address (gert::Tensor::GetAddr/GetData),
// as its result may depend on the values. Host code whose result depends on
// anything else (a global, a counter, a file) needs the reuse off:
// SetPrepareCache(false) or the environment variable AICORE_OP_CACHE=0.

constexpr size_t kPrepareCacheEntries = 64;

struct PrepareCacheStats {
  uint64_t hits = 0;        // calls given a kept preparation
  uint64_t misses = 0;      // calls prepared afresh and kept
  uint64_t not_kept = 0;    // calls prepared afresh and not kept (data read, reuse off)
  size_t entries = 0;       // preparations kept now
};

namespace detail {
struct PrepareCache {
  struct Entry {
    std::unique_ptr<PreparedOp> op;  // data pointers stale, no tiling buffer
    std::vector<uint8_t> tiling;     // the raw tiling buffer's bytes that are set
  };
  struct Hash {
    size_t operator()(const std::vector<uint64_t>& k) const noexcept {
      uint64_t h = 0x9E3779B97F4A7C15ull;
      for (const uint64_t w : k) h = (h ^ w) * 0x100000001B3ull ^ (h >> 31);
      return static_cast<size_t>(h);
    }
  };
  std::mutex mu;
  std::unordered_map<std::vector<uint64_t>, std::shared_ptr<const Entry>, Hash> kept;
  std::atomic<int> on{-1};  // -1: AICORE_OP_CACHE not read yet
  std::atomic<uint64_t> hits{0}, misses{0}, not_kept{0};
};
inline PrepareCache& Prepared() {
  static PrepareCache c;
  return c;
}
inline bool PrepareCacheOn() {
  std::atomic<int>& on = Prepared().on;
  int v = on.load(std::memory_order_relaxed);
  if (v < 0) {
    const char* e = std::getenv("AICORE_OP_CACHE");
    v = e != nullptr && std::strcmp(e, "0") == 0 ? 0 : 1;
    on.store(v, std::memory_order_relaxed);
  }
  return v == 1;
}

// The key words of a call.
inline void KeyBytes(const char* b, size_t n, std::vector<uint64_t>* k) {
  k->push_back(n);
  for (size_t i = 0; i < n; i += 8) {
    uint64_t w = 0;
    std::memcpy(&w, b + i, std::min<size_t>(8, n - i));
    k->push_back(w);
  }
}
inline void KeyTensor(const OpTensor& t, std::vector<uint64_t>* k) {
  k->push_back(static_cast<uint64_t>(static_cast<uint32_t>(t.dtype)) |
               static_cast<uint64_t>(static_cast<uint32_t>(t.format)) << 32);
  k->push_back((t.absent ? 1u : 0u) | (t.is_list ? 2u : 0u) | (t.data != nullptr ? 4u : 0u) |
               static_cast<uint64_t>(t.shape.size()) << 8);
  for (const int64_t d : t.shape) k->push_back(static_cast<uint64_t>(d));
  if (!t.is_list) return;
  k->push_back(t.items.size());
  for (const OpTensor& e : t.items) KeyTensor(e, k);
}
inline void PrepareKey(const std::string& type, const std::vector<OpTensor>& inputs,
                       const std::vector<OpTensor>& outputs, const std::vector<OpAttr>& attrs,
                       std::vector<uint64_t>* k) {
  k->clear();
  k->push_back(KernelGeneration().load(std::memory_order_relaxed));
  k->push_back(static_cast<uint64_t>(aicore::detail::SocIndex().load(std::memory_order_relaxed)));
  KeyBytes(type.data(), type.size(), k);
  k->push_back(inputs.size() | static_cast<uint64_t>(outputs.size()) << 21 | static_cast<uint64_t>(attrs.size()) << 42);
  for (const OpTensor& t : inputs) KeyTensor(t, k);
  for (const OpTensor& t : outputs) KeyTensor(t, k);
  for (const OpAttr& a : attrs) {
    KeyBytes(a.name.data(), a.name.size(), k);
    const gert::detail::AttrValue& v = a.value;
    k->push_back(static_cast<uint64_t>(v.kind));
    switch (v.kind) {
      case gert::detail::AttrKind::kBool: k->push_back(v.b ? 1 : 0); break;
      case gert::detail::AttrKind::kInt: k->push_back(static_cast<uint64_t>(v.i)); break;
      case gert::detail::AttrKind::kFloat: {
        uint32_t bits;
        std::memcpy(&bits, &v.f, 4);
        k->push_back(bits);
        break;
      }
      case gert::detail::AttrKind::kString: KeyBytes(v.s.data(), v.s.size(), k); break;
      case gert::detail::AttrKind::kListBool:
        k->push_back(v.lb.v_.size());
        for (const bool b : v.lb.v_) k->push_back(b ? 1 : 0);
        break;
      case gert::detail::AttrKind::kListInt:
        k->push_back(v.li.v_.size());
        for (const int64_t x : v.li.v_) k->push_back(static_cast<uint64_t>(x));
        break;
      case gert::detail::AttrKind::kListFloat:
        k->push_back(v.lf.v_.size());
        for (const float f : v.lf.v_) {
          uint32_t bits;
          std::memcpy(&bits, &f, 4);
          k->push_back(bits);
        }
        break;
      default: break;
    }
  }
}

struct PreparedAccess {
  // Whether steps 1-3 read a tensor's data or address.
  static bool DataSeen(const PreparedOp& p) {
    for (const gert::Tensor& t : p.inputs_) {
      if (t.DataSeen()) return true;
    }
    for (const gert::Tensor& t : p.outputs_) {
      if (t.DataSeen()) return true;
    }
    return false;
  }
  // Everything but the tiling buffer, the contexts pointing at d's tensors.
  static void Copy(const PreparedOp& s, PreparedOp* d) {
    d->type_ = s.type_;
    d->kernel_ = s.kernel_;
    d->inputs_ = s.inputs_;
    d->ir_ = s.ir_;
    d->lists_ = s.lists_;
    d->outputs_ = s.outputs_;
    d->out_ir_ = s.out_ir_;
    d->out_dynamic_ = s.out_dynamic_;
    d->out_lists_ = s.out_lists_;
    d->ctx_ = s.ctx_;
    d->compile_info_ = s.compile_info_;
    d->init_ = s.init_;
    d->shape_out_instances_ = s.shape_out_instances_;
    d->shape_out_.assign(s.shape_out_.size(), 0);
    d->workspace_size_ = s.workspace_size_;
    auto at = [](gert::Tensor* t, const std::vector<gert::Tensor>& from, std::vector<gert::Tensor>& to) {
      return t == nullptr ? nullptr : &to[static_cast<size_t>(t - from.data())];
    };
    for (gert::Tensor*& t : d->ctx_.ir_inputs_) t = at(t, s.inputs_, d->inputs_);
    for (gert::Tensor*& t : d->ctx_.present_) t = at(t, s.inputs_, d->inputs_);
    for (gert::Tensor*& t : d->ctx_.outputs_) t = at(t, s.outputs_, d->outputs_);
  }
  static std::shared_ptr<const PrepareCache::Entry> Keep(const PreparedOp& p) {
    auto e = std::make_shared<PrepareCache::Entry>();
    e->op = std::make_unique<PreparedOp>();
    Copy(p, e->op.get());
    const size_t size = p.ctx_.tiling_.GetDataSize();
    e->tiling.assign(p.tiling_.get(), p.tiling_.get() + std::max(size, kTilingZeroed));
    e->op->ctx_.tiling_.Reset(nullptr, kTilingCapacity);
    e->op->ctx_.tiling_.SetDataSize(size);
    return e;
  }
  // The kept preparation bound to this call's data; nullptr when a tensor
  // does not fit its GM block (the fresh preparation reports it).
  static std::unique_ptr<PreparedOp> Reuse(const PrepareCache::Entry& e, const std::vector<OpTensor>& inputs,
                                           const std::vector<OpTensor>& outputs) {
    auto fits = [](const OpTensor& t) {
      GmBlock blk;
      if (t.data == nullptr || !GmFind(t.data, &blk)) return true;
      uint64_t n = ge::DataTypeBytes(t.dtype);
      for (const int64_t d : t.shape) n *= static_cast<uint64_t>(d);
      return static_cast<uint64_t>(static_cast<const uint8_t*>(t.data) - blk.base) + n <= blk.size;
    };
    auto p = std::make_unique<PreparedOp>();
    Copy(*e.op, p.get());
    size_t j = 0;
    // Instances in order: a list's tensors, else the tensor (inputs: not
    // an absent one; outputs: all of them, none when no outputs are given).
    auto bind = [&](const OpTensor& t, std::vector<gert::Tensor>& to) {
      const size_t n = t.is_list ? t.items.size() : 1;
      for (size_t k = 0; k < n; ++k) {
        const OpTensor& x = t.is_list ? t.items[k] : t;
        if (!fits(x)) return false;
        to[j++].SetAddr(x.data);
      }
      return true;
    };
    for (const OpTensor& t : inputs) {
      if (!t.absent && !bind(t, p->inputs_)) return nullptr;
    }
    for (size_t i = 0; i < p->lists_.size(); ++i) {
      if (p->lists_[i].empty()) continue;
      BuildTensorList(&p->inputs_[p->ir_[i].GetInstanceStart()], p->ir_[i].GetInstanceNum(), &p->lists_[i]);
    }
    j = 0;
    for (const OpTensor& t : outputs) {
      if (!bind(t, p->outputs_)) return nullptr;
    }
    for (; j < p->outputs_.size(); ++j) p->outputs_[j].SetAddr(nullptr);
    p->tiling_ = TakeTilingBuffer();
    std::memcpy(p->tiling_.get(), e.tiling.data(), e.tiling.size());
    p->ctx_.tiling_.Reset(p->tiling_.get(), kTilingCapacity);
    p->ctx_.tiling_.SetDataSize(e.op->ctx_.tiling_.GetDataSize());
    return p;
  }
};
}  // namespace detail

// Turns the reuse of prepared calls on or off (off: PrepareOp neither
// looks up nor keeps preparations; ClearPrepareCache forgets the kept ones);
// the default is on unless AICORE_OP_CACHE=0.
inline void SetPrepareCache(bool on) { detail::Prepared().on.store(on ? 1 : 0, std::memory_order_relaxed); }
inline bool PrepareCacheEnabled() { return detail::PrepareCacheOn(); }
inline void ClearPrepareCache() {
  detail::PrepareCache& c = detail::Prepared();
  std::lock_guard<std::mutex> lock(c.mu);
  c.kept.clear();
}
inline PrepareCacheStats GetPrepareCacheStats() {
  detail::PrepareCache& c = detail::Prepared();
  PrepareCacheStats s;
  s.hits = c.hits.load(std::memory_order_relaxed);
  s.misses = c.misses.load(std::memory_order_relaxed);
  s.not_kept = c.not_kept.load(std::memory_order_relaxed);
  std::lock_guard<std::mutex> lock(c.mu);
  s.entries = c.kept.size();
  return s;
}

// Steps 1-3: checks the call, infers shapes and dtypes, runs the tiling.
// `outputs` may be empty (every output inferred) or hold one entry per
// OpDef output; an entry without data gets its shape and dtype inferred,
// one with data must agree with the inference. A repeated call reuses the
// preparation of an earlier one (see PrepareCacheStats above).
inline std::unique_ptr<PreparedOp> PrepareOp(const std::string& type, const std::vector<OpTensor>& inputs,
                                             const std::vector<OpTensor>& outputs,
                                             const std::vector<OpAttr>& attrs,
                                             SrcLoc loc = SrcLoc::Current()) {
  detail::PrepareCache& c = detail::Prepared();
  if (!detail::PrepareCacheOn()) {
    c.not_kept.fetch_add(1, std::memory_order_relaxed);
    return detail::PrepareOpImpl(type, inputs, outputs, attrs, loc, false);
  }
  static thread_local std::vector<uint64_t> key;
  detail::PrepareKey(type, inputs, outputs, attrs, &key);
  std::shared_ptr<const detail::PrepareCache::Entry> e;
  {
    std::lock_guard<std::mutex> lock(c.mu);
    auto it = c.kept.find(key);
    if (it != c.kept.end()) e = it->second;
  }
  if (e) {
    std::unique_ptr<PreparedOp> p = detail::PreparedAccess::Reuse(*e, inputs, outputs);
    if (p) {
      c.hits.fetch_add(1, std::memory_order_relaxed);
      return p;
    }
  }
  std::unique_ptr<PreparedOp> p = detail::PrepareOpImpl(type, inputs, outputs, attrs, loc, false);
  if (detail::PreparedAccess::DataSeen(*p)) {
    c.not_kept.fetch_add(1, std::memory_order_relaxed);
    return p;
  }
  std::shared_ptr<const detail::PrepareCache::Entry> kept = detail::PreparedAccess::Keep(*p);
  {
    std::lock_guard<std::mutex> lock(c.mu);
    if (c.kept.size() >= kPrepareCacheEntries && c.kept.find(key) == c.kept.end()) c.kept.erase(c.kept.begin());
    c.kept[key] = std::move(kept);
  }
  c.misses.fetch_add(1, std::memory_order_relaxed);
  return p;
}

// The most tensors InferOutputLists gives a DYNAMIC output.
constexpr size_t kMaxListInstances = 65536;
// The most InferShape runs InferOutputLists makes for an operator with two
// or more DYNAMIC outputs.
constexpr size_t kMaxListProbes = 4096;

namespace detail {

// InferOutputLists for two or more DYNAMIC outputs (`dyn`, their indices).
inline std::vector<OpTensor> InferOutputListLengths(const ops::OpDef& def, const std::vector<size_t>& dyn,
                                                    const std::vector<OpTensor>& inputs,
                                                    const std::vector<OpAttr>& attrs, SrcLoc loc) {
  const std::string& type = def.Type();
  const std::vector<ops::OpParamDef>& out_defs = def.Outputs();
  std::string names;
  for (const size_t i : dyn) names += (names.empty() ? "" : ", ") + out_defs[i].Name();
  const size_t k = dyn.size();
  auto slots = [&](const std::vector<size_t>& n) {
    std::vector<OpTensor> v(out_defs.size());
    for (size_t j = 0; j < k; ++j) v[dyn[j]] = OpTensor::List(std::vector<OpTensor>(n[j]));
    return v;
  };
  auto text = [&](const std::vector<size_t>& n) {
    std::string t;
    for (size_t j = 0; j < k; ++j) t += (j ? ", " : "") + out_defs[dyn[j]].Name() + " " + std::to_string(n[j]);
    return t;
  };
  // The next split of the same total into k lengths >= 1 (lexicographic).
  auto next = [k](std::vector<size_t>& n) {
    size_t tail = n[k - 1];
    for (size_t i = k - 1; i-- > 0;) {
      if (tail > k - 1 - i) {  // the lengths after i can give n[i] one
        ++n[i];
        for (size_t m = i + 1; m + 1 < k; ++m) n[m] = 1;
        n[k - 1] = tail - 1 - (k - 2 - i);
        return true;
      }
      tail += n[i];
    }
    return false;
  };
  size_t probes = 0;
  ge::graphStatus first_status = ge::GRAPH_SUCCESS;
  for (size_t total = k;; ++total) {
    std::vector<size_t> n(k, 1);
    n[k - 1] = total - (k - 1);
    std::vector<std::vector<size_t>> found;
    do {
      if (probes++ == kMaxListProbes || total > kMaxListInstances) {
        FailOp(type, "InferOp", loc,
               type + " has " + std::to_string(k) + " DYNAMIC outputs (" + names + "): no list lengths up to " +
                   std::to_string(total - 1) + " tensors in all make its InferShape succeed and set every output "
                   "instance (" + std::to_string(kMaxListProbes) + " tried; with 1 tensor each it returned " +
                   std::to_string(first_status) + (first_status == ge::GRAPH_FAILED ? " (GRAPH_FAILED)" : "") +
                   "); give the outputs");
      }
      OutputProbe pr;
      PrepareOpImpl(type, inputs, slots(n), attrs, loc, true, &pr);
      if (probes == 1) first_status = pr.status;
      if (pr.status == ge::GRAPH_SUCCESS && pr.asked_all && pr.asked_past == 0) found.push_back(n);
    } while (next(n));
    if (found.size() == 1) return slots(found[0]);
    if (found.size() > 1) {
      FailOp(type, "InferOp", loc,
             type + " has " + std::to_string(k) + " DYNAMIC outputs (" + names + "): its InferShape accepts " +
                 std::to_string(found.size()) + " ways to share " + std::to_string(total) + " tensors among them (" +
                 text(found[0]) + "; " + text(found[1]) +
                 (found.size() > 2 ? "; ..." : "") + "), so their lengths cannot be told apart: InferShape must reject "
                 "GetIrOutputInstanceInfo counts other than its own, or give the outputs");
    }
  }
}

}  // namespace detail

// The `outputs` argument of PrepareOp for a caller that does not know how
// long an operator's DYNAMIC output list is (on the NPU the graph fixes it;
// PyTorch ops, InferOp): one entry per OpDef output, without data, the
// DYNAMIC one a list of as many tensors as the operator's InferShape sets.
// The length is found by running InferShape (steps 1-2, inputs may have no
// data) with provisional lengths, 1 first, then longer (doubled, or as far
// as InferShape asked past the last instance) until it asks for no instance
// beyond the last: the list's length is then the number of output
// instances up to the highest one it asked for, less the other outputs (at
// least 1). So an InferShape that sets GetOutputShape(k) for the k it
// computes (from an attribute or the inputs) decides the length; one that
// sets as many as GetIrOutputInstanceInfo says gets 1. Empty when the OpDef
// has no DYNAMIC output (PrepareOp infers every output).
//
// Two or more DYNAMIC outputs: InferShape numbers the instances of every
// list in one sequence, so where one list ends must come from InferShape
// itself. The lengths are tried by growing total (each list at least 1, up
// to kMaxListProbes InferShape runs): the first total at which some
// lengths make InferShape succeed, set every instance and ask for none
// beyond decides; exactly one such choice is the answer. An InferShape that
// takes its lengths from GetIrOutputInstanceInfo and rejects lengths other
// than the ones it computes (from attributes or inputs) gives one; one that
// accepts any split (it never checks) is reported as ambiguous; one that
// only fills GetIrOutputInstanceInfo's counts gets 1 per list.
//
// The call's errors are those of InferOp; besides: no InferShape, a list
// longer than kMaxListInstances, lengths not found or ambiguous.
inline std::vector<OpTensor> InferOutputLists(const std::string& type, const std::vector<OpTensor>& inputs,
                                              const std::vector<OpAttr>& attrs = {},
                                              SrcLoc loc = SrcLoc::Current()) {
  const ops::OpDef* def = FindOpDef(type);
  if (def == nullptr) {
    detail::PrepareOpImpl(type, inputs, {}, attrs, loc, true);  // reports the unknown name
    return {};
  }
  const std::vector<ops::OpParamDef>& out_defs = def->Outputs();
  std::vector<size_t> dyn;
  for (size_t i = 0; i < out_defs.size(); ++i) {
    if (out_defs[i].GetParamType() == ops::DYNAMIC) dyn.push_back(i);
  }
  if (dyn.empty()) return {};
  const std::string who = "output " + out_defs[dyn[0]].Name() + " (output " + std::to_string(dyn[0]) + ") of " + type;
  if (def->GetInferShape() == nullptr) {
    detail::FailOp(type, "InferOp", loc,
                   type + " has no InferShape (SetInferShape): the length of the DYNAMIC " + who +
                       " cannot be inferred; give the outputs");
  }
  if (dyn.size() > 1) return detail::InferOutputListLengths(*def, dyn, inputs, attrs, loc);
  const size_t fixed = out_defs.size() - 1;  // the other outputs: one instance each
  auto slots = [&](size_t n) {
    std::vector<OpTensor> v(out_defs.size());
    v[dyn[0]] = OpTensor::List(std::vector<OpTensor>(n));
    return v;
  };
  size_t n = 1;
  for (;;) {
    detail::OutputProbe pr;
    detail::PrepareOpImpl(type, inputs, slots(n), attrs, loc, true, &pr);
    if (pr.asked_past > fixed + n) {
      if (n >= kMaxListInstances) {
        detail::FailOp(type, "InferOp", loc,
                       "InferShape of " + type + " asked for output instance " + std::to_string(pr.asked_past - 1) +
                           " with the " + who + " a list of " + std::to_string(n) + " (the most inferred: " +
                           std::to_string(kMaxListInstances) + " tensors)");
      }
      n = std::min(kMaxListInstances, std::max(2 * n, pr.asked_past - fixed));
      continue;
    }
    n = pr.asked_end > fixed + 1 ? pr.asked_end - fixed : 1;
    return slots(n);
  }
}

// Steps 1-2 only: the checks of the call and InferShape/InferDataType, with
// inputs that may have no data (shapes and dtypes only: PyTorch's Meta
// kernels, fake-tensor tracing). The result's output_shape/output_dtype are
// the inferred ones; it cannot be executed (no tiling ran, no kernel chosen).
// A DYNAMIC output's length is InferOutputLists's. Errors are those of
// PrepareOp, reported from API "InferOp".
inline std::unique_ptr<PreparedOp> InferOp(const std::string& type, const std::vector<OpTensor>& inputs,
                                           const std::vector<OpAttr>& attrs = {},
                                           SrcLoc loc = SrcLoc::Current()) {
  return detail::PrepareOpImpl(type, inputs, InferOutputLists(type, inputs, attrs, loc), attrs, loc, true);
}

// Step 4: launches the kernel. `workspace` must hold workspace_size() bytes.
inline void ExecuteOp(PreparedOp& p, void* workspace, uint64_t workspace_size,
                      SrcLoc loc = SrcLoc::Current()) {
  if (p.kernel_ == nullptr) {
    detail::FailOp(p.type_, "ExecuteOp", loc,
                   "this call of " + p.type_ + " was prepared by InferOp (shapes only); use PrepareOp to run it");
  }
  if (workspace_size < p.workspace_size_ || (p.workspace_size_ > 0 && workspace == nullptr)) {
    detail::FailOp(p.type_, "ExecuteOp", loc,
                   "the workspace of " + p.type_ + " needs " + std::to_string(p.workspace_size_) + " bytes; " +
                       (workspace == nullptr ? std::string("none") : std::to_string(workspace_size)) + " given");
  }
  for (size_t i = 0; i < p.outputs_.size(); ++i) {
    if (p.outputs_[i].MutableAddr() == nullptr && p.outputs_[i].GetSize() > 0) {
      detail::FailOp(p.type_, "ExecuteOp", loc, "output " + std::to_string(i) + " of " + p.type_ + " has no data");
    }
  }
  // InitValue (SetNeedAtomic(true)): every element of the output.
  for (const detail::OutputInit& init : p.init_) {
    gert::Tensor& t = p.outputs_[init.instance];
    auto* out = static_cast<uint8_t*>(t.MutableAddr());
    const size_t bytes = t.GetSize();
    bool zero = true;
    for (size_t b = 0; b < init.elem_bytes; ++b) zero = zero && init.elem[b] == 0;
    if (zero) {
      std::memset(out, 0, bytes);
    } else {
      for (size_t at = 0; at + init.elem_bytes <= bytes; at += init.elem_bytes) {
        std::memcpy(out + at, init.elem, init.elem_bytes);
      }
    }
  }
  std::vector<uint8_t*> args;
  args.reserve(p.ir_.size() + p.out_ir_.size() + 2);
  for (size_t i = 0; i < p.ir_.size(); ++i) {
    if (!p.lists_[i].empty()) {
      args.push_back(reinterpret_cast<uint8_t*>(p.lists_[i].data()));
    } else {
      args.push_back(p.ir_[i].GetInstanceNum() == 0
                         ? nullptr
                         : static_cast<uint8_t*>(p.inputs_[p.ir_[i].GetInstanceStart()].MutableAddr()));
    }
  }
  for (size_t i = 0; i < p.out_ir_.size(); ++i) {
    const size_t start = p.out_ir_[i].GetInstanceStart();
    if (p.out_dynamic_[i]) {
      // Built here: RunOp and the PyTorch adapter bind output data after PrepareOp.
      detail::BuildTensorList(&p.outputs_[start], p.out_ir_[i].GetInstanceNum(), &p.out_lists_[i]);
      args.push_back(reinterpret_cast<uint8_t*>(p.out_lists_[i].data()));
    } else {
      args.push_back(p.out_ir_[i].GetInstanceNum() == 0 ? nullptr
                                                        : static_cast<uint8_t*>(p.outputs_[start].MutableAddr()));
    }
  }
  if (!p.shape_out_instances_.empty()) {
    std::fill(p.shape_out_.begin(), p.shape_out_.end(), 0);
    args.push_back(reinterpret_cast<uint8_t*>(p.shape_out_.data()));
  }
  args.push_back(p.workspace_size_ > 0 ? static_cast<uint8_t*>(workspace) : nullptr);
  args.push_back(p.tiling_.get());
  const KernelEntry* k = p.kernel_;
  ::aicore::detail::LaunchConfig cfg;
  cfg.cooperative = true;
  cfg.tiling_key = p.ctx_.tiling_key_;
  cfg.geom = k->geometry != nullptr
                 ? k->geometry((k->symbol.empty() ? k->name : k->symbol).c_str(), cfg.tiling_key)
                 : ::aicore::detail::Geometry::kAIV;
  uint8_t* const* a = args.data();
  const size_t n = args.size();
  ::aicore::detail::LaunchWith(cfg, loc, k->name.c_str(), [k, a, n]() { k->thunk(k->fn, a, n); },
                               p.ctx_.block_dim_);
  // OutputShapeDependOnCompute: per output, word 0 holds the rank (bit 31:
  // the dimensions are 64-bit values, else the low 32 bits of each word),
  // words 1..8 the dimensions.
  for (size_t e = 0; e < p.shape_out_instances_.size(); ++e) {
    const size_t j = p.shape_out_instances_[e];
    const uint64_t* w = &p.shape_out_[e * 9];
    const bool wide = (w[0] & 0x80000000u) != 0;
    const uint64_t rank = w[0] & 0x7FFFFFFFu;
    const std::string who = "output instance " + std::to_string(j) + " of " + p.type_;
    if (rank > 8) {
      detail::FailOp(p.type_, "OutputShapeDependOnCompute", loc,
                     "the kernel wrote rank " + std::to_string(rank) + " for " + who + " (at most 8)");
    }
    gert::Shape shape;
    for (uint64_t d = 0; d < rank; ++d) {
      shape.AppendDim(static_cast<int64_t>(wide ? w[1 + d] : (w[1 + d] & 0xFFFFFFFFu)));
    }
    gert::Tensor& t = p.outputs_[j];
    const gert::Shape& most = t.GetOriginShape();
    if (shape.GetShapeSize() < 0 || shape.GetShapeSize() > most.GetShapeSize()) {
      detail::FailOp(p.type_, "OutputShapeDependOnCompute", loc,
                     "the kernel wrote the shape " + shape.ToString() + " for " + who + ", more elements than the " +
                         most.ToString() + " InferShape gave (the memory the output has)");
    }
    t.Set(t.MutableAddr(), shape, t.GetDataType(), t.GetOriginFormat());
  }
}

struct OpRun {
  // One per OpDef output, shapes and dtypes as inferred; a DYNAMIC output's
  // is a list (is_list, the tensors in `items`).
  std::vector<OpTensor> outputs;
  uint32_t block_dim = 0;
  uint64_t tiling_key = 0;
  uint64_t workspace_size = 0;
  std::vector<std::unique_ptr<uint8_t[]>> storage;  // outputs RunOp allocated
};

namespace detail {
inline std::vector<uint8_t>& WorkspaceBuffer() {
  static thread_local std::vector<uint8_t> buf;
  return buf;
}
}  // namespace detail

// PrepareOp, a workspace, outputs given without data allocated, ExecuteOp.
inline OpRun RunOp(const std::string& type, const std::vector<OpTensor>& inputs,
                   const std::vector<OpTensor>& outputs, const std::vector<OpAttr>& attrs = {},
                   SrcLoc loc = SrcLoc::Current()) {
  std::unique_ptr<PreparedOp> p = PrepareOp(type, inputs, outputs, attrs, loc);
  OpRun r;
  std::vector<std::unique_ptr<GmRegistration>> registrations;  // the outputs allocated here, while the kernel runs
  std::vector<OpTensor> flat;
  for (size_t j = 0; j < p->num_outputs(); ++j) {
    if (p->output_data(j) == nullptr) {
      const int64_t n = p->output_shape(j).GetShapeSize();
      const size_t bytes = static_cast<size_t>(n < 0 ? 0 : n) * ge::DataTypeBytes(p->output_dtype(j));
      // Padded as the NPU's runtime pads GM tensors (whole 32-byte blocks and
      // one more), so that a kernel writing whole blocks past a short tail
      // (DataCopy of 32 bytes for 2 bytes of result) does not reach the host
      // heap; under memcheck an access past the padding is reported.
      const size_t padded = (bytes + 31) / 32 * 32 + 32;
      r.storage.emplace_back(new uint8_t[padded]());
      p->SetOutputData(j, r.storage.back().get());
      registrations.push_back(std::make_unique<GmRegistration>(r.storage.back().get(), padded, loc));
    }
    OpTensor t;
    t.data = p->output_data(j);
    for (size_t k = 0; k < p->output_shape(j).GetDimNum(); ++k) t.shape.push_back(p->output_shape(j).GetDim(k));
    t.dtype = p->output_dtype(j);
    flat.push_back(std::move(t));
  }
  for (size_t i = 0; i < p->num_ir_outputs(); ++i) {
    const gert::AnchorInstanceInfo& info = p->output_instances(i);
    if (p->output_is_list(i)) {
      r.outputs.push_back(OpTensor::List(std::vector<OpTensor>(flat.begin() + info.GetInstanceStart(),
                                                               flat.begin() + info.GetInstanceStart() + info.GetInstanceNum())));
    } else {
      r.outputs.push_back(info.GetInstanceNum() == 0 ? OpTensor::None() : flat[info.GetInstanceStart()]);
    }
  }
  std::vector<uint8_t>& ws = detail::WorkspaceBuffer();
  if (ws.size() < p->workspace_size()) ws.resize(p->workspace_size());
  ExecuteOp(*p, ws.data(), ws.size(), loc);
  // The shapes the kernel computed (OutputShapeDependOnCompute).
  for (const size_t j : p->computed_shape_outputs()) {
    for (size_t i = 0; i < p->num_ir_outputs(); ++i) {
      const gert::AnchorInstanceInfo& info = p->output_instances(i);
      if (j < info.GetInstanceStart() || j >= info.GetInstanceStart() + info.GetInstanceNum()) continue;
      OpTensor& t = p->output_is_list(i) ? r.outputs[i].items[j - info.GetInstanceStart()] : r.outputs[i];
      t.shape.clear();
      for (size_t k = 0; k < p->output_shape(j).GetDimNum(); ++k) t.shape.push_back(p->output_shape(j).GetDim(k));
    }
  }
  r.block_dim = p->block_dim();
  r.tiling_key = p->tiling_key();
  r.workspace_size = p->workspace_size();
  return r;
}

}  // namespace op
}  // namespace aicore
