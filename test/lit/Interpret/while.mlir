// RUN: irc-opt %s --split-input-file | filecheck %s
// RUN: IRC_ROUNDTRIP
// RUN: irc-opt %s --split-input-file | irc-run - --fill arange | filecheck %s --check-prefix=EXEC
// loop.while: a loop inside one element's computation. Each element sums x from 0 up to its own bound
// (x + 1 steps of x): x = 0, 1, 2, 3 gives 0, 2, 6, 12; the loop stops per element, not per buffer.

func.func @forward(%in: !loop.buffer<[4], f32, strides [1]>) -> !loop.buffer<[4], f32, strides [1]> {
  %b = loop.pointwise ranges [4] {
    %x = loop.load %in[#loop.index<"i0">] : !loop.buffer<[4], f32, strides [1]>
    %zero = arith.constant 0.000000e+00 : f32
    %k0 = arith.constant 0 : i64
    %limit = loop.cast %x : f32 to i64
    %r:2 = loop.while %k0, %zero : i64, f32 {
    ^bb0(%k: i64, %s: f32):
      %c = arith.cmpi sle, %k, %limit : i64
      loop.condition %c
    } do {
    ^bb0(%k: i64, %s: f32):
      %one = arith.constant 1 : i64
      %next = arith.addi %k, %one : i64
      %sum = arith.addf %s, %x : f32
      loop.yield %next, %sum : i64, f32
    }
    loop.yield %r#1 : f32
  } : !loop.buffer<[4], f32, strides [1]>
  func.return %b : !loop.buffer<[4], f32, strides [1]>
}

// CHECK:      %r, %r_1 = loop.while %k0, %zero : i64, f32 {
// CHECK-NEXT: ^bb0(%k: i64, %s: f32):
// CHECK-NEXT:   %c = arith.cmpi sle, %k, %limit : i64
// CHECK-NEXT:   loop.condition %c
// CHECK-NEXT: } do {
// CHECK-NEXT: ^bb0(%k_1: i64, %s_1: f32):
// CHECK:        loop.yield %next, %sum : i64, f32
// CHECK-NEXT: }
// CHECK-NEXT: loop.yield %r_1 : f32

// EXEC: [ 0.,  2.,  6., 12.]
