// Round trip of every aten op: custom -> generic -> custom (CHECK), custom -> custom -> generic (GENERIC).
// RUN: IRC_ROUNDTRIP
// RUN: IRC_GENERIC_ROUNDTRIP

// Unary elementwise ops (UNARY_OPS).
%x = "test.op"() : () -> !aten.tensor<[3, 9], f32>
%i = "test.op"() : () -> !aten.tensor<[3, 9], i64>
%neg = aten.neg %x : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[3, 9], f32>
// CHECK: %neg = aten.neg %x : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[3, 9], f32>
%abs = aten.abs %x : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[3, 9], f32>
// CHECK-NEXT: %abs = aten.abs %x : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[3, 9], f32>
%relu = aten.relu %x : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[3, 9], f32>
// CHECK-NEXT: %relu = aten.relu %x : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[3, 9], f32>
%sign = aten.sign %x : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[3, 9], f32>
// CHECK-NEXT: %sign = aten.sign %x : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[3, 9], f32>
%floor = aten.floor %x : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[3, 9], f32>
// CHECK-NEXT: %floor = aten.floor %x : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[3, 9], f32>
%ceil = aten.ceil %x : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[3, 9], f32>
// CHECK-NEXT: %ceil = aten.ceil %x : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[3, 9], f32>
%round = aten.round %x : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[3, 9], f32>
// CHECK-NEXT: %round = aten.round %x : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[3, 9], f32>
%trunc = aten.trunc %x : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[3, 9], f32>
// CHECK-NEXT: %trunc = aten.trunc %x : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[3, 9], f32>
%bitwise_not = aten.bitwise_not %i : (!aten.tensor<[3, 9], i64>) -> !aten.tensor<[3, 9], i64>
// CHECK-NEXT: %bitwise_not = aten.bitwise_not %i : (!aten.tensor<[3, 9], i64>) -> !aten.tensor<[3, 9], i64>
%isnan = aten.isnan %x : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[3, 9], i1>
// CHECK-NEXT: %isnan = aten.isnan %x : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[3, 9], i1>
%isinf = aten.isinf %x : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[3, 9], i1>
// CHECK-NEXT: %isinf = aten.isinf %x : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[3, 9], i1>
%asinh = aten.asinh %x : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[3, 9], f32>
// CHECK-NEXT: %asinh = aten.asinh %x : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[3, 9], f32>
%acosh = aten.acosh %x : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[3, 9], f32>
// CHECK-NEXT: %acosh = aten.acosh %x : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[3, 9], f32>
%atanh = aten.atanh %x : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[3, 9], f32>
// CHECK-NEXT: %atanh = aten.atanh %x : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[3, 9], f32>
%log10 = aten.log10 %x : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[3, 9], f32>
// CHECK-NEXT: %log10 = aten.log10 %x : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[3, 9], f32>
%erfc = aten.erfc %x : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[3, 9], f32>
// CHECK-NEXT: %erfc = aten.erfc %x : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[3, 9], f32>
%lgamma = aten.lgamma %x : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[3, 9], f32>
// CHECK-NEXT: %lgamma = aten.lgamma %x : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[3, 9], f32>
%erfinv = aten.erfinv %x : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[3, 9], f32>
// CHECK-NEXT: %erfinv = aten.erfinv %x : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[3, 9], f32>
%frexp_mantissa = aten.frexp_mantissa %x : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[3, 9], f32>
// CHECK-NEXT: %frexp_mantissa = aten.frexp_mantissa %x : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[3, 9], f32>
%frexp_exponent = aten.frexp_exponent %x : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[3, 9], i32>
// CHECK-NEXT: %frexp_exponent = aten.frexp_exponent %x : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[3, 9], i32>
%modified_bessel_k0 = aten.modified_bessel_k0 %x : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[3, 9], f32>
// CHECK-NEXT: %modified_bessel_k0 = aten.modified_bessel_k0 %x : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[3, 9], f32>
%modified_bessel_k1 = aten.modified_bessel_k1 %x : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[3, 9], f32>
// CHECK-NEXT: %modified_bessel_k1 = aten.modified_bessel_k1 %x : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[3, 9], f32>
%scaled_modified_bessel_k0 = aten.scaled_modified_bessel_k0 %x : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[3, 9], f32>
// CHECK-NEXT: %scaled_modified_bessel_k0 = aten.scaled_modified_bessel_k0 %x : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[3, 9], f32>
%scaled_modified_bessel_k1 = aten.scaled_modified_bessel_k1 %x : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[3, 9], f32>
// CHECK-NEXT: %scaled_modified_bessel_k1 = aten.scaled_modified_bessel_k1 %x : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[3, 9], f32>
%airy_ai = aten.airy_ai %x : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[3, 9], f32>
// CHECK-NEXT: %airy_ai = aten.airy_ai %x : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[3, 9], f32>
%digamma = aten.digamma %x : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[3, 9], f32>
// CHECK-NEXT: %digamma = aten.digamma %x : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[3, 9], f32>
%i0e = aten.i0e %x : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[3, 9], f32>
// CHECK-NEXT: %i0e = aten.i0e %x : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[3, 9], f32>
%i1e = aten.i1e %x : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[3, 9], f32>
// CHECK-NEXT: %i1e = aten.i1e %x : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[3, 9], f32>
%trigamma = aten.trigamma %x : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[3, 9], f32>
// CHECK-NEXT: %trigamma = aten.trigamma %x : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[3, 9], f32>
%angle = aten.angle %x : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[3, 9], f32>
// CHECK-NEXT: %angle = aten.angle %x : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[3, 9], f32>
%spherical_bessel_j0 = aten.spherical_bessel_j0 %x : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[3, 9], f32>
// CHECK-NEXT: %spherical_bessel_j0 = aten.spherical_bessel_j0 %x : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[3, 9], f32>
%i0 = aten.i0 %x : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[3, 9], f32>
// CHECK-NEXT: %i0 = aten.i0 %x : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[3, 9], f32>
%i1 = aten.i1 %x : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[3, 9], f32>
// CHECK-NEXT: %i1 = aten.i1 %x : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[3, 9], f32>
%erfcx = aten.erfcx %x : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[3, 9], f32>
// CHECK-NEXT: %erfcx = aten.erfcx %x : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[3, 9], f32>
%ndtri = aten.ndtri %x : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[3, 9], f32>
// CHECK-NEXT: %ndtri = aten.ndtri %x : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[3, 9], f32>
%bessel_j0 = aten.bessel_j0 %x : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[3, 9], f32>
// CHECK-NEXT: %bessel_j0 = aten.bessel_j0 %x : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[3, 9], f32>
%bessel_j1 = aten.bessel_j1 %x : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[3, 9], f32>
// CHECK-NEXT: %bessel_j1 = aten.bessel_j1 %x : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[3, 9], f32>
%bessel_y0 = aten.bessel_y0 %x : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[3, 9], f32>
// CHECK-NEXT: %bessel_y0 = aten.bessel_y0 %x : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[3, 9], f32>
%bessel_y1 = aten.bessel_y1 %x : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[3, 9], f32>
// CHECK-NEXT: %bessel_y1 = aten.bessel_y1 %x : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[3, 9], f32>
%signbit = aten.signbit %x : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[3, 9], i1>
// CHECK-NEXT: %signbit = aten.signbit %x : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[3, 9], i1>
%logical_not = aten.logical_not %x : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[3, 9], i1>
// CHECK-NEXT: %logical_not = aten.logical_not %x : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[3, 9], i1>
%silu = aten.silu %x : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[3, 9], f32>
// CHECK-NEXT: %silu = aten.silu %x : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[3, 9], f32>
%gelu = aten.gelu %x : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[3, 9], f32>
// CHECK-NEXT: %gelu = aten.gelu %x : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[3, 9], f32>
%exp = aten.exp %x : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[3, 9], f32>
// CHECK-NEXT: %exp = aten.exp %x : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[3, 9], f32>
%exp2 = aten.exp2 %x : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[3, 9], f32>
// CHECK-NEXT: %exp2 = aten.exp2 %x : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[3, 9], f32>
%expm1 = aten.expm1 %x : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[3, 9], f32>
// CHECK-NEXT: %expm1 = aten.expm1 %x : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[3, 9], f32>
%log = aten.log %x : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[3, 9], f32>
// CHECK-NEXT: %log = aten.log %x : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[3, 9], f32>
%log1p = aten.log1p %x : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[3, 9], f32>
// CHECK-NEXT: %log1p = aten.log1p %x : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[3, 9], f32>
%log2 = aten.log2 %x : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[3, 9], f32>
// CHECK-NEXT: %log2 = aten.log2 %x : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[3, 9], f32>
%sqrt = aten.sqrt %x : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[3, 9], f32>
// CHECK-NEXT: %sqrt = aten.sqrt %x : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[3, 9], f32>
%rsqrt = aten.rsqrt %x : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[3, 9], f32>
// CHECK-NEXT: %rsqrt = aten.rsqrt %x : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[3, 9], f32>
%reciprocal = aten.reciprocal %x : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[3, 9], f32>
// CHECK-NEXT: %reciprocal = aten.reciprocal %x : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[3, 9], f32>
%sigmoid = aten.sigmoid %x : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[3, 9], f32>
// CHECK-NEXT: %sigmoid = aten.sigmoid %x : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[3, 9], f32>
%erf = aten.erf %x : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[3, 9], f32>
// CHECK-NEXT: %erf = aten.erf %x : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[3, 9], f32>
%sin = aten.sin %x : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[3, 9], f32>
// CHECK-NEXT: %sin = aten.sin %x : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[3, 9], f32>
%cos = aten.cos %x : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[3, 9], f32>
// CHECK-NEXT: %cos = aten.cos %x : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[3, 9], f32>
%tan = aten.tan %x : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[3, 9], f32>
// CHECK-NEXT: %tan = aten.tan %x : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[3, 9], f32>
%tanh = aten.tanh %x : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[3, 9], f32>
// CHECK-NEXT: %tanh = aten.tanh %x : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[3, 9], f32>
%asin = aten.asin %x : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[3, 9], f32>
// CHECK-NEXT: %asin = aten.asin %x : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[3, 9], f32>
%acos = aten.acos %x : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[3, 9], f32>
// CHECK-NEXT: %acos = aten.acos %x : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[3, 9], f32>
%atan = aten.atan %x : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[3, 9], f32>
// CHECK-NEXT: %atan = aten.atan %x : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[3, 9], f32>
%sinh = aten.sinh %x : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[3, 9], f32>
// CHECK-NEXT: %sinh = aten.sinh %x : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[3, 9], f32>
%cosh = aten.cosh %x : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[3, 9], f32>
// CHECK-NEXT: %cosh = aten.cosh %x : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[3, 9], f32>
%gelu_v2 = aten.gelu %x approximate = "tanh" : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[3, 9], f32>
// CHECK-NEXT: %gelu_v2 = aten.gelu %x approximate = "tanh" : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[3, 9], f32>
%exp_v2 = aten.exp %i : (!aten.tensor<[3, 9], i64>) -> !aten.tensor<[3, 9], f32>
// CHECK-NEXT: %exp_v2 = aten.exp %i : (!aten.tensor<[3, 9], i64>) -> !aten.tensor<[3, 9], f32>

// -----

// Binary elementwise ops (BINARY_OPS): tensors or scalars, broadcast.
%x = "test.op"() : () -> !aten.tensor<[3, 9], f32>
%y = "test.op"() : () -> !aten.tensor<[9], f32>
%i = "test.op"() : () -> !aten.tensor<[3, 9], i64>
%b = "test.op"() : () -> !aten.tensor<[3, 9], i1>
%s = "test.op"() : () -> f64
%n = "test.op"() : () -> i64
%t = "test.op"() : () -> i1
%add = aten.add %x, %y : (!aten.tensor<[3, 9], f32>, !aten.tensor<[9], f32>) -> !aten.tensor<[3, 9], f32>
// CHECK: %add = aten.add %x, %y : (!aten.tensor<[3, 9], f32>, !aten.tensor<[9], f32>) -> !aten.tensor<[3, 9], f32>
%sub = aten.sub %x, %y : (!aten.tensor<[3, 9], f32>, !aten.tensor<[9], f32>) -> !aten.tensor<[3, 9], f32>
// CHECK-NEXT: %sub = aten.sub %x, %y : (!aten.tensor<[3, 9], f32>, !aten.tensor<[9], f32>) -> !aten.tensor<[3, 9], f32>
%mul = aten.mul %x, %y : (!aten.tensor<[3, 9], f32>, !aten.tensor<[9], f32>) -> !aten.tensor<[3, 9], f32>
// CHECK-NEXT: %mul = aten.mul %x, %y : (!aten.tensor<[3, 9], f32>, !aten.tensor<[9], f32>) -> !aten.tensor<[3, 9], f32>
%div = aten.div %x, %y : (!aten.tensor<[3, 9], f32>, !aten.tensor<[9], f32>) -> !aten.tensor<[3, 9], f32>
// CHECK-NEXT: %div = aten.div %x, %y : (!aten.tensor<[3, 9], f32>, !aten.tensor<[9], f32>) -> !aten.tensor<[3, 9], f32>
%remainder = aten.remainder %x, %y : (!aten.tensor<[3, 9], f32>, !aten.tensor<[9], f32>) -> !aten.tensor<[3, 9], f32>
// CHECK-NEXT: %remainder = aten.remainder %x, %y : (!aten.tensor<[3, 9], f32>, !aten.tensor<[9], f32>) -> !aten.tensor<[3, 9], f32>
%minimum = aten.minimum %x, %y : (!aten.tensor<[3, 9], f32>, !aten.tensor<[9], f32>) -> !aten.tensor<[3, 9], f32>
// CHECK-NEXT: %minimum = aten.minimum %x, %y : (!aten.tensor<[3, 9], f32>, !aten.tensor<[9], f32>) -> !aten.tensor<[3, 9], f32>
%maximum = aten.maximum %x, %y : (!aten.tensor<[3, 9], f32>, !aten.tensor<[9], f32>) -> !aten.tensor<[3, 9], f32>
// CHECK-NEXT: %maximum = aten.maximum %x, %y : (!aten.tensor<[3, 9], f32>, !aten.tensor<[9], f32>) -> !aten.tensor<[3, 9], f32>
%pow = aten.pow %x, %y : (!aten.tensor<[3, 9], f32>, !aten.tensor<[9], f32>) -> !aten.tensor<[3, 9], f32>
// CHECK-NEXT: %pow = aten.pow %x, %y : (!aten.tensor<[3, 9], f32>, !aten.tensor<[9], f32>) -> !aten.tensor<[3, 9], f32>
%atan2 = aten.atan2 %x, %y : (!aten.tensor<[3, 9], f32>, !aten.tensor<[9], f32>) -> !aten.tensor<[3, 9], f32>
// CHECK-NEXT: %atan2 = aten.atan2 %x, %y : (!aten.tensor<[3, 9], f32>, !aten.tensor<[9], f32>) -> !aten.tensor<[3, 9], f32>
%hypot = aten.hypot %x, %y : (!aten.tensor<[3, 9], f32>, !aten.tensor<[9], f32>) -> !aten.tensor<[3, 9], f32>
// CHECK-NEXT: %hypot = aten.hypot %x, %y : (!aten.tensor<[3, 9], f32>, !aten.tensor<[9], f32>) -> !aten.tensor<[3, 9], f32>
%copysign = aten.copysign %x, %y : (!aten.tensor<[3, 9], f32>, !aten.tensor<[9], f32>) -> !aten.tensor<[3, 9], f32>
// CHECK-NEXT: %copysign = aten.copysign %x, %y : (!aten.tensor<[3, 9], f32>, !aten.tensor<[9], f32>) -> !aten.tensor<[3, 9], f32>
%nextafter = aten.nextafter %x, %y : (!aten.tensor<[3, 9], f32>, !aten.tensor<[9], f32>) -> !aten.tensor<[3, 9], f32>
// CHECK-NEXT: %nextafter = aten.nextafter %x, %y : (!aten.tensor<[3, 9], f32>, !aten.tensor<[9], f32>) -> !aten.tensor<[3, 9], f32>
%chebyshev_polynomial_t = aten.chebyshev_polynomial_t %x, %y : (!aten.tensor<[3, 9], f32>, !aten.tensor<[9], f32>) -> !aten.tensor<[3, 9], f32>
// CHECK-NEXT: %chebyshev_polynomial_t = aten.chebyshev_polynomial_t %x, %y : (!aten.tensor<[3, 9], f32>, !aten.tensor<[9], f32>) -> !aten.tensor<[3, 9], f32>
%chebyshev_polynomial_u = aten.chebyshev_polynomial_u %x, %y : (!aten.tensor<[3, 9], f32>, !aten.tensor<[9], f32>) -> !aten.tensor<[3, 9], f32>
// CHECK-NEXT: %chebyshev_polynomial_u = aten.chebyshev_polynomial_u %x, %y : (!aten.tensor<[3, 9], f32>, !aten.tensor<[9], f32>) -> !aten.tensor<[3, 9], f32>
%chebyshev_polynomial_v = aten.chebyshev_polynomial_v %x, %y : (!aten.tensor<[3, 9], f32>, !aten.tensor<[9], f32>) -> !aten.tensor<[3, 9], f32>
// CHECK-NEXT: %chebyshev_polynomial_v = aten.chebyshev_polynomial_v %x, %y : (!aten.tensor<[3, 9], f32>, !aten.tensor<[9], f32>) -> !aten.tensor<[3, 9], f32>
%chebyshev_polynomial_w = aten.chebyshev_polynomial_w %x, %y : (!aten.tensor<[3, 9], f32>, !aten.tensor<[9], f32>) -> !aten.tensor<[3, 9], f32>
// CHECK-NEXT: %chebyshev_polynomial_w = aten.chebyshev_polynomial_w %x, %y : (!aten.tensor<[3, 9], f32>, !aten.tensor<[9], f32>) -> !aten.tensor<[3, 9], f32>
%shifted_chebyshev_polynomial_t = aten.shifted_chebyshev_polynomial_t %x, %y : (!aten.tensor<[3, 9], f32>, !aten.tensor<[9], f32>) -> !aten.tensor<[3, 9], f32>
// CHECK-NEXT: %shifted_chebyshev_polynomial_t = aten.shifted_chebyshev_polynomial_t %x, %y : (!aten.tensor<[3, 9], f32>, !aten.tensor<[9], f32>) -> !aten.tensor<[3, 9], f32>
%shifted_chebyshev_polynomial_u = aten.shifted_chebyshev_polynomial_u %x, %y : (!aten.tensor<[3, 9], f32>, !aten.tensor<[9], f32>) -> !aten.tensor<[3, 9], f32>
// CHECK-NEXT: %shifted_chebyshev_polynomial_u = aten.shifted_chebyshev_polynomial_u %x, %y : (!aten.tensor<[3, 9], f32>, !aten.tensor<[9], f32>) -> !aten.tensor<[3, 9], f32>
%shifted_chebyshev_polynomial_v = aten.shifted_chebyshev_polynomial_v %x, %y : (!aten.tensor<[3, 9], f32>, !aten.tensor<[9], f32>) -> !aten.tensor<[3, 9], f32>
// CHECK-NEXT: %shifted_chebyshev_polynomial_v = aten.shifted_chebyshev_polynomial_v %x, %y : (!aten.tensor<[3, 9], f32>, !aten.tensor<[9], f32>) -> !aten.tensor<[3, 9], f32>
%shifted_chebyshev_polynomial_w = aten.shifted_chebyshev_polynomial_w %x, %y : (!aten.tensor<[3, 9], f32>, !aten.tensor<[9], f32>) -> !aten.tensor<[3, 9], f32>
// CHECK-NEXT: %shifted_chebyshev_polynomial_w = aten.shifted_chebyshev_polynomial_w %x, %y : (!aten.tensor<[3, 9], f32>, !aten.tensor<[9], f32>) -> !aten.tensor<[3, 9], f32>
%hermite_polynomial_h = aten.hermite_polynomial_h %x, %y : (!aten.tensor<[3, 9], f32>, !aten.tensor<[9], f32>) -> !aten.tensor<[3, 9], f32>
// CHECK-NEXT: %hermite_polynomial_h = aten.hermite_polynomial_h %x, %y : (!aten.tensor<[3, 9], f32>, !aten.tensor<[9], f32>) -> !aten.tensor<[3, 9], f32>
%hermite_polynomial_he = aten.hermite_polynomial_he %x, %y : (!aten.tensor<[3, 9], f32>, !aten.tensor<[9], f32>) -> !aten.tensor<[3, 9], f32>
// CHECK-NEXT: %hermite_polynomial_he = aten.hermite_polynomial_he %x, %y : (!aten.tensor<[3, 9], f32>, !aten.tensor<[9], f32>) -> !aten.tensor<[3, 9], f32>
%laguerre_polynomial_l = aten.laguerre_polynomial_l %x, %y : (!aten.tensor<[3, 9], f32>, !aten.tensor<[9], f32>) -> !aten.tensor<[3, 9], f32>
// CHECK-NEXT: %laguerre_polynomial_l = aten.laguerre_polynomial_l %x, %y : (!aten.tensor<[3, 9], f32>, !aten.tensor<[9], f32>) -> !aten.tensor<[3, 9], f32>
%legendre_polynomial_p = aten.legendre_polynomial_p %x, %y : (!aten.tensor<[3, 9], f32>, !aten.tensor<[9], f32>) -> !aten.tensor<[3, 9], f32>
// CHECK-NEXT: %legendre_polynomial_p = aten.legendre_polynomial_p %x, %y : (!aten.tensor<[3, 9], f32>, !aten.tensor<[9], f32>) -> !aten.tensor<[3, 9], f32>
%zeta = aten.zeta %x, %y : (!aten.tensor<[3, 9], f32>, !aten.tensor<[9], f32>) -> !aten.tensor<[3, 9], f32>
// CHECK-NEXT: %zeta = aten.zeta %x, %y : (!aten.tensor<[3, 9], f32>, !aten.tensor<[9], f32>) -> !aten.tensor<[3, 9], f32>
%igamma = aten.igamma %x, %y : (!aten.tensor<[3, 9], f32>, !aten.tensor<[9], f32>) -> !aten.tensor<[3, 9], f32>
// CHECK-NEXT: %igamma = aten.igamma %x, %y : (!aten.tensor<[3, 9], f32>, !aten.tensor<[9], f32>) -> !aten.tensor<[3, 9], f32>
%igammac = aten.igammac %x, %y : (!aten.tensor<[3, 9], f32>, !aten.tensor<[9], f32>) -> !aten.tensor<[3, 9], f32>
// CHECK-NEXT: %igammac = aten.igammac %x, %y : (!aten.tensor<[3, 9], f32>, !aten.tensor<[9], f32>) -> !aten.tensor<[3, 9], f32>
%fmod = aten.fmod %x, %y : (!aten.tensor<[3, 9], f32>, !aten.tensor<[9], f32>) -> !aten.tensor<[3, 9], f32>
// CHECK-NEXT: %fmod = aten.fmod %x, %y : (!aten.tensor<[3, 9], f32>, !aten.tensor<[9], f32>) -> !aten.tensor<[3, 9], f32>
%fmax = aten.fmax %x, %y : (!aten.tensor<[3, 9], f32>, !aten.tensor<[9], f32>) -> !aten.tensor<[3, 9], f32>
// CHECK-NEXT: %fmax = aten.fmax %x, %y : (!aten.tensor<[3, 9], f32>, !aten.tensor<[9], f32>) -> !aten.tensor<[3, 9], f32>
%fmin = aten.fmin %x, %y : (!aten.tensor<[3, 9], f32>, !aten.tensor<[9], f32>) -> !aten.tensor<[3, 9], f32>
// CHECK-NEXT: %fmin = aten.fmin %x, %y : (!aten.tensor<[3, 9], f32>, !aten.tensor<[9], f32>) -> !aten.tensor<[3, 9], f32>
%eq = aten.eq %x, %y : (!aten.tensor<[3, 9], f32>, !aten.tensor<[9], f32>) -> !aten.tensor<[3, 9], i1>
// CHECK-NEXT: %eq = aten.eq %x, %y : (!aten.tensor<[3, 9], f32>, !aten.tensor<[9], f32>) -> !aten.tensor<[3, 9], i1>
%ne = aten.ne %x, %y : (!aten.tensor<[3, 9], f32>, !aten.tensor<[9], f32>) -> !aten.tensor<[3, 9], i1>
// CHECK-NEXT: %ne = aten.ne %x, %y : (!aten.tensor<[3, 9], f32>, !aten.tensor<[9], f32>) -> !aten.tensor<[3, 9], i1>
%lt = aten.lt %x, %y : (!aten.tensor<[3, 9], f32>, !aten.tensor<[9], f32>) -> !aten.tensor<[3, 9], i1>
// CHECK-NEXT: %lt = aten.lt %x, %y : (!aten.tensor<[3, 9], f32>, !aten.tensor<[9], f32>) -> !aten.tensor<[3, 9], i1>
%le = aten.le %x, %y : (!aten.tensor<[3, 9], f32>, !aten.tensor<[9], f32>) -> !aten.tensor<[3, 9], i1>
// CHECK-NEXT: %le = aten.le %x, %y : (!aten.tensor<[3, 9], f32>, !aten.tensor<[9], f32>) -> !aten.tensor<[3, 9], i1>
%gt = aten.gt %x, %y : (!aten.tensor<[3, 9], f32>, !aten.tensor<[9], f32>) -> !aten.tensor<[3, 9], i1>
// CHECK-NEXT: %gt = aten.gt %x, %y : (!aten.tensor<[3, 9], f32>, !aten.tensor<[9], f32>) -> !aten.tensor<[3, 9], i1>
%ge = aten.ge %x, %y : (!aten.tensor<[3, 9], f32>, !aten.tensor<[9], f32>) -> !aten.tensor<[3, 9], i1>
// CHECK-NEXT: %ge = aten.ge %x, %y : (!aten.tensor<[3, 9], f32>, !aten.tensor<[9], f32>) -> !aten.tensor<[3, 9], i1>
%logical_and = aten.logical_and %x, %y : (!aten.tensor<[3, 9], f32>, !aten.tensor<[9], f32>) -> !aten.tensor<[3, 9], i1>
// CHECK-NEXT: %logical_and = aten.logical_and %x, %y : (!aten.tensor<[3, 9], f32>, !aten.tensor<[9], f32>) -> !aten.tensor<[3, 9], i1>
%logical_or = aten.logical_or %x, %y : (!aten.tensor<[3, 9], f32>, !aten.tensor<[9], f32>) -> !aten.tensor<[3, 9], i1>
// CHECK-NEXT: %logical_or = aten.logical_or %x, %y : (!aten.tensor<[3, 9], f32>, !aten.tensor<[9], f32>) -> !aten.tensor<[3, 9], i1>
%logical_xor = aten.logical_xor %x, %y : (!aten.tensor<[3, 9], f32>, !aten.tensor<[9], f32>) -> !aten.tensor<[3, 9], i1>
// CHECK-NEXT: %logical_xor = aten.logical_xor %x, %y : (!aten.tensor<[3, 9], f32>, !aten.tensor<[9], f32>) -> !aten.tensor<[3, 9], i1>
%bitwise_and = aten.bitwise_and %i, %n : (!aten.tensor<[3, 9], i64>, i64) -> !aten.tensor<[3, 9], i64>
// CHECK-NEXT: %bitwise_and = aten.bitwise_and %i, %n : (!aten.tensor<[3, 9], i64>, i64) -> !aten.tensor<[3, 9], i64>
%bitwise_or = aten.bitwise_or %i, %n : (!aten.tensor<[3, 9], i64>, i64) -> !aten.tensor<[3, 9], i64>
// CHECK-NEXT: %bitwise_or = aten.bitwise_or %i, %n : (!aten.tensor<[3, 9], i64>, i64) -> !aten.tensor<[3, 9], i64>
%bitwise_xor = aten.bitwise_xor %i, %n : (!aten.tensor<[3, 9], i64>, i64) -> !aten.tensor<[3, 9], i64>
// CHECK-NEXT: %bitwise_xor = aten.bitwise_xor %i, %n : (!aten.tensor<[3, 9], i64>, i64) -> !aten.tensor<[3, 9], i64>
%bitwise_left_shift = aten.bitwise_left_shift %i, %n : (!aten.tensor<[3, 9], i64>, i64) -> !aten.tensor<[3, 9], i64>
// CHECK-NEXT: %bitwise_left_shift = aten.bitwise_left_shift %i, %n : (!aten.tensor<[3, 9], i64>, i64) -> !aten.tensor<[3, 9], i64>
%bitwise_right_shift = aten.bitwise_right_shift %i, %n : (!aten.tensor<[3, 9], i64>, i64) -> !aten.tensor<[3, 9], i64>
// CHECK-NEXT: %bitwise_right_shift = aten.bitwise_right_shift %i, %n : (!aten.tensor<[3, 9], i64>, i64) -> !aten.tensor<[3, 9], i64>
%gcd = aten.gcd %i, %n : (!aten.tensor<[3, 9], i64>, i64) -> !aten.tensor<[3, 9], i64>
// CHECK-NEXT: %gcd = aten.gcd %i, %n : (!aten.tensor<[3, 9], i64>, i64) -> !aten.tensor<[3, 9], i64>
%lcm = aten.lcm %i, %n : (!aten.tensor<[3, 9], i64>, i64) -> !aten.tensor<[3, 9], i64>
// CHECK-NEXT: %lcm = aten.lcm %i, %n : (!aten.tensor<[3, 9], i64>, i64) -> !aten.tensor<[3, 9], i64>
%div_v2 = aten.div %i, %n rounding_mode = "floor" : (!aten.tensor<[3, 9], i64>, i64) -> !aten.tensor<[3, 9], i64>
// CHECK-NEXT: %div_v2 = aten.div %i, %n rounding_mode = "floor" : (!aten.tensor<[3, 9], i64>, i64) -> !aten.tensor<[3, 9], i64>
%div_v3 = aten.div %i, %n rounding_mode = "trunc" : (!aten.tensor<[3, 9], i64>, i64) -> !aten.tensor<[3, 9], i64>
// CHECK-NEXT: %div_v3 = aten.div %i, %n rounding_mode = "trunc" : (!aten.tensor<[3, 9], i64>, i64) -> !aten.tensor<[3, 9], i64>
%mul_v2 = aten.mul %s, %x : (f64, !aten.tensor<[3, 9], f32>) -> !aten.tensor<[3, 9], f32>
// CHECK-NEXT: %mul_v2 = aten.mul %s, %x : (f64, !aten.tensor<[3, 9], f32>) -> !aten.tensor<[3, 9], f32>
%add_v2 = aten.add %i, %s : (!aten.tensor<[3, 9], i64>, f64) -> !aten.tensor<[3, 9], f32>
// CHECK-NEXT: %add_v2 = aten.add %i, %s : (!aten.tensor<[3, 9], i64>, f64) -> !aten.tensor<[3, 9], f32>
%logical_and_v2 = aten.logical_and %b, %t : (!aten.tensor<[3, 9], i1>, i1) -> !aten.tensor<[3, 9], i1>
// CHECK-NEXT: %logical_and_v2 = aten.logical_and %b, %t : (!aten.tensor<[3, 9], i1>, i1) -> !aten.tensor<[3, 9], i1>

// -----

// Reductions (REDUCTION_OPS).
%x = "test.op"() : () -> !aten.tensor<[3, 9], f32>
%b = "test.op"() : () -> !aten.tensor<[3, 9], i1>
%sum = aten.sum %x dims = [1] : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[3], f32>
// CHECK: %sum = aten.sum %x dims = [1] : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[3], f32>
%hash_tensor = aten.hash_tensor %x dims = [1] : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[3], ui64>
// CHECK-NEXT: %hash_tensor = aten.hash_tensor %x dims = [1] : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[3], ui64>
%prod = aten.prod %x dims = [1] : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[3], f32>
// CHECK-NEXT: %prod = aten.prod %x dims = [1] : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[3], f32>
%mean = aten.mean %x dims = [1] : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[3], f32>
// CHECK-NEXT: %mean = aten.mean %x dims = [1] : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[3], f32>
%amax = aten.amax %x dims = [1] : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[3], f32>
// CHECK-NEXT: %amax = aten.amax %x dims = [1] : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[3], f32>
%amin = aten.amin %x dims = [1] : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[3], f32>
// CHECK-NEXT: %amin = aten.amin %x dims = [1] : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[3], f32>
%any = aten.any %x dims = [1] : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[3], i1>
// CHECK-NEXT: %any = aten.any %x dims = [1] : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[3], i1>
%all = aten.all %x dims = [1] : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[3], i1>
// CHECK-NEXT: %all = aten.all %x dims = [1] : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[3], i1>
%argmax = aten.argmax %x dims = [1] : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[3], i64>
// CHECK-NEXT: %argmax = aten.argmax %x dims = [1] : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[3], i64>
%argmin = aten.argmin %x dims = [1] : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[3], i64>
// CHECK-NEXT: %argmin = aten.argmin %x dims = [1] : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[3], i64>
%var = aten.var %x dims = [1] : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[3], f32>
// CHECK-NEXT: %var = aten.var %x dims = [1] : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[3], f32>
%std = aten.std %x dims = [1] : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[3], f32>
// CHECK-NEXT: %std = aten.std %x dims = [1] : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[3], f32>
%sum_v2 = aten.sum %x : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[], f32>
// CHECK-NEXT: %sum_v2 = aten.sum %x : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[], f32>
%sum_v3 = aten.sum %x dims = [0, -1] keepdim = true : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[1, 1], f32>
// CHECK-NEXT: %sum_v3 = aten.sum %x dims = [0, -1] keepdim = true : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[1, 1], f32>
%mean_v2 = aten.mean %x dims = [-2] keepdim = true : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[1, 9], f32>
// CHECK-NEXT: %mean_v2 = aten.mean %x dims = [-2] keepdim = true : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[1, 9], f32>
%sum_v4 = aten.sum %b dims = [1] : (!aten.tensor<[3, 9], i1>) -> !aten.tensor<[3], i64>
// CHECK-NEXT: %sum_v4 = aten.sum %b dims = [1] : (!aten.tensor<[3, 9], i1>) -> !aten.tensor<[3], i64>
%argmax_v2 = aten.argmax %x : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[], i64>
// CHECK-NEXT: %argmax_v2 = aten.argmax %x : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[], i64>
%var_v2 = aten.var %x dims = [1] correction = 0.000000e+00 : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[3], f32>
// CHECK-NEXT: %var_v2 = aten.var %x dims = [1] correction = 0.000000e+00 : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[3], f32>
%std_v2 = aten.std %x dims = [0] keepdim = true correction = 2.000000e+00 : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[1, 9], f32>
// CHECK-NEXT: %std_v2 = aten.std %x dims = [0] keepdim = true correction = 2.000000e+00 : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[1, 9], f32>


// -----

// where, clamp, convert.
%c = "test.op"() : () -> !aten.tensor<[3, 1], i1>
%x = "test.op"() : () -> !aten.tensor<[3, 9], f32>
%y = "test.op"() : () -> !aten.tensor<[9], f32>
%s = "test.op"() : () -> f64
%where = aten.where %c, %x, %s : (!aten.tensor<[3, 1], i1>, !aten.tensor<[3, 9], f32>, f64) -> !aten.tensor<[3, 9], f32>
// CHECK: %where = aten.where %c, %x, %s : (!aten.tensor<[3, 1], i1>, !aten.tensor<[3, 9], f32>, f64) -> !aten.tensor<[3, 9], f32>
%clamp = aten.clamp %x, min %s, max %y : (!aten.tensor<[3, 9], f32>, f64, !aten.tensor<[9], f32>) -> !aten.tensor<[3, 9], f32>
// CHECK-NEXT: %clamp = aten.clamp %x, min %s, max %y : (!aten.tensor<[3, 9], f32>, f64, !aten.tensor<[9], f32>) -> !aten.tensor<[3, 9], f32>
%clamp_min = aten.clamp %x, min %s : (!aten.tensor<[3, 9], f32>, f64) -> !aten.tensor<[3, 9], f32>
// CHECK-NEXT: %clamp_min = aten.clamp %x, min %s : (!aten.tensor<[3, 9], f32>, f64) -> !aten.tensor<[3, 9], f32>
%clamp_max = aten.clamp %x, max %y {tag} : (!aten.tensor<[3, 9], f32>, !aten.tensor<[9], f32>) -> !aten.tensor<[3, 9], f32>
// CHECK-NEXT: %clamp_max = aten.clamp %x, max %y {tag} : (!aten.tensor<[3, 9], f32>, !aten.tensor<[9], f32>) -> !aten.tensor<[3, 9], f32>
%convert = aten.convert %x : !aten.tensor<[3, 9], f32> -> !aten.tensor<[3, 9], f16>
// CHECK-NEXT: %convert = aten.convert %x : !aten.tensor<[3, 9], f32> -> !aten.tensor<[3, 9], f16>

// GENERIC: %clamp_min = "aten.clamp"(%x, %s) <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (!aten.tensor<[3, 9], f32>, f64) -> !aten.tensor<[3, 9], f32>

// -----

// Creation: full (a number property or a scalar operand), arange, empty.
%n = "test.op"() : () -> i64
%full = aten.full 1.5 : () -> !aten.tensor<[3, 4], f32>
// CHECK: %full = aten.full 1.5 : () -> !aten.tensor<[3, 4], f32>
%zeros = aten.full 0 : () -> !aten.tensor<[3], i64>
// CHECK-NEXT: %zeros = aten.full 0 : () -> !aten.tensor<[3], i64>
%neg_inf = aten.full -inf : () -> !aten.tensor<[2], bf16>
// CHECK-NEXT: %neg_inf = aten.full -inf : () -> !aten.tensor<[2], bf16>
%nan = aten.full nan : () -> !aten.tensor<[2], f16>
// CHECK-NEXT: %nan = aten.full nan : () -> !aten.tensor<[2], f16>
%eps = aten.full 1.0e-05 : () -> !aten.tensor<[], f64>
// CHECK-NEXT: %eps = aten.full 1.0e-05 : () -> !aten.tensor<[], f64>
%mask = aten.full true : () -> !aten.tensor<[2, 2], i1>
// CHECK-NEXT: %mask = aten.full true : () -> !aten.tensor<[2, 2], i1>
%dynamic = aten.full %n : (i64) -> !aten.tensor<[s0], i64>
// CHECK-NEXT: %dynamic = aten.full %n : (i64) -> !aten.tensor<[s0], i64>
%arange = aten.arange start = 0 step = 1 : !aten.tensor<[10], i64>
// CHECK-NEXT: %arange = aten.arange start = 0 step = 1 : !aten.tensor<[10], i64>
%arange_f = aten.arange start = -1.0 step = 0.25 : !aten.tensor<[s0], f32>
// CHECK-NEXT: %arange_f = aten.arange start = -1.0 step = 0.25 : !aten.tensor<[s0], f32>
%empty = aten.empty : !aten.tensor<[3, s0], f32>
// CHECK-NEXT: %empty = aten.empty : !aten.tensor<[3, s0], f32>

// GENERIC: %full = "aten.full"() <{value = 1.500000e+00 : f64}> : () -> !aten.tensor<[3, 4], f32>
// GENERIC: %dynamic = "aten.full"(%n) : (i64) -> !aten.tensor<[s0], i64>
// GENERIC: %arange = "aten.arange"() <{start = 0 : i64, step = 1 : i64}> : () -> !aten.tensor<[10], i64>

// -----

// max_dim / min_dim: values and i64 indices.
%x = "test.op"() : () -> !aten.tensor<[3, 9], f32>
%max, %argmax = aten.max_dim %x dim = 1 : (!aten.tensor<[3, 9], f32>) -> (!aten.tensor<[3], f32>, !aten.tensor<[3], i64>)
// CHECK: %max, %argmax = aten.max_dim %x dim = 1 : (!aten.tensor<[3, 9], f32>) -> (!aten.tensor<[3], f32>, !aten.tensor<[3], i64>)
%min, %argmin = aten.min_dim %x dim = -2 keepdim = true : (!aten.tensor<[3, 9], f32>) -> (!aten.tensor<[1, 9], f32>, !aten.tensor<[1, 9], i64>)
// CHECK-NEXT: %min, %argmin = aten.min_dim %x dim = -2 keepdim = true : (!aten.tensor<[3, 9], f32>) -> (!aten.tensor<[1, 9], f32>, !aten.tensor<[1, 9], i64>)

// GENERIC: %min, %argmin = "aten.min_dim"(%x) <{dim = -2 : i64, keepdim = true}>

// -----

// Views and layout.
%x = "test.op"() : () -> !aten.tensor<[3, 1, 8], f32>
%view = aten.view %x : (!aten.tensor<[3, 1, 8], f32>) -> !aten.tensor<[4, 6], f32>
// CHECK: %view = aten.view %x : (!aten.tensor<[3, 1, 8], f32>) -> !aten.tensor<[4, 6], f32>
%permute = aten.permute %x dims = [2, 0, -2] : (!aten.tensor<[3, 1, 8], f32>) -> !aten.tensor<[8, 3, 1], f32>
// CHECK-NEXT: %permute = aten.permute %x dims = [2, 0, -2] : (!aten.tensor<[3, 1, 8], f32>) -> !aten.tensor<[8, 3, 1], f32>
%transpose = aten.transpose %x dims = 0, -1 : (!aten.tensor<[3, 1, 8], f32>) -> !aten.tensor<[8, 1, 3], f32>
// CHECK-NEXT: %transpose = aten.transpose %x dims = 0, -1 : (!aten.tensor<[3, 1, 8], f32>) -> !aten.tensor<[8, 1, 3], f32>
%expand = aten.expand %x : (!aten.tensor<[3, 1, 8], f32>) -> !aten.tensor<[2, 3, 5, 8], f32>
// CHECK-NEXT: %expand = aten.expand %x : (!aten.tensor<[3, 1, 8], f32>) -> !aten.tensor<[2, 3, 5, 8], f32>
%squeeze = aten.squeeze %x dims = [1] : (!aten.tensor<[3, 1, 8], f32>) -> !aten.tensor<[3, 8], f32>
// CHECK-NEXT: %squeeze = aten.squeeze %x dims = [1] : (!aten.tensor<[3, 1, 8], f32>) -> !aten.tensor<[3, 8], f32>
%squeeze_all = aten.squeeze %x : (!aten.tensor<[3, 1, 8], f32>) -> !aten.tensor<[3, 8], f32>
// CHECK-NEXT: %squeeze_all = aten.squeeze %x : (!aten.tensor<[3, 1, 8], f32>) -> !aten.tensor<[3, 8], f32>
%unsqueeze = aten.unsqueeze %x dim = -1 : (!aten.tensor<[3, 1, 8], f32>) -> !aten.tensor<[3, 1, 8, 1], f32>
// CHECK-NEXT: %unsqueeze = aten.unsqueeze %x dim = -1 : (!aten.tensor<[3, 1, 8], f32>) -> !aten.tensor<[3, 1, 8, 1], f32>
%slice = aten.slice %x dim = 2 start = 1 end = 9223372036854775807 step = 2 : (!aten.tensor<[3, 1, 8], f32>) -> !aten.tensor<[3, 1, 4], f32>
// CHECK-NEXT: %slice = aten.slice %x dim = 2 start = 1 end = 9223372036854775807 step = 2 : (!aten.tensor<[3, 1, 8], f32>) -> !aten.tensor<[3, 1, 4], f32>
%slice_neg = aten.slice %x dim = -1 start = -3 end = -1 : (!aten.tensor<[3, 1, 8], f32>) -> !aten.tensor<[3, 1, 2], f32>
// CHECK-NEXT: %slice_neg = aten.slice %x dim = -1 start = -3 end = -1 : (!aten.tensor<[3, 1, 8], f32>) -> !aten.tensor<[3, 1, 2], f32>
%select = aten.select %x dim = 0 index = -1 : (!aten.tensor<[3, 1, 8], f32>) -> !aten.tensor<[1, 8], f32>
// CHECK-NEXT: %select = aten.select %x dim = 0 index = -1 : (!aten.tensor<[3, 1, 8], f32>) -> !aten.tensor<[1, 8], f32>
%strided = aten.as_strided %x strides = [1, 3] offset = 2 : (!aten.tensor<[3, 1, 8], f32>) -> !aten.tensor<[3, 3], f32>
// CHECK-NEXT: %strided = aten.as_strided %x strides = [1, 3] offset = 2 : (!aten.tensor<[3, 1, 8], f32>) -> !aten.tensor<[3, 3], f32>
%clone = aten.clone %x : (!aten.tensor<[3, 1, 8], f32>) -> !aten.tensor<[3, 1, 8], f32>
// CHECK-NEXT: %clone = aten.clone %x : (!aten.tensor<[3, 1, 8], f32>) -> !aten.tensor<[3, 1, 8], f32>
%alias = aten.alias %x : (!aten.tensor<[3, 1, 8], f32>) -> !aten.tensor<[3, 1, 8], f32>
// CHECK-NEXT: %alias = aten.alias %x : (!aten.tensor<[3, 1, 8], f32>) -> !aten.tensor<[3, 1, 8], f32>

// GENERIC: %permute = "aten.permute"(%x) <{dims = array<i64: 2, 0, -2>}>
// GENERIC: %strided = "aten.as_strided"(%x) <{strides = [#builtin.int<1>, #builtin.int<3>], offset = #builtin.int<2>}>

// -----

// Symbolic sizes: broadcasting compares canonical text, view compares element counts, strides may be symbolic.
%a = "test.op"() : () -> !aten.tensor<[s0, 1], f32>
%b = "test.op"() : () -> !aten.tensor<["2*s1"], f32>
%add = aten.add %a, %b : (!aten.tensor<[s0, 1], f32>, !aten.tensor<["2*s1"], f32>) -> !aten.tensor<[s0, "s1*2"], f32>
// CHECK: %add = aten.add %a, %b : (!aten.tensor<[s0, 1], f32>, !aten.tensor<["2*s1"], f32>) -> !aten.tensor<[s0, "2*s1"], f32>
%view = aten.view %add : (!aten.tensor<[s0, "2*s1"], f32>) -> !aten.tensor<["2*s0*s1"], f32>
// CHECK-NEXT: %view = aten.view %add : (!aten.tensor<[s0, "2*s1"], f32>) -> !aten.tensor<["2*s0*s1"], f32>
// A side padded up to a multiple of 2 splits into halves: equal element counts in every residue class of s1.
%padded = "test.op"() : () -> !aten.tensor<["s1 + ModularIndexing(2 - ModularIndexing(s1, 1, 2), 1, 2)"], f32>
%halves = aten.view %padded : (!aten.tensor<["s1 + ModularIndexing(2 - ModularIndexing(s1, 1, 2), 1, 2)"], f32>) -> !aten.tensor<["FloorDiv(s1 + ModularIndexing(2 - ModularIndexing(s1, 1, 2), 1, 2), 2)", 2], f32>
// CHECK: %halves = aten.view %padded : {{.*}} -> !aten.tensor<["FloorDiv(s1 + ModularIndexing(2 - ModularIndexing(s1, 1, 2), 1, 2), 2)", 2], f32>
%sum = aten.sum %add dims = [0] : (!aten.tensor<[s0, "2*s1"], f32>) -> !aten.tensor<["2*s1"], f32>
// CHECK-NEXT: %sum = aten.sum %add dims = [0] : (!aten.tensor<[s0, "2*s1"], f32>) -> !aten.tensor<["2*s1"], f32>
%slice = aten.slice %add dim = 0 start = 1 end = 9223372036854775807 : (!aten.tensor<[s0, "2*s1"], f32>) -> !aten.tensor<["s0 - 1", "2*s1"], f32>
// CHECK-NEXT: %slice = aten.slice %add dim = 0 start = 1 end = 9223372036854775807 : (!aten.tensor<[s0, "2*s1"], f32>) -> !aten.tensor<["s0 - 1", "2*s1"], f32>
%strided = aten.as_strided %add strides = ["2*s1", 1] offset = s1 : (!aten.tensor<[s0, "2*s1"], f32>) -> !aten.tensor<[s0, s1], f32>
// CHECK-NEXT: %strided = aten.as_strided %add strides = ["2*s1", 1] offset = s1 : (!aten.tensor<[s0, "2*s1"], f32>) -> !aten.tensor<[s0, s1], f32>

// -----

// Fallback: an ATen overload run eagerly; non-tensor arguments as attributes, tensors as #aten.operand<N>.
%a = "test.op"() : () -> !aten.tensor<[3, 4], f32>
%b = "test.op"() : () -> !aten.tensor<[4, 5], f32>
%n = "test.op"() : () -> i64
%mm = aten.fallback "aten::mm.default"(%a, %b) {args = [#aten.operand<0>, #aten.operand<1>]} : (!aten.tensor<[3, 4], f32>, !aten.tensor<[4, 5], f32>) -> !aten.tensor<[3, 5], f32>
// CHECK: %mm = aten.fallback "aten::mm.default"(%a, %b) {args = [#aten.operand<0>, #aten.operand<1>]} : (!aten.tensor<[3, 4], f32>, !aten.tensor<[4, 5], f32>) -> !aten.tensor<[3, 5], f32>
%cat = aten.fallback "aten::cat"(%a, %a, %n) {args = [[#aten.operand<0>, #aten.operand<1>], 0 : i64, #aten.operand<2>], kwargs = {dtype = f16, eps = 1.000000e-05 : f64, flag = true, layout, name = "x"}} : (!aten.tensor<[3, 4], f32>, !aten.tensor<[3, 4], f32>, i64) -> !aten.tensor<[6, 4], f32>
// CHECK-NEXT: %cat = aten.fallback "aten::cat"(%a, %a, %n) {args = {{\[\[}}#aten.operand<0>, #aten.operand<1>], 0 : i64, #aten.operand<2>], kwargs = {dtype = f16, eps = 1.000000e-05 : f64, flag = true, layout, name = "x"}} : (!aten.tensor<[3, 4], f32>, !aten.tensor<[3, 4], f32>, i64) -> !aten.tensor<[6, 4], f32>
%v, %i = aten.fallback "aten::sort.default"(%a) {args = [#aten.operand<0>, -1 : i64]} : (!aten.tensor<[3, 4], f32>) -> (!aten.tensor<[3, 4], f32>, !aten.tensor<[3, 4], i64>)
// CHECK-NEXT: %v, %i = aten.fallback "aten::sort.default"(%a) {args = [#aten.operand<0>, -1 : i64]} : (!aten.tensor<[3, 4], f32>) -> (!aten.tensor<[3, 4], f32>, !aten.tensor<[3, 4], i64>)
aten.fallback "aten::_assert_async.msg"() {args = [true, "message"]} : () -> ()
// CHECK-NEXT: aten.fallback "aten::_assert_async.msg"() {args = [true, "message"]} : () -> ()

// GENERIC: %mm = "aten.fallback"(%a, %b) <{overload = "aten::mm.default", args = [#aten.operand<0>, #aten.operand<1>], kwargs = {}}>

// -----

// Random numbers (dialects/aten_random.py): seed `seed` of a seeds tensor; randint with its bounds.
%seeds = "test.op"() : () -> !aten.tensor<[3], i64>
%u = aten.random "rand" %seeds {seed = 0 : i64} : (!aten.tensor<[3], i64>) -> !aten.tensor<[3, 5], bf16>
// CHECK: %u = aten.random "rand" %seeds {seed = 0 : i64} : (!aten.tensor<[3], i64>) -> !aten.tensor<[3, 5], bf16>
// GENERIC: "aten.random"(%seeds) <{kind = "rand", seed = 0 : i64}> : (!aten.tensor<[3], i64>) -> !aten.tensor<[3, 5], bf16>
%z = aten.random "randn" %seeds {seed = 1 : i64} : (!aten.tensor<[3], i64>) -> !aten.tensor<[s0], f64>
// CHECK-NEXT: %z = aten.random "randn" %seeds {seed = 1 : i64} : (!aten.tensor<[3], i64>) -> !aten.tensor<[s0], f64>
%k = aten.random "randint" %seeds {seed = 2 : i64, low = -9223372036854775808 : i64, high = 9223372036854775807 : i64} : (!aten.tensor<[3], i64>) -> !aten.tensor<[7], i64>
// CHECK-NEXT: %k = aten.random "randint" %seeds {seed = 2 : i64, low = -9223372036854775808 : i64, high = 9223372036854775807 : i64} : (!aten.tensor<[3], i64>) -> !aten.tensor<[7], i64>
%kf = aten.random "randint" %seeds {seed = 2 : i64, low = 0 : i64, high = 3 : i64} : (!aten.tensor<[3], i64>) -> !aten.tensor<[7], f32>
// CHECK-NEXT: %kf = aten.random "randint" %seeds {seed = 2 : i64, low = 0 : i64, high = 3 : i64} : (!aten.tensor<[3], i64>) -> !aten.tensor<[7], f32>
