# Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
#
# The call overhead of an operator project's op over a direct launch of its
# kernel (issue 13, speed), in one process, on the same buffers and the same
# aicore thread pool: AddCustom (examples/op_projects/add_custom), float, at
# 1K and 1M elements, 8 blocks as its tiling function sets.
#
#   cmake --build build --target torch_ops_bench_lib
#   python3 benchmarks/torch_ops_bench.py build/benchmarks/libtorch_ops_bench_lib.so
#   [--quick] [--threads 1,2]
#
# Variants (C++ timers in benchmarks/torch_ops_bench_lib.cpp, one clock
# sample per call; Python ones with time.perf_counter_ns around each call):
#   (a) direct      the op_kernel entry launched directly with the tiling
#                   data, block dim and key the op's tiling function produced
#   (b) aclnn       aclCreateTensor x3, aclnnAddCustomGetWorkspaceSize,
#                   aclnnAddCustom, aclDestroyTensor x3 (C++)
#       runop       aicore::op::RunOp("AddCustom", ...) by name (C++)
#   (c) dispatcher  torch op aicore_bench::add_custom, a typed c10::Dispatcher
#                   call from C++ (no Python); it allocates its output
#       exec_npu    an EXEC_NPU_CMD extension op through the dispatcher (C++)
#   (d) python      torch.ops.aicore_bench.add_custom(x, y) from Python
#       python_exec_npu  torch.ops.aicore_bench_npu.add_custom(x, y)
#       torch_add   torch's own x + y (a reference, not an aicore path)
#   aclnn_fresh, dispatcher_fresh, python_fresh: (b), (c), (d) with the
#                   runner's reuse of prepared calls off (every call runs
#                   PrepareOp's checks, inference and tiling afresh)
# The variants run interleaved: rounds of `chunk` calls of each in turn
# (rotating the order; 10 calls at 1K, 2 at 1M), after a warm-up; medians
# over all samples; ratios and overheads are against (a) of the same run.
# "p10 over (a)" is the difference of the 10th percentiles: on a loaded
# machine the medians of the 1K rows include preemptions that the fastest
# tenth of the calls mostly escape. Every variant's output is
# checked bit for bit against x + y. Exit 0 when all checks pass, 1 when one
# fails, 77 when the library does not exist (not built).
import argparse
import ctypes
import os
import platform
import statistics
import sys
import time

TARGET_US = 5.0  # issue 13: per call beyond the launch, for a small op

C_VARIANTS = [("direct", "aicore_tb_direct"), ("aclnn", "aicore_tb_aclnn"), ("runop", "aicore_tb_runop"),
              ("dispatcher", "aicore_tb_dispatcher"), ("exec_npu", "aicore_tb_exec_npu")]
LABELS = {"direct": "(a) direct launch", "aclnn": "(b) aclnn two-phase call", "runop": "    RunOp by name",
          "dispatcher": "(c) torch op, C++ dispatcher", "exec_npu": "    EXEC_NPU_CMD op, C++ dispatcher",
          "python": "(d) torch op from Python", "python_exec_npu": "    EXEC_NPU_CMD op from Python",
          "torch_add": "    torch x + y (reference)", "aclnn_fresh": "(b) aclnn, reuse off",
          "dispatcher_fresh": "(c) torch op C++, reuse off", "python_fresh": "(d) torch op Python, reuse off"}
FRESH = ("aclnn_fresh", "dispatcher_fresh", "python_fresh")


def percentile(sorted_samples, q):
    return sorted_samples[min(len(sorted_samples) - 1, int(q * len(sorted_samples)))]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("library", help="path of libtorch_ops_bench_lib.so")
    ap.add_argument("--quick", action="store_true", help="a few repetitions (smoke test)")
    ap.add_argument("--threads", default="1,2", help="aicore pool sizes to run, e.g. 1,2")
    args = ap.parse_args()
    if not os.path.exists(args.library):
        print(f"torch_ops_bench: {args.library} does not exist; build it with "
              "cmake --build <build> --target torch_ops_bench_lib", file=sys.stderr)
        return 77

    import torch

    torch.ops.load_library(args.library)
    lib = ctypes.CDLL(args.library)  # the handle torch loaded: one copy of everything
    lib.aicore_tb_error.restype = ctypes.c_char_p
    lib.aicore_tb_setup.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_int64]
    lib.aicore_tb_block_dim.restype = ctypes.c_uint32
    lib.aicore_tb_tiling_key.restype = ctypes.c_uint64
    lib.aicore_tb_set_reuse.argtypes = [ctypes.c_int]
    samples_t = ctypes.POINTER(ctypes.c_int64)
    for _, fn in C_VARIANTS:
        getattr(lib, fn).argtypes = [ctypes.c_int, samples_t]
    torch.set_num_threads(1)

    print(f"torch_ops_bench: torch {torch.__version__}, {platform.processor() or platform.machine()}, "
          f"{os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.2f} at start")
    failures = []
    for threads in [int(t) for t in args.threads.split(",")]:
        lib.aicore_tb_set_threads(threads)
        for n in (1024, 1 << 20):
            small = n <= 4096
            if args.quick:
                rounds, chunk, warm = 2, 3, 2
            else:
                rounds, chunk, warm = (200, 10, 200) if small else (100, 2, 10)
            torch.manual_seed(n)
            x = torch.randn(n) * 100
            y = torch.randn(n) * 100
            z = torch.empty(n)
            want = x + y
            if lib.aicore_tb_setup(x.data_ptr(), y.data_ptr(), z.data_ptr(), n) != 0:
                failures.append(lib.aicore_tb_error().decode())
                print("FAIL", failures[-1])
                continue
            ops = torch.ops.aicore_bench.add_custom
            npu = torch.ops.aicore_bench_npu.add_custom
            py = {"python": lambda: ops(x, y), "python_exec_npu": lambda: npu(x, y), "torch_add": lambda: x + y}
            buf = (ctypes.c_int64 * max(chunk, warm))()
            samples = {v: [] for v, _ in C_VARIANTS}
            samples.update({v: [] for v in py})
            samples.update({v: [] for v in FRESH})
            bad = set()

            def run(variant, reps, keep):
                if variant in FRESH:
                    lib.aicore_tb_set_reuse(0)
                    try:
                        run_one(variant, variant[:-len("_fresh")], reps, keep)
                    finally:
                        lib.aicore_tb_set_reuse(1)
                else:
                    run_one(variant, variant, reps, keep)

            def run_one(variant, base, reps, keep):
                if variant in bad:
                    return
                if base in py:
                    fn = py[base]
                    got = []
                    for _ in range(reps):
                        t0 = time.perf_counter_ns()
                        out = fn()
                        got.append(time.perf_counter_ns() - t0)
                    if not torch.equal(out, want):
                        bad.add(variant)
                        failures.append(f"{variant} at {n} elements: output differs from x + y")
                        print("FAIL", failures[-1])
                else:
                    fn = getattr(lib, dict(C_VARIANTS)[base])
                    if fn(reps, buf) != 0:
                        bad.add(variant)
                        failures.append(f"{variant} at {n} elements: {lib.aicore_tb_error().decode()}")
                        print("FAIL", failures[-1])
                        return
                    got = buf[:reps]
                if keep:
                    samples[variant].extend(got)

            order = list(samples)
            for v in order:
                run(v, warm, False)
            for r in range(rounds):
                k = r % len(order)
                for v in order[k:] + order[:k]:
                    run(v, chunk, True)
            if not torch.equal(z, want):
                failures.append(f"z at {n} elements differs from x + y after the C variants")

            med = {v: statistics.median(s) / 1e3 for v, s in samples.items() if s}
            print(f"\nadd_custom float, {n} elements, tiling: block dim {lib.aicore_tb_block_dim()}, key "
                  f"{lib.aicore_tb_tiling_key()}; aicore pool {threads} thread(s); {rounds * chunk} calls per "
                  f"variant, interleaved; load average {os.getloadavg()[0]:.2f}")
            print(f"  {'variant':<38} {'median':>10} {'p10':>10} {'p90':>10} {'/ (a)':>8} {'over (a)':>10} "
                  f"{'p10 over (a)':>13}")
            base = med.get("direct")
            p10 = {v: percentile(sorted(s), 0.1) / 1e3 for v, s in samples.items() if s}
            for v in order:
                if v not in med:
                    continue
                s = sorted(samples[v])
                ratio = f"{med[v] / base:7.3f}x" if base else "-"
                over = f"{med[v] - base:+8.2f} us" if base else "-"
                over10 = f"{p10[v] - p10['direct']:+8.2f} us" if base else "-"
                print(f"  {LABELS[v]:<38} {med[v]:8.2f}us {p10[v]:8.2f}us "
                      f"{percentile(s, 0.9) / 1e3:8.2f}us {ratio:>8} {over:>10} {over10:>13}")
            if small and base:
                verdict = ", ".join(
                    f"{v} {med[v] - base:+.2f} us {'ok' if med[v] - base <= TARGET_US else 'MISS'}"
                    f" (p10 {p10[v] - p10['direct']:+.2f} us)"
                    for v in ("aclnn", "dispatcher", "python") + FRESH if v in med)
                print(f"  target <= {TARGET_US:.0f} us per call beyond the launch (medians): {verdict}")
    print(f"\nload average {os.getloadavg()[0]:.2f} at the end")
    if failures:
        print(f"torch_ops_bench: {len(failures)} check(s) failed", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
