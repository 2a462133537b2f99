// RUN: irc-opt %s -p convert-aten-to-loop --split-input-file | filecheck %s
// With check_indices=false (IRC_ASSERT_INDIRECT_INDEXING=0) no gather or scatter is checked:
// RUN: irc-opt %s -p 'convert-aten-to-loop{check_indices=false}' --split-input-file | filecheck %s --check-prefix=OFF
// OFF-NOT: checked
// OFF-NOT: loop.in_range

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

// -----

// x[a, :, b] with index tensors apart: their broadcast shape [2, 5] comes first, then the sliced dim; one load
// gathers both coordinates (t0 along dim 0, t1 along dim 2), each index wrapped when negative.
func.func @index_apart(%x: !aten.tensor<[4, 3, 6], f32, strides [18, 6, 1]>, %a: !aten.tensor<[2, 1], i64, strides [1, 1]>, %b: !aten.tensor<[5], i32, strides [1]>) -> !aten.tensor<[2, 5, 3], f32, strides [15, 3, 1]> {
  %y = aten.fallback "aten::index.Tensor"(%x, %a, %b) {args = [#aten.operand<0>, [#aten.operand<1>, unit, #aten.operand<2>]]} : (!aten.tensor<[4, 3, 6], f32, strides [18, 6, 1]>, !aten.tensor<[2, 1], i64, strides [1, 1]>, !aten.tensor<[5], i32, strides [1]>) -> !aten.tensor<[2, 5, 3], f32, strides [15, 3, 1]>
  func.return %y : !aten.tensor<[2, 5, 3], f32, strides [15, 3, 1]>
}

// CHECK-LABEL: func.func @index_apart
// CHECK-NEXT:    %y = loop.pointwise ranges [2, 5, 3] {
// CHECK-NEXT:      %[[A:.*]] = loop.load %a[#loop.index<"i0">] : !loop.buffer<[2, 1], i64, strides [1, 1]>
// CHECK:           %[[B:.*]] = loop.load %b[#loop.index<"i1">] : !loop.buffer<[5], i32, strides [1]>
// CHECK-NEXT:      %[[B64:.*]] = loop.cast %[[B]] : i32 to i64
// CHECK:           %[[V:.*]] = loop.load %x[#loop.index<"6*i2 + 18*t0 + t1">] gather(%{{.*}}, %{{.*}} : i64, i64) bounds [4, 6] checked : !loop.buffer<[4, 3, 6], f32, strides [18, 6, 1]>
// CHECK-NEXT:      loop.yield %[[V]] : f32

// -----

// scatter_reduce with one index per row (checked: loop.in_range): the hit position combines self and src[row, 0]
// (amax: maximumf).
func.func @scatter_reduce(%x: !aten.tensor<[4, 10], f32, strides [10, 1]>, %t: !aten.tensor<[4, 1], i64, strides [1, 1]>, %s: !aten.tensor<[4, 3], f32, strides [3, 1]>) -> !aten.tensor<[4, 10], f32, strides [10, 1]> {
  %r = aten.fallback "aten::scatter_reduce.two"(%x, %t, %s) {args = [#aten.operand<0>, 1 : i64, #aten.operand<1>, #aten.operand<2>, "amax"]} : (!aten.tensor<[4, 10], f32, strides [10, 1]>, !aten.tensor<[4, 1], i64, strides [1, 1]>, !aten.tensor<[4, 3], f32, strides [3, 1]>) -> !aten.tensor<[4, 10], f32, strides [10, 1]>
  func.return %r : !aten.tensor<[4, 10], f32, strides [10, 1]>
}

// CHECK-LABEL: func.func @scatter_reduce
// CHECK-NEXT:    %r = loop.pointwise ranges [4, 10] {
// CHECK-NEXT:      %[[K:.*]] = loop.load %t[#loop.index<"i0">] : !loop.buffer<[4, 1], i64, strides [1, 1]>
// CHECK:           %[[IN:.*]] = loop.in_range %[[K]], %{{.*}} : i64
// CHECK:           %[[HIT:.*]] = arith.cmpi eq, %[[IN]], %{{.*}} : i64
// CHECK-NEXT:      %[[SELF:.*]] = loop.load %x[#loop.index<"10*i0 + i1">] : !loop.buffer<[4, 10], f32, strides [10, 1]>
// CHECK-NEXT:      %[[SRC:.*]] = loop.load %s[#loop.index<"3*i0">] : !loop.buffer<[4, 3], f32, strides [3, 1]>
// CHECK-NEXT:      %[[MAX:.*]] = arith.maximumf %[[SELF]], %[[SRC]] : f32
// CHECK-NEXT:      %[[V:.*]] = arith.select %[[HIT]], %[[MAX]], %[[SELF]] : f32
// CHECK-NEXT:      loop.yield %[[V]] : f32

// -----

// slice_scatter: positions of the slice 2:8:2 read y at (i - 2) / 2 through a masked load, the others x.
func.func @slice_scatter(%x: !aten.tensor<[4, 9], f32, strides [9, 1]>, %y: !aten.tensor<[4, 3], f32, strides [3, 1]>) -> !aten.tensor<[4, 9], f32, strides [9, 1]> {
  %s = aten.fallback "aten::slice_scatter.default"(%x, %y) {args = [#aten.operand<0>, #aten.operand<1>, 1 : i64, 2 : i64, 8 : i64, 2 : i64]} : (!aten.tensor<[4, 9], f32, strides [9, 1]>, !aten.tensor<[4, 3], f32, strides [3, 1]>) -> !aten.tensor<[4, 9], f32, strides [9, 1]>
  func.return %s : !aten.tensor<[4, 9], f32, strides [9, 1]>
}

// CHECK-LABEL: func.func @slice_scatter
// CHECK-NEXT:    %s = loop.pointwise ranges [4, 9] {
// CHECK-NEXT:      %[[P:.*]] = loop.index #loop.index<"FloorDiv(i1 - 2, 2)"> : i64
// CHECK-NEXT:      %[[Y:.*]] = loop.load %y[#loop.index<"3*i0 + t0">] gather(%[[P]] : i64) bounds [3]
// CHECK:           %[[IN:.*]] = arith.andi
// CHECK-NEXT:      %[[R:.*]] = loop.index #loop.index<"i1 - 2*FloorDiv(i1 - 2, 2) - 2"> : i64
// CHECK:           %[[SLICE:.*]] = arith.andi %[[IN]], %{{.*}} : i1
// CHECK-NEXT:      %[[X:.*]] = loop.load %x[#loop.index<"9*i0 + i1">]
// CHECK-NEXT:      %[[V:.*]] = arith.select %[[SLICE]], %[[Y]], %[[X]] : f32
// CHECK-NEXT:      loop.yield %[[V]] : f32

// -----

// A start known only at run time (a SymInt operand: a slice from `max(0, 64 - length)`) is no default 0: the
// scatter stays an extern call.
func.func @slice_scatter_from_an_operand(%x: !aten.tensor<[2, 64], f32, strides [64, 1]>, %y: !aten.tensor<[2, s1], f32, strides [s1, 1]>, %start: i64) -> !aten.tensor<[2, 64], f32, strides [64, 1]> {
  %s = aten.fallback "aten::slice_scatter.default"(%x, %y, %start) {args = [#aten.operand<0>, #aten.operand<1>, 1 : i64, #aten.operand<2>, 9223372036854775807 : i64]} : (!aten.tensor<[2, 64], f32, strides [64, 1]>, !aten.tensor<[2, s1], f32, strides [s1, 1]>, i64) -> !aten.tensor<[2, 64], f32, strides [64, 1]>
  func.return %s : !aten.tensor<[2, 64], f32, strides [64, 1]>
}

// CHECK-LABEL: func.func @slice_scatter_from_an_operand
// CHECK-NOT:     loop.pointwise
// CHECK:         kernel.extern "aten::slice_scatter.default"(%x, %y, %start)

// -----

// unfold: a view, the unfolded dim's stride times the step, a new last dim with its old stride.
func.func @unfold(%x: !aten.tensor<[3, 9], f32, strides [9, 1]>) -> !aten.tensor<[3, 4, 3], f32, strides [9, 2, 1]> {
  %u = aten.fallback "aten::unfold.default"(%x) {args = [#aten.operand<0>, 1 : i64, 3 : i64, 2 : i64]} : (!aten.tensor<[3, 9], f32, strides [9, 1]>) -> !aten.tensor<[3, 4, 3], f32, strides [9, 2, 1]>
  func.return %u : !aten.tensor<[3, 4, 3], f32, strides [9, 2, 1]>
}

// CHECK-LABEL: func.func @unfold
// CHECK-NEXT:    %u = loop.reinterpret %x : !loop.buffer<[3, 9], f32, strides [9, 1]> to !loop.buffer<[3, 4, 3], f32, strides [9, 2, 1]>
