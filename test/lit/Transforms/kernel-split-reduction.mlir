// RUN: irc-opt %s -p kernel-split-reduction --split-input-file | filecheck %s
// RUN: irc-opt %s -p 'kernel-split-reduction{min_chunk=4 max_split=4}' --split-input-file | filecheck %s --check-prefix=SMALL

// A full sum of 2^20 elements: one row, split into 1024 chunks (the split index is the last x dim),
// then a combining reduction over the 1024 partials.

// CHECK-LABEL: kernel.kernel @triton_red_sum_split_0(%0: !loop.buffer<[1048576], f32, strides [1]>) -> (!loop.buffer<[1024], f32, strides [1]>) reduction numel 1024 rnumel 1024 {
// CHECK-NEXT:    %{{.*}} = loop.reduction sum ranges [1024] reduce [1024] {
// CHECK-NEXT:      %{{.*}} = loop.load %0[#loop.index<"1024*i0 + r0">]
// CHECK:       kernel.kernel @triton_red_sum_0(%0: !loop.buffer<[1024], f32, strides [1]>) -> (!loop.buffer<[], f32, strides []>) reduction numel 1 rnumel 1024 {
// CHECK-NEXT:    %{{.*}} = loop.reduction sum ranges [] reduce [1024] {
// CHECK-NEXT:      %{{.*}} = loop.load %0[#loop.index<"r0">]
// CHECK:       func.func @forward
// CHECK-NEXT:    %[[R:.*]] = kernel.alloc : !loop.buffer<[], f32, strides []>
// CHECK-NEXT:    %[[P:.*]] = kernel.alloc : !loop.buffer<[1024], f32, strides [1]>
// CHECK-NEXT:    kernel.launch @triton_red_sum_split_0(%0) outs(%[[P]])
// CHECK-NEXT:    kernel.launch @triton_red_sum_0(%[[P]]) outs(%[[R]])

kernel.kernel @triton_red_sum_0(%0: !loop.buffer<[1048576], f32, strides [1]>) -> (!loop.buffer<[], f32, strides []>) reduction numel 1 rnumel 1048576 {
  %1 = loop.reduction sum ranges [] reduce [1048576] {
    %2 = loop.load %0[#loop.index<"r0">] : !loop.buffer<[1048576], f32, strides [1]>
    loop.yield %2 : f32
  } : !loop.buffer<[], f32, strides []>
  kernel.yield %1 : !loop.buffer<[], f32, strides []>
}
func.func @forward(%0: !loop.buffer<[1048576], f32, strides [1]>) -> !loop.buffer<[], f32, strides []> {
  %1 = kernel.alloc : !loop.buffer<[], f32, strides []>
  kernel.launch @triton_red_sum_0(%0) outs(%1) : (!loop.buffer<[1048576], f32, strides [1]>) -> (!loop.buffer<[], f32, strides []>)
  func.return %1 : !loop.buffer<[], f32, strides []>
}

// -----

// Not split at the default sizes: chunks would be shorter than 1024.
// CHECK-LABEL: kernel.kernel @triton_red_fused_max_mul_0(%0: !loop.buffer<[4, 8, 5], f32, strides [40, 5, 1]>)
// CHECK-SAME:    reduction numel 5 rnumel 32

// A column max with an epilogue (an outer reduction over two reduce dims): the split index is the first x dim
// of the partials, old r0/r1 become coordinates of `chunk * i0 + r0`; the epilogue stays in the second kernel.

// SMALL-LABEL: kernel.kernel @triton_red_fused_max_mul_split_0(%0: !loop.buffer<[4, 8, 5], f32, strides [40, 5, 1]>) -> (!loop.buffer<[4, 5], f32, strides [5, 1]>) reduction numel 20 rnumel 8 {
// SMALL-NEXT:    %{{.*}} = loop.reduction max ranges [4, 5] reduce [8] {
// SMALL-NEXT:      %{{.*}} = loop.load %0[#loop.index<"40*i0 + i1 + 5*r0">]
// SMALL:       kernel.kernel @triton_red_fused_max_mul_0(%0: !loop.buffer<[4, 5], f32, strides [5, 1]>) -> (!loop.buffer<[5], f32, strides [1]>) reduction numel 5 rnumel 4 {
// SMALL-NEXT:    %[[M:.*]] = loop.reduction max ranges [5] reduce [4] {
// SMALL-NEXT:      %{{.*}} = loop.load %0[#loop.index<"i0 + 5*r0">]
// SMALL:         loop.pointwise ranges [5] {
// SMALL-NEXT:      %{{.*}} = loop.load %[[M]][#loop.index<"i0">]
// SMALL:       func.func @forward
// SMALL-NEXT:    %[[R:.*]] = kernel.alloc : !loop.buffer<[5], f32, strides [1]>
// SMALL-NEXT:    %[[P:.*]] = kernel.alloc : !loop.buffer<[4, 5], f32, strides [5, 1]>
// SMALL-NEXT:    kernel.launch @triton_red_fused_max_mul_split_0(%0) outs(%[[P]])
// SMALL-NEXT:    kernel.launch @triton_red_fused_max_mul_0(%[[P]]) outs(%[[R]])

kernel.kernel @triton_red_fused_max_mul_0(%0: !loop.buffer<[4, 8, 5], f32, strides [40, 5, 1]>) -> (!loop.buffer<[5], f32, strides [1]>) reduction numel 5 rnumel 32 {
  %1 = loop.reduction max ranges [5] reduce [4, 8] {
    %2 = loop.load %0[#loop.index<"i0 + 40*r0 + 5*r1">] : !loop.buffer<[4, 8, 5], f32, strides [40, 5, 1]>
    loop.yield %2 : f32
  } : !loop.buffer<[5], f32, strides [1]>
  %3 = loop.pointwise ranges [5] {
    %4 = loop.load %1[#loop.index<"i0">] : !loop.buffer<[5], f32, strides [1]>
    %5 = arith.constant 2.000000e+00 : f32
    %6 = arith.mulf %4, %5 : f32
    loop.yield %6 : f32
  } : !loop.buffer<[5], f32, strides [1]>
  kernel.yield %3 : !loop.buffer<[5], f32, strides [1]>
}
func.func @forward(%0: !loop.buffer<[4, 8, 5], f32, strides [40, 5, 1]>) -> !loop.buffer<[5], f32, strides [1]> {
  %1 = kernel.alloc : !loop.buffer<[5], f32, strides [1]>
  kernel.launch @triton_red_fused_max_mul_0(%0) outs(%1) : (!loop.buffer<[4, 8, 5], f32, strides [40, 5, 1]>) -> (!loop.buffer<[5], f32, strides [1]>)
  func.return %1 : !loop.buffer<[5], f32, strides [1]>
}
