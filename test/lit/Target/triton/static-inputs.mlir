// Static inputs (`irc.static` in the host function's argument attributes: parameters, buffers, constants): the
// wrapper reads their alignment through `_static_inputs(args)` (once, then an address comparison per call),
// before `args` is cleared, and leaves them out of the per-call alignment check of the other inputs.
// RUN: irc-opt %s -p convert-kernel-to-triton,cse,dce -t triton | filecheck %s

// CHECK:      _static_inputs = _StaticInputs((1,))
// CHECK:      def call(args):
// CHECK-NEXT:     arg0_1, arg1_1 = args
// CHECK-NEXT:     _static = _static_inputs(args)
// CHECK-NEXT:     args.clear()
// CHECK:          _spec = (arg0_1.get_device(), (arg0_1.data_ptr()) % 16 == 0 or _alignments(arg0_1), _static)
// CHECK-NOT:      arg1_1.data_ptr()
// CHECK:          return (buf0,)

kernel.kernel @fused_add_0(%arg0: !loop.buffer<[10], f32, strides [1]>, %arg1: !loop.buffer<[10], f32, strides [1]>) -> (!loop.buffer<[10], f32, strides [1]>) pointwise numel 10 rnumel 1 {xblock = 16, num_warps = 4} {
  %0 = loop.pointwise ranges [10] {
    %1 = loop.load %arg0[#loop.index<"i0">] : !loop.buffer<[10], f32, strides [1]>
    %2 = loop.load %arg1[#loop.index<"i0">] : !loop.buffer<[10], f32, strides [1]>
    %3 = arith.addf %1, %2 : f32
    loop.yield %3 : f32
  } : !loop.buffer<[10], f32, strides [1]>
  kernel.yield %0 : !loop.buffer<[10], f32, strides [1]>
}
func.func @forward(%x: !loop.buffer<[10], f32, strides [1]>, %w: !loop.buffer<[10], f32, strides [1]> {irc.static}) -> !loop.buffer<[10], f32, strides [1]> {
  %0 = kernel.alloc : !loop.buffer<[10], f32, strides [1]>
  kernel.launch @fused_add_0(%x, %w) outs(%0) : (!loop.buffer<[10], f32, strides [1]>, !loop.buffer<[10], f32, strides [1]>) -> (!loop.buffer<[10], f32, strides [1]>)
  func.return %0 : !loop.buffer<[10], f32, strides [1]>
}
