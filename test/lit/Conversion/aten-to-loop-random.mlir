// RUN: irc-opt %s -p convert-aten-to-loop | filecheck %s

// aten.random becomes a pointwise of loop.random: the seed loaded from the seeds extern's buffer (still marked
// irc.seeds), the offset the element's row-major index; a 16-bit rand that rounds to 1 becomes 0; randint
// generates i64 and converts.
func.func @forward() -> (!aten.tensor<[3, 5], bf16>, !aten.tensor<[7], i32>, !aten.tensor<[s0, 4], f32>) {
  %seeds = aten.fallback "aten::randint.low"() {args = [-9223372036854775808 : i64, 9223372036854775807 : i64, [3 : i64]], kwargs = {dtype = i64, device = "device:cpu"}, irc.seeds} : () -> !aten.tensor<[3], i64, strides [1]>
  %u = aten.random "rand" %seeds {seed = 0 : i64} : (!aten.tensor<[3], i64, strides [1]>) -> !aten.tensor<[3, 5], bf16>
  %k = aten.random "randint" %seeds {seed = 1 : i64, low = -3 : i64, high = 4 : i64} : (!aten.tensor<[3], i64, strides [1]>) -> !aten.tensor<[7], i32>
  %z = aten.random "randn" %seeds {seed = 2 : i64} : (!aten.tensor<[3], i64, strides [1]>) -> !aten.tensor<[s0, 4], f32>
  func.return %u, %k, %z : !aten.tensor<[3, 5], bf16>, !aten.tensor<[7], i32>, !aten.tensor<[s0, 4], f32>
}
// CHECK:      %seeds = kernel.extern "aten::randint.low"() {irc.seeds, args = [-9223372036854775808 : i64, 9223372036854775807 : i64, [3 : i64]]
// CHECK:      %u = loop.pointwise ranges [3, 5] {
// CHECK-NEXT:   %0 = loop.load %seeds[#loop.index<"0">] : !loop.buffer<[3], i64, strides [1]>
// CHECK-NEXT:   %1 = loop.index #loop.index<"5*i0 + i1"> : i64
// CHECK-NEXT:   %2 = loop.random "rand" %0, %1 : i64 -> f32
// CHECK-NEXT:   %3 = loop.cast %2 : f32 to bf16
// CHECK-NEXT:   %4 = loop.cast %3 : bf16 to f32
// CHECK-NEXT:   %5 = arith.constant 1.000000e+00 : f32
// CHECK-NEXT:   %6 = arith.cmpf oeq, %4, %5 : f32
// CHECK-NEXT:   %7 = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:   %8 = arith.select %6, %7, %4 : f32
// CHECK-NEXT:   %9 = loop.cast %8 : f32 to bf16
// CHECK-NEXT:   loop.yield %9 : bf16
// CHECK:      %k = loop.pointwise ranges [7] {
// CHECK-NEXT:   %{{.*}} = loop.load %seeds[#loop.index<"1">]
// CHECK-NEXT:   %{{.*}} = loop.index #loop.index<"i0"> : i64
// CHECK-NEXT:   %[[K:.*]] = loop.random "randint" %{{.*}}, %{{.*}} {low = -3 : i64, high = 4 : i64} : i64 -> i64
// CHECK-NEXT:   %[[C:.*]] = loop.cast %[[K]] : i64 to i32
// CHECK-NEXT:   loop.yield %[[C]] : i32
// CHECK:      %z = loop.pointwise ranges [s0, 4] {
// CHECK-NEXT:   %{{.*}} = loop.load %seeds[#loop.index<"2">]
// CHECK-NEXT:   %{{.*}} = loop.index #loop.index<"4*i0 + i1"> : i64
// CHECK-NEXT:   %[[Z:.*]] = loop.random "randn"
// CHECK-NEXT:   loop.yield %[[Z]] : f32
