// Scatter stores: a copy kernel, then a kernel storing at loaded index values, masked where they are out of range:
// tl.atomic_add where the store adds (two points name row 1), tl.store where it writes; run against torch.
// RUN: irc-opt %s -p kernel-fuse,kernel-tile,convert-kernel-to-triton -t triton -o %t.py
// RUN: filecheck %s < %t.py
// RUN: %python %S/Inputs/check_module.py %t.py "(a0.index_put((a1,), a2, accumulate=True), a0.index_put((a1[:1],), a2[:1]))" --prepare "a1.copy_(torch.tensor([1, 1, -1, 0]))" | filecheck %s --check-prefix=EXEC

// CHECK:       def triton_poi_fused_{{.*}}(
// CHECK:         tl.atomic_add(in_ptr{{[0-9]+}} + (tmp{{[0-9]+}}), tmp{{[0-9]+}}, tmp{{[0-9]+}})
// CHECK:         tl.store(in_ptr{{[0-9]+}} + (tmp{{[0-9]+}}), tmp{{[0-9]+}}, tmp{{[0-9]+}})

// EXEC-COUNT-2: ok
// EXEC: all outputs match

func.func @forward(%x: !loop.buffer<[5, 3], f32, strides [3, 1]>, %i: !loop.buffer<[4], i64, strides [1]>, %v: !loop.buffer<[4, 3], f32, strides [3, 1]>) -> (!loop.buffer<[5, 3], f32, strides [3, 1]>, !loop.buffer<[5, 3], f32, strides [3, 1]>) {
  %r = loop.pointwise ranges [5, 3] {
    %0 = loop.load %x[#loop.index<"3*i0 + i1">] : !loop.buffer<[5, 3], f32, strides [3, 1]>
    loop.yield %0 : f32
  } : !loop.buffer<[5, 3], f32, strides [3, 1]>
  %s = loop.pointwise ranges [5, 3] {
    %1 = loop.load %x[#loop.index<"3*i0 + i1">] : !loop.buffer<[5, 3], f32, strides [3, 1]>
    loop.yield %1 : f32
  } : !loop.buffer<[5, 3], f32, strides [3, 1]>
  loop.pointwise ranges [4, 3] {
    %2 = loop.load %i[#loop.index<"i0">] : !loop.buffer<[4], i64, strides [1]>
    %3 = arith.constant 0 : i64
    %4 = arith.cmpi slt, %2, %3 : i64
    %5 = arith.constant 5 : i64
    %6 = arith.addi %2, %5 : i64
    %7 = arith.select %4, %6, %2 : i64
    %8 = loop.load %v[#loop.index<"3*i0 + i1">] : !loop.buffer<[4, 3], f32, strides [3, 1]>
    loop.store %8, %r[#loop.index<"i1 + 3*t0">] scatter(%7 : i64) bounds [5] add : !loop.buffer<[5, 3], f32, strides [3, 1]>
    loop.yield
  }
  loop.pointwise ranges [1, 3] {
    %9 = loop.load %i[#loop.index<"i0">] : !loop.buffer<[4], i64, strides [1]>
    %10 = loop.load %v[#loop.index<"3*i0 + i1">] : !loop.buffer<[4, 3], f32, strides [3, 1]>
    loop.store %10, %s[#loop.index<"i1 + 3*t0">] scatter(%9 : i64) bounds [5] : !loop.buffer<[5, 3], f32, strides [3, 1]>
    loop.yield
  }
  func.return %r, %s : !loop.buffer<[5, 3], f32, strides [3, 1]>, !loop.buffer<[5, 3], f32, strides [3, 1]>
}
