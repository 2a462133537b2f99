// A size the graph computes (kernel.size) is its expression's value with the size symbols bound: a stride-2
// convolution's output size of 9 rows, (9 - 1) // 2 + 1 = 5.
// RUN: irc-run %s --bind s0=9 | filecheck %s

func.func @forward(%x: !loop.buffer<[s0], f32, strides [1]>) -> i64 {
  %n = kernel.size "FloorDiv(s0 - 1, 2) + 1" : i64
  func.return %n : i64
}

// CHECK:      // output 0: i64 []
// CHECK-NEXT: 5
