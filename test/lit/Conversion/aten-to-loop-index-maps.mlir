// RUN: irc-opt %s -p convert-aten-to-loop --split-input-file | filecheck %s

// flip (prims.rev, what flip's decomposition makes): the flipped dim reads size - 1 - i.
func.func @flip(%x: !aten.tensor<[3, 5], f32, strides [5, 1]>) -> !aten.tensor<[3, 5], f32, strides [5, 1]> {
  %f = aten.fallback "prims::rev.default"(%x) {args = [#aten.operand<0>, [1 : i64]]} : (!aten.tensor<[3, 5], f32, strides [5, 1]>) -> !aten.tensor<[3, 5], f32, strides [5, 1]>
  func.return %f : !aten.tensor<[3, 5], f32, strides [5, 1]>
}

// CHECK-LABEL: func.func @flip
// CHECK-NEXT:    %f = loop.pointwise ranges [3, 5] {
// CHECK-NEXT:      %[[V:.*]] = loop.load %x[#loop.index<"5*i0 - i1 + 4">] : !loop.buffer<[3, 5], f32, strides [5, 1]>
// CHECK-NEXT:      loop.yield %[[V]] : f32
// CHECK-NEXT:    } : !loop.buffer<[3, 5], f32, strides [5, 1]>

// -----

// repeat: a new leading dim reads nothing new; a repeated dim reads its coordinate modulo the input's size.
func.func @repeat(%x: !aten.tensor<[2, s0], f16, strides [s0, 1]>) -> !aten.tensor<[3, 2, "2*s0"], f16, strides ["4*s0", "2*s0", 1]> {
  %r = aten.fallback "aten::repeat.default"(%x) {args = [#aten.operand<0>, [3 : i64, 1 : i64, 2 : i64]]} : (!aten.tensor<[2, s0], f16, strides [s0, 1]>) -> !aten.tensor<[3, 2, "2*s0"], f16, strides ["4*s0", "2*s0", 1]>
  func.return %r : !aten.tensor<[3, 2, "2*s0"], f16, strides ["4*s0", "2*s0", 1]>
}

// CHECK-LABEL: func.func @repeat
// CHECK-NEXT:    %r = loop.pointwise ranges [3, 2, "2*s0"] {
// CHECK-NEXT:      %[[V:.*]] = loop.load %x[#loop.index<"i1*s0 + ModularIndexing(i2, 1, s0)">] : !loop.buffer<[2, s0], f16, strides [s0, 1]>
// CHECK-NEXT:      loop.yield %[[V]] : f16
// CHECK-NEXT:    } : !loop.buffer<[3, 2, "2*s0"], f16, strides ["4*s0", "2*s0", 1]>

// -----

// diagonal: a view, the two dims' strides summed into a last dim, starting offset * (second dim's stride)
// in (above the diagonal) or -offset * (first dim's stride) (below); diagonal_copy copies that view.
func.func @diagonal(%x: !aten.tensor<[4, 6, 5], f32, strides [30, 5, 1]>) -> (!aten.tensor<[6, 4], f32, strides [5, 31]>, !aten.tensor<[5, 4], f32, strides [4, 1]>) {
  %d = aten.fallback "aten::diagonal.default"(%x) {args = [#aten.operand<0>, 1 : i64, 0 : i64, 2 : i64]} : (!aten.tensor<[4, 6, 5], f32, strides [30, 5, 1]>) -> !aten.tensor<[6, 4], f32, strides [5, 31]>
  %c = aten.fallback "aten::diagonal_copy.default"(%x) {args = [#aten.operand<0>, -2 : i64, 1 : i64, 0 : i64]} : (!aten.tensor<[4, 6, 5], f32, strides [30, 5, 1]>) -> !aten.tensor<[5, 4], f32, strides [4, 1]>
  func.return %d, %c : !aten.tensor<[6, 4], f32, strides [5, 31]>, !aten.tensor<[5, 4], f32, strides [4, 1]>
}

// CHECK-LABEL: func.func @diagonal
// CHECK-NEXT:    %d = loop.reinterpret %x : !loop.buffer<[4, 6, 5], f32, strides [30, 5, 1]> to !loop.buffer<[6, 4], f32, strides [5, 31], offset 1>
// CHECK-NEXT:    %[[V:.*]] = loop.reinterpret %x : !loop.buffer<[4, 6, 5], f32, strides [30, 5, 1]> to !loop.buffer<[5, 4], f32, strides [1, 35], offset 10>
// CHECK-NEXT:    %{{.*}} = loop.pointwise ranges [5, 4] {
// CHECK-NEXT:      %[[E:.*]] = loop.load %[[V]][#loop.index<"i0 + 35*i1">] : !loop.buffer<[5, 4], f32, strides [1, 35], offset 10>
// CHECK-NEXT:      loop.yield %[[E]] : f32
// CHECK-NEXT:    } : !loop.buffer<[5, 4], f32, strides [4, 1]>
