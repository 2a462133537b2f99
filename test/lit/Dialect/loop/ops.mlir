// RUN: IRC_ROUNDTRIP
// RUN: IRC_GENERIC_ROUNDTRIP

// The worked example: sigmoid(sum(x + y, dim=1)) for x, y of [3, 9], with nested arith/math ops.
%x = "test.op"() : () -> !loop.buffer<[3, 9], f32, strides [9, 1]>
%y = "test.op"() : () -> !loop.buffer<[3, 9], f32, strides [9, 1]>
%buf0 = loop.reduction sum ranges [3] reduce [9] {
  %a = loop.load %x[#loop.index<"9*i0 + r0">] : !loop.buffer<[3, 9], f32, strides [9, 1]>
  %b = loop.load %y[#loop.index<"r0 + i0*9">] : !loop.buffer<[3, 9], f32, strides [9, 1]>
  %c = arith.addf %a, %b : f32
  loop.yield %c : f32
} : !loop.buffer<[3], f32, strides [1]>
%buf1 = loop.pointwise ranges [3] {
  %d = loop.load %buf0[#loop.index<"i0">] : !loop.buffer<[3], f32, strides [1]>
  %e = loop.sigmoid %d : f32
  %f = math.exp %e : f32
  loop.yield %f : f32
} : !loop.buffer<[3], f32, strides [1]>

// CHECK:      %buf0 = loop.reduction sum ranges [3] reduce [9] {
// CHECK-NEXT:   %a = loop.load %x[#loop.index<"9*i0 + r0">] : !loop.buffer<[3, 9], f32, strides [9, 1]>
// CHECK-NEXT:   %b = loop.load %y[#loop.index<"9*i0 + r0">] : !loop.buffer<[3, 9], f32, strides [9, 1]>
// CHECK-NEXT:   %c = arith.addf %a, %b : f32
// CHECK-NEXT:   loop.yield %c : f32
// CHECK-NEXT: } : !loop.buffer<[3], f32, strides [1]>
// CHECK-NEXT: %buf1 = loop.pointwise ranges [3] {
// CHECK-NEXT:   %d = loop.load %buf0[#loop.index<"i0">] : !loop.buffer<[3], f32, strides [1]>
// CHECK-NEXT:   %e = loop.sigmoid %d : f32
// CHECK-NEXT:   %f = math.exp %e : f32
// CHECK-NEXT:   loop.yield %f : f32
// CHECK-NEXT: } : !loop.buffer<[3], f32, strides [1]>

// GENERIC:      %buf0 = "loop.reduction"() <{kind = "sum", ranges = [#builtin.int<3>], reduce = [#builtin.int<9>]}> ({
// GENERIC-NEXT:   %a = "loop.load"(%x) <{index = #loop.index<"9*i0 + r0">}> : (!loop.buffer<[3, 9], f32, strides [9, 1]>) -> f32
// GENERIC:        "loop.yield"(%c) : (f32) -> ()
// GENERIC-NEXT: }) : () -> !loop.buffer<[3], f32, strides [1]>
// GENERIC:      %e = "loop.sigmoid"(%d) : (f32) -> f32

// -----

// Symbolic sizes, a store-only pointwise into a buffer with a non-zero offset, and loop.reinterpret.
%x = "test.op"() : () -> !loop.buffer<[3, s0], f16, strides [s0, 1]>
%out = "test.op"() : () -> !loop.buffer<[3, s0], f16, strides ["2*s0", 1], offset "s0 + 4">
%big = "test.op"() : () -> !loop.buffer<[4, 3], f32, strides [3, 1], offset 7>
%sq = loop.pointwise ranges [3, s0] {
  %a = loop.load %x[#loop.index<"s0*i0 + i1">] : !loop.buffer<[3, s0], f16, strides [s0, 1]>
  %b = arith.mulf %a, %a : f16
  loop.yield %b : f16
} : !loop.buffer<[3, s0], f16, strides [s0, 1]>
loop.pointwise ranges [3, s0] {
  %a = loop.load %sq[#loop.index<"s0*i0 + i1">] : !loop.buffer<[3, s0], f16, strides [s0, 1]>
  loop.store %a, %out[#loop.index<"2*s0*i0 + i1">] : !loop.buffer<[3, s0], f16, strides ["2*s0", 1], offset "s0 + 4">
  loop.yield
}
%t = loop.reinterpret %big : !loop.buffer<[4, 3], f32, strides [3, 1], offset 7> to !loop.buffer<[3, 4], f32, strides [1, 3], offset 7>
%flat = loop.pointwise ranges ["2*s1"] {
  %i = loop.index #loop.index<"i0 + 1"> : index
  %c = arith.index_cast %i : index to i64
  %f = loop.cast %c : i64 to f32
  loop.yield %f : f32
} : !loop.buffer<["2*s1"], f32, strides [1]>

// CHECK:      %sq = loop.pointwise ranges [3, s0] {
// CHECK-NEXT:   %a = loop.load %x[#loop.index<"i0*s0 + i1">] : !loop.buffer<[3, s0], f16, strides [s0, 1]>
// CHECK-NEXT:   %b = arith.mulf %a, %a : f16
// CHECK-NEXT:   loop.yield %b : f16
// CHECK-NEXT: } : !loop.buffer<[3, s0], f16, strides [s0, 1]>
// CHECK-NEXT: loop.pointwise ranges [3, s0] {
// CHECK-NEXT:   %{{.*}} = loop.load %sq[#loop.index<"i0*s0 + i1">] : !loop.buffer<[3, s0], f16, strides [s0, 1]>
// CHECK-NEXT:   loop.store %{{.*}}, %out[#loop.index<"2*i0*s0 + i1">] : !loop.buffer<[3, s0], f16, strides ["2*s0", 1], offset "s0 + 4">
// CHECK-NEXT:   loop.yield
// CHECK-NEXT: }
// CHECK-NEXT: %t = loop.reinterpret %big : !loop.buffer<[4, 3], f32, strides [3, 1], offset 7> to !loop.buffer<[3, 4], f32, strides [1, 3], offset 7>
// CHECK-NEXT: %flat = loop.pointwise ranges ["2*s1"] {
// CHECK-NEXT:   %i = loop.index #loop.index<"i0 + 1"> : index
// CHECK-NEXT:   %c = arith.index_cast %i : index to i64
// CHECK-NEXT:   %f = loop.cast %c : i64 to f32
// CHECK-NEXT:   loop.yield %f : f32
// CHECK-NEXT: } : !loop.buffer<["2*s1"], f32, strides [1]>

// GENERIC:      "loop.pointwise"() <{ranges = [#builtin.int<3>, "s0"]}> ({
// GENERIC:        "loop.store"(%{{.*}}, %out) <{index = #loop.index<"2*i0*s0 + i1">}> : (f16, !loop.buffer<[3, s0], f16, strides ["2*s0", 1], offset "s0 + 4">) -> ()
// GENERIC-NEXT:   "loop.yield"() : () -> ()
// GENERIC-NEXT: }) : () -> ()
// GENERIC-NEXT: %t = "loop.reinterpret"(%big) : (!loop.buffer<[4, 3], f32, strides [3, 1], offset 7>) -> !loop.buffer<[3, 4], f32, strides [1, 3], offset 7>
// GENERIC:      %i = "loop.index"() <{index = #loop.index<"i0 + 1">}> : () -> index
// GENERIC:      %f = "loop.cast"(%c) : (i64) -> f32

// -----

// Every reduction kind.
%x = "test.op"() : () -> !loop.buffer<[4, s0], f32, strides [s0, 1]>
%m = "test.op"() : () -> !loop.buffer<[4, s0], i1, strides [s0, 1]>
%sum = loop.reduction sum ranges [4] reduce [s0] {
  %a = loop.load %x[#loop.index<"s0*i0 + r0">] : !loop.buffer<[4, s0], f32, strides [s0, 1]>
  loop.yield %a : f32
} : !loop.buffer<[4], f32, strides [1]>
%prod = loop.reduction prod ranges [4] reduce [s0] {
  %a = loop.load %x[#loop.index<"s0*i0 + r0">] : !loop.buffer<[4, s0], f32, strides [s0, 1]>
  loop.yield %a : f32
} : !loop.buffer<[4], f32, strides [1]>
%max = loop.reduction max ranges [] reduce [4, s0] {
  %a = loop.load %x[#loop.index<"s0*r0 + r1">] : !loop.buffer<[4, s0], f32, strides [s0, 1]>
  loop.yield %a : f32
} : !loop.buffer<[], f32, strides []>
%min = loop.reduction min ranges [s0] reduce [4] {
  %a = loop.load %x[#loop.index<"s0*r0 + i0">] : !loop.buffer<[4, s0], f32, strides [s0, 1]>
  loop.yield %a : f32
} : !loop.buffer<[s0], f32, strides [1]>
%amax = loop.reduction argmax ranges [4] reduce [s0] {
  %a = loop.load %x[#loop.index<"s0*i0 + r0">] : !loop.buffer<[4, s0], f32, strides [s0, 1]>
  loop.yield %a : f32
} : !loop.buffer<[4], i64, strides [1]>
%amin = loop.reduction argmin ranges [4] reduce [s0] {
  %a = loop.load %x[#loop.index<"s0*i0 + r0">] : !loop.buffer<[4, s0], f32, strides [s0, 1]>
  loop.yield %a : f32
} : !loop.buffer<[4], i64, strides [1]>
%any = loop.reduction any ranges [4] reduce [s0] {
  %a = loop.load %x[#loop.index<"s0*i0 + r0">] : !loop.buffer<[4, s0], f32, strides [s0, 1]>
  %n = loop.isnan %a : f32
  loop.yield %n : i1
} : !loop.buffer<[4], i1, strides [1]>
%all = loop.reduction all ranges [4] reduce [s0] {
  %a = loop.load %m[#loop.index<"s0*i0 + r0">] : !loop.buffer<[4, s0], i1, strides [s0, 1]>
  loop.yield %a : i1
} : !loop.buffer<[4], i1, strides [1]>
%mean, %m2, %count = loop.reduction welford ranges [4] reduce [s0] {
  %a = loop.load %x[#loop.index<"s0*i0 + r0">] : !loop.buffer<[4, s0], f32, strides [s0, 1]>
  loop.yield %a : f32
} : !loop.buffer<[4], f32, strides [1]>, !loop.buffer<[4], f32, strides [1]>, !loop.buffer<[4], f32, strides [1]>

// CHECK:      %sum = loop.reduction sum ranges [4] reduce [s0] {
// CHECK:      } : !loop.buffer<[4], f32, strides [1]>
// CHECK:      %prod = loop.reduction prod ranges [4] reduce [s0] {
// CHECK:      } : !loop.buffer<[4], f32, strides [1]>
// CHECK:      %max = loop.reduction max ranges [] reduce [4, s0] {
// CHECK-NEXT:   %{{.*}} = loop.load %x[#loop.index<"r0*s0 + r1">] : !loop.buffer<[4, s0], f32, strides [s0, 1]>
// CHECK:      } : !loop.buffer<[], f32, strides []>
// CHECK:      %min = loop.reduction min ranges [s0] reduce [4] {
// CHECK:      } : !loop.buffer<[s0], f32, strides [1]>
// CHECK:      %amax = loop.reduction argmax ranges [4] reduce [s0] {
// CHECK:      } : !loop.buffer<[4], i64, strides [1]>
// CHECK:      %amin = loop.reduction argmin ranges [4] reduce [s0] {
// CHECK:      } : !loop.buffer<[4], i64, strides [1]>
// CHECK:      %any = loop.reduction any ranges [4] reduce [s0] {
// CHECK:        %n = loop.isnan %{{.*}} : f32
// CHECK-NEXT:   loop.yield %n : i1
// CHECK-NEXT: } : !loop.buffer<[4], i1, strides [1]>
// CHECK:      %all = loop.reduction all ranges [4] reduce [s0] {
// CHECK:      } : !loop.buffer<[4], i1, strides [1]>
// CHECK:      %mean, %m2, %count = loop.reduction welford ranges [4] reduce [s0] {
// CHECK:      } : !loop.buffer<[4], f32, strides [1]>, !loop.buffer<[4], f32, strides [1]>, !loop.buffer<[4], f32, strides [1]>

// GENERIC:    %amax = "loop.reduction"() <{kind = "argmax", ranges = [#builtin.int<4>], reduce = ["s0"]}> ({
// GENERIC:    %mean, %m2, %count = "loop.reduction"() <{kind = "welford", ranges = [#builtin.int<4>], reduce = ["s0"]}> ({
// GENERIC:    }) : () -> (!loop.buffer<[4], f32, strides [1]>, !loop.buffer<[4], f32, strides [1]>, !loop.buffer<[4], f32, strides [1]>)

// -----

// The scalar ops arith/math lack, and a load nested in a region inside the body.
%x = "test.op"() : () -> !loop.buffer<[8], f32, strides [1]>
%k = "test.op"() : () -> !loop.buffer<[8], i32, strides [1]>
%r = loop.pointwise ranges [8] {
  %a = loop.load %x[#loop.index<"i0">] : !loop.buffer<[8], f32, strides [1]>
  %n = loop.load %k[#loop.index<"i0">] : !loop.buffer<[8], i32, strides [1]>
  %inf = loop.isinf %a : f32
  %nan = loop.isnan %a : f32
  %fd = loop.floordiv %n, %n : i32
  %fdf = loop.floordiv %a, %a : f32
  %rem = loop.remainder %n, %fd : i32
  %remf = loop.remainder %a, %fdf : f32
  %p = loop.pow %a, %rem : f32, i32
  %pf = loop.pow %a, %remf : f32, f32
  %hy = loop.hypot %a, %pf : f32
  %erfc = loop.erfc %a : f32
  %lgamma = loop.lgamma %a : f32
  %erfinv = loop.erfinv %a : f32
  %i0 = loop.i0 %a : f32
  %i1 = loop.i1 %a : f32
  %erfcx = loop.erfcx %a : f32
  %ndtri = loop.ndtri %a : f32
  %bessel_j0 = loop.bessel_j0 %a : f32
  %bessel_j1 = loop.bessel_j1 %a : f32
  %bessel_y0 = loop.bessel_y0 %a : f32
  %bessel_y1 = loop.bessel_y1 %a : f32
  %sb = loop.signbit %a : f32
  %fm = loop.fmod %a, %pf : f32
  %na = loop.nextafter %a, %pf : f32
  %h = loop.cast %pf : f32 to f16
  %bf = loop.cast %inf : i1 to bf16
  %v = scf.if %nan -> (f32) {
    %z = loop.load %x[#loop.index<"7 - i0">] : !loop.buffer<[8], f32, strides [1]>
    scf.yield %z : f32
  } else {
    scf.yield %p : f32
  }
  loop.yield %v : f32
} : !loop.buffer<[8], f32, strides [1]>

// CHECK:      %inf = loop.isinf %a : f32
// CHECK-NEXT: %nan = loop.isnan %a : f32
// CHECK-NEXT: %fd = loop.floordiv %n, %n : i32
// CHECK-NEXT: %fdf = loop.floordiv %a, %a : f32
// CHECK-NEXT: %rem = loop.remainder %n, %fd : i32
// CHECK-NEXT: %remf = loop.remainder %a, %fdf : f32
// CHECK-NEXT: %p = loop.pow %a, %rem : f32, i32
// CHECK-NEXT: %pf = loop.pow %a, %remf : f32, f32
// CHECK-NEXT: %hy = loop.hypot %a, %pf : f32
// CHECK-NEXT: %erfc = loop.erfc %a : f32
// CHECK-NEXT: %lgamma = loop.lgamma %a : f32
// CHECK-NEXT: %erfinv = loop.erfinv %a : f32
// CHECK-NEXT: %i0 = loop.i0 %a : f32
// CHECK-NEXT: %i1 = loop.i1 %a : f32
// CHECK-NEXT: %erfcx = loop.erfcx %a : f32
// CHECK-NEXT: %ndtri = loop.ndtri %a : f32
// CHECK-NEXT: %bessel_j0 = loop.bessel_j0 %a : f32
// CHECK-NEXT: %bessel_j1 = loop.bessel_j1 %a : f32
// CHECK-NEXT: %bessel_y0 = loop.bessel_y0 %a : f32
// CHECK-NEXT: %bessel_y1 = loop.bessel_y1 %a : f32
// CHECK-NEXT: %sb = loop.signbit %a : f32
// CHECK-NEXT: %fm = loop.fmod %a, %pf : f32
// CHECK-NEXT: %na = loop.nextafter %a, %pf : f32
// CHECK-NEXT: %h = loop.cast %pf : f32 to f16
// CHECK-NEXT: %bf = loop.cast %inf : i1 to bf16
// CHECK-NEXT: %v = scf.if %nan -> (f32) {
// CHECK-NEXT:   %z = loop.load %x[#loop.index<"7 - i0">] : !loop.buffer<[8], f32, strides [1]>

// GENERIC:      %inf = "loop.isinf"(%a) : (f32) -> i1
// GENERIC:      %fd = "loop.floordiv"(%n, %n) : (i32, i32) -> i32
// GENERIC:      %rem = "loop.remainder"(%n, %fd) : (i32, i32) -> i32
// GENERIC:      %p = "loop.pow"(%a, %rem) : (f32, i32) -> f32
// GENERIC:      %sb = "loop.signbit"(%a) : (f32) -> i1

// -----

// A gather load: the index names its loaded integer values t0, t1, ... with the size each indexes.
%x = "test.op"() : () -> !loop.buffer<[3, s0], f16, strides [s0, 1]>
%t = "test.op"() : () -> !loop.buffer<[3], i32, strides [1]>
%g = loop.pointwise ranges [3] {
  %k = loop.load %t[#loop.index<"i0">] : !loop.buffer<[3], i32, strides [1]>
  %v = loop.load %x[#loop.index<"s0*i0 + t0">] gather(%k : i32) bounds [s0] : !loop.buffer<[3, s0], f16, strides [s0, 1]>
  loop.yield %v : f16
} : !loop.buffer<[3], f16, strides [1]>

// CHECK:      %v = loop.load %x[#loop.index<"i0*s0 + t0">] gather(%k : i32) bounds [s0] : !loop.buffer<[3, s0], f16, strides [s0, 1]>
// GENERIC:    %v = "loop.load"(%x, %k) <{index = #loop.index<"i0*s0 + t0">, bounds = ["s0"]}> : (!loop.buffer<[3, s0], f16, strides [s0, 1]>, i32) -> f16

// -----

// Checked gather loads and scatter stores: an index value outside [0, bound) stops the program.
%x = "test.op"() : () -> !loop.buffer<[3, 5], f32, strides [5, 1]>
%t = "test.op"() : () -> !loop.buffer<[3], i64, strides [1]>
loop.pointwise ranges [3] {
  %k = loop.load %t[#loop.index<"i0">] : !loop.buffer<[3], i64, strides [1]>
  %v = loop.load %x[#loop.index<"5*i0 + t0">] gather(%k : i64) bounds [5] checked : !loop.buffer<[3, 5], f32, strides [5, 1]>
  loop.store %v, %x[#loop.index<"5*i0 + t0">] scatter(%k : i64) bounds [5] checked add : !loop.buffer<[3, 5], f32, strides [5, 1]>
  loop.yield
}

// CHECK:      %v = loop.load %x[#loop.index<"5*i0 + t0">] gather(%k : i64) bounds [5] checked : !loop.buffer<[3, 5], f32, strides [5, 1]>
// CHECK:      loop.store %v, %x[#loop.index<"5*i0 + t0">] scatter(%k : i64) bounds [5] checked add : !loop.buffer<[3, 5], f32, strides [5, 1]>
// GENERIC:    "loop.load"(%x, %k) <{index = #loop.index<"5*i0 + t0">, bounds = [#builtin.int<5>], checked}>
// GENERIC:    "loop.store"(%v, %x, %k) <{index = #loop.index<"5*i0 + t0">, bounds = [#builtin.int<5>], checked, combine = "add"}>

// -----

// CHECK-LABEL: func.func @scan
// CHECK:       loop.scan logsumexp ranges [3, s0] {
// CHECK:       } : !loop.buffer<[3, s0], f32, strides [1, 3]>
func.func @scan(%x: !loop.buffer<[3, s0], f32, strides [s0, 1]>) -> !loop.buffer<[3, s0], f32, strides [1, 3]> {
  %c = loop.scan logsumexp ranges [3, s0] {
    %a = loop.load %x[#loop.index<"s0*i0 + i1">] : !loop.buffer<[3, s0], f32, strides [s0, 1]>
    loop.yield %a : f32
  } : !loop.buffer<[3, s0], f32, strides [1, 3]>
  func.return %c : !loop.buffer<[3, s0], f32, strides [1, 3]>
}

// -----

// A sort row (values, of the body's type) and an argsort row (positions, i64) of one static-length row.
// CHECK-LABEL: func.func @sort
// CHECK:       loop.scan sort_descending ranges [3, 7] {
// CHECK:       } : !loop.buffer<[3, 7], f16, strides [7, 1]>
// CHECK:       loop.scan argsort ranges [3, 7] {
// CHECK:       } : !loop.buffer<[3, 7], i64, strides [7, 1]>
func.func @sort(%x: !loop.buffer<[3, 7], f16, strides [7, 1]>) -> (!loop.buffer<[3, 7], f16, strides [7, 1]>, !loop.buffer<[3, 7], i64, strides [7, 1]>) {
  %v = loop.scan sort_descending ranges [3, 7] {
    %a = loop.load %x[#loop.index<"7*i0 + i1">] : !loop.buffer<[3, 7], f16, strides [7, 1]>
    loop.yield %a : f16
  } : !loop.buffer<[3, 7], f16, strides [7, 1]>
  %i = loop.scan argsort ranges [3, 7] {
    %b = loop.load %x[#loop.index<"7*i0 + i1">] : !loop.buffer<[3, 7], f16, strides [7, 1]>
    loop.yield %b : f16
  } : !loop.buffer<[3, 7], i64, strides [7, 1]>
  func.return %v, %i : !loop.buffer<[3, 7], f16, strides [7, 1]>, !loop.buffer<[3, 7], i64, strides [7, 1]>
}

// -----

// CHECK-LABEL: func.func @scatter_store
// CHECK:       loop.store %{{.*}}, %out[#loop.index<"i1 + 3*t0">] scatter(%{{.*}} : i64) bounds [5] add : !loop.buffer<[5, 3], f32, strides [3, 1]>
// CHECK:       loop.store %{{.*}}, %out[#loop.index<"i1 + 3*t0">] scatter(%{{.*}} : i64) bounds [5] : !loop.buffer<[5, 3], f32, strides [3, 1]>
// CHECK:       loop.store %{{.*}}, %out[#loop.index<"i1 + 3*t0">] scatter(%{{.*}} : i64) bounds [5] max : !loop.buffer<[5, 3], f32, strides [3, 1]>
// CHECK:       loop.store %{{.*}}, %out[#loop.index<"i1 + 3*t0">] scatter(%{{.*}} : i64) bounds [5] min : !loop.buffer<[5, 3], f32, strides [3, 1]>
func.func @scatter_store(%i: !loop.buffer<[4], i64, strides [1]>, %v: !loop.buffer<[4, 3], f32, strides [3, 1]>, %out: !loop.buffer<[5, 3], f32, strides [3, 1]>) {
  loop.pointwise ranges [4, 3] {
    %k = loop.load %i[#loop.index<"i0">] : !loop.buffer<[4], i64, strides [1]>
    %a = loop.load %v[#loop.index<"3*i0 + i1">] : !loop.buffer<[4, 3], f32, strides [3, 1]>
    loop.store %a, %out[#loop.index<"3*t0 + i1">] scatter(%k : i64) bounds [5] add : !loop.buffer<[5, 3], f32, strides [3, 1]>
    loop.store %a, %out[#loop.index<"3*t0 + i1">] scatter(%k : i64) bounds [5] : !loop.buffer<[5, 3], f32, strides [3, 1]>
    loop.store %a, %out[#loop.index<"3*t0 + i1">] scatter(%k : i64) bounds [5] max : !loop.buffer<[5, 3], f32, strides [3, 1]>
    loop.store %a, %out[#loop.index<"3*t0 + i1">] scatter(%k : i64) bounds [5] min : !loop.buffer<[5, 3], f32, strides [3, 1]>
    loop.yield
  }
  func.return
}

// -----

// loop.while and loop.condition: a loop inside one element's computation (dialects/loop_while.py).
%w = "test.op"() : () -> !loop.buffer<[3], f32, strides [1]>
%buf = loop.pointwise ranges [3] {
  %v = loop.load %w[#loop.index<"i0">] : !loop.buffer<[3], f32, strides [1]>
  %r = loop.while %v : f32 {
  ^bb0(%s: f32):
    %limit = arith.constant 1.0e+03 : f32
    %c = arith.cmpf olt, %s, %limit : f32
    loop.condition %c
  } do {
  ^bb0(%s: f32):
    %t = arith.addf %s, %s : f32
    loop.yield %t : f32
  }
  loop.yield %r : f32
} : !loop.buffer<[3], f32, strides [1]>

// CHECK:      %r = loop.while %v : f32 {
// CHECK-NEXT: ^bb0(%s: f32):
// CHECK:        loop.condition %c
// CHECK-NEXT: } do {
// CHECK-NEXT: ^bb0(%s_1: f32):
// CHECK-NEXT:   %t = arith.addf %s_1, %s_1 : f32
// CHECK-NEXT:   loop.yield %t : f32
// CHECK-NEXT: }

// GENERIC:      %r = "loop.while"(%v) ({
// GENERIC:        "loop.condition"(%c) : (i1) -> ()
// GENERIC:      }, {
// GENERIC:        "loop.yield"(%t) : (f32) -> ()

// -----

// loop.random: one element's random number from a seed and its offset.
%b = "test.op"() : () -> !loop.buffer<[3], i64, strides [1]>
%p = loop.pointwise ranges [3, 5] {
  %s = loop.load %b[#loop.index<"1">] : !loop.buffer<[3], i64, strides [1]>
  %o = loop.index #loop.index<"5*i0 + i1"> : i64
  %r = loop.random "randn" %s, %o : i64 -> f32
  %i = loop.random "randint" %s, %o {low = 0 : i64, high = 10 : i64} : i64 -> i64
  %f = loop.cast %i : i64 to f32
  %v = arith.addf %r, %f : f32
  loop.yield %v : f32
} : !loop.buffer<[3, 5], f32, strides [5, 1]>
// CHECK: %r = loop.random "randn" %s, %o : i64 -> f32
// CHECK-NEXT: %i = loop.random "randint" %s, %o {low = 0 : i64, high = 10 : i64} : i64 -> i64
// GENERIC: "loop.random"(%s, %o) <{kind = "randn"}> : (i64, i64) -> f32

// -----

// loop.nonzero: an integer divisor, checked to be nonzero.
%b = "test.op"() : () -> i32
%d = loop.nonzero %b : i32
// CHECK: %d = loop.nonzero %b : i32
// GENERIC: %d = "loop.nonzero"(%b) : (i32) -> i32

// -----

// loop.in_range: an index value, checked to be inside [0, bound).
%k = "test.op"() : () -> i64
%n = "test.op"() : () -> i64
%j = loop.in_range %k, %n : i64
// CHECK: %j = loop.in_range %k, %n : i64
// GENERIC: %j = "loop.in_range"(%k, %n) : (i64, i64) -> i64
