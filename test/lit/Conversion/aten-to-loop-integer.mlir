// RUN: irc-opt %s -p convert-aten-to-loop | filecheck %s

// Shifts count in the width of the result dtype (8 for ui8, which computes in i32): the count is masked to the
// width, and a count out of [0, 8) selects 0 (for >> of a signed dtype: the sign, x >> 7).
func.func @shifts(%x: !aten.tensor<[7], ui8, strides [1]>, %n: !aten.tensor<[7], ui8, strides [1]>) -> (!aten.tensor<[7], ui8>, !aten.tensor<[7], ui8>) {
  %l = aten.bitwise_left_shift %x, %n : (!aten.tensor<[7], ui8, strides [1]>, !aten.tensor<[7], ui8, strides [1]>) -> !aten.tensor<[7], ui8>
  %r = aten.bitwise_right_shift %x, %n : (!aten.tensor<[7], ui8, strides [1]>, !aten.tensor<[7], ui8, strides [1]>) -> !aten.tensor<[7], ui8>
  func.return %l, %r : !aten.tensor<[7], ui8>, !aten.tensor<[7], ui8>
}

// CHECK-LABEL: func.func @shifts
// CHECK:         %l = loop.pointwise ranges [7] {
// CHECK:           %[[X:.*]] = loop.cast %{{.*}} : ui8 to i32
// CHECK:           %[[N:.*]] = loop.cast %{{.*}} : ui8 to i32
// CHECK-NEXT:      %[[M:.*]] = arith.constant 7 : i32
// CHECK-NEXT:      %[[C:.*]] = arith.andi %[[N]], %[[M]] : i32
// CHECK-NEXT:      %[[S:.*]] = arith.shli %[[X]], %[[C]] : i32
// CHECK:           arith.cmpi sge, %[[N]], %{{.*}} : i32
// CHECK:           %[[W:.*]] = arith.constant 8 : i32
// CHECK-NEXT:      arith.cmpi slt, %[[N]], %[[W]] : i32
// CHECK:           arith.select %{{.*}}, %[[S]], %{{.*}} : i32
// CHECK:         %r = loop.pointwise ranges [7] {
// CHECK:           arith.shrsi %{{.*}}, %{{.*}} : i32
// CHECK-NOT:       arith.shrsi
// CHECK:           loop.yield

func.func @signed_right_shift(%x: !aten.tensor<[7], i64, strides [1]>) -> !aten.tensor<[7], i64> {
  %c = arith.constant 70 : i64
  %r = aten.bitwise_right_shift %x, %c : (!aten.tensor<[7], i64, strides [1]>, i64) -> !aten.tensor<[7], i64>
  func.return %r : !aten.tensor<[7], i64>
}

// CHECK-LABEL: func.func @signed_right_shift
// CHECK:           %[[X:.*]] = loop.load %x
// CHECK:           arith.constant 63 : i64
// CHECK:           arith.shrsi %[[X]], %{{.*}} : i64
// CHECK:           %[[SIGN:.*]] = arith.shrsi %[[X]], %{{.*}} : i64
// CHECK:           arith.select %{{.*}}, %{{.*}}, %[[SIGN]] : i64

// gcd: Euclid's loop unrolled (13 steps cover i8 magnitudes) on the operands themselves (no |x|: a step count's
// parity and the minimum fix the sign), each step a remainder by a divisor that is never 0 or -1; lcm divides and multiplies in i32 (C promotes i8 to int before the product and its |.|).
func.func @gcd_lcm(%a: !aten.tensor<[7], i8, strides [1]>, %b: !aten.tensor<[7], i8, strides [1]>) -> (!aten.tensor<[7], i8>, !aten.tensor<[7], i8>) {
  %g = aten.gcd %a, %b : (!aten.tensor<[7], i8, strides [1]>, !aten.tensor<[7], i8, strides [1]>) -> !aten.tensor<[7], i8>
  %l = aten.lcm %a, %b : (!aten.tensor<[7], i8, strides [1]>, !aten.tensor<[7], i8, strides [1]>) -> !aten.tensor<[7], i8>
  func.return %g, %l : !aten.tensor<[7], i8>, !aten.tensor<[7], i8>
}

// CHECK-LABEL: func.func @gcd_lcm
// CHECK:         %g = loop.pointwise ranges [7] {
// CHECK-NOT:       math.absi
// CHECK-COUNT-13:  arith.remsi %{{.*}}, %{{.*}} : i8
// CHECK-NOT:       arith.remsi
// CHECK:           arith.subi
// CHECK-NOT:       math.absi
// CHECK:           loop.yield %{{.*}} : i8
// CHECK:         %l = loop.pointwise ranges [7] {
// CHECK-COUNT-13:  arith.remsi %{{.*}}, %{{.*}} : i8
// CHECK:           arith.divsi %{{.*}}, %{{.*}} : i32
// CHECK:           arith.muli %{{.*}}, %{{.*}} : i32
// CHECK-NEXT:      math.absi %{{.*}} : i32
// CHECK:           loop.cast %{{.*}} : i32 to i8
