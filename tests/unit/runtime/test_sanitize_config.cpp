// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// How the sanitizer is switched on and how reports reach the user: mode
// parsing, SetSanitize, the error sink (ErrorRecorder), the error count, and
// the exit status a process gets under AICORE_SANITIZE.
#include <aicore/aicore.h>
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <vector>

using namespace AscendC;

namespace {

TEST(SanitizeConfig, ParsesModeLists) {
  using aicore::detail::ParseSanitizeModes;
  EXPECT_EQ(ParseSanitizeModes(""), 0u);
  EXPECT_EQ(ParseSanitizeModes("none"), 0u);
  EXPECT_EQ(ParseSanitizeModes("memcheck"), uint32_t{aicore::kMemcheck});
  EXPECT_EQ(ParseSanitizeModes("memcheck,initcheck"),
            uint32_t{aicore::kMemcheck | aicore::kInitcheck});
  EXPECT_EQ(ParseSanitizeModes("racecheck, synccheck ,numcheck"),
            uint32_t{aicore::kRacecheck | aicore::kSynccheck | aicore::kNumcheck});
  EXPECT_EQ(ParseSanitizeModes("all"), uint32_t{aicore::kSanitizeAll});
  try {
    ParseSanitizeModes("memcheck,racechek");
    ADD_FAILURE() << "an unknown mode was accepted";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("unknown sanitizer mode 'racechek'"), std::string::npos)
        << e.what();
  }
}

TEST(SanitizeConfig, SetSanitizeAndRecorderRestoreModes) {
  const uint32_t before = aicore::GetSanitize();
  aicore::SetSanitize("initcheck");
  EXPECT_EQ(aicore::GetSanitize(), uint32_t{aicore::kInitcheck});
  {
    aicore::ErrorRecorder rec(aicore::kMemcheck | aicore::kNumcheck);
    EXPECT_EQ(aicore::GetSanitize(), uint32_t{aicore::kMemcheck | aicore::kNumcheck});
  }
  EXPECT_EQ(aicore::GetSanitize(), uint32_t{aicore::kInitcheck});
  aicore::SetSanitize(before);
}

void copy_bad_length(GM_ADDR x, int32_t bad_block) {
  TPipe pipe;
  TBuf<> buf;
  pipe.InitBuffer(buf, 256);
  GlobalTensor<float> g;
  g.SetGlobalBuffer(reinterpret_cast<float*>(x), 64);
  LocalTensor<float> t = buf.Get<float>();
  DataCopy(t, g, GetBlockIdx() == bad_block ? 10 : 8);
}

// With a sink installed, a failing launch returns normally; the sink gets
// the report once, and the error count goes up by one.
TEST(SanitizeConfig, SinkRecordsInsteadOfThrowing) {
  std::vector<float> x(64, 1.0f);
  const uint64_t count0 = aicore::SanitizerErrorCount();
  {
    aicore::ErrorRecorder rec;
    EXPECT_NO_THROW(AICORE_LAUNCH(copy_bad_length, 4, reinterpret_cast<GM_ADDR>(x.data()), 3));
    ASSERT_EQ(rec.size(), 1u) << rec.str();
    EXPECT_EQ(rec.reports()[0].kind(), aicore::ErrorKind::kAlignment);
    EXPECT_EQ(rec.reports()[0].block(), 3);
    EXPECT_EQ(rec.reports()[0].kernel(), "copy_bad_length");
    // Host-side launch errors go to the sink too.
    EXPECT_NO_THROW(AICORE_LAUNCH(copy_bad_length, 0, reinterpret_cast<GM_ADDR>(x.data()), 3));
    ASSERT_EQ(rec.size(), 2u) << rec.str();
    EXPECT_EQ(rec.reports()[1].kind(), aicore::ErrorKind::kLaunch);
    // A clean launch adds nothing.
    AICORE_LAUNCH(copy_bad_length, 4, reinterpret_cast<GM_ADDR>(x.data()), -1);
    EXPECT_EQ(rec.size(), 2u) << rec.str();
  }
  EXPECT_EQ(aicore::SanitizerErrorCount(), count0 + 2);
  // Without the sink the same launch throws again.
  EXPECT_THROW(AICORE_LAUNCH(copy_bad_length, 4, reinterpret_cast<GM_ADDR>(x.data()), 1),
               aicore::KernelError);
  EXPECT_EQ(aicore::SanitizerExitCode(), 1);
}

// Under AICORE_SANITIZE the process prints a summary at exit and exits with
// status 1 when anything was reported, even if the program caught the error.
void RunChild(bool buggy) {
  setenv("AICORE_SANITIZE", "memcheck", 1);
  std::vector<float> x(64, 1.0f);
  try {
    AICORE_LAUNCH(copy_bad_length, 2, reinterpret_cast<GM_ADDR>(x.data()), buggy ? 1 : -1);
  } catch (const aicore::KernelError&) {
  }
  std::exit(0);
}

TEST(SanitizeConfigDeathTest, ExitStatusUnderEnvironmentSwitch) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_EXIT(RunChild(true), ::testing::ExitedWithCode(1),
              "alignment error in DataCopy(.|\n)*aicore sanitizer: 1 error reported");
  EXPECT_EXIT(RunChild(false), ::testing::ExitedWithCode(0), "aicore sanitizer: 0 errors reported");
}

// synccheck's model of the kernel build: AICORE_AUTO_SYNC=on|off (read when
// the configuration is first used), aicore::SetAutoSync.
void AutoSyncChild(const char* value) {
  setenv("AICORE_AUTO_SYNC", value, 1);
  std::fprintf(stderr, "auto_sync=%d\n", aicore::GetAutoSync() ? 1 : 0);
  std::exit(0);
}

TEST(SanitizeConfigDeathTest, AutoSyncFromEnvironment) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_EXIT(AutoSyncChild("off"), ::testing::ExitedWithCode(0), "auto_sync=0");
  EXPECT_EXIT(AutoSyncChild("0"), ::testing::ExitedWithCode(0), "auto_sync=0");
  EXPECT_EXIT(AutoSyncChild("on"), ::testing::ExitedWithCode(0), "auto_sync=1");
  EXPECT_EXIT(AutoSyncChild("maybe"), ::testing::ExitedWithCode(2),
              "AICORE_AUTO_SYNC=maybe: expected on or off");
}

TEST(SanitizeConfig, SetAutoSync) {
  const bool saved = aicore::GetAutoSync();
  aicore::SetAutoSync(false);
  EXPECT_FALSE(aicore::GetAutoSync());
  aicore::SetAutoSync(true);
  EXPECT_TRUE(aicore::GetAutoSync());
  aicore::SetAutoSync(saved);
}

}  // namespace
