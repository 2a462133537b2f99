// RUN: irc-opt %s -p loop-inline --split-input-file | filecheck %s
// RUN: irc-opt %s -p 'loop-inline{max_body_ops=1}' --split-input-file | filecheck %s --check-prefix=SMALL
// RUN: irc-opt %s -p 'loop-inline{enabled=false}' --split-input-file | filecheck %s --check-prefix=OFF
// RUN: irc-opt %s -p 'loop-inline{max_reads=8}' --split-input-file | filecheck %s --check-prefix=READS
// RUN: irc-opt %s -p 'loop-inline{max_index_chars=24}' --split-input-file | filecheck %s --check-prefix=SHORT

// A pointwise chain collapses into its last op; the producer is erased.
func.func @pointwise_chain(%x: !loop.buffer<[3, 9], f32, strides [9, 1]>) -> !loop.buffer<[3, 9], f32, strides [9, 1]> {
  %p = loop.pointwise ranges [3, 9] {
    %a = loop.load %x[#loop.index<"9*i0 + i1">] : !loop.buffer<[3, 9], f32, strides [9, 1]>
    %e = math.exp %a : f32
    loop.yield %e : f32
  } : !loop.buffer<[3, 9], f32, strides [9, 1]>
  %q = loop.pointwise ranges [3, 9] {
    %v = loop.load %p[#loop.index<"9*i0 + i1">] : !loop.buffer<[3, 9], f32, strides [9, 1]>
    %w = arith.addf %v, %v : f32
    loop.yield %w : f32
  } : !loop.buffer<[3, 9], f32, strides [9, 1]>
  func.return %q : !loop.buffer<[3, 9], f32, strides [9, 1]>
}

// CHECK-LABEL: func.func @pointwise_chain
// CHECK-NEXT:    %q = loop.pointwise ranges [3, 9] {
// CHECK-NEXT:      %a = loop.load %x[#loop.index<"9*i0 + i1">] : !loop.buffer<[3, 9], f32, strides [9, 1]>
// CHECK-NEXT:      %e = math.exp %a : f32
// CHECK-NEXT:      %w = arith.addf %e, %e : f32
// CHECK-NEXT:      loop.yield %w : f32
// CHECK-NEXT:    } : !loop.buffer<[3, 9], f32, strides [9, 1]>
// CHECK-NEXT:    func.return %q
// OFF-LABEL:   func.func @pointwise_chain
// OFF-NEXT:      %p = loop.pointwise

// -----

// Into a reduction: the producer's broadcast load of %y (index i1) becomes r0 at the reduction's coordinates.
func.func @into_reduction(%x: !loop.buffer<[3, 9], f32, strides [9, 1]>, %y: !loop.buffer<[9], f32, strides [1]>) -> !loop.buffer<[3], f32, strides [1]> {
  %p = loop.pointwise ranges [3, 9] {
    %a = loop.load %x[#loop.index<"9*i0 + i1">] : !loop.buffer<[3, 9], f32, strides [9, 1]>
    %b = loop.load %y[#loop.index<"i1">] : !loop.buffer<[9], f32, strides [1]>
    %c = arith.addf %a, %b : f32
    loop.yield %c : f32
  } : !loop.buffer<[3, 9], f32, strides [9, 1]>
  %s = loop.reduction sum ranges [3] reduce [9] {
    %v = loop.load %p[#loop.index<"9*i0 + r0">] : !loop.buffer<[3, 9], f32, strides [9, 1]>
    loop.yield %v : f32
  } : !loop.buffer<[3], f32, strides [1]>
  func.return %s : !loop.buffer<[3], f32, strides [1]>
}

// CHECK-LABEL: func.func @into_reduction
// CHECK-NEXT:    %s = loop.reduction sum ranges [3] reduce [9] {
// CHECK-NEXT:      %a = loop.load %x[#loop.index<"9*i0 + r0">] : !loop.buffer<[3, 9], f32, strides [9, 1]>
// CHECK-NEXT:      %b = loop.load %y[#loop.index<"r0">] : !loop.buffer<[9], f32, strides [1]>
// CHECK-NEXT:      %c = arith.addf %a, %b : f32
// CHECK-NEXT:      loop.yield %c : f32
// CHECK-NEXT:    } : !loop.buffer<[3], f32, strides [1]>
// CHECK-NEXT:    func.return %s

// -----

// Loads through views fold into loads of the source (a transpose, then a slice at offset 4); dead views go.
func.func @fold_views(%x: !loop.buffer<[4, 3], f32, strides [3, 1]>) -> !loop.buffer<[3, 2], f32, strides [2, 1]> {
  %t = loop.reinterpret %x : !loop.buffer<[4, 3], f32, strides [3, 1]> to !loop.buffer<[3, 4], f32, strides [1, 3]>
  %u = loop.reinterpret %t : !loop.buffer<[3, 4], f32, strides [1, 3]> to !loop.buffer<[3, 2], f32, strides [1, 3], offset 4>
  %q = loop.pointwise ranges [3, 2] {
    %v = loop.load %u[#loop.index<"i0 + 3*i1">] : !loop.buffer<[3, 2], f32, strides [1, 3], offset 4>
    loop.yield %v : f32
  } : !loop.buffer<[3, 2], f32, strides [2, 1]>
  func.return %q : !loop.buffer<[3, 2], f32, strides [2, 1]>
}

// CHECK-LABEL: func.func @fold_views
// CHECK-NEXT:    %q = loop.pointwise ranges [3, 2] {
// CHECK-NEXT:      %v = loop.load %x[#loop.index<"i0 + 3*i1 + 4">] : !loop.buffer<[4, 3], f32, strides [3, 1]>
// CHECK-NEXT:      loop.yield %v : f32
// CHECK-NEXT:    } : !loop.buffer<[3, 2], f32, strides [2, 1]>
// CHECK-NEXT:    func.return %q

// -----

// A view of a producer: the load folds, then the producer inlines at the permuted coordinates. A view that is
// still used (returned) stays.
func.func @view_of_producer(%x: !loop.buffer<[4, 3], f32, strides [3, 1]>) -> (!loop.buffer<[3, 4], f32, strides [4, 1]>, !loop.buffer<[3, 4], f32, strides [1, 3]>) {
  %p = loop.pointwise ranges [4, 3] {
    %a = loop.load %x[#loop.index<"3*i0 + i1">] : !loop.buffer<[4, 3], f32, strides [3, 1]>
    %n = arith.negf %a : f32
    loop.yield %n : f32
  } : !loop.buffer<[4, 3], f32, strides [3, 1]>
  %t = loop.reinterpret %p : !loop.buffer<[4, 3], f32, strides [3, 1]> to !loop.buffer<[3, 4], f32, strides [1, 3]>
  %q = loop.pointwise ranges [3, 4] {
    %v = loop.load %t[#loop.index<"i0 + 3*i1">] : !loop.buffer<[3, 4], f32, strides [1, 3]>
    loop.yield %v : f32
  } : !loop.buffer<[3, 4], f32, strides [4, 1]>
  func.return %q, %t : !loop.buffer<[3, 4], f32, strides [4, 1]>, !loop.buffer<[3, 4], f32, strides [1, 3]>
}

// CHECK-LABEL: func.func @view_of_producer
// CHECK-NEXT:    %p = loop.pointwise ranges [4, 3] {
// CHECK:         %t = loop.reinterpret %p
// CHECK-NEXT:    %q = loop.pointwise ranges [3, 4] {
// CHECK-NEXT:      %[[A:.*]] = loop.load %x[#loop.index<"i0 + 3*i1">] : !loop.buffer<[4, 3], f32, strides [3, 1]>
// CHECK-NEXT:      %[[N:.*]] = arith.negf %[[A]] : f32
// CHECK-NEXT:      loop.yield %[[N]] : f32
// CHECK-NEXT:    } : !loop.buffer<[3, 4], f32, strides [4, 1]>
// CHECK-NEXT:    func.return %q, %t

// -----

// A reshape copy: the consumer of a [2, 6] producer reads it as [12]; the index recombines to i0.
func.func @reshape(%x: !loop.buffer<[2, 6], f32, strides [6, 1]>) -> !loop.buffer<[12], f32, strides [1]> {
  %p = loop.pointwise ranges [2, 6] {
    %a = loop.load %x[#loop.index<"6*i0 + i1">] : !loop.buffer<[2, 6], f32, strides [6, 1]>
    %e = math.sqrt %a : f32
    loop.yield %e : f32
  } : !loop.buffer<[2, 6], f32, strides [6, 1]>
  %q = loop.pointwise ranges [12] {
    %v = loop.load %p[#loop.index<"i0">] : !loop.buffer<[2, 6], f32, strides [6, 1]>
    loop.yield %v : f32
  } : !loop.buffer<[12], f32, strides [1]>
  func.return %q : !loop.buffer<[12], f32, strides [1]>
}

// CHECK-LABEL: func.func @reshape
// CHECK-NEXT:    %q = loop.pointwise ranges [12] {
// CHECK-NEXT:      %a = loop.load %x[#loop.index<"i0">] : !loop.buffer<[2, 6], f32, strides [6, 1]>

// -----

// Symbolic sizes, and a loop.index in the producer (an arange) rewritten to the consumer's coordinates.
func.func @symbolic(%x: !loop.buffer<[s0, s1], f32, strides [s1, 1]>) -> !loop.buffer<[s1, s0], f32, strides [s0, 1]> {
  %p = loop.pointwise ranges [s0, s1] {
    %a = loop.load %x[#loop.index<"s1*i0 + i1">] : !loop.buffer<[s0, s1], f32, strides [s1, 1]>
    %i = loop.index #loop.index<"i1"> : i64
    %f = loop.cast %i : i64 to f32
    %m = arith.mulf %a, %f : f32
    loop.yield %m : f32
  } : !loop.buffer<[s0, s1], f32, strides [s1, 1]>
  %q = loop.pointwise ranges [s1, s0] {
    %v = loop.load %p[#loop.index<"i0 + s1*i1">] : !loop.buffer<[s0, s1], f32, strides [s1, 1]>
    loop.yield %v : f32
  } : !loop.buffer<[s1, s0], f32, strides [s0, 1]>
  func.return %q : !loop.buffer<[s1, s0], f32, strides [s0, 1]>
}

// CHECK-LABEL: func.func @symbolic
// CHECK-NEXT:    %q = loop.pointwise ranges [s1, s0] {
// CHECK-NEXT:      %a = loop.load %x[#loop.index<"i0 + i1*s1">] : !loop.buffer<[s0, s1], f32, strides [s1, 1]>
// CHECK-NEXT:      %i = loop.index #loop.index<"i0"> : i64

// -----

// A producer laid out transposed with symbolic sizes (strides [1, s0], as ATen lays out `a.t() * b`): its
// element at the consumer's offset is found by stride order, so it composes as a row-major one does.
func.func @symbolic_transposed(%x: !loop.buffer<[s1, s0], f32, strides [s0, 1]>) -> !loop.buffer<[s0, s1], f32, strides [1, s0]> {
  %p = loop.pointwise ranges [s0, s1] {
    %a = loop.load %x[#loop.index<"i0 + i1*s0">] : !loop.buffer<[s1, s0], f32, strides [s0, 1]>
    %e = math.exp %a : f32
    loop.yield %e : f32
  } : !loop.buffer<[s0, s1], f32, strides [1, s0]>
  %q = loop.pointwise ranges [s0, s1] {
    %v = loop.load %p[#loop.index<"i0 + i1*s0">] : !loop.buffer<[s0, s1], f32, strides [1, s0]>
    %w = arith.addf %v, %v : f32
    loop.yield %w : f32
  } : !loop.buffer<[s0, s1], f32, strides [1, s0]>
  func.return %q : !loop.buffer<[s0, s1], f32, strides [1, s0]>
}

// CHECK-LABEL: func.func @symbolic_transposed
// CHECK-NEXT:    %q = loop.pointwise ranges [s0, s1] {
// CHECK-NEXT:      %a = loop.load %x[#loop.index<"i0 + i1*s0">] : !loop.buffer<[s1, s0], f32, strides [s0, 1]>
// CHECK-NEXT:      %e = math.exp %a : f32
// CHECK-NEXT:      %w = arith.addf %e, %e : f32

// -----

// A producer with several load sites: inlined into each while cheap; with max_body_ops=1 it stays.
func.func @many_uses(%x: !loop.buffer<[8], f32, strides [1]>) -> !loop.buffer<[8], f32, strides [1]> {
  %p = loop.pointwise ranges [8] {
    %a = loop.load %x[#loop.index<"i0">] : !loop.buffer<[8], f32, strides [1]>
    %e = math.exp %a : f32
    %t = math.tanh %e : f32
    loop.yield %t : f32
  } : !loop.buffer<[8], f32, strides [1]>
  %q = loop.pointwise ranges [8] {
    %v = loop.load %p[#loop.index<"i0">] : !loop.buffer<[8], f32, strides [1]>
    %w = loop.load %p[#loop.index<"7 - i0">] : !loop.buffer<[8], f32, strides [1]>
    %s = arith.addf %v, %w : f32
    loop.yield %s : f32
  } : !loop.buffer<[8], f32, strides [1]>
  func.return %q : !loop.buffer<[8], f32, strides [1]>
}

// CHECK-LABEL: func.func @many_uses
// CHECK-NEXT:    %q = loop.pointwise ranges [8] {
// CHECK-NEXT:      %a = loop.load %x[#loop.index<"i0">]
// CHECK-NEXT:      %e = math.exp %a : f32
// CHECK-NEXT:      %t = math.tanh %e : f32
// CHECK-NEXT:      %a_1 = loop.load %x[#loop.index<"7 - i0">]
// SMALL-LABEL: func.func @many_uses
// SMALL-NEXT:    %p = loop.pointwise ranges [8] {
// SMALL:         %q = loop.pointwise ranges [8] {
// SMALL-NEXT:      %v = loop.load %p[#loop.index<"i0">]
// SMALL-NEXT:      %w = loop.load %p[#loop.index<"7 - i0">]

// -----

// An expensive producer read inside a reduction at an index that ignores r0 would be recomputed per r step:
// with max_body_ops=1 it stays; a single cheap-enough load site inlines.
func.func @broadcast_into_reduction(%x: !loop.buffer<[3, 9], f32, strides [9, 1]>, %y: !loop.buffer<[3], f32, strides [1]>) -> !loop.buffer<[3], f32, strides [1]> {
  %p = loop.pointwise ranges [3] {
    %a = loop.load %y[#loop.index<"i0">] : !loop.buffer<[3], f32, strides [1]>
    %e = math.exp %a : f32
    %l = math.log %e : f32
    loop.yield %l : f32
  } : !loop.buffer<[3], f32, strides [1]>
  %s = loop.reduction max ranges [3] reduce [9] {
    %v = loop.load %x[#loop.index<"9*i0 + r0">] : !loop.buffer<[3, 9], f32, strides [9, 1]>
    %w = loop.load %p[#loop.index<"i0">] : !loop.buffer<[3], f32, strides [1]>
    %d = arith.subf %v, %w : f32
    loop.yield %d : f32
  } : !loop.buffer<[3], f32, strides [1]>
  func.return %s : !loop.buffer<[3], f32, strides [1]>
}

// CHECK-LABEL: func.func @broadcast_into_reduction
// CHECK-NEXT:    %s = loop.reduction max ranges [3] reduce [9] {
// SMALL-LABEL: func.func @broadcast_into_reduction
// SMALL-NEXT:    %p = loop.pointwise ranges [3] {

// -----

// Reductions are never inlined; nothing is inlined across a write of memory the producer reads (the
// store-only pointwise writes %x).
func.func @no_inline(%x: !loop.buffer<[3, 9], f32, strides [9, 1]>) -> !loop.buffer<[3, 9], f32, strides [9, 1]> {
  %s = loop.reduction sum ranges [3] reduce [9] {
    %v = loop.load %x[#loop.index<"9*i0 + r0">] : !loop.buffer<[3, 9], f32, strides [9, 1]>
    loop.yield %v : f32
  } : !loop.buffer<[3], f32, strides [1]>
  %p = loop.pointwise ranges [3, 9] {
    %a = loop.load %x[#loop.index<"9*i0 + i1">] : !loop.buffer<[3, 9], f32, strides [9, 1]>
    %b = loop.load %s[#loop.index<"i0">] : !loop.buffer<[3], f32, strides [1]>
    %c = arith.divf %a, %b : f32
    loop.yield %c : f32
  } : !loop.buffer<[3, 9], f32, strides [9, 1]>
  loop.pointwise ranges [3, 9] {
    %z = arith.constant 0.0 : f32
    loop.store %z, %x[#loop.index<"9*i0 + i1">] : !loop.buffer<[3, 9], f32, strides [9, 1]>
    loop.yield
  }
  %q = loop.pointwise ranges [3, 9] {
    %v = loop.load %p[#loop.index<"9*i0 + i1">] : !loop.buffer<[3, 9], f32, strides [9, 1]>
    loop.yield %v : f32
  } : !loop.buffer<[3, 9], f32, strides [9, 1]>
  func.return %q : !loop.buffer<[3, 9], f32, strides [9, 1]>
}

// CHECK-LABEL: func.func @no_inline
// CHECK-NEXT:    %s = loop.reduction sum ranges [3] reduce [9] {
// CHECK:         %p = loop.pointwise ranges [3, 9] {
// CHECK-NEXT:      %a = loop.load %x[#loop.index<"9*i0 + i1">]
// CHECK-NEXT:      %b = loop.load %s[#loop.index<"i0">]
// CHECK:         loop.store
// CHECK:         %q = loop.pointwise ranges [3, 9] {
// CHECK-NEXT:      %{{.*}} = loop.load %p[#loop.index<"9*i0 + i1">]

// -----

// A producer with more than max_reads (4) loads, read at two sites, stays (Inductor's realize_reads_threshold);
// with max_reads=8 it is cheap enough to compute twice.
func.func @many_reads(%x: !loop.buffer<[8], f32, strides [1]>, %y: !loop.buffer<[8], f32, strides [1]>) -> !loop.buffer<[8], f32, strides [1]> {
  %p = loop.pointwise ranges [8] {
    %a = loop.load %x[#loop.index<"i0">] : !loop.buffer<[8], f32, strides [1]>
    %b = loop.load %y[#loop.index<"i0">] : !loop.buffer<[8], f32, strides [1]>
    %c = loop.load %x[#loop.index<"7 - i0">] : !loop.buffer<[8], f32, strides [1]>
    %d = loop.load %y[#loop.index<"7 - i0">] : !loop.buffer<[8], f32, strides [1]>
    %e = loop.load %x[#loop.index<"0">] : !loop.buffer<[8], f32, strides [1]>
    %s0 = arith.addf %a, %b : f32
    %s1 = arith.addf %c, %d : f32
    %s2 = arith.addf %s0, %s1 : f32
    %s3 = arith.addf %s2, %e : f32
    loop.yield %s3 : f32
  } : !loop.buffer<[8], f32, strides [1]>
  %q = loop.pointwise ranges [8] {
    %v = loop.load %p[#loop.index<"i0">] : !loop.buffer<[8], f32, strides [1]>
    %w = loop.load %p[#loop.index<"7 - i0">] : !loop.buffer<[8], f32, strides [1]>
    %m = arith.mulf %v, %w : f32
    loop.yield %m : f32
  } : !loop.buffer<[8], f32, strides [1]>
  func.return %q : !loop.buffer<[8], f32, strides [1]>
}

// CHECK-LABEL: func.func @many_reads
// CHECK-NEXT:    %p = loop.pointwise ranges [8] {
// CHECK:         %q = loop.pointwise ranges [8] {
// CHECK-NEXT:      loop.load %p[#loop.index<"i0">]
// CHECK-NEXT:      loop.load %p[#loop.index<"7 - i0">]
// READS-LABEL:   func.func @many_reads
// READS-NEXT:      %q = loop.pointwise ranges [8] {
// READS-NOT:       loop.load %p
// READS:           func.return %q

// -----

// A gather load of a pointwise producer (a log-softmax) reads the composed body at the gathered point; the
// producer's own gather load (an embedding-like row lookup) keeps its value, renumbered after the site's.
// Outside its bound the site read 0, so the composed value is selected where t0 is in [0, 9) (the
// subtraction alone would give -m[i0] there).
func.func @gather_site(%x: !loop.buffer<[3, 9], f32, strides [9, 1]>, %m: !loop.buffer<[3], f32, strides [1]>, %t: !loop.buffer<[3], i64, strides [1]>, %rows: !loop.buffer<[3], i32, strides [1]>) -> !loop.buffer<[3], f32, strides [1]> {
  %p = loop.pointwise ranges [3, 9] {
    %r = loop.load %rows[#loop.index<"i0">] : !loop.buffer<[3], i32, strides [1]>
    %a = loop.load %x[#loop.index<"9*t0 + i1">] gather(%r : i32) bounds [3] : !loop.buffer<[3, 9], f32, strides [9, 1]>
    %b = loop.load %m[#loop.index<"i0">] : !loop.buffer<[3], f32, strides [1]>
    %c = arith.subf %a, %b : f32
    loop.yield %c : f32
  } : !loop.buffer<[3, 9], f32, strides [9, 1]>
  %g = loop.pointwise ranges [3] {
    %k = loop.load %t[#loop.index<"i0">] : !loop.buffer<[3], i64, strides [1]>
    %v = loop.load %p[#loop.index<"9*i0 + t0">] gather(%k : i64) bounds [9] : !loop.buffer<[3, 9], f32, strides [9, 1]>
    loop.yield %v : f32
  } : !loop.buffer<[3], f32, strides [1]>
  func.return %g : !loop.buffer<[3], f32, strides [1]>
}

// CHECK-LABEL: func.func @gather_site
// CHECK-NEXT:    %g = loop.pointwise ranges [3] {
// CHECK-NEXT:      %k = loop.load %t[#loop.index<"i0">] : !loop.buffer<[3], i64, strides [1]>
// CHECK-NEXT:      %r = loop.load %rows[#loop.index<"i0">] : !loop.buffer<[3], i32, strides [1]>
// CHECK-NEXT:      %a = loop.load %x[#loop.index<"t0 + 9*t1">] gather(%k, %r : i64, i32) bounds [9, 3] : !loop.buffer<[3, 9], f32, strides [9, 1]>
// CHECK-NEXT:      %b = loop.load %m[#loop.index<"i0">] : !loop.buffer<[3], f32, strides [1]>
// CHECK-NEXT:      %c = arith.subf %a, %b : f32
// CHECK-NEXT:      %[[ZERO:.*]] = arith.constant 0 : i64
// CHECK-NEXT:      %[[NINE:.*]] = arith.constant 9 : i64
// CHECK-NEXT:      %[[LOW:.*]] = arith.cmpi sge, %k, %[[ZERO]] : i64
// CHECK-NEXT:      %[[HIGH:.*]] = arith.cmpi slt, %k, %[[NINE]] : i64
// CHECK-NEXT:      %[[INSIDE:.*]] = arith.andi %[[LOW]], %[[HIGH]] : i1
// CHECK-NEXT:      %[[ZEROF:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:      %v = arith.select %[[INSIDE]], %c, %[[ZEROF]] : f32
// CHECK-NEXT:      loop.yield %v : f32
// CHECK-NEXT:    } : !loop.buffer<[3], f32, strides [1]>
// CHECK-NEXT:    func.return %g

// -----

// A chain at one point: each producer's body becomes its consumer's (no copy), and a consumer's read of an
// element its producer reads takes that value (one load of %y per element).
func.func @chain(%x: !loop.buffer<[4, 5], f32, strides [5, 1]>, %y: !loop.buffer<[4, 5], f32, strides [5, 1]>) -> !loop.buffer<[4, 5], f32, strides [5, 1]> {
  %a = loop.pointwise ranges [4, 5] {
    %0 = loop.load %x[#loop.index<"5*i0 + i1">] : !loop.buffer<[4, 5], f32, strides [5, 1]>
    %1 = loop.load %y[#loop.index<"5*i0 + i1">] : !loop.buffer<[4, 5], f32, strides [5, 1]>
    %2 = arith.addf %0, %1 : f32
    loop.yield %2 : f32
  } : !loop.buffer<[4, 5], f32, strides [5, 1]>
  %b = loop.pointwise ranges [4, 5] {
    %3 = loop.load %a[#loop.index<"5*i0 + i1">] : !loop.buffer<[4, 5], f32, strides [5, 1]>
    %4 = loop.load %y[#loop.index<"5*i0 + i1">] : !loop.buffer<[4, 5], f32, strides [5, 1]>
    %5 = arith.mulf %3, %4 : f32
    loop.yield %5 : f32
  } : !loop.buffer<[4, 5], f32, strides [5, 1]>
  %c = loop.pointwise ranges [4, 5] {
    %6 = loop.load %b[#loop.index<"5*i0 + i1">] : !loop.buffer<[4, 5], f32, strides [5, 1]>
    %7 = math.sin %6 : f32
    loop.yield %7 : f32
  } : !loop.buffer<[4, 5], f32, strides [5, 1]>
  func.return %c : !loop.buffer<[4, 5], f32, strides [5, 1]>
}

// CHECK-LABEL: func.func @chain
// CHECK-NEXT:    %c = loop.pointwise ranges [4, 5] {
// CHECK-NEXT:      %[[X:.*]] = loop.load %x[#loop.index<"5*i0 + i1">]
// CHECK-NEXT:      %[[Y:.*]] = loop.load %y[#loop.index<"5*i0 + i1">]
// CHECK-NEXT:      %[[A:.*]] = arith.addf %[[X]], %[[Y]] : f32
// CHECK-NEXT:      %[[B:.*]] = arith.mulf %[[A]], %[[Y]] : f32
// CHECK-NEXT:      %[[C:.*]] = math.sin %[[B]] : f32
// CHECK-NEXT:      loop.yield %[[C]] : f32
// CHECK-NEXT:    } : !loop.buffer<[4, 5], f32, strides [5, 1]>
// CHECK-NEXT:    func.return %c

// -----

// A checked gather site (x[idx] of a computed buffer) carries its check to the composed loads that take its
// gather value; a producer whose own gather load is unchecked is not composed there (one flag per load).
func.func @checked_gather_site(%x: !loop.buffer<[3, 9], f32, strides [9, 1]>, %t: !loop.buffer<[3], i64, strides [1]>, %rows: !loop.buffer<[3], i32, strides [1]>) -> (!loop.buffer<[3], f32, strides [1]>, !loop.buffer<[3], f32, strides [1]>) {
  %p = loop.pointwise ranges [3, 9] {
    %a = loop.load %x[#loop.index<"9*i0 + i1">] : !loop.buffer<[3, 9], f32, strides [9, 1]>
    %c = math.exp %a : f32
    loop.yield %c : f32
  } : !loop.buffer<[3, 9], f32, strides [9, 1]>
  %q = loop.pointwise ranges [3, 9] {
    %r = loop.load %rows[#loop.index<"i0">] : !loop.buffer<[3], i32, strides [1]>
    %a = loop.load %x[#loop.index<"9*t0 + i1">] gather(%r : i32) bounds [3] : !loop.buffer<[3, 9], f32, strides [9, 1]>
    loop.yield %a : f32
  } : !loop.buffer<[3, 9], f32, strides [9, 1]>
  %g = loop.pointwise ranges [3] {
    %k = loop.load %t[#loop.index<"i0">] : !loop.buffer<[3], i64, strides [1]>
    %v = loop.load %p[#loop.index<"9*i0 + t0">] gather(%k : i64) bounds [9] checked : !loop.buffer<[3, 9], f32, strides [9, 1]>
    loop.yield %v : f32
  } : !loop.buffer<[3], f32, strides [1]>
  %h = loop.pointwise ranges [3] {
    %k = loop.load %t[#loop.index<"i0">] : !loop.buffer<[3], i64, strides [1]>
    %v = loop.load %q[#loop.index<"9*i0 + t0">] gather(%k : i64) bounds [9] checked : !loop.buffer<[3, 9], f32, strides [9, 1]>
    loop.yield %v : f32
  } : !loop.buffer<[3], f32, strides [1]>
  func.return %g, %h : !loop.buffer<[3], f32, strides [1]>, !loop.buffer<[3], f32, strides [1]>
}

// CHECK-LABEL: func.func @checked_gather_site
// CHECK:         %q = loop.pointwise ranges [3, 9] {
// CHECK:         %g = loop.pointwise ranges [3] {
// CHECK:           %[[A:.*]] = loop.load %x[#loop.index<"9*i0 + t0">] gather(%k : i64) bounds [9] checked : !loop.buffer<[3, 9], f32, strides [9, 1]>
// CHECK:           math.exp %[[A]] : f32
// CHECK:         %h = loop.pointwise ranges [3] {
// CHECK:           loop.load %q[#loop.index<"9*i0 + t0">] gather(%{{.*}} : i64) bounds [9] checked

// -----

// A producer computing index values is not composed at a gather site (they would depend on gathered values).
func.func @gather_site_of_index_values(%t: !loop.buffer<[3], i64, strides [1]>) -> !loop.buffer<[3], i64, strides [1]> {
  %p = loop.pointwise ranges [3, 9] {
    %i = loop.index #loop.index<"i1"> : i64
    loop.yield %i : i64
  } : !loop.buffer<[3, 9], i64, strides [9, 1]>
  %g = loop.pointwise ranges [3] {
    %k = loop.load %t[#loop.index<"i0">] : !loop.buffer<[3], i64, strides [1]>
    %v = loop.load %p[#loop.index<"9*i0 + t0">] gather(%k : i64) bounds [9] : !loop.buffer<[3, 9], i64, strides [9, 1]>
    loop.yield %v : i64
  } : !loop.buffer<[3], i64, strides [1]>
  func.return %g : !loop.buffer<[3], i64, strides [1]>
}

// CHECK-LABEL: func.func @gather_site_of_index_values
// CHECK-NEXT:    %p = loop.pointwise ranges [3, 9] {
// CHECK:           loop.load %p[#loop.index<"9*i0 + t0">] gather(%k : i64) bounds [9]

// -----

// A masked load (a padding or a pooling window) of a producer whose elements are not loads (a ones_like):
// outside the bound [0, s0) the site reads 0, not the producer's 1.
func.func @masked_site_of_a_constant(%t: !loop.buffer<[4], i64, strides [1]>) -> !loop.buffer<[4], f32, strides [1]> {
  %p = loop.pointwise ranges [s0] {
    %one = arith.constant 1.000000e+00 : f32
    loop.yield %one : f32
  } : !loop.buffer<[s0], f32, strides [1]>
  %g = loop.pointwise ranges [4] {
    %k = loop.load %t[#loop.index<"i0">] : !loop.buffer<[4], i64, strides [1]>
    %v = loop.load %p[#loop.index<"t0">] gather(%k : i64) bounds [s0] : !loop.buffer<[s0], f32, strides [1]>
    loop.yield %v : f32
  } : !loop.buffer<[4], f32, strides [1]>
  func.return %g : !loop.buffer<[4], f32, strides [1]>
}

// CHECK-LABEL: func.func @masked_site_of_a_constant
// CHECK-NEXT:    %g = loop.pointwise ranges [4] {
// CHECK-NEXT:      %k = loop.load %t[#loop.index<"i0">] : !loop.buffer<[4], i64, strides [1]>
// CHECK-NEXT:      %one = arith.constant 1.000000e+00 : f32
// CHECK-NEXT:      %[[ZERO:.*]] = arith.constant 0 : i64
// CHECK-NEXT:      %[[SIZE:.*]] = loop.index #loop.index<"s0"> : i64
// CHECK-NEXT:      %[[LOW:.*]] = arith.cmpi sge, %k, %[[ZERO]] : i64
// CHECK-NEXT:      %[[HIGH:.*]] = arith.cmpi slt, %k, %[[SIZE]] : i64
// CHECK-NEXT:      %[[INSIDE:.*]] = arith.andi %[[LOW]], %[[HIGH]] : i1
// CHECK-NEXT:      %[[ZEROF:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:      %v = arith.select %[[INSIDE]], %one, %[[ZEROF]] : f32
// CHECK-NEXT:      loop.yield %v : f32

// -----

// The same for an unsigned producer (uint8): arith takes signless integers, so the select runs on i32.
func.func @masked_site_of_an_unsigned(%t: !loop.buffer<[4], i64, strides [1]>) -> !loop.buffer<[4], ui8, strides [1]> {
  %p = loop.pointwise ranges [3] {
    %one = arith.constant 1 : i32
    %u = loop.cast %one : i32 to ui8
    loop.yield %u : ui8
  } : !loop.buffer<[3], ui8, strides [1]>
  %g = loop.pointwise ranges [4] {
    %k = loop.load %t[#loop.index<"i0">] : !loop.buffer<[4], i64, strides [1]>
    %v = loop.load %p[#loop.index<"t0">] gather(%k : i64) bounds [3] : !loop.buffer<[3], ui8, strides [1]>
    loop.yield %v : ui8
  } : !loop.buffer<[4], ui8, strides [1]>
  func.return %g : !loop.buffer<[4], ui8, strides [1]>
}

// CHECK-LABEL: func.func @masked_site_of_an_unsigned
// CHECK:           %[[INSIDE:.*]] = arith.andi
// CHECK-NEXT:      %[[WIDE:.*]] = loop.cast %u : ui8 to i32
// CHECK-NEXT:      %[[ZERO:.*]] = arith.constant 0 : i32
// CHECK-NEXT:      %[[CHOSEN:.*]] = arith.select %[[INSIDE]], %[[WIDE]], %[[ZERO]] : i32
// CHECK-NEXT:      %v = loop.cast %[[CHOSEN]] : i32 to ui8
// CHECK-NEXT:      loop.yield %v : ui8

// -----

// Random numbers are expensive (ten Philox rounds): read at two sites they are computed once (%b, not random,
// is composed into %c).
func.func @random_read_twice(%seeds: !loop.buffer<[1], i64, strides [1]>) -> (!loop.buffer<[8], f32, strides [1]>, !loop.buffer<[8], f32, strides [1]>) {
  %r = loop.pointwise ranges [8] {
    %s = loop.load %seeds[#loop.index<"0">] : !loop.buffer<[1], i64, strides [1]>
    %o = loop.index #loop.index<"i0"> : i64
    %u = loop.random "rand" %s, %o : i64 -> f32
    loop.yield %u : f32
  } : !loop.buffer<[8], f32, strides [1]>
  %a = loop.pointwise ranges [8] {
    %v = loop.load %r[#loop.index<"i0">] : !loop.buffer<[8], f32, strides [1]>
    %w = arith.addf %v, %v : f32
    loop.yield %w : f32
  } : !loop.buffer<[8], f32, strides [1]>
  %b = loop.pointwise ranges [8] {
    %v = loop.load %r[#loop.index<"7 - i0">] : !loop.buffer<[8], f32, strides [1]>
    %w = arith.mulf %v, %v : f32
    loop.yield %w : f32
  } : !loop.buffer<[8], f32, strides [1]>
  %c = loop.pointwise ranges [8] {
    %v = loop.load %b[#loop.index<"i0">] : !loop.buffer<[8], f32, strides [1]>
    loop.yield %v : f32
  } : !loop.buffer<[8], f32, strides [1]>
  func.return %a, %c : !loop.buffer<[8], f32, strides [1]>, !loop.buffer<[8], f32, strides [1]>
}

// CHECK-LABEL: func.func @random_read_twice
// CHECK:         %r = loop.pointwise ranges [8] {
// CHECK:           loop.random "rand"
// CHECK:         %a = loop.pointwise ranges [8] {
// CHECK-NEXT:      %v = loop.load %r[#loop.index<"i0">]
// CHECK-NOT:     loop.random
// CHECK:         %c = loop.pointwise ranges [8] {
// CHECK-NEXT:      %{{.*}} = loop.load %r[#loop.index<"7 - i0">]
// CHECK-NOT:     loop.random
// CHECK:         func.return

// -----

// A kept producer whose value is rounded to bf16 and widened again (bf16 math: the next op computes in f32)
// stores the bf16 value, and each load widens it: half the bytes, the same values.
func.func @narrow_round_trip(%x: !loop.buffer<[8], bf16, strides [1]>) -> (!loop.buffer<[8], f32, strides [1]>, !loop.buffer<[8], f32, strides [1]>) {
  %p = loop.pointwise ranges [8] {
    %a = loop.load %x[#loop.index<"i0">] : !loop.buffer<[8], bf16, strides [1]>
    %w = loop.cast %a : bf16 to f32
    %e = math.exp %w : f32
    %n = loop.cast %e : f32 to bf16
    %b = loop.cast %n : bf16 to f32
    loop.yield %b : f32
  } : !loop.buffer<[8], f32, strides [1]>
  %s = loop.pointwise ranges [8] {
    %v = loop.load %p[#loop.index<"i0">] : !loop.buffer<[8], f32, strides [1]>
    %q = loop.sigmoid %v : f32
    loop.yield %q : f32
  } : !loop.buffer<[8], f32, strides [1]>
  %t = loop.pointwise ranges [8] {
    %v = loop.load %p[#loop.index<"i0">] : !loop.buffer<[8], f32, strides [1]>
    %q = math.tanh %v : f32
    loop.yield %q : f32
  } : !loop.buffer<[8], f32, strides [1]>
  func.return %s, %t : !loop.buffer<[8], f32, strides [1]>, !loop.buffer<[8], f32, strides [1]>
}

// SMALL-LABEL: func.func @narrow_round_trip
// SMALL:         %[[N:.*]] = loop.cast %{{.*}} : f32 to bf16
// SMALL-NEXT:    loop.yield %[[N]] : bf16
// SMALL-NEXT:  } : !loop.buffer<[8], bf16, strides [1]>
// SMALL:         %[[V:.*]] = loop.load %p[#loop.index<"i0">] : !loop.buffer<[8], bf16, strides [1]>
// SMALL-NEXT:    %[[W:.*]] = loop.cast %[[V]] : bf16 to f32
// SMALL-NEXT:    loop.sigmoid %[[W]] : f32
// SMALL:         %[[V2:.*]] = loop.load %p[#loop.index<"i0">] : !loop.buffer<[8], bf16, strides [1]>
// SMALL-NEXT:    %[[W2:.*]] = loop.cast %[[V2]] : bf16 to f32
// SMALL-NEXT:    math.tanh %[[W2]] : f32

// -----

// A producer written to memory anyway (returned) is not recomputed inside a reduction that reads its buffer
// linearly in r0 where its own loads would not be: the column sum of a [2, 3] x 4 transposing copy reads
// the copy (recomputed, it would read %x at 8 * (r0 mod 3) + 4 * (r0 div 3)).
func.func @materialized_rows(%x: !loop.buffer<[3, 2, 4], f32, strides [8, 4, 1]>) -> (!loop.buffer<[2, 3, 4], f32, strides [12, 4, 1]>, !loop.buffer<[4], f32, strides [1]>) {
  %p = loop.pointwise ranges [2, 3, 4] {
    %a = loop.load %x[#loop.index<"4*i0 + 8*i1 + i2">] : !loop.buffer<[3, 2, 4], f32, strides [8, 4, 1]>
    loop.yield %a : f32
  } : !loop.buffer<[2, 3, 4], f32, strides [12, 4, 1]>
  %s = loop.reduction sum ranges [4] reduce [6] {
    %v = loop.load %p[#loop.index<"i0 + 4*r0">] : !loop.buffer<[2, 3, 4], f32, strides [12, 4, 1]>
    loop.yield %v : f32
  } : !loop.buffer<[4], f32, strides [1]>
  func.return %p, %s : !loop.buffer<[2, 3, 4], f32, strides [12, 4, 1]>, !loop.buffer<[4], f32, strides [1]>
}

// CHECK-LABEL: func.func @materialized_rows
// CHECK:         %s = loop.reduction sum ranges [4] reduce [6] {
// CHECK-NEXT:      %v = loop.load %p[#loop.index<"i0 + 4*r0">]

// -----

// A narrowing cast written anyway (an f32 gradient's bf16 copy, returned for a matmul) is not recomputed inside
// a reduction: the column sum reads the copy's 2 bytes an element, not %g's 4. A cast the return does not
// read composes as before (@unwritten_cast).
!f = !loop.buffer<[8, 4], f32, strides [4, 1]>
!h = !loop.buffer<[8, 4], bf16, strides [4, 1]>
func.func @written_cast(%g: !f) -> (!h, !loop.buffer<[4], f32, strides [1]>) {
  %c = loop.pointwise ranges [8, 4] {
    %a = loop.load %g[#loop.index<"4*i0 + i1">] : !f
    %t = loop.cast %a : f32 to bf16
    loop.yield %t : bf16
  } : !h
  %s = loop.reduction sum ranges [4] reduce [8] {
    %v = loop.load %c[#loop.index<"i0 + 4*r0">] : !h
    %w = loop.cast %v : bf16 to f32
    loop.yield %w : f32
  } : !loop.buffer<[4], f32, strides [1]>
  func.return %c, %s : !h, !loop.buffer<[4], f32, strides [1]>
}
// CHECK-LABEL: func.func @written_cast
// CHECK:         %s = loop.reduction sum ranges [4] reduce [8] {
// CHECK-NEXT:      %v = loop.load %c[#loop.index<"i0 + 4*r0">] : !loop.buffer<[8, 4], bf16, strides [4, 1]>
func.func @unwritten_cast(%g: !f) -> !loop.buffer<[4], f32, strides [1]> {
  %c = loop.pointwise ranges [8, 4] {
    %a = loop.load %g[#loop.index<"4*i0 + i1">] : !f
    %t = loop.cast %a : f32 to bf16
    loop.yield %t : bf16
  } : !h
  %s = loop.reduction sum ranges [4] reduce [8] {
    %v = loop.load %c[#loop.index<"i0 + 4*r0">] : !h
    %w = loop.cast %v : bf16 to f32
    loop.yield %w : f32
  } : !loop.buffer<[4], f32, strides [1]>
  func.return %s : !loop.buffer<[4], f32, strides [1]>
}
// CHECK-LABEL: func.func @unwritten_cast
// CHECK:         %s = loop.reduction sum ranges [4] reduce [8] {
// CHECK-NEXT:      loop.load %g[#loop.index<"i0 + 4*r0">] : !loop.buffer<[8, 4], f32, strides [4, 1]>

// -----

// A [4, s0] transposing copy read flat by its consumer: its coordinates are a division and a remainder by s0,
// and its load of %x composes into `FloorDiv(i0, s0) + 4*ModularIndexing(i0, 1, s0)`; under symbolic sizes a
// composed index longer than max_index_chars keeps the producer in memory (interpolations of patch grids
// composed into 200,000 characters).
func.func @long_symbolic_index(%x: !loop.buffer<[s0, 4], f32, strides [4, 1]>) -> !loop.buffer<["4*s0"], f32, strides [1]> {
  %p = loop.pointwise ranges [4, s0] {
    %a = loop.load %x[#loop.index<"i0 + 4*i1">] : !loop.buffer<[s0, 4], f32, strides [4, 1]>
    %e = math.exp %a : f32
    loop.yield %e : f32
  } : !loop.buffer<[4, s0], f32, strides [s0, 1]>
  %v = loop.reinterpret %p : !loop.buffer<[4, s0], f32, strides [s0, 1]> to !loop.buffer<["4*s0"], f32, strides [1]>
  %q = loop.pointwise ranges ["4*s0"] {
    %b = loop.load %v[#loop.index<"i0">] : !loop.buffer<["4*s0"], f32, strides [1]>
    %w = arith.addf %b, %b : f32
    loop.yield %w : f32
  } : !loop.buffer<["4*s0"], f32, strides [1]>
  func.return %q : !loop.buffer<["4*s0"], f32, strides [1]>
}

// CHECK-LABEL: func.func @long_symbolic_index
// CHECK-NEXT:    %q = loop.pointwise ranges ["4*s0"] {
// CHECK-NEXT:      %a = loop.load %x
// SHORT-LABEL: func.func @long_symbolic_index
// SHORT-NEXT:    %p = loop.pointwise ranges [4, s0] {
// SHORT:         %q = loop.pointwise ranges ["4*s0"] {
// SHORT-NEXT:      %b = loop.load %p[#loop.index<"i0">]
