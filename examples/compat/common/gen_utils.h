// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Helpers of the examples' gen_data programs (the C++ counterpart of the
// vendor samples' gen_data.py): seeded random tensors and .bin files.
#ifndef EXAMPLES_COMPAT_GEN_UTILS_H
#define EXAMPLES_COMPAT_GEN_UTILS_H

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#include <aicore/base/half.h>

namespace gen {

inline std::mt19937& Rng() {
  static std::mt19937 rng(20260101);
  return rng;
}

inline std::vector<float> Uniform(size_t n, float lo, float hi) {
  std::uniform_real_distribution<float> dist(lo, hi);
  std::vector<float> v(n);
  for (auto& x : v) x = dist(Rng());
  return v;
}

inline std::vector<half> ToHalf(const std::vector<float>& v) {
  std::vector<half> h(v.size());
  for (size_t i = 0; i < v.size(); ++i) h[i] = static_cast<half>(v[i]);
  return h;
}

template <class T>
void Write(const std::string& path, const std::vector<T>& v) {
  FILE* f = std::fopen(path.c_str(), "wb");
  if (f == nullptr || std::fwrite(v.data(), sizeof(T), v.size(), f) != v.size() || std::fclose(f) != 0) {
    std::fprintf(stderr, "gen_data: cannot write %s (run it in a directory with input/ and output/)\n",
                 path.c_str());
    std::exit(1);
  }
}

}  // namespace gen

#endif  // EXAMPLES_COMPAT_GEN_UTILS_H
