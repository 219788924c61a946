// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Tiling data, host and kernel side, with one definition serving both.
//
// Host side (the vendor's register/tilingdata_base.h):
//
//   BEGIN_TILING_DATA_DEF(AddTiling)
//     TILING_DATA_FIELD_DEF(uint32_t, totalLength);
//     TILING_DATA_FIELD_DEF_ARR(uint16_t, 4, split);
//     TILING_DATA_FIELD_DEF_STRUCT(OtherTiling, inner);
//   END_TILING_DATA_DEF;
//   REGISTER_TILING_DATA_CLASS(AddCustom, AddTiling)
//
// defines `struct AddTiling`: a packed (#pragma pack(1)) standard-layout,
// trivially copyable struct whose public data members are the fields, in
// order, zero-initialised, plus set_<field>(v) / get_<field>() (arrays: a
// pointer to n elements in, a pointer out; structs: by reference). Each
// field starts at a multiple of its type's alignment: where the fields
// before it end elsewhere, padding comes first (an unnamed zero-width
// bit-field), as the vendor's framework inserts placeholder fields for
// unaligned ones (CheckAlignAndGenPlaceHolder) — `uint32_t a; int64_t b;`
// puts b at byte 8 — and no padding follows the last field. It also has
// SaveToBuffer(ptr, capacity) (copies the bytes; throws aicore::KernelError
// naming the caller's file:line when capacity is too small) and GetDataSize()
// (the byte size).
// (A nested tiling struct is itself packed, with alignment 1: it is placed
// right after the field before it.)
//
// Kernel side, the same struct is the "plain packed struct" kernels read:
//
//   GET_TILING_DATA(t, tilingGm)                     t: the default tiling type
//   GET_TILING_DATA_WITH_STRUCT(AddTiling, t, tilingGm)
//   GET_TILING_DATA_PTR_WITH_STRUCT(AddTiling, p, tilingGm)   __tiling_data_ptr__ AddTiling* p
//                                                    (__tiling_data_ptr__ is `const`)
//   GET_TILING_DATA_MEMBER(AddTiling, totalLength, v, tilingGm)
//   REGISTER_TILING_DEFAULT(AddTiling)               sets the default type
//
// The default type of GET_TILING_DATA is the one named by
// REGISTER_TILING_DEFAULT (in the kernel function or at namespace scope), or
// else by the one REGISTER_TILING_DATA_CLASS at global scope or in namespace
// optiling (with none, or several, GET_TILING_DATA does not compile: name the
// type with REGISTER_TILING_DEFAULT or GET_TILING_DATA_WITH_STRUCT). The copy
// checks the pointer: not null, and when it points into a
// GmAlloc allocation, the struct must fit inside it.
//
// TILING_KEY_IS(k) compares k with the launch's tiling key (ICPU_SET_TILING_KEY);
// TILING_KEY_VAR is that key; REGISTER_TILING_FOR_TILINGKEY(expr, T) checks T.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <type_traits>

#include "aicore/base/error.h"
#include "aicore/runtime/context.h"
#include "aicore/runtime/gm.h"

namespace optiling {}  // where vendor tiling headers register their classes

namespace aicore {
namespace detail {

// The arguments of AicoreDefaultTiling (REGISTER_TILING_DATA_CLASS): a tag,
// and the operator a kernel's GET_TILING_DATA reads the tiling of, as a type
// made from the hash of its name.
struct TilingTag {};
template <uint64_t kOp>
struct TilingOpKey {};
constexpr uint64_t TilingOpHash(const char* s) {
  uint64_t h = 14695981039346656037ull;  // FNV-1a
  for (; *s != '\0'; ++s) h = (h ^ static_cast<unsigned char>(*s)) * 1099511628211ull;
  return h;
}

inline uint64_t CurrentTilingKey() {
  const CoreContext* c = t_core;
  return (c != nullptr && c->launch != nullptr) ? c->launch->tiling_key : 0;
}

template <class T>
const uint8_t* CheckTilingPointer(const char* api, const void* p, SrcLoc loc) {
  static_assert(std::is_trivially_copyable_v<T>, "tiling structs must be trivially copyable");
  if (AICORE_UNLIKELY(p == nullptr)) {
    Fail(ErrorKind::kParameter, api, loc, "the tiling pointer is null");
  }
  GmBlock blk;
  if (GmFind(p, &blk)) {
    const auto off = static_cast<uint64_t>(static_cast<const uint8_t*>(p) - blk.base);
    if (AICORE_UNLIKELY(off + sizeof(T) > blk.size)) {
      Fail(ErrorKind::kBounds, api, loc,
           "the " + std::to_string(sizeof(T)) + "-byte tiling struct at byte " + std::to_string(off) +
               " of a " + std::to_string(blk.size) + "-byte GmAlloc block ends " +
               std::to_string(off + sizeof(T) - blk.size) + " bytes past it");
    }
  }
  return static_cast<const uint8_t*>(p);
}

template <class T>
T LoadTiling(const char* api, const void* p, SrcLoc loc) {
  T t;
  std::memcpy(static_cast<void*>(&t), CheckTilingPointer<T>(api, p, loc), sizeof(T));
  return t;
}

// The unsigned type with alignment A (see AICORE_TILING_ALIGNED).
template <size_t A>
struct TilingAlignOf {
  static_assert(A != A, "a tiling field type's alignment must be 1, 2, 4 or 8 bytes");
};
template <>
struct TilingAlignOf<1> { using type = uint8_t; };
template <>
struct TilingAlignOf<2> { using type = uint16_t; };
template <>
struct TilingAlignOf<4> { using type = uint32_t; };
template <>
struct TilingAlignOf<8> { using type = uint64_t; };
template <size_t A>
using TilingAlignUnit = typename TilingAlignOf<A>::type;

[[noreturn]] AICORE_COLD inline void FailTilingCapacity(const char* name, size_t need, size_t cap,
                                                       SrcLoc loc) {
  throw KernelError(ErrorKind::kParameter, "", -1, 0, "SaveToBuffer", loc,
                    std::string("tiling data ") + name + " needs " + std::to_string(need) +
                        " bytes, the buffer holds " + std::to_string(cap));
}

}  // namespace detail
}  // namespace aicore

#define AICORE_TILING_LOC ::aicore::SrcLoc{__FILE__, __LINE__}

// ---------------------------------------------------------------------------
// Definition macros.

#define BEGIN_TILING_DATA_DEF(name)                                                    \
  _Pragma("pack(push, 1)") _Pragma("GCC diagnostic push")                              \
      _Pragma("GCC diagnostic ignored \"-Waddress-of-packed-member\"") struct name {   \
    size_t GetDataSize() const { return sizeof(name); }                                \
    void SaveToBuffer(void* aicoreBuf, size_t aicoreCapacity,                          \
                      ::aicore::SrcLoc aicoreLoc = ::aicore::SrcLoc::Current()) const { \
      if (aicoreCapacity < sizeof(name)) {                                             \
        ::aicore::detail::FailTilingCapacity(#name, sizeof(name), aicoreCapacity,      \
                                             aicoreLoc);                               \
      }                                                                                \
      std::memcpy(aicoreBuf, static_cast<const void*>(this), sizeof(name));           \
    }

// Before each field: an unnamed zero-width bit-field of an unsigned type with
// the field type's alignment, which moves the field to that alignment even
// inside the packed struct (GCC and Clang).
#define AICORE_TILING_ALIGNED(type) ::aicore::detail::TilingAlignUnit<alignof(type)> : 0;

#define TILING_DATA_FIELD_DEF(type, field)                    \
  AICORE_TILING_ALIGNED(type)                                 \
  type field{};                                               \
  void set_##field(type aicoreValue) { field = aicoreValue; } \
  type get_##field() const { return field; }

#define TILING_DATA_FIELD_DEF_ARR(type, count, field)                                   \
  AICORE_TILING_ALIGNED(type)                                                           \
  type field[count]{};                                                                  \
  void set_##field(const type* aicoreValue) {                                           \
    std::memcpy(static_cast<void*>(field), aicoreValue, sizeof(type) * (count));        \
  }                                                                                     \
  type* get_##field() { return field; }                                                 \
  const type* get_##field() const { return field; }

#define TILING_DATA_FIELD_DEF_STRUCT(type, field)                                     \
  AICORE_TILING_ALIGNED(type)                                                         \
  type field{};                                                                       \
  void set_##field(const type& aicoreValue) {                                         \
    std::memcpy(static_cast<void*>(&field), &aicoreValue, sizeof(type));             \
  }                                                                                   \
  type& get_##field() { return field; }                                               \
  const type& get_##field() const { return field; }

// Written with or without a trailing `;` (ops-nn's ge_glu_grad_v2 tiling
// header has none): the expansion ends in pragmas, and a `;` after it is an
// empty declaration.
#define END_TILING_DATA_DEF \
  }                         \
  ;                         \
  _Pragma("GCC diagnostic pop") _Pragma("pack(pop)")

// Registers `name` as the tiling class of operator `op`. It also offers
// `name` to GET_TILING_DATA, which takes, as the vendor's build does, the
// class registered for the kernel's operator (AICORE_TILING_OP_TYPE: the op
// type, which aicore_add_op_project defines for each kernel), and otherwise
// the one class registered in scope. Each registration declares two
// overloads of AicoreDefaultTiling returning its class (never defined, only
// named in decltype): one for any operator and a more specialized one for
// `op`. So several registrations in one namespace coexist (ops-math's
// PadV3GradReplication also registers a nested struct for a helper op), one
// class may be registered for several operators (CircularPad and
// CircularPadGrad share one), and only a GET_TILING_DATA of an operator
// without its own registration that would have to choose among several
// classes is ambiguous.
//
// Generated tiling headers write it without a trailing `;`, hand-written ones
// with one: the expansion ends in a brace-enclosed linkage block, which needs
// no `;`, and a `;` after it is an empty declaration.
#define REGISTER_TILING_DATA_CLASS(op, name)                                                  \
  extern "C++" {                                                                              \
  template <class AicoreTag, uint64_t AicoreOp>                                               \
  name AicoreDefaultTiling(AicoreTag, ::aicore::detail::TilingOpKey<AicoreOp>*);              \
  template <class AicoreTag>                                                                  \
  name AicoreDefaultTiling(AicoreTag,                                                         \
                           ::aicore::detail::TilingOpKey<::aicore::detail::TilingOpHash(#op)>*); \
  static_assert(std::is_trivially_copyable_v<name> && std::is_standard_layout_v<name>,        \
                "tiling data of " #op " must be a plain struct");                             \
  }

// The operator whose registered tiling class GET_TILING_DATA takes first.
#ifndef AICORE_TILING_OP_TYPE
#define AICORE_TILING_OP_TYPE ""
#endif

// The default tiling type of GET_TILING_DATA, in the enclosing block (the
// kernel function) or namespace; it hides every REGISTER_TILING_DATA_CLASS.
#define REGISTER_TILING_DEFAULT(type) \
  [[maybe_unused]] constexpr type (*AicoreDefaultTiling)(::aicore::detail::TilingTag, \
                                                        const void*) = nullptr

// ---------------------------------------------------------------------------
// Kernel-side access.

#define GET_TILING_DATA(var, tiling)                                                          \
  auto var = [&]() {                                                                          \
    using namespace ::optiling;                                                               \
    using AicoreTilingType = decltype(AicoreDefaultTiling(                                    \
        ::aicore::detail::TilingTag{},                                                        \
        static_cast<::aicore::detail::TilingOpKey<::aicore::detail::TilingOpHash(             \
            AICORE_TILING_OP_TYPE)>*>(nullptr)));                                             \
    return ::aicore::detail::LoadTiling<AicoreTilingType>("GET_TILING_DATA", (tiling),        \
                                                          AICORE_TILING_LOC);                 \
  }()

#define GET_TILING_DATA_WITH_STRUCT(type, var, tiling) \
  type var = ::aicore::detail::LoadTiling<type>("GET_TILING_DATA_WITH_STRUCT", (tiling), AICORE_TILING_LOC)

// __tiling_data_ptr__ qualifies the pointer GET_TILING_DATA_PTR_WITH_STRUCT
// declares, so that kernels can name its type in their own functions
// (`void Init(__tiling_data_ptr__ MyTiling* t)`): `const` here, the tiling
// data is read-only (the vendor's generated headers define it as `const`, or
// as `__gm__ const` when the pointer points into GM).
#ifndef __tiling_data_ptr__
#define __tiling_data_ptr__ const
#endif

#define GET_TILING_DATA_PTR_WITH_STRUCT(type, var, tiling)                                   \
  __tiling_data_ptr__ type* var =                                                            \
      reinterpret_cast<const type*>(::aicore::detail::CheckTilingPointer<type>(              \
          "GET_TILING_DATA_PTR_WITH_STRUCT", (tiling), AICORE_TILING_LOC))

#define GET_TILING_DATA_MEMBER(type, member, var, tiling)                                      \
  decltype(type::member) var;                                                                  \
  std::memcpy(static_cast<void*>(&var),                                                        \
              ::aicore::detail::CheckTilingPointer<type>("GET_TILING_DATA_MEMBER", (tiling),   \
                                                         AICORE_TILING_LOC) +                  \
                  offsetof(type, member),                                                      \
              sizeof(var))

#define TILING_KEY_IS(key) (::aicore::detail::CurrentTilingKey() == static_cast<uint64_t>(key))

// TILING_KEY_VAR: the launch's tiling key, as kernels and
// REGISTER_TILING_FOR_TILINGKEY expressions name it. As in the vendor's
// headers it is the identifier g_tilingKey, so that kernels may also test it
// in `#if defined(TILING_KEY_VAR) && (TILING_KEY_VAR != ...)`, where an
// identifier reads as 0; in code, g_tilingKey converts to the running
// launch's key.
namespace aicore {
namespace detail {
struct TilingKeyVar {
  operator uint64_t() const { return CurrentTilingKey(); }
};
}  // namespace detail
}  // namespace aicore
inline constexpr ::aicore::detail::TilingKeyVar g_tilingKey{};
#ifndef TILING_KEY_VAR
#define TILING_KEY_VAR g_tilingKey
#endif

// REGISTER_TILING_FOR_TILINGKEY("TILING_KEY_VAR == 1", TilingDataA): tells
// the NPU build which tiling struct the keys matching the expression use;
// kernels then read it with GET_TILING_DATA_WITH_STRUCT under TILING_KEY_IS.
// On the CPU nothing is selected at build time: the expression must be a
// string literal and the struct a plain (trivially copyable) one.
#define REGISTER_TILING_FOR_TILINGKEY(expression, tiling_struct)                                \
  static_assert(sizeof(expression) > 1 && sizeof(*(expression)) == 1,                           \
                "REGISTER_TILING_FOR_TILINGKEY: the expression is a string naming TILING_KEY_VAR"); \
  static_assert(std::is_trivially_copyable_v<tiling_struct>,                                     \
                "REGISTER_TILING_FOR_TILINGKEY: tiling structs must be trivially copyable")
