// Integer reductions (values in [0, 8), so argmax/argmin have ties: the first index wins), persistent and looped.
// RUN: irc-opt %s -p convert-kernel-to-triton -t triton -o %t.py
// RUN: %python %S/Inputs/check_module.py %t.py "(a0.sum(1, dtype=torch.int32), a0.amax(1), a0.amin(1), a0.argmax(1), a0.argmin(1), a0.sum(1, dtype=torch.int32), a0.amax(1), a0.amin(1), a0.argmax(1), a0.argmin(1))" | filecheck %s

// CHECK-COUNT-10: ok
// CHECK: all outputs match

kernel.kernel @sum_0(%arg0: !loop.buffer<[5, 19], i32, strides [19, 1]>) -> (!loop.buffer<[5], i32, strides [1]>) persistent_reduction numel 5 rnumel 19 {xblock = 8, rblock = 32, num_warps = 1} {
  %0 = loop.reduction sum ranges [5] reduce [19] {
      %1 = loop.load %arg0[#loop.index<"19*i0 + r0">] : !loop.buffer<[5, 19], i32, strides [19, 1]>
      loop.yield %1 : i32
  } : !loop.buffer<[5], i32, strides [1]>
  kernel.yield %0 : !loop.buffer<[5], i32, strides [1]>
}
kernel.kernel @max_1(%arg0: !loop.buffer<[5, 19], i32, strides [19, 1]>) -> (!loop.buffer<[5], i32, strides [1]>) persistent_reduction numel 5 rnumel 19 {xblock = 8, rblock = 32, num_warps = 1} {
  %0 = loop.reduction max ranges [5] reduce [19] {
      %1 = loop.load %arg0[#loop.index<"19*i0 + r0">] : !loop.buffer<[5, 19], i32, strides [19, 1]>
      loop.yield %1 : i32
  } : !loop.buffer<[5], i32, strides [1]>
  kernel.yield %0 : !loop.buffer<[5], i32, strides [1]>
}
kernel.kernel @min_2(%arg0: !loop.buffer<[5, 19], i32, strides [19, 1]>) -> (!loop.buffer<[5], i32, strides [1]>) persistent_reduction numel 5 rnumel 19 {xblock = 8, rblock = 32, num_warps = 1} {
  %0 = loop.reduction min ranges [5] reduce [19] {
      %1 = loop.load %arg0[#loop.index<"19*i0 + r0">] : !loop.buffer<[5, 19], i32, strides [19, 1]>
      loop.yield %1 : i32
  } : !loop.buffer<[5], i32, strides [1]>
  kernel.yield %0 : !loop.buffer<[5], i32, strides [1]>
}
kernel.kernel @argmax_3(%arg0: !loop.buffer<[5, 19], i32, strides [19, 1]>) -> (!loop.buffer<[5], i64, strides [1]>) persistent_reduction numel 5 rnumel 19 {xblock = 8, rblock = 32, num_warps = 1} {
  %0 = loop.reduction argmax ranges [5] reduce [19] {
      %1 = loop.load %arg0[#loop.index<"19*i0 + r0">] : !loop.buffer<[5, 19], i32, strides [19, 1]>
      loop.yield %1 : i32
  } : !loop.buffer<[5], i64, strides [1]>
  kernel.yield %0 : !loop.buffer<[5], i64, strides [1]>
}
kernel.kernel @argmin_4(%arg0: !loop.buffer<[5, 19], i32, strides [19, 1]>) -> (!loop.buffer<[5], i64, strides [1]>) persistent_reduction numel 5 rnumel 19 {xblock = 8, rblock = 32, num_warps = 1} {
  %0 = loop.reduction argmin ranges [5] reduce [19] {
      %1 = loop.load %arg0[#loop.index<"19*i0 + r0">] : !loop.buffer<[5, 19], i32, strides [19, 1]>
      loop.yield %1 : i32
  } : !loop.buffer<[5], i64, strides [1]>
  kernel.yield %0 : !loop.buffer<[5], i64, strides [1]>
}
kernel.kernel @sum_5(%arg0: !loop.buffer<[5, 19], i32, strides [19, 1]>) -> (!loop.buffer<[5], i32, strides [1]>) reduction numel 5 rnumel 19 {xblock = 2, rblock = 4, num_warps = 1} {
  %0 = loop.reduction sum ranges [5] reduce [19] {
      %1 = loop.load %arg0[#loop.index<"19*i0 + r0">] : !loop.buffer<[5, 19], i32, strides [19, 1]>
      loop.yield %1 : i32
  } : !loop.buffer<[5], i32, strides [1]>
  kernel.yield %0 : !loop.buffer<[5], i32, strides [1]>
}
kernel.kernel @max_6(%arg0: !loop.buffer<[5, 19], i32, strides [19, 1]>) -> (!loop.buffer<[5], i32, strides [1]>) reduction numel 5 rnumel 19 {xblock = 2, rblock = 4, num_warps = 1} {
  %0 = loop.reduction max ranges [5] reduce [19] {
      %1 = loop.load %arg0[#loop.index<"19*i0 + r0">] : !loop.buffer<[5, 19], i32, strides [19, 1]>
      loop.yield %1 : i32
  } : !loop.buffer<[5], i32, strides [1]>
  kernel.yield %0 : !loop.buffer<[5], i32, strides [1]>
}
kernel.kernel @min_7(%arg0: !loop.buffer<[5, 19], i32, strides [19, 1]>) -> (!loop.buffer<[5], i32, strides [1]>) reduction numel 5 rnumel 19 {xblock = 2, rblock = 4, num_warps = 1} {
  %0 = loop.reduction min ranges [5] reduce [19] {
      %1 = loop.load %arg0[#loop.index<"19*i0 + r0">] : !loop.buffer<[5, 19], i32, strides [19, 1]>
      loop.yield %1 : i32
  } : !loop.buffer<[5], i32, strides [1]>
  kernel.yield %0 : !loop.buffer<[5], i32, strides [1]>
}
kernel.kernel @argmax_8(%arg0: !loop.buffer<[5, 19], i32, strides [19, 1]>) -> (!loop.buffer<[5], i64, strides [1]>) reduction numel 5 rnumel 19 {xblock = 2, rblock = 4, num_warps = 1} {
  %0 = loop.reduction argmax ranges [5] reduce [19] {
      %1 = loop.load %arg0[#loop.index<"19*i0 + r0">] : !loop.buffer<[5, 19], i32, strides [19, 1]>
      loop.yield %1 : i32
  } : !loop.buffer<[5], i64, strides [1]>
  kernel.yield %0 : !loop.buffer<[5], i64, strides [1]>
}
kernel.kernel @argmin_9(%arg0: !loop.buffer<[5, 19], i32, strides [19, 1]>) -> (!loop.buffer<[5], i64, strides [1]>) reduction numel 5 rnumel 19 {xblock = 2, rblock = 4, num_warps = 1} {
  %0 = loop.reduction argmin ranges [5] reduce [19] {
      %1 = loop.load %arg0[#loop.index<"19*i0 + r0">] : !loop.buffer<[5, 19], i32, strides [19, 1]>
      loop.yield %1 : i32
  } : !loop.buffer<[5], i64, strides [1]>
  kernel.yield %0 : !loop.buffer<[5], i64, strides [1]>
}
func.func @forward(%x: !loop.buffer<[5, 19], i32, strides [19, 1]>) -> (!loop.buffer<[5], i32, strides [1]>, !loop.buffer<[5], i32, strides [1]>, !loop.buffer<[5], i32, strides [1]>, !loop.buffer<[5], i64, strides [1]>, !loop.buffer<[5], i64, strides [1]>, !loop.buffer<[5], i32, strides [1]>, !loop.buffer<[5], i32, strides [1]>, !loop.buffer<[5], i32, strides [1]>, !loop.buffer<[5], i64, strides [1]>, !loop.buffer<[5], i64, strides [1]>) {
  %b0 = kernel.alloc : !loop.buffer<[5], i32, strides [1]>
  kernel.launch @sum_0(%x) outs(%b0) : (!loop.buffer<[5, 19], i32, strides [19, 1]>) -> (!loop.buffer<[5], i32, strides [1]>)
  %b1 = kernel.alloc : !loop.buffer<[5], i32, strides [1]>
  kernel.launch @max_1(%x) outs(%b1) : (!loop.buffer<[5, 19], i32, strides [19, 1]>) -> (!loop.buffer<[5], i32, strides [1]>)
  %b2 = kernel.alloc : !loop.buffer<[5], i32, strides [1]>
  kernel.launch @min_2(%x) outs(%b2) : (!loop.buffer<[5, 19], i32, strides [19, 1]>) -> (!loop.buffer<[5], i32, strides [1]>)
  %b3 = kernel.alloc : !loop.buffer<[5], i64, strides [1]>
  kernel.launch @argmax_3(%x) outs(%b3) : (!loop.buffer<[5, 19], i32, strides [19, 1]>) -> (!loop.buffer<[5], i64, strides [1]>)
  %b4 = kernel.alloc : !loop.buffer<[5], i64, strides [1]>
  kernel.launch @argmin_4(%x) outs(%b4) : (!loop.buffer<[5, 19], i32, strides [19, 1]>) -> (!loop.buffer<[5], i64, strides [1]>)
  %b5 = kernel.alloc : !loop.buffer<[5], i32, strides [1]>
  kernel.launch @sum_5(%x) outs(%b5) : (!loop.buffer<[5, 19], i32, strides [19, 1]>) -> (!loop.buffer<[5], i32, strides [1]>)
  %b6 = kernel.alloc : !loop.buffer<[5], i32, strides [1]>
  kernel.launch @max_6(%x) outs(%b6) : (!loop.buffer<[5, 19], i32, strides [19, 1]>) -> (!loop.buffer<[5], i32, strides [1]>)
  %b7 = kernel.alloc : !loop.buffer<[5], i32, strides [1]>
  kernel.launch @min_7(%x) outs(%b7) : (!loop.buffer<[5, 19], i32, strides [19, 1]>) -> (!loop.buffer<[5], i32, strides [1]>)
  %b8 = kernel.alloc : !loop.buffer<[5], i64, strides [1]>
  kernel.launch @argmax_8(%x) outs(%b8) : (!loop.buffer<[5, 19], i32, strides [19, 1]>) -> (!loop.buffer<[5], i64, strides [1]>)
  %b9 = kernel.alloc : !loop.buffer<[5], i64, strides [1]>
  kernel.launch @argmin_9(%x) outs(%b9) : (!loop.buffer<[5, 19], i32, strides [19, 1]>) -> (!loop.buffer<[5], i64, strides [1]>)
  func.return %b0, %b1, %b2, %b3, %b4, %b5, %b6, %b7, %b8, %b9 : !loop.buffer<[5], i32, strides [1]>, !loop.buffer<[5], i32, strides [1]>, !loop.buffer<[5], i32, strides [1]>, !loop.buffer<[5], i64, strides [1]>, !loop.buffer<[5], i64, strides [1]>, !loop.buffer<[5], i32, strides [1]>, !loop.buffer<[5], i32, strides [1]>, !loop.buffer<[5], i32, strides [1]>, !loop.buffer<[5], i64, strides [1]>, !loop.buffer<[5], i64, strides [1]>
}
