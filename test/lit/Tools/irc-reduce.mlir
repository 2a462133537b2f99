// irc-reduce keeps the failure (here: a user command that finds aten.sub) and drops everything else.
// RUN: irc-reduce %s --command 'grep -q aten.sub {}' 2>%t.err | filecheck %s
// RUN: filecheck %s --check-prefix=LOG < %t.err

func.func @forward(%x: !aten.tensor<[5, 7], f32, strides [7, 1]>, %y: !aten.tensor<[5, 7], f32, strides [7, 1]>) -> (!aten.tensor<[5], f32>, !aten.tensor<[5, 7], f32>) {
  %0 = aten.add %x, %y : (!aten.tensor<[5, 7], f32, strides [7, 1]>, !aten.tensor<[5, 7], f32, strides [7, 1]>) -> !aten.tensor<[5, 7], f32>
  %1 = aten.exp %0 : (!aten.tensor<[5, 7], f32>) -> !aten.tensor<[5, 7], f32>
  %2 = aten.sub %1, %x : (!aten.tensor<[5, 7], f32>, !aten.tensor<[5, 7], f32, strides [7, 1]>) -> !aten.tensor<[5, 7], f32>
  %3 = aten.sigmoid %2 : (!aten.tensor<[5, 7], f32>) -> !aten.tensor<[5, 7], f32>
  %4 = aten.sum %3 dims = [1] : (!aten.tensor<[5, 7], f32>) -> !aten.tensor<[5], f32>
  %5 = aten.mul %1, %1 : (!aten.tensor<[5, 7], f32>, !aten.tensor<[5, 7], f32>) -> !aten.tensor<[5, 7], f32>
  func.return %4, %5 : !aten.tensor<[5], f32>, !aten.tensor<[5, 7], f32>
}

// CHECK:      func.func @forward(%{{.*}}: !aten.tensor<[1, 1], f32, strides [1, 1]>, %{{.*}}: !aten.tensor<[1, 1], f32, strides [1, 1]>) -> !aten.tensor<[1, 1], f32> {
// CHECK-NEXT:   %[[SUB:.*]] = aten.sub
// CHECK-NEXT:   func.return %[[SUB]] : !aten.tensor<[1, 1], f32>
// CHECK-NEXT: }

// LOG: // irc-reduce: 7 ops -> 2 ops
// LOG: // reproduce with: grep -q aten.sub reduced.mlir
