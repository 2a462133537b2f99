// add_sum_sigmoid: printed IR at the aten, loop, kernel and triton levels (seeds of tools/fuzz_ir.py)
builtin.module {
  func.func @forward(%0: !aten.tensor<[3, 9], f32, strides [9, 1]>, %1: !aten.tensor<[3, 9], f32, strides [9, 1]>) -> !aten.tensor<[3], f32> {
    %2 = aten.add %0, %1 : (!aten.tensor<[3, 9], f32, strides [9, 1]>, !aten.tensor<[3, 9], f32, strides [9, 1]>) -> !aten.tensor<[3, 9], f32>
    %3 = aten.sum %2 dims = [1] : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[3], f32>
    %4 = aten.sigmoid %3 : (!aten.tensor<[3], f32>) -> !aten.tensor<[3], f32>
    func.return %4 : !aten.tensor<[3], f32>
  }
}
// -----
builtin.module {
  func.func @forward(%0: !loop.buffer<[3, 9], f32, strides [9, 1]>, %1: !loop.buffer<[3, 9], f32, strides [9, 1]>) -> !loop.buffer<[3], f32, strides [1]> {
    %2 = loop.pointwise ranges [3, 9] {
      %3 = loop.load %0[#loop.index<"9*i0 + i1">] : !loop.buffer<[3, 9], f32, strides [9, 1]>
      %4 = loop.load %1[#loop.index<"9*i0 + i1">] : !loop.buffer<[3, 9], f32, strides [9, 1]>
      %5 = arith.addf %3, %4 : f32
      loop.yield %5 : f32
    } : !loop.buffer<[3, 9], f32, strides [9, 1]>
    %6 = loop.reduction sum ranges [3] reduce [9] {
      %7 = loop.load %2[#loop.index<"9*i0 + r0">] : !loop.buffer<[3, 9], f32, strides [9, 1]>
      loop.yield %7 : f32
    } : !loop.buffer<[3], f32, strides [1]>
    %8 = loop.pointwise ranges [3] {
      %9 = loop.load %6[#loop.index<"i0">] : !loop.buffer<[3], f32, strides [1]>
      %10 = loop.sigmoid %9 : f32
      loop.yield %10 : f32
    } : !loop.buffer<[3], f32, strides [1]>
    func.return %8 : !loop.buffer<[3], f32, strides [1]>
  }
}
// -----
builtin.module {
  func.func @forward(%0: !loop.buffer<[3, 9], f32, strides [9, 1]>, %1: !loop.buffer<[3, 9], f32, strides [9, 1]>) -> !loop.buffer<[3], f32, strides [1]> {
    %2 = loop.reduction sum ranges [3] reduce [9] {
      %3 = loop.load %0[#loop.index<"9*i0 + r0">] : !loop.buffer<[3, 9], f32, strides [9, 1]>
      %4 = loop.load %1[#loop.index<"9*i0 + r0">] : !loop.buffer<[3, 9], f32, strides [9, 1]>
      %5 = arith.addf %3, %4 : f32
      loop.yield %5 : f32
    } : !loop.buffer<[3], f32, strides [1]>
    %6 = loop.pointwise ranges [3] {
      %7 = loop.load %2[#loop.index<"i0">] : !loop.buffer<[3], f32, strides [1]>
      %8 = loop.sigmoid %7 : f32
      loop.yield %8 : f32
    } : !loop.buffer<[3], f32, strides [1]>
    func.return %6 : !loop.buffer<[3], f32, strides [1]>
  }
}
// -----
builtin.module {
  kernel.kernel @fused_add_sigmoid_sum_0(%0: !loop.buffer<[3, 9], f32, strides [9, 1]>, %1: !loop.buffer<[3, 9], f32, strides [9, 1]>) -> (!loop.buffer<[3], f32, strides [1]>) persistent_reduction numel 3 rnumel 9 {xblock = 4, rblock = 16, num_warps = 2, configs = [{xblock = 4, num_warps = 2, rblock = 16}]} {
    %2 = loop.reduction sum ranges [3] reduce [9] {
      %3 = loop.load %0[#loop.index<"9*i0 + r0">] : !loop.buffer<[3, 9], f32, strides [9, 1]>
      %4 = loop.load %1[#loop.index<"9*i0 + r0">] : !loop.buffer<[3, 9], f32, strides [9, 1]>
      %5 = arith.addf %3, %4 : f32
      loop.yield %5 : f32
    } : !loop.buffer<[3], f32, strides [1]>
    %6 = loop.pointwise ranges [3] {
      %7 = loop.load %2[#loop.index<"i0">] : !loop.buffer<[3], f32, strides [1]>
      %8 = loop.sigmoid %7 : f32
      loop.yield %8 : f32
    } : !loop.buffer<[3], f32, strides [1]>
    kernel.yield %6 : !loop.buffer<[3], f32, strides [1]>
  }
  func.func @forward(%0: !loop.buffer<[3, 9], f32, strides [9, 1]>, %1: !loop.buffer<[3, 9], f32, strides [9, 1]>) -> !loop.buffer<[3], f32, strides [1]> {
    %2 = kernel.alloc : !loop.buffer<[3], f32, strides [1]>
    kernel.launch @fused_add_sigmoid_sum_0(%0, %1) outs(%2) : (!loop.buffer<[3, 9], f32, strides [9, 1]>, !loop.buffer<[3, 9], f32, strides [9, 1]>) -> (!loop.buffer<[3], f32, strides [1]>)
    kernel.free %1 : !loop.buffer<[3, 9], f32, strides [9, 1]>
    kernel.free %0 : !loop.buffer<[3, 9], f32, strides [9, 1]>
    func.return %2 : !loop.buffer<[3], f32, strides [1]>
  }
}
// -----
builtin.module {
  triton.func @triton_per_fused_add_sigmoid_sum_0(%in_ptr0: !triton.ptr<f32>, %in_ptr1: !triton.ptr<f32>, %out_ptr0: !triton.ptr<f32>) constexprs [XBLOCK, RBLOCK] attributes {launch = {XBLOCK = 4 : i64, RBLOCK = 16 : i64}, num_warps = 2 : i64, grid = [#loop.index<"1">]} {
    %0 = triton.program_id x : i32
    %1 = triton.constexpr XBLOCK : i32
    %xoffset = triton.mul %0, %1 : (i32, i32) -> i32
    %2 = triton.arange 0, XBLOCK : !triton.block<[XBLOCK], i32>
    %3 = triton.expand_dims %2 axis 1 : !triton.block<[XBLOCK], i32> -> !triton.block<[XBLOCK, 1], i32>
    %xindex = triton.add %xoffset, %3 : (i32, !triton.block<[XBLOCK, 1], i32>) -> !triton.block<[XBLOCK, 1], i32>
    %xnumel = triton.constant 3 : i32
    %xmask = triton.lt %xindex, %xnumel : (!triton.block<[XBLOCK, 1], i32>, i32) -> !triton.block<[XBLOCK, 1], i1>
    %rnumel = triton.constant 9 : i32
    %4 = triton.arange 0, RBLOCK : !triton.block<[RBLOCK], i32>
    %rindex = triton.expand_dims %4 axis 0 : !triton.block<[RBLOCK], i32> -> !triton.block<[1, RBLOCK], i32>
    %rmask = triton.lt %rindex, %rnumel : (!triton.block<[1, RBLOCK], i32>, i32) -> !triton.block<[1, RBLOCK], i1>
    %xrmask = triton.logical_and %xmask, %rmask : (!triton.block<[XBLOCK, 1], i1>, !triton.block<[1, RBLOCK], i1>) -> !triton.block<[XBLOCK, RBLOCK], i1>
    %5 = triton.constant 9 : i32
    %6 = triton.mul %xindex, %5 : (!triton.block<[XBLOCK, 1], i32>, i32) -> !triton.block<[XBLOCK, 1], i32>
    %7 = triton.add %rindex, %6 : (!triton.block<[1, RBLOCK], i32>, !triton.block<[XBLOCK, 1], i32>) -> !triton.block<[XBLOCK, RBLOCK], i32>
    %8 = triton.addptr %in_ptr0, %7 : (!triton.ptr<f32>, !triton.block<[XBLOCK, RBLOCK], i32>) -> !triton.block<[XBLOCK, RBLOCK], !triton.ptr<f32>>
    %9 = triton.load %8 mask %xrmask eviction_policy evict_first : !triton.block<[XBLOCK, RBLOCK], !triton.ptr<f32>>, !triton.block<[XBLOCK, RBLOCK], i1> -> !triton.block<[XBLOCK, RBLOCK], f32>
    %10 = triton.addptr %in_ptr1, %7 : (!triton.ptr<f32>, !triton.block<[XBLOCK, RBLOCK], i32>) -> !triton.block<[XBLOCK, RBLOCK], !triton.ptr<f32>>
    %11 = triton.load %10 mask %xrmask eviction_policy evict_first : !triton.block<[XBLOCK, RBLOCK], !triton.ptr<f32>>, !triton.block<[XBLOCK, RBLOCK], i1> -> !triton.block<[XBLOCK, RBLOCK], f32>
    %12 = triton.add %9, %11 : (!triton.block<[XBLOCK, RBLOCK], f32>, !triton.block<[XBLOCK, RBLOCK], f32>) -> !triton.block<[XBLOCK, RBLOCK], f32>
    %13 = triton.constant 0.0 : f32
    %14 = triton.where %xrmask, %12, %13 : (!triton.block<[XBLOCK, RBLOCK], i1>, !triton.block<[XBLOCK, RBLOCK], f32>, f32) -> !triton.block<[XBLOCK, RBLOCK], f32>
    %15 = triton.reduce sum %14 axis 1 keep_dims : !triton.block<[XBLOCK, RBLOCK], f32> -> !triton.block<[XBLOCK, 1], f32>
    %16 = triton.sigmoid %15 : !triton.block<[XBLOCK, 1], f32> -> !triton.block<[XBLOCK, 1], f32>
    %17 = triton.addptr %out_ptr0, %xindex : (!triton.ptr<f32>, !triton.block<[XBLOCK, 1], i32>) -> !triton.block<[XBLOCK, 1], !triton.ptr<f32>>
    triton.store %17, %16 mask %xmask : !triton.block<[XBLOCK, 1], !triton.ptr<f32>>, !triton.block<[XBLOCK, 1], f32>, !triton.block<[XBLOCK, 1], i1>
    triton.return
  }
  func.func @forward(%0: !loop.buffer<[3, 9], f32, strides [9, 1]>, %1: !loop.buffer<[3, 9], f32, strides [9, 1]>) -> !loop.buffer<[3], f32, strides [1]> {
    %2 = kernel.alloc : !loop.buffer<[3], f32, strides [1]>
    kernel.launch @triton_per_fused_add_sigmoid_sum_0(%0, %1) outs(%2) : (!loop.buffer<[3, 9], f32, strides [9, 1]>, !loop.buffer<[3, 9], f32, strides [9, 1]>) -> (!loop.buffer<[3], f32, strides [1]>)
    kernel.free %1 : !loop.buffer<[3, 9], f32, strides [9, 1]>
    kernel.free %0 : !loop.buffer<[3, 9], f32, strides [9, 1]>
    func.return %2 : !loop.buffer<[3], f32, strides [1]>
  }
}
