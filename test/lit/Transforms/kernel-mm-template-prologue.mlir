// RUN: irc-opt %s -p kernel-mm-template --split-input-file | filecheck %s
// RUN: irc-opt %s -p 'kernel-mm-template{prologue=false}' --split-input-file | filecheck %s --check-prefix=OFF
// RUN: irc-opt %s -p 'kernel-mm-template,kernel-fuse{report="%t"}' --split-input-file | filecheck %s --check-prefix=FUSE
// RUN: irc-opt %s -p 'kernel-mm-template,kernel-fuse{prologue=false}' --split-input-file | filecheck %s --check-prefix=NOFUSE
// RUN: irc-opt %s -p 'kernel-mm-template,kernel-fuse' --split-input-file | irc-opt --split-input-file | filecheck %s --check-prefix=FUSE
// RUN: irc-opt %s -p 'kernel-mm-template{choice=true},kernel-fuse' --split-input-file | filecheck %s --check-prefix=CHOICE
// RUN: irc-opt %s -p 'kernel-mm-template,kernel-fuse,kernel-tile,convert-kernel-to-triton' --split-input-file -t triton | filecheck %s --check-prefix=TRITON
// RUN: irc-opt %s -p 'kernel-mm-template,kernel-fuse' --split-input-file | irc-opt -p 'kernel-tile,convert-kernel-to-triton' --split-input-file -t triton | filecheck %s --check-prefix=TRITON
// RUN: irc-opt %s -p 'kernel-mm-template{choice=true tma=true},kernel-fuse,kernel-tile,convert-kernel-to-triton' --split-input-file -t triton | filecheck %s --check-prefix=TMA
// RUN: filecheck %s --check-prefix=REPORT < %t.txt
// (the report is that of the last chunk)

// x.half() @ w with x f32: the cast (flattened by loop-simplify, read through a view) is recomputed over the
// operand's positions, and the matmul, though no epilogue follows, becomes a template reading it.
// CHECK-LABEL: func.func @cast
// CHECK:         %[[A:.*]] = loop.pointwise ranges [33, 48] {
// CHECK-NEXT:      loop.load %x[#loop.index<"48*i0 + i1">]
// CHECK-NEXT:      loop.cast {{.*}} : f32 to f16
// CHECK:         } : !loop.buffer<[33, 48], f16, strides [48, 1]>
// CHECK-NEXT:    kernel.matmul %[[A]], %w
// CHECK-NOT:     loop.reinterpret
// OFF-LABEL:   func.func @cast
// OFF:           kernel.extern "aten::mm.default"
// The cast runs in the template, before the matmul that reads it.
// FUSE-LABEL:  kernel.kernel @mm_0({{.*}}) template numel 660 rnumel 1 {
// FUSE-NEXT:     %[[P:.*]] = loop.pointwise ranges [33, 48] {
// FUSE:          kernel.matmul %[[P]], %{{.*}}
// FUSE-LABEL:  func.func @cast
// FUSE-NOT:      kernel.extern
// FUSE:          kernel.launch @mm_0
// NOFUSE-LABEL: func.func @cast
// NOFUSE:        kernel.launch @clone_0
// NOFUSE-NEXT:   kernel.extern "aten::mm.default"
// Beside cuBLAS: the extern alternative computes the cast in a kernel of its own; no TMA variant.
// CHOICE-LABEL: func.func @cast
// CHOICE:        kernel.choice "mm_0" ["template", "persistent", "extern"] default 2 {
// CHOICE:          kernel.launch @mm_0
// CHOICE:        }, {
// CHOICE:          kernel.launch @mm_1
// CHOICE:        }, {
// CHOICE:          kernel.launch @clone_2
// CHOICE-NEXT:     kernel.extern "aten::mm.out"
// CHOICE-NEXT:     kernel.yield
// The source's f32 tile is loaded and cast in registers before the dot.
// TRITON-LABEL: def triton_tem_mm_0(
// TRITON:         for k0 in range(0, 48, BLOCK_K):
// TRITON:           [[X:tmp[0-9]+]] = tl.load(in_ptr0 + ({{.*}}), {{.*}}other=0.0)
// TRITON-NEXT:      [[H:tmp[0-9]+]] = [[X]].to(tl.float16)
// TRITON-NOT:       tl.where
// TRITON:           acc = tl.dot([[H]], {{.*}}, acc)
func.func @cast(%x: !loop.buffer<[33, 48], f32, strides [48, 1]>, %w: !loop.buffer<[48, 20], f16, strides [20, 1]>) -> !loop.buffer<[33, 20], f16, strides [20, 1]> {
  %h = loop.pointwise ranges [1584] {
    %v = loop.load %x[#loop.index<"i0">] : !loop.buffer<[33, 48], f32, strides [48, 1]>
    %c = loop.cast %v : f32 to f16
    loop.yield %c : f16
  } : !loop.buffer<[1584], f16, strides [1]>
  %a = loop.reinterpret %h : !loop.buffer<[1584], f16, strides [1]> to !loop.buffer<[33, 48], f16, strides [48, 1]>
  %m = kernel.extern "aten::mm.default"(%a, %w) {args = [#kernel.operand<0>, #kernel.operand<1>]} : (!loop.buffer<[33, 48], f16, strides [48, 1]>, !loop.buffer<[48, 20], f16, strides [20, 1]>) -> (!loop.buffer<[33, 20], f16, strides [20, 1]>)
  func.return %m : !loop.buffer<[33, 20], f16, strides [20, 1]>
}

// -----

// h @ h with h = x.half(): one prologue computes both operands; the view and the cast it replaces go.
// CHECK-LABEL: func.func @square
// CHECK-NEXT:    %[[H:.*]] = loop.pointwise ranges [8, 8] {
// CHECK:         kernel.matmul %[[H]], %[[H]]
// CHECK-NOT:     loop.reinterpret
// FUSE-LABEL:  kernel.kernel @fused_add_mm_0({{.*}}) template numel 64 rnumel 1 {
// FUSE-NEXT:     %[[P:.*]] = loop.pointwise ranges [8, 8] {
// FUSE:          kernel.matmul %[[P]], %[[P]]
// FUSE-LABEL:  func.func @square
// FUSE-NOT:      kernel.extern
// The TMA template reads x through descriptors of the f32 source (rows of 32 bytes) and casts each tile.
// TMA-LABEL:   def triton_tem_fused_add_mm_2(
// TMA:           [[A:tmp[0-9]+]] = tl.make_tensor_descriptor(in_ptr0, shape=[8, 8], strides=[8, 1], block_shape=[BLOCK_M, BLOCK_K])
// TMA:           [[B:tmp[0-9]+]] = tl.make_tensor_descriptor(in_ptr0, shape=[8, 8], strides=[8, 1], block_shape=[BLOCK_K, BLOCK_N])
// TMA:           for k0 in range(0, 8, BLOCK_K):
// TMA-NEXT:        [[X:tmp[0-9]+]] = [[A]].load([off_m, k0])
// TMA-NEXT:        [[H:tmp[0-9]+]] = [[X]].to(tl.float16)
// TMA-NEXT:        [[Y:tmp[0-9]+]] = [[B]].load([k0, off_n])
// TMA-NEXT:        [[G:tmp[0-9]+]] = [[Y]].to(tl.float16)
// TMA-NEXT:        acc = tl.dot([[H]], [[G]], acc)
func.func @square(%x: !loop.buffer<[8, 8], f32, strides [8, 1]>) -> !loop.buffer<[8, 8], f16, strides [8, 1]> {
  %h = loop.pointwise ranges [64] {
    %v = loop.load %x[#loop.index<"i0">] : !loop.buffer<[8, 8], f32, strides [8, 1]>
    %c = loop.cast %v : f32 to f16
    loop.yield %c : f16
  } : !loop.buffer<[64], f16, strides [1]>
  %a = loop.reinterpret %h : !loop.buffer<[64], f16, strides [1]> to !loop.buffer<[8, 8], f16, strides [8, 1]>
  %m = kernel.extern "aten::mm.default"(%a, %a) {args = [#kernel.operand<0>, #kernel.operand<1>]} : (!loop.buffer<[8, 8], f16, strides [8, 1]>, !loop.buffer<[8, 8], f16, strides [8, 1]>) -> (!loop.buffer<[8, 8], f16, strides [8, 1]>)
  %r = loop.pointwise ranges [8, 8] {
    %p = loop.load %m[#loop.index<"8*i0 + i1">] : !loop.buffer<[8, 8], f16, strides [8, 1]>
    %one = arith.constant 1.0 : f16
    %s = arith.addf %p, %one : f16
    loop.yield %s : f16
  } : !loop.buffer<[8, 8], f16, strides [8, 1]>
  func.return %r : !loop.buffer<[8, 8], f16, strides [8, 1]>
}

// -----

// relu(x @ (w.t() / s)): B is a transposed weight divided by a 0-d scale (a broadcast load); the division
// may turn a masked-off K lane's 0 into NaN, so those lanes are zeroed before the dot; the scale is loaded
// once, before the K loop.
// CHECK-LABEL: func.func @scaled_weight
// CHECK:         %[[B:.*]] = loop.pointwise ranges [20, 12] {
// CHECK-DAG:       loop.load %wt[#loop.index<"i0 + 20*i1">]
// CHECK-DAG:       loop.load %s[#loop.index<"0">]
// CHECK:         kernel.matmul %x, %[[B]]
// FUSE-LABEL:  kernel.kernel @fused_div_maximum_mm_0({{.*}}) template numel 120 rnumel 1 {
// FUSE-NEXT:     loop.pointwise ranges [20, 12]
// TRITON-LABEL: def triton_tem_fused_div_maximum_mm_0(
// TRITON:         [[S:tmp[0-9]+]] = tl.load(in_ptr1 + (0))
// TRITON:         for k0 in range(0, 20, BLOCK_K):
// TRITON:           [[W:tmp[0-9]+]] = tl.load(in_ptr0 + ({{.*}}), {{.*}}other=0.0)
// TRITON:           [[D:tmp[0-9]+]] = [[W]] / [[S]]
// TRITON:           tl.where({{.*}}, [[D]], 0.0)
// TRITON:           acc = tl.dot(
// REPORT:      groups:
// REPORT:        fused_div_maximum_mm_0: reads
// REPORT-NEXT:     prologue: op0 %b = loop.pointwise [20, 12] (div)
// REPORT-NEXT:     op1 %m = kernel.matmul [10, 12] x [20] (mm)
// REPORT-NEXT:     op2 %r = loop.pointwise [10, 12] (maximum)
// REPORT:      round 0: prologue {op0} + {op1}, score {{[0-9]+}}: fused
func.func @scaled_weight(%x: !loop.buffer<[10, 20], f32, strides [20, 1]>, %w: !loop.buffer<[12, 20], f32, strides [20, 1]>, %s: !loop.buffer<[], f32, strides []>) -> !loop.buffer<[10, 12], f32, strides [12, 1]> {
  %wt = loop.reinterpret %w : !loop.buffer<[12, 20], f32, strides [20, 1]> to !loop.buffer<[20, 12], f32, strides [1, 20]>
  %b = loop.pointwise ranges [20, 12] {
    %v = loop.load %wt[#loop.index<"i0 + 20*i1">] : !loop.buffer<[20, 12], f32, strides [1, 20]>
    %d = loop.load %s[#loop.index<"0">] : !loop.buffer<[], f32, strides []>
    %q = arith.divf %v, %d : f32
    loop.yield %q : f32
  } : !loop.buffer<[20, 12], f32, strides [12, 1]>
  %m = kernel.extern "aten::mm.default"(%x, %b) {args = [#kernel.operand<0>, #kernel.operand<1>]} : (!loop.buffer<[10, 20], f32, strides [20, 1]>, !loop.buffer<[20, 12], f32, strides [12, 1]>) -> (!loop.buffer<[10, 12], f32, strides [12, 1]>)
  %r = loop.pointwise ranges [10, 12] {
    %v = loop.load %m[#loop.index<"12*i0 + i1">] : !loop.buffer<[10, 12], f32, strides [12, 1]>
    %z = arith.constant 0.0 : f32
    %y = arith.maximumf %v, %z : f32
    loop.yield %y : f32
  } : !loop.buffer<[10, 12], f32, strides [12, 1]>
  func.return %r : !loop.buffer<[10, 12], f32, strides [12, 1]>
}
