// Gather loads printed as Python and run under TRITON_INTERPRET=1: the target logit of each row minus the row
// max (a cross-entropy's shape), in the epilogue of the row reduction. --prepare puts out-of-range (44, -46)
// and negative (-2: wrapped to 35 by the body) targets in; out-of-range ones read 0.
// RUN: irc-opt %s -p 'loop-inline,loop-simplify,kernel-fuse,kernel-tile,convert-kernel-to-triton,cse,dce' -t triton -o %t.py
// RUN: filecheck %s < %t.py
// RUN: %python %S/Inputs/check_module.py %t.py "torch.stack([a0[0, 3], a0[1, 36], a0[2, 35], a0[0, 0] * 0, a0[0, 0] * 0]) - a0.amax(1)" --prepare "a1.copy_(torch.tensor([3, 36, -2, 44, -46]))" | filecheck %s --check-prefix=EXEC

func.func @forward(%x: !loop.buffer<[5, 37], f32, strides [37, 1]>, %t: !loop.buffer<[5], i64, strides [1]>) -> !loop.buffer<[5], f32, strides [1]> {
  %m = loop.reduction max ranges [5] reduce [37] {
    %a = loop.load %x[#loop.index<"37*i0 + r0">] : !loop.buffer<[5, 37], f32, strides [37, 1]>
    loop.yield %a : f32
  } : !loop.buffer<[5], f32, strides [1]>
  %g = loop.pointwise ranges [5] {
    %k = loop.load %t[#loop.index<"i0">] : !loop.buffer<[5], i64, strides [1]>
    %neg = arith.constant -2 : i64
    %is_neg = arith.cmpi eq, %k, %neg : i64
    %n = arith.constant 37 : i64
    %w = arith.addi %k, %n : i64
    %kw = arith.select %is_neg, %w, %k : i64
    %v = loop.load %x[#loop.index<"37*i0 + t0">] gather(%kw : i64) bounds [37] : !loop.buffer<[5, 37], f32, strides [37, 1]>
    %mx = loop.load %m[#loop.index<"i0">] : !loop.buffer<[5], f32, strides [1]>
    %d = arith.subf %v, %mx : f32
    loop.yield %d : f32
  } : !loop.buffer<[5], f32, strides [1]>
  func.return %g : !loop.buffer<[5], f32, strides [1]>
}

// CHECK:      KERNELS = ['triton_per_fused_add_amax_eq_sub_where_0']
// CHECK:      def triton_per_fused_add_amax_eq_sub_where_0(in_ptr0, in_ptr1, out_ptr0, XBLOCK: tl.constexpr, RBLOCK: tl.constexpr):
// CHECK:          [[K:tmp[0-9]+]] = tl.load(in_ptr1 + (xindex), xmask, eviction_policy='evict_last')
// CHECK:          [[T:tmp[0-9]+]] = tl.where({{.*}})
// CHECK:          [[I:tmp[0-9]+]] = [[T]].to(tl.int32)
// CHECK-NEXT:     [[O:tmp[0-9]+]] = {{.*}} + [[I]]
// CHECK-NEXT:     [[GE:tmp[0-9]+]] = [[T]] >= 0
// CHECK-NEXT:     [[LT:tmp[0-9]+]] = [[T]] < {{.*}}
// CHECK-NEXT:     [[IN:tmp[0-9]+]] = [[GE]] & [[LT]]
// CHECK-NEXT:     [[M:tmp[0-9]+]] = xmask & [[IN]]
// CHECK-NEXT:     {{tmp[0-9]+}} = tl.load(in_ptr0 + ([[O]]), [[M]], other=0.0, eviction_policy='evict_last')

// EXEC: all outputs match
