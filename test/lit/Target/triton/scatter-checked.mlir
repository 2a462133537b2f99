// A one-per-row scatter's index passes through loop.in_range, which asserts it is inside [0, 37) where the
// block's masks over its own axes hold (x-shaped in a row reduction: the index is the same along r); under
// TRITON_INTERPRET=1 with irc's shims a bad index (37, or -1: a scatter wraps none) raises IndexError, a good
// one runs; an index provably inside (clamped to [0, 36]) asserts nothing.
// RUN: irc-opt %s -p 'loop-inline,loop-simplify,kernel-fuse,kernel-tile,convert-kernel-to-triton,cse,dce' -o %t.mlir
// RUN: filecheck %s --check-prefix=IR < %t.mlir
// RUN: irc-opt %t.mlir -t triton -o %t.py
// RUN: filecheck %s < %t.py
// RUN: %python %S/Inputs/check_module.py %t.py "(a0.scatter(1, a1[:, None], -1.0).sum(1), a0.scatter(1, a1.clamp(0, 36)[:, None], 2.0) * 3)" --prepare "a1.copy_(torch.tensor([3, 36, 0, 5, 1]))" | filecheck %s --check-prefix=EXEC
// RUN: %python %S/Inputs/check_module.py %t.py "()" --raises --prepare "a1.copy_(torch.tensor([3, 37, 0, 5, 1]))" | filecheck %s --check-prefix=BAD
// RUN: %python %S/Inputs/check_module.py %t.py "()" --raises --prepare "a1.copy_(torch.tensor([3, 1, -1, 5, 1]))" | filecheck %s --check-prefix=BAD

func.func @forward(%x: !loop.buffer<[5, 37], f32, strides [37, 1]>, %t: !loop.buffer<[5], i64, strides [1]>) -> (!loop.buffer<[5], f32, strides [1]>, !loop.buffer<[5, 37], f32, strides [37, 1]>) {
  %s = loop.pointwise ranges [5, 37] {
    %k = loop.load %t[#loop.index<"i0">] : !loop.buffer<[5], i64, strides [1]>
    %n = arith.constant 37 : i64
    %kc = loop.in_range %k, %n : i64
    %p = loop.index #loop.index<"i1"> : i64
    %hit = arith.cmpi eq, %kc, %p : i64
    %v = loop.load %x[#loop.index<"37*i0 + i1">] : !loop.buffer<[5, 37], f32, strides [37, 1]>
    %m = arith.constant -1.0 : f32
    %r = arith.select %hit, %m, %v : f32
    loop.yield %r : f32
  } : !loop.buffer<[5, 37], f32, strides [37, 1]>
  %sum = loop.reduction sum ranges [5] reduce [37] {
    %e = loop.load %s[#loop.index<"37*i0 + r0">] : !loop.buffer<[5, 37], f32, strides [37, 1]>
    loop.yield %e : f32
  } : !loop.buffer<[5], f32, strides [1]>
  %c = loop.pointwise ranges [5, 37] {
    %k = loop.load %t[#loop.index<"i0">] : !loop.buffer<[5], i64, strides [1]>
    %lo = arith.constant 0 : i64
    %hi = arith.constant 36 : i64
    %n = arith.constant 37 : i64
    %k1 = arith.maxsi %k, %lo : i64
    %k2 = arith.minsi %k1, %hi : i64
    %kc = loop.in_range %k2, %n : i64
    %p = loop.index #loop.index<"i1"> : i64
    %hit = arith.cmpi eq, %kc, %p : i64
    %v = loop.load %x[#loop.index<"37*i0 + i1">] : !loop.buffer<[5, 37], f32, strides [37, 1]>
    %two = arith.constant 2.0 : f32
    %r = arith.select %hit, %two, %v : f32
    %three = arith.constant 3.0 : f32
    %w = arith.mulf %r, %three : f32
    loop.yield %w : f32
  } : !loop.buffer<[5, 37], f32, strides [37, 1]>
  func.return %sum, %c : !loop.buffer<[5], f32, strides [1]>, !loop.buffer<[5, 37], f32, strides [37, 1]>
}

// IR-COUNT-1: triton.device_assert {{.*}} "index" : !triton.block<[XBLOCK, 1], i1>
// IR-NOT:     triton.device_assert

// CHECK:      tl.device_assert({{.*}}, 'index out of range')
// CHECK-NOT:  tl.device_assert
// CHECK:      'debug': True, 'sanitize_overflow': False

// EXEC: all outputs match
// BAD: raised IndexError: index out of range
