// Symbolic sizes in a host function marked `irc.index_bits = 32` (the importer found every tensor's span under
// 2**31 at the traced sizes, and guarded it): the kernels index in int32, each lists its symbolic extents
// (index_limits), and call() checks the largest before any launch. The sum over s0 copies of a row spans s1
// elements whatever s0 is, so s0 = 2**31 reaches the check without a large tensor.
// RUN: irc-opt %s -p convert-kernel-to-triton | filecheck %s --check-prefix=IR
// RUN: irc-opt %s -p convert-kernel-to-triton -t triton -o %t.py
// RUN: filecheck %s < %t.py
// RUN: %python %S/Inputs/check_module.py %t.py "(a1 + a1, a1 * a0)" --sizes s0=5,s1=13 | filecheck %s --check-prefix=EXEC
// RUN: %python %S/Inputs/check_module.py %t.py "()" --sizes s0=2147483648,s1=3 --raises | filecheck %s --check-prefix=RAISES

// IR:      triton.func @triton_poi_fused_add_0(%in_ptr0: !triton.ptr<f32>, %out_ptr0: !triton.ptr<f32>, %s1: i32, %xnumel: i32)
// IR-SAME:   index_limits = [#loop.index<"s1">]
// IR:      triton.func @triton_red_fused_sum_1(
// IR-SAME:   index_limits = [#loop.index<"s0">, #loop.index<"s1">]

// CHECK:      def triton_poi_fused_add_0(in_ptr0, out_ptr0, s1, xnumel, XBLOCK: tl.constexpr):
// CHECK-NEXT:     xoffset = tl.program_id(0) * XBLOCK
// CHECK-NEXT:     xindex = xoffset + tl.arange(0, XBLOCK)
// CHECK-NOT:  tl.int64
// CHECK:      def call(args):
// CHECK:          s1 = arg1_1.shape[0]
// CHECK-NEXT:     if s0 > 2147483647 or s1 > 2147483647:
// CHECK-NEXT:         raise RuntimeError("irc: these sizes take offsets beyond 2**31 - 1

// EXEC-COUNT-2: ok
// EXEC: all outputs match

// RAISES: raised RuntimeError: irc: these sizes take offsets beyond 2**31 - 1

kernel.kernel @fused_add_0(%arg0: !loop.buffer<[s1], f32, strides [1]>) -> (!loop.buffer<[s1], f32, strides [1]>) pointwise numel s1 rnumel 1 {xblock = 32, num_warps = 1} {
  %0 = loop.pointwise ranges [s1] {
    %1 = loop.load %arg0[#loop.index<"i0">] : !loop.buffer<[s1], f32, strides [1]>
    %2 = arith.addf %1, %1 : f32
    loop.yield %2 : f32
  } : !loop.buffer<[s1], f32, strides [1]>
  kernel.yield %0 : !loop.buffer<[s1], f32, strides [1]>
}
kernel.kernel @fused_sum_1(%arg0: !loop.buffer<[s1], f32, strides [1]>) -> (!loop.buffer<[s1], f32, strides [1]>) reduction numel s1 rnumel s0 {xblock = 2, rblock = 8, num_warps = 2} {
  %0 = loop.reduction sum ranges [s1] reduce [s0] {
    %1 = loop.load %arg0[#loop.index<"i0">] : !loop.buffer<[s1], f32, strides [1]>
    loop.yield %1 : f32
  } : !loop.buffer<[s1], f32, strides [1]>
  kernel.yield %0 : !loop.buffer<[s1], f32, strides [1]>
}
func.func @forward(%s0: i64, %y: !loop.buffer<[s1], f32, strides [1]>) -> (!loop.buffer<[s1], f32, strides [1]>, !loop.buffer<[s1], f32, strides [1]>) attributes {irc.index_bits = 32 : i64} {
  %0 = kernel.alloc : !loop.buffer<[s1], f32, strides [1]>
  kernel.launch @fused_add_0(%y) outs(%0) : (!loop.buffer<[s1], f32, strides [1]>) -> (!loop.buffer<[s1], f32, strides [1]>)
  %1 = kernel.alloc : !loop.buffer<[s1], f32, strides [1]>
  kernel.launch @fused_sum_1(%y) outs(%1) : (!loop.buffer<[s1], f32, strides [1]>) -> (!loop.buffer<[s1], f32, strides [1]>)
  func.return %0, %1 : !loop.buffer<[s1], f32, strides [1]>, !loop.buffer<[s1], f32, strides [1]>
}
