// Scans: each a persistent reduction kernel of its own scanning a [XBLOCK, RBLOCK] block along r (tl.cumsum,
// tl.cumprod, tl.associative_scan with a log-add-exp combine), stored at every position; run against torch.
// RUN: irc-opt %s -p kernel-fuse,kernel-tile,convert-kernel-to-triton -t triton -o %t.py
// RUN: filecheck %s < %t.py
// RUN: %python %S/Inputs/check_module.py %t.py "(a0.cumsum(0), a0.sin().logcumsumexp(1), a1.cumprod(1))" | filecheck %s --check-prefix=EXEC

// CHECK-LABEL: def _logaddexp_combine(a, b):
// CHECK-LABEL: def triton_per_cumsum_0(
// CHECK:         tmp{{[0-9]+}} = tl.load(in_ptr0 + (tmp{{[0-9]+}}), xrmask)
// CHECK:         tmp{{[0-9]+}} = tl.cumsum(tmp{{[0-9]+}}, 1)
// CHECK:         tl.store(out_ptr0 + (tmp{{[0-9]+}}), tmp{{[0-9]+}}, xrmask)
// CHECK-LABEL: def triton_per_fused_logcumsumexp_sin_1(
// CHECK:         tl.associative_scan(tmp{{[0-9]+}}, 1, _logaddexp_combine)
// CHECK-LABEL: def triton_per_cumprod_2(
// CHECK:         tl.cumprod(tmp{{[0-9]+}}, 1)

// EXEC-COUNT-3: ok
// EXEC: all outputs match

func.func @forward(%x: !loop.buffer<[5, 3], f32, strides [3, 1]>, %y: !loop.buffer<[4, 7], i64, strides [7, 1]>) -> (!loop.buffer<[5, 3], f32, strides [3, 1]>, !loop.buffer<[5, 3], f32, strides [3, 1]>, !loop.buffer<[4, 7], i64, strides [7, 1]>) {
  %c = loop.scan sum ranges [3, 5] {
    %0 = loop.load %x[#loop.index<"i0 + 3*i1">] : !loop.buffer<[5, 3], f32, strides [3, 1]>
    loop.yield %0 : f32
  } : !loop.buffer<[3, 5], f32, strides [1, 3]>
  %cv = loop.reinterpret %c : !loop.buffer<[3, 5], f32, strides [1, 3]> to !loop.buffer<[5, 3], f32, strides [3, 1]>
  %l = loop.scan logsumexp ranges [5, 3] {
    %1 = loop.load %x[#loop.index<"3*i0 + i1">] : !loop.buffer<[5, 3], f32, strides [3, 1]>
    %2 = math.sin %1 : f32
    loop.yield %2 : f32
  } : !loop.buffer<[5, 3], f32, strides [3, 1]>
  %p = loop.scan prod ranges [4, 7] {
    %3 = loop.load %y[#loop.index<"7*i0 + i1">] : !loop.buffer<[4, 7], i64, strides [7, 1]>
    loop.yield %3 : i64
  } : !loop.buffer<[4, 7], i64, strides [7, 1]>
  func.return %cv, %l, %p : !loop.buffer<[5, 3], f32, strides [3, 1]>, !loop.buffer<[5, 3], f32, strides [3, 1]>, !loop.buffer<[4, 7], i64, strides [7, 1]>
}
