// Symbolic sizes: size symbols become kernel arguments (int64 index math), bound in call() from the inputs'
// shapes (s0, s1), from a SymInt argument (s2) or by solving a size "2*s3"; xnumel/rnumel are arguments and the
// grids expressions. Run at sizes other than get_args' default.
// RUN: irc-opt %s -p convert-kernel-to-triton -t triton -o %t.py
// RUN: filecheck %s < %t.py
// RUN: %python %S/Inputs/check_module.py %t.py "(a0 + a1, a0.sum(1), a0 * a2, a3 * 2)" --sizes s0=5,s1=13,s2=3,s3=7 | filecheck %s --check-prefix=EXEC
// RUN: %python %S/Inputs/check_module.py %t.py "(a0 + a1, a0.sum(1), a0 * a2, a3 * 2)" --sizes s0=0,s1=4,s2=1,s3=1 | filecheck %s --check-prefix=EXEC

// CHECK:      def triton_poi_fused_add_0(in_ptr0, in_ptr1, out_ptr0, s0, s1, xnumel, XBLOCK: tl.constexpr):
// CHECK-NEXT:     tmp0 = tl.cast(tl.program_id(0), tl.int64)
// CHECK-NEXT:     xoffset = tmp0 * XBLOCK
// CHECK-NEXT:     tmp1 = tl.cast(tl.arange(0, XBLOCK), tl.int64)
// CHECK-NEXT:     xindex = xoffset + tmp1
// CHECK-NEXT:     xmask = xindex < xnumel
// CHECK:          x0 = xindex % s1
// CHECK:      def triton_red_fused_sum_1(in_ptr0, out_ptr0, s0, s1, xnumel, rnumel, XBLOCK: tl.constexpr, RBLOCK: tl.constexpr):
// CHECK:          for roffset in range(0, rnumel, RBLOCK):
// CHECK:      def call(args):
// CHECK-NEXT:     arg0_1, arg1_1, arg2_1, arg3_1 = args
// CHECK-NEXT:     args.clear()
// CHECK-NEXT:     _check_rank(arg0_1, 0, 2, torch.float32)
// CHECK-NEXT:     _check_rank(arg1_1, 1, 1, torch.float32)
// CHECK-NEXT:     _check_rank(arg3_1, 3, 1, torch.float32)
// CHECK-NEXT:     s2 = arg2_1
// CHECK-NEXT:     s0 = arg0_1.shape[0]
// CHECK-NEXT:     s1 = arg0_1.shape[1]
// CHECK-NEXT:     s3 = arg3_1.shape[0] // 2
// CHECK-NEXT:     try:
// CHECK-NEXT:         _assert_size_stride(arg0_1, (s0, s1), (s1, 1))
// CHECK-NEXT:         _assert_size_stride(arg1_1, (s1,), (1,))
// CHECK-NEXT:         _assert_size_stride(arg3_1, (2*s3,), (1,))
// CHECK-NEXT:         if (arg0_1.dtype is not torch.float32
// CHECK-NEXT:             or arg1_1.dtype is not torch.float32
// CHECK-NEXT:             or arg3_1.dtype is not torch.float32):
// CHECK-NEXT:             raise AssertionError
// CHECK-NEXT:     except AssertionError:
// CHECK-NEXT:         _check_input(arg0_1, 0, (s0, s1), (s1, 1), torch.float32)
// CHECK-NEXT:         _check_input(arg1_1, 1, (s1,), (1,), torch.float32)
// CHECK-NEXT:         _check_input(arg3_1, 3, (2*s3,), (1,), torch.float32)
// CHECK-NEXT:         raise
// CHECK-NEXT:     _empty = _allocator(arg0_1.device)
// CHECK-NEXT:     _spec = (arg0_1.get_device(), (arg0_1.data_ptr() | arg1_1.data_ptr() | arg3_1.data_ptr()) % 16 == 0 or _alignments(arg0_1, arg1_1, arg3_1))
// CHECK-NEXT:     buf0 = _empty((s0, s1), (s1, 1), torch.float32)
// CHECK-NEXT:     if (s0*s1 + 31) // 32 > 0:
// CHECK-NEXT:         (_launch_0.get((((s0*s1 + 31) // 32,), _spec, s0, s1, s0*s1)) or _launch_0.first((((s0*s1 + 31) // 32,), _spec, s0, s1, s0*s1), lambda: ({'XBLOCK': 32, 'num_warps': 1}, [])))([arg0_1, arg1_1, buf0, s0, s1, s0*s1])
// CHECK-NEXT:     buf1 = _empty((s0,), (1,), torch.float32)
// CHECK-NEXT:     if (s0 + 1) // 2 > 0:
// CHECK-NEXT:         (_launch_1.get((((s0 + 1) // 2,), _spec, s0, s1, s0, s1)) or _launch_1.first((((s0 + 1) // 2,), _spec, s0, s1, s0, s1), lambda: ({'XBLOCK': 2, 'RBLOCK': 8, 'num_warps': 2}, [])))([arg0_1, buf1, s0, s1, s0, s1])
// CHECK-NEXT:     buf2 = _empty((s0, s1), (s1, 1), torch.float32)
// CHECK-NEXT:     if (s0*s1 + 31) // 32 > 0:
// CHECK-NEXT:         (_launch_2.get((((s0*s1 + 31) // 32,), _spec, arg2_1, s0, s1, s0*s1)) or _launch_2.first((((s0*s1 + 31) // 32,), _spec, arg2_1, s0, s1, s0*s1), lambda: ({'XBLOCK': 32, 'num_warps': 1}, [])))([arg0_1, arg2_1, buf2, s0, s1, s0*s1])
// CHECK-NEXT:     buf3 = _empty((2*s3,), (1,), torch.float32)
// CHECK-NEXT:     if (2*s3 + 15) // 16 > 0:
// CHECK-NEXT:         (_launch_3.get((((2*s3 + 15) // 16,), _spec, s3, 2*s3)) or _launch_3.first((((2*s3 + 15) // 16,), _spec, s3, 2*s3), lambda: ({'XBLOCK': 16, 'num_warps': 1}, [])))([arg3_1, buf3, s3, 2*s3])
// CHECK-NEXT:     return (buf0, buf1, buf2, buf3)
// CHECK:      def get_args(**sizes):
// CHECK-NEXT:     s0 = sizes.get("s0", 8)
// CHECK-NEXT:     s1 = sizes.get("s1", 8)
// CHECK-NEXT:     s2 = sizes.get("s2", 8)
// CHECK-NEXT:     s3 = sizes.get("s3", 8)
// CHECK-NEXT:     device = "cuda" if torch.cuda.is_available() else "cpu"
// CHECK-NEXT:     arg0_1 = _rand_strided((s0, s1), (s1, 1), torch.float32, device)
// CHECK-NEXT:     arg1_1 = _rand_strided((s1,), (1,), torch.float32, device)
// CHECK-NEXT:     arg2_1 = s2
// CHECK-NEXT:     arg3_1 = _rand_strided((2*s3,), (1,), torch.float32, device)

// EXEC-COUNT-4: ok
// EXEC: all outputs match

kernel.kernel @fused_add_0(%arg0: !loop.buffer<[s0, s1], f32, strides [s1, 1]>, %arg1: !loop.buffer<[s1], f32, strides [1]>) -> (!loop.buffer<[s0, s1], f32, strides [s1, 1]>) pointwise numel "s0*s1" rnumel 1 {xblock = 32, num_warps = 1} {
  %0 = loop.pointwise ranges [s0, s1] {
    %1 = loop.load %arg0[#loop.index<"i0*s1 + i1">] : !loop.buffer<[s0, s1], f32, strides [s1, 1]>
    %2 = loop.load %arg1[#loop.index<"i1">] : !loop.buffer<[s1], f32, strides [1]>
    %3 = arith.addf %1, %2 : f32
    loop.yield %3 : f32
  } : !loop.buffer<[s0, s1], f32, strides [s1, 1]>
  kernel.yield %0 : !loop.buffer<[s0, s1], f32, strides [s1, 1]>
}
kernel.kernel @fused_sum_1(%arg0: !loop.buffer<[s0, s1], f32, strides [s1, 1]>) -> (!loop.buffer<[s0], f32, strides [1]>) reduction numel s0 rnumel s1 {xblock = 2, rblock = 8, num_warps = 2} {
  %0 = loop.reduction sum ranges [s0] reduce [s1] {
    %1 = loop.load %arg0[#loop.index<"i0*s1 + r0">] : !loop.buffer<[s0, s1], f32, strides [s1, 1]>
    loop.yield %1 : f32
  } : !loop.buffer<[s0], f32, strides [1]>
  kernel.yield %0 : !loop.buffer<[s0], f32, strides [1]>
}
kernel.kernel @fused_mul_2(%arg0: !loop.buffer<[s0, s1], f32, strides [s1, 1]>, %arg1: i64) -> (!loop.buffer<[s0, s1], f32, strides [s1, 1]>) pointwise numel "s0*s1" rnumel 1 {xblock = 32, num_warps = 1} {
  %0 = loop.pointwise ranges [s0, s1] {
    %1 = loop.load %arg0[#loop.index<"i0*s1 + i1">] : !loop.buffer<[s0, s1], f32, strides [s1, 1]>
    %2 = loop.cast %arg1 : i64 to f32
    %3 = arith.mulf %1, %2 : f32
    loop.yield %3 : f32
  } : !loop.buffer<[s0, s1], f32, strides [s1, 1]>
  kernel.yield %0 : !loop.buffer<[s0, s1], f32, strides [s1, 1]>
}
kernel.kernel @fused_mul_3(%arg0: !loop.buffer<["2*s3"], f32, strides [1]>) -> (!loop.buffer<["2*s3"], f32, strides [1]>) pointwise numel "2*s3" rnumel 1 {xblock = 16, num_warps = 1} {
  %0 = loop.pointwise ranges ["2*s3"] {
    %1 = loop.load %arg0[#loop.index<"i0">] : !loop.buffer<["2*s3"], f32, strides [1]>
    %2 = arith.addf %1, %1 : f32
    loop.yield %2 : f32
  } : !loop.buffer<["2*s3"], f32, strides [1]>
  kernel.yield %0 : !loop.buffer<["2*s3"], f32, strides [1]>
}
func.func @forward(%x: !loop.buffer<[s0, s1], f32, strides [s1, 1]>, %y: !loop.buffer<[s1], f32, strides [1]>, %s2: i64, %z: !loop.buffer<["2*s3"], f32, strides [1]>) -> (!loop.buffer<[s0, s1], f32, strides [s1, 1]>, !loop.buffer<[s0], f32, strides [1]>, !loop.buffer<[s0, s1], f32, strides [s1, 1]>, !loop.buffer<["2*s3"], f32, strides [1]>) {
  %0 = kernel.alloc : !loop.buffer<[s0, s1], f32, strides [s1, 1]>
  kernel.launch @fused_add_0(%x, %y) outs(%0) : (!loop.buffer<[s0, s1], f32, strides [s1, 1]>, !loop.buffer<[s1], f32, strides [1]>) -> (!loop.buffer<[s0, s1], f32, strides [s1, 1]>)
  %1 = kernel.alloc : !loop.buffer<[s0], f32, strides [1]>
  kernel.launch @fused_sum_1(%x) outs(%1) : (!loop.buffer<[s0, s1], f32, strides [s1, 1]>) -> (!loop.buffer<[s0], f32, strides [1]>)
  %2 = kernel.alloc : !loop.buffer<[s0, s1], f32, strides [s1, 1]>
  kernel.launch @fused_mul_2(%x, %s2) outs(%2) : (!loop.buffer<[s0, s1], f32, strides [s1, 1]>, i64) -> (!loop.buffer<[s0, s1], f32, strides [s1, 1]>)
  %3 = kernel.alloc : !loop.buffer<["2*s3"], f32, strides [1]>
  kernel.launch @fused_mul_3(%z) outs(%3) : (!loop.buffer<["2*s3"], f32, strides [1]>) -> (!loop.buffer<["2*s3"], f32, strides [1]>)
  func.return %0, %1, %2, %3 : !loop.buffer<[s0, s1], f32, strides [s1, 1]>, !loop.buffer<[s0], f32, strides [1]>, !loop.buffer<[s0, s1], f32, strides [s1, 1]>, !loop.buffer<["2*s3"], f32, strides [1]>
}
