// 2-D tiled kernels: one flat grid of y tiles x x tiles; autotune candidates of another tile shape carry
// their own grid, which the wrapper computes from the sizes like the kernel's.
// RUN: irc-opt %s -p 'kernel-tile{autotune=true},convert-kernel-to-triton,cse,dce' | filecheck %s --check-prefix=IR
// RUN: irc-opt %s -p 'kernel-tile{autotune=true},convert-kernel-to-triton,cse,dce' -t triton | filecheck %s
// RUN: irc-opt %s -p 'kernel-tile,convert-kernel-to-triton,cse,dce' -t triton | filecheck %s --check-prefix=OFF

// IR:      triton.func @triton_poi_add_0
// IR-SAME: grid = [#loop.index<"FloorDiv(s0 + 63, 64)*FloorDiv(s1 + 63, 64)">]
// IR-SAME: autotune = [{YBLOCK = 64 : i64, XBLOCK = 64 : i64, num_warps = 8 : i64}, {YBLOCK = 64 : i64, XBLOCK = 64 : i64, num_warps = 4 : i64}, {YBLOCK = 32 : i64, XBLOCK = 32 : i64, num_warps = 4 : i64, grid = [#loop.index<"FloorDiv(s0 + 31, 32)*FloorDiv(s1 + 31, 32)">]}

// CHECK:      def triton_poi_add_0(in_ptr0, out_ptr0, s0, s1, ynumel, xnumel, YBLOCK: tl.constexpr, XBLOCK: tl.constexpr):
// CHECK:          xtiles = {{.*}} // XBLOCK
// CHECK:          tl.arange(0, YBLOCK)[:, None]
// CHECK-NEXT:     yindex = yoffset +
// CHECK-NEXT:     tl.arange(0, XBLOCK)[None, :]
// CHECK-NEXT:     xindex = xoffset +
// CHECK-NEXT:     ymask = yindex < ynumel
// CHECK-NEXT:     xmask = xindex < xnumel
// CHECK:          yxmask = ymask & xmask
// CHECK:      def call(args):
// CHECK:      (_launch_0.get(((((s0 + 63) // 64)*((s1 + 63) // 64),), _spec, s0, s1, s0, s1)) or _launch_0.first(((((s0 + 63) // 64)*((s1 + 63) // 64),), _spec, s0, s1, s0, s1), lambda: ({'YBLOCK': 64, 'XBLOCK': 64, 'num_warps': 8}, [{'YBLOCK': 64, 'XBLOCK': 64, 'num_warps': 8}, {'YBLOCK': 64, 'XBLOCK': 64, 'num_warps': 4}, {'YBLOCK': 32, 'XBLOCK': 32, 'num_warps': 4, 'grid': (((s0 + 31) // 32)*((s1 + 31) // 32),)},

// OFF:        (_launch_0.get(((((s0 + 63) // 64)*((s1 + 63) // 64),), _spec, s0, s1, s0, s1)) or _launch_0.first(((((s0 + 63) // 64)*((s1 + 63) // 64),), _spec, s0, s1, s0, s1), lambda: ({'YBLOCK': 64, 'XBLOCK': 64, 'num_warps': 8}, [])))([arg0_1, buf0, s0, s1, s0, s1])

kernel.kernel @add_0(%arg0: !loop.buffer<[s1, s0], f32, strides [s0, 1]>) -> (!loop.buffer<[s0, s1], f32, strides [s1, 1]>) pointwise numel "s0*s1" rnumel 1 {
  %0 = loop.pointwise ranges [s0, s1] {
    %1 = loop.load %arg0[#loop.index<"i0 + s0*i1">] : !loop.buffer<[s1, s0], f32, strides [s0, 1]>
    %2 = arith.constant 1.0 : f32
    %3 = arith.addf %1, %2 : f32
    loop.yield %3 : f32
  } : !loop.buffer<[s0, s1], f32, strides [s1, 1]>
  kernel.yield %0 : !loop.buffer<[s0, s1], f32, strides [s1, 1]>
}
func.func @host(%x: !loop.buffer<[s1, s0], f32, strides [s0, 1]>) -> !loop.buffer<[s0, s1], f32, strides [s1, 1]> {
  %0 = kernel.alloc : !loop.buffer<[s0, s1], f32, strides [s1, 1]>
  kernel.launch @add_0(%x) outs(%0) : (!loop.buffer<[s1, s0], f32, strides [s0, 1]>) -> (!loop.buffer<[s0, s1], f32, strides [s1, 1]>)
  func.return %0 : !loop.buffer<[s0, s1], f32, strides [s1, 1]>
}
