// dynamic_relu_mean: printed IR at the aten, loop, kernel and triton levels (seeds of tools/fuzz_ir.py)
builtin.module {
  func.func @forward(%0: i64, %1: i64, %2: !aten.tensor<[s77, s27], f32, strides [s27, 1]>) -> !aten.tensor<[s27], f32> {
    %3 = aten.relu %2 : (!aten.tensor<[s77, s27], f32, strides [s27, 1]>) -> !aten.tensor<[s77, s27], f32>
    %4 = aten.mean %3 dims = [0] : (!aten.tensor<[s77, s27], f32>) -> !aten.tensor<[s27], f32>
    func.return %4 : !aten.tensor<[s27], f32>
  }
}
// -----
builtin.module {
  func.func @forward(%0: i64, %1: i64, %2: !loop.buffer<[s77, s27], f32, strides [s27, 1]>) -> !loop.buffer<[s27], f32, strides [1]> {
    %3 = loop.pointwise ranges [s77, s27] {
      %4 = loop.load %2[#loop.index<"i0*s27 + i1">] : !loop.buffer<[s77, s27], f32, strides [s27, 1]>
      %5 = arith.constant 0.000000e+00 : f32
      %6 = arith.maximumf %4, %5 : f32
      loop.yield %6 : f32
    } : !loop.buffer<[s77, s27], f32, strides [s27, 1]>
    %7 = loop.reduction sum ranges [s27] reduce [s77] {
      %8 = loop.load %3[#loop.index<"i0 + r0*s27">] : !loop.buffer<[s77, s27], f32, strides [s27, 1]>
      loop.yield %8 : f32
    } : !loop.buffer<[s27], f32, strides [1]>
    %9 = loop.pointwise ranges [s27] {
      %10 = loop.load %7[#loop.index<"i0">] : !loop.buffer<[s27], f32, strides [1]>
      %11 = loop.index #loop.index<"s77"> : i64
      %12 = loop.cast %11 : i64 to f32
      %13 = arith.divf %10, %12 : f32
      loop.yield %13 : f32
    } : !loop.buffer<[s27], f32, strides [1]>
    func.return %9 : !loop.buffer<[s27], f32, strides [1]>
  }
}
// -----
builtin.module {
  func.func @forward(%0: i64, %1: i64, %2: !loop.buffer<[s77, s27], f32, strides [s27, 1]>) -> !loop.buffer<[s27], f32, strides [1]> {
    %3 = loop.reduction sum ranges [s27] reduce [s77] {
      %4 = loop.load %2[#loop.index<"i0 + r0*s27">] : !loop.buffer<[s77, s27], f32, strides [s27, 1]>
      %5 = arith.constant 0.000000e+00 : f32
      %6 = arith.maximumf %4, %5 : f32
      loop.yield %6 : f32
    } : !loop.buffer<[s27], f32, strides [1]>
    %7 = loop.pointwise ranges [s27] {
      %8 = loop.load %3[#loop.index<"i0">] : !loop.buffer<[s27], f32, strides [1]>
      %9 = loop.index #loop.index<"s77"> : i64
      %10 = loop.cast %9 : i64 to f32
      %11 = arith.divf %8, %10 : f32
      loop.yield %11 : f32
    } : !loop.buffer<[s27], f32, strides [1]>
    func.return %7 : !loop.buffer<[s27], f32, strides [1]>
  }
}
// -----
builtin.module {
  kernel.kernel @fused_div_maximum_sum_0(%0: !loop.buffer<[s77, s27], f32, strides [s27, 1]>) -> (!loop.buffer<[s27], f32, strides [1]>) reduction numel s27 rnumel s77 {xblock = 1, rblock = 2048, num_warps = 8, configs = [{xblock = 1, num_warps = 8, rblock = 2048}, {xblock = 1, num_warps = 4, rblock = 2048}, {xblock = 1, num_warps = 4, rblock = 1024}, {xblock = 1, num_warps = 8, rblock = 1024}, {xblock = 1, num_warps = 4, rblock = 4096}, {xblock = 1, num_warps = 8, rblock = 4096}]} {
    %1 = loop.reduction sum ranges [s27] reduce [s77] {
      %2 = loop.load %0[#loop.index<"i0 + r0*s27">] : !loop.buffer<[s77, s27], f32, strides [s27, 1]>
      %3 = arith.constant 0.000000e+00 : f32
      %4 = arith.maximumf %2, %3 : f32
      loop.yield %4 : f32
    } : !loop.buffer<[s27], f32, strides [1]>
    %5 = loop.pointwise ranges [s27] {
      %6 = loop.load %1[#loop.index<"i0">] : !loop.buffer<[s27], f32, strides [1]>
      %7 = loop.index #loop.index<"s77"> : i64
      %8 = loop.cast %7 : i64 to f32
      %9 = arith.divf %6, %8 : f32
      loop.yield %9 : f32
    } : !loop.buffer<[s27], f32, strides [1]>
    kernel.yield %5 : !loop.buffer<[s27], f32, strides [1]>
  }
  func.func @forward(%0: i64, %1: i64, %2: !loop.buffer<[s77, s27], f32, strides [s27, 1]>) -> !loop.buffer<[s27], f32, strides [1]> {
    %3 = kernel.alloc : !loop.buffer<[s27], f32, strides [1]>
    kernel.launch @fused_div_maximum_sum_0(%2) outs(%3) : (!loop.buffer<[s77, s27], f32, strides [s27, 1]>) -> (!loop.buffer<[s27], f32, strides [1]>)
    kernel.free %2 : !loop.buffer<[s77, s27], f32, strides [s27, 1]>
    func.return %3 : !loop.buffer<[s27], f32, strides [1]>
  }
}
// -----
builtin.module {
  triton.func @triton_red_fused_div_maximum_sum_0(%in_ptr0: !triton.ptr<f32>, %out_ptr0: !triton.ptr<f32>, %s27: i64, %s77: i64, %xnumel: i64, %rnumel: i64) constexprs [XBLOCK, RBLOCK] attributes {launch = {XBLOCK = 1 : i64, RBLOCK = 2048 : i64}, num_warps = 8 : i64, grid = [#loop.index<"s27">], arg_values = {s27 = #loop.index<"s27">, s77 = #loop.index<"s77">, xnumel = #loop.index<"s27">, rnumel = #loop.index<"s77">}, autotune = [{XBLOCK = 1 : i64, RBLOCK = 2048 : i64, num_warps = 8 : i64}, {XBLOCK = 1 : i64, RBLOCK = 2048 : i64, num_warps = 4 : i64}, {XBLOCK = 1 : i64, RBLOCK = 1024 : i64, num_warps = 4 : i64}, {XBLOCK = 1 : i64, RBLOCK = 1024 : i64, num_warps = 8 : i64}, {XBLOCK = 1 : i64, RBLOCK = 4096 : i64, num_warps = 4 : i64}, {XBLOCK = 1 : i64, RBLOCK = 4096 : i64, num_warps = 8 : i64}]} {
    %0 = triton.program_id x : i32
    %1 = triton.cast %0 : i32 to i64
    %2 = triton.constexpr XBLOCK : i64
    %xoffset = triton.mul %1, %2 : (i64, i64) -> i64
    %3 = triton.arange 0, XBLOCK : !triton.block<[XBLOCK], i32>
    %4 = triton.expand_dims %3 axis 1 : !triton.block<[XBLOCK], i32> -> !triton.block<[XBLOCK, 1], i32>
    %5 = triton.cast %4 : !triton.block<[XBLOCK, 1], i32> to !triton.block<[XBLOCK, 1], i64>
    %xindex = triton.add %xoffset, %5 : (i64, !triton.block<[XBLOCK, 1], i64>) -> !triton.block<[XBLOCK, 1], i64>
    %xmask = triton.lt %xindex, %xnumel : (!triton.block<[XBLOCK, 1], i64>, i64) -> !triton.block<[XBLOCK, 1], i1>
    %6 = triton.arange 0, RBLOCK : !triton.block<[RBLOCK], i32>
    %7 = triton.expand_dims %6 axis 0 : !triton.block<[RBLOCK], i32> -> !triton.block<[1, RBLOCK], i32>
    %rbase = triton.cast %7 : !triton.block<[1, RBLOCK], i32> to !triton.block<[1, RBLOCK], i64>
    %_acc = triton.constant 0.0 : !triton.block<[XBLOCK, RBLOCK], f32>
    %8 = triton.constant 0 : i64
    %9 = triton.constexpr RBLOCK : i64
    %_acc_1 = scf.for %roffset = %8 to %rnumel step %9 iter_args(%_acc_2 = %_acc) -> (!triton.block<[XBLOCK, RBLOCK], f32>) : i64 {
      %rindex = triton.add %roffset, %rbase : (i64, !triton.block<[1, RBLOCK], i64>) -> !triton.block<[1, RBLOCK], i64>
      %rmask = triton.lt %rindex, %rnumel : (!triton.block<[1, RBLOCK], i64>, i64) -> !triton.block<[1, RBLOCK], i1>
      %xrmask = triton.logical_and %xmask, %rmask : (!triton.block<[XBLOCK, 1], i1>, !triton.block<[1, RBLOCK], i1>) -> !triton.block<[XBLOCK, RBLOCK], i1>
      %10 = triton.mul %rindex, %s27 : (!triton.block<[1, RBLOCK], i64>, i64) -> !triton.block<[1, RBLOCK], i64>
      %11 = triton.add %xindex, %10 : (!triton.block<[XBLOCK, 1], i64>, !triton.block<[1, RBLOCK], i64>) -> !triton.block<[XBLOCK, RBLOCK], i64>
      %12 = triton.addptr %in_ptr0, %11 : (!triton.ptr<f32>, !triton.block<[XBLOCK, RBLOCK], i64>) -> !triton.block<[XBLOCK, RBLOCK], !triton.ptr<f32>>
      %13 = triton.load %12 mask %xrmask eviction_policy evict_first : !triton.block<[XBLOCK, RBLOCK], !triton.ptr<f32>>, !triton.block<[XBLOCK, RBLOCK], i1> -> !triton.block<[XBLOCK, RBLOCK], f32>
      %14 = triton.constant 0.0 : f32
      %15 = triton.maximum %13, %14 : (!triton.block<[XBLOCK, RBLOCK], f32>, f32) -> !triton.block<[XBLOCK, RBLOCK], f32>
      %16 = triton.add %_acc_2, %15 : (!triton.block<[XBLOCK, RBLOCK], f32>, !triton.block<[XBLOCK, RBLOCK], f32>) -> !triton.block<[XBLOCK, RBLOCK], f32>
      %17 = triton.where %xrmask, %16, %_acc_2 : (!triton.block<[XBLOCK, RBLOCK], i1>, !triton.block<[XBLOCK, RBLOCK], f32>, !triton.block<[XBLOCK, RBLOCK], f32>) -> !triton.block<[XBLOCK, RBLOCK], f32>
      scf.yield %17 : !triton.block<[XBLOCK, RBLOCK], f32>
    }
    %18 = triton.reduce sum %_acc_1 axis 1 keep_dims : !triton.block<[XBLOCK, RBLOCK], f32> -> !triton.block<[XBLOCK, 1], f32>
    %19 = triton.cast %s77 : i64 to f32
    %20 = triton.truediv %18, %19 : (!triton.block<[XBLOCK, 1], f32>, f32) -> !triton.block<[XBLOCK, 1], f32>
    %21 = triton.addptr %out_ptr0, %xindex : (!triton.ptr<f32>, !triton.block<[XBLOCK, 1], i64>) -> !triton.block<[XBLOCK, 1], !triton.ptr<f32>>
    triton.store %21, %20 mask %xmask : !triton.block<[XBLOCK, 1], !triton.ptr<f32>>, !triton.block<[XBLOCK, 1], f32>, !triton.block<[XBLOCK, 1], i1>
    triton.return
  }
  func.func @forward(%0: i64, %1: i64, %2: !loop.buffer<[s77, s27], f32, strides [s27, 1]>) -> !loop.buffer<[s27], f32, strides [1]> {
    %3 = kernel.alloc : !loop.buffer<[s27], f32, strides [1]>
    kernel.launch @triton_red_fused_div_maximum_sum_0(%2) outs(%3) : (!loop.buffer<[s77, s27], f32, strides [s27, 1]>) -> (!loop.buffer<[s27], f32, strides [1]>)
    kernel.free %2 : !loop.buffer<[s77, s27], f32, strides [s27, 1]>
    func.return %3 : !loop.buffer<[s27], f32, strides [1]>
  }
}
