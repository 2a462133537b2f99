// Sizes that are multiples of a size symbol (the importer reads a side torch's guards prove even as 2*s1):
// the host binds s1 from the input's size (`// 2`), s2 from the size `s0*s2` (not a stride) once the second
// input has bound s0, and checks the inputs against those sizes; CeilDiv(2*s1, 2) and FloorDiv(s1**2, s1)
// are s1 in the IR, ModularIndexing(4*s1*s2, 1, 2*s2) is 0.
// RUN: irc-opt %s -p convert-kernel-to-triton -t triton | filecheck %s

// CHECK:      def call(args):
// CHECK:          s1 = arg0_1.shape[0] // 2
// CHECK-NEXT:     s0 = arg1_1.shape[0]
// CHECK-NEXT:     s2 = arg0_1.shape[1] // s0
// CHECK:          _assert_size_stride(arg0_1, (2*s1, s0*s2), (s0*s2, 1))
// CHECK:          v{{[0-9]+}} = s1
// CHECK-NEXT:     v{{[0-9]+}} = s1
// CHECK-NEXT:     v{{[0-9]+}} = 0
// CHECK-NEXT:     return (

func.func @call(%x: !loop.buffer<["2*s1", "s0*s2"], f32, strides ["s0*s2", 1]>, %y: !loop.buffer<[s0], f32, strides [1]>)
    -> (i64, i64, i64) {
  %ceil = kernel.size "CeilDiv(2*s1, 2)" : i64
  %floor = kernel.size "FloorDiv(s1**2, s1)" : i64
  %mod = kernel.size "ModularIndexing(4*s1*s2, 1, 2*s2)" : i64
  func.return %ceil, %floor, %mod : i64, i64, i64
}
