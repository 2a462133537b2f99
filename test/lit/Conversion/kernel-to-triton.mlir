// RUN: irc-opt %s -p convert-kernel-to-triton --split-input-file | filecheck %s
// RUN: irc-opt %s -p 'convert-kernel-to-triton{index-bits=64}' --split-input-file | filecheck %s --check-prefix=I64

// A pointwise kernel with a broadcast load: the [9] operand is read at xindex % 9.

// CHECK-LABEL: triton.func @triton_poi_fused_add_0(%in_ptr0: !triton.ptr<f32>, %in_ptr1: !triton.ptr<f32>, %out_ptr0: !triton.ptr<f32>) constexprs [XBLOCK]
// CHECK-SAME:    launch = {XBLOCK = 32 : i64}, num_warps = 1 : i64, grid = [#loop.index<"1">]
// CHECK:         %[[PID:.*]] = triton.program_id x : i32
// CHECK-NEXT:    %[[XB:.*]] = triton.constexpr XBLOCK : i32
// CHECK-NEXT:    %xoffset = triton.mul %[[PID]], %[[XB]] : (i32, i32) -> i32
// CHECK-NEXT:    %[[BASE:.*]] = triton.arange 0, XBLOCK : !triton.block<[XBLOCK], i32>
// CHECK-NEXT:    %xindex = triton.add %xoffset, %[[BASE]]
// CHECK-NEXT:    %xnumel = triton.constant 27 : i32
// CHECK-NEXT:    %xmask = triton.lt %xindex, %xnumel
// CHECK-NEXT:    %[[P0:.*]] = triton.addptr %in_ptr0, %xindex
// CHECK-NEXT:    %[[A:.*]] = triton.load %[[P0]] mask %xmask
// CHECK-NEXT:    %[[NINE:.*]] = triton.constant 9 : i32
// CHECK-NEXT:    %x0 = triton.trunc_rem %xindex, %[[NINE]]
// CHECK-NEXT:    %[[P1:.*]] = triton.addptr %in_ptr1, %x0
// CHECK-NEXT:    %[[B:.*]] = triton.load %[[P1]] mask %xmask
// CHECK-NEXT:    %[[SUM:.*]] = triton.add %[[A]], %[[B]] : (!triton.block<[XBLOCK], f32>, !triton.block<[XBLOCK], f32>) -> !triton.block<[XBLOCK], f32>
// CHECK-NEXT:    %[[P2:.*]] = triton.addptr %out_ptr0, %xindex
// CHECK-NEXT:    triton.store %[[P2]], %[[SUM]] mask %xmask
// CHECK-NEXT:    triton.return
// CHECK:       func.func @host
// CHECK-NEXT:    %{{.*}} = kernel.alloc
// CHECK-NEXT:    kernel.launch @triton_poi_fused_add_0

// I64-LABEL: triton.func @triton_poi_fused_add_0
// I64:         %[[PID:.*]] = triton.program_id x : i32
// I64-NEXT:    %[[PID64:.*]] = triton.cast %[[PID]] : i32 to i64
// I64-NEXT:    %[[XB:.*]] = triton.constexpr XBLOCK : i64
// I64-NEXT:    %xoffset = triton.mul %[[PID64]], %[[XB]] : (i64, i64) -> i64
// I64:         %xnumel = triton.constant 27 : i64

kernel.kernel @fused_add_0(%arg0: !loop.buffer<[3, 9], f32, strides [9, 1]>, %arg1: !loop.buffer<[9], f32, strides [1]>) -> (!loop.buffer<[3, 9], f32, strides [9, 1]>) pointwise numel 27 rnumel 1 {xblock = 32, num_warps = 1} {
  %0 = loop.pointwise ranges [3, 9] {
    %1 = loop.load %arg0[#loop.index<"9*i0 + i1">] : !loop.buffer<[3, 9], f32, strides [9, 1]>
    %2 = loop.load %arg1[#loop.index<"i1">] : !loop.buffer<[9], f32, strides [1]>
    %3 = arith.addf %1, %2 : f32
    loop.yield %3 : f32
  } : !loop.buffer<[3, 9], f32, strides [9, 1]>
  kernel.yield %0 : !loop.buffer<[3, 9], f32, strides [9, 1]>
}
func.func @host(%x: !loop.buffer<[3, 9], f32, strides [9, 1]>, %y: !loop.buffer<[9], f32, strides [1]>) -> !loop.buffer<[3, 9], f32, strides [9, 1]> {
  %0 = kernel.alloc : !loop.buffer<[3, 9], f32, strides [9, 1]>
  kernel.launch @fused_add_0(%x, %y) outs(%0) : (!loop.buffer<[3, 9], f32, strides [9, 1]>, !loop.buffer<[9], f32, strides [1]>) -> (!loop.buffer<[3, 9], f32, strides [9, 1]>)
  func.return %0 : !loop.buffer<[3, 9], f32, strides [9, 1]>
}

// -----

// A persistent reduction: x on axis 0 and r on axis 1 of [XBLOCK, RBLOCK]; masked lanes take the identity
// before one triton.reduce; the x-shaped epilogue (sigmoid) reuses the reduced value.

// CHECK-LABEL: triton.func @triton_per_fused_sigmoid_sum_0(%in_ptr0: !triton.ptr<f32>, %out_ptr0: !triton.ptr<f32>) constexprs [XBLOCK, RBLOCK]
// CHECK-SAME:    launch = {XBLOCK = 2 : i64, RBLOCK = 16 : i64}, num_warps = 2 : i64, grid = [#loop.index<"2">]
// CHECK:         %[[XB:.*]] = triton.arange 0, XBLOCK : !triton.block<[XBLOCK], i32>
// CHECK-NEXT:    %[[XE:.*]] = triton.expand_dims %[[XB]] axis 1 : !triton.block<[XBLOCK], i32> -> !triton.block<[XBLOCK, 1], i32>
// CHECK-NEXT:    %xindex = triton.add %xoffset, %[[XE]]
// CHECK:         %rnumel = triton.constant 9 : i32
// CHECK-NEXT:    %[[RB:.*]] = triton.arange 0, RBLOCK : !triton.block<[RBLOCK], i32>
// CHECK-NEXT:    %rindex = triton.expand_dims %[[RB]] axis 0 : !triton.block<[RBLOCK], i32> -> !triton.block<[1, RBLOCK], i32>
// CHECK-NEXT:    %rmask = triton.lt %rindex, %rnumel
// CHECK-NEXT:    %xrmask = triton.logical_and %xmask, %rmask : (!triton.block<[XBLOCK, 1], i1>, !triton.block<[1, RBLOCK], i1>) -> !triton.block<[XBLOCK, RBLOCK], i1>
// CHECK:         %[[V:.*]] = triton.load %{{.*}} mask %xrmask eviction_policy evict_first : !triton.block<[XBLOCK, RBLOCK], !triton.ptr<f32>>
// CHECK-NEXT:    %[[ZERO:.*]] = triton.constant 0.0 : f32
// CHECK-NEXT:    %[[W:.*]] = triton.where %xrmask, %[[V]], %[[ZERO]]
// CHECK-NEXT:    %[[S:.*]] = triton.reduce sum %[[W]] axis 1 keep_dims : !triton.block<[XBLOCK, RBLOCK], f32> -> !triton.block<[XBLOCK, 1], f32>
// CHECK-NEXT:    %[[SIG:.*]] = triton.sigmoid %[[S]]
// CHECK-NEXT:    %[[P:.*]] = triton.addptr %out_ptr0, %xindex
// CHECK-NEXT:    triton.store %[[P]], %[[SIG]] mask %xmask : !triton.block<[XBLOCK, 1], !triton.ptr<f32>>

kernel.kernel @fused_sigmoid_sum_0(%arg0: !loop.buffer<[3, 9], f32, strides [9, 1]>) -> (!loop.buffer<[3], f32, strides [1]>) persistent_reduction numel 3 rnumel 9 {xblock = 2, rblock = 16, num_warps = 2} {
  %0 = loop.reduction sum ranges [3] reduce [9] {
    %1 = loop.load %arg0[#loop.index<"9*i0 + r0">] : !loop.buffer<[3, 9], f32, strides [9, 1]>
    loop.yield %1 : f32
  } : !loop.buffer<[3], f32, strides [1]>
  %2 = loop.pointwise ranges [3] {
    %3 = loop.load %0[#loop.index<"i0">] : !loop.buffer<[3], f32, strides [1]>
    %4 = loop.sigmoid %3 : f32
    loop.yield %4 : f32
  } : !loop.buffer<[3], f32, strides [1]>
  kernel.yield %2 : !loop.buffer<[3], f32, strides [1]>
}

// -----

// A looped reduction: accumulators [XBLOCK, RBLOCK] are scf.for iter_args, combined per block, reduced after.
// The x-only part of the index (9 * xindex) is hoisted out of the loop.

// CHECK-LABEL: triton.func @triton_red_fused_amax_0
// CHECK:         %rbase = triton.expand_dims
// CHECK-NEXT:    %_acc = triton.constant -inf : !triton.block<[XBLOCK, RBLOCK], f32>
// CHECK-NEXT:    %[[LB:.*]] = triton.constant 0 : i32
// CHECK-NEXT:    %[[STEP:.*]] = triton.constexpr RBLOCK : i32
// CHECK-NEXT:    %[[NINE:.*]] = triton.constant 9 : i32
// CHECK-NEXT:    %[[ROW:.*]] = triton.mul %xindex, %[[NINE]]
// CHECK-NEXT:    %_acc_1 = scf.for %roffset = %[[LB]] to %rnumel step %[[STEP]] iter_args(%_acc_2 = %_acc) -> (!triton.block<[XBLOCK, RBLOCK], f32>) : i32 {
// CHECK-NEXT:      %rindex = triton.add %roffset, %rbase
// CHECK-NEXT:      %rmask = triton.lt %rindex, %rnumel
// CHECK-NEXT:      %xrmask = triton.logical_and %xmask, %rmask
// CHECK-NEXT:      %[[OFF:.*]] = triton.add %rindex, %[[ROW]]
// CHECK:           %[[V:.*]] = triton.load
// CHECK-NEXT:      %[[M:.*]] = triton.maximum %_acc_2, %[[V]]
// CHECK-NEXT:      %[[NEW:.*]] = triton.where %xrmask, %[[M]], %_acc_2
// CHECK-NEXT:      scf.yield %[[NEW]]
// CHECK-NEXT:    }
// CHECK-NEXT:    %[[R:.*]] = triton.reduce maximum %_acc_1 axis 1 keep_dims

kernel.kernel @fused_amax_0(%arg0: !loop.buffer<[3, 9], f32, strides [9, 1]>) -> (!loop.buffer<[3], f32, strides [1]>) reduction numel 3 rnumel 9 {xblock = 1, rblock = 4, num_warps = 1} {
  %0 = loop.reduction max ranges [3] reduce [9] {
    %1 = loop.load %arg0[#loop.index<"9*i0 + r0">] : !loop.buffer<[3, 9], f32, strides [9, 1]>
    loop.yield %1 : f32
  } : !loop.buffer<[3], f32, strides [1]>
  kernel.yield %0 : !loop.buffer<[3], f32, strides [1]>
}

// -----

// Softmax in one persistent kernel: the xr-shaped exp is computed once and reused by the sum and the divide;
// internal buffers are never loaded or stored, the input is loaded once.

// CHECK-LABEL: triton.func @triton_per_fused_amax_div_exp_sub_sum_0
// CHECK-COUNT-1: triton.load
// CHECK-NOT:     triton.load
// CHECK:         triton.reduce maximum
// CHECK:         triton.exp
// CHECK:         triton.reduce sum
// CHECK:         triton.truediv
// CHECK:         triton.store
// CHECK-NOT:     triton.store
// CHECK:         triton.return

kernel.kernel @fused_amax_div_exp_sub_sum_0(%arg0: !loop.buffer<[5, 37], f32, strides [37, 1]>) -> (!loop.buffer<[5, 37], f32, strides [37, 1]>) persistent_reduction numel 5 rnumel 37 {xblock = 2, rblock = 64, num_warps = 2} {
  %max = loop.reduction max ranges [5] reduce [37] {
    %0 = loop.load %arg0[#loop.index<"37*i0 + r0">] : !loop.buffer<[5, 37], f32, strides [37, 1]>
    loop.yield %0 : f32
  } : !loop.buffer<[5], f32, strides [1]>
  %exp = loop.pointwise ranges [5, 37] {
    %0 = loop.load %arg0[#loop.index<"37*i0 + i1">] : !loop.buffer<[5, 37], f32, strides [37, 1]>
    %1 = loop.load %max[#loop.index<"i0">] : !loop.buffer<[5], f32, strides [1]>
    %2 = arith.subf %0, %1 : f32
    %3 = math.exp %2 : f32
    loop.yield %3 : f32
  } : !loop.buffer<[5, 37], f32, strides [37, 1]>
  %sum = loop.reduction sum ranges [5] reduce [37] {
    %0 = loop.load %exp[#loop.index<"37*i0 + r0">] : !loop.buffer<[5, 37], f32, strides [37, 1]>
    loop.yield %0 : f32
  } : !loop.buffer<[5], f32, strides [1]>
  %out = loop.pointwise ranges [5, 37] {
    %0 = loop.load %exp[#loop.index<"37*i0 + i1">] : !loop.buffer<[5, 37], f32, strides [37, 1]>
    %1 = loop.load %sum[#loop.index<"i0">] : !loop.buffer<[5], f32, strides [1]>
    %2 = arith.divf %0, %1 : f32
    loop.yield %2 : f32
  } : !loop.buffer<[5, 37], f32, strides [37, 1]>
  kernel.yield %out : !loop.buffer<[5, 37], f32, strides [37, 1]>
}

// -----

// Symbolic sizes: one index argument per size symbol, xnumel as an argument, int64 index math; the
// launcher's values for them and the grid are in the IR.

// CHECK-LABEL: triton.func @triton_poi_fused_mul_0(%in_ptr0: !triton.ptr<f32>, %scalar0: f32, %out_ptr0: !triton.ptr<f32>, %s0: i64, %s1: i64, %xnumel: i64) constexprs [XBLOCK]
// CHECK-SAME:    launch = {XBLOCK = 128 : i64}, num_warps = 4 : i64, grid = [#loop.index<"FloorDiv(s0*s1 + 127, 128)">]
// CHECK-SAME:    arg_values = {s0 = #loop.index<"s0">, s1 = #loop.index<"s1">, xnumel = #loop.index<"s0*s1">}
// CHECK:         %xmask = triton.lt %xindex, %xnumel : (!triton.block<[XBLOCK], i64>, i64) -> !triton.block<[XBLOCK], i1>
// CHECK:         %x0 = triton.trunc_rem %xindex, %s1
// CHECK-NEXT:    %[[T:.*]] = triton.mul %s0, %x0
// CHECK-NEXT:    %x1 = triton.trunc_div %xindex, %s1
// CHECK-NEXT:    %[[OFF:.*]] = triton.add %[[T]], %x1
// CHECK-NEXT:    %[[P:.*]] = triton.addptr %in_ptr0, %[[OFF]]
// CHECK-NEXT:    %[[V:.*]] = triton.load %[[P]] mask %xmask
// CHECK-NEXT:    triton.mul %[[V]], %scalar0

kernel.kernel @fused_mul_0(%arg0: !loop.buffer<[s1, s0], f32, strides [s0, 1]>, %arg1: f32) -> (!loop.buffer<[s0, s1], f32, strides [s1, 1]>) pointwise numel "s0*s1" rnumel 1 {xblock = 128, num_warps = 4} {
  %0 = loop.pointwise ranges [s0, s1] {
    %1 = loop.load %arg0[#loop.index<"i0 + i1*s0">] : !loop.buffer<[s1, s0], f32, strides [s0, 1]>
    %2 = arith.mulf %1, %arg1 : f32
    loop.yield %2 : f32
  } : !loop.buffer<[s0, s1], f32, strides [s1, 1]>
  kernel.yield %0 : !loop.buffer<[s0, s1], f32, strides [s1, 1]>
}

// -----

// A kernel-level constant used by a body is computed once; a pointwise without result stores into an input
// buffer (transposed layout) at its index.

// CHECK-LABEL: triton.func @triton_poi_fused_copy_0(%in_ptr0: !triton.ptr<f32>, %in_ptr1: !triton.ptr<f32>) constexprs [XBLOCK]
// CHECK:         %xmask = triton.lt %xindex, %xnumel
// CHECK-NEXT:    %[[TWO:.*]] = triton.constant 2.0 : f32
// CHECK:         %[[V:.*]] = triton.load
// CHECK-NEXT:    %[[M:.*]] = triton.mul %[[V]], %[[TWO]]
// CHECK:         %x0 = triton.trunc_rem %xindex
// CHECK:         %x1 = triton.trunc_div %xindex
// CHECK-NEXT:    %[[OFF:.*]] = triton.add %{{.*}}, %x1
// CHECK-NEXT:    %[[P:.*]] = triton.addptr %in_ptr1, %[[OFF]]
// CHECK-NEXT:    triton.store %[[P]], %[[M]] mask %xmask

kernel.kernel @fused_copy_0(%arg0: !loop.buffer<[6], f32, strides [1]>, %arg1: !loop.buffer<[3, 2], f32, strides [1, 3]>) -> () pointwise numel 6 rnumel 1 {xblock = 8, num_warps = 1} {
  %two = arith.constant 2.0 : f32
  loop.pointwise ranges [3, 2] {
    %1 = loop.load %arg0[#loop.index<"2*i0 + i1">] : !loop.buffer<[6], f32, strides [1]>
    %2 = arith.mulf %1, %two : f32
    loop.store %2, %arg1[#loop.index<"i0 + 3*i1">] : !loop.buffer<[3, 2], f32, strides [1, 3]>
    loop.yield
  }
  kernel.yield
}

// -----

// A static size that every launchable block size (config and autotune candidates) divides needs no mask.

// CHECK-LABEL: triton.func @triton_poi_fused_neg_0
// CHECK:         %xmask = triton.constant true : !triton.block<[XBLOCK], i1>
// CHECK-LABEL: triton.func @triton_poi_fused_neg_1
// CHECK:         %xmask = triton.lt %xindex, %xnumel

kernel.kernel @fused_neg_0(%arg0: !loop.buffer<[64], f32, strides [1]>) -> (!loop.buffer<[64], f32, strides [1]>) pointwise numel 64 rnumel 1 {xblock = 16, num_warps = 4, configs = [{xblock = 32}, {xblock = 64}]} {
  %0 = loop.pointwise ranges [64] {
    %1 = loop.load %arg0[#loop.index<"i0">] : !loop.buffer<[64], f32, strides [1]>
    %2 = arith.negf %1 : f32
    loop.yield %2 : f32
  } : !loop.buffer<[64], f32, strides [1]>
  kernel.yield %0 : !loop.buffer<[64], f32, strides [1]>
}
kernel.kernel @fused_neg_1(%arg0: !loop.buffer<[64], f32, strides [1]>) -> (!loop.buffer<[64], f32, strides [1]>) pointwise numel 64 rnumel 1 {xblock = 16, num_warps = 4, configs = [{xblock = 128}]} {
  %0 = loop.pointwise ranges [64] {
    %1 = loop.load %arg0[#loop.index<"i0">] : !loop.buffer<[64], f32, strides [1]>
    %2 = arith.negf %1 : f32
    loop.yield %2 : f32
  } : !loop.buffer<[64], f32, strides [1]>
  kernel.yield %0 : !loop.buffer<[64], f32, strides [1]>
}

// -----

// No kernels: the host program (externs, views) is left alone.

// CHECK-LABEL: func.func @only_externs
// CHECK-NEXT:    %0 = kernel.extern "aten::mm.default"(%a, %b)
// CHECK-NEXT:    %1 = loop.reinterpret %0
// CHECK-NEXT:    func.return %1

func.func @only_externs(%a: !loop.buffer<[2, 3], f32, strides [3, 1]>, %b: !loop.buffer<[3, 4], f32, strides [4, 1]>) -> !loop.buffer<[4, 2], f32, strides [1, 4]> {
  %0 = kernel.extern "aten::mm.default"(%a, %b) {args = [#kernel.operand<0>, #kernel.operand<1>]} : (!loop.buffer<[2, 3], f32, strides [3, 1]>, !loop.buffer<[3, 4], f32, strides [4, 1]>) -> (!loop.buffer<[2, 4], f32, strides [4, 1]>)
  %1 = loop.reinterpret %0 : !loop.buffer<[2, 4], f32, strides [4, 1]> to !loop.buffer<[4, 2], f32, strides [1, 4]>
  func.return %1 : !loop.buffer<[4, 2], f32, strides [1, 4]>
}

// -----

// pow by a small constant exponent is a product (exact, and no libdevice powf), by 0.5 a sqrt (as ATen's pow
// kernels compute it); other exponents stay powf.

// CHECK-LABEL: triton.func @triton_poi_pow_0
// CHECK:         %[[X:.*]] = triton.load
// CHECK:         %[[SQ:.*]] = triton.mul %[[X]], %[[X]]
// CHECK-NEXT:    %{{.*}} = triton.constant 2.5
// CHECK-NEXT:    %[[P:.*]] = triton.pow %[[SQ]]
// CHECK:         %{{.*}} = triton.sqrt %[[P]]
// CHECK:         triton.return

kernel.kernel @pow_0(%arg0: !loop.buffer<[37], f32, strides [1]>) -> (!loop.buffer<[37], f32, strides [1]>) pointwise numel 37 rnumel 1 {xblock = 64, num_warps = 1} {
  %0 = loop.pointwise ranges [37] {
    %1 = loop.load %arg0[#loop.index<"i0">] : !loop.buffer<[37], f32, strides [1]>
    %2 = arith.constant 2.000000e+00 : f32
    %3 = math.powf %1, %2 : f32
    %4 = arith.constant 2.500000e+00 : f32
    %5 = math.powf %3, %4 : f32
    %6 = arith.constant 5.000000e-01 : f32
    %7 = math.powf %5, %6 : f32
    loop.yield %7 : f32
  } : !loop.buffer<[37], f32, strides [1]>
  kernel.yield %0 : !loop.buffer<[37], f32, strides [1]>
}

// -----

// 2-D tiles (ynumel): one flat grid of y tiles x x tiles; yindex is a [YBLOCK, 1] column, xindex a [1, XBLOCK]
// row; the transposed load is [YBLOCK, XBLOCK] under ymask & xmask, the broadcast load of row i1 a
// [1, XBLOCK] row under xmask alone. Symbolic sizes pass ynumel and xnumel as arguments.

// CHECK-LABEL: triton.func @triton_poi_add_0(%in_ptr0: !triton.ptr<f32>, %in_ptr1: !triton.ptr<f32>, %out_ptr0: !triton.ptr<f32>) constexprs [YBLOCK, XBLOCK]
// CHECK-SAME:    launch = {YBLOCK = 32 : i64, XBLOCK = 64 : i64}, num_warps = 8 : i64, grid = [#loop.index<"6">]
// CHECK:         %ynumel = triton.constant 37 : i32
// CHECK-NEXT:    %xnumel = triton.constant 131 : i32
// CHECK-NEXT:    %[[PID:.*]] = triton.program_id x : i32
// CHECK-NEXT:    %[[XB:.*]] = triton.constexpr XBLOCK : i32
// CHECK-NEXT:    %[[YB:.*]] = triton.constexpr YBLOCK : i32
// CHECK:         %xtiles = triton.trunc_div %{{.*}}, %[[XB]]
// CHECK-NEXT:    %[[YT:.*]] = triton.trunc_div %[[PID]], %xtiles
// CHECK-NEXT:    %yoffset = triton.mul %[[YT]], %[[YB]]
// CHECK-NEXT:    %[[XT:.*]] = triton.trunc_rem %[[PID]], %xtiles
// CHECK-NEXT:    %xoffset = triton.mul %[[XT]], %[[XB]]
// CHECK:         %yindex = triton.add %yoffset, %{{.*}} : (i32, !triton.block<[YBLOCK, 1], i32>) -> !triton.block<[YBLOCK, 1], i32>
// CHECK:         %xindex = triton.add %xoffset, %{{.*}} : (i32, !triton.block<[1, XBLOCK], i32>) -> !triton.block<[1, XBLOCK], i32>
// CHECK-NEXT:    %ymask = triton.lt %yindex, %ynumel
// CHECK-NEXT:    %xmask = triton.lt %xindex, %xnumel
// CHECK-NEXT:    %yxmask = triton.logical_and %ymask, %xmask : (!triton.block<[YBLOCK, 1], i1>, !triton.block<[1, XBLOCK], i1>) -> !triton.block<[YBLOCK, XBLOCK], i1>
// CHECK:         %[[T:.*]] = triton.add %yindex, %{{.*}} -> !triton.block<[YBLOCK, XBLOCK], i32>
// CHECK-NEXT:    %[[P0:.*]] = triton.addptr %in_ptr0, %[[T]]
// CHECK-NEXT:    %[[A:.*]] = triton.load %[[P0]] mask %yxmask
// CHECK-NEXT:    %[[P1:.*]] = triton.addptr %in_ptr1, %xindex
// CHECK-NEXT:    %[[B:.*]] = triton.load %[[P1]] mask %xmask : !triton.block<[1, XBLOCK], !triton.ptr<f32>>
// CHECK-NEXT:    %[[SUM:.*]] = triton.add %[[A]], %[[B]] : (!triton.block<[YBLOCK, XBLOCK], f32>, !triton.block<[1, XBLOCK], f32>) -> !triton.block<[YBLOCK, XBLOCK], f32>
// CHECK:         triton.store %{{.*}}, %[[SUM]] mask %yxmask : !triton.block<[YBLOCK, XBLOCK], !triton.ptr<f32>>
// CHECK-LABEL: triton.func @triton_poi_neg_1(%in_ptr0: !triton.ptr<f32>, %out_ptr0: !triton.ptr<f32>, %s0: i64, %s1: i64, %ynumel: i64, %xnumel: i64) constexprs [YBLOCK, XBLOCK]
// CHECK-SAME:    grid = [#loop.index<"FloorDiv(s0 + 63, 64)*FloorDiv(s1 + 63, 64)">], arg_values = {s0 = #loop.index<"s0">, s1 = #loop.index<"s1">, ynumel = #loop.index<"s0">, xnumel = #loop.index<"s1">}

kernel.kernel @add_0(%arg0: !loop.buffer<[131, 37], f32, strides [37, 1]>, %arg1: !loop.buffer<[37, 131], f32, strides [131, 1]>) -> (!loop.buffer<[37, 131], f32, strides [131, 1]>) pointwise numel 4847 rnumel 1 ynumel 37 {xblock = 64, yblock = 32, num_warps = 8} {
  %0 = loop.pointwise ranges [37, 131] {
    %1 = loop.load %arg0[#loop.index<"i0 + 37*i1">] : !loop.buffer<[131, 37], f32, strides [37, 1]>
    %2 = loop.load %arg1[#loop.index<"i1">] : !loop.buffer<[37, 131], f32, strides [131, 1]>
    %3 = arith.addf %1, %2 : f32
    loop.yield %3 : f32
  } : !loop.buffer<[37, 131], f32, strides [131, 1]>
  kernel.yield %0 : !loop.buffer<[37, 131], f32, strides [131, 1]>
}
kernel.kernel @neg_1(%arg0: !loop.buffer<[s1, s0], f32, strides [s0, 1]>) -> (!loop.buffer<[s0, s1], f32, strides [s1, 1]>) pointwise numel "s0*s1" rnumel 1 ynumel s0 {xblock = 64, yblock = 64, num_warps = 8} {
  %0 = loop.pointwise ranges [s0, s1] {
    %1 = loop.load %arg0[#loop.index<"i0 + s0*i1">] : !loop.buffer<[s1, s0], f32, strides [s0, 1]>
    %2 = arith.negf %1 : f32
    loop.yield %2 : f32
  } : !loop.buffer<[s0, s1], f32, strides [s1, 1]>
  kernel.yield %0 : !loop.buffer<[s0, s1], f32, strides [s1, 1]>
}
func.func @host(%x: !loop.buffer<[131, 37], f32, strides [37, 1]>, %y: !loop.buffer<[37, 131], f32, strides [131, 1]>) -> !loop.buffer<[37, 131], f32, strides [131, 1]> {
  %0 = kernel.alloc : !loop.buffer<[37, 131], f32, strides [131, 1]>
  kernel.launch @add_0(%x, %y) outs(%0) : (!loop.buffer<[131, 37], f32, strides [37, 1]>, !loop.buffer<[37, 131], f32, strides [131, 1]>) -> (!loop.buffer<[37, 131], f32, strides [131, 1]>)
  func.return %0 : !loop.buffer<[37, 131], f32, strides [131, 1]>
}
