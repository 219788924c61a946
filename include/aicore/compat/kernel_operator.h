// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// kernel_operator.h for the CPU: what an Ascend C kernel source includes.
// Reachable only through the CMake target aicore::compat (or tikicpulib::*),
// so it never shadows a real CANN install. It is aicore's kernel API
// (<aicore/aicore.h>) plus the vendor's kernel-side macros:
//
//   GET_TILING_DATA & co., TILING_KEY_IS        (aicore/runtime/tiling.h)
//   KERNEL_TASK_TYPE_DEFAULT(type), KERNEL_TASK_TYPE(key, type)
//   g_coreType, ASCEND_IS_AIV, ASCEND_IS_AIC, ASCEND_IS_NOT_AIV, ASCEND_IS_NOT_AIC
//   ASSERT(cond [, fmt, args...]); PRINTF & co. come from kernel_utils_compat.h
//   __CCE_AICORE__ (220, the Ascend910B profile, unless the build defines it)
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <mutex>
#include <string>
#include <typeinfo>
#include <vector>

#include "aicore/aicore.h"
#include "aicore/lib/activation.h"
#include "aicore/lib/confusion_transpose.h"
#include "aicore/lib/transdata.h"
#include "aicore/lib/broadcast.h"
#include "aicore/lib/pad.h"
#include "aicore/lib/cumsum.h"
#include "aicore/lib/glu.h"
#include "aicore/lib/math.h"
#include "aicore/lib/math_misc.h"
#include "aicore/lib/math_erf.h"
#include "aicore/lib/math_gamma.h"
#include "aicore/lib/math_power.h"
#include "aicore/lib/math_trig.h"
#include "aicore/lib/batchnorm.h"
#include "aicore/lib/groupnorm.h"
#include "aicore/lib/layernorm_ar.h"
#include "aicore/lib/layernormgrad.h"
#include "aicore/lib/normalization.h"
#include "aicore/lib/normalize.h"
#include "aicore/lib/welford.h"
#include "aicore/lib/antiquant.h"
#include "aicore/lib/dequant.h"
#include "aicore/lib/dropout.h"
#include "aicore/lib/quant.h"
#include "aicore/lib/softmax.h"
#include "aicore/lib/reduce.h"
#include "aicore/lib/reduce_pattern.h"
#include "aicore/lib/select_misc.h"
#include "aicore/lib/sort.h"
#include "aicore/runtime/tiling.h"
#include "kernel_tiling/kernel_tiling.h"
#include "kernel_utils_compat.h"
#include "kernel_utils_constants.h"
#include "kernel_builtins.h"

#ifndef __CCE_AICORE__
#define __CCE_AICORE__ 220
#endif

// Kernel types of KERNEL_TASK_TYPE_DEFAULT / KERNEL_TASK_TYPE (the vendor's
// KernelMetaType, same order).
enum KernelMetaType : uint8_t {
  KERNEL_TYPE_AIV_ONLY = 0,
  KERNEL_TYPE_AIC_ONLY,
  KERNEL_TYPE_MIX_AIV_1_0,
  KERNEL_TYPE_MIX_AIC_1_0,
  KERNEL_TYPE_MIX_AIC_1_1,
  KERNEL_TYPE_MIX_AIC_1_2,
  KERNEL_TYPE_AICORE,
  KERNEL_TYPE_VECTORCORE,
  KERNEL_TYPE_MIX_AICORE,
  KERNEL_TYPE_MIX_VECTOR_CORE,
  KERNEL_TYPE_MAX,
};

namespace aicore {
namespace compat {

// How a launch's geometry follows the kernel's declared type.
//
// On the NPU, KERNEL_TASK_TYPE_DEFAULT / KERNEL_TASK_TYPE are read when the
// kernel is compiled, not when it runs (the vendor's macros expand to nothing
// in the device code): the declared type decides which cores start, wherever
// the macro stands in the body and even if the body returns before reaching
// it. The vendor's CPU mode follows the same rule for the launch stubs its
// build generates: they call SetKernelMode with the mode of the declared type
// (AIV_ONLY, MIX_AIV_1_0 -> AIV_MODE; AIC_ONLY, MIX_AIC_1_0 -> AIC_MODE;
// MIX_AIC_1_x -> MIX) or, with no declaration, with the mode the compiled code
// needs (AIV_MODE for a kernel with no cube code).
//
// aicore does the same before the first block starts: each macro declares a
// local class whose name names the enclosing kernel; instantiating
// TaskTypeDecl<that class, ...> registers (kernel name, tiling key, type)
// during static initialisation, before main, so ICPU_RUN_KF knows the
// declared type of a kernel it has never run (no probe run, no second launch).
// ICPU_RUN_KF without SetKernelMode then runs the geometry of the declared
// type, and a kernel with no declaration as vector blocks (AIV_MODE).
// SetKernelMode, when called, decides as before. The check at run time stays:
// a block whose core type contradicts the declaration (SetKernelMode or a
// direct launch that asked for it) is reported, since the NPU never runs
// such a kernel there.

// One declaration: KERNEL_TASK_TYPE_DEFAULT (has_key false) or
// KERNEL_TASK_TYPE(key, type) of the kernel `name` (NormalizedKernelName's
// form). Plain data, and the table is never destroyed: a kernel library and
// the host program share it, and they may be built with different
// _GLIBCXX_USE_CXX11_ABI settings (no std::string or std::map in it).
struct TaskTypeDecls {
  char name[256];
  bool has_key;
  uint64_t key;
  KernelMetaType type;
  // Not declared but what the kernel's code needs (REGIST_MATMUL_OBJ: a
  // mixed or, with ASCENDC_CUBE_ONLY, a cube kernel, as the vendor's build
  // compiles it); a declaration of the kernel takes precedence.
  bool inferred;
};

struct TaskTypeRegistry {
  std::mutex mu;
  std::vector<const TaskTypeDecls*> decls;  // each allocated once, never freed
};

inline TaskTypeRegistry& TaskTypes() {
  static TaskTypeRegistry* r = new TaskTypeRegistry;  // never destroyed (used until exit)
  return *r;
}

// The kernel function's name from the readable name of a class declared in
// its body: "void ns::k<float, 2>(unsigned char*)::Tag" -> "ns::k<float,2>";
// "add_custom::Tag" (an extern "C" kernel) -> "add_custom".
inline std::string KernelNameOfLocal(std::string s, const std::string& tag) {
  const size_t at = s.rfind("::" + tag);
  if (at != std::string::npos) s.resize(at);
  const std::string cv = " const";
  if (s.size() > cv.size() && s.compare(s.size() - cv.size(), cv.size(), cv) == 0) {
    s.resize(s.size() - cv.size());
  }
  if (!s.empty() && s.back() == ')') {  // the parameter list
    int depth = 0;
    for (size_t i = s.size(); i-- > 0;) {
      if (s[i] == ')') ++depth;
      if (s[i] == '(' && --depth == 0) {
        s.resize(i);
        break;
      }
    }
  }
  int depth = 0;  // a return type ends at the last space outside <> and ()
  size_t start = 0;
  for (size_t i = 0; i < s.size(); ++i) {
    const char ch = s[i];
    if (ch == '<' || ch == '(') ++depth;
    if ((ch == '>' || ch == ')') && depth > 0) --depth;
    if (ch == ' ' && depth == 0) start = i + 1;
  }
  std::string out;
  for (size_t i = start; i < s.size(); ++i) {
    if (s[i] != ' ') out += s[i];
  }
  while (out.compare(0, 2, "::") == 0) out.erase(0, 2);
  return out;
}

// The kernel name as ICPU_RUN_KF spells it: "&ns::k<float, 2>" / "(k)" / "::k"
// -> "ns::k<float,2>" / "k" / "k".
inline std::string NormalizedKernelName(const char* text) {
  std::string s;
  for (const char* p = text; p != nullptr && *p != '\0'; ++p) {
    if (*p != ' ' && *p != '\t' && *p != '\n') s += *p;
  }
  for (bool changed = true; changed && !s.empty();) {
    changed = false;
    if (s[0] == '&' || s[0] == '*') {
      s.erase(0, 1);
      changed = true;
    } else if (s.compare(0, 2, "::") == 0) {
      s.erase(0, 2);
      changed = true;
    } else if (s.front() == '(' && s.back() == ')') {
      int depth = 0;
      bool outer = true;  // the first '(' closes at the end
      for (size_t i = 0; i + 1 < s.size(); ++i) {
        if (s[i] == '(') ++depth;
        if (s[i] == ')' && --depth == 0) outer = false;
      }
      if (!outer) break;
      s = s.substr(1, s.size() - 2);
      changed = true;
    }
  }
  return s;
}

// Whether two normalised names can name the same kernel ("k" matches
// "ns::k": ICPU_RUN_KF may spell the name as a using-declaration allows).
inline bool SameKernelName(const std::string& a, const std::string& b) {
  auto qualified_end = [](const std::string& longer, const std::string& shorter) {
    return longer.size() > shorter.size() + 2 &&
           longer.compare(longer.size() - shorter.size(), shorter.size(), shorter) == 0 &&
           longer.compare(longer.size() - shorter.size() - 2, 2, "::") == 0;
  };
  return !a.empty() && (a == b || qualified_end(a, b) || qualified_end(b, a));
}

inline std::string WithoutTemplateArgs(const std::string& s) {
  std::string out;
  int depth = 0;
  for (const char ch : s) {
    if (ch == '<') ++depth;
    if (depth == 0) out += ch;
    if (ch == '>' && depth > 0) --depth;
  }
  return out;
}

inline const TaskTypeDecls* RegisterTaskType(const std::string& local_class, bool has_key,
                                             uint64_t key, KernelMetaType type, bool inferred = false) {
  const std::string name = KernelNameOfLocal(local_class, "AicoreTaskTypeTag");
  auto* d = new TaskTypeDecls{};
  std::snprintf(d->name, sizeof(d->name), "%s", name.c_str());
  d->has_key = has_key;
  d->key = key;
  d->type = type;
  d->inferred = inferred;
  TaskTypeRegistry& r = TaskTypes();
  std::lock_guard<std::mutex> lock(r.mu);
  r.decls.push_back(d);
  return d;
}

// The type the kernel named `launch_name` declares for tiling key `key`:
// returns false when it declares none, or when the name fits several kernels
// that declare different types.
inline bool DeclaredTaskType(const char* launch_name, uint64_t key, KernelMetaType* type) {
  const std::string want = NormalizedKernelName(launch_name);
  TaskTypeRegistry& r = TaskTypes();
  std::lock_guard<std::mutex> lock(r.mu);
  // Declarations first, then types inferred from the kernel's code; exact
  // names first, then without template arguments (a template kernel
  // launched through a wrapper whose name lacks them).
  for (int pass = 0; pass < 4; ++pass) {
    const bool inferred = pass >= 2;
    const std::string w = pass % 2 == 0 ? want : WithoutTemplateArgs(want);
    // Per kernel name: its KERNEL_TASK_TYPE for the key, else its default.
    std::vector<std::string> names;
    for (const TaskTypeDecls* d : r.decls) {
      if (d->inferred != inferred) continue;
      const std::string name = d->name;
      if (!SameKernelName(pass % 2 == 0 ? name : WithoutTemplateArgs(name), w)) continue;
      if (std::find(names.begin(), names.end(), name) == names.end()) names.push_back(name);
    }
    int found = 0;
    bool agree = true;
    KernelMetaType t = KERNEL_TYPE_AIV_ONLY;
    for (const std::string& name : names) {
      const TaskTypeDecls* by_key = nullptr;
      const TaskTypeDecls* by_default = nullptr;
      for (const TaskTypeDecls* d : r.decls) {
        if (name != d->name || d->inferred != inferred) continue;
        if (d->has_key && d->key == key) by_key = d;
        if (!d->has_key) by_default = d;
      }
      const TaskTypeDecls* chosen = by_key != nullptr ? by_key : by_default;
      if (chosen == nullptr) continue;
      if (found++ > 0 && chosen->type != t) agree = false;
      t = chosen->type;
    }
    if (found > 0) {
      if (!agree) return false;
      *type = t;
      return true;
    }
  }
  return false;
}

// Instantiated by the macros with a class local to the kernel body: the
// static member's initialiser runs before main.
template <class Tag, bool kHasKey, uint64_t kKey, int kType, bool kInferred = false>
struct TaskTypeDecl {
  static const TaskTypeDecls* const decls;
};
template <class Tag, bool kHasKey, uint64_t kKey, int kType, bool kInferred>
const TaskTypeDecls* const TaskTypeDecl<Tag, kHasKey, kKey, kType, kInferred>::decls = RegisterTaskType(
    detail::ReadableTypeName(typeid(Tag)), kHasKey, kKey, static_cast<KernelMetaType>(kType), kInferred);

// The run-time check of a declaration: a kernel declared vector-only
// (cube-only) on a cube (vector) block is reported, since the NPU would never
// run it there. Only an explicit SetKernelMode (or a direct launch with that
// geometry) can put it there: without SetKernelMode the declared type decides
// the geometry.
inline void CheckTaskType(KernelMetaType type, SrcLoc loc) {
  detail::CoreContext& core = detail::Enter("KERNEL_TASK_TYPE_DEFAULT", loc);
  const bool aiv_only = type == KERNEL_TYPE_AIV_ONLY || type == KERNEL_TYPE_MIX_AIV_1_0;
  const bool aic_only = type == KERNEL_TYPE_AIC_ONLY || type == KERNEL_TYPE_MIX_AIC_1_0;
  const bool on_aic = core.core_type == detail::CoreType::kAIC;
  if ((aiv_only && on_aic) || (aic_only && !on_aic)) {
    detail::Fail(ErrorKind::kLaunch, "KERNEL_TASK_TYPE_DEFAULT", loc,
                 std::string("the kernel is declared ") +
                     (aiv_only ? "vector-only" : "cube-only") + " but this block runs on a " +
                     (on_aic ? "cube" : "vector") +
                     " core (the NPU starts only " + (aiv_only ? "vector" : "cube") +
                     " cores for it): launch it with AscendC::SetKernelMode(KernelMode::" +
                     (aiv_only ? "AIV_MODE" : "AIC_MODE") +
                     "), or without SetKernelMode (the declared type then decides)");
  }
}

// KERNEL_TASK_TYPE_DEFAULT at run time: the check, unless a KERNEL_TASK_TYPE
// of the kernel names the launch's tiling key (that one applies instead).
inline void CheckDefaultTaskType(const TaskTypeDecls* decls, KernelMetaType type, SrcLoc loc) {
  if (decls != nullptr) {
    const uint64_t key = detail::CurrentTilingKey();
    TaskTypeRegistry& r = TaskTypes();
    std::unique_lock<std::mutex> lock(r.mu);
    for (const TaskTypeDecls* d : r.decls) {
      if (d->has_key && d->key == key && std::strcmp(d->name, decls->name) == 0) return;
    }
  }
  CheckTaskType(type, loc);
}

inline int32_t CoreTypeValue() {
  const detail::CoreContext* c = detail::t_core;
  return (c != nullptr && c->core_type == detail::CoreType::kAIC) ? ::AscendC::AIC : ::AscendC::AIV;
}

}  // namespace compat
}  // namespace aicore

// KERNEL_TASK_TYPE_DEFAULT(type): the kernel's type for every tiling key;
// KERNEL_TASK_TYPE(key, type): its type for the launches with that tiling key
// (it takes precedence). Both are statements in the kernel body; type and key
// are constants, as the vendor's compile-time reading of them requires.
// ENABLE_DETERMINISTIC(): a feature flag the vendor's build reads from the
// kernel's source (the kernel's own code and tiling choose its deterministic
// paths); a statement that does nothing here.
#ifndef ENABLE_DETERMINISTIC
#define ENABLE_DETERMINISTIC() \
  do {                         \
  } while (0)
#endif

#define KERNEL_TASK_TYPE_DEFAULT(type)                                                         \
  do {                                                                                         \
    struct AicoreTaskTypeTag {                                                                 \
      char unused;                                                                             \
    };                                                                                         \
    ::aicore::compat::CheckDefaultTaskType(                                                    \
        ::aicore::compat::TaskTypeDecl<AicoreTaskTypeTag, false, 0,                            \
                                       static_cast<int>(type)>::decls,                         \
        static_cast<KernelMetaType>(type), ::aicore::SrcLoc{__FILE__, __LINE__});              \
  } while (0)
#define KERNEL_TASK_TYPE(key, type)                                                            \
  do {                                                                                         \
    struct AicoreTaskTypeTag {                                                                 \
      char unused;                                                                             \
    };                                                                                         \
    (void)::aicore::compat::TaskTypeDecl<AicoreTaskTypeTag, true, static_cast<uint64_t>(key),  \
                                         static_cast<int>(type)>::decls;                       \
    if (::aicore::detail::CurrentTilingKey() == static_cast<uint64_t>(key)) {                  \
      ::aicore::compat::CheckTaskType(static_cast<KernelMetaType>(type),                       \
                                      ::aicore::SrcLoc{__FILE__, __LINE__});                   \
    }                                                                                          \
  } while (0)

#define g_coreType (::aicore::compat::CoreTypeValue())
#define ASCEND_IS_AIV (g_coreType == ::AscendC::AIV)
#define ASCEND_IS_AIC (g_coreType == ::AscendC::AIC)
#define ASCEND_IS_NOT_AIV (g_coreType != ::AscendC::AIV)
#define ASCEND_IS_NOT_AIC (g_coreType != ::AscendC::AIC)

#ifndef ASSERT
#define ASSERT(...) \
  ::aicore::detail::AssertCheck(::aicore::SrcLoc{__FILE__, __LINE__}, #__VA_ARGS__, __VA_ARGS__)
#endif

// ascendc_assert(expr) / ascendc_assert(expr, fmt, args...): when expr is
// false, fails the block (KernelError kException, api "ascendc_assert") with
// the expression and the formatted message, where the NPU prints
// "[ASSERT] file:line: Assertion `expr' message" and stops.
#define ascendc_assert(expr, ...)                                                              \
  ::aicore::detail::AssertCheckAs("ascendc_assert", ::aicore::SrcLoc{__FILE__, __LINE__}, #expr, \
                                  static_cast<bool>(expr), ##__VA_ARGS__)

// assert(expr) / assert(expr, fmt, args...): utils/debug/asc_assert.h.
#include "utils/debug/asc_assert.h"
