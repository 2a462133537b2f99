// RUN: irc-opt %s -p convert-aten-to-loop | filecheck %s

// frexp's two results read the bits of x (in f32 for bf16): subnormals scaled by 2^24 first, the exponent
// field less 126 (and 24), the mantissa with its exponent field set to 126; x itself and 0 where x is zero,
// infinite or NaN.
func.func @frexp(%x: !aten.tensor<[7], bf16, strides [1]>) -> (!aten.tensor<[7], bf16>, !aten.tensor<[7], i32>) {
  %m = aten.frexp_mantissa %x : (!aten.tensor<[7], bf16, strides [1]>) -> !aten.tensor<[7], bf16>
  %e = aten.frexp_exponent %x : (!aten.tensor<[7], bf16, strides [1]>) -> !aten.tensor<[7], i32>
  func.return %m, %e : !aten.tensor<[7], bf16>, !aten.tensor<[7], i32>
}

// CHECK-LABEL: func.func @frexp
// CHECK:         %m = loop.pointwise ranges [7] {
// CHECK:           %[[X:.*]] = loop.cast %{{.*}} : bf16 to f32
// CHECK:           %[[ORDINARY:.*]] = arith.andi %{{.*}}, %{{.*}} : i1
// CHECK:           %[[SUB:.*]] = arith.cmpf olt, %{{.*}}, %{{.*}} : f32
// CHECK:           %[[Y:.*]] = arith.select %[[SUB]], %{{.*}}, %[[X]] : f32
// CHECK-NEXT:      %[[BITS:.*]] = arith.bitcast %[[Y]] : f32 to i32
// CHECK:           arith.constant -2139095041 : i32
// CHECK-NEXT:      %[[CLEARED:.*]] = arith.andi %[[BITS]], %{{.*}} : i32
// CHECK-NEXT:      %[[HALF:.*]] = arith.constant 1056964608 : i32
// CHECK-NEXT:      %[[ORED:.*]] = arith.ori %[[CLEARED]], %[[HALF]] : i32
// CHECK-NEXT:      %[[M:.*]] = arith.bitcast %[[ORED]] : i32 to f32
// CHECK-NEXT:      %[[R:.*]] = arith.select %[[ORDINARY]], %[[M]], %[[X]] : f32
// CHECK:           loop.cast %[[R]] : f32 to bf16
// CHECK:         %e = loop.pointwise ranges [7] {
// CHECK:           %[[BITS2:.*]] = arith.bitcast %{{.*}} : f32 to i32
// CHECK-NEXT:      %[[P:.*]] = arith.constant 23 : i32
// CHECK-NEXT:      %[[SHIFTED:.*]] = arith.shrsi %[[BITS2]], %[[P]] : i32
// CHECK-NEXT:      %[[MASK:.*]] = arith.constant 255 : i32
// CHECK-NEXT:      %[[FIELD:.*]] = arith.andi %[[SHIFTED]], %[[MASK]] : i32
// CHECK-NEXT:      %[[BIAS:.*]] = arith.constant 126 : i32
// CHECK-NEXT:      arith.subi %[[FIELD]], %[[BIAS]] : i32
// CHECK:           loop.yield %{{.*}} : i32
