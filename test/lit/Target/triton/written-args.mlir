// Arguments the call overwrites (irc.written_args): aot_autograd keeps an input mutation in the graph (a batch
// norm's running mean: 0.9 * itself + 0.1 * the batch's mean, and its step counter), the importer returns the
// new values last. The memory plan keeps the written arguments to the end (no `del`); the kernels computing the
// running mean and the step count write them in place (they read each element only where they write it); the
// wrapper copies the values computed elsewhere (%dst's, another argument) in one `torch._foreach_copy_` after
// the last launch and returns the results before them.
// RUN: irc-opt %s -p 'convert-aten-to-loop,loop-inline,loop-simplify,kernel-fuse,kernel-tile,kernel-plan-memory,convert-kernel-to-triton,cse,dce' -t triton -o %t.py
// RUN: filecheck %s < %t.py
// RUN: %python %S/Inputs/check_module.py %t.py "(a0 * 2,)" --written "1=a1 * 0.9 + a0.mean(0) * 0.1" --written "2=a2 + 1" --written "3=a4" | filecheck %s --check-prefix=EXEC

// CHECK:      def call(args):
// CHECK-NOT:      del arg1_1
// CHECK-NOT:      del arg2_1
// CHECK:          ([arg0_1, arg1_1, arg1_1])
// CHECK:          ([arg2_1, arg2_1])
// CHECK:          torch._foreach_copy_([arg3_1], [arg4_1])
// CHECK-NEXT:     return (buf{{[0-9]+}},)

// EXEC:      ok 0: (8, 4) torch.float32
// EXEC-NEXT: ok argument 1: (4,) torch.float32
// EXEC-NEXT: ok argument 2: () torch.int64
// EXEC-NEXT: ok argument 3: (4,) torch.float32
// EXEC-NEXT: all outputs match

func.func @forward(%x: !aten.tensor<[8, 4], f32, strides [4, 1]>, %mean: !aten.tensor<[4], f32, strides [1]>,
                   %steps: !aten.tensor<[], i64, strides []>, %dst: !aten.tensor<[4], f32, strides [1]>,
                   %src: !aten.tensor<[4], f32, strides [1]>)
    -> (!aten.tensor<[8, 4], f32>, !aten.tensor<[4], f32>, !aten.tensor<[], i64>, !aten.tensor<[4], f32, strides [1]>)
    attributes {irc.written_args = array<i64: 1, 2, 3>} {
  %two = arith.constant 2.0 : f64
  %keep = arith.constant 0.9 : f64
  %take = arith.constant 0.0125 : f64
  %one = arith.constant 1 : i64
  %doubled = aten.mul %x, %two : (!aten.tensor<[8, 4], f32, strides [4, 1]>, f64) -> !aten.tensor<[8, 4], f32>
  %sum = aten.sum %x dims = [0] : (!aten.tensor<[8, 4], f32, strides [4, 1]>) -> !aten.tensor<[4], f32>
  %kept = aten.mul %mean, %keep : (!aten.tensor<[4], f32, strides [1]>, f64) -> !aten.tensor<[4], f32>
  %taken = aten.mul %sum, %take : (!aten.tensor<[4], f32>, f64) -> !aten.tensor<[4], f32>
  %new = aten.add %kept, %taken : (!aten.tensor<[4], f32>, !aten.tensor<[4], f32>) -> !aten.tensor<[4], f32>
  %step = aten.add %steps, %one : (!aten.tensor<[], i64, strides []>, i64) -> !aten.tensor<[], i64>
  func.return %doubled, %new, %step, %src
      : !aten.tensor<[8, 4], f32>, !aten.tensor<[4], f32>, !aten.tensor<[], i64>, !aten.tensor<[4], f32, strides [1]>
}
