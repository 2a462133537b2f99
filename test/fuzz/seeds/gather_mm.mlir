// gather_mm: printed IR at the aten, loop, kernel and triton levels (seeds of tools/fuzz_ir.py)
builtin.module {
  func.func @forward(%0: !aten.tensor<[10, 4], f32, strides [4, 1]>, %1: !aten.tensor<[3], i64, strides [1]>, %2: !aten.tensor<[4, 4], f32, strides [4, 1]>) -> !aten.tensor<[3, 4], f32, strides [4, 1]> {
    %3 = aten.fallback "aten::index.Tensor"(%0, %1) {args = [#aten.operand<0>, [#aten.operand<1>]]} : (!aten.tensor<[10, 4], f32, strides [4, 1]>, !aten.tensor<[3], i64, strides [1]>) -> !aten.tensor<[3, 4], f32, strides [4, 1]>
    %4 = aten.fallback "aten::mm.default"(%3, %2) {args = [#aten.operand<0>, #aten.operand<1>]} : (!aten.tensor<[3, 4], f32, strides [4, 1]>, !aten.tensor<[4, 4], f32, strides [4, 1]>) -> !aten.tensor<[3, 4], f32, strides [4, 1]>
    func.return %4 : !aten.tensor<[3, 4], f32, strides [4, 1]>
  }
}
// -----
builtin.module {
  func.func @forward(%0: !loop.buffer<[10, 4], f32, strides [4, 1]>, %1: !loop.buffer<[3], i64, strides [1]>, %2: !loop.buffer<[4, 4], f32, strides [4, 1]>) -> !loop.buffer<[3, 4], f32, strides [4, 1]> {
    %3 = loop.pointwise ranges [3, 4] {
      %4 = loop.load %1[#loop.index<"i0">] : !loop.buffer<[3], i64, strides [1]>
      %5 = arith.constant 0 : i64
      %6 = arith.cmpi slt, %4, %5 : i64
      %7 = arith.constant 10 : i64
      %8 = arith.addi %4, %7 : i64
      %9 = arith.select %6, %8, %4 : i64
      %10 = loop.load %0[#loop.index<"i1 + 4*t0">] gather(%9 : i64) bounds [10] : !loop.buffer<[10, 4], f32, strides [4, 1]>
      loop.yield %10 : f32
    } : !loop.buffer<[3, 4], f32, strides [4, 1]>
    %11 = kernel.extern "aten::mm.default"(%3, %2) {args = [#kernel.operand<0>, #kernel.operand<1>]} : (!loop.buffer<[3, 4], f32, strides [4, 1]>, !loop.buffer<[4, 4], f32, strides [4, 1]>) -> (!loop.buffer<[3, 4], f32, strides [4, 1]>)
    func.return %11 : !loop.buffer<[3, 4], f32, strides [4, 1]>
  }
}
// -----
builtin.module {
  func.func @forward(%0: !loop.buffer<[10, 4], f32, strides [4, 1]>, %1: !loop.buffer<[3], i64, strides [1]>, %2: !loop.buffer<[4, 4], f32, strides [4, 1]>) -> !loop.buffer<[3, 4], f32, strides [4, 1]> {
    %3 = loop.pointwise ranges [3, 4] {
      %4 = loop.load %1[#loop.index<"i0">] : !loop.buffer<[3], i64, strides [1]>
      %5 = arith.constant 0 : i64
      %6 = arith.cmpi slt, %4, %5 : i64
      %7 = arith.constant 10 : i64
      %8 = arith.addi %4, %7 : i64
      %9 = arith.select %6, %8, %4 : i64
      %10 = loop.load %0[#loop.index<"i1 + 4*t0">] gather(%9 : i64) bounds [10] : !loop.buffer<[10, 4], f32, strides [4, 1]>
      loop.yield %10 : f32
    } : !loop.buffer<[3, 4], f32, strides [4, 1]>
    %11 = kernel.extern "aten::mm.default"(%3, %2) {args = [#kernel.operand<0>, #kernel.operand<1>]} : (!loop.buffer<[3, 4], f32, strides [4, 1]>, !loop.buffer<[4, 4], f32, strides [4, 1]>) -> (!loop.buffer<[3, 4], f32, strides [4, 1]>)
    func.return %11 : !loop.buffer<[3, 4], f32, strides [4, 1]>
  }
}
// -----
builtin.module {
  kernel.kernel @fused_add_lt_where_0(%0: !loop.buffer<[3], i64, strides [1]>, %1: !loop.buffer<[10, 4], f32, strides [4, 1]>) -> (!loop.buffer<[3, 4], f32, strides [4, 1]>) pointwise numel 12 rnumel 1 {xblock = 16, num_warps = 4, configs = [{xblock = 16, num_warps = 4}, {xblock = 16, num_warps = 8}]} {
    %2 = loop.pointwise ranges [3, 4] {
      %3 = loop.load %0[#loop.index<"i0">] : !loop.buffer<[3], i64, strides [1]>
      %4 = arith.constant 0 : i64
      %5 = arith.cmpi slt, %3, %4 : i64
      %6 = arith.constant 10 : i64
      %7 = arith.addi %3, %6 : i64
      %8 = arith.select %5, %7, %3 : i64
      %9 = loop.load %1[#loop.index<"i1 + 4*t0">] gather(%8 : i64) bounds [10] : !loop.buffer<[10, 4], f32, strides [4, 1]>
      loop.yield %9 : f32
    } : !loop.buffer<[3, 4], f32, strides [4, 1]>
    kernel.yield %2 : !loop.buffer<[3, 4], f32, strides [4, 1]>
  }
  func.func @forward(%0: !loop.buffer<[10, 4], f32, strides [4, 1]>, %1: !loop.buffer<[3], i64, strides [1]>, %2: !loop.buffer<[4, 4], f32, strides [4, 1]>) -> !loop.buffer<[3, 4], f32, strides [4, 1]> {
    %3 = kernel.alloc : !loop.buffer<[3, 4], f32, strides [4, 1]>
    kernel.launch @fused_add_lt_where_0(%1, %0) outs(%3) : (!loop.buffer<[3], i64, strides [1]>, !loop.buffer<[10, 4], f32, strides [4, 1]>) -> (!loop.buffer<[3, 4], f32, strides [4, 1]>)
    kernel.free %1 : !loop.buffer<[3], i64, strides [1]>
    kernel.free %0 : !loop.buffer<[10, 4], f32, strides [4, 1]>
    %4 = kernel.alloc : !loop.buffer<[3, 4], f32, strides [4, 1]>
    kernel.extern "aten::mm.out"(%3, %2) outs(%4 : !loop.buffer<[3, 4], f32, strides [4, 1]>) {args = [#kernel.operand<0>, #kernel.operand<1>], kwargs = {out = #kernel.operand<2>}} : (!loop.buffer<[3, 4], f32, strides [4, 1]>, !loop.buffer<[4, 4], f32, strides [4, 1]>) -> ()
    kernel.free %3 : !loop.buffer<[3, 4], f32, strides [4, 1]>
    kernel.free %2 : !loop.buffer<[4, 4], f32, strides [4, 1]>
    func.return %4 : !loop.buffer<[3, 4], f32, strides [4, 1]>
  }
}
// -----
builtin.module {
  triton.func @triton_poi_fused_add_lt_where_0(%in_ptr0: !triton.ptr<i64>, %in_ptr1: !triton.ptr<f32>, %out_ptr0: !triton.ptr<f32>) constexprs [XBLOCK] attributes {launch = {XBLOCK = 16 : i64}, num_warps = 4 : i64, grid = [#loop.index<"1">], autotune = [{XBLOCK = 16 : i64, num_warps = 4 : i64}, {XBLOCK = 16 : i64, num_warps = 8 : i64}]} {
    %0 = triton.program_id x : i32
    %1 = triton.constexpr XBLOCK : i32
    %xoffset = triton.mul %0, %1 : (i32, i32) -> i32
    %2 = triton.arange 0, XBLOCK : !triton.block<[XBLOCK], i32>
    %xindex = triton.add %xoffset, %2 : (i32, !triton.block<[XBLOCK], i32>) -> !triton.block<[XBLOCK], i32>
    %xnumel = triton.constant 12 : i32
    %xmask = triton.lt %xindex, %xnumel : (!triton.block<[XBLOCK], i32>, i32) -> !triton.block<[XBLOCK], i1>
    %3 = triton.constant 4 : i32
    %x0 = triton.trunc_div %xindex, %3 : (!triton.block<[XBLOCK], i32>, i32) -> !triton.block<[XBLOCK], i32>
    %4 = triton.addptr %in_ptr0, %x0 : (!triton.ptr<i64>, !triton.block<[XBLOCK], i32>) -> !triton.block<[XBLOCK], !triton.ptr<i64>>
    %5 = triton.load %4 mask %xmask : !triton.block<[XBLOCK], !triton.ptr<i64>>, !triton.block<[XBLOCK], i1> -> !triton.block<[XBLOCK], i64>
    %6 = triton.constant 0 : i64
    %7 = triton.lt %5, %6 : (!triton.block<[XBLOCK], i64>, i64) -> !triton.block<[XBLOCK], i1>
    %8 = triton.constant 10 : i64
    %9 = triton.add %5, %8 : (!triton.block<[XBLOCK], i64>, i64) -> !triton.block<[XBLOCK], i64>
    %10 = triton.where %7, %9, %5 : (!triton.block<[XBLOCK], i1>, !triton.block<[XBLOCK], i64>, !triton.block<[XBLOCK], i64>) -> !triton.block<[XBLOCK], i64>
    %11 = triton.cast %10 : !triton.block<[XBLOCK], i64> to !triton.block<[XBLOCK], i32>
    %x1 = triton.trunc_rem %xindex, %3 : (!triton.block<[XBLOCK], i32>, i32) -> !triton.block<[XBLOCK], i32>
    %12 = triton.constant 4 : i32
    %13 = triton.mul %11, %12 : (!triton.block<[XBLOCK], i32>, i32) -> !triton.block<[XBLOCK], i32>
    %14 = triton.add %x1, %13 : (!triton.block<[XBLOCK], i32>, !triton.block<[XBLOCK], i32>) -> !triton.block<[XBLOCK], i32>
    %15 = triton.constant 10 : i32
    %16 = triton.constant 0 : i32
    %17 = triton.constant 0 : i64
    %18 = triton.ge %10, %17 : (!triton.block<[XBLOCK], i64>, i64) -> !triton.block<[XBLOCK], i1>
    %19 = triton.constant 10 : i64
    %20 = triton.lt %10, %19 : (!triton.block<[XBLOCK], i64>, i64) -> !triton.block<[XBLOCK], i1>
    %21 = triton.logical_and %18, %20 : (!triton.block<[XBLOCK], i1>, !triton.block<[XBLOCK], i1>) -> !triton.block<[XBLOCK], i1>
    %22 = triton.logical_and %xmask, %21 : (!triton.block<[XBLOCK], i1>, !triton.block<[XBLOCK], i1>) -> !triton.block<[XBLOCK], i1>
    %23 = triton.constant 0.0 : f32
    %24 = triton.addptr %in_ptr1, %14 : (!triton.ptr<f32>, !triton.block<[XBLOCK], i32>) -> !triton.block<[XBLOCK], !triton.ptr<f32>>
    %25 = triton.load %24 mask %22 other %23 : !triton.block<[XBLOCK], !triton.ptr<f32>>, !triton.block<[XBLOCK], i1>, f32 -> !triton.block<[XBLOCK], f32>
    %26 = triton.addptr %out_ptr0, %xindex : (!triton.ptr<f32>, !triton.block<[XBLOCK], i32>) -> !triton.block<[XBLOCK], !triton.ptr<f32>>
    triton.store %26, %25 mask %xmask : !triton.block<[XBLOCK], !triton.ptr<f32>>, !triton.block<[XBLOCK], f32>, !triton.block<[XBLOCK], i1>
    triton.return
  }
  func.func @forward(%0: !loop.buffer<[10, 4], f32, strides [4, 1]>, %1: !loop.buffer<[3], i64, strides [1]>, %2: !loop.buffer<[4, 4], f32, strides [4, 1]>) -> !loop.buffer<[3, 4], f32, strides [4, 1]> {
    %3 = kernel.alloc : !loop.buffer<[3, 4], f32, strides [4, 1]>
    kernel.launch @triton_poi_fused_add_lt_where_0(%1, %0) outs(%3) : (!loop.buffer<[3], i64, strides [1]>, !loop.buffer<[10, 4], f32, strides [4, 1]>) -> (!loop.buffer<[3, 4], f32, strides [4, 1]>)
    kernel.free %1 : !loop.buffer<[3], i64, strides [1]>
    kernel.free %0 : !loop.buffer<[10, 4], f32, strides [4, 1]>
    %4 = kernel.alloc : !loop.buffer<[3, 4], f32, strides [4, 1]>
    kernel.extern "aten::mm.out"(%3, %2) outs(%4 : !loop.buffer<[3, 4], f32, strides [4, 1]>) {args = [#kernel.operand<0>, #kernel.operand<1>], kwargs = {out = #kernel.operand<2>}} : (!loop.buffer<[3, 4], f32, strides [4, 1]>, !loop.buffer<[4, 4], f32, strides [4, 1]>) -> ()
    kernel.free %3 : !loop.buffer<[3, 4], f32, strides [4, 1]>
    kernel.free %2 : !loop.buffer<[4, 4], f32, strides [4, 1]>
    func.return %4 : !loop.buffer<[3, 4], f32, strides [4, 1]>
  }
}
