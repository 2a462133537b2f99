// A looped reduction streams %x and %y through L2; a later kernel reads %x again (through a view), so the
// reduction's loads of %x leave it in L2 (evict_last by default, no hint with reread_eviction=none, evict_first
// as for data read once with reread_eviction=evict_first); %y, read by no later kernel, goes first.
// RUN: irc-opt %s -p 'kernel-tile,convert-kernel-to-triton,cse,dce' -t triton | filecheck %s
// RUN: irc-opt %s -p 'kernel-tile,convert-kernel-to-triton{reread_eviction=none},cse,dce' -t triton | filecheck %s --check-prefix=NONE
// RUN: irc-opt %s -p 'kernel-tile,convert-kernel-to-triton{reread_eviction=evict_first},cse,dce' -t triton | filecheck %s --check-prefix=FIRST

// CHECK-LABEL: def triton_red_fused_add_sum_0(
// CHECK:         tl.load(in_ptr0 + ({{.*}}), xrmask, eviction_policy='evict_last')
// CHECK:         tl.load(in_ptr1 + ({{.*}}), xrmask, eviction_policy='evict_first')
// CHECK-LABEL: def triton_poi_exp_1(

// NONE-LABEL:  def triton_red_fused_add_sum_0(
// NONE:          tl.load(in_ptr0 + ({{.*}}), xrmask)
// NONE:          tl.load(in_ptr1 + ({{.*}}), xrmask, eviction_policy='evict_first')

// FIRST-LABEL: def triton_red_fused_add_sum_0(
// FIRST:         tl.load(in_ptr0 + ({{.*}}), xrmask, eviction_policy='evict_first')
// FIRST:         tl.load(in_ptr1 + ({{.*}}), xrmask, eviction_policy='evict_first')

kernel.kernel @fused_add_sum_0(%x: !loop.buffer<[4, 8192], f32, strides [8192, 1]>, %y: !loop.buffer<[4, 8192], f32, strides [8192, 1]>) -> (!loop.buffer<[4], f32, strides [1]>) reduction numel 4 rnumel 8192 {
  %0 = loop.reduction sum ranges [4] reduce [8192] {
    %1 = loop.load %x[#loop.index<"8192*i0 + r0">] : !loop.buffer<[4, 8192], f32, strides [8192, 1]>
    %2 = loop.load %y[#loop.index<"8192*i0 + r0">] : !loop.buffer<[4, 8192], f32, strides [8192, 1]>
    %3 = arith.addf %1, %2 : f32
    loop.yield %3 : f32
  } : !loop.buffer<[4], f32, strides [1]>
  kernel.yield %0 : !loop.buffer<[4], f32, strides [1]>
}
kernel.kernel @exp_1(%x: !loop.buffer<[32768], f32, strides [1]>) -> (!loop.buffer<[32768], f32, strides [1]>) pointwise numel 32768 rnumel 1 {
  %0 = loop.pointwise ranges [32768] {
    %1 = loop.load %x[#loop.index<"i0">] : !loop.buffer<[32768], f32, strides [1]>
    %2 = math.exp %1 : f32
    loop.yield %2 : f32
  } : !loop.buffer<[32768], f32, strides [1]>
  kernel.yield %0 : !loop.buffer<[32768], f32, strides [1]>
}
func.func @forward(%x: !loop.buffer<[4, 8192], f32, strides [8192, 1]>, %y: !loop.buffer<[4, 8192], f32, strides [8192, 1]>) -> (!loop.buffer<[4], f32, strides [1]>, !loop.buffer<[32768], f32, strides [1]>) {
  %s = kernel.alloc : !loop.buffer<[4], f32, strides [1]>
  kernel.launch @fused_add_sum_0(%x, %y) outs(%s) : (!loop.buffer<[4, 8192], f32, strides [8192, 1]>, !loop.buffer<[4, 8192], f32, strides [8192, 1]>) -> (!loop.buffer<[4], f32, strides [1]>)
  %flat = loop.reinterpret %x : !loop.buffer<[4, 8192], f32, strides [8192, 1]> to !loop.buffer<[32768], f32, strides [1]>
  %e = kernel.alloc : !loop.buffer<[32768], f32, strides [1]>
  kernel.launch @exp_1(%flat) outs(%e) : (!loop.buffer<[32768], f32, strides [1]>) -> (!loop.buffer<[32768], f32, strides [1]>)
  func.return %s, %e : !loop.buffer<[4], f32, strides [1]>, !loop.buffer<[32768], f32, strides [1]>
}
