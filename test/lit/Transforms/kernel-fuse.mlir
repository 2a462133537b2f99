// RUN: irc-opt %s -p kernel-fuse --split-input-file | filecheck %s
// RUN: irc-opt %s -p 'kernel-fuse{epilogue=false}' --split-input-file | filecheck %s --check-prefix=NOEPI
// RUN: irc-opt %s -p 'kernel-fuse{vertical=false}' --split-input-file | filecheck %s --check-prefix=NOVERT
// RUN: irc-opt %s -p 'kernel-fuse{horizontal=false}' --split-input-file | filecheck %s --check-prefix=NOHORIZ
// RUN: irc-opt %s -p kernel-fuse --split-input-file | irc-opt --split-input-file | filecheck %s
// RUN: irc-opt %s -p kernel-fuse,kernel-fuse --split-input-file | filecheck %s
// RUN: not irc-opt %S/Inputs/kernel-fuse-nested.mlir -p kernel-fuse 2>&1 | filecheck %s --check-prefix=NESTED

// RUN: irc-opt %S/Inputs/kernel-fuse-report.mlir -p 'kernel-fuse{report="%t"}' > /dev/null
// RUN: filecheck %s --check-prefix=REPORT < %t.txt
// RUN: filecheck %s --check-prefix=DOT < %t.dot
// RUN: filecheck %s --check-prefix=SVG < %t.svg
// RUN: irc-opt %S/Inputs/kernel-fuse-report.mlir -p kernel-fuse --fusion-report=%t-flag > /dev/null
// RUN: filecheck %s --check-prefix=REPORT < %t-flag.txt
// RUN: irc-opt %S/Inputs/kernel-fuse-report.mlir -p 'kernel-fuse{horizontal=false report="%t-off"}' > /dev/null
// RUN: filecheck %s --check-prefix=REPORT-OFF < %t-off.txt

// RUN: not irc-opt %S/Inputs/kernel-fuse-report.mlir -p 'kernel-fuse{report="/dev/null/report"}' 2>&1 | filecheck %s --check-prefix=UNWRITABLE

// NESTED: kernel-fuse: loop.pointwise inside scf.if is not at the top level of @nested
// UNWRITABLE: irc-opt: error: kernel-fuse: report='/dev/null/report' names a folder that does not exist (/dev/null)

// The report (report=PATH or irc-opt --fusion-report=PATH): every group with its bytes, every candidate
// with its round, kind, score and outcome.
// REPORT-LABEL: func @softmax: kernels 1
// REPORT:         fused_amax_div_exp_sub_sum_0: reads 160 bytes, writes 160 bytes
// REPORT-NEXT:      op0 %m = loop.reduction max [4, 1] x [10] (amax)
// REPORT-NEXT:      op1 %e = loop.pointwise [4, 10] (sub, exp)
// REPORT-NEXT:      op2 %s = loop.reduction sum [4, 1] x [10] (sum)
// REPORT-NEXT:      op3 %r = loop.pointwise [4, 10] (div)
// REPORT:         round 0: epilogue {op0} + {op1}, score 192: fused
// REPORT-NEXT:    round 0: epilogue {op2} + {op3}, score 192: fused
// REPORT-NEXT:    round 1: vertical {op0, op1} + {op2, op3}, score 320: fused
// REPORT-LABEL: func @horizontal: kernels 1
// REPORT:         round 0: horizontal {op0} + {op1}, score 256: fused
// REPORT-LABEL: func @mismatched_index: kernels 2
// REPORT:         round 0: vertical {op0} + {op1}, score 64: rejected: mismatched indices
// REPORT-LABEL: func @incompatible_spaces: kernels 3
// REPORT:         round 0: epilogue {op0} + {op1}, score 128: rejected: incompatible iteration spaces
// REPORT-NEXT:    round 0: horizontal {op0} + {op2}, score 96: rejected: incompatible iteration spaces
// REPORT-LABEL: func @cycle: kernels 2
// REPORT:         host: op1 %f = kernel.extern "aten::cumsum.default"
// REPORT:         round 0: vertical {op0} + {op2}, score 32: rejected: would create a cycle
// REPORT-LABEL: func @store_hazard: kernels 2
// REPORT:         round 0: horizontal {op0} + {op1}, score 32: rejected: a member stores into memory another member uses
// REPORT-LABEL: func @disjoint_halves: kernels 2
// REPORT:         round 0: horizontal {op0} + {op1}, score 0: rejected: saves no memory traffic
// REPORT-OFF-LABEL: func @horizontal: kernels 2
// REPORT-OFF:         round 0: horizontal {op0} + {op1}, score 256: rejected: horizontal fusion is switched off
// DOT:       digraph fusion {
// DOT:       subgraph cluster_0 { label="@softmax";
// DOT-NEXT:    f0_op0 [label="op0 %m = loop.reduction max [4, 1] x [10] (amax)\nfused_amax_div_exp_sub_sum_0", fillcolor="#8dd3c7"];
// DOT:         f0_op0 -> f0_op1;
// SVG:       <svg
// SVG:       op0 %m = loop.reduction max

// The worked example: sum, an x-shaped epilogue (sigmoid) and an xr-shaped consumer (x / sum) in one kernel;
// the host constant is cloned into the kernel.
func.func @reduction_epilogues(%x: !loop.buffer<[3, 9], f32, strides [9, 1]>, %y: !loop.buffer<[9], f32, strides [1]>) -> (!loop.buffer<[3], f32, strides [1]>, !loop.buffer<[3, 9], f32, strides [9, 1]>) {
  %c = arith.constant 2.0 : f32
  %s = loop.reduction sum ranges [3] reduce [9] {
    %a = loop.load %x[#loop.index<"9*i0 + r0">] : !loop.buffer<[3, 9], f32, strides [9, 1]>
    %b = loop.load %y[#loop.index<"r0">] : !loop.buffer<[9], f32, strides [1]>
    %e = arith.addf %a, %b : f32
    loop.yield %e : f32
  } : !loop.buffer<[3], f32, strides [1]>
  %t = loop.pointwise ranges [3] {
    %v = loop.load %s[#loop.index<"i0">] : !loop.buffer<[3], f32, strides [1]>
    %w = loop.sigmoid %v : f32
    %m = arith.mulf %w, %c : f32
    loop.yield %m : f32
  } : !loop.buffer<[3], f32, strides [1]>
  %d = loop.pointwise ranges [3, 9] {
    %a = loop.load %x[#loop.index<"9*i0 + i1">] : !loop.buffer<[3, 9], f32, strides [9, 1]>
    %v = loop.load %s[#loop.index<"i0">] : !loop.buffer<[3], f32, strides [1]>
    %q = arith.divf %a, %v : f32
    loop.yield %q : f32
  } : !loop.buffer<[3, 9], f32, strides [9, 1]>
  func.return %t, %d : !loop.buffer<[3], f32, strides [1]>, !loop.buffer<[3, 9], f32, strides [9, 1]>
}

// CHECK:       kernel.kernel @fused_add_div_mul_sigmoid_sum_0(%[[X:.*]]: !loop.buffer<[3, 9], f32, strides [9, 1]>, %[[Y:.*]]: !loop.buffer<[9], f32, strides [1]>) -> (!loop.buffer<[3], f32, strides [1]>, !loop.buffer<[3, 9], f32, strides [9, 1]>) reduction numel 3 rnumel 9 {
// CHECK-NEXT:    %[[C:.*]] = arith.constant 2.000000e+00 : f32
// CHECK-NEXT:    %[[S:.*]] = loop.reduction sum ranges [3] reduce [9] {
// CHECK-NEXT:      loop.load %[[X]][#loop.index<"9*i0 + r0">]
// CHECK-NEXT:      loop.load %[[Y]][#loop.index<"r0">]
// CHECK:         %[[T:.*]] = loop.pointwise ranges [3] {
// CHECK-NEXT:      loop.load %[[S]][#loop.index<"i0">]
// CHECK-NEXT:      loop.sigmoid
// CHECK-NEXT:      arith.mulf %{{.*}}, %[[C]] : f32
// CHECK:         %[[D:.*]] = loop.pointwise ranges [3, 9] {
// CHECK:         kernel.yield %[[T]], %[[D]] : !loop.buffer<[3], f32, strides [1]>, !loop.buffer<[3, 9], f32, strides [9, 1]>
// CHECK-NEXT:  }
// CHECK-LABEL: func.func @reduction_epilogues
// CHECK-NEXT:    %t = kernel.alloc : !loop.buffer<[3], f32, strides [1]>
// CHECK-NEXT:    %d = kernel.alloc : !loop.buffer<[3, 9], f32, strides [9, 1]>
// CHECK-NEXT:    kernel.launch @fused_add_div_mul_sigmoid_sum_0(%x, %y) outs(%t, %d) : (!loop.buffer<[3, 9], f32, strides [9, 1]>, !loop.buffer<[9], f32, strides [1]>) -> (!loop.buffer<[3], f32, strides [1]>, !loop.buffer<[3, 9], f32, strides [9, 1]>)
// CHECK-NEXT:    func.return %t, %d
// NOEPI:       kernel.kernel @fused_add_sum_0({{.*}} reduction numel 3 rnumel 9 {
// NOEPI:       kernel.kernel @fused_mul_sigmoid_1({{.*}} pointwise numel 3 rnumel 1 {
// NOEPI:       kernel.kernel @div_2({{.*}} pointwise numel 27 rnumel 1 {
// NOEPI-LABEL: func.func @reduction_epilogues
// NOEPI-NEXT:    %s = kernel.alloc
// NOEPI-NEXT:    kernel.launch @fused_add_sum_0(%x, %y) outs(%s)
// NOEPI-NEXT:    %t = kernel.alloc
// NOEPI-NEXT:    kernel.launch @fused_mul_sigmoid_1(%s) outs(%t)
// NOEPI-NEXT:    %d = kernel.alloc
// NOEPI-NEXT:    kernel.launch @div_2(%x, %s) outs(%d)
// NOVERT-LABEL: func.func @reduction_epilogues
// NOVERT-NEXT:    kernel.alloc
// NOVERT-NEXT:    kernel.alloc
// NOVERT-NEXT:    kernel.launch @fused_add_div_mul_sigmoid_sum_0

// -----

// Softmax over rows: max, exp(x - max) (kept: two consumers), sum, divide: one kernel; only the result is
// materialized.
func.func @softmax(%x: !loop.buffer<[4, 10], f32, strides [10, 1]>) -> !loop.buffer<[4, 10], f32, strides [10, 1]> {
  %m = loop.reduction max ranges [4, 1] reduce [10] {
    %a = loop.load %x[#loop.index<"10*i0 + r0">] : !loop.buffer<[4, 10], f32, strides [10, 1]>
    loop.yield %a : f32
  } : !loop.buffer<[4, 1], f32, strides [1, 1]>
  %e = loop.pointwise ranges [4, 10] {
    %a = loop.load %x[#loop.index<"10*i0 + i1">] : !loop.buffer<[4, 10], f32, strides [10, 1]>
    %b = loop.load %m[#loop.index<"i0">] : !loop.buffer<[4, 1], f32, strides [1, 1]>
    %d = arith.subf %a, %b : f32
    %x2 = math.exp %d : f32
    loop.yield %x2 : f32
  } : !loop.buffer<[4, 10], f32, strides [10, 1]>
  %s = loop.reduction sum ranges [4, 1] reduce [10] {
    %a = loop.load %e[#loop.index<"10*i0 + r0">] : !loop.buffer<[4, 10], f32, strides [10, 1]>
    loop.yield %a : f32
  } : !loop.buffer<[4, 1], f32, strides [1, 1]>
  %r = loop.pointwise ranges [4, 10] {
    %a = loop.load %e[#loop.index<"10*i0 + i1">] : !loop.buffer<[4, 10], f32, strides [10, 1]>
    %b = loop.load %s[#loop.index<"i0">] : !loop.buffer<[4, 1], f32, strides [1, 1]>
    %q = arith.divf %a, %b : f32
    loop.yield %q : f32
  } : !loop.buffer<[4, 10], f32, strides [10, 1]>
  func.return %r : !loop.buffer<[4, 10], f32, strides [10, 1]>
}

// CHECK:       kernel.kernel @fused_amax_div_exp_sub_sum_0(%[[X:.*]]: !loop.buffer<[4, 10], f32, strides [10, 1]>) -> (!loop.buffer<[4, 10], f32, strides [10, 1]>) reduction numel 4 rnumel 10 {
// CHECK-NEXT:    %[[M:.*]] = loop.reduction max ranges [4, 1] reduce [10] {
// CHECK:         %[[E:.*]] = loop.pointwise ranges [4, 10] {
// CHECK:           loop.load %[[M]][#loop.index<"i0">]
// CHECK:         %[[S:.*]] = loop.reduction sum ranges [4, 1] reduce [10] {
// CHECK-NEXT:      loop.load %[[E]][#loop.index<"10*i0 + r0">]
// CHECK:         %[[R:.*]] = loop.pointwise ranges [4, 10] {
// CHECK-NEXT:      loop.load %[[E]][#loop.index<"10*i0 + i1">]
// CHECK-NEXT:      loop.load %[[S]][#loop.index<"i0">]
// CHECK:         kernel.yield %[[R]] : !loop.buffer<[4, 10], f32, strides [10, 1]>
// CHECK-LABEL: func.func @softmax
// CHECK-NEXT:    %r = kernel.alloc : !loop.buffer<[4, 10], f32, strides [10, 1]>
// CHECK-NEXT:    kernel.launch @fused_amax_div_exp_sub_sum_0(%x) outs(%r)
// CHECK-NEXT:    func.return %r
// NOEPI:       kernel.kernel @fused_amax_exp_sub_sum_0({{.*}} reduction numel 4 rnumel 10 {
// NOEPI:       kernel.kernel @div_1({{.*}} pointwise numel 40 rnumel 1 {
// NOVERT:      kernel.kernel @fused_amax_exp_sub_0({{.*}} reduction numel 4 rnumel 10 {
// NOVERT:      kernel.kernel @fused_div_sum_1({{.*}} reduction numel 4 rnumel 10 {
// NOVERT-LABEL: func.func @softmax
// NOVERT-NEXT:    %e = kernel.alloc
// NOVERT-NEXT:    kernel.launch @fused_amax_exp_sub_0(%x) outs(%e)
// NOVERT-NEXT:    %r = kernel.alloc
// NOVERT-NEXT:    kernel.launch @fused_div_sum_1(%e) outs(%r)

// -----

// A pointwise chain (not inlined) fuses vertically; the intermediate buffer stays internal.
func.func @pointwise_chain(%x: !loop.buffer<[s0, 8], f16, strides [8, 1]>) -> !loop.buffer<[s0, 8], f16, strides [8, 1]> {
  %p = loop.pointwise ranges [s0, 8] {
    %a = loop.load %x[#loop.index<"8*i0 + i1">] : !loop.buffer<[s0, 8], f16, strides [8, 1]>
    %f = loop.cast %a : f16 to f32
    %e = math.exp %f : f32
    loop.yield %e : f32
  } : !loop.buffer<[s0, 8], f32, strides [8, 1]>
  %q = loop.pointwise ranges ["8*s0"] {
    %v = loop.load %p[#loop.index<"i0">] : !loop.buffer<[s0, 8], f32, strides [8, 1]>
    %n = arith.negf %v : f32
    %h = loop.cast %n : f32 to f16
    loop.yield %h : f16
  } : !loop.buffer<["8*s0"], f16, strides [1]>
  %v = loop.reinterpret %q : !loop.buffer<["8*s0"], f16, strides [1]> to !loop.buffer<[s0, 8], f16, strides [8, 1]>
  func.return %v : !loop.buffer<[s0, 8], f16, strides [8, 1]>
}

// CHECK:       kernel.kernel @fused_exp_neg_0(%{{.*}}: !loop.buffer<[s0, 8], f16, strides [8, 1]>) -> (!loop.buffer<["8*s0"], f16, strides [1]>) pointwise numel "8*s0" rnumel 1 {
// CHECK-NEXT:    %[[P:.*]] = loop.pointwise ranges [s0, 8] {
// CHECK:         %[[Q:.*]] = loop.pointwise ranges ["8*s0"] {
// CHECK-NEXT:      loop.load %[[P]][#loop.index<"i0">]
// CHECK:         kernel.yield %[[Q]]
// CHECK-LABEL: func.func @pointwise_chain
// CHECK-NEXT:    %q = kernel.alloc : !loop.buffer<["8*s0"], f16, strides [1]>
// CHECK-NEXT:    kernel.launch @fused_exp_neg_0(%x) outs(%q)
// CHECK-NEXT:    %v = loop.reinterpret %q : !loop.buffer<["8*s0"], f16, strides [1]> to !loop.buffer<[s0, 8], f16, strides [8, 1]>
// CHECK-NEXT:    func.return %v
// NOVERT:      kernel.kernel @exp_0(
// NOVERT:      kernel.kernel @neg_1(

// -----

// Independent ops of one iteration space sharing an input fuse horizontally (two outputs); a scalar function
// argument becomes a kernel argument.
func.func @horizontal(%x: !loop.buffer<[64], f32, strides [1]>, %k: f32) -> (!loop.buffer<[64], f32, strides [1]>, !loop.buffer<[64], f32, strides [1]>) {
  %p = loop.pointwise ranges [64] {
    %a = loop.load %x[#loop.index<"i0">] : !loop.buffer<[64], f32, strides [1]>
    %m = arith.mulf %a, %k : f32
    loop.yield %m : f32
  } : !loop.buffer<[64], f32, strides [1]>
  %q = loop.pointwise ranges [64] {
    %a = loop.load %x[#loop.index<"i0">] : !loop.buffer<[64], f32, strides [1]>
    %t = math.tanh %a : f32
    loop.yield %t : f32
  } : !loop.buffer<[64], f32, strides [1]>
  func.return %p, %q : !loop.buffer<[64], f32, strides [1]>, !loop.buffer<[64], f32, strides [1]>
}

// CHECK:       kernel.kernel @fused_mul_tanh_0(%[[X:.*]]: !loop.buffer<[64], f32, strides [1]>, %[[K:.*]]: f32) -> (!loop.buffer<[64], f32, strides [1]>, !loop.buffer<[64], f32, strides [1]>) pointwise numel 64 rnumel 1 {
// CHECK:           arith.mulf %{{.*}}, %[[K]] : f32
// CHECK-LABEL: func.func @horizontal
// CHECK-NEXT:    %p = kernel.alloc
// CHECK-NEXT:    %q = kernel.alloc
// CHECK-NEXT:    kernel.launch @fused_mul_tanh_0(%x, %k) outs(%p, %q) : (!loop.buffer<[64], f32, strides [1]>, f32) -> (!loop.buffer<[64], f32, strides [1]>, !loop.buffer<[64], f32, strides [1]>)
// NOHORIZ:     kernel.kernel @mul_0(
// NOHORIZ:     kernel.kernel @tanh_1(

// -----

// Two reductions over the same rows (mean and max of x) fuse horizontally.
func.func @two_reductions(%x: !loop.buffer<[8, 32], f32, strides [32, 1]>) -> (!loop.buffer<[8], f32, strides [1]>, !loop.buffer<[8], f32, strides [1]>) {
  %s = loop.reduction sum ranges [8] reduce [32] {
    %a = loop.load %x[#loop.index<"32*i0 + r0">] : !loop.buffer<[8, 32], f32, strides [32, 1]>
    loop.yield %a : f32
  } : !loop.buffer<[8], f32, strides [1]>
  %m = loop.reduction max ranges [8] reduce [32] {
    %a = loop.load %x[#loop.index<"32*i0 + r0">] : !loop.buffer<[8, 32], f32, strides [32, 1]>
    loop.yield %a : f32
  } : !loop.buffer<[8], f32, strides [1]>
  func.return %s, %m : !loop.buffer<[8], f32, strides [1]>, !loop.buffer<[8], f32, strides [1]>
}

// CHECK:       kernel.kernel @fused_amax_sum_0({{.*}}) -> (!loop.buffer<[8], f32, strides [1]>, !loop.buffer<[8], f32, strides [1]>) reduction numel 8 rnumel 32 {
// CHECK-LABEL: func.func @two_reductions
// CHECK:         kernel.launch @fused_amax_sum_0(%x) outs(%s, %m)
// NOHORIZ:     kernel.kernel @sum_0(
// NOHORIZ:     kernel.kernel @amax_1(

// -----

// Negative: the consumer reads the producer reversed (7 - i0), not at its own position: two kernels.
func.func @mismatched_index(%x: !loop.buffer<[8], f32, strides [1]>) -> !loop.buffer<[8], f32, strides [1]> {
  %p = loop.pointwise ranges [8] {
    %a = loop.load %x[#loop.index<"i0">] : !loop.buffer<[8], f32, strides [1]>
    %e = math.exp %a : f32
    loop.yield %e : f32
  } : !loop.buffer<[8], f32, strides [1]>
  %q = loop.pointwise ranges [8] {
    %v = loop.load %p[#loop.index<"7 - i0">] : !loop.buffer<[8], f32, strides [1]>
    loop.yield %v : f32
  } : !loop.buffer<[8], f32, strides [1]>
  func.return %q : !loop.buffer<[8], f32, strides [1]>
}

// CHECK:       kernel.kernel @exp_0(
// CHECK:       kernel.kernel @clone_1(%[[P:.*]]: !loop.buffer<[8], f32, strides [1]>)
// CHECK-NEXT:    loop.pointwise ranges [8] {
// CHECK-NEXT:      loop.load %[[P]][#loop.index<"7 - i0">]
// CHECK-LABEL: func.func @mismatched_index
// CHECK-NEXT:    %p = kernel.alloc
// CHECK-NEXT:    kernel.launch @exp_0(%x) outs(%p)
// CHECK-NEXT:    %q = kernel.alloc
// CHECK-NEXT:    kernel.launch @clone_1(%p) outs(%q)

// -----

// Negative: no common iteration space (a [24] pointwise cannot split into the reduction's 4 x 6; reductions
// with different rnumel): every op gets its own kernel.
func.func @incompatible_spaces(%x: !loop.buffer<[4, 6], f32, strides [6, 1]>) -> (!loop.buffer<[24], f32, strides [1]>, !loop.buffer<[6], f32, strides [1]>) {
  %s = loop.reduction sum ranges [4] reduce [6] {
    %a = loop.load %x[#loop.index<"6*i0 + r0">] : !loop.buffer<[4, 6], f32, strides [6, 1]>
    loop.yield %a : f32
  } : !loop.buffer<[4], f32, strides [1]>
  %p = loop.pointwise ranges [24] {
    %a = loop.load %x[#loop.index<"i0">] : !loop.buffer<[4, 6], f32, strides [6, 1]>
    %b = loop.load %s[#loop.index<"FloorDiv(i0, 6)">] : !loop.buffer<[4], f32, strides [1]>
    %c = arith.subf %a, %b : f32
    loop.yield %c : f32
  } : !loop.buffer<[24], f32, strides [1]>
  %t = loop.reduction sum ranges [6] reduce [4] {
    %a = loop.load %x[#loop.index<"i0 + 6*r0">] : !loop.buffer<[4, 6], f32, strides [6, 1]>
    loop.yield %a : f32
  } : !loop.buffer<[6], f32, strides [1]>
  func.return %p, %t : !loop.buffer<[24], f32, strides [1]>, !loop.buffer<[6], f32, strides [1]>
}

// CHECK:       kernel.kernel @sum_0({{.*}} reduction numel 4 rnumel 6 {
// CHECK:       kernel.kernel @sub_1({{.*}} pointwise numel 24 rnumel 1 {
// CHECK:       kernel.kernel @sum_2({{.*}} reduction numel 6 rnumel 4 {
// CHECK-LABEL: func.func @incompatible_spaces
// CHECK-NEXT:    %s = kernel.alloc
// CHECK-NEXT:    kernel.launch @sum_0(%x) outs(%s)
// CHECK-NEXT:    %p = kernel.alloc
// CHECK-NEXT:    kernel.launch @sub_1(%x, %s) outs(%p)
// CHECK-NEXT:    %t = kernel.alloc
// CHECK-NEXT:    kernel.launch @sum_2(%x) outs(%t)

// -----

// Negative: %p feeds the extern, whose result %q reads along with %p; fusing %p and %q would make a cycle
// through the extern, so they stay apart and the extern runs between the launches.
func.func @cycle(%x: !loop.buffer<[8], f32, strides [1]>) -> !loop.buffer<[8], f32, strides [1]> {
  %p = loop.pointwise ranges [8] {
    %a = loop.load %x[#loop.index<"i0">] : !loop.buffer<[8], f32, strides [1]>
    %e = math.exp %a : f32
    loop.yield %e : f32
  } : !loop.buffer<[8], f32, strides [1]>
  %f = kernel.extern "aten::cumsum.default"(%p) {args = [#kernel.operand<0>, 0 : i64]} : (!loop.buffer<[8], f32, strides [1]>) -> (!loop.buffer<[8], f32, strides [1]>)
  %q = loop.pointwise ranges [8] {
    %a = loop.load %p[#loop.index<"i0">] : !loop.buffer<[8], f32, strides [1]>
    %b = loop.load %f[#loop.index<"i0">] : !loop.buffer<[8], f32, strides [1]>
    %c = arith.addf %a, %b : f32
    loop.yield %c : f32
  } : !loop.buffer<[8], f32, strides [1]>
  func.return %q : !loop.buffer<[8], f32, strides [1]>
}

// CHECK:       kernel.kernel @exp_0(
// CHECK:       kernel.kernel @add_1(
// CHECK-LABEL: func.func @cycle
// CHECK-NEXT:    %p = kernel.alloc
// CHECK-NEXT:    kernel.launch @exp_0(%x) outs(%p)
// CHECK-NEXT:    %f = kernel.extern "aten::cumsum.default"(%p)
// CHECK-NEXT:    %q = kernel.alloc
// CHECK-NEXT:    kernel.launch @add_1(%p, %f) outs(%q)

// -----

// Negative: a store into %x must not share a kernel with a read of %x (the write is ordered after it).
func.func @store_hazard(%x: !loop.buffer<[8], f32, strides [1]>) -> !loop.buffer<[8], f32, strides [1]> {
  %p = loop.pointwise ranges [8] {
    %a = loop.load %x[#loop.index<"7 - i0">] : !loop.buffer<[8], f32, strides [1]>
    loop.yield %a : f32
  } : !loop.buffer<[8], f32, strides [1]>
  loop.pointwise ranges [8] {
    %a = loop.load %x[#loop.index<"i0">] : !loop.buffer<[8], f32, strides [1]>
    %d = arith.addf %a, %a : f32
    loop.store %d, %x[#loop.index<"i0">] : !loop.buffer<[8], f32, strides [1]>
    loop.yield
  }
  func.return %p : !loop.buffer<[8], f32, strides [1]>
}

// CHECK:       kernel.kernel @clone_0(
// CHECK:       kernel.kernel @add_1(%[[X:.*]]: !loop.buffer<[8], f32, strides [1]>) pointwise numel 8 rnumel 1 {
// CHECK:           loop.store %{{.*}}, %[[X]][#loop.index<"i0">]
// CHECK:         kernel.yield
// CHECK-LABEL: func.func @store_hazard
// CHECK-NEXT:    %p = kernel.alloc
// CHECK-NEXT:    kernel.launch @clone_0(%x) outs(%p)
// CHECK-NEXT:    kernel.launch @add_1(%x) outs() : (!loop.buffer<[8], f32, strides [1]>) -> ()
// CHECK-NEXT:    func.return %p
