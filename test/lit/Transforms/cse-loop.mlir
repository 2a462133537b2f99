// RUN: irc-opt %s -p cse --split-input-file | filecheck %s
// xDSL's cse on loop IR: a loop op whose result buffer a later op writes into (a scatter store, directly or
// through a view) allocates that buffer, so two equal ones stay two buffers; equal ones nobody writes merge.

// Two zeroed buffers, each accumulating its own scatter-add (two embedding backwards of one weight): both stay.
// CHECK-LABEL: func.func @written_buffers_stay_apart
// CHECK:         %[[A:.*]] = loop.pointwise ranges [5, 3]
// CHECK:         %[[B:.*]] = loop.pointwise ranges [5, 3]
// CHECK:         loop.store %{{.*}}, %[[A]][
// CHECK:         loop.store %{{.*}}, %[[B]][
func.func @written_buffers_stay_apart(%g: !loop.buffer<[4, 3], f32, strides [3, 1]>, %k: !loop.buffer<[4], i64, strides [1]>) -> (!loop.buffer<[5, 3], f32, strides [3, 1]>, !loop.buffer<[5, 3], f32, strides [3, 1]>) {
  %a = loop.pointwise ranges [5, 3] {
    %z = arith.constant 0.000000e+00 : f32
    loop.yield %z : f32
  } : !loop.buffer<[5, 3], f32, strides [3, 1]>
  %b = loop.pointwise ranges [5, 3] {
    %z = arith.constant 0.000000e+00 : f32
    loop.yield %z : f32
  } : !loop.buffer<[5, 3], f32, strides [3, 1]>
  loop.pointwise ranges [4, 3] {
    %v = loop.load %g[#loop.index<"3*i0 + i1">] : !loop.buffer<[4, 3], f32, strides [3, 1]>
    %t = loop.load %k[#loop.index<"i0">] : !loop.buffer<[4], i64, strides [1]>
    loop.store %v, %a[#loop.index<"i1 + 3*t0">] scatter(%t : i64) bounds [5] add : !loop.buffer<[5, 3], f32, strides [3, 1]>
    loop.yield
  }
  loop.pointwise ranges [4, 3] {
    %v = loop.load %g[#loop.index<"3*i0 + i1">] : !loop.buffer<[4, 3], f32, strides [3, 1]>
    %t = loop.load %k[#loop.index<"i0">] : !loop.buffer<[4], i64, strides [1]>
    loop.store %v, %b[#loop.index<"i1 + 3*t0">] scatter(%t : i64) bounds [5] add : !loop.buffer<[5, 3], f32, strides [3, 1]>
    loop.yield
  }
  func.return %a, %b : !loop.buffer<[5, 3], f32, strides [3, 1]>, !loop.buffer<[5, 3], f32, strides [3, 1]>
}

// -----

// One copy written through a view, the other only read: still two buffers.
// CHECK-LABEL: func.func @written_through_a_view
// CHECK:         %[[A:.*]] = loop.pointwise ranges [6]
// CHECK:         %[[B:.*]] = loop.pointwise ranges [6]
// CHECK:         %[[V:.*]] = loop.reinterpret %[[A]]
// CHECK:         loop.store %{{.*}}, %[[V]][
// CHECK:         func.return %[[A]], %[[B]]
func.func @written_through_a_view(%x: !loop.buffer<[6], f32, strides [1]>) -> (!loop.buffer<[6], f32, strides [1]>, !loop.buffer<[6], f32, strides [1]>) {
  %a = loop.pointwise ranges [6] {
    %y = loop.load %x[#loop.index<"i0">] : !loop.buffer<[6], f32, strides [1]>
    loop.yield %y : f32
  } : !loop.buffer<[6], f32, strides [1]>
  %b = loop.pointwise ranges [6] {
    %y = loop.load %x[#loop.index<"i0">] : !loop.buffer<[6], f32, strides [1]>
    loop.yield %y : f32
  } : !loop.buffer<[6], f32, strides [1]>
  %v = loop.reinterpret %a : !loop.buffer<[6], f32, strides [1]> to !loop.buffer<[2, 3], f32, strides [3, 1]>
  loop.pointwise ranges [2] {
    %one = arith.constant 1.000000e+00 : f32
    loop.store %one, %v[#loop.index<"3*i0"> ] : !loop.buffer<[2, 3], f32, strides [3, 1]>
    loop.yield
  }
  func.return %a, %b : !loop.buffer<[6], f32, strides [1]>, !loop.buffer<[6], f32, strides [1]>
}

// -----

// Equal copies nobody writes into are one buffer.
// CHECK-LABEL: func.func @unwritten_copies_merge
// CHECK:         %[[A:.*]] = loop.pointwise ranges [6]
// CHECK-NOT:     loop.pointwise
// CHECK:         func.return %[[A]], %[[A]]
func.func @unwritten_copies_merge(%x: !loop.buffer<[6], f32, strides [1]>) -> (!loop.buffer<[6], f32, strides [1]>, !loop.buffer<[6], f32, strides [1]>) {
  %a = loop.pointwise ranges [6] {
    %y = loop.load %x[#loop.index<"i0">] : !loop.buffer<[6], f32, strides [1]>
    loop.yield %y : f32
  } : !loop.buffer<[6], f32, strides [1]>
  %b = loop.pointwise ranges [6] {
    %y = loop.load %x[#loop.index<"i0">] : !loop.buffer<[6], f32, strides [1]>
    loop.yield %y : f32
  } : !loop.buffer<[6], f32, strides [1]>
  func.return %a, %b : !loop.buffer<[6], f32, strides [1]>, !loop.buffer<[6], f32, strides [1]>
}
