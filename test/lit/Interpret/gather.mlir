// Gather loads, run by irc-run: x = 0, 1, 2, ... as [3, 4] (s0 = 4). The index values k = 3*i0 - 1 are
// [-1, 2, 5]: only 2 is inside [0, s0), the others read 0 (eager would raise).
// RUN: irc-run %s --fill arange --bind s0=4 | filecheck %s
// The same through every level down to Triton (interpreted), compared pass by pass.
// RUN: irc-opt %s -p 'convert-aten-to-loop,loop-inline,cse,dce,loop-simplify,kernel-fuse,kernel-split-reduction,kernel-tile{autotune=true},kernel-plan-memory,convert-kernel-to-triton,cse,dce' --check-passes --check-bind s0=4 2>&1 >/dev/null | filecheck %s --check-prefix=LEVELS

func.func @forward(%x: !loop.buffer<[3, s0], f32, strides [s0, 1]>) -> !loop.buffer<[3], f32, strides [1]> {
  %g = loop.pointwise ranges [3] {
    %i = loop.index #loop.index<"3*i0 - 1"> : i64
    %v = loop.load %x[#loop.index<"s0*i0 + t0">] gather(%i : i64) bounds [s0] : !loop.buffer<[3, s0], f32, strides [s0, 1]>
    loop.yield %v : f32
  } : !loop.buffer<[3], f32, strides [1]>
  func.return %g : !loop.buffer<[3], f32, strides [1]>
}

// CHECK: [0., 6., 0.]
// LEVELS: no divergence
