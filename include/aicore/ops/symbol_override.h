// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// The operator forms of vector instructions on LocalTensors (the vendor's
// symbol overrides, kernel_tensor.h):
//
//   dst = src0 + src1;  Add(dst, src0, src1, dst.GetSize()); likewise -, *, /
//                       (Sub, Mul, Div)
//   dst = src0 & src1;  And over dst.GetSize() elements (a 32-bit type as
//                       twice as many 16-bit halves, as the NPU does); | : Or
//   dst = src0 < src1;  Compare(dst, src0, src1, CMPMODE::LT, src0.GetSize()):
//                       one bit per element in dst; >, <=, >=, ==, != likewise
//
// The operator makes a SymbolOverride* holding both sources; assigning it
// to a tensor (LocalTensor's operator=) runs the instruction, with that
// instruction's checks, type rules and errors, reported at the expression's
// file:line. The vendor declares the operators as members of LocalTensor;
// here they are found by argument-dependent lookup in the target namespace,
// so that translation units built for different SIMD targets keep their own
// code (simd/target.h).
#pragma once

#include <cstdint>
#include <type_traits>

#include "aicore/base/defs.h"
#include "aicore/base/types.h"
#include "aicore/memory/local_tensor.h"
#include "aicore/ops/compare.h"
#include "aicore/ops/elementwise.h"
#include "aicore/simd/target.h"

namespace AscendC {
AICORE_TARGET_BEGIN

namespace symbol_override_detail {
// The right operand of an operator, with the place of the expression.
template <typename T>
struct OperandAt {
  const LocalTensor<T>& t;
  aicore::SrcLoc loc;
  OperandAt(const LocalTensor<T>& tensor, aicore::SrcLoc l = aicore::SrcLoc::Current())  // NOLINT(runtime/explicit)
      : t(tensor), loc(l) {}
};
template <typename T>
struct Same {
  using type = T;
};
// The second operand: not deduced, so that it converts (taking the place).
template <typename T>
using Rhs = typename Same<OperandAt<T>>::type;

// And / Or work on 16-bit lanes; a 32-bit tensor is done as twice as many
// halves.
template <typename T, typename F>
void Bitwise(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1,
             aicore::SrcLoc loc, F f) {
  if constexpr (sizeof(T) == 4) {
    f(dst.template ReinterpretCast<uint16_t>(loc), src0.template ReinterpretCast<uint16_t>(loc),
      src1.template ReinterpretCast<uint16_t>(loc), static_cast<int32_t>(dst.GetSize() * 2));
  } else {
    f(dst, src0, src1, static_cast<int32_t>(dst.GetSize()));
  }
}
}  // namespace symbol_override_detail

#define AICORE_SYMBOL_OVERRIDE(NAME, OP, ...)                                                            \
  template <typename T>                                                                                 \
  class SymbolOverride##NAME {                                                                          \
   public:                                                                                              \
    static constexpr bool kSymbolOverride = true;                                                       \
    SymbolOverride##NAME(const LocalTensor<T>& src0, const LocalTensor<T>& src1, aicore::SrcLoc loc)    \
        : src0_(src0), src1_(src1), loc_(loc) {}                                                        \
    void Process(const LocalTensor<T>& dst) const {                                                     \
      const int32_t n = static_cast<int32_t>(dst.GetSize());                                            \
      (void)n;                                                                                          \
      __VA_ARGS__;                                                                                      \
    }                                                                                                   \
                                                                                                        \
   private:                                                                                             \
    const LocalTensor<T>& src0_;                                                                        \
    const LocalTensor<T>& src1_;                                                                        \
    aicore::SrcLoc loc_;                                                                                \
  };                                                                                                    \
  template <typename T>                                                                                 \
  SymbolOverride##NAME<T> operator OP(const LocalTensor<T>& src0, symbol_override_detail::Rhs<T> src1) { \
    return SymbolOverride##NAME<T>(src0, src1.t, src1.loc);                                             \
  }

AICORE_SYMBOL_OVERRIDE(Add, +, Add(dst, src0_, src1_, n, loc_))
AICORE_SYMBOL_OVERRIDE(Sub, -, Sub(dst, src0_, src1_, n, loc_))
AICORE_SYMBOL_OVERRIDE(Mul, *, Mul(dst, src0_, src1_, n, loc_))
AICORE_SYMBOL_OVERRIDE(Div, /, Div(dst, src0_, src1_, n, loc_))
AICORE_SYMBOL_OVERRIDE(And, &, symbol_override_detail::Bitwise(dst, src0_, src1_, loc_, [&](const auto& d, const auto& a, const auto& b, int32_t c) { And(d, a, b, c, loc_); }))
AICORE_SYMBOL_OVERRIDE(Or, |, symbol_override_detail::Bitwise(dst, src0_, src1_, loc_, [&](const auto& d, const auto& a, const auto& b, int32_t c) { Or(d, a, b, c, loc_); }))
#undef AICORE_SYMBOL_OVERRIDE

template <typename T>
class SymbolOverrideCompare {
 public:
  static constexpr bool kSymbolOverride = true;
  SymbolOverrideCompare(const LocalTensor<T>& src0, const LocalTensor<T>& src1, CMPMODE cmpMode, aicore::SrcLoc loc)
      : src0_(src0), src1_(src1), mode_(cmpMode), loc_(loc) {}
  template <typename U>
  void Process(const LocalTensor<U>& dst) const {
    Compare(dst, src0_, src1_, mode_, src0_.GetSize(), loc_);
  }

 private:
  const LocalTensor<T>& src0_;
  const LocalTensor<T>& src1_;
  CMPMODE mode_;
  aicore::SrcLoc loc_;
};

#define AICORE_COMPARE_OVERRIDE(OP, MODE)                                                                 \
  template <typename T>                                                                                  \
  SymbolOverrideCompare<T> operator OP(const LocalTensor<T>& src0, symbol_override_detail::Rhs<T> src1) { \
    return SymbolOverrideCompare<T>(src0, src1.t, CMPMODE::MODE, src1.loc);                              \
  }
AICORE_COMPARE_OVERRIDE(<, LT)
AICORE_COMPARE_OVERRIDE(>, GT)
AICORE_COMPARE_OVERRIDE(<=, LE)
AICORE_COMPARE_OVERRIDE(>=, GE)
AICORE_COMPARE_OVERRIDE(==, EQ)
AICORE_COMPARE_OVERRIDE(!=, NE)
#undef AICORE_COMPARE_OVERRIDE

AICORE_TARGET_END
}  // namespace AscendC
