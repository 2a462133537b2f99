// A gather at one computed index for every point (a wrapped constant): its bounds check is a scalar i1, splat to
// the block's shape through int8 (Triton's interpreter splats a comparison's result in the compared type, which
// masked loads reject); run against torch.
// RUN: irc-opt %s -p kernel-fuse,kernel-tile,convert-kernel-to-triton -t triton -o %t.py
// RUN: filecheck %s < %t.py
// RUN: %python %S/Inputs/check_module.py %t.py "(a0[3].expand(3),)" | filecheck %s --check-prefix=EXEC

// CHECK:       (tl.full([XBLOCK], tmp{{[0-9]+}}, tl.int8) != 0)
// EXEC: all outputs match

func.func @forward(%x: !loop.buffer<[5], f32, strides [1]>) -> !loop.buffer<[3], f32, strides [1]> {
  %r = loop.pointwise ranges [3] {
    %k = arith.constant -2 : i64
    %z = arith.constant 0 : i64
    %n = arith.constant 5 : i64
    %neg = arith.cmpi slt, %k, %z : i64
    %up = arith.addi %k, %n : i64
    %w = arith.select %neg, %up, %k : i64
    %v = loop.load %x[#loop.index<"t0">] gather(%w : i64) bounds [5] : !loop.buffer<[5], f32, strides [1]>
    loop.yield %v : f32
  } : !loop.buffer<[3], f32, strides [1]>
  func.return %r : !loop.buffer<[3], f32, strides [1]>
}
