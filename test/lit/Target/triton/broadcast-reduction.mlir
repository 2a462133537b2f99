// Reductions whose bodies load per-row (x-only) and per-column (r-only) operands (both stay in L2, the rows stream
// through with evict_first, persistent or looped): the x-only load is [XBLOCK, 1]
// with xmask, outside the r loop when looped; the r-only one is [1, RBLOCK] with rmask.
// RUN: irc-opt %s -p convert-kernel-to-triton -t triton -o %t.py
// RUN: filecheck %s < %t.py
// RUN: %python %S/Inputs/check_module.py %t.py "((a0 * a1[:, None] * a2[None, :]).sum(1), (a0 * a1[:, None] * a2[None, :]).sum(1))" | filecheck %s --check-prefix=EXEC

// CHECK-LABEL: def triton_per_fused_mul_sum_0(
// CHECK:         tmp{{[0-9]+}} = tl.load(in_ptr1 + (xindex), xmask, eviction_policy='evict_last')
// CHECK:         tmp{{[0-9]+}} = tl.load(in_ptr2 + (rindex), rmask, eviction_policy='evict_last')
// CHECK-LABEL: def triton_red_fused_mul_sum_1(
// CHECK:         tmp{{[0-9]+}} = tl.load(in_ptr1 + (xindex), xmask, eviction_policy='evict_last')
// CHECK-NEXT:    for roffset in range(0, rnumel, RBLOCK):
// CHECK:             tl.load(in_ptr0 + (tmp{{[0-9]+}}), xrmask, eviction_policy='evict_first')
// CHECK:             tl.load(in_ptr2 + (rindex), rmask, eviction_policy='evict_last')

// EXEC-COUNT-2: ok
// EXEC: all outputs match

kernel.kernel @fused_mul_sum_0(%x: !loop.buffer<[6, 21], f32, strides [21, 1]>, %w: !loop.buffer<[6], f32, strides [1]>, %v: !loop.buffer<[21], f32, strides [1]>) -> (!loop.buffer<[6], f32, strides [1]>) persistent_reduction numel 6 rnumel 21 {xblock = 4, rblock = 32, num_warps = 1} {
  %0 = loop.reduction sum ranges [6] reduce [21] {
    %1 = loop.load %x[#loop.index<"21*i0 + r0">] : !loop.buffer<[6, 21], f32, strides [21, 1]>
    %2 = loop.load %w[#loop.index<"i0">] : !loop.buffer<[6], f32, strides [1]>
    %3 = loop.load %v[#loop.index<"r0">] : !loop.buffer<[21], f32, strides [1]>
    %4 = arith.mulf %1, %2 : f32
    %5 = arith.mulf %4, %3 : f32
    loop.yield %5 : f32
  } : !loop.buffer<[6], f32, strides [1]>
  kernel.yield %0 : !loop.buffer<[6], f32, strides [1]>
}
kernel.kernel @fused_mul_sum_1(%x: !loop.buffer<[6, 21], f32, strides [21, 1]>, %w: !loop.buffer<[6], f32, strides [1]>, %v: !loop.buffer<[21], f32, strides [1]>) -> (!loop.buffer<[6], f32, strides [1]>) reduction numel 6 rnumel 21 {xblock = 2, rblock = 8, num_warps = 1} {
  %0 = loop.reduction sum ranges [6] reduce [21] {
    %1 = loop.load %x[#loop.index<"21*i0 + r0">] : !loop.buffer<[6, 21], f32, strides [21, 1]>
    %2 = loop.load %w[#loop.index<"i0">] : !loop.buffer<[6], f32, strides [1]>
    %3 = loop.load %v[#loop.index<"r0">] : !loop.buffer<[21], f32, strides [1]>
    %4 = arith.mulf %1, %2 : f32
    %5 = arith.mulf %4, %3 : f32
    loop.yield %5 : f32
  } : !loop.buffer<[6], f32, strides [1]>
  kernel.yield %0 : !loop.buffer<[6], f32, strides [1]>
}
func.func @forward(%x: !loop.buffer<[6, 21], f32, strides [21, 1]>, %w: !loop.buffer<[6], f32, strides [1]>, %v: !loop.buffer<[21], f32, strides [1]>) -> (!loop.buffer<[6], f32, strides [1]>, !loop.buffer<[6], f32, strides [1]>) {
  %0 = kernel.alloc : !loop.buffer<[6], f32, strides [1]>
  kernel.launch @fused_mul_sum_0(%x, %w, %v) outs(%0) : (!loop.buffer<[6, 21], f32, strides [21, 1]>, !loop.buffer<[6], f32, strides [1]>, !loop.buffer<[21], f32, strides [1]>) -> (!loop.buffer<[6], f32, strides [1]>)
  %1 = kernel.alloc : !loop.buffer<[6], f32, strides [1]>
  kernel.launch @fused_mul_sum_1(%x, %w, %v) outs(%1) : (!loop.buffer<[6, 21], f32, strides [21, 1]>, !loop.buffer<[6], f32, strides [1]>, !loop.buffer<[21], f32, strides [1]>) -> (!loop.buffer<[6], f32, strides [1]>)
  func.return %0, %1 : !loop.buffer<[6], f32, strides [1]>, !loop.buffer<[6], f32, strides [1]>
}
