// RUN: irc-opt %s -p convert-aten-to-loop --split-input-file | filecheck %s

// cumsum along dim 0: the scanned dim moves last in the ranges; the scan's buffer has the result's layout and
// a reinterpret gives it the result's dim order.
func.func @cumsum_dim0(%x: !aten.tensor<[5, 3], f32, strides [3, 1]>) -> !aten.tensor<[5, 3], f32, strides [3, 1]> {
  %c = aten.fallback "aten::cumsum.default"(%x) {args = [#aten.operand<0>, 0 : i64]} : (!aten.tensor<[5, 3], f32, strides [3, 1]>) -> !aten.tensor<[5, 3], f32, strides [3, 1]>
  func.return %c : !aten.tensor<[5, 3], f32, strides [3, 1]>
}

// CHECK-LABEL: func.func @cumsum_dim0
// CHECK:       %[[S:.*]] = loop.scan sum ranges [3, 5] {
// CHECK-NEXT:    %{{.*}} = loop.load %x[#loop.index<"i0 + 3*i1">] : !loop.buffer<[5, 3], f32, strides [3, 1]>
// CHECK:       } : !loop.buffer<[3, 5], f32, strides [1, 3]>
// CHECK-NEXT:  %{{.*}} = loop.reinterpret %[[S]] : !loop.buffer<[3, 5], f32, strides [1, 3]> to !loop.buffer<[5, 3], f32, strides [3, 1]>
// CHECK-NOT:   kernel.extern

// -----

// an integer cumprod scans in i64 (ATen's promotion); a bf16 logcumsumexp scans in f32, then rounds.
func.func @promotions(%x: !aten.tensor<[4, 6], i32, strides [6, 1]>, %y: !aten.tensor<[4, 6], bf16, strides [6, 1]>) -> (!aten.tensor<[4, 6], i64, strides [6, 1]>, !aten.tensor<[4, 6], bf16, strides [6, 1]>) {
  %p = aten.fallback "aten::cumprod.default"(%x) {args = [#aten.operand<0>, 1 : i64]} : (!aten.tensor<[4, 6], i32, strides [6, 1]>) -> !aten.tensor<[4, 6], i64, strides [6, 1]>
  %l = aten.fallback "aten::logcumsumexp.default"(%y) {args = [#aten.operand<0>, -1 : i64]} : (!aten.tensor<[4, 6], bf16, strides [6, 1]>) -> !aten.tensor<[4, 6], bf16, strides [6, 1]>
  func.return %p, %l : !aten.tensor<[4, 6], i64, strides [6, 1]>, !aten.tensor<[4, 6], bf16, strides [6, 1]>
}

// CHECK-LABEL: func.func @promotions
// CHECK:       loop.scan prod ranges [4, 6] {
// CHECK:         loop.cast %{{.*}} : i32 to i64
// CHECK:       } : !loop.buffer<[4, 6], i64, strides [6, 1]>
// CHECK:       loop.scan logsumexp ranges [4, 6] {
// CHECK:         loop.cast %{{.*}} : bf16 to f32
// CHECK:       } : !loop.buffer<[4, 6], f32, strides [6, 1]>
// CHECK:       loop.pointwise ranges [4, 6] {
// CHECK:         loop.cast %{{.*}} : f32 to bf16
// CHECK:       } : !loop.buffer<[4, 6], bf16, strides [6, 1]>

// -----

// a symbolic scan length stays an extern (a scan runs in one block)
func.func @symbolic(%x: !aten.tensor<[3, s0], f32, strides [s0, 1]>) -> !aten.tensor<[3, s0], f32, strides [s0, 1]> {
  %c = aten.fallback "aten::cumsum.default"(%x) {args = [#aten.operand<0>, 1 : i64]} : (!aten.tensor<[3, s0], f32, strides [s0, 1]>) -> !aten.tensor<[3, s0], f32, strides [s0, 1]>
  func.return %c : !aten.tensor<[3, s0], f32, strides [s0, 1]>
}

// CHECK-LABEL: func.func @symbolic
// CHECK-NOT:   loop.scan
// CHECK:       kernel.extern "aten::cumsum.default"

// -----

// masked_scatter: a scan counts the mask's true positions over the flattened result, then a pointwise gathers
// source at count - 1 where the mask holds.
func.func @masked_scatter(%x: !aten.tensor<[3, 4], f32, strides [4, 1]>, %m: !aten.tensor<[4], i1, strides [1]>, %s: !aten.tensor<[12], f32, strides [1]>) -> !aten.tensor<[3, 4], f32, strides [4, 1]> {
  %r = aten.fallback "aten::masked_scatter.default"(%x, %m, %s) {args = [#aten.operand<0>, #aten.operand<1>, #aten.operand<2>]} : (!aten.tensor<[3, 4], f32, strides [4, 1]>, !aten.tensor<[4], i1, strides [1]>, !aten.tensor<[12], f32, strides [1]>) -> !aten.tensor<[3, 4], f32, strides [4, 1]>
  func.return %r : !aten.tensor<[3, 4], f32, strides [4, 1]>
}

// CHECK-LABEL: func.func @masked_scatter
// CHECK:       %[[N:.*]] = loop.scan sum ranges [1, 12] {
// CHECK:         loop.load %m[#loop.index<"ModularIndexing(i1, 1, 4)">]
// CHECK:       } : !loop.buffer<[1, 12], i64, strides [12, 1]>
// CHECK:       loop.pointwise ranges [3, 4] {
// CHECK:         %[[C:.*]] = loop.load %[[N]][#loop.index<"4*i0 + i1">]
// CHECK:         %[[K:.*]] = arith.subi %[[C]], %{{.*}} : i64
// CHECK:         loop.load %s[#loop.index<"t0">] gather(%[[K]] : i64) bounds [12]
// CHECK:         arith.select

// -----

// cummax: the running max (NaN propagates), then a max scan of the positions where the element equals it or is
// NaN: the index of the last attainment.
func.func @cummax(%x: !aten.tensor<[4, 6], f32, strides [6, 1]>) -> (!aten.tensor<[4, 6], f32, strides [6, 1]>, !aten.tensor<[4, 6], i64, strides [6, 1]>) {
  %v, %i = aten.fallback "aten::cummax.default"(%x) {args = [#aten.operand<0>, 1 : i64]} : (!aten.tensor<[4, 6], f32, strides [6, 1]>) -> (!aten.tensor<[4, 6], f32, strides [6, 1]>, !aten.tensor<[4, 6], i64, strides [6, 1]>)
  func.return %v, %i : !aten.tensor<[4, 6], f32, strides [6, 1]>, !aten.tensor<[4, 6], i64, strides [6, 1]>
}

// CHECK-LABEL: func.func @cummax
// CHECK:       %[[V:.*]] = loop.scan max ranges [4, 6] {
// CHECK:       } : !loop.buffer<[4, 6], f32, strides [6, 1]>
// CHECK:       loop.scan max ranges [4, 6] {
// CHECK:         %[[M:.*]] = loop.load %[[V]][#loop.index<"6*i0 + i1">]
// CHECK:         arith.cmpf oeq, %{{.*}}, %[[M]] : f32
// CHECK:         arith.cmpf uno
// CHECK:         loop.index #loop.index<"i1"> : i64
// CHECK:         arith.select
// CHECK:       } : !loop.buffer<[4, 6], i64, strides [6, 1]>
// CHECK-NOT:   kernel.extern
