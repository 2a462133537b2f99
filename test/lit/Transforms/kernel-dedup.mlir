// RUN: irc-opt %s -p kernel-dedup | filecheck %s
// RUN: irc-opt %s -p convert-kernel-to-triton,kernel-dedup | filecheck %s --check-prefix=TRITON
// RUN: irc-opt %s -p convert-kernel-to-triton,kernel-dedup -t triton | filecheck %s --check-prefix=EMIT

// @fused_add_2 is @fused_add_0 under another name: it goes, and its launch calls @fused_add_0.
// @fused_add_1 differs in its constant and @fused_add_3 in its block size: both stay.

// CHECK:      kernel.kernel @fused_add_0(
// CHECK:      kernel.kernel @fused_add_1(
// CHECK-NOT:  kernel.kernel @fused_add_2(
// CHECK:      kernel.kernel @fused_add_3(
// CHECK:      func.func @forward
// CHECK-NEXT:   %[[A:.*]] = kernel.alloc
// CHECK-NEXT:   kernel.launch @fused_add_0(%x) outs(%[[A]])
// CHECK-NEXT:   %[[B:.*]] = kernel.alloc
// CHECK-NEXT:   kernel.launch @fused_add_1(%[[A]]) outs(%[[B]])
// CHECK-NEXT:   %[[C:.*]] = kernel.alloc
// CHECK-NEXT:   kernel.launch @fused_add_0(%[[B]]) outs(%[[C]])
// CHECK-NEXT:   %[[D:.*]] = kernel.alloc
// CHECK-NEXT:   kernel.launch @fused_add_3(%[[C]]) outs(%[[D]])

// TRITON:      triton.func @triton_poi_fused_add_0(
// TRITON:      triton.func @triton_poi_fused_add_1(
// TRITON-NOT:  triton.func @triton_poi_fused_add_2(
// TRITON:      triton.func @triton_poi_fused_add_3(
// TRITON:      kernel.launch @triton_poi_fused_add_0(%x)
// TRITON:      kernel.launch @triton_poi_fused_add_1(
// TRITON:      kernel.launch @triton_poi_fused_add_0(
// TRITON:      kernel.launch @triton_poi_fused_add_3(

// EMIT:      KERNELS = ['triton_poi_fused_add_0', 'triton_poi_fused_add_1', 'triton_poi_fused_add_3']
// EMIT-COUNT-1: def triton_poi_fused_add_0(
// EMIT:      _launch_0 = _Launcher(triton_poi_fused_add_0, 'triton_poi_fused_add_0')
// EMIT-NEXT:  _launch_1 = _Launcher(triton_poi_fused_add_1, 'triton_poi_fused_add_1')
// EMIT-NEXT:  _launch_2 = _Launcher(triton_poi_fused_add_0, 'triton_poi_fused_add_0')
// EMIT-NEXT:  _launch_3 = _Launcher(triton_poi_fused_add_3, 'triton_poi_fused_add_3')
// EMIT:      def call(args):
// EMIT:          (_launch_0.get(((1,), _spec)) or _launch_0.first(((1,), _spec), lambda: ({'XBLOCK': 16, 'num_warps': 1}, [])))([arg0_1, buf0])
// EMIT:          (_launch_1.get(((1,), _spec)) or _launch_1.first(((1,), _spec), lambda: ({'XBLOCK': 16, 'num_warps': 1}, [])))([buf0, buf1])
// EMIT:          (_launch_2.get(((1,), _spec)) or _launch_2.first(((1,), _spec), lambda: ({'XBLOCK': 16, 'num_warps': 1}, [])))([buf1, buf2])
// EMIT:          (_launch_3.get(((1,), _spec)) or _launch_3.first(((1,), _spec), lambda: ({'XBLOCK': 32, 'num_warps': 1}, [])))([buf2, buf3])

kernel.kernel @fused_add_0(%arg0: !loop.buffer<[5, 3], f32, strides [3, 1]>) -> (!loop.buffer<[5, 3], f32, strides [3, 1]>) pointwise numel 15 rnumel 1 {xblock = 16, num_warps = 1} {
  %0 = loop.pointwise ranges [5, 3] {
    %1 = loop.load %arg0[#loop.index<"3*i0 + i1">] : !loop.buffer<[5, 3], f32, strides [3, 1]>
    %2 = arith.constant 1.000000e+00 : f32
    %3 = arith.addf %1, %2 : f32
    loop.yield %3 : f32
  } : !loop.buffer<[5, 3], f32, strides [3, 1]>
  kernel.yield %0 : !loop.buffer<[5, 3], f32, strides [3, 1]>
}
kernel.kernel @fused_add_1(%arg0: !loop.buffer<[5, 3], f32, strides [3, 1]>) -> (!loop.buffer<[5, 3], f32, strides [3, 1]>) pointwise numel 15 rnumel 1 {xblock = 16, num_warps = 1} {
  %0 = loop.pointwise ranges [5, 3] {
    %1 = loop.load %arg0[#loop.index<"3*i0 + i1">] : !loop.buffer<[5, 3], f32, strides [3, 1]>
    %2 = arith.constant 2.000000e+00 : f32
    %3 = arith.addf %1, %2 : f32
    loop.yield %3 : f32
  } : !loop.buffer<[5, 3], f32, strides [3, 1]>
  kernel.yield %0 : !loop.buffer<[5, 3], f32, strides [3, 1]>
}
kernel.kernel @fused_add_2(%arg0: !loop.buffer<[5, 3], f32, strides [3, 1]>) -> (!loop.buffer<[5, 3], f32, strides [3, 1]>) pointwise numel 15 rnumel 1 {xblock = 16, num_warps = 1} {
  %0 = loop.pointwise ranges [5, 3] {
    %1 = loop.load %arg0[#loop.index<"3*i0 + i1">] : !loop.buffer<[5, 3], f32, strides [3, 1]>
    %2 = arith.constant 1.000000e+00 : f32
    %3 = arith.addf %1, %2 : f32
    loop.yield %3 : f32
  } : !loop.buffer<[5, 3], f32, strides [3, 1]>
  kernel.yield %0 : !loop.buffer<[5, 3], f32, strides [3, 1]>
}
kernel.kernel @fused_add_3(%arg0: !loop.buffer<[5, 3], f32, strides [3, 1]>) -> (!loop.buffer<[5, 3], f32, strides [3, 1]>) pointwise numel 15 rnumel 1 {xblock = 32, num_warps = 1} {
  %0 = loop.pointwise ranges [5, 3] {
    %1 = loop.load %arg0[#loop.index<"3*i0 + i1">] : !loop.buffer<[5, 3], f32, strides [3, 1]>
    %2 = arith.constant 1.000000e+00 : f32
    %3 = arith.addf %1, %2 : f32
    loop.yield %3 : f32
  } : !loop.buffer<[5, 3], f32, strides [3, 1]>
  kernel.yield %0 : !loop.buffer<[5, 3], f32, strides [3, 1]>
}
func.func @forward(%x: !loop.buffer<[5, 3], f32, strides [3, 1]>) -> !loop.buffer<[5, 3], f32, strides [3, 1]> {
  %a = kernel.alloc : !loop.buffer<[5, 3], f32, strides [3, 1]>
  kernel.launch @fused_add_0(%x) outs(%a) : (!loop.buffer<[5, 3], f32, strides [3, 1]>) -> (!loop.buffer<[5, 3], f32, strides [3, 1]>)
  %b = kernel.alloc : !loop.buffer<[5, 3], f32, strides [3, 1]>
  kernel.launch @fused_add_1(%a) outs(%b) : (!loop.buffer<[5, 3], f32, strides [3, 1]>) -> (!loop.buffer<[5, 3], f32, strides [3, 1]>)
  %c = kernel.alloc : !loop.buffer<[5, 3], f32, strides [3, 1]>
  kernel.launch @fused_add_2(%b) outs(%c) : (!loop.buffer<[5, 3], f32, strides [3, 1]>) -> (!loop.buffer<[5, 3], f32, strides [3, 1]>)
  %d = kernel.alloc : !loop.buffer<[5, 3], f32, strides [3, 1]>
  kernel.launch @fused_add_3(%c) outs(%d) : (!loop.buffer<[5, 3], f32, strides [3, 1]>) -> (!loop.buffer<[5, 3], f32, strides [3, 1]>)
  func.return %d : !loop.buffer<[5, 3], f32, strides [3, 1]>
}
