// Random numbers are Triton's Philox bits at every level: aten and loop (irc/interp/philox.py, numpy) and
// triton (tl.rand, tl.randn, randint4x under Triton's interpreter) print the same values. The seeds are an
// input here (0, 1: --fill arange); compiled graphs draw them with an extern per call.
// RUN: irc-run %s --fill arange | filecheck %s
// RUN: irc-opt %s -p convert-aten-to-loop | irc-run - --fill arange | filecheck %s
// RUN: irc-opt %s -p convert-aten-to-loop,loop-inline,loop-simplify,cse,dce,kernel-fuse,kernel-tile | irc-run - --fill arange | filecheck %s
// RUN: irc-opt %s -p convert-aten-to-loop,loop-inline,loop-simplify,cse,dce,kernel-fuse,kernel-tile,convert-kernel-to-triton | irc-run - --fill arange | filecheck %s

func.func @forward(%seeds: !aten.tensor<[2], i64, strides [1]>) -> (!aten.tensor<[2, 3], f32>, !aten.tensor<[5], f32>, !aten.tensor<[4], i64>, !aten.tensor<[3], i64>, !aten.tensor<[4], bf16>) {
  %u = aten.random "rand" %seeds {seed = 1 : i64} : (!aten.tensor<[2], i64, strides [1]>) -> !aten.tensor<[2, 3], f32>
  %z = aten.random "randn" %seeds {seed = 0 : i64} : (!aten.tensor<[2], i64, strides [1]>) -> !aten.tensor<[5], f32>
  %k = aten.random "randint" %seeds {seed = 1 : i64, low = -3 : i64, high = 4 : i64} : (!aten.tensor<[2], i64, strides [1]>) -> !aten.tensor<[4], i64>
  %w = aten.random "randint" %seeds {seed = 1 : i64, low = -9223372036854775808 : i64, high = 9223372036854775807 : i64} : (!aten.tensor<[2], i64, strides [1]>) -> !aten.tensor<[3], i64>
  %h = aten.random "rand" %seeds {seed = 1 : i64} : (!aten.tensor<[2], i64, strides [1]>) -> !aten.tensor<[4], bf16>
  func.return %u, %z, %k, %w, %h : !aten.tensor<[2, 3], f32>, !aten.tensor<[5], f32>, !aten.tensor<[4], i64>, !aten.tensor<[3], i64>, !aten.tensor<[4], bf16>
}

// CHECK: // output 0: f32 [2, 3]
// CHECK-NEXT: {{\[\[}}0.2195, 0.656 , 0.4948],
// CHECK-NEXT:  [0.4847, 0.4955, 0.3206]]
// CHECK-NEXT: // output 1: f32 [5]
// CHECK-NEXT: [ 0.0466, -0.3884, -1.638 ,  0.6315, -1.5319]
// CHECK-NEXT: // output 2: i64 [4]
// CHECK-NEXT: [3, 1, 3, 2]
// CHECK-NEXT: // output 3: i64 [3]
// CHECK-NEXT: [7280647952038102640, 6901147123317216283, 1042245339527361520]
// CHECK-NEXT: // output 4: bf16 [4]
// CHECK-NEXT: [0.2197, 0.6562, 0.4941, 0.4844]
