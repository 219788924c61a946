// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// The PyTorch adapter of aicore_add_torch_ops (cmake/aicoreTorchOps.cmake):
// compiled once into each torch-ops library, with
//   AICORE_TORCH_NAMESPACE  "ns"  (torch.ops.ns.<op>)
//   AICORE_TORCH_AUTOGRAD   "Fwd:Bwd;..." (may be empty)
// Every operator the linked projects register (OP_ADD) becomes
// torch.ops.<ns>.<snake_case of its type> with a schema derived from its
// OpDef, a CPU kernel (the runner: PrepareOp + ExecuteOp into tensors torch
// allocates), a Meta kernel (InferOp: InferShape/InferDataType only) and, for
// the forward operator of an AUTOGRAD pair, an Autograd kernel whose backward
// runs the backward operator.
#include <ATen/ATen.h>
#include <ATen/core/dispatch/Dispatcher.h>
#include <c10/core/impl/LocalDispatchKeySet.h>
#include <torch/csrc/autograd/custom_function.h>
#include <torch/library.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "aicore/op/runner.h"

#ifndef AICORE_TORCH_NAMESPACE
#error "AICORE_TORCH_NAMESPACE must name the torch.ops namespace (aicore_add_torch_ops sets it)"
#endif
#ifndef AICORE_TORCH_AUTOGRAD
#define AICORE_TORCH_AUTOGRAD ""
#endif

namespace {

using aicore::op::OpAttr;
using aicore::op::OpTensor;
using gert::detail::AttrKind;

struct OpInfo {
  std::string type;    // the OpDef's type: GeluCustom
  std::string name;    // the torch name: gelu_custom
  const ops::OpDef* def = nullptr;
  std::string backward;  // the backward operator's type (AUTOGRAD), or empty
};

std::mutex& InfoMutex() {
  static std::mutex mu;
  return mu;
}

// By torch name (without namespace). Entries are never erased.
std::map<std::string, std::unique_ptr<OpInfo>>& Infos() {
  static auto* m = new std::map<std::string, std::unique_ptr<OpInfo>>();
  return *m;
}

torch::Library& Lib() {
  // Never destroyed: the registrations live as long as the process.
  static torch::Library* lib =
      new torch::Library(torch::Library::DEF, AICORE_TORCH_NAMESPACE, c10::nullopt, __FILE__, __LINE__);
  return *lib;
}

const OpInfo& InfoOf(const c10::OperatorHandle& op) {
  std::string n = op.schema().name();
  const size_t colon = n.rfind("::");
  if (colon != std::string::npos) n = n.substr(colon + 2);
  std::lock_guard<std::mutex> lock(InfoMutex());
  auto it = Infos().find(n);
  if (it == Infos().end()) throw std::runtime_error("aicore: no operator behind torch op " + op.schema().name());
  return *it->second;
}

// ---------------------------------------------------------------------------
// dtypes

bool ToGe(at::ScalarType t, ge::DataType* out) {
  switch (t) {
    case at::kFloat: *out = ge::DT_FLOAT; return true;
    case at::kHalf: *out = ge::DT_FLOAT16; return true;
    case at::kBFloat16: *out = ge::DT_BF16; return true;
    case at::kDouble: *out = ge::DT_DOUBLE; return true;
    case at::kChar: *out = ge::DT_INT8; return true;
    case at::kByte: *out = ge::DT_UINT8; return true;
    case at::kShort: *out = ge::DT_INT16; return true;
    case at::kInt: *out = ge::DT_INT32; return true;
    case at::kLong: *out = ge::DT_INT64; return true;
    case at::kBool: *out = ge::DT_BOOL; return true;
    case at::kComplexFloat: *out = ge::DT_COMPLEX64; return true;
    case at::kComplexDouble: *out = ge::DT_COMPLEX128; return true;
    default: return false;
  }
}

bool ToTorch(ge::DataType t, at::ScalarType* out) {
  switch (t) {
    case ge::DT_FLOAT: *out = at::kFloat; return true;
    case ge::DT_FLOAT16: *out = at::kHalf; return true;
    case ge::DT_BF16: *out = at::kBFloat16; return true;
    case ge::DT_DOUBLE: *out = at::kDouble; return true;
    case ge::DT_INT8: *out = at::kChar; return true;
    case ge::DT_UINT8: *out = at::kByte; return true;
    case ge::DT_INT16: *out = at::kShort; return true;
    case ge::DT_INT32: *out = at::kInt; return true;
    case ge::DT_INT64: *out = at::kLong; return true;
    case ge::DT_BOOL: *out = at::kBool; return true;
    case ge::DT_COMPLEX64: *out = at::kComplexFloat; return true;
    case ge::DT_COMPLEX128: *out = at::kComplexDouble; return true;
    default: return false;
  }
}

[[noreturn]] void Fail(const OpInfo& info, const std::string& msg) {
  throw std::runtime_error("aicore: parameter error in torch.ops." + std::string(AICORE_TORCH_NAMESPACE) + "." +
                           info.name + " (kernel " + info.type + "): " + msg);
}

// ---------------------------------------------------------------------------
// The schema: inputs (Tensor / Tensor?), attributes with their defaults,
// outputs.

std::string FloatText(double v) {
  if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
  char buf[64];
  std::snprintf(buf, sizeof(buf), "%.9g", v);
  std::string s = buf;
  if (s.find_first_of(".eEn") == std::string::npos) s += ".0";
  return s;
}

std::string DefaultText(const gert::detail::AttrValue& v) {
  std::string s;
  switch (v.kind) {
    case AttrKind::kBool: return v.b ? "True" : "False";
    case AttrKind::kInt: return std::to_string(v.i);
    case AttrKind::kFloat: return FloatText(v.f);
    case AttrKind::kString: {
      s = "\"";
      for (const char c : v.s) {
        if (c == '"' || c == '\\') s += '\\';
        s += c;
      }
      return s + "\"";
    }
    case AttrKind::kListInt:
      for (size_t i = 0; i < v.li.GetSize(); ++i) s += (i ? ", " : "") + std::to_string(v.li.GetData()[i]);
      return "[" + s + "]";
    case AttrKind::kListFloat:
      for (size_t i = 0; i < v.lf.GetSize(); ++i) s += (i ? ", " : "") + FloatText(v.lf.GetData()[i]);
      return "[" + s + "]";
    case AttrKind::kListBool:
      for (size_t i = 0; i < v.lb.v_.size(); ++i) s += (i ? ", " : "") + std::string(v.lb.v_[i] ? "True" : "False");
      return "[" + s + "]";
    default: return "None";
  }
}

std::string AttrTypeText(AttrKind k) {
  switch (k) {
    case AttrKind::kBool: return "bool";
    case AttrKind::kInt: return "int";
    case AttrKind::kFloat: return "float";
    case AttrKind::kString: return "str";
    case AttrKind::kListBool: return "bool[]";
    case AttrKind::kListInt: return "int[]";
    case AttrKind::kListFloat: return "float[]";
    default: return "";
  }
}

std::string SchemaOf(const OpInfo& info) {
  const ops::OpDef& d = *info.def;
  std::string args;
  for (const ops::OpParamDef& in : d.Inputs()) {
    if (in.GetParamType() == ops::DYNAMIC) {
      args += (args.empty() ? "" : ", ") + std::string("Tensor[] ") + in.Name();
    } else {
      args += (args.empty() ? "" : ", ") + std::string(in.GetParamType() == ops::OPTIONAL ? "Tensor? " : "Tensor ") +
              in.Name() + (in.GetParamType() == ops::OPTIONAL ? "=None" : "");
    }
  }
  for (const ops::OpAttrDef& a : d.Attrs()) {
    std::string t = AttrTypeText(a.GetKind());
    std::string def;
    if (a.HasDefault()) {
      def = "=" + DefaultText(a.DefaultValue());
    } else if (!a.IsRequired()) {
      t += "?";
      def = "=None";
    }
    args += (args.empty() ? "" : ", ") + t + " " + a.Name() + def;
  }
  // A DYNAMIC output is a Tensor[] (its length: aicore::op::InferOutputLists).
  auto ret_type = [](const ops::OpParamDef& o) {
    return std::string(o.GetParamType() == ops::DYNAMIC ? "Tensor[]" : "Tensor");
  };
  std::string rets;
  if (d.Outputs().size() == 1) {
    rets = ret_type(d.Outputs()[0]);
  } else {
    for (const ops::OpParamDef& o : d.Outputs()) rets += (rets.empty() ? "" : ", ") + ret_type(o) + " " + o.Name();
    rets = "(" + rets + ")";
  }
  return info.name + "(" + args + ") -> " + rets;
}

// ---------------------------------------------------------------------------
// Arguments from the stack.

struct Call {
  std::vector<at::Tensor> keep;  // contiguous copies that must outlive the call
  std::vector<OpTensor> inputs;
  std::vector<OpAttr> attrs;
};

Call ArgsOf(const OpInfo& info, const torch::jit::Stack& stack, size_t first) {
  const ops::OpDef& d = *info.def;
  Call c;
  size_t k = first;
  // One tensor of input i (`what()` names it: "input x (input 0)", or with
  // the list element of a DYNAMIC input; built only for a message).
  auto tensor_of = [&](at::Tensor t, const auto& what) {
    ge::DataType dt;
    if (!ToGe(t.scalar_type(), &dt)) {
      Fail(info, what() + " has torch dtype " + std::string(c10::toString(t.scalar_type())) +
                     ", which has no ge::DataType");
    }
    if (!t.is_meta() && t.device().type() != c10::DeviceType::CPU) {
      Fail(info, what() + " is on device " + t.device().str() + "; aicore runs operators on CPU tensors");
    }
    if (!t.is_meta()) t = t.contiguous();
    c.keep.push_back(t);
    std::vector<int64_t> shape(t.sizes().begin(), t.sizes().end());
    return OpTensor(t.is_meta() ? nullptr : t.data_ptr(), std::move(shape), dt);
  };
  for (size_t i = 0; i < d.Inputs().size(); ++i, ++k) {
    const c10::IValue& v = stack[k];
    auto what = [&] { return "input " + d.Inputs()[i].Name() + " (input " + std::to_string(i) + ")"; };
    if (v.isNone()) {
      c.inputs.push_back(OpTensor::None());
      continue;
    }
    if (v.isTensorList()) {  // a DYNAMIC input (Tensor[]); the runner checks its length
      std::vector<OpTensor> list;
      const c10::List<at::Tensor> ts = v.toTensorList();
      for (size_t e = 0; e < ts.size(); ++e) {
        const at::Tensor t = ts.get(e);
        auto element = [&] { return what() + " element " + std::to_string(e); };
        if (!t.defined()) Fail(info, element() + " is an undefined tensor");
        list.push_back(tensor_of(t, element));
      }
      c.inputs.push_back(OpTensor::List(std::move(list)));
      continue;
    }
    at::Tensor t = v.toTensor();
    if (!t.defined()) {
      c.inputs.push_back(OpTensor::None());
      continue;
    }
    c.inputs.push_back(tensor_of(t, what));
  }
  for (size_t a = 0; a < d.Attrs().size(); ++a, ++k) {
    const c10::IValue& v = stack[k];
    const ops::OpAttrDef& ad = d.Attrs()[a];
    if (v.isNone()) continue;  // an optional attribute left out
    switch (ad.GetKind()) {
      case AttrKind::kBool: c.attrs.emplace_back(ad.Name(), v.toBool()); break;
      case AttrKind::kInt: c.attrs.emplace_back(ad.Name(), static_cast<int64_t>(v.toInt())); break;
      case AttrKind::kFloat: c.attrs.emplace_back(ad.Name(), v.toDouble()); break;
      case AttrKind::kString: c.attrs.emplace_back(ad.Name(), v.toStringRef()); break;
      case AttrKind::kListInt: c.attrs.emplace_back(ad.Name(), v.toIntVector()); break;
      case AttrKind::kListFloat: {
        std::vector<float> f;
        for (const double x : v.toDoubleVector()) f.push_back(static_cast<float>(x));
        c.attrs.emplace_back(ad.Name(), std::move(f));
        break;
      }
      case AttrKind::kListBool: {
        std::vector<bool> b;
        for (const bool x : v.toBoolList()) b.push_back(x);
        c.attrs.emplace_back(ad.Name(), std::move(b));
        break;
      }
      default: break;
    }
  }
  return c;
}

size_t NumArgs(const OpInfo& info) { return info.def->Inputs().size() + info.def->Attrs().size(); }

at::Tensor EmptyOutput(const OpInfo& info, const aicore::op::PreparedOp& p, size_t i, c10::Device dev) {
  at::ScalarType st;
  if (!ToTorch(p.output_dtype(i), &st)) {
    std::string name;  // y, or y[k] in a DYNAMIC output's list
    for (size_t ir = 0; ir < p.num_ir_outputs(); ++ir) {
      const size_t start = p.output_instances(ir).GetInstanceStart();
      if (i < start || i >= start + p.output_instances(ir).GetInstanceNum()) continue;
      name = info.def->Outputs()[ir].Name() + (p.output_is_list(ir) ? "[" + std::to_string(i - start) + "]" : "");
    }
    Fail(info, "output " + name + " has dtype " + ge::DataTypeName(p.output_dtype(i)) +
                   ", which has no torch dtype");
  }
  std::vector<int64_t> shape;
  for (size_t k = 0; k < p.output_shape(i).GetDimNum(); ++k) shape.push_back(p.output_shape(i).GetDim(k));
  return at::empty(shape, at::TensorOptions().dtype(st).device(dev));
}

// Pushes the outputs, one per OpDef output: a DYNAMIC output's instances as
// one Tensor[] (the order of the instances is the lists' order).
void PushOutputs(const aicore::op::PreparedOp& p, std::vector<at::Tensor>* flat, torch::jit::Stack* stack) {
  for (size_t i = 0; i < p.num_ir_outputs(); ++i) {
    const gert::AnchorInstanceInfo& inst = p.output_instances(i);
    if (p.output_is_list(i)) {
      c10::List<at::Tensor> list;
      for (size_t k = 0; k < inst.GetInstanceNum(); ++k) list.push_back(std::move((*flat)[inst.GetInstanceStart() + k]));
      stack->emplace_back(std::move(list));
    } else {
      stack->emplace_back(std::move((*flat)[inst.GetInstanceStart()]));
    }
  }
}

// ---------------------------------------------------------------------------
// Kernels.

void CpuKernel(const c10::OperatorHandle& op, torch::jit::Stack* stack) {
  const OpInfo& info = InfoOf(op);
  const size_t n = NumArgs(info);
  const size_t first = stack->size() - n;
  std::vector<at::Tensor> outs;
  std::unique_ptr<aicore::op::PreparedOp> p;
  try {
    Call c = ArgsOf(info, *stack, first);
    // A DYNAMIC output: a list as long as InferShape makes it (empty: no list).
    const std::vector<ops::OpParamDef>& od = info.def->Outputs();
    const bool lists = std::any_of(od.begin(), od.end(),
                                   [](const ops::OpParamDef& o) { return o.GetParamType() == ops::DYNAMIC; });
    const std::vector<OpTensor> slots =
        lists ? aicore::op::InferOutputLists(info.type, c.inputs, c.attrs) : std::vector<OpTensor>();
    p = aicore::op::PrepareOp(info.type, c.inputs, slots, c.attrs);
    for (size_t i = 0; i < p->num_outputs(); ++i) {
      outs.push_back(EmptyOutput(info, *p, i, c10::Device(c10::DeviceType::CPU)));
      p->SetOutputData(i, outs.back().numel() > 0 ? outs.back().data_ptr() : nullptr);
    }
    std::vector<uint8_t>& ws = aicore::op::detail::WorkspaceBuffer();
    if (ws.size() < p->workspace_size()) ws.resize(p->workspace_size());
    aicore::op::ExecuteOp(*p, ws.data(), ws.size());
  } catch (const aicore::KernelError& e) {
    throw std::runtime_error(e.what());
  }
  // OutputShapeDependOnCompute: the shape the kernel computed (at most
  // InferShape's elements, written from the start: shrunk in place).
  for (const size_t j : p->computed_shape_outputs()) {
    std::vector<int64_t> shape;
    for (size_t k = 0; k < p->output_shape(j).GetDimNum(); ++k) shape.push_back(p->output_shape(j).GetDim(k));
    outs[j].resize_(shape);
  }
  torch::jit::drop(*stack, n);
  PushOutputs(*p, &outs, stack);
}

void MetaKernel(const c10::OperatorHandle& op, torch::jit::Stack* stack) {
  const OpInfo& info = InfoOf(op);
  const size_t n = NumArgs(info);
  const size_t first = stack->size() - n;
  std::vector<at::Tensor> outs;
  std::unique_ptr<aicore::op::PreparedOp> p;
  try {
    Call c = ArgsOf(info, *stack, first);
    p = aicore::op::InferOp(info.type, c.inputs, c.attrs);  // DYNAMIC outputs: InferOutputLists
    for (const ops::OpParamDef& o : info.def->Outputs()) {
      if (o.IsOutputShapeDependOnCompute()) {
        Fail(info, "output " + o.Name() + " takes the shape its kernel computes (OutputShapeDependOnCompute), "
                   "which a meta tensor cannot know (as torch.nonzero); run it on CPU tensors");
      }
    }
    for (size_t i = 0; i < p->num_outputs(); ++i) {
      outs.push_back(EmptyOutput(info, *p, i, c10::Device(c10::DeviceType::Meta)));
    }
  } catch (const aicore::KernelError& e) {
    throw std::runtime_error(e.what());
  }
  torch::jit::drop(*stack, n);
  PushOutputs(*p, &outs, stack);
}

// Autograd. The forward operator runs below autograd inside a
// torch::autograd::Function whose inputs are the forward's tensors,
// flattened: a Tensor input one tensor, an absent optional input (None)
// none, a Tensor[] input its tensors in order; a layout (per
// OpDef input: kOne, kAbsent, or n >= 0 for a list of n) groups them back.
// Outputs likewise (kOne, or n for a DYNAMIC output's list of n).
//
// The backward operator's inputs are taken, as many as it has, from: the
// gradient of each output of the forward (a DYNAMIC output's: a list), the
// forward's inputs (None for an absent optional one, a list for a Tensor[]
// one), the forward's outputs (a list for a DYNAMIC one); each must fit the
// backward's parameter (Tensor[] for DYNAMIC, Tensor for REQUIRED, Tensor or
// None for OPTIONAL). Its attributes are the forward's of the same name. Its
// outputs, in order, are the gradients of the forward's inputs: a Tensor[]
// input's gradient is a DYNAMIC output with one tensor per list member; an
// absent optional input's gradient is dropped; outputs beyond the forward's
// inputs are ignored, missing ones mean no gradient.
constexpr int64_t kOne = -1;     // a tensor
constexpr int64_t kAbsent = -2;  // an optional input left out (None)

// The IValues of `layout` over flat[from...]: a tensor, None, or a Tensor[].
std::vector<c10::IValue> Group(const std::vector<at::Tensor>& flat, size_t from, const std::vector<int64_t>& layout) {
  std::vector<c10::IValue> v;
  size_t k = from;
  for (const int64_t l : layout) {
    if (l == kOne) {
      v.emplace_back(flat[k++]);
    } else if (l == kAbsent) {  // no tensor in flat
      v.emplace_back();
    } else {
      c10::List<at::Tensor> list;
      for (int64_t e = 0; e < l; ++e) list.push_back(flat[k++]);
      v.emplace_back(std::move(list));
    }
  }
  return v;
}

std::string KindOf(const c10::IValue& v) {
  if (v.isNone()) return "None";
  if (v.isTensorList()) return "a list of " + std::to_string(v.toTensorList().size()) + " tensors";
  return "a tensor";
}

struct BackwardCall {
  const OpInfo* info = nullptr;
  std::vector<c10::IValue> attrs;  // the forward's attribute values
  std::vector<int64_t> in_layout;  // per OpDef input of the forward
  mutable std::vector<int64_t> out_layout;  // per OpDef output, set by the forward
};

struct GenericFunction : public torch::autograd::Function<GenericFunction> {
  static torch::autograd::variable_list forward(torch::autograd::AutogradContext* ctx, at::TensorList inputs,
                                                const BackwardCall* call, const c10::OperatorHandle* op) {
    at::AutoDispatchBelowADInplaceOrView guard;
    const std::vector<at::Tensor> flat_in(inputs.begin(), inputs.end());
    torch::jit::Stack s;
    for (c10::IValue& v : Group(flat_in, 0, call->in_layout)) s.push_back(std::move(v));
    for (const c10::IValue& a : call->attrs) s.push_back(a);
    op->callBoxed(&s);
    torch::autograd::variable_list outs;
    std::vector<int64_t> out_layout;
    for (c10::IValue& v : s) {
      if (v.isTensorList()) {
        const c10::List<at::Tensor> l = v.toTensorList();
        out_layout.push_back(static_cast<int64_t>(l.size()));
        for (size_t e = 0; e < l.size(); ++e) outs.push_back(l.get(e));
      } else {
        out_layout.push_back(kOne);
        outs.push_back(v.toTensor());
      }
    }
    torch::autograd::variable_list saved(inputs.begin(), inputs.end());
    saved.insert(saved.end(), outs.begin(), outs.end());
    ctx->save_for_backward(saved);
    ctx->saved_data["n_in"] = static_cast<int64_t>(inputs.size());
    ctx->saved_data["in_layout"] = c10::IValue(call->in_layout);
    ctx->saved_data["out_layout"] = c10::IValue(out_layout);
    call->out_layout = out_layout;
    // OpInfo entries live as long as the process.
    ctx->saved_data["info"] = c10::IValue(static_cast<int64_t>(reinterpret_cast<intptr_t>(call->info)));
    for (size_t a = 0; a < call->attrs.size(); ++a) ctx->saved_data["attr" + std::to_string(a)] = call->attrs[a];
    return outs;
  }

  static torch::autograd::variable_list backward(torch::autograd::AutogradContext* ctx,
                                                 torch::autograd::variable_list grads) {
    const auto* info = reinterpret_cast<const OpInfo*>(static_cast<intptr_t>(ctx->saved_data["info"].toInt()));
    const size_t n_in = static_cast<size_t>(ctx->saved_data["n_in"].toInt());
    const std::vector<int64_t> in_layout = ctx->saved_data["in_layout"].toIntVector();
    const std::vector<int64_t> out_layout = ctx->saved_data["out_layout"].toIntVector();
    const OpInfo& fwd = *info;
    const std::string bname = aicore::op::KernelNameOf(fwd.backward);
    auto handle = c10::Dispatcher::singleton().findSchema({std::string(AICORE_TORCH_NAMESPACE) + "::" + bname, ""});
    if (!handle.has_value()) {
      Fail(fwd, "its backward operator " + fwd.backward + " (AUTOGRAD " + fwd.type + ":" + fwd.backward +
                    ") is not registered: link the project that defines it");
    }
    const OpInfo& bwd = InfoOf(*handle);
    const torch::autograd::variable_list saved = ctx->get_saved_variables();
    std::vector<at::Tensor> g(grads.begin(), grads.end());
    for (size_t i = 0; i < g.size(); ++i) {
      if (!g[i].defined()) g[i] = at::zeros_like(saved[n_in + i]);
    }
    // The pool, each entry with what it is (for messages).
    std::vector<c10::IValue> pool;
    std::vector<std::string> what;
    const auto& fin = fwd.def->Inputs();
    const auto& fout = fwd.def->Outputs();
    for (c10::IValue& v : Group(g, 0, out_layout)) pool.push_back(std::move(v));
    for (const auto& o : fout) what.push_back("the gradient of output " + o.Name());
    for (c10::IValue& v : Group(saved, 0, in_layout)) pool.push_back(std::move(v));
    for (const auto& in : fin) what.push_back("input " + in.Name());
    for (c10::IValue& v : Group(saved, n_in, out_layout)) pool.push_back(std::move(v));
    for (const auto& o : fout) what.push_back("output " + o.Name());
    const auto& bin = bwd.def->Inputs();
    const size_t want = bin.size();
    if (want > pool.size()) {
      Fail(fwd, "its backward operator " + bwd.type + " has " + std::to_string(want) +
                    " inputs; the convention gives " + std::to_string(pool.size()) +
                    " (grad of each output, the forward's inputs, the forward's outputs)");
    }
    for (size_t k = 0; k < want; ++k) {
      const ops::Option pt = bin[k].GetParamType();
      const bool list = pool[k].isTensorList(), none = pool[k].isNone();
      if ((pt == ops::DYNAMIC && !list) || (pt == ops::REQUIRED && (list || none)) || (pt == ops::OPTIONAL && list)) {
        Fail(fwd, "its backward operator " + bwd.type + " takes input " + bin[k].Name() + " (input " +
                      std::to_string(k) + ") as " + ops::OptionName(pt) + " (" +
                      (pt == ops::DYNAMIC ? "Tensor[]" : pt == ops::OPTIONAL ? "Tensor?" : "Tensor") +
                      "); the convention gives it " + what[k] + " of " + fwd.type + ", " + KindOf(pool[k]));
      }
    }
    torch::jit::Stack s(pool.begin(), pool.begin() + static_cast<std::ptrdiff_t>(want));
    for (const ops::OpAttrDef& ba : bwd.def->Attrs()) {
      c10::IValue v;  // None: the backward's default
      for (size_t k = 0; k < fwd.def->Attrs().size(); ++k) {
        if (fwd.def->Attrs()[k].Name() == ba.Name()) v = ctx->saved_data["attr" + std::to_string(k)];
      }
      if (v.isNone() && ba.HasDefault()) {
        // The schema's default: let the stack carry it as torch would.
        const auto& arg = handle->schema().arguments()[s.size()];
        if (arg.default_value().has_value()) v = *arg.default_value();
      }
      s.push_back(v);
    }
    handle->callBoxed(&s);
    // The gradients of the forward's inputs, flattened as its inputs are.
    torch::autograd::variable_list out;
    for (size_t i = 0; i < in_layout.size(); ++i) {
      const int64_t l = in_layout[i];
      const size_t slots = l >= 0 ? static_cast<size_t>(l) : l == kOne ? 1 : 0;
      if (i >= s.size() || l == kAbsent) {  // no gradient (an absent input has no slot)
        for (size_t e = 0; e < slots; ++e) out.emplace_back();
        continue;
      }
      const std::string who = "its backward operator " + bwd.type + " gives output " + bwd.def->Outputs()[i].Name() +
                              " (the gradient of input " + fin[i].Name() + " of " + fwd.type + ") as " + KindOf(s[i]);
      if (l == kOne) {
        if (!s[i].isTensor()) Fail(fwd, who + "; the input is a tensor");
        out.push_back(s[i].toTensor());
      } else {
        if (!s[i].isTensorList() || s[i].toTensorList().size() != slots) {
          Fail(fwd, who + "; the input is a list of " + std::to_string(slots) + " tensors (give one gradient each)");
        }
        const c10::List<at::Tensor> gl = s[i].toTensorList();
        for (size_t e = 0; e < slots; ++e) out.push_back(gl.get(e));
      }
    }
    out.emplace_back();  // call
    out.emplace_back();  // op
    return out;
  }
};

void AutogradKernel(const c10::OperatorHandle& op, c10::DispatchKeySet, torch::jit::Stack* stack) {
  const OpInfo& info = InfoOf(op);
  const size_t n_in = info.def->Inputs().size();
  const size_t n = NumArgs(info);
  const size_t first = stack->size() - n;
  std::vector<at::Tensor> inputs;
  BackwardCall call;
  call.info = &info;
  for (size_t i = 0; i < n_in; ++i) {
    const c10::IValue& v = (*stack)[first + i];
    if (v.isTensorList()) {
      const c10::List<at::Tensor> l = v.toTensorList();
      call.in_layout.push_back(static_cast<int64_t>(l.size()));
      for (size_t e = 0; e < l.size(); ++e) inputs.push_back(l.get(e));
    } else if (v.isNone() || !v.toTensor().defined()) {
      call.in_layout.push_back(kAbsent);  // no tensor (autograd::Function takes defined ones only)
    } else {
      call.in_layout.push_back(kOne);
      inputs.push_back(v.toTensor());
    }
  }
  for (size_t a = 0; a < info.def->Attrs().size(); ++a) call.attrs.push_back((*stack)[first + n_in + a]);
  torch::autograd::variable_list outs = GenericFunction::apply(at::TensorList(inputs), &call, &op);
  torch::jit::drop(*stack, n);
  // Grouped back as the forward returned them: a DYNAMIC output as one Tensor[].
  for (c10::IValue& v : Group(outs, 0, call.out_layout)) stack->push_back(std::move(v));
}

std::map<std::string, std::string> AutogradPairs() {
  std::map<std::string, std::string> m;
  std::string spec = AICORE_TORCH_AUTOGRAD;
  size_t pos = 0;
  while (pos < spec.size()) {
    size_t end = spec.find(';', pos);
    if (end == std::string::npos) end = spec.size();
    const std::string item = spec.substr(pos, end - pos);
    const size_t colon = item.find(':');
    if (colon != std::string::npos) m[item.substr(0, colon)] = item.substr(colon + 1);
    pos = end + 1;
  }
  return m;
}

void Register(const std::string& type) {
  const ops::OpDef* def = aicore::op::FindOpDef(type);
  if (def == nullptr) return;
  auto info = std::make_unique<OpInfo>();
  info->type = type;
  info->name = aicore::op::KernelNameOf(type);
  info->def = def;
  const auto pairs = AutogradPairs();
  auto pit = pairs.find(type);
  if (pit != pairs.end()) info->backward = pit->second;
  OpInfo* raw = info.get();
  {
    std::lock_guard<std::mutex> lock(InfoMutex());
    if (Infos().count(raw->name) != 0) return;  // registered twice (OP_ADD of one type in two places)
    Infos()[raw->name] = std::move(info);
  }
  torch::Library& lib = Lib();
  lib.def(SchemaOf(*raw).c_str());
  lib.impl(raw->name.c_str(),
           torch::dispatch(c10::DispatchKey::CPU, torch::CppFunction::makeFromBoxedFunction<&CpuKernel>()));
  lib.impl(raw->name.c_str(),
           torch::dispatch(c10::DispatchKey::Meta, torch::CppFunction::makeFromBoxedFunction<&MetaKernel>()));
  if (raw->backward.empty()) {
    // No backward: autograd passes over the op on meta tensors too (torch
    // 1.13 has no AutogradMeta fallthrough of its own), so that Meta
    // kernels run under fake-tensor and meta tracing.
    lib.impl(raw->name.c_str(), torch::dispatch(c10::DispatchKey::AutogradMeta, torch::CppFunction::makeFallthrough()));
  } else {
    lib.impl(raw->name.c_str(),
             torch::dispatch(c10::DispatchKey::Autograd, torch::CppFunction::makeFromBoxedFunction<&AutogradKernel>()));
  }
}

[[maybe_unused]] const bool kRegistered = [] {
  aicore::op::OnOpDefRegistered(&Register);
  return true;
}();

}  // namespace
