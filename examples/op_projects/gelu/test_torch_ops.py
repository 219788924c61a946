# Copyright 2026 The aicore Authors. SPDX-License-Identifier: Apache-2.0
#
# The operators of examples/op_projects (gelu, add_custom, leaky_relu,
# add_n_custom with a DYNAMIC input as Tensor[], split_custom with a DYNAMIC
# output as Tensor[], split_two_custom with two, compact_custom with an
# OutputShapeDependOnCompute output) as torch ops (aicore_add_torch_ops ... NAMESPACE aicore_ops AUTOGRAD
# GeluCustom:GeluGradCustom): loads the library, checks the schemas, the
# CPU kernels against PyTorch's own functions, the gradient through
# GeluGradCustom against autograd of the PyTorch reference, the Meta kernels,
# and that bad input raises RuntimeError with the runner's report.
#
#   python3 test_torch_ops.py <path to libaicore_torch_ops.so>
#
# Tolerances (the kernels compute in float; GELU as x / (1 + exp(-2u)),
# its derivative as s + 2 x s (1 - s) k (1 + 3 c x^2), which differ from
# PyTorch's tanh form by rounding only):
#   float:   |out - ref| <= 1e-6 + 1e-5 * |ref|, ref in float64
#   float16: |out - ref| <= 1e-3 + 2e-3 * |ref| (one half ulp is 2^-11
#            relative; the kernel rounds its float result once)
# torch.autograd.gradcheck in float64 is not run: the kernels support float
# and float16 only (the OpDef has no DT_DOUBLE), and a float64 input is
# rejected (checked below). gradcheck runs in float32 with eps=1e-2,
# atol=1e-2, rtol=1e-2 instead, a consistency check of the two kernels.
import sys
import unittest
import warnings

import torch
import torch.nn.functional as F

LIB = None
OPS = None


def gelu_ref(x):
    return F.gelu(x.double(), approximate="tanh")


def close(out, ref, atol, rtol):
    out = out.double()
    err = (out - ref).abs()
    bound = atol + rtol * ref.abs()
    return bool((err <= bound).all()), float((err - bound).max()) if err.numel() else 0.0


class TorchOps(unittest.TestCase):
    def test_schemas(self):
        def schema(name):
            return str(getattr(OPS, name).default._schema)
        self.assertEqual(schema("gelu_custom"), "aicore_ops::gelu_custom(Tensor x) -> Tensor")
        self.assertEqual(schema("gelu_grad_custom"), "aicore_ops::gelu_grad_custom(Tensor dy, Tensor x) -> Tensor")
        self.assertEqual(schema("add_custom"), "aicore_ops::add_custom(Tensor x, Tensor y) -> Tensor")
        self.assertEqual(schema("leaky_relu_custom"),
                         "aicore_ops::leaky_relu_custom(Tensor x, float negative_slope=0.) -> Tensor")
        self.assertEqual(schema("add_n_custom"), "aicore_ops::add_n_custom(Tensor[] x) -> Tensor")
        self.assertEqual(schema("split_custom"), "aicore_ops::split_custom(Tensor x, int num_split) -> Tensor[]")
        self.assertEqual(schema("split_two_custom"),
                         "aicore_ops::split_two_custom(Tensor x, int[] sizes_a, int[] sizes_b) -> (Tensor[] a, Tensor[] b)")
        self.assertEqual(schema("compact_custom"), "aicore_ops::compact_custom(Tensor x) -> Tensor")
        self.assertEqual(schema("weighted_sum_custom"),
                         "aicore_ops::weighted_sum_custom(Tensor[] x, Tensor? bias=None, float[] weights) -> Tensor")
        self.assertEqual(schema("weighted_sum_grad_custom"),
                         "aicore_ops::weighted_sum_grad_custom(Tensor dy, Tensor[] x, Tensor? bias=None, "
                         "float[] weights) -> (Tensor[] dx, Tensor dbias)")

    def test_gelu_forward(self):
        g = torch.Generator().manual_seed(1)
        for dtype, atol, rtol in ((torch.float32, 1e-6, 1e-5), (torch.float16, 1e-3, 2e-3)):
            # Lengths with tails, several blocks, more than one tile per block, empty.
            for shape in ((1,), (7,), (3, 65), (8, 2048 + 5), (4, 33, 129), (0,), (2, 0, 3)):
                x = (torch.randn(shape, generator=g) * 4).to(dtype)
                y = OPS.gelu_custom(x)
                self.assertEqual(y.dtype, dtype)
                self.assertEqual(y.shape, x.shape)
                ok, worst = close(y, gelu_ref(x), atol, rtol)
                self.assertTrue(ok, f"{dtype} {shape}: beyond the tolerance by {worst}")
        # Special and large values: saturation on both sides, zeros.
        x = torch.tensor([0.0, -0.0, 1e-30, -1e-30, 3.0, -3.0, 10.0, -10.0, 30.0, -30.0, 1e4, -1e4])
        ok, worst = close(OPS.gelu_custom(x), gelu_ref(x), 1e-6, 1e-5)
        self.assertTrue(ok, f"special values: beyond the tolerance by {worst}")

    def test_gelu_noncontiguous(self):
        x = torch.randn(64, 48).t()  # a transposed view
        self.assertFalse(x.is_contiguous())
        ok, worst = close(OPS.gelu_custom(x), gelu_ref(x), 1e-6, 1e-5)
        self.assertTrue(ok, f"non-contiguous: beyond the tolerance by {worst}")
        x = torch.randn(1000)[::3]
        ok, worst = close(OPS.gelu_custom(x), gelu_ref(x), 1e-6, 1e-5)
        self.assertTrue(ok, f"strided: beyond the tolerance by {worst}")

    def test_gelu_backward(self):
        g = torch.Generator().manual_seed(2)
        for dtype, atol, rtol in ((torch.float32, 1e-6, 1e-5), (torch.float16, 1e-3, 2e-3)):
            for shape in ((5,), (3, 700), (8, 4099)):
                x0 = (torch.randn(shape, generator=g) * 4).to(dtype)
                dy = torch.randn(shape, generator=g).to(dtype)
                x = x0.clone().requires_grad_(True)
                y = OPS.gelu_custom(x)
                self.assertIsNotNone(y.grad_fn)
                y.backward(dy)
                xr = x0.double().requires_grad_(True)
                F.gelu(xr, approximate="tanh").backward(dy.double())
                self.assertEqual(x.grad.dtype, dtype)
                ok, worst = close(x.grad, xr.grad, atol, rtol)
                self.assertTrue(ok, f"grad {dtype} {shape}: beyond the tolerance by {worst}")
                # The backward operator directly.
                ok, worst = close(OPS.gelu_grad_custom(dy, x0), xr.grad, atol, rtol)
                self.assertTrue(ok, f"gelu_grad_custom {dtype} {shape}: beyond the tolerance by {worst}")

    def test_gelu_gradcheck_float32(self):
        x = (torch.randn(37) * 3).requires_grad_(True)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # "not double precision": known, see the tolerances above
            self.assertTrue(torch.autograd.gradcheck(OPS.gelu_custom, (x,), eps=1e-2, atol=1e-2, rtol=1e-2))

    def test_no_grad_and_inputs_without_grad(self):
        x = torch.randn(10)
        self.assertIsNone(OPS.gelu_custom(x).grad_fn)
        with torch.no_grad():
            self.assertIsNone(OPS.gelu_custom(x.clone().requires_grad_(True)).grad_fn)
        # An op without AUTOGRAD has no backward: its output does not require grad.
        self.assertFalse(OPS.split_custom(torch.randn(16), 2)[0].requires_grad)

    def test_meta(self):
        x = torch.empty(3, 5, 7, device="meta", dtype=torch.float16)
        y = OPS.gelu_custom(x)
        self.assertEqual(y.device.type, "meta")
        self.assertEqual(y.shape, (3, 5, 7))
        self.assertEqual(y.dtype, torch.float16)
        dx = OPS.gelu_grad_custom(torch.empty(4, 9, device="meta"), torch.empty(4, 9, device="meta"))
        self.assertEqual((dx.device.type, dx.shape, dx.dtype), ("meta", (4, 9), torch.float32))
        z = OPS.leaky_relu_custom(torch.empty(2, 8, device="meta"), negative_slope=0.5)
        self.assertEqual((z.device.type, z.shape), ("meta", (2, 8)))
        # InferShape failing is reported from the Meta kernel too.
        with self.assertRaises(RuntimeError) as cm:
            OPS.gelu_grad_custom(torch.empty(4, 9, device="meta"), torch.empty(4, 8, device="meta"))
        self.assertIn("InferShape of GeluGradCustom returned", str(cm.exception))
        # A bad dtype as on the CPU.
        with self.assertRaises(RuntimeError) as cm:
            OPS.gelu_custom(torch.empty(4, device="meta", dtype=torch.int32))
        self.assertIn("input x (input 0) of GeluCustom has dtype DT_INT32", str(cm.exception))

    def test_fake_tensor(self):
        try:
            from torch._subclasses.fake_tensor import FakeTensorMode
        except ImportError:
            self.skipTest("no torch._subclasses.fake_tensor in this torch")
        with FakeTensorMode() as mode:
            x = mode.from_tensor(torch.randn(6, 10))
            y = OPS.gelu_custom(x)
            self.assertEqual(y.shape, (6, 10))
            self.assertEqual(y.dtype, torch.float32)

    def test_other_projects(self):
        x = torch.randn(8 * 2048)
        y = torch.randn(8 * 2048)
        self.assertTrue(torch.equal(OPS.add_custom(x, y), x + y))
        xh, yh = x.half(), y.half()
        self.assertTrue(torch.equal(OPS.add_custom(xh, yh), xh + yh))
        x = torch.randn(4, 256)
        self.assertTrue(torch.equal(OPS.leaky_relu_custom(x), torch.where(x >= 0, x, x * 0.0)))
        slope = torch.tensor(0.25, dtype=torch.float32)
        self.assertTrue(torch.equal(OPS.leaky_relu_custom(x, 0.25), torch.where(x >= 0, x, x * slope)))
        self.assertTrue(torch.equal(OPS.leaky_relu_custom(x, negative_slope=0.25),
                                    torch.where(x >= 0, x, x * slope)))

    def test_dynamic_input(self):
        # AddNCustom adds its list left to right in the input dtype: the same
        # chain of torch additions is bit-identical (one rounding per add).
        g = torch.Generator().manual_seed(3)
        for dtype in (torch.float32, torch.float16):
            for n, shape in ((1, (5,)), (2, (8, 2048 + 3)), (3, (3, 65)), (5, (40000,))):
                xs = [(torch.randn(shape, generator=g) * 8).to(dtype) for _ in range(n)]
                ref = xs[0].clone()
                for t in xs[1:]:
                    ref = ref + t
                y = OPS.add_n_custom(xs)
                self.assertEqual(y.dtype, dtype)
                self.assertEqual(tuple(y.shape), shape)
                self.assertTrue(torch.equal(y, ref), (dtype, n, shape))
        # Non-contiguous list elements are copied first.
        a = torch.randn(64, 32)
        b = torch.randn(32, 64).t()
        self.assertTrue(torch.equal(OPS.add_n_custom([a, b]), a + b))
        # Meta: the shape and dtype from InferShape / InferDataType.
        m = OPS.add_n_custom([torch.empty(4, 7, device="meta", dtype=torch.float16)] * 3)
        self.assertEqual((m.device.type, tuple(m.shape), m.dtype), ("meta", (4, 7), torch.float16))
        # Bad lists: the runner's and the tiling's reports, then clean twins.
        cases = [
            # An empty list has no tensor to dispatch on: torch's own error.
            (lambda: OPS.add_n_custom([]), "add_n_custom", "empty list of Tensors"),
            (lambda: OPS.add_n_custom([torch.randn(64), torch.randn(32)]),
             "(kernel AddNCustom)", "AddNCustom returned 4294967295 (GRAPH_FAILED)"),
            (lambda: OPS.add_n_custom([torch.randn(64), torch.randn(64).half()]),
             "(kernel AddNCustom)", "input x (input 0) of AddNCustom: tensor 1 of the list is DT_FLOAT16"),
            (lambda: OPS.add_n_custom([torch.randn(64), torch.randn(64).double()]),
             "(kernel AddNCustom)", "DT_DOUBLE"),
        ]
        for fn, where, what in cases:
            with self.assertRaises(RuntimeError) as cm:
                fn()
            msg = str(cm.exception)
            self.assertIn(where, msg)
            self.assertIn(what, msg)
        OPS.add_n_custom([torch.randn(64), torch.randn(64)])
        OPS.add_n_custom([torch.randn(64).half(), torch.randn(64).half()])

    def test_dynamic_output(self):
        # SplitCustom: x split along dim 0 into num_split equal parts, a
        # DYNAMIC output returned as Tensor[] (as many tensors as its
        # InferShape sets: num_split). Bit for bit against torch.split.
        g = torch.Generator().manual_seed(4)
        for dtype in (torch.float32, torch.float16):
            for shape, n in (((6,), 3), ((7, 5), 7), ((12, 33), 4), ((3, 4099), 1), ((200, 3), 100), ((16, 2, 2), 2)):
                x = (torch.randn(shape, generator=g) * 8).to(dtype)
                ys = OPS.split_custom(x, n)
                self.assertIsInstance(ys, list)
                ref = torch.split(x, shape[0] // n)
                self.assertEqual(len(ys), n, (dtype, shape, n))
                for y, r in zip(ys, ref):
                    self.assertEqual(y.dtype, dtype)
                    self.assertTrue(torch.equal(y, r), (dtype, shape, n))
        # A non-contiguous input is copied first.
        x = torch.randn(9, 20).t()
        for y, r in zip(OPS.split_custom(x, 5), torch.split(x, 4)):
            self.assertTrue(torch.equal(y, r))
        # Meta: the list from InferShape / InferDataType, no kernel.
        ms = OPS.split_custom(torch.empty(12, 5, device="meta", dtype=torch.float16), num_split=6)
        self.assertEqual(len(ms), 6)
        for m in ms:
            self.assertEqual((m.device.type, tuple(m.shape), m.dtype), ("meta", (2, 5), torch.float16))
        self.assertEqual(len(OPS.split_custom(torch.empty(300, device="meta"), 300)), 300)
        # Bad input: the runner's reports (InferShape, dtype), CPU and Meta, then clean twins.
        cases = [
            (lambda: OPS.split_custom(torch.randn(7, 2), 2),
             "InferShape of SplitCustom returned 4294967295 (GRAPH_FAILED) for input shapes x [7, 2]"),
            (lambda: OPS.split_custom(torch.empty(7, 2, device="meta"), 2),
             "InferShape of SplitCustom returned 4294967295 (GRAPH_FAILED) for input shapes x [7, 2]"),
            (lambda: OPS.split_custom(torch.randn(8, 2), 0), "InferShape of SplitCustom returned 4294967295"),
            (lambda: OPS.split_custom(torch.randn(8).to(torch.int32), 2),
             "input x (input 0) of SplitCustom has dtype DT_INT32; the OpDef allows DT_FLOAT16, DT_FLOAT"),
            (lambda: OPS.split_custom(torch.empty(8, device="meta", dtype=torch.int32), 2),
             "input x (input 0) of SplitCustom has dtype DT_INT32"),
        ]
        for fn, what in cases:
            with self.assertRaises(RuntimeError) as cm:
                fn()
            msg = str(cm.exception)
            self.assertIn("(kernel SplitCustom)", msg)
            self.assertIn(what, msg)
        self.assertEqual(len(OPS.split_custom(torch.randn(8, 2), 2)), 2)
        self.assertEqual(len(OPS.split_custom(torch.empty(8, 2, device="meta"), 2)), 2)
        self.assertEqual(len(OPS.split_custom(torch.randn(8), 8)), 8)

    def test_dynamic_output_fake_tensor(self):
        try:
            from torch._subclasses.fake_tensor import FakeTensorMode
        except ImportError:
            self.skipTest("no torch._subclasses.fake_tensor in this torch")
        with FakeTensorMode() as mode:
            x = mode.from_tensor(torch.randn(10, 3))
            ys = OPS.split_custom(x, 5)
            self.assertEqual([tuple(y.shape) for y in ys], [(2, 3)] * 5)
            self.assertEqual({y.dtype for y in ys}, {torch.float32})

    def test_two_dynamic_outputs(self):
        # SplitTwoCustom: x split along dim 0 into the pieces of `a`
        # (sizes_a rows each), then of `b` (sizes_b): two DYNAMIC outputs,
        # returned as (Tensor[] a, Tensor[] b). Their lengths come from
        # InferShape, which checks GetIrOutputInstanceInfo against the
        # attributes. Bit for bit against torch.split.
        g = torch.Generator().manual_seed(5)
        for dtype in (torch.float32, torch.float16):
            for sa, sb, tail in (([1], [1], (3,)), ([2, 0, 3], [4], (5,)), ([1] * 7, [2, 2], ()),
                                 ([0], [3, 1, 1, 2], (2, 3))):
                rows = sum(sa) + sum(sb)
                x = (torch.randn((rows,) + tail, generator=g) * 8).to(dtype)
                a, b = OPS.split_two_custom(x, sa, sb)
                self.assertIsInstance(a, list)
                self.assertIsInstance(b, list)
                self.assertEqual((len(a), len(b)), (len(sa), len(sb)))
                for y, r in zip(a + b, torch.split(x, sa + sb)):
                    self.assertEqual(y.dtype, dtype)
                    self.assertTrue(torch.equal(y, r), (dtype, sa, sb, tail))
        x = torch.randn(9, 6).t()  # non-contiguous: copied first
        a, b = OPS.split_two_custom(x, sizes_a=[2], sizes_b=[1, 3])
        for y, r in zip(a + b, torch.split(x, [2, 1, 3])):
            self.assertTrue(torch.equal(y, r))
        # Meta and FakeTensorMode: the lists from InferShape / InferDataType, no kernel.
        ma, mb = OPS.split_two_custom(torch.empty(10, 4, device="meta", dtype=torch.float16), [3, 3], [1, 2, 1])
        self.assertEqual([(m.device.type, tuple(m.shape), m.dtype) for m in ma + mb],
                         [("meta", (3, 4), torch.float16)] * 2 + [("meta", (n, 4), torch.float16) for n in (1, 2, 1)])
        try:
            from torch._subclasses.fake_tensor import FakeTensorMode
            with FakeTensorMode() as mode:
                fa, fb = OPS.split_two_custom(mode.from_tensor(torch.randn(6, 2)), [4], [1, 1])
                self.assertEqual([tuple(f.shape) for f in fa + fb], [(4, 2), (1, 2), (1, 2)])
        except ImportError:
            pass
        # Bad input, CPU and Meta, then clean twins: sizes that do not add
        # up (no list lengths make InferShape succeed), a bad dtype.
        cases = [
            (lambda: OPS.split_two_custom(torch.randn(5, 2), [1], [2]),
             "SplitTwoCustom has 2 DYNAMIC outputs (a, b): no list lengths up to"),
            (lambda: OPS.split_two_custom(torch.empty(5, 2, device="meta"), [1], [2]),
             "SplitTwoCustom has 2 DYNAMIC outputs (a, b): no list lengths up to"),
            (lambda: OPS.split_two_custom(torch.randn(3).to(torch.int32), [1], [2]),
             "input x (input 0) of SplitTwoCustom has dtype DT_INT32; the OpDef allows DT_FLOAT16, DT_FLOAT"),
        ]
        for fn, what in cases:
            with self.assertRaises(RuntimeError) as cm:
                fn()
            msg = str(cm.exception)
            self.assertIn("(kernel SplitTwoCustom)", msg)
            self.assertIn(what, msg)
        self.assertEqual([len(v) for v in OPS.split_two_custom(torch.randn(3, 2), [1], [2])], [1, 1])
        self.assertEqual([len(v) for v in OPS.split_two_custom(torch.empty(3, 2, device="meta"), [1], [2])], [1, 1])

    def test_output_shape_depend_on_compute(self):
        # CompactCustom: y = the nonzero elements of x (OutputShapeDependOnCompute):
        # the result has the length the kernel computed, not InferShape's
        # (x's element count). Bit for bit against x[x != 0].
        g = torch.Generator().manual_seed(6)
        for dtype in (torch.float32, torch.float16):
            for shape in ((1,), (17,), (4, 33), (2, 3, 4), (0,)):
                x = (torch.randn(shape, generator=g) * 8).to(dtype)
                x[torch.rand(shape, generator=g) < 0.4] = 0
                y = OPS.compact_custom(x)
                ref = x[x != 0]
                self.assertEqual((tuple(y.shape), y.dtype), (tuple(ref.shape), dtype))
                self.assertTrue(torch.equal(y, ref), (dtype, shape))
        self.assertEqual(tuple(OPS.compact_custom(torch.zeros(5)).shape), (0,))
        self.assertEqual(tuple(OPS.compact_custom(torch.ones(2, 3)).shape), (6,))
        # Meta: the shape is the kernel's, which a meta tensor cannot have.
        with self.assertRaises(RuntimeError) as cm:
            OPS.compact_custom(torch.empty(4, device="meta"))
        self.assertIn("output y takes the shape its kernel computes (OutputShapeDependOnCompute)", str(cm.exception))
        with self.assertRaises(RuntimeError) as cm:
            OPS.compact_custom(torch.ones(4).to(torch.int32))
        self.assertIn("input x (input 0) of CompactCustom has dtype DT_INT32", str(cm.exception))
        self.assertEqual(tuple(OPS.compact_custom(torch.ones(4)).shape), (4,))  # clean twin

    # WeightedSumCustom(x: Tensor[], bias: Tensor? = None, weights: float[])
    # = w0*x0 + w1*x1 + ... (+ bias), float32, each product and sum rounded
    # in that order: the same chain of torch float32 operations is
    # bit-identical. Its backward WeightedSumGradCustom(dy, x[], bias?) gives
    # dx (a DYNAMIC output, dx[k] = w_k * dy) and dbias (dy; an empty tensor
    # when bias is None, whose gradient is dropped).
    @staticmethod
    def weighted_sum_ref(xs, bias, weights):
        acc = xs[0] * torch.tensor(weights[0], dtype=torch.float32)
        for x, w in zip(xs[1:], weights[1:]):
            acc = acc + x * torch.tensor(w, dtype=torch.float32)
        return acc if bias is None else acc + bias

    def test_list_and_optional_forward(self):
        g = torch.Generator().manual_seed(5)
        for n, shape in ((1, (5,)), (2, (3, 65)), (3, (8, 2048 + 7)), (5, (40000,))):
            xs = [torch.randn(shape, generator=g) * 4 for _ in range(n)]
            ws = [float(w) for w in (torch.randn(n, generator=g) * 2)]
            for bias in (None, torch.randn(shape, generator=g)):
                y = OPS.weighted_sum_custom(xs, bias, ws)
                self.assertTrue(torch.equal(y, self.weighted_sum_ref(xs, bias, ws)), (n, shape, bias is None))
        # The keyword forms: bias left out or given by name.
        xs = [torch.randn(64), torch.randn(64)]
        self.assertTrue(torch.equal(OPS.weighted_sum_custom(xs, weights=[0.5, 2.0]),
                                    self.weighted_sum_ref(xs, None, [0.5, 2.0])))
        b = torch.randn(64)
        self.assertTrue(torch.equal(OPS.weighted_sum_custom(xs, bias=b, weights=[0.5, 2.0]),
                                    self.weighted_sum_ref(xs, b, [0.5, 2.0])))

    def test_list_and_optional_backward(self):
        g = torch.Generator().manual_seed(6)
        for n, shape in ((1, (7,)), (3, (4, 700)), (4, (8, 4099))):
            ws = [float(w) for w in (torch.randn(n, generator=g) * 2)]
            for with_bias in (False, True):
                x0 = [torch.randn(shape, generator=g) for _ in range(n)]
                b0 = torch.randn(shape, generator=g) if with_bias else None
                dy = torch.randn(shape, generator=g)
                xs = [t.clone().requires_grad_(True) for t in x0]
                b = b0.clone().requires_grad_(True) if with_bias else None
                y = OPS.weighted_sum_custom(xs, b, ws)
                self.assertIsNotNone(y.grad_fn)
                y.backward(dy)
                # Against autograd of the reference (the same products: bit for bit).
                xr = [t.clone().requires_grad_(True) for t in x0]
                br = b0.clone().requires_grad_(True) if with_bias else None
                self.weighted_sum_ref(xr, br, ws).backward(dy)
                for k in range(n):
                    self.assertTrue(torch.equal(xs[k].grad, xr[k].grad), (n, shape, with_bias, k))
                    self.assertTrue(torch.equal(xs[k].grad, dy * torch.tensor(ws[k])))
                if with_bias:
                    self.assertTrue(torch.equal(b.grad, dy))
        # Only some inputs require grad; the same tensor twice in the list
        # (its gradients accumulate).
        a = torch.randn(100).requires_grad_(True)
        c = torch.randn(100)
        b = torch.randn(100)
        OPS.weighted_sum_custom([a, c], b, [3.0, 5.0]).sum().backward()
        self.assertTrue(torch.equal(a.grad, torch.full((100,), 3.0)))
        self.assertIsNone(c.grad)
        a.grad = None
        OPS.weighted_sum_custom([a, a, c], None, [0.25, 0.5, 1.0]).sum().backward()
        self.assertTrue(torch.equal(a.grad, torch.full((100,), 0.75)))
        # Inputs that do not require grad: no graph.
        self.assertIsNone(OPS.weighted_sum_custom([c, b], None, [1.0, 1.0]).grad_fn)

    def test_list_and_optional_gradcheck(self):
        # Finite differences against the backward operator (float32: the
        # kernels have no float64; the function is linear, so the central
        # differences are exact up to float rounding).
        g = torch.Generator().manual_seed(7)
        ws = [0.5, -1.25, 2.0]
        xs = [torch.randn(13, generator=g).requires_grad_(True) for _ in range(3)]
        bias = torch.randn(13, generator=g).requires_grad_(True)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            self.assertTrue(torch.autograd.gradcheck(
                lambda a, b, c, d: OPS.weighted_sum_custom([a, b, c], d, ws), (*xs, bias),
                eps=1e-2, atol=1e-2, rtol=1e-2))
            self.assertTrue(torch.autograd.gradcheck(
                lambda a, b: OPS.weighted_sum_custom([a, b], None, ws[:2]), tuple(xs[:2]),
                eps=1e-2, atol=1e-2, rtol=1e-2))

    def test_list_and_optional_backward_op(self):
        # The backward operator directly: mixed outputs (Tensor[] dx, Tensor dbias).
        dy = torch.randn(3, 5)
        xs = [torch.randn(3, 5), torch.randn(3, 5)]
        dx, dbias = OPS.weighted_sum_grad_custom(dy, xs, None, [2.0, -3.0])
        self.assertEqual(len(dx), 2)
        self.assertTrue(torch.equal(dx[0], dy * 2.0))
        self.assertTrue(torch.equal(dx[1], dy * -3.0))
        self.assertEqual(tuple(dbias.shape), (0,))
        dx, dbias = OPS.weighted_sum_grad_custom(dy, xs, torch.randn(3, 5), [2.0, -3.0])
        self.assertTrue(torch.equal(dbias, dy))
        # Meta: the list's length from InferShape (one per tensor of x).
        dx, dbias = OPS.weighted_sum_grad_custom(torch.empty(4, 6, device="meta"),
                                                 [torch.empty(4, 6, device="meta")] * 5, None, [1.0] * 5)
        self.assertEqual([tuple(t.shape) for t in dx], [(4, 6)] * 5)
        self.assertEqual(tuple(dbias.shape), (0,))

    def test_autograd_convention_errors(self):
        # Deliberately wrong pairs (examples/op_projects/CMakeLists.txt):
        # LeakyReluCustom:AddNCustom (AddNCustom's x is Tensor[]; the
        # convention gives it the gradient of LeakyReluCustom's y, a tensor)
        # and AddNCustom:GeluCustom (GeluCustom's output is one tensor;
        # AddNCustom's input x is a list).
        x = torch.randn(4, 256).requires_grad_(True)
        with self.assertRaises(RuntimeError) as cm:
            OPS.leaky_relu_custom(x, 0.5).sum().backward()
        msg = str(cm.exception)
        self.assertIn("(kernel LeakyReluCustom)", msg)
        self.assertIn("its backward operator AddNCustom takes input x (input 0) as DYNAMIC (Tensor[]); the "
                      "convention gives it the gradient of output y of LeakyReluCustom, a tensor", msg)
        a = torch.randn(64).requires_grad_(True)
        with self.assertRaises(RuntimeError) as cm:
            OPS.add_n_custom([a, torch.randn(64)]).sum().backward()
        msg = str(cm.exception)
        self.assertIn("(kernel AddNCustom)", msg)
        self.assertIn("its backward operator GeluCustom gives output y (the gradient of input x of AddNCustom) as "
                      "a tensor; the input is a list of 2 tensors (give one gradient each)", msg)
        # Clean twins: the right pairs, and the wrong ones without grad.
        w = torch.randn(64).requires_grad_(True)
        OPS.weighted_sum_custom([w, torch.randn(64)], None, [1.0, 2.0]).sum().backward()
        OPS.gelu_custom(w).sum().backward()
        OPS.leaky_relu_custom(x.detach(), 0.5)
        OPS.add_n_custom([a.detach(), torch.randn(64)])

    def test_bad_input(self):
        cases = [
            (lambda: OPS.gelu_custom(torch.randn(8).to(torch.int32)),
             "aicore: parameter error in RunOp",
             "input x (input 0) of GeluCustom has dtype DT_INT32; the OpDef allows DT_FLOAT16, DT_FLOAT"),
            (lambda: OPS.gelu_custom(torch.randn(8).double()),
             "(kernel GeluCustom)", "has dtype DT_DOUBLE; the OpDef allows DT_FLOAT16, DT_FLOAT"),
            (lambda: OPS.gelu_custom(torch.randn(8, dtype=torch.complex64)),
             "(kernel GeluCustom)", "has dtype DT_COMPLEX64"),
            (lambda: OPS.gelu_custom(torch.randn(1, 1, 1, 1, 1, 1, 1, 1, 2)),
             "(kernel GeluCustom)", "has rank 9; at most 8 dimensions are supported"),
            (lambda: OPS.gelu_grad_custom(torch.randn(3), torch.randn(4)),
             "(kernel GeluGradCustom)", "InferShape of GeluGradCustom returned 4294967295 (GRAPH_FAILED)"),
            (lambda: OPS.add_custom(torch.randn(100), torch.randn(100)),
             "(kernel AddCustom)", "the tiling function of AddCustom returned 4294967295 (GRAPH_FAILED)"),
            (lambda: OPS.add_custom(torch.randn(8 * 2048), torch.randn(8 * 2048).half()),
             "(kernel AddCustom)", "match none of the dtype/format combinations"),
        ]
        for fn, where, what in cases:
            with self.assertRaises(RuntimeError) as cm:
                fn()
            msg = str(cm.exception)
            self.assertIn(where, msg)
            self.assertIn(what, msg)
        # The clean twins: the same calls with good input raise nothing.
        OPS.gelu_custom(torch.randn(8))
        OPS.gelu_custom(torch.randn(8).half())
        OPS.gelu_custom(torch.randn(1, 1, 1, 1, 1, 1, 1, 2))
        OPS.gelu_grad_custom(torch.randn(4), torch.randn(4))
        OPS.add_custom(torch.randn(8 * 2048), torch.randn(8 * 2048))
        # Schema errors come from torch itself (argument count and types).
        with self.assertRaises(RuntimeError):
            OPS.gelu_custom(torch.randn(8), torch.randn(8))
        with self.assertRaises(RuntimeError):
            OPS.leaky_relu_custom(torch.randn(8), negative_slope="a")

    def test_exec_npu_cmd(self):
        # extension/extension_ops.cpp: NPU-path extension code calling EXEC_NPU_CMD.
        x = torch.randn(8 * 2048)
        y = torch.randn(8 * 2048)
        self.assertTrue(torch.equal(torch.ops.myops.my_add(x, y), x + y))
        xh, yh = x.half(), y.half()
        self.assertTrue(torch.equal(torch.ops.myops.my_add(xh, yh), xh + yh))
        x = torch.randn(4, 256)
        slope = torch.tensor(0.125, dtype=torch.float32)
        self.assertTrue(torch.equal(torch.ops.myops.my_leaky_relu(x, 0.125), torch.where(x >= 0, x, x * slope)))
        # Errors: the aclnn report, and arguments the CPU path cannot take.
        with self.assertRaises(RuntimeError) as cm:
            torch.ops.myops.my_add(torch.randn(100), torch.randn(100))
        msg = str(cm.exception)
        self.assertIn("EXEC_NPU_CMD(aclnnAddCustom): aclnnAddCustomGetWorkspaceSize returned 161002", msg)
        self.assertIn("the tiling function of AddCustom returned 4294967295 (GRAPH_FAILED)", msg)
        with self.assertRaises(RuntimeError) as cm:
            torch.ops.myops.my_add(torch.randn(2048, 8).t(), torch.randn(8, 2048))
        self.assertIn("EXEC_NPU_CMD(aclnnAddCustom): argument 1 is a non-contiguous tensor", str(cm.exception))


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit("usage: test_torch_ops.py <libaicore_torch_ops.so> [unittest args]")
    LIB = sys.argv.pop(1)
    torch.ops.load_library(LIB)
    OPS = torch.ops.aicore_ops
    unittest.main()
