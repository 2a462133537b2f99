// RUN: irc-opt %s -p convert-aten-to-loop | filecheck %s
// RUN: irc-opt %s -p 'convert-aten-to-loop,kernel-fuse,kernel-tile,kernel-plan-memory,convert-kernel-to-triton' -t triton | filecheck %s --check-prefix=TRITON
// RUN: irc-run %s --fill arange | filecheck %s --check-prefix=EXEC

// hash_tensor: the xor of each element's bits as f64 (floats) or i64 (integers) into an i64 buffer, which the
// ui64 result reinterprets.
func.func @hash(%x: !aten.tensor<[3, 5], f32, strides [5, 1]>, %n: !aten.tensor<[3, 5], i8, strides [5, 1]>) -> (!aten.tensor<[3], ui64>, !aten.tensor<[1, 5], ui64>) {
  %h = aten.hash_tensor %x dims = [1] : (!aten.tensor<[3, 5], f32, strides [5, 1]>) -> !aten.tensor<[3], ui64>
  %k = aten.hash_tensor %n dims = [0] keepdim = true : (!aten.tensor<[3, 5], i8, strides [5, 1]>) -> !aten.tensor<[1, 5], ui64>
  func.return %h, %k : !aten.tensor<[3], ui64>, !aten.tensor<[1, 5], ui64>
}

// CHECK-LABEL: func.func @hash
// CHECK:         %h = loop.reduction xor_sum ranges [3] reduce [5] {
// CHECK-NEXT:      %[[X:.*]] = loop.load %x[#loop.index<"5*i0 + r0">]
// CHECK-NEXT:      %[[D:.*]] = loop.cast %[[X]] : f32 to f64
// CHECK-NEXT:      %[[B:.*]] = arith.bitcast %[[D]] : f64 to i64
// CHECK-NEXT:      loop.yield %[[B]] : i64
// CHECK-NEXT:    } : !loop.buffer<[3], i64, strides [1]>
// CHECK-NEXT:    %{{.*}} = loop.reinterpret %h : !loop.buffer<[3], i64, strides [1]> to !loop.buffer<[3], ui64, strides [1]>
// CHECK:         loop.reduction xor_sum ranges [1, 5] reduce [3] {
// CHECK:           loop.cast %{{.*}} : i8 to i64
// CHECK:         loop.reinterpret %{{.*}} : !loop.buffer<[1, 5], i64, strides [5, 1]> to !loop.buffer<[1, 5], ui64, strides [5, 1]>

// TRITON:      tl.xor_sum(
// TRITON:      def call(args):
// TRITON:      .view(torch.uint64)

// arange: rows 0..4, 5..9, 10..14 as f64 bits (as torch.hash_tensor gives them); columns i ^ i+5 ^ i+10
// EXEC:      output 0
// EXEC-NEXT: [9216616637413720064, 4616752568008179712, 4624070917402656768]
// EXEC:      output 1
// EXEC-NEXT: {{\[\[}}15, 12,  9,  6,  3]]
