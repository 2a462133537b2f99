// RUN: irc-opt %s -p aten-unfuse-conv-bias --split-input-file | filecheck %s

// A channels_last convolution with a bias: the convolution without it, then an add of the bias viewed as
// [C, 1, 1]; both keep the original result's layout.
// CHECK-LABEL: func.func @depthwise
// CHECK:         %[[C:.*]] = aten.fallback "aten::convolution.default"(%x, %w) {args = [#aten.operand<0>, #aten.operand<1>, unit, {{.*}}]} : ({{.*}}) -> !aten.tensor<[2, 8, 5, 5], bf16, strides [200, 1, 40, 8]>
// CHECK:         %[[V:.*]] = aten.view %b : (!aten.tensor<[8], bf16>) -> !aten.tensor<[8, 1, 1], bf16>
// CHECK:         %[[A:.*]] = aten.add %[[C]], %[[V]] : ({{.*}}) -> !aten.tensor<[2, 8, 5, 5], bf16, strides [200, 1, 40, 8]>
// CHECK:         aten.relu %[[A]]
func.func @depthwise(%x: !aten.tensor<[2, 8, 5, 5], bf16, strides [200, 1, 40, 8]>, %w: !aten.tensor<[8, 1, 3, 3], bf16>, %b: !aten.tensor<[8], bf16>) -> !aten.tensor<[2, 8, 5, 5], bf16, strides [200, 1, 40, 8]> {
  %c = aten.fallback "aten::convolution.default"(%x, %w, %b) {args = [#aten.operand<0>, #aten.operand<1>, #aten.operand<2>, [1 : i64, 1 : i64], [1 : i64, 1 : i64], [1 : i64, 1 : i64], false, [0 : i64, 0 : i64], 8 : i64]} : (!aten.tensor<[2, 8, 5, 5], bf16, strides [200, 1, 40, 8]>, !aten.tensor<[8, 1, 3, 3], bf16>, !aten.tensor<[8], bf16>) -> !aten.tensor<[2, 8, 5, 5], bf16, strides [200, 1, 40, 8]>
  %r = aten.relu %c : (!aten.tensor<[2, 8, 5, 5], bf16, strides [200, 1, 40, 8]>) -> !aten.tensor<[2, 8, 5, 5], bf16, strides [200, 1, 40, 8]>
  func.return %r : !aten.tensor<[2, 8, 5, 5], bf16, strides [200, 1, 40, 8]>
}

// -----

// A 1-d convolution: the bias is viewed as [C, 1].
// CHECK-LABEL: func.func @conv1d
// CHECK:         aten.fallback "aten::convolution.default"(%x, %w) {args = [#aten.operand<0>, #aten.operand<1>, unit
// CHECK:         aten.view %b : (!aten.tensor<[4], f32>) -> !aten.tensor<[4, 1], f32>
// CHECK:         aten.add
func.func @conv1d(%x: !aten.tensor<[2, 3, 7], f32>, %w: !aten.tensor<[4, 3, 3], f32>, %b: !aten.tensor<[4], f32>) -> !aten.tensor<[2, 4, 5], f32> {
  %c = aten.fallback "aten::convolution.default"(%x, %w, %b) {args = [#aten.operand<0>, #aten.operand<1>, #aten.operand<2>, [1 : i64], [0 : i64], [1 : i64], false, [0 : i64], 1 : i64]} : (!aten.tensor<[2, 3, 7], f32>, !aten.tensor<[4, 3, 3], f32>, !aten.tensor<[4], f32>) -> !aten.tensor<[2, 4, 5], f32>
  func.return %c : !aten.tensor<[2, 4, 5], f32>
}

// -----

// Without a bias nothing changes.
// CHECK-LABEL: func.func @plain
// CHECK-NOT:     aten.add
func.func @plain(%x: !aten.tensor<[2, 3, 7], f32>, %w: !aten.tensor<[4, 3, 3], f32>) -> !aten.tensor<[2, 4, 5], f32> {
  %c = aten.fallback "aten::convolution.default"(%x, %w) {args = [#aten.operand<0>, #aten.operand<1>, unit, [1 : i64], [0 : i64], [1 : i64], false, [0 : i64], 1 : i64]} : (!aten.tensor<[2, 3, 7], f32>, !aten.tensor<[4, 3, 3], f32>) -> !aten.tensor<[2, 4, 5], f32>
  func.return %c : !aten.tensor<[2, 4, 5], f32>
}
