// RUN: irc-opt %s -p convert-aten-to-loop --split-input-file | filecheck %s

// index_put with accumulate: a copy of self, then a pointwise over the indexed shape that adds the values at the
// wrapped index values (an atomic add: two rows may name one).
func.func @accumulate(%x: !aten.tensor<[5, 3], f32, strides [3, 1]>, %i: !aten.tensor<[4], i64, strides [1]>, %v: !aten.tensor<[4, 3], f32, strides [3, 1]>) -> !aten.tensor<[5, 3], f32, strides [3, 1]> {
  %r = aten.fallback "aten::index_put.default"(%x, %i, %v) {args = [#aten.operand<0>, [#aten.operand<1>], #aten.operand<2>, true]} : (!aten.tensor<[5, 3], f32, strides [3, 1]>, !aten.tensor<[4], i64, strides [1]>, !aten.tensor<[4, 3], f32, strides [3, 1]>) -> !aten.tensor<[5, 3], f32, strides [3, 1]>
  func.return %r : !aten.tensor<[5, 3], f32, strides [3, 1]>
}

// CHECK-LABEL: func.func @accumulate
// CHECK:       %[[C:.*]] = loop.pointwise ranges [5, 3] {
// CHECK:       loop.pointwise ranges [4, 3] {
// CHECK:         %[[K:.*]] = loop.load %i[#loop.index<"i0">] : !loop.buffer<[4], i64, strides [1]>
// CHECK:         arith.select
// CHECK:         %[[V:.*]] = loop.load %v[#loop.index<"3*i0 + i1">]
// CHECK:         loop.store %[[V]], %[[C]][#loop.index<"i1 + 3*t0">] scatter(%{{.*}} : i64) bounds [5] checked add
// CHECK:       func.return %[[C]]

// -----

// without accumulate the store is plain; an integer type without an atomic add (i16) accumulates in an i64 copy,
// rounded after.
func.func @plain(%x: !aten.tensor<[5, 3], i16, strides [3, 1]>, %i: !aten.tensor<[2], i64, strides [1]>, %v: !aten.tensor<[3], i16, strides [1]>) -> (!aten.tensor<[5, 3], i16, strides [3, 1]>, !aten.tensor<[5, 3], i16, strides [3, 1]>) {
  %r = aten.fallback "aten::index_put.default"(%x, %i, %v) {args = [#aten.operand<0>, [#aten.operand<1>], #aten.operand<2>]} : (!aten.tensor<[5, 3], i16, strides [3, 1]>, !aten.tensor<[2], i64, strides [1]>, !aten.tensor<[3], i16, strides [1]>) -> !aten.tensor<[5, 3], i16, strides [3, 1]>
  %s = aten.fallback "aten::index_put.default"(%x, %i, %v) {args = [#aten.operand<0>, [#aten.operand<1>], #aten.operand<2>, true]} : (!aten.tensor<[5, 3], i16, strides [3, 1]>, !aten.tensor<[2], i64, strides [1]>, !aten.tensor<[3], i16, strides [1]>) -> !aten.tensor<[5, 3], i16, strides [3, 1]>
  func.return %r, %s : !aten.tensor<[5, 3], i16, strides [3, 1]>, !aten.tensor<[5, 3], i16, strides [3, 1]>
}

// CHECK-LABEL: func.func @plain
// CHECK:       loop.pointwise ranges [2, 3] {
// CHECK:         loop.store %{{.*}}, %{{.*}}[#loop.index<"i1 + 3*t0">] scatter(%{{.*}} : i64) bounds [5] checked : !loop.buffer<[5, 3], i16
// CHECK:       %[[W:.*]] = loop.pointwise ranges [5, 3] {
// CHECK:         loop.cast %{{.*}} : i16 to i64
// CHECK:       } : !loop.buffer<[5, 3], i64, strides [3, 1]>
// CHECK:         loop.store %{{.*}}, %[[W]][#loop.index<"i1 + 3*t0">] scatter(%{{.*}} : i64) bounds [5] checked add : !loop.buffer<[5, 3], i64
// CHECK:       loop.pointwise ranges [5, 3] {
// CHECK:         loop.cast %{{.*}} : i64 to i16
// CHECK-NOT:   kernel.extern

// -----

// scatter_add with several values per row (an index of 4 rows into 5): the copy, then atomic adds along dim 0;
// a sum without self zeroes the scattered elements first.
func.func @scatter_add(%x: !aten.tensor<[5, 3], f32, strides [3, 1]>, %i: !aten.tensor<[4, 3], i64, strides [3, 1]>, %s: !aten.tensor<[4, 3], f32, strides [3, 1]>) -> (!aten.tensor<[5, 3], f32, strides [3, 1]>, !aten.tensor<[5, 3], f32, strides [3, 1]>) {
  %r = aten.fallback "aten::scatter_add.default"(%x, %i, %s) {args = [#aten.operand<0>, 0 : i64, #aten.operand<1>, #aten.operand<2>]} : (!aten.tensor<[5, 3], f32, strides [3, 1]>, !aten.tensor<[4, 3], i64, strides [3, 1]>, !aten.tensor<[4, 3], f32, strides [3, 1]>) -> !aten.tensor<[5, 3], f32, strides [3, 1]>
  %q = aten.fallback "aten::scatter_reduce.two"(%x, %i, %s) {args = [#aten.operand<0>, 0 : i64, #aten.operand<1>, #aten.operand<2>, "sum"], kwargs = {include_self = false}} : (!aten.tensor<[5, 3], f32, strides [3, 1]>, !aten.tensor<[4, 3], i64, strides [3, 1]>, !aten.tensor<[4, 3], f32, strides [3, 1]>) -> !aten.tensor<[5, 3], f32, strides [3, 1]>
  func.return %r, %q : !aten.tensor<[5, 3], f32, strides [3, 1]>, !aten.tensor<[5, 3], f32, strides [3, 1]>
}

// CHECK-LABEL: func.func @scatter_add
// CHECK:       %[[C:.*]] = loop.pointwise ranges [5, 3] {
// CHECK:       loop.pointwise ranges [4, 3] {
// CHECK:         loop.store %{{.*}}, %[[C]][#loop.index<"i1 + 3*t0">] scatter(%{{.*}} : i64) bounds [5] checked add
// CHECK:       %[[D:.*]] = loop.pointwise ranges [5, 3] {
// CHECK:       loop.pointwise ranges [4, 3] {
// CHECK:         arith.constant 0.000000e+00 : f32
// CHECK:         loop.store %{{.*}}, %[[D]][#loop.index<"i1 + 3*t0">] scatter(%{{.*}} : i64) bounds [5] checked :
// CHECK:       loop.pointwise ranges [4, 3] {
// CHECK:         loop.store %{{.*}}, %[[D]][#loop.index<"i1 + 3*t0">] scatter(%{{.*}} : i64) bounds [5] checked add
// CHECK-NOT:   kernel.extern

// -----

// a boolean mask whose values do not vary over the selected positions: a select over self's shape.
func.func @mask(%x: !aten.tensor<[4, 3], f32, strides [3, 1]>, %m: !aten.tensor<[4, 3], i1, strides [3, 1]>, %v: !aten.tensor<[1], f32, strides [1]>) -> !aten.tensor<[4, 3], f32, strides [3, 1]> {
  %r = aten.fallback "aten::index_put.default"(%x, %m, %v) {args = [#aten.operand<0>, [#aten.operand<1>], #aten.operand<2>]} : (!aten.tensor<[4, 3], f32, strides [3, 1]>, !aten.tensor<[4, 3], i1, strides [3, 1]>, !aten.tensor<[1], f32, strides [1]>) -> !aten.tensor<[4, 3], f32, strides [3, 1]>
  func.return %r : !aten.tensor<[4, 3], f32, strides [3, 1]>
}

// CHECK-LABEL: func.func @mask
// CHECK:       loop.pointwise ranges [4, 3] {
// CHECK:         %[[M:.*]] = loop.load %m[#loop.index<"3*i0 + i1">] : !loop.buffer<[4, 3], i1, strides [3, 1]>
// CHECK:         %[[V:.*]] = loop.load %v[#loop.index<"0">]
// CHECK:         %[[X:.*]] = loop.load %x[#loop.index<"3*i0 + i1">]
// CHECK:         arith.select %[[M]], %[[V]], %[[X]] : f32
// CHECK-NOT:   loop.store
