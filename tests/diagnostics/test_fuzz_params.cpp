// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Parameter fuzzing against oracles: random parameters (in and far out of
// range), random GM bound sizes and random UB buffer sizes, each case decided
// by a small scalar model first (valid or invalid; if valid, the exact bytes
// the destination must hold). aicore must raise a KernelError exactly when the
// model says the case is invalid (with a kind the model allows, at the source
// line of the call), and when it is valid the destination must equal the
// model byte for byte, with the guard bytes around it untouched (GM: bytes
// before and after the bound region; UB: the rest of the buffer). An invalid
// case must leave both sides untouched (every check runs before the copy).
//
//  1. DataCopy with DataCopyParams, GM -> UB and UB -> GM.
//  2. DataCopyPad with DataCopyExtParams / DataCopyPadExtParams<T> (and the
//     older DataCopyParams / DataCopyPadParams form), GM -> UB and UB -> GM.
//  1+2 again with the GlobalTensor bound WITHOUT a size to a GmRegister'ed
//     region, all deep modes on: memcheck alone must keep every burst inside
//     the region (UnsizedGmCopiesUnderMemcheck).
//  3. The TQue state machine: random AllocTensor / EnQue / DeQue / FreeTensor
//     sequences (with foreign tensors and stale handles) on TQue<VECIN, depth>
//     with 1 to 4 buffers, one sequence per launch; the first illegal step of
//     the model must be exactly the step (and line) aicore reports; legal
//     sequences that free everything must pass silently, legal sequences that
//     leave a buffer allocated must fail at block end.
//
// Every fourth iteration of 1, 2 and 3 runs under aicore::ErrorRecorder with
// every deep mode on (kSanitizeAll) instead of catching the Launch exception;
// there the GM of 1 and 2 lives in a GmAlloc block.
//
// The seed is fixed (kDefaultSeed); AICORE_FUZZ_SEED=n and AICORE_FUZZ_ITERS=n
// override seed and iteration count for longer local runs. Failure messages
// give the seed and the iteration.
#include <aicore/aicore.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <functional>
#include <initializer_list>
#include <map>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "support/ref_copy.h"  // ref::CopyBursts: the DataCopyParams burst model

using namespace AscendC;

namespace {

using aicore::ErrorKind;

constexpr uint64_t kDefaultSeed = 0x5EED2026u;
constexpr int kMaxFailures = 8;  // failing iterations reported in full per test (the rest counted)

uint64_t Seed() {
  const char* s = std::getenv("AICORE_FUZZ_SEED");
  return s != nullptr && *s != '\0' ? std::strtoull(s, nullptr, 0) : kDefaultSeed;
}
int Iterations(int dflt) {
  const char* s = std::getenv("AICORE_FUZZ_ITERS");
  return s != nullptr && *s != '\0' ? std::atoi(s) : dflt;
}
bool SanitizedIteration(int it) { return it % 4 == 3; }

using Rng = std::mt19937_64;
uint64_t Below(Rng& r, uint64_t n) { return n == 0 ? 0 : r() % n; }
bool Percent(Rng& r, int pct) { return static_cast<int>(r() % 100) < pct; }
template <class T>
T OneOf(Rng& r, std::initializer_list<T> v) {
  return *(v.begin() + Below(r, v.size()));
}
uint64_t RoundUp32(uint64_t n) { return (n + 31) / 32 * 32; }

std::string Where(uint64_t seed, int it) {
  return "[seed " + std::to_string(seed) + ", iteration " + std::to_string(it) + "] ";
}

// Fast pattern bytes (xorshift): GM images, UB contents and guards.
void FillRandom(uint8_t* p, size_t n, Rng& r) {
  uint64_t x = r() | 1;
  size_t i = 0;
  for (; i + 8 <= n; i += 8) {
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    std::memcpy(p + i, &x, 8);
  }
  for (; i < n; ++i) p[i] = static_cast<uint8_t>(r());
}

// "" when equal, else where the first difference lies.
std::string FirstDiff(const uint8_t* got, const uint8_t* want, size_t n, const std::string& what,
                      size_t regionBegin, size_t regionEnd) {
  if (std::memcmp(got, want, n) == 0) return "";
  size_t first = 0;
  size_t differ = 0;
  for (size_t i = 0; i < n; ++i) {
    if (got[i] != want[i]) {
      if (differ++ == 0) first = i;
    }
  }
  char buf[64];
  std::snprintf(buf, sizeof buf, "got 0x%02x, want 0x%02x", got[first], want[first]);
  std::string where = first < regionBegin  ? " (in the guard before the region)"
                      : first >= regionEnd ? " (in the guard after the region)"
                                           : " (inside the region)";
  return what + ": " + std::to_string(differ) + " byte(s) differ, first at byte " + std::to_string(first) +
         where + ": " + buf;
}

// ---------------------------------------------------------------------------
// The model's verdict and the launch outcome.

struct Verdict {
  bool ok = true;
  std::vector<ErrorKind> kinds;  // the kinds aicore may report (invalid cases)
  void Bad(ErrorKind k) {
    ok = false;
    if (std::find(kinds.begin(), kinds.end(), k) == kinds.end()) kinds.push_back(k);
  }
  bool Allows(ErrorKind k) const { return std::find(kinds.begin(), kinds.end(), k) != kinds.end(); }
  std::string KindNames() const {
    std::string s;
    for (ErrorKind k : kinds) s += std::string(s.empty() ? "" : " or ") + aicore::ErrorKindName(k);
    return s;
  }
};

struct Outcome {
  bool failed = false;
  ErrorKind kind = ErrorKind::kLaunch;
  std::string api;
  int line = 0;
  std::string what;  // every report, one per line
  size_t reports = 0;
  std::string unexpected;  // the launch threw something it should not have
};

// Runs `body` as one block: plain (the KernelError thrown by Launch) or
// under an ErrorRecorder with every deep mode on (nothing may throw). One
// Launch instantiation for every kernel of this file (compile time).
Outcome RunBlock(bool sanitized, const std::function<void()>& body) {
  Outcome o;
  auto take = [&o](const aicore::KernelError& e) {
    o.failed = true;
    o.kind = e.kind();
    o.api = e.api();
    o.line = e.line();
  };
  if (sanitized) {
    aicore::ErrorRecorder rec(aicore::kSanitizeAll);
    try {
      aicore::Launch(body, 1);
    } catch (const std::exception& e) {
      o.unexpected = std::string("the launch threw under an ErrorRecorder: ") + e.what();
    }
    o.reports = rec.size();
    o.what = rec.str();
    if (!rec.reports().empty()) take(rec.reports().front());
  } else {
    try {
      aicore::Launch(body, 1);
    } catch (const aicore::KernelError& e) {
      take(e);
      o.reports = 1;
      o.what = e.what();
    } catch (const std::exception& e) {
      o.unexpected = std::string("the launch threw a non-KernelError: ") + e.what();
    }
  }
  return o;
}

// Checks the outcome against the verdict; returns "" or what is wrong.
std::string Judge(const Verdict& v, const Outcome& o, const std::string& api, int line) {
  if (!o.unexpected.empty()) return o.unexpected;
  if (v.ok) {
    if (o.failed) return "a valid case was rejected: " + o.what;
    return "";
  }
  if (!o.failed) {
    return "an invalid case was accepted silently (the model expects an error of kind " + v.KindNames() + ")";
  }
  std::string bad;
  if (!v.Allows(o.kind)) {
    bad += std::string("reported kind ") + aicore::ErrorKindName(o.kind) + ", the model expects " +
           v.KindNames() + "; ";
  }
  if (!api.empty() && o.api != api) bad += "reported API " + o.api + ", expected " + api + "; ";
  if (line != 0 && o.line != line) {
    bad += "reported line " + std::to_string(o.line) + ", the call is at line " + std::to_string(line) + "; ";
  }
  if (o.reports != 1) bad += std::to_string(o.reports) + " reports, expected exactly one; ";
  if (!bad.empty()) bad += "report(s): " + o.what;
  return bad;
}

// ---------------------------------------------------------------------------
// Element types and GM images.

template <class T>
struct Tag {
  using type = T;
};
template <class F>
void WithType(int type, F&& f) {
  switch (type) {
    case 0: f(Tag<int8_t>{}); break;
    case 1: f(Tag<half>{}); break;
    case 2: f(Tag<float>{}); break;
    default: f(Tag<double>{}); break;
  }
}
const char* TypeNameOf(int type) {
  static const char* const kNames[] = {"int8_t", "half", "float", "double"};
  return kNames[type];
}

constexpr size_t kGmFront = 64;  // guard bytes before the bound region
constexpr size_t kGmBack = 96;   // and after it (sized binding)
constexpr uint64_t kMaxGmBytes = 256 * 1024;
constexpr uint32_t kMaxUbLen = 128 * 1024;  // TBuf sizes (UB is 192 KiB)

// Where a case's GM lives. kHost: host memory, bound with its size (plain
// iterations). kGmAlloc: a GmAlloc block, bound with its size (iterations with
// every deep mode on). kRegistered: host memory of which only the bound
// region is GmRegister'ed, bound WITHOUT a size: memcheck alone must then
// keep every access inside the registered region (the memory after it is
// mapped host memory, so a missed check shows as changed bytes, not a crash).
enum class GmKind : uint8_t { kHost, kGmAlloc, kRegistered };

// The GM of one case: [front guard][bound region][`after` bytes of guard].
struct GmImage {
  std::vector<uint8_t> want;  // the initial image, then what it must become
  uint8_t* mem = nullptr;     // the memory the kernel sees
  size_t bytes = 0;
  size_t regionBytes = 0;
  GmKind kind;
  std::vector<uint8_t> host;

  GmImage(size_t region, GmKind k, size_t after, Rng& r) : regionBytes(region), kind(k) {
    bytes = kGmFront + region + after;
    want.resize(bytes);
    FillRandom(want.data(), bytes, r);
    if (kind == GmKind::kGmAlloc) {
      mem = static_cast<uint8_t*>(aicore::GmAlloc(bytes));
    } else {
      host.resize(bytes);
      mem = host.data();
    }
    std::memcpy(mem, want.data(), bytes);
    if (kind == GmKind::kRegistered) aicore::GmRegister(region_ptr(), regionBytes);
  }
  ~GmImage() {
    if (kind == GmKind::kGmAlloc) aicore::GmFree(mem);
    if (kind == GmKind::kRegistered) aicore::GmUnregister(region_ptr());
  }
  GmImage(const GmImage&) = delete;
  GmImage& operator=(const GmImage&) = delete;
  uint8_t* region_ptr() const { return mem + kGmFront; }
  std::string Diff(const std::string& what) const {
    return FirstDiff(mem, want.data(), bytes, what, kGmFront, kGmFront + regionBytes);
  }
};

const char* GmKindText(GmKind k) {
  switch (k) {
    case GmKind::kHost: return "host memory";
    case GmKind::kGmAlloc: return "a GmAlloc block";
    default: return "a GmRegister'ed region bound without a size (memcheck alone checks it)";
  }
}

// Sizes a buffer around `need` bytes: mostly exactly or just around it (the
// off-by-one cases), sometimes anything.
uint64_t AroundNeed(Rng& r, uint64_t need, uint64_t unit, uint64_t lo, uint64_t hi) {
  uint64_t v;
  if (need > hi || Percent(r, 15)) {
    v = lo + Below(r, hi - lo + 1);
  } else if (Percent(r, 40)) {
    v = need;
  } else {
    const int64_t delta = static_cast<int64_t>(Below(r, 9)) - 4;  // -4 .. 4 units
    const int64_t s = static_cast<int64_t>(need) + delta * static_cast<int64_t>(unit);
    v = s < static_cast<int64_t>(lo) ? lo : static_cast<uint64_t>(s);
  }
  return std::min(std::max(v, lo), hi);
}

// The UB side of a case: a TBuf of ubLen bytes (carved as round_up_32(ubLen)
// bytes), the operand at byte ubOff (a multiple of the element size, not
// always of 32: a misaligned operand is an alignment error).
static_assert(sizeof(half) == 2, "element sizes are 1 << type");

enum class Dir { kGmToUb, kUbToGm };
const char* DirName(Dir d) { return d == Dir::kGmToUb ? "GM->UB" : "UB->GM"; }

// ---------------------------------------------------------------------------
// 1. DataCopy with DataCopyParams.

struct CopyCase {
  Dir dir;
  int type;  // 0..3: int8_t, half, float, double
  DataCopyParams p;
  uint64_t gmElems, gmOff;  // bound size and the view's offset, in elements
  uint32_t ubLen, ubOff;    // TBuf length and operand offset, in bytes
  bool sanitized;
  GmKind gm;
};

std::string Describe(const CopyCase& c) {
  std::ostringstream s;
  s << "DataCopy " << DirName(c.dir) << " " << TypeNameOf(c.type)
    << " DataCopyParams{blockCount=" << c.p.blockCount << ", blockLen=" << c.p.blockLen
    << ", srcStride=" << c.p.srcStride << ", dstStride=" << c.p.dstStride << "}, GM bound " << c.gmElems
    << " elements"
    << " in " << GmKindText(c.gm) << ", view offset " << c.gmOff << ", TBuf " << c.ubLen
    << " bytes, UB operand at byte " << c.ubOff << (c.sanitized ? ", all deep modes on" : "");
  return s.str();
}

uint16_t FuzzCount(Rng& r) {
  if (Percent(r, 80)) return static_cast<uint16_t>(1 + Below(r, 8));
  return static_cast<uint16_t>(
      OneOf<uint32_t>(r, {0, 1, 2, 4094, 4095, 4096, 65535, static_cast<uint32_t>(r() & 0xFFFF)}));
}
uint16_t FuzzBlocks16(Rng& r, int pctZero, uint32_t smallMax) {
  if (Percent(r, pctZero)) return 0;
  if (Percent(r, 80)) return static_cast<uint16_t>(Below(r, smallMax + 1));
  return static_cast<uint16_t>(
      OneOf<uint32_t>(r, {1, 2048, 4096, 65535, static_cast<uint32_t>(r() & 0xFFFF)}));
}

// Bytes spanned by a burst pattern (count >= 1), len and gap in 32-byte blocks.
uint64_t CopySpan(uint32_t count, uint32_t len, uint32_t gap) {
  return ((uint64_t{count} - 1) * (uint64_t{len} + gap) + len) * 32;
}

CopyCase GenCopyCase(Rng& r, bool sanitized) {
  CopyCase c;
  c.dir = Percent(r, 50) ? Dir::kGmToUb : Dir::kUbToGm;
  c.type = static_cast<int>(Below(r, 4));
  const uint64_t sz = uint64_t{1} << c.type;
  c.p.blockCount = FuzzCount(r);
  c.p.blockLen = Percent(r, 5) ? 0 : FuzzBlocks16(r, 0, 24);
  if (c.p.blockLen == 0 && Percent(r, 50)) c.p.blockLen = 1;
  c.p.srcStride = FuzzBlocks16(r, 45, 6);
  c.p.dstStride = FuzzBlocks16(r, 45, 6);
  c.sanitized = sanitized;
  c.gm = sanitized ? GmKind::kGmAlloc : GmKind::kHost;
  const uint16_t ubGap = c.dir == Dir::kGmToUb ? c.p.dstStride : c.p.srcStride;
  const uint16_t gmGap = c.dir == Dir::kGmToUb ? c.p.srcStride : c.p.dstStride;
  const uint32_t count = std::max<uint32_t>(c.p.blockCount, 1);
  const uint32_t len = std::max<uint32_t>(c.p.blockLen, 1);
  c.ubOff =
      Percent(r, 85) ? static_cast<uint32_t>(32 * Below(r, 3)) : static_cast<uint32_t>(sz * Below(r, 48));
  c.ubLen = static_cast<uint32_t>(AroundNeed(r, c.ubOff + CopySpan(count, len, ubGap), 8, 1, kMaxUbLen));
  if (c.ubOff > RoundUp32(c.ubLen)) c.ubOff = 0;
  c.gmOff = Percent(r, 70) ? 0 : Below(r, 64);
  const uint64_t gmNeed = (c.gmOff * sz + CopySpan(count, len, gmGap) + sz - 1) / sz;
  c.gmElems = AroundNeed(r, gmNeed, Percent(r, 50) ? 1 : 32 / sz, 0, kMaxGmBytes / sz);
  if (c.gmOff > c.gmElems) c.gmOff = c.gmElems;
  return c;
}

// The model: DataCopyParams ranges, then the UB operand (32-byte aligned, its
// footprint inside the carved buffer), then the GM footprint inside the bound.
Verdict JudgeCopy(const CopyCase& c) {
  Verdict v;
  const uint64_t sz = uint64_t{1} << c.type;
  if (c.p.blockCount < 1 || c.p.blockCount > 4095 || c.p.blockLen < 1) {
    v.Bad(ErrorKind::kParameter);  // checked first: the footprints mean nothing then
    return v;
  }
  const uint16_t ubGap = c.dir == Dir::kGmToUb ? c.p.dstStride : c.p.srcStride;
  const uint16_t gmGap = c.dir == Dir::kGmToUb ? c.p.srcStride : c.p.dstStride;
  if (c.ubOff % 32 != 0) v.Bad(ErrorKind::kAlignment);
  if (c.ubOff + CopySpan(c.p.blockCount, c.p.blockLen, ubGap) > RoundUp32(c.ubLen)) v.Bad(ErrorKind::kBounds);
  if (c.gmOff * sz + CopySpan(c.p.blockCount, c.p.blockLen, gmGap) > c.gmElems * sz)
    v.Bad(ErrorKind::kBounds);
  return v;
}

// The end of the GM footprint (bytes from the bound region's start), and the
// bytes to map after the region: a guard, and for an unsized binding room for
// the whole footprint (a missed check must not write outside this image).
uint64_t GmFootprintEnd(const CopyCase& c) {
  const uint16_t gmGap = c.dir == Dir::kGmToUb ? c.p.srcStride : c.p.dstStride;
  return (c.gmOff << c.type) +
         CopySpan(std::max<uint32_t>(c.p.blockCount, 1), std::max<uint32_t>(c.p.blockLen, 1), gmGap);
}
template <class Case>
size_t GmAfter(const Case& c) {
  const uint64_t end = GmFootprintEnd(c);
  const uint64_t region = c.gmElems << c.type;
  return c.gm == GmKind::kRegistered && end > region ? kGmBack + (end - region) : kGmBack;
}

struct UbState {
  std::vector<uint8_t> before, after;
};

// One case's block: a TBuf of ubLen bytes holding ub.before (initialized for
// initcheck when it is the source), `copy` (the API call under test), and the
// buffer's bytes afterwards in ub.after, also when the call fails.
using CopyCall = std::function<void(TBuf<TPosition::VECCALC>&)>;
Outcome RunCopyBlock(bool sanitized, uint32_t ubLen, Dir dir, UbState& ub, const CopyCall& copy) {
  const size_t ubBytes = ub.before.size();
  return RunBlock(sanitized, [&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> buf;
    pipe.InitBuffer(buf, ubLen);
    uint8_t* raw = reinterpret_cast<uint8_t*>(buf.Get<int16_t>().GetPhyAddr());
    if (dir == Dir::kUbToGm) {  // the source bytes count as written (initcheck)
      Duplicate(buf.Get<int16_t>(), int16_t{0}, static_cast<int32_t>(ubBytes / 2));
      SetFlag<HardEvent::V_MTE3>(EVENT_ID0);
      WaitFlag<HardEvent::V_MTE3>(EVENT_ID0);
    }
    std::memcpy(raw, ub.before.data(), ubBytes);
    try {
      copy(buf);
    } catch (...) {
      std::memcpy(ub.after.data(), raw, ubBytes);
      throw;
    }
    std::memcpy(ub.after.data(), raw, ubBytes);
  });
}

// The GlobalTensor of a case: the region, bound with its size or (kRegistered) without.
template <class T>
GlobalTensor<T> BindGm(uint8_t* region, GmKind kind, uint64_t elems) {
  GlobalTensor<T> g;
  if (kind == GmKind::kRegistered) {
    g.SetGlobalBuffer(reinterpret_cast<T*>(region));
  } else {
    g.SetGlobalBuffer(reinterpret_cast<T*>(region), elems);
  }
  return g;
}

// The DataCopy call of a case (the only code instantiated per element type).
template <class T>
void DoDataCopy(const CopyCase& c, TBuf<TPosition::VECCALC>& buf, uint8_t* region, int& line) {
  const LocalTensor<T> u = buf.Get<T>()[c.ubOff / sizeof(T)];
  const GlobalTensor<T> gv = BindGm<T>(region, c.gm, c.gmElems)[c.gmOff];
  if (c.dir == Dir::kGmToUb) {
    line = __LINE__ + 1;
    DataCopy(u, gv, c.p);
  } else {
    line = __LINE__ + 1;
    DataCopy(gv, u, c.p);
  }
}

// Judges the outcome and compares both sides with the model; "" or what is wrong.
std::string CheckBytes(const Verdict& v, const Outcome& o, const char* api, int line, const UbState& ub,
                       const std::vector<uint8_t>& ubWant, uint32_t ubOff, const GmImage& gm) {
  std::string bad = Judge(v, o, api, line);
  const std::string ubDiff =
      FirstDiff(ub.after.data(), ubWant.data(), ubWant.size(), "UB buffer", ubOff, ubWant.size());
  const std::string gmDiff = gm.Diff("GM image");
  if (!ubDiff.empty()) bad += (bad.empty() ? "" : "; ") + ubDiff;
  if (!gmDiff.empty()) bad += (bad.empty() ? "" : "; ") + gmDiff;
  return bad;
}

std::string RunCopyCase(const CopyCase& c, Rng& r) {
  const Verdict v = JudgeCopy(c);
  const uint64_t sz = uint64_t{1} << c.type;
  const size_t ubBytes = RoundUp32(c.ubLen);
  GmImage gm(c.gmElems * sz, c.gm, GmAfter(c), r);
  UbState ub;
  ub.before.resize(ubBytes);
  ub.after.assign(ubBytes, 0);
  FillRandom(ub.before.data(), ubBytes, r);
  int line = 0;
  const Outcome o = RunCopyBlock(c.sanitized, c.ubLen, c.dir, ub, [&](TBuf<TPosition::VECCALC>& buf) {
    WithType(c.type,
             [&](auto tag) { DoDataCopy<typename decltype(tag)::type>(c, buf, gm.region_ptr(), line); });
  });
  std::vector<uint8_t> ubWant = ub.before;
  if (v.ok && o.unexpected.empty()) {  // the model's bytes
    uint8_t* gmView = gm.want.data() + kGmFront + c.gmOff * sz;
    if (c.dir == Dir::kGmToUb) {
      aicore_test::ref::CopyBursts<uint8_t>(ubWant.data() + c.ubOff, gmView, c.p);
    } else {
      aicore_test::ref::CopyBursts<uint8_t>(gmView, ub.before.data() + c.ubOff, c.p);
    }
  }
  return CheckBytes(v, o, "DataCopy", line, ub, ubWant, c.ubOff, gm);
}

// Summary counters printed at the end of each test.
struct Tally {
  std::map<std::string, int> n;
  void Add(const std::string& k) { ++n[k]; }
  std::string str() const {
    std::string s;
    for (const auto& kv : n) s += "  " + kv.first + ": " + std::to_string(kv.second) + "\n";
    return s;
  }
};
std::string VerdictKey(const Verdict& v) { return v.ok ? "valid" : "invalid (" + v.KindNames() + ")"; }

double Seconds(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

// Every iteration runs; the first kMaxFailures failures are reported in
// full, the rest counted.
struct Failures {
  uint64_t seed;
  int n = 0;
  void Add(int it, const std::string& what) {
    if (n++ < kMaxFailures) ADD_FAILURE() << Where(seed, it) << what;
  }
  ~Failures() {
    if (n > kMaxFailures)
      ADD_FAILURE() << n << " failing iterations in all (the first " << kMaxFailures << " shown)";
  }
};

TEST(FuzzParams, DataCopyParamsAgainstTheModel) {
  const uint64_t seed = Seed();
  const int iters = Iterations(3000);
  Rng r(seed ^ 0x11);
  Tally tally;
  Failures failures{seed};
  const auto t0 = std::chrono::steady_clock::now();
  for (int it = 0; it < iters; ++it) {
    const CopyCase c = GenCopyCase(r, SanitizedIteration(it));
    const Verdict v = JudgeCopy(c);
    tally.Add(std::string(DirName(c.dir)) + " " + VerdictKey(v) + (c.sanitized ? " [all modes]" : ""));
    const std::string bad = RunCopyCase(c, r);
    if (!bad.empty()) failures.Add(it, Describe(c) + ":\n  " + bad);
  }
  std::printf("DataCopy fuzz: %d iterations in %.3f s, seed %llu\n%s", iters, Seconds(t0),
              static_cast<unsigned long long>(seed), tally.str().c_str());
}

// ---------------------------------------------------------------------------
// 2. DataCopyPad.

struct PadCase {
  Dir dir;
  int type;
  bool oldForm;                       // DataCopyParams + DataCopyPadParams (uint16 fields)
  uint32_t count, len, gmGap, ubGap;  // as passed: len, gmGap bytes; ubGap 32-byte blocks
  bool isPad;
  uint32_t left, right;  // elements (GM -> UB)
  uint64_t padBits;      // the padding value's bits (old form: may exceed the element)
  uint64_t gmElems, gmOff;
  uint32_t ubLen, ubOff;
  bool sanitized;
  GmKind gm;
};

std::string Describe(const PadCase& c) {
  std::ostringstream s;
  s << "DataCopyPad " << DirName(c.dir) << " " << TypeNameOf(c.type)
    << (c.oldForm ? " (DataCopyParams form)" : " (DataCopyExtParams form)") << " blockCount=" << c.count
    << ", blockLen=" << c.len << " bytes, GM gap " << c.gmGap << " bytes, UB gap " << c.ubGap << " blocks";
  if (c.dir == Dir::kGmToUb) {
    s << ", isPad=" << c.isPad << ", leftPadding=" << c.left << ", rightPadding=" << c.right
      << ", paddingValue bits 0x" << std::hex << c.padBits << std::dec;
  }
  s << ", GM bound " << c.gmElems << " elements"
    << " in " << GmKindText(c.gm) << ", view offset " << c.gmOff << ", TBuf " << c.ubLen
    << " bytes, UB operand at byte " << c.ubOff << (c.sanitized ? ", all deep modes on" : "");
  return s.str();
}

uint32_t FuzzLenBytes(Rng& r, uint64_t sz) {
  if (Percent(r, 70)) return static_cast<uint32_t>((1 + Below(r, 100)) * sz);
  if (sz > 1 && Percent(r, 35)) {              // not a multiple of the element size
    const uint64_t whole = 1 + Below(r, 100);  // (one draw per statement: a fixed order)
    return static_cast<uint32_t>(whole * sz + 1 + Below(r, sz - 1));
  }
  return OneOf<uint32_t>(
      r, {0, 1, static_cast<uint32_t>(sz), 32, 65535, 65536, 0xFFFFFFFFu, static_cast<uint32_t>(r())});
}
uint32_t FuzzGap32(Rng& r, uint32_t smallMax) {
  if (Percent(r, 50)) return 0;
  if (Percent(r, 65)) return static_cast<uint32_t>(Below(r, smallMax + 1));
  return OneOf<uint32_t>(r, {1, 65535, 65536, 1u << 20, 0xFFFFFFFFu, static_cast<uint32_t>(r())});
}

// Bytes the UB side spans, and one UB burst's footprint (count >= 1).
uint64_t PadBurstUb(const PadCase& c, uint64_t sz) {  // GM -> UB: data plus padding, rounded
  return RoundUp32(c.left * sz + uint64_t{c.len} + c.right * sz);
}
uint64_t PadUbSpan(const PadCase& c, uint64_t sz) {
  const uint64_t count = std::max<uint32_t>(c.count, 1);
  if (c.dir == Dir::kGmToUb) {
    const uint64_t f = PadBurstUb(c, sz);
    return (count - 1) * (f + uint64_t{c.ubGap} * 32) + f;
  }
  return (count - 1) * (RoundUp32(c.len) + uint64_t{c.ubGap} * 32) + c.len;
}
uint64_t PadGmSpan(const PadCase& c) {
  const uint64_t count = std::max<uint32_t>(c.count, 1);
  return (count - 1) * (uint64_t{c.len} + c.gmGap) + c.len;
}

PadCase GenPadCase(Rng& r, bool sanitized) {
  PadCase c;
  c.dir = Percent(r, 50) ? Dir::kGmToUb : Dir::kUbToGm;
  c.type = static_cast<int>(Below(r, 4));
  const uint64_t sz = uint64_t{1} << c.type;
  c.oldForm = Percent(r, 25);
  c.count = FuzzCount(r);
  c.len = FuzzLenBytes(r, sz);
  c.gmGap = Percent(r, 70) ? (Percent(r, 50) ? 0 : static_cast<uint32_t>(Below(r, 40))) : FuzzGap32(r, 64);
  c.ubGap = FuzzGap32(r, 3);
  c.isPad = false;
  c.left = c.right = 0;
  c.padBits = 0;
  if (c.dir == Dir::kGmToUb) {
    const uint32_t maxPad = static_cast<uint32_t>(32 / sz);  // a side holds fewer than maxPad elements
    c.isPad = Percent(r, 50);
    c.left = Percent(r, 90) ? static_cast<uint32_t>(Below(r, maxPad))
                            : static_cast<uint32_t>(OneOf<uint64_t>(r, {maxPad, maxPad + 1, Below(r, 256)}));
    c.right = Percent(r, 90) ? static_cast<uint32_t>(Below(r, maxPad))
                             : static_cast<uint32_t>(OneOf<uint64_t>(r, {maxPad, maxPad + 1, Below(r, 256)}));
    c.padBits = r();
    if (sz < 8) c.padBits &= (uint64_t{1} << (8 * sz)) - 1;
    if (c.oldForm && sz < 8 && Percent(r, 10)) c.padBits |= uint64_t{1} << (8 * sz + Below(r, 64 - 8 * sz));
  }
  if (c.oldForm) {  // what the uint16 fields of DataCopyParams hold
    c.len &= 0xFFFF;
    c.gmGap &= 0xFFFF;
    c.ubGap &= 0xFFFF;
  }
  c.sanitized = sanitized;
  c.gm = sanitized ? GmKind::kGmAlloc : GmKind::kHost;
  c.ubOff =
      Percent(r, 85) ? static_cast<uint32_t>(32 * Below(r, 3)) : static_cast<uint32_t>(sz * Below(r, 48));
  c.ubLen = static_cast<uint32_t>(AroundNeed(r, c.ubOff + PadUbSpan(c, sz), 8, 1, kMaxUbLen));
  if (c.ubOff > RoundUp32(c.ubLen)) c.ubOff = 0;
  c.gmOff = Percent(r, 70) ? 0 : Below(r, 64);
  const uint64_t gmNeed = (c.gmOff * sz + PadGmSpan(c) + sz - 1) / sz;
  c.gmElems = AroundNeed(r, gmNeed, 1, 0, kMaxGmBytes / sz);
  if (c.gmOff > c.gmElems) c.gmOff = c.gmElems;
  return c;
}

// The model (data_copy_pad.h's documented rules): the old form's padding
// value must fit the element; blockCount in [1, 4095]; blockLen a positive
// multiple of the element size; each padding side under 32 bytes; then the
// UB operand aligned and inside the buffer, the GM footprint inside the bound.
Verdict JudgePad(const PadCase& c) {
  Verdict v;
  const uint64_t sz = uint64_t{1} << c.type;
  if (c.oldForm && c.dir == Dir::kGmToUb && sz < 8 && (c.padBits >> (8 * sz)) != 0) {
    v.Bad(ErrorKind::kParameter);
    return v;
  }
  if (c.count < 1 || c.count > 4095 || c.len < 1 || c.len % sz != 0 || c.left * sz >= 32 ||
      c.right * sz >= 32) {
    v.Bad(ErrorKind::kParameter);
    return v;
  }
  if (c.ubOff % 32 != 0) v.Bad(ErrorKind::kAlignment);
  if (c.ubOff + PadUbSpan(c, sz) > RoundUp32(c.ubLen)) v.Bad(ErrorKind::kBounds);
  if (c.gmOff * sz + PadGmSpan(c) > c.gmElems * sz) v.Bad(ErrorKind::kBounds);
  return v;
}

// The bytes a valid case produces (the semantics of the reference in
// tests/unit/ops/test_data_copy_pad.cpp, on raw bytes).
void PadModel(const PadCase& c, uint64_t sz, uint8_t* ub, uint8_t* gm) {
  if (c.dir == Dir::kGmToUb) {
    const uint64_t f = PadBurstUb(c, sz);
    for (uint64_t i = 0; i < c.count; ++i) {
      uint8_t* b = ub + i * (f + uint64_t{c.ubGap} * 32);
      const uint8_t* s = gm + i * (uint64_t{c.len} + c.gmGap);
      std::memcpy(b + c.left * sz, s, c.len);
      if (c.isPad) {
        for (uint64_t e = 0; e < c.left * sz; e += sz) std::memcpy(b + e, &c.padBits, sz);
        for (uint64_t e = c.left * sz + c.len; e < f; e += sz) std::memcpy(b + e, &c.padBits, sz);
      }
    }
  } else {
    for (uint64_t i = 0; i < c.count; ++i) {
      std::memcpy(gm + i * (uint64_t{c.len} + c.gmGap), ub + i * (RoundUp32(c.len) + uint64_t{c.ubGap} * 32),
                  c.len);
    }
  }
}

uint64_t GmFootprintEnd(const PadCase& c) { return (c.gmOff << c.type) + PadGmSpan(c); }

// The DataCopyPad call of a case (the only code instantiated per element type).
template <class T>
void DoDataCopyPad(const PadCase& c, TBuf<TPosition::VECCALC>& buf, uint8_t* region, int& line) {
  const LocalTensor<T> u = buf.Get<T>()[c.ubOff / sizeof(T)];
  const GlobalTensor<T> gv = BindGm<T>(region, c.gm, c.gmElems)[c.gmOff];
  const auto c16 = static_cast<uint16_t>(c.count);
  const auto left = static_cast<uint8_t>(c.left), right = static_cast<uint8_t>(c.right);
  if (c.dir == Dir::kGmToUb) {
    if (c.oldForm) {
      const DataCopyParams p(c16, static_cast<uint16_t>(c.len), static_cast<uint16_t>(c.gmGap),
                             static_cast<uint16_t>(c.ubGap));
      const DataCopyPadParams pad(c.isPad, left, right, c.padBits);
      line = __LINE__ + 1;
      DataCopyPad(u, gv, p, pad);
    } else {
      T value;
      std::memcpy(static_cast<void*>(&value), &c.padBits, sizeof(T));
      const DataCopyExtParams p(c16, c.len, c.gmGap, c.ubGap, 0);
      const DataCopyPadExtParams<T> pad(c.isPad, left, right, value);
      line = __LINE__ + 1;
      DataCopyPad(u, gv, p, pad);
    }
  } else {
    if (c.oldForm) {
      const DataCopyParams p(c16, static_cast<uint16_t>(c.len), static_cast<uint16_t>(c.ubGap),
                             static_cast<uint16_t>(c.gmGap));
      line = __LINE__ + 1;
      DataCopyPad(gv, u, p);
    } else {
      const DataCopyExtParams p(c16, c.len, c.ubGap, c.gmGap, 0);
      line = __LINE__ + 1;
      DataCopyPad(gv, u, p);
    }
  }
}

std::string RunPadCase(const PadCase& c, Rng& r) {
  const Verdict v = JudgePad(c);
  const uint64_t sz = uint64_t{1} << c.type;
  const size_t ubBytes = RoundUp32(c.ubLen);
  GmImage gm(c.gmElems * sz, c.gm, GmAfter(c), r);
  UbState ub;
  ub.before.resize(ubBytes);
  ub.after.assign(ubBytes, 0);
  FillRandom(ub.before.data(), ubBytes, r);
  int line = 0;
  const Outcome o = RunCopyBlock(c.sanitized, c.ubLen, c.dir, ub, [&](TBuf<TPosition::VECCALC>& buf) {
    WithType(c.type,
             [&](auto tag) { DoDataCopyPad<typename decltype(tag)::type>(c, buf, gm.region_ptr(), line); });
  });
  std::vector<uint8_t> ubWant = ub.before;
  if (v.ok && o.unexpected.empty()) {
    std::vector<uint8_t> ubSrc = ub.before;  // UB -> GM reads the initial bytes
    PadModel(c, sz, c.dir == Dir::kGmToUb ? ubWant.data() + c.ubOff : ubSrc.data() + c.ubOff,
             gm.want.data() + kGmFront + c.gmOff * sz);
  }
  return CheckBytes(v, o, "DataCopyPad", line, ub, ubWant, c.ubOff, gm);
}

TEST(FuzzParams, DataCopyPadAgainstTheModel) {
  const uint64_t seed = Seed();
  const int iters = Iterations(3000);
  Rng r(seed ^ 0x22);
  Tally tally;
  Failures failures{seed};
  const auto t0 = std::chrono::steady_clock::now();
  for (int it = 0; it < iters; ++it) {
    const PadCase c = GenPadCase(r, SanitizedIteration(it));
    const Verdict v = JudgePad(c);
    tally.Add(std::string(DirName(c.dir)) + " " + VerdictKey(v) + (c.sanitized ? " [all modes]" : ""));
    const std::string bad = RunPadCase(c, r);
    if (!bad.empty()) failures.Add(it, Describe(c) + ":\n  " + bad);
  }
  std::printf("DataCopyPad fuzz: %d iterations in %.3f s, seed %llu\n%s", iters, Seconds(t0),
              static_cast<unsigned long long>(seed), tally.str().c_str());
}

// ---------------------------------------------------------------------------
// 1+2 under memcheck alone: the same DataCopy / DataCopyPad cases with the
// GlobalTensor bound WITHOUT a size to a GmRegister'ed region, all deep modes
// on. The only check left on the GM side is memcheck's, which must hold every
// access (each burst, whatever the strides) to the region the tensor's
// pointer lies in (README: "checked against the GmAlloc block or
// GmRegister'ed buffer it falls in"; example 1: "against the allocation its
// pointer came from, also when the GlobalTensor was bound without a size").
// The memory after the region is mapped (a footprint up to 1 MiB past it), so
// a missed check shows as an accepted case and changed guard bytes.

constexpr uint64_t kMaxUnsizedFootprint = 1u << 20;

TEST(FuzzParams, UnsizedGmCopiesUnderMemcheck) {
  const uint64_t seed = Seed();
  const int iters = Iterations(3000) / 3;
  Rng r(seed ^ 0x44);
  Tally tally;
  Failures failures{seed};
  const auto t0 = std::chrono::steady_clock::now();
  for (int it = 0; it < iters; ++it) {
    std::string bad, what;
    if (it % 2 == 0) {
      CopyCase c = GenCopyCase(r, true);
      c.gm = GmKind::kRegistered;
      c.gmElems = std::max<uint64_t>(c.gmElems, 1);  // GmRegister takes at least one byte
      if (GmFootprintEnd(c) > kMaxUnsizedFootprint) continue;
      const Verdict v = JudgeCopy(c);
      tally.Add(std::string("DataCopy ") + DirName(c.dir) + " " + VerdictKey(v));
      bad = RunCopyCase(c, r);
      what = Describe(c);
    } else {
      PadCase c = GenPadCase(r, true);
      c.gm = GmKind::kRegistered;
      c.gmElems = std::max<uint64_t>(c.gmElems, 1);
      if (GmFootprintEnd(c) > kMaxUnsizedFootprint) continue;
      const Verdict v = JudgePad(c);
      tally.Add(std::string("DataCopyPad ") + DirName(c.dir) + " " + VerdictKey(v));
      bad = RunPadCase(c, r);
      what = Describe(c);
    }
    if (!bad.empty()) failures.Add(it, what + ":\n  " + bad);
  }
  std::printf("unsized GM under memcheck: %d iterations in %.3f s, seed %llu\n%s", iters, Seconds(t0),
              static_cast<unsigned long long>(seed), tally.str().c_str());
}

// ---------------------------------------------------------------------------
// 3. The TQue state machine.
//
// Model: each buffer is FREE, OCCUPIED (AllocTensor), ENQUE (EnQue) or DEQUE
// (DeQue) and carries the generation of its last AllocTensor; a tensor handle
// is (buffer, generation). Legal: AllocTensor when a buffer is FREE (taken
// round robin, starting after the last one taken); EnQue of a handle whose
// buffer is OCCUPIED or DEQUE (a dequeued tensor may be enqueued again, as
// the vendor's EnQue allows) with the handle's generation; DeQue when something is
// enqueued (FIFO); FreeTensor of a handle whose buffer is OCCUPIED or DEQUE
// with the handle's generation. EnQue beyond `depth` is accepted (README: not
// rejected; VacantInQue honours it). Everything else (no free buffer, empty
// queue, double FreeTensor, FreeTensor of an enqueued tensor, EnQue twice,
// a stale handle, a tensor never allocated, a TBuf tensor, another queue's
// tensor) is an error: kQueue, or kBounds for a stale handle (use after
// FreeTensor). A buffer still ENQUE when the block ends is a kQueue error at
// the AllocTensor that took it; one OCCUPIED or DEQUE only under memcheck
// (the NPU finishes such a kernel normally).

enum class QOp : uint8_t { kAlloc, kEnQue, kDeQue, kFree, kEnQueForeign, kFreeForeign };
const char* QOpApi(QOp op) {
  switch (op) {
    case QOp::kAlloc: return "TQue::AllocTensor";
    case QOp::kEnQue:
    case QOp::kEnQueForeign: return "TQue::EnQue";
    case QOp::kDeQue: return "TQue::DeQue";
    default: return "TQue::FreeTensor";
  }
}
const char* kForeignNames[] = {"a never-allocated LocalTensor", "a TBuf tensor", "another queue's tensor"};

struct QStep {
  QOp op;
  int arg;  // handle index (kEnQue, kFree) or foreign kind 0..2
};
struct QSnap {  // what the queries must say after a legal step
  int count;
  bool vacant, has, idle;
  int buf;  // buffer returned by AllocTensor / DeQue, else -1
};
enum class BS : uint8_t { kFree, kOccupied, kEnque, kDeque };

struct QModel {
  int num, cap;
  std::vector<BS> st;
  std::vector<uint32_t> gen;
  std::deque<int> fifo;
  int cursor = 0;
  uint32_t gens = 0;
  std::vector<std::pair<int, uint32_t>> handles;  // (buffer, generation)

  QModel(int n, int c) : num(n), cap(c), st(n, BS::kFree), gen(n, 0) {}
  bool AnyFree() const { return std::find(st.begin(), st.end(), BS::kFree) != st.end(); }
  bool AllFree() const { return std::count(st.begin(), st.end(), BS::kFree) == num; }
  bool AnyEnque() const { return std::count(st.begin(), st.end(), BS::kEnque) != 0; }
  bool Current(int h) const { return gen[handles[h].first] == handles[h].second; }
  bool Legal(const QStep& s) const {
    switch (s.op) {
      case QOp::kAlloc: return AnyFree();
      case QOp::kDeQue: return !fifo.empty();
      case QOp::kEnQue: {
        const BS b = st[handles[s.arg].first];
        return (b == BS::kOccupied || b == BS::kDeque) && Current(s.arg);
      }
      case QOp::kFree: {
        const BS b = st[handles[s.arg].first];
        return (b == BS::kOccupied || b == BS::kDeque) && Current(s.arg);
      }
      default: return false;
    }
  }
  Verdict Illegal(const QStep& s) const {
    Verdict v;
    v.Bad(ErrorKind::kQueue);
    if ((s.op == QOp::kEnQue || s.op == QOp::kFree) && !Current(s.arg)) v.Bad(ErrorKind::kBounds);
    return v;
  }
  QSnap Apply(const QStep& s) {
    int buf = -1;
    switch (s.op) {
      case QOp::kAlloc:
        for (int k = 0; k < num; ++k) {
          const int i = (cursor + k) % num;
          if (st[i] == BS::kFree) {
            cursor = (i + 1) % num;
            st[i] = BS::kOccupied;
            gen[i] = ++gens;
            handles.push_back({i, gen[i]});
            buf = i;
            break;
          }
        }
        break;
      case QOp::kEnQue:
        st[handles[s.arg].first] = BS::kEnque;
        fifo.push_back(handles[s.arg].first);
        break;
      case QOp::kDeQue:
        buf = fifo.front();
        fifo.pop_front();
        st[buf] = BS::kDeque;
        handles.push_back({buf, gen[buf]});
        break;
      case QOp::kFree: st[handles[s.arg].first] = BS::kFree; break;
      default: break;
    }
    return QSnap{static_cast<int>(fifo.size()), static_cast<int>(fifo.size()) < cap, !fifo.empty(), AnyFree(),
                 buf};
  }
};

struct QSeq {
  int num;
  std::vector<QStep> ops;
  std::vector<QSnap> snaps;  // one per legal step executed
  int firstIllegal = -1;
  Verdict illegal;  // the kinds allowed at firstIllegal
  bool endAllFree = true;
  bool endAnyEnque = false;
  bool cleanedUp = false;
};

std::string Describe(const QSeq& q, int depth) {
  std::ostringstream s;
  s << "TQue<VECIN, " << depth << "> with " << q.num << " buffer(s), " << q.ops.size() << " steps:";
  for (size_t i = 0; i < q.ops.size(); ++i) {
    const QStep& st = q.ops[i];
    s << (i ? ", " : " ") << i << ":";
    switch (st.op) {
      case QOp::kAlloc: s << "Alloc"; break;
      case QOp::kEnQue: s << "EnQue(h" << st.arg << ")"; break;
      case QOp::kDeQue: s << "DeQue"; break;
      case QOp::kFree: s << "Free(h" << st.arg << ")"; break;
      case QOp::kEnQueForeign: s << "EnQue(" << kForeignNames[st.arg] << ")"; break;
      case QOp::kFreeForeign: s << "Free(" << kForeignNames[st.arg] << ")"; break;
    }
  }
  s << " (handles h0, h1, ... are the tensors AllocTensor and DeQue returned, in order); first illegal step "
    << q.firstIllegal;
  return s.str();
}

QStep RandomStep(Rng& r, const QModel& m) {
  const auto op = static_cast<QOp>(Below(r, 6));
  if ((op == QOp::kEnQue || op == QOp::kFree) && !m.handles.empty()) {
    return {op, static_cast<int>(Below(r, m.handles.size()))};
  }
  if (op == QOp::kEnQue || op == QOp::kEnQueForeign)
    return {QOp::kEnQueForeign, static_cast<int>(Below(r, 3))};
  if (op == QOp::kFree || op == QOp::kFreeForeign) return {QOp::kFreeForeign, static_cast<int>(Below(r, 3))};
  return {op, 0};
}

QStep LegalStep(Rng& r, const QModel& m) {
  std::vector<QStep> c;
  if (m.AnyFree()) c.push_back({QOp::kAlloc, 0});
  if (!m.fifo.empty()) c.push_back({QOp::kDeQue, 0});
  std::vector<QStep> enq, fre;
  for (int h = 0; h < static_cast<int>(m.handles.size()); ++h) {
    if (m.Legal({QOp::kEnQue, h})) enq.push_back({QOp::kEnQue, h});
    if (m.Legal({QOp::kFree, h})) fre.push_back({QOp::kFree, h});
  }
  if (!enq.empty()) c.push_back(enq[Below(r, enq.size())]);
  if (!fre.empty()) c.push_back(fre[Below(r, fre.size())]);
  return c[Below(r, c.size())];  // never empty: a buffer is FREE, or some tensor can move on
}

QSeq GenQueueSeq(Rng& r, int cap) {
  QSeq q;
  q.num = static_cast<int>(1 + Below(r, 4));
  QModel m(q.num, cap);
  const int len = static_cast<int>(1 + Below(r, 40));
  const int pctRandom = static_cast<int>(Below(r, 8));  // 0..7 % of the steps are random
  for (int s = 0; s < len; ++s) {
    const QStep st = Percent(r, pctRandom) ? RandomStep(r, m) : LegalStep(r, m);
    q.ops.push_back(st);
    if (!m.Legal(st)) {
      q.firstIllegal = s;
      q.illegal = m.Illegal(st);
      for (int k = static_cast<int>(Below(r, 3)); k > 0; --k) q.ops.push_back(RandomStep(r, m));  // never run
      return q;
    }
    q.snaps.push_back(m.Apply(st));
  }
  if (Percent(r, 80)) {  // free everything: drain the queue, then free what is held
    q.cleanedUp = true;
    while (!m.fifo.empty()) {
      q.ops.push_back({QOp::kDeQue, 0});
      q.snaps.push_back(m.Apply(q.ops.back()));
    }
    for (int h = 0; h < static_cast<int>(m.handles.size()); ++h) {
      if (m.Legal({QOp::kFree, h})) {
        q.ops.push_back({QOp::kFree, h});
        q.snaps.push_back(m.Apply(q.ops.back()));
      }
    }
  }
  q.endAllFree = m.AllFree();
  q.endAnyEnque = m.AnyEnque();
  return q;
}

constexpr uint32_t kTbBytes = 64;   // the TBuf carved first (its tensor is a foreign one)
constexpr uint32_t kQueBytes = 96;  // bytes per queue buffer (a multiple of 32)

struct QTrace {
  size_t step = 0;
  int line = 0;
  int allocLine = 0;
  std::vector<std::string> mismatches;
};

// Which queue buffer a tensor starts at (-2: none of them).
int BufferIndex(const LocalTensor<float>& t, const uint8_t* base, int num) {
  const auto off = reinterpret_cast<const uint8_t*>(t.GetPhyAddr()) - base;
  return (off >= 0 && off % kQueBytes == 0 && off / kQueBytes < num) ? static_cast<int>(off / kQueBytes) : -2;
}

// Compares the queries after legal step s with the model; false when step s
// should not have been reached (the model's first illegal step went through).
bool CheckStep(const QSeq& q, size_t s, const QSnap& got, bool enqueOk, QTrace& tr) {
  if (s >= q.snaps.size()) {
    tr.mismatches.push_back("step " + std::to_string(s) + " was accepted; the model says it is illegal");
    return false;
  }
  const QSnap& w = q.snaps[s];
  if (!enqueOk || got.count != w.count || got.vacant != w.vacant || got.has != w.has || got.idle != w.idle ||
      got.buf != w.buf) {
    std::ostringstream m;
    m << "after step " << s << ": EnQue returned " << enqueOk << ", GetTensorCountInQue " << got.count
      << " (model " << w.count << "), VacantInQue " << got.vacant << " (" << w.vacant << "), HasTensorInQue "
      << got.has << " (" << w.has << "), HasIdleBuffer " << got.idle << " (" << w.idle
      << "), buffer returned " << got.buf << " (model " << w.buf << ")";
    tr.mismatches.push_back(m.str());
  }
  return true;
}

// The outcome of a sequence against the model: "" or what is wrong.
std::string JudgeQueue(const QSeq& q, const Outcome& o, const QTrace& tr, bool sanitized) {
  std::string bad;
  for (const std::string& m : tr.mismatches) bad += m + "; ";
  if (q.firstIllegal >= 0) {
    bad += Judge(q.illegal, o, QOpApi(q.ops[q.firstIllegal].op), tr.line);
    if (o.failed && tr.step != static_cast<size_t>(q.firstIllegal)) {
      bad += "; the block stopped at step " + std::to_string(tr.step) + ", the first illegal step is " +
             std::to_string(q.firstIllegal);
    }
    return bad;
  }
  // Legal: one kQueue report at the AllocTensor when a buffer is still
  // enqueued (or, under memcheck, held at all) at the end; else silent.
  const bool reported = q.endAnyEnque || (sanitized && !q.endAllFree);
  Verdict v;
  if (reported) v.Bad(ErrorKind::kQueue);
  bad += Judge(v, o, "", reported ? tr.allocLine : 0);
  if (tr.step != q.ops.size()) bad += "; the block stopped at step " + std::to_string(tr.step);
  return bad;
}

// One sequence in one block (only this is instantiated per depth).
template <int32_t kDepth>
std::string RunQueueSeq(const QSeq& q, bool sanitized) {
  QTrace tr;
  const Outcome o = RunBlock(sanitized, [&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> tb;
    TQue<TPosition::VECIN, kDepth> que;
    TQue<TPosition::VECOUT, 1> other;
    pipe.InitBuffer(tb, kTbBytes);  // buffers are carved in call order: the queue's follow
    pipe.InitBuffer(que, static_cast<uint8_t>(q.num), kQueBytes);
    pipe.InitBuffer(other, 1, kQueBytes);
    LocalTensor<float> foreign[3];  // never allocated, a TBuf's, another queue's
    foreign[1] = tb.Get<float>();
    foreign[2] = other.AllocTensor<float>();
    const auto* base = reinterpret_cast<const uint8_t*>(foreign[1].GetPhyAddr()) + kTbBytes;
    std::vector<LocalTensor<float>> h;  // the handles, in the model's order
    h.reserve(q.ops.size());
    for (size_t s = 0; s < q.ops.size(); ++s) {
      tr.step = s;
      const QStep& st = q.ops[s];
      int buf = -1;
      bool ok = true;
      switch (st.op) {
        case QOp::kAlloc:
          tr.allocLine = tr.line = __LINE__ + 1;
          h.push_back(que.template AllocTensor<float>());
          buf = BufferIndex(h.back(), base, q.num);
          break;
        case QOp::kEnQue:
          tr.line = __LINE__ + 1;
          ok = que.EnQue(h[st.arg]);
          break;
        case QOp::kDeQue:
          tr.line = __LINE__ + 1;
          h.push_back(que.template DeQue<float>());
          buf = BufferIndex(h.back(), base, q.num);
          break;
        case QOp::kFree:
          tr.line = __LINE__ + 1;
          que.FreeTensor(h[st.arg]);
          break;
        case QOp::kEnQueForeign:
          tr.line = __LINE__ + 1;
          ok = que.EnQue(foreign[st.arg]);
          break;
        case QOp::kFreeForeign:
          tr.line = __LINE__ + 1;
          que.FreeTensor(foreign[st.arg]);
          break;
      }
      const QSnap got{que.GetTensorCountInQue(), que.VacantInQue(), que.HasTensorInQue(), que.HasIdleBuffer(),
                      buf};
      if (!CheckStep(q, s, got, ok, tr)) return;
    }
    tr.step = q.ops.size();
    other.FreeTensor(foreign[2]);
  });
  return JudgeQueue(q, o, tr, sanitized);
}

TEST(FuzzParams, TQueStateMachineAgainstTheModel) {
  const uint64_t seed = Seed();
  const int iters = Iterations(3000);
  Rng r(seed ^ 0x33);
  Tally tally;
  Failures failures{seed};
  const auto t0 = std::chrono::steady_clock::now();
  static constexpr int kDepths[] = {1, 2, 3, 4};
  for (int it = 0; it < iters; ++it) {
    const int depth = kDepths[Below(r, 4)];
    const QSeq q = GenQueueSeq(r, depth);
    const bool san = SanitizedIteration(it);
    if (q.firstIllegal >= 0) {
      const QStep& st = q.ops[q.firstIllegal];
      std::string what = QOpApi(st.op);
      if (st.op == QOp::kEnQueForeign || st.op == QOp::kFreeForeign)
        what += std::string(" of ") + kForeignNames[st.arg];
      if (q.illegal.Allows(ErrorKind::kBounds)) what += " of a stale handle";
      tally.Add("illegal: " + what);
    } else {
      tally.Add(q.endAllFree ? "legal, everything freed" : "legal, a buffer still held at block end");
    }
    std::string bad;
    switch (depth) {
      case 1: bad = RunQueueSeq<1>(q, san); break;
      case 2: bad = RunQueueSeq<2>(q, san); break;
      case 3: bad = RunQueueSeq<3>(q, san); break;
      default: bad = RunQueueSeq<4>(q, san); break;
    }
    if (!bad.empty())
      failures.Add(it, Describe(q, depth) + (san ? " [all deep modes on]" : "") + ":\n  " + bad);
  }
  std::printf("TQue fuzz: %d iterations in %.3f s, seed %llu\n%s", iters, Seconds(t0),
              static_cast<unsigned long long>(seed), tally.str().c_str());
}

}  // namespace
