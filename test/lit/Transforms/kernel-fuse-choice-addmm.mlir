// RUN: irc-opt %s -p 'kernel-fuse' --split-input-file | filecheck %s
// RUN: irc-opt %s -p 'kernel-fuse,kernel-tile,kernel-plan-memory,convert-kernel-to-triton' --split-input-file --check-passes 2>&1 >/dev/null | filecheck %s --check-prefix=CHECKED
// CHECKED-COUNT-4: irc-opt: 4 passes checked, no divergence

// A template choice's cuBLAS alternative runs addmm's bias epilogue as aten::addmm (alpha and beta as its
// keywords), the rest of the epilogue as a kernel reading its result
// (dialects/kernel_analysis/addmm.py).
// CHECK-LABEL: func.func @scaled_bias
// CHECK:         kernel.choice "fused_add_mm_mul_sigmoid_0" ["template", "extern"] default 1 {
// CHECK:         }, {
// CHECK-NEXT:      %[[S:.*]] = kernel.extern "aten::addmm.default"(%bias, %a, %b) {args = [#kernel.operand<0>, #kernel.operand<1>, #kernel.operand<2>], kwargs = {beta = 5.000000e-01 : f64, alpha = 2.000000e+00 : f64}}
// CHECK-NEXT:      kernel.launch @sigmoid_1(%[[S]]) outs(
builtin.module {
  func.func @scaled_bias(%a: !loop.buffer<[33, 17], f16, strides [17, 1]>, %b: !loop.buffer<[17, 40], f16, strides [40, 1]>, %bias: !loop.buffer<[40], f16, strides [1]>) -> !loop.buffer<[33, 40], f16, strides [40, 1]> {
    %p = kernel.matmul %a, %b {choice = ["template"]} : (!loop.buffer<[33, 17], f16, strides [17, 1]>, !loop.buffer<[17, 40], f16, strides [40, 1]>) -> !loop.buffer<[33, 40], f32, strides [40, 1]>
    %s = loop.pointwise ranges [33, 40] {
      %x = loop.load %p[#loop.index<"40*i0 + i1">] : !loop.buffer<[33, 40], f32, strides [40, 1]>
      %alpha = arith.constant 2.000000e+00 : f32
      %ax = arith.mulf %x, %alpha : f32
      %c = loop.load %bias[#loop.index<"i1">] : !loop.buffer<[40], f16, strides [1]>
      %cw = loop.cast %c : f16 to f32
      %beta = arith.constant 5.000000e-01 : f32
      %bc = arith.mulf %beta, %cw : f32
      %sum = arith.addf %bc, %ax : f32
      %r = loop.cast %sum : f32 to f16
      loop.yield %r : f16
    } : !loop.buffer<[33, 40], f16, strides [40, 1]>
    %y = loop.pointwise ranges [33, 40] {
      %v = loop.load %s[#loop.index<"40*i0 + i1">] : !loop.buffer<[33, 40], f16, strides [40, 1]>
      %g = loop.sigmoid %v : f16
      loop.yield %g : f16
    } : !loop.buffer<[33, 40], f16, strides [40, 1]>
    func.return %y : !loop.buffer<[33, 40], f16, strides [40, 1]>
  }
}

// -----
// A bias per row ([33] read at i0) is not addmm's broadcast (its input broadcasts along the last dim): the
// alternative stays aten::mm, the add in the epilogue kernel.
// CHECK-LABEL: func.func @bias_per_row
// CHECK:         kernel.extern "aten::mm.default"(%a, %b)
// CHECK-NOT:     aten::addmm
builtin.module {
  func.func @bias_per_row(%a: !loop.buffer<[33, 17], f16, strides [17, 1]>, %b: !loop.buffer<[17, 40], f16, strides [40, 1]>, %bias: !loop.buffer<[33], f16, strides [1]>) -> !loop.buffer<[33, 40], f16, strides [40, 1]> {
    %p = kernel.matmul %a, %b {choice = ["template"]} : (!loop.buffer<[33, 17], f16, strides [17, 1]>, !loop.buffer<[17, 40], f16, strides [40, 1]>) -> !loop.buffer<[33, 40], f32, strides [40, 1]>
    %s = loop.pointwise ranges [33, 40] {
      %x = loop.load %p[#loop.index<"40*i0 + i1">] : !loop.buffer<[33, 40], f32, strides [40, 1]>
      %c = loop.load %bias[#loop.index<"i0">] : !loop.buffer<[33], f16, strides [1]>
      %cw = loop.cast %c : f16 to f32
      %sum = arith.addf %x, %cw : f32
      %r = loop.cast %sum : f32 to f16
      loop.yield %r : f16
    } : !loop.buffer<[33, 40], f16, strides [40, 1]>
    func.return %s : !loop.buffer<[33, 40], f16, strides [40, 1]>
  }
}

// -----
// A product in the operands' type (f16: aten::mm's, rounded before the add) keeps aten::mm and the add.
// CHECK-LABEL: func.func @narrow_product
// CHECK:         kernel.extern "aten::mm.default"(%a, %b)
// CHECK-NOT:     aten::addmm
builtin.module {
  func.func @narrow_product(%a: !loop.buffer<[33, 17], f16, strides [17, 1]>, %b: !loop.buffer<[17, 40], f16, strides [40, 1]>, %bias: !loop.buffer<[40], f16, strides [1]>) -> !loop.buffer<[33, 40], f16, strides [40, 1]> {
    %p = kernel.matmul %a, %b {choice = ["template"]} : (!loop.buffer<[33, 17], f16, strides [17, 1]>, !loop.buffer<[17, 40], f16, strides [40, 1]>) -> !loop.buffer<[33, 40], f16, strides [40, 1]>
    %s = loop.pointwise ranges [33, 40] {
      %x = loop.load %p[#loop.index<"40*i0 + i1">] : !loop.buffer<[33, 40], f16, strides [40, 1]>
      %xw = loop.cast %x : f16 to f32
      %c = loop.load %bias[#loop.index<"i1">] : !loop.buffer<[40], f16, strides [1]>
      %cw = loop.cast %c : f16 to f32
      %sum = arith.addf %xw, %cw : f32
      %r = loop.cast %sum : f32 to f16
      loop.yield %r : f16
    } : !loop.buffer<[33, 40], f16, strides [40, 1]>
    func.return %s : !loop.buffer<[33, 40], f16, strides [40, 1]>
  }
}

// -----
// An f32 bias of f16 operands is no addmm input (its operands' type): aten::mm and the add.
// CHECK-LABEL: func.func @wider_bias
// CHECK:         kernel.extern "aten::mm.default"(%a, %b)
// CHECK-NOT:     aten::addmm
builtin.module {
  func.func @wider_bias(%a: !loop.buffer<[33, 17], f16, strides [17, 1]>, %b: !loop.buffer<[17, 40], f16, strides [40, 1]>, %bias: !loop.buffer<[40], f32, strides [1]>) -> !loop.buffer<[33, 40], f16, strides [40, 1]> {
    %p = kernel.matmul %a, %b {choice = ["template"]} : (!loop.buffer<[33, 17], f16, strides [17, 1]>, !loop.buffer<[17, 40], f16, strides [40, 1]>) -> !loop.buffer<[33, 40], f32, strides [40, 1]>
    %s = loop.pointwise ranges [33, 40] {
      %x = loop.load %p[#loop.index<"40*i0 + i1">] : !loop.buffer<[33, 40], f32, strides [40, 1]>
      %c = loop.load %bias[#loop.index<"i1">] : !loop.buffer<[40], f32, strides [1]>
      %sum = arith.addf %x, %c : f32
      %r = loop.cast %sum : f32 to f16
      loop.yield %r : f16
    } : !loop.buffer<[33, 40], f16, strides [40, 1]>
    func.return %s : !loop.buffer<[33, 40], f16, strides [40, 1]>
  }
}
