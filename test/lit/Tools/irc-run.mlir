// irc-run: bound symbols, inputs from files, saved outputs, and errors as diagnostics.
// RUN: irc-run %s --fill arange --bind s0=2 --print-inputs | filecheck %s
// RUN: %python -c "import numpy as n; n.save('%t.x.npy', n.full((3, 4), 2.0, n.float32)); n.save('%t.y.npy', n.ones(4, n.float32))"
// RUN: irc-run %s --input %t.x.npy --input %t.y.npy | filecheck %s --check-prefix=FILES
// RUN: irc-run %s --bind s0=3 -o %t.out.npz && %python -c "import numpy as n; print(n.load('%t.out.npz')['arr_0'].shape)" | filecheck %s --check-prefix=SAVED
// RUN: not irc-run %s --input %t.x.npy 2>&1 | filecheck %s --check-prefix=COUNT
// RUN: not irc-run %s --bind s0 2>&1 | filecheck %s --check-prefix=BIND
// RUN: not irc-run %s --function missing 2>&1 | filecheck %s --check-prefix=MISSING

func.func @forward(%x: !aten.tensor<[s0, 4], f32, strides [4, 1]>, %y: !aten.tensor<[4], f32, strides [1]>) -> !aten.tensor<[s0], f32> {
  %0 = aten.mul %x, %y : (!aten.tensor<[s0, 4], f32, strides [4, 1]>, !aten.tensor<[4], f32, strides [1]>) -> !aten.tensor<[s0, 4], f32>
  %1 = aten.sum %0 dims = [1] : (!aten.tensor<[s0, 4], f32>) -> !aten.tensor<[s0], f32>
  func.return %1 : !aten.tensor<[s0], f32>
}

// CHECK:      // input 0: f32 [2, 4]
// CHECK-NEXT: {{\[\[}}0., 1., 2., 3.],
// CHECK-NEXT:  [4., 5., 6., 7.]]
// CHECK-NEXT: // input 1: f32 [4]
// CHECK-NEXT: [0., 1., 2., 3.]
// CHECK-NEXT: // output 0: f32 [2]
// CHECK-NEXT: [14., 38.]

// FILES:      // output 0: f32 [3]
// FILES-NEXT: [8., 8., 8.]

// SAVED: (3,)

// COUNT: irc-run: error: @forward takes 2 arguments, got 1 inputs
// BIND: irc-run: error: argument --bind: expected SYMBOL=INTEGER, got 's0'
// MISSING: irc-run: error: no function @missing with a body in the module
