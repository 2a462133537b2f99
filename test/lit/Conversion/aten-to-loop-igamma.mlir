// RUN: irc-opt %s -p convert-aten-to-loop | filecheck %s
// RUN: irc-opt %s -p convert-aten-to-loop | irc-run - --fill arange | filecheck %s --check-prefix=EXEC

// igamma (P) and igammac (Q): one pointwise each, whose body holds ATen's three iterative methods as loop.while
// (P's power series, Q's continued fraction, Q's own series), each running only where an element takes it.
func.func @incomplete_gamma(%a: !aten.tensor<[5], f32, strides [1]>, %x: !aten.tensor<[5], f32, strides [1]>) -> (!aten.tensor<[5], f32>, !aten.tensor<[5], f32>) {
  %p = aten.igamma %a, %x : (!aten.tensor<[5], f32, strides [1]>, !aten.tensor<[5], f32, strides [1]>) -> !aten.tensor<[5], f32>
  %q = aten.igammac %a, %x : (!aten.tensor<[5], f32, strides [1]>, !aten.tensor<[5], f32, strides [1]>) -> !aten.tensor<[5], f32>
  func.return %p, %q : !aten.tensor<[5], f32>, !aten.tensor<[5], f32>
}

// CHECK-LABEL: func.func @incomplete_gamma
// CHECK:         %p = loop.pointwise ranges [5] {
// CHECK-COUNT-3:   loop.while
// CHECK:           loop.erfc
// CHECK:         } : !loop.buffer<[5], f32, strides [1]>
// CHECK:         %q = loop.pointwise ranges [5] {
// CHECK-COUNT-3:   loop.while
// CHECK:         } : !loop.buffer<[5], f32, strides [1]>

// a = x = 0, 1, 2, 3, 4 through the loop interpreter (torch.igamma gives the same to four digits)
// EXEC:      output 0
// EXEC-NEXT: [   nan, 0.6321, 0.594 , 0.5768, 0.5665]
// EXEC:      output 1
// EXEC-NEXT: [   nan, 0.3679, 0.406 , 0.4232, 0.4335]
