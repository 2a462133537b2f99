// RUN: irc-opt %s -p convert-aten-to-loop --split-input-file --verify-diagnostics | filecheck %s

// Ops the lowering cannot express fail with a message naming the op.

func.func @pow_of_bools(%b: !aten.tensor<[4], i1, strides [1]>) -> !aten.tensor<[4], i1> {
  %0 = aten.pow %b, %b : (!aten.tensor<[4], i1, strides [1]>, !aten.tensor<[4], i1, strides [1]>) -> !aten.tensor<[4], i1>
  func.return %0 : !aten.tensor<[4], i1>
}

// CHECK: aten.pow: no lowering for bool operands (i1)

// -----

func.func @operand_not_lowered() -> !aten.tensor<[3], f32> {
  %x = "test.op"() : () -> !aten.tensor<[3], f32>
  %0 = aten.exp %x : (!aten.tensor<[3], f32>) -> !aten.tensor<[3], f32>
  func.return %0 : !aten.tensor<[3], f32>
}

// CHECK: aten.exp: operand of type !aten.tensor<[3], f32> was not lowered to a !loop.buffer

