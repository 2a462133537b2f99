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

// Bessel K and Airy Ai have no libdevice function: ATen's Chebyshev and rational expansions, each region a
// select (K: the series up to 2, then the expansion in 8 / x; NaN below 0, inf at 0), and Ai's Maclaurin
// series unrolled to 20 steps, each step's sums kept once ATen's loop would have stopped.
func.func @bessel_k_airy(%x: !aten.tensor<[7], f32, strides [1]>) -> (!aten.tensor<[7], f32>, !aten.tensor<[7], f32>) {
  %k = aten.scaled_modified_bessel_k1 %x : (!aten.tensor<[7], f32, strides [1]>) -> !aten.tensor<[7], f32>
  %a = aten.airy_ai %x : (!aten.tensor<[7], f32, strides [1]>) -> !aten.tensor<[7], f32>
  func.return %k, %a : !aten.tensor<[7], f32>, !aten.tensor<[7], f32>
}

// CHECK-LABEL: func.func @bessel_k_airy
// CHECK:         %k = loop.pointwise ranges [7] {
// CHECK:           %[[X:.*]] = loop.load %x
// CHECK:           %[[EXP:.*]] = math.exp %[[X]] : f32
// CHECK:           math.log %{{.*}} : f32
// CHECK:           %[[NEAR:.*]] = arith.mulf %{{.*}}, %[[EXP]] : f32
// CHECK:           %[[SMALL:.*]] = arith.cmpf ole, %[[X]], %{{.*}} : f32
// CHECK-NEXT:      %[[V:.*]] = arith.select %[[SMALL]], %[[NEAR]], %{{.*}} : f32
// CHECK:           %[[NEG:.*]] = arith.cmpf olt, %[[X]], %{{.*}} : f32
// CHECK:           %[[NAN:.*]] = arith.constant 0x7fc00000 : f32
// CHECK-NEXT:      %[[V2:.*]] = arith.select %[[NEG]], %[[NAN]], %[[V]] : f32
// CHECK:           %[[ZERO:.*]] = arith.cmpf oeq, %[[X]], %{{.*}} : f32
// CHECK:           arith.select %[[ZERO]], %{{.*}}, %[[V2]] : f32
// CHECK:         %a = loop.pointwise ranges [7] {
// CHECK:           math.exp
// CHECK-COUNT-20:  arith.andi %{{.*}}, %{{.*}} : i1
// CHECK-NOT:       arith.andi
// CHECK:           math.sin
// CHECK:           math.cos
// CHECK:           loop.yield

// Hurwitz's zeta as ATen's CPU kernel computes it: q^-x in f32, then the direct sum in f64 as a loop.while
// (each element until i >= 9 and a > 9, or until a term is below MACHEP times the sum), then the
// Euler-Maclaurin terms unrolled, rounded back to f32.
func.func @zeta(%x: !aten.tensor<[5], f32, strides [1]>, %q: !aten.tensor<[5], f32, strides [1]>) -> !aten.tensor<[5], f32> {
  %z = aten.zeta %x, %q : (!aten.tensor<[5], f32, strides [1]>, !aten.tensor<[5], f32, strides [1]>) -> !aten.tensor<[5], f32>
  func.return %z : !aten.tensor<[5], f32>
}

// CHECK-LABEL: func.func @zeta
// CHECK:         %[[FIRST:.*]] = math.powf %{{.*}}, %{{.*}} : f32
// CHECK:         loop.while %{{.*}} : i64, f64, f64, f64, i1 {
// CHECK:           loop.condition
// CHECK-NEXT:    } do {
// CHECK:           math.powf %{{.*}}, %{{.*}} : f64
// CHECK:         loop.cast %{{.*}} : f64 to f32
