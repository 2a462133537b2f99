// RUN: irc-opt %s -p kernel-dual-matmul --split-input-file | filecheck %s
// RUN: irc-opt %s -p 'kernel-dual-matmul{enabled=false}' --split-input-file | filecheck %s --check-prefix=OFF

// Llama's gated MLP: silu(h @ wg) * (h @ wu). Both products of one A, read only by one pointwise: one dual
// matmul, its results named as the matmuls' were.
// CHECK-LABEL: func.func @gated
// CHECK-NEXT:    %g, %u = kernel.dual_matmul %h, %wg, %wu : (!loop.buffer<[6, 8], f16, strides [8, 1]>, !loop.buffer<[8, 4], f16, strides [1, 8]>, !loop.buffer<[8, 4], f16, strides [1, 8]>) -> (!loop.buffer<[6, 4], f16, strides [4, 1]>, !loop.buffer<[6, 4], f16, strides [4, 1]>)
// CHECK-NEXT:    loop.pointwise ranges [6, 4] {
// CHECK-NEXT:      loop.load %g[
// CHECK:           loop.load %u[
// CHECK-NOT:     kernel.matmul
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
