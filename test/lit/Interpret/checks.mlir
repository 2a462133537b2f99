// Run-time checks, run by irc-run at the loop level: a checked gather load with an index out of range stops
// the program as eager raises (unchecked, it reads 0); so do a division by a zero divisor (loop.nonzero) and
// an index outside [0, bound) (loop.in_range: a one-per-row scatter's).
// x = 0, 1, 2, ... as [3, 4]; the index values 3*i0 - 1 are [-1, 2, 5].
// RUN: not irc-run %s --fill arange 2>&1 | filecheck %s --check-prefix=INDEX
// RUN: irc-opt %s -p 'convert-aten-to-loop{check_indices=false}' | irc-run - --fill arange | filecheck %s --check-prefix=OFF
// RUN: not irc-run %s --function divide --fill arange 2>&1 | filecheck %s --check-prefix=DIV
// RUN: irc-run %s --function divide_shifted --fill arange | filecheck %s --check-prefix=NONZERO
// RUN: not irc-run %s --function scatter --fill arange 2>&1 | filecheck %s --check-prefix=INDEX
// RUN: irc-run %s --function scatter_inside --fill arange | filecheck %s --check-prefix=INSIDE

func.func @forward(%x: !loop.buffer<[3, 4], f32, strides [4, 1]>) -> !loop.buffer<[3], f32, strides [1]> {
  %g = loop.pointwise ranges [3] {
    %i = loop.index #loop.index<"3*i0 - 1"> : i64
    %v = loop.load %x[#loop.index<"4*i0 + t0">] gather(%i : i64) bounds [4] checked : !loop.buffer<[3, 4], f32, strides [4, 1]>
    loop.yield %v : f32
  } : !loop.buffer<[3], f32, strides [1]>
  func.return %g : !loop.buffer<[3], f32, strides [1]>
}

// x // x: the first element divides by 0; x // (x + 1) does not.
func.func @divide(%x: !loop.buffer<[4], i64, strides [1]>) -> !loop.buffer<[4], i64, strides [1]> {
  %g = loop.pointwise ranges [4] {
    %a = loop.load %x[#loop.index<"i0">] : !loop.buffer<[4], i64, strides [1]>
    %d = loop.nonzero %a : i64
    %q = loop.floordiv %a, %d : i64
    loop.yield %q : i64
  } : !loop.buffer<[4], i64, strides [1]>
  func.return %g : !loop.buffer<[4], i64, strides [1]>
}

func.func @divide_shifted(%x: !loop.buffer<[4], i64, strides [1]>) -> !loop.buffer<[4], i64, strides [1]> {
  %g = loop.pointwise ranges [4] {
    %a = loop.load %x[#loop.index<"i0">] : !loop.buffer<[4], i64, strides [1]>
    %one = arith.constant 1 : i64
    %b = arith.addi %a, %one : i64
    %d = loop.nonzero %b : i64
    %q = loop.floordiv %a, %d : i64
    loop.yield %q : i64
  } : !loop.buffer<[4], i64, strides [1]>
  func.return %g : !loop.buffer<[4], i64, strides [1]>
}

// x = 0, 1, 2, 3: the rows' indices 3 - 2*i0 are [3, 1, -1]; 3 - i0 ([3, 2, 1]) are inside.
func.func @scatter(%x: !loop.buffer<[3, 4], f32, strides [4, 1]>) -> !loop.buffer<[3, 4], f32, strides [4, 1]> {
  %g = loop.pointwise ranges [3, 4] {
    %k = loop.index #loop.index<"3 - 2*i0"> : i64
    %n = arith.constant 4 : i64
    %j = loop.in_range %k, %n : i64
    %p = loop.index #loop.index<"i1"> : i64
    %hit = arith.cmpi eq, %j, %p : i64
    %v = loop.load %x[#loop.index<"4*i0 + i1">] : !loop.buffer<[3, 4], f32, strides [4, 1]>
    %m = arith.constant -1.0 : f32
    %r = arith.select %hit, %m, %v : f32
    loop.yield %r : f32
  } : !loop.buffer<[3, 4], f32, strides [4, 1]>
  func.return %g : !loop.buffer<[3, 4], f32, strides [4, 1]>
}

func.func @scatter_inside(%x: !loop.buffer<[3, 4], f32, strides [4, 1]>) -> !loop.buffer<[3, 4], f32, strides [4, 1]> {
  %g = loop.pointwise ranges [3, 4] {
    %k = loop.index #loop.index<"3 - i0"> : i64
    %n = arith.constant 4 : i64
    %j = loop.in_range %k, %n : i64
    %p = loop.index #loop.index<"i1"> : i64
    %hit = arith.cmpi eq, %j, %p : i64
    %v = loop.load %x[#loop.index<"4*i0 + i1">] : !loop.buffer<[3, 4], f32, strides [4, 1]>
    %m = arith.constant -1.0 : f32
    %r = arith.select %hit, %m, %v : f32
    loop.yield %r : f32
  } : !loop.buffer<[3, 4], f32, strides [4, 1]>
  func.return %g : !loop.buffer<[3, 4], f32, strides [4, 1]>
}

// INDEX: index out of range
// OFF: [0., 6., 0.]
// DIV: ZeroDivisionError
// NONZERO: [0, 0, 0, 0]
// INSIDE: [ 0.,  1.,  2., -1.]
