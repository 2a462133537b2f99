// An integer division whose divisor passes through loop.nonzero asserts it is not 0 where the block's mask
// holds; under TRITON_INTERPRET=1 with irc's shims a zero divisor raises eager's RuntimeError("ZeroDivisionError").
// RUN: irc-opt %s -p 'kernel-fuse,kernel-tile,convert-kernel-to-triton,cse,dce' -t triton -o %t.py
// RUN: filecheck %s < %t.py
// RUN: %python %S/Inputs/check_module.py %t.py "torch.div(a0, a1, rounding_mode='floor')" --prepare "a1.copy_(torch.arange(1, 38))" | filecheck %s --check-prefix=EXEC
// RUN: %python %S/Inputs/check_module.py %t.py "()" --raises --prepare "a1.copy_(torch.arange(1, 38)); a1[7] = 0" | filecheck %s --check-prefix=BAD

func.func @forward(%a: !loop.buffer<[37], i64, strides [1]>, %b: !loop.buffer<[37], i64, strides [1]>) -> !loop.buffer<[37], i64, strides [1]> {
  %q = loop.pointwise ranges [37] {
    %x = loop.load %a[#loop.index<"i0">] : !loop.buffer<[37], i64, strides [1]>
    %y = loop.load %b[#loop.index<"i0">] : !loop.buffer<[37], i64, strides [1]>
    %d = loop.nonzero %y : i64
    %v = loop.floordiv %x, %d : i64
    loop.yield %v : i64
  } : !loop.buffer<[37], i64, strides [1]>
  func.return %q : !loop.buffer<[37], i64, strides [1]>
}

// CHECK:      tl.device_assert({{.*}}, 'ZeroDivisionError')
// CHECK:      'debug': True, 'sanitize_overflow': False

// EXEC: all outputs match
// BAD: raised RuntimeError: ZeroDivisionError
