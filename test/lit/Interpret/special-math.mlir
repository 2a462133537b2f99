// Each scalar op of a libdevice row of dialects/elementwise.py, run by irc-run. x = 0, 1, 2, 3;
// h = x / 4 - 0.4 (inside erfinv's and ndtri's domains), m = -x.
// RUN: irc-run %s --fill arange | filecheck %s

func.func @forward(%in: !loop.buffer<[4], f32, strides [1]>) -> (!loop.buffer<[4], f32, strides [1]>, !loop.buffer<[4], f32, strides [1]>, !loop.buffer<[4], f32, strides [1]>, !loop.buffer<[4], f32, strides [1]>, !loop.buffer<[4], f32, strides [1]>, !loop.buffer<[4], f32, strides [1]>, !loop.buffer<[4], f32, strides [1]>, !loop.buffer<[4], f32, strides [1]>, !loop.buffer<[4], f32, strides [1]>, !loop.buffer<[4], f32, strides [1]>, !loop.buffer<[4], f32, strides [1]>, !loop.buffer<[4], i1, strides [1]>, !loop.buffer<[4], f32, strides [1]>, !loop.buffer<[4], f32, strides [1]>) {
  %erfc = loop.pointwise ranges [4] {
    %x = loop.load %in[#loop.index<"i0">] : !loop.buffer<[4], f32, strides [1]>
    %quarter = arith.constant 0.25 : f32
    %shift = arith.constant 0.4 : f32
    %q = arith.mulf %x, %quarter : f32
    %h = arith.subf %q, %shift : f32
    %m = arith.negf %x : f32
    %y = loop.erfc %x : f32
    loop.yield %y : f32
  } : !loop.buffer<[4], f32, strides [1]>
  %lgamma = loop.pointwise ranges [4] {
    %x = loop.load %in[#loop.index<"i0">] : !loop.buffer<[4], f32, strides [1]>
    %quarter = arith.constant 0.25 : f32
    %shift = arith.constant 0.4 : f32
    %q = arith.mulf %x, %quarter : f32
    %h = arith.subf %q, %shift : f32
    %m = arith.negf %x : f32
    %y = loop.lgamma %x : f32
    loop.yield %y : f32
  } : !loop.buffer<[4], f32, strides [1]>
  %erfinv = loop.pointwise ranges [4] {
    %x = loop.load %in[#loop.index<"i0">] : !loop.buffer<[4], f32, strides [1]>
    %quarter = arith.constant 0.25 : f32
    %shift = arith.constant 0.4 : f32
    %q = arith.mulf %x, %quarter : f32
    %h = arith.subf %q, %shift : f32
    %m = arith.negf %x : f32
    %y = loop.erfinv %h : f32
    loop.yield %y : f32
  } : !loop.buffer<[4], f32, strides [1]>
  %i0 = loop.pointwise ranges [4] {
    %x = loop.load %in[#loop.index<"i0">] : !loop.buffer<[4], f32, strides [1]>
    %quarter = arith.constant 0.25 : f32
    %shift = arith.constant 0.4 : f32
    %q = arith.mulf %x, %quarter : f32
    %h = arith.subf %q, %shift : f32
    %m = arith.negf %x : f32
    %y = loop.i0 %x : f32
    loop.yield %y : f32
  } : !loop.buffer<[4], f32, strides [1]>
  %i1 = loop.pointwise ranges [4] {
    %x = loop.load %in[#loop.index<"i0">] : !loop.buffer<[4], f32, strides [1]>
    %quarter = arith.constant 0.25 : f32
    %shift = arith.constant 0.4 : f32
    %q = arith.mulf %x, %quarter : f32
    %h = arith.subf %q, %shift : f32
    %m = arith.negf %x : f32
    %y = loop.i1 %x : f32
    loop.yield %y : f32
  } : !loop.buffer<[4], f32, strides [1]>
  %erfcx = loop.pointwise ranges [4] {
    %x = loop.load %in[#loop.index<"i0">] : !loop.buffer<[4], f32, strides [1]>
    %quarter = arith.constant 0.25 : f32
    %shift = arith.constant 0.4 : f32
    %q = arith.mulf %x, %quarter : f32
    %h = arith.subf %q, %shift : f32
    %m = arith.negf %x : f32
    %y = loop.erfcx %x : f32
    loop.yield %y : f32
  } : !loop.buffer<[4], f32, strides [1]>
  %ndtri = loop.pointwise ranges [4] {
    %x = loop.load %in[#loop.index<"i0">] : !loop.buffer<[4], f32, strides [1]>
    %quarter = arith.constant 0.25 : f32
    %shift = arith.constant 0.4 : f32
    %q = arith.mulf %x, %quarter : f32
    %h = arith.subf %q, %shift : f32
    %m = arith.negf %x : f32
    %y = loop.ndtri %h : f32
    loop.yield %y : f32
  } : !loop.buffer<[4], f32, strides [1]>
  %bessel_j0 = loop.pointwise ranges [4] {
    %x = loop.load %in[#loop.index<"i0">] : !loop.buffer<[4], f32, strides [1]>
    %quarter = arith.constant 0.25 : f32
    %shift = arith.constant 0.4 : f32
    %q = arith.mulf %x, %quarter : f32
    %h = arith.subf %q, %shift : f32
    %m = arith.negf %x : f32
    %y = loop.bessel_j0 %x : f32
    loop.yield %y : f32
  } : !loop.buffer<[4], f32, strides [1]>
  %bessel_j1 = loop.pointwise ranges [4] {
    %x = loop.load %in[#loop.index<"i0">] : !loop.buffer<[4], f32, strides [1]>
    %quarter = arith.constant 0.25 : f32
    %shift = arith.constant 0.4 : f32
    %q = arith.mulf %x, %quarter : f32
    %h = arith.subf %q, %shift : f32
    %m = arith.negf %x : f32
    %y = loop.bessel_j1 %x : f32
    loop.yield %y : f32
  } : !loop.buffer<[4], f32, strides [1]>
  %bessel_y0 = loop.pointwise ranges [4] {
    %x = loop.load %in[#loop.index<"i0">] : !loop.buffer<[4], f32, strides [1]>
    %quarter = arith.constant 0.25 : f32
    %shift = arith.constant 0.4 : f32
    %q = arith.mulf %x, %quarter : f32
    %h = arith.subf %q, %shift : f32
    %m = arith.negf %x : f32
    %y = loop.bessel_y0 %x : f32
    loop.yield %y : f32
  } : !loop.buffer<[4], f32, strides [1]>
  %bessel_y1 = loop.pointwise ranges [4] {
    %x = loop.load %in[#loop.index<"i0">] : !loop.buffer<[4], f32, strides [1]>
    %quarter = arith.constant 0.25 : f32
    %shift = arith.constant 0.4 : f32
    %q = arith.mulf %x, %quarter : f32
    %h = arith.subf %q, %shift : f32
    %m = arith.negf %x : f32
    %y = loop.bessel_y1 %x : f32
    loop.yield %y : f32
  } : !loop.buffer<[4], f32, strides [1]>
  %signbit = loop.pointwise ranges [4] {
    %x = loop.load %in[#loop.index<"i0">] : !loop.buffer<[4], f32, strides [1]>
    %quarter = arith.constant 0.25 : f32
    %shift = arith.constant 0.4 : f32
    %q = arith.mulf %x, %quarter : f32
    %h = arith.subf %q, %shift : f32
    %m = arith.negf %x : f32
    %y = loop.signbit %m : f32
    loop.yield %y : i1
  } : !loop.buffer<[4], i1, strides [1]>
  %fmod = loop.pointwise ranges [4] {
    %x = loop.load %in[#loop.index<"i0">] : !loop.buffer<[4], f32, strides [1]>
    %quarter = arith.constant 0.25 : f32
    %shift = arith.constant 0.4 : f32
    %q = arith.mulf %x, %quarter : f32
    %h = arith.subf %q, %shift : f32
    %m = arith.negf %x : f32
    %y = loop.fmod %x, %m : f32
    loop.yield %y : f32
  } : !loop.buffer<[4], f32, strides [1]>
  %nextafter = loop.pointwise ranges [4] {
    %x = loop.load %in[#loop.index<"i0">] : !loop.buffer<[4], f32, strides [1]>
    %quarter = arith.constant 0.25 : f32
    %shift = arith.constant 0.4 : f32
    %q = arith.mulf %x, %quarter : f32
    %h = arith.subf %q, %shift : f32
    %m = arith.negf %x : f32
    %y = loop.nextafter %x, %m : f32
    loop.yield %y : f32
  } : !loop.buffer<[4], f32, strides [1]>
  func.return %erfc, %lgamma, %erfinv, %i0, %i1, %erfcx, %ndtri, %bessel_j0, %bessel_j1, %bessel_y0, %bessel_y1, %signbit, %fmod, %nextafter : !loop.buffer<[4], f32, strides [1]>, !loop.buffer<[4], f32, strides [1]>, !loop.buffer<[4], f32, strides [1]>, !loop.buffer<[4], f32, strides [1]>, !loop.buffer<[4], f32, strides [1]>, !loop.buffer<[4], f32, strides [1]>, !loop.buffer<[4], f32, strides [1]>, !loop.buffer<[4], f32, strides [1]>, !loop.buffer<[4], f32, strides [1]>, !loop.buffer<[4], f32, strides [1]>, !loop.buffer<[4], f32, strides [1]>, !loop.buffer<[4], i1, strides [1]>, !loop.buffer<[4], f32, strides [1]>, !loop.buffer<[4], f32, strides [1]>
}

// CHECK:      // output 0: f32 [4]
// CHECK-NEXT: [1.    , 0.1573, 0.0047, 0.    ]
// CHECK-NEXT: // output 1: f32 [4]
// CHECK-NEXT: [   inf, 0.    , 0.    , 0.6931]
// CHECK-NEXT: // output 2: f32 [4]
// CHECK-NEXT: [-0.3708, -0.1337,  0.0889,  0.3209]
// CHECK-NEXT: // output 3: f32 [4]
// CHECK-NEXT: [1.    , 1.2661, 2.2796, 4.8808]
// CHECK-NEXT: // output 4: f32 [4]
// CHECK-NEXT: [0.    , 0.5652, 1.5906, 3.9534]
// CHECK-NEXT: // output 5: f32 [4]
// CHECK-NEXT: [1.    , 0.4276, 0.2554, 0.179 ]
// CHECK-NEXT: // output 6: f32 [4]
// CHECK-NEXT: [    nan,     nan, -1.2816, -0.3853]
// CHECK-NEXT: // output 7: f32 [4]
// CHECK-NEXT: [ 1.    ,  0.7652,  0.2239, -0.2601]
// CHECK-NEXT: // output 8: f32 [4]
// CHECK-NEXT: [0.    , 0.4401, 0.5767, 0.3391]
// CHECK-NEXT: // output 9: f32 [4]
// CHECK-NEXT: [  -inf, 0.0883, 0.5104, 0.3769]
// CHECK-NEXT: // output 10: f32 [4]
// CHECK-NEXT: [   -inf, -0.7812, -0.107 ,  0.3247]
// CHECK-NEXT: // output 11: i1 [4]
// CHECK-NEXT: [ True,  True,  True,  True]
// CHECK-NEXT: // output 12: f32 [4]
// CHECK-NEXT: [nan,  0.,  0.,  0.]
// CHECK-NEXT: // output 13: f32 [4]
// CHECK-NEXT: [-0.,  1.,  2.,  3.]
