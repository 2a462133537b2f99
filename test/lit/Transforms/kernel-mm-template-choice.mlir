// RUN: irc-opt %s -p 'kernel-mm-template{choice=true}' --split-input-file | filecheck %s
// RUN: irc-opt %s -p 'kernel-mm-template{choice=true persistent=false},kernel-fuse' --split-input-file | filecheck %s --check-prefix=ONE
// RUN: irc-opt %s -p 'kernel-mm-template{choice=true grouped=false},kernel-fuse' --split-input-file | filecheck %s --check-prefix=PERSISTENT
// RUN: irc-opt %s -p 'kernel-mm-template{choice=true},kernel-fuse{report="%t"}' --split-input-file | filecheck %s --check-prefix=FUSE
// RUN: filecheck %s --check-prefix=REPORT < %t.txt
// RUN: irc-opt %s -p 'kernel-mm-template{choice=true},kernel-fuse,kernel-tile,kernel-plan-memory' --split-input-file | filecheck %s --check-prefix=MEMORY
// RUN: irc-opt %s -p 'kernel-mm-template{choice=true},kernel-fuse,kernel-tile{sms=8}' --split-input-file | filecheck %s --check-prefix=TILE
// RUN: irc-opt %s -p 'kernel-mm-template{choice=true tma=true},kernel-fuse' --split-input-file | filecheck %s --check-prefix=TMA
// RUN: irc-opt %s -p 'kernel-mm-template{choice=true tma=true},kernel-fuse,kernel-tile,kernel-plan-memory,kernel-dedup,convert-kernel-to-triton,cse,dce' --split-input-file -t triton | filecheck %s --check-prefix=TMA-TRITON
// RUN: irc-opt %s -p 'kernel-mm-template{choice=true},kernel-fuse,kernel-tile,kernel-plan-memory,kernel-dedup,convert-kernel-to-triton,cse,dce' --split-input-file -t triton | filecheck %s --check-prefix=TRITON
// RUN: irc-opt %s -p 'kernel-mm-template{choice=true},kernel-fuse,kernel-tile,kernel-plan-memory,kernel-dedup,convert-kernel-to-triton,cse,dce' --split-input-file --check-passes 2>&1 >/dev/null | filecheck %s --check-prefix=CHECKED
// (the report is that of the last chunk)
// CHECKED-COUNT-3: irc-opt: 8 passes checked, no divergence

// kernel-mm-template{choice=true}: the matmul is marked with the template variants to offer, and kernel-fuse
// makes each (the persistent one's matmul marked `persistent`, kernel-tile gives it `programs`) and keeps
// cuBLAS beside them: a kernel.choice whose extern alternative is what runs without templates, aten::addmm
// (the bias epilogue recognised from its body: dialects/kernel_analysis/addmm.py), and an epilogue kernel of
// its own for the rest (GELU and the residual), reading addmm's f16 result.
// CHECK-LABEL: func.func @forward
// CHECK:         kernel.matmul %0, %4 {choice = ["template", "persistent"]} : (!loop.buffer<[33, 17], f16, strides [17, 1]>, !loop.buffer<[17, 40], f16, strides [1, 17]>) -> !loop.buffer<[33, 40], f32, strides [40, 1]>
// ONE:           kernel.choice "fused_add_erf_mm_mul_0" ["template", "extern"] default 1 {
// PERSISTENT:    kernel.choice "fused_add_erf_mm_mul_0" ["persistent", "extern"] default 1 {
// FUSE:          kernel.kernel @fused_add_erf_mm_mul_0({{.*}}) -> (!loop.buffer<[1320], f16, strides [1]>) template numel 1320 rnumel 1 {
// FUSE-NEXT:       kernel.matmul %{{.*}}, %{{.*}} : (
// FUSE:          kernel.kernel @fused_add_erf_mm_mul_1({{.*}}) -> (!loop.buffer<[1320], f16, strides [1]>) template numel 1320 rnumel 1 {
// FUSE-NEXT:       kernel.matmul %{{.*}}, %{{.*}} {persistent} : (
// FUSE:          kernel.kernel @fused_add_erf_mul_2(%{{.*}}: !loop.buffer<[33, 40], f16, strides [40, 1]>, {{.*}}) -> (!loop.buffer<[1320], f16, strides [1]>) pointwise numel 1320 rnumel 1 {
// FUSE-NOT:        kernel.matmul
// FUSE:            loop.load %{{.*}} : !loop.buffer<[33, 40], f16, strides [40, 1]>
// FUSE-NEXT:       arith.constant 7.070310e-01 : f16
// FUSE-LABEL:    func.func @forward
// FUSE:            %[[OUT:.*]] = kernel.alloc : !loop.buffer<[1320], f16, strides [1]>
// FUSE-NEXT:       kernel.choice "fused_add_erf_mm_mul_0" ["template", "persistent", "extern"] default 2 {
// FUSE-NEXT:         kernel.launch @fused_add_erf_mm_mul_0({{.*}}) outs(%[[OUT]])
// FUSE-NEXT:         kernel.yield
// FUSE-NEXT:       }, {
// FUSE-NEXT:         kernel.launch @fused_add_erf_mm_mul_1({{.*}}) outs(%[[OUT]])
// FUSE-NEXT:         kernel.yield
// FUSE-NEXT:       }, {
// FUSE-NEXT:         %[[P:.*]] = kernel.extern "aten::addmm.default"(%2, %0, %4)
// FUSE-NEXT:         kernel.launch @fused_add_erf_mul_2(%[[P]], {{.*}}) outs(%[[OUT]])
// FUSE-NEXT:         kernel.yield
// FUSE-NEXT:       }
// TILE:          kernel.kernel @fused_add_erf_mm_mul_0({{.*}}) template numel 1320 rnumel 1 {xblock = 64, yblock = 64, rblock = 32, num_warps = 8, num_stages = 3, group_m = 8} {
// TILE:          kernel.kernel @fused_add_erf_mm_mul_1({{.*}}) template numel 1320 rnumel 1 {xblock = 64, yblock = 64, rblock = 32, num_warps = 8, num_stages = 3, group_m = 8, programs = 8} {
// Buffers the alternatives read are freed after the choice, never inside it or before it.
// MEMORY-LABEL:  func.func @forward
// MEMORY-NOT:      kernel.free
// MEMORY:          kernel.choice
// MEMORY-NOT:      kernel.free
// MEMORY:          kernel.yield
// MEMORY-NOT:      kernel.free
// MEMORY:          kernel.yield
// MEMORY-NOT:      kernel.free
// MEMORY:          kernel.yield
// MEMORY-NEXT:     }
// MEMORY-NEXT:     kernel.free
// The persistent template: 132 programs (kernel-tile's sms), each walking tiles in the grouped order.
// TRITON:        def triton_tem_fused_add_erf_mm_mul_1(
// TRITON:            tiles = grid_m * grid_n
// TRITON-NEXT:       for tile_id in tl.range({{.*}}, tiles, 132, flatten=True):
// TRITON-NEXT:           width = GROUP_M * grid_n
// TRITON:                    acc = tl.dot(
// TRITON:                tl.store(out_ptr0 + (tindex), {{.*}}, mask)
// The wrapper: each alternative a local function of call(), the choice object runs one.
// TRITON:        _choice_0 = _Choice('fused_add_erf_mm_mul_0', ('template', 'persistent', 'extern'), 2, (triton_tem_fused_add_erf_mm_mul_0, triton_tem_fused_add_erf_mm_mul_1, triton_poi_fused_add_erf_mul_2), ('aten::addmm.default',), (False, False, False))
// TRITON:        def call(args):
// TRITON:            def _choice_0_template():
// TRITON-NEXT:           (_launch_0.get({{.*}}))([arg0_1, buf0, arg2_1, arg3_1, buf1])
// TRITON-NEXT:       def _choice_0_persistent():
// TRITON-NEXT:           (_launch_1.get(((132,), _spec)){{.*}}'BLOCK_M': 64, {{.*}}))([arg0_1, buf0, arg2_1, arg3_1, buf1])
// TRITON-NEXT:       def _choice_0_extern():
// TRITON-NEXT:           buf2 = torch.addmm(arg2_1, arg0_1, buf0)
// TRITON:                (_launch_2.get({{.*}}))([buf2, arg3_1, buf1])
// TRITON-NEXT:       _choice_0((_choice_0_template, _choice_0_persistent, _choice_0_extern), (arg0_1, buf0, arg2_1, arg3_1), (buf1,))
// TRITON-NEXT:       del arg3_1
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

// -----

// The product is also returned (a training forward saves it): the extern alternative writes it into its output
// buffer with aten::mm.out, and the epilogue kernel reads it there.
// FUSE-LABEL:    func.func @saved
// FUSE:            %[[C:.*]] = kernel.alloc : !loop.buffer<[20, 24], f32, strides [24, 1]>
// FUSE-NEXT:       %[[S:.*]] = kernel.alloc : !loop.buffer<[20, 24], f32, strides [24, 1]>
// FUSE-NEXT:       kernel.choice "fused_mm_sigmoid_0" ["template", "persistent", "extern"] default 2 {
// FUSE-NEXT:         kernel.launch @fused_mm_sigmoid_0(%a, %b) outs(%[[C]], %[[S]])
// FUSE-NEXT:         kernel.yield
// FUSE-NEXT:       }, {
// FUSE-NEXT:         kernel.launch @fused_mm_sigmoid_1(%a, %b) outs(%[[C]], %[[S]])
// FUSE-NEXT:         kernel.yield
// FUSE-NEXT:       }, {
// FUSE-NEXT:         kernel.extern "aten::mm.out"(%a, %b) outs(%[[C]] : !loop.buffer<[20, 24], f32, strides [24, 1]>)
// FUSE-NEXT:         kernel.launch @sigmoid_2(%[[C]]) outs(%[[S]])
// FUSE-NEXT:         kernel.yield
// FUSE-NEXT:       }
// FUSE-NEXT:       func.return %[[C]], %[[S]]
func.func @saved(%a: !loop.buffer<[20, 16], f32, strides [16, 1]>, %b: !loop.buffer<[16, 24], f32, strides [24, 1]>) -> (!loop.buffer<[20, 24], f32, strides [24, 1]>, !loop.buffer<[20, 24], f32, strides [24, 1]>) {
  %c = kernel.extern "aten::mm.default"(%a, %b) {args = [#kernel.operand<0>, #kernel.operand<1>]} : (!loop.buffer<[20, 16], f32, strides [16, 1]>, !loop.buffer<[16, 24], f32, strides [24, 1]>) -> (!loop.buffer<[20, 24], f32, strides [24, 1]>)
  %s = loop.pointwise ranges [20, 24] {
    %x = loop.load %c[#loop.index<"24*i0 + i1">] : !loop.buffer<[20, 24], f32, strides [24, 1]>
    %y = loop.sigmoid %x : f32
    loop.yield %y : f32
  } : !loop.buffer<[20, 24], f32, strides [24, 1]>
  func.return %c, %s : !loop.buffer<[20, 24], f32, strides [24, 1]>, !loop.buffer<[20, 24], f32, strides [24, 1]>
}

// -----

// tma=true: operands whose rows are 16-byte multiples apart get a persistent template reading them through
// tensor descriptors (the weight contiguous along K through its [N, K] view, each tile transposed back); the
// runtime runs it only on 16-byte aligned buffers.
// REPORT:        choices (templates or cuBLAS, chosen by measuring them at run time):
// REPORT-NEXT:     fused_maximum_mm_0: template (@fused_maximum_mm_0) or persistent (@fused_maximum_mm_1) or extern (aten::mm.default, @maximum_2); measured on the first CUDA call, else extern
// TMA:           kernel.choice "fused_maximum_mm_0" ["template", "persistent", "tma", "extern"] default 3 {
// TMA-TRITON:    def triton_tem_fused_maximum_mm_2(
// TMA-TRITON:        tmp{{[0-9]+}} = tl.make_tensor_descriptor(in_ptr0, shape=[40, 32], strides=[32, 1], block_shape=[BLOCK_M, BLOCK_K])
// TMA-TRITON-NEXT:   tmp{{[0-9]+}} = tl.make_tensor_descriptor(in_ptr1, shape=[48, 32], strides=[32, 1], block_shape=[BLOCK_N, BLOCK_K])
// TMA-TRITON-NEXT:   for tile_id in tl.range({{.*}}, tiles, 132, flatten=True):
// TMA-TRITON:            for k0 in range(0, 32, BLOCK_K):
// TMA-TRITON-NEXT:           [[A:tmp[0-9]+]] = tmp{{[0-9]+}}.load([off_m, k0])
// TMA-TRITON-NEXT:           [[B:tmp[0-9]+]] = tmp{{[0-9]+}}.load([off_n, k0])
// TMA-TRITON-NEXT:           [[T:tmp[0-9]+]] = tl.trans([[B]])
// TMA-TRITON-NEXT:           acc = tl.dot([[A]], [[T]], acc)
// TMA-TRITON:        _choice_0 = _Choice('fused_maximum_mm_0', ('template', 'persistent', 'tma', 'extern'), 3, {{.*}}, ('aten::mm.default',), (False, False, True, False))
func.func @tma(%x: !loop.buffer<[40, 32], f16, strides [32, 1]>, %w: !loop.buffer<[48, 32], f16, strides [32, 1]>) -> !loop.buffer<[40, 48], f16, strides [48, 1]> {
  %wt = loop.reinterpret %w : !loop.buffer<[48, 32], f16, strides [32, 1]> to !loop.buffer<[32, 48], f16, strides [1, 32]>
  %c = kernel.extern "aten::mm.default"(%x, %wt) {args = [#kernel.operand<0>, #kernel.operand<1>]} : (!loop.buffer<[40, 32], f16, strides [32, 1]>, !loop.buffer<[32, 48], f16, strides [1, 32]>) -> (!loop.buffer<[40, 48], f16, strides [48, 1]>)
  %r = loop.pointwise ranges [40, 48] {
    %v = loop.load %c[#loop.index<"48*i0 + i1">] : !loop.buffer<[40, 48], f16, strides [48, 1]>
    %z = arith.constant 0.0 : f16
    %m = arith.maximumf %v, %z : f16
    loop.yield %m : f16
  } : !loop.buffer<[40, 48], f16, strides [48, 1]>
  func.return %r : !loop.buffer<[40, 48], f16, strides [48, 1]>
}
