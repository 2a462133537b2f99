// A bool of the row index and-ed with a bool gathered at the reduced index (an attention mask looked up by
// batch and key position, combined with a query condition) inside a row reduction: the and takes the shape
// of both operands, [XBLOCK, RBLOCK], not the shape of the first block ([XBLOCK, 1] would not broadcast).
// RUN: irc-opt %s -p 'convert-kernel-to-triton,cse,dce' -t triton -o %t.py
// RUN: filecheck %s < %t.py
// RUN: %python %S/Inputs/check_module.py %t.py "(a0 + torch.where((torch.arange(5)[None, :, None] >= 1) & a1.reshape(3, 1, 7).bool(), 0.0, -1e30)).amax(-1).reshape(15)" --prepare "a1.copy_(torch.rand(21) > 0.4)" | filecheck %s --check-prefix=EXEC

kernel.kernel @fused_and_max_0(%mask: !loop.buffer<[21], i1, strides [1]>, %s: !loop.buffer<[3, 5, 7], f32, strides [35, 7, 1]>) -> (!loop.buffer<[15], f32, strides [1]>) persistent_reduction numel 15 rnumel 7 {xblock = 16, rblock = 8, num_warps = 2} {
  %m = loop.pointwise ranges [3, 5, 7] {
    %q = loop.index #loop.index<"i1"> : i64
    %one = arith.constant 1 : i64
    %live = arith.cmpi sge, %q, %one : i64
    %b = loop.index #loop.index<"i0"> : i64
    %k = loop.index #loop.index<"i2"> : i64
    %kept = loop.load %mask[#loop.index<"7*t0 + t1">] gather(%b, %k : i64, i64) bounds [3, 7] checked : !loop.buffer<[21], i1, strides [1]>
    %both = arith.andi %live, %kept : i1
    %zero = arith.constant 0.000000e+00 : f32
    %low = arith.constant -1.000000e+30 : f32
    %bias = arith.select %both, %zero, %low : f32
    loop.yield %bias : f32
  } : !loop.buffer<[3, 5, 7], f32, strides [35, 7, 1]>
  %r = loop.reduction max ranges [15] reduce [7] {
    %a = loop.load %s[#loop.index<"7*i0 + r0">] : !loop.buffer<[3, 5, 7], f32, strides [35, 7, 1]>
    %c = loop.load %m[#loop.index<"7*i0 + r0">] : !loop.buffer<[3, 5, 7], f32, strides [35, 7, 1]>
    %d = arith.addf %a, %c : f32
    loop.yield %d : f32
  } : !loop.buffer<[15], f32, strides [1]>
  kernel.yield %r : !loop.buffer<[15], f32, strides [1]>
}
func.func @forward(%s: !loop.buffer<[3, 5, 7], f32, strides [35, 7, 1]>, %mask: !loop.buffer<[21], i1, strides [1]>) -> !loop.buffer<[15], f32, strides [1]> {
  %0 = kernel.alloc : !loop.buffer<[15], f32, strides [1]>
  kernel.launch @fused_and_max_0(%mask, %s) outs(%0) : (!loop.buffer<[21], i1, strides [1]>, !loop.buffer<[3, 5, 7], f32, strides [35, 7, 1]>) -> (!loop.buffer<[15], f32, strides [1]>)
  func.return %0 : !loop.buffer<[15], f32, strides [1]>
}

// CHECK:      KERNELS = ['triton_per_fused_and_max_0']
// CHECK:          [[LIVE:tmp[0-9]+]] = {{tmp[0-9]+}} >= 1
// CHECK:          [[KEPT:tmp[0-9]+]] = tl.load(in_ptr0 + ({{tmp[0-9]+}}), {{tmp[0-9]+}}, other=False{{.*}})
// CHECK-NEXT:     [[WIDE:tmp[0-9]+]] = tl.broadcast_to([[LIVE]], [XBLOCK, RBLOCK])
// CHECK-NEXT:     {{tmp[0-9]+}} = [[WIDE]] & [[KEPT]]

// EXEC: all outputs match
