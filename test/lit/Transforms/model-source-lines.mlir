// RUN: irc-opt %s -p convert-aten-to-loop | irc-opt -p loop-inline,cse | filecheck %s
// RUN: irc-opt %s -p convert-aten-to-loop,loop-inline,cse,kernel-fuse,kernel-tile,kernel-dedup,convert-kernel-to-triton -t triton | filecheck %s --check-prefix=EMIT

// irc.source (the FX node, ATen overload and model line of each op) survives printing and parsing, is the union
// where loop-inline composes ops and where cse merges equal ones, and is printed above the kernel as comments:
// a newline in it (hostile IR) is a `?`, never a line of code.

// CHECK:      %s = loop.reduction sum
// CHECK:      } attributes {irc.source = ["add aten.add model.py:3 in forward, code: y = x + 1", "relu aten.relu model.py:4 in forward, code: z = y.relu()\0Aimport os", "sum_1 aten.sum model.py:5 in forward, code: return z.sum(1)"]}
// CHECK:      %e = loop.pointwise
// CHECK:      } attributes {irc.source = ["exp aten.exp model.py:8 in forward, code: a = x.exp()", "exp_1 aten.exp model.py:9 in forward, code: b = x.exp()"]}
// CHECK-NEXT: func.return %s, %e, %e

// EMIT:      # Source Nodes: [add, relu, sum_1, exp, exp_1], Original ATen: [aten.add, aten.relu, aten.sum, aten.exp]
// EMIT-NEXT: # File: model.py:3 in forward, code: y = x + 1
// EMIT-NEXT: # File: model.py:4 in forward, code: z = y.relu()?import os
// EMIT-NEXT: # File: model.py:5 in forward, code: return z.sum(1)
// EMIT-NEXT: # File: model.py:8 in forward, code: a = x.exp()
// EMIT-NEXT: # File: model.py:9 in forward, code: b = x.exp()
// EMIT-NEXT: @triton.jit
// EMIT-NEXT: def triton_per_fused_add_exp_maximum_sum_0(
// EMIT-NOT:  {{^}}import os

builtin.module {
  func.func @forward(%x: !aten.tensor<[4, 33], f32, strides [33, 1]>) -> (!aten.tensor<[4], f32>, !aten.tensor<[4, 33], f32>, !aten.tensor<[4, 33], f32>) {
    %one = arith.constant 1 : i64
    %a = aten.add %x, %one {irc.source = ["add aten.add model.py:3 in forward, code: y = x + 1"]} : (!aten.tensor<[4, 33], f32, strides [33, 1]>, i64) -> !aten.tensor<[4, 33], f32>
    %r = aten.relu %a {irc.source = ["relu aten.relu model.py:4 in forward, code: z = y.relu()\0Aimport os"]} : (!aten.tensor<[4, 33], f32>) -> !aten.tensor<[4, 33], f32>
    %s = aten.sum %r dims = [1] {irc.source = ["sum_1 aten.sum model.py:5 in forward, code: return z.sum(1)"]} : (!aten.tensor<[4, 33], f32>) -> !aten.tensor<[4], f32>
    %e = aten.exp %x {irc.source = ["exp aten.exp model.py:8 in forward, code: a = x.exp()"]} : (!aten.tensor<[4, 33], f32, strides [33, 1]>) -> !aten.tensor<[4, 33], f32>
    %f = aten.exp %x {irc.source = ["exp_1 aten.exp model.py:9 in forward, code: b = x.exp()"]} : (!aten.tensor<[4, 33], f32, strides [33, 1]>) -> !aten.tensor<[4, 33], f32>
    func.return %s, %e, %f : !aten.tensor<[4], f32>, !aten.tensor<[4, 33], f32>, !aten.tensor<[4, 33], f32>
  }
}
