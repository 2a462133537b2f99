// RUN: irc-opt %s -p convert-aten-to-loop --split-input-file | filecheck %s
// Compiles for CUDA keep no division checks (its kernels do not raise):
// RUN: irc-opt %s -p 'convert-aten-to-loop{check_division=false}' --split-input-file | filecheck %s --check-prefix=CUDA
// CUDA-NOT: loop.nonzero

// Unary: f16 is computed in f32 (cast up after the load, down before the yield); exp of an integer
// tensor computes in its float result type.
func.func @unary(%x: !aten.tensor<[4], f16, strides [1]>, %n: !aten.tensor<[4], i32, strides [1]>) -> (!aten.tensor<[4], f16>, !aten.tensor<[4], f32>) {
  %neg = aten.neg %x : (!aten.tensor<[4], f16, strides [1]>) -> !aten.tensor<[4], f16>
  %exp = aten.exp %n : (!aten.tensor<[4], i32, strides [1]>) -> !aten.tensor<[4], f32>
  func.return %neg, %exp : !aten.tensor<[4], f16>, !aten.tensor<[4], f32>
}

// CHECK-LABEL: func.func @unary(%x: !loop.buffer<[4], f16, strides [1]>, %n: !loop.buffer<[4], i32, strides [1]>) -> (!loop.buffer<[4], f16, strides [1]>, !loop.buffer<[4], f32, strides [1]>) {
// CHECK-NEXT:   %neg = loop.pointwise ranges [4] {
// CHECK-NEXT:     %[[LD:[0-9]+]] = loop.load %x[#loop.index<"i0">] : !loop.buffer<[4], f16, strides [1]>
// CHECK-NEXT:     %[[CAST:[0-9]+]] = loop.cast %[[LD]] : f16 to f32
// CHECK-NEXT:     %[[NEGF:[0-9]+]] = arith.negf %[[CAST]] : f32
// CHECK-NEXT:     %[[CAST1:[0-9]+]] = loop.cast %[[NEGF]] : f32 to f16
// CHECK-NEXT:     loop.yield %[[CAST1]] : f16
// CHECK-NEXT:   } : !loop.buffer<[4], f16, strides [1]>
// CHECK-NEXT:   %exp = loop.pointwise ranges [4] {
// CHECK-NEXT:     %[[LD1:[0-9]+]] = loop.load %n[#loop.index<"i0">] : !loop.buffer<[4], i32, strides [1]>
// CHECK-NEXT:     %[[CAST2:[0-9]+]] = loop.cast %[[LD1]] : i32 to f32
// CHECK-NEXT:     %[[EXP:[0-9]+]] = math.exp %[[CAST2]] : f32
// CHECK-NEXT:     loop.yield %[[EXP]] : f32
// CHECK-NEXT:   } : !loop.buffer<[4], f32, strides [1]>
// CHECK-NEXT:   func.return %neg, %exp : !loop.buffer<[4], f16, strides [1]>, !loop.buffer<[4], f32, strides [1]>
// CHECK-NEXT: }

// -----

// Decomposed activations: gelu (erf and tanh forms), silu = x * sigmoid(x), relu of ints = maxsi(x, 0).
func.func @activations(%x: !aten.tensor<[4], f32, strides [1]>, %n: !aten.tensor<[4], i64, strides [1]>) -> (!aten.tensor<[4], f32>, !aten.tensor<[4], f32>, !aten.tensor<[4], f32>, !aten.tensor<[4], i64>) {
  %gelu = aten.gelu %x : (!aten.tensor<[4], f32, strides [1]>) -> !aten.tensor<[4], f32>
  %gelu_tanh = aten.gelu %x approximate = "tanh" : (!aten.tensor<[4], f32, strides [1]>) -> !aten.tensor<[4], f32>
  %silu = aten.silu %x : (!aten.tensor<[4], f32, strides [1]>) -> !aten.tensor<[4], f32>
  %relu = aten.relu %n : (!aten.tensor<[4], i64, strides [1]>) -> !aten.tensor<[4], i64>
  func.return %gelu, %gelu_tanh, %silu, %relu : !aten.tensor<[4], f32>, !aten.tensor<[4], f32>, !aten.tensor<[4], f32>, !aten.tensor<[4], i64>
}

// CHECK-LABEL: func.func @activations(%x: !loop.buffer<[4], f32, strides [1]>, %n: !loop.buffer<[4], i64, strides [1]>) -> (!loop.buffer<[4], f32, strides [1]>, !loop.buffer<[4], f32, strides [1]>, !loop.buffer<[4], f32, strides [1]>, !loop.buffer<[4], i64, strides [1]>) {
// CHECK-NEXT:   %gelu = loop.pointwise ranges [4] {
// CHECK-NEXT:     %[[LD:[0-9]+]] = loop.load %x[#loop.index<"i0">] : !loop.buffer<[4], f32, strides [1]>
// CHECK-NEXT:     %[[C:[0-9]+]] = arith.constant 0.707106769 : f32
// CHECK-NEXT:     %[[MULF:[0-9]+]] = arith.mulf %[[LD]], %[[C]] : f32
// CHECK-NEXT:     %[[ERF:[0-9]+]] = math.erf %[[MULF]] : f32
// CHECK-NEXT:     %[[C1:[0-9]+]] = arith.constant 5.000000e-01 : f32
// CHECK-NEXT:     %[[MULF1:[0-9]+]] = arith.mulf %[[C1]], %[[LD]] : f32
// CHECK-NEXT:     %[[C2:[0-9]+]] = arith.constant 1.000000e+00 : f32
// CHECK-NEXT:     %[[ADDF:[0-9]+]] = arith.addf %[[C2]], %[[ERF]] : f32
// CHECK-NEXT:     %[[MULF2:[0-9]+]] = arith.mulf %[[MULF1]], %[[ADDF]] : f32
// CHECK-NEXT:     loop.yield %[[MULF2]] : f32
// CHECK-NEXT:   } : !loop.buffer<[4], f32, strides [1]>
// CHECK-NEXT:   %gelu_tanh = loop.pointwise ranges [4] {
// CHECK-NEXT:     %[[LD1:[0-9]+]] = loop.load %x[#loop.index<"i0">] : !loop.buffer<[4], f32, strides [1]>
// CHECK-NEXT:     %[[MULF3:[0-9]+]] = arith.mulf %[[LD1]], %[[LD1]] : f32
// CHECK-NEXT:     %[[MULF4:[0-9]+]] = arith.mulf %[[MULF3]], %[[LD1]] : f32
// CHECK-NEXT:     %[[C3:[0-9]+]] = arith.constant 4.471500e-02 : f32
// CHECK-NEXT:     %[[MULF5:[0-9]+]] = arith.mulf %[[C3]], %[[MULF4]] : f32
// CHECK-NEXT:     %[[ADDF1:[0-9]+]] = arith.addf %[[LD1]], %[[MULF5]] : f32
// CHECK-NEXT:     %[[C4:[0-9]+]] = arith.constant 0.797884583 : f32
// CHECK-NEXT:     %[[MULF6:[0-9]+]] = arith.mulf %[[C4]], %[[ADDF1]] : f32
// CHECK-NEXT:     %[[TANH:[0-9]+]] = math.tanh %[[MULF6]] : f32
// CHECK-NEXT:     %[[C5:[0-9]+]] = arith.constant 5.000000e-01 : f32
// CHECK-NEXT:     %[[MULF7:[0-9]+]] = arith.mulf %[[C5]], %[[LD1]] : f32
// CHECK-NEXT:     %[[C6:[0-9]+]] = arith.constant 1.000000e+00 : f32
// CHECK-NEXT:     %[[ADDF2:[0-9]+]] = arith.addf %[[C6]], %[[TANH]] : f32
// CHECK-NEXT:     %[[MULF8:[0-9]+]] = arith.mulf %[[MULF7]], %[[ADDF2]] : f32
// CHECK-NEXT:     loop.yield %[[MULF8]] : f32
// CHECK-NEXT:   } : !loop.buffer<[4], f32, strides [1]>
// CHECK-NEXT:   %silu = loop.pointwise ranges [4] {
// CHECK-NEXT:     %[[LD2:[0-9]+]] = loop.load %x[#loop.index<"i0">] : !loop.buffer<[4], f32, strides [1]>
// CHECK-NEXT:     %[[SIGMOID:[0-9]+]] = loop.sigmoid %[[LD2]] : f32
// CHECK-NEXT:     %[[MULF9:[0-9]+]] = arith.mulf %[[LD2]], %[[SIGMOID]] : f32
// CHECK-NEXT:     loop.yield %[[MULF9]] : f32
// CHECK-NEXT:   } : !loop.buffer<[4], f32, strides [1]>
// CHECK-NEXT:   %relu = loop.pointwise ranges [4] {
// CHECK-NEXT:     %[[LD3:[0-9]+]] = loop.load %n[#loop.index<"i0">] : !loop.buffer<[4], i64, strides [1]>
// CHECK-NEXT:     %[[C7:[0-9]+]] = arith.constant 0 : i64
// CHECK-NEXT:     %[[MAXSI:[0-9]+]] = arith.maxsi %[[LD3]], %[[C7]] : i64
// CHECK-NEXT:     loop.yield %[[MAXSI]] : i64
// CHECK-NEXT:   } : !loop.buffer<[4], i64, strides [1]>
// CHECK-NEXT:   func.return %gelu, %gelu_tanh, %silu, %relu : !loop.buffer<[4], f32, strides [1]>, !loop.buffer<[4], f32, strides [1]>, !loop.buffer<[4], f32, strides [1]>, !loop.buffer<[4], i64, strides [1]>
// CHECK-NEXT: }

// -----

// sign = (x > 0) - (x < 0); round is half to even; isnan is an unordered compare; isnan of ints is false.
func.func @sign_round_isnan(%x: !aten.tensor<[4], f32, strides [1]>, %n: !aten.tensor<[4], i32, strides [1]>) -> (!aten.tensor<[4], f32>, !aten.tensor<[4], f32>, !aten.tensor<[4], i1>, !aten.tensor<[4], i1>, !aten.tensor<[4], i1>) {
  %sign = aten.sign %x : (!aten.tensor<[4], f32, strides [1]>) -> !aten.tensor<[4], f32>
  %round = aten.round %x : (!aten.tensor<[4], f32, strides [1]>) -> !aten.tensor<[4], f32>
  %isnan = aten.isnan %x : (!aten.tensor<[4], f32, strides [1]>) -> !aten.tensor<[4], i1>
  %isinf = aten.isinf %x : (!aten.tensor<[4], f32, strides [1]>) -> !aten.tensor<[4], i1>
  %int_isnan = aten.isnan %n : (!aten.tensor<[4], i32, strides [1]>) -> !aten.tensor<[4], i1>
  func.return %sign, %round, %isnan, %isinf, %int_isnan : !aten.tensor<[4], f32>, !aten.tensor<[4], f32>, !aten.tensor<[4], i1>, !aten.tensor<[4], i1>, !aten.tensor<[4], i1>
}

// CHECK-LABEL: func.func @sign_round_isnan(%x: !loop.buffer<[4], f32, strides [1]>, %n: !loop.buffer<[4], i32, strides [1]>) -> (!loop.buffer<[4], f32, strides [1]>, !loop.buffer<[4], f32, strides [1]>, !loop.buffer<[4], i1, strides [1]>, !loop.buffer<[4], i1, strides [1]>, !loop.buffer<[4], i1, strides [1]>) {
// CHECK-NEXT:   %sign = loop.pointwise ranges [4] {
// CHECK-NEXT:     %[[LD:[0-9]+]] = loop.load %x[#loop.index<"i0">] : !loop.buffer<[4], f32, strides [1]>
// CHECK-NEXT:     %[[C:[0-9]+]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:     %[[CMPF:[0-9]+]] = arith.cmpf ogt, %[[LD]], %[[C]] : f32
// CHECK-NEXT:     %[[CAST:[0-9]+]] = loop.cast %[[CMPF]] : i1 to f32
// CHECK-NEXT:     %[[CMPF1:[0-9]+]] = arith.cmpf olt, %[[LD]], %[[C]] : f32
// CHECK-NEXT:     %[[CAST1:[0-9]+]] = loop.cast %[[CMPF1]] : i1 to f32
// CHECK-NEXT:     %[[SUBF:[0-9]+]] = arith.subf %[[CAST]], %[[CAST1]] : f32
// CHECK-NEXT:     loop.yield %[[SUBF]] : f32
// CHECK-NEXT:   } : !loop.buffer<[4], f32, strides [1]>
// CHECK-NEXT:   %round = loop.pointwise ranges [4] {
// CHECK-NEXT:     %[[LD1:[0-9]+]] = loop.load %x[#loop.index<"i0">] : !loop.buffer<[4], f32, strides [1]>
// CHECK-NEXT:     %[[ROUNDEVEN:[0-9]+]] = math.roundeven %[[LD1]] : f32
// CHECK-NEXT:     loop.yield %[[ROUNDEVEN]] : f32
// CHECK-NEXT:   } : !loop.buffer<[4], f32, strides [1]>
// CHECK-NEXT:   %isnan = loop.pointwise ranges [4] {
// CHECK-NEXT:     %[[LD2:[0-9]+]] = loop.load %x[#loop.index<"i0">] : !loop.buffer<[4], f32, strides [1]>
// CHECK-NEXT:     %[[CMPF2:[0-9]+]] = arith.cmpf uno, %[[LD2]], %[[LD2]] : f32
// CHECK-NEXT:     loop.yield %[[CMPF2]] : i1
// CHECK-NEXT:   } : !loop.buffer<[4], i1, strides [1]>
// CHECK-NEXT:   %isinf = loop.pointwise ranges [4] {
// CHECK-NEXT:     %[[LD3:[0-9]+]] = loop.load %x[#loop.index<"i0">] : !loop.buffer<[4], f32, strides [1]>
// CHECK-NEXT:     %[[ISINF:[0-9]+]] = loop.isinf %[[LD3]] : f32
// CHECK-NEXT:     loop.yield %[[ISINF]] : i1
// CHECK-NEXT:   } : !loop.buffer<[4], i1, strides [1]>
// CHECK-NEXT:   %int_isnan = loop.pointwise ranges [4] {
// CHECK-NEXT:     %[[LD4:[0-9]+]] = loop.load %n[#loop.index<"i0">] : !loop.buffer<[4], i32, strides [1]>
// CHECK-NEXT:     %[[C1:[0-9]+]] = arith.constant false
// CHECK-NEXT:     loop.yield %[[C1]] : i1
// CHECK-NEXT:   } : !loop.buffer<[4], i1, strides [1]>
// CHECK-NEXT:   func.return %sign, %round, %isnan, %isinf, %int_isnan : !loop.buffer<[4], f32, strides [1]>, !loop.buffer<[4], f32, strides [1]>, !loop.buffer<[4], i1, strides [1]>, !loop.buffer<[4], i1, strides [1]>, !loop.buffer<[4], i1, strides [1]>
// CHECK-NEXT: }

// -----

// Broadcasting loads index 0 for size-1 and missing leading dims; a Python float times an int tensor
// computes in the result dtype f32, with the constant cloned into the body in that type.
func.func @binary_broadcast(%x: !aten.tensor<[3, 9], f32, strides [9, 1]>, %y: !aten.tensor<[9], f32, strides [1]>, %z: !aten.tensor<[3, 1], i32, strides [1, 1]>) -> !aten.tensor<[3, 9], f32> {
  %two = arith.constant 2.5 : f64
  %add = aten.add %x, %y : (!aten.tensor<[3, 9], f32, strides [9, 1]>, !aten.tensor<[9], f32, strides [1]>) -> !aten.tensor<[3, 9], f32>
  %mul = aten.mul %z, %two : (!aten.tensor<[3, 1], i32, strides [1, 1]>, f64) -> !aten.tensor<[3, 1], f32>
  %sub = aten.sub %add, %mul : (!aten.tensor<[3, 9], f32>, !aten.tensor<[3, 1], f32>) -> !aten.tensor<[3, 9], f32>
  func.return %sub : !aten.tensor<[3, 9], f32>
}

// CHECK-LABEL: func.func @binary_broadcast(%x: !loop.buffer<[3, 9], f32, strides [9, 1]>, %y: !loop.buffer<[9], f32, strides [1]>, %z: !loop.buffer<[3, 1], i32, strides [1, 1]>) -> !loop.buffer<[3, 9], f32, strides [9, 1]> {
// CHECK-NEXT:   %two = arith.constant 2.500000e+00 : f64
// CHECK-NEXT:   %add = loop.pointwise ranges [3, 9] {
// CHECK-NEXT:     %[[LD:[0-9]+]] = loop.load %x[#loop.index<"9*i0 + i1">] : !loop.buffer<[3, 9], f32, strides [9, 1]>
// CHECK-NEXT:     %[[LD1:[0-9]+]] = loop.load %y[#loop.index<"i1">] : !loop.buffer<[9], f32, strides [1]>
// CHECK-NEXT:     %[[ADDF:[0-9]+]] = arith.addf %[[LD]], %[[LD1]] : f32
// CHECK-NEXT:     loop.yield %[[ADDF]] : f32
// CHECK-NEXT:   } : !loop.buffer<[3, 9], f32, strides [9, 1]>
// CHECK-NEXT:   %mul = loop.pointwise ranges [3, 1] {
// CHECK-NEXT:     %[[LD2:[0-9]+]] = loop.load %z[#loop.index<"i0">] : !loop.buffer<[3, 1], i32, strides [1, 1]>
// CHECK-NEXT:     %[[CAST:[0-9]+]] = loop.cast %[[LD2]] : i32 to f32
// CHECK-NEXT:     %[[C:[0-9]+]] = arith.constant 2.500000e+00 : f32
// CHECK-NEXT:     %[[MULF:[0-9]+]] = arith.mulf %[[CAST]], %[[C]] : f32
// CHECK-NEXT:     loop.yield %[[MULF]] : f32
// CHECK-NEXT:   } : !loop.buffer<[3, 1], f32, strides [1, 1]>
// CHECK-NEXT:   %sub = loop.pointwise ranges [3, 9] {
// CHECK-NEXT:     %[[LD3:[0-9]+]] = loop.load %add[#loop.index<"9*i0 + i1">] : !loop.buffer<[3, 9], f32, strides [9, 1]>
// CHECK-NEXT:     %[[LD4:[0-9]+]] = loop.load %mul[#loop.index<"i0">] : !loop.buffer<[3, 1], f32, strides [1, 1]>
// CHECK-NEXT:     %[[SUBF:[0-9]+]] = arith.subf %[[LD3]], %[[LD4]] : f32
// CHECK-NEXT:     loop.yield %[[SUBF]] : f32
// CHECK-NEXT:   } : !loop.buffer<[3, 9], f32, strides [9, 1]>
// CHECK-NEXT:   func.return %sub : !loop.buffer<[3, 9], f32, strides [9, 1]>
// CHECK-NEXT: }

// -----

// A scalar function argument is referenced from the body (loop ops are not isolated from above).
func.func @scalar_arg(%x: !aten.tensor<[4], f32, strides [1]>, %s: f64) -> !aten.tensor<[4], f32> {
  %mul = aten.mul %x, %s : (!aten.tensor<[4], f32, strides [1]>, f64) -> !aten.tensor<[4], f32>
  func.return %mul : !aten.tensor<[4], f32>
}

// CHECK-LABEL: func.func @scalar_arg(%x: !loop.buffer<[4], f32, strides [1]>, %s: f64) -> !loop.buffer<[4], f32, strides [1]> {
// CHECK-NEXT:   %mul = loop.pointwise ranges [4] {
// CHECK-NEXT:     %[[LD:[0-9]+]] = loop.load %x[#loop.index<"i0">] : !loop.buffer<[4], f32, strides [1]>
// CHECK-NEXT:     %[[CAST:[0-9]+]] = loop.cast %s : f64 to f32
// CHECK-NEXT:     %[[MULF:[0-9]+]] = arith.mulf %[[LD]], %[[CAST]] : f32
// CHECK-NEXT:     loop.yield %[[MULF]] : f32
// CHECK-NEXT:   } : !loop.buffer<[4], f32, strides [1]>
// CHECK-NEXT:   func.return %mul : !loop.buffer<[4], f32, strides [1]>
// CHECK-NEXT: }

// -----

// div of ints: true division in the float result type, "trunc" is divsi, "floor" and remainder are loop ops;
// their divisors pass through loop.nonzero (a zero stops the program, as ATen's CPU kernels raise).
func.func @div_modes(%a: !aten.tensor<[4], i64, strides [1]>, %b: !aten.tensor<[4], i64, strides [1]>) -> (!aten.tensor<[4], f32>, !aten.tensor<[4], i64>, !aten.tensor<[4], i64>, !aten.tensor<[4], i64>) {
  %div = aten.div %a, %b : (!aten.tensor<[4], i64, strides [1]>, !aten.tensor<[4], i64, strides [1]>) -> !aten.tensor<[4], f32>
  %trunc = aten.div %a, %b rounding_mode = "trunc" : (!aten.tensor<[4], i64, strides [1]>, !aten.tensor<[4], i64, strides [1]>) -> !aten.tensor<[4], i64>
  %floor = aten.div %a, %b rounding_mode = "floor" : (!aten.tensor<[4], i64, strides [1]>, !aten.tensor<[4], i64, strides [1]>) -> !aten.tensor<[4], i64>
  %rem = aten.remainder %a, %b : (!aten.tensor<[4], i64, strides [1]>, !aten.tensor<[4], i64, strides [1]>) -> !aten.tensor<[4], i64>
  func.return %div, %trunc, %floor, %rem : !aten.tensor<[4], f32>, !aten.tensor<[4], i64>, !aten.tensor<[4], i64>, !aten.tensor<[4], i64>
}

// CHECK-LABEL: func.func @div_modes(%a: !loop.buffer<[4], i64, strides [1]>, %b: !loop.buffer<[4], i64, strides [1]>) -> (!loop.buffer<[4], f32, strides [1]>, !loop.buffer<[4], i64, strides [1]>, !loop.buffer<[4], i64, strides [1]>, !loop.buffer<[4], i64, strides [1]>) {
// CHECK-NEXT:   %div = loop.pointwise ranges [4] {
// CHECK-NEXT:     %[[LD:[0-9]+]] = loop.load %a[#loop.index<"i0">] : !loop.buffer<[4], i64, strides [1]>
// CHECK-NEXT:     %[[CAST:[0-9]+]] = loop.cast %[[LD]] : i64 to f32
// CHECK-NEXT:     %[[LD1:[0-9]+]] = loop.load %b[#loop.index<"i0">] : !loop.buffer<[4], i64, strides [1]>
// CHECK-NEXT:     %[[CAST1:[0-9]+]] = loop.cast %[[LD1]] : i64 to f32
// CHECK-NEXT:     %[[DIVF:[0-9]+]] = arith.divf %[[CAST]], %[[CAST1]] : f32
// CHECK-NEXT:     loop.yield %[[DIVF]] : f32
// CHECK-NEXT:   } : !loop.buffer<[4], f32, strides [1]>
// CHECK-NEXT:   %trunc = loop.pointwise ranges [4] {
// CHECK-NEXT:     %[[LD2:[0-9]+]] = loop.load %a[#loop.index<"i0">] : !loop.buffer<[4], i64, strides [1]>
// CHECK-NEXT:     %[[LD3:[0-9]+]] = loop.load %b[#loop.index<"i0">] : !loop.buffer<[4], i64, strides [1]>
// CHECK-NEXT:     %[[NZ3:[0-9]+]] = loop.nonzero %[[LD3]] : i64
// CHECK-NEXT:     %[[DIVSI:[0-9]+]] = arith.divsi %[[LD2]], %[[NZ3]] : i64
// CHECK-NEXT:     loop.yield %[[DIVSI]] : i64
// CHECK-NEXT:   } : !loop.buffer<[4], i64, strides [1]>
// CHECK-NEXT:   %floor = loop.pointwise ranges [4] {
// CHECK-NEXT:     %[[LD4:[0-9]+]] = loop.load %a[#loop.index<"i0">] : !loop.buffer<[4], i64, strides [1]>
// CHECK-NEXT:     %[[LD5:[0-9]+]] = loop.load %b[#loop.index<"i0">] : !loop.buffer<[4], i64, strides [1]>
// CHECK-NEXT:     %[[NZ5:[0-9]+]] = loop.nonzero %[[LD5]] : i64
// CHECK-NEXT:     %[[FLOORDIV:[0-9]+]] = loop.floordiv %[[LD4]], %[[NZ5]] : i64
// CHECK-NEXT:     loop.yield %[[FLOORDIV]] : i64
// CHECK-NEXT:   } : !loop.buffer<[4], i64, strides [1]>
// CHECK-NEXT:   %rem = loop.pointwise ranges [4] {
// CHECK-NEXT:     %[[LD6:[0-9]+]] = loop.load %a[#loop.index<"i0">] : !loop.buffer<[4], i64, strides [1]>
// CHECK-NEXT:     %[[LD7:[0-9]+]] = loop.load %b[#loop.index<"i0">] : !loop.buffer<[4], i64, strides [1]>
// CHECK-NEXT:     %[[NZ7:[0-9]+]] = loop.nonzero %[[LD7]] : i64
// CHECK-NEXT:     %[[REMAINDER:[0-9]+]] = loop.remainder %[[LD6]], %[[NZ7]] : i64
// CHECK-NEXT:     loop.yield %[[REMAINDER]] : i64
// CHECK-NEXT:   } : !loop.buffer<[4], i64, strides [1]>
// CHECK-NEXT:   func.return %div, %trunc, %floor, %rem : !loop.buffer<[4], f32, strides [1]>, !loop.buffer<[4], i64, strides [1]>, !loop.buffer<[4], i64, strides [1]>, !loop.buffer<[4], i64, strides [1]>
// CHECK-NEXT: }

// -----

// Comparisons compute in the promoted operand dtype: f16 with a Python float stays f16 (the constant is
// rounded to f16, computed in f32); i32 with f16 reads the i32 as f16. Bools compare unsigned; logical ops
// read their operands as i1.
func.func @compare(%x: !aten.tensor<[4], f16, strides [1]>, %n: !aten.tensor<[4], i32, strides [1]>, %b: !aten.tensor<[4], i1, strides [1]>) -> (!aten.tensor<[4], i1>, !aten.tensor<[4], i1>, !aten.tensor<[4], i1>, !aten.tensor<[4], i1>) {
  %tenth = arith.constant 0.1 : f64
  %lt = aten.lt %x, %tenth : (!aten.tensor<[4], f16, strides [1]>, f64) -> !aten.tensor<[4], i1>
  %ge = aten.ge %n, %x : (!aten.tensor<[4], i32, strides [1]>, !aten.tensor<[4], f16, strides [1]>) -> !aten.tensor<[4], i1>
  %gt = aten.gt %b, %b : (!aten.tensor<[4], i1, strides [1]>, !aten.tensor<[4], i1, strides [1]>) -> !aten.tensor<[4], i1>
  %and = aten.logical_and %n, %b : (!aten.tensor<[4], i32, strides [1]>, !aten.tensor<[4], i1, strides [1]>) -> !aten.tensor<[4], i1>
  func.return %lt, %ge, %gt, %and : !aten.tensor<[4], i1>, !aten.tensor<[4], i1>, !aten.tensor<[4], i1>, !aten.tensor<[4], i1>
}

// CHECK-LABEL: func.func @compare(%x: !loop.buffer<[4], f16, strides [1]>, %n: !loop.buffer<[4], i32, strides [1]>, %b: !loop.buffer<[4], i1, strides [1]>) -> (!loop.buffer<[4], i1, strides [1]>, !loop.buffer<[4], i1, strides [1]>, !loop.buffer<[4], i1, strides [1]>, !loop.buffer<[4], i1, strides [1]>) {
// CHECK-NEXT:   %tenth = arith.constant 1.000000e-01 : f64
// CHECK-NEXT:   %lt = loop.pointwise ranges [4] {
// CHECK-NEXT:     %[[LD:[0-9]+]] = loop.load %x[#loop.index<"i0">] : !loop.buffer<[4], f16, strides [1]>
// CHECK-NEXT:     %[[CAST:[0-9]+]] = loop.cast %[[LD]] : f16 to f32
// CHECK-NEXT:     %[[C:[0-9]+]] = arith.constant 0.0999755859 : f32
// CHECK-NEXT:     %[[CMPF:[0-9]+]] = arith.cmpf olt, %[[CAST]], %[[C]] : f32
// CHECK-NEXT:     loop.yield %[[CMPF]] : i1
// CHECK-NEXT:   } : !loop.buffer<[4], i1, strides [1]>
// CHECK-NEXT:   %ge = loop.pointwise ranges [4] {
// CHECK-NEXT:     %[[LD1:[0-9]+]] = loop.load %n[#loop.index<"i0">] : !loop.buffer<[4], i32, strides [1]>
// CHECK-NEXT:     %[[CAST1:[0-9]+]] = loop.cast %[[LD1]] : i32 to f16
// CHECK-NEXT:     %[[CAST2:[0-9]+]] = loop.cast %[[CAST1]] : f16 to f32
// CHECK-NEXT:     %[[LD2:[0-9]+]] = loop.load %x[#loop.index<"i0">] : !loop.buffer<[4], f16, strides [1]>
// CHECK-NEXT:     %[[CAST3:[0-9]+]] = loop.cast %[[LD2]] : f16 to f32
// CHECK-NEXT:     %[[CMPF1:[0-9]+]] = arith.cmpf oge, %[[CAST2]], %[[CAST3]] : f32
// CHECK-NEXT:     loop.yield %[[CMPF1]] : i1
// CHECK-NEXT:   } : !loop.buffer<[4], i1, strides [1]>
// CHECK-NEXT:   %gt = loop.pointwise ranges [4] {
// CHECK-NEXT:     %[[LD3:[0-9]+]] = loop.load %b[#loop.index<"i0">] : !loop.buffer<[4], i1, strides [1]>
// CHECK-NEXT:     %[[LD4:[0-9]+]] = loop.load %b[#loop.index<"i0">] : !loop.buffer<[4], i1, strides [1]>
// CHECK-NEXT:     %[[CMPI:[0-9]+]] = arith.cmpi ugt, %[[LD3]], %[[LD4]] : i1
// CHECK-NEXT:     loop.yield %[[CMPI]] : i1
// CHECK-NEXT:   } : !loop.buffer<[4], i1, strides [1]>
// CHECK-NEXT:   %and = loop.pointwise ranges [4] {
// CHECK-NEXT:     %[[LD5:[0-9]+]] = loop.load %n[#loop.index<"i0">] : !loop.buffer<[4], i32, strides [1]>
// CHECK-NEXT:     %[[CAST4:[0-9]+]] = loop.cast %[[LD5]] : i32 to i1
// CHECK-NEXT:     %[[LD6:[0-9]+]] = loop.load %b[#loop.index<"i0">] : !loop.buffer<[4], i1, strides [1]>
// CHECK-NEXT:     %[[ANDI:[0-9]+]] = arith.andi %[[CAST4]], %[[LD6]] : i1
// CHECK-NEXT:     loop.yield %[[ANDI]] : i1
// CHECK-NEXT:   } : !loop.buffer<[4], i1, strides [1]>
// CHECK-NEXT:   func.return %lt, %ge, %gt, %and : !loop.buffer<[4], i1, strides [1]>, !loop.buffer<[4], i1, strides [1]>, !loop.buffer<[4], i1, strides [1]>, !loop.buffer<[4], i1, strides [1]>
// CHECK-NEXT: }

// -----

// Bitwise ops on ints and bools; ui8 arithmetic runs in i32 (arith has no unsigned types).
func.func @bitwise(%n: !aten.tensor<[4], i32, strides [1]>, %b: !aten.tensor<[4], i1, strides [1]>, %u: !aten.tensor<[4], ui8, strides [1]>) -> (!aten.tensor<[4], i32>, !aten.tensor<[4], i1>, !aten.tensor<[4], ui8>) {
  %and = aten.bitwise_and %n, %b : (!aten.tensor<[4], i32, strides [1]>, !aten.tensor<[4], i1, strides [1]>) -> !aten.tensor<[4], i32>
  %not = aten.bitwise_not %b : (!aten.tensor<[4], i1, strides [1]>) -> !aten.tensor<[4], i1>
  %add = aten.add %u, %u : (!aten.tensor<[4], ui8, strides [1]>, !aten.tensor<[4], ui8, strides [1]>) -> !aten.tensor<[4], ui8>
  func.return %and, %not, %add : !aten.tensor<[4], i32>, !aten.tensor<[4], i1>, !aten.tensor<[4], ui8>
}

// CHECK-LABEL: func.func @bitwise(%n: !loop.buffer<[4], i32, strides [1]>, %b: !loop.buffer<[4], i1, strides [1]>, %u: !loop.buffer<[4], ui8, strides [1]>) -> (!loop.buffer<[4], i32, strides [1]>, !loop.buffer<[4], i1, strides [1]>, !loop.buffer<[4], ui8, strides [1]>) {
// CHECK-NEXT:   %and = loop.pointwise ranges [4] {
// CHECK-NEXT:     %[[LD:[0-9]+]] = loop.load %n[#loop.index<"i0">] : !loop.buffer<[4], i32, strides [1]>
// CHECK-NEXT:     %[[LD1:[0-9]+]] = loop.load %b[#loop.index<"i0">] : !loop.buffer<[4], i1, strides [1]>
// CHECK-NEXT:     %[[CAST:[0-9]+]] = loop.cast %[[LD1]] : i1 to i32
// CHECK-NEXT:     %[[ANDI:[0-9]+]] = arith.andi %[[LD]], %[[CAST]] : i32
// CHECK-NEXT:     loop.yield %[[ANDI]] : i32
// CHECK-NEXT:   } : !loop.buffer<[4], i32, strides [1]>
// CHECK-NEXT:   %not = loop.pointwise ranges [4] {
// CHECK-NEXT:     %[[LD2:[0-9]+]] = loop.load %b[#loop.index<"i0">] : !loop.buffer<[4], i1, strides [1]>
// CHECK-NEXT:     %[[C:[0-9]+]] = arith.constant true
// CHECK-NEXT:     %[[XORI:[0-9]+]] = arith.xori %[[LD2]], %[[C]] : i1
// CHECK-NEXT:     loop.yield %[[XORI]] : i1
// CHECK-NEXT:   } : !loop.buffer<[4], i1, strides [1]>
// CHECK-NEXT:   %add = loop.pointwise ranges [4] {
// CHECK-NEXT:     %[[LD3:[0-9]+]] = loop.load %u[#loop.index<"i0">] : !loop.buffer<[4], ui8, strides [1]>
// CHECK-NEXT:     %[[CAST1:[0-9]+]] = loop.cast %[[LD3]] : ui8 to i32
// CHECK-NEXT:     %[[LD4:[0-9]+]] = loop.load %u[#loop.index<"i0">] : !loop.buffer<[4], ui8, strides [1]>
// CHECK-NEXT:     %[[CAST2:[0-9]+]] = loop.cast %[[LD4]] : ui8 to i32
// CHECK-NEXT:     %[[ADDI:[0-9]+]] = arith.addi %[[CAST1]], %[[CAST2]] : i32
// CHECK-NEXT:     %[[CAST3:[0-9]+]] = loop.cast %[[ADDI]] : i32 to ui8
// CHECK-NEXT:     loop.yield %[[CAST3]] : ui8
// CHECK-NEXT:   } : !loop.buffer<[4], ui8, strides [1]>
// CHECK-NEXT:   func.return %and, %not, %add : !loop.buffer<[4], i32, strides [1]>, !loop.buffer<[4], i1, strides [1]>, !loop.buffer<[4], ui8, strides [1]>
// CHECK-NEXT: }

// -----

// where is arith.select; clamp is maximumf then minimumf (NaN-propagating), bounds read in the result dtype.
func.func @where_clamp(%c: !aten.tensor<[3, 1], i1, strides [1, 1]>, %x: !aten.tensor<[3, 4], f32, strides [4, 1]>) -> (!aten.tensor<[3, 4], f32>, !aten.tensor<[3, 4], f32>) {
  %zero = arith.constant 0 : i64
  %one = arith.constant 1.0 : f64
  %where = aten.where %c, %x, %zero : (!aten.tensor<[3, 1], i1, strides [1, 1]>, !aten.tensor<[3, 4], f32, strides [4, 1]>, i64) -> !aten.tensor<[3, 4], f32>
  %clamp = aten.clamp %x, min %zero, max %one : (!aten.tensor<[3, 4], f32, strides [4, 1]>, i64, f64) -> !aten.tensor<[3, 4], f32>
  func.return %where, %clamp : !aten.tensor<[3, 4], f32>, !aten.tensor<[3, 4], f32>
}

// CHECK-LABEL: func.func @where_clamp(%c: !loop.buffer<[3, 1], i1, strides [1, 1]>, %x: !loop.buffer<[3, 4], f32, strides [4, 1]>) -> (!loop.buffer<[3, 4], f32, strides [4, 1]>, !loop.buffer<[3, 4], f32, strides [4, 1]>) {
// CHECK-NEXT:   %zero = arith.constant 0 : i64
// CHECK-NEXT:   %one = arith.constant 1.000000e+00 : f64
// CHECK-NEXT:   %where = loop.pointwise ranges [3, 4] {
// CHECK-NEXT:     %[[LD:[0-9]+]] = loop.load %c[#loop.index<"i0">] : !loop.buffer<[3, 1], i1, strides [1, 1]>
// CHECK-NEXT:     %[[LD1:[0-9]+]] = loop.load %x[#loop.index<"4*i0 + i1">] : !loop.buffer<[3, 4], f32, strides [4, 1]>
// CHECK-NEXT:     %[[C:[0-9]+]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:     %[[SELECT:[0-9]+]] = arith.select %[[LD]], %[[LD1]], %[[C]] : f32
// CHECK-NEXT:     loop.yield %[[SELECT]] : f32
// CHECK-NEXT:   } : !loop.buffer<[3, 4], f32, strides [4, 1]>
// CHECK-NEXT:   %clamp = loop.pointwise ranges [3, 4] {
// CHECK-NEXT:     %[[LD2:[0-9]+]] = loop.load %x[#loop.index<"4*i0 + i1">] : !loop.buffer<[3, 4], f32, strides [4, 1]>
// CHECK-NEXT:     %[[C1:[0-9]+]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:     %[[MAXIMUMF:[0-9]+]] = arith.maximumf %[[LD2]], %[[C1]] : f32
// CHECK-NEXT:     %[[C2:[0-9]+]] = arith.constant 1.000000e+00 : f32
// CHECK-NEXT:     %[[MINIMUMF:[0-9]+]] = arith.minimumf %[[MAXIMUMF]], %[[C2]] : f32
// CHECK-NEXT:     loop.yield %[[MINIMUMF]] : f32
// CHECK-NEXT:   } : !loop.buffer<[3, 4], f32, strides [4, 1]>
// CHECK-NEXT:   func.return %where, %clamp : !loop.buffer<[3, 4], f32, strides [4, 1]>, !loop.buffer<[3, 4], f32, strides [4, 1]>
// CHECK-NEXT: }

// -----

func.func @convert(%x: !aten.tensor<[4], f32, strides [1]>) -> !aten.tensor<[4], bf16> {
  %bf = aten.convert %x : !aten.tensor<[4], f32, strides [1]> -> !aten.tensor<[4], bf16>
  func.return %bf : !aten.tensor<[4], bf16>
}

// CHECK-LABEL: func.func @convert(%x: !loop.buffer<[4], f32, strides [1]>) -> !loop.buffer<[4], bf16, strides [1]> {
// CHECK-NEXT:   %bf = loop.pointwise ranges [4] {
// CHECK-NEXT:     %[[LD:[0-9]+]] = loop.load %x[#loop.index<"i0">] : !loop.buffer<[4], f32, strides [1]>
// CHECK-NEXT:     %[[CAST:[0-9]+]] = loop.cast %[[LD]] : f32 to bf16
// CHECK-NEXT:     loop.yield %[[CAST]] : bf16
// CHECK-NEXT:   } : !loop.buffer<[4], bf16, strides [1]>
// CHECK-NEXT:   func.return %bf : !loop.buffer<[4], bf16, strides [1]>
// CHECK-NEXT: }

// -----

// Views reinterpret the storage of the root buffer (views of views fold). A squeeze undoing an unsqueeze
// is the buffer itself.
func.func @views(%x: !aten.tensor<[4, 6], f32, strides [6, 1]>) -> (!aten.tensor<[6, 4], f32>, !aten.tensor<[4, 1, 6], f32>, !aten.tensor<[4, 6], f32>, !aten.tensor<[2, 6], f32>, !aten.tensor<[6], f32>, !aten.tensor<[3, 4, 6], f32>) {
  %perm = aten.permute %x dims = [1, 0] : (!aten.tensor<[4, 6], f32, strides [6, 1]>) -> !aten.tensor<[6, 4], f32>
  %unsq = aten.unsqueeze %x dim = 1 : (!aten.tensor<[4, 6], f32, strides [6, 1]>) -> !aten.tensor<[4, 1, 6], f32>
  %sq = aten.squeeze %unsq dims = [1] : (!aten.tensor<[4, 1, 6], f32>) -> !aten.tensor<[4, 6], f32>
  %slice = aten.slice %x dim = 0 start = 1 end = 9223372036854775807 step = 2 : (!aten.tensor<[4, 6], f32, strides [6, 1]>) -> !aten.tensor<[2, 6], f32>
  %select = aten.select %slice dim = 0 index = -1 : (!aten.tensor<[2, 6], f32>) -> !aten.tensor<[6], f32>
  %expand = aten.expand %x : (!aten.tensor<[4, 6], f32, strides [6, 1]>) -> !aten.tensor<[3, 4, 6], f32>
  func.return %perm, %unsq, %sq, %slice, %select, %expand : !aten.tensor<[6, 4], f32>, !aten.tensor<[4, 1, 6], f32>, !aten.tensor<[4, 6], f32>, !aten.tensor<[2, 6], f32>, !aten.tensor<[6], f32>, !aten.tensor<[3, 4, 6], f32>
}

// CHECK-LABEL: func.func @views(%x: !loop.buffer<[4, 6], f32, strides [6, 1]>) -> (!loop.buffer<[6, 4], f32, strides [1, 6]>, !loop.buffer<[4, 1, 6], f32, strides [6, 6, 1]>, !loop.buffer<[4, 6], f32, strides [6, 1]>, !loop.buffer<[2, 6], f32, strides [12, 1], offset 6>, !loop.buffer<[6], f32, strides [1], offset 18>, !loop.buffer<[3, 4, 6], f32, strides [0, 6, 1]>) {
// CHECK-NEXT:   %perm = loop.reinterpret %x : !loop.buffer<[4, 6], f32, strides [6, 1]> to !loop.buffer<[6, 4], f32, strides [1, 6]>
// CHECK-NEXT:   %unsq = loop.reinterpret %x : !loop.buffer<[4, 6], f32, strides [6, 1]> to !loop.buffer<[4, 1, 6], f32, strides [6, 6, 1]>
// CHECK-NEXT:   %slice = loop.reinterpret %x : !loop.buffer<[4, 6], f32, strides [6, 1]> to !loop.buffer<[2, 6], f32, strides [12, 1], offset 6>
// CHECK-NEXT:   %select = loop.reinterpret %x : !loop.buffer<[4, 6], f32, strides [6, 1]> to !loop.buffer<[6], f32, strides [1], offset 18>
// CHECK-NEXT:   %expand = loop.reinterpret %x : !loop.buffer<[4, 6], f32, strides [6, 1]> to !loop.buffer<[3, 4, 6], f32, strides [0, 6, 1]>
// CHECK-NEXT:   func.return %perm, %unsq, %x, %slice, %select, %expand : !loop.buffer<[6, 4], f32, strides [1, 6]>, !loop.buffer<[4, 1, 6], f32, strides [6, 6, 1]>, !loop.buffer<[4, 6], f32, strides [6, 1]>, !loop.buffer<[2, 6], f32, strides [12, 1], offset 6>, !loop.buffer<[6], f32, strides [1], offset 18>, !loop.buffer<[3, 4, 6], f32, strides [0, 6, 1]>
// CHECK-NEXT: }

// -----

// aten.view of a viewable layout reinterprets; of a transposed one it copies, reading the source in
// row-major order; clone copies into a contiguous buffer; as_strided is explicit; alias is the same buffer.
func.func @reshape(%x: !aten.tensor<[4, 6], f32, strides [6, 1]>) -> (!aten.tensor<[2, 2, 6], f32>, !aten.tensor<[24], f32>, !aten.tensor<[6, 4], f32>, !aten.tensor<[2, 3], f32>, !aten.tensor<[4, 6], f32>) {
  %split = aten.view %x : (!aten.tensor<[4, 6], f32, strides [6, 1]>) -> !aten.tensor<[2, 2, 6], f32>
  %t = aten.transpose %x dims = 0, 1 : (!aten.tensor<[4, 6], f32, strides [6, 1]>) -> !aten.tensor<[6, 4], f32>
  %flat = aten.view %t : (!aten.tensor<[6, 4], f32>) -> !aten.tensor<[24], f32>
  %clone = aten.clone %t : (!aten.tensor<[6, 4], f32>) -> !aten.tensor<[6, 4], f32>
  %strided = aten.as_strided %x strides = [1, 2] offset = 5 : (!aten.tensor<[4, 6], f32, strides [6, 1]>) -> !aten.tensor<[2, 3], f32>
  %alias = aten.alias %x : (!aten.tensor<[4, 6], f32, strides [6, 1]>) -> !aten.tensor<[4, 6], f32>
  func.return %split, %flat, %clone, %strided, %alias : !aten.tensor<[2, 2, 6], f32>, !aten.tensor<[24], f32>, !aten.tensor<[6, 4], f32>, !aten.tensor<[2, 3], f32>, !aten.tensor<[4, 6], f32>
}

// CHECK-LABEL: func.func @reshape(%x: !loop.buffer<[4, 6], f32, strides [6, 1]>) -> (!loop.buffer<[2, 2, 6], f32, strides [12, 6, 1]>, !loop.buffer<[24], f32, strides [1]>, !loop.buffer<[6, 4], f32, strides [4, 1]>, !loop.buffer<[2, 3], f32, strides [1, 2], offset 5>, !loop.buffer<[4, 6], f32, strides [6, 1]>) {
// CHECK-NEXT:   %split = loop.reinterpret %x : !loop.buffer<[4, 6], f32, strides [6, 1]> to !loop.buffer<[2, 2, 6], f32, strides [12, 6, 1]>
// CHECK-NEXT:   %t = loop.reinterpret %x : !loop.buffer<[4, 6], f32, strides [6, 1]> to !loop.buffer<[6, 4], f32, strides [1, 6]>
// CHECK-NEXT:   %flat = loop.pointwise ranges [24] {
// CHECK-NEXT:     %[[LD:[0-9]+]] = loop.load %t[#loop.index<"FloorDiv(i0, 4) + 6*ModularIndexing(i0, 1, 4)">] : !loop.buffer<[6, 4], f32, strides [1, 6]>
// CHECK-NEXT:     loop.yield %[[LD]] : f32
// CHECK-NEXT:   } : !loop.buffer<[24], f32, strides [1]>
// CHECK-NEXT:   %clone = loop.pointwise ranges [6, 4] {
// CHECK-NEXT:     %[[LD1:[0-9]+]] = loop.load %t[#loop.index<"i0 + 6*i1">] : !loop.buffer<[6, 4], f32, strides [1, 6]>
// CHECK-NEXT:     loop.yield %[[LD1]] : f32
// CHECK-NEXT:   } : !loop.buffer<[6, 4], f32, strides [4, 1]>
// CHECK-NEXT:   %strided = loop.reinterpret %x : !loop.buffer<[4, 6], f32, strides [6, 1]> to !loop.buffer<[2, 3], f32, strides [1, 2], offset 5>
// CHECK-NEXT:   func.return %split, %flat, %clone, %strided, %x : !loop.buffer<[2, 2, 6], f32, strides [12, 6, 1]>, !loop.buffer<[24], f32, strides [1]>, !loop.buffer<[6, 4], f32, strides [4, 1]>, !loop.buffer<[2, 3], f32, strides [1, 2], offset 5>, !loop.buffer<[4, 6], f32, strides [6, 1]>
// CHECK-NEXT: }

// -----

// Reductions: ranges = kept dims (size 1 with keepdim), reduce = reduced dims. f16 accumulates in f32 and
// a pointwise casts down; any reads i1; argmax without dims reduces all elements (flattened index).
func.func @reductions(%x: !aten.tensor<[3, 4, 5], f16, strides [20, 5, 1]>, %b: !aten.tensor<[3, 4], i1, strides [4, 1]>) -> (!aten.tensor<[3, 1, 5], f16>, !aten.tensor<[4], f16>, !aten.tensor<[3], i1>, !aten.tensor<[], i64>, !aten.tensor<[3], i64>) {
  %sum = aten.sum %x dims = [1] keepdim = true : (!aten.tensor<[3, 4, 5], f16, strides [20, 5, 1]>) -> !aten.tensor<[3, 1, 5], f16>
  %amax = aten.amax %x dims = [0, -1] : (!aten.tensor<[3, 4, 5], f16, strides [20, 5, 1]>) -> !aten.tensor<[4], f16>
  %any = aten.any %b dims = [1] : (!aten.tensor<[3, 4], i1, strides [4, 1]>) -> !aten.tensor<[3], i1>
  %argmax = aten.argmax %x : (!aten.tensor<[3, 4, 5], f16, strides [20, 5, 1]>) -> !aten.tensor<[], i64>
  %count = aten.sum %b dims = [1] : (!aten.tensor<[3, 4], i1, strides [4, 1]>) -> !aten.tensor<[3], i64>
  func.return %sum, %amax, %any, %argmax, %count : !aten.tensor<[3, 1, 5], f16>, !aten.tensor<[4], f16>, !aten.tensor<[3], i1>, !aten.tensor<[], i64>, !aten.tensor<[3], i64>
}

// CHECK-LABEL: func.func @reductions(%x: !loop.buffer<[3, 4, 5], f16, strides [20, 5, 1]>, %b: !loop.buffer<[3, 4], i1, strides [4, 1]>) -> (!loop.buffer<[3, 1, 5], f16, strides [5, 5, 1]>, !loop.buffer<[4], f16, strides [1]>, !loop.buffer<[3], i1, strides [1]>, !loop.buffer<[], i64, strides []>, !loop.buffer<[3], i64, strides [1]>) {
// CHECK-NEXT:   %sum = loop.reduction sum ranges [3, 1, 5] reduce [4] {
// CHECK-NEXT:     %[[LD:[0-9]+]] = loop.load %x[#loop.index<"20*i0 + i2 + 5*r0">] : !loop.buffer<[3, 4, 5], f16, strides [20, 5, 1]>
// CHECK-NEXT:     %[[CAST:[0-9]+]] = loop.cast %[[LD]] : f16 to f32
// CHECK-NEXT:     loop.yield %[[CAST]] : f32
// CHECK-NEXT:   } : !loop.buffer<[3, 1, 5], f32, strides [5, 5, 1]>
// CHECK-NEXT:   %sum_1 = loop.pointwise ranges [3, 1, 5] {
// CHECK-NEXT:     %[[LD1:[0-9]+]] = loop.load %sum[#loop.index<"5*i0 + i2">] : !loop.buffer<[3, 1, 5], f32, strides [5, 5, 1]>
// CHECK-NEXT:     %[[CAST1:[0-9]+]] = loop.cast %[[LD1]] : f32 to f16
// CHECK-NEXT:     loop.yield %[[CAST1]] : f16
// CHECK-NEXT:   } : !loop.buffer<[3, 1, 5], f16, strides [5, 5, 1]>
// CHECK-NEXT:   %amax = loop.reduction max ranges [4] reduce [3, 5] {
// CHECK-NEXT:     %[[LD2:[0-9]+]] = loop.load %x[#loop.index<"5*i0 + 20*r0 + r1">] : !loop.buffer<[3, 4, 5], f16, strides [20, 5, 1]>
// CHECK-NEXT:     %[[CAST2:[0-9]+]] = loop.cast %[[LD2]] : f16 to f32
// CHECK-NEXT:     loop.yield %[[CAST2]] : f32
// CHECK-NEXT:   } : !loop.buffer<[4], f32, strides [1]>
// CHECK-NEXT:   %amax_1 = loop.pointwise ranges [4] {
// CHECK-NEXT:     %[[LD3:[0-9]+]] = loop.load %amax[#loop.index<"i0">] : !loop.buffer<[4], f32, strides [1]>
// CHECK-NEXT:     %[[CAST3:[0-9]+]] = loop.cast %[[LD3]] : f32 to f16
// CHECK-NEXT:     loop.yield %[[CAST3]] : f16
// CHECK-NEXT:   } : !loop.buffer<[4], f16, strides [1]>
// CHECK-NEXT:   %any = loop.reduction any ranges [3] reduce [4] {
// CHECK-NEXT:     %[[LD4:[0-9]+]] = loop.load %b[#loop.index<"4*i0 + r0">] : !loop.buffer<[3, 4], i1, strides [4, 1]>
// CHECK-NEXT:     loop.yield %[[LD4]] : i1
// CHECK-NEXT:   } : !loop.buffer<[3], i1, strides [1]>
// CHECK-NEXT:   %argmax = loop.reduction argmax ranges [] reduce [3, 4, 5] {
// CHECK-NEXT:     %[[LD5:[0-9]+]] = loop.load %x[#loop.index<"20*r0 + 5*r1 + r2">] : !loop.buffer<[3, 4, 5], f16, strides [20, 5, 1]>
// CHECK-NEXT:     %[[CAST4:[0-9]+]] = loop.cast %[[LD5]] : f16 to f32
// CHECK-NEXT:     loop.yield %[[CAST4]] : f32
// CHECK-NEXT:   } : !loop.buffer<[], i64, strides []>
// CHECK-NEXT:   %count = loop.reduction sum ranges [3] reduce [4] {
// CHECK-NEXT:     %[[LD6:[0-9]+]] = loop.load %b[#loop.index<"4*i0 + r0">] : !loop.buffer<[3, 4], i1, strides [4, 1]>
// CHECK-NEXT:     %[[CAST5:[0-9]+]] = loop.cast %[[LD6]] : i1 to i64
// CHECK-NEXT:     loop.yield %[[CAST5]] : i64
// CHECK-NEXT:   } : !loop.buffer<[3], i64, strides [1]>
// CHECK-NEXT:   func.return %sum_1, %amax_1, %any, %argmax, %count : !loop.buffer<[3, 1, 5], f16, strides [5, 5, 1]>, !loop.buffer<[4], f16, strides [1]>, !loop.buffer<[3], i1, strides [1]>, !loop.buffer<[], i64, strides []>, !loop.buffer<[3], i64, strides [1]>
// CHECK-NEXT: }

// -----

// mean = sum then divide; var/std = welford then m2 / max(count - correction, 0) (sqrt for std).
func.func @mean_var_std(%x: !aten.tensor<[3, 4], f32, strides [4, 1]>) -> (!aten.tensor<[3], f32>, !aten.tensor<[3], f32>, !aten.tensor<[3, 1], f32>) {
  %mean = aten.mean %x dims = [1] : (!aten.tensor<[3, 4], f32, strides [4, 1]>) -> !aten.tensor<[3], f32>
  %var = aten.var %x dims = [1] : (!aten.tensor<[3, 4], f32, strides [4, 1]>) -> !aten.tensor<[3], f32>
  %std = aten.std %x dims = [1] keepdim = true correction = 0.0 : (!aten.tensor<[3, 4], f32, strides [4, 1]>) -> !aten.tensor<[3, 1], f32>
  func.return %mean, %var, %std : !aten.tensor<[3], f32>, !aten.tensor<[3], f32>, !aten.tensor<[3, 1], f32>
}

// CHECK-LABEL: func.func @mean_var_std(%x: !loop.buffer<[3, 4], f32, strides [4, 1]>) -> (!loop.buffer<[3], f32, strides [1]>, !loop.buffer<[3], f32, strides [1]>, !loop.buffer<[3, 1], f32, strides [1, 1]>) {
// CHECK-NEXT:   %mean = loop.reduction sum ranges [3] reduce [4] {
// CHECK-NEXT:     %[[LD:[0-9]+]] = loop.load %x[#loop.index<"4*i0 + r0">] : !loop.buffer<[3, 4], f32, strides [4, 1]>
// CHECK-NEXT:     loop.yield %[[LD]] : f32
// CHECK-NEXT:   } : !loop.buffer<[3], f32, strides [1]>
// CHECK-NEXT:   %mean_1 = loop.pointwise ranges [3] {
// CHECK-NEXT:     %[[LD1:[0-9]+]] = loop.load %mean[#loop.index<"i0">] : !loop.buffer<[3], f32, strides [1]>
// CHECK-NEXT:     %[[C:[0-9]+]] = arith.constant 4.000000e+00 : f32
// CHECK-NEXT:     %[[DIVF:[0-9]+]] = arith.divf %[[LD1]], %[[C]] : f32
// CHECK-NEXT:     loop.yield %[[DIVF]] : f32
// CHECK-NEXT:   } : !loop.buffer<[3], f32, strides [1]>
// CHECK-NEXT:   %var, %var_1, %var_2 = loop.reduction welford ranges [3] reduce [4] {
// CHECK-NEXT:     %[[LD2:[0-9]+]] = loop.load %x[#loop.index<"4*i0 + r0">] : !loop.buffer<[3, 4], f32, strides [4, 1]>
// CHECK-NEXT:     loop.yield %[[LD2]] : f32
// CHECK-NEXT:   } : !loop.buffer<[3], f32, strides [1]>, !loop.buffer<[3], f32, strides [1]>, !loop.buffer<[3], f32, strides [1]>
// CHECK-NEXT:   %var_3 = loop.pointwise ranges [3] {
// CHECK-NEXT:     %[[LD3:[0-9]+]] = loop.load %var_1[#loop.index<"i0">] : !loop.buffer<[3], f32, strides [1]>
// CHECK-NEXT:     %[[LD4:[0-9]+]] = loop.load %var_2[#loop.index<"i0">] : !loop.buffer<[3], f32, strides [1]>
// CHECK-NEXT:     %[[C1:[0-9]+]] = arith.constant 1.000000e+00 : f32
// CHECK-NEXT:     %[[SUBF:[0-9]+]] = arith.subf %[[LD4]], %[[C1]] : f32
// CHECK-NEXT:     %[[C2:[0-9]+]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:     %[[MAXIMUMF:[0-9]+]] = arith.maximumf %[[SUBF]], %[[C2]] : f32
// CHECK-NEXT:     %[[DIVF1:[0-9]+]] = arith.divf %[[LD3]], %[[MAXIMUMF]] : f32
// CHECK-NEXT:     loop.yield %[[DIVF1]] : f32
// CHECK-NEXT:   } : !loop.buffer<[3], f32, strides [1]>
// CHECK-NEXT:   %std, %std_1, %std_2 = loop.reduction welford ranges [3, 1] reduce [4] {
// CHECK-NEXT:     %[[LD5:[0-9]+]] = loop.load %x[#loop.index<"4*i0 + r0">] : !loop.buffer<[3, 4], f32, strides [4, 1]>
// CHECK-NEXT:     loop.yield %[[LD5]] : f32
// CHECK-NEXT:   } : !loop.buffer<[3, 1], f32, strides [1, 1]>, !loop.buffer<[3, 1], f32, strides [1, 1]>, !loop.buffer<[3, 1], f32, strides [1, 1]>
// CHECK-NEXT:   %std_3 = loop.pointwise ranges [3, 1] {
// CHECK-NEXT:     %[[LD6:[0-9]+]] = loop.load %std_1[#loop.index<"i0">] : !loop.buffer<[3, 1], f32, strides [1, 1]>
// CHECK-NEXT:     %[[LD7:[0-9]+]] = loop.load %std_2[#loop.index<"i0">] : !loop.buffer<[3, 1], f32, strides [1, 1]>
// CHECK-NEXT:     %[[C3:[0-9]+]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:     %[[SUBF1:[0-9]+]] = arith.subf %[[LD7]], %[[C3]] : f32
// CHECK-NEXT:     %[[C4:[0-9]+]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:     %[[MAXIMUMF1:[0-9]+]] = arith.maximumf %[[SUBF1]], %[[C4]] : f32
// CHECK-NEXT:     %[[DIVF2:[0-9]+]] = arith.divf %[[LD6]], %[[MAXIMUMF1]] : f32
// CHECK-NEXT:     %[[SQRT:[0-9]+]] = math.sqrt %[[DIVF2]] : f32
// CHECK-NEXT:     loop.yield %[[SQRT]] : f32
// CHECK-NEXT:   } : !loop.buffer<[3, 1], f32, strides [1, 1]>
// CHECK-NEXT:   func.return %mean_1, %var_3, %std_3 : !loop.buffer<[3], f32, strides [1]>, !loop.buffer<[3], f32, strides [1]>, !loop.buffer<[3, 1], f32, strides [1, 1]>
// CHECK-NEXT: }

// -----

// max.dim = a max reduction plus an argmax reduction over the same dim.
func.func @max_dim(%x: !aten.tensor<[3, 4], f32, strides [4, 1]>) -> (!aten.tensor<[3], f32>, !aten.tensor<[3], i64>) {
  %values, %indices = aten.max_dim %x dim = 1 : (!aten.tensor<[3, 4], f32, strides [4, 1]>) -> (!aten.tensor<[3], f32>, !aten.tensor<[3], i64>)
  func.return %values, %indices : !aten.tensor<[3], f32>, !aten.tensor<[3], i64>
}

// CHECK-LABEL: func.func @max_dim(%x: !loop.buffer<[3, 4], f32, strides [4, 1]>) -> (!loop.buffer<[3], f32, strides [1]>, !loop.buffer<[3], i64, strides [1]>) {
// CHECK-NEXT:   %values = loop.reduction max ranges [3] reduce [4] {
// CHECK-NEXT:     %[[LD:[0-9]+]] = loop.load %x[#loop.index<"4*i0 + r0">] : !loop.buffer<[3, 4], f32, strides [4, 1]>
// CHECK-NEXT:     loop.yield %[[LD]] : f32
// CHECK-NEXT:   } : !loop.buffer<[3], f32, strides [1]>
// CHECK-NEXT:   %indices = loop.reduction argmax ranges [3] reduce [4] {
// CHECK-NEXT:     %[[LD1:[0-9]+]] = loop.load %x[#loop.index<"4*i0 + r0">] : !loop.buffer<[3, 4], f32, strides [4, 1]>
// CHECK-NEXT:     loop.yield %[[LD1]] : f32
// CHECK-NEXT:   } : !loop.buffer<[3], i64, strides [1]>
// CHECK-NEXT:   func.return %values, %indices : !loop.buffer<[3], f32, strides [1]>, !loop.buffer<[3], i64, strides [1]>
// CHECK-NEXT: }

// -----

// Creation: full yields its value (rounded to the dtype), or a scalar operand converted to it; arange is
// start + i0 * step (in f64 when anything is floating point); empty yields zeros.
func.func @creation(%n: i64) -> (!aten.tensor<[2, 3], f16>, !aten.tensor<[s0], f32>, !aten.tensor<[5], i64>, !aten.tensor<[4], f32>, !aten.tensor<[2], i32>) {
  %full = aten.full 0.1 : () -> !aten.tensor<[2, 3], f16>
  %dynamic = aten.full %n : (i64) -> !aten.tensor<[s0], f32>
  %ints = aten.arange start = 1 step = 2 : !aten.tensor<[5], i64>
  %floats = aten.arange start = 0.0 step = 0.5 : !aten.tensor<[4], f32>
  %empty = aten.empty : !aten.tensor<[2], i32>
  func.return %full, %dynamic, %ints, %floats, %empty : !aten.tensor<[2, 3], f16>, !aten.tensor<[s0], f32>, !aten.tensor<[5], i64>, !aten.tensor<[4], f32>, !aten.tensor<[2], i32>
}

// CHECK-LABEL: func.func @creation(%n: i64) -> (!loop.buffer<[2, 3], f16, strides [3, 1]>, !loop.buffer<[s0], f32, strides [1]>, !loop.buffer<[5], i64, strides [1]>, !loop.buffer<[4], f32, strides [1]>, !loop.buffer<[2], i32, strides [1]>) {
// CHECK-NEXT:   %full = loop.pointwise ranges [2, 3] {
// CHECK-NEXT:     %[[C:[0-9]+]] = arith.constant 0.0999755859 : f32
// CHECK-NEXT:     %[[CAST:[0-9]+]] = loop.cast %[[C]] : f32 to f16
// CHECK-NEXT:     loop.yield %[[CAST]] : f16
// CHECK-NEXT:   } : !loop.buffer<[2, 3], f16, strides [3, 1]>
// CHECK-NEXT:   %dynamic = loop.pointwise ranges [s0] {
// CHECK-NEXT:     %[[CAST1:[0-9]+]] = loop.cast %n : i64 to f32
// CHECK-NEXT:     loop.yield %[[CAST1]] : f32
// CHECK-NEXT:   } : !loop.buffer<[s0], f32, strides [1]>
// CHECK-NEXT:   %ints = loop.pointwise ranges [5] {
// CHECK-NEXT:     %[[IDX:[0-9]+]] = loop.index #loop.index<"i0"> : i64
// CHECK-NEXT:     %[[C1:[0-9]+]] = arith.constant 2 : i64
// CHECK-NEXT:     %[[MULI:[0-9]+]] = arith.muli %[[IDX]], %[[C1]] : i64
// CHECK-NEXT:     %[[C2:[0-9]+]] = arith.constant 1 : i64
// CHECK-NEXT:     %[[ADDI:[0-9]+]] = arith.addi %[[C2]], %[[MULI]] : i64
// CHECK-NEXT:     loop.yield %[[ADDI]] : i64
// CHECK-NEXT:   } : !loop.buffer<[5], i64, strides [1]>
// CHECK-NEXT:   %floats = loop.pointwise ranges [4] {
// CHECK-NEXT:     %[[IDX1:[0-9]+]] = loop.index #loop.index<"i0"> : i64
// CHECK-NEXT:     %[[CAST2:[0-9]+]] = loop.cast %[[IDX1]] : i64 to f64
// CHECK-NEXT:     %[[C3:[0-9]+]] = arith.constant 5.000000e-01 : f64
// CHECK-NEXT:     %[[MULF:[0-9]+]] = arith.mulf %[[CAST2]], %[[C3]] : f64
// CHECK-NEXT:     %[[C4:[0-9]+]] = arith.constant 0.000000e+00 : f64
// CHECK-NEXT:     %[[ADDF:[0-9]+]] = arith.addf %[[C4]], %[[MULF]] : f64
// CHECK-NEXT:     %[[CAST3:[0-9]+]] = loop.cast %[[ADDF]] : f64 to f32
// CHECK-NEXT:     loop.yield %[[CAST3]] : f32
// CHECK-NEXT:   } : !loop.buffer<[4], f32, strides [1]>
// CHECK-NEXT:   %empty = loop.pointwise ranges [2] {
// CHECK-NEXT:     %[[C5:[0-9]+]] = arith.constant 0 : i32
// CHECK-NEXT:     loop.yield %[[C5]] : i32
// CHECK-NEXT:   } : !loop.buffer<[2], i32, strides [1]>
// CHECK-NEXT:   func.return %full, %dynamic, %ints, %floats, %empty : !loop.buffer<[2, 3], f16, strides [3, 1]>, !loop.buffer<[s0], f32, strides [1]>, !loop.buffer<[5], i64, strides [1]>, !loop.buffer<[4], f32, strides [1]>, !loop.buffer<[2], i32, strides [1]>
// CHECK-NEXT: }

// -----

// Fallbacks become kernel.extern; results have the strides ATen gives for the operands' layouts (mm: row-major,
// where the traced graph said column-major); with a symbolic operand they keep the aten type's strides.
func.func @fallback(%x: !aten.tensor<[3, 4], f32, strides [4, 1]>, %y: !aten.tensor<[4, 5], f32, strides [5, 1]>) -> !aten.tensor<[3, 5], f32> {
  %mm = aten.fallback "aten::mm.default"(%x, %y) {args = [#aten.operand<0>, #aten.operand<1>]} : (!aten.tensor<[3, 4], f32, strides [4, 1]>, !aten.tensor<[4, 5], f32, strides [5, 1]>) -> !aten.tensor<[3, 5], f32, strides [1, 3]>
  %airy = aten.fallback "aten::special_airy_ai.default"(%mm) {args = [#aten.operand<0>]} : (!aten.tensor<[3, 5], f32, strides [1, 3]>) -> !aten.tensor<[3, 5], f32>
  %exp = aten.exp %airy : (!aten.tensor<[3, 5], f32>) -> !aten.tensor<[3, 5], f32>
  func.return %exp : !aten.tensor<[3, 5], f32>
}

// CHECK-LABEL: func.func @fallback(%x: !loop.buffer<[3, 4], f32, strides [4, 1]>, %y: !loop.buffer<[4, 5], f32, strides [5, 1]>) -> !loop.buffer<[3, 5], f32, strides [5, 1]> {
// CHECK-NEXT:   %mm = kernel.extern "aten::mm.default"(%x, %y) {args = [#kernel.operand<0>, #kernel.operand<1>]} : (!loop.buffer<[3, 4], f32, strides [4, 1]>, !loop.buffer<[4, 5], f32, strides [5, 1]>) -> (!loop.buffer<[3, 5], f32, strides [5, 1]>)
// CHECK-NEXT:   %airy = kernel.extern "aten::special_airy_ai.default"(%mm) {args = [#kernel.operand<0>]} : (!loop.buffer<[3, 5], f32, strides [5, 1]>) -> (!loop.buffer<[3, 5], f32, strides [5, 1]>)
// CHECK-NEXT:   %exp = loop.pointwise ranges [3, 5] {
// CHECK-NEXT:     %[[LD:[0-9]+]] = loop.load %airy[#loop.index<"5*i0 + i1">] : !loop.buffer<[3, 5], f32, strides [5, 1]>
// CHECK-NEXT:     %[[EXP:[0-9]+]] = math.exp %[[LD]] : f32
// CHECK-NEXT:     loop.yield %[[EXP]] : f32
// CHECK-NEXT:   } : !loop.buffer<[3, 5], f32, strides [5, 1]>
// CHECK-NEXT:   func.return %exp : !loop.buffer<[3, 5], f32, strides [5, 1]>
// CHECK-NEXT: }

// -----

func.func @fallback_symbolic(%x: !aten.tensor<[s0, 5], f32, strides [5, 1]>) -> !aten.tensor<[s0, 5], f32, strides [1, s0]> {
  %c = aten.fallback "aten::special_airy_ai.default"(%x) {args = [#aten.operand<0>]} : (!aten.tensor<[s0, 5], f32, strides [5, 1]>) -> !aten.tensor<[s0, 5], f32, strides [1, s0]>
  func.return %c : !aten.tensor<[s0, 5], f32, strides [1, s0]>
}

// CHECK-LABEL: func.func @fallback_symbolic(
// CHECK-NEXT:   %c = kernel.extern "aten::special_airy_ai.default"(%x) {{.*}} -> (!loop.buffer<[s0, 5], f32, strides [1, s0]>)

// -----

// Symbolic sizes: index math over s0; a symbolic reduce count is a loop.index value.
func.func @symbolic(%x: !aten.tensor<[s0, 8], f32, strides [8, 1]>, %y: !aten.tensor<[8], f32, strides [1]>) -> (!aten.tensor<["8*s0"], f32>, !aten.tensor<[8], f32>) {
  %mul = aten.mul %x, %y : (!aten.tensor<[s0, 8], f32, strides [8, 1]>, !aten.tensor<[8], f32, strides [1]>) -> !aten.tensor<[s0, 8], f32>
  %flat = aten.view %mul : (!aten.tensor<[s0, 8], f32>) -> !aten.tensor<["8*s0"], f32>
  %t = aten.transpose %mul dims = 0, 1 : (!aten.tensor<[s0, 8], f32>) -> !aten.tensor<[8, s0], f32>
  %mean = aten.mean %t dims = [1] : (!aten.tensor<[8, s0], f32>) -> !aten.tensor<[8], f32>
  func.return %flat, %mean : !aten.tensor<["8*s0"], f32>, !aten.tensor<[8], f32>
}

// CHECK-LABEL: func.func @symbolic(%x: !loop.buffer<[s0, 8], f32, strides [8, 1]>, %y: !loop.buffer<[8], f32, strides [1]>) -> (!loop.buffer<["8*s0"], f32, strides [1]>, !loop.buffer<[8], f32, strides [1]>) {
// CHECK-NEXT:   %mul = loop.pointwise ranges [s0, 8] {
// CHECK-NEXT:     %[[LD:[0-9]+]] = loop.load %x[#loop.index<"8*i0 + i1">] : !loop.buffer<[s0, 8], f32, strides [8, 1]>
// CHECK-NEXT:     %[[LD1:[0-9]+]] = loop.load %y[#loop.index<"i1">] : !loop.buffer<[8], f32, strides [1]>
// CHECK-NEXT:     %[[MULF:[0-9]+]] = arith.mulf %[[LD]], %[[LD1]] : f32
// CHECK-NEXT:     loop.yield %[[MULF]] : f32
// CHECK-NEXT:   } : !loop.buffer<[s0, 8], f32, strides [8, 1]>
// CHECK-NEXT:   %flat = loop.reinterpret %mul : !loop.buffer<[s0, 8], f32, strides [8, 1]> to !loop.buffer<["8*s0"], f32, strides [1]>
// CHECK-NEXT:   %t = loop.reinterpret %mul : !loop.buffer<[s0, 8], f32, strides [8, 1]> to !loop.buffer<[8, s0], f32, strides [1, 8]>
// CHECK-NEXT:   %mean = loop.reduction sum ranges [8] reduce [s0] {
// CHECK-NEXT:     %[[LD2:[0-9]+]] = loop.load %t[#loop.index<"i0 + 8*r0">] : !loop.buffer<[8, s0], f32, strides [1, 8]>
// CHECK-NEXT:     loop.yield %[[LD2]] : f32
// CHECK-NEXT:   } : !loop.buffer<[8], f32, strides [1]>
// CHECK-NEXT:   %mean_1 = loop.pointwise ranges [8] {
// CHECK-NEXT:     %[[LD3:[0-9]+]] = loop.load %mean[#loop.index<"i0">] : !loop.buffer<[8], f32, strides [1]>
// CHECK-NEXT:     %[[IDX:[0-9]+]] = loop.index #loop.index<"s0"> : i64
// CHECK-NEXT:     %[[CAST:[0-9]+]] = loop.cast %[[IDX]] : i64 to f32
// CHECK-NEXT:     %[[DIVF:[0-9]+]] = arith.divf %[[LD3]], %[[CAST]] : f32
// CHECK-NEXT:     loop.yield %[[DIVF]] : f32
// CHECK-NEXT:   } : !loop.buffer<[8], f32, strides [1]>
// CHECK-NEXT:   func.return %flat, %mean_1 : !loop.buffer<["8*s0"], f32, strides [1]>, !loop.buffer<[8], f32, strides [1]>
// CHECK-NEXT: }

// -----

// No aten ops: only the scalar code, which stays as it is.
func.func @no_aten(%s: i64) -> i64 {
  %one = arith.constant 1 : i64
  %r = arith.addi %s, %one : i64
  func.return %r : i64
}

// CHECK-LABEL: func.func @no_aten(%s: i64) -> i64 {
// CHECK-NEXT:   %one = arith.constant 1 : i64
// CHECK-NEXT:   %r = arith.addi %s, %one : i64
// CHECK-NEXT:   func.return %r : i64
// CHECK-NEXT: }

// -----

// gather (any dim, static or symbolic sizes, i64 or i32 indices): a pointwise over the index's shape with a
// checked gather load (an index outside [0, size) stops the program: eager's gather does not wrap negatives).
func.func @gather(%x: !aten.tensor<[4, 10], f32, strides [10, 1]>, %t: !aten.tensor<[4, 1], i64, strides [1, 1]>, %y: !aten.tensor<[s0, 7], f16, strides [7, 1]>, %u: !aten.tensor<[3, 7], i32, strides [7, 1]>) -> (!aten.tensor<[4, 1], f32, strides [1, 1]>, !aten.tensor<[3, 7], f16, strides [7, 1]>) {
  %g = aten.fallback "aten::gather.default"(%x, %t) {args = [#aten.operand<0>, 1 : i64, #aten.operand<1>]} : (!aten.tensor<[4, 10], f32, strides [10, 1]>, !aten.tensor<[4, 1], i64, strides [1, 1]>) -> !aten.tensor<[4, 1], f32, strides [1, 1]>
  %h = aten.fallback "aten::gather.default"(%y, %u) {args = [#aten.operand<0>, 0 : i64, #aten.operand<1>]} : (!aten.tensor<[s0, 7], f16, strides [7, 1]>, !aten.tensor<[3, 7], i32, strides [7, 1]>) -> !aten.tensor<[3, 7], f16, strides [7, 1]>
  func.return %g, %h : !aten.tensor<[4, 1], f32, strides [1, 1]>, !aten.tensor<[3, 7], f16, strides [7, 1]>
}

// CHECK-LABEL: func.func @gather
// CHECK-NEXT:    %g = loop.pointwise ranges [4, 1] {
// CHECK-NEXT:      %[[K:.*]] = loop.load %t[#loop.index<"i0 + i1">] : !loop.buffer<[4, 1], i64, strides [1, 1]>
// CHECK-NEXT:      %[[V:.*]] = loop.load %x[#loop.index<"10*i0 + t0">] gather(%[[K]] : i64) bounds [10] checked : !loop.buffer<[4, 10], f32, strides [10, 1]>
// CHECK-NEXT:      loop.yield %[[V]] : f32
// CHECK-NEXT:    } : !loop.buffer<[4, 1], f32, strides [1, 1]>
// CHECK-NEXT:    %h = loop.pointwise ranges [3, 7] {
// CHECK-NEXT:      %[[U:.*]] = loop.load %u[#loop.index<"7*i0 + i1">] : !loop.buffer<[3, 7], i32, strides [7, 1]>
// CHECK-NEXT:      %[[K:.*]] = loop.cast %[[U]] : i32 to i64
// CHECK-NEXT:      %{{.*}} = loop.load %y[#loop.index<"i1 + 7*t0">] gather(%[[K]] : i64) bounds [s0] checked : !loop.buffer<[s0, 7], f16, strides [7, 1]>

// -----

// embedding is a gather of rows; x[:, idx] (aten::index.Tensor with one index tensor) a gather along dim 1.
func.func @embedding_and_index(%w: !aten.tensor<[100, 33], f32, strides [33, 1]>, %i: !aten.tensor<[5], i64, strides [1]>, %x: !aten.tensor<[3, 9, 4], f32, strides [36, 4, 1]>) -> (!aten.tensor<[5, 33], f32, strides [33, 1]>, !aten.tensor<[3, 5, 4], f32, strides [20, 4, 1]>) {
  %e = aten.fallback "aten::embedding.default"(%w, %i) {args = [#aten.operand<0>, #aten.operand<1>]} : (!aten.tensor<[100, 33], f32, strides [33, 1]>, !aten.tensor<[5], i64, strides [1]>) -> !aten.tensor<[5, 33], f32, strides [33, 1]>
  %y = aten.fallback "aten::index.Tensor"(%x, %i) {args = [#aten.operand<0>, [unit, #aten.operand<1>]]} : (!aten.tensor<[3, 9, 4], f32, strides [36, 4, 1]>, !aten.tensor<[5], i64, strides [1]>) -> !aten.tensor<[3, 5, 4], f32, strides [20, 4, 1]>
  func.return %e, %y : !aten.tensor<[5, 33], f32, strides [33, 1]>, !aten.tensor<[3, 5, 4], f32, strides [20, 4, 1]>
}

// CHECK-LABEL: func.func @embedding_and_index
// CHECK:         %e = loop.pointwise ranges [5, 33] {
// CHECK:           loop.load %w[#loop.index<"i1 + 33*t0">] gather(%{{.*}} : i64) bounds [100] checked
// CHECK:         %y = loop.pointwise ranges [3, 5, 4] {
// CHECK:           %{{.*}} = loop.load %i[#loop.index<"i1">]
// CHECK:           loop.load %x[#loop.index<"36*i0 + i2 + 4*t0">] gather(%{{.*}} : i64) bounds [9] checked

// -----

// scatter of one value per row (the one-hot of a cross-entropy backward) is a compare per position with the
// row's index, checked to be inside [0, 10) (loop.in_range); full_like a constant that does not read its operand. A scatter of several indices per row stores them (scatter_stores.py).
func.func @scatter(%x: !aten.tensor<[4, 10], f32, strides [10, 1]>, %t: !aten.tensor<[4, 1], i64, strides [1, 1]>, %u: !aten.tensor<[4, 2], i64, strides [2, 1]>) -> (!aten.tensor<[4, 10], f32, strides [10, 1]>, !aten.tensor<[4, 10], f32, strides [10, 1]>) {
  %z = aten.fallback "aten::full_like.default"(%x) {args = [#aten.operand<0>, 0 : i64], kwargs = {pin_memory = false}} : (!aten.tensor<[4, 10], f32, strides [10, 1]>) -> !aten.tensor<[4, 10], f32, strides [10, 1]>
  %s = aten.fallback "aten::scatter.value"(%z, %t) {args = [#aten.operand<0>, 1 : i64, #aten.operand<1>, -1.000000e+00 : f64]} : (!aten.tensor<[4, 10], f32, strides [10, 1]>, !aten.tensor<[4, 1], i64, strides [1, 1]>) -> !aten.tensor<[4, 10], f32, strides [10, 1]>
  %m = aten.fallback "aten::scatter.value"(%x, %u) {args = [#aten.operand<0>, 1 : i64, #aten.operand<1>, -1.000000e+00 : f64]} : (!aten.tensor<[4, 10], f32, strides [10, 1]>, !aten.tensor<[4, 2], i64, strides [2, 1]>) -> !aten.tensor<[4, 10], f32, strides [10, 1]>
  func.return %s, %m : !aten.tensor<[4, 10], f32, strides [10, 1]>, !aten.tensor<[4, 10], f32, strides [10, 1]>
}

// CHECK-LABEL: func.func @scatter
// CHECK-NEXT:    %z = loop.pointwise ranges [4, 10] {
// CHECK-NEXT:      %[[C:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:      loop.yield %[[C]] : f32
// CHECK-NEXT:    } : !loop.buffer<[4, 10], f32, strides [10, 1]>
// CHECK-NEXT:    %s = loop.pointwise ranges [4, 10] {
// CHECK-NEXT:      %[[K:.*]] = loop.load %t[#loop.index<"i0">] : !loop.buffer<[4, 1], i64, strides [1, 1]>
// CHECK-NEXT:      %[[N:.*]] = arith.constant 10 : i64
// CHECK-NEXT:      %[[W:.*]] = loop.in_range %[[K]], %[[N]] : i64
// CHECK-NEXT:      %[[P:.*]] = loop.index #loop.index<"i1"> : i64
// CHECK-NEXT:      %[[H:.*]] = arith.cmpi eq, %[[W]], %[[P]] : i64
// CHECK-NEXT:      %[[Z:.*]] = loop.load %z[#loop.index<"10*i0 + i1">] : !loop.buffer<[4, 10], f32, strides [10, 1]>
// CHECK-NEXT:      %[[V:.*]] = arith.constant -1.000000e+00 : f32
// CHECK-NEXT:      %[[R:.*]] = arith.select %[[H]], %[[V]], %[[Z]] : f32
// CHECK-NEXT:      loop.yield %[[R]] : f32
// CHECK-NEXT:    } : !loop.buffer<[4, 10], f32, strides [10, 1]>
// CHECK-NEXT:    %m = loop.pointwise ranges [4, 10] {
// CHECK:         loop.pointwise ranges [4, 2] {
// CHECK:           loop.store %{{.*}}, %m[#loop.index<"10*i0 + t0">] scatter(%{{.*}} : i64) bounds [10] checked :
