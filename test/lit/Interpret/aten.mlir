// irc-run computes the same numbers at every level: aten (PyTorch eager), loop and kernel (numpy buffers)
// and triton (the emitted module under Triton's interpreter). Inputs are 0, 1, 2, ... (--fill arange).
// RUN: irc-run %s --fill arange | filecheck %s
// RUN: irc-opt %s -p convert-aten-to-loop | irc-run - --fill arange | filecheck %s
// RUN: irc-opt %s -p convert-aten-to-loop,loop-inline,cse,dce,kernel-fuse,kernel-tile | irc-run - --fill arange | filecheck %s
// RUN: irc-opt %s -p convert-aten-to-loop,loop-inline,cse,dce,kernel-fuse,kernel-tile,convert-kernel-to-triton | irc-run - --fill arange | filecheck %s

// x = [[0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 10, 11]], y = [0, 1, 2, 3]
func.func @forward(%x: !aten.tensor<[3, 4], f32, strides [4, 1]>, %y: !aten.tensor<[4], f32, strides [1]>) -> (!aten.tensor<[3], f32>, !aten.tensor<[3, 4], f32>, !aten.tensor<[3], i64>, !aten.tensor<[4, 3], f32>) {
  %half = arith.constant 5.5 : f64
  %zero = arith.constant 0.0 : f64
  %two = arith.constant 2 : i64
  %sum_in = aten.add %x, %y : (!aten.tensor<[3, 4], f32, strides [4, 1]>, !aten.tensor<[4], f32, strides [1]>) -> !aten.tensor<[3, 4], f32>
  %sum = aten.sum %sum_in dims = [1] : (!aten.tensor<[3, 4], f32>) -> !aten.tensor<[3], f32>
  %big = aten.gt %x, %half : (!aten.tensor<[3, 4], f32, strides [4, 1]>, f64) -> !aten.tensor<[3, 4], i1>
  %kept = aten.where %big, %x, %zero : (!aten.tensor<[3, 4], i1>, !aten.tensor<[3, 4], f32, strides [4, 1]>, f64) -> !aten.tensor<[3, 4], f32>
  %arg = aten.argmax %kept dims = [1] : (!aten.tensor<[3, 4], f32>) -> !aten.tensor<[3], i64>
  %t = aten.permute %x dims = [1, 0] : (!aten.tensor<[3, 4], f32, strides [4, 1]>) -> !aten.tensor<[4, 3], f32>
  %scaled = aten.mul %t, %two : (!aten.tensor<[4, 3], f32>, i64) -> !aten.tensor<[4, 3], f32>
  func.return %sum, %kept, %arg, %scaled : !aten.tensor<[3], f32>, !aten.tensor<[3, 4], f32>, !aten.tensor<[3], i64>, !aten.tensor<[4, 3], f32>
}

// CHECK:      // output 0: f32 [3]
// CHECK-NEXT: [12., 28., 44.]
// CHECK-NEXT: // output 1: f32 [3, 4]
// CHECK-NEXT: {{\[\[}} 0.,  0.,  0.,  0.],
// CHECK-NEXT:  [ 0.,  0.,  6.,  7.],
// CHECK-NEXT:  [ 8.,  9., 10., 11.]]
// CHECK-NEXT: // output 2: i64 [3]
// CHECK-NEXT: [0, 3, 3]
// CHECK-NEXT: // output 3: f32 [4, 3]
// CHECK-NEXT: {{\[\[}} 0.,  8., 16.],
// CHECK-NEXT:  [ 2., 10., 18.],
// CHECK-NEXT:  [ 4., 12., 20.],
// CHECK-NEXT:  [ 6., 14., 22.]]
