// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// The operator log of host code (the ops repositories' log/log.h):
//
//   OP_LOGE / OP_LOGW / OP_LOGI / OP_LOGD(who, fmt, ...)   who: a context
//       (TilingContext*, InferShapeContext*, TilingParseContext* ...: its
//       node type and name) or a name (const char* / std::string)
//   OP_CHECK_IF(cond, log, return_expr), OP_CHECK_NULL_WITH_CONTEXT(ctx, ptr)
//   OP_LOGE_FOR_INVALID_{SHAPE,SHAPEDIM,SHAPESIZE,FORMAT,DTYPE,VALUE,...}[_WITH_REASON]
//   and the plural ..._{SHAPES,DTYPES,VALUES,...}_WITH_REASON forms,
//   OP_LOGE_WITH_INVALID_{INPUT_SHAPE,ATTR,ATTR_SIZE,INPUT,INPUT_SHAPESIZE,INPUT_FORMAT,INPUT_DTYPE}
//
// Where it goes: every error is kept (per thread) until the runner takes it,
// so that a tiling, TilingParse, InferShape or InferDataType function that
// fails has its errors in the runner's message. Printed, to stdout as the
// vendor's log does with ASCEND_SLOG_PRINT_TO_STDOUT=1, at and above
// ASCEND_GLOBAL_LOG_LEVEL (0 debug, 1 info, 2 warning, 3 error, 4 none;
// default 3); without ASCEND_SLOG_PRINT_TO_STDOUT=1 nothing is printed.
#pragma once

#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <type_traits>

namespace aicore {
namespace op {
namespace log {

enum Level { kDebug = 0, kInfo = 1, kWarn = 2, kError = 3 };

// The lowest level printed; 5 (above every level) when printing is off.
inline int PrintLevel() {
  static const int level = [] {
    const char* to_stdout = std::getenv("ASCEND_SLOG_PRINT_TO_STDOUT");
    if (to_stdout == nullptr || std::string(to_stdout) != "1") return 5;
    const char* l = std::getenv("ASCEND_GLOBAL_LOG_LEVEL");
    return l != nullptr && *l >= '0' && *l <= '4' ? *l - '0' : 3;
  }();
  return level;
}

inline std::string& PendingErrors() {
  thread_local std::string errors;
  return errors;
}

// The errors logged on this thread since the last call, as
// " (it logged: first; second)"; empty when none.
inline std::string TakeErrors() {
  std::string& e = PendingErrors();
  if (e.empty()) return std::string();
  std::string out = " (it logged: " + e + ")";
  e.clear();
  return out;
}

// "type:name" of a context, or the name itself.
template <class T>
std::string Who(const T& who) {
  using D = std::decay_t<T>;
  if constexpr (std::is_same_v<D, std::string> || std::is_array_v<T>) {  // a literal is never null
    return who;
  } else if constexpr (std::is_same_v<D, const char*> || std::is_same_v<D, char*>) {
    return who != nullptr ? std::string(who) : std::string("nil");
  } else if constexpr (std::is_pointer_v<D>) {
    if (who == nullptr) return "nil:nil";
    const char* t = who->GetNodeType();
    const char* n = who->GetNodeName();
    return std::string(t != nullptr ? t : "nil") + ":" + (n != nullptr ? n : "nil");
  } else {
    return std::string(who);
  }
}

inline void Emit(int level, const std::string& who, const std::string& msg) {
  if (level == kError) {
    std::string& e = PendingErrors();
    if (e.size() < 4096) e += (e.empty() ? "" : "; ") + msg;
  }
  if (level >= PrintLevel()) {
    static const char* const kNames[] = {"DEBUG", "INFO", "WARNING", "ERROR"};
    std::printf("[%s] OP(%s): %s\n", kNames[level < 0 || level > 3 ? 3 : level], who.c_str(), msg.c_str());
  }
}

inline void Write(int level, const std::string& who, const char* fmt, ...) {
  char buf[1024];
  va_list args;
  va_start(args, fmt);
  std::vsnprintf(buf, sizeof(buf), fmt != nullptr ? fmt : "", args);
  va_end(args);
  Emit(level, who, buf);
}
inline void Write(int level, const std::string& who, const std::string& msg) { Emit(level, who, msg); }
inline void Write(int level, const std::string& who) { Emit(level, who, who); }

// "Parameter x of Op has incorrect shape [2]. It should be [3]." and its kin.
inline void Invalid(const std::string& entity, const char* what, const std::string& param, const std::string& bad,
                    const std::string& tail, bool plural) {
  Emit(kError, entity,
       std::string(plural ? "Parameters " : "Parameter ") + param + " of " + entity + (plural ? " have" : " has") +
           " incorrect " + what + " " + bad + "." + tail);
}

}  // namespace log
}  // namespace op
}  // namespace aicore

#ifndef unlikely
#define unlikely(x) __builtin_expect(!!(x), 0)
#endif
#ifndef likely
#define likely(x) __builtin_expect(!!(x), 1)
#endif

// OP_LOGI("message") (a name and no format) logs the name alone, as the vendor's does.
#define AICORE_OP_LOG(level, who, ...) \
  ::aicore::op::log::Write(level, ::aicore::op::log::Who(who), ##__VA_ARGS__)
#define OP_LOGE(opName, ...) AICORE_OP_LOG(::aicore::op::log::kError, opName, ##__VA_ARGS__)
#define OP_LOGW(opName, ...) AICORE_OP_LOG(::aicore::op::log::kWarn, opName, ##__VA_ARGS__)
#define OP_LOGI(opName, ...) AICORE_OP_LOG(::aicore::op::log::kInfo, opName, ##__VA_ARGS__)
#define OP_LOGD(opName, ...) AICORE_OP_LOG(::aicore::op::log::kDebug, opName, ##__VA_ARGS__)
#define OP_LOGE_WITHOUT_REPORT(opName, ...) OP_LOGE(opName, ##__VA_ARGS__)
#define D_OP_LOGE(opName, fmt, ...) OP_LOGE(opName, fmt, ##__VA_ARGS__)
#define D_OP_LOGW(opName, fmt, ...) OP_LOGW(opName, fmt, ##__VA_ARGS__)
#define D_OP_LOGI(opName, fmt, ...) OP_LOGI(opName, fmt, ##__VA_ARGS__)
#define D_OP_LOGD(opName, fmt, ...) OP_LOGD(opName, fmt, ##__VA_ARGS__)
// The error-message reports of the graph compiler: an inner error is logged
// as an error; a predefined message (code, keys, values) adds nothing to the
// error its caller logs.
#define REPORT_INNER_ERR_MSG(code, fmt, ...) OP_LOGE(code, fmt, ##__VA_ARGS__)
#define REPORT_PREDEFINED_ERR_MSG(code, keys, values) ((void)(code), (void)(keys), (void)(values))
#define OP_CHECK_IF(condition, log, return_expr) \
  do {                                           \
    if (unlikely(condition)) {                   \
      log;                                       \
      return_expr;                               \
    }                                            \
  } while (0)
#define OP_CHECK_NULL_WITH_CONTEXT(context, ptr)                                                      \
  do {                                                                                                \
    if (unlikely((ptr) == nullptr)) {                                                                 \
      const char* aicore_name_ =                                                                      \
          ((context) == nullptr || (context)->GetNodeName() == nullptr) ? "nil" : (context)->GetNodeName(); \
      OP_LOGE(aicore_name_, "%s is nullptr!", #ptr);                                                  \
      return ge::GRAPH_FAILED;                                                                        \
    }                                                                                                 \
  } while (0)

#define AICORE_OP_INVALID(entity, what, param, bad, tail, plural) \
  ::aicore::op::log::Invalid(std::string(entity), what, std::string(param), std::string(bad), tail, plural)
#define AICORE_OP_SHOULD(x) (std::string(" It should be ") + std::string(x) + ".")
#define AICORE_OP_REASON(x) (std::string(" Reason: ") + std::string(x) + ".")
#define OP_LOGE_FOR_INVALID_SHAPE(e, p, bad, good) AICORE_OP_INVALID(e, "shape", p, bad, AICORE_OP_SHOULD(good), false)
#define OP_LOGE_FOR_INVALID_SHAPE_WITH_REASON(e, p, bad, r) AICORE_OP_INVALID(e, "shape", p, bad, AICORE_OP_REASON(r), false)
#define OP_LOGE_FOR_INVALID_SHAPES_WITH_REASON(e, p, bad, r) AICORE_OP_INVALID(e, "shapes", p, bad, AICORE_OP_REASON(r), true)
#define OP_LOGE_FOR_INVALID_SHAPEDIM(e, p, bad, good) AICORE_OP_INVALID(e, "dimension count", p, bad, AICORE_OP_SHOULD(good), false)
#define OP_LOGE_FOR_INVALID_SHAPEDIM_WITH_REASON(e, p, bad, r) AICORE_OP_INVALID(e, "dimension count", p, bad, AICORE_OP_REASON(r), false)
#define OP_LOGE_FOR_INVALID_SHAPEDIMS_WITH_REASON(e, p, bad, r) AICORE_OP_INVALID(e, "dimension counts", p, bad, AICORE_OP_REASON(r), true)
#define OP_LOGE_FOR_INVALID_SHAPESIZE(e, p, bad, good) AICORE_OP_INVALID(e, "shape size", p, bad, AICORE_OP_SHOULD(good), false)
#define OP_LOGE_FOR_INVALID_SHAPESIZE_WITH_REASON(e, p, bad, r) AICORE_OP_INVALID(e, "shape size", p, bad, AICORE_OP_REASON(r), false)
#define OP_LOGE_FOR_INVALID_SHAPESIZES_WITH_REASON(e, p, bad, r) AICORE_OP_INVALID(e, "shape sizes", p, bad, AICORE_OP_REASON(r), true)
#define OP_LOGE_FOR_INVALID_FORMAT(e, p, bad, good) AICORE_OP_INVALID(e, "format", p, bad, AICORE_OP_SHOULD(good), false)
#define OP_LOGE_FOR_INVALID_FORMAT_WITH_REASON(e, p, bad, r) AICORE_OP_INVALID(e, "format", p, bad, AICORE_OP_REASON(r), false)
#define OP_LOGE_FOR_INVALID_FORMATS_WITH_REASON(e, p, bad, r) AICORE_OP_INVALID(e, "formats", p, bad, AICORE_OP_REASON(r), true)
#define OP_LOGE_FOR_INVALID_DTYPE(e, p, bad, good) AICORE_OP_INVALID(e, "dtype", p, bad, AICORE_OP_SHOULD(good), false)
#define OP_LOGE_FOR_INVALID_DTYPE_WITH_REASON(e, p, bad, r) AICORE_OP_INVALID(e, "dtype", p, bad, AICORE_OP_REASON(r), false)
#define OP_LOGE_FOR_INVALID_DTYPES_WITH_REASON(e, p, bad, r) AICORE_OP_INVALID(e, "dtypes", p, bad, AICORE_OP_REASON(r), true)
#define OP_LOGE_FOR_INVALID_TENSORNUM(e, p, bad, good) AICORE_OP_INVALID(e, "tensor count", p, bad, AICORE_OP_SHOULD(good), false)
#define OP_LOGE_FOR_INVALID_TENSORNUMS_WITH_REASON(e, p, bad, r) AICORE_OP_INVALID(e, "tensor counts", p, bad, AICORE_OP_REASON(r), true)
#define OP_LOGE_FOR_INVALID_VALUE(e, p, bad, good) AICORE_OP_INVALID(e, "value", p, bad, AICORE_OP_SHOULD(good), false)
#define OP_LOGE_FOR_INVALID_VALUE_WITH_REASON(e, p, bad, r) AICORE_OP_INVALID(e, "value", p, bad, AICORE_OP_REASON(r), false)
#define OP_LOGE_FOR_INVALID_VALUES_WITH_REASON(e, p, bad, r) AICORE_OP_INVALID(e, "values", p, bad, AICORE_OP_REASON(r), true)
#define OP_LOGE_FOR_INVALID_LISTSIZE(e, p, bad, good) AICORE_OP_INVALID(e, "list size", p, bad, AICORE_OP_SHOULD(good), false)
#define OP_LOGE_FOR_INVALID_LISTSIZE_WITH_REASON(e, p, bad, r) AICORE_OP_INVALID(e, "list size", p, bad, AICORE_OP_REASON(r), false)
#define OP_LOGE_FOR_INVALID_STRIDE(e, p, bad, good) AICORE_OP_INVALID(e, "stride", p, bad, AICORE_OP_SHOULD(good), false)
#define OP_LOGE_FOR_INVALID_ARGUMENT_WITH_REASON(e, p, r) AICORE_OP_INVALID(e, "argument", p, "", AICORE_OP_REASON(r), false)
#define OP_LOGE_WITH_INVALID_INPUT_SHAPE(e, index, bad, good) \
  AICORE_OP_INVALID(e, "shape", std::string("input ") + std::string(index), bad, AICORE_OP_SHOULD(good), false)
#define OP_LOGE_WITH_INVALID_INPUT_SHAPESIZE(e, index, bad, good) \
  AICORE_OP_INVALID(e, "shape size", std::string("input ") + std::string(index), bad, AICORE_OP_SHOULD(good), false)
#define OP_LOGE_WITH_INVALID_ATTR(e, attr, bad, good) AICORE_OP_INVALID(e, "value", attr, bad, AICORE_OP_SHOULD(good), false)
#define OP_LOGE_WITH_INVALID_ATTR_SIZE(e, attr, bad, good) AICORE_OP_INVALID(e, "size", attr, bad, AICORE_OP_SHOULD(good), false)
#define OP_LOGE_WITH_INVALID_INPUT(e, p) AICORE_OP_INVALID(e, "input", p, "", "", false)
#define OP_LOGE_WITH_INVALID_INPUT_FORMAT(e, p, bad, good) AICORE_OP_INVALID(e, "format", p, bad, AICORE_OP_SHOULD(good), false)
#define OP_LOGE_WITH_INVALID_INPUT_DTYPE(e, p, bad, good) AICORE_OP_INVALID(e, "dtype", p, bad, AICORE_OP_SHOULD(good), false)
