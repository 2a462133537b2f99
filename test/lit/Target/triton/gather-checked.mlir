// A checked gather load (x[idx], embedding, gather) asserts its index is inside the gathered dim where the block's
// mask holds; under TRITON_INTERPRET=1 with irc's shims a bad index raises IndexError, a good one runs; an index
// provably inside (clamped to [0, 36]) and an unchecked load assert nothing.
// RUN: irc-opt %s -p 'loop-inline,loop-simplify,kernel-fuse,kernel-tile,convert-kernel-to-triton,cse,dce' -o %t.mlir
// RUN: filecheck %s --check-prefix=IR < %t.mlir
// RUN: irc-opt %t.mlir -t triton -o %t.py
// RUN: filecheck %s < %t.py
// RUN: %python %S/Inputs/check_module.py %t.py "(a0.gather(1, a1[:, None]).squeeze(1), a0.gather(1, a1.clamp(0, 36)[:, None]).squeeze(1) * 2, a0[:, 0] * 3)" --prepare "a1.copy_(torch.tensor([3, 36, 0, 5, 1]))" | filecheck %s --check-prefix=EXEC
// RUN: %python %S/Inputs/check_module.py %t.py "()" --raises --prepare "a1.copy_(torch.tensor([3, 37, 0, 5, 1]))" | filecheck %s --check-prefix=BAD
// RUN: %python %S/Inputs/check_module.py %t.py "()" --raises --prepare "a1.copy_(torch.tensor([3, 1, -1, 5, 1]))" | filecheck %s --check-prefix=BAD

func.func @forward(%x: !loop.buffer<[5, 37], f32, strides [37, 1]>, %t: !loop.buffer<[5], i64, strides [1]>) -> (!loop.buffer<[5], f32, strides [1]>, !loop.buffer<[5], f32, strides [1]>, !loop.buffer<[5], f32, strides [1]>) {
  %g = loop.pointwise ranges [5] {
    %k = loop.load %t[#loop.index<"i0">] : !loop.buffer<[5], i64, strides [1]>
    %v = loop.load %x[#loop.index<"37*i0 + t0">] gather(%k : i64) bounds [37] checked : !loop.buffer<[5, 37], f32, strides [37, 1]>
    loop.yield %v : f32
  } : !loop.buffer<[5], f32, strides [1]>
  %c = loop.pointwise ranges [5] {
    %k = loop.load %t[#loop.index<"i0">] : !loop.buffer<[5], i64, strides [1]>
    %lo = arith.constant 0 : i64
    %hi = arith.constant 36 : i64
    %k1 = arith.maxsi %k, %lo : i64
    %k2 = arith.minsi %k1, %hi : i64
    %v = loop.load %x[#loop.index<"37*i0 + t0">] gather(%k2 : i64) bounds [37] checked : !loop.buffer<[5, 37], f32, strides [37, 1]>
    %two = arith.constant 2.0 : f32
    %w = arith.mulf %v, %two : f32
    loop.yield %w : f32
  } : !loop.buffer<[5], f32, strides [1]>
  %u = loop.pointwise ranges [5] {
    %z = loop.index #loop.index<"0"> : i64
    %v = loop.load %x[#loop.index<"37*i0 + t0">] gather(%z : i64) bounds [37] checked : !loop.buffer<[5, 37], f32, strides [37, 1]>
    %three = arith.constant 3.0 : f32
    %w = arith.mulf %v, %three : f32
    loop.yield %w : f32
  } : !loop.buffer<[5], f32, strides [1]>
  func.return %g, %c, %u : !loop.buffer<[5], f32, strides [1]>, !loop.buffer<[5], f32, strides [1]>, !loop.buffer<[5], f32, strides [1]>
}

// IR-COUNT-1: triton.device_assert {{.*}} "index"
// IR-NOT:     triton.device_assert

// CHECK:      tl.device_assert({{.*}}, 'index out of range')
// CHECK-NOT:  tl.device_assert
// CHECK:      'debug': True, 'sanitize_overflow': False

// EXEC: all outputs match
// BAD: raised IndexError: index out of range
