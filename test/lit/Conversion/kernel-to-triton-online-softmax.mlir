// RUN: irc-opt %s -p convert-kernel-to-triton --split-input-file | filecheck %s
// RUN: irc-opt %s -p 'convert-kernel-to-triton{online_softmax=false}' --split-input-file | filecheck %s --check-prefix=OFF
// RUN: irc-opt %s --split-input-file --print-op-generic | irc-opt -p convert-kernel-to-triton --split-input-file | filecheck %s

// Looped softmax of f16 rows: the max and the sum of exp(x - max) share the first r loop (a running max per
// row, a running sum per lane rescaled by exp(m_old - m_new), summed across lanes after the loop); the second
// loop writes exp(x - max) / sum.
// Off: three r loops (max, sum, output).

// CHECK-LABEL: triton.func @triton_red_fused_amax_div_exp_sub_sum_0
// CHECK:         %_max = triton.constant -inf : !triton.block<[XBLOCK, 1], f32>
// CHECK-NEXT:    %_sum = triton.constant 0.0 : !triton.block<[XBLOCK, RBLOCK], f32>
// CHECK:         scf.for %roffset = {{.*}} iter_args(%[[M:.*]] = %_max, %[[S:.*]] = %_sum)
// CHECK:           %[[V:.*]] = triton.cast
// CHECK:           %[[NEG:.*]] = triton.constant -inf : f32
// CHECK-NEXT:      %[[MASKED:.*]] = triton.where %xrmask, %[[V]], %[[NEG]]
// CHECK-NEXT:      %[[BMAX:.*]] = triton.reduce maximum %[[MASKED]] axis 1 keep_dims
// CHECK-NEXT:      %[[NEWM:.*]] = triton.maximum %[[M]], %[[BMAX]]
// CHECK-NEXT:      %[[D:.*]] = triton.sub %[[M]], %[[NEWM]]
// CHECK-NEXT:      %[[ALPHA:.*]] = triton.exp %[[D]]
// CHECK:           %[[EMPTY:.*]] = triton.eq %[[M]],
// CHECK-NEXT:      %[[RESCALED:.*]] = triton.mul %[[S]], %[[ALPHA]]
// CHECK-NEXT:      %[[KEPT:.*]] = triton.where %[[EMPTY]], %{{.*}}, %[[RESCALED]]
// CHECK-NEXT:      %[[X:.*]] = triton.sub %[[V]], %[[NEWM]]
// CHECK-NEXT:      %[[E:.*]] = triton.exp %[[X]]
// CHECK-NEXT:      %[[TERMS:.*]] = triton.where %xrmask, %[[E]],
// CHECK-NEXT:      %[[NEWS:.*]] = triton.add %[[KEPT]], %[[TERMS]]
// CHECK-NEXT:      scf.yield %[[NEWM]], %[[NEWS]]
// CHECK:         %[[ROWSUM:.*]] = triton.reduce sum %{{.*}} axis 1 keep_dims
// CHECK:         scf.for
// CHECK:           triton.truediv
// CHECK:           triton.store
// CHECK-NOT:     scf.for
// CHECK:         triton.return

// OFF-LABEL: triton.func @triton_red_fused_amax_div_exp_sub_sum_0
// OFF-COUNT-3: scf.for
// OFF-NOT:     scf.for
// OFF:         triton.return

kernel.kernel @fused_amax_div_exp_sub_sum_0(%arg0: !loop.buffer<[6, 500], f16, strides [500, 1]>) -> (!loop.buffer<[6, 500], f16, strides [500, 1]>) reduction numel 6 rnumel 500 {xblock = 1, rblock = 128, num_warps = 4} {
  %max = loop.reduction max ranges [6] reduce [500] {
    %0 = loop.load %arg0[#loop.index<"500*i0 + r0">] : !loop.buffer<[6, 500], f16, strides [500, 1]>
    %1 = loop.cast %0 : f16 to f32
    loop.yield %1 : f32
  } : !loop.buffer<[6], f32, strides [1]>
  %sum = loop.reduction sum ranges [6] reduce [500] {
    %0 = loop.load %arg0[#loop.index<"500*i0 + r0">] : !loop.buffer<[6, 500], f16, strides [500, 1]>
    %1 = loop.cast %0 : f16 to f32
    %2 = loop.load %max[#loop.index<"i0">] : !loop.buffer<[6], f32, strides [1]>
    %3 = arith.subf %1, %2 : f32
    %4 = math.exp %3 : f32
    loop.yield %4 : f32
  } : !loop.buffer<[6], f32, strides [1]>
  %out = loop.pointwise ranges [6, 500] {
    %0 = loop.load %arg0[#loop.index<"500*i0 + i1">] : !loop.buffer<[6, 500], f16, strides [500, 1]>
    %1 = loop.cast %0 : f16 to f32
    %2 = loop.load %max[#loop.index<"i0">] : !loop.buffer<[6], f32, strides [1]>
    %3 = arith.subf %1, %2 : f32
    %4 = math.exp %3 : f32
    %5 = loop.load %sum[#loop.index<"i0">] : !loop.buffer<[6], f32, strides [1]>
    %6 = arith.divf %4, %5 : f32
    %7 = loop.cast %6 : f32 to f16
    loop.yield %7 : f16
  } : !loop.buffer<[6, 500], f16, strides [500, 1]>
  kernel.yield %out : !loop.buffer<[6, 500], f16, strides [500, 1]>
}

// -----

// logsumexp shifts by where(|max| == inf, 0, max): the shift is recomputed from the running maxima, and the
// whole kernel is one r loop.

// CHECK-LABEL: triton.func @triton_red_fused_logsumexp_0
// CHECK-COUNT-1: scf.for
// CHECK-NOT:     scf.for
// CHECK:         triton.return

// OFF-LABEL: triton.func @triton_red_fused_logsumexp_0
// OFF-COUNT-2: scf.for
// OFF-NOT:     scf.for

kernel.kernel @fused_logsumexp_0(%arg0: !loop.buffer<[6, 500], f32, strides [500, 1]>) -> (!loop.buffer<[6], f32, strides [1]>) reduction numel 6 rnumel 500 {xblock = 1, rblock = 128, num_warps = 4} {
  %max = loop.reduction max ranges [6] reduce [500] {
    %0 = loop.load %arg0[#loop.index<"500*i0 + r0">] : !loop.buffer<[6, 500], f32, strides [500, 1]>
    loop.yield %0 : f32
  } : !loop.buffer<[6], f32, strides [1]>
  %sum = loop.reduction sum ranges [6] reduce [500] {
    %0 = loop.load %arg0[#loop.index<"500*i0 + r0">] : !loop.buffer<[6, 500], f32, strides [500, 1]>
    %1 = loop.load %max[#loop.index<"i0">] : !loop.buffer<[6], f32, strides [1]>
    %2 = math.absf %1 : f32
    %3 = arith.constant 0x7f800000 : f32
    %4 = arith.cmpf oeq, %2, %3 : f32
    %5 = arith.constant 0.000000e+00 : f32
    %6 = arith.select %4, %5, %1 : f32
    %7 = arith.subf %0, %6 : f32
    %8 = math.exp %7 : f32
    loop.yield %8 : f32
  } : !loop.buffer<[6], f32, strides [1]>
  %out = loop.pointwise ranges [6] {
    %0 = loop.load %sum[#loop.index<"i0">] : !loop.buffer<[6], f32, strides [1]>
    %1 = math.log %0 : f32
    %2 = loop.load %max[#loop.index<"i0">] : !loop.buffer<[6], f32, strides [1]>
    %3 = arith.addf %1, %2 : f32
    loop.yield %3 : f32
  } : !loop.buffer<[6], f32, strides [1]>
  kernel.yield %out : !loop.buffer<[6], f32, strides [1]>
}

// -----

// Not the online form: the sum exponentiates another tensor than the one the max reduces, so it needs the
// finished max (two r loops).

// CHECK-LABEL: triton.func @triton_red_fused_amax_exp_sub_sum_0
// CHECK-COUNT-2: scf.for
// CHECK-NOT:     scf.for

// OFF-LABEL: triton.func @triton_red_fused_amax_exp_sub_sum_0
// OFF-COUNT-2: scf.for
// OFF-NOT:     scf.for

kernel.kernel @fused_amax_exp_sub_sum_0(%arg0: !loop.buffer<[6, 500], f32, strides [500, 1]>, %arg1: !loop.buffer<[6, 500], f32, strides [500, 1]>) -> (!loop.buffer<[6], f32, strides [1]>) reduction numel 6 rnumel 500 {xblock = 1, rblock = 128, num_warps = 4} {
  %max = loop.reduction max ranges [6] reduce [500] {
    %0 = loop.load %arg0[#loop.index<"500*i0 + r0">] : !loop.buffer<[6, 500], f32, strides [500, 1]>
    loop.yield %0 : f32
  } : !loop.buffer<[6], f32, strides [1]>
  %sum = loop.reduction sum ranges [6] reduce [500] {
    %0 = loop.load %arg1[#loop.index<"500*i0 + r0">] : !loop.buffer<[6, 500], f32, strides [500, 1]>
    %1 = loop.load %max[#loop.index<"i0">] : !loop.buffer<[6], f32, strides [1]>
    %2 = arith.subf %0, %1 : f32
    %3 = math.exp %2 : f32
    loop.yield %3 : f32
  } : !loop.buffer<[6], f32, strides [1]>
  kernel.yield %sum : !loop.buffer<[6], f32, strides [1]>
}
