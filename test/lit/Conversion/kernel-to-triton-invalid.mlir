// Kernels convert-kernel-to-triton rejects, each with a diagnostic naming the kernel and what is wrong.
// RUN: irc-opt %s -p convert-kernel-to-triton --split-input-file --verify-diagnostics | filecheck %s
// RUN: not irc-opt %s -p 'convert-kernel-to-triton{index-bits=16}' --split-input-file 2>&1 | filecheck %s --check-prefix=BITS

// BITS: convert-kernel-to-triton: index_bits=16 must be one of 0, 32, 64

// CHECK: convert-kernel-to-triton: @k: loop.load 9*i0 - r0 + 8 of an internal buffer does not read the element its producer writes at the same position
kernel.kernel @k(%arg0: !loop.buffer<[3, 9], f32, strides [9, 1]>) -> (!loop.buffer<[3], f32, strides [1]>) persistent_reduction numel 3 rnumel 9 {xblock = 4, rblock = 16, num_warps = 4} {
  %0 = loop.pointwise ranges [3, 9] {
    %1 = loop.load %arg0[#loop.index<"9*i0 + i1">] : !loop.buffer<[3, 9], f32, strides [9, 1]>
    loop.yield %1 : f32
  } : !loop.buffer<[3, 9], f32, strides [9, 1]>
  %2 = loop.reduction sum ranges [3] reduce [9] {
    %3 = loop.load %0[#loop.index<"9*i0 - r0 + 8">] : !loop.buffer<[3, 9], f32, strides [9, 1]>
    loop.yield %3 : f32
  } : !loop.buffer<[3], f32, strides [1]>
  %4 = loop.pointwise ranges [3] {
    %5 = loop.load %2[#loop.index<"i0">] : !loop.buffer<[3], f32, strides [1]>
    loop.yield %5 : f32
  } : !loop.buffer<[3], f32, strides [1]>
  kernel.yield %4 : !loop.buffer<[3], f32, strides [1]>
}

// -----

// CHECK: convert-kernel-to-triton: @shifted: loop.load i0 + 1 of an internal buffer does not read the element its producer writes at the same position
kernel.kernel @shifted(%arg0: !loop.buffer<[4], f32, strides [1]>) -> (!loop.buffer<[3], f32, strides [1]>) pointwise numel 3 rnumel 1 {xblock = 4, num_warps = 4} {
  %0 = loop.pointwise ranges [3] {
    %1 = loop.load %arg0[#loop.index<"i0">] : !loop.buffer<[4], f32, strides [1]>
    loop.yield %1 : f32
  } : !loop.buffer<[3], f32, strides [1]>
  %2 = loop.pointwise ranges [3] {
    %3 = loop.load %0[#loop.index<"i0 + 1">] : !loop.buffer<[3], f32, strides [1]>
    loop.yield %3 : f32
  } : !loop.buffer<[3], f32, strides [1]>
  kernel.yield %2 : !loop.buffer<[3], f32, strides [1]>
}

// -----

// CHECK: kernel numel 3 rnumel 1 disagrees with its loop.pointwise over ranges [4]
kernel.kernel @misfit(%arg0: !loop.buffer<[4], f32, strides [1]>) -> (!loop.buffer<[4], f32, strides [1]>) pointwise numel 3 rnumel 1 {xblock = 4, num_warps = 4} {
  %0 = loop.pointwise ranges [4] {
    %1 = loop.load %arg0[#loop.index<"i0">] : !loop.buffer<[4], f32, strides [1]>
    loop.yield %1 : f32
  } : !loop.buffer<[4], f32, strides [1]>
  kernel.yield %0 : !loop.buffer<[4], f32, strides [1]>
}

// -----

// CHECK: kernel numel 3 rnumel 9 disagrees with its loop.reduction over ranges [3] reduce [8]
kernel.kernel @red_misfit(%arg0: !loop.buffer<[3, 9], f32, strides [9, 1]>) -> (!loop.buffer<[3], f32, strides [1]>) reduction numel 3 rnumel 9 {xblock = 4, rblock = 16, num_warps = 4} {
  %0 = loop.reduction sum ranges [3] reduce [8] {
    %1 = loop.load %arg0[#loop.index<"9*i0 + r0">] : !loop.buffer<[3, 9], f32, strides [9, 1]>
    loop.yield %1 : f32
  } : !loop.buffer<[3], f32, strides [1]>
  kernel.yield %0 : !loop.buffer<[3], f32, strides [1]>
}

// -----

// CHECK: convert-kernel-to-triton: @red_in_pointwise: pointwise kernel holds a loop.reduction
kernel.kernel @red_in_pointwise(%arg0: !loop.buffer<[3, 9], f32, strides [9, 1]>) -> (!loop.buffer<[3], f32, strides [1]>) pointwise numel 3 rnumel 1 {xblock = 4, num_warps = 4} {
  %0 = loop.reduction sum ranges [3] reduce [9] {
    %1 = loop.load %arg0[#loop.index<"9*i0 + r0">] : !loop.buffer<[3, 9], f32, strides [9, 1]>
    loop.yield %1 : f32
  } : !loop.buffer<[3], f32, strides [1]>
  kernel.yield %0 : !loop.buffer<[3], f32, strides [1]>
}

// -----

// CHECK: convert-kernel-to-triton: @x_reads_xr: an x-shaped loop.pointwise reads the xr-shaped result of another op
kernel.kernel @x_reads_xr(%arg0: !loop.buffer<[3, 9], f32, strides [9, 1]>) -> (!loop.buffer<[3], f32, strides [1]>) reduction numel 3 rnumel 9 {xblock = 4, rblock = 16, num_warps = 4} {
  %0 = loop.pointwise ranges [3, 9] {
    %1 = loop.load %arg0[#loop.index<"9*i0 + i1">] : !loop.buffer<[3, 9], f32, strides [9, 1]>
    loop.yield %1 : f32
  } : !loop.buffer<[3, 9], f32, strides [9, 1]>
  %2 = loop.pointwise ranges [3] {
    %3 = loop.load %0[#loop.index<"9*i0">] : !loop.buffer<[3, 9], f32, strides [9, 1]>
    loop.yield %3 : f32
  } : !loop.buffer<[3], f32, strides [1]>
  kernel.yield %2 : !loop.buffer<[3], f32, strides [1]>
}

// -----

// CHECK: convert-kernel-to-triton: @symbolic_persistent: a persistent reduction needs a static rnumel <= rblock (s0, 16)
kernel.kernel @symbolic_persistent(%arg0: !loop.buffer<[3, s0], f32, strides [s0, 1]>) -> (!loop.buffer<[3], f32, strides [1]>) persistent_reduction numel 3 rnumel s0 {xblock = 1, rblock = 16, num_warps = 4} {
  %0 = loop.reduction sum ranges [3] reduce [s0] {
    %1 = loop.load %arg0[#loop.index<"i0*s0 + r0">] : !loop.buffer<[3, s0], f32, strides [s0, 1]>
    loop.yield %1 : f32
  } : !loop.buffer<[3], f32, strides [1]>
  kernel.yield %0 : !loop.buffer<[3], f32, strides [1]>
}

// -----

// CHECK: convert-kernel-to-triton: cannot lower math.cbrt in a kernel body
kernel.kernel @unsupported(%arg0: !loop.buffer<[4], f32, strides [1]>) -> (!loop.buffer<[4], f32, strides [1]>) pointwise numel 4 rnumel 1 {xblock = 4, num_warps = 4} {
  %0 = loop.pointwise ranges [4] {
    %1 = loop.load %arg0[#loop.index<"i0">] : !loop.buffer<[4], f32, strides [1]>
    %2 = math.cbrt %1 : f32
    loop.yield %2 : f32
  } : !loop.buffer<[4], f32, strides [1]>
  kernel.yield %0 : !loop.buffer<[4], f32, strides [1]>
}

// -----

// CHECK: convert-kernel-to-triton: unsigned comparison ult of signed i32
kernel.kernel @unsigned(%arg0: !loop.buffer<[4], i32, strides [1]>) -> (!loop.buffer<[4], i1, strides [1]>) pointwise numel 4 rnumel 1 {xblock = 4, num_warps = 4} {
  %0 = loop.pointwise ranges [4] {
    %1 = loop.load %arg0[#loop.index<"i0">] : !loop.buffer<[4], i32, strides [1]>
    %2 = arith.cmpi ult, %1, %1 : i32
    loop.yield %2 : i1
  } : !loop.buffer<[4], i1, strides [1]>
  kernel.yield %0 : !loop.buffer<[4], i1, strides [1]>
}

// -----

// CHECK: convert-kernel-to-triton: @triton_tem_mm_1: the template is not tiled (no xblock, rblock, group_m, num_warps); run kernel-tile before convert-kernel-to-triton
kernel.kernel @triton_tem_mm_1(%arg0: !loop.buffer<[6, 8], f16, strides [8, 1]>, %arg1: !loop.buffer<[8, 4], f16, strides [1, 8]>) -> (!loop.buffer<[6, 4], f16, strides [4, 1]>) template numel 24 rnumel 1 {yblock = 32, num_stages = 3} {
  %c = kernel.matmul %arg0, %arg1 : (!loop.buffer<[6, 8], f16, strides [8, 1]>, !loop.buffer<[8, 4], f16, strides [1, 8]>) -> !loop.buffer<[6, 4], f16, strides [4, 1]>
  kernel.yield %c : !loop.buffer<[6, 4], f16, strides [4, 1]>
}

// -----

// CHECK: convert-kernel-to-triton: @store_internal: accesses a buffer that is neither a kernel input nor produced inside
kernel.kernel @store_internal(%arg0: !loop.buffer<[4], f32, strides [1]>) -> (!loop.buffer<[4], f32, strides [1]>) pointwise numel 4 rnumel 1 {xblock = 4, num_warps = 4} {
  %0 = loop.pointwise ranges [4] {
    %1 = loop.load %arg0[#loop.index<"i0">] : !loop.buffer<[4], f32, strides [1]>
    loop.yield %1 : f32
  } : !loop.buffer<[4], f32, strides [1]>
  loop.pointwise ranges [4] {
    %2 = loop.load %arg0[#loop.index<"i0">] : !loop.buffer<[4], f32, strides [1]>
    loop.store %2, %0[#loop.index<"i0">] : !loop.buffer<[4], f32, strides [1]>
    loop.yield
  }
  kernel.yield %0 : !loop.buffer<[4], f32, strides [1]>
}

// -----

// The lowering has no tiling defaults: a kernel that did not go through kernel-tile is rejected.
// CHECK: convert-kernel-to-triton: @untiled: the kernel is not tiled (no xblock, num_warps, rblock); run kernel-tile before convert-kernel-to-triton
kernel.kernel @untiled(%arg0: !loop.buffer<[3, 9], f32, strides [9, 1]>) -> (!loop.buffer<[3], f32, strides [1]>) reduction numel 3 rnumel 9 {
  %0 = loop.reduction sum ranges [3] reduce [9] {
    %1 = loop.load %arg0[#loop.index<"9*i0 + r0">] : !loop.buffer<[3, 9], f32, strides [9, 1]>
    loop.yield %1 : f32
  } : !loop.buffer<[3], f32, strides [1]>
  kernel.yield %0 : !loop.buffer<[3], f32, strides [1]>
}

// -----

// CHECK: convert-kernel-to-triton: @k: a template needs static sizes
kernel.kernel @k(%a: !loop.buffer<[s0, 8], f16, strides [8, 1]>, %b: !loop.buffer<[8, 4], f16, strides [4, 1]>) -> (!loop.buffer<[s0, 4], f16, strides [4, 1]>) template numel "4*s0" rnumel 1 {xblock = 16, yblock = 16, rblock = 16, group_m = 8, num_warps = 4} {
  %c = kernel.matmul %a, %b : (!loop.buffer<[s0, 8], f16, strides [8, 1]>, !loop.buffer<[8, 4], f16, strides [4, 1]>) -> !loop.buffer<[s0, 4], f16, strides [4, 1]>
  kernel.yield %c : !loop.buffer<[s0, 4], f16, strides [4, 1]>
}
