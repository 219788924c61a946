// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// A host program that includes only runtime/launch.h (no kernel API) and
// launches: the runtime header must compile and link on its own. The
// sanitizer is an observer that this program does not include: a launch with
// a sanitizer mode on must fail saying so, not run unchecked.
#include <aicore/runtime/launch.h>

#include <atomic>
#include <cstdio>
#include <cstring>

int main() {
  std::atomic<int> blocks{0};
  aicore::Launch([&blocks]() { blocks.fetch_add(1); }, 8);
  if (blocks.load() != 8) {
    std::fprintf(stderr, "launch_only: %d of 8 blocks ran\n", blocks.load());
    return 1;
  }
  std::printf("launch_only: 8 of 8 blocks ran\n");

  aicore::SetSanitize(aicore::kRacecheck);
  try {
    aicore::Launch([&blocks]() { blocks.fetch_add(1); }, 8);
    std::fprintf(stderr, "launch_only: a launch with racecheck on and no sanitizer ran\n");
    return 1;
  } catch (const aicore::KernelError& e) {
    if (std::strstr(e.what(), "this program has no sanitizer") == nullptr || blocks.load() != 8) {
      std::fprintf(stderr, "launch_only: unexpected report: %s\n", e.what());
      return 1;
    }
    std::printf("launch_only: %s\n", e.what());
  }
  aicore::SetSanitize(aicore::kSanitizeNone);
  return 0;
}
