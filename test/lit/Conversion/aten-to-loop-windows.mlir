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

// max_pool2d_with_indices on a channels_last input: one masked load per window position, -inf where it is
// outside x; a later value wins when greater or NaN (eager's first maximum). The indices (h * W + w of it) are a
// second pointwise that skips outside positions by a flag instead (`seen`: the first position inside is kept
// whatever it holds, as eager's loops start there); both results have the layout eager gives them.
func.func @max_pool(%x: !aten.tensor<[1, 2, 5, 5], f32, strides [50, 1, 10, 2]>) -> (!aten.tensor<[1, 2, 3, 3], f32, strides [18, 1, 6, 2]>, !aten.tensor<[1, 2, 3, 3], i64, strides [18, 1, 6, 2]>) {
  %v, %i = aten.fallback "aten::max_pool2d_with_indices.default"(%x) {args = [#aten.operand<0>, [2, 2], [2, 2], [1, 1]]} : (!aten.tensor<[1, 2, 5, 5], f32, strides [50, 1, 10, 2]>) -> (!aten.tensor<[1, 2, 3, 3], f32, strides [18, 1, 6, 2]>, !aten.tensor<[1, 2, 3, 3], i64, strides [18, 1, 6, 2]>)
  func.return %v, %i : !aten.tensor<[1, 2, 3, 3], f32, strides [18, 1, 6, 2]>, !aten.tensor<[1, 2, 3, 3], i64, strides [18, 1, 6, 2]>
}

// CHECK-LABEL: func.func @max_pool
// CHECK-NEXT:    %v = loop.pointwise ranges [1, 2, 3, 3] {
// CHECK-NEXT:      %[[LOW:.*]] = arith.constant 0xff800000 : f32
// CHECK-NEXT:      %[[H:.*]] = loop.index #loop.index<"2*i2 - 1"> : i64
// CHECK-NEXT:      %[[W:.*]] = loop.index #loop.index<"2*i3 - 1"> : i64
// CHECK-NEXT:      %[[X0:.*]] = loop.load %x[#loop.index<"50*i0 + i1 + 10*t0 + 2*t1">] gather(%[[H]], %[[W]] : i64, i64) bounds [5, 5]
// CHECK:           %[[V0:.*]] = arith.select %{{.*}}, %[[X0]], %[[LOW]] : f32
// CHECK:           %[[V1:.*]] = arith.select %{{.*}}, %{{.*}}, %[[LOW]] : f32
// CHECK-NEXT:      %[[GT:.*]] = arith.cmpf ogt, %[[V1]], %[[V0]] : f32
// CHECK-NEXT:      %[[NAN:.*]] = arith.cmpf uno, %[[V1]], %[[V1]] : f32
// CHECK-NEXT:      %[[TAKE:.*]] = arith.ori %[[GT]], %[[NAN]] : i1
// CHECK-NEXT:      arith.select %[[TAKE]], %[[V1]], %[[V0]] : f32
// CHECK:         } : !loop.buffer<[1, 2, 3, 3], f32, strides [18, 1, 6, 2]>
// CHECK-NEXT:    %i = loop.pointwise ranges [1, 2, 3, 3] {
// CHECK:           %[[AT0:.*]] = loop.index #loop.index<"10*i2 + 2*i3 - 6"> : i64
// CHECK:           %[[AT1:.*]] = loop.index #loop.index<"10*i2 + 2*i3 - 5"> : i64
// CHECK:           %[[GT:.*]] = arith.cmpf ogt
// CHECK-NEXT:      %[[NAN:.*]] = arith.cmpf uno
// CHECK-NEXT:      %[[BETTER:.*]] = arith.ori %[[GT]], %[[NAN]] : i1
// CHECK-NEXT:      %[[TRUE:.*]] = arith.constant true
// CHECK-NEXT:      %[[UNSEEN:.*]] = arith.xori %[[SEEN:[^,]*]], %[[TRUE]] : i1
// CHECK-NEXT:      %[[ANY:.*]] = arith.ori %[[BETTER]], %[[UNSEEN]] : i1
// CHECK-NEXT:      arith.ori %[[SEEN]], %[[IN1:[^ ]*]] : i1
// CHECK-NEXT:      %[[TAKE:.*]] = arith.andi %[[ANY]], %[[IN1]] : i1
// CHECK-NEXT:      arith.select %[[TAKE]], %{{.*}}, %{{.*}} : f32
// CHECK-NEXT:      arith.select %[[TAKE]], %[[AT1]], %[[AT0]] : i64
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

// -----

// avg_pool2d of int64 (eager's CPU kernel): an i64 sum divided truncating toward zero (arith.divsi), no float.
func.func @avg_pool_int(%x: !aten.tensor<[2, 3, 4], i64, strides [12, 4, 1]>) -> !aten.tensor<[2, 2, 2], i64, strides [4, 2, 1]> {
  %a = aten.fallback "aten::avg_pool2d.default"(%x) {args = [#aten.operand<0>, [2, 2], [1, 2]]} : (!aten.tensor<[2, 3, 4], i64, strides [12, 4, 1]>) -> !aten.tensor<[2, 2, 2], i64, strides [4, 2, 1]>
  func.return %a : !aten.tensor<[2, 2, 2], i64, strides [4, 2, 1]>
}

// CHECK-LABEL: func.func @avg_pool_int
// CHECK-NEXT:    %a = loop.pointwise ranges [2, 2, 2] {
// CHECK-NEXT:      %[[A:.*]] = loop.load %x[#loop.index<"12*i0 + 4*i1 + 2*i2">]
// CHECK-NEXT:      %[[B:.*]] = loop.load %x[#loop.index<"12*i0 + 4*i1 + 2*i2 + 1">]
// CHECK-NEXT:      %{{.*}} = arith.addi %[[A]], %[[B]] : i64
// CHECK:           loop.load %x[#loop.index<"12*i0 + 4*i1 + 2*i2 + 5">]
// CHECK-NEXT:      %[[S:.*]] = arith.addi %{{.*}}, %{{.*}} : i64
// CHECK-NEXT:      %[[N:.*]] = arith.constant 4 : i64
// CHECK-NEXT:      %[[Q:.*]] = arith.divsi %[[S]], %[[N]] : i64
// CHECK-NEXT:      loop.yield %[[Q]] : i64

// -----

// avg_pool3d with padding and count_include_pad=false: masked loads over three spatial dims, the divisor the
// product of the three clipped window extents.
func.func @avg_pool3d(%x: !aten.tensor<[1, 2, 3, 4, 5], f32, strides [120, 60, 20, 5, 1]>) -> !aten.tensor<[1, 2, 2, 2, 3], f32, strides [24, 12, 6, 3, 1]> {
  %a = aten.fallback "aten::avg_pool3d.default"(%x) {args = [#aten.operand<0>, [2, 2, 2], [2, 2, 2], [1, 0, 1], false, false]} : (!aten.tensor<[1, 2, 3, 4, 5], f32, strides [120, 60, 20, 5, 1]>) -> !aten.tensor<[1, 2, 2, 2, 3], f32, strides [24, 12, 6, 3, 1]>
  func.return %a : !aten.tensor<[1, 2, 2, 2, 3], f32, strides [24, 12, 6, 3, 1]>
}

// CHECK-LABEL: func.func @avg_pool3d
// CHECK-NEXT:    %a = loop.pointwise ranges [1, 2, 2, 2, 3] {
// CHECK-NEXT:      %[[D:.*]] = loop.index #loop.index<"2*i2 - 1"> : i64
// CHECK-NEXT:      %[[H:.*]] = loop.index #loop.index<"2*i3"> : i64
// CHECK-NEXT:      %[[W:.*]] = loop.index #loop.index<"2*i4 - 1"> : i64
// CHECK-NEXT:      loop.load %x[#loop.index<"120*i0 + 60*i1 + 20*t0 + 5*t1 + t2">] gather(%[[D]], %[[H]], %[[W]] : i64, i64, i64) bounds [3, 4, 5]
// CHECK-COUNT-7:   loop.load %x
// CHECK:           arith.maxsi %[[D]]
// CHECK:           %[[DH:.*]] = arith.muli
// CHECK:           %[[DHW:.*]] = arith.muli %[[DH]], %{{.*}} : i64
// CHECK-NEXT:      %[[N:.*]] = arith.sitofp %[[DHW]] : i64 to f32
// CHECK-NEXT:      arith.divf %{{.*}}, %[[N]] : f32

// -----

// adaptive_max_pool2d, 5 rows into 3 (windows [0, 2), [1, 4), [3, 5)): the longest window (3) unrolled, the
// positions past a shorter window's end -inf for the values and skipped for the indices (h * 3 + w).
func.func @adaptive_max(%x: !aten.tensor<[2, 5, 3], f32, strides [15, 3, 1]>) -> (!aten.tensor<[2, 3, 3], f32, strides [9, 3, 1]>, !aten.tensor<[2, 3, 3], i64, strides [9, 3, 1]>) {
  %v, %i = aten.fallback "aten::adaptive_max_pool2d.default"(%x) {args = [#aten.operand<0>, [3, 3]]} : (!aten.tensor<[2, 5, 3], f32, strides [15, 3, 1]>) -> (!aten.tensor<[2, 3, 3], f32, strides [9, 3, 1]>, !aten.tensor<[2, 3, 3], i64, strides [9, 3, 1]>)
  func.return %v, %i : !aten.tensor<[2, 3, 3], f32, strides [9, 3, 1]>, !aten.tensor<[2, 3, 3], i64, strides [9, 3, 1]>
}

// CHECK-LABEL: func.func @adaptive_max
// CHECK-NEXT:    %v = loop.pointwise ranges [2, 3, 3] {
// CHECK-NEXT:      %[[LOW:.*]] = arith.constant 0xff800000 : f32
// CHECK-NEXT:      %[[H0:.*]] = loop.index #loop.index<"FloorDiv(5*i1, 3)"> : i64
// CHECK:           %[[LEFT:.*]] = loop.index #loop.index<"-FloorDiv(5*i1, 3) + FloorDiv(5*i1 + 7, 3) - 1"> : i64
// CHECK-NEXT:      %[[IN:.*]] = arith.cmpi sgt, %[[LEFT]], %{{.*}} : i64
// CHECK-NEXT:      %[[H1:.*]] = loop.index #loop.index<"FloorDiv(5*i1, 3) + 1"> : i64
// CHECK-NEXT:      %[[X1:.*]] = loop.load %x[#loop.index<"15*i0 + 3*t0 + t1">] gather(%[[H1]], %{{.*}} : i64, i64) bounds [5, 3]
// CHECK-NEXT:      arith.select %[[IN]], %[[X1]], %[[LOW]] : f32
// CHECK:         } : !loop.buffer<[2, 3, 3], f32, strides [9, 3, 1]>
// CHECK-NEXT:    %i = loop.pointwise ranges [2, 3, 3] {
// CHECK:           %[[AT0:.*]] = loop.index #loop.index<"i2 + 3*FloorDiv(5*i1, 3)"> : i64
// CHECK:           %[[IN:.*]] = arith.cmpi sgt
// CHECK:           %[[AT1:.*]] = loop.index #loop.index<"i2 + 3*FloorDiv(5*i1, 3) + 3"> : i64
// CHECK:           %[[BETTER:.*]] = arith.ori
// CHECK-NEXT:      %[[TAKE:.*]] = arith.andi %[[BETTER]], %[[IN]] : i1
// CHECK-NEXT:      arith.select %[[TAKE]]
// CHECK-NEXT:      arith.select %[[TAKE]], %[[AT1]], %[[AT0]] : i64
// CHECK:         } : !loop.buffer<[2, 3, 3], i64, strides [9, 3, 1]>

// -----

// avg_pool2d with a window longer than the unrolled limit (12 x 12): a sum reduction over the window's
// positions (r0, r1), then a pointwise dividing each sum.
func.func @avg_pool_long(%x: !aten.tensor<[1, 12, 12], f32, strides [144, 12, 1]>) -> !aten.tensor<[1, 1, 1], f32, strides [1, 1, 1]> {
  %a = aten.fallback "aten::avg_pool2d.default"(%x) {args = [#aten.operand<0>, [12, 12]]} : (!aten.tensor<[1, 12, 12], f32, strides [144, 12, 1]>) -> !aten.tensor<[1, 1, 1], f32, strides [1, 1, 1]>
  func.return %a : !aten.tensor<[1, 1, 1], f32, strides [1, 1, 1]>
}

// CHECK-LABEL: func.func @avg_pool_long
// CHECK-NEXT:    %[[S:.*]] = loop.reduction sum ranges [1, 1, 1] reduce [12, 12] {
// CHECK-NEXT:      %[[V:.*]] = loop.load %x[#loop.index<"144*i0 + 144*i1 + 12*i2 + 12*r0 + r1">]
// CHECK-NEXT:      loop.yield %[[V]] : f32
// CHECK-NEXT:    } : !loop.buffer<[1, 1, 1], f32, strides [1, 1, 1]>
// CHECK-NEXT:    %{{.*}} = loop.pointwise ranges [1, 1, 1] {
// CHECK-NEXT:      %[[T:.*]] = loop.load %[[S]]
// CHECK-NEXT:      %[[N:.*]] = arith.constant 1.440000e+02 : f32
// CHECK-NEXT:      %[[Q:.*]] = arith.divf %[[T]], %[[N]] : f32
// CHECK-NEXT:      loop.yield %[[Q]] : f32

// -----

// adaptive_max_pool2d over windows longer than the unrolled limit (global, 9 x 9): a max reduction (-inf
// where a position is outside its window; none here), then a min reduction of keys naming eager's index: the
// position holding the maximum, or NO_POSITION - position of a NaN when the maximum is NaN (the last NaN wins);
// the indices undo that key.
func.func @adaptive_max_global(%x: !aten.tensor<[2, 9, 9], f32, strides [81, 9, 1]>) -> (!aten.tensor<[2, 1, 1], f32, strides [1, 1, 1]>, !aten.tensor<[2, 1, 1], i64, strides [1, 1, 1]>) {
  %v, %i = aten.fallback "aten::adaptive_max_pool2d.default"(%x) {args = [#aten.operand<0>, [1, 1]]} : (!aten.tensor<[2, 9, 9], f32, strides [81, 9, 1]>) -> (!aten.tensor<[2, 1, 1], f32, strides [1, 1, 1]>, !aten.tensor<[2, 1, 1], i64, strides [1, 1, 1]>)
  func.return %v, %i : !aten.tensor<[2, 1, 1], f32, strides [1, 1, 1]>, !aten.tensor<[2, 1, 1], i64, strides [1, 1, 1]>
}

// CHECK-LABEL: func.func @adaptive_max_global
// CHECK-NEXT:    %[[MAX:.*]] = loop.reduction max ranges [2, 1, 1] reduce [9, 9] {
// CHECK:           %[[X:.*]] = loop.load %x[#loop.index<"81*i0 + 9*t0 + t1">] gather
// CHECK-NEXT:      loop.yield %[[X]] : f32
// CHECK-NEXT:    } : !loop.buffer<[2, 1, 1], f32, strides [1, 1, 1]>
// CHECK-NEXT:    %[[KEYS:.*]] = loop.reduction min ranges [2, 1, 1] reduce [9, 9] {
// CHECK:           %[[V:.*]] = loop.load %x
// CHECK-NEXT:      %[[M:.*]] = loop.load %[[MAX]][#loop.index<"i0 + i1 + i2">]
// CHECK-NEXT:      %[[P:.*]] = loop.index #loop.index<"81*i1 + 9*i2 + 9*r0 + r1"> : i64
// CHECK-NEXT:      %[[NONE:.*]] = arith.constant 4611686018427387904 : i64
// CHECK-NEXT:      %[[LAST:.*]] = arith.subi %[[NONE]], %[[P]] : i64
// CHECK-NEXT:      %[[NAN:.*]] = arith.cmpf uno, %[[V]], %[[V]] : f32
// CHECK-NEXT:      %[[K1:.*]] = arith.select %[[NAN]], %[[LAST]], %[[NONE]] : i64
// CHECK-NEXT:      %[[EQ:.*]] = arith.cmpf oeq, %[[V]], %[[M]] : f32
// CHECK-NEXT:      %[[K2:.*]] = arith.select %[[EQ]], %[[P]], %[[NONE]] : i64
// CHECK-NEXT:      %[[MNAN:.*]] = arith.cmpf uno, %[[M]], %[[M]] : f32
// CHECK-NEXT:      %[[K:.*]] = arith.select %[[MNAN]], %[[K1]], %[[K2]] : i64
// CHECK-NEXT:      loop.yield %[[K]] : i64
// CHECK-NEXT:    } : !loop.buffer<[2, 1, 1], i64, strides [1, 1, 1]>
// CHECK-NEXT:    %{{.*}} = loop.pointwise ranges [2, 1, 1] {
// CHECK-NEXT:      loop.load %[[MAX]]
// CHECK:         %i = loop.pointwise ranges [2, 1, 1] {
// CHECK-NEXT:      %[[KEY:.*]] = loop.load %[[KEYS]]
// CHECK:           arith.subi %{{.*}}, %[[KEY]] : i64
