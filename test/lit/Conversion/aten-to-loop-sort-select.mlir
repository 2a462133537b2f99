// RUN: irc-opt %s -p convert-aten-to-loop --split-input-file | filecheck %s
// RUN: irc-opt %s -p convert-aten-to-loop | irc-run - --function median --fill arange | filecheck %s --check-prefix=EXEC
// RUN: irc-opt %s -p convert-aten-to-loop | irc-run - --function topk --fill arange | filecheck %s --check-prefix=TOPK

// median along dim 1: a descending sort of each row (NaN first), then pointwise reads at position
// n - 1 - (n - 1) // 2 = 2 of 5, or 0 where the row starts with a NaN: a gather load of the sorted values and
// of their indices.
func.func @median(%x: !aten.tensor<[3, 5], f32, strides [5, 1]>) -> (!aten.tensor<[3], f32, strides [1]>, !aten.tensor<[3], i64, strides [1]>) {
  %v, %i = aten.fallback "aten::median.dim"(%x) {args = [#aten.operand<0>, 1 : i64]} : (!aten.tensor<[3, 5], f32, strides [5, 1]>) -> (!aten.tensor<[3], f32, strides [1]>, !aten.tensor<[3], i64, strides [1]>)
  func.return %v, %i : !aten.tensor<[3], f32, strides [1]>, !aten.tensor<[3], i64, strides [1]>
}

// CHECK-LABEL: func.func @median
// CHECK:       %[[S:.*]] = loop.scan sort_descending ranges [3, 5] {
// CHECK:       %[[I:.*]] = loop.scan argsort_descending ranges [3, 5] {
// CHECK:       loop.pointwise ranges [3] {
// CHECK:         %[[FIRST:.*]] = loop.load %[[S]][#loop.index<"5*i0">]
// CHECK:         arith.cmpf uno, %[[FIRST]], %[[FIRST]] : f32
// CHECK:         loop.load %[[S]][#loop.index<"5*i0 + t0">] gather(%{{.*}} : i64) bounds [5]
// CHECK:       loop.pointwise ranges [3] {
// CHECK:         loop.load %[[I]][#loop.index<"5*i0 + t0">] gather(%{{.*}} : i64) bounds [5]
// CHECK-NOT:   kernel.extern

// arange: rows 0..4, 5..9, 10..14: medians 2, 7, 12 at index 2
// EXEC:      output 0
// EXEC-NEXT: [ 2.,  7., 12.]
// EXEC:      output 1
// EXEC-NEXT: [2, 2, 2]

// -----

// topk(k = 2) along dim 0 of [4, 3]: ascending (largest=False), the first two positions of each column.
func.func @topk(%x: !aten.tensor<[4, 3], f32, strides [3, 1]>) -> (!aten.tensor<[2, 3], f32, strides [3, 1]>, !aten.tensor<[2, 3], i64, strides [3, 1]>) {
  %v, %i = aten.fallback "aten::topk.default"(%x) {args = [#aten.operand<0>, 2 : i64, 0 : i64, false]} : (!aten.tensor<[4, 3], f32, strides [3, 1]>) -> (!aten.tensor<[2, 3], f32, strides [3, 1]>, !aten.tensor<[2, 3], i64, strides [3, 1]>)
  func.return %v, %i : !aten.tensor<[2, 3], f32, strides [3, 1]>, !aten.tensor<[2, 3], i64, strides [3, 1]>
}

// CHECK-LABEL: func.func @topk
// CHECK:       %[[S:.*]] = loop.scan sort ranges [3, 4] {
// CHECK-NEXT:    loop.load %x[#loop.index<"i0 + 3*i1">]
// CHECK:       loop.pointwise ranges [2, 3] {
// CHECK:         loop.load %[[S]][#loop.index<"i0 + 4*i1">]

// TOPK:      output 0
// TOPK-NEXT: {{\[\[}}0., 1., 2.],
// TOPK-NEXT:  [3., 4., 5.]]
// TOPK:      output 1
// TOPK-NEXT: {{\[\[}}0, 0, 0],
// TOPK-NEXT:  [1, 1, 1]]
