// Sizes the host program computes: kernel.size prints as Python over the bound size symbols (FloorDiv as `//`,
// CeilDiv as `-(-a // b)`, Where as a conditional, comparisons as 0/1), and the SymInt/SymFloat arithmetic of
// the graph as Python operators. Neither needs the graph to take the symbol as an argument.
// RUN: irc-opt %s -p convert-kernel-to-triton -t triton | filecheck %s

// CHECK:      def call(args):
// CHECK:          s0 = arg0_1.shape[0]
// CHECK-NEXT:     s1 = arg0_1.shape[1]
// CHECK:          v{{[0-9]+}} = (s0 - 1) // 2 + 1
// CHECK-NEXT:     v{{[0-9]+}} = -(-s0 // 2)
// CHECK-NEXT:     v{{[0-9]+}} = (s0 // 1) % 3
// CHECK-NEXT:     v{{[0-9]+}} = (s0 if (int(s0 < s1)) else (s1 + 1))
// CHECK-NEXT:     v[[A:[0-9]+]] = max(1, s0 - s1)
// CHECK-NEXT:     v[[B:[0-9]+]] = v[[A]] * 3
// CHECK-NEXT:     v[[C:[0-9]+]] = float(v[[B]])
// CHECK-NEXT:     v{{[0-9]+}} = v[[C]] / 2.0
// CHECK-NEXT:     return (

func.func @call(%x: !loop.buffer<[s0, s1], f32, strides [s1, 1]>) -> (i64, i64, i64, i64, f64) {
  %floor = kernel.size "FloorDiv(s0 - 1, 2) + 1" : i64
  %ceil = kernel.size "CeilDiv(s0, 2)" : i64
  %mod = kernel.size "ModularIndexing(s0, 1, 3)" : i64
  %where = kernel.size "Where(Lt(s0, s1), s0, s1 + 1)" : i64
  %max = kernel.size "Max(1, s0 - s1)" : i64
  %three = arith.constant 3 : i64
  %product = arith.muli %max, %three : i64
  %float = arith.sitofp %product : i64 to f64
  %two = arith.constant 2.0 : f64
  %half = arith.divf %float, %two : f64
  func.return %floor, %ceil, %mod, %where, %half : i64, i64, i64, i64, f64
}
