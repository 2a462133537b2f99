// RUN: irc-opt %s -p kernel-split-reduction --split-input-file | filecheck %s
// RUN: irc-opt %s -p 'kernel-split-reduction{min_chunk=4 max_split=4 persistent_max=4}' --split-input-file | filecheck %s --check-prefix=SMALL
// RUN: irc-opt %s -p 'kernel-split-reduction{persistent_max=8192}' --split-input-file | filecheck %s --check-prefix=PERSISTENT
// RUN: irc-opt %s -p 'kernel-split-reduction{epilogue_max_rows=4}' --split-input-file | filecheck %s --check-prefix=PERSISTENT
// RUN: irc-opt %s -p 'kernel-split-reduction{reverse_epilogue=true}' --split-input-file | filecheck %s --check-prefix=REVERSE

// A full sum of 2^20 elements: one row, split into 1024 chunks (the split index is the last x dim),
// then a combining reduction over the 1024 partials.

// CHECK-LABEL: kernel.kernel @sum_split_0(%0: !loop.buffer<[1048576], f32, strides [1]>) -> (!loop.buffer<[1024], f32, strides [1]>) reduction numel 1024 rnumel 1024 {
// CHECK-NEXT:    %{{.*}} = loop.reduction sum ranges [1024] reduce [1024] {
// CHECK-NEXT:      %{{.*}} = loop.load %0[#loop.index<"1024*i0 + r0">]
// CHECK:       kernel.kernel @sum_0(%0: !loop.buffer<[1024], f32, strides [1]>) -> (!loop.buffer<[], f32, strides []>) reduction numel 1 rnumel 1024 {
// CHECK-NEXT:    %{{.*}} = loop.reduction sum ranges [] reduce [1024] {
// CHECK-NEXT:      %{{.*}} = loop.load %0[#loop.index<"r0">]
// CHECK:       func.func @forward
// CHECK-NEXT:    %[[R:.*]] = kernel.alloc : !loop.buffer<[], f32, strides []>
// CHECK-NEXT:    %[[P:.*]] = kernel.alloc : !loop.buffer<[1024], f32, strides [1]>
// CHECK-NEXT:    kernel.launch @sum_split_0(%0) outs(%[[P]])
// CHECK-NEXT:    kernel.launch @sum_0(%[[P]]) outs(%[[R]])

kernel.kernel @sum_0(%0: !loop.buffer<[1048576], f32, strides [1]>) -> (!loop.buffer<[], f32, strides []>) reduction numel 1 rnumel 1048576 {
  %1 = loop.reduction sum ranges [] reduce [1048576] {
    %2 = loop.load %0[#loop.index<"r0">] : !loop.buffer<[1048576], f32, strides [1]>
    loop.yield %2 : f32
  } : !loop.buffer<[], f32, strides []>
  kernel.yield %1 : !loop.buffer<[], f32, strides []>
}
func.func @forward(%0: !loop.buffer<[1048576], f32, strides [1]>) -> !loop.buffer<[], f32, strides []> {
  %1 = kernel.alloc : !loop.buffer<[], f32, strides []>
  kernel.launch @sum_0(%0) outs(%1) : (!loop.buffer<[1048576], f32, strides [1]>) -> (!loop.buffer<[], f32, strides []>)
  func.return %1 : !loop.buffer<[], f32, strides []>
}

// -----

// A sum of 4096 elements is one row a persistent program holds: not split (a second launch costs more).
// CHECK-LABEL: kernel.kernel @sum_0(%0: !loop.buffer<[4096], f32, strides [1]>)
// CHECK-SAME:    reduction numel 1 rnumel 4096
// CHECK-NOT:   kernel.kernel
// CHECK:       func.func @forward

kernel.kernel @sum_0(%0: !loop.buffer<[4096], f32, strides [1]>) -> (!loop.buffer<[], f32, strides []>) reduction numel 1 rnumel 4096 {
  %1 = loop.reduction sum ranges [] reduce [4096] {
    %2 = loop.load %0[#loop.index<"r0">] : !loop.buffer<[4096], f32, strides [1]>
    loop.yield %2 : f32
  } : !loop.buffer<[], f32, strides []>
  kernel.yield %1 : !loop.buffer<[], f32, strides []>
}
func.func @forward(%0: !loop.buffer<[4096], f32, strides [1]>) -> !loop.buffer<[], f32, strides []> {
  %1 = kernel.alloc : !loop.buffer<[], f32, strides []>
  kernel.launch @sum_0(%0) outs(%1) : (!loop.buffer<[4096], f32, strides [1]>) -> (!loop.buffer<[], f32, strides []>)
  func.return %1 : !loop.buffer<[], f32, strides []>
}

// -----

// Not split at the default sizes: chunks would be shorter than 1024.
// CHECK-LABEL: kernel.kernel @fused_max_mul_0(%0: !loop.buffer<[4, 8, 5], f32, strides [40, 5, 1]>)
// CHECK-SAME:    reduction numel 5 rnumel 32

// A column max with an epilogue (an outer reduction over two reduce dims): the split index is the first x dim
// of the partials, old r0/r1 become coordinates of `chunk * i0 + r0`; the epilogue stays in the second kernel.

// SMALL-LABEL: kernel.kernel @fused_max_mul_split_0(%0: !loop.buffer<[4, 8, 5], f32, strides [40, 5, 1]>) -> (!loop.buffer<[4, 5], f32, strides [5, 1]>) reduction numel 20 rnumel 8 {
// SMALL-NEXT:    %{{.*}} = loop.reduction max ranges [4, 5] reduce [8] {
// SMALL-NEXT:      %{{.*}} = loop.load %0[#loop.index<"40*i0 + i1 + 5*r0">]
// SMALL:       kernel.kernel @fused_max_mul_0(%0: !loop.buffer<[4, 5], f32, strides [5, 1]>) -> (!loop.buffer<[5], f32, strides [1]>) reduction numel 5 rnumel 4 {
// SMALL-NEXT:    %[[M:.*]] = loop.reduction max ranges [5] reduce [4] {
// SMALL-NEXT:      %{{.*}} = loop.load %0[#loop.index<"i0 + 5*r0">]
// SMALL:         loop.pointwise ranges [5] {
// SMALL-NEXT:      %{{.*}} = loop.load %[[M]][#loop.index<"i0">]
// SMALL:       func.func @forward
// SMALL-NEXT:    %[[R:.*]] = kernel.alloc : !loop.buffer<[5], f32, strides [1]>
// SMALL-NEXT:    %[[P:.*]] = kernel.alloc : !loop.buffer<[4, 5], f32, strides [5, 1]>
// SMALL-NEXT:    kernel.launch @fused_max_mul_split_0(%0) outs(%[[P]])
// SMALL-NEXT:    kernel.launch @fused_max_mul_0(%[[P]]) outs(%[[R]])

kernel.kernel @fused_max_mul_0(%0: !loop.buffer<[4, 8, 5], f32, strides [40, 5, 1]>) -> (!loop.buffer<[5], f32, strides [1]>) reduction numel 5 rnumel 32 {
  %1 = loop.reduction max ranges [5] reduce [4, 8] {
    %2 = loop.load %0[#loop.index<"i0 + 40*r0 + 5*r1">] : !loop.buffer<[4, 8, 5], f32, strides [40, 5, 1]>
    loop.yield %2 : f32
  } : !loop.buffer<[5], f32, strides [1]>
  %3 = loop.pointwise ranges [5] {
    %4 = loop.load %1[#loop.index<"i0">] : !loop.buffer<[5], f32, strides [1]>
    %5 = arith.constant 2.000000e+00 : f32
    %6 = arith.mulf %4, %5 : f32
    loop.yield %6 : f32
  } : !loop.buffer<[5], f32, strides [1]>
  kernel.yield %3 : !loop.buffer<[5], f32, strides [1]>
}
func.func @forward(%0: !loop.buffer<[4, 8, 5], f32, strides [40, 5, 1]>) -> !loop.buffer<[5], f32, strides [1]> {
  %1 = kernel.alloc : !loop.buffer<[5], f32, strides [1]>
  kernel.launch @fused_max_mul_0(%0) outs(%1) : (!loop.buffer<[4, 8, 5], f32, strides [40, 5, 1]>) -> (!loop.buffer<[5], f32, strides [1]>)
  func.return %1 : !loop.buffer<[5], f32, strides [1]>
}

// -----

// Softmax over 4 rows of 8192: 8 chunks a row, each with its own max and sum of exp(x - chunk max); the
// combining kernel rescales the chunk sums to the row max; the output is a pointwise kernel of its own
// (reverse_epilogue=true: whose programs walk the rows last first, reverse_programs).
// With persistent_max=8192 the rows stay one kernel (a persistent row is read once); with epilogue_max_rows=4
// too (4 rows are as many programs as a GPU of 4 SMs needs).

// CHECK-LABEL: kernel.kernel @fused_amax_div_exp_sub_sum_split_0(%0: !loop.buffer<[4, 8192], f32, strides [8192, 1]>) -> (!loop.buffer<[4, 8], f32, strides [8, 1]>, !loop.buffer<[4, 8], f32, strides [8, 1]>) reduction numel 32 rnumel 1024 {
// CHECK-NEXT:    %[[PM:.*]] = loop.reduction max ranges [4, 8] reduce [1024] {
// CHECK-NEXT:      loop.load %0[#loop.index<"8192*i0 + 1024*i1 + r0">]
// CHECK:         loop.reduction sum ranges [4, 8] reduce [1024] {
// CHECK-NEXT:      %[[X:.*]] = loop.load %0[#loop.index<"8192*i0 + 1024*i1 + r0">]
// CHECK-NEXT:      %[[M:.*]] = loop.load %[[PM]][#loop.index<"8*i0 + i1">]
// CHECK-NEXT:      arith.subf %[[X]], %[[M]]
// CHECK:       kernel.kernel @fused_amax_div_exp_sub_sum_0(%0: !loop.buffer<[4, 8], f32, strides [8, 1]>, %1: !loop.buffer<[4, 8], f32, strides [8, 1]>) -> (!loop.buffer<[4], f32, strides [1]>, !loop.buffer<[4], f32, strides [1]>) reduction numel 4 rnumel 8 {
// CHECK-NEXT:    %[[ROWMAX:.*]] = loop.reduction max ranges [4] reduce [8] {
// CHECK-NEXT:      loop.load %0[#loop.index<"8*i0 + r0">]
// CHECK:         loop.reduction sum ranges [4] reduce [8] {
// CHECK-NEXT:      %[[CM:.*]] = loop.load %0[#loop.index<"8*i0 + r0">]
// CHECK-NEXT:      %[[CS:.*]] = loop.load %1[#loop.index<"8*i0 + r0">]
// CHECK-NEXT:      %[[RM:.*]] = loop.load %[[ROWMAX]][#loop.index<"i0">]
// CHECK-NEXT:      %[[D:.*]] = arith.subf %[[CM]], %[[RM]]
// CHECK-NEXT:      %[[E:.*]] = math.exp %[[D]]
// CHECK-NEXT:      %[[T:.*]] = arith.mulf %[[CS]], %[[E]]
// CHECK:           %[[CE:.*]] = arith.cmpf oeq, %[[CM]]
// CHECK-NEXT:      %[[RE:.*]] = arith.cmpf oeq, %[[RM]]
// CHECK-NEXT:      %[[DROP:.*]] = arith.select %[[CE]], %{{.*}}, %[[T]]
// CHECK-NEXT:      %[[KEEP:.*]] = arith.select %[[RE]], %[[T]], %[[DROP]]
// CHECK-NEXT:      loop.yield %[[KEEP]]
// CHECK:       kernel.kernel @fused_amax_div_exp_sub_sum_epilogue_0(%0: !loop.buffer<[4, 8192], f32, strides [8192, 1]>, %1: !loop.buffer<[4], f32, strides [1]>, %2: !loop.buffer<[4], f32, strides [1]>) -> (!loop.buffer<[4, 8192], f32, strides [8192, 1]>) pointwise numel 32768 rnumel 1 {
// CHECK-NEXT:    loop.pointwise ranges [4, 8192] {
// CHECK:       func.func @forward
// CHECK-NEXT:    %[[OUT:.*]] = kernel.alloc : !loop.buffer<[4, 8192], f32, strides [8192, 1]>
// CHECK-NEXT:    %[[MAX:.*]] = kernel.alloc : !loop.buffer<[4], f32, strides [1]>
// CHECK-NEXT:    %[[SUM:.*]] = kernel.alloc : !loop.buffer<[4], f32, strides [1]>
// CHECK-NEXT:    %[[P0:.*]] = kernel.alloc : !loop.buffer<[4, 8], f32, strides [8, 1]>
// CHECK-NEXT:    %[[P1:.*]] = kernel.alloc : !loop.buffer<[4, 8], f32, strides [8, 1]>
// CHECK-NEXT:    kernel.launch @fused_amax_div_exp_sub_sum_split_0(%0) outs(%[[P0]], %[[P1]])
// CHECK-NEXT:    kernel.launch @fused_amax_div_exp_sub_sum_0(%[[P0]], %[[P1]]) outs(%[[MAX]], %[[SUM]])
// CHECK-NEXT:    kernel.launch @fused_amax_div_exp_sub_sum_epilogue_0(%0, %[[MAX]], %[[SUM]]) outs(%[[OUT]])

// REVERSE:     kernel.kernel @fused_amax_div_exp_sub_sum_epilogue_0(
// REVERSE-SAME:  pointwise numel 32768 rnumel 1 reverse_programs {

// PERSISTENT-LABEL: kernel.kernel @fused_amax_div_exp_sub_sum_0(%0: !loop.buffer<[4, 8192], f32, strides [8192, 1]>)
// PERSISTENT-SAME:    reduction numel 4 rnumel 8192
// PERSISTENT-NOT:   kernel.kernel

kernel.kernel @fused_amax_div_exp_sub_sum_0(%0: !loop.buffer<[4, 8192], f32, strides [8192, 1]>) -> (!loop.buffer<[4, 8192], f32, strides [8192, 1]>) reduction numel 4 rnumel 8192 {
  %1 = loop.reduction max ranges [4] reduce [8192] {
    %2 = loop.load %0[#loop.index<"8192*i0 + r0">] : !loop.buffer<[4, 8192], f32, strides [8192, 1]>
    loop.yield %2 : f32
  } : !loop.buffer<[4], f32, strides [1]>
  %3 = loop.reduction sum ranges [4] reduce [8192] {
    %4 = loop.load %0[#loop.index<"8192*i0 + r0">] : !loop.buffer<[4, 8192], f32, strides [8192, 1]>
    %5 = loop.load %1[#loop.index<"i0">] : !loop.buffer<[4], f32, strides [1]>
    %6 = arith.subf %4, %5 : f32
    %7 = math.exp %6 : f32
    loop.yield %7 : f32
  } : !loop.buffer<[4], f32, strides [1]>
  %8 = loop.pointwise ranges [4, 8192] {
    %9 = loop.load %0[#loop.index<"8192*i0 + i1">] : !loop.buffer<[4, 8192], f32, strides [8192, 1]>
    %10 = loop.load %1[#loop.index<"i0">] : !loop.buffer<[4], f32, strides [1]>
    %11 = arith.subf %9, %10 : f32
    %12 = math.exp %11 : f32
    %13 = loop.load %3[#loop.index<"i0">] : !loop.buffer<[4], f32, strides [1]>
    %14 = arith.divf %12, %13 : f32
    loop.yield %14 : f32
  } : !loop.buffer<[4, 8192], f32, strides [8192, 1]>
  kernel.yield %8 : !loop.buffer<[4, 8192], f32, strides [8192, 1]>
}
func.func @forward(%0: !loop.buffer<[4, 8192], f32, strides [8192, 1]>) -> !loop.buffer<[4, 8192], f32, strides [8192, 1]> {
  %1 = kernel.alloc : !loop.buffer<[4, 8192], f32, strides [8192, 1]>
  kernel.launch @fused_amax_div_exp_sub_sum_0(%0) outs(%1) : (!loop.buffer<[4, 8192], f32, strides [8192, 1]>) -> (!loop.buffer<[4, 8192], f32, strides [8192, 1]>)
  func.return %1 : !loop.buffer<[4, 8192], f32, strides [8192, 1]>
}

// -----

// An outer reduction (rows contiguous along x) whose kernel also writes the values it sums: those values
// move to a pointwise kernel launched first (the reduction reads what it wrote), then the sum splits.
kernel.kernel @fused_exp_sum_0(%0: !loop.buffer<[4, 8], f32, strides [1, 4]>) -> (!loop.buffer<[4, 8], f32, strides [1, 4]>, !loop.buffer<[4], f32, strides [1]>) reduction numel 4 rnumel 8 {
  %1 = loop.pointwise ranges [4, 8] {
    %2 = loop.load %0[#loop.index<"i0 + 4*i1">] : !loop.buffer<[4, 8], f32, strides [1, 4]>
    %3 = math.exp %2 : f32
    loop.yield %3 : f32
  } : !loop.buffer<[4, 8], f32, strides [1, 4]>
  %4 = loop.reduction sum ranges [4] reduce [8] {
    %5 = loop.load %1[#loop.index<"i0 + 4*r0">] : !loop.buffer<[4, 8], f32, strides [1, 4]>
    loop.yield %5 : f32
  } : !loop.buffer<[4], f32, strides [1]>
  kernel.yield %1, %4 : !loop.buffer<[4, 8], f32, strides [1, 4]>, !loop.buffer<[4], f32, strides [1]>
}
func.func @forward(%0: !loop.buffer<[4, 8], f32, strides [1, 4]>) -> (!loop.buffer<[4, 8], f32, strides [1, 4]>, !loop.buffer<[4], f32, strides [1]>) {
  %1 = kernel.alloc : !loop.buffer<[4, 8], f32, strides [1, 4]>
  %2 = kernel.alloc : !loop.buffer<[4], f32, strides [1]>
  kernel.launch @fused_exp_sum_0(%0) outs(%1, %2) : (!loop.buffer<[4, 8], f32, strides [1, 4]>) -> (!loop.buffer<[4, 8], f32, strides [1, 4]>, !loop.buffer<[4], f32, strides [1]>)
  func.return %1, %2 : !loop.buffer<[4, 8], f32, strides [1, 4]>, !loop.buffer<[4], f32, strides [1]>
}

// SMALL-LABEL: kernel.kernel @fused_exp_sum_prologue_0(%0: !loop.buffer<[4, 8], f32, strides [1, 4]>) -> (!loop.buffer<[4, 8], f32, strides [1, 4]>) pointwise numel 32 rnumel 1 {
// SMALL:         math.exp
// SMALL:       kernel.kernel @fused_exp_sum_split_0(%0: !loop.buffer<[4, 8], f32, strides [1, 4]>) -> (!loop.buffer<[2, 4], f32, strides [4, 1]>) reduction numel 8 rnumel 4 {
// SMALL-NEXT:    loop.reduction sum ranges [2, 4] reduce [4] {
// SMALL-NEXT:      loop.load %0[#loop.index<"16*i0 + i1 + 4*r0">]
// SMALL:       kernel.kernel @fused_exp_sum_0(%0: !loop.buffer<[2, 4], f32, strides [4, 1]>) -> (!loop.buffer<[4], f32, strides [1]>) reduction numel 4 rnumel 2 {
// SMALL:       func.func @forward
// SMALL:         kernel.launch @fused_exp_sum_prologue_0(%0) outs(%[[Y:.*]]) :
// SMALL-NEXT:    %[[P:.*]] = kernel.alloc : !loop.buffer<[2, 4], f32, strides [4, 1]>
// SMALL-NEXT:    kernel.launch @fused_exp_sum_split_0(%[[Y]]) outs(%[[P]]) :
// SMALL-NEXT:    kernel.launch @fused_exp_sum_0(%[[P]]) outs(%{{.*}}) :

// At the default sizes chunks would be shorter than min_outer_chunk: nothing moves.
// PERSISTENT-LABEL: kernel.kernel @fused_exp_sum_0(%0: !loop.buffer<[4, 8], f32, strides [1, 4]>) -> (!loop.buffer<[4, 8], f32, strides [1, 4]>, !loop.buffer<[4], f32, strides [1]>) reduction numel 4 rnumel 8 {

// -----

// A layer norm's weight gradient: a column sum of g * (x - mean[row]) * rstd[row]. The per-row vectors read at
// r0 alone leave it an outer reduction: split into column partials (the split index first) and their sum.

// CHECK-LABEL: kernel.kernel @fused_mul_sub_sum_split_0(
// CHECK-SAME:    -> (!loop.buffer<[32, 96], f32, strides [96, 1]>) reduction numel 3072 rnumel 128 {
// CHECK:           loop.load %0[#loop.index<"12288*i0 + i1 + 96*r0">]
// CHECK:           loop.load %2[#loop.index<"128*i0 + r0">]
// CHECK:       kernel.kernel @fused_mul_sub_sum_0(%0: !loop.buffer<[32, 96], f32, strides [96, 1]>) -> (!loop.buffer<[96], f32, strides [1]>) reduction numel 96 rnumel 32 {

kernel.kernel @fused_mul_sub_sum_0(%0: !loop.buffer<[4096, 96], f32, strides [96, 1]>, %1: !loop.buffer<[4096, 96], f32, strides [96, 1]>, %2: !loop.buffer<[4096], f32, strides [1]>, %3: !loop.buffer<[4096], f32, strides [1]>) -> (!loop.buffer<[96], f32, strides [1]>) reduction numel 96 rnumel 4096 {
  %4 = loop.reduction sum ranges [96] reduce [4096] {
    %5 = loop.load %0[#loop.index<"i0 + 96*r0">] : !loop.buffer<[4096, 96], f32, strides [96, 1]>
    %6 = loop.load %1[#loop.index<"i0 + 96*r0">] : !loop.buffer<[4096, 96], f32, strides [96, 1]>
    %7 = loop.load %2[#loop.index<"r0">] : !loop.buffer<[4096], f32, strides [1]>
    %8 = loop.load %3[#loop.index<"r0">] : !loop.buffer<[4096], f32, strides [1]>
    %9 = arith.subf %6, %7 : f32
    %10 = arith.mulf %9, %8 : f32
    %11 = arith.mulf %5, %10 : f32
    loop.yield %11 : f32
  } : !loop.buffer<[96], f32, strides [1]>
  kernel.yield %4 : !loop.buffer<[96], f32, strides [1]>
}
func.func @forward(%0: !loop.buffer<[4096, 96], f32, strides [96, 1]>, %1: !loop.buffer<[4096, 96], f32, strides [96, 1]>, %2: !loop.buffer<[4096], f32, strides [1]>, %3: !loop.buffer<[4096], f32, strides [1]>) -> !loop.buffer<[96], f32, strides [1]> {
  %4 = kernel.alloc : !loop.buffer<[96], f32, strides [1]>
  kernel.launch @fused_mul_sub_sum_0(%0, %1, %2, %3) outs(%4) : (!loop.buffer<[4096, 96], f32, strides [96, 1]>, !loop.buffer<[4096, 96], f32, strides [96, 1]>, !loop.buffer<[4096], f32, strides [1]>, !loop.buffer<[4096], f32, strides [1]>) -> (!loop.buffer<[96], f32, strides [1]>)
  func.return %4 : !loop.buffer<[96], f32, strides [1]>
}

// -----

// Two outer sums of one kernel over rows of one length, one over [8] and one over [2, 4] (a batch norm's
// weight gradient, whose scale is per (sample, channel)): both split; the [2, 4] one reads its per-sample
// value at the chunk's sample.
kernel.kernel @fused_mul_sum_0(%0: !loop.buffer<[2, 4, 4], f32, strides [16, 4, 1]>, %1: !loop.buffer<[2, 4], f32, strides [4, 1]>) -> (!loop.buffer<[4], f32, strides [1]>, !loop.buffer<[4], f32, strides [1]>) reduction numel 4 rnumel 8 {
  %2 = loop.reduction sum ranges [4] reduce [8] {
    %3 = loop.load %0[#loop.index<"i0 + 4*r0">] : !loop.buffer<[2, 4, 4], f32, strides [16, 4, 1]>
    loop.yield %3 : f32
  } : !loop.buffer<[4], f32, strides [1]>
  %4 = loop.reduction sum ranges [4] reduce [2, 4] {
    %5 = loop.load %0[#loop.index<"i0 + 16*r0 + 4*r1">] : !loop.buffer<[2, 4, 4], f32, strides [16, 4, 1]>
    %6 = loop.load %1[#loop.index<"i0 + 4*r0">] : !loop.buffer<[2, 4], f32, strides [4, 1]>
    %7 = arith.mulf %5, %6 : f32
    loop.yield %7 : f32
  } : !loop.buffer<[4], f32, strides [1]>
  kernel.yield %2, %4 : !loop.buffer<[4], f32, strides [1]>, !loop.buffer<[4], f32, strides [1]>
}
func.func @forward(%0: !loop.buffer<[2, 4, 4], f32, strides [16, 4, 1]>, %1: !loop.buffer<[2, 4], f32, strides [4, 1]>) -> (!loop.buffer<[4], f32, strides [1]>, !loop.buffer<[4], f32, strides [1]>) {
  %2 = kernel.alloc : !loop.buffer<[4], f32, strides [1]>
  %3 = kernel.alloc : !loop.buffer<[4], f32, strides [1]>
  kernel.launch @fused_mul_sum_0(%0, %1) outs(%2, %3) : (!loop.buffer<[2, 4, 4], f32, strides [16, 4, 1]>, !loop.buffer<[2, 4], f32, strides [4, 1]>) -> (!loop.buffer<[4], f32, strides [1]>, !loop.buffer<[4], f32, strides [1]>)
  func.return %2, %3 : !loop.buffer<[4], f32, strides [1]>, !loop.buffer<[4], f32, strides [1]>
}

// SMALL-LABEL: kernel.kernel @fused_mul_sum_split_0
// SMALL-NEXT:    loop.reduction sum ranges [2, 4] reduce [4] {
// SMALL-NEXT:      loop.load %0[#loop.index<"16*i0 + i1 + 4*r0">]
// SMALL:         loop.reduction sum ranges [2, 4] reduce [4] {
// SMALL-NEXT:      loop.load %0[#loop.index<"16*i0 + i1 + 4*r0">]
// SMALL-NEXT:      loop.load %1[#loop.index<"4*i0 + i1">]
// SMALL:       kernel.kernel @fused_mul_sum_0(%0: !loop.buffer<[2, 4], f32, strides [4, 1]>, %1: !loop.buffer<[2, 4], f32, strides [4, 1]>)

// -----

// A batch norm's statistics over a channels_last activation: a welford column reduction with an x-shaped
// rsqrt and a full-shape normalization. The normalization moves to an epilogue kernel; the chunks' (mean, m2,
// count) partials combine by Chan's formula: the count's sum, the sum of count-weighted deviations from the
// first chunk's mean, and the m2 sum reading the row's mean.
kernel.kernel @fused_rsqrt_var_mean_0(%0: !loop.buffer<[4, 8], f32, strides [1, 4]>) -> (!loop.buffer<[4], f32, strides [1]>, !loop.buffer<[4, 8], f32, strides [1, 4]>) reduction numel 4 rnumel 8 {
  %1, %2, %3 = loop.reduction welford ranges [4] reduce [8] {
    %4 = loop.load %0[#loop.index<"i0 + 4*r0">] : !loop.buffer<[4, 8], f32, strides [1, 4]>
    loop.yield %4 : f32
  } : !loop.buffer<[4], f32, strides [1]>, !loop.buffer<[4], f32, strides [1]>, !loop.buffer<[4], f32, strides [1]>
  %5 = loop.pointwise ranges [4] {
    %6 = loop.load %2[#loop.index<"i0">] : !loop.buffer<[4], f32, strides [1]>
    %7 = loop.load %3[#loop.index<"i0">] : !loop.buffer<[4], f32, strides [1]>
    %8 = arith.divf %6, %7 : f32
    %9 = math.rsqrt %8 : f32
    loop.yield %9 : f32
  } : !loop.buffer<[4], f32, strides [1]>
  %10 = loop.pointwise ranges [4, 8] {
    %11 = loop.load %0[#loop.index<"i0 + 4*i1">] : !loop.buffer<[4, 8], f32, strides [1, 4]>
    %12 = loop.load %1[#loop.index<"i0">] : !loop.buffer<[4], f32, strides [1]>
    %13 = loop.load %5[#loop.index<"i0">] : !loop.buffer<[4], f32, strides [1]>
    %14 = arith.subf %11, %12 : f32
    %15 = arith.mulf %14, %13 : f32
    loop.yield %15 : f32
  } : !loop.buffer<[4, 8], f32, strides [1, 4]>
  kernel.yield %5, %10 : !loop.buffer<[4], f32, strides [1]>, !loop.buffer<[4, 8], f32, strides [1, 4]>
}
func.func @forward(%0: !loop.buffer<[4, 8], f32, strides [1, 4]>) -> (!loop.buffer<[4], f32, strides [1]>, !loop.buffer<[4, 8], f32, strides [1, 4]>) {
  %1 = kernel.alloc : !loop.buffer<[4], f32, strides [1]>
  %2 = kernel.alloc : !loop.buffer<[4, 8], f32, strides [1, 4]>
  kernel.launch @fused_rsqrt_var_mean_0(%0) outs(%1, %2) : (!loop.buffer<[4, 8], f32, strides [1, 4]>) -> (!loop.buffer<[4], f32, strides [1]>, !loop.buffer<[4, 8], f32, strides [1, 4]>)
  func.return %1, %2 : !loop.buffer<[4], f32, strides [1]>, !loop.buffer<[4, 8], f32, strides [1, 4]>
}

// SMALL-LABEL: kernel.kernel @fused_rsqrt_var_mean_split_0(%0: !loop.buffer<[4, 8], f32, strides [1, 4]>) -> (!loop.buffer<[2, 4], f32, strides [4, 1]>, !loop.buffer<[2, 4], f32, strides [4, 1]>, !loop.buffer<[2, 4], f32, strides [4, 1]>) reduction numel 8 rnumel 4 {
// SMALL-NEXT:    loop.reduction welford ranges [2, 4] reduce [4] {
// SMALL:       kernel.kernel @fused_rsqrt_var_mean_0(%0: !loop.buffer<[2, 4], f32, strides [4, 1]>, %1: !loop.buffer<[2, 4], f32, strides [4, 1]>, %2: !loop.buffer<[2, 4], f32, strides [4, 1]>)
// SMALL-NEXT:    %[[N:.*]] = loop.reduction sum ranges [4] reduce [2] {
// SMALL-NEXT:      loop.load %2[#loop.index<"i0 + 4*r0">]
// SMALL:         %[[D:.*]] = loop.reduction sum ranges [4] reduce [2] {
// SMALL-NEXT:      %[[C:.*]] = loop.load %2[#loop.index<"i0 + 4*r0">]
// SMALL-NEXT:      %[[M:.*]] = loop.load %0[#loop.index<"i0 + 4*r0">]
// SMALL-NEXT:      %[[M0:.*]] = loop.load %0[#loop.index<"i0">]
// SMALL-NEXT:      %[[DEV:.*]] = arith.subf %[[M]], %[[M0]]
// SMALL-NEXT:      arith.mulf %[[C]], %[[DEV]]
// SMALL:         %[[MEAN:.*]] = loop.pointwise ranges [4] {
// SMALL:           arith.divf
// SMALL-NEXT:      arith.addf
// SMALL:         loop.reduction sum ranges [4] reduce [2] {
// SMALL:           loop.load %[[MEAN]][#loop.index<"i0">]
// SMALL:       kernel.kernel @fused_rsqrt_var_mean_epilogue_0(
// SMALL:       func.func @forward
// SMALL:         kernel.launch @fused_rsqrt_var_mean_split_0(%0) outs(%[[P0:.*]], %[[P1:.*]], %[[P2:.*]]) :
// SMALL-NEXT:    kernel.launch @fused_rsqrt_var_mean_0(%[[P0]], %[[P1]], %[[P2]]) outs(%[[R:.*]], %[[S:.*]]) :
// SMALL-NEXT:    kernel.launch @fused_rsqrt_var_mean_epilogue_0(%0, %[[S]], %[[R]]) outs(

// -----

// A reduction over values the kernel computes from its own statistics (a batch norm's input gradient, then
// the bias gradient of the convolution before it): the kernel is cut before those values. Its first part
// splits; the rest, a kernel of its own reading the statistics, moves its full-shape op to a prologue and
// splits too.
kernel.kernel @fused_mul_sum_0(%0: !loop.buffer<[4, 8], f32, strides [1, 4]>, %1: !loop.buffer<[4, 8], f32, strides [1, 4]>) -> (!loop.buffer<[4, 8], f32, strides [1, 4]>, !loop.buffer<[4], f32, strides [1]>) reduction numel 4 rnumel 8 {
  %2 = loop.reduction sum ranges [4] reduce [8] {
    %3 = loop.load %0[#loop.index<"i0 + 4*r0">] : !loop.buffer<[4, 8], f32, strides [1, 4]>
    loop.yield %3 : f32
  } : !loop.buffer<[4], f32, strides [1]>
  %4 = loop.pointwise ranges [4, 8] {
    %5 = loop.load %1[#loop.index<"i0 + 4*i1">] : !loop.buffer<[4, 8], f32, strides [1, 4]>
    %6 = loop.load %2[#loop.index<"i0">] : !loop.buffer<[4], f32, strides [1]>
    %7 = arith.mulf %5, %6 : f32
    loop.yield %7 : f32
  } : !loop.buffer<[4, 8], f32, strides [1, 4]>
  %8 = loop.reduction sum ranges [4] reduce [8] {
    %9 = loop.load %4[#loop.index<"i0 + 4*r0">] : !loop.buffer<[4, 8], f32, strides [1, 4]>
    loop.yield %9 : f32
  } : !loop.buffer<[4], f32, strides [1]>
  kernel.yield %4, %8 : !loop.buffer<[4, 8], f32, strides [1, 4]>, !loop.buffer<[4], f32, strides [1]>
}
func.func @forward(%0: !loop.buffer<[4, 8], f32, strides [1, 4]>, %1: !loop.buffer<[4, 8], f32, strides [1, 4]>) -> (!loop.buffer<[4, 8], f32, strides [1, 4]>, !loop.buffer<[4], f32, strides [1]>) {
  %2 = kernel.alloc : !loop.buffer<[4, 8], f32, strides [1, 4]>
  %3 = kernel.alloc : !loop.buffer<[4], f32, strides [1]>
  kernel.launch @fused_mul_sum_0(%0, %1) outs(%2, %3) : (!loop.buffer<[4, 8], f32, strides [1, 4]>, !loop.buffer<[4, 8], f32, strides [1, 4]>) -> (!loop.buffer<[4, 8], f32, strides [1, 4]>, !loop.buffer<[4], f32, strides [1]>)
  func.return %2, %3 : !loop.buffer<[4, 8], f32, strides [1, 4]>, !loop.buffer<[4], f32, strides [1]>
}

// SMALL-LABEL: kernel.kernel @fused_mul_sum_split_0(
// SMALL:       kernel.kernel @fused_mul_sum_0(
// SMALL:       kernel.kernel @fused_mul_sum_stage_prologue_0(%0: !loop.buffer<[4, 8], f32, strides [1, 4]>, %1: !loop.buffer<[4], f32, strides [1]>) -> (!loop.buffer<[4, 8], f32, strides [1, 4]>) pointwise numel 32 rnumel 1 {
// SMALL:       kernel.kernel @fused_mul_sum_stage_split_0(%0: !loop.buffer<[4, 8], f32, strides [1, 4]>) -> (!loop.buffer<[2, 4], f32, strides [4, 1]>) reduction numel 8 rnumel 4 {
// SMALL:       kernel.kernel @fused_mul_sum_stage_0(%0: !loop.buffer<[2, 4], f32, strides [4, 1]>) -> (!loop.buffer<[4], f32, strides [1]>) reduction numel 4 rnumel 2 {
// SMALL:       func.func @forward(%0: {{.*}}, %1: {{.*}})
// SMALL:         kernel.launch @fused_mul_sum_split_0(%0) outs(%[[P:.*]]) :
// SMALL-NEXT:    kernel.launch @fused_mul_sum_0(%[[P]]) outs(%[[S:.*]]) :
// SMALL-NEXT:    kernel.launch @fused_mul_sum_stage_prologue_0(%1, %[[S]]) outs(%[[G:.*]]) :
// SMALL:         kernel.launch @fused_mul_sum_stage_split_0(%[[G]]) outs(%[[Q:.*]]) :
// SMALL-NEXT:    kernel.launch @fused_mul_sum_stage_0(%[[Q]]) outs(
