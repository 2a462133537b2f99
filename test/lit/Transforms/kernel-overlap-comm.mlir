// RUN: irc-opt %s -p kernel-overlap-comm --split-input-file | filecheck %s
// RUN: irc-opt %s -p kernel-overlap-comm --split-input-file | irc-opt -p kernel-overlap-comm --split-input-file | filecheck %s

!v = !loop.buffer<[64], f32, strides [1]>
kernel.kernel @vv(%arg0: !v) -> (!v) pointwise numel 64 rnumel 1 {
  %b = "test.op"(%arg0) : (!v) -> !v
  kernel.yield %b : !v
}

// The all_reduce starts right after the launch that computes its operand; its wait comes just before the
// launch that reads the result: both independent launches run while it is pending.
func.func @overlap(%x: !v, %y: !v) -> (!v, !v) {
  %a = kernel.alloc : !v
  kernel.launch @vv(%x) outs(%a) : (!v) -> (!v)
  %b = kernel.alloc : !v
  kernel.launch @vv(%y) outs(%b) : (!v) -> (!v)
  %r = kernel.extern "_c10d_functional::all_reduce.default"(%a) {args = [#kernel.operand<0>, "sum", "0"]} : (!v) -> (!v)
  %w = kernel.extern "_c10d_functional::wait_tensor.default"(%r) {args = [#kernel.operand<0>]} : (!v) -> (!v)
  %c = kernel.alloc : !v
  kernel.launch @vv(%b) outs(%c) : (!v) -> (!v)
  %d = kernel.alloc : !v
  kernel.launch @vv(%w) outs(%d) : (!v) -> (!v)
  func.return %c, %d : !v, !v
}
// CHECK-LABEL: func.func @overlap
// CHECK-NEXT:    %a = kernel.alloc
// CHECK-NEXT:    kernel.launch @vv(%x) outs(%a)
// CHECK-NEXT:    %r = kernel.extern "_c10d_functional::all_reduce.default"(%a)
// CHECK-NEXT:    %b = kernel.alloc
// CHECK-NEXT:    kernel.launch @vv(%y) outs(%b)
// CHECK-NEXT:    %c = kernel.alloc
// CHECK-NEXT:    kernel.launch @vv(%b) outs(%c)
// CHECK-NEXT:    %d = kernel.alloc
// CHECK-NEXT:    %w = kernel.extern "_c10d_functional::wait_tensor.default"(%r)
// CHECK-NEXT:    kernel.launch @vv(%w) outs(%d)

// -----

!v = !loop.buffer<[64], f32, strides [1]>
!m = !loop.buffer<[8, 8], f32, strides [8, 1]>
kernel.kernel @vv(%arg0: !v) -> (!v) pointwise numel 64 rnumel 1 {
  %b = "test.op"(%arg0) : (!v) -> !v
  kernel.yield %b : !v
}

// The all_gather's wait moves over views and launches that leave its buffers alone, and stops before a launch
// that writes its operand (which it still reads); the all_reduce does not start before the all_gather.
func.func @hazards(%x: !v, %y: !v) -> (!v, !v, !m) {
  %a = kernel.alloc : !v
  kernel.launch @vv(%x) outs(%a) : (!v) -> (!v)
  %g = kernel.extern "_c10d_functional::all_gather_into_tensor.default"(%a) {args = [#kernel.operand<0>, 2, "0"]} : (!v) -> (!loop.buffer<[128], f32, strides [1]>)
  %s = kernel.extern "_c10d_functional::all_reduce.default"(%y) {args = [#kernel.operand<0>, "sum", "0"]} : (!v) -> (!v)
  %w = kernel.extern "_c10d_functional::wait_tensor.default"(%g) {args = [#kernel.operand<0>]} : (!loop.buffer<[128], f32, strides [1]>) -> (!loop.buffer<[128], f32, strides [1]>)
  %av = loop.reinterpret %a : !v to !m
  %u = kernel.alloc : !v
  kernel.launch @vv(%x) outs(%u) : (!v) -> (!v)
  %view = loop.reinterpret %u : !v to !v
  kernel.launch @vv(%x) outs(%a) : (!v) -> (!v)
  %t = kernel.extern "_c10d_functional::wait_tensor.default"(%s) {args = [#kernel.operand<0>]} : (!v) -> (!v)
  func.return %t, %view, %av : !v, !v, !m
}
// CHECK-LABEL: func.func @hazards
// CHECK-NEXT:    %a = kernel.alloc
// CHECK-NEXT:    kernel.launch @vv(%x) outs(%a)
// CHECK-NEXT:    %g = kernel.extern "_c10d_functional::all_gather_into_tensor.default"(%a)
// CHECK-NEXT:    %s = kernel.extern "_c10d_functional::all_reduce.default"(%y)
// CHECK-NEXT:    %av = loop.reinterpret %a
// CHECK-NEXT:    %u = kernel.alloc
// CHECK-NEXT:    kernel.launch @vv(%x) outs(%u)
// CHECK-NEXT:    %view = loop.reinterpret %u
// CHECK-NEXT:    %w = kernel.extern "_c10d_functional::wait_tensor.default"(%g)
// CHECK-NEXT:    kernel.launch @vv(%x) outs(%a)
// CHECK-NEXT:    %t = kernel.extern "_c10d_functional::wait_tensor.default"(%s)
// CHECK-NEXT:    func.return

// -----

!v = !loop.buffer<[64], f32, strides [1]>
kernel.kernel @vv(%arg0: !v) -> (!v) pointwise numel 64 rnumel 1 {
  %b = "test.op"(%arg0) : (!v) -> !v
  kernel.yield %b : !v
}

// A host program without collectives, and a wait of a tensor no collective of this block started: unchanged.
func.func @no_collective(%x: !v, %p: !v) -> (!v, !v) {
  %w = kernel.extern "_c10d_functional::wait_tensor.default"(%p) {args = [#kernel.operand<0>]} : (!v) -> (!v)
  %a = kernel.alloc : !v
  kernel.launch @vv(%x) outs(%a) : (!v) -> (!v)
  func.return %a, %w : !v, !v
}
// CHECK-LABEL: func.func @no_collective
// CHECK-NEXT:    %w = kernel.extern "_c10d_functional::wait_tensor.default"(%p)
// CHECK-NEXT:    %a = kernel.alloc
// CHECK-NEXT:    kernel.launch @vv(%x) outs(%a)
