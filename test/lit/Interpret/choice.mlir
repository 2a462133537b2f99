// A kernel.choice runs its default alternative (here cuBLAS's: aten::mm, then the bias as a kernel of its
// own), as the runtime does where nothing is measured; the template alternative would give the same.
// a = 0, 1, 2, ... as [2, 3]; w = 0, 1, 2, ... as [2, 3], read transposed; bias = 0, 1.
// RUN: irc-run %s --fill arange | filecheck %s

kernel.kernel @fused_add_mm_0(%a: !loop.buffer<[2, 3], f32, strides [3, 1]>, %b: !loop.buffer<[3, 2], f32, strides [1, 3]>, %bias: !loop.buffer<[2], f32, strides [1]>) -> (!loop.buffer<[2, 2], f32, strides [2, 1]>) template numel 4 rnumel 1 {
  %c = kernel.matmul %a, %b : (!loop.buffer<[2, 3], f32, strides [3, 1]>, !loop.buffer<[3, 2], f32, strides [1, 3]>) -> !loop.buffer<[2, 2], f32, strides [2, 1]>
  %r = loop.pointwise ranges [2, 2] {
    %x = loop.load %c[#loop.index<"2*i0 + i1">] : !loop.buffer<[2, 2], f32, strides [2, 1]>
    %y = loop.load %bias[#loop.index<"i1">] : !loop.buffer<[2], f32, strides [1]>
    %z = arith.addf %x, %y : f32
    loop.yield %z : f32
  } : !loop.buffer<[2, 2], f32, strides [2, 1]>
  kernel.yield %r : !loop.buffer<[2, 2], f32, strides [2, 1]>
}
kernel.kernel @add_1(%c: !loop.buffer<[2, 2], f32, strides [2, 1]>, %bias: !loop.buffer<[2], f32, strides [1]>) -> (!loop.buffer<[2, 2], f32, strides [2, 1]>) pointwise numel 4 rnumel 1 {
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
  kernel.choice "fused_add_mm_0" ["template", "extern"] default 1 {
    kernel.launch @fused_add_mm_0(%a, %b, %bias) outs(%out) : (!loop.buffer<[2, 3], f32, strides [3, 1]>, !loop.buffer<[3, 2], f32, strides [1, 3]>, !loop.buffer<[2], f32, strides [1]>) -> (!loop.buffer<[2, 2], f32, strides [2, 1]>)
    kernel.yield
  }, {
    %p = kernel.extern "aten::mm.default"(%a, %b) {args = [#kernel.operand<0>, #kernel.operand<1>]} : (!loop.buffer<[2, 3], f32, strides [3, 1]>, !loop.buffer<[3, 2], f32, strides [1, 3]>) -> (!loop.buffer<[2, 2], f32, strides [2, 1]>)
    kernel.launch @add_1(%p, %bias) outs(%out) : (!loop.buffer<[2, 2], f32, strides [2, 1]>, !loop.buffer<[2], f32, strides [1]>) -> (!loop.buffer<[2, 2], f32, strides [2, 1]>)
    kernel.yield
  }
  func.return %out : !loop.buffer<[2, 2], f32, strides [2, 1]>
}

// a @ w.t() = [[5, 14], [14, 50]], plus bias [0, 1].
// CHECK:      // output 0: f32 [2, 2]
// CHECK-NEXT: {{\[\[}} 5., 15.],
// CHECK-NEXT:  [14., 51.]]
