// RUN: IRC_ROUNDTRIP

// One kernel.size per form of torch's symbolic sizes (irc/fx_sizes.py), read, verified and printed back.
func.func @sizes(%x: !loop.buffer<[s0, s1], f32, strides [s1, 1]>) -> (i64, i64, i64, i64, i64, i64, i64, i64, i64, i64) {
  // a strided convolution's output size, torch's `((s0 - 1)//2) + 1`
  %floor = kernel.size "FloorDiv(s0 - 1, 2) + 1" : i64
  // ceiling division, torch's `-(-s0 // 2)` and CeilDiv
  %ceil = kernel.size "CeilDiv(s0, 2)" : i64
  // Mod, PythonMod and ModularIndexing
  %mod = kernel.size "ModularIndexing(s0, 1, 3)" : i64
  %min = kernel.size "Min(s0, s1)" : i64
  %max = kernel.size "Max(1, s0 - s1)" : i64
  // PowByNatural with a constant exponent, and powers of two
  %pow = kernel.size "s0**2 + 4*s1" : i64
  // Piecewise and sym_ite: Where over the 0/1 comparisons
  %where = kernel.size "Where(Lt(s0, s1), s0, s1 + 1)" : i64
  %cmp = kernel.size "Le(s0, 4) + Eq(s0, s1) + Ne(s1, 2)" : i64
  // TruncToInt of a float size (1.5 * s0), exact as a rational
  %trunc = kernel.size "FloorDiv(3*s0, 2)" : i64
  %nested = kernel.size "CeilDiv(FloorDiv(s0 - 1, 2) + 1, Max(s1, 2))" : i64
  func.return %floor, %ceil, %mod, %min, %max, %pow, %where, %cmp, %trunc, %nested : i64, i64, i64, i64, i64, i64, i64, i64, i64, i64
}

// CHECK:      kernel.size "FloorDiv(s0 - 1, 2) + 1" : i64
// CHECK-NEXT: kernel.size "CeilDiv(s0, 2)" : i64
// CHECK-NEXT: kernel.size "ModularIndexing(s0, 1, 3)" : i64
// CHECK-NEXT: kernel.size "Min(s0, s1)" : i64
// CHECK-NEXT: kernel.size "Max(1, s0 - s1)" : i64
// CHECK-NEXT: kernel.size "s0**2 + 4*s1" : i64
// CHECK-NEXT: kernel.size "Where(Lt(s0, s1), s0, s1 + 1)" : i64
// CHECK-NEXT: kernel.size "Le(s0, 4) + Eq(s0, s1) + Ne(s1, 2)" : i64
// CHECK-NEXT: kernel.size "FloorDiv(3*s0, 2)" : i64
// CHECK-NEXT: kernel.size "CeilDiv(FloorDiv(s0 - 1, 2) + 1, Max(s1, 2))" : i64
