// kernel.kernel's reverse_programs: program i takes the tile num_programs - 1 - i, in 1-D grids, in 2-D tiled
// grids (y tile pid // xtiles, x tile pid % xtiles of the reversed pid) and in reductions. The printed module,
// parsed again, gives the same code, before and after the lowering.
// RUN: irc-opt %s -p 'kernel-tile,convert-kernel-to-triton,cse,dce' | filecheck %s --check-prefix=IR
// RUN: irc-opt %s -p 'kernel-tile,convert-kernel-to-triton,cse,dce' -t triton | filecheck %s
// RUN: irc-opt %s -p 'kernel-tile,convert-kernel-to-triton,cse,dce' -t triton > %t.direct
// RUN: irc-opt %s | irc-opt -p 'kernel-tile,convert-kernel-to-triton,cse,dce' -t triton > %t.reparsed
// RUN: diff %t.direct %t.reparsed
// RUN: irc-opt %s -p 'kernel-tile,convert-kernel-to-triton,cse,dce' | irc-opt -t triton > %t.lowered
// RUN: diff %t.direct %t.lowered

// IR:      triton.func @triton_poi_exp_0
// IR:        triton.num_programs x : i32
// IR:        triton.program_id x : i32

// CHECK:      def triton_poi_exp_0(in_ptr0, out_ptr0, XBLOCK: tl.constexpr):
// CHECK-NEXT:     tmp0 = tl.num_programs(0) - 1
// CHECK-NEXT:     pid = tmp0 - tl.program_id(0)
// CHECK-NEXT:     xoffset = pid * XBLOCK
// CHECK-NEXT:     xindex = xoffset + tl.arange(0, XBLOCK)

kernel.kernel @exp_0(%arg0: !loop.buffer<[1000], f32, strides [1]>) -> (!loop.buffer<[1000], f32, strides [1]>) pointwise numel 1000 rnumel 1 reverse_programs {
  %0 = loop.pointwise ranges [1000] {
    %1 = loop.load %arg0[#loop.index<"i0">] : !loop.buffer<[1000], f32, strides [1]>
    %2 = math.exp %1 : f32
    loop.yield %2 : f32
  } : !loop.buffer<[1000], f32, strides [1]>
  kernel.yield %0 : !loop.buffer<[1000], f32, strides [1]>
}

// CHECK:      def triton_poi_add_1(in_ptr0, out_ptr0, YBLOCK: tl.constexpr, XBLOCK: tl.constexpr):
// CHECK:          pid = {{.*}} - tl.program_id(0)
// CHECK:          xtiles = {{.*}} // XBLOCK
// CHECK-NEXT:     {{.*}} = pid // xtiles
// CHECK-NEXT:     yoffset = {{.*}} * YBLOCK
// CHECK-NEXT:     {{.*}} = pid % xtiles
// CHECK-NEXT:     xoffset = {{.*}} * XBLOCK

kernel.kernel @add_1(%arg0: !loop.buffer<[96, 40], f32, strides [40, 1]>) -> (!loop.buffer<[40, 96], f32, strides [96, 1]>) pointwise numel 3840 rnumel 1 reverse_programs {
  %0 = loop.pointwise ranges [40, 96] {
    %1 = loop.load %arg0[#loop.index<"i0 + 40*i1">] : !loop.buffer<[96, 40], f32, strides [40, 1]>
    %2 = arith.addf %1, %1 : f32
    loop.yield %2 : f32
  } : !loop.buffer<[40, 96], f32, strides [96, 1]>
  kernel.yield %0 : !loop.buffer<[40, 96], f32, strides [96, 1]>
}

// CHECK:      def triton_red_sum_2(in_ptr0, out_ptr0, XBLOCK: tl.constexpr, RBLOCK: tl.constexpr):
// CHECK-NEXT:     tmp0 = tl.num_programs(0) - 1
// CHECK-NEXT:     pid = tmp0 - tl.program_id(0)
// CHECK-NEXT:     xoffset = pid * XBLOCK

kernel.kernel @sum_2(%arg0: !loop.buffer<[6, 8192], f32, strides [8192, 1]>) -> (!loop.buffer<[6], f32, strides [1]>) reduction numel 6 rnumel 8192 reverse_programs {
  %0 = loop.reduction sum ranges [6] reduce [8192] {
    %1 = loop.load %arg0[#loop.index<"8192*i0 + r0">] : !loop.buffer<[6, 8192], f32, strides [8192, 1]>
    loop.yield %1 : f32
  } : !loop.buffer<[6], f32, strides [1]>
  kernel.yield %0 : !loop.buffer<[6], f32, strides [1]>
}
