// Run-time checks, run by irc-run at the loop level: a checked gather load with an index out of range stops
// the program as eager raises (unchecked, it reads 0); so does a division by a zero divisor (loop.nonzero).
// x = 0, 1, 2, ... as [3, 4]; the index values 3*i0 - 1 are [-1, 2, 5].
// RUN: not irc-run %s --fill arange 2>&1 | filecheck %s --check-prefix=INDEX
// RUN: irc-opt %s -p 'convert-aten-to-loop{check_indices=false}' | irc-run - --fill arange | filecheck %s --check-prefix=OFF
// RUN: not irc-run %s --function divide --fill arange 2>&1 | filecheck %s --check-prefix=DIV
// RUN: irc-run %s --function divide_shifted --fill arange | filecheck %s --check-prefix=NONZERO

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

// INDEX: index out of range
// OFF: [0., 6., 0.]
// DIV: ZeroDivisionError
// NONZERO: [0, 0, 0, 0]
