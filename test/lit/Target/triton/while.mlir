// A polynomial of a degree tensor: ATen's recurrence, as long as each element's degree, is a loop.while that
// prints as a Python `while` over the block (it goes on while any element goes on; an element that stopped
// keeps its values). Legendre's loop also stops at a NaN value; Hermite's degrees beyond 128 give NaN.
// RUN: irc-opt %s -p 'convert-aten-to-loop,loop-inline,loop-simplify,kernel-fuse,kernel-tile,convert-kernel-to-triton,cse,dce' -t triton -o %t.py
// RUN: filecheck %s < %t.py
// RUN: %python %S/Inputs/check_module.py %t.py "(torch.special.legendre_polynomial_p(a0, a1), torch.special.hermite_polynomial_h(a0, a1))" --prepare "a0.uniform_(-1.5, 1.5); a1.copy_(torch.randint(-2, 40, (37,))); a1[:4] = torch.tensor([1000.0, 129.0, float('nan'), float('inf')]); a0[:4] = 0.5" --tol 1e-4 | filecheck %s --check-prefix=EXEC

func.func @forward(%x: !aten.tensor<[37], f32, strides [1]>, %n: !aten.tensor<[37], f32, strides [1]>) -> (!aten.tensor<[37], f32>, !aten.tensor<[37], f32>) {
  %p = aten.legendre_polynomial_p %x, %n : (!aten.tensor<[37], f32, strides [1]>, !aten.tensor<[37], f32, strides [1]>) -> !aten.tensor<[37], f32>
  %h = aten.hermite_polynomial_h %x, %n : (!aten.tensor<[37], f32, strides [1]>, !aten.tensor<[37], f32, strides [1]>) -> !aten.tensor<[37], f32>
  func.return %p, %h : !aten.tensor<[37], f32>, !aten.tensor<[37], f32>
}

// CHECK:      def triton_poi_fused_{{.*}}while{{.*}}(
// CHECK:          [[GOING:tmp[0-9]+]] = {{.*}} & xmask
// CHECK-NEXT:     [[ANY:tmp[0-9]+]] = tl.reduce_or([[GOING]], 0, keep_dims=False)
// CHECK-NEXT:     while [[ANY]]:
// CHECK:              = tl.where([[GOING]],
// CHECK:              [[GOING]] = {{.*}} & xmask
// CHECK-NEXT:         [[ANY]] = tl.reduce_or([[GOING]], 0, keep_dims=False)
// CHECK:          tl.store(out_ptr0

// EXEC-COUNT-2: ok
// EXEC:         all outputs match
