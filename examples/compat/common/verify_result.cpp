// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// verify_result <float|half|int32> <output.bin> <golden.bin>: the vendor-style
// golden check of the example projects (the C++ counterpart of the samples'
// verify_result.py): elementwise isclose with rtol = atol = 1e-3 for half,
// 1e-4 / 1e-5 for float (exact for int32), passing when at most 0.1 % of the
// elements are outside. Exit status 0 on pass.
#include <aicore/testing/golden.h>

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <string>
#include <vector>

namespace {

template <class T>
bool Load(const char* path, std::vector<T>& v) {
  std::ifstream f(path, std::ios::binary | std::ios::ate);
  if (!f) return false;
  const auto bytes = static_cast<size_t>(f.tellg());
  if (bytes % sizeof(T) != 0) return false;
  v.resize(bytes / sizeof(T));
  f.seekg(0);
  return static_cast<bool>(f.read(reinterpret_cast<char*>(v.data()), static_cast<std::streamsize>(bytes)));
}

template <class T>
int Verify(const char* out_path, const char* golden_path, aicore::GoldenTolerance tol) {
  std::vector<T> out, golden;
  if (!Load(out_path, out) || !Load(golden_path, golden)) {
    std::fprintf(stderr, "verify_result: cannot read %s or %s\n", out_path, golden_path);
    return 1;
  }
  if (out.size() != golden.size() || out.empty()) {
    std::fprintf(stderr, "verify_result: %zu output elements, %zu golden\n", out.size(), golden.size());
    return 1;
  }
  const aicore::GoldenResult r = aicore::CompareGolden(out.data(), golden.data(), out.size(), tol);
  std::printf("%s: %s\n", out_path, r.Summary().c_str());
  if (!r.pass) {
    std::printf("first mismatch at %zu: %g vs golden %g\n", r.first_error,
                static_cast<double>(static_cast<float>(out[r.first_error])),
                static_cast<double>(static_cast<float>(golden[r.first_error])));
  }
  std::printf("%s\n", r.pass ? "test pass" : "[ERROR] result error");
  return r.pass ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 4) {
    std::fprintf(stderr, "usage: verify_result <float|half|int32> <output.bin> <golden.bin>\n");
    return 2;
  }
  const std::string type = argv[1];
  if (type == "float") return Verify<float>(argv[2], argv[3], aicore::DefaultTolerance<float>());
  if (type == "half") return Verify<half>(argv[2], argv[3], aicore::DefaultTolerance<half>());
  if (type == "int32") return Verify<int32_t>(argv[2], argv[3], {0.0, 0.0, 0.0});
  std::fprintf(stderr, "verify_result: unknown type %s\n", type.c_str());
  return 2;
}
