// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// What the normalization tests (test_welford, test_groupnorm,
// test_batchnorm) share: one block with one VECCALC buffer of kUbBytes that
// a test carves its tensors from (At), the report of a call that fails
// (ErrorOf), and the float64-model tolerance atol * scale + rtol * |ref|
// (float 1e-5, half 2e-3).
#pragma once

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <string>

#include "aicore/aicore.h"

namespace normtest {

using AscendC::LocalTensor;
using Buf = AscendC::TBuf<AscendC::TPosition::VECCALC>;

constexpr uint32_t kDefaultUb = 160 * 1024;

template <class T>
double D(T v) {
  return static_cast<double>(static_cast<float>(v));
}

inline uint32_t Align32(uint32_t bytes) { return (bytes + 31) / 32 * 32; }

template <class T>
LocalTensor<T> At(Buf& buf, uint32_t off) {
  return buf.Get<uint8_t>()[off].ReinterpretCast<T>();
}

// body(buf) on one block, buf a kUbBytes VECCALC buffer.
template <uint32_t kUbBytes = kDefaultUb, class F>
void RunUb(F&& body) {
  aicore::Launch(
      [&] {
        AscendC::TPipe pipe;
        Buf buf;
        pipe.InitBuffer(buf, kUbBytes);
        body(buf);
      },
      1);
}

// The report RunUb<kUbBytes>(body) fails with; "" when it succeeds.
template <uint32_t kUbBytes = kDefaultUb, class F>
std::string ErrorOf(F&& body) {
  try {
    RunUb<kUbBytes>(body);
  } catch (const aicore::KernelError& e) {
    return e.what();
  }
  return "";
}

inline bool Has(const std::string& what, const std::string& part) {
  return what.find(part) != std::string::npos;
}

template <class T>
struct Tol;
template <>
struct Tol<float> {
  static constexpr double kRel = 1e-5, kAbs = 1e-5;
};
template <>
struct Tol<half> {
  static constexpr double kRel = 2e-3, kAbs = 2e-3;
};

template <class T>
void ExpectNear(double got, double ref, double scale, const std::string& what) {
  const double tol = Tol<T>::kAbs * scale + Tol<T>::kRel * std::fabs(ref);
  ASSERT_LE(std::fabs(got - ref), tol) << what << ": got " << got << ", want " << ref;
}

}  // namespace normtest
