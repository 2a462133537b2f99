// RUN: irc-opt %s -p kernel-mm-template --split-input-file | filecheck %s
// RUN: irc-opt %s -p 'kernel-mm-template{enabled=false}' --split-input-file | filecheck %s --check-prefix=OFF
// RUN: irc-opt %s -p 'kernel-mm-template{choice=true grouped=false tma=true dual_only=true}' --split-input-file | filecheck %s --check-prefix=DUAL
// RUN: irc-opt %s -p 'kernel-mm-template,kernel-fuse{report="%t"}' --split-input-file | filecheck %s --check-prefix=FUSE
// RUN: filecheck %s --check-prefix=REPORT < %t.txt
// (the report is that of the last chunk)
// RUN: irc-opt %s -p 'kernel-mm-template,kernel-fuse,kernel-tile,convert-kernel-to-triton' --split-input-file -t triton | filecheck %s --check-prefix=TRITON

// A matmul no pointwise reads stays with cuBLAS, as does an integer one.
// CHECK-LABEL: func.func @lone
// DUAL-LABEL:  func.func @lone
// DUAL-NOT:      kernel.matmul
// CHECK:         kernel.extern "aten::mm.default"
// CHECK:         kernel.extern "aten::mm.default"
func.func @lone(%a: !loop.buffer<[8, 16], f32, strides [16, 1]>, %b: !loop.buffer<[16, 4], f32, strides [4, 1]>, %i: !loop.buffer<[8, 16], i64, strides [16, 1]>, %j: !loop.buffer<[16, 4], i64, strides [4, 1]>) -> (!loop.buffer<[8, 4], f32, strides [4, 1]>, !loop.buffer<[8, 4], i64, strides [4, 1]>) {
  %c = kernel.extern "aten::mm.default"(%a, %b) {args = [#kernel.operand<0>, #kernel.operand<1>]} : (!loop.buffer<[8, 16], f32, strides [16, 1]>, !loop.buffer<[16, 4], f32, strides [4, 1]>) -> (!loop.buffer<[8, 4], f32, strides [4, 1]>)
  %d = kernel.extern "aten::mm.default"(%i, %j) {args = [#kernel.operand<0>, #kernel.operand<1>]} : (!loop.buffer<[8, 16], i64, strides [16, 1]>, !loop.buffer<[16, 4], i64, strides [4, 1]>) -> (!loop.buffer<[8, 4], i64, strides [4, 1]>)
  %e = loop.pointwise ranges [8, 4] {
    %x = loop.load %d[#loop.index<"4*i0 + i1">] : !loop.buffer<[8, 4], i64, strides [4, 1]>
    loop.yield %x : i64
  } : !loop.buffer<[8, 4], i64, strides [4, 1]>
  func.return %c, %e : !loop.buffer<[8, 4], f32, strides [4, 1]>, !loop.buffer<[8, 4], i64, strides [4, 1]>
}

// -----

// Llama's gate: silu(x @ wg) * (x @ wu). Both matmuls become templates; one takes the product as its epilogue,
// the other, left with nothing to fuse, goes back to cuBLAS as an extern.
// CHECK-LABEL: func.func @gated
// CHECK-COUNT-2: kernel.matmul
// FUSE:          kernel.kernel @fused_mm_mul_0({{.*}}) template numel 24 rnumel 1 {
// FUSE-NEXT:       kernel.matmul
// FUSE-LABEL:    func.func @gated
// With dual_only (CUDA's default pipeline) these two, which kernel-dual-matmul pairs, are the only templates:
// DUAL-LABEL:    func.func @gated
// DUAL-COUNT-2:    kernel.matmul %x, %{{.*}} {choice = ["persistent"]}
// FUSE:            kernel.extern "aten::mm.default"
// FUSE-NOT:        kernel.extern
// FUSE:            kernel.launch @fused_mm_mul_0
func.func @gated(%x: !loop.buffer<[6, 8], f16, strides [8, 1]>, %wg: !loop.buffer<[8, 4], f16, strides [4, 1]>, %wu: !loop.buffer<[8, 4], f16, strides [4, 1]>) -> !loop.buffer<[6, 4], f16, strides [4, 1]> {
  %g = kernel.extern "aten::mm.default"(%x, %wg) {args = [#kernel.operand<0>, #kernel.operand<1>]} : (!loop.buffer<[6, 8], f16, strides [8, 1]>, !loop.buffer<[8, 4], f16, strides [4, 1]>) -> (!loop.buffer<[6, 4], f16, strides [4, 1]>)
  %u = kernel.extern "aten::mm.default"(%x, %wu) {args = [#kernel.operand<0>, #kernel.operand<1>]} : (!loop.buffer<[6, 8], f16, strides [8, 1]>, !loop.buffer<[8, 4], f16, strides [4, 1]>) -> (!loop.buffer<[6, 4], f16, strides [4, 1]>)
  %p = loop.pointwise ranges [6, 4] {
    %a = loop.load %g[#loop.index<"4*i0 + i1">] : !loop.buffer<[6, 4], f16, strides [4, 1]>
    %b = loop.load %u[#loop.index<"4*i0 + i1">] : !loop.buffer<[6, 4], f16, strides [4, 1]>
    %c = arith.mulf %a, %b : f16
    loop.yield %c : f16
  } : !loop.buffer<[6, 4], f16, strides [4, 1]>
  func.return %p : !loop.buffer<[6, 4], f16, strides [4, 1]>
}

// -----

// GPT-2's Linear + GELU + residual in f16: the addmm becomes a kernel.matmul (its f32 product) and its bias a
// pointwise (rounded once); kernel-fuse puts them and the GELU into one template kernel; the GEMM is a tl.dot over K
// tiles (K = 17: masked), the weight a transposed view read through its strides.
// CHECK-LABEL: func.func @forward
// CHECK:         %[[MM:.*]] = kernel.matmul %0, %4 : (!loop.buffer<[33, 17], f16, strides [17, 1]>, !loop.buffer<[17, 40], f16, strides [1, 17]>) -> !loop.buffer<[33, 40], f32, strides [40, 1]>
// CHECK-NEXT:    loop.pointwise ranges [33, 40] {
// CHECK-NEXT:      loop.load %[[MM]][#loop.index<"40*i0 + i1">] : !loop.buffer<[33, 40], f32, strides [40, 1]>
// CHECK-NEXT:      loop.load %2[#loop.index<"i1">]
// CHECK:           arith.addf {{.*}} : f32
// CHECK-NEXT:      loop.cast {{.*}} : f32 to f16
// CHECK-NOT:     kernel.extern
// OFF:           kernel.extern "aten::addmm.default"
// OFF-NOT:       kernel.matmul
// FUSE:          kernel.kernel @fused_add_erf_mm_mul_0({{.*}}) -> (!loop.buffer<[1320], f16, strides [1]>) template numel 1320 rnumel 1 {
// FUSE-NEXT:       kernel.matmul
// FUSE-NEXT:       loop.pointwise ranges [33, 40]
// FUSE:            loop.pointwise ranges [1320]
// FUSE:          func.func @forward
// DUAL-LABEL:    func.func @forward
// DUAL-NOT:        kernel.matmul
// FUSE-NOT:        kernel.extern
// FUSE:            kernel.launch @fused_add_erf_mm_mul_0
// REPORT:        fused_add_erf_mm_mul_0: reads
// REPORT-NEXT:     op1 kernel.matmul [33, 40] x [17] (mm)
// REPORT:        round 0: epilogue {op1} + {op2}, score {{[0-9]+}}: fused
// REPORT:        round 1: epilogue {op1, op2} + {op3}, score {{[0-9]+}}: fused
// TRITON:        def triton_tem_fused_add_erf_mm_mul_0(in_ptr0, in_ptr1, in_ptr2, in_ptr3, out_ptr0, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr, GROUP_M: tl.constexpr):
// TRITON:          for k0 in range(0, 17, BLOCK_K):
// TRITON:            kmask = rk < 17
// TRITON:            acc = tl.dot({{.*}}, acc)
// TRITON:          tl.store(out_ptr0 + (tindex), {{.*}}, mask)
// TRITON:        _launch_0 = _Launcher(triton_tem_fused_add_erf_mm_mul_0, 'triton_tem_fused_add_erf_mm_mul_0')
// TRITON:        _launch_0.first({{.*}}{'BLOCK_M': 64, 'BLOCK_N': 64, 'BLOCK_K': 32, 'GROUP_M': 8, 'num_warps': 8, 'num_stages': 3}

builtin.module {
    func.func @forward(%0: !loop.buffer<[33, 17], f16, strides [17, 1]>, %1: !loop.buffer<[40, 17], f16, strides [17, 1]>, %2: !loop.buffer<[40], f16, strides [1]>, %3: !loop.buffer<[33, 40], f16, strides [40, 1]>) -> !loop.buffer<[33, 40], f16, strides [40, 1]> attributes {irc.inference} {
      %4 = loop.reinterpret %1 : !loop.buffer<[40, 17], f16, strides [17, 1]> to !loop.buffer<[17, 40], f16, strides [1, 17]>
      %5 = kernel.extern "aten::addmm.default"(%2, %0, %4) {args = [#kernel.operand<0>, #kernel.operand<1>, #kernel.operand<2>]} : (!loop.buffer<[40], f16, strides [1]>, !loop.buffer<[33, 17], f16, strides [17, 1]>, !loop.buffer<[17, 40], f16, strides [1, 17]>) -> (!loop.buffer<[33, 40], f16, strides [40, 1]>)
      %6 = loop.pointwise ranges [1320] {
        %7 = loop.load %5[#loop.index<"i0">] : !loop.buffer<[33, 40], f16, strides [40, 1]>
        %8 = arith.constant 0.70703125 : f16
        %9 = arith.mulf %7, %8 : f16
        %10 = math.erf %9 : f16
        %11 = arith.constant 5.000000e-01 : f16
        %12 = arith.mulf %11, %7 : f16
        %13 = arith.constant 1.000000e+00 : f16
        %14 = arith.addf %13, %10 : f16
        %15 = arith.mulf %12, %14 : f16
        %16 = loop.load %3[#loop.index<"i0">] : !loop.buffer<[33, 40], f16, strides [40, 1]>
        %17 = arith.addf %15, %16 : f16
        loop.yield %17 : f16
      } : !loop.buffer<[1320], f16, strides [1]>
      %18 = loop.reinterpret %6 : !loop.buffer<[1320], f16, strides [1]> to !loop.buffer<[33, 40], f16, strides [40, 1]>
      func.return %18 : !loop.buffer<[33, 40], f16, strides [40, 1]>
    }
  }
  
