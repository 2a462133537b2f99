// Scatter stores that keep the larger (smaller) of the element and the value: tl.atomic_max / tl.atomic_min at
// loaded index values, masked where they are out of range (two points name row 1); run against torch.
// RUN: irc-opt %s -p kernel-fuse,kernel-tile,convert-kernel-to-triton -t triton -o %t.py
// RUN: filecheck %s < %t.py
// RUN: %python %S/Inputs/check_module.py %t.py "(a0.index_reduce(0, a1, a2, 'amax'), a0.index_reduce(0, a1, a2, 'amin'))" --prepare "a1.copy_(torch.tensor([1, 1, 4, 0]))" | filecheck %s --check-prefix=EXEC

// CHECK:       def triton_poi_{{.*}}(
// CHECK-DAG:     tl.atomic_max(in_ptr{{[0-9]+}} + (tmp{{[0-9]+}}), tmp{{[0-9]+}}, tmp{{[0-9]+}})
// CHECK-DAG:     tl.atomic_min(in_ptr{{[0-9]+}} + (tmp{{[0-9]+}}), tmp{{[0-9]+}}, tmp{{[0-9]+}})

// EXEC-COUNT-2: ok
// EXEC: all outputs match

func.func @forward(%x: !loop.buffer<[5, 3], i32, strides [3, 1]>, %i: !loop.buffer<[4], i64, strides [1]>, %v: !loop.buffer<[4, 3], i32, strides [3, 1]>) -> (!loop.buffer<[5, 3], i32, strides [3, 1]>, !loop.buffer<[5, 3], i32, strides [3, 1]>) {
  %r = loop.pointwise ranges [5, 3] {
    %0 = loop.load %x[#loop.index<"3*i0 + i1">] : !loop.buffer<[5, 3], i32, strides [3, 1]>
    loop.yield %0 : i32
  } : !loop.buffer<[5, 3], i32, strides [3, 1]>
  %s = loop.pointwise ranges [5, 3] {
    %1 = loop.load %x[#loop.index<"3*i0 + i1">] : !loop.buffer<[5, 3], i32, strides [3, 1]>
    loop.yield %1 : i32
  } : !loop.buffer<[5, 3], i32, strides [3, 1]>
  loop.pointwise ranges [4, 3] {
    %2 = loop.load %i[#loop.index<"i0">] : !loop.buffer<[4], i64, strides [1]>
    %3 = loop.load %v[#loop.index<"3*i0 + i1">] : !loop.buffer<[4, 3], i32, strides [3, 1]>
    loop.store %3, %r[#loop.index<"i1 + 3*t0">] scatter(%2 : i64) bounds [5] max : !loop.buffer<[5, 3], i32, strides [3, 1]>
    loop.store %3, %s[#loop.index<"i1 + 3*t0">] scatter(%2 : i64) bounds [5] min : !loop.buffer<[5, 3], i32, strides [3, 1]>
    loop.yield
  }
  func.return %r, %s : !loop.buffer<[5, 3], i32, strides [3, 1]>, !loop.buffer<[5, 3], i32, strides [3, 1]>
}
