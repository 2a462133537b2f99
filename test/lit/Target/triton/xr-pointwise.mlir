// Reduction kernels with xr-shaped pointwise ops (one r position per element), persistent and looped:
// softmax (max, then exp(x - max) feeding a sum, then the divide: three r loops when looped, with the x-shaped
// log epilogue after the second) and a sum over two dims of a permuted input (the r dims merge into rindex).
// RUN: irc-opt %s -p convert-kernel-to-triton -t triton -o %t.py
// RUN: filecheck %s < %t.py
// RUN: %python %S/Inputs/check_module.py %t.py "(torch.softmax(a0, 1), a0.amax(1), torch.exp(a0 - a0.amax(1, keepdim=True)).sum(1).log(), torch.softmax(a0, 1), a0.amax(1), torch.exp(a0 - a0.amax(1, keepdim=True)).sum(1).log(), a1 / a1.sum((1, 2), keepdim=True), a1.sum((1, 2)), a1 / a1.sum((1, 2), keepdim=True), a1.sum((1, 2)))" | filecheck %s --check-prefix=EXEC

// CHECK-LABEL: def triton_per_fused_amax_div_exp_log_sub_sum_0(
// CHECK-COUNT-1: tl.load(
// CHECK-NOT:     tl.load(
// CHECK:         tl.reduce(tmp{{[0-9]+}}, 1, _maximum_combine, keep_dims=True)
// CHECK:         tl.exp(
// CHECK:         tl.sum(
// CHECK:         tl.log(
// CHECK-LABEL: def triton_red_fused_amax_div_exp_log_sub_sum_1(
// CHECK:         for roffset in range(0, rnumel, RBLOCK):
// CHECK:             tl.load(in_ptr0 + (tmp{{[0-9]+}}), xrmask, eviction_policy='evict_last')
// CHECK:         for roffset_1 in range(0, rnumel, RBLOCK):
// CHECK:         tl.log(
// CHECK:         for roffset_2 in range(0, rnumel, RBLOCK):
// CHECK:             tl.load(in_ptr0 + (tmp{{[0-9]+}}), xrmask_2, eviction_policy='evict_first')
// CHECK:             tl.store(out_ptr0 + (tmp{{[0-9]+}}), tmp{{[0-9]+}}, xrmask_2)
// CHECK-LABEL: def triton_per_fused_div_sum_0(
// CHECK:         tmp0 = rindex * 4
// CHECK-NEXT:    tmp1 = xindex + tmp0
// CHECK-NEXT:    tmp2 = tl.load(in_ptr0 + (tmp1), xrmask)
// CHECK:         tl.store(out_ptr0 + (tmp1), tmp{{[0-9]+}}, xrmask)

// EXEC-COUNT-10: ok
// EXEC: all outputs match

kernel.kernel @fused_amax_div_exp_log_sub_sum_0(%arg0: !loop.buffer<[5, 37], f32, strides [37, 1]>) -> (!loop.buffer<[5, 37], f32, strides [37, 1]>, !loop.buffer<[5], f32, strides [1]>, !loop.buffer<[5], f32, strides [1]>) persistent_reduction numel 5 rnumel 37 {xblock = 2, rblock = 64, num_warps = 2} {
  %max = loop.reduction max ranges [5] reduce [37] {
    %0 = loop.load %arg0[#loop.index<"37*i0 + r0">] : !loop.buffer<[5, 37], f32, strides [37, 1]>
    loop.yield %0 : f32
  } : !loop.buffer<[5], f32, strides [1]>
  %exp = loop.pointwise ranges [5, 37] {
    %0 = loop.load %arg0[#loop.index<"37*i0 + i1">] : !loop.buffer<[5, 37], f32, strides [37, 1]>
    %1 = loop.load %max[#loop.index<"i0">] : !loop.buffer<[5], f32, strides [1]>
    %2 = arith.subf %0, %1 : f32
    %3 = math.exp %2 : f32
    loop.yield %3 : f32
  } : !loop.buffer<[5, 37], f32, strides [37, 1]>
  %sum = loop.reduction sum ranges [5] reduce [37] {
    %0 = loop.load %exp[#loop.index<"37*i0 + r0">] : !loop.buffer<[5, 37], f32, strides [37, 1]>
    loop.yield %0 : f32
  } : !loop.buffer<[5], f32, strides [1]>
  %out = loop.pointwise ranges [5, 37] {
    %0 = loop.load %exp[#loop.index<"37*i0 + i1">] : !loop.buffer<[5, 37], f32, strides [37, 1]>
    %1 = loop.load %sum[#loop.index<"i0">] : !loop.buffer<[5], f32, strides [1]>
    %2 = arith.divf %0, %1 : f32
    loop.yield %2 : f32
  } : !loop.buffer<[5, 37], f32, strides [37, 1]>
  %log = loop.pointwise ranges [5] {
    %0 = loop.load %sum[#loop.index<"i0">] : !loop.buffer<[5], f32, strides [1]>
    %1 = math.log %0 : f32
    loop.yield %1 : f32
  } : !loop.buffer<[5], f32, strides [1]>
  kernel.yield %out, %max, %log : !loop.buffer<[5, 37], f32, strides [37, 1]>, !loop.buffer<[5], f32, strides [1]>, !loop.buffer<[5], f32, strides [1]>
}
kernel.kernel @fused_amax_div_exp_log_sub_sum_1(%arg0: !loop.buffer<[5, 37], f32, strides [37, 1]>) -> (!loop.buffer<[5, 37], f32, strides [37, 1]>, !loop.buffer<[5], f32, strides [1]>, !loop.buffer<[5], f32, strides [1]>) reduction numel 5 rnumel 37 {xblock = 2, rblock = 8, num_warps = 2} {
  %max = loop.reduction max ranges [5] reduce [37] {
    %0 = loop.load %arg0[#loop.index<"37*i0 + r0">] : !loop.buffer<[5, 37], f32, strides [37, 1]>
    loop.yield %0 : f32
  } : !loop.buffer<[5], f32, strides [1]>
  %exp = loop.pointwise ranges [5, 37] {
    %0 = loop.load %arg0[#loop.index<"37*i0 + i1">] : !loop.buffer<[5, 37], f32, strides [37, 1]>
    %1 = loop.load %max[#loop.index<"i0">] : !loop.buffer<[5], f32, strides [1]>
    %2 = arith.subf %0, %1 : f32
    %3 = math.exp %2 : f32
    loop.yield %3 : f32
  } : !loop.buffer<[5, 37], f32, strides [37, 1]>
  %sum = loop.reduction sum ranges [5] reduce [37] {
    %0 = loop.load %exp[#loop.index<"37*i0 + r0">] : !loop.buffer<[5, 37], f32, strides [37, 1]>
    loop.yield %0 : f32
  } : !loop.buffer<[5], f32, strides [1]>
  %out = loop.pointwise ranges [5, 37] {
    %0 = loop.load %exp[#loop.index<"37*i0 + i1">] : !loop.buffer<[5, 37], f32, strides [37, 1]>
    %1 = loop.load %sum[#loop.index<"i0">] : !loop.buffer<[5], f32, strides [1]>
    %2 = arith.divf %0, %1 : f32
    loop.yield %2 : f32
  } : !loop.buffer<[5, 37], f32, strides [37, 1]>
  %log = loop.pointwise ranges [5] {
    %0 = loop.load %sum[#loop.index<"i0">] : !loop.buffer<[5], f32, strides [1]>
    %1 = math.log %0 : f32
    loop.yield %1 : f32
  } : !loop.buffer<[5], f32, strides [1]>
  kernel.yield %out, %max, %log : !loop.buffer<[5, 37], f32, strides [37, 1]>, !loop.buffer<[5], f32, strides [1]>, !loop.buffer<[5], f32, strides [1]>
}
kernel.kernel @fused_div_sum_0(%arg0: !loop.buffer<[4, 5, 6], f32, strides [1, 24, 4]>) -> (!loop.buffer<[4, 5, 6], f32, strides [1, 24, 4]>, !loop.buffer<[4], f32, strides [1]>) persistent_reduction numel 4 rnumel 30 {xblock = 4, rblock = 32, num_warps = 1} {
  %sum = loop.reduction sum ranges [4] reduce [5, 6] {
    %0 = loop.load %arg0[#loop.index<"i0 + 24*r0 + 4*r1">] : !loop.buffer<[4, 5, 6], f32, strides [1, 24, 4]>
    loop.yield %0 : f32
  } : !loop.buffer<[4], f32, strides [1]>
  %out = loop.pointwise ranges [4, 5, 6] {
    %0 = loop.load %arg0[#loop.index<"i0 + 24*i1 + 4*i2">] : !loop.buffer<[4, 5, 6], f32, strides [1, 24, 4]>
    %1 = loop.load %sum[#loop.index<"i0">] : !loop.buffer<[4], f32, strides [1]>
    %2 = arith.divf %0, %1 : f32
    loop.yield %2 : f32
  } : !loop.buffer<[4, 5, 6], f32, strides [1, 24, 4]>
  kernel.yield %out, %sum : !loop.buffer<[4, 5, 6], f32, strides [1, 24, 4]>, !loop.buffer<[4], f32, strides [1]>
}
kernel.kernel @fused_div_sum_1(%arg0: !loop.buffer<[4, 5, 6], f32, strides [1, 24, 4]>) -> (!loop.buffer<[4, 5, 6], f32, strides [1, 24, 4]>, !loop.buffer<[4], f32, strides [1]>) reduction numel 4 rnumel 30 {xblock = 4, rblock = 8, num_warps = 1} {
  %sum = loop.reduction sum ranges [4] reduce [5, 6] {
    %0 = loop.load %arg0[#loop.index<"i0 + 24*r0 + 4*r1">] : !loop.buffer<[4, 5, 6], f32, strides [1, 24, 4]>
    loop.yield %0 : f32
  } : !loop.buffer<[4], f32, strides [1]>
  %out = loop.pointwise ranges [4, 5, 6] {
    %0 = loop.load %arg0[#loop.index<"i0 + 24*i1 + 4*i2">] : !loop.buffer<[4, 5, 6], f32, strides [1, 24, 4]>
    %1 = loop.load %sum[#loop.index<"i0">] : !loop.buffer<[4], f32, strides [1]>
    %2 = arith.divf %0, %1 : f32
    loop.yield %2 : f32
  } : !loop.buffer<[4, 5, 6], f32, strides [1, 24, 4]>
  kernel.yield %out, %sum : !loop.buffer<[4, 5, 6], f32, strides [1, 24, 4]>, !loop.buffer<[4], f32, strides [1]>
}
func.func @forward(%x: !loop.buffer<[5, 37], f32, strides [37, 1]>, %p: !loop.buffer<[4, 5, 6], f32, strides [1, 24, 4]>) -> (!loop.buffer<[5, 37], f32, strides [37, 1]>, !loop.buffer<[5], f32, strides [1]>, !loop.buffer<[5], f32, strides [1]>, !loop.buffer<[5, 37], f32, strides [37, 1]>, !loop.buffer<[5], f32, strides [1]>, !loop.buffer<[5], f32, strides [1]>, !loop.buffer<[4, 5, 6], f32, strides [1, 24, 4]>, !loop.buffer<[4], f32, strides [1]>, !loop.buffer<[4, 5, 6], f32, strides [1, 24, 4]>, !loop.buffer<[4], f32, strides [1]>) {
  %b0 = kernel.alloc : !loop.buffer<[5, 37], f32, strides [37, 1]>
  %b1 = kernel.alloc : !loop.buffer<[5], f32, strides [1]>
  %b2 = kernel.alloc : !loop.buffer<[5], f32, strides [1]>
  kernel.launch @fused_amax_div_exp_log_sub_sum_0(%x) outs(%b0, %b1, %b2) : (!loop.buffer<[5, 37], f32, strides [37, 1]>) -> (!loop.buffer<[5, 37], f32, strides [37, 1]>, !loop.buffer<[5], f32, strides [1]>, !loop.buffer<[5], f32, strides [1]>)
  %b3 = kernel.alloc : !loop.buffer<[5, 37], f32, strides [37, 1]>
  %b4 = kernel.alloc : !loop.buffer<[5], f32, strides [1]>
  %b5 = kernel.alloc : !loop.buffer<[5], f32, strides [1]>
  kernel.launch @fused_amax_div_exp_log_sub_sum_1(%x) outs(%b3, %b4, %b5) : (!loop.buffer<[5, 37], f32, strides [37, 1]>) -> (!loop.buffer<[5, 37], f32, strides [37, 1]>, !loop.buffer<[5], f32, strides [1]>, !loop.buffer<[5], f32, strides [1]>)
  %b6 = kernel.alloc : !loop.buffer<[4, 5, 6], f32, strides [1, 24, 4]>
  %b7 = kernel.alloc : !loop.buffer<[4], f32, strides [1]>
  kernel.launch @fused_div_sum_0(%p) outs(%b6, %b7) : (!loop.buffer<[4, 5, 6], f32, strides [1, 24, 4]>) -> (!loop.buffer<[4, 5, 6], f32, strides [1, 24, 4]>, !loop.buffer<[4], f32, strides [1]>)
  %b8 = kernel.alloc : !loop.buffer<[4, 5, 6], f32, strides [1, 24, 4]>
  %b9 = kernel.alloc : !loop.buffer<[4], f32, strides [1]>
  kernel.launch @fused_div_sum_1(%p) outs(%b8, %b9) : (!loop.buffer<[4, 5, 6], f32, strides [1, 24, 4]>) -> (!loop.buffer<[4, 5, 6], f32, strides [1, 24, 4]>, !loop.buffer<[4], f32, strides [1]>)
  func.return %b0, %b1, %b2, %b3, %b4, %b5, %b6, %b7, %b8, %b9 : !loop.buffer<[5, 37], f32, strides [37, 1]>, !loop.buffer<[5], f32, strides [1]>, !loop.buffer<[5], f32, strides [1]>, !loop.buffer<[5, 37], f32, strides [37, 1]>, !loop.buffer<[5], f32, strides [1]>, !loop.buffer<[5], f32, strides [1]>, !loop.buffer<[4, 5, 6], f32, strides [1, 24, 4]>, !loop.buffer<[4], f32, strides [1]>, !loop.buffer<[4, 5, 6], f32, strides [1, 24, 4]>, !loop.buffer<[4], f32, strides [1]>
}
