// RUN: irc-opt %s -p aten-pad-mm,convert-aten-to-loop,loop-inline,kernel-mm-template,kernel-dual-matmul,kernel-fuse,kernel-tile,convert-kernel-to-triton -t triton | filecheck %s
// RUN: irc-opt %s -p aten-pad-mm,convert-aten-to-loop,loop-inline,kernel-fuse,kernel-tile,kernel-plan-memory,convert-kernel-to-triton -t triton | filecheck %s --check-prefix=EXTERN

// irc.source through the matmul passes and on externs: kernel-mm-template's template takes the extern's lines and
// kernel-dual-matmul pairs two matmuls from different lines (the attribute is no reason to keep them apart),
// the dual template kernel naming both and its epilogue's.

// CHECK:      # Source Nodes: [mm, mm_1, relu, mul], Original ATen: [aten.mm, aten.relu, aten.mul]
// CHECK-NEXT: # File: model.py:7 in forward, code: g = x @ w
// CHECK-NEXT: # File: model.py:8 in forward, code: u = x @ v
// CHECK-NEXT: # File: model.py:9 in forward, code: return g.relu() * u
// CHECK-NEXT: @triton.jit
// CHECK-NEXT: def triton_tem_fused_dual_mm_maximum_mul_0(

// Without templates the matmuls are cuBLAS externs (out= variants after kernel-plan-memory), each under its line.
// EXTERN:      # Source Nodes: [relu, mul], Original ATen: [aten.relu, aten.mul]
// EXTERN-NEXT: # File: model.py:9 in forward, code: return g.relu() * u
// EXTERN-NEXT: @triton.jit
// EXTERN:      # Source Nodes: [mm], Original ATen: [aten.mm]
// EXTERN-NEXT: # File: model.py:7 in forward, code: g = x @ w
// EXTERN-NEXT: torch.mm(arg0_1, arg1_1, out=buf0)
// EXTERN:      # Source Nodes: [mm_1], Original ATen: [aten.mm]
// EXTERN-NEXT: # File: model.py:8 in forward, code: u = x @ v
// EXTERN-NEXT: torch.mm(arg0_1, arg2_1, out=buf1)

func.func @forward(%x: !aten.tensor<[64, 32], f32>, %w: !aten.tensor<[32, 48], f32>, %v: !aten.tensor<[32, 48], f32>) -> !aten.tensor<[64, 48], f32> attributes {irc.inference} {
  %c = aten.fallback "aten::mm.default"(%x, %w) {args = [#aten.operand<0>, #aten.operand<1>], irc.source = ["mm aten.mm model.py:7 in forward, code: g = x @ w"]} : (!aten.tensor<[64, 32], f32>, !aten.tensor<[32, 48], f32>) -> !aten.tensor<[64, 48], f32>
  %d = aten.fallback "aten::mm.default"(%x, %v) {args = [#aten.operand<0>, #aten.operand<1>], irc.source = ["mm_1 aten.mm model.py:8 in forward, code: u = x @ v"]} : (!aten.tensor<[64, 32], f32>, !aten.tensor<[32, 48], f32>) -> !aten.tensor<[64, 48], f32>
  %r = aten.relu %c {irc.source = ["relu aten.relu model.py:9 in forward, code: return g.relu() * u"]} : (!aten.tensor<[64, 48], f32>) -> !aten.tensor<[64, 48], f32>
  %m = aten.mul %r, %d {irc.source = ["mul aten.mul model.py:9 in forward, code: return g.relu() * u"]} : (!aten.tensor<[64, 48], f32>, !aten.tensor<[64, 48], f32>) -> !aten.tensor<[64, 48], f32>
  func.return %m : !aten.tensor<[64, 48], f32>
}
