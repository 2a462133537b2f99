// transpose_mul: printed IR at the aten, loop, kernel and triton levels (seeds of tools/fuzz_ir.py)
builtin.module {
  func.func @forward(%0: !aten.tensor<[8, 6], f32, strides [6, 1]>, %1: !aten.tensor<[6, 8], f32, strides [8, 1]>) -> !aten.tensor<[6, 8], f32> {
    %2 = aten.permute %0 dims = [1, 0] : (!aten.tensor<[8, 6], f32, strides [6, 1]>) -> !aten.tensor<[6, 8], f32>
    %3 = aten.mul %2, %1 : (!aten.tensor<[6, 8], f32>, !aten.tensor<[6, 8], f32, strides [8, 1]>) -> !aten.tensor<[6, 8], f32>
    func.return %3 : !aten.tensor<[6, 8], f32>
  }
}
// -----
builtin.module {
  func.func @forward(%0: !loop.buffer<[8, 6], f32, strides [6, 1]>, %1: !loop.buffer<[6, 8], f32, strides [8, 1]>) -> !loop.buffer<[6, 8], f32, strides [8, 1]> {
    %2 = loop.reinterpret %0 : !loop.buffer<[8, 6], f32, strides [6, 1]> to !loop.buffer<[6, 8], f32, strides [1, 6]>
    %3 = loop.pointwise ranges [6, 8] {
      %4 = loop.load %2[#loop.index<"i0 + 6*i1">] : !loop.buffer<[6, 8], f32, strides [1, 6]>
      %5 = loop.load %1[#loop.index<"8*i0 + i1">] : !loop.buffer<[6, 8], f32, strides [8, 1]>
      %6 = arith.mulf %4, %5 : f32
      loop.yield %6 : f32
    } : !loop.buffer<[6, 8], f32, strides [8, 1]>
    func.return %3 : !loop.buffer<[6, 8], f32, strides [8, 1]>
  }
}
// -----
builtin.module {
  func.func @forward(%0: !loop.buffer<[8, 6], f32, strides [6, 1]>, %1: !loop.buffer<[6, 8], f32, strides [8, 1]>) -> !loop.buffer<[6, 8], f32, strides [8, 1]> {
    %2 = loop.pointwise ranges [6, 8] {
      %3 = loop.load %0[#loop.index<"i0 + 6*i1">] : !loop.buffer<[8, 6], f32, strides [6, 1]>
      %4 = loop.load %1[#loop.index<"8*i0 + i1">] : !loop.buffer<[6, 8], f32, strides [8, 1]>
      %5 = arith.mulf %3, %4 : f32
      loop.yield %5 : f32
    } : !loop.buffer<[6, 8], f32, strides [8, 1]>
    func.return %2 : !loop.buffer<[6, 8], f32, strides [8, 1]>
  }
}
// -----
builtin.module {
  kernel.kernel @mul_0(%0: !loop.buffer<[8, 6], f32, strides [6, 1]>, %1: !loop.buffer<[6, 8], f32, strides [8, 1]>) -> (!loop.buffer<[6, 8], f32, strides [8, 1]>) pointwise numel 48 rnumel 1 {xblock = 64, num_warps = 4, configs = [{xblock = 64, num_warps = 4}, {xblock = 64, num_warps = 8}]} {
    %2 = loop.pointwise ranges [6, 8] {
      %3 = loop.load %0[#loop.index<"i0 + 6*i1">] : !loop.buffer<[8, 6], f32, strides [6, 1]>
      %4 = loop.load %1[#loop.index<"8*i0 + i1">] : !loop.buffer<[6, 8], f32, strides [8, 1]>
      %5 = arith.mulf %3, %4 : f32
      loop.yield %5 : f32
    } : !loop.buffer<[6, 8], f32, strides [8, 1]>
    kernel.yield %2 : !loop.buffer<[6, 8], f32, strides [8, 1]>
  }
  func.func @forward(%0: !loop.buffer<[8, 6], f32, strides [6, 1]>, %1: !loop.buffer<[6, 8], f32, strides [8, 1]>) -> !loop.buffer<[6, 8], f32, strides [8, 1]> {
    %2 = kernel.alloc : !loop.buffer<[6, 8], f32, strides [8, 1]>
    kernel.launch @mul_0(%0, %1) outs(%2) : (!loop.buffer<[8, 6], f32, strides [6, 1]>, !loop.buffer<[6, 8], f32, strides [8, 1]>) -> (!loop.buffer<[6, 8], f32, strides [8, 1]>)
    kernel.free %1 : !loop.buffer<[6, 8], f32, strides [8, 1]>
    kernel.free %0 : !loop.buffer<[8, 6], f32, strides [6, 1]>
    func.return %2 : !loop.buffer<[6, 8], f32, strides [8, 1]>
  }
}
// -----
builtin.module {
  triton.func @triton_poi_mul_0(%in_ptr0: !triton.ptr<f32>, %in_ptr1: !triton.ptr<f32>, %out_ptr0: !triton.ptr<f32>) constexprs [XBLOCK] attributes {launch = {XBLOCK = 64 : i64}, num_warps = 4 : i64, grid = [#loop.index<"1">], autotune = [{XBLOCK = 64 : i64, num_warps = 4 : i64}, {XBLOCK = 64 : i64, num_warps = 8 : i64}]} {
    %0 = triton.program_id x : i32
    %1 = triton.constexpr XBLOCK : i32
    %xoffset = triton.mul %0, %1 : (i32, i32) -> i32
    %2 = triton.arange 0, XBLOCK : !triton.block<[XBLOCK], i32>
    %xindex = triton.add %xoffset, %2 : (i32, !triton.block<[XBLOCK], i32>) -> !triton.block<[XBLOCK], i32>
    %xnumel = triton.constant 48 : i32
    %xmask = triton.lt %xindex, %xnumel : (!triton.block<[XBLOCK], i32>, i32) -> !triton.block<[XBLOCK], i1>
    %3 = triton.constant 8 : i32
    %x0 = triton.trunc_rem %xindex, %3 : (!triton.block<[XBLOCK], i32>, i32) -> !triton.block<[XBLOCK], i32>
    %4 = triton.constant 6 : i32
    %5 = triton.mul %x0, %4 : (!triton.block<[XBLOCK], i32>, i32) -> !triton.block<[XBLOCK], i32>
    %x1 = triton.trunc_div %xindex, %3 : (!triton.block<[XBLOCK], i32>, i32) -> !triton.block<[XBLOCK], i32>
    %6 = triton.add %5, %x1 : (!triton.block<[XBLOCK], i32>, !triton.block<[XBLOCK], i32>) -> !triton.block<[XBLOCK], i32>
    %7 = triton.addptr %in_ptr0, %6 : (!triton.ptr<f32>, !triton.block<[XBLOCK], i32>) -> !triton.block<[XBLOCK], !triton.ptr<f32>>
    %8 = triton.load %7 mask %xmask : !triton.block<[XBLOCK], !triton.ptr<f32>>, !triton.block<[XBLOCK], i1> -> !triton.block<[XBLOCK], f32>
    %9 = triton.addptr %in_ptr1, %xindex : (!triton.ptr<f32>, !triton.block<[XBLOCK], i32>) -> !triton.block<[XBLOCK], !triton.ptr<f32>>
    %10 = triton.load %9 mask %xmask : !triton.block<[XBLOCK], !triton.ptr<f32>>, !triton.block<[XBLOCK], i1> -> !triton.block<[XBLOCK], f32>
    %11 = triton.mul %8, %10 : (!triton.block<[XBLOCK], f32>, !triton.block<[XBLOCK], f32>) -> !triton.block<[XBLOCK], f32>
    %12 = triton.addptr %out_ptr0, %xindex : (!triton.ptr<f32>, !triton.block<[XBLOCK], i32>) -> !triton.block<[XBLOCK], !triton.ptr<f32>>
    triton.store %12, %11 mask %xmask : !triton.block<[XBLOCK], !triton.ptr<f32>>, !triton.block<[XBLOCK], f32>, !triton.block<[XBLOCK], i1>
    triton.return
  }
  func.func @forward(%0: !loop.buffer<[8, 6], f32, strides [6, 1]>, %1: !loop.buffer<[6, 8], f32, strides [8, 1]>) -> !loop.buffer<[6, 8], f32, strides [8, 1]> {
    %2 = kernel.alloc : !loop.buffer<[6, 8], f32, strides [8, 1]>
    kernel.launch @triton_poi_mul_0(%0, %1) outs(%2) : (!loop.buffer<[8, 6], f32, strides [6, 1]>, !loop.buffer<[6, 8], f32, strides [8, 1]>) -> (!loop.buffer<[6, 8], f32, strides [8, 1]>)
    kernel.free %1 : !loop.buffer<[6, 8], f32, strides [8, 1]>
    kernel.free %0 : !loop.buffer<[8, 6], f32, strides [6, 1]>
    func.return %2 : !loop.buffer<[6, 8], f32, strides [8, 1]>
  }
}
