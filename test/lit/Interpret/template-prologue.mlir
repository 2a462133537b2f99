// A template kernel with a prologue: A is 2 * a, computed inside the kernel before the kernel.matmul.
// a = 0, 1, 2, ... as [2, 3]; b = 0, 1, 2, ... as [3, 2] read transposed through its strides; bias = 0, 1.
// RUN: irc-run %s --fill arange | filecheck %s

kernel.kernel @fused_add_mm_mul_0(%a: !loop.buffer<[2, 3], f32, strides [3, 1]>, %b: !loop.buffer<[3, 2], f32, strides [1, 3]>, %bias: !loop.buffer<[2], f32, strides [1]>) -> (!loop.buffer<[2, 2], f32, strides [2, 1]>) template numel 4 rnumel 1 {
  %a2 = loop.pointwise ranges [2, 3] {
    %v = loop.load %a[#loop.index<"3*i0 + i1">] : !loop.buffer<[2, 3], f32, strides [3, 1]>
    %two = arith.constant 2.0 : f32
    %d = arith.mulf %v, %two : f32
    loop.yield %d : f32
  } : !loop.buffer<[2, 3], f32, strides [3, 1]>
  %c = kernel.matmul %a2, %b : (!loop.buffer<[2, 3], f32, strides [3, 1]>, !loop.buffer<[3, 2], f32, strides [1, 3]>) -> !loop.buffer<[2, 2], f32, strides [2, 1]>
  %r = loop.pointwise ranges [2, 2] {
    %x = loop.load %c[#loop.index<"2*i0 + i1">] : !loop.buffer<[2, 2], f32, strides [2, 1]>
    %y = loop.load %bias[#loop.index<"i1">] : !loop.buffer<[2], f32, strides [1]>
    %z = arith.addf %x, %y : f32
    loop.yield %z : f32
  } : !loop.buffer<[2, 2], f32, strides [2, 1]>
  kernel.yield %r : !loop.buffer<[2, 2], f32, strides [2, 1]>
}
func.func @call(%a: !loop.buffer<[2, 3], f32, strides [3, 1]>, %w: !loop.buffer<[2, 3], f32, strides [3, 1]>, %bias: !loop.buffer<[2], f32, strides [1]>) -> !loop.buffer<[2, 2], f32, strides [2, 1]> {
  %b = loop.reinterpret %w : !loop.buffer<[2, 3], f32, strides [3, 1]> to !loop.buffer<[3, 2], f32, strides [1, 3]>
  %out = kernel.alloc : !loop.buffer<[2, 2], f32, strides [2, 1]>
  kernel.launch @fused_add_mm_mul_0(%a, %b, %bias) outs(%out) : (!loop.buffer<[2, 3], f32, strides [3, 1]>, !loop.buffer<[3, 2], f32, strides [1, 3]>, !loop.buffer<[2], f32, strides [1]>) -> (!loop.buffer<[2, 2], f32, strides [2, 1]>)
  func.return %out : !loop.buffer<[2, 2], f32, strides [2, 1]>
}

// (2a) @ w.t() = 2 * [[5, 14], [14, 50]], plus bias [0, 1].
// CHECK:      // output 0: f32 [2, 2]
// CHECK-NEXT: {{\[\[}} 10., 29.],
// CHECK-NEXT:  [ 28., 101.]]
