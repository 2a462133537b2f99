// Sorts: a sort row and an argsort row of the same ranges fuse into one persistent kernel, each a bitonic
// network over [XBLOCK, RBLOCK] (RBLOCK 64 > 37: padded lanes sort last); run against torch's stable sort with
// ties and NaNs, ascending along dim 1 and descending along dim 0.
// RUN: irc-opt %s -p kernel-fuse,kernel-tile,convert-kernel-to-triton -t triton -o %t.py
// RUN: filecheck %s < %t.py
// RUN: %python %S/Inputs/check_module.py %t.py "(a0.sort(dim=1, stable=True).values, a0.sort(dim=1, stable=True).indices, a1.sort(dim=0, stable=True, descending=True).indices)" --prepare "a0.copy_((a0 * 3).round()); a0[2, ::5] = float('nan'); a1.copy_((a1 * 2).round()); a1[1, 2] = float('nan')" | filecheck %s --check-prefix=EXEC

// CHECK-LABEL: def _sort_rows(x, rnumel, descending: tl.constexpr):
// CHECK-LABEL: def triton_per_fused_argsort_sort_0(
// CHECK:         rnumel = 37
// CHECK:         tmp{{[0-9]+}} = _sort_rows(tmp{{[0-9]+}}, rnumel, False)[0]
// CHECK:         tmp{{[0-9]+}} = _sort_rows(tmp{{[0-9]+}}, rnumel, False)[1]
// CHECK-LABEL: def triton_per_argsort_1(
// CHECK:         _sort_rows(tmp{{[0-9]+}}, rnumel, True)[1]

// EXEC-COUNT-3: ok
// EXEC: all outputs match

func.func @forward(%x: !loop.buffer<[7, 37], f32, strides [37, 1]>, %y: !loop.buffer<[5, 3], f32, strides [3, 1]>) -> (!loop.buffer<[7, 37], f32, strides [37, 1]>, !loop.buffer<[7, 37], i64, strides [37, 1]>, !loop.buffer<[5, 3], i64, strides [3, 1]>) {
  %v = loop.scan sort ranges [7, 37] {
    %0 = loop.load %x[#loop.index<"37*i0 + i1">] : !loop.buffer<[7, 37], f32, strides [37, 1]>
    loop.yield %0 : f32
  } : !loop.buffer<[7, 37], f32, strides [37, 1]>
  %i = loop.scan argsort ranges [7, 37] {
    %1 = loop.load %x[#loop.index<"37*i0 + i1">] : !loop.buffer<[7, 37], f32, strides [37, 1]>
    loop.yield %1 : f32
  } : !loop.buffer<[7, 37], i64, strides [37, 1]>
  %d = loop.scan argsort_descending ranges [3, 5] {
    %2 = loop.load %y[#loop.index<"i0 + 3*i1">] : !loop.buffer<[5, 3], f32, strides [3, 1]>
    loop.yield %2 : f32
  } : !loop.buffer<[3, 5], i64, strides [1, 3]>
  %dv = loop.reinterpret %d : !loop.buffer<[3, 5], i64, strides [1, 3]> to !loop.buffer<[5, 3], i64, strides [3, 1]>
  func.return %v, %i, %dv : !loop.buffer<[7, 37], f32, strides [37, 1]>, !loop.buffer<[7, 37], i64, strides [37, 1]>, !loop.buffer<[5, 3], i64, strides [3, 1]>
}
