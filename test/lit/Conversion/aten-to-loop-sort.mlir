// RUN: irc-opt %s -p convert-aten-to-loop --split-input-file | filecheck %s
// RUN: irc-opt %s -p convert-aten-to-loop,kernel-fuse,kernel-tile,kernel-plan-memory,convert-kernel-to-triton --split-input-file -t triton | filecheck %s --check-prefix=TRITON

// sort along dim 0, descending: the sorted dim moves last; the values (a sort row) and the indices (an argsort
// row, i64) each get the result's layout through a reinterpret; kernel-fuse puts both in one persistent kernel.
func.func @sort_dim0(%x: !aten.tensor<[5, 3], f32, strides [3, 1]>) -> (!aten.tensor<[5, 3], f32, strides [3, 1]>, !aten.tensor<[5, 3], i64, strides [3, 1]>) {
  %v, %i = aten.fallback "aten::sort.default"(%x) {args = [#aten.operand<0>, 0 : i64, true]} : (!aten.tensor<[5, 3], f32, strides [3, 1]>) -> (!aten.tensor<[5, 3], f32, strides [3, 1]>, !aten.tensor<[5, 3], i64, strides [3, 1]>)
  func.return %v, %i : !aten.tensor<[5, 3], f32, strides [3, 1]>, !aten.tensor<[5, 3], i64, strides [3, 1]>
}

// CHECK-LABEL: func.func @sort_dim0
// CHECK:       %[[V:.*]] = loop.scan sort_descending ranges [3, 5] {
// CHECK-NEXT:    %{{.*}} = loop.load %x[#loop.index<"i0 + 3*i1">] : !loop.buffer<[5, 3], f32, strides [3, 1]>
// CHECK:       } : !loop.buffer<[3, 5], f32, strides [1, 3]>
// CHECK-NEXT:  %{{.*}} = loop.reinterpret %[[V]] : !loop.buffer<[3, 5], f32, strides [1, 3]> to !loop.buffer<[5, 3], f32, strides [3, 1]>
// CHECK:       %[[I:.*]] = loop.scan argsort_descending ranges [3, 5] {
// CHECK:       } : !loop.buffer<[3, 5], i64, strides [1, 3]>
// CHECK-NEXT:  %{{.*}} = loop.reinterpret %[[I]] : !loop.buffer<[3, 5], i64, strides [1, 3]> to !loop.buffer<[5, 3], i64, strides [3, 1]>
// CHECK-NOT:   kernel.extern

// TRITON:      def _sort_round(x, idx, rnumel, flip, k: tl.constexpr, n: tl.constexpr, descending: tl.constexpr):
// TRITON:      def _sort_rows(x, rnumel, descending: tl.constexpr):
// TRITON:      def triton_per_fused_argsort_sort_0(
// TRITON:        _sort_rows(tmp{{[0-9]+}}, rnumel, True)[0]
// TRITON:        _sort_rows(tmp{{[0-9]+}}, rnumel, True)[1]

// -----

// sort.stable of bools along the last dim sorts i8 and converts the values back; a row longer than 512 stays
// an extern.
func.func @stable(%b: !aten.tensor<[4, 6], i1, strides [6, 1]>, %y: !aten.tensor<[2, 600], f32, strides [600, 1]>) -> (!aten.tensor<[4, 6], i1, strides [6, 1]>, !aten.tensor<[4, 6], i64, strides [6, 1]>, !aten.tensor<[2, 600], f32, strides [600, 1]>, !aten.tensor<[2, 600], i64, strides [600, 1]>) {
  %v, %i = aten.fallback "aten::sort.stable"(%b) {args = [#aten.operand<0>], kwargs = {stable = true}} : (!aten.tensor<[4, 6], i1, strides [6, 1]>) -> (!aten.tensor<[4, 6], i1, strides [6, 1]>, !aten.tensor<[4, 6], i64, strides [6, 1]>)
  %w, %j = aten.fallback "aten::sort.stable"(%y) {args = [#aten.operand<0>], kwargs = {stable = true}} : (!aten.tensor<[2, 600], f32, strides [600, 1]>) -> (!aten.tensor<[2, 600], f32, strides [600, 1]>, !aten.tensor<[2, 600], i64, strides [600, 1]>)
  func.return %v, %i, %w, %j : !aten.tensor<[4, 6], i1, strides [6, 1]>, !aten.tensor<[4, 6], i64, strides [6, 1]>, !aten.tensor<[2, 600], f32, strides [600, 1]>, !aten.tensor<[2, 600], i64, strides [600, 1]>
}

// CHECK-LABEL: func.func @stable
// CHECK:       loop.scan sort ranges [4, 6] {
// CHECK:         loop.cast %{{.*}} : i1 to i8
// CHECK:       } : !loop.buffer<[4, 6], i8, strides [6, 1]>
// CHECK:       loop.scan argsort ranges [4, 6] {
// CHECK:       loop.pointwise ranges [4, 6] {
// CHECK:         loop.cast %{{.*}} : i8 to i1
// CHECK:       kernel.extern "aten::sort.stable"
