// layer_norm: printed IR at the aten, loop, kernel and triton levels (seeds of tools/fuzz_ir.py)
builtin.module {
  func.func @forward(%0: !aten.tensor<[5, 16], f32, strides [16, 1]>, %1: !aten.tensor<[16], f32, strides [1]>, %2: !aten.tensor<[16], f32, strides [1]>) -> !aten.tensor<[5, 16], f32> {
    %3 = aten.var %0 dims = [1] keepdim = true correction = 0.000000e+00 : (!aten.tensor<[5, 16], f32, strides [16, 1]>) -> !aten.tensor<[5, 1], f32>
    %4 = aten.mean %0 dims = [1] keepdim = true : (!aten.tensor<[5, 16], f32, strides [16, 1]>) -> !aten.tensor<[5, 1], f32>
    %5 = arith.constant 1.000000e-05 : f64
    %6 = aten.add %3, %5 : (!aten.tensor<[5, 1], f32>, f64) -> !aten.tensor<[5, 1], f32>
    %7 = aten.rsqrt %6 : (!aten.tensor<[5, 1], f32>) -> !aten.tensor<[5, 1], f32>
    %8 = aten.sub %0, %4 : (!aten.tensor<[5, 16], f32, strides [16, 1]>, !aten.tensor<[5, 1], f32>) -> !aten.tensor<[5, 16], f32>
    %9 = aten.mul %8, %7 : (!aten.tensor<[5, 16], f32>, !aten.tensor<[5, 1], f32>) -> !aten.tensor<[5, 16], f32>
    %10 = aten.mul %9, %1 : (!aten.tensor<[5, 16], f32>, !aten.tensor<[16], f32, strides [1]>) -> !aten.tensor<[5, 16], f32>
    %11 = aten.add %10, %2 : (!aten.tensor<[5, 16], f32>, !aten.tensor<[16], f32, strides [1]>) -> !aten.tensor<[5, 16], f32>
    func.return %11 : !aten.tensor<[5, 16], f32>
  }
}
// -----
builtin.module {
  func.func @forward(%0: !loop.buffer<[5, 16], f32, strides [16, 1]>, %1: !loop.buffer<[16], f32, strides [1]>, %2: !loop.buffer<[16], f32, strides [1]>) -> !loop.buffer<[5, 16], f32, strides [16, 1]> {
    %3, %4, %5 = loop.reduction welford ranges [5, 1] reduce [16] {
      %6 = loop.load %0[#loop.index<"16*i0 + r0">] : !loop.buffer<[5, 16], f32, strides [16, 1]>
      loop.yield %6 : f32
    } : !loop.buffer<[5, 1], f32, strides [1, 1]>, !loop.buffer<[5, 1], f32, strides [1, 1]>, !loop.buffer<[5, 1], f32, strides [1, 1]>
    %7 = loop.pointwise ranges [5, 1] {
      %8 = loop.load %4[#loop.index<"i0">] : !loop.buffer<[5, 1], f32, strides [1, 1]>
      %9 = loop.load %5[#loop.index<"i0">] : !loop.buffer<[5, 1], f32, strides [1, 1]>
      %10 = arith.constant 0.000000e+00 : f32
      %11 = arith.subf %9, %10 : f32
      %12 = arith.constant 0.000000e+00 : f32
      %13 = arith.maximumf %11, %12 : f32
      %14 = arith.divf %8, %13 : f32
      loop.yield %14 : f32
    } : !loop.buffer<[5, 1], f32, strides [1, 1]>
    %15 = loop.reduction sum ranges [5, 1] reduce [16] {
      %16 = loop.load %0[#loop.index<"16*i0 + r0">] : !loop.buffer<[5, 16], f32, strides [16, 1]>
      loop.yield %16 : f32
    } : !loop.buffer<[5, 1], f32, strides [1, 1]>
    %17 = loop.pointwise ranges [5, 1] {
      %18 = loop.load %15[#loop.index<"i0">] : !loop.buffer<[5, 1], f32, strides [1, 1]>
      %19 = arith.constant 1.600000e+01 : f32
      %20 = arith.divf %18, %19 : f32
      loop.yield %20 : f32
    } : !loop.buffer<[5, 1], f32, strides [1, 1]>
    %21 = arith.constant 1.000000e-05 : f64
    %22 = loop.pointwise ranges [5, 1] {
      %23 = loop.load %7[#loop.index<"i0">] : !loop.buffer<[5, 1], f32, strides [1, 1]>
      %24 = arith.constant 1.000000e-05 : f32
      %25 = arith.addf %23, %24 : f32
      loop.yield %25 : f32
    } : !loop.buffer<[5, 1], f32, strides [1, 1]>
    %26 = loop.pointwise ranges [5, 1] {
      %27 = loop.load %22[#loop.index<"i0">] : !loop.buffer<[5, 1], f32, strides [1, 1]>
      %28 = math.rsqrt %27 : f32
      loop.yield %28 : f32
    } : !loop.buffer<[5, 1], f32, strides [1, 1]>
    %29 = loop.pointwise ranges [5, 16] {
      %30 = loop.load %0[#loop.index<"16*i0 + i1">] : !loop.buffer<[5, 16], f32, strides [16, 1]>
      %31 = loop.load %17[#loop.index<"i0">] : !loop.buffer<[5, 1], f32, strides [1, 1]>
      %32 = arith.subf %30, %31 : f32
      loop.yield %32 : f32
    } : !loop.buffer<[5, 16], f32, strides [16, 1]>
    %33 = loop.pointwise ranges [5, 16] {
      %34 = loop.load %29[#loop.index<"16*i0 + i1">] : !loop.buffer<[5, 16], f32, strides [16, 1]>
      %35 = loop.load %26[#loop.index<"i0">] : !loop.buffer<[5, 1], f32, strides [1, 1]>
      %36 = arith.mulf %34, %35 : f32
      loop.yield %36 : f32
    } : !loop.buffer<[5, 16], f32, strides [16, 1]>
    %37 = loop.pointwise ranges [5, 16] {
      %38 = loop.load %33[#loop.index<"16*i0 + i1">] : !loop.buffer<[5, 16], f32, strides [16, 1]>
      %39 = loop.load %1[#loop.index<"i1">] : !loop.buffer<[16], f32, strides [1]>
      %40 = arith.mulf %38, %39 : f32
      loop.yield %40 : f32
    } : !loop.buffer<[5, 16], f32, strides [16, 1]>
    %41 = loop.pointwise ranges [5, 16] {
      %42 = loop.load %37[#loop.index<"16*i0 + i1">] : !loop.buffer<[5, 16], f32, strides [16, 1]>
      %43 = loop.load %2[#loop.index<"i1">] : !loop.buffer<[16], f32, strides [1]>
      %44 = arith.addf %42, %43 : f32
      loop.yield %44 : f32
    } : !loop.buffer<[5, 16], f32, strides [16, 1]>
    func.return %41 : !loop.buffer<[5, 16], f32, strides [16, 1]>
  }
}
// -----
builtin.module {
  func.func @forward(%0: !loop.buffer<[5, 16], f32, strides [16, 1]>, %1: !loop.buffer<[16], f32, strides [1]>, %2: !loop.buffer<[16], f32, strides [1]>) -> !loop.buffer<[5, 16], f32, strides [16, 1]> {
    %3, %4, %5 = loop.reduction welford ranges [5] reduce [16] {
      %6 = loop.load %0[#loop.index<"16*i0 + r0">] : !loop.buffer<[5, 16], f32, strides [16, 1]>
      loop.yield %6 : f32
    } : !loop.buffer<[5], f32, strides [1]>, !loop.buffer<[5], f32, strides [1]>, !loop.buffer<[5], f32, strides [1]>
    %7 = loop.reduction sum ranges [5] reduce [16] {
      %8 = loop.load %0[#loop.index<"16*i0 + r0">] : !loop.buffer<[5, 16], f32, strides [16, 1]>
      loop.yield %8 : f32
    } : !loop.buffer<[5], f32, strides [1]>
    %9 = loop.pointwise ranges [5, 16] {
      %10 = loop.load %0[#loop.index<"16*i0 + i1">] : !loop.buffer<[5, 16], f32, strides [16, 1]>
      %11 = loop.load %7[#loop.index<"i0">] : !loop.buffer<[5], f32, strides [1]>
      %12 = arith.constant 1.600000e+01 : f32
      %13 = arith.divf %11, %12 : f32
      %14 = arith.subf %10, %13 : f32
      %15 = loop.load %4[#loop.index<"i0">] : !loop.buffer<[5], f32, strides [1]>
      %16 = loop.load %5[#loop.index<"i0">] : !loop.buffer<[5], f32, strides [1]>
      %17 = arith.constant 0.000000e+00 : f32
      %18 = arith.subf %16, %17 : f32
      %19 = arith.maximumf %18, %17 : f32
      %20 = arith.divf %15, %19 : f32
      %21 = arith.constant 1.000000e-05 : f32
      %22 = arith.addf %20, %21 : f32
      %23 = math.rsqrt %22 : f32
      %24 = arith.mulf %14, %23 : f32
      %25 = loop.load %1[#loop.index<"i1">] : !loop.buffer<[16], f32, strides [1]>
      %26 = arith.mulf %24, %25 : f32
      %27 = loop.load %2[#loop.index<"i1">] : !loop.buffer<[16], f32, strides [1]>
      %28 = arith.addf %26, %27 : f32
      loop.yield %28 : f32
    } : !loop.buffer<[5, 16], f32, strides [16, 1]>
    func.return %9 : !loop.buffer<[5, 16], f32, strides [16, 1]>
  }
}
// -----
builtin.module {
  kernel.kernel @fused_add_div_maximum_mul_rsqrt_sub_sum_var_mean_0(%0: !loop.buffer<[5, 16], f32, strides [16, 1]>, %1: !loop.buffer<[16], f32, strides [1]>, %2: !loop.buffer<[16], f32, strides [1]>) -> (!loop.buffer<[5, 16], f32, strides [16, 1]>) persistent_reduction numel 5 rnumel 16 {xblock = 8, rblock = 16, num_warps = 2, configs = [{xblock = 8, num_warps = 2, rblock = 16}, {xblock = 8, num_warps = 4, rblock = 16}]} {
    %3, %4, %5 = loop.reduction welford ranges [5] reduce [16] {
      %6 = loop.load %0[#loop.index<"16*i0 + r0">] : !loop.buffer<[5, 16], f32, strides [16, 1]>
      loop.yield %6 : f32
    } : !loop.buffer<[5], f32, strides [1]>, !loop.buffer<[5], f32, strides [1]>, !loop.buffer<[5], f32, strides [1]>
    %7 = loop.reduction sum ranges [5] reduce [16] {
      %8 = loop.load %0[#loop.index<"16*i0 + r0">] : !loop.buffer<[5, 16], f32, strides [16, 1]>
      loop.yield %8 : f32
    } : !loop.buffer<[5], f32, strides [1]>
    %9 = loop.pointwise ranges [5, 16] {
      %10 = loop.load %0[#loop.index<"16*i0 + i1">] : !loop.buffer<[5, 16], f32, strides [16, 1]>
      %11 = loop.load %7[#loop.index<"i0">] : !loop.buffer<[5], f32, strides [1]>
      %12 = arith.constant 1.600000e+01 : f32
      %13 = arith.divf %11, %12 : f32
      %14 = arith.subf %10, %13 : f32
      %15 = loop.load %4[#loop.index<"i0">] : !loop.buffer<[5], f32, strides [1]>
      %16 = loop.load %5[#loop.index<"i0">] : !loop.buffer<[5], f32, strides [1]>
      %17 = arith.constant 0.000000e+00 : f32
      %18 = arith.subf %16, %17 : f32
      %19 = arith.maximumf %18, %17 : f32
      %20 = arith.divf %15, %19 : f32
      %21 = arith.constant 1.000000e-05 : f32
      %22 = arith.addf %20, %21 : f32
      %23 = math.rsqrt %22 : f32
      %24 = arith.mulf %14, %23 : f32
      %25 = loop.load %1[#loop.index<"i1">] : !loop.buffer<[16], f32, strides [1]>
      %26 = arith.mulf %24, %25 : f32
      %27 = loop.load %2[#loop.index<"i1">] : !loop.buffer<[16], f32, strides [1]>
      %28 = arith.addf %26, %27 : f32
      loop.yield %28 : f32
    } : !loop.buffer<[5, 16], f32, strides [16, 1]>
    kernel.yield %9 : !loop.buffer<[5, 16], f32, strides [16, 1]>
  }
  func.func @forward(%0: !loop.buffer<[5, 16], f32, strides [16, 1]>, %1: !loop.buffer<[16], f32, strides [1]>, %2: !loop.buffer<[16], f32, strides [1]>) -> !loop.buffer<[5, 16], f32, strides [16, 1]> {
    %3 = kernel.alloc : !loop.buffer<[5, 16], f32, strides [16, 1]>
    kernel.launch @fused_add_div_maximum_mul_rsqrt_sub_sum_var_mean_0(%0, %1, %2) outs(%3) : (!loop.buffer<[5, 16], f32, strides [16, 1]>, !loop.buffer<[16], f32, strides [1]>, !loop.buffer<[16], f32, strides [1]>) -> (!loop.buffer<[5, 16], f32, strides [16, 1]>)
    kernel.free %2 : !loop.buffer<[16], f32, strides [1]>
    kernel.free %1 : !loop.buffer<[16], f32, strides [1]>
    kernel.free %0 : !loop.buffer<[5, 16], f32, strides [16, 1]>
    func.return %3 : !loop.buffer<[5, 16], f32, strides [16, 1]>
  }
}
// -----
builtin.module {
  triton.func @triton_per_fused_add_div_maximum_mul_rsqrt_sub_sum_var_mean_0(%in_ptr0: !triton.ptr<f32>, %in_ptr1: !triton.ptr<f32>, %in_ptr2: !triton.ptr<f32>, %out_ptr0: !triton.ptr<f32>) constexprs [XBLOCK, RBLOCK] attributes {launch = {XBLOCK = 8 : i64, RBLOCK = 16 : i64}, num_warps = 2 : i64, grid = [#loop.index<"1">], autotune = [{XBLOCK = 8 : i64, RBLOCK = 16 : i64, num_warps = 2 : i64}, {XBLOCK = 8 : i64, RBLOCK = 16 : i64, num_warps = 4 : i64}]} {
    %0 = triton.program_id x : i32
    %1 = triton.constexpr XBLOCK : i32
    %xoffset = triton.mul %0, %1 : (i32, i32) -> i32
    %2 = triton.arange 0, XBLOCK : !triton.block<[XBLOCK], i32>
    %3 = triton.expand_dims %2 axis 1 : !triton.block<[XBLOCK], i32> -> !triton.block<[XBLOCK, 1], i32>
    %xindex = triton.add %xoffset, %3 : (i32, !triton.block<[XBLOCK, 1], i32>) -> !triton.block<[XBLOCK, 1], i32>
    %xnumel = triton.constant 5 : i32
    %xmask = triton.lt %xindex, %xnumel : (!triton.block<[XBLOCK, 1], i32>, i32) -> !triton.block<[XBLOCK, 1], i1>
    %rnumel = triton.constant 16 : i32
    %4 = triton.arange 0, RBLOCK : !triton.block<[RBLOCK], i32>
    %rindex = triton.expand_dims %4 axis 0 : !triton.block<[RBLOCK], i32> -> !triton.block<[1, RBLOCK], i32>
    %rmask = triton.constant true : !triton.block<[1, RBLOCK], i1>
    %xrmask = triton.logical_and %xmask, %rmask : (!triton.block<[XBLOCK, 1], i1>, !triton.block<[1, RBLOCK], i1>) -> !triton.block<[XBLOCK, RBLOCK], i1>
    %5 = triton.constant 16 : i32
    %6 = triton.mul %xindex, %5 : (!triton.block<[XBLOCK, 1], i32>, i32) -> !triton.block<[XBLOCK, 1], i32>
    %7 = triton.add %rindex, %6 : (!triton.block<[1, RBLOCK], i32>, !triton.block<[XBLOCK, 1], i32>) -> !triton.block<[XBLOCK, RBLOCK], i32>
    %8 = triton.addptr %in_ptr0, %7 : (!triton.ptr<f32>, !triton.block<[XBLOCK, RBLOCK], i32>) -> !triton.block<[XBLOCK, RBLOCK], !triton.ptr<f32>>
    %9 = triton.load %8 mask %xrmask : !triton.block<[XBLOCK, RBLOCK], !triton.ptr<f32>>, !triton.block<[XBLOCK, RBLOCK], i1> -> !triton.block<[XBLOCK, RBLOCK], f32>
    %10 = triton.constant 0.0 : f32
    %11 = triton.constant 16.0 : f32
    %12 = triton.where %xrmask, %9, %10 : (!triton.block<[XBLOCK, RBLOCK], i1>, !triton.block<[XBLOCK, RBLOCK], f32>, f32) -> !triton.block<[XBLOCK, RBLOCK], f32>
    %13 = triton.reduce sum %12 axis 1 keep_dims : !triton.block<[XBLOCK, RBLOCK], f32> -> !triton.block<[XBLOCK, 1], f32>
    %14 = triton.truediv %13, %11 : (!triton.block<[XBLOCK, 1], f32>, f32) -> !triton.block<[XBLOCK, 1], f32>
    %15 = triton.sub %9, %14 : (!triton.block<[XBLOCK, RBLOCK], f32>, !triton.block<[XBLOCK, 1], f32>) -> !triton.block<[XBLOCK, RBLOCK], f32>
    %16 = triton.where %xrmask, %15, %10 : (!triton.block<[XBLOCK, RBLOCK], i1>, !triton.block<[XBLOCK, RBLOCK], f32>, f32) -> !triton.block<[XBLOCK, RBLOCK], f32>
    %17 = triton.mul %16, %16 : (!triton.block<[XBLOCK, RBLOCK], f32>, !triton.block<[XBLOCK, RBLOCK], f32>) -> !triton.block<[XBLOCK, RBLOCK], f32>
    %18 = triton.reduce sum %17 axis 1 keep_dims : !triton.block<[XBLOCK, RBLOCK], f32> -> !triton.block<[XBLOCK, 1], f32>
    %19 = triton.constant 0.0 : f32
    %20 = triton.where %xrmask, %9, %19 : (!triton.block<[XBLOCK, RBLOCK], i1>, !triton.block<[XBLOCK, RBLOCK], f32>, f32) -> !triton.block<[XBLOCK, RBLOCK], f32>
    %21 = triton.reduce sum %20 axis 1 keep_dims : !triton.block<[XBLOCK, RBLOCK], f32> -> !triton.block<[XBLOCK, 1], f32>
    %22 = triton.constant 16.0 : f32
    %23 = triton.truediv %21, %22 : (!triton.block<[XBLOCK, 1], f32>, f32) -> !triton.block<[XBLOCK, 1], f32>
    %24 = triton.sub %9, %23 : (!triton.block<[XBLOCK, RBLOCK], f32>, !triton.block<[XBLOCK, 1], f32>) -> !triton.block<[XBLOCK, RBLOCK], f32>
    %25 = triton.constant 0.0 : f32
    %26 = triton.sub %11, %25 : (f32, f32) -> f32
    %27 = triton.maximum %26, %25 : (f32, f32) -> f32
    %28 = triton.truediv %18, %27 : (!triton.block<[XBLOCK, 1], f32>, f32) -> !triton.block<[XBLOCK, 1], f32>
    %29 = triton.constant 1.0e-05 : f32
    %30 = triton.add %28, %29 : (!triton.block<[XBLOCK, 1], f32>, f32) -> !triton.block<[XBLOCK, 1], f32>
    %31 = triton.rsqrt %30 : !triton.block<[XBLOCK, 1], f32> -> !triton.block<[XBLOCK, 1], f32>
    %32 = triton.mul %24, %31 : (!triton.block<[XBLOCK, RBLOCK], f32>, !triton.block<[XBLOCK, 1], f32>) -> !triton.block<[XBLOCK, RBLOCK], f32>
    %33 = triton.addptr %in_ptr1, %rindex : (!triton.ptr<f32>, !triton.block<[1, RBLOCK], i32>) -> !triton.block<[1, RBLOCK], !triton.ptr<f32>>
    %34 = triton.load %33 mask %rmask eviction_policy evict_last : !triton.block<[1, RBLOCK], !triton.ptr<f32>>, !triton.block<[1, RBLOCK], i1> -> !triton.block<[1, RBLOCK], f32>
    %35 = triton.mul %32, %34 : (!triton.block<[XBLOCK, RBLOCK], f32>, !triton.block<[1, RBLOCK], f32>) -> !triton.block<[XBLOCK, RBLOCK], f32>
    %36 = triton.addptr %in_ptr2, %rindex : (!triton.ptr<f32>, !triton.block<[1, RBLOCK], i32>) -> !triton.block<[1, RBLOCK], !triton.ptr<f32>>
    %37 = triton.load %36 mask %rmask eviction_policy evict_last : !triton.block<[1, RBLOCK], !triton.ptr<f32>>, !triton.block<[1, RBLOCK], i1> -> !triton.block<[1, RBLOCK], f32>
    %38 = triton.add %35, %37 : (!triton.block<[XBLOCK, RBLOCK], f32>, !triton.block<[1, RBLOCK], f32>) -> !triton.block<[XBLOCK, RBLOCK], f32>
    %39 = triton.addptr %out_ptr0, %7 : (!triton.ptr<f32>, !triton.block<[XBLOCK, RBLOCK], i32>) -> !triton.block<[XBLOCK, RBLOCK], !triton.ptr<f32>>
    triton.store %39, %38 mask %xrmask : !triton.block<[XBLOCK, RBLOCK], !triton.ptr<f32>>, !triton.block<[XBLOCK, RBLOCK], f32>, !triton.block<[XBLOCK, RBLOCK], i1>
    triton.return
  }
  func.func @forward(%0: !loop.buffer<[5, 16], f32, strides [16, 1]>, %1: !loop.buffer<[16], f32, strides [1]>, %2: !loop.buffer<[16], f32, strides [1]>) -> !loop.buffer<[5, 16], f32, strides [16, 1]> {
    %3 = kernel.alloc : !loop.buffer<[5, 16], f32, strides [16, 1]>
    kernel.launch @triton_per_fused_add_div_maximum_mul_rsqrt_sub_sum_var_mean_0(%0, %1, %2) outs(%3) : (!loop.buffer<[5, 16], f32, strides [16, 1]>, !loop.buffer<[16], f32, strides [1]>, !loop.buffer<[16], f32, strides [1]>) -> (!loop.buffer<[5, 16], f32, strides [16, 1]>)
    kernel.free %2 : !loop.buffer<[16], f32, strides [1]>
    kernel.free %1 : !loop.buffer<[16], f32, strides [1]>
    kernel.free %0 : !loop.buffer<[5, 16], f32, strides [16, 1]>
    func.return %3 : !loop.buffer<[5, 16], f32, strides [16, 1]>
  }
}
