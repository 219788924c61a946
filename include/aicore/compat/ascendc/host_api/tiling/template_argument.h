// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// ascendc/host_api/tiling/template_argument.h for the CPU: tiling templates.
// One header serves the host and the kernel side (on the CPU they are one
// program):
//
//   ASCENDC_TPL_ARGS_DECL(Op,
//       ASCENDC_TPL_DATATYPE_DECL(D_T, 10, 20),                  8 bits
//       ASCENDC_TPL_UINT_DECL(TILE_NUM, ASCENDC_TPL_4_BW,        bw bits: the
//                             ASCENDC_TPL_UI_LIST, 1, 4, 8),     value's index
//       ASCENDC_TPL_BOOL_DECL(IS_SPLIT, 0, 1));                  1 bit
//   ASCENDC_TPL_SEL(
//       ASCENDC_TPL_ARGS_SEL(ASCENDC_TPL_DATATYPE_SEL(D_T, 10),
//                            ASCENDC_TPL_UINT_SEL(TILE_NUM, ASCENDC_TPL_UI_LIST, 1, 8),
//                            ASCENDC_TPL_BOOL_SEL(IS_SPLIT, 0, 1)));
//
//   uint64_t key = GET_TPL_TILING_KEY(10, 8, 1);   host: the tiling key
//   ASCENDC_TPL_SEL_PARAM(context, 10, 8, 1);      context->SetTilingKey(key)
//
// Key encoding (the vendor's): the declared arguments in order, each at the
// next free bit: DATATYPE and FORMAT their value in 8 bits, BOOL its value in
// 1 bit, UINT the index of the value in its declared value list (UI_RANGE
// and UI_MIX ranges expanded, in order) in the declared bit width. A value a
// UINT declaration lacks, a BOOL other than 0/1, a value wider than its bits,
// a wrong argument count or more than 64 bits in all: aicore::KernelError.
//
// Kernel dispatch. On the NPU every selected combination is a binary of its
// own and the runtime picks it by key; in the vendor's CPU debug mode the
// launch names one instantiation (ICPU_RUN_KF(k<10, 8, 1>, ...)), which works
// here unchanged. aicore adds the selection by key:
//
//   ICPU_SET_TILING_KEY(GET_TPL_TILING_KEY(10, 8, 1));
//   ICPU_RUN_KF(AICORE_TPL_KERNEL(k), blockDim, x, y, tiling);
//
// AICORE_TPL_KERNEL(k) names the kernel template k whose template parameters
// are the declared arguments in order (non-type: int, uint32_t, bool ...);
// every combination ASCENDC_TPL_SEL selects is instantiated at compile time,
// and the launch runs the one whose key is the tiling key. A key no
// combination has is reported (KernelError naming the key and the selected
// keys) and nothing runs.
//
// `typename` parameters: an ASCENDC_TPL_DATATYPE_DECL argument whose values
// are the native data types C_DT_FLOAT, C_DT_FLOAT16, ... may be a type
// parameter of the kernel (`template <typename D_T_X, int TILE_NUM>`, as in
// the vendor's examples): C_DT_FLOAT is float, C_DT_FLOAT16 half, C_DT_BF16
// bfloat16_t, C_DT_INT8 int8_t, ... (DataTypeOf below). The leading (or the
// trailing) DATATYPE arguments are passed as types when k takes them so,
// else every argument is passed as a value; kernels whose type parameters
// sit between value parameters are named by instantiation instead
// (ICPU_RUN_KF(k<10, half, 1>, ...)).
#pragma once

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <string>
#include <type_traits>
#include <utility>

#include "aicore/base/defs.h"
#include "aicore/base/error.h"
#include "aicore/base/half.h"
#include "aicore/base/int4b.h"

#include "graph/c_types.h"

// Kernel types of ASCENDC_TPL_KERNEL_TYPE_SEL.
#define ASCENDC_TPL_AIV_ONLY 0
#define ASCENDC_TPL_AIC_ONLY 1
#define ASCENDC_TPL_MIX_AIV_1_0 4
#define ASCENDC_TPL_MIX_AIC_1_0 5
#define ASCENDC_TPL_MIX_AIC_1_1 6
#define ASCENDC_TPL_MIX_AIC_1_2 7
#define ASCENDC_TPL_AICORE 8
#define ASCENDC_TPL_VECTORCORE 9
#define ASCENDC_TPL_MIX_AICORE 10
#define ASCENDC_TPL_MIX_VECTOR_CORE 11
#define ASCENDC_TPL_MAX 12
// Bit widths.
#define ASCENDC_TPL_1_BW 1
#define ASCENDC_TPL_2_BW 2
#define ASCENDC_TPL_4_BW 4
#define ASCENDC_TPL_8_BW 8
// Argument kinds.
#define ASCENDC_TPL_DTYPE 0
#define ASCENDC_TPL_FORMAT 1
#define ASCENDC_TPL_UINT 2
#define ASCENDC_TPL_BOOL 3
constexpr uint32_t ASCENDC_TPL_KERNEL_TYPE = 4;
constexpr uint32_t ASCENDC_TPL_DETERMINISTIC = 5;
constexpr uint32_t ASCENDC_TPL_SHARED_KERNEL_TYPE = 6;
// A DATATYPE/FORMAT declared as "the type of input/output x".
#define ASCENDC_TPL_INPUT_BIAS 100000000
#define ASCENDC_TPL_OUTPUT_BIAS 900000000
#define ASCENDC_TPL_INPUT(x) (ASCENDC_TPL_INPUT_BIAS + (x))
#define ASCENDC_TPL_OUTPUT(x) (ASCENDC_TPL_OUTPUT_BIAS + (x))
// Native data types of ASCENDC_TPL_DATATYPE_DECL (C_DT_FLOAT ...): graph/c_types.h.
// UINT value modes.
#define ASCENDC_TPL_UI_RANGE 0
#define ASCENDC_TPL_UI_LIST 1
#define ASCENDC_TPL_UI_MIX 2

constexpr uint8_t MAX_BITS_NUM = 64;
constexpr uint64_t INVALID_TILING_KEY = 0XFFFFFFFFFFFFFFFF;

namespace aicore {
namespace tpl {

inline constexpr size_t kMaxValues = 256;  // values of one argument (ranges expanded)
inline constexpr size_t kMaxParams = 16;   // arguments of one declaration
inline constexpr size_t kMaxCombos = 256;  // combinations ASCENDC_TPL_SEL selects

// A malformed declaration fails to compile here (this is never constexpr).
inline void BadDeclaration(const char*) {}

constexpr bool SameName(const char* a, const char* b) {
  while (*a != '\0' && *a == *b) ++a, ++b;
  return *a == *b;
}

// One argument of ASCENDC_TPL_ARGS_DECL / ASCENDC_TPL_ARGS_SEL: its name,
// kind, bit width and its values (UINT ranges expanded).
struct Param {
  const char* name = "";
  uint32_t type = 0;
  uint32_t bw = 0;
  uint64_t vals[kMaxValues] = {};
  size_t n = 0;
  bool from_io = false;  // DATATYPE/FORMAT of ASCENDC_TPL_INPUT/OUTPUT: any value
  bool native = false;   // ASCENDC_TPL_DATATYPE_*: C_DT_* values (a type parameter may take them)

  constexpr Param() = default;
  constexpr Param(const char* nm, uint32_t t, uint32_t width, std::initializer_list<uint64_t> raw,
                  bool is_native = false)
      : name(nm), type(t), bw(width), native(is_native) {
    const uint64_t* r = raw.begin();
    const size_t m = raw.size();
    if (t != ASCENDC_TPL_UINT) {
      for (size_t i = 0; i < m; ++i) {
        if (r[i] >= ASCENDC_TPL_INPUT_BIAS) from_io = true;
        Add(r[i]);
      }
      return;
    }
    if (m == 0) BadDeclaration("ASCENDC_TPL_UINT: no value mode");
    if (r[0] == ASCENDC_TPL_UI_LIST) {
      for (size_t i = 1; i < m; ++i) Add(r[i]);
      return;
    }
    if (r[0] != ASCENDC_TPL_UI_RANGE && r[0] != ASCENDC_TPL_UI_MIX) {
      BadDeclaration("ASCENDC_TPL_UINT: the mode is not UI_RANGE, UI_LIST or UI_MIX");
    }
    if (m < 2) BadDeclaration("ASCENDC_TPL_UINT: the range count is missing");
    const size_t ranges = static_cast<size_t>(r[1]);
    if (2 + 2 * ranges > m) BadDeclaration("ASCENDC_TPL_UINT: fewer bounds than ranges");
    for (size_t k = 0; k < ranges; ++k) {
      const uint64_t lo = r[2 + 2 * k], hi = r[3 + 2 * k];
      if (lo > hi) BadDeclaration("ASCENDC_TPL_UINT: a range ends before it starts");
      for (uint64_t v = lo; v <= hi; ++v) Add(v);
    }
    if (r[0] == ASCENDC_TPL_UI_MIX) {
      for (size_t i = 2 + 2 * ranges; i < m; ++i) Add(r[i]);
    } else if (2 + 2 * ranges != m) {
      BadDeclaration("ASCENDC_TPL_UI_RANGE: more bounds than ranges");
    }
  }

  constexpr void Add(uint64_t v) {
    if (n == kMaxValues) BadDeclaration("ASCENDC_TPL: more than 256 values for one argument");
    vals[n++] = v;
  }
  constexpr bool Has(uint64_t v) const { return IndexOf(v) < n; }
  constexpr size_t IndexOf(uint64_t v) const {
    for (size_t i = 0; i < n; ++i) {
      if (vals[i] == v) return i;
    }
    return n;
  }
};

// One ASCENDC_TPL_ARGS_SEL: a combination set.
struct Sel {
  Param params[kMaxParams] = {};
  size_t n = 0;
  constexpr Sel(std::initializer_list<Param> ps) {
    for (const Param& p : ps) {
      if (n == kMaxParams) BadDeclaration("ASCENDC_TPL_ARGS_SEL: more than 16 arguments");
      params[n++] = p;
    }
  }
};

[[noreturn]] AICORE_COLD inline void FailKey(const std::string& what, SrcLoc loc) {
  throw KernelError(ErrorKind::kParameter, "", -1, 0, "GET_TPL_TILING_KEY", loc, what);
}

inline std::string ValueList(const Param& p) {
  std::string s;
  for (size_t i = 0; i < p.n; ++i) s += (i ? ", " : "") + std::to_string(p.vals[i]);
  return s;
}

// The key of one combination (values in declaration order). At compile
// time a bad value does not compile; at run time it throws KernelError.
template <size_t D>
constexpr uint64_t EncodeKey(const Param (&decl)[D], const uint64_t* args, size_t count,
                             SrcLoc loc) {
  if (count != D) {
    FailKey(std::to_string(count) + " values for the " + std::to_string(D) +
                " arguments of ASCENDC_TPL_ARGS_DECL (one value per declared argument, in order)",
            loc);
  }
  uint64_t key = 0;
  uint32_t bits = 0;
  for (size_t i = 0; i < D; ++i) {
    const Param& p = decl[i];
    uint64_t code = args[i];
    if (p.type == ASCENDC_TPL_UINT) {
      code = p.IndexOf(args[i]);
      if (code == p.n) {
        FailKey(std::string("ASCENDC_TPL_UINT argument ") + p.name + " value " +
                    std::to_string(args[i]) + " is not declared in ASCENDC_TPL_UINT_DECL (values: " +
                    ValueList(p) + ")",
                loc);
      }
    } else if (p.type == ASCENDC_TPL_BOOL && code > 1) {
      FailKey(std::string("ASCENDC_TPL_BOOL argument ") + p.name + " value " + std::to_string(code) +
                  " is not 0 or 1",
              loc);
    }
    if (p.bw < 64 && (code >> p.bw) != 0) {
      FailKey(std::string("argument ") + p.name + " encodes as " + std::to_string(code) +
                  ", which does not fit its " + std::to_string(p.bw) + " bits",
              loc);
    }
    if (bits + p.bw > MAX_BITS_NUM) {
      FailKey("the declared arguments need " + std::to_string(bits + p.bw) +
                  " bits, a tiling key holds 64",
              loc);
    }
    key |= code << bits;
    bits += p.bw;
  }
  return key;
}

// GET_TPL_TILING_KEY(values...): any integral, enum or bool values.
template <size_t D, class... A>
constexpr uint64_t EncodeKeyOf(const Param (&decl)[D], SrcLoc loc, const A&... args) {
  const uint64_t v[sizeof...(A) + 1] = {static_cast<uint64_t>(args)..., 0};
  return EncodeKey(decl, v, sizeof...(A), loc);
}

// The combinations ASCENDC_TPL_SEL selects, with their keys.
struct Combo {
  uint64_t key = 0;
  uint64_t v[kMaxParams] = {};
};
struct Table {
  size_t n = 0;
  size_t nparams = 0;
  size_t lead_types = 0;   // leading ASCENDC_TPL_DATATYPE arguments
  size_t trail_types = 0;  // trailing ones (0 when every argument is one)
  Combo c[kMaxCombos] = {};
};

// The C++ type of a native data type (C_DT_*); none for the others.
template <uint64_t C>
struct DataTypeOf {};
template <> struct DataTypeOf<C_DT_FLOAT> { using type = float; };
template <> struct DataTypeOf<C_DT_FLOAT16> { using type = half; };
template <> struct DataTypeOf<C_DT_INT8> { using type = int8_t; };
template <> struct DataTypeOf<C_DT_INT32> { using type = int32_t; };
template <> struct DataTypeOf<C_DT_UINT8> { using type = uint8_t; };
template <> struct DataTypeOf<C_DT_INT16> { using type = int16_t; };
template <> struct DataTypeOf<C_DT_UINT16> { using type = uint16_t; };
template <> struct DataTypeOf<C_DT_UINT32> { using type = uint32_t; };
template <> struct DataTypeOf<C_DT_INT64> { using type = int64_t; };
template <> struct DataTypeOf<C_DT_UINT64> { using type = uint64_t; };
template <> struct DataTypeOf<C_DT_DOUBLE> { using type = double; };
template <> struct DataTypeOf<C_DT_BOOL> { using type = bool; };
template <> struct DataTypeOf<C_DT_BF16> { using type = bfloat16_t; };
template <> struct DataTypeOf<C_DT_INT4> { using type = AscendC::int4b_t; };

template <size_t D, size_t S>
constexpr Table BuildTable(const Param (&decl)[D], const Sel (&sel)[S]) {
  static_assert(D <= kMaxParams, "ASCENDC_TPL_ARGS_DECL: more than 16 arguments");
  Table t;
  t.nparams = D;
  while (t.lead_types < D && decl[t.lead_types].native) ++t.lead_types;
  if (t.lead_types < D) {
    while (t.trail_types < D && decl[D - 1 - t.trail_types].native) ++t.trail_types;
  }
  for (size_t s = 0; s < S; ++s) {
    // The selected values of each declared argument, in declaration order.
    const Param* chosen[kMaxParams] = {};
    for (size_t i = 0; i < D; ++i) {
      for (size_t j = 0; j < sel[s].n; ++j) {
        if (SameName(sel[s].params[j].name, decl[i].name)) chosen[i] = &sel[s].params[j];
      }
      if (chosen[i] == nullptr) {
        BadDeclaration("ASCENDC_TPL_ARGS_SEL: a declared argument has no selection");
      }
      if (chosen[i]->n == 0) BadDeclaration("ASCENDC_TPL_ARGS_SEL: an argument selects nothing");
      for (size_t k = 0; k < chosen[i]->n; ++k) {
        if (!decl[i].from_io && !decl[i].Has(chosen[i]->vals[k])) {
          BadDeclaration("ASCENDC_TPL_ARGS_SEL: a selected value is not declared");
        }
      }
    }
    // Every combination (odometer over the selected values).
    size_t idx[kMaxParams] = {};
    for (;;) {
      Combo c;
      for (size_t i = 0; i < D; ++i) c.v[i] = chosen[i]->vals[idx[i]];
      c.key = EncodeKey(decl, c.v, D, SrcLoc{"", 0});
      bool dup = false;
      for (size_t k = 0; k < t.n; ++k) dup = dup || t.c[k].key == c.key;
      if (!dup) {
        if (t.n == kMaxCombos) BadDeclaration("ASCENDC_TPL_SEL: more than 256 combinations");
        t.c[t.n++] = c;
      }
      size_t i = 0;
      while (i < D && ++idx[i] == chosen[i]->n) idx[i++] = 0;
      if (i == D) break;
    }
  }
  return t;
}

// AICORE_TPL_KERNEL(k): the kernel template and the selection table. `inst`
// spells &k<values...>; `lead` / `trail` take the type arguments first and
// return a callable taking the values, spelling &k<types..., values...> /
// &k<values..., types...> (each SFINAE-friendly: not callable when k takes
// no such arguments).
template <class Inst, class TableFn, class Lead, class Trail>
struct TplKernel {
  const char* name;
  Inst inst;      // (integral_constant...) -> &k<values...>
  TableFn table;  // constexpr () -> Table
  Lead lead;      // (TypeArg...) -> (integral_constant...) -> &k<types..., values...>
  Trail trail;    // (integral_constant...) -> (TypeArg...) -> &k<values..., types...>
};

template <class Inst, class TableFn, class Lead, class Trail>
TplKernel<Inst, TableFn, Lead, Trail> MakeTplKernel(const char* name, Inst inst, TableFn table,
                                                    Lead lead, Trail trail) {
  return TplKernel<Inst, TableFn, Lead, Trail>{name, inst, table, lead, trail};
}

template <class T>
struct IsTplKernel : std::false_type {};
template <class Inst, class TableFn, class Lead, class Trail>
struct IsTplKernel<TplKernel<Inst, TableFn, Lead, Trail>> : std::true_type {};

// A type template argument: the C++ type of native data type C.
template <uint64_t C>
struct TypeArg : DataTypeOf<C> {};

// &k<...> for combination I: types first, types last, or values only, the
// first of these k accepts.
template <size_t I, class K, class TableFn, size_t... J>
auto ValuesOnly(const K& k, TableFn table, std::index_sequence<J...>) {
  constexpr Table t = table();
  return k.inst(std::integral_constant<uint64_t, t.c[I].v[J]>{}...);
}

template <size_t I, class K, class TableFn, size_t... A, size_t... B>
auto TypesLast(const K& k, TableFn table, std::index_sequence<A...>, std::index_sequence<B...>) {
  constexpr Table t = table();
  constexpr size_t V = sizeof...(A);
  using Fn = decltype(k.trail(std::integral_constant<uint64_t, t.c[I].v[A]>{}...));
  if constexpr (sizeof...(B) > 0 && std::is_invocable_v<Fn, TypeArg<t.c[I].v[V + B]>...>) {
    return k.trail(std::integral_constant<uint64_t, t.c[I].v[A]>{}...)(TypeArg<t.c[I].v[V + B]>{}...);
  } else {
    return ValuesOnly<I>(k, table, std::make_index_sequence<t.nparams>{});
  }
}

template <size_t I, class K, class TableFn, size_t... A, size_t... B>
auto InstanceAt(const K& k, TableFn table, std::index_sequence<A...>, std::index_sequence<B...>) {
  constexpr Table t = table();
  constexpr size_t L = sizeof...(A);
  using Fn = decltype(k.lead(TypeArg<t.c[I].v[A]>{}...));
  if constexpr (L > 0 && std::is_invocable_v<Fn, std::integral_constant<uint64_t, t.c[I].v[L + B]>...>) {
    return k.lead(TypeArg<t.c[I].v[A]>{}...)(std::integral_constant<uint64_t, t.c[I].v[L + B]>{}...);
  } else {
    return TypesLast<I>(k, table, std::make_index_sequence<t.nparams - t.trail_types>{},
                        std::make_index_sequence<t.trail_types>{});
  }
}

template <class K, class TableFn, class Fn, size_t... I>
bool RunByKeyAt(const K& k, TableFn table, uint64_t key, Fn& fn, std::index_sequence<I...>) {
  constexpr Table t = table();
  bool found = false;
  (void)((key == t.c[I].key
              ? (fn(InstanceAt<I>(k, table, std::make_index_sequence<t.lead_types>{},
                                  std::make_index_sequence<t.nparams - t.lead_types>{})),
                 found = true)
              : false) ||
         ...);
  return found;
}

template <class K, class TableFn, class Fn>
bool RunByKeyIn(const K& k, TableFn table, uint64_t key, Fn& fn) {
  constexpr Table t = table();
  return RunByKeyAt(k, table, key, fn, std::make_index_sequence<t.n>{});
}

// Calls fn(&k<...>) for the selected combination whose key is `key`; false
// when none has it.
template <class Inst, class TableFn, class Lead, class Trail, class Fn>
bool RunByKey(const TplKernel<Inst, TableFn, Lead, Trail>& k, uint64_t key, Fn&& fn) {
  return RunByKeyIn(k, k.table, key, fn);
}

template <class TableFn>
std::string SelectedKeysIn(TableFn table) {
  constexpr Table t = table();
  std::string s;
  for (size_t i = 0; i < t.n && i < 16; ++i) s += (i ? ", " : "") + std::to_string(t.c[i].key);
  if (t.n > 16) s += ", ... (" + std::to_string(t.n) + " in all)";
  return s;
}

// The key of the first selected combination (0 when none is selected).
template <class Inst, class TableFn, class Lead, class Trail>
uint64_t FirstSelectedKey(const TplKernel<Inst, TableFn, Lead, Trail>& k) {
  const Table t = k.table();
  return t.n > 0 ? t.c[0].key : 0;
}

// "k1, k2, ..." (at most 16) for reports.
template <class Inst, class TableFn, class Lead, class Trail>
std::string SelectedKeys(const TplKernel<Inst, TableFn, Lead, Trail>& k) {
  return SelectedKeysIn(k.table);
}

}  // namespace tpl
}  // namespace aicore

#define ASCENDC_TPL_DTYPE_DECL(x, ...) \
  ::aicore::tpl::Param { #x, ASCENDC_TPL_DTYPE, ASCENDC_TPL_8_BW, { __VA_ARGS__ } }
#define ASCENDC_TPL_DATATYPE_DECL(x, ...) \
  ::aicore::tpl::Param { #x, ASCENDC_TPL_DTYPE, ASCENDC_TPL_8_BW, { __VA_ARGS__ }, true }
#define ASCENDC_TPL_FORMAT_DECL(x, ...) \
  ::aicore::tpl::Param { #x, ASCENDC_TPL_FORMAT, ASCENDC_TPL_8_BW, { __VA_ARGS__ } }
#define ASCENDC_TPL_UINT_DECL(x, bw, ...) \
  ::aicore::tpl::Param { #x, ASCENDC_TPL_UINT, bw, { __VA_ARGS__ } }
#define ASCENDC_TPL_BOOL_DECL(x, ...) \
  ::aicore::tpl::Param { #x, ASCENDC_TPL_BOOL, ASCENDC_TPL_1_BW, { __VA_ARGS__ } }
#define ASCENDC_TPL_KERNEL_TYPE_DECL(x, ...) \
  ::aicore::tpl::Param { #x, ASCENDC_TPL_SHARED_KERNEL_TYPE, ASCENDC_TPL_8_BW, { __VA_ARGS__ } }

#define ASCENDC_TPL_DTYPE_SEL(x, ...) ASCENDC_TPL_DTYPE_DECL(x, __VA_ARGS__)
#define ASCENDC_TPL_DATATYPE_SEL(x, ...) ASCENDC_TPL_DATATYPE_DECL(x, __VA_ARGS__)
#define ASCENDC_TPL_FORMAT_SEL(x, ...) ASCENDC_TPL_FORMAT_DECL(x, __VA_ARGS__)
#define ASCENDC_TPL_UINT_SEL(x, ...) \
  ::aicore::tpl::Param { #x, ASCENDC_TPL_UINT, 0, { __VA_ARGS__ } }
#define ASCENDC_TPL_BOOL_SEL(x, ...) ASCENDC_TPL_BOOL_DECL(x, __VA_ARGS__)
#define ASCENDC_TPL_SHARED_KERNEL_TYPE_SEL(x, ...) ASCENDC_TPL_KERNEL_TYPE_DECL(x, __VA_ARGS__)
// Selections that are no template argument (kernel type, determinism,
// tiling struct) only steer the NPU build: named arguments no declaration has,
// they are ignored by the combination table.
#define ASCENDC_TPL_TILING_STRUCT_SEL(x, ...) \
  ::aicore::tpl::Param { "@tiling_struct", ASCENDC_TPL_DTYPE, 0, {} }
#define ASCENDC_TPL_KERNEL_TYPE_SEL(...) \
  ::aicore::tpl::Param { "@kernel_type", ASCENDC_TPL_KERNEL_TYPE, ASCENDC_TPL_8_BW, { __VA_ARGS__ } }
#define ASCENDC_TPL_DETERMINISTIC_SEL(...) \
  ::aicore::tpl::Param { "@deterministic", ASCENDC_TPL_DETERMINISTIC, ASCENDC_TPL_1_BW, { __VA_ARGS__ } }

#define ASCENDC_TPL_ARGS_DECL(x, ...) \
  [[maybe_unused]] static constexpr ::aicore::tpl::Param g_tilingDeclareParams[] = {__VA_ARGS__}
#define ASCENDC_TPL_ARGS_SEL(...) \
  ::aicore::tpl::Sel { __VA_ARGS__ }
#define ASCENDC_TPL_SEL(...) \
  [[maybe_unused]] static constexpr ::aicore::tpl::Sel g_tilingSelectParams[] = {__VA_ARGS__}

#define GET_TPL_TILING_KEY(...)                                                   \
  ::aicore::tpl::EncodeKeyOf(g_tilingDeclareParams, ::aicore::SrcLoc{__FILE__, __LINE__}, \
                             __VA_ARGS__)
#define ASCENDC_TPL_SEL_PARAM(context, ...)             \
  do {                                                  \
    const uint64_t aicoreTplKey = GET_TPL_TILING_KEY(__VA_ARGS__); \
    (context)->SetTilingKey(aicoreTplKey);              \
  } while (0)

#define AICORE_TPL_KERNEL(k)                                                                   \
  ::aicore::tpl::MakeTplKernel(                                                                \
      #k, [](auto... aicoreV) { return &k<decltype(aicoreV)::value...>; },                     \
      []() constexpr {                                                                         \
        return ::aicore::tpl::BuildTable(g_tilingDeclareParams, g_tilingSelectParams);         \
      },                                                                                       \
      [](auto... aicoreT) {                                                                    \
        return [](auto... aicoreV)                                                             \
                   -> decltype(&k<typename decltype(aicoreT)::type..., decltype(aicoreV)::value...>) { \
          return &k<typename decltype(aicoreT)::type..., decltype(aicoreV)::value...>;         \
        };                                                                                     \
      },                                                                                       \
      [](auto... aicoreV) {                                                                    \
        return [](auto... aicoreT)                                                             \
                   -> decltype(&k<decltype(aicoreV)::value..., typename decltype(aicoreT)::type...>) { \
          return &k<decltype(aicoreV)::value..., typename decltype(aicoreT)::type...>;         \
        };                                                                                     \
      })
