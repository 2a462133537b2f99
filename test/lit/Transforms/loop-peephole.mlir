// RUN: irc-opt %s -p loop-peephole,dce --split-input-file | filecheck %s

// 1 + tanh(y) (the tanh GELU): 2 * sigmoid(2y); the dead tanh goes.
// CHECK-LABEL: func.func @gelu_tanh
// CHECK:         %[[TWO:.*]] = arith.constant 2.000000e+00 : f32
// CHECK-NEXT:    %[[Y2:.*]] = arith.mulf %[[TWO]], %y : f32
// CHECK-NEXT:    %[[S:.*]] = loop.sigmoid %[[Y2]] : f32
// CHECK-NEXT:    %[[R:.*]] = arith.mulf %[[TWO]], %[[S]] : f32
// CHECK-NOT:     math.tanh
// CHECK:         loop.yield %[[R]] : f32
func.func @gelu_tanh(%x: !loop.buffer<[4], f32, strides [1]>) -> !loop.buffer<[4], f32, strides [1]> {
  %r = loop.pointwise ranges [4] {
    %y = loop.load %x[#loop.index<"i0">] : !loop.buffer<[4], f32, strides [1]>
    %t = math.tanh %y : f32
    %one = arith.constant 1.000000e+00 : f32
    %s = arith.addf %one, %t : f32
    loop.yield %s : f32
  } : !loop.buffer<[4], f32, strides [1]>
  func.return %r : !loop.buffer<[4], f32, strides [1]>
}

// -----

// tanh(y) + 1 in f64, and a tanh with another user: the tanh stays for it.
// CHECK-LABEL: func.func @tanh_plus_one_kept
// CHECK:         %[[T:.*]] = math.tanh %y : f64
// CHECK:         loop.sigmoid {{.*}} : f64
// CHECK:         arith.mulf %[[T]], {{.*}} : f64
func.func @tanh_plus_one_kept(%x: !loop.buffer<[4], f64, strides [1]>) -> !loop.buffer<[4], f64, strides [1]> {
  %r = loop.pointwise ranges [4] {
    %y = loop.load %x[#loop.index<"i0">] : !loop.buffer<[4], f64, strides [1]>
    %t = math.tanh %y : f64
    %one = arith.constant 1.000000e+00 : f64
    %s = arith.addf %t, %one : f64
    %p = arith.mulf %t, %s : f64
    loop.yield %p : f64
  } : !loop.buffer<[4], f64, strides [1]>
  func.return %r : !loop.buffer<[4], f64, strides [1]>
}

// -----

// 2 + tanh(y) is not the identity: unchanged.
// CHECK-LABEL: func.func @two_plus_tanh
// CHECK:         math.tanh
// CHECK-NOT:     loop.sigmoid
func.func @two_plus_tanh(%x: !loop.buffer<[4], f32, strides [1]>) -> !loop.buffer<[4], f32, strides [1]> {
  %r = loop.pointwise ranges [4] {
    %y = loop.load %x[#loop.index<"i0">] : !loop.buffer<[4], f32, strides [1]>
    %t = math.tanh %y : f32
    %two = arith.constant 2.000000e+00 : f32
    %s = arith.addf %two, %t : f32
    loop.yield %s : f32
  } : !loop.buffer<[4], f32, strides [1]>
  func.return %r : !loop.buffer<[4], f32, strides [1]>
}
