// Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
//
// A host program that includes only runtime/launch.h (no kernel API) and
// launches: the runtime header must compile and link on its own.
#include <aicore/runtime/launch.h>

#include <atomic>
#include <cstdio>

int main() {
  std::atomic<int> blocks{0};
  aicore::Launch([&blocks]() { blocks.fetch_add(1); }, 8);
  if (blocks.load() != 8) {
    std::fprintf(stderr, "launch_only: %d of 8 blocks ran\n", blocks.load());
    return 1;
  }
  std::printf("launch_only: 8 of 8 blocks ran\n");
  return 0;
}
