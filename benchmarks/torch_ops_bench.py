# Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
#
# Time per call of an operator project's op from PyTorch (issue 13): AddCustom
# (float, 8 blocks) at 1K and 1M elements as torch.ops.aicore_ops.add_custom
# (the adapter of aicore_add_torch_ops), as torch.ops.myops.my_add (EXEC_NPU_CMD
# through the aclnn pair), and an empty-ish reference, torch's own x + y, all in
# one run. Medians of `reps` calls after a warm-up; ratios within the run only.
#
#   python3 benchmarks/torch_ops_bench.py build/examples/op_projects/libaicore_torch_ops.so
import statistics
import sys
import time

import torch


def median_us(fn, reps):
    for _ in range(20):
        fn()
    samples = []
    for _ in range(reps):
        t0 = time.perf_counter_ns()
        fn()
        samples.append(time.perf_counter_ns() - t0)
    return statistics.median(samples) / 1000.0


def main():
    torch.ops.load_library(sys.argv[1])
    torch.set_num_threads(1)
    for n, reps in ((1024, 2000), (1 << 20, 200)):
        x = torch.randn(n)
        y = torch.randn(n)
        ops = torch.ops.aicore_ops.add_custom
        ext = torch.ops.myops.my_add
        rows = [
            ("torch.ops.aicore_ops.add_custom", median_us(lambda: ops(x, y), reps)),
            ("torch.ops.myops.my_add (EXEC_NPU_CMD)", median_us(lambda: ext(x, y), reps)),
            ("torch x + y (reference)", median_us(lambda: x + y, reps)),
        ]
        for name, us in rows:
            print(f"add {n:>8}  {name:<40} {us:9.2f} us")


if __name__ == "__main__":
    main()
