// RUN: irc-opt %s -p convert-aten-to-loop --split-input-file | filecheck %s

// scatter_reduce amax of floats without include_self: self's order-preserving i32 keys (the bits, the non-sign
// bits flipped below zero, NaN the largest key), the identity's key (of -inf) at the scattered elements, an atomic
// max of the values' keys, then the floats of the keys.
func.func @amax(%x: !aten.tensor<[7, 9], f32, strides [9, 1]>, %i: !aten.tensor<[4, 5], i64, strides [5, 1]>, %s: !aten.tensor<[5, 6], f32, strides [6, 1]>) -> !aten.tensor<[7, 9], f32, strides [9, 1]> {
  %r = aten.fallback "aten::scatter_reduce.two"(%x, %i, %s) {args = [#aten.operand<0>, 0 : i64, #aten.operand<1>, #aten.operand<2>, "amax"], kwargs = {include_self = false}} : (!aten.tensor<[7, 9], f32, strides [9, 1]>, !aten.tensor<[4, 5], i64, strides [5, 1]>, !aten.tensor<[5, 6], f32, strides [6, 1]>) -> !aten.tensor<[7, 9], f32, strides [9, 1]>
  func.return %r : !aten.tensor<[7, 9], f32, strides [9, 1]>
}

// CHECK-LABEL: func.func @amax
// CHECK:       %[[K:.*]] = loop.pointwise ranges [7, 9] {
// CHECK:         arith.bitcast %{{.*}} : f32 to i32
// CHECK:         arith.xori %{{.*}}, %{{.*}} : i32
// CHECK:         arith.cmpf uno
// CHECK:       } : !loop.buffer<[7, 9], i32, strides [9, 1]>
// CHECK:       loop.pointwise ranges [4, 5] {
// CHECK:         %[[ID:.*]] = arith.constant -2139095041 : i32
// CHECK:         loop.store %[[ID]], %[[K]][#loop.index<"i1 + 9*t0">] scatter(%{{.*}} : i64) bounds [7] checked : !loop.buffer<[7, 9], i32, strides [9, 1]>
// CHECK:       loop.pointwise ranges [4, 5] {
// CHECK:         loop.load %s[#loop.index<"6*i0 + i1">]
// CHECK:         loop.store %{{.*}}, %[[K]][#loop.index<"i1 + 9*t0">] scatter(%{{.*}} : i64) bounds [7] checked max : !loop.buffer<[7, 9], i32, strides [9, 1]>
// CHECK:       %[[R:.*]] = loop.pointwise ranges [7, 9] {
// CHECK:         arith.bitcast %{{.*}} : i32 to f32
// CHECK:       func.return %[[R]]

// -----

// index_reduce amin of i16 (no atomic min of its own): an i64 copy, an atomic min, the result rounded back.
func.func @amin(%x: !aten.tensor<[5, 3], i16, strides [3, 1]>, %i: !aten.tensor<[4], i64, strides [1]>, %s: !aten.tensor<[5, 4], i16, strides [4, 1]>) -> !aten.tensor<[5, 3], i16, strides [3, 1]> {
  %r = aten.fallback "aten::index_reduce.default"(%x, %i, %s) {args = [#aten.operand<0>, 1 : i64, #aten.operand<1>, #aten.operand<2>, "amin"]} : (!aten.tensor<[5, 3], i16, strides [3, 1]>, !aten.tensor<[4], i64, strides [1]>, !aten.tensor<[5, 4], i16, strides [4, 1]>) -> !aten.tensor<[5, 3], i16, strides [3, 1]>
  func.return %r : !aten.tensor<[5, 3], i16, strides [3, 1]>
}

// CHECK-LABEL: func.func @amin
// CHECK:       %[[K:.*]] = loop.pointwise ranges [5, 3] {
// CHECK:       } : !loop.buffer<[5, 3], i64, strides [3, 1]>
// CHECK:       loop.pointwise ranges [5, 4] {
// CHECK:         loop.load %i[#loop.index<"i1">]
// CHECK:         loop.store %{{.*}}, %[[K]][#loop.index<"3*i0 + t0">] scatter(%{{.*}} : i64) bounds [3] checked min : !loop.buffer<[5, 3], i64, strides [3, 1]>
// CHECK:       loop.pointwise ranges [5, 3] {
// CHECK:       } : !loop.buffer<[5, 3], i16, strides [3, 1]>

// -----

// scatter_reduce mean of integers: an atomic sum and an atomic count, then the sum (rounded to the result's
// type) floor-divided by the count, at least 1.
func.func @mean(%x: !aten.tensor<[7], i32, strides [1]>, %i: !aten.tensor<[4], i64, strides [1]>, %s: !aten.tensor<[4], i32, strides [1]>) -> !aten.tensor<[7], i32, strides [1]> {
  %r = aten.fallback "aten::scatter_reduce.two"(%x, %i, %s) {args = [#aten.operand<0>, 0 : i64, #aten.operand<1>, #aten.operand<2>, "mean"]} : (!aten.tensor<[7], i32, strides [1]>, !aten.tensor<[4], i64, strides [1]>, !aten.tensor<[4], i32, strides [1]>) -> !aten.tensor<[7], i32, strides [1]>
  func.return %r : !aten.tensor<[7], i32, strides [1]>
}

// CHECK-LABEL: func.func @mean
// CHECK:       %[[S:.*]] = loop.pointwise ranges [7] {
// CHECK:       loop.store %{{.*}}, %[[S]][#loop.index<"t0">] scatter(%{{.*}} : i64) bounds [7] checked add : !loop.buffer<[7], i32, strides [1]>
// CHECK:       %[[C:.*]] = loop.pointwise ranges [7] {
// CHECK:         arith.constant 1 : i32
// CHECK:       loop.store %{{.*}}, %[[C]][#loop.index<"t0">] scatter(%{{.*}} : i64) bounds [7] checked add : !loop.buffer<[7], i32, strides [1]>
// CHECK:       loop.pointwise ranges [7] {
// CHECK:         arith.cmpi eq
// CHECK:         loop.floordiv
