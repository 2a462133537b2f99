// The kernel level: kernels launched on whole buffers, allocations, an extern, buffer reuse and frees.
// a = 0, 1, 2, ... as [2, 3]; b = 0, 1, 2, ... as [3, 2].
// RUN: irc-run %s --fill arange | filecheck %s

kernel.kernel @fused_mul_sum_0(%0: !loop.buffer<[2, 3], f32, strides [3, 1]>) -> (!loop.buffer<[2], f32, strides [1]>, !loop.buffer<[2, 3], f32, strides [3, 1]>) persistent_reduction numel 2 rnumel 3 {xblock = 1, rblock = 4} {
  %twice = loop.pointwise ranges [2, 3] {
    %a = loop.load %0[#loop.index<"3*i0 + i1">] : !loop.buffer<[2, 3], f32, strides [3, 1]>
    %b = arith.addf %a, %a : f32
    loop.yield %b : f32
  } : !loop.buffer<[2, 3], f32, strides [3, 1]>
  %sum = loop.reduction sum ranges [2] reduce [3] {
    %a = loop.load %twice[#loop.index<"3*i0 + r0">] : !loop.buffer<[2, 3], f32, strides [3, 1]>
    loop.yield %a : f32
  } : !loop.buffer<[2], f32, strides [1]>
  kernel.yield %sum, %twice : !loop.buffer<[2], f32, strides [1]>, !loop.buffer<[2, 3], f32, strides [3, 1]>
}
kernel.kernel @add_1(%0: !loop.buffer<[2, 2], f32, strides [2, 1]>, %1: !loop.buffer<[2], f32, strides [1]>) -> (!loop.buffer<[2, 2], f32, strides [2, 1], offset 2>) pointwise numel 4 rnumel 1 {
  %r = loop.pointwise ranges [2, 2] {
    %a = loop.load %0[#loop.index<"2*i0 + i1">] : !loop.buffer<[2, 2], f32, strides [2, 1]>
    %b = loop.load %1[#loop.index<"i0">] : !loop.buffer<[2], f32, strides [1]>
    %c = arith.addf %a, %b : f32
    loop.yield %c : f32
  } : !loop.buffer<[2, 2], f32, strides [2, 1], offset 2>
  kernel.yield %r : !loop.buffer<[2, 2], f32, strides [2, 1], offset 2>
}
func.func @call(%a: !loop.buffer<[2, 3], f32, strides [3, 1]>, %b: !loop.buffer<[3, 2], f32, strides [2, 1]>) -> (!loop.buffer<[2], f32, strides [1]>, !loop.buffer<[2, 2], f32, strides [2, 1], offset 2>) {
  %sum = kernel.alloc : !loop.buffer<[2], f32, strides [1]>
  %twice = kernel.alloc : !loop.buffer<[2, 3], f32, strides [3, 1]>
  kernel.launch @fused_mul_sum_0(%a) outs(%sum, %twice) : (!loop.buffer<[2, 3], f32, strides [3, 1]>) -> (!loop.buffer<[2], f32, strides [1]>, !loop.buffer<[2, 3], f32, strides [3, 1]>)
  %mm = kernel.alloc : !loop.buffer<[2, 2], f32, strides [2, 1]>
  kernel.extern "aten::mm.out"(%twice, %b) outs(%mm : !loop.buffer<[2, 2], f32, strides [2, 1]>) {args = [#kernel.operand<0>, #kernel.operand<1>], kwargs = {out = #kernel.operand<2>}} : (!loop.buffer<[2, 3], f32, strides [3, 1]>, !loop.buffer<[3, 2], f32, strides [2, 1]>) -> ()
  %out = kernel.reuse %twice : !loop.buffer<[2, 3], f32, strides [3, 1]> to !loop.buffer<[2, 2], f32, strides [2, 1], offset 2>
  kernel.launch @add_1(%mm, %sum) outs(%out) : (!loop.buffer<[2, 2], f32, strides [2, 1]>, !loop.buffer<[2], f32, strides [1]>) -> (!loop.buffer<[2, 2], f32, strides [2, 1], offset 2>)
  kernel.free %mm : !loop.buffer<[2, 2], f32, strides [2, 1]>
  func.return %sum, %out : !loop.buffer<[2], f32, strides [1]>, !loop.buffer<[2, 2], f32, strides [2, 1], offset 2>
}

// CHECK:      // output 0: f32 [2]
// CHECK-NEXT: [ 6., 24.]
// CHECK-NEXT: // output 1: f32 [2, 2]
// CHECK-NEXT: {{\[\[}} 26.,  32.],
// CHECK-NEXT:  [ 80., 104.]]
