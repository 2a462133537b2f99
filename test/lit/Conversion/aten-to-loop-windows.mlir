// RUN: irc-opt %s -p convert-aten-to-loop --split-input-file | filecheck %s

// cat: a pointwise that picks, per position, the input whose slice holds it; each input is a masked (gather)
// load at the position shifted by its offset; a legacy 1-D empty input (torch.tensor([])) adds nothing.
func.func @cat(%x: !aten.tensor<[2, 3], f32, strides [3, 1]>, %y: !aten.tensor<[2, 5], f16, strides [5, 1]>, %e: !aten.tensor<[0], f32, strides [1]>) -> !aten.tensor<[2, 8], f32, strides [8, 1]> {
  %c = aten.fallback "aten::cat.default"(%e, %x, %y) {args = [[#aten.operand<0>, #aten.operand<1>, #aten.operand<2>], 1 : i64]} : (!aten.tensor<[0], f32, strides [1]>, !aten.tensor<[2, 3], f32, strides [3, 1]>, !aten.tensor<[2, 5], f16, strides [5, 1]>) -> !aten.tensor<[2, 8], f32, strides [8, 1]>
  func.return %c : !aten.tensor<[2, 8], f32, strides [8, 1]>
}

// CHECK-LABEL: func.func @cat
// CHECK-NEXT:    %c = loop.pointwise ranges [2, 8] {
// CHECK-NEXT:      %[[P0:.*]] = loop.index #loop.index<"i1"> : i64
// CHECK-NEXT:      %[[A:.*]] = loop.load %x[#loop.index<"3*i0 + t0">] gather(%[[P0]] : i64) bounds [3] : !loop.buffer<[2, 3], f32, strides [3, 1]>
// CHECK-NEXT:      %[[P1:.*]] = loop.index #loop.index<"i1 - 3"> : i64
// CHECK-NEXT:      %[[B:.*]] = loop.load %y[#loop.index<"5*i0 + t0">] gather(%[[P1]] : i64) bounds [5] : !loop.buffer<[2, 5], f16, strides [5, 1]>
// CHECK-NEXT:      %[[BF:.*]] = loop.cast %[[B]] : f16 to f32
// CHECK-NEXT:      %[[Z:.*]] = arith.constant 0 : i64
// CHECK-NEXT:      %[[BEFORE:.*]] = arith.cmpi slt, %[[P1]], %[[Z]] : i64
// CHECK-NEXT:      %[[V:.*]] = arith.select %[[BEFORE]], %[[A]], %[[BF]] : f32
// CHECK-NEXT:      loop.yield %[[V]] : f32
// CHECK-NEXT:    } : !loop.buffer<[2, 8], f32, strides [8, 1]>

// -----

// constant_pad_nd: masked loads at (i - before) on the padded dims, the value where that is outside the input
// (a negative pad crops); a zero value needs no select, the masked load reads 0.
func.func @pad(%x: !aten.tensor<[2, 3, 4], f32, strides [12, 4, 1]>) -> (!aten.tensor<[2, 4, 3], f32, strides [12, 3, 1]>, !aten.tensor<[2, 3, 6], f32, strides [18, 6, 1]>) {
  %p = aten.fallback "aten::constant_pad_nd.default"(%x) {args = [#aten.operand<0>, [1, -2, 0, 1], 1.5 : f64]} : (!aten.tensor<[2, 3, 4], f32, strides [12, 4, 1]>) -> !aten.tensor<[2, 4, 3], f32, strides [12, 3, 1]>
  %q = aten.fallback "aten::constant_pad_nd.default"(%x) {args = [#aten.operand<0>, [1, 1]]} : (!aten.tensor<[2, 3, 4], f32, strides [12, 4, 1]>) -> !aten.tensor<[2, 3, 6], f32, strides [18, 6, 1]>
  func.return %p, %q : !aten.tensor<[2, 4, 3], f32, strides [12, 3, 1]>, !aten.tensor<[2, 3, 6], f32, strides [18, 6, 1]>
}

// CHECK-LABEL: func.func @pad
// CHECK-NEXT:    %p = loop.pointwise ranges [2, 4, 3] {
// CHECK-NEXT:      %[[W:.*]] = loop.index #loop.index<"i2 - 1"> : i64
// CHECK-NEXT:      %[[H:.*]] = loop.index #loop.index<"i1"> : i64
// CHECK-NEXT:      %[[V:.*]] = loop.load %x[#loop.index<"12*i0 + 4*t0 + t1">] gather(%[[H]], %[[W]] : i64, i64) bounds [3, 4]
// CHECK:           %[[F:.*]] = arith.constant 1.500000e+00 : f32
// CHECK-NEXT:      %[[R:.*]] = arith.select %{{.*}}, %[[V]], %[[F]] : f32
// CHECK-NEXT:      loop.yield %[[R]] : f32
// CHECK-NEXT:    } : !loop.buffer<[2, 4, 3], f32, strides [12, 3, 1]>
// CHECK-NEXT:    %q = loop.pointwise ranges [2, 3, 6] {
// CHECK-NEXT:      %[[W:.*]] = loop.index #loop.index<"i2 - 1"> : i64
// CHECK-NEXT:      %[[V:.*]] = loop.load %x[#loop.index<"12*i0 + 4*i1 + t0">] gather(%[[W]] : i64) bounds [4]
// CHECK-NEXT:      loop.yield %[[V]] : f32

// -----

// max_pool2d_with_indices on a channels_last input: one masked load per window position (-inf outside),
// the first maximum kept (a NaN wins); the indices (h * W + w of it) are a second pointwise; both results have
// the layout eager gives them.
func.func @max_pool(%x: !aten.tensor<[1, 2, 5, 5], f32, strides [50, 1, 10, 2]>) -> (!aten.tensor<[1, 2, 3, 3], f32, strides [18, 1, 6, 2]>, !aten.tensor<[1, 2, 3, 3], i64, strides [18, 1, 6, 2]>) {
  %v, %i = aten.fallback "aten::max_pool2d_with_indices.default"(%x) {args = [#aten.operand<0>, [2, 2], [2, 2], [1, 1]]} : (!aten.tensor<[1, 2, 5, 5], f32, strides [50, 1, 10, 2]>) -> (!aten.tensor<[1, 2, 3, 3], f32, strides [18, 1, 6, 2]>, !aten.tensor<[1, 2, 3, 3], i64, strides [18, 1, 6, 2]>)
  func.return %v, %i : !aten.tensor<[1, 2, 3, 3], f32, strides [18, 1, 6, 2]>, !aten.tensor<[1, 2, 3, 3], i64, strides [18, 1, 6, 2]>
}

// CHECK-LABEL: func.func @max_pool
// CHECK-NEXT:    %v = loop.pointwise ranges [1, 2, 3, 3] {
// CHECK-NEXT:      %[[H:.*]] = loop.index #loop.index<"2*i2 - 1"> : i64
// CHECK-NEXT:      %[[W:.*]] = loop.index #loop.index<"2*i3 - 1"> : i64
// CHECK-NEXT:      %{{.*}} = loop.load %x[#loop.index<"50*i0 + i1 + 10*t0 + 2*t1">] gather(%[[H]], %[[W]] : i64, i64) bounds [5, 5]
// CHECK:           arith.constant 0xff800000 : f32
// CHECK:           arith.cmpf ogt
// CHECK-NEXT:      arith.cmpf uno
// CHECK-NEXT:      arith.ori
// CHECK:         } : !loop.buffer<[1, 2, 3, 3], f32, strides [18, 1, 6, 2]>
// CHECK-NEXT:    %i = loop.pointwise ranges [1, 2, 3, 3] {
// CHECK:           loop.index #loop.index<"10*i2 + 2*i3 - 6"> : i64
// CHECK:         } : !loop.buffer<[1, 2, 3, 3], i64, strides [18, 1, 6, 2]>

// -----

// avg_pool2d_backward, 2x2 windows of stride 2 inside the input: each input position takes grad / 4 from the
// one output whose window holds it (a masked load of grad_out, 0 outside it).
func.func @avg_pool_backward(%g: !aten.tensor<[1, 4, 4], f32, strides [16, 4, 1]>, %x: !aten.tensor<[1, 8, 8], f32, strides [64, 8, 1]>) -> !aten.tensor<[1, 8, 8], f32, strides [64, 8, 1]> {
  %d = aten.fallback "aten::avg_pool2d_backward.default"(%g, %x) {args = [#aten.operand<0>, #aten.operand<1>, [2, 2], [2, 2], [0, 0], false, true, unit]} : (!aten.tensor<[1, 4, 4], f32, strides [16, 4, 1]>, !aten.tensor<[1, 8, 8], f32, strides [64, 8, 1]>) -> !aten.tensor<[1, 8, 8], f32, strides [64, 8, 1]>
  func.return %d : !aten.tensor<[1, 8, 8], f32, strides [64, 8, 1]>
}

// CHECK-LABEL: func.func @avg_pool_backward
// CHECK-NEXT:    %d = loop.pointwise ranges [1, 8, 8] {
// CHECK:           %[[OH:.*]] = loop.index #loop.index<"FloorDiv(i1, 2)"> : i64
// CHECK-NEXT:      %[[OW:.*]] = loop.index #loop.index<"FloorDiv(i2, 2)"> : i64
// CHECK-NEXT:      %[[G:.*]] = loop.load %g[#loop.index<"16*i0 + 4*t0 + t1">] gather(%[[OH]], %[[OW]] : i64, i64) bounds [4, 4]
// CHECK:           %[[N:.*]] = arith.constant 4.000000e+00 : f32
// CHECK-NEXT:      %{{.*}} = arith.divf %[[G]], %[[N]] : f32
// CHECK:         } : !loop.buffer<[1, 8, 8], f32, strides [64, 8, 1]>
