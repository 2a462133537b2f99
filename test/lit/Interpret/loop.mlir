// Every loop op, run by irc-run on whole buffers. x = 0, 1, 2, ... as [3, 4]; s0 = 4 binds the symbolic size.
// RUN: irc-run %s --fill arange --bind s0=4 | filecheck %s

func.func @forward(%x: !loop.buffer<[3, s0], f32, strides [s0, 1]>, %out: !loop.buffer<[3], f32, strides [2], offset 1>) -> (!loop.buffer<[3], f32, strides [1]>, !loop.buffer<[3, s0], f32, strides [s0, 1]>, !loop.buffer<[3], i1, strides [1]>, !loop.buffer<[3], i64, strides [1]>, !loop.buffer<[3], f32, strides [2], offset 1>, !loop.buffer<[s0, 3], f32, strides [1, s0]>, !loop.buffer<[3], f32, strides [1]>, !loop.buffer<[3], f32, strides [1]>) {
  // row sums with a welford mean on the side: [6, 22, 38] and means [1.5, 5.5, 9.5]
  %sum = loop.reduction sum ranges [3] reduce [s0] {
    %a = loop.load %x[#loop.index<"s0*i0 + r0">] : !loop.buffer<[3, s0], f32, strides [s0, 1]>
    loop.yield %a : f32
  } : !loop.buffer<[3], f32, strides [1]>
  %mean, %m2, %count = loop.reduction welford ranges [3] reduce [s0] {
    %a = loop.load %x[#loop.index<"s0*i0 + r0">] : !loop.buffer<[3, s0], f32, strides [s0, 1]>
    loop.yield %a : f32
  } : !loop.buffer<[3], f32, strides [1]>, !loop.buffer<[3], f32, strides [1]>, !loop.buffer<[3], f32, strides [1]>
  // scalar ops: floordiv(x, 3) + remainder(x, 3) + pow(x, 2) * sigmoid(0) + flat index + hypot(0, 0)
  %mix = loop.pointwise ranges [3, s0] {
    %a = loop.load %x[#loop.index<"s0*i0 + i1">] : !loop.buffer<[3, s0], f32, strides [s0, 1]>
    %three = arith.constant 3.0 : f32
    %q = loop.floordiv %a, %three : f32
    %r = loop.remainder %a, %three : f32
    %two = arith.constant 2 : i64
    %p = loop.pow %a, %two : f32, i64
    %zero = arith.constant 0.0 : f32
    %half = loop.sigmoid %zero : f32
    %nil = loop.hypot %zero, %zero : f32
    %i = loop.index #loop.index<"s0*i0 + i1"> : index
    %n = arith.index_cast %i : index to i64
    %f = loop.cast %n : i64 to f32
    %qr = arith.addf %q, %r : f32
    %ph = arith.mulf %p, %half : f32
    %s = arith.addf %qr, %ph : f32
    %fh = arith.addf %f, %nil : f32
    %t = arith.addf %s, %fh : f32
    loop.yield %t : f32
  } : !loop.buffer<[3, s0], f32, strides [s0, 1]>
  // isinf(1 / x) or isnan(x / x) holds only at x = 0: any over each row
  %special = loop.reduction any ranges [3] reduce [s0] {
    %a = loop.load %x[#loop.index<"s0*i0 + r0">] : !loop.buffer<[3, s0], f32, strides [s0, 1]>
    %one = arith.constant 1.0 : f32
    %inv = arith.divf %one, %a : f32
    %same = arith.divf %a, %a : f32
    %inf = loop.isinf %inv : f32
    %nan = loop.isnan %same : f32
    %either = arith.ori %inf, %nan : i1
    loop.yield %either : i1
  } : !loop.buffer<[3], i1, strides [1]>
  %arg = loop.reduction argmin ranges [3] reduce [s0] {
    %a = loop.load %x[#loop.index<"s0*i0 + r0">] : !loop.buffer<[3, s0], f32, strides [s0, 1]>
    %b = arith.negf %a : f32
    loop.yield %b : f32
  } : !loop.buffer<[3], i64, strides [1]>
  // a store-only pointwise writes the row maxima into every other element of %out (offset 1)
  loop.pointwise ranges [3] {
    %a = loop.load %x[#loop.index<"s0*i0 + s0 - 1">] : !loop.buffer<[3, s0], f32, strides [s0, 1]>
    loop.store %a, %out[#loop.index<"2*i0">] : !loop.buffer<[3], f32, strides [2], offset 1>
    loop.yield
  }
  %t = loop.reinterpret %x : !loop.buffer<[3, s0], f32, strides [s0, 1]> to !loop.buffer<[s0, 3], f32, strides [1, s0]>
  func.return %sum, %mix, %special, %arg, %out, %t, %mean, %m2 : !loop.buffer<[3], f32, strides [1]>, !loop.buffer<[3, s0], f32, strides [s0, 1]>, !loop.buffer<[3], i1, strides [1]>, !loop.buffer<[3], i64, strides [1]>, !loop.buffer<[3], f32, strides [2], offset 1>, !loop.buffer<[s0, 3], f32, strides [1, s0]>, !loop.buffer<[3], f32, strides [1]>, !loop.buffer<[3], f32, strides [1]>
}

// CHECK:      // output 0: f32 [3]
// CHECK-NEXT: [ 6., 22., 38.]
// CHECK-NEXT: // output 1: f32 [3, 4]
// CHECK-NEXT: {{\[\[}} 0. ,  2.5,  6. ,  8.5],
// CHECK-NEXT:  [14. , 20.5, 26. , 34.5],
// CHECK-NEXT:  [44. , 52.5, 64. , 76.5]]
// CHECK-NEXT: // output 2: i1 [3]
// CHECK-NEXT: [ True, False, False]
// CHECK-NEXT: // output 3: i64 [3]
// CHECK-NEXT: [3, 3, 3]
// CHECK-NEXT: // output 4: f32 [3]
// CHECK-NEXT: [ 3.,  7., 11.]
// CHECK-NEXT: // output 5: f32 [4, 3]
// CHECK-NEXT: {{\[\[}} 0.,  4.,  8.],
// CHECK-NEXT:  [ 1.,  5.,  9.],
// CHECK-NEXT:  [ 2.,  6., 10.],
// CHECK-NEXT:  [ 3.,  7., 11.]]
// CHECK-NEXT: // output 6: f32 [3]
// CHECK-NEXT: [1.5, 5.5, 9.5]
// CHECK-NEXT: // output 7: f32 [3]
// CHECK-NEXT: [5., 5., 5.]
