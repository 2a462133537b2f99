// Bit casts printed as Python and run under TRITON_INTERPRET=1 against torch: frexp's two results in one kernel,
// and f16 nextafter toward a constant, whose bit cast prints the constant with its own type (a bare literal
// would be a float32 and could not bit-cast to int16).
// RUN: irc-opt %s -p 'convert-aten-to-loop,loop-inline,loop-simplify,kernel-fuse,kernel-tile,convert-kernel-to-triton,cse,dce' -t triton -o %t.py
// RUN: filecheck %s < %t.py
// RUN: %python %S/Inputs/check_module.py %t.py "(*torch.frexp(a0), torch.nextafter(a1, torch.zeros((), dtype=torch.float16)))" --prepare "a0[:5] = torch.tensor([0.0, float('inf'), float('nan'), 1e-40, -3.0]); a1[:2] = 0.0" | filecheck %s --check-prefix=EXEC

func.func @forward(%x: !aten.tensor<[51], f32, strides [1]>, %h: !aten.tensor<[51], f16, strides [1]>) -> (!aten.tensor<[51], f32>, !aten.tensor<[51], i32>, !aten.tensor<[51], f16>) {
  %m = aten.frexp_mantissa %x : (!aten.tensor<[51], f32, strides [1]>) -> !aten.tensor<[51], f32>
  %e = aten.frexp_exponent %x : (!aten.tensor<[51], f32, strides [1]>) -> !aten.tensor<[51], i32>
  %zero = arith.constant 0.0 : f64
  %n = aten.nextafter %h, %zero : (!aten.tensor<[51], f16, strides [1]>, f64) -> !aten.tensor<[51], f16>
  func.return %m, %e, %n : !aten.tensor<[51], f32>, !aten.tensor<[51], i32>, !aten.tensor<[51], f16>
}

// CHECK:      def triton_poi_fused_{{.*}}_0(
// CHECK:          [[BITS:tmp[0-9]+]] = {{.*}}.to(tl.int32, bitcast=True)
// CHECK:          {{.*}}.to(tl.float32, bitcast=True)
// CHECK:          tl.store(out_ptr0
// CHECK:          tl.store(out_ptr1
// CHECK:      def triton_poi_fused_{{.*}}_1(
// CHECK:          tl.cast(tl.full([], 0.0, tl.float16), tl.int16, bitcast=True)
// CHECK:          {{.*}}.to(tl.float16, bitcast=True)

// EXEC-COUNT-3: ok
// EXEC:         all outputs match
