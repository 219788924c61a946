// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Definitions of aicore/instrument/sanitizer/numeric.h (see AICORE_RT_FN in base/defs.h).
#pragma once

#include "aicore/instrument/sanitizer/numeric.h"

namespace aicore {
namespace detail {

AICORE_RT_FN std::string NumFormat(double v) {
  char buf[48];
  std::snprintf(buf, sizeof(buf), "%.8g", v);
  return buf;
}

AICORE_RT_FN const char* NumSpecialName(double v) {
  return std::isnan(v) ? "NaN" : (v > 0 ? "+Inf" : "-Inf");
}

AICORE_RT_COLD AICORE_RT_FN void NumReportElement(CoreContext& core, const char* api, SrcLoc loc,
                                                  const NumType& dt, double produced, double result,
                                                  const std::string& where, const NumInput* in,
                                                  size_t n_in, const NumScalar& sc,
                                                  uint64_t count) {
  const bool overflow = !std::isnan(produced) && std::isfinite(result) && dt.max > 0 &&
                        std::fabs(result) > dt.max;
  std::string m = api;
  if (overflow) {
    m += std::string(" result ") + NumFormat(result) + " overflows " + dt.name + " (max " +
         NumFormat(dt.max) + ") -> " + NumSpecialName(produced) + " at " + where;
  } else {
    m += std::string(" produced ") + NumSpecialName(produced) + " (" + dt.name + ") at " + where;
  }
  m += n_in + (sc.present ? 1 : 0) > 1 ? " from finite inputs" : " from finite input";
  for (size_t i = 0; i < n_in; ++i) {
    m += std::string(" ") + in[i].role + "=" +
         (in[i].known ? NumFormat(in[i].value) : std::string("(overwritten in place)"));
  }
  if (sc.present) m += " scalar=" + NumFormat(sc.value);
  if (count > 1) m += "; " + std::to_string(count) + " elements of this call are affected";
  if (overflow && std::strcmp(api, "Cast") == 0) {
    m += std::string("; scale the values into the ") + dt.name +
         " range before the Cast, or keep them in float";
  } else if (overflow) {
    m += std::string("; compute in float (Cast the operands to float first) or scale them so that "
                     "results stay within the ") + dt.name + " range";
  } else if (std::isnan(produced)) {
    m += "; an input is outside the instruction's domain (Ln or Sqrt of a negative value, 0/0, "
         "Inf - Inf)";
  } else {
    m += "; an input is a pole of the instruction (division by zero, Ln(0), Rsqrt(0)) or the "
         "result exceeds the type's range";
  }
  Report(core, ErrorKind::kNumeric, api, loc, std::move(m));
}

AICORE_RT_COLD AICORE_RT_FN void NumReportSum(CoreContext& core, const char* api, SrcLoc loc,
                                              const NumType& t, double produced,
                                              const std::string& where, const std::string& inputs,
                                              double exact_sum, uint64_t n, uint64_t count) {
  std::string m = std::string(api) + " produced " + NumSpecialName(produced) + " (" + t.name +
                  ") at " + where + " from " + std::to_string(n) + " finite inputs (" +
                  inputs + "; their sum in double precision is " + NumFormat(exact_sum) +
                  "): a partial sum overflows " + t.name + " (max " + NumFormat(t.max) + ")";
  if (count > 1) m += "; " + std::to_string(count) + " results of this call are affected";
  m += "; sum in float (Cast to float first) or scale the inputs";
  Report(core, ErrorKind::kNumeric, api, loc, std::move(m));
}
}  // namespace detail
}  // namespace aicore
