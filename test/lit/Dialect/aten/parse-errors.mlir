// Errors of the hand-written parsers (clamp, numbers), one chunk each.
// RUN: irc-opt %s --split-input-file --parsing-diagnostics | filecheck %s

%x = "test.op"() : () -> !aten.tensor<[3], f32>
%s = "test.op"() : () -> f64
%0 = aten.clamp %x, lo %s : (!aten.tensor<[3], f32>, f64) -> !aten.tensor<[3], f32>
// CHECK: expected `min` or `max` (each at most once)

// -----

%x = "test.op"() : () -> !aten.tensor<[3], f32>
%s = "test.op"() : () -> f64
%0 = aten.clamp %x, min %s, min %s : (!aten.tensor<[3], f32>, f64, f64) -> !aten.tensor<[3], f32>
// CHECK: expected `min` or `max` (each at most once)

// -----

%x = "test.op"() : () -> !aten.tensor<[3], f32>
%s = "test.op"() : () -> f64
%0, %1 = aten.clamp %x, min %s : (!aten.tensor<[3], f32>, f64) -> (!aten.tensor<[3], f32>, !aten.tensor<[3], f32>)
// CHECK: clamp has exactly one result

// -----

%0 = aten.full - : () -> !aten.tensor<[3], f32>
// CHECK: expected a number after '-'

// -----

%0 = aten.arange start = step = 1 : !aten.tensor<[3], i64>
// CHECK: expected a number (or inf, nan, true, false)
