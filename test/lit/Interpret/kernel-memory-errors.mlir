// Memory the program never wrote shows up as wrong numbers: memory is poisoned (NaN for floats) when allocated and when
// freed, and a reused buffer shares its source's memory. (Reading a buffer after its kernel.free or kernel.reuse
// is rejected by the verifier before it runs: Dialect/kernel/invalid.mlir.)
// RUN: irc-run %s --fill arange | filecheck %s

kernel.kernel @neg_0(%0: !loop.buffer<[4], f32, strides [1]>) -> (!loop.buffer<[4], f32, strides [1]>) pointwise numel 4 rnumel 1 {
  %r = loop.pointwise ranges [4] {
    %a = loop.load %0[#loop.index<"i0">] : !loop.buffer<[4], f32, strides [1]>
    %b = arith.negf %a : f32
    loop.yield %b : f32
  } : !loop.buffer<[4], f32, strides [1]>
  kernel.yield %r : !loop.buffer<[4], f32, strides [1]>
}
func.func @call(%x: !loop.buffer<[4], f32, strides [1]>) -> (!loop.buffer<[4], f32, strides [1]>, !loop.buffer<[4], f32, strides [1]>) {
  %never_written = kernel.alloc : !loop.buffer<[4], f32, strides [1]>
  %early = kernel.alloc : !loop.buffer<[4], f32, strides [1]>
  kernel.launch @neg_0(%x) outs(%early) : (!loop.buffer<[4], f32, strides [1]>) -> (!loop.buffer<[4], f32, strides [1]>)
  %mid = kernel.alloc : !loop.buffer<[4], f32, strides [1]>
  kernel.launch @neg_0(%early) outs(%mid) : (!loop.buffer<[4], f32, strides [1]>) -> (!loop.buffer<[4], f32, strides [1]>)
  %reused = kernel.reuse %early : !loop.buffer<[4], f32, strides [1]> to !loop.buffer<[4], f32, strides [1]>
  kernel.launch @neg_0(%mid) outs(%reused) : (!loop.buffer<[4], f32, strides [1]>) -> (!loop.buffer<[4], f32, strides [1]>)
  func.return %never_written, %reused : !loop.buffer<[4], f32, strides [1]>, !loop.buffer<[4], f32, strides [1]>
}

// CHECK:      // output 0: f32 [4]
// CHECK-NEXT: [nan, nan, nan, nan]
// %reused takes %early's memory after its last use: -(-(-x)).
// CHECK-NEXT: // output 1: f32 [4]
// CHECK-NEXT: [-0., -1., -2., -3.]
