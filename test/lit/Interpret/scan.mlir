// Scans and scatter stores, run by irc-run: x = 0, 1, 2, ... as [3, 4]. cumsum along the rows: [0, 1, 3, 6], ...;
// the running log-sum-exp of a row; then row k of a copy of x gets every row added whose index value names it
// (rows 0 and 1 name row 1: atomic adds; row 2's index 3 is out of range and writes nothing).
// RUN: irc-run %s --fill arange | filecheck %s
// The same through every level down to Triton (interpreted), compared pass by pass.
// RUN: irc-opt %s -p 'loop-inline,cse,dce,loop-simplify,kernel-fuse,kernel-split-reduction,kernel-tile,kernel-plan-memory,convert-kernel-to-triton,cse,dce' --check-passes 2>&1 >/dev/null | filecheck %s --check-prefix=LEVELS

func.func @forward(%x: !loop.buffer<[3, 4], f32, strides [4, 1]>) -> (!loop.buffer<[3, 4], f32, strides [4, 1]>, !loop.buffer<[3, 4], f32, strides [4, 1]>, !loop.buffer<[3, 4], f32, strides [4, 1]>) {
  %c = loop.scan sum ranges [3, 4] {
    %a = loop.load %x[#loop.index<"4*i0 + i1">] : !loop.buffer<[3, 4], f32, strides [4, 1]>
    loop.yield %a : f32
  } : !loop.buffer<[3, 4], f32, strides [4, 1]>
  %l = loop.scan logsumexp ranges [3, 4] {
    %b = loop.load %x[#loop.index<"4*i0 + i1">] : !loop.buffer<[3, 4], f32, strides [4, 1]>
    loop.yield %b : f32
  } : !loop.buffer<[3, 4], f32, strides [4, 1]>
  %s = loop.pointwise ranges [3, 4] {
    %d = loop.load %x[#loop.index<"4*i0 + i1">] : !loop.buffer<[3, 4], f32, strides [4, 1]>
    loop.yield %d : f32
  } : !loop.buffer<[3, 4], f32, strides [4, 1]>
  loop.pointwise ranges [3, 4] {
    %k = loop.index #loop.index<"1 - i0 + i0*i0"> : i64
    %e = loop.load %x[#loop.index<"4*i0 + i1">] : !loop.buffer<[3, 4], f32, strides [4, 1]>
    loop.store %e, %s[#loop.index<"4*t0 + i1">] scatter(%k : i64) bounds [3] add : !loop.buffer<[3, 4], f32, strides [4, 1]>
    loop.yield
  }
  func.return %c, %l, %s : !loop.buffer<[3, 4], f32, strides [4, 1]>, !loop.buffer<[3, 4], f32, strides [4, 1]>, !loop.buffer<[3, 4], f32, strides [4, 1]>
}

// CHECK:      0., 1., 3., 6.],
// CHECK-NEXT:  [ 4., 9., 15., 22.],
// CHECK-NEXT:  [ 8., 17., 27., 38.]]
// CHECK:      0. , 1.3133, 2.4076, 3.4402],
// CHECK:      0., 1., 2., 3.],
// CHECK-NEXT:  [ 8., 11., 14., 17.],
// CHECK-NEXT:  [ 8., 9., 10., 11.]]
// LEVELS: no divergence
