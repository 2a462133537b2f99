// Random numbers in kernels: tl.rand / tl.randn of the seed and the element's offset, randint through the
// _randint64 helper (two words of randint4x as 64 bits, as Inductor's randint64: ranges past 2**32 too,
// printed as low and the range's size); the seeds extern is not listed among FALLBACKS.
// RUN: irc-opt %s -p 'convert-aten-to-loop,loop-inline,loop-simplify,kernel-fuse,kernel-tile,convert-kernel-to-triton,cse,dce' -t triton -o %t.py
// RUN: filecheck %s < %t.py

func.func @forward(%x: !aten.tensor<[33], f32, strides [1]>) -> (!aten.tensor<[33], f32>, !aten.tensor<[33], i64>) {
  %seeds = aten.fallback "aten::randint.low"() {args = [-9223372036854775808 : i64, 9223372036854775807 : i64, [2 : i64]], kwargs = {dtype = i64, device = "device:cpu"}, irc.seeds} : () -> !aten.tensor<[2], i64, strides [1]>
  %z = aten.random "randn" %seeds {seed = 0 : i64} : (!aten.tensor<[2], i64, strides [1]>) -> !aten.tensor<[33], f32>
  %u = aten.random "rand" %seeds {seed = 1 : i64} : (!aten.tensor<[2], i64, strides [1]>) -> !aten.tensor<[33], f32>
  %s = aten.add %z, %u : (!aten.tensor<[33], f32>, !aten.tensor<[33], f32>) -> !aten.tensor<[33], f32>
  %y = aten.add %s, %x : (!aten.tensor<[33], f32>, !aten.tensor<[33], f32, strides [1]>) -> !aten.tensor<[33], f32>
  %k = aten.random "randint" %seeds {seed = 1 : i64, low = -1099511627776 : i64, high = 1099511627776 : i64} : (!aten.tensor<[2], i64, strides [1]>) -> !aten.tensor<[33], i64>
  func.return %y, %k : !aten.tensor<[33], f32>, !aten.tensor<[33], i64>
}
// CHECK: FALLBACKS = []
// CHECK: def _randint64(seed, offset, low, size):
// CHECK-NEXT:     r0, r1, _r2, _r3 = tl.randint4x(seed, offset)
// CHECK-NEXT:     bits = r0.to(tl.uint64) | (r1.to(tl.uint64) << 32)
// CHECK-NEXT:     return (bits % size).to(tl.int64) + low
// CHECK: def triton_poi_
// CHECK-DAG: = tl.randn(
// CHECK-DAG: = tl.rand(
// CHECK-DAG: = _randint64({{.*}}, -1099511627776, 2199023255552)
// CHECK: tl.store(
// CHECK: buf{{[0-9]+}} = _op_aten_randint_low(-9223372036854775808, 9223372036854775807, (2,), dtype=torch.int64
