// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Golden comparison in the style kernel projects use: an element passes when
// |out - golden| <= atol + rtol * |golden|; the whole output passes when the
// fraction of failing elements is at most `max_error_ratio` (vendor samples
// use rtol = atol = 1e-3 for half and 1e-4 / 1e-5 for float, ratio 1e-3).
#pragma once

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string>

#include "aicore/base/half.h"

namespace aicore {

struct GoldenTolerance {
  double rtol;
  double atol;
  double max_error_ratio;
};

template <class T>
constexpr GoldenTolerance DefaultTolerance() {
  if constexpr (std::is_same_v<T, half> || std::is_same_v<T, bfloat16_t>) {
    return {1e-3, 1e-3, 1e-3};
  } else {
    return {1e-4, 1e-5, 1e-3};
  }
}

struct GoldenResult {
  bool pass = true;
  size_t errors = 0;
  size_t count = 0;
  size_t first_error = 0;
  double max_abs_error = 0;
  std::string Summary() const {
    char buf[200];
    std::snprintf(buf, sizeof(buf), "%s: %zu of %zu elements outside tolerance, max |error| %.3g",
                  pass ? "PASS" : "FAIL", errors, count, max_abs_error);
    return buf;
  }
};

// Compares n elements of out against golden (both any arithmetic-convertible type).
template <class T, class G>
GoldenResult CompareGolden(const T* out, const G* golden, size_t n,
                           GoldenTolerance tol = DefaultTolerance<T>()) {
  GoldenResult r;
  r.count = n;
  for (size_t i = 0; i < n; ++i) {
    const double o = static_cast<double>(static_cast<float>(out[i]));
    const double g = static_cast<double>(static_cast<float>(golden[i]));
    const double err = std::fabs(o - g);
    const bool same_special = (std::isnan(o) && std::isnan(g)) || (std::isinf(o) && o == g);
    const bool ok = same_special || (!std::isnan(err) && err <= tol.atol + tol.rtol * std::fabs(g));
    if (!same_special && !std::isnan(err) && err > r.max_abs_error) r.max_abs_error = err;
    if (!ok) {
      if (r.errors == 0) r.first_error = i;
      ++r.errors;
    }
  }
  r.pass = static_cast<double>(r.errors) <= tol.max_error_ratio * static_cast<double>(n);
  return r;
}

}  // namespace aicore
