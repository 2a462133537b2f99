// RUN: irc-opt %s -p kernel-dual-matmul --split-input-file | filecheck %s
// RUN: irc-opt %s -p 'kernel-dual-matmul{enabled=false}' --split-input-file | filecheck %s --check-prefix=OFF
// RUN: irc-opt %s -p 'kernel-dual-matmul,kernel-fuse,kernel-tile' --split-input-file | filecheck %s --check-prefix=FUSE
// RUN: irc-opt %s -p 'kernel-dual-matmul,kernel-fuse{report="%t"}' --split-input-file > /dev/null
// RUN: filecheck %s --check-prefix=REPORT < %t.txt
// (the report is that of the last chunk)
// RUN: irc-opt %s -p 'kernel-dual-matmul,kernel-fuse,kernel-tile,kernel-plan-memory,kernel-dedup,convert-kernel-to-triton,cse,dce' --split-input-file -t triton | filecheck %s --check-prefix=TRITON
// RUN: irc-opt %s -p 'kernel-dual-matmul,kernel-fuse,kernel-tile,kernel-plan-memory,kernel-dedup,convert-kernel-to-triton,cse,dce' --split-input-file --check-passes 2>&1 >/dev/null | filecheck %s --check-prefix=CHECKED
// CHECKED-COUNT-5: irc-opt: 8 passes checked, no divergence

// Llama's gated MLP: silu(h @ wg) * (h @ wu). Both products of one A, read only by one pointwise: one dual
// matmul, its results named as the matmuls' were.
// CHECK-LABEL: func.func @gated
// CHECK-NEXT:    %g, %u = kernel.dual_matmul %h, %wg, %wu : (!loop.buffer<[6, 8], f16, strides [8, 1]>, !loop.buffer<[8, 4], f16, strides [1, 8]>, !loop.buffer<[8, 4], f16, strides [1, 8]>) -> (!loop.buffer<[6, 4], f16, strides [4, 1]>, !loop.buffer<[6, 4], f16, strides [4, 1]>)
// CHECK-NEXT:    loop.pointwise ranges [6, 4] {
// CHECK-NEXT:      loop.load %g[
// CHECK:           loop.load %u[
// CHECK-NOT:     kernel.matmul
// One template kernel of the dual matmul and the gating; its tiles 128 x 64 per product cut to the problem.
// FUSE:          kernel.kernel @fused_add_div_dual_mm_exp_mul_neg_0({{.*}}) template numel 24 rnumel 1 {xblock = 16, yblock = 16, rblock = 16, num_warps = 2, num_stages = 4, group_m = 8} {
// FUSE-NEXT:       kernel.dual_matmul
// FUSE-LABEL:    func.func @gated
// FUSE-NOT:        kernel.extern
// FUSE:            kernel.launch @fused_add_div_dual_mm_exp_mul_neg_0(%h, %wg, %wu) outs(%p)
// One K loop with an accumulator per B, each A tile loaded once for both dots; the epilogue reads both.
// TRITON-LABEL:  def triton_tem_fused_add_div_dual_mm_exp_mul_neg_0(in_ptr0, in_ptr1, in_ptr2, out_ptr0,
// TRITON:          acc_1 = acc
// TRITON-NEXT:     acc_2 = acc
// TRITON-NEXT:     for k0 in range(0, 8, BLOCK_K):
// TRITON:            [[A:tmp[0-9]+]] = tl.load(in_ptr0 +
// TRITON:            [[B0:tmp[0-9]+]] = tl.load(in_ptr1 +
// TRITON-NEXT:       [[B1:tmp[0-9]+]] = tl.load(in_ptr2 +
// TRITON-NEXT:       acc_1 = tl.dot([[A]], [[B0]], acc_1)
// TRITON-NEXT:       acc_2 = tl.dot([[A]], [[B1]], acc_2)
// TRITON:          [[G:tmp[0-9]+]] = acc_1.to(tl.float16)
// TRITON-NEXT:     tmp{{[0-9]+}} = acc_2.to(tl.float16)
// TRITON-NEXT:     tmp{{[0-9]+}} = -[[G]]
// OFF-LABEL:   func.func @gated
// OFF-COUNT-2:   kernel.matmul
// OFF-NOT:       kernel.dual_matmul
func.func @gated(%h: !loop.buffer<[6, 8], f16, strides [8, 1]>, %wg: !loop.buffer<[8, 4], f16, strides [1, 8]>, %wu: !loop.buffer<[8, 4], f16, strides [1, 8]>) -> !loop.buffer<[6, 4], f16, strides [4, 1]> {
  %g = kernel.matmul %h, %wg : (!loop.buffer<[6, 8], f16, strides [8, 1]>, !loop.buffer<[8, 4], f16, strides [1, 8]>) -> !loop.buffer<[6, 4], f16, strides [4, 1]>
  %u = kernel.matmul %h, %wu : (!loop.buffer<[6, 8], f16, strides [8, 1]>, !loop.buffer<[8, 4], f16, strides [1, 8]>) -> !loop.buffer<[6, 4], f16, strides [4, 1]>
  %p = loop.pointwise ranges [6, 4] {
    %a = loop.load %g[#loop.index<"4*i0 + i1">] : !loop.buffer<[6, 4], f16, strides [4, 1]>
    %b = loop.load %u[#loop.index<"4*i0 + i1">] : !loop.buffer<[6, 4], f16, strides [4, 1]>
    %n = arith.negf %a : f16
    %e = math.exp %n : f16
    %one = arith.constant 1.0 : f16
    %d = arith.addf %e, %one : f16
    %s = arith.divf %a, %d : f16
    %c = arith.mulf %s, %b : f16
    loop.yield %c : f16
  } : !loop.buffer<[6, 4], f16, strides [4, 1]>
  func.return %p : !loop.buffer<[6, 4], f16, strides [4, 1]>
}

// -----

// Marked for choices, the dual matmul offers the template variants both offer (TMA only where both Bs allow).
// CHECK-LABEL: func.func @choices
// CHECK-NEXT:    kernel.dual_matmul %h, %wg, %wu {choice = ["template", "persistent"]} :
// kernel-fuse makes each variant and keeps cuBLAS beside them: two externs and the gating as a kernel.
// FUSE:          kernel.kernel @fused_dual_mm_mul_1({{.*}}) template numel 24 rnumel 1 {{{.*}}programs = 132} {
// FUSE-NEXT:       kernel.dual_matmul %{{.*}}, %{{.*}}, %{{.*}} {persistent}
// FUSE-LABEL:    func.func @choices
// FUSE:            kernel.choice "fused_dual_mm_mul_0" ["template", "persistent", "extern"] default 2 {
// FUSE:              %g = kernel.extern "aten::mm.default"(%h, %wg)
// FUSE-NEXT:         %u = kernel.extern "aten::mm.default"(%h, %wu)
// FUSE-NEXT:         kernel.launch @mul_2(%g, %u) outs(%p)
func.func @choices(%h: !loop.buffer<[6, 8], f16, strides [8, 1]>, %wg: !loop.buffer<[8, 4], f16, strides [1, 8]>, %wu: !loop.buffer<[8, 4], f16, strides [4, 1]>) -> !loop.buffer<[6, 4], f16, strides [4, 1]> {
  %g = kernel.matmul %h, %wg {choice = ["template", "persistent", "tma"]} : (!loop.buffer<[6, 8], f16, strides [8, 1]>, !loop.buffer<[8, 4], f16, strides [1, 8]>) -> !loop.buffer<[6, 4], f16, strides [4, 1]>
  %u = kernel.matmul %h, %wu {choice = ["template", "persistent"]} : (!loop.buffer<[6, 8], f16, strides [8, 1]>, !loop.buffer<[8, 4], f16, strides [4, 1]>) -> !loop.buffer<[6, 4], f16, strides [4, 1]>
  %p = loop.pointwise ranges [6, 4] {
    %a = loop.load %g[#loop.index<"4*i0 + i1">] : !loop.buffer<[6, 4], f16, strides [4, 1]>
    %b = loop.load %u[#loop.index<"4*i0 + i1">] : !loop.buffer<[6, 4], f16, strides [4, 1]>
    %c = arith.mulf %a, %b : f16
    loop.yield %c : f16
  } : !loop.buffer<[6, 4], f16, strides [4, 1]>
  func.return %p : !loop.buffer<[6, 4], f16, strides [4, 1]>
}

// -----

// The gate's product is also returned, the products are read by different pointwises, or the matmuls read
// different As: nothing pairs.
// CHECK-LABEL: func.func @unpaired
// CHECK-NOT:     kernel.dual_matmul
// CHECK-COUNT-6: kernel.matmul
// CHECK-NOT:     kernel.dual_matmul
func.func @unpaired(%h: !loop.buffer<[6, 8], f16, strides [8, 1]>, %h2: !loop.buffer<[6, 8], f16, strides [8, 1]>, %wg: !loop.buffer<[8, 4], f16, strides [4, 1]>, %wu: !loop.buffer<[8, 4], f16, strides [4, 1]>) -> (!loop.buffer<[6, 4], f16, strides [4, 1]>, !loop.buffer<[6, 4], f16, strides [4, 1]>, !loop.buffer<[6, 4], f16, strides [4, 1]>, !loop.buffer<[6, 4], f16, strides [4, 1]>, !loop.buffer<[6, 4], f16, strides [4, 1]>) {
  %g = kernel.matmul %h, %wg : (!loop.buffer<[6, 8], f16, strides [8, 1]>, !loop.buffer<[8, 4], f16, strides [4, 1]>) -> !loop.buffer<[6, 4], f16, strides [4, 1]>
  %u = kernel.matmul %h, %wu : (!loop.buffer<[6, 8], f16, strides [8, 1]>, !loop.buffer<[8, 4], f16, strides [4, 1]>) -> !loop.buffer<[6, 4], f16, strides [4, 1]>
  %p = loop.pointwise ranges [6, 4] {
    %a = loop.load %g[#loop.index<"4*i0 + i1">] : !loop.buffer<[6, 4], f16, strides [4, 1]>
    %b = loop.load %u[#loop.index<"4*i0 + i1">] : !loop.buffer<[6, 4], f16, strides [4, 1]>
    %c = arith.mulf %a, %b : f16
    loop.yield %c : f16
  } : !loop.buffer<[6, 4], f16, strides [4, 1]>
  %q = kernel.matmul %h2, %wg : (!loop.buffer<[6, 8], f16, strides [8, 1]>, !loop.buffer<[8, 4], f16, strides [4, 1]>) -> !loop.buffer<[6, 4], f16, strides [4, 1]>
  %r = kernel.matmul %h2, %wu : (!loop.buffer<[6, 8], f16, strides [8, 1]>, !loop.buffer<[8, 4], f16, strides [4, 1]>) -> !loop.buffer<[6, 4], f16, strides [4, 1]>
  %q1 = loop.pointwise ranges [6, 4] {
    %a = loop.load %q[#loop.index<"4*i0 + i1">] : !loop.buffer<[6, 4], f16, strides [4, 1]>
    %c = arith.mulf %a, %a : f16
    loop.yield %c : f16
  } : !loop.buffer<[6, 4], f16, strides [4, 1]>
  %r1 = loop.pointwise ranges [6, 4] {
    %a = loop.load %r[#loop.index<"4*i0 + i1">] : !loop.buffer<[6, 4], f16, strides [4, 1]>
    %c = arith.mulf %a, %a : f16
    loop.yield %c : f16
  } : !loop.buffer<[6, 4], f16, strides [4, 1]>
  %s = kernel.matmul %h, %wg : (!loop.buffer<[6, 8], f16, strides [8, 1]>, !loop.buffer<[8, 4], f16, strides [4, 1]>) -> !loop.buffer<[6, 4], f16, strides [4, 1]>
  %t = kernel.matmul %h2, %wu : (!loop.buffer<[6, 8], f16, strides [8, 1]>, !loop.buffer<[8, 4], f16, strides [4, 1]>) -> !loop.buffer<[6, 4], f16, strides [4, 1]>
  %st = loop.pointwise ranges [6, 4] {
    %a = loop.load %s[#loop.index<"4*i0 + i1">] : !loop.buffer<[6, 4], f16, strides [4, 1]>
    %b = loop.load %t[#loop.index<"4*i0 + i1">] : !loop.buffer<[6, 4], f16, strides [4, 1]>
    %c = arith.mulf %a, %b : f16
    loop.yield %c : f16
  } : !loop.buffer<[6, 4], f16, strides [4, 1]>
  func.return %p, %g, %q1, %r1, %st : !loop.buffer<[6, 4], f16, strides [4, 1]>, !loop.buffer<[6, 4], f16, strides [4, 1]>, !loop.buffer<[6, 4], f16, strides [4, 1]>, !loop.buffer<[6, 4], f16, strides [4, 1]>, !loop.buffer<[6, 4], f16, strides [4, 1]>
}

// -----

// The TMA template of a dual matmul: one descriptor per operand, each A tile loaded once for both dots.
// CHECK-LABEL: func.func @tma
// CHECK-NEXT:    kernel.dual_matmul %h, %wg, %wu {choice = ["tma"]} :
// TRITON-LABEL:  def triton_tem_fused_dual_mm_mul_0(
// TRITON:          [[DA:tmp[0-9]+]] = tl.make_tensor_descriptor(in_ptr0, shape=[6, 8], strides=[8, 1], block_shape=[BLOCK_M, BLOCK_K])
// TRITON-NEXT:     [[D0:tmp[0-9]+]] = tl.make_tensor_descriptor(in_ptr1, shape=[4, 8], strides=[8, 1], block_shape=[BLOCK_N, BLOCK_K])
// TRITON-NEXT:     [[D1:tmp[0-9]+]] = tl.make_tensor_descriptor(in_ptr2, shape=[4, 8], strides=[8, 1], block_shape=[BLOCK_N, BLOCK_K])
// TRITON-NEXT:     for tile_id in tl.range({{.*}}, 132, flatten=True):
// TRITON:              [[A:tmp[0-9]+]] = [[DA]].load([off_m, k0])
// TRITON:              acc_1 = tl.dot([[A]], {{.*}}, acc_1)
// TRITON-NEXT:         [[T:tmp[0-9]+]] = [[D1]].load([off_n, k0])
// TRITON-NEXT:         {{.*}} = tl.trans([[T]])
// TRITON-NEXT:         acc_2 = tl.dot([[A]], {{.*}}, acc_2)
func.func @tma(%h: !loop.buffer<[6, 8], f16, strides [8, 1]>, %wg: !loop.buffer<[8, 4], f16, strides [1, 8]>, %wu: !loop.buffer<[8, 4], f16, strides [1, 8]>) -> !loop.buffer<[6, 4], f16, strides [4, 1]> {
  %g = kernel.matmul %h, %wg {choice = ["tma"]} : (!loop.buffer<[6, 8], f16, strides [8, 1]>, !loop.buffer<[8, 4], f16, strides [1, 8]>) -> !loop.buffer<[6, 4], f16, strides [4, 1]>
  %u = kernel.matmul %h, %wu {choice = ["tma"]} : (!loop.buffer<[6, 8], f16, strides [8, 1]>, !loop.buffer<[8, 4], f16, strides [1, 8]>) -> !loop.buffer<[6, 4], f16, strides [4, 1]>
  %p = loop.pointwise ranges [6, 4] {
    %a = loop.load %g[#loop.index<"4*i0 + i1">] : !loop.buffer<[6, 4], f16, strides [4, 1]>
    %b = loop.load %u[#loop.index<"4*i0 + i1">] : !loop.buffer<[6, 4], f16, strides [4, 1]>
    %c = arith.mulf %a, %b : f16
    loop.yield %c : f16
  } : !loop.buffer<[6, 4], f16, strides [4, 1]>
  func.return %p : !loop.buffer<[6, 4], f16, strides [4, 1]>
}

// -----

// The gating writes the products transposed: no epilogue for the tiles, so kernel-fuse gives the dual matmul
// back to cuBLAS as two externs.
// CHECK-LABEL: func.func @transposed
// CHECK-NEXT:    kernel.dual_matmul
// FUSE-LABEL:  func.func @transposed
// FUSE-NEXT:     %g = kernel.extern "aten::mm.default"(%h, %wg)
// FUSE-NEXT:     %u = kernel.extern "aten::mm.default"(%h, %wu)
// FUSE-NOT:      kernel.dual_matmul
// REPORT:        host: op0 %g, %u = kernel.dual_matmul [6, 4] x [8] (dual_mm)
// REPORT:        round 0: epilogue {op0} + {op1}, score 192: rejected: mismatched indices
func.func @transposed(%h: !loop.buffer<[6, 8], f16, strides [8, 1]>, %wg: !loop.buffer<[8, 4], f16, strides [4, 1]>, %wu: !loop.buffer<[8, 4], f16, strides [4, 1]>) -> !loop.buffer<[4, 6], f16, strides [6, 1]> {
  %g = kernel.matmul %h, %wg : (!loop.buffer<[6, 8], f16, strides [8, 1]>, !loop.buffer<[8, 4], f16, strides [4, 1]>) -> !loop.buffer<[6, 4], f16, strides [4, 1]>
  %u = kernel.matmul %h, %wu : (!loop.buffer<[6, 8], f16, strides [8, 1]>, !loop.buffer<[8, 4], f16, strides [4, 1]>) -> !loop.buffer<[6, 4], f16, strides [4, 1]>
  %p = loop.pointwise ranges [4, 6] {
    %a = loop.load %g[#loop.index<"i0 + 4*i1">] : !loop.buffer<[6, 4], f16, strides [4, 1]>
    %b = loop.load %u[#loop.index<"i0 + 4*i1">] : !loop.buffer<[6, 4], f16, strides [4, 1]>
    %c = arith.mulf %a, %b : f16
    loop.yield %c : f16
  } : !loop.buffer<[4, 6], f16, strides [6, 1]>
  func.return %p : !loop.buffer<[4, 6], f16, strides [6, 1]>
}
