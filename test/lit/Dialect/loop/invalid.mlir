// RUN: irc-opt %s --split-input-file --verify-diagnostics | filecheck %s
// One chunk per verifier message of the loop dialect.

%x = "test.op"() : () -> !loop.buffer<[3], f32, strides [1]>
%v = loop.load %x[#loop.index<"i0">] : !loop.buffer<[3], f32, strides [1]>

// CHECK: Operation does not verify: 'loop.load' expects ancestor op to be one of 'loop.pointwise', 'loop.reduction', 'loop.scan'

// -----

%x = "test.op"() : () -> !loop.buffer<[3], f32, strides [1]>
%b = loop.pointwise ranges [3] {
  %v = loop.load %x[#loop.index<"i0 + r0">] : !loop.buffer<[3], f32, strides [1]>
  loop.yield %v : f32
} : !loop.buffer<[3], f32, strides [1]>

// CHECK: Operation does not verify: loop.load index uses index variable 'r0', but the enclosing loop.pointwise defines only [i0]

// -----

%x = "test.op"() : () -> !loop.buffer<[3, 4], f32, strides [4, 1]>
%b = loop.reduction sum ranges [3] reduce [4] {
  %v = loop.load %x[#loop.index<"4*i0 + r0 + i1">] : !loop.buffer<[3, 4], f32, strides [4, 1]>
  loop.yield %v : f32
} : !loop.buffer<[3], f32, strides [1]>

// CHECK: Operation does not verify: loop.load index uses index variable 'i1', but the enclosing loop.reduction defines only [i0, r0]

// -----

%x = "test.op"() : () -> f32
%b = loop.pointwise ranges [3] {
  %v = "loop.load"(%x) <{index = #loop.index<"i0">}> : (f32) -> f32
  loop.yield %v : f32
} : !loop.buffer<[3], f32, strides [1]>

// CHECK: Operation does not verify: operand 'buffer' at position 0 does not verify:

// -----

%x = "test.op"() : () -> !loop.buffer<[3], f32, strides [1]>
%b = loop.pointwise ranges [3] {
  %v = "loop.load"(%x) <{index = #loop.index<"i0">}> : (!loop.buffer<[3], f32, strides [1]>) -> f16
  %w = arith.extf %v : f16 to f32
  loop.yield %w : f32
} : !loop.buffer<[3], f32, strides [1]>

// CHECK: Operation does not verify: loop.load result has type f16 but the buffer's element type is f32

// -----

%x = "test.op"() : () -> !loop.buffer<[3], f32, strides [1]>
%h = "test.op"() : () -> f16
loop.pointwise ranges [3] {
  "loop.store"(%h, %x) <{index = #loop.index<"i0">}> : (f16, !loop.buffer<[3], f32, strides [1]>) -> ()
  loop.yield
}

// CHECK: Operation does not verify: loop.store value has type f16 but the buffer's element type is f32

// -----

%x = "test.op"() : () -> !loop.buffer<[3], f32, strides [1]>
%h = "test.op"() : () -> f32
loop.pointwise ranges [3] {
  loop.store %h, %x[#loop.index<"i2">] : !loop.buffer<[3], f32, strides [1]>
  loop.yield
}

// CHECK: Operation does not verify: loop.store index uses index variable 'i2', but the enclosing loop.pointwise defines only [i0]

// -----

loop.pointwise ranges [3] {
  %i = loop.index #loop.index<"i0"> : f32
  loop.yield
}

// CHECK: Operation does not verify: loop.index result must be one of index, i64, i32, got f32

// -----

loop.pointwise ranges [3] {
  %i = loop.index #loop.index<"r0 + s0"> : i64
  loop.yield
}

// CHECK: Operation does not verify: loop.index index uses index variable 'r0', but the enclosing loop.pointwise defines only [i0]

// -----

%v = "test.op"() : () -> f32
loop.yield %v : f32

// CHECK: Operation does not verify: 'loop.yield' expects parent op to be one of 'loop.pointwise', 'loop.reduction', 'loop.scan'

// -----

%v = "test.op"() : () -> i32
%s = loop.sigmoid %v : i32

// CHECK: Operation does not verify: loop.sigmoid operand must be a float (f16, bf16, f32, f64), got i32

// -----

%v = "test.op"() : () -> i64
%s = loop.isnan %v : i64

// CHECK: Operation does not verify: loop.isnan operand must be a float (f16, bf16, f32, f64), got i64

// -----

%v = "test.op"() : () -> i1
%s = loop.floordiv %v, %v : i1

// CHECK: Operation does not verify: loop.floordiv operands must be integers or floats, got i1

// -----

%a = "test.op"() : () -> f32
%b = "test.op"() : () -> i32
%s = "loop.remainder"(%a, %b) : (f32, i32) -> f32

// CHECK: Operation does not verify: operand 'rhs' at position 1 does not verify:

// -----

%v = "test.op"() : () -> i32
%s = loop.pow %v, %v : i32, i32

// CHECK: Operation does not verify: loop.pow base must be a float (f16, bf16, f32, f64), got i32

// -----

%a = "test.op"() : () -> f32
%b = "test.op"() : () -> f16
%s = loop.pow %a, %b : f32, f16

// CHECK: Operation does not verify: loop.pow exponent must be an integer or the base's type f32, got f16

// -----

%a = "test.op"() : () -> i4
%s = loop.cast %a : i4 to f32

// CHECK: Operation does not verify: loop.cast operand must be a supported scalar type, got i4

// -----

%a = "test.op"() : () -> f32
%s = loop.cast %a : f32 to f8E4M3FN

// CHECK: Operation does not verify: loop.cast result must be a supported scalar type, got f8E4M3FN

// -----

%x = "test.op"() : () -> !loop.buffer<[4, 3], f32, strides [3, 1]>
%v = loop.reinterpret %x : !loop.buffer<[4, 3], f32, strides [3, 1]> to !loop.buffer<[3, 4], f16, strides [1, 3]>

// CHECK: Operation does not verify: loop.reinterpret must keep the element type (or see an i64 as ui64), got f32 to f16

// -----

%b = loop.pointwise ranges [-1] {
  %c = arith.constant 1.0 : f32
  loop.yield %c : f32
} : !loop.buffer<[3], f32, strides [1]>

// CHECK: Operation does not verify: loop.pointwise ranges must be non-negative, got -1

// -----

%b = "loop.pointwise"() <{ranges = [#builtin.int<3>]}> ({
^bb0(%i0: index):
  %c = arith.constant 1.0 : f32
  loop.yield %c : f32
}) : () -> !loop.buffer<[3], f32, strides [1]>

// CHECK: Operation does not verify: loop.pointwise body must have no block arguments; index variables are named i0, i1, ... (and r0, r1, ... for reduce dims)

// -----

%b = loop.pointwise ranges [3] {
  "test.termop"() : () -> ()
} : !loop.buffer<[3], f32, strides [1]>

// CHECK: Operation does not verify: loop.pointwise body must end with loop.yield

// -----

%b = loop.pointwise ranges [3] {
  loop.yield
} : !loop.buffer<[3], f32, strides [1]>

// CHECK: Operation does not verify: loop.pointwise body yields 0 values but the op has 1 results

// -----

%b = loop.pointwise ranges [3] {
  %c = arith.constant 1.0 : f32
  loop.yield %c : f32
} : !loop.buffer<[4], f32, strides [1]>

// CHECK: Operation does not verify: loop.pointwise result 0 sizes [4] do not match ranges [3]

// -----

%b = loop.pointwise ranges [s0, 3] {
  %c = arith.constant 1.0 : f32
  loop.yield %c : f32
} : !loop.buffer<[s1, 3], f32, strides [3, 1]>

// CHECK: Operation does not verify: loop.pointwise result 0 sizes [s1, 3] do not match ranges [s0, 3]

// -----

%b = loop.pointwise ranges [3] {
  %c = arith.constant 1.0 : f32
  loop.yield %c : f32
} : !loop.buffer<[3], f16, strides [1]>

// CHECK: Operation does not verify: loop.pointwise yields f32 but its result has element type f16

// -----

%b = "loop.reduction"() <{kind = "median", ranges = [#builtin.int<3>], reduce = [#builtin.int<4>]}> ({
  %c = arith.constant 1.0 : f32
  loop.yield %c : f32
}) : () -> !loop.buffer<[3], f32, strides [1]>

// CHECK: Operation does not verify: unknown reduction kind 'median'; expected one of sum, prod, max, min, argmax, argmin, any, all, welford

// -----

%b = loop.reduction sum ranges [3] reduce [-4] {
  %c = arith.constant 1.0 : f32
  loop.yield %c : f32
} : !loop.buffer<[3], f32, strides [1]>

// CHECK: Operation does not verify: loop.reduction reduce must be non-negative, got -4

// -----

%b = loop.reduction sum ranges [3] reduce [] {
  %c = arith.constant 1.0 : f32
  loop.yield %c : f32
} : !loop.buffer<[3], f32, strides [1]>

// CHECK: Operation does not verify: loop.reduction needs at least one reduce dim

// -----

%b = loop.reduction sum ranges [3] reduce [4] {
  %c = arith.constant 1.0 : f32
  loop.yield %c, %c : f32, f32
} : !loop.buffer<[3], f32, strides [1]>

// CHECK: Operation does not verify: loop.reduction body must yield exactly one value, got 2

// -----

%b = loop.reduction max ranges [3] reduce [4] {
  %c = "test.op"() : () -> i4
  loop.yield %c : i4
} : !loop.buffer<[3], f32, strides [1]>

// CHECK: Operation does not verify: loop.reduction max body must yield a supported element type, got i4

// -----

%b = loop.reduction any ranges [3] reduce [4] {
  %c = arith.constant 1.0 : f32
  loop.yield %c : f32
} : !loop.buffer<[3], i1, strides [1]>

// CHECK: Operation does not verify: loop.reduction any body must yield i1, got f32

// -----

%b:3 = loop.reduction welford ranges [3] reduce [4] {
  %c = arith.constant 1 : i32
  loop.yield %c : i32
} : !loop.buffer<[3], i32, strides [1]>, !loop.buffer<[3], i32, strides [1]>, !loop.buffer<[3], i32, strides [1]>

// CHECK: Operation does not verify: loop.reduction welford body must yield a float, got i32

// -----

%b = loop.reduction welford ranges [3] reduce [4] {
  %c = arith.constant 1.0 : f32
  loop.yield %c : f32
} : !loop.buffer<[3], f32, strides [1]>

// CHECK: Operation does not verify: loop.reduction welford has 3 results (mean, m2, count), got 1

// -----

%b = loop.reduction min ranges [3] reduce [4] {
  %c = arith.constant 1.0 : f32
  loop.yield %c : f32
} : !loop.buffer<[2], f32, strides [1]>

// CHECK: Operation does not verify: loop.reduction result 0 sizes [2] do not match ranges [3]

// -----

%b = loop.reduction argmax ranges [3] reduce [4] {
  %c = arith.constant 1.0 : f32
  loop.yield %c : f32
} : !loop.buffer<[3], f32, strides [1]>

// CHECK: Operation does not verify: loop.reduction argmax result 0 has element type f32, expected i64

// -----

%x = "test.op"() : () -> !loop.buffer<[3, 9], f32, strides [9, 1]>
%b = loop.pointwise ranges [3] {
  %v = loop.load %x[#loop.index<"9*i0 + t0">] : !loop.buffer<[3, 9], f32, strides [9, 1]>
  loop.yield %v : f32
} : !loop.buffer<[3], f32, strides [1]>

// CHECK: Operation does not verify: loop.load index uses index variable 't0', but the enclosing loop.pointwise defines only [i0]

// -----

%x = "test.op"() : () -> !loop.buffer<[3, 9], f32, strides [9, 1]>
%b = loop.pointwise ranges [3] {
  %k = arith.constant 1.0 : f32
  %v = loop.load %x[#loop.index<"9*i0 + t0">] gather(%k : f32) bounds [9] : !loop.buffer<[3, 9], f32, strides [9, 1]>
  loop.yield %v : f32
} : !loop.buffer<[3], f32, strides [1]>

// CHECK: Operation does not verify: loop.load gather value t0 must be one of index, i64, i32

// -----

%x = "test.op"() : () -> !loop.buffer<[3, 9], f32, strides [9, 1]>
%b = loop.pointwise ranges [3] {
  %k = arith.constant 1 : i64
  %v = "loop.load"(%x, %k) <{index = #loop.index<"9*i0 + t0">}> : (!loop.buffer<[3, 9], f32, strides [9, 1]>, i64) -> f32
  loop.yield %v : f32
} : !loop.buffer<[3], f32, strides [1]>

// CHECK: Operation does not verify: loop.load has 1 gather values but 0 bounds

// -----

%x = "test.op"() : () -> !loop.buffer<[3, 9], f32, strides [9, 1]>
%c = loop.scan cummax ranges [3, 9] {
  %v = loop.load %x[#loop.index<"9*i0 + i1">] : !loop.buffer<[3, 9], f32, strides [9, 1]>
  loop.yield %v : f32
} : !loop.buffer<[3, 9], f32, strides [9, 1]>

// CHECK: Operation does not verify: unknown scan kind 'cummax'; expected one of sum, prod, logsumexp, max, min

// -----

%x = "test.op"() : () -> !loop.buffer<[3, 9], i64, strides [9, 1]>
%c = loop.scan logsumexp ranges [3, 9] {
  %v = loop.load %x[#loop.index<"9*i0 + i1">] : !loop.buffer<[3, 9], i64, strides [9, 1]>
  loop.yield %v : i64
} : !loop.buffer<[3, 9], i64, strides [9, 1]>

// CHECK: Operation does not verify: loop.scan logsumexp body must yield a float, got i64

// -----

%x = "test.op"() : () -> !loop.buffer<[3, 600], f32, strides [600, 1]>
%c = loop.scan sort ranges [3, 600] {
  %v = loop.load %x[#loop.index<"600*i0 + i1">] : !loop.buffer<[3, 600], f32, strides [600, 1]>
  loop.yield %v : f32
} : !loop.buffer<[3, 600], f32, strides [600, 1]>

// CHECK: Operation does not verify: loop.scan sort sorts rows of a static length up to 512, got 600

// -----

%x = "test.op"() : () -> !loop.buffer<[3, 9], f32, strides [9, 1]>
%c = loop.scan argsort ranges [3, 9] {
  %v = loop.load %x[#loop.index<"9*i0 + i1">] : !loop.buffer<[3, 9], f32, strides [9, 1]>
  loop.yield %v : f32
} : !loop.buffer<[3, 9], f32, strides [9, 1]>

// CHECK: Operation does not verify: loop.scan argsort of f32 gives i64 elements, but its result has element type f32

// -----

%x = "test.op"() : () -> !loop.buffer<[3, 9], i1, strides [9, 1]>
%c = loop.scan sort ranges [3, 9] {
  %v = loop.load %x[#loop.index<"9*i0 + i1">] : !loop.buffer<[3, 9], i1, strides [9, 1]>
  loop.yield %v : i1
} : !loop.buffer<[3, 9], i1, strides [9, 1]>

// CHECK: Operation does not verify: loop.scan sort body must yield a number, got i1

// -----

%x = "test.op"() : () -> !loop.buffer<[3, 9], f32, strides [9, 1]>
%c = loop.scan sum ranges [3, 9] {
  %v = loop.load %x[#loop.index<"9*i0 + i1">] : !loop.buffer<[3, 9], f32, strides [9, 1]>
  loop.yield %v : f32
} : !loop.buffer<[3], f32, strides [1]>

// CHECK: Operation does not verify: loop.scan result 0 sizes [3] do not match ranges [3, 9]

// -----

%x = "test.op"() : () -> !loop.buffer<[3], i1, strides [1]>
loop.pointwise ranges [3] {
  %t = arith.constant true
  loop.store %t, %x[#loop.index<"i0">] add : !loop.buffer<[3], i1, strides [1]>
  loop.yield
}

// CHECK: Operation does not verify: loop.store add needs a number, got i1

// -----

%x = "test.op"() : () -> !loop.buffer<[3], f16, strides [1]>
loop.pointwise ranges [3] {
  %h = arith.constant 1.0 : f16
  loop.store %h, %x[#loop.index<"i0">] max : !loop.buffer<[3], f16, strides [1]>
  loop.yield
}

// CHECK: Operation does not verify: loop.store max needs i32, i64, f32 or f64, got f16

// -----

%x = "test.op"() : () -> !loop.buffer<[3], f32, strides [1]>
loop.pointwise ranges [3] {
  %v = arith.constant 1.0 : f32
  loop.store %v, %x[#loop.index<"t0">] : !loop.buffer<[3], f32, strides [1]>
  loop.yield
}

// CHECK: Operation does not verify: loop.store index uses index variable 't0', but the enclosing loop.pointwise defines only [i0]

// -----

%z = "test.op"() : () -> f32
%r = loop.while %z : f32 {
^bb0(%s: f32):
  %c = arith.constant true
  loop.condition %c
} do {
^bb0(%s: f32):
  loop.yield %s : f32
}

// CHECK: Operation does not verify: loop.while must be inside a loop.pointwise, loop.reduction or loop.scan body

// -----

%x = "test.op"() : () -> !loop.buffer<[3], f32, strides [1]>
%b = loop.pointwise ranges [3] {
  %z = arith.constant 0.0 : f32
  %r = loop.while %z : f32 {
  ^bb0(%s: i64):
    %c = arith.constant true
    loop.condition %c
  } do {
  ^bb0(%s: f32):
    loop.yield %s : f32
  }
  loop.yield %r : f32
} : !loop.buffer<[3], f32, strides [1]>

// CHECK: Operation does not verify: loop.while condition region arguments must have the values' types (f32)

// -----

%x = "test.op"() : () -> !loop.buffer<[3], f32, strides [1]>
%b = loop.pointwise ranges [3] {
  %z = arith.constant 0.0 : f32
  %r = loop.while %z : f32 {
  ^bb0(%s: f32):
    %c = arith.constant true
    loop.condition %c
  } do {
  ^bb0(%s: f32):
    %v = loop.load %x[#loop.index<"i0">] : !loop.buffer<[3], f32, strides [1]>
    loop.yield %v : f32
  }
  loop.yield %r : f32
} : !loop.buffer<[3], f32, strides [1]>

// CHECK: Operation does not verify: loop.while regions hold scalar ops only, got loop.load

// -----

%x = "test.op"() : () -> !loop.buffer<[3], f32, strides [1]>
%b = loop.pointwise ranges [3] {
  %z = arith.constant 0.0 : f32
  %r = loop.while %z : f32 {
  ^bb0(%s: f32):
    %c = arith.constant true
    loop.condition %c
  } do {
  ^bb0(%s: f32):
    %k = arith.constant 1 : i64
    loop.yield %k : i64
  }
  loop.yield %r : f32
} : !loop.buffer<[3], f32, strides [1]>

// CHECK: Operation does not verify: loop.while do region yields (i64), expected (f32)

// -----

%x = "test.op"() : () -> !loop.buffer<[3], f32, strides [1]>
%g = loop.pointwise ranges [3] {
  %v = loop.load %x[#loop.index<"i0">] checked : !loop.buffer<[3], f32, strides [1]>
  loop.yield %v : f32
} : !loop.buffer<[3], f32, strides [1]>

// CHECK: Operation does not verify: loop.load checked needs gather or scatter values, got !loop.buffer<[3], f32, strides [1]>

// -----

%b = "test.op"() : () -> f32
%d = loop.nonzero %b : f32

// CHECK: Operation does not verify: loop.nonzero operand must be an integer, got f32

// -----

%b = "test.op"() : () -> f32
%j = loop.in_range %b, %b : f32

// CHECK: Operation does not verify: loop.in_range operands must be integers, got f32

// -----

%k = "test.op"() : () -> i64
%n = "test.op"() : () -> i32
%j = "loop.in_range"(%k, %n) : (i64, i32) -> i64

// CHECK: attribute i64 expected from variable 'T', but got i32
