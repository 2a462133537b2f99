// RUN: irc-opt %s -p convert-aten-to-loop | filecheck %s

// digamma has no libdevice function: ATen's algorithm without branches, ten recurrence steps as selects, the
// asymptotic series, the reflection for negative x with its tangent in f64, NaN at the poles, -inf / +inf at
// +0 / -0.
func.func @digamma(%x: !aten.tensor<[7], f16, strides [1]>) -> !aten.tensor<[7], f16> {
  %d = aten.digamma %x : (!aten.tensor<[7], f16, strides [1]>) -> !aten.tensor<[7], f16>
  func.return %d : !aten.tensor<[7], f16>
}

// CHECK-LABEL: func.func @digamma
// CHECK-NEXT:    %d = loop.pointwise ranges [7] {
// CHECK-NEXT:      %[[H:.*]] = loop.load %x[#loop.index<"i0">] : !loop.buffer<[7], f16, strides [1]>
// CHECK-NEXT:      %[[X:.*]] = loop.cast %[[H]] : f16 to f32
// CHECK-COUNT-10:  arith.cmpf olt, %{{.*}}, %{{.*}} : f32
// CHECK:           math.log %{{.*}} : f32
// CHECK:           %[[X64:.*]] = loop.cast %[[X]] : f32 to f64
// CHECK-NEXT:      math.trunc %[[X64]] : f64
// CHECK:           math.tan %{{.*}} : f64
// CHECK:           %[[AT0:.*]] = arith.divf %{{.*}}, %[[X]] : f32
// CHECK:           arith.select %{{.*}}, %[[AT0]], %{{.*}} : f32
// CHECK:           %[[R:.*]] = loop.cast %{{.*}} : f32 to f16
// CHECK-NEXT:      loop.yield %[[R]] : f16
