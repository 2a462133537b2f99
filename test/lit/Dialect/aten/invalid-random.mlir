// RUN: irc-opt %s --split-input-file --verify-diagnostics | filecheck %s
// One chunk per verifier message of the random ops (aten.random, loop.random, triton.random).

%seeds = "test.op"() : () -> !aten.tensor<[2], i64>
%u = aten.random "uniform" %seeds {seed = 0 : i64} : (!aten.tensor<[2], i64>) -> !aten.tensor<[3], f32>
// CHECK: Operation does not verify: unknown random kind 'uniform'; expected one of rand, randn, randint

// -----

%seeds = "test.op"() : () -> !aten.tensor<[2], i64>
%u = aten.random "rand" %seeds {seed = 0 : i64, low = 0 : i64, high = 2 : i64} : (!aten.tensor<[2], i64>) -> !aten.tensor<[3], f32>
// CHECK: Operation does not verify: random kind 'rand' takes no low and high

// -----

%seeds = "test.op"() : () -> !aten.tensor<[2], i64>
%k = aten.random "randint" %seeds {seed = 0 : i64} : (!aten.tensor<[2], i64>) -> !aten.tensor<[3], i64>
// CHECK: Operation does not verify: random kind 'randint' needs low and high

// -----

%seeds = "test.op"() : () -> !aten.tensor<[2], i64>
%k = aten.random "randint" %seeds {seed = 0 : i64, low = 4 : i64, high = 4 : i64} : (!aten.tensor<[2], i64>) -> !aten.tensor<[3], i64>
// CHECK: Operation does not verify: random kind 'randint' needs low < high, got low = 4, high = 4

// -----

%seeds = "test.op"() : () -> !aten.tensor<[2], i32>
%u = aten.random "rand" %seeds {seed = 0 : i64} : (!aten.tensor<[2], i32>) -> !aten.tensor<[3], f32>
// CHECK: Operation does not verify: aten.random seeds must be a 1-d i64 tensor, got !aten.tensor<[2], i32>

// -----

%seeds = "test.op"() : () -> !aten.tensor<[2], i64>
%u = aten.random "rand" %seeds {seed = 2 : i64} : (!aten.tensor<[2], i64>) -> !aten.tensor<[3], f32>
// CHECK: Operation does not verify: aten.random seed 2 is not an index of the 2 seeds

// -----

%seeds = "test.op"() : () -> !aten.tensor<[2], i64>
%u = aten.random "randn" %seeds {seed = 0 : i64} : (!aten.tensor<[2], i64>) -> !aten.tensor<[3], i64>
// CHECK: Operation does not verify: aten.random randn result must have a float element type, got i64

// -----

%seeds = "test.op"() : () -> !aten.tensor<[2], i64>
%k = aten.random "randint" %seeds {seed = 0 : i64, low = 0 : i64, high = 2 : i64} : (!aten.tensor<[2], i64>) -> !aten.tensor<[3], i1>
// CHECK: Operation does not verify: aten.random randint result must have a float or integer element type, got i1

// -----

%s = "test.op"() : () -> i64
%o = "test.op"() : () -> f32
%r = loop.random "rand" %s, %o : f32 -> f32
// CHECK: Operation does not verify: loop.random offset must be an i32, i64 or index, got f32

// -----

%s = "test.op"() : () -> i64
%o = "test.op"() : () -> i64
%r = loop.random "randint" %s, %o {low = 0 : i64, high = 3 : i64} : i64 -> f32
// CHECK: Operation does not verify: loop.random randint result must be i64, got f32

// -----

%s = "test.op"() : () -> i64
%o = "test.op"() : () -> i64
%r = loop.random "rand" %s, %o {low = 0 : i64, high = 3 : i64} : i64 -> f32
// CHECK: Operation does not verify: random kind 'rand' takes no low and high

// -----

%s = "test.op"() : () -> i32
%o = "test.op"() : () -> !triton.block<[XBLOCK], i32>
%r = triton.random "rand" %s, %o : (i32, !triton.block<[XBLOCK], i32>) -> !triton.block<[XBLOCK], f32>
// CHECK: Operation does not verify: triton.random seed must be i64, got i32

// -----

%s = "test.op"() : () -> i64
%o = "test.op"() : () -> !triton.block<[XBLOCK], f32>
%r = triton.random "rand" %s, %o : (i64, !triton.block<[XBLOCK], f32>) -> !triton.block<[XBLOCK], f32>
// CHECK: Operation does not verify: triton.random offset must hold i32 or i64, got !triton.block<[XBLOCK], f32>

// -----

%s = "test.op"() : () -> i64
%o = "test.op"() : () -> !triton.block<[XBLOCK], i32>
%r = triton.random "randn" %s, %o : (i64, !triton.block<[XBLOCK], i32>) -> !triton.block<[1], f32>
// CHECK: Operation does not verify: triton.random randn result must be !triton.block<[XBLOCK], f32> (shape [XBLOCK]), got !triton.block<[1], f32>
