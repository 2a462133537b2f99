// A template kernel of a kernel.dual_matmul (two products of one A, each an f32 matmul rounded once) and an
// epilogue reading both. a = 0, 1, 2, ... as [2, 3]; w = the same, read transposed; b = 0, 1, ... as [3, 2].
// RUN: irc-run %s --fill arange | filecheck %s

kernel.kernel @fused_dual_mm_mul_0(%a: !loop.buffer<[2, 3], f32, strides [3, 1]>, %wt: !loop.buffer<[3, 2], f32, strides [1, 3]>, %b: !loop.buffer<[3, 2], f32, strides [2, 1]>) -> (!loop.buffer<[2, 2], f32, strides [2, 1]>) template numel 4 rnumel 1 {
  %g, %u = kernel.dual_matmul %a, %wt, %b : (!loop.buffer<[2, 3], f32, strides [3, 1]>, !loop.buffer<[3, 2], f32, strides [1, 3]>, !loop.buffer<[3, 2], f32, strides [2, 1]>) -> (!loop.buffer<[2, 2], f32, strides [2, 1]>, !loop.buffer<[2, 2], f32, strides [2, 1]>)
  %r = loop.pointwise ranges [2, 2] {
    %x = loop.load %g[#loop.index<"2*i0 + i1">] : !loop.buffer<[2, 2], f32, strides [2, 1]>
    %y = loop.load %u[#loop.index<"2*i0 + i1">] : !loop.buffer<[2, 2], f32, strides [2, 1]>
    %z = arith.mulf %x, %y : f32
    loop.yield %z : f32
  } : !loop.buffer<[2, 2], f32, strides [2, 1]>
  kernel.yield %r : !loop.buffer<[2, 2], f32, strides [2, 1]>
}
func.func @call(%a: !loop.buffer<[2, 3], f32, strides [3, 1]>, %w: !loop.buffer<[2, 3], f32, strides [3, 1]>, %b: !loop.buffer<[3, 2], f32, strides [2, 1]>) -> !loop.buffer<[2, 2], f32, strides [2, 1]> {
  %wt = loop.reinterpret %w : !loop.buffer<[2, 3], f32, strides [3, 1]> to !loop.buffer<[3, 2], f32, strides [1, 3]>
  %out = kernel.alloc : !loop.buffer<[2, 2], f32, strides [2, 1]>
  kernel.launch @fused_dual_mm_mul_0(%a, %wt, %b) outs(%out) : (!loop.buffer<[2, 3], f32, strides [3, 1]>, !loop.buffer<[3, 2], f32, strides [1, 3]>, !loop.buffer<[3, 2], f32, strides [2, 1]>) -> (!loop.buffer<[2, 2], f32, strides [2, 1]>)
  func.return %out : !loop.buffer<[2, 2], f32, strides [2, 1]>
}

// a @ w.t() = [[5, 14], [14, 50]], a @ b = [[10, 13], [28, 40]]; their product elementwise:
// CHECK:      // output 0: f32 [2, 2]
// CHECK-NEXT: {{\[\[}}  50.,  182.],
// CHECK-NEXT:  [ 392., 2000.]]
