// Sizes defined by other sizes (irc.size_definitions): the importer names a long part of a size (a deep
// network's TF-padded side) as a fresh symbol defined over the symbols it reads, a chain of short definitions.
// The host binds s0 from the input, then each defined symbol once the symbols of its definition are bound, in
// that order whatever the dictionary's order; a result size reads the last one.
// RUN: irc-opt %s -p convert-kernel-to-triton -t triton | filecheck %s

// CHECK:      def call(args):
// CHECK:          s0 = arg0_1.shape[0]
// CHECK-NEXT:     s10000000 = -(-s0 // 2)
// CHECK-NEXT:     s10000001 = (s10000000 + max(0, -((s10000000 // 1) % 2) + 1)) // 2 + 1
// CHECK:          v{{[0-9]+}} = 2*s10000001 + 1
// CHECK-NEXT:     return (

func.func @call(%x: !loop.buffer<[s0], f32, strides [1]>) -> i64
    attributes {irc.size_definitions = {s10000001 = "FloorDiv(s10000000 + Max(0, 1 - ModularIndexing(s10000000, 1, 2)), 2) + 1", s10000000 = "CeilDiv(s0, 2)"}} {
  %side = kernel.size "2*s10000001 + 1" : i64
  func.return %side : i64
}
