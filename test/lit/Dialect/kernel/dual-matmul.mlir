// RUN: IRC_ROUNDTRIP
// RUN: IRC_GENERIC_ROUNDTRIP

// A template kernel of a dual matmul (A times two Bs, a gated MLP's gate and up projections) and the epilogue
// reading both products: silu(g) * u.
kernel.kernel @fused_dual_mm_mul_silu_0(%arg0: !loop.buffer<[6, 8], f16, strides [8, 1]>, %arg1: !loop.buffer<[8, 4], f16, strides [1, 8]>, %arg2: !loop.buffer<[8, 4], f16, strides [1, 8]>) -> (!loop.buffer<[6, 4], f16, strides [4, 1]>) template numel 24 rnumel 1 {yblock = 32, xblock = 16, rblock = 16, group_m = 8, num_stages = 3} {
  %g, %u = kernel.dual_matmul %arg0, %arg1, %arg2 {persistent} : (!loop.buffer<[6, 8], f16, strides [8, 1]>, !loop.buffer<[8, 4], f16, strides [1, 8]>, !loop.buffer<[8, 4], f16, strides [1, 8]>) -> (!loop.buffer<[6, 4], f16, strides [4, 1]>, !loop.buffer<[6, 4], f16, strides [4, 1]>)
  %p = loop.pointwise ranges [6, 4] {
    %a = loop.load %g[#loop.index<"4*i0 + i1">] : !loop.buffer<[6, 4], f16, strides [4, 1]>
    %b = loop.load %u[#loop.index<"4*i0 + i1">] : !loop.buffer<[6, 4], f16, strides [4, 1]>
    %c = arith.mulf %a, %b : f16
    loop.yield %c : f16
  } : !loop.buffer<[6, 4], f16, strides [4, 1]>
  kernel.yield %p : !loop.buffer<[6, 4], f16, strides [4, 1]>
}

// CHECK:      kernel.kernel @fused_dual_mm_mul_silu_0(
// CHECK-NEXT:   %g, %u = kernel.dual_matmul %arg0, %arg1, %arg2 {persistent} : (!loop.buffer<[6, 8], f16, strides [8, 1]>, !loop.buffer<[8, 4], f16, strides [1, 8]>, !loop.buffer<[8, 4], f16, strides [1, 8]>) -> (!loop.buffer<[6, 4], f16, strides [4, 1]>, !loop.buffer<[6, 4], f16, strides [4, 1]>)
// CHECK-NEXT:   %p = loop.pointwise ranges [6, 4] {

// GENERIC:      "kernel.kernel"() <{sym_name = "fused_dual_mm_mul_silu_0", {{.*}} kind = "template",
// GENERIC:        %g, %u = "kernel.dual_matmul"(%{{.*}}, %{{.*}}, %{{.*}}) {persistent} : (!loop.buffer<[6, 8], f16, strides [8, 1]>, !loop.buffer<[8, 4], f16, strides [1, 8]>, !loop.buffer<[8, 4], f16, strides [1, 8]>) -> (!loop.buffer<[6, 4], f16, strides [4, 1]>, !loop.buffer<[6, 4], f16, strides [4, 1]>)
