// Every reduction kind, persistent (RBLOCK 64 >= 37) and looped (RBLOCK 8: four full blocks and a partial one),
// 7 rows with XBLOCK 4 / 2 (a partial last program), run under TRITON_INTERPRET=1 against torch, also with NaNs
// (max/min and argmax/argmin propagate them like torch). Every kernel but the last streams %x, which a later
// kernel reads again: its loads leave it in L2 (evict_last rather than evict_first).
// RUN: irc-opt %s -p convert-kernel-to-triton -t triton -o %t.py
// RUN: filecheck %s < %t.py
// RUN: %python %S/Inputs/check_module.py %t.py "(a0.sum(1), a0.prod(1), a0.amax(1), a0.amin(1), a0.argmax(1), a0.argmin(1), (a0 > 0.5).any(1), (a0 > 0.01).all(1), a0.mean(1), a0.var(1, unbiased=False) * 37, torch.full((7,), 37.0), a0.sum(1), a0.prod(1), a0.amax(1), a0.amin(1), a0.argmax(1), a0.argmin(1), (a0 > 0.5).any(1), (a0 > 0.01).all(1), a0.mean(1), a0.var(1, unbiased=False) * 37, torch.full((7,), 37.0))" --tol 1e-4 | filecheck %s --check-prefix=EXEC
// RUN: %python %S/Inputs/check_module.py %t.py "(a0.sum(1), a0.prod(1), a0.amax(1), a0.amin(1), a0.argmax(1), a0.argmin(1), (a0 > 0.5).any(1), (a0 > 0.01).all(1), a0.mean(1), a0.var(1, unbiased=False) * 37, torch.full((7,), 37.0), a0.sum(1), a0.prod(1), a0.amax(1), a0.amin(1), a0.argmax(1), a0.argmin(1), (a0 > 0.5).any(1), (a0 > 0.01).all(1), a0.mean(1), a0.var(1, unbiased=False) * 37, torch.full((7,), 37.0))" --tol 1e-4 --prepare "a0[2, 5] = float('nan'); a0[2, 30] = float('nan'); a0[4, 36] = float('nan')" | filecheck %s --check-prefix=EXEC

// CHECK:      @triton.jit
// CHECK-NEXT: def _prod_combine(a, b):
// CHECK:      def _maximum_combine(a, b):
// CHECK-NEXT:     return tl.maximum(a, b, propagate_nan=tl.PropagateNan.ALL)
// CHECK:      def triton_per_sum_0(in_ptr0, out_ptr0, XBLOCK: tl.constexpr, RBLOCK: tl.constexpr):
// CHECK-NEXT:     xoffset = tl.program_id(0) * XBLOCK
// CHECK-NEXT:     xindex = xoffset + tl.arange(0, XBLOCK)[:, None]
// CHECK-NEXT:     xnumel = 7
// CHECK-NEXT:     xmask = xindex < xnumel
// CHECK-NEXT:     rnumel = 37
// CHECK-NEXT:     rindex = tl.arange(0, RBLOCK)[None, :]
// CHECK-NEXT:     rmask = rindex < rnumel
// CHECK-NEXT:     xrmask = xmask & rmask
// CHECK-NEXT:     tmp0 = xindex * 37
// CHECK-NEXT:     tmp1 = rindex + tmp0
// CHECK-NEXT:     tmp2 = tl.load(in_ptr0 + (tmp1), xrmask, eviction_policy='evict_last')
// CHECK-NEXT:     tmp3 = tl.where(xrmask, tmp2, 0.0)
// CHECK-NEXT:     tmp4 = tl.sum(tmp3, 1, keep_dims=True)
// CHECK-NEXT:     tl.store(out_ptr0 + (xindex), tmp4, xmask)
// CHECK:      def triton_red_sum_9(in_ptr0, out_ptr0, XBLOCK: tl.constexpr, RBLOCK: tl.constexpr):
// CHECK:          rbase = tl.arange(0, RBLOCK)[None, :]
// CHECK-NEXT:     _acc = tl.full([XBLOCK, RBLOCK], 0.0, tl.float32)
// CHECK-NEXT:     tmp0 = xindex * 37
// CHECK-NEXT:     for roffset in range(0, rnumel, RBLOCK):
// CHECK-NEXT:         rindex = roffset + rbase
// CHECK-NEXT:         rmask = rindex < rnumel
// CHECK-NEXT:         xrmask = xmask & rmask
// CHECK-NEXT:         tmp1 = rindex + tmp0
// CHECK-NEXT:         tmp2 = tl.load(in_ptr0 + (tmp1), xrmask, eviction_policy='evict_last')
// CHECK-NEXT:         tmp3 = _acc + tmp2
// CHECK-NEXT:         _acc = tl.where(xrmask, tmp3, _acc)
// CHECK-NEXT:     tmp4 = tl.sum(_acc, 1, keep_dims=True)
// CHECK-NEXT:     tl.store(out_ptr0 + (xindex), tmp4, xmask)
// CHECK:      def call(args):
// CHECK:          _spec = (arg0_1.get_device(), (arg0_1.data_ptr()) % 16 == 0 or _alignments(arg0_1))
// CHECK:          (_launch_0.get(((2,), _spec)) or _launch_0.first(((2,), _spec), lambda: ({'XBLOCK': 4, 'RBLOCK': 64, 'num_warps': 2}, [])))([arg0_1, buf0])
// CHECK:          (_launch_9.get(((4,), _spec)) or _launch_9.first(((4,), _spec), lambda: ({'XBLOCK': 2, 'RBLOCK': 8, 'num_warps': 2}, [])))([arg0_1, buf11])

// EXEC-COUNT-22: ok
// EXEC: all outputs match

kernel.kernel @sum_0(%arg0: !loop.buffer<[7, 37], f32, strides [37, 1]>) -> (!loop.buffer<[7], f32, strides [1]>) persistent_reduction numel 7 rnumel 37 {xblock = 4, rblock = 64, num_warps = 2} {
  %0 = loop.reduction sum ranges [7] reduce [37] {
      %1 = loop.load %arg0[#loop.index<"37*i0 + r0">] : !loop.buffer<[7, 37], f32, strides [37, 1]>
      loop.yield %1 : f32
  } : !loop.buffer<[7], f32, strides [1]>
  kernel.yield %0 : !loop.buffer<[7], f32, strides [1]>
}
kernel.kernel @prod_1(%arg0: !loop.buffer<[7, 37], f32, strides [37, 1]>) -> (!loop.buffer<[7], f32, strides [1]>) persistent_reduction numel 7 rnumel 37 {xblock = 4, rblock = 64, num_warps = 2} {
  %0 = loop.reduction prod ranges [7] reduce [37] {
      %1 = loop.load %arg0[#loop.index<"37*i0 + r0">] : !loop.buffer<[7, 37], f32, strides [37, 1]>
      loop.yield %1 : f32
  } : !loop.buffer<[7], f32, strides [1]>
  kernel.yield %0 : !loop.buffer<[7], f32, strides [1]>
}
kernel.kernel @max_2(%arg0: !loop.buffer<[7, 37], f32, strides [37, 1]>) -> (!loop.buffer<[7], f32, strides [1]>) persistent_reduction numel 7 rnumel 37 {xblock = 4, rblock = 64, num_warps = 2} {
  %0 = loop.reduction max ranges [7] reduce [37] {
      %1 = loop.load %arg0[#loop.index<"37*i0 + r0">] : !loop.buffer<[7, 37], f32, strides [37, 1]>
      loop.yield %1 : f32
  } : !loop.buffer<[7], f32, strides [1]>
  kernel.yield %0 : !loop.buffer<[7], f32, strides [1]>
}
kernel.kernel @min_3(%arg0: !loop.buffer<[7, 37], f32, strides [37, 1]>) -> (!loop.buffer<[7], f32, strides [1]>) persistent_reduction numel 7 rnumel 37 {xblock = 4, rblock = 64, num_warps = 2} {
  %0 = loop.reduction min ranges [7] reduce [37] {
      %1 = loop.load %arg0[#loop.index<"37*i0 + r0">] : !loop.buffer<[7, 37], f32, strides [37, 1]>
      loop.yield %1 : f32
  } : !loop.buffer<[7], f32, strides [1]>
  kernel.yield %0 : !loop.buffer<[7], f32, strides [1]>
}
kernel.kernel @argmax_4(%arg0: !loop.buffer<[7, 37], f32, strides [37, 1]>) -> (!loop.buffer<[7], i64, strides [1]>) persistent_reduction numel 7 rnumel 37 {xblock = 4, rblock = 64, num_warps = 2} {
  %0 = loop.reduction argmax ranges [7] reduce [37] {
      %1 = loop.load %arg0[#loop.index<"37*i0 + r0">] : !loop.buffer<[7, 37], f32, strides [37, 1]>
      loop.yield %1 : f32
  } : !loop.buffer<[7], i64, strides [1]>
  kernel.yield %0 : !loop.buffer<[7], i64, strides [1]>
}
kernel.kernel @argmin_5(%arg0: !loop.buffer<[7, 37], f32, strides [37, 1]>) -> (!loop.buffer<[7], i64, strides [1]>) persistent_reduction numel 7 rnumel 37 {xblock = 4, rblock = 64, num_warps = 2} {
  %0 = loop.reduction argmin ranges [7] reduce [37] {
      %1 = loop.load %arg0[#loop.index<"37*i0 + r0">] : !loop.buffer<[7, 37], f32, strides [37, 1]>
      loop.yield %1 : f32
  } : !loop.buffer<[7], i64, strides [1]>
  kernel.yield %0 : !loop.buffer<[7], i64, strides [1]>
}
kernel.kernel @any_6(%arg0: !loop.buffer<[7, 37], f32, strides [37, 1]>) -> (!loop.buffer<[7], i1, strides [1]>) persistent_reduction numel 7 rnumel 37 {xblock = 4, rblock = 64, num_warps = 2} {
  %0 = loop.reduction any ranges [7] reduce [37] {
      %1 = loop.load %arg0[#loop.index<"37*i0 + r0">] : !loop.buffer<[7, 37], f32, strides [37, 1]>
      %c = arith.constant 0.5 : f32
      %2 = arith.cmpf ogt, %1, %c : f32
      loop.yield %2 : i1
  } : !loop.buffer<[7], i1, strides [1]>
  kernel.yield %0 : !loop.buffer<[7], i1, strides [1]>
}
kernel.kernel @all_7(%arg0: !loop.buffer<[7, 37], f32, strides [37, 1]>) -> (!loop.buffer<[7], i1, strides [1]>) persistent_reduction numel 7 rnumel 37 {xblock = 4, rblock = 64, num_warps = 2} {
  %0 = loop.reduction all ranges [7] reduce [37] {
      %1 = loop.load %arg0[#loop.index<"37*i0 + r0">] : !loop.buffer<[7, 37], f32, strides [37, 1]>
      %c = arith.constant 0.01 : f32
      %2 = arith.cmpf ogt, %1, %c : f32
      loop.yield %2 : i1
  } : !loop.buffer<[7], i1, strides [1]>
  kernel.yield %0 : !loop.buffer<[7], i1, strides [1]>
}
kernel.kernel @welford_8(%arg0: !loop.buffer<[7, 37], f32, strides [37, 1]>) -> (!loop.buffer<[7], f32, strides [1]>, !loop.buffer<[7], f32, strides [1]>, !loop.buffer<[7], f32, strides [1]>) persistent_reduction numel 7 rnumel 37 {xblock = 4, rblock = 64, num_warps = 2} {
  %0:3 = loop.reduction welford ranges [7] reduce [37] {
      %1 = loop.load %arg0[#loop.index<"37*i0 + r0">] : !loop.buffer<[7, 37], f32, strides [37, 1]>
      loop.yield %1 : f32
  } : !loop.buffer<[7], f32, strides [1]>, !loop.buffer<[7], f32, strides [1]>, !loop.buffer<[7], f32, strides [1]>
  kernel.yield %0#0, %0#1, %0#2 : !loop.buffer<[7], f32, strides [1]>, !loop.buffer<[7], f32, strides [1]>, !loop.buffer<[7], f32, strides [1]>
}
kernel.kernel @sum_9(%arg0: !loop.buffer<[7, 37], f32, strides [37, 1]>) -> (!loop.buffer<[7], f32, strides [1]>) reduction numel 7 rnumel 37 {xblock = 2, rblock = 8, num_warps = 2} {
  %0 = loop.reduction sum ranges [7] reduce [37] {
      %1 = loop.load %arg0[#loop.index<"37*i0 + r0">] : !loop.buffer<[7, 37], f32, strides [37, 1]>
      loop.yield %1 : f32
  } : !loop.buffer<[7], f32, strides [1]>
  kernel.yield %0 : !loop.buffer<[7], f32, strides [1]>
}
kernel.kernel @prod_10(%arg0: !loop.buffer<[7, 37], f32, strides [37, 1]>) -> (!loop.buffer<[7], f32, strides [1]>) reduction numel 7 rnumel 37 {xblock = 2, rblock = 8, num_warps = 2} {
  %0 = loop.reduction prod ranges [7] reduce [37] {
      %1 = loop.load %arg0[#loop.index<"37*i0 + r0">] : !loop.buffer<[7, 37], f32, strides [37, 1]>
      loop.yield %1 : f32
  } : !loop.buffer<[7], f32, strides [1]>
  kernel.yield %0 : !loop.buffer<[7], f32, strides [1]>
}
kernel.kernel @max_11(%arg0: !loop.buffer<[7, 37], f32, strides [37, 1]>) -> (!loop.buffer<[7], f32, strides [1]>) reduction numel 7 rnumel 37 {xblock = 2, rblock = 8, num_warps = 2} {
  %0 = loop.reduction max ranges [7] reduce [37] {
      %1 = loop.load %arg0[#loop.index<"37*i0 + r0">] : !loop.buffer<[7, 37], f32, strides [37, 1]>
      loop.yield %1 : f32
  } : !loop.buffer<[7], f32, strides [1]>
  kernel.yield %0 : !loop.buffer<[7], f32, strides [1]>
}
kernel.kernel @min_12(%arg0: !loop.buffer<[7, 37], f32, strides [37, 1]>) -> (!loop.buffer<[7], f32, strides [1]>) reduction numel 7 rnumel 37 {xblock = 2, rblock = 8, num_warps = 2} {
  %0 = loop.reduction min ranges [7] reduce [37] {
      %1 = loop.load %arg0[#loop.index<"37*i0 + r0">] : !loop.buffer<[7, 37], f32, strides [37, 1]>
      loop.yield %1 : f32
  } : !loop.buffer<[7], f32, strides [1]>
  kernel.yield %0 : !loop.buffer<[7], f32, strides [1]>
}
kernel.kernel @argmax_13(%arg0: !loop.buffer<[7, 37], f32, strides [37, 1]>) -> (!loop.buffer<[7], i64, strides [1]>) reduction numel 7 rnumel 37 {xblock = 2, rblock = 8, num_warps = 2} {
  %0 = loop.reduction argmax ranges [7] reduce [37] {
      %1 = loop.load %arg0[#loop.index<"37*i0 + r0">] : !loop.buffer<[7, 37], f32, strides [37, 1]>
      loop.yield %1 : f32
  } : !loop.buffer<[7], i64, strides [1]>
  kernel.yield %0 : !loop.buffer<[7], i64, strides [1]>
}
kernel.kernel @argmin_14(%arg0: !loop.buffer<[7, 37], f32, strides [37, 1]>) -> (!loop.buffer<[7], i64, strides [1]>) reduction numel 7 rnumel 37 {xblock = 2, rblock = 8, num_warps = 2} {
  %0 = loop.reduction argmin ranges [7] reduce [37] {
      %1 = loop.load %arg0[#loop.index<"37*i0 + r0">] : !loop.buffer<[7, 37], f32, strides [37, 1]>
      loop.yield %1 : f32
  } : !loop.buffer<[7], i64, strides [1]>
  kernel.yield %0 : !loop.buffer<[7], i64, strides [1]>
}
kernel.kernel @any_15(%arg0: !loop.buffer<[7, 37], f32, strides [37, 1]>) -> (!loop.buffer<[7], i1, strides [1]>) reduction numel 7 rnumel 37 {xblock = 2, rblock = 8, num_warps = 2} {
  %0 = loop.reduction any ranges [7] reduce [37] {
      %1 = loop.load %arg0[#loop.index<"37*i0 + r0">] : !loop.buffer<[7, 37], f32, strides [37, 1]>
      %c = arith.constant 0.5 : f32
      %2 = arith.cmpf ogt, %1, %c : f32
      loop.yield %2 : i1
  } : !loop.buffer<[7], i1, strides [1]>
  kernel.yield %0 : !loop.buffer<[7], i1, strides [1]>
}
kernel.kernel @all_16(%arg0: !loop.buffer<[7, 37], f32, strides [37, 1]>) -> (!loop.buffer<[7], i1, strides [1]>) reduction numel 7 rnumel 37 {xblock = 2, rblock = 8, num_warps = 2} {
  %0 = loop.reduction all ranges [7] reduce [37] {
      %1 = loop.load %arg0[#loop.index<"37*i0 + r0">] : !loop.buffer<[7, 37], f32, strides [37, 1]>
      %c = arith.constant 0.01 : f32
      %2 = arith.cmpf ogt, %1, %c : f32
      loop.yield %2 : i1
  } : !loop.buffer<[7], i1, strides [1]>
  kernel.yield %0 : !loop.buffer<[7], i1, strides [1]>
}
kernel.kernel @welford_17(%arg0: !loop.buffer<[7, 37], f32, strides [37, 1]>) -> (!loop.buffer<[7], f32, strides [1]>, !loop.buffer<[7], f32, strides [1]>, !loop.buffer<[7], f32, strides [1]>) reduction numel 7 rnumel 37 {xblock = 2, rblock = 8, num_warps = 2} {
  %0:3 = loop.reduction welford ranges [7] reduce [37] {
      %1 = loop.load %arg0[#loop.index<"37*i0 + r0">] : !loop.buffer<[7, 37], f32, strides [37, 1]>
      loop.yield %1 : f32
  } : !loop.buffer<[7], f32, strides [1]>, !loop.buffer<[7], f32, strides [1]>, !loop.buffer<[7], f32, strides [1]>
  kernel.yield %0#0, %0#1, %0#2 : !loop.buffer<[7], f32, strides [1]>, !loop.buffer<[7], f32, strides [1]>, !loop.buffer<[7], f32, strides [1]>
}
func.func @forward(%x: !loop.buffer<[7, 37], f32, strides [37, 1]>) -> (!loop.buffer<[7], f32, strides [1]>, !loop.buffer<[7], f32, strides [1]>, !loop.buffer<[7], f32, strides [1]>, !loop.buffer<[7], f32, strides [1]>, !loop.buffer<[7], i64, strides [1]>, !loop.buffer<[7], i64, strides [1]>, !loop.buffer<[7], i1, strides [1]>, !loop.buffer<[7], i1, strides [1]>, !loop.buffer<[7], f32, strides [1]>, !loop.buffer<[7], f32, strides [1]>, !loop.buffer<[7], f32, strides [1]>, !loop.buffer<[7], f32, strides [1]>, !loop.buffer<[7], f32, strides [1]>, !loop.buffer<[7], f32, strides [1]>, !loop.buffer<[7], f32, strides [1]>, !loop.buffer<[7], i64, strides [1]>, !loop.buffer<[7], i64, strides [1]>, !loop.buffer<[7], i1, strides [1]>, !loop.buffer<[7], i1, strides [1]>, !loop.buffer<[7], f32, strides [1]>, !loop.buffer<[7], f32, strides [1]>, !loop.buffer<[7], f32, strides [1]>) {
  %b0 = kernel.alloc : !loop.buffer<[7], f32, strides [1]>
  kernel.launch @sum_0(%x) outs(%b0) : (!loop.buffer<[7, 37], f32, strides [37, 1]>) -> (!loop.buffer<[7], f32, strides [1]>)
  %b1 = kernel.alloc : !loop.buffer<[7], f32, strides [1]>
  kernel.launch @prod_1(%x) outs(%b1) : (!loop.buffer<[7, 37], f32, strides [37, 1]>) -> (!loop.buffer<[7], f32, strides [1]>)
  %b2 = kernel.alloc : !loop.buffer<[7], f32, strides [1]>
  kernel.launch @max_2(%x) outs(%b2) : (!loop.buffer<[7, 37], f32, strides [37, 1]>) -> (!loop.buffer<[7], f32, strides [1]>)
  %b3 = kernel.alloc : !loop.buffer<[7], f32, strides [1]>
  kernel.launch @min_3(%x) outs(%b3) : (!loop.buffer<[7, 37], f32, strides [37, 1]>) -> (!loop.buffer<[7], f32, strides [1]>)
  %b4 = kernel.alloc : !loop.buffer<[7], i64, strides [1]>
  kernel.launch @argmax_4(%x) outs(%b4) : (!loop.buffer<[7, 37], f32, strides [37, 1]>) -> (!loop.buffer<[7], i64, strides [1]>)
  %b5 = kernel.alloc : !loop.buffer<[7], i64, strides [1]>
  kernel.launch @argmin_5(%x) outs(%b5) : (!loop.buffer<[7, 37], f32, strides [37, 1]>) -> (!loop.buffer<[7], i64, strides [1]>)
  %b6 = kernel.alloc : !loop.buffer<[7], i1, strides [1]>
  kernel.launch @any_6(%x) outs(%b6) : (!loop.buffer<[7, 37], f32, strides [37, 1]>) -> (!loop.buffer<[7], i1, strides [1]>)
  %b7 = kernel.alloc : !loop.buffer<[7], i1, strides [1]>
  kernel.launch @all_7(%x) outs(%b7) : (!loop.buffer<[7, 37], f32, strides [37, 1]>) -> (!loop.buffer<[7], i1, strides [1]>)
  %b8 = kernel.alloc : !loop.buffer<[7], f32, strides [1]>
  %b9 = kernel.alloc : !loop.buffer<[7], f32, strides [1]>
  %b10 = kernel.alloc : !loop.buffer<[7], f32, strides [1]>
  kernel.launch @welford_8(%x) outs(%b8, %b9, %b10) : (!loop.buffer<[7, 37], f32, strides [37, 1]>) -> (!loop.buffer<[7], f32, strides [1]>, !loop.buffer<[7], f32, strides [1]>, !loop.buffer<[7], f32, strides [1]>)
  %b11 = kernel.alloc : !loop.buffer<[7], f32, strides [1]>
  kernel.launch @sum_9(%x) outs(%b11) : (!loop.buffer<[7, 37], f32, strides [37, 1]>) -> (!loop.buffer<[7], f32, strides [1]>)
  %b12 = kernel.alloc : !loop.buffer<[7], f32, strides [1]>
  kernel.launch @prod_10(%x) outs(%b12) : (!loop.buffer<[7, 37], f32, strides [37, 1]>) -> (!loop.buffer<[7], f32, strides [1]>)
  %b13 = kernel.alloc : !loop.buffer<[7], f32, strides [1]>
  kernel.launch @max_11(%x) outs(%b13) : (!loop.buffer<[7, 37], f32, strides [37, 1]>) -> (!loop.buffer<[7], f32, strides [1]>)
  %b14 = kernel.alloc : !loop.buffer<[7], f32, strides [1]>
  kernel.launch @min_12(%x) outs(%b14) : (!loop.buffer<[7, 37], f32, strides [37, 1]>) -> (!loop.buffer<[7], f32, strides [1]>)
  %b15 = kernel.alloc : !loop.buffer<[7], i64, strides [1]>
  kernel.launch @argmax_13(%x) outs(%b15) : (!loop.buffer<[7, 37], f32, strides [37, 1]>) -> (!loop.buffer<[7], i64, strides [1]>)
  %b16 = kernel.alloc : !loop.buffer<[7], i64, strides [1]>
  kernel.launch @argmin_14(%x) outs(%b16) : (!loop.buffer<[7, 37], f32, strides [37, 1]>) -> (!loop.buffer<[7], i64, strides [1]>)
  %b17 = kernel.alloc : !loop.buffer<[7], i1, strides [1]>
  kernel.launch @any_15(%x) outs(%b17) : (!loop.buffer<[7, 37], f32, strides [37, 1]>) -> (!loop.buffer<[7], i1, strides [1]>)
  %b18 = kernel.alloc : !loop.buffer<[7], i1, strides [1]>
  kernel.launch @all_16(%x) outs(%b18) : (!loop.buffer<[7, 37], f32, strides [37, 1]>) -> (!loop.buffer<[7], i1, strides [1]>)
  %b19 = kernel.alloc : !loop.buffer<[7], f32, strides [1]>
  %b20 = kernel.alloc : !loop.buffer<[7], f32, strides [1]>
  %b21 = kernel.alloc : !loop.buffer<[7], f32, strides [1]>
  kernel.launch @welford_17(%x) outs(%b19, %b20, %b21) : (!loop.buffer<[7, 37], f32, strides [37, 1]>) -> (!loop.buffer<[7], f32, strides [1]>, !loop.buffer<[7], f32, strides [1]>, !loop.buffer<[7], f32, strides [1]>)
  func.return %b0, %b1, %b2, %b3, %b4, %b5, %b6, %b7, %b8, %b9, %b10, %b11, %b12, %b13, %b14, %b15, %b16, %b17, %b18, %b19, %b20, %b21 : !loop.buffer<[7], f32, strides [1]>, !loop.buffer<[7], f32, strides [1]>, !loop.buffer<[7], f32, strides [1]>, !loop.buffer<[7], f32, strides [1]>, !loop.buffer<[7], i64, strides [1]>, !loop.buffer<[7], i64, strides [1]>, !loop.buffer<[7], i1, strides [1]>, !loop.buffer<[7], i1, strides [1]>, !loop.buffer<[7], f32, strides [1]>, !loop.buffer<[7], f32, strides [1]>, !loop.buffer<[7], f32, strides [1]>, !loop.buffer<[7], f32, strides [1]>, !loop.buffer<[7], f32, strides [1]>, !loop.buffer<[7], f32, strides [1]>, !loop.buffer<[7], f32, strides [1]>, !loop.buffer<[7], i64, strides [1]>, !loop.buffer<[7], i64, strides [1]>, !loop.buffer<[7], i1, strides [1]>, !loop.buffer<[7], i1, strides [1]>, !loop.buffer<[7], f32, strides [1]>, !loop.buffer<[7], f32, strides [1]>, !loop.buffer<[7], f32, strides [1]>
}
