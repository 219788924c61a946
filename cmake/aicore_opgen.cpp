// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// aicore_opgen: the build step of aicore_add_op_project (the CPU's opbuild).
// Linked with a project's op_host objects, it reads the registered OpDefs
// and writes, for each op type named on the command line, the aclnn pair a
// host program calls:
//
//   aclnn_<kernel>.h    aclnn<Op>GetWorkspaceSize(inputs..., attrs..., outputs...,
//                                                  uint64_t* workspaceSize,
//                                                  aclOpExecutor** executor);
//                       aclnn<Op>(void* workspace, uint64_t workspaceSize,
//                                 aclOpExecutor* executor, aclrtStream stream);
//   aclnn_<kernel>.cpp  their definitions over aicore::compat::AclnnPrepare / AclnnRun
//
// Inputs and outputs are `const aclTensor*` (an optional input may be
// nullptr), a DYNAMIC input or output `const aclTensorList*`, an input
// marked Scalar() / ScalarList() `const aclScalar*` / `const aclScalarList*`,
// a ValueDepend input `const aclIntArray*` / `aclFloatArray*` /
// `aclBoolArray*` by its dtypes (with aclnn<Op>TensorGetWorkspaceSize, the
// same taking it as `const aclTensor*`); attributes: Bool -> bool, Int -> int64_t, Float -> double,
// String -> char*, ListInt/ListFloat/ListBool -> const aclIntArray* /
// aclFloatArray* / aclBoolArray*.
//
//   aicore_opgen <out_dir> <OpType>...
//
// and, for a kernel that reads DTYPE_<NAME> (see GenerateDtypeBuilds), one
// translation unit per dtype combination of its OpDef.
#include <algorithm>
#include <cstdio>
#include <fstream>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "aicore/op/op_def.h"
#include "aicore/op/runner.h"

namespace {

std::string AttrCType(gert::detail::AttrKind k) {
  switch (k) {
    case gert::detail::AttrKind::kBool: return "bool";
    case gert::detail::AttrKind::kInt: return "int64_t";
    case gert::detail::AttrKind::kFloat: return "double";
    case gert::detail::AttrKind::kString: return "char *";
    case gert::detail::AttrKind::kListInt: return "const aclIntArray *";
    case gert::detail::AttrKind::kListFloat: return "const aclFloatArray *";
    case gert::detail::AttrKind::kListBool: return "const aclBoolArray *";
    default: return "";
  }
}

// A C identifier from a parameter name (as the vendor's generator, keep it).
std::string Ident(const std::string& name) {
  std::string s;
  for (const char c : name) {
    const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
    s += ok ? c : '_';
  }
  return s;
}

bool Generate(const std::string& dir, const std::string& type) {
  const ops::OpDef* def = aicore::op::FindOpDef(type);
  if (def == nullptr) {
    std::fprintf(stderr, "aicore_opgen: operator %s is not registered by the op_host sources (OP_ADD(%s))\n",
                 type.c_str(), type.c_str());
    return false;
  }
  if (!def->DefinitionError().empty()) {
    std::fprintf(stderr, "aicore_opgen: %s\n", def->DefinitionError().c_str());
    return false;
  }
  // `params` of aclnn<Op>GetWorkspaceSize; `tparams` of
  // aclnn<Op>TensorGetWorkspaceSize, generated when an input is ValueDepend:
  // the same with those inputs as `const aclTensor *` instead of arrays.
  std::string params, tparams;
  std::string ins, outs, attrs;
  bool value_depend = false;
  // An output named as an input is a ref parameter: one `aclTensor *<name>Ref`
  // in the input's place, the input and the output at once.
  auto is_ref = [&](const std::string& name) {
    for (const ops::OpParamDef& o : def->Outputs()) {
      if (o.Name() == name) return true;
    }
    return false;
  };
  for (const ops::OpParamDef& p : def->Inputs()) {
    if (p.GetParamType() == ops::DYNAMIC && is_ref(p.Name())) {
      std::fprintf(stderr, "aicore_opgen: %s: DYNAMIC input %s is also an output, which is not supported yet\n",
                   type.c_str(), p.Name().c_str());
      return false;
    }
    const std::string id = Ident(p.Name()) + (is_ref(p.Name()) ? "Ref" : "");
    const std::string param = std::string(p.GetParamType() == ops::DYNAMIC ? "    const aclTensorList *"
                                          : is_ref(p.Name())               ? "    aclTensor *"
                                          : p.IsScalar()                   ? "    const aclScalar *"
                                          : p.IsScalarList()               ? "    const aclScalarList *"
                                                                           : "    const aclTensor *") +
                              id + ",\n";
    tparams += param;
    if (p.GetValueDepend() == ops::IGNORE) {
      params += param;
    } else {
      // A ValueDepend input: a host array of the kind its dtypes give.
      std::string why;
      const ops::ValueDependArray a = ops::ValueDependArrayOf(p, &why);
      if (a == ops::ValueDependArray::kNone || is_ref(p.Name())) {
        std::fprintf(stderr, "aicore_opgen: %s: ValueDepend input %s cannot be an aclIntArray, aclFloatArray or "
                     "aclBoolArray: %s\n", type.c_str(), p.Name().c_str(),
                     is_ref(p.Name()) ? "it is also an output" : why.c_str());
        return false;
      }
      params += std::string("    const ") + ops::ValueDependArrayName(a) + " *" + id + ",\n";
      value_depend = true;
    }
    ins += (ins.empty() ? "" : ", ") + id;
  }
  for (const ops::OpAttrDef& a : def->Attrs()) {
    const std::string t = AttrCType(a.GetKind());
    if (t.empty()) {
      std::fprintf(stderr, "aicore_opgen: %s: attribute %s has no type\n", type.c_str(), a.Name().c_str());
      return false;
    }
    const std::string param = "    " + t + (t.back() == '*' ? "" : " ") + Ident(a.Name()) + ",\n";
    params += param;
    tparams += param;
    attrs += std::string(attrs.empty() ? "" : ", ") + "aicore::compat::AclnnAttr(\"" + a.Name() + "\", " +
             Ident(a.Name()) + ")";
  }
  for (const ops::OpParamDef& p : def->Outputs()) {
    if (p.GetValueDepend() != ops::IGNORE) {
      std::fprintf(stderr, "aicore_opgen: %s: output %s is ValueDepend, which only inputs can be\n", type.c_str(),
                   p.Name().c_str());
      return false;
    }
    bool ref = false;
    for (const ops::OpParamDef& in : def->Inputs()) ref = ref || in.Name() == p.Name();
    if (!ref) {
      const std::string param =
          std::string(p.GetParamType() == ops::DYNAMIC ? "    const aclTensorList *" : "    const aclTensor *") +
          Ident(p.Name()) + ",\n";
      params += param;
      tparams += param;
    }
    outs += (outs.empty() ? "" : ", ") + Ident(p.Name()) + (ref ? "Ref" : "");
  }
  const std::string kernel = aicore::op::KernelNameOf(type);
  const std::string guard = "ACLNN_" + Ident(kernel) + "_H_";
  // The first phase (and its Tensor form), declared and defined.
  std::vector<std::pair<std::string, std::string>> first{{"GetWorkspaceSize", params}};
  if (value_depend) first.emplace_back("TensorGetWorkspaceSize", tparams);
  std::ofstream h(dir + "/aclnn_" + kernel + ".h");
  h << "// Generated by aicore_opgen from the OpDef of " << type << ". Do not edit.\n"
    << "#ifndef " << guard << "\n#define " << guard << "\n\n"
    << "#include \"aclnn/acl_meta.h\"\n\n#ifdef __cplusplus\nextern \"C\" {\n#endif\n\n";
  for (const auto& f : first) {
    h << "aclnnStatus aclnn" << type << f.first << "(\n"
      << f.second << "    uint64_t *workspaceSize,\n    aclOpExecutor **executor);\n\n";
  }
  h << "aclnnStatus aclnn" << type << "(\n    void *workspace,\n    uint64_t workspaceSize,\n"
    << "    aclOpExecutor *executor,\n    aclrtStream stream);\n\n"
    << "#ifdef __cplusplus\n}\n#endif\n\n#endif\n";
  std::ofstream c(dir + "/aclnn_" + kernel + ".cpp");
  c << "// Generated by aicore_opgen from the OpDef of " << type << ". Do not edit.\n"
    << "#include \"aclnn_" << kernel << ".h\"\n\n";
  for (const auto& f : first) {
    c << "extern \"C\" aclnnStatus aclnn" << type << f.first << "(\n"
      << f.second << "    uint64_t *workspaceSize,\n    aclOpExecutor **executor) {\n"
      << "  return aicore::compat::AclnnPrepare(\"" << type << "\", {" << ins << "}, {" << outs << "}, {" << attrs
      << "},\n                                      workspaceSize, executor, aicore::SrcLoc::Current());\n}\n\n";
  }
  c << "extern \"C\" aclnnStatus aclnn" << type << "(\n    void *workspace,\n    uint64_t workspaceSize,\n"
    << "    aclOpExecutor *executor,\n    aclrtStream stream) {\n"
    << "  return aicore::compat::AclnnRun(\"" << type << "\", workspace, workspaceSize, executor, stream,\n"
    << "                                  aicore::SrcLoc::Current());\n}\n";
  return static_cast<bool>(h) && static_cast<bool>(c);
}

// The kernel type and DT_ name of a dtype, as the vendor's build defines
// DTYPE_<NAME> / ORIG_DTYPE_<NAME>; nullptr where the CPU has no kernel type.
const char* KernelTypeOf(ge::DataType t) {
  switch (t) {
    case ge::DT_FLOAT: return "float";
    case ge::DT_FLOAT16: return "half";
    case ge::DT_BF16: return "bfloat16_t";
    case ge::DT_INT8: return "int8_t";
    case ge::DT_INT16: return "int16_t";
    case ge::DT_INT32: return "int32_t";
    case ge::DT_INT64: return "int64_t";
    case ge::DT_UINT8: return "uint8_t";
    case ge::DT_UINT16: return "uint16_t";
    case ge::DT_UINT32: return "uint32_t";
    case ge::DT_UINT64: return "uint64_t";
    case ge::DT_BOOL: return "bool";
    case ge::DT_DOUBLE: return "double";
    case ge::DT_INT4: return "int4b_t";
    default: return nullptr;
  }
}

std::string Upper(std::string s) {
  for (char& c : s) c = (c >= 'a' && c <= 'z') ? static_cast<char>(c - 'a' + 'A') : c;
  return s;
}

// One dtype combination of an OpDef: a dtype (or -1: none declared) and a
// format per input, then per output.
struct Combo {
  std::vector<int> dtypes;
  std::vector<ge::Format> formats;
};

// The dtype combinations of an OpDef, as the vendor's build compiles a kernel:
// column c of every DataType list (a one-entry list in every column), each
// DataTypeList expanded; combinations that differ only in formats once.
bool Combos(const std::string& type, const ops::OpDef& def, std::vector<Combo>* out) {
  std::vector<const ops::OpParamDef*> params;
  for (const ops::OpParamDef& p : def.Inputs()) params.push_back(&p);
  for (const ops::OpParamDef& p : def.Outputs()) params.push_back(&p);
  size_t columns = 1;
  for (const ops::OpParamDef* p : params) {
    if (!p->IsDataTypeList() && p->DataTypes().size() > 1) {
      if (columns > 1 && p->DataTypes().size() != columns) {
        std::fprintf(stderr, "aicore_opgen: %s: the DataType lists have different lengths (%zu and %zu, at %s)\n",
                     type.c_str(), columns, p->DataTypes().size(), p->Name().c_str());
        return false;
      }
      columns = p->DataTypes().size();
    }
  }
  for (size_t c = 0; c < columns; ++c) {
    std::vector<Combo> partial(1);
    for (const ops::OpParamDef* p : params) {
      const auto& v = p->DataTypes();
      std::vector<int> choices;
      if (v.empty()) {
        choices.push_back(-1);
      } else if (p->IsDataTypeList()) {
        for (const ge::DataType t : v) choices.push_back(static_cast<int>(t));
      } else {
        choices.push_back(static_cast<int>(v.size() == 1 ? v[0] : v[c]));
      }
      const auto& f = p->Formats();
      const ge::Format fmt = f.empty() ? ge::FORMAT_ND : (p->IsFormatList() || f.size() == 1 ? f[0] : f[c]);
      std::vector<Combo> next;
      for (const Combo& base : partial) {
        for (const int t : choices) {
          Combo k = base;
          k.dtypes.push_back(t);
          k.formats.push_back(fmt);
          next.push_back(std::move(k));
        }
      }
      partial = std::move(next);
    }
    for (Combo& k : partial) {
      bool seen = false;
      for (const Combo& o : *out) seen = seen || o.dtypes == k.dtypes;
      if (!seen) out->push_back(std::move(k));
    }
  }
  return true;
}

// The headers that `file` and the headers beside it (found relative to the
// including file, followed) include from elsewhere: the library's, which a
// dtype build includes before its unnamed namespace, so that none is first
// seen inside it. Appended to *out in order, once each.
void ExternalIncludes(const std::string& file, std::set<std::string>* seen, std::vector<std::string>* out) {
  if (!seen->insert(file).second) return;
  std::ifstream in(file);
  const size_t slash = file.find_last_of('/');
  const std::string dir = slash == std::string::npos ? "." : file.substr(0, slash);
  std::string line;
  while (std::getline(in, line)) {
    size_t i = line.find_first_not_of(" \t");
    if (i == std::string::npos || line[i] != '#') continue;
    i = line.find_first_not_of(" \t", i + 1);
    if (i == std::string::npos || line.compare(i, 7, "include") != 0) continue;
    i = line.find_first_of("\"<", i + 7);
    if (i == std::string::npos) continue;
    const size_t end = line.find(line[i] == '"' ? '"' : '>', i + 1);
    if (end == std::string::npos) continue;
    const std::string name = line.substr(i + 1, end - i - 1);
    const std::string local = dir + "/" + name;
    if (std::ifstream(local).good()) {
      ExternalIncludes(local, seen, out);
    } else if (std::find(out->begin(), out->end(), name) == out->end()) {
      out->push_back(name);
    }
  }
}

// aicore_opgen --dtype-builds <out_dir> <OpType> <kernel_source> <prelude> <slots>:
// writes kernel_<kernel>_dt<i>.cpp for i < slots, one per dtype combination of
// the OpDef (the rest empty), each compiling the unchanged kernel source with
// DTYPE_/ORIG_DTYPE_/FORMAT_<NAME> defined and its entry renamed, inside an
// unnamed namespace (the builds' classes differ; the library headers it
// reaches are included before it), registered for its dtypes.
// <prelude>: the header that gives the kernel its tiling types, or "-".
// --tpl: the entry is a kernel template over tiling-template arguments
// (AICORE_OP_TPL_KERNEL_DTYPES: each build instantiates its selections).
bool GenerateDtypeBuilds(const std::string& dir, const std::string& type, const std::string& source,
                         const std::string& prelude, size_t slots, bool tpl) {
  const ops::OpDef* def = aicore::op::FindOpDef(type);
  if (def == nullptr) {
    std::fprintf(stderr, "aicore_opgen: operator %s is not registered by the op_host sources (OP_ADD(%s))\n",
                 type.c_str(), type.c_str());
    return false;
  }
  if (!def->DefinitionError().empty()) {
    std::fprintf(stderr, "aicore_opgen: %s\n", def->DefinitionError().c_str());
    return false;
  }
  std::vector<Combo> combos;
  if (!Combos(type, *def, &combos)) return false;
  if (combos.size() > slots) {
    std::fprintf(stderr,
                 "aicore_opgen: %s has %zu dtype combinations; its project builds at most %zu "
                 "(aicore_add_op_project(... DTYPE_BUILDS <n>))\n",
                 type.c_str(), combos.size(), slots);
    return false;
  }
  std::vector<std::string> names;
  for (const ops::OpParamDef& p : def->Inputs()) names.push_back(Upper(Ident(p.Name())));
  for (const ops::OpParamDef& p : def->Outputs()) {
    std::string n = Upper(Ident(p.Name()));
    for (size_t i = 0; i < def->Inputs().size(); ++i) {
      if (names[i] == n) n += "_REF";  // an output named as an input, as the vendor's build names it
    }
    names.push_back(n);
  }
  const std::string kernel = aicore::op::KernelNameOf(type);
  std::set<std::string> seen;
  std::vector<std::string> external;
  ExternalIncludes(source, &seen, &external);
  bool ok = true;
  for (size_t i = 0; i < slots; ++i) {
    std::ofstream f(dir + "/kernel_" + kernel + "_dt" + std::to_string(i) + ".cpp");
    f << "// Generated by aicore_opgen from the OpDef of " << type << ". Do not edit.\n";
    if (i >= combos.size()) {
      f << "// (no dtype combination for this build slot)\n";
      ok = ok && static_cast<bool>(f);
      continue;
    }
    const Combo& k = combos[i];
    const std::string entry = "aicore_dtype_build" + std::to_string(i) + "_" + kernel;
    // GET_TILING_DATA takes the class registered for this op type; the
    // standard headers kernels use, before the unnamed namespace.
    f << "#define AICORE_TILING_OP_TYPE \"" << type << "\"\n"
      << "#pragma GCC diagnostic ignored \"-Wunused-parameter\"\n"
      << "#include <algorithm>\n#include <array>\n#include <cmath>\n#include <cstdint>\n#include <cstring>\n"
      << "#include <limits>\n#include <type_traits>\n#include <utility>\n"
      << "#include \"aicore_op_kernel.h\"\n";
    if (prelude != "-") f << "#include \"" << prelude << "\"\n";
    f << "#include \"aicore_op_dtypes.h\"\n";
    std::string list;
    for (size_t p = 0; p < k.dtypes.size(); ++p) {
      list += (p ? ", " : "") + std::to_string(k.dtypes[p]);
      if (k.dtypes[p] < 0) continue;
      const auto t = static_cast<ge::DataType>(k.dtypes[p]);
      const char* ctype = KernelTypeOf(t);
      if (ctype == nullptr) {
        std::fprintf(stderr, "aicore_opgen: %s: %s has dtype %s, which has no kernel type on the CPU\n",
                     type.c_str(), names[p].c_str(), ge::DataTypeName(t).c_str());
        return false;
      }
      f << "#define DTYPE_" << names[p] << " " << ctype << "\n"
        << "#define ORIG_DTYPE_" << names[p] << " " << ge::DataTypeName(t) << "\n"
        << "#define FORMAT_" << names[p] << " " << ge::FormatName(k.formats[p]) << "\n";
    }
    // The library headers the kernel reaches, before the namespace (those
    // that exist here: an include under an #if for another part may not).
    for (const std::string& h : external) {
      f << "#if __has_include(\"" << h << "\")\n#include \"" << h << "\"\n#endif\n";
    }
    f << "#define " << kernel << " " << entry << "\n"
      << "namespace {\n#include \"" << source << "\"\n}  // namespace\n"
      << "#undef " << kernel << "\n"
      << (tpl ? "AICORE_OP_TPL_KERNEL_DTYPES(" : "AICORE_OP_KERNEL_DTYPES(") << kernel << ", " << entry << ", {"
      << list << "});\n";
    ok = ok && static_cast<bool>(f);
  }
  return ok;
}

}  // namespace

int main(int argc, char** argv) {
  if ((argc == 7 || (argc == 8 && std::string(argv[7]) == "--tpl")) && std::string(argv[1]) == "--dtype-builds") {
    return GenerateDtypeBuilds(argv[2], argv[3], argv[4], argv[5], std::stoul(argv[6]), argc == 8) ? 0 : 1;
  }
  if (argc < 2) {
    std::fprintf(stderr,
                 "usage: aicore_opgen <out_dir> <OpType>...\n"
                 "       aicore_opgen --dtype-builds <out_dir> <OpType> <kernel_source> <prelude|-> <slots> [--tpl]\n");
    return 2;
  }
  bool ok = true;
  for (int i = 2; i < argc; ++i) ok = Generate(argv[1], argv[i]) && ok;
  return ok ? 0 : 1;
}
