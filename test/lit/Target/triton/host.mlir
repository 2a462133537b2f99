// The host program: externs through torch.ops (operand references, lists, kwargs, dtypes, two results; each result
// checked against its declared layout), launch keys (inputs checked once per call in `_spec`, an extern's result
// at its launch, buffers irc allocates and their aligned views or reuses not at all; float scalars stay out), a view
// (loop.reinterpret -> reinterpret_tensor), kernel.free -> del, kernel.reuse of a dead buffer (a view, or set_ where the dtype changes), a scalar and an f16 kernel, and a kernel with an empty iteration space (no launch).
// Each extern's OpOverload is resolved once when the module loads, through irc's allow-list (resolve_overload).
// RUN: irc-opt %s -p convert-kernel-to-triton -t triton -o %t.py
// RUN: filecheck %s < %t.py
// RUN: %python %S/Inputs/check_module.py %t.py "((a0 @ a1) * a2, a0.t() * 2, torch.exp(a3.float()).half(), -a4, a0.sum(1, dtype=torch.float64), *torch.max(a0, 1), torch.arange(15.0))" --tol 1e-3 | filecheck %s --check-prefix=EXEC

// CHECK:      KERNELS = ['triton_poi_fused_add_mul_0', 'triton_poi_fused_add_3', 'triton_poi_fused_exp_1', 'triton_poi_fused_neg_2', 'triton_poi_fused_iota_4']
// CHECK-NEXT: FALLBACKS = ['aten::mm.default', 'aten::sum.dim_IntList', 'aten::max.dim']
// CHECK:      def triton_poi_fused_add_mul_0(in_ptr0, scalar0: tl.float64, out_ptr0, XBLOCK: tl.constexpr):
// CHECK:          tmp1 = tl.cast(scalar0, tl.float32)
// CHECK:      def triton_poi_fused_add_3(in_ptr0, out_ptr0, XBLOCK: tl.constexpr):
// CHECK:          x0 = xindex % 5
// CHECK-NEXT:     tmp0 = x0 * 7
// CHECK-NEXT:     x1 = xindex // 5
// CHECK-NEXT:     tmp1 = tmp0 + x1
// CHECK-NEXT:     tmp2 = tl.load(in_ptr0 + (tmp1), xmask)
// CHECK:      from irc.dialects.python_names import resolve_overload as _overload
// CHECK:      if os.environ.get("TRITON_INTERPRET") == "1":
// CHECK-NEXT:     from irc.runtime.cpu_externs import interpreted_overload as _overload
// CHECK:      _op_aten_sum_dim_IntList = _overload('aten::sum.dim_IntList')
// CHECK-NEXT: _op_aten_max_dim = _overload('aten::max.dim')
// CHECK:      from irc.runtime.site_launch import Launcher as _Launcher, alignments as _alignments
// CHECK:      _launch_0 = _Launcher(triton_poi_fused_add_mul_0, 'triton_poi_fused_add_mul_0')
// CHECK-NEXT: _launch_1 = _Launcher(triton_poi_fused_add_3, 'triton_poi_fused_add_3')
// CHECK-NEXT: _launch_2 = _Launcher(triton_poi_fused_iota_4, 'triton_poi_fused_iota_4')
// CHECK-NEXT: _launch_3 = _Launcher(triton_poi_fused_exp_1, 'triton_poi_fused_exp_1')
// CHECK-NOT:  _launch_4
// CHECK:      def call(args):
// CHECK-NEXT:     arg0_1, arg1_1, arg2_1, arg3_1, arg4_1 = args
// CHECK-NEXT:     args.clear()
// CHECK-NEXT:     if not _guards[0](arg0_1, arg1_1, arg3_1, arg4_1):
// CHECK-NEXT:         try:
// CHECK-NEXT:             _assert_size_stride(arg0_1, (5, 7), (7, 1))
// CHECK-NEXT:             _assert_size_stride(arg1_1, (7, 3), (3, 1))
// CHECK-NEXT:             _assert_size_stride(arg3_1, (4, 6), (6, 1))
// CHECK-NEXT:             _assert_size_stride(arg4_1, (0, 3), (3, 1))
// CHECK-NEXT:             if (arg0_1.dtype is not torch.float32
// CHECK-NEXT:                 or arg1_1.dtype is not torch.float32
// CHECK-NEXT:                 or arg3_1.dtype is not torch.float16
// CHECK-NEXT:                 or arg4_1.dtype is not torch.float32):
// CHECK-NEXT:                 raise AssertionError
// CHECK-NEXT:         except AssertionError:
// CHECK-NEXT:             _check_input(arg0_1, 0, (5, 7), (7, 1), torch.float32)
// CHECK-NEXT:             _check_input(arg1_1, 1, (7, 3), (3, 1), torch.float32)
// CHECK-NEXT:             _check_input(arg3_1, 3, (4, 6), (6, 1), torch.float16)
// CHECK-NEXT:             _check_input(arg4_1, 4, (0, 3), (3, 1), torch.float32)
// CHECK-NEXT:             raise
// CHECK-NEXT:         _guards.passed(0, arg0_1, arg1_1, arg3_1, arg4_1)
// CHECK-NEXT:     _empty = _allocator(arg0_1.device)
// CHECK-NEXT:     _spec = (arg0_1.get_device(), (arg0_1.data_ptr() | arg3_1.data_ptr()) % 16 == 0 or _alignments(arg0_1, arg3_1))
// CHECK-NEXT:     buf0 = torch.mm(arg0_1, arg1_1)
// CHECK-NEXT:     if not _guards[1](buf0):
// CHECK-NEXT:         try:
// CHECK-NEXT:             _assert_size_stride(buf0, (5, 3), (3, 1))
// CHECK-NEXT:             if buf0.dtype is not torch.float32:
// CHECK-NEXT:                 raise AssertionError
// CHECK-NEXT:             _guards.passed(1, buf0)
// CHECK-NEXT:         except (AssertionError, TypeError):  # TypeError: an undefined (None) result
// CHECK-NEXT:             buf0 = _extern_result(buf0, (5, 3), (3, 1), torch.float32)
// CHECK-NEXT:     buf1 = reinterpret_tensor(arg0_1, (7, 5), (1, 7), 0)
// CHECK-NEXT:     buf2 = _empty((5, 3), (3, 1), torch.float32)
// CHECK-NEXT:     buf3 = _empty((7, 5), (5, 1), torch.float32)
// CHECK-NEXT:     (_launch_0.get(((1,), _spec, buf0.data_ptr() % 16 == 0)) or _launch_0.first(((1,), _spec, buf0.data_ptr() % 16 == 0), lambda: ({'XBLOCK': 16, 'num_warps': 1}, [])))([buf0, arg2_1, buf2])
// CHECK-NEXT:     (_launch_1.get(((1,), _spec)) or _launch_1.first(((1,), _spec), lambda: ({'XBLOCK': 64, 'num_warps': 1}, [])))([buf1, buf3])
// CHECK-NEXT:     del buf1
// CHECK-NEXT:     buf4 = reinterpret_tensor(buf0, (15,), (1,), 0); del buf0  # reuse
// CHECK-NEXT:     (_launch_2.get(((1,), _spec, buf4.data_ptr() % 16 == 0)) or _launch_2.first(((1,), _spec, buf4.data_ptr() % 16 == 0), lambda: ({'XBLOCK': 16, 'num_warps': 1}, [])))([buf4])
// CHECK-NEXT:     buf5 = _empty((12,), (1,), torch.float32)
// CHECK-NEXT:     buf6 = torch.empty(0, dtype=torch.float16, device=buf5.device).set_(buf5.untyped_storage(), 0, (4, 6), (6, 1)); del buf5  # reuse
// CHECK-NEXT:     (_launch_3.get(((1,), _spec)) or _launch_3.first(((1,), _spec), lambda: ({'XBLOCK': 32, 'num_warps': 1}, [])))([arg3_1, buf6])
// CHECK-NEXT:     buf7 = _empty((0, 3), (3, 1), torch.float32)
// CHECK-NEXT:     # triton_poi_fused_neg_2: empty iteration space, nothing to launch
// CHECK-NEXT:     buf8 = _op_aten_sum_dim_IntList(arg0_1, (1,), False, dtype=torch.float64)
// CHECK-NEXT:     if not _guards[2](buf8):
// CHECK-NEXT:         try:
// CHECK-NEXT:             _assert_size_stride(buf8, (5,), (1,))
// CHECK-NEXT:             if buf8.dtype is not torch.float64:
// CHECK-NEXT:                 raise AssertionError
// CHECK-NEXT:             _guards.passed(2, buf8)
// CHECK-NEXT:         except (AssertionError, TypeError):  # TypeError: an undefined (None) result
// CHECK-NEXT:             buf8 = _extern_result(buf8, (5,), (1,), torch.float64)
// CHECK-NEXT:     buf9, buf10 = _op_aten_max_dim(arg0_1, 1)
// CHECK-NEXT:     if not _guards[3](buf9):
// CHECK-NEXT:         try:
// CHECK-NEXT:             _assert_size_stride(buf9, (5,), (1,))
// CHECK-NEXT:             if buf9.dtype is not torch.float32:
// CHECK-NEXT:                 raise AssertionError
// CHECK-NEXT:             _guards.passed(3, buf9)
// CHECK-NEXT:         except (AssertionError, TypeError):  # TypeError: an undefined (None) result
// CHECK-NEXT:             buf9 = _extern_result(buf9, (5,), (1,), torch.float32)
// CHECK-NEXT:     if not _guards[4](buf10):
// CHECK-NEXT:         try:
// CHECK-NEXT:             _assert_size_stride(buf10, (5,), (1,))
// CHECK-NEXT:             if buf10.dtype is not torch.int64:
// CHECK-NEXT:                 raise AssertionError
// CHECK-NEXT:             _guards.passed(4, buf10)
// CHECK-NEXT:         except (AssertionError, TypeError):  # TypeError: an undefined (None) result
// CHECK-NEXT:             buf10 = _extern_result(buf10, (5,), (1,), torch.int64)
// CHECK-NEXT:     return (buf2, buf3, buf6, buf7, buf8, buf9, buf10, buf4)
// CHECK:      def get_args(**sizes):
// CHECK:          arg2_1 = 0.5

// EXEC-COUNT-8: ok
// EXEC: all outputs match

kernel.kernel @fused_add_mul_0(%arg0: !loop.buffer<[5, 3], f32, strides [3, 1]>, %arg1: f64) -> (!loop.buffer<[5, 3], f32, strides [3, 1]>) pointwise numel 15 rnumel 1 {xblock = 16, num_warps = 1} {
  %0 = loop.pointwise ranges [5, 3] {
    %1 = loop.load %arg0[#loop.index<"3*i0 + i1">] : !loop.buffer<[5, 3], f32, strides [3, 1]>
    %2 = loop.cast %arg1 : f64 to f32
    %3 = arith.mulf %1, %2 : f32
    loop.yield %3 : f32
  } : !loop.buffer<[5, 3], f32, strides [3, 1]>
  kernel.yield %0 : !loop.buffer<[5, 3], f32, strides [3, 1]>
}
kernel.kernel @fused_add_3(%arg2: !loop.buffer<[7, 5], f32, strides [1, 7]>) -> (!loop.buffer<[7, 5], f32, strides [5, 1]>) pointwise numel 35 rnumel 1 {xblock = 64, num_warps = 1} {
  %4 = loop.pointwise ranges [7, 5] {
    %5 = loop.load %arg2[#loop.index<"i0 + 7*i1">] : !loop.buffer<[7, 5], f32, strides [1, 7]>
    %6 = arith.addf %5, %5 : f32
    loop.yield %6 : f32
  } : !loop.buffer<[7, 5], f32, strides [5, 1]>
  kernel.yield %4 : !loop.buffer<[7, 5], f32, strides [5, 1]>
}
kernel.kernel @fused_exp_1(%arg0: !loop.buffer<[4, 6], f16, strides [6, 1]>) -> (!loop.buffer<[4, 6], f16, strides [6, 1]>) pointwise numel 24 rnumel 1 {xblock = 32, num_warps = 1} {
  %0 = loop.pointwise ranges [4, 6] {
    %1 = loop.load %arg0[#loop.index<"6*i0 + i1">] : !loop.buffer<[4, 6], f16, strides [6, 1]>
    %2 = loop.cast %1 : f16 to f32
    %3 = math.exp %2 : f32
    %4 = loop.cast %3 : f32 to f16
    loop.yield %4 : f16
  } : !loop.buffer<[4, 6], f16, strides [6, 1]>
  kernel.yield %0 : !loop.buffer<[4, 6], f16, strides [6, 1]>
}
kernel.kernel @fused_neg_2(%arg0: !loop.buffer<[0, 3], f32, strides [3, 1]>) -> (!loop.buffer<[0, 3], f32, strides [3, 1]>) pointwise numel 0 rnumel 1 {xblock = 16, num_warps = 1} {
  %0 = loop.pointwise ranges [0, 3] {
    %1 = loop.load %arg0[#loop.index<"3*i0 + i1">] : !loop.buffer<[0, 3], f32, strides [3, 1]>
    %2 = arith.negf %1 : f32
    loop.yield %2 : f32
  } : !loop.buffer<[0, 3], f32, strides [3, 1]>
  kernel.yield %0 : !loop.buffer<[0, 3], f32, strides [3, 1]>
}
kernel.kernel @fused_iota_4() -> (!loop.buffer<[15], f32, strides [1]>) pointwise numel 15 rnumel 1 {xblock = 16, num_warps = 1} {
  %0 = loop.pointwise ranges [15] {
    %1 = loop.index #loop.index<"i0"> : i64
    %2 = loop.cast %1 : i64 to f32
    loop.yield %2 : f32
  } : !loop.buffer<[15], f32, strides [1]>
  kernel.yield %0 : !loop.buffer<[15], f32, strides [1]>
}
func.func @forward(%x: !loop.buffer<[5, 7], f32, strides [7, 1]>, %w: !loop.buffer<[7, 3], f32, strides [3, 1]>, %alpha: f64, %h: !loop.buffer<[4, 6], f16, strides [6, 1]>, %e: !loop.buffer<[0, 3], f32, strides [3, 1]>) -> (!loop.buffer<[5, 3], f32, strides [3, 1]>, !loop.buffer<[7, 5], f32, strides [5, 1]>, !loop.buffer<[4, 6], f16, strides [6, 1]>, !loop.buffer<[0, 3], f32, strides [3, 1]>, !loop.buffer<[5], f64, strides [1]>, !loop.buffer<[5], f32, strides [1]>, !loop.buffer<[5], i64, strides [1]>, !loop.buffer<[15], f32, strides [1]>) {
  %mm = kernel.extern "aten::mm.default"(%x, %w) {args = [#kernel.operand<0>, #kernel.operand<1>]} : (!loop.buffer<[5, 7], f32, strides [7, 1]>, !loop.buffer<[7, 3], f32, strides [3, 1]>) -> (!loop.buffer<[5, 3], f32, strides [3, 1]>)
  %t = loop.reinterpret %x : !loop.buffer<[5, 7], f32, strides [7, 1]> to !loop.buffer<[7, 5], f32, strides [1, 7]>
  %0 = kernel.alloc : !loop.buffer<[5, 3], f32, strides [3, 1]>
  %1 = kernel.alloc : !loop.buffer<[7, 5], f32, strides [5, 1]>
  kernel.launch @fused_add_mul_0(%mm, %alpha) outs(%0) : (!loop.buffer<[5, 3], f32, strides [3, 1]>, f64) -> (!loop.buffer<[5, 3], f32, strides [3, 1]>)
  kernel.launch @fused_add_3(%t) outs(%1) : (!loop.buffer<[7, 5], f32, strides [1, 7]>) -> (!loop.buffer<[7, 5], f32, strides [5, 1]>)
  kernel.free %t : !loop.buffer<[7, 5], f32, strides [1, 7]>
  %r = kernel.reuse %mm : !loop.buffer<[5, 3], f32, strides [3, 1]> to !loop.buffer<[15], f32, strides [1]>
  kernel.launch @fused_iota_4() outs(%r) : () -> (!loop.buffer<[15], f32, strides [1]>)
  %d = kernel.alloc : !loop.buffer<[12], f32, strides [1]>
  %2 = kernel.reuse %d : !loop.buffer<[12], f32, strides [1]> to !loop.buffer<[4, 6], f16, strides [6, 1]>
  kernel.launch @fused_exp_1(%h) outs(%2) : (!loop.buffer<[4, 6], f16, strides [6, 1]>) -> (!loop.buffer<[4, 6], f16, strides [6, 1]>)
  %3 = kernel.alloc : !loop.buffer<[0, 3], f32, strides [3, 1]>
  kernel.launch @fused_neg_2(%e) outs(%3) : (!loop.buffer<[0, 3], f32, strides [3, 1]>) -> (!loop.buffer<[0, 3], f32, strides [3, 1]>)
  %sum = kernel.extern "aten::sum.dim_IntList"(%x) {args = [#kernel.operand<0>, [1 : i64], false], kwargs = {dtype = f64}} : (!loop.buffer<[5, 7], f32, strides [7, 1]>) -> (!loop.buffer<[5], f64, strides [1]>)
  %max:2 = kernel.extern "aten::max.dim"(%x) {args = [#kernel.operand<0>, 1 : i64]} : (!loop.buffer<[5, 7], f32, strides [7, 1]>) -> (!loop.buffer<[5], f32, strides [1]>, !loop.buffer<[5], i64, strides [1]>)
  func.return %0, %1, %2, %3, %sum, %max#0, %max#1, %r : !loop.buffer<[5, 3], f32, strides [3, 1]>, !loop.buffer<[7, 5], f32, strides [5, 1]>, !loop.buffer<[4, 6], f16, strides [6, 1]>, !loop.buffer<[0, 3], f32, strides [3, 1]>, !loop.buffer<[5], f64, strides [1]>, !loop.buffer<[5], f32, strides [1]>, !loop.buffer<[5], i64, strides [1]>, !loop.buffer<[15], f32, strides [1]>
}
