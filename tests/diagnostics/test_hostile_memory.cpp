// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// Hostile memory use never crashes, hangs or corrupts (issue 17): null and
// null-derived GM pointers, LocalTensors kept across launches or used after
// their TPipe was Reset, sizes whose byte counts overflow, two live TPipes,
// misaligned ReinterpretCast, negative counts, unbounded dumps, and
// operator[] out of range. Each buggy kernel must raise its error (kind, API,
// this file and the line of the offending call, the values) and its clean
// twin must run silently — with every deep mode off and with all of them on
// (AICORE_SANITIZE=all, through an ErrorRecorder), under pool sizes 1, 2 and
// 5.
//
// Each kernel takes `buggy`: 0 runs the clean variant in every block, 1 puts
// the bug in block kBadBlock only. MARK_NEXT_LINE() records the line of the
// offending call, which must be on the next line.
#include <aicore/aicore.h>
#include <gtest/gtest.h>

#include <atomic>
#include <cstdint>
#include <cstdio>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

using namespace AscendC;

namespace {

constexpr uint32_t kBlocks = 4;
constexpr int64_t kBadBlock = 2;
constexpr uint32_t kLen = 64;  // floats per block in GM and per UB tile

std::atomic<int> g_line{0};
std::atomic<int> g_line2{0};  // a second line some reports name
#define MARK_NEXT_LINE() g_line.store(__LINE__ + 1, std::memory_order_relaxed)
#define MARK2_NEXT_LINE() g_line2.store(__LINE__ + 1, std::memory_order_relaxed)

bool Bug(int32_t buggy) { return buggy != 0 && GetBlockIdx() == kBadBlock; }

const std::string kFile = "test_hostile_memory.cpp";

// ---------------------------------------------------------------------------
// Checking helpers.

struct Want {
  aicore::ErrorKind kind;
  std::string api;
  std::vector<std::string> fragments;
};

std::string Basename(const std::string& path) {
  const size_t slash = path.find_last_of('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

class Hostile : public ::testing::TestWithParam<std::tuple<uint32_t, bool>> {
 protected:
  void SetUp() override {
    aicore::SetNumThreads(std::get<0>(GetParam()));
    aicore::SetSocVersion("Ascend910B");
  }
  void TearDown() override { aicore::SetNumThreads(0); }
  bool Sanitized() const { return std::get<1>(GetParam()); }

  // Runs a launch expected to fail; returns its (first) report.
  template <class F>
  std::optional<aicore::KernelError> Failing(F&& launch) {
    g_line.store(0);
    g_line2.store(0);
    if (Sanitized()) {
      std::vector<aicore::KernelError> reports;
      ::testing::internal::CaptureStderr();  // reports are also printed there
      {
        aicore::ErrorRecorder rec(aicore::kSanitizeAll);
        try {
          launch();
        } catch (const std::exception& e) {
          ADD_FAILURE() << "the launch threw under an ErrorRecorder: " << e.what();
        }
        reports = rec.reports();
      }
      ::testing::internal::GetCapturedStderr();
      if (reports.empty()) {
        ADD_FAILURE() << "the buggy kernel raised no error (AICORE_SANITIZE=all)";
        return std::nullopt;
      }
      return reports.front();
    }
    try {
      launch();
    } catch (const aicore::KernelError& e) {
      return e;
    } catch (const std::exception& e) {
      ADD_FAILURE() << "unexpected exception type: " << e.what();
      return std::nullopt;
    }
    ADD_FAILURE() << "the buggy kernel raised no error";
    return std::nullopt;
  }

  template <class F>
  void ExpectFails(F&& launch, const Want& w) {
    auto e = Failing(std::forward<F>(launch));
    if (!e) return;
    const int line = g_line.load();
    const std::string what = e->what();
    SCOPED_TRACE(what);
    EXPECT_EQ(e->kind(), w.kind);
    EXPECT_EQ(e->api(), w.api);
    EXPECT_EQ(e->block(), kBadBlock);
    EXPECT_EQ(Basename(e->file()), kFile);
    EXPECT_GT(line, 0);
    EXPECT_EQ(e->line(), line);
    EXPECT_NE(what.find(kFile + ":" + std::to_string(line) + " "), std::string::npos);
    for (const std::string& f : w.fragments) {
      EXPECT_NE(what.find(f), std::string::npos) << "missing fragment: " << f;
    }
  }

  // Runs a launch expected to succeed without a report or any output.
  template <class F>
  void ExpectSilent(F&& launch) {
    ::testing::internal::CaptureStdout();
    ::testing::internal::CaptureStderr();
    std::string error;
    std::string reports;
    {
      std::optional<aicore::ErrorRecorder> rec;
      if (Sanitized()) rec.emplace(aicore::kSanitizeAll);
      try {
        launch();
      } catch (const std::exception& e) {
        error = e.what();
      }
      if (rec) reports = rec->str();
    }
    const std::string out = ::testing::internal::GetCapturedStdout();
    const std::string err = ::testing::internal::GetCapturedStderr();
    EXPECT_EQ(error, "") << "the clean kernel failed";
    EXPECT_EQ(reports, "") << "the clean kernel was reported";
    EXPECT_EQ(out, "");
    EXPECT_EQ(err, "");
  }
};

std::string ParamName(const ::testing::TestParamInfo<std::tuple<uint32_t, bool>>& info) {
  return "threads" + std::to_string(std::get<0>(info.param)) +
         (std::get<1>(info.param) ? "_sanitize_all" : "_plain");
}

INSTANTIATE_TEST_SUITE_P(Pools, Hostile,
                         ::testing::Combine(::testing::Values(1u, 2u, 5u), ::testing::Bool()),
                         ParamName);

using K = aicore::ErrorKind;

std::string Line(int line) { return kFile + ":" + std::to_string(line); }

// GmAlloc'ed GM (known to memcheck and initcheck), kBlocks slices of kLen
// floats plus one slice of slack, written by the host.
struct Gm {
  explicit Gm(float v) : p(static_cast<float*>(aicore::GmAlloc((kBlocks + 1) * kLen * sizeof(float)))) {
    for (uint32_t i = 0; i < (kBlocks + 1) * kLen; ++i) p[i] = v;
  }
  ~Gm() { aicore::GmFree(p); }
  Gm(const Gm&) = delete;
  Gm& operator=(const Gm&) = delete;
  GM_ADDR Addr() const { return reinterpret_cast<GM_ADDR>(p); }
  float* p;
};

float* Slice(GM_ADDR base) { return reinterpret_cast<float*>(base) + kLen * GetBlockIdx(); }

// y = x + add over one block's slice, the canonical way (VECIN and VECOUT
// queues), with the pipe given.
void AddOnePass(TPipe& pipe, GM_ADDR x, GM_ADDR y, float add) {
  TQue<TPosition::VECIN, 1> qin;
  TQue<TPosition::VECOUT, 1> qout;
  pipe.InitBuffer(qin, 1, kLen * sizeof(float));
  pipe.InitBuffer(qout, 1, kLen * sizeof(float));
  GlobalTensor<float> xGm, yGm;
  xGm.SetGlobalBuffer(Slice(x), kLen);
  yGm.SetGlobalBuffer(Slice(y), kLen);
  LocalTensor<float> a = qin.AllocTensor<float>();
  DataCopy(a, xGm, kLen);
  qin.EnQue(a);
  a = qin.DeQue<float>();
  LocalTensor<float> b = qout.AllocTensor<float>();
  Adds(b, a, add, kLen);
  qin.FreeTensor(a);
  qout.EnQue(b);
  b = qout.DeQue<float>();
  DataCopy(yGm, b, kLen);
  qout.FreeTensor(b);
}

// ---------------------------------------------------------------------------
// 1. Null and null-derived GM pointers (and the message of 7: bound to a
//    null pointer is not "never bound").

// The host passed x == nullptr; the kernel binds x plus the block's offset.
// (Kernels write `(__gm__ float*)x + 4096`: the same address, computed here
// as an integer because pointer arithmetic on nullptr is UB in host C++ and
// UBSan would flag this test itself.)
void null_derived_copy(GM_ADDR x, GM_ADDR y, int32_t buggy) {
  TPipe pipe;
  TQue<TPosition::VECIN, 1> q;
  pipe.InitBuffer(q, 1, kLen * sizeof(float));
  GlobalTensor<float> xGm;
  if (Bug(buggy)) {
    xGm.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(reinterpret_cast<uintptr_t>(x) +
                                                       4096 * sizeof(float)),
                        kLen);
  } else {
    xGm.SetGlobalBuffer(Slice(y), kLen);
  }
  LocalTensor<float> t = q.AllocTensor<float>();
  MARK_NEXT_LINE();
  DataCopy(t, xGm, kLen);
  q.FreeTensor(t);
}

// `how`: 0 SetGlobalBuffer(nullptr, n) then SetValue, 1 never bound then
// GetValue, 2 unsized null-derived then Fill, 3 nullptr then DumpTensor.
void null_gm_scalar(GM_ADDR y, int32_t buggy, int32_t how) {
  GlobalTensor<float> g;
  if (!Bug(buggy)) {
    g.SetGlobalBuffer(Slice(y), kLen);
  } else if (how == 0 || how == 3) {
    g.SetGlobalBuffer(nullptr, kLen);
  } else if (how == 2) {
    g.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(uintptr_t{16384} * sizeof(float)));
  }
  if (how == 0) {
    MARK_NEXT_LINE();
    g.SetValue(3, 1.5f);
  } else if (how == 1) {
    MARK_NEXT_LINE();
    const float v = g.GetValue(3);
    (void)v;
  } else if (how == 2) {
    MARK_NEXT_LINE();
    Fill(g, kLen, 2.0f);
  } else if (Bug(buggy)) {  // a clean DumpTensor prints
    MARK_NEXT_LINE();
    DumpTensor(g, 1, 8);
  }
}

TEST_P(Hostile, NullDerivedGmPointer) {
  Gm y(1.0f);
  ExpectFails([&] { AICORE_LAUNCH(null_derived_copy, kBlocks, nullptr, y.Addr(), 1); },
              {K::kBounds, "DataCopy",
               {"GM address 0x4000 (16384 bytes past a null pointer) is no GM",
                "bound to a pointer computed from nullptr", "null GM_ADDR"}});
  ExpectSilent([&] { AICORE_LAUNCH(null_derived_copy, kBlocks, nullptr, y.Addr(), 0); });
}

TEST_P(Hostile, NullAndUnboundGlobalTensorsSayWhich) {
  Gm y(1.0f);
  ExpectFails([&] { AICORE_LAUNCH(null_gm_scalar, kBlocks, y.Addr(), 1, 0); },
              {K::kBounds, "GlobalTensor::SetValue", {"GlobalTensor was bound to a null pointer"}});
  ExpectFails([&] { AICORE_LAUNCH(null_gm_scalar, kBlocks, y.Addr(), 1, 1); },
              {K::kBounds, "GlobalTensor::GetValue", {"GlobalTensor was never bound with SetGlobalBuffer"}});
  ExpectFails([&] { AICORE_LAUNCH(null_gm_scalar, kBlocks, y.Addr(), 1, 2); },
              {K::kBounds, "Fill", {"GM address 0x10000 (65536 bytes past a null pointer) is no GM"}});
  ExpectFails([&] { AICORE_LAUNCH(null_gm_scalar, kBlocks, y.Addr(), 1, 3); },
              {K::kBounds, "DumpTensor", {"GlobalTensor was bound to a null pointer"}});
  for (int32_t how = 0; how < 4; ++how) {
    ExpectSilent([&] { AICORE_LAUNCH(null_gm_scalar, kBlocks, y.Addr(), 0, how); });
  }
}

// ---------------------------------------------------------------------------
// 2. A queue or TBuf tensor kept in a static after its launch, used in the
//    next launch (its BufferDesc lived on a stack that is gone).

LocalTensor<float> g_kept_que[kBlocks];
LocalTensor<float> g_kept_buf[kBlocks];

void keep_tensors() {
  TPipe pipe;
  TQue<TPosition::VECOUT, 1> q;
  TBuf<> b;
  pipe.InitBuffer(q, 1, kLen * sizeof(float));
  pipe.InitBuffer(b, kLen * sizeof(float));
  LocalTensor<float> t = q.AllocTensor<float>();
  Duplicate(t, 1.0f, kLen);
  g_kept_que[GetBlockIdx()] = t;
  q.FreeTensor(t);
  g_kept_buf[GetBlockIdx()] = b.Get<float>();
}

// `how`: 0 the queue tensor in Duplicate, 1 the TBuf tensor in Duplicate, 2
// the TBuf tensor's GetValue, 3 the queue tensor's operator[], 4 FreeTensor
// of the queue tensor.
void use_kept(int32_t buggy, int32_t how) {
  TPipe pipe;
  TQue<TPosition::VECOUT, 1> q;
  pipe.InitBuffer(q, 1, kLen * sizeof(float));
  LocalTensor<float> fresh = q.AllocTensor<float>();
  const bool bug = Bug(buggy);
  LocalTensor<float> t = !bug ? fresh : (how == 1 || how == 2) ? g_kept_buf[GetBlockIdx()]
                                                                 : g_kept_que[GetBlockIdx()];
  if (how == 0 || how == 1) {
    MARK_NEXT_LINE();
    Duplicate(t, 2.0f, kLen);
  } else if (how == 2) {
    Duplicate(fresh, 2.0f, kLen);
    PipeBarrier<PIPE_ALL>();
    MARK_NEXT_LINE();
    const float v = t.GetValue(1);
    (void)v;
  } else if (how == 3) {
    MARK_NEXT_LINE();
    LocalTensor<float> half = t[kLen / 2];
    Duplicate(half, 2.0f, kLen / 2);
  } else {
    Duplicate(fresh, 2.0f, kLen);
    MARK_NEXT_LINE();
    q.FreeTensor(t);
    return;
  }
  q.FreeTensor(fresh);
}

TEST_P(Hostile, TensorKeptFromAnEarlierLaunch) {
  AICORE_LAUNCH(keep_tensors, kBlocks);
  const char* stale = "is a stale LocalTensor: its buffer was carved in an earlier block or launch";
  ExpectFails([] { AICORE_LAUNCH(use_kept, kBlocks, 1, 0); },
              {K::kBounds, "Duplicate", {std::string("dst of Duplicate ") + stale}});
  ExpectFails([] { AICORE_LAUNCH(use_kept, kBlocks, 1, 1); },
              {K::kBounds, "Duplicate", {std::string("dst of Duplicate ") + stale}});
  ExpectFails([] { AICORE_LAUNCH(use_kept, kBlocks, 1, 2); },
              {K::kBounds, "LocalTensor::GetValue", {std::string("the tensor ") + stale}});
  ExpectFails([] { AICORE_LAUNCH(use_kept, kBlocks, 1, 3); },
              {K::kBounds, "LocalTensor::operator[]", {std::string("the tensor ") + stale}});
  ExpectFails([] { AICORE_LAUNCH(use_kept, kBlocks, 1, 4); },
              {K::kBounds, "TQue::FreeTensor", {std::string("the tensor ") + stale}});
  for (int32_t how = 0; how < 5; ++how) {
    ExpectSilent([&] { AICORE_LAUNCH(use_kept, kBlocks, 0, how); });
  }
}

// ---------------------------------------------------------------------------
// 3. Sizes whose byte counts overflow.

// `how`: 0 Fill, 1 InitGlobalMemory, 2 Fill of a count that wraps the address
// space without overflowing 64 bits, 3 SetGlobalBuffer with such a size.
void fill_huge(GM_ADDR z, int32_t buggy, int32_t how) {
  GlobalTensor<float> g;
  const bool bug = Bug(buggy);
  if (how == 3) {
    MARK_NEXT_LINE();
    g.SetGlobalBuffer(Slice(z), bug ? ~uint64_t{0} : uint64_t{kLen});
    Fill(g, kLen, 1.0f);
    return;
  }
  g.SetGlobalBuffer(Slice(z));  // unsized
  const uint64_t n = !bug ? kLen : how == 2 ? ~uint64_t{0} / sizeof(float) : ~uint64_t{0};
  if (how == 1) {
    MARK_NEXT_LINE();
    InitGlobalMemory(g, n, 1.0f);
  } else {
    MARK_NEXT_LINE();
    Fill(g, n, 1.0f);
  }
}

TEST_P(Hostile, FillSizeOverflow) {
  Gm z(0.0f);
  const std::string minus1 =
      "size 18446744073709551615 (it is negative: -1 passed as uint64_t 18446744073709551615) "
      "float elements of 4 bytes overflow 64 bits";
  ExpectFails([&] { AICORE_LAUNCH(fill_huge, kBlocks, z.Addr(), 1, 0); },
              {K::kParameter, "Fill", {minus1, "run past the end of the address space"}});
  ExpectFails([&] { AICORE_LAUNCH(fill_huge, kBlocks, z.Addr(), 1, 1); },
              {K::kParameter, "InitGlobalMemory", {minus1}});
  ExpectFails([&] { AICORE_LAUNCH(fill_huge, kBlocks, z.Addr(), 1, 2); },
              {K::kParameter, "Fill",
               {"size 4611686018427387903 float elements (18446744073709551612 bytes): from GM "
                "address 0x",
                "they run past the end of the address space"}});
  ExpectFails([&] { AICORE_LAUNCH(fill_huge, kBlocks, z.Addr(), 1, 3); },
              {K::kParameter, "SetGlobalBuffer",
               {"bufferSize 18446744073709551615 (it is negative: -1 passed as uint64_t "
                "18446744073709551615) float elements of 4 bytes overflow 64 bits"}});
  for (int32_t how = 0; how < 4; ++how) {
    ExpectSilent([&] { AICORE_LAUNCH(fill_huge, kBlocks, z.Addr(), 0, how); });
  }
  // Nothing was written past the blocks' slices.
  for (uint32_t i = kBlocks * kLen; i < (kBlocks + 1) * kLen; ++i) ASSERT_EQ(z.p[i], 0.0f) << i;
}

// ---------------------------------------------------------------------------
// 4. Two live TPipes.

// y = x + 1 with one pipe, then y = y + 1 with a second one: Destroy() the
// first before (clean), or not (bug). `how` 1: InitBuffer on the first pipe
// after its Destroy() (bug), or after Init() (clean).
void two_pipes(GM_ADDR x, GM_ADDR y, int32_t buggy, int32_t how) {
  MARK2_NEXT_LINE();
  TPipe first;
  AddOnePass(first, x, y, 1.0f);
  PipeBarrier<PIPE_ALL>();  // the second phase reuses the first one's UB bytes
  if (how == 0) {
    if (!Bug(buggy)) first.Destroy();
    TPipe second;  // idle while `first` lives: the error is its first InitBuffer
    TQue<TPosition::VECIN, 1> q;
    MARK_NEXT_LINE();
    second.InitBuffer(q, 1, 32);
    AddOnePass(second, y, y, 1.0f);
    return;
  }
  first.Destroy();
  if (!Bug(buggy)) first.Init();
  TBuf<> scratch;
  MARK_NEXT_LINE();
  first.InitBuffer(scratch, 32);
  AddOnePass(first, y, y, 1.0f);
}

TEST_P(Hostile, SecondLiveTPipe) {
  Gm x(1.0f), y(0.0f);
  ExpectFails([&] { AICORE_LAUNCH(two_pipes, kBlocks, x.Addr(), y.Addr(), 1, 0); },
              {K::kQueue, "TPipe::InitBuffer",
               {"a second TPipe (constructed at ", ") is made live while the TPipe constructed at ",
                "only one TPipe may exist at a time", "call Destroy() on the first one"}});
  EXPECT_NE(g_line2.load(), 0);
  auto e = Failing([&] { AICORE_LAUNCH(two_pipes, kBlocks, x.Addr(), y.Addr(), 1, 0); });
  ASSERT_TRUE(e);
  EXPECT_NE(std::string(e->what()).find("/" + Line(g_line2.load()) + " still lives"),
            std::string::npos)
      << e->what();
  ExpectFails([&] { AICORE_LAUNCH(two_pipes, kBlocks, x.Addr(), y.Addr(), 1, 1); },
              {K::kQueue, "TPipe::InitBuffer",
               {"InitBuffer on a TPipe after its Destroy() at ", "call Init() on it first"}});
  for (int32_t how = 0; how < 2; ++how) {
    for (uint32_t i = 0; i < (kBlocks + 1) * kLen; ++i) y.p[i] = 0.0f;
    ExpectSilent([&] { AICORE_LAUNCH(two_pipes, kBlocks, x.Addr(), y.Addr(), 0, how); });
    for (uint32_t i = 0; i < kBlocks * kLen; ++i) ASSERT_EQ(y.p[i], 3.0f) << i;
  }
}

// ---------------------------------------------------------------------------
// 5. TPipe::Reset while a queue tensor is allocated, and queues/TBufs set up
//    before a Reset.

// `how`: 0 a tensor allocated before Reset written after it, 1 AllocTensor of
// a queue set up before Reset, 2 TBuf::Get of a TBuf set up before Reset.
void reset_then_use(int32_t buggy, int32_t how) {
  TPipe pipe;
  TQue<TPosition::VECOUT, 1> q;
  TBuf<> b;
  pipe.InitBuffer(q, 1, kLen * sizeof(float));
  pipe.InitBuffer(b, kLen * sizeof(float));
  LocalTensor<float> t = q.AllocTensor<float>();
  Duplicate(t, 1.0f, kLen);
  const bool bug = Bug(buggy);
  if (!bug || how != 0) q.FreeTensor(t);
  MARK2_NEXT_LINE();
  pipe.Reset();
  TQue<TPosition::VECOUT, 1> q2;
  pipe.InitBuffer(q2, 1, kLen * sizeof(float));  // reuses the bytes of q
  LocalTensor<float> u = q2.AllocTensor<float>();
  Duplicate(u, 2.0f, kLen);
  if (how == 0) {
    MARK_NEXT_LINE();
    Duplicate(bug ? t : u, 3.0f, kLen);  // the bug writes into q2's buffer
  } else if (how == 1) {
    if (!bug) pipe.InitBuffer(q, 1, kLen * sizeof(float));
    MARK_NEXT_LINE();
    LocalTensor<float> v = q.AllocTensor<float>();
    Duplicate(v, 3.0f, kLen);
    q.FreeTensor(v);
  } else {
    if (!bug) pipe.InitBuffer(b, kLen * sizeof(float));
    MARK_NEXT_LINE();
    LocalTensor<float> v = b.Get<float>();
    Duplicate(v, 3.0f, kLen);
  }
  q2.FreeTensor(u);
}

TEST_P(Hostile, ResetWhileATensorIsAllocated) {
  ExpectFails([] { AICORE_LAUNCH(reset_then_use, kBlocks, 1, 0); },
              {K::kBounds, "Duplicate", {"dst of Duplicate is a stale LocalTensor: its buffer was carved before TPipe::Reset() at "}});
  EXPECT_GT(g_line2.load(), 0);
  // (The Reset line is checked here, as Failing clears g_line2.)
  auto e = Failing([] { AICORE_LAUNCH(reset_then_use, kBlocks, 1, 0); });
  ASSERT_TRUE(e);
  EXPECT_NE(std::string(e->what()).find("/" + Line(g_line2.load()) + " released the TPipe's buffers"),
            std::string::npos)
      << e->what();
  ExpectFails([] { AICORE_LAUNCH(reset_then_use, kBlocks, 1, 1); },
              {K::kQueue, "TQue::AllocTensor",
               {"TQue<VECOUT, 1> holds stale buffers: they were carved before TPipe::Reset() at ",
                "call pipe.InitBuffer(queue, num, bytes) again"}});
  ExpectFails([] { AICORE_LAUNCH(reset_then_use, kBlocks, 1, 2); },
              {K::kQueue, "TBuf::Get",
               {"the TBuf holds stale memory: it was carved before TPipe::Reset() at "}});
  for (int32_t how = 0; how < 3; ++how) {
    ExpectSilent([&] { AICORE_LAUNCH(reset_then_use, kBlocks, 0, how); });
  }
}

// ---------------------------------------------------------------------------
// 6. Misaligned views: ReinterpretCast to a wider type, GetWithOffset, static
//    tensors.

// `how`: 0 ReinterpretCast<float> of a half tensor at an odd element, 1
// GetWithOffset<float> at byte 2, 2 LocalTensor<float>(VECCALC, 6, 8).
void misaligned_view(int32_t buggy, int32_t how) {
  const bool bug = Bug(buggy);
  if (how == 2) {
    MARK_NEXT_LINE();
    LocalTensor<float> s(TPosition::VECCALC, bug ? 6 : 64, 8);
    s.SetValue(0, 1.0f);
    return;
  }
  TPipe pipe;
  TBuf<> b;
  pipe.InitBuffer(b, kLen * sizeof(float));
  if (how == 0) {
    LocalTensor<half> h = b.Get<half>();
    MARK_NEXT_LINE();
    LocalTensor<float> f = h[bug ? 1 : 2].ReinterpretCast<float>();
    f.SetValue(0, 2.0f);
    EXPECT_EQ(f.GetValue(0), 2.0f);
  } else {
    MARK_NEXT_LINE();
    LocalTensor<float> f = b.GetWithOffset<float>(8, bug ? 2 : 32);
    f.SetValue(0, 2.0f);
  }
}

TEST_P(Hostile, MisalignedViews) {
  ExpectFails([] { AICORE_LAUNCH(misaligned_view, kBlocks, 1, 0); },
              {K::kAlignment, "LocalTensor::ReinterpretCast",
               {"ReinterpretCast<float> of a LocalTensor<half> that starts at byte offset 2 (UB "
                "address 2) of TBuf buffer 0 (VECCALC, 256 bytes at UB offset 0), which is not a "
                "multiple of 4, the alignment of float"}});
  ExpectFails([] { AICORE_LAUNCH(misaligned_view, kBlocks, 1, 1); },
              {K::kAlignment, "TBuf::GetWithOffset",
               {"offsetBytes 2 is not a multiple of 4, the alignment of float"}});
  ExpectFails([] { AICORE_LAUNCH(misaligned_view, kBlocks, 1, 2); },
              {K::kAlignment, "LocalTensor", {"UB address 6 is not a multiple of 4, the alignment of float"}});
  for (int32_t how = 0; how < 3; ++how) {
    ExpectSilent([&] { AICORE_LAUNCH(misaligned_view, kBlocks, 0, how); });
  }
}

// ---------------------------------------------------------------------------
// 7. Negative counts and indices say "negative".

// `how`: 0 DataCopy GM -> UB, 1 UB -> GM, 2 UB -> UB, 3 Add, 4
// LocalTensor::GetValue(-1), 5 CreateVecIndex (a uint32_t count that
// overruns its operand).
void negative_count(GM_ADDR x, int32_t buggy, int32_t how) {
  TPipe pipe;
  TBuf<> b;
  pipe.InitBuffer(b, 2 * kLen * sizeof(float));
  LocalTensor<float> t = b.Get<float>();
  LocalTensor<float> t2 = t[kLen];
  GlobalTensor<float> xGm;
  xGm.SetGlobalBuffer(Slice(x), kLen);
  const bool bug = Bug(buggy);
  DataCopy(t, xGm, kLen);
  PipeBarrier<PIPE_ALL>();
  if (how == 0) {
    MARK_NEXT_LINE();
    DataCopy(t2, xGm, bug ? -32 : 32);
  } else if (how == 1) {
    MARK_NEXT_LINE();
    DataCopy(xGm, t, bug ? -32 : 32);
  } else if (how == 2) {
    MARK_NEXT_LINE();
    DataCopy(t2, t, bug ? -32 : 32);
  } else if (how == 3) {
    MARK_NEXT_LINE();
    Add(t2, t, t, bug ? -64 : 64);
  } else if (how == 4) {
    MARK_NEXT_LINE();
    const float v = t.GetValue(bug ? -1 : 1);
    (void)v;
  } else {
    MARK_NEXT_LINE();
    CreateVecIndex(t2, 0.0f, bug ? -64 : 64);
  }
}

TEST_P(Hostile, NegativeCountsSayNegative) {
  Gm x(1.0f);
  const std::string neg32 = "count -32 is negative (passed as uint32_t 4294967264)";
  for (int32_t how = 0; how < 3; ++how) {
    ExpectFails([&] { AICORE_LAUNCH(negative_count, kBlocks, x.Addr(), 1, how); },
                {K::kParameter, "DataCopy", {neg32}});
  }
  ExpectFails([&] { AICORE_LAUNCH(negative_count, kBlocks, x.Addr(), 1, 3); },
              {K::kParameter, "Add", {"count -64 is negative"}});
  ExpectFails([&] { AICORE_LAUNCH(negative_count, kBlocks, x.Addr(), 1, 4); },
              {K::kBounds, "LocalTensor::GetValue",
               {"element 4294967295 (it is negative: -1 passed as uint32_t 4294967295) of float",
                ": the LocalTensor<float> has 128 elements from element 0 of the buffer, which holds 128"}});
  ExpectFails([&] { AICORE_LAUNCH(negative_count, kBlocks, x.Addr(), 1, 5); },
              {K::kBounds, "CreateVecIndex",
               {"dst operand of 4294967232 (it is negative: -64 passed as uint32_t 4294967232) "
                "float"}});
  for (int32_t how = 0; how < 6; ++how) {
    ExpectSilent([&] { AICORE_LAUNCH(negative_count, kBlocks, x.Addr(), 0, how); });
  }
}

// DumpTensor never reads past what is known: the bound size, the GmAlloc
// block; nothing of an unsized tensor over unknown memory.
TEST_P(Hostile, DumpTensorStaysInsideKnownMemory) {
  std::vector<float> host(8, 7.0f);
  Gm g(5.0f);
  std::string out;
  {
    ::testing::internal::CaptureStdout();
    std::optional<aicore::ErrorRecorder> rec;
    if (Sanitized()) rec.emplace(aicore::kSanitizeAll);
    aicore::Launch(
        [&] {
          GlobalTensor<float> unknown, block, oversized;
          unknown.SetGlobalBuffer(host.data());  // unsized, not GmAlloc'ed
          DumpTensor(unknown, 1, 4);
          // Unsized inside a GmAlloc block: up to the block's end.
          block.SetGlobalBuffer(g.p + (kBlocks + 1) * kLen - 3);
          DumpTensor(block, 2, 100);
          // Sized larger than its block: the block's end wins.
          oversized.SetGlobalBuffer(g.p + (kBlocks + 1) * kLen - 2, 1000);
          DumpTensor(oversized, 3, 100);
        },
        1);
    if (rec) {
      EXPECT_EQ(rec->str(), "");
    }
    out = ::testing::internal::GetCapturedStdout();
  }
  EXPECT_NE(out.find("(size unknown: the GlobalTensor has no size and its memory is neither GmAlloc'ed "
                     "nor GmRegister'ed; give SetGlobalBuffer a size, or aicore::GmRegister the buffer, "
                     "to dump it), 0 elements (dumpSize 4 clamped to the tensor):\n"),
            std::string::npos)
      << out;
  EXPECT_NE(out.find(", 3 elements (dumpSize 100 clamped to the tensor):\n     0: 5, 5, 5\n"),
            std::string::npos)
      << out;
  EXPECT_NE(out.find(", 2 elements (dumpSize 100 clamped to the tensor):\n     0: 5, 5\n"),
            std::string::npos)
      << out;
}

// ---------------------------------------------------------------------------
// 8. operator[] out of range reports the file:line of the `t[i]` expression,
//    the index, the size and the tensor.

// `how`: 0 LocalTensor past the end, 1 LocalTensor negative, 2 GlobalTensor
// past the end, 3 GlobalTensor negative.
void index_out_of_range(GM_ADDR x, int32_t buggy, int32_t how) {
  TPipe pipe;
  TBuf<> b;
  pipe.InitBuffer(b, kLen * sizeof(float));
  LocalTensor<float> t = b.Get<float>();
  GlobalTensor<float> xGm;
  xGm.SetGlobalBuffer(Slice(x), kLen);
  const bool bug = Bug(buggy);
  const int32_t i = !bug ? 8 : (how == 0 || how == 2) ? static_cast<int32_t>(kLen) + 1 : -1;
  if (how < 2) {
    MARK_NEXT_LINE();
    LocalTensor<float> v = t[i];
    v.SetValue(0, 1.0f);
  } else if (how == 2) {
    GlobalTensor<float> v = xGm[i];  // past the end: an empty view, no error yet
    MARK_NEXT_LINE();
    v.SetValue(0, 1.0f);
  } else {
    MARK_NEXT_LINE();
    GlobalTensor<float> v = xGm[i];
    v.SetValue(0, 1.0f);
  }
}

TEST_P(Hostile, OperatorIndexNamesTheCallSite) {
  Gm x(1.0f);
  const std::string tensor =
      "LocalTensor<float> of 64 elements at element offset 0 of TBuf buffer 0 (VECCALC, 256 bytes "
      "at UB offset 0)";
  ExpectFails([&] { AICORE_LAUNCH(index_out_of_range, kBlocks, x.Addr(), 1, 0); },
              {K::kBounds, "LocalTensor::operator[]",
               {"offset 65 is past the end of the buffer: the " + tensor +
                " leaves room for 64 elements"}});
  ExpectFails([&] { AICORE_LAUNCH(index_out_of_range, kBlocks, x.Addr(), 1, 1); },
              {K::kBounds, "LocalTensor::operator[]", {"offset -1 is negative (sub-view of the " + tensor + ")"}});
  // A GlobalTensor view past the end is empty (on the NPU only an address):
  // the access through it is the error.
  ExpectFails([&] { AICORE_LAUNCH(index_out_of_range, kBlocks, x.Addr(), 1, 2); },
              {K::kBounds, "GlobalTensor::SetValue",
               {"GM access of 1 float elements at element offset 0 overruns the GlobalTensor's 0 elements",
                "(an empty view: gm[offset] at or past the end of its tensor)"}});
  ExpectFails([&] { AICORE_LAUNCH(index_out_of_range, kBlocks, x.Addr(), 1, 3); },
              {K::kBounds, "GlobalTensor::operator[]",
               {"offset -1 is negative (GlobalTensor<float> at 0x", " of 64 elements)"}});
  for (int32_t how = 0; how < 4; ++how) {
    ExpectSilent([&] { AICORE_LAUNCH(index_out_of_range, kBlocks, x.Addr(), 0, how); });
  }
}

}  // namespace
