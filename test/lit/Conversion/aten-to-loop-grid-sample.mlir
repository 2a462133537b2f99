// RUN: irc-opt %s -p convert-aten-to-loop --split-input-file | filecheck %s

// grid_sampler_3d, nearest with border padding: each grid coordinate (x, y, z: W, H, D) unnormalized
// (align_corners=false: ((g + 1) * size - 1) / 2) and clipped to [0, size - 1], rounded half to even; the input
// read by one gather load at (z, y, x).
func.func @grid_nearest(%x: !aten.tensor<[1, 2, 3, 4, 5], f32, strides [120, 60, 20, 5, 1]>, %g: !aten.tensor<[1, 2, 2, 2, 3], f32, strides [24, 12, 6, 3, 1]>) -> !aten.tensor<[1, 2, 2, 2, 2], f32, strides [16, 8, 4, 2, 1]> {
  %y = aten.fallback "aten::grid_sampler_3d.default"(%x, %g) {args = [#aten.operand<0>, #aten.operand<1>, 1 : i64, 1 : i64, false]} : (!aten.tensor<[1, 2, 3, 4, 5], f32, strides [120, 60, 20, 5, 1]>, !aten.tensor<[1, 2, 2, 2, 3], f32, strides [24, 12, 6, 3, 1]>) -> !aten.tensor<[1, 2, 2, 2, 2], f32, strides [16, 8, 4, 2, 1]>
  func.return %y : !aten.tensor<[1, 2, 2, 2, 2], f32, strides [16, 8, 4, 2, 1]>
}

// CHECK-LABEL: func.func @grid_nearest
// CHECK-NEXT:    %y = loop.pointwise ranges [1, 2, 2, 2, 2] {
// CHECK-NEXT:      %[[GX:.*]] = loop.load %g[#loop.index<"24*i0 + 12*i2 + 6*i3 + 3*i4">]
// CHECK-NEXT:      %[[ONE:.*]] = arith.constant 1.000000e+00 : f32
// CHECK-NEXT:      %[[A:.*]] = arith.addf %[[GX]], %[[ONE]] : f32
// CHECK-NEXT:      %[[W:.*]] = arith.constant 5.000000e+00 : f32
// CHECK-NEXT:      %[[B:.*]] = arith.mulf %[[A]], %[[W]] : f32
// CHECK-NEXT:      %[[C:.*]] = arith.subf %[[B]], %[[ONE]] : f32
// CHECK:           arith.divf %[[C]]
// CHECK:           %[[HIGH:.*]] = arith.constant 4.000000e+00 : f32
// CHECK-NEXT:      arith.cmpf olt, %[[HIGH]]
// CHECK-NEXT:      %[[IX:.*]] = arith.select
// CHECK:           loop.load %g[#loop.index<"24*i0 + 12*i2 + 6*i3 + 3*i4 + 1">]
// CHECK:           loop.load %g[#loop.index<"24*i0 + 12*i2 + 6*i3 + 3*i4 + 2">]
// CHECK:           %[[RZ:.*]] = math.roundeven %{{.*}} : f32
// CHECK-NEXT:      %[[Z:.*]] = loop.cast %[[RZ]] : f32 to i64
// CHECK:           %[[RX:.*]] = math.roundeven %[[IX]] : f32
// CHECK-NEXT:      %[[X:.*]] = loop.cast %[[RX]] : f32 to i64
// CHECK-NEXT:      %[[V:.*]] = loop.load %x[#loop.index<"120*i0 + 60*i1 + 20*t0 + 5*t1 + t2">] gather(%[[Z]], %{{.*}}, %[[X]] : i64, i64, i64) bounds [3, 4, 5]
// CHECK-NEXT:      loop.yield %[[V]] : f32

// -----

// grid_sampler_3d, trilinear with zero padding: 8 gather loads at floor(i) + 0 / 1 per dim, each times its weight
// (x, y, z factors), skipped where the corner is outside the input.
func.func @grid_trilinear(%x: !aten.tensor<[1, 2, 3, 4, 5], f32, strides [120, 60, 20, 5, 1]>, %g: !aten.tensor<[1, 2, 2, 2, 3], f32, strides [24, 12, 6, 3, 1]>) -> !aten.tensor<[1, 2, 2, 2, 2], f32, strides [16, 8, 4, 2, 1]> {
  %y = aten.fallback "aten::grid_sampler_3d.default"(%x, %g) {args = [#aten.operand<0>, #aten.operand<1>, 0 : i64, 0 : i64, true]} : (!aten.tensor<[1, 2, 3, 4, 5], f32, strides [120, 60, 20, 5, 1]>, !aten.tensor<[1, 2, 2, 2, 3], f32, strides [24, 12, 6, 3, 1]>) -> !aten.tensor<[1, 2, 2, 2, 2], f32, strides [16, 8, 4, 2, 1]>
  func.return %y : !aten.tensor<[1, 2, 2, 2, 2], f32, strides [16, 8, 4, 2, 1]>
}

// CHECK-LABEL: func.func @grid_trilinear
// CHECK:           %[[FX:.*]] = math.floor
// CHECK-NEXT:      %[[FY:.*]] = math.floor
// CHECK-NEXT:      %[[FZ:.*]] = math.floor
// CHECK-COUNT-8:   loop.load %x[#loop.index<"120*i0 + 60*i1 + 20*t0 + 5*t1 + t2">] gather
// CHECK-NOT:       loop.load
// CHECK:           loop.yield
