// Kernels with autotune candidates (kernel-tile{autotune=true}) carry them to the triton.func as launch options
// (a candidate of another XBLOCK with its own grid), and the wrapper's site launcher passes them to irc.runtime.autotune
// on its first launch (a kernel without candidates passes its one config).
// RUN: irc-opt %s --split-input-file -p 'kernel-tile{autotune=true},convert-kernel-to-triton,cse,dce' | filecheck %s --check-prefix=IR
// RUN: irc-opt %s --split-input-file -p 'kernel-tile{autotune=true},convert-kernel-to-triton,cse,dce' -t triton | filecheck %s
// RUN: irc-opt %s --split-input-file -p 'kernel-tile,convert-kernel-to-triton,cse,dce' -t triton | filecheck %s --check-prefix=OFF

// IR:      triton.func @triton_red_sum_0
// IR-SAME: autotune = [{XBLOCK = 1 : i64, RBLOCK = 2048 : i64, num_warps = 8 : i64}, {XBLOCK = 1 : i64, RBLOCK = 2048 : i64, num_warps = 4 : i64}, {XBLOCK = 1 : i64, RBLOCK = 1024 : i64, num_warps = 4 : i64}

// CHECK:      from irc.runtime.site_launch import Launcher as _Launcher, alignments as _alignments
// CHECK:      _launch_0 = _Launcher(triton_red_sum_0, 'triton_red_sum_0')
// CHECK:      def call(args):
// CHECK:      (_launch_0.get(((8,), _spec)) or _launch_0.first(((8,), _spec), lambda: ({'XBLOCK': 1, 'RBLOCK': 2048, 'num_warps': 8}, [{'XBLOCK': 1, 'RBLOCK': 2048, 'num_warps': 8}, {'XBLOCK': 1, 'RBLOCK': 2048, 'num_warps': 4}, {'XBLOCK': 1, 'RBLOCK': 1024, 'num_warps': 4},

// OFF-NOT:    autotune
// OFF:        (_launch_0.get(((8,), _spec)) or _launch_0.first(((8,), _spec), lambda: ({'XBLOCK': 1, 'RBLOCK': 2048, 'num_warps': 8}, [])))([arg0_1, buf0])

kernel.kernel @sum_0(%arg0: !loop.buffer<[8, 5000], f32, strides [5000, 1]>) -> (!loop.buffer<[8], f32, strides [1]>) reduction numel 8 rnumel 5000 {
  %0 = loop.reduction sum ranges [8] reduce [5000] {
    %1 = loop.load %arg0[#loop.index<"5000*i0 + r0">] : !loop.buffer<[8, 5000], f32, strides [5000, 1]>
    loop.yield %1 : f32
  } : !loop.buffer<[8], f32, strides [1]>
  kernel.yield %0 : !loop.buffer<[8], f32, strides [1]>
}
func.func @host(%x: !loop.buffer<[8, 5000], f32, strides [5000, 1]>) -> !loop.buffer<[8], f32, strides [1]> {
  %0 = kernel.alloc : !loop.buffer<[8], f32, strides [1]>
  kernel.launch @sum_0(%x) outs(%0) : (!loop.buffer<[8, 5000], f32, strides [5000, 1]>) -> (!loop.buffer<[8], f32, strides [1]>)
  func.return %0 : !loop.buffer<[8], f32, strides [1]>
}

// -----

// A 1-D pointwise candidate with another XBLOCK launches its own number of programs, and the mask stays
// because 5000 is no multiple of every candidate's XBLOCK.
// IR:      triton.func @triton_poi_neg_0
// IR-SAME: autotune = [{XBLOCK = 1024 : i64, num_warps = 4 : i64}, {XBLOCK = 1024 : i64, num_warps = 8 : i64}, {XBLOCK = 2048 : i64, num_warps = 4 : i64, grid = [#loop.index<"3">]}
// IR:      %xmask = triton.lt %xindex, %xnumel

// CHECK:   (_launch_0.get(((5,), _spec)) or _launch_0.first(((5,), _spec), lambda: ({'XBLOCK': 1024, 'num_warps': 4}, [{'XBLOCK': 1024, 'num_warps': 4}, {'XBLOCK': 1024, 'num_warps': 8}, {'XBLOCK': 2048, 'num_warps': 4, 'grid': (3,)}, {'XBLOCK': 2048, 'num_warps': 8, 'grid': (3,)}, {'XBLOCK': 4096, 'num_warps': 8, 'grid': (2,)}, {'XBLOCK': 512, 'num_warps': 4, 'grid': (10,)}])))([arg0_1, buf0])

kernel.kernel @neg_0(%arg0: !loop.buffer<[5000], f32, strides [1]>) -> (!loop.buffer<[5000], f32, strides [1]>) pointwise numel 5000 rnumel 1 {
  %0 = loop.pointwise ranges [5000] {
    %1 = loop.load %arg0[#loop.index<"i0">] : !loop.buffer<[5000], f32, strides [1]>
    %2 = arith.negf %1 : f32
    loop.yield %2 : f32
  } : !loop.buffer<[5000], f32, strides [1]>
  kernel.yield %0 : !loop.buffer<[5000], f32, strides [1]>
}
func.func @host(%x: !loop.buffer<[5000], f32, strides [1]>) -> !loop.buffer<[5000], f32, strides [1]> {
  %0 = kernel.alloc : !loop.buffer<[5000], f32, strides [1]>
  kernel.launch @neg_0(%x) outs(%0) : (!loop.buffer<[5000], f32, strides [1]>) -> (!loop.buffer<[5000], f32, strides [1]>)
  func.return %0 : !loop.buffer<[5000], f32, strides [1]>
}
