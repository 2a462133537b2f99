// Round trip of the random ops of every level (aten.random, loop.random, triton.random): custom -> generic ->
// custom (CHECK), custom -> custom -> generic (GENERIC).
// RUN: IRC_ROUNDTRIP
// RUN: IRC_GENERIC_ROUNDTRIP

%seeds = "test.op"() : () -> !aten.tensor<[3], i64>
%u = aten.random "rand" %seeds {seed = 0 : i64} : (!aten.tensor<[3], i64>) -> !aten.tensor<[3, 5], bf16>
// CHECK: %u = aten.random "rand" %seeds {seed = 0 : i64} : (!aten.tensor<[3], i64>) -> !aten.tensor<[3, 5], bf16>
// GENERIC: "aten.random"(%seeds) <{kind = "rand", seed = 0 : i64}> : (!aten.tensor<[3], i64>) -> !aten.tensor<[3, 5], bf16>
%z = aten.random "randn" %seeds {seed = 1 : i64} : (!aten.tensor<[3], i64>) -> !aten.tensor<[s0], f64>
// CHECK-NEXT: %z = aten.random "randn" %seeds {seed = 1 : i64} : (!aten.tensor<[3], i64>) -> !aten.tensor<[s0], f64>
%k = aten.random "randint" %seeds {seed = 2 : i64, low = -9223372036854775808 : i64, high = 9223372036854775807 : i64} : (!aten.tensor<[3], i64>) -> !aten.tensor<[7], i64>
// CHECK-NEXT: %k = aten.random "randint" %seeds {seed = 2 : i64, low = -9223372036854775808 : i64, high = 9223372036854775807 : i64} : (!aten.tensor<[3], i64>) -> !aten.tensor<[7], i64>
%kf = aten.random "randint" %seeds {seed = 2 : i64, low = 0 : i64, high = 3 : i64} : (!aten.tensor<[3], i64>) -> !aten.tensor<[7], f32>
// CHECK-NEXT: %kf = aten.random "randint" %seeds {seed = 2 : i64, low = 0 : i64, high = 3 : i64} : (!aten.tensor<[3], i64>) -> !aten.tensor<[7], f32>

%b = "test.op"() : () -> !loop.buffer<[3], i64, strides [1]>
%p = loop.pointwise ranges [3, 5] {
  %s = loop.load %b[#loop.index<"1">] : !loop.buffer<[3], i64, strides [1]>
  %o = loop.index #loop.index<"5*i0 + i1"> : i64
  %r = loop.random "randn" %s, %o : i64 -> f32
  %i = loop.random "randint" %s, %o {low = 0 : i64, high = 10 : i64} : i64 -> i64
  %f = loop.cast %i : i64 to f32
  %v = arith.addf %r, %f : f32
  loop.yield %v : f32
} : !loop.buffer<[3, 5], f32, strides [5, 1]>
// CHECK: %r = loop.random "randn" %s, %o : i64 -> f32
// CHECK-NEXT: %i = loop.random "randint" %s, %o {low = 0 : i64, high = 10 : i64} : i64 -> i64
// GENERIC: "loop.random"(%s, %o) <{kind = "randn"}> : (i64, i64) -> f32

%ts = "test.op"() : () -> i64
%to = "test.op"() : () -> !triton.block<[XBLOCK], i32>
%t = triton.random "rand" %ts, %to : (i64, !triton.block<[XBLOCK], i32>) -> !triton.block<[XBLOCK], f32>
// CHECK: %t = triton.random "rand" %ts, %to : (i64, !triton.block<[XBLOCK], i32>) -> !triton.block<[XBLOCK], f32>
%ti = triton.random "randint" %ts, %to {low = 5 : i64, high = 9 : i64} : (i64, !triton.block<[XBLOCK], i32>) -> !triton.block<[XBLOCK], i64>
// CHECK-NEXT: %ti = triton.random "randint" %ts, %to {low = 5 : i64, high = 9 : i64} : (i64, !triton.block<[XBLOCK], i32>) -> !triton.block<[XBLOCK], i64>
