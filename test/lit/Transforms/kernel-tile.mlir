// RUN: irc-opt %s -p kernel-tile --split-input-file | filecheck %s
// RUN: irc-opt %s -p 'kernel-tile{autotune=true}' --split-input-file | filecheck %s --check-prefix=TUNE
// RUN: irc-opt %s -p 'kernel-tile{autotune=true max_autotune=false}' --split-input-file | filecheck %s --check-prefix=DEFAULT
// RUN: irc-opt %s -p 'kernel-tile{xblock=64 num_warps=2}' --split-input-file | filecheck %s --check-prefix=OPT
// RUN: irc-opt %s -p 'kernel-tile{persistent_max=8}' --split-input-file | filecheck %s --check-prefix=LOOPED
// RUN: irc-opt %s -p 'kernel-tile{rblock=8}' --split-input-file | filecheck %s --check-prefix=RBLOCK
// RUN: irc-opt %s -p 'kernel-tile,kernel-tile{persistent_max=0}' --split-input-file | filecheck %s --check-prefix=RETILE
// RUN: irc-opt %s -p "kernel-tile{tile2d=false}" --split-input-file | filecheck %s --check-prefix=FLAT
// RUN: irc-opt %s -p "kernel-tile{autotune=true},kernel-tile{tile2d=false}" --split-input-file | filecheck %s --check-prefix=FLAT
// RUN: not irc-opt %s --split-input-file -p 'kernel-tile{xblock=3}' 2>&1 | filecheck %s --check-prefix=ERR
// RUN: not irc-opt %s --split-input-file -p 'kernel-tile{persistent_max=-1}' 2>&1 | filecheck %s --check-prefix=ERR-MAX

// ERR: kernel-tile: xblock=3 must be 0 (heuristic) or a power of two
// ERR-MAX: kernel-tile: persistent_max=-1 must be non-negative

// Pointwise kernels: XBLOCK is the next power of two >= numel within [16, 1024]; 1024 for symbolic numel; 512
// with 8 warps for 2^20 elements or more loading 4-byte elements (f32, not f16).
kernel.kernel @neg_0(%arg0: !loop.buffer<[3], f32, strides [1]>) -> (!loop.buffer<[3], f32, strides [1]>) pointwise numel 3 rnumel 1 {
  %b = "test.op"(%arg0) : (!loop.buffer<[3], f32, strides [1]>) -> !loop.buffer<[3], f32, strides [1]>
  kernel.yield %b : !loop.buffer<[3], f32, strides [1]>
}
kernel.kernel @neg_1(%arg0: !loop.buffer<[300], f32, strides [1]>) -> (!loop.buffer<[300], f32, strides [1]>) pointwise numel 300 rnumel 1 {
  %b = "test.op"(%arg0) : (!loop.buffer<[300], f32, strides [1]>) -> !loop.buffer<[300], f32, strides [1]>
  kernel.yield %b : !loop.buffer<[300], f32, strides [1]>
}
kernel.kernel @neg_2(%arg0: !loop.buffer<[s0, 1000], f32, strides [1000, 1]>) -> (!loop.buffer<[s0, 1000], f32, strides [1000, 1]>) pointwise numel "1000*s0" rnumel 1 {
  %b = "test.op"(%arg0) : (!loop.buffer<[s0, 1000], f32, strides [1000, 1]>) -> !loop.buffer<[s0, 1000], f32, strides [1000, 1]>
  kernel.yield %b : !loop.buffer<[s0, 1000], f32, strides [1000, 1]>
}
kernel.kernel @neg_3(%arg0: !loop.buffer<[2097152], f32, strides [1]>) -> (!loop.buffer<[2097152], f32, strides [1]>) pointwise numel 2097152 rnumel 1 {
  %0 = loop.pointwise ranges [2097152] {
    %1 = loop.load %arg0[#loop.index<"i0">] : !loop.buffer<[2097152], f32, strides [1]>
    %2 = arith.negf %1 : f32
    loop.yield %2 : f32
  } : !loop.buffer<[2097152], f32, strides [1]>
  kernel.yield %0 : !loop.buffer<[2097152], f32, strides [1]>
}
kernel.kernel @neg_4(%arg0: !loop.buffer<[2097152], f16, strides [1]>) -> (!loop.buffer<[2097152], f16, strides [1]>) pointwise numel 2097152 rnumel 1 {
  %0 = loop.pointwise ranges [2097152] {
    %1 = loop.load %arg0[#loop.index<"i0">] : !loop.buffer<[2097152], f16, strides [1]>
    %2 = arith.negf %1 : f16
    loop.yield %2 : f16
  } : !loop.buffer<[2097152], f16, strides [1]>
  kernel.yield %0 : !loop.buffer<[2097152], f16, strides [1]>
}
func.func @pointwise(%x: !loop.buffer<[3], f32, strides [1]>) {
  %o = kernel.alloc : !loop.buffer<[3], f32, strides [1]>
  kernel.launch @neg_0(%x) outs(%o) : (!loop.buffer<[3], f32, strides [1]>) -> (!loop.buffer<[3], f32, strides [1]>)
  func.return
}

// CHECK:       kernel.kernel @neg_0({{.*}} pointwise numel 3 rnumel 1 {xblock = 16, num_warps = 4} {
// CHECK:       kernel.kernel @neg_1({{.*}} pointwise numel 300 rnumel 1 {xblock = 512, num_warps = 4} {
// CHECK:       kernel.kernel @neg_2({{.*}} pointwise numel "1000*s0" rnumel 1 {xblock = 1024, num_warps = 4} {
// CHECK:       kernel.kernel @neg_3({{.*}} pointwise numel 2097152 rnumel 1 {xblock = 512, num_warps = 8} {
// CHECK:       kernel.kernel @neg_4({{.*}} pointwise numel 2097152 rnumel 1 {xblock = 1024, num_warps = 4} {
// 1-D pointwise candidates: num_warps, then wider blocks (more bytes in flight), none wider than the extent;
// without max-autotune (DEFAULT) only 2-D tiles of transposes, long rows and short persistent rows keep theirs.
// TUNE:        kernel.kernel @neg_1({{.*}} {xblock = 512, num_warps = 4, configs = [{xblock = 512, num_warps = 4}, {xblock = 512, num_warps = 8}]} {
// DEFAULT:     kernel.kernel @neg_1({{.*}} {xblock = 512, num_warps = 4, configs = [{xblock = 512, num_warps = 4}]} {
// TUNE:        kernel.kernel @neg_2({{.*}} {xblock = 1024, num_warps = 4, configs = [{xblock = 1024, num_warps = 4}, {xblock = 1024, num_warps = 8}, {xblock = 2048, num_warps = 4}, {xblock = 2048, num_warps = 8}, {xblock = 4096, num_warps = 8}, {xblock = 512, num_warps = 4}]} {
// CHECK-LABEL: func.func @pointwise
// CHECK:         kernel.launch @neg_0(%x) outs(%o)
// OPT:         kernel.kernel @neg_0({{.*}} pointwise numel 3 rnumel 1 {xblock = 64, num_warps = 2} {
// OPT:         kernel.kernel @neg_1({{.*}} pointwise numel 300 rnumel 1 {xblock = 64, num_warps = 2} {
// OPT:         kernel.kernel @neg_2({{.*}} pointwise numel "1000*s0" rnumel 1 {xblock = 64, num_warps = 2} {
// OPT-LABEL:   func.func @pointwise

// -----

// A small static rnumel makes a persistent reduction (renamed red -> per, launches too): RBLOCK = next power
// of two >= rnumel, XBLOCK * RBLOCK <= 4096 and XBLOCK <= next power of two >= numel.
kernel.kernel @fused_add_sum_0(%arg0: !loop.buffer<[3, 9], f32, strides [9, 1]>) -> (!loop.buffer<[3], f32, strides [1]>) reduction numel 3 rnumel 9 {
  %b = "test.op"(%arg0) : (!loop.buffer<[3, 9], f32, strides [9, 1]>) -> !loop.buffer<[3], f32, strides [1]>
  kernel.yield %b : !loop.buffer<[3], f32, strides [1]>
}
kernel.kernel @sum_1(%arg0: !loop.buffer<[5000, 100], f32, strides [100, 1]>) -> (!loop.buffer<[5000], f32, strides [1]>) reduction numel 5000 rnumel 100 {
  %b = "test.op"(%arg0) : (!loop.buffer<[5000, 100], f32, strides [100, 1]>) -> !loop.buffer<[5000], f32, strides [1]>
  kernel.yield %b : !loop.buffer<[5000], f32, strides [1]>
}
func.func @persistent(%x: !loop.buffer<[3, 9], f32, strides [9, 1]>) -> !loop.buffer<[3], f32, strides [1]> {
  %o = kernel.alloc : !loop.buffer<[3], f32, strides [1]>
  kernel.launch @fused_add_sum_0(%x) outs(%o) : (!loop.buffer<[3, 9], f32, strides [9, 1]>) -> (!loop.buffer<[3], f32, strides [1]>)
  func.return %o : !loop.buffer<[3], f32, strides [1]>
}

// CHECK:       kernel.kernel @fused_add_sum_0({{.*}} persistent_reduction numel 3 rnumel 9 {xblock = 4, rblock = 16, num_warps = 2} {
// CHECK:       kernel.kernel @sum_1({{.*}} persistent_reduction numel 5000 rnumel 100 {xblock = 32, rblock = 128, num_warps = 8} {
// CHECK-LABEL: func.func @persistent
// CHECK-NEXT:    %o = kernel.alloc
// CHECK-NEXT:    kernel.launch @fused_add_sum_0(%x) outs(%o)
// LOOPED:      kernel.kernel @fused_add_sum_0({{.*}} reduction numel 3 rnumel 9 {xblock = 4, rblock = 16, num_warps = 2} {
// LOOPED-LABEL: func.func @persistent
// LOOPED:        kernel.launch @fused_add_sum_0(%x)
// RBLOCK:      kernel.kernel @fused_add_sum_0({{.*}} reduction numel 3 rnumel 9 {xblock = 4, rblock = 8, num_warps = 2} {
// RETILE:      kernel.kernel @fused_add_sum_0({{.*}} reduction numel 3 rnumel 9 {xblock = 4, rblock = 16, num_warps = 2} {
// RETILE-LABEL: func.func @persistent
// RETILE:        kernel.launch @fused_add_sum_0(%x)

// -----

// Large or symbolic rnumel: a looped reduction, RBLOCK 2048, XBLOCK 1; a template kernel gets GEMM tiles cut to
// its sizes (BLOCK_M = yblock, BLOCK_N = xblock, BLOCK_K = rblock, at least 16).
kernel.kernel @sum_0(%arg0: !loop.buffer<[8, 5000], f32, strides [5000, 1]>) -> (!loop.buffer<[8], f32, strides [1]>) reduction numel 8 rnumel 5000 {
  %b = "test.op"(%arg0) : (!loop.buffer<[8, 5000], f32, strides [5000, 1]>) -> !loop.buffer<[8], f32, strides [1]>
  kernel.yield %b : !loop.buffer<[8], f32, strides [1]>
}
kernel.kernel @sum_1(%arg0: !loop.buffer<[8, s0], f32, strides [s0, 1]>) -> (!loop.buffer<[8], f32, strides [1]>) reduction numel 8 rnumel s0 {
  %b = "test.op"(%arg0) : (!loop.buffer<[8, s0], f32, strides [s0, 1]>) -> !loop.buffer<[8], f32, strides [1]>
  kernel.yield %b : !loop.buffer<[8], f32, strides [1]>
}
kernel.kernel @triton_tem_mm_2(%arg0: !loop.buffer<[6, 8], f16, strides [8, 1]>, %arg1: !loop.buffer<[8, 4], f16, strides [1, 8]>) -> (!loop.buffer<[6, 4], f16, strides [4, 1]>) template numel 24 rnumel 1 {
  %c = kernel.matmul %arg0, %arg1 : (!loop.buffer<[6, 8], f16, strides [8, 1]>, !loop.buffer<[8, 4], f16, strides [1, 8]>) -> !loop.buffer<[6, 4], f16, strides [4, 1]>
  kernel.yield %c : !loop.buffer<[6, 4], f16, strides [4, 1]>
}
func.func @looped() {
  func.return
}

// CHECK:       kernel.kernel @sum_0({{.*}} reduction numel 8 rnumel 5000 {xblock = 1, rblock = 2048, num_warps = 8} {
// CHECK:       kernel.kernel @sum_1({{.*}} reduction numel 8 rnumel s0 {xblock = 1, rblock = 2048, num_warps = 8} {
// CHECK:       kernel.kernel @triton_tem_mm_2({{.*}}) template numel 24 rnumel 1 {xblock = 16, yblock = 16, rblock = 16, num_warps = 1, num_stages = 3, group_m = 8} {
// CHECK-LABEL: func.func @looped

// -----

// Rows up to 4096 wide are persistent (one row in registers); outer reductions (loads contiguous along x, as
// in a column sum) take 64-wide x blocks and 8-long r blocks, or the whole r range when it is at most 32; over
// few columns (300 here) narrower x blocks, at least 32 programs, and r blocks as much longer. A persistent row
// sum of f32 takes a warp per 128 elements (16 here), one of f16 a warp per 512 (8).
kernel.kernel @sum_0(%arg0: !loop.buffer<[64, 4096], f32, strides [4096, 1]>) -> (!loop.buffer<[64], f32, strides [1]>) reduction numel 64 rnumel 4096 {
  %0 = loop.reduction sum ranges [64] reduce [4096] {
    %1 = loop.load %arg0[#loop.index<"4096*i0 + r0">] : !loop.buffer<[64, 4096], f32, strides [4096, 1]>
    loop.yield %1 : f32
  } : !loop.buffer<[64], f32, strides [1]>
  kernel.yield %0 : !loop.buffer<[64], f32, strides [1]>
}
kernel.kernel @sum_1(%arg0: !loop.buffer<[1000, 300], f32, strides [300, 1]>) -> (!loop.buffer<[300], f32, strides [1]>) reduction numel 300 rnumel 1000 {
  %0 = loop.reduction sum ranges [300] reduce [1000] {
    %1 = loop.load %arg0[#loop.index<"i0 + 300*r0">] : !loop.buffer<[1000, 300], f32, strides [300, 1]>
    loop.yield %1 : f32
  } : !loop.buffer<[300], f32, strides [1]>
  kernel.yield %0 : !loop.buffer<[300], f32, strides [1]>
}
kernel.kernel @sum_2(%arg0: !loop.buffer<[20, 300], f32, strides [300, 1]>) -> (!loop.buffer<[300], f32, strides [1]>) reduction numel 300 rnumel 20 {
  %0 = loop.reduction sum ranges [300] reduce [20] {
    %1 = loop.load %arg0[#loop.index<"i0 + 300*r0">] : !loop.buffer<[20, 300], f32, strides [300, 1]>
    loop.yield %1 : f32
  } : !loop.buffer<[300], f32, strides [1]>
  kernel.yield %0 : !loop.buffer<[300], f32, strides [1]>
}
kernel.kernel @sum_3(%arg0: !loop.buffer<[64, 4096], f16, strides [4096, 1]>) -> (!loop.buffer<[64], f32, strides [1]>) reduction numel 64 rnumel 4096 {
  %0 = loop.reduction sum ranges [64] reduce [4096] {
    %1 = loop.load %arg0[#loop.index<"4096*i0 + r0">] : !loop.buffer<[64, 4096], f16, strides [4096, 1]>
    %2 = arith.extf %1 : f16 to f32
    loop.yield %2 : f32
  } : !loop.buffer<[64], f32, strides [1]>
  kernel.yield %0 : !loop.buffer<[64], f32, strides [1]>
}
func.func @orientation() {
  func.return
}

// CHECK:       kernel.kernel @sum_0({{.*}} persistent_reduction numel 64 rnumel 4096 {xblock = 1, rblock = 4096, num_warps = 16} {
// CHECK:       kernel.kernel @sum_1({{.*}} reduction numel 300 rnumel 1000 {xblock = 16, rblock = 32, num_warps = 4} {
// CHECK:       kernel.kernel @sum_2({{.*}} persistent_reduction numel 300 rnumel 20 {xblock = 64, rblock = 32, num_warps = 8} {
// CHECK:       kernel.kernel @sum_3({{.*}} persistent_reduction numel 64 rnumel 4096 {xblock = 1, rblock = 4096, num_warps = 8} {
// CHECK-LABEL: func.func @orientation

// Autotune candidates keep XBLOCK (the grid); persistent ones keep RBLOCK (the whole row), looped ones vary it.
// Persistent candidates keep the row (RBLOCK) and vary num_warps and the rows per program (at most 8192 elements).
// TUNE:       kernel.kernel @sum_0({{.*}} {xblock = 1, rblock = 4096, num_warps = 16, configs = [{xblock = 1, num_warps = 16, rblock = 4096}, {xblock = 1, num_warps = 4, rblock = 4096}, {xblock = 1, num_warps = 8, rblock = 4096}, {xblock = 2, num_warps = 4, rblock = 4096}, {xblock = 2, num_warps = 8, rblock = 4096}, {xblock = 2, num_warps = 16, rblock = 4096}]} {
// DEFAULT:     kernel.kernel @sum_0({{.*}} {xblock = 1, rblock = 4096, num_warps = 16, configs = [{xblock = 1, num_warps = 16, rblock = 4096}]} {
// An outer reduction (@sum_1, a column sum over 1000 rows) tries other tile shapes, in the default mode too.
// TUNE:       kernel.kernel @sum_1({{.*}} {xblock = 16, rblock = 32, num_warps = 4, configs = [{xblock = 16, num_warps = 4, rblock = 32}, {xblock = 64, num_warps = 8, rblock = 32}, {xblock = 64, num_warps = 8, rblock = 64}, {xblock = 32, num_warps = 4, rblock = 64}, {xblock = 128, num_warps = 8, rblock = 16}, {xblock = 16, num_warps = 4, rblock = 64}, {xblock = 32, num_warps = 4, rblock = 32}]} {
// DEFAULT:     kernel.kernel @sum_1({{.*}} {xblock = 16, rblock = 32, num_warps = 4, configs = [{xblock = 16, num_warps = 4, rblock = 32}, {xblock = 64, num_warps = 8, rblock = 32}, {xblock = 64, num_warps = 8, rblock = 64}, {xblock = 32, num_warps = 4, rblock = 64}, {xblock = 128, num_warps = 8, rblock = 16}, {xblock = 16, num_warps = 4, rblock = 64}, {xblock = 32, num_warps = 4, rblock = 32}]} {

// -----

// 2-D tiles: the transposed read (stride 1 along i0) and the write (stride 1 along i1) each move a third of
// the bytes, so the dims split into y = [37] and x = [131]; symbolic sizes split the same way. Re-tiling with
// tile2d=false drops ynumel and yblock.
kernel.kernel @add_0(%arg0: !loop.buffer<[131, 37], f32, strides [37, 1]>, %arg1: !loop.buffer<[37, 131], f32, strides [131, 1]>) -> (!loop.buffer<[37, 131], f32, strides [131, 1]>) pointwise numel 4847 rnumel 1 {
  %0 = loop.pointwise ranges [37, 131] {
    %1 = loop.load %arg0[#loop.index<"i0 + 37*i1">] : !loop.buffer<[131, 37], f32, strides [37, 1]>
    %2 = loop.load %arg1[#loop.index<"131*i0 + i1">] : !loop.buffer<[37, 131], f32, strides [131, 1]>
    %3 = arith.addf %1, %2 : f32
    loop.yield %3 : f32
  } : !loop.buffer<[37, 131], f32, strides [131, 1]>
  kernel.yield %0 : !loop.buffer<[37, 131], f32, strides [131, 1]>
}
kernel.kernel @add_1(%arg0: !loop.buffer<[s1, s0], f32, strides [s0, 1]>) -> (!loop.buffer<[s0, s1], f32, strides [s1, 1]>) pointwise numel "s0*s1" rnumel 1 {
  %0 = loop.pointwise ranges [s0, s1] {
    %1 = loop.load %arg0[#loop.index<"i0 + s0*i1">] : !loop.buffer<[s1, s0], f32, strides [s0, 1]>
    loop.yield %1 : f32
  } : !loop.buffer<[s0, s1], f32, strides [s1, 1]>
  kernel.yield %0 : !loop.buffer<[s0, s1], f32, strides [s1, 1]>
}
kernel.kernel @mul_2(%arg0: !loop.buffer<[4, 37, 6, 50], f16, strides [11100, 300, 50, 1]>) -> (!loop.buffer<[4, 6, 50, 37], f16, strides [11100, 1850, 37, 1]>) pointwise numel 44400 rnumel 1 {
  %0 = loop.pointwise ranges [4, 6, 50, 37] {
    %1 = loop.load %arg0[#loop.index<"11100*i0 + 50*i1 + i2 + 300*i3">] : !loop.buffer<[4, 37, 6, 50], f16, strides [11100, 300, 50, 1]>
    loop.yield %1 : f16
  } : !loop.buffer<[4, 6, 50, 37], f16, strides [11100, 1850, 37, 1]>
  kernel.yield %0 : !loop.buffer<[4, 6, 50, 37], f16, strides [11100, 1850, 37, 1]>
}
kernel.kernel @mul_3(%arg0: !loop.buffer<[12, 512, 512], i1, strides [262144, 512, 1]>, %arg1: !loop.buffer<[12, 512, 512], f32, strides [262144, 512, 1]>) -> (!loop.buffer<[12, 512, 512], bf16, strides [262144, 1, 512]>) pointwise numel 3145728 rnumel 1 {
  %0 = loop.pointwise ranges [12, 512, 512] {
    %1 = loop.load %arg0[#loop.index<"262144*i0 + i1 + 512*i2">] : !loop.buffer<[12, 512, 512], i1, strides [262144, 512, 1]>
    %2 = loop.cast %1 : i1 to f32
    %3 = loop.load %arg1[#loop.index<"262144*i0 + i1 + 512*i2">] : !loop.buffer<[12, 512, 512], f32, strides [262144, 512, 1]>
    %4 = arith.mulf %2, %3 : f32
    %5 = loop.cast %4 : f32 to bf16
    loop.yield %5 : bf16
  } : !loop.buffer<[12, 512, 512], bf16, strides [262144, 1, 512]>
  kernel.yield %0 : !loop.buffer<[12, 512, 512], bf16, strides [262144, 1, 512]>
}
kernel.kernel @fused_var_mean_epilogue_4(%arg0: !loop.buffer<[8, 32, 56, 56], bf16, strides [100352, 1, 1792, 32]>, %arg1: !loop.buffer<[32], f32, strides [1]>, %arg2: !loop.buffer<[32], f32, strides [1]>) -> (!loop.buffer<[32, 25088], bf16, strides [1, 32]>) pointwise numel 802816 rnumel 1 {
  %0 = loop.pointwise ranges [32, 25088] {
    %1 = loop.load %arg0[#loop.index<"i0 + 32*i1">] : !loop.buffer<[8, 32, 56, 56], bf16, strides [100352, 1, 1792, 32]>
    %2 = loop.cast %1 : bf16 to f32
    %3 = loop.load %arg1[#loop.index<"i0">] : !loop.buffer<[32], f32, strides [1]>
    %4 = loop.load %arg2[#loop.index<"i0">] : !loop.buffer<[32], f32, strides [1]>
    %5 = arith.subf %2, %3 : f32
    %6 = arith.mulf %5, %4 : f32
    %7 = loop.cast %6 : f32 to bf16
    loop.yield %7 : bf16
  } : !loop.buffer<[32, 25088], bf16, strides [1, 32]>
  kernel.yield %0 : !loop.buffer<[32, 25088], bf16, strides [1, 32]>
}
func.func @tiles() {
  func.return
}

// CHECK:       kernel.kernel @add_0({{.*}} pointwise numel 4847 rnumel 1 ynumel 37 {xblock = 64, yblock = 64, num_warps = 8} {
// CHECK:       kernel.kernel @add_1({{.*}} pointwise numel "s0*s1" rnumel 1 ynumel s0 {xblock = 64, yblock = 64, num_warps = 8} {
// CHECK:       kernel.kernel @mul_2({{.*}} pointwise numel 44400 rnumel 1 ynumel 1200 {xblock = 64, yblock = 64, num_warps = 8} {
// Every access contiguous along the middle dim (an elementwise op over a transposed view, its result laid out
// as its inputs): 2-D tiles too, the blocks' runs along y.
// CHECK:       kernel.kernel @mul_3({{.*}} pointwise numel 3145728 rnumel 1 ynumel 6144 {xblock = 64, yblock = 64, num_warps = 8} {
// A batch norm's normalization split off its channels_last statistics: [channels, positions] read along the
// channels; the per-channel statistics (one element per row) do not count against the strided share.
// CHECK:       kernel.kernel @fused_var_mean_epilogue_4({{.*}} pointwise numel 802816 rnumel 1 ynumel 32 {xblock = 64, yblock = 32, num_warps = 8} {
// CHECK-LABEL: func.func @tiles
// 2-D candidates also vary the tile shape, never wider than the dim a side covers (37 rows: yblock <= 64).
// TUNE:        kernel.kernel @add_0({{.*}} ynumel 37 {xblock = 64, yblock = 64, num_warps = 8, configs = [{xblock = 64, yblock = 64, num_warps = 8}, {xblock = 64, yblock = 64, num_warps = 4}, {xblock = 32, yblock = 32, num_warps = 4}, {xblock = 128, yblock = 32, num_warps = 4}, {xblock = 256, yblock = 16, num_warps = 8}]} {
// DEFAULT:     kernel.kernel @add_0({{.*}} ynumel 37 {xblock = 64, yblock = 64, num_warps = 8, configs = [{xblock = 64, yblock = 64, num_warps = 8}, {xblock = 64, yblock = 64, num_warps = 4}, {xblock = 32, yblock = 32, num_warps = 4}, {xblock = 128, yblock = 32, num_warps = 4}, {xblock = 256, yblock = 16, num_warps = 8}]} {
// FLAT:        kernel.kernel @add_0({{.*}} pointwise numel 4847 rnumel 1 {xblock = 1024, num_warps = 4} {
// FLAT:        kernel.kernel @add_1({{.*}} pointwise numel "s0*s1" rnumel 1 {xblock = 1024, num_warps = 4} {
// FLAT:        kernel.kernel @mul_2({{.*}} pointwise numel 44400 rnumel 1 {xblock = 1024, num_warps = 4} {

// -----

// Wide 2-D tiles where an input is broadcast along the leading dims (a bias: index i1, i2) or the trailing
// ones (row statistics: 37*i0 + i1 over [8, 37, 768]): x = the contiguous dims behind the split, XBLOCK the
// widest of 1024/512/256/128 that wastes at most 1/8 of its lanes (768: 256), YBLOCK = 4096 // XBLOCK rows.
// Symbolic y sizes split too; a symbolic x extent (s0), one below 256 or a ragged one (257) stays 1-D.
kernel.kernel @add_0(%arg0: !loop.buffer<[16384, 4096], f16, strides [4096, 1]>, %arg1: !loop.buffer<[4096], f16, strides [1]>) -> (!loop.buffer<[16384, 4096], f16, strides [4096, 1]>) pointwise numel 67108864 rnumel 1 {
  %0 = loop.pointwise ranges [16384, 4096] {
    %1 = loop.load %arg0[#loop.index<"4096*i0 + i1">] : !loop.buffer<[16384, 4096], f16, strides [4096, 1]>
    %2 = loop.load %arg1[#loop.index<"i1">] : !loop.buffer<[4096], f16, strides [1]>
    %3 = arith.addf %1, %2 : f16
    loop.yield %3 : f16
  } : !loop.buffer<[16384, 4096], f16, strides [4096, 1]>
  kernel.yield %0 : !loop.buffer<[16384, 4096], f16, strides [4096, 1]>
}
kernel.kernel @sub_1(%arg0: !loop.buffer<[8, 37, 768], f32, strides [28416, 768, 1]>, %arg1: !loop.buffer<[8, 37], f32, strides [37, 1]>) -> (!loop.buffer<[8, 37, 768], f32, strides [28416, 768, 1]>) pointwise numel 227328 rnumel 1 {
  %0 = loop.pointwise ranges [8, 37, 768] {
    %1 = loop.load %arg0[#loop.index<"28416*i0 + 768*i1 + i2">] : !loop.buffer<[8, 37, 768], f32, strides [28416, 768, 1]>
    %2 = loop.load %arg1[#loop.index<"37*i0 + i1">] : !loop.buffer<[8, 37], f32, strides [37, 1]>
    %3 = arith.subf %1, %2 : f32
    loop.yield %3 : f32
  } : !loop.buffer<[8, 37, 768], f32, strides [28416, 768, 1]>
  kernel.yield %0 : !loop.buffer<[8, 37, 768], f32, strides [28416, 768, 1]>
}
kernel.kernel @add_2(%arg0: !loop.buffer<[s0, 1024], f32, strides [1024, 1]>, %arg1: !loop.buffer<[1024], f32, strides [1]>) -> (!loop.buffer<[s0, 1024], f32, strides [1024, 1]>) pointwise numel "1024*s0" rnumel 1 {
  %0 = loop.pointwise ranges [s0, 1024] {
    %1 = loop.load %arg0[#loop.index<"1024*i0 + i1">] : !loop.buffer<[s0, 1024], f32, strides [1024, 1]>
    %2 = loop.load %arg1[#loop.index<"i1">] : !loop.buffer<[1024], f32, strides [1]>
    %3 = arith.addf %1, %2 : f32
    loop.yield %3 : f32
  } : !loop.buffer<[s0, 1024], f32, strides [1024, 1]>
  kernel.yield %0 : !loop.buffer<[s0, 1024], f32, strides [1024, 1]>
}
kernel.kernel @add_3(%arg0: !loop.buffer<[64, s0], f32, strides [s0, 1]>, %arg1: !loop.buffer<[s0], f32, strides [1]>) -> (!loop.buffer<[64, s0], f32, strides [s0, 1]>) pointwise numel "64*s0" rnumel 1 {
  %0 = loop.pointwise ranges [64, s0] {
    %1 = loop.load %arg0[#loop.index<"s0*i0 + i1">] : !loop.buffer<[64, s0], f32, strides [s0, 1]>
    %2 = loop.load %arg1[#loop.index<"i1">] : !loop.buffer<[s0], f32, strides [1]>
    %3 = arith.addf %1, %2 : f32
    loop.yield %3 : f32
  } : !loop.buffer<[64, s0], f32, strides [s0, 1]>
  kernel.yield %0 : !loop.buffer<[64, s0], f32, strides [s0, 1]>
}
kernel.kernel @add_4(%arg0: !loop.buffer<[64, 257], f32, strides [257, 1]>, %arg1: !loop.buffer<[257], f32, strides [1]>) -> (!loop.buffer<[64, 257], f32, strides [257, 1]>) pointwise numel 16448 rnumel 1 {
  %0 = loop.pointwise ranges [64, 257] {
    %1 = loop.load %arg0[#loop.index<"257*i0 + i1">] : !loop.buffer<[64, 257], f32, strides [257, 1]>
    %2 = loop.load %arg1[#loop.index<"i1">] : !loop.buffer<[257], f32, strides [1]>
    %3 = arith.addf %1, %2 : f32
    loop.yield %3 : f32
  } : !loop.buffer<[64, 257], f32, strides [257, 1]>
  kernel.yield %0 : !loop.buffer<[64, 257], f32, strides [257, 1]>
}
func.func @wide_tiles() {
  func.return
}

// CHECK:       kernel.kernel @add_0({{.*}} pointwise numel 67108864 rnumel 1 ynumel 16384 {xblock = 1024, yblock = 4, num_warps = 4} {
// CHECK:       kernel.kernel @sub_1({{.*}} pointwise numel 227328 rnumel 1 ynumel 296 {xblock = 256, yblock = 16, num_warps = 4} {
// CHECK:       kernel.kernel @add_2({{.*}} pointwise numel "1024*s0" rnumel 1 ynumel s0 {xblock = 1024, yblock = 4, num_warps = 4} {
// CHECK:       kernel.kernel @add_3({{.*}} pointwise numel "64*s0" rnumel 1 {xblock = 1024, num_warps = 4} {
// CHECK:       kernel.kernel @add_4({{.*}} pointwise numel 16448 rnumel 1 {xblock = 1024, num_warps = 4} {
// CHECK-LABEL: func.func @wide_tiles
// Wide candidates vary the shape around 4096 elements, never wider than a side's extent (768: xblock <= 1024).
// TUNE:        kernel.kernel @add_0({{.*}} ynumel 16384 {xblock = 1024, yblock = 4, num_warps = 4, configs = [{xblock = 1024, yblock = 4, num_warps = 4}, {xblock = 1024, yblock = 4, num_warps = 8}, {xblock = 2048, yblock = 4, num_warps = 8}, {xblock = 2048, yblock = 2, num_warps = 8}, {xblock = 4096, yblock = 1, num_warps = 8}, {xblock = 512, yblock = 8, num_warps = 4}, {xblock = 256, yblock = 16, num_warps = 4}, {xblock = 1024, yblock = 2, num_warps = 4}]} {
// DEFAULT:     kernel.kernel @add_0({{.*}} ynumel 16384 {xblock = 1024, yblock = 4, num_warps = 4, configs = [{xblock = 1024, yblock = 4, num_warps = 4}]} {
// TUNE:        kernel.kernel @sub_1({{.*}} ynumel 296 {xblock = 256, yblock = 16, num_warps = 4, configs = [{xblock = 256, yblock = 16, num_warps = 4}, {xblock = 256, yblock = 16, num_warps = 8}, {xblock = 512, yblock = 8, num_warps = 4}, {xblock = 1024, yblock = 2, num_warps = 4}]} {
// FLAT:        kernel.kernel @add_0({{.*}} pointwise numel 67108864 rnumel 1 {xblock = 1024, num_warps = 4} {

// -----

// 1-D tiles stay where every big access is contiguous along the innermost dim (a permute keeping it; a
// broadcast column), where the strided read is a small part of the bytes, its contiguous run is short
// (3 elements), or the kernel is small.
kernel.kernel @mul_0(%arg0: !loop.buffer<[3, 37, 5, 17], f16, strides [3145, 85, 17, 1]>) -> (!loop.buffer<[3, 5, 37, 17], f16, strides [3145, 629, 17, 1]>) pointwise numel 9435 rnumel 1 {
  %0 = loop.pointwise ranges [3, 5, 37, 17] {
    %1 = loop.load %arg0[#loop.index<"3145*i0 + 17*i1 + 85*i2 + i3">] : !loop.buffer<[3, 37, 5, 17], f16, strides [3145, 85, 17, 1]>
    loop.yield %1 : f16
  } : !loop.buffer<[3, 5, 37, 17], f16, strides [3145, 629, 17, 1]>
  kernel.yield %0 : !loop.buffer<[3, 5, 37, 17], f16, strides [3145, 629, 17, 1]>
}
kernel.kernel @add_1(%arg0: !loop.buffer<[64, 100], f32, strides [100, 1]>, %arg1: !loop.buffer<[64], f32, strides [1]>) -> (!loop.buffer<[64, 100], f32, strides [100, 1]>) pointwise numel 6400 rnumel 1 {
  %0 = loop.pointwise ranges [64, 100] {
    %1 = loop.load %arg0[#loop.index<"100*i0 + i1">] : !loop.buffer<[64, 100], f32, strides [100, 1]>
    %2 = loop.load %arg1[#loop.index<"i0">] : !loop.buffer<[64], f32, strides [1]>
    %3 = arith.addf %1, %2 : f32
    loop.yield %3 : f32
  } : !loop.buffer<[64, 100], f32, strides [100, 1]>
  kernel.yield %0 : !loop.buffer<[64, 100], f32, strides [100, 1]>
}
kernel.kernel @add_2(%arg0: !loop.buffer<[64, 100], f32, strides [100, 1]>, %arg1: !loop.buffer<[64, 100], f32, strides [100, 1]>, %arg2: !loop.buffer<[64, 100], f32, strides [100, 1]>, %arg3: !loop.buffer<[100, 64], f16, strides [64, 1]>) -> (!loop.buffer<[64, 100], f32, strides [100, 1]>) pointwise numel 6400 rnumel 1 {
  %0 = loop.pointwise ranges [64, 100] {
    %1 = loop.load %arg0[#loop.index<"100*i0 + i1">] : !loop.buffer<[64, 100], f32, strides [100, 1]>
    %2 = loop.load %arg1[#loop.index<"100*i0 + i1">] : !loop.buffer<[64, 100], f32, strides [100, 1]>
    %3 = loop.load %arg2[#loop.index<"100*i0 + i1">] : !loop.buffer<[64, 100], f32, strides [100, 1]>
    %4 = loop.load %arg3[#loop.index<"i0 + 64*i1">] : !loop.buffer<[100, 64], f16, strides [64, 1]>
    %5 = arith.addf %1, %2 : f32
    %6 = arith.addf %5, %3 : f32
    %7 = arith.extf %4 : f16 to f32
    %8 = arith.addf %6, %7 : f32
    loop.yield %8 : f32
  } : !loop.buffer<[64, 100], f32, strides [100, 1]>
  kernel.yield %0 : !loop.buffer<[64, 100], f32, strides [100, 1]>
}
kernel.kernel @neg_3(%arg0: !loop.buffer<[1000, 3], f32, strides [3, 1]>) -> (!loop.buffer<[3, 1000], f32, strides [1000, 1]>) pointwise numel 3000 rnumel 1 {
  %0 = loop.pointwise ranges [3, 1000] {
    %1 = loop.load %arg0[#loop.index<"i0 + 3*i1">] : !loop.buffer<[1000, 3], f32, strides [3, 1]>
    loop.yield %1 : f32
  } : !loop.buffer<[3, 1000], f32, strides [1000, 1]>
  kernel.yield %0 : !loop.buffer<[3, 1000], f32, strides [1000, 1]>
}
kernel.kernel @neg_4(%arg0: !loop.buffer<[20, 20], f32, strides [20, 1]>) -> (!loop.buffer<[20, 20], f32, strides [20, 1]>) pointwise numel 400 rnumel 1 {
  %0 = loop.pointwise ranges [20, 20] {
    %1 = loop.load %arg0[#loop.index<"i0 + 20*i1">] : !loop.buffer<[20, 20], f32, strides [20, 1]>
    loop.yield %1 : f32
  } : !loop.buffer<[20, 20], f32, strides [20, 1]>
  kernel.yield %0 : !loop.buffer<[20, 20], f32, strides [20, 1]>
}
func.func @no_tiles() {
  func.return
}

// CHECK:       kernel.kernel @mul_0({{.*}} pointwise numel 9435 rnumel 1 {xblock = 1024, num_warps = 4} {
// CHECK:       kernel.kernel @add_1({{.*}} pointwise numel 6400 rnumel 1 {xblock = 1024, num_warps = 4} {
// CHECK:       kernel.kernel @add_2({{.*}} pointwise numel 6400 rnumel 1 {xblock = 1024, num_warps = 4} {
// CHECK:       kernel.kernel @neg_3({{.*}} pointwise numel 3000 rnumel 1 {xblock = 1024, num_warps = 4} {
// CHECK:       kernel.kernel @neg_4({{.*}} pointwise numel 400 rnumel 1 {xblock = 512, num_warps = 4} {
// CHECK-LABEL: func.func @no_tiles

// -----

// Long rows one per program (looped, rnumel >= 16384): candidates try longer r blocks (up to 16384) and up to
// 32 warps, keeping 8 to 32 elements per thread.

kernel.kernel @amax_0(%a: !loop.buffer<[256, 131072], f16, strides [131072, 1]>) -> (!loop.buffer<[256], f16, strides [1]>) reduction numel 256 rnumel 131072 {
  %0 = loop.reduction max ranges [256] reduce [131072] {
    %1 = loop.load %a[#loop.index<"131072*i0 + r0">] : !loop.buffer<[256, 131072], f16, strides [131072, 1]>
    loop.yield %1 : f16
  } : !loop.buffer<[256], f16, strides [1]>
  kernel.yield %0 : !loop.buffer<[256], f16, strides [1]>
}

// CHECK:      kernel.kernel @amax_0({{.*}} reduction numel 256 rnumel 131072 {xblock = 1, rblock = 2048, num_warps = 8} {
// TUNE:       kernel.kernel @amax_0({{.*}} {xblock = 1, rblock = 2048, num_warps = 8, configs = [{xblock = 1, num_warps = 8, rblock = 2048}, {xblock = 1, num_warps = 8, rblock = 4096}, {xblock = 1, num_warps = 16, rblock = 4096}, {xblock = 1, num_warps = 8, rblock = 8192}, {xblock = 1, num_warps = 16, rblock = 8192}, {xblock = 1, num_warps = 32, rblock = 8192}, {xblock = 1, num_warps = 16, rblock = 16384}, {xblock = 1, num_warps = 32, rblock = 16384}]} {
// DEFAULT:     kernel.kernel @amax_0({{.*}} {xblock = 1, rblock = 2048, num_warps = 8, configs = [{xblock = 1, num_warps = 8, rblock = 2048}, {xblock = 1, num_warps = 8, rblock = 4096}, {xblock = 1, num_warps = 16, rblock = 4096}, {xblock = 1, num_warps = 8, rblock = 8192}, {xblock = 1, num_warps = 16, rblock = 8192}, {xblock = 1, num_warps = 32, rblock = 8192}, {xblock = 1, num_warps = 16, rblock = 16384}, {xblock = 1, num_warps = 32, rblock = 16384}]} {

// -----

// A column sum that also reads per-row vectors (a layer norm's weight gradient: g * (x - mean[r]) * rstd[r]) is
// an outer reduction: its [rows, columns] loads walk x contiguously, the vectors are the same for every x.
// CHECK: kernel.kernel @fused_mul_sub_sum_0({{.*}} reduction numel 300 rnumel 1000 {xblock = 16, rblock = 32, num_warps = 4} {
kernel.kernel @fused_mul_sub_sum_0(%arg0: !loop.buffer<[1000, 300], f32, strides [300, 1]>, %arg1: !loop.buffer<[1000], f32, strides [1]>) -> (!loop.buffer<[300], f32, strides [1]>) reduction numel 300 rnumel 1000 {
  %0 = loop.reduction sum ranges [300] reduce [1000] {
    %1 = loop.load %arg0[#loop.index<"i0 + 300*r0">] : !loop.buffer<[1000, 300], f32, strides [300, 1]>
    %2 = loop.load %arg1[#loop.index<"r0">] : !loop.buffer<[1000], f32, strides [1]>
    %3 = arith.subf %1, %2 : f32
    loop.yield %3 : f32
  } : !loop.buffer<[300], f32, strides [1]>
  kernel.yield %0 : !loop.buffer<[300], f32, strides [1]>
}
func.func @per_row_vector() {
  func.return
}

// -----

// A looped reduction over a symbolic rnumel takes the blocks of the size its graph was traced at (the host
// function's irc.size_hints): rows of 20 keys (an attention softmax under dynamic shapes) take RBLOCK 32 and
// 8 rows a program, not one 2048-wide row (the kernel loops over any other length).
// CHECK: kernel.kernel @amax_0({{.*}} reduction numel s1 rnumel s0 {xblock = 8, rblock = 32, num_warps = 2} {
kernel.kernel @amax_0(%a: !loop.buffer<[s1, s0], f32, strides [s0, 1]>) -> (!loop.buffer<[s1], f32, strides [1]>) reduction numel s1 rnumel s0 {
  %b = "test.op"(%a) : (!loop.buffer<[s1, s0], f32, strides [s0, 1]>) -> !loop.buffer<[s1], f32, strides [1]>
  kernel.yield %b : !loop.buffer<[s1], f32, strides [1]>
}
func.func @hinted(%x: !loop.buffer<[s1, s0], f32, strides [s0, 1]>) attributes {irc.size_hints = {s0 = 20 : i64, s1 = 640 : i64}} {
  func.return
}
