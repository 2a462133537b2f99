// softmax: printed IR at the aten, loop, kernel and triton levels (seeds of tools/fuzz_ir.py)
builtin.module {
  func.func @forward(%0: !aten.tensor<[4, 37], f32, strides [37, 1]>) -> !aten.tensor<[4, 37], f32> {
    %1 = aten.amax %0 dims = [-1] keepdim = true : (!aten.tensor<[4, 37], f32, strides [37, 1]>) -> !aten.tensor<[4, 1], f32>
    %2 = aten.sub %0, %1 : (!aten.tensor<[4, 37], f32, strides [37, 1]>, !aten.tensor<[4, 1], f32>) -> !aten.tensor<[4, 37], f32>
    %3 = aten.exp %2 : (!aten.tensor<[4, 37], f32>) -> !aten.tensor<[4, 37], f32>
    %4 = aten.sum %3 dims = [-1] keepdim = true : (!aten.tensor<[4, 37], f32>) -> !aten.tensor<[4, 1], f32>
    %5 = aten.div %3, %4 : (!aten.tensor<[4, 37], f32>, !aten.tensor<[4, 1], f32>) -> !aten.tensor<[4, 37], f32>
    func.return %5 : !aten.tensor<[4, 37], f32>
  }
}
// -----
builtin.module {
  func.func @forward(%0: !loop.buffer<[4, 37], f32, strides [37, 1]>) -> !loop.buffer<[4, 37], f32, strides [37, 1]> {
    %1 = loop.reduction max ranges [4, 1] reduce [37] {
      %2 = loop.load %0[#loop.index<"37*i0 + r0">] : !loop.buffer<[4, 37], f32, strides [37, 1]>
      loop.yield %2 : f32
    } : !loop.buffer<[4, 1], f32, strides [1, 1]>
    %3 = loop.pointwise ranges [4, 37] {
      %4 = loop.load %0[#loop.index<"37*i0 + i1">] : !loop.buffer<[4, 37], f32, strides [37, 1]>
      %5 = loop.load %1[#loop.index<"i0">] : !loop.buffer<[4, 1], f32, strides [1, 1]>
      %6 = arith.subf %4, %5 : f32
      loop.yield %6 : f32
    } : !loop.buffer<[4, 37], f32, strides [37, 1]>
    %7 = loop.pointwise ranges [4, 37] {
      %8 = loop.load %3[#loop.index<"37*i0 + i1">] : !loop.buffer<[4, 37], f32, strides [37, 1]>
      %9 = math.exp %8 : f32
      loop.yield %9 : f32
    } : !loop.buffer<[4, 37], f32, strides [37, 1]>
    %10 = loop.reduction sum ranges [4, 1] reduce [37] {
      %11 = loop.load %7[#loop.index<"37*i0 + r0">] : !loop.buffer<[4, 37], f32, strides [37, 1]>
      loop.yield %11 : f32
    } : !loop.buffer<[4, 1], f32, strides [1, 1]>
    %12 = loop.pointwise ranges [4, 37] {
      %13 = loop.load %7[#loop.index<"37*i0 + i1">] : !loop.buffer<[4, 37], f32, strides [37, 1]>
      %14 = loop.load %10[#loop.index<"i0">] : !loop.buffer<[4, 1], f32, strides [1, 1]>
      %15 = arith.divf %13, %14 : f32
      loop.yield %15 : f32
    } : !loop.buffer<[4, 37], f32, strides [37, 1]>
    func.return %12 : !loop.buffer<[4, 37], f32, strides [37, 1]>
  }
}
// -----
builtin.module {
  func.func @forward(%0: !loop.buffer<[4, 37], f32, strides [37, 1]>) -> !loop.buffer<[4, 37], f32, strides [37, 1]> {
    %1 = loop.reduction max ranges [4] reduce [37] {
      %2 = loop.load %0[#loop.index<"37*i0 + r0">] : !loop.buffer<[4, 37], f32, strides [37, 1]>
      loop.yield %2 : f32
    } : !loop.buffer<[4], f32, strides [1]>
    %3 = loop.reduction sum ranges [4] reduce [37] {
      %4 = loop.load %0[#loop.index<"37*i0 + r0">] : !loop.buffer<[4, 37], f32, strides [37, 1]>
      %5 = loop.load %1[#loop.index<"i0">] : !loop.buffer<[4], f32, strides [1]>
      %6 = arith.subf %4, %5 : f32
      %7 = math.exp %6 : f32
      loop.yield %7 : f32
    } : !loop.buffer<[4], f32, strides [1]>
    %8 = loop.pointwise ranges [4, 37] {
      %9 = loop.load %0[#loop.index<"37*i0 + i1">] : !loop.buffer<[4, 37], f32, strides [37, 1]>
      %10 = loop.load %1[#loop.index<"i0">] : !loop.buffer<[4], f32, strides [1]>
      %11 = arith.subf %9, %10 : f32
      %12 = math.exp %11 : f32
      %13 = loop.load %3[#loop.index<"i0">] : !loop.buffer<[4], f32, strides [1]>
      %14 = arith.divf %12, %13 : f32
      loop.yield %14 : f32
    } : !loop.buffer<[4, 37], f32, strides [37, 1]>
    func.return %8 : !loop.buffer<[4, 37], f32, strides [37, 1]>
  }
}
// -----
builtin.module {
  kernel.kernel @fused_amax_div_exp_sub_sum_0(%0: !loop.buffer<[4, 37], f32, strides [37, 1]>) -> (!loop.buffer<[4, 37], f32, strides [37, 1]>) persistent_reduction numel 4 rnumel 37 {xblock = 4, rblock = 64, num_warps = 2, configs = [{xblock = 4, num_warps = 2, rblock = 64}, {xblock = 4, num_warps = 4, rblock = 64}, {xblock = 4, num_warps = 8, rblock = 64}, {xblock = 2, num_warps = 4, rblock = 64}]} {
    %1 = loop.reduction max ranges [4] reduce [37] {
      %2 = loop.load %0[#loop.index<"37*i0 + r0">] : !loop.buffer<[4, 37], f32, strides [37, 1]>
      loop.yield %2 : f32
    } : !loop.buffer<[4], f32, strides [1]>
    %3 = loop.reduction sum ranges [4] reduce [37] {
      %4 = loop.load %0[#loop.index<"37*i0 + r0">] : !loop.buffer<[4, 37], f32, strides [37, 1]>
      %5 = loop.load %1[#loop.index<"i0">] : !loop.buffer<[4], f32, strides [1]>
      %6 = arith.subf %4, %5 : f32
      %7 = math.exp %6 : f32
      loop.yield %7 : f32
    } : !loop.buffer<[4], f32, strides [1]>
    %8 = loop.pointwise ranges [4, 37] {
      %9 = loop.load %0[#loop.index<"37*i0 + i1">] : !loop.buffer<[4, 37], f32, strides [37, 1]>
      %10 = loop.load %1[#loop.index<"i0">] : !loop.buffer<[4], f32, strides [1]>
      %11 = arith.subf %9, %10 : f32
      %12 = math.exp %11 : f32
      %13 = loop.load %3[#loop.index<"i0">] : !loop.buffer<[4], f32, strides [1]>
      %14 = arith.divf %12, %13 : f32
      loop.yield %14 : f32
    } : !loop.buffer<[4, 37], f32, strides [37, 1]>
    kernel.yield %8 : !loop.buffer<[4, 37], f32, strides [37, 1]>
  }
  func.func @forward(%0: !loop.buffer<[4, 37], f32, strides [37, 1]>) -> !loop.buffer<[4, 37], f32, strides [37, 1]> {
    %1 = kernel.alloc : !loop.buffer<[4, 37], f32, strides [37, 1]>
    kernel.launch @fused_amax_div_exp_sub_sum_0(%0) outs(%1) : (!loop.buffer<[4, 37], f32, strides [37, 1]>) -> (!loop.buffer<[4, 37], f32, strides [37, 1]>)
    kernel.free %0 : !loop.buffer<[4, 37], f32, strides [37, 1]>
    func.return %1 : !loop.buffer<[4, 37], f32, strides [37, 1]>
  }
}
// -----
builtin.module {
  triton.func @triton_per_fused_amax_div_exp_sub_sum_0(%in_ptr0: !triton.ptr<f32>, %out_ptr0: !triton.ptr<f32>) constexprs [XBLOCK, RBLOCK] attributes {launch = {XBLOCK = 4 : i64, RBLOCK = 64 : i64}, num_warps = 2 : i64, grid = [#loop.index<"1">], autotune = [{XBLOCK = 4 : i64, RBLOCK = 64 : i64, num_warps = 2 : i64}, {XBLOCK = 4 : i64, RBLOCK = 64 : i64, num_warps = 4 : i64}, {XBLOCK = 4 : i64, RBLOCK = 64 : i64, num_warps = 8 : i64}, {XBLOCK = 2 : i64, RBLOCK = 64 : i64, num_warps = 4 : i64, grid = [#loop.index<"2">]}]} {
    %0 = triton.program_id x : i32
    %1 = triton.constexpr XBLOCK : i32
    %xoffset = triton.mul %0, %1 : (i32, i32) -> i32
    %2 = triton.arange 0, XBLOCK : !triton.block<[XBLOCK], i32>
    %3 = triton.expand_dims %2 axis 1 : !triton.block<[XBLOCK], i32> -> !triton.block<[XBLOCK, 1], i32>
    %xindex = triton.add %xoffset, %3 : (i32, !triton.block<[XBLOCK, 1], i32>) -> !triton.block<[XBLOCK, 1], i32>
    %xnumel = triton.constant 4 : i32
    %xmask = triton.constant true : !triton.block<[XBLOCK, 1], i1>
    %rnumel = triton.constant 37 : i32
    %4 = triton.arange 0, RBLOCK : !triton.block<[RBLOCK], i32>
    %rindex = triton.expand_dims %4 axis 0 : !triton.block<[RBLOCK], i32> -> !triton.block<[1, RBLOCK], i32>
    %rmask = triton.lt %rindex, %rnumel : (!triton.block<[1, RBLOCK], i32>, i32) -> !triton.block<[1, RBLOCK], i1>
    %xrmask = triton.logical_and %xmask, %rmask : (!triton.block<[XBLOCK, 1], i1>, !triton.block<[1, RBLOCK], i1>) -> !triton.block<[XBLOCK, RBLOCK], i1>
    %5 = triton.constant 37 : i32
    %6 = triton.mul %xindex, %5 : (!triton.block<[XBLOCK, 1], i32>, i32) -> !triton.block<[XBLOCK, 1], i32>
    %7 = triton.add %rindex, %6 : (!triton.block<[1, RBLOCK], i32>, !triton.block<[XBLOCK, 1], i32>) -> !triton.block<[XBLOCK, RBLOCK], i32>
    %8 = triton.addptr %in_ptr0, %7 : (!triton.ptr<f32>, !triton.block<[XBLOCK, RBLOCK], i32>) -> !triton.block<[XBLOCK, RBLOCK], !triton.ptr<f32>>
    %9 = triton.load %8 mask %xrmask : !triton.block<[XBLOCK, RBLOCK], !triton.ptr<f32>>, !triton.block<[XBLOCK, RBLOCK], i1> -> !triton.block<[XBLOCK, RBLOCK], f32>
    %10 = triton.constant -inf : f32
    %11 = triton.where %xrmask, %9, %10 : (!triton.block<[XBLOCK, RBLOCK], i1>, !triton.block<[XBLOCK, RBLOCK], f32>, f32) -> !triton.block<[XBLOCK, RBLOCK], f32>
    %12 = triton.reduce maximum %11 axis 1 keep_dims : !triton.block<[XBLOCK, RBLOCK], f32> -> !triton.block<[XBLOCK, 1], f32>
    %13 = triton.sub %9, %12 : (!triton.block<[XBLOCK, RBLOCK], f32>, !triton.block<[XBLOCK, 1], f32>) -> !triton.block<[XBLOCK, RBLOCK], f32>
    %14 = triton.exp %13 : !triton.block<[XBLOCK, RBLOCK], f32> -> !triton.block<[XBLOCK, RBLOCK], f32>
    %15 = triton.constant 0.0 : f32
    %16 = triton.where %xrmask, %14, %15 : (!triton.block<[XBLOCK, RBLOCK], i1>, !triton.block<[XBLOCK, RBLOCK], f32>, f32) -> !triton.block<[XBLOCK, RBLOCK], f32>
    %17 = triton.reduce sum %16 axis 1 keep_dims : !triton.block<[XBLOCK, RBLOCK], f32> -> !triton.block<[XBLOCK, 1], f32>
    %18 = triton.sub %9, %12 : (!triton.block<[XBLOCK, RBLOCK], f32>, !triton.block<[XBLOCK, 1], f32>) -> !triton.block<[XBLOCK, RBLOCK], f32>
    %19 = triton.exp %18 : !triton.block<[XBLOCK, RBLOCK], f32> -> !triton.block<[XBLOCK, RBLOCK], f32>
    %20 = triton.truediv %19, %17 : (!triton.block<[XBLOCK, RBLOCK], f32>, !triton.block<[XBLOCK, 1], f32>) -> !triton.block<[XBLOCK, RBLOCK], f32>
    %21 = triton.addptr %out_ptr0, %7 : (!triton.ptr<f32>, !triton.block<[XBLOCK, RBLOCK], i32>) -> !triton.block<[XBLOCK, RBLOCK], !triton.ptr<f32>>
    triton.store %21, %20 mask %xrmask : !triton.block<[XBLOCK, RBLOCK], !triton.ptr<f32>>, !triton.block<[XBLOCK, RBLOCK], f32>, !triton.block<[XBLOCK, RBLOCK], i1>
    triton.return
  }
  func.func @forward(%0: !loop.buffer<[4, 37], f32, strides [37, 1]>) -> !loop.buffer<[4, 37], f32, strides [37, 1]> {
    %1 = kernel.alloc : !loop.buffer<[4, 37], f32, strides [37, 1]>
    kernel.launch @triton_per_fused_amax_div_exp_sub_sum_0(%0) outs(%1) : (!loop.buffer<[4, 37], f32, strides [37, 1]>) -> (!loop.buffer<[4, 37], f32, strides [37, 1]>)
    kernel.free %0 : !loop.buffer<[4, 37], f32, strides [37, 1]>
    func.return %1 : !loop.buffer<[4, 37], f32, strides [37, 1]>
  }
}
