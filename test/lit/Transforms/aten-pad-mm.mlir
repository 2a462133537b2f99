// RUN: irc-opt %s -p aten-pad-mm --split-input-file | filecheck %s
// RUN: irc-opt %s -p 'aten-pad-mm{min_rows=1024}' --split-input-file | filecheck %s --check-prefix=FEW

// GPT-2's LM head: 1001 bf16 columns (not a multiple of 8) become 1008 (the transposed weight is padded as it
// is laid out); the result is a slice of them.
// CHECK-LABEL: func.func @head
// CHECK:         %[[P:.*]] = aten.fallback "aten::constant_pad_nd.default"(%w) {args = [#aten.operand<0>, [0 : i64, 7 : i64], 0.000000e+00 : f64]} : ({{.*}}) -> !aten.tensor<[64, 1008], bf16, strides [1, 64]>
// CHECK:         %[[M:.*]] = aten.fallback "aten::mm.default"(%x, %[[P]]) {{.*}} -> !aten.tensor<[256, 1008], bf16, strides [1008, 1]>
// CHECK:         %[[S:.*]] = aten.slice %[[M]] dim = 1 start = 0 end = 1001 : ({{.*}}) -> !aten.tensor<[256, 1001], bf16>
// CHECK:         func.return %[[S]]
// FEW-LABEL: func.func @head
// FEW-NOT:     constant_pad_nd
func.func @head(%x: !aten.tensor<[256, 64], bf16>, %w: !aten.tensor<[64, 1001], bf16, strides [1, 64]>) -> !aten.tensor<[256, 1001], bf16> attributes {irc.inference} {
  %c = aten.fallback "aten::mm.default"(%x, %w) {args = [#aten.operand<0>, #aten.operand<1>]} : (!aten.tensor<[256, 64], bf16>, !aten.tensor<[64, 1001], bf16, strides [1, 64]>) -> !aten.tensor<[256, 1001], bf16>
  func.return %c : !aten.tensor<[256, 1001], bf16>
}

// -----

// Symbolic rows (batch x sequence under dynamic shapes) with static columns: padded as the static head is.
// CHECK-LABEL: func.func @head_symbolic_rows
// CHECK:         %[[P:.*]] = aten.fallback "aten::constant_pad_nd.default"(%w) {{.*}} -> !aten.tensor<[64, 1008], bf16, strides [1, 64]>
// CHECK:         %[[M:.*]] = aten.fallback "aten::mm.default"(%x, %[[P]]) {{.*}} -> !aten.tensor<["s0*s1", 1008], bf16, strides [1008, 1]>
// CHECK:         aten.slice %[[M]] dim = 1 start = 0 end = 1001 : ({{.*}}) -> !aten.tensor<["s0*s1", 1001], bf16>
// FEW-LABEL: func.func @head_symbolic_rows
// FEW:         constant_pad_nd
func.func @head_symbolic_rows(%x: !aten.tensor<["s0*s1", 64], bf16>, %w: !aten.tensor<[64, 1001], bf16, strides [1, 64]>) -> !aten.tensor<["s0*s1", 1001], bf16> attributes {irc.inference} {
  %c = aten.fallback "aten::mm.default"(%x, %w) {args = [#aten.operand<0>, #aten.operand<1>]} : (!aten.tensor<["s0*s1", 64], bf16>, !aten.tensor<[64, 1001], bf16, strides [1, 64]>) -> !aten.tensor<["s0*s1", 1001], bf16>
  func.return %c : !aten.tensor<["s0*s1", 1001], bf16>
}

// -----

// addmm: the bias is padded with the columns.
// CHECK-LABEL: func.func @linear
// CHECK:         %[[W:.*]] = aten.fallback "aten::constant_pad_nd.default"(%w) {{.*}} -> !aten.tensor<[64, 304], f16>
// CHECK:         %[[B:.*]] = aten.fallback "aten::constant_pad_nd.default"(%b) {{.*}} -> !aten.tensor<[304], f16>
// CHECK:         %[[M:.*]] = aten.fallback "aten::addmm.default"(%[[B]], %x, %[[W]])
// CHECK:         aten.slice %[[M]] dim = 1 start = 0 end = 300
func.func @linear(%b: !aten.tensor<[300], f16>, %x: !aten.tensor<[256, 64], f16>, %w: !aten.tensor<[64, 300], f16>) -> !aten.tensor<[256, 300], f16> attributes {irc.inference} {
  %c = aten.fallback "aten::addmm.default"(%b, %x, %w) {args = [#aten.operand<0>, #aten.operand<1>, #aten.operand<2>]} : (!aten.tensor<[300], f16>, !aten.tensor<[256, 64], f16>, !aten.tensor<[64, 300], f16>) -> !aten.tensor<[256, 300], f16>
  func.return %c : !aten.tensor<[256, 300], f16>
}

// -----

// Aligned columns (300 f32 = 1200 bytes) stay as they are.
// CHECK-LABEL: func.func @aligned
// CHECK-NOT:     constant_pad_nd
func.func @aligned(%x: !aten.tensor<[256, 64], f32>, %w: !aten.tensor<[64, 300], f32>) -> !aten.tensor<[256, 300], f32> attributes {irc.inference} {
  %c = aten.fallback "aten::mm.default"(%x, %w) {args = [#aten.operand<0>, #aten.operand<1>]} : (!aten.tensor<[256, 64], f32>, !aten.tensor<[64, 300], f32>) -> !aten.tensor<[256, 300], f32>
  func.return %c : !aten.tensor<[256, 300], f32>
}

// -----

// A training forward returns what its backward was traced against: a returned matmul result stays; one that
// only feeds other ops is padded.
// CHECK-LABEL: func.func @training
// CHECK:         %[[P:.*]] = aten.fallback "aten::constant_pad_nd.default"(%w)
// CHECK:         aten.fallback "aten::mm.default"(%x, %[[P]])
// CHECK:         aten.fallback "aten::mm.default"(%x, %w) {{.*}} -> !aten.tensor<[256, 1001], bf16, strides [1001, 1]>
func.func @training(%x: !aten.tensor<[256, 64], bf16>, %w: !aten.tensor<[64, 1001], bf16>) -> !aten.tensor<[256, 1001], bf16, strides [1001, 1]> {
  %c = aten.fallback "aten::mm.default"(%x, %w) {args = [#aten.operand<0>, #aten.operand<1>]} : (!aten.tensor<[256, 64], bf16>, !aten.tensor<[64, 1001], bf16>) -> !aten.tensor<[256, 1001], bf16, strides [1001, 1]>
  %r = aten.relu %c : (!aten.tensor<[256, 1001], bf16, strides [1001, 1]>) -> !aten.tensor<[256, 1001], bf16>
  %d = aten.fallback "aten::mm.default"(%x, %w) {args = [#aten.operand<0>, #aten.operand<1>]} : (!aten.tensor<[256, 64], bf16>, !aten.tensor<[64, 1001], bf16>) -> !aten.tensor<[256, 1001], bf16, strides [1001, 1]>
  %o = aten.add %r, %d : (!aten.tensor<[256, 1001], bf16>, !aten.tensor<[256, 1001], bf16, strides [1001, 1]>) -> !aten.tensor<[256, 1001], bf16>
  func.return %d : !aten.tensor<[256, 1001], bf16, strides [1001, 1]>
}

// -----

// With an inner dim of at least min_rows (the slow kernel's extra time grows with K), a returned result is
// computed padded too and copied back into its traced row-major layout.
// CHECK-LABEL: func.func @training_returned_copied
// CHECK:         %[[P:.*]] = aten.fallback "aten::constant_pad_nd.default"(%w)
// CHECK:         %[[M:.*]] = aten.fallback "aten::mm.default"(%x, %[[P]]) {{.*}} -> !aten.tensor<[256, 1008], bf16, strides [1008, 1]>
// CHECK:         %[[S:.*]] = aten.slice %[[M]] dim = 1 start = 0 end = 1001
// CHECK:         %[[C:.*]] = aten.clone %[[S]] : ({{.*}}) -> !aten.tensor<[256, 1001], bf16, strides [1001, 1]>
// CHECK:         func.return %[[C]] : !aten.tensor<[256, 1001], bf16, strides [1001, 1]>
// FEW-LABEL: func.func @training_returned_copied
// FEW-NOT:     constant_pad_nd
func.func @training_returned_copied(%x: !aten.tensor<[256, 128], bf16>, %w: !aten.tensor<[128, 1001], bf16>) -> !aten.tensor<[256, 1001], bf16, strides [1001, 1]> {
  %d = aten.fallback "aten::mm.default"(%x, %w) {args = [#aten.operand<0>, #aten.operand<1>]} : (!aten.tensor<[256, 128], bf16>, !aten.tensor<[128, 1001], bf16>) -> !aten.tensor<[256, 1001], bf16, strides [1001, 1]>
  func.return %d : !aten.tensor<[256, 1001], bf16, strides [1001, 1]>
}

// -----

// The LM head's gradients in a backward graph: the logits' gradient g [512, 1001] is A of both matmuls.
// g @ W has a misaligned K (g's rows): g and W get 7 zero columns / rows and the product is unchanged;
// g^T @ x reads g column-major with a misaligned M: it reads the same padded copy of g, transposed, and the
// result's first 1001 rows (a row slice, with the strides the backward was traced with) are returned.
// CHECK-LABEL: func.func @lm_head_backward
// CHECK:         %[[G:.*]] = aten.fallback "aten::constant_pad_nd.default"(%g) {args = [#aten.operand<0>, [0 : i64, 7 : i64], 0.000000e+00 : f64]} : ({{.*}}) -> !aten.tensor<[512, 1008], bf16>
// CHECK:         %[[W:.*]] = aten.fallback "aten::constant_pad_nd.default"(%w) {args = [#aten.operand<0>, [0 : i64, 0 : i64, 0 : i64, 7 : i64], 0.000000e+00 : f64]} : ({{.*}}) -> !aten.tensor<[1008, 128], bf16>
// CHECK:         %[[DX:.*]] = aten.fallback "aten::mm.default"(%[[G]], %[[W]]) {{.*}} -> !aten.tensor<[512, 128], bf16, strides [128, 1]>
// CHECK-NOT:     constant_pad_nd
// CHECK:         %[[GT:.*]] = aten.permute %[[G]] dims = [1, 0] : ({{.*}}) -> !aten.tensor<[1008, 512], bf16, strides [1, 1008]>
// CHECK:         %[[DW:.*]] = aten.fallback "aten::mm.default"(%[[GT]], %x) {{.*}} -> !aten.tensor<[1008, 128], bf16, strides [128, 1]>
// CHECK:         %[[S:.*]] = aten.slice %[[DW]] dim = 0 start = 0 end = 1001 : ({{.*}}) -> !aten.tensor<[1001, 128], bf16, strides [128, 1]>
// CHECK:         func.return %[[DX]], %[[S]]
// FEW-LABEL: func.func @lm_head_backward
// FEW-NOT:     constant_pad_nd
func.func @lm_head_backward(%g: !aten.tensor<[512, 1001], bf16>, %w: !aten.tensor<[1001, 128], bf16>, %x: !aten.tensor<[512, 128], bf16>) -> (!aten.tensor<[512, 128], bf16, strides [128, 1]>, !aten.tensor<[1001, 128], bf16, strides [128, 1]>) {
  %dx = aten.fallback "aten::mm.default"(%g, %w) {args = [#aten.operand<0>, #aten.operand<1>]} : (!aten.tensor<[512, 1001], bf16>, !aten.tensor<[1001, 128], bf16>) -> !aten.tensor<[512, 128], bf16, strides [128, 1]>
  %gt = aten.permute %g dims = [1, 0] : (!aten.tensor<[512, 1001], bf16>) -> !aten.tensor<[1001, 512], bf16, strides [1, 1001]>
  %dw = aten.fallback "aten::mm.default"(%gt, %x) {args = [#aten.operand<0>, #aten.operand<1>]} : (!aten.tensor<[1001, 512], bf16, strides [1, 1001]>, !aten.tensor<[512, 128], bf16>) -> !aten.tensor<[1001, 128], bf16, strides [128, 1]>
  func.return %dx, %dw : !aten.tensor<[512, 128], bf16, strides [128, 1]>, !aten.tensor<[1001, 128], bf16, strides [128, 1]>
}
