// Spellings the GPU compiler would read otherwise than Triton's interpreter does, run under TRITON_INTERPRET=1
// against torch. An f64 constant prints with its type: a bare literal is a float32 to Triton, and triton 3.6
// rounds it to f32 before comparing it with an f64 value or passing it to libdevice (-2.09 < -2.09 was true).
// A 32-bit |x| is not tl.abs (the GPU compiler takes its result as non-negative, so a `%`, `//` or `< 0` after
// it went unsigned at the minimum, where |x| wraps to x as in C) but a helper, PTX on the GPU.
// RUN: irc-opt %s -p 'convert-aten-to-loop,loop-inline,loop-simplify,kernel-fuse,kernel-tile,convert-kernel-to-triton,cse,dce' -t triton -o %t.py
// RUN: filecheck %s < %t.py
// RUN: %python %S/Inputs/check_module.py %t.py "((a0 < -2.09).to(torch.int32) * 2 + (a0 >= 0.1).to(torch.int32), torch.fmod(torch.abs(a1), 6), torch.abs(a1) < 0)" --prepare "a0[:3] = torch.tensor([-2.09, 0.1, -2.0899999141693115], dtype=torch.float64); a1[:2] = torch.tensor([-2**31, -7], dtype=torch.int32)" | filecheck %s --check-prefix=EXEC

func.func @forward(%x: !aten.tensor<[37], f64, strides [1]>, %n: !aten.tensor<[37], i32, strides [1]>) -> (!aten.tensor<[37], i32>, !aten.tensor<[37], i32>, !aten.tensor<[37], i1>) {
  %low = arith.constant -2.09 : f64
  %tenth = arith.constant 0.1 : f64
  %lt = aten.lt %x, %low : (!aten.tensor<[37], f64, strides [1]>, f64) -> !aten.tensor<[37], i1>
  %ge = aten.ge %x, %tenth : (!aten.tensor<[37], f64, strides [1]>, f64) -> !aten.tensor<[37], i1>
  %lt32 = aten.convert %lt : !aten.tensor<[37], i1> -> !aten.tensor<[37], i32>
  %ge32 = aten.convert %ge : !aten.tensor<[37], i1> -> !aten.tensor<[37], i32>
  %two = arith.constant 2 : i64
  %twice = aten.mul %lt32, %two : (!aten.tensor<[37], i32>, i64) -> !aten.tensor<[37], i32>
  %flags = aten.add %twice, %ge32 : (!aten.tensor<[37], i32>, !aten.tensor<[37], i32>) -> !aten.tensor<[37], i32>
  %abs = aten.abs %n : (!aten.tensor<[37], i32, strides [1]>) -> !aten.tensor<[37], i32>
  %six = arith.constant 6 : i64
  %rem = aten.fmod %abs, %six : (!aten.tensor<[37], i32>, i64) -> !aten.tensor<[37], i32>
  %zero = arith.constant 0 : i64
  %neg = aten.lt %abs, %zero : (!aten.tensor<[37], i32>, i64) -> !aten.tensor<[37], i1>
  func.return %flags, %rem, %neg : !aten.tensor<[37], i32>, !aten.tensor<[37], i32>, !aten.tensor<[37], i1>
}

// CHECK:      def _wrapping_abs(x):
// CHECK:          tl.inline_asm_elementwise(
// CHECK:      def triton_poi_fused_{{.*}}_0(
// CHECK-DAG:      < tl.full([], -2.09, tl.float64)
// CHECK-DAG:      >= tl.full([], 0.1, tl.float64)
// CHECK:      def triton_poi_fused_abs_{{.*}}_1(
// CHECK:          = _wrapping_abs(tmp0)

// EXEC-COUNT-3: ok
// EXEC:         all outputs match
