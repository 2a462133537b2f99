// A gather whose index term holds both the gathered value and the reduced index (BEiT's class token looked up
// per row, offset by the channel its LayerNorm reduces, inside a modulo): the load takes the shape of the
// value and the index together, [XBLOCK, RBLOCK], not the value's [XBLOCK, 1].
// RUN: irc-opt %s -p 'convert-kernel-to-triton,cse,dce' -t triton -o %t.py
// RUN: filecheck %s < %t.py
// RUN: %python %S/Inputs/check_module.py %t.py "a1.reshape(4, 4)[a0].sum(-1)" --prepare "a0.copy_(torch.tensor([2, 0, 3]))" | filecheck %s --check-prefix=EXEC

kernel.kernel @fused_sum_0(%ids: !loop.buffer<[3], i64, strides [1]>, %table: !loop.buffer<[16], f32, strides [1]>) -> (!loop.buffer<[3], f32, strides [1]>) persistent_reduction numel 3 rnumel 4 {xblock = 4, rblock = 4, num_warps = 1} {
  %r = loop.reduction sum ranges [3] reduce [4] {
    %row = loop.load %ids[#loop.index<"i0">] : !loop.buffer<[3], i64, strides [1]>
    %v = loop.load %table[#loop.index<"ModularIndexing(r0 + 4*t0, 1, 16)">] gather(%row : i64) bounds [4] : !loop.buffer<[16], f32, strides [1]>
    loop.yield %v : f32
  } : !loop.buffer<[3], f32, strides [1]>
  kernel.yield %r : !loop.buffer<[3], f32, strides [1]>
}
func.func @forward(%ids: !loop.buffer<[3], i64, strides [1]>, %table: !loop.buffer<[16], f32, strides [1]>) -> !loop.buffer<[3], f32, strides [1]> {
  %0 = kernel.alloc : !loop.buffer<[3], f32, strides [1]>
  kernel.launch @fused_sum_0(%ids, %table) outs(%0) : (!loop.buffer<[3], i64, strides [1]>, !loop.buffer<[16], f32, strides [1]>) -> (!loop.buffer<[3], f32, strides [1]>)
  func.return %0 : !loop.buffer<[3], f32, strides [1]>
}

// CHECK:      KERNELS = ['triton_per_fused_sum_0']
// CHECK:      tl.load(in_ptr1 + ({{tmp[0-9]+}}), {{tmp[0-9]+}}, other=0.0{{.*}})
// EXEC: all outputs match
