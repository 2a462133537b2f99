// RUN: IRC_ROUNDTRIP
// RUN: IRC_GENERIC_ROUNDTRIP
// Every triton op in custom form; the elementwise and reduction chunks hold one line per table row
// (test_triton_dialect.py checks that every op and reduction kind appears here).

// A pointwise kernel with every launch property: tmp0 + tmp1 over XBLOCK lanes.
triton.func @triton_poi_fused_add_0(%in_ptr0: !triton.ptr<f32>, %in_ptr1: !triton.ptr<f32>, %out_ptr0: !triton.ptr<f32>, %xnumel: i32) constexprs [XBLOCK] attributes {launch = {XBLOCK = 128 : i64}, num_warps = 4 : i64, num_stages = 1 : i64, grid = [#loop.index<"FloorDiv(s0 + 127, 128)">]} {
  %pid = triton.program_id x : i32
  %xblock = triton.constexpr XBLOCK : i32
  %xoffset = triton.mul %pid, %xblock : (i32, i32) -> i32
  %range = triton.arange 0, XBLOCK : !triton.block<[XBLOCK], i32>
  %xindex = triton.add %xoffset, %range : (i32, !triton.block<[XBLOCK], i32>) -> !triton.block<[XBLOCK], i32>
  %xmask = triton.lt %xindex, %xnumel : (!triton.block<[XBLOCK], i32>, i32) -> !triton.block<[XBLOCK], i1>
  %ptrs0 = triton.addptr %in_ptr0, %xindex : (!triton.ptr<f32>, !triton.block<[XBLOCK], i32>) -> !triton.block<[XBLOCK], !triton.ptr<f32>>
  %tmp0 = triton.load %ptrs0 mask %xmask : !triton.block<[XBLOCK], !triton.ptr<f32>>, !triton.block<[XBLOCK], i1> -> !triton.block<[XBLOCK], f32>
  %ptrs1 = triton.addptr %in_ptr1, %xindex : (!triton.ptr<f32>, !triton.block<[XBLOCK], i32>) -> !triton.block<[XBLOCK], !triton.ptr<f32>>
  %zero = triton.constant 0.0 : f32
  %tmp1 = triton.load %ptrs1 mask %xmask other %zero eviction_policy evict_last : !triton.block<[XBLOCK], !triton.ptr<f32>>, !triton.block<[XBLOCK], i1>, f32 -> !triton.block<[XBLOCK], f32>
  %tmp2 = triton.add %tmp0, %tmp1 : (!triton.block<[XBLOCK], f32>, !triton.block<[XBLOCK], f32>) -> !triton.block<[XBLOCK], f32>
  %ptrs2 = triton.addptr %out_ptr0, %xindex : (!triton.ptr<f32>, !triton.block<[XBLOCK], i32>) -> !triton.block<[XBLOCK], !triton.ptr<f32>>
  triton.store %ptrs2, %tmp2 mask %xmask : !triton.block<[XBLOCK], !triton.ptr<f32>>, !triton.block<[XBLOCK], f32>, !triton.block<[XBLOCK], i1>
  triton.return
}

// CHECK-LABEL: triton.func @triton_poi_fused_add_0(%in_ptr0: !triton.ptr<f32>, %in_ptr1: !triton.ptr<f32>, %out_ptr0: !triton.ptr<f32>, %xnumel: i32) constexprs [XBLOCK] attributes {launch = {XBLOCK = 128 : i64}, num_warps = 4 : i64, num_stages = 1 : i64, grid = [#loop.index<"FloorDiv(s0 + 127, 128)">]} {
// CHECK-NEXT: %pid = triton.program_id x : i32
// CHECK-NEXT: %xblock = triton.constexpr XBLOCK : i32
// CHECK-NEXT: %xoffset = triton.mul %pid, %xblock : (i32, i32) -> i32
// CHECK-NEXT: %range = triton.arange 0, XBLOCK : !triton.block<[XBLOCK], i32>
// CHECK-NEXT: %xindex = triton.add %xoffset, %range : (i32, !triton.block<[XBLOCK], i32>) -> !triton.block<[XBLOCK], i32>
// CHECK-NEXT: %xmask = triton.lt %xindex, %xnumel : (!triton.block<[XBLOCK], i32>, i32) -> !triton.block<[XBLOCK], i1>
// CHECK-NEXT: %ptrs0 = triton.addptr %in_ptr0, %xindex : (!triton.ptr<f32>, !triton.block<[XBLOCK], i32>) -> !triton.block<[XBLOCK], !triton.ptr<f32>>
// CHECK-NEXT: %tmp0 = triton.load %ptrs0 mask %xmask : !triton.block<[XBLOCK], !triton.ptr<f32>>, !triton.block<[XBLOCK], i1> -> !triton.block<[XBLOCK], f32>
// CHECK-NEXT: %ptrs1 = triton.addptr %in_ptr1, %xindex : (!triton.ptr<f32>, !triton.block<[XBLOCK], i32>) -> !triton.block<[XBLOCK], !triton.ptr<f32>>
// CHECK-NEXT: %zero = triton.constant 0.0 : f32
// CHECK-NEXT: %tmp1 = triton.load %ptrs1 mask %xmask other %zero eviction_policy evict_last : !triton.block<[XBLOCK], !triton.ptr<f32>>, !triton.block<[XBLOCK], i1>, f32 -> !triton.block<[XBLOCK], f32>
// CHECK-NEXT: %tmp2 = triton.add %tmp0, %tmp1 : (!triton.block<[XBLOCK], f32>, !triton.block<[XBLOCK], f32>) -> !triton.block<[XBLOCK], f32>
// CHECK-NEXT: %ptrs2 = triton.addptr %out_ptr0, %xindex : (!triton.ptr<f32>, !triton.block<[XBLOCK], i32>) -> !triton.block<[XBLOCK], !triton.ptr<f32>>
// CHECK-NEXT: triton.store %ptrs2, %tmp2 mask %xmask : !triton.block<[XBLOCK], !triton.ptr<f32>>, !triton.block<[XBLOCK], f32>, !triton.block<[XBLOCK], i1>
// CHECK-NEXT: triton.return
// CHECK-NEXT: }
// GENERIC: "triton.func"() <{sym_name = "triton_poi_fused_add_0", function_type = (!triton.ptr<f32>, !triton.ptr<f32>, !triton.ptr<f32>, i32) -> (), arg_names = ["in_ptr0", "in_ptr1", "out_ptr0", "xnumel"], constexprs = ["XBLOCK"], launch = {XBLOCK = 128 : i64}, num_warps = 4 : i64, num_stages = 1 : i64, grid = [#loop.index<"FloorDiv(s0 + 127, 128)">]}> ({
// GENERIC: %pid = "triton.program_id"() <{axis = #triton<axis x>}> : () -> i32
// GENERIC: %xblock = "triton.constexpr"() <{constexpr = "XBLOCK"}> : () -> i32
// GENERIC: %range = "triton.arange"() <{start = #builtin.int<0>, end = "XBLOCK"}> : () -> !triton.block<[XBLOCK], i32>
// GENERIC: %tmp0 = "triton.load"(%ptrs0, %xmask) <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (!triton.block<[XBLOCK], !triton.ptr<f32>>, !triton.block<[XBLOCK], i1>) -> !triton.block<[XBLOCK], f32>
// GENERIC: %tmp1 = "triton.load"(%ptrs1, %xmask, %zero) <{eviction_policy = #triton<eviction_policy evict_last>, operandSegmentSizes = array<i32: 1, 1, 1>}> : (!triton.block<[XBLOCK], !triton.ptr<f32>>, !triton.block<[XBLOCK], i1>, f32) -> !triton.block<[XBLOCK], f32>
// GENERIC: "triton.store"(%ptrs2, %tmp2, %xmask) : (!triton.block<[XBLOCK], !triton.ptr<f32>>, !triton.block<[XBLOCK], f32>, !triton.block<[XBLOCK], i1>) -> ()

// -----

// A persistent reduction: 2-D blocks, expand_dims, broadcast, reduce, where, cast, splat, reshape.
triton.func @triton_per_fused_sum_1(%in_ptr0: !triton.ptr<f16>, %out_ptr0: !triton.ptr<f32>, %out_ptr1: !triton.ptr<i64>, %xnumel: i32, %rnumel: i32) constexprs [XBLOCK, RBLOCK] attributes {launch = {XBLOCK = 1 : i64, RBLOCK = 16 : i64}, num_warps = 2 : i64} {
  %pid = triton.program_id y : i32
  %x = triton.arange 0, XBLOCK : !triton.block<[XBLOCK], i32>
  %x2 = triton.expand_dims %x axis 1 : !triton.block<[XBLOCK], i32> -> !triton.block<[XBLOCK, 1], i32>
  %xoffset = triton.splat %pid : i32 -> !triton.block<[XBLOCK, 1], i32>
  %xindex = triton.add %xoffset, %x2 : (!triton.block<[XBLOCK, 1], i32>, !triton.block<[XBLOCK, 1], i32>) -> !triton.block<[XBLOCK, 1], i32>
  %xmask = triton.lt %xindex, %xnumel : (!triton.block<[XBLOCK, 1], i32>, i32) -> !triton.block<[XBLOCK, 1], i1>
  %r = triton.arange 0, RBLOCK : !triton.block<[RBLOCK], i32>
  %r2 = triton.expand_dims %r axis 0 : !triton.block<[RBLOCK], i32> -> !triton.block<[1, RBLOCK], i32>
  %rmask = triton.lt %r2, %rnumel : (!triton.block<[1, RBLOCK], i32>, i32) -> !triton.block<[1, RBLOCK], i1>
  %mask = triton.logical_and %xmask, %rmask : (!triton.block<[XBLOCK, 1], i1>, !triton.block<[1, RBLOCK], i1>) -> !triton.block<[XBLOCK, RBLOCK], i1>
  %row = triton.mul %xindex, %rnumel : (!triton.block<[XBLOCK, 1], i32>, i32) -> !triton.block<[XBLOCK, 1], i32>
  %index = triton.add %row, %r2 : (!triton.block<[XBLOCK, 1], i32>, !triton.block<[1, RBLOCK], i32>) -> !triton.block<[XBLOCK, RBLOCK], i32>
  %ptrs = triton.addptr %in_ptr0, %index : (!triton.ptr<f16>, !triton.block<[XBLOCK, RBLOCK], i32>) -> !triton.block<[XBLOCK, RBLOCK], !triton.ptr<f16>>
  %half = triton.load %ptrs mask %mask eviction_policy evict_first : !triton.block<[XBLOCK, RBLOCK], !triton.ptr<f16>>, !triton.block<[XBLOCK, RBLOCK], i1> -> !triton.block<[XBLOCK, RBLOCK], f16>
  %tmp0 = triton.cast %half : !triton.block<[XBLOCK, RBLOCK], f16> to !triton.block<[XBLOCK, RBLOCK], f32>
  %zeros = triton.constant 0.0 : !triton.block<[XBLOCK, RBLOCK], f32>
  %tmp1 = triton.where %mask, %tmp0, %zeros : (!triton.block<[XBLOCK, RBLOCK], i1>, !triton.block<[XBLOCK, RBLOCK], f32>, !triton.block<[XBLOCK, RBLOCK], f32>) -> !triton.block<[XBLOCK, RBLOCK], f32>
  %tmp2 = triton.reduce sum %tmp1 axis 1 keep_dims : !triton.block<[XBLOCK, RBLOCK], f32> -> !triton.block<[XBLOCK, 1], f32>
  %out = triton.addptr %out_ptr0, %xindex : (!triton.ptr<f32>, !triton.block<[XBLOCK, 1], i32>) -> !triton.block<[XBLOCK, 1], !triton.ptr<f32>>
  triton.store %out, %tmp2 mask %xmask : !triton.block<[XBLOCK, 1], !triton.ptr<f32>>, !triton.block<[XBLOCK, 1], f32>, !triton.block<[XBLOCK, 1], i1>
  %bits = triton.cast %tmp2 bitcast : !triton.block<[XBLOCK, 1], f32> to !triton.block<[XBLOCK, 1], i32>
  %flat = triton.reshape %bits : !triton.block<[XBLOCK, 1], i32> -> !triton.block<[XBLOCK], i32>
  %wide = triton.cast %flat : !triton.block<[XBLOCK], i32> to !triton.block<[XBLOCK], i64>
  %rows = triton.broadcast %x2 : !triton.block<[XBLOCK, 1], i32> -> !triton.block<[XBLOCK, RBLOCK], i32>
  %pz = triton.program_id z : i32
  %nz = triton.num_programs z : i32
  %out1 = triton.addptr %out_ptr1, %pz : (!triton.ptr<i64>, i32) -> !triton.ptr<i64>
  %first = triton.reduce max %wide axis 0 : !triton.block<[XBLOCK], i64> -> i64
  triton.store %out1, %first : !triton.ptr<i64>, i64
  triton.return
}

// CHECK-LABEL: triton.func @triton_per_fused_sum_1(%in_ptr0: !triton.ptr<f16>, %out_ptr0: !triton.ptr<f32>, %out_ptr1: !triton.ptr<i64>, %xnumel: i32, %rnumel: i32) constexprs [XBLOCK, RBLOCK] attributes {launch = {XBLOCK = 1 : i64, RBLOCK = 16 : i64}, num_warps = 2 : i64} {
// CHECK-NEXT: %pid = triton.program_id y : i32
// CHECK-NEXT: %x = triton.arange 0, XBLOCK : !triton.block<[XBLOCK], i32>
// CHECK-NEXT: %x2 = triton.expand_dims %x axis 1 : !triton.block<[XBLOCK], i32> -> !triton.block<[XBLOCK, 1], i32>
// CHECK-NEXT: %xoffset = triton.splat %pid : i32 -> !triton.block<[XBLOCK, 1], i32>
// CHECK-NEXT: %xindex = triton.add %xoffset, %x2 : (!triton.block<[XBLOCK, 1], i32>, !triton.block<[XBLOCK, 1], i32>) -> !triton.block<[XBLOCK, 1], i32>
// CHECK-NEXT: %xmask = triton.lt %xindex, %xnumel : (!triton.block<[XBLOCK, 1], i32>, i32) -> !triton.block<[XBLOCK, 1], i1>
// CHECK-NEXT: %r = triton.arange 0, RBLOCK : !triton.block<[RBLOCK], i32>
// CHECK-NEXT: %r2 = triton.expand_dims %r axis 0 : !triton.block<[RBLOCK], i32> -> !triton.block<[1, RBLOCK], i32>
// CHECK-NEXT: %rmask = triton.lt %r2, %rnumel : (!triton.block<[1, RBLOCK], i32>, i32) -> !triton.block<[1, RBLOCK], i1>
// CHECK-NEXT: %mask = triton.logical_and %xmask, %rmask : (!triton.block<[XBLOCK, 1], i1>, !triton.block<[1, RBLOCK], i1>) -> !triton.block<[XBLOCK, RBLOCK], i1>
// CHECK-NEXT: %row = triton.mul %xindex, %rnumel : (!triton.block<[XBLOCK, 1], i32>, i32) -> !triton.block<[XBLOCK, 1], i32>
// CHECK-NEXT: %index = triton.add %row, %r2 : (!triton.block<[XBLOCK, 1], i32>, !triton.block<[1, RBLOCK], i32>) -> !triton.block<[XBLOCK, RBLOCK], i32>
// CHECK-NEXT: %ptrs = triton.addptr %in_ptr0, %index : (!triton.ptr<f16>, !triton.block<[XBLOCK, RBLOCK], i32>) -> !triton.block<[XBLOCK, RBLOCK], !triton.ptr<f16>>
// CHECK-NEXT: %half = triton.load %ptrs mask %mask eviction_policy evict_first : !triton.block<[XBLOCK, RBLOCK], !triton.ptr<f16>>, !triton.block<[XBLOCK, RBLOCK], i1> -> !triton.block<[XBLOCK, RBLOCK], f16>
// CHECK-NEXT: %tmp0 = triton.cast %half : !triton.block<[XBLOCK, RBLOCK], f16> to !triton.block<[XBLOCK, RBLOCK], f32>
// CHECK-NEXT: %zeros = triton.constant 0.0 : !triton.block<[XBLOCK, RBLOCK], f32>
// CHECK-NEXT: %tmp1 = triton.where %mask, %tmp0, %zeros : (!triton.block<[XBLOCK, RBLOCK], i1>, !triton.block<[XBLOCK, RBLOCK], f32>, !triton.block<[XBLOCK, RBLOCK], f32>) -> !triton.block<[XBLOCK, RBLOCK], f32>
// CHECK-NEXT: %tmp2 = triton.reduce sum %tmp1 axis 1 keep_dims : !triton.block<[XBLOCK, RBLOCK], f32> -> !triton.block<[XBLOCK, 1], f32>
// CHECK-NEXT: %out = triton.addptr %out_ptr0, %xindex : (!triton.ptr<f32>, !triton.block<[XBLOCK, 1], i32>) -> !triton.block<[XBLOCK, 1], !triton.ptr<f32>>
// CHECK-NEXT: triton.store %out, %tmp2 mask %xmask : !triton.block<[XBLOCK, 1], !triton.ptr<f32>>, !triton.block<[XBLOCK, 1], f32>, !triton.block<[XBLOCK, 1], i1>
// CHECK-NEXT: %bits = triton.cast %tmp2 bitcast : !triton.block<[XBLOCK, 1], f32> to !triton.block<[XBLOCK, 1], i32>
// CHECK-NEXT: %flat = triton.reshape %bits : !triton.block<[XBLOCK, 1], i32> -> !triton.block<[XBLOCK], i32>
// CHECK-NEXT: %wide = triton.cast %flat : !triton.block<[XBLOCK], i32> to !triton.block<[XBLOCK], i64>
// CHECK-NEXT: %rows = triton.broadcast %x2 : !triton.block<[XBLOCK, 1], i32> -> !triton.block<[XBLOCK, RBLOCK], i32>
// CHECK-NEXT: %pz = triton.program_id z : i32
// CHECK-NEXT: %nz = triton.num_programs z : i32
// CHECK-NEXT: %out1 = triton.addptr %out_ptr1, %pz : (!triton.ptr<i64>, i32) -> !triton.ptr<i64>
// CHECK-NEXT: %first = triton.reduce max %wide axis 0 : !triton.block<[XBLOCK], i64> -> i64
// CHECK-NEXT: triton.store %out1, %first : !triton.ptr<i64>, i64
// CHECK-NEXT: triton.return
// CHECK-NEXT: }
// GENERIC: %x2 = "triton.expand_dims"(%x) <{axis = 1 : i64}> : (!triton.block<[XBLOCK], i32>) -> !triton.block<[XBLOCK, 1], i32>
// GENERIC: %xoffset = "triton.splat"(%pid) : (i32) -> !triton.block<[XBLOCK, 1], i32>
// GENERIC: %r2 = "triton.expand_dims"(%r) <{axis = 0 : i64}> : (!triton.block<[RBLOCK], i32>) -> !triton.block<[1, RBLOCK], i32>
// GENERIC: %tmp0 = "triton.cast"(%half) : (!triton.block<[XBLOCK, RBLOCK], f16>) -> !triton.block<[XBLOCK, RBLOCK], f32>
// GENERIC: %tmp1 = "triton.where"(%mask, %tmp0, %zeros) : (!triton.block<[XBLOCK, RBLOCK], i1>, !triton.block<[XBLOCK, RBLOCK], f32>, !triton.block<[XBLOCK, RBLOCK], f32>) -> !triton.block<[XBLOCK, RBLOCK], f32>
// GENERIC: %tmp2 = "triton.reduce"(%tmp1) <{kind = #triton<reduce_kind sum>, axis = 1 : i64, keep_dims}> : (!triton.block<[XBLOCK, RBLOCK], f32>) -> !triton.block<[XBLOCK, 1], f32>
// GENERIC: %bits = "triton.cast"(%tmp2) <{bitcast}> : (!triton.block<[XBLOCK, 1], f32>) -> !triton.block<[XBLOCK, 1], i32>
// GENERIC: %flat = "triton.reshape"(%bits) : (!triton.block<[XBLOCK, 1], i32>) -> !triton.block<[XBLOCK], i32>
// GENERIC: %wide = "triton.cast"(%flat) : (!triton.block<[XBLOCK], i32>) -> !triton.block<[XBLOCK], i64>
// GENERIC: %rows = "triton.broadcast"(%x2) : (!triton.block<[XBLOCK, 1], i32>) -> !triton.block<[XBLOCK, RBLOCK], i32>
// GENERIC: %first = "triton.reduce"(%wide) <{kind = #triton<reduce_kind max>, axis = 0 : i64}> : (!triton.block<[XBLOCK], i64>) -> i64

// -----

// A looped reduction: scf.for with i32 bounds and a block-typed accumulator.
triton.func @triton_red_fused_sum_2(%in_ptr0: !triton.ptr<f32>, %out_ptr0: !triton.ptr<f32>, %rnumel: i32) constexprs [XBLOCK, RBLOCK] {
  %init = triton.constant 0.0 : !triton.block<[XBLOCK, RBLOCK], f32>
  %lb = triton.constant 0 : i32
  %step = triton.constexpr RBLOCK : i32
  %zero = triton.constant 0.0 : f32
  %acc = scf.for %roffset = %lb to %rnumel step %step iter_args(%partial = %init) -> (!triton.block<[XBLOCK, RBLOCK], f32>) : i32 {
    %r = triton.arange 0, RBLOCK : !triton.block<[RBLOCK], i32>
    %r2 = triton.expand_dims %r axis 0 : !triton.block<[RBLOCK], i32> -> !triton.block<[1, RBLOCK], i32>
    %rindex = triton.add %roffset, %r2 : (i32, !triton.block<[1, RBLOCK], i32>) -> !triton.block<[1, RBLOCK], i32>
    %rmask = triton.lt %rindex, %rnumel : (!triton.block<[1, RBLOCK], i32>, i32) -> !triton.block<[1, RBLOCK], i1>
    %ptrs = triton.addptr %in_ptr0, %rindex : (!triton.ptr<f32>, !triton.block<[1, RBLOCK], i32>) -> !triton.block<[1, RBLOCK], !triton.ptr<f32>>
    %v = triton.load %ptrs mask %rmask other %zero : !triton.block<[1, RBLOCK], !triton.ptr<f32>>, !triton.block<[1, RBLOCK], i1>, f32 -> !triton.block<[1, RBLOCK], f32>
    %vb = triton.broadcast %v : !triton.block<[1, RBLOCK], f32> -> !triton.block<[XBLOCK, RBLOCK], f32>
    %next = triton.add %partial, %vb : (!triton.block<[XBLOCK, RBLOCK], f32>, !triton.block<[XBLOCK, RBLOCK], f32>) -> !triton.block<[XBLOCK, RBLOCK], f32>
    scf.yield %next : !triton.block<[XBLOCK, RBLOCK], f32>
  }
  %sum = triton.reduce sum %acc axis 1 : !triton.block<[XBLOCK, RBLOCK], f32> -> !triton.block<[XBLOCK], f32>
  %x = triton.arange 0, XBLOCK : !triton.block<[XBLOCK], i32>
  %out = triton.addptr %out_ptr0, %x : (!triton.ptr<f32>, !triton.block<[XBLOCK], i32>) -> !triton.block<[XBLOCK], !triton.ptr<f32>>
  triton.store %out, %sum : !triton.block<[XBLOCK], !triton.ptr<f32>>, !triton.block<[XBLOCK], f32>
  triton.return
}

// CHECK-LABEL: triton.func @triton_red_fused_sum_2(%in_ptr0: !triton.ptr<f32>, %out_ptr0: !triton.ptr<f32>, %rnumel: i32) constexprs [XBLOCK, RBLOCK] {
// CHECK-NEXT: %init = triton.constant 0.0 : !triton.block<[XBLOCK, RBLOCK], f32>
// CHECK-NEXT: %lb = triton.constant 0 : i32
// CHECK-NEXT: %step = triton.constexpr RBLOCK : i32
// CHECK-NEXT: %zero = triton.constant 0.0 : f32
// CHECK-NEXT: %acc = scf.for %roffset = %lb to %rnumel step %step iter_args(%partial = %init) -> (!triton.block<[XBLOCK, RBLOCK], f32>) : i32 {
// CHECK-NEXT: %r = triton.arange 0, RBLOCK : !triton.block<[RBLOCK], i32>
// CHECK-NEXT: %r2 = triton.expand_dims %r axis 0 : !triton.block<[RBLOCK], i32> -> !triton.block<[1, RBLOCK], i32>
// CHECK-NEXT: %rindex = triton.add %roffset, %r2 : (i32, !triton.block<[1, RBLOCK], i32>) -> !triton.block<[1, RBLOCK], i32>
// CHECK-NEXT: %rmask = triton.lt %rindex, %rnumel : (!triton.block<[1, RBLOCK], i32>, i32) -> !triton.block<[1, RBLOCK], i1>
// CHECK-NEXT: %ptrs = triton.addptr %in_ptr0, %rindex : (!triton.ptr<f32>, !triton.block<[1, RBLOCK], i32>) -> !triton.block<[1, RBLOCK], !triton.ptr<f32>>
// CHECK-NEXT: %v = triton.load %ptrs mask %rmask other %zero : !triton.block<[1, RBLOCK], !triton.ptr<f32>>, !triton.block<[1, RBLOCK], i1>, f32 -> !triton.block<[1, RBLOCK], f32>
// CHECK-NEXT: %vb = triton.broadcast %v : !triton.block<[1, RBLOCK], f32> -> !triton.block<[XBLOCK, RBLOCK], f32>
// CHECK-NEXT: %next = triton.add %partial, %vb : (!triton.block<[XBLOCK, RBLOCK], f32>, !triton.block<[XBLOCK, RBLOCK], f32>) -> !triton.block<[XBLOCK, RBLOCK], f32>
// CHECK-NEXT: scf.yield %next : !triton.block<[XBLOCK, RBLOCK], f32>
// CHECK-NEXT: }
// CHECK-NEXT: %sum = triton.reduce sum %acc axis 1 : !triton.block<[XBLOCK, RBLOCK], f32> -> !triton.block<[XBLOCK], f32>
// CHECK-NEXT: %x = triton.arange 0, XBLOCK : !triton.block<[XBLOCK], i32>
// CHECK-NEXT: %out = triton.addptr %out_ptr0, %x : (!triton.ptr<f32>, !triton.block<[XBLOCK], i32>) -> !triton.block<[XBLOCK], !triton.ptr<f32>>
// CHECK-NEXT: triton.store %out, %sum : !triton.block<[XBLOCK], !triton.ptr<f32>>, !triton.block<[XBLOCK], f32>
// CHECK-NEXT: triton.return
// CHECK-NEXT: }
// GENERIC: %acc = "scf.for"(%lb, %rnumel, %step, %init) ({

// -----

// Every elementwise op of ELEMENTWISE_OPS; blocks and scalars broadcast together.
%xf, %rf, %sf = "test.op"() : () -> (!triton.block<[XBLOCK, 1], f32>, !triton.block<[1, RBLOCK], f32>, f32)
%xi, %ri, %si = "test.op"() : () -> (!triton.block<[XBLOCK, 1], i32>, !triton.block<[1, RBLOCK], i32>, i32)
%xb, %rb = "test.op"() : () -> (!triton.block<[XBLOCK, 1], i1>, !triton.block<[1, RBLOCK], i1>)
%add = triton.add %xf, %sf : (!triton.block<[XBLOCK, 1], f32>, f32) -> !triton.block<[XBLOCK, 1], f32>
%sub = triton.sub %xf, %sf : (!triton.block<[XBLOCK, 1], f32>, f32) -> !triton.block<[XBLOCK, 1], f32>
%mul = triton.mul %xf, %sf : (!triton.block<[XBLOCK, 1], f32>, f32) -> !triton.block<[XBLOCK, 1], f32>
%truediv = triton.truediv %xf, %sf : (!triton.block<[XBLOCK, 1], f32>, f32) -> !triton.block<[XBLOCK, 1], f32>
%floordiv = triton.floordiv %xi, %ri : (!triton.block<[XBLOCK, 1], i32>, !triton.block<[1, RBLOCK], i32>) -> !triton.block<[XBLOCK, RBLOCK], i32>
%mod = triton.mod %xi, %ri : (!triton.block<[XBLOCK, 1], i32>, !triton.block<[1, RBLOCK], i32>) -> !triton.block<[XBLOCK, RBLOCK], i32>
%trunc_div = triton.trunc_div %xi, %ri : (!triton.block<[XBLOCK, 1], i32>, !triton.block<[1, RBLOCK], i32>) -> !triton.block<[XBLOCK, RBLOCK], i32>
%trunc_rem = triton.trunc_rem %xi, %ri : (!triton.block<[XBLOCK, 1], i32>, !triton.block<[1, RBLOCK], i32>) -> !triton.block<[XBLOCK, RBLOCK], i32>
%wrapping_abs = triton.wrapping_abs %xi : !triton.block<[XBLOCK, 1], i32> -> !triton.block<[XBLOCK, 1], i32>
%fmod = triton.fmod %xf, %sf : (!triton.block<[XBLOCK, 1], f32>, f32) -> !triton.block<[XBLOCK, 1], f32>
%minimum = triton.minimum %xf, %sf : (!triton.block<[XBLOCK, 1], f32>, f32) -> !triton.block<[XBLOCK, 1], f32>
%maximum = triton.maximum %xf, %sf : (!triton.block<[XBLOCK, 1], f32>, f32) -> !triton.block<[XBLOCK, 1], f32>
%pow = triton.pow %xf, %sf : (!triton.block<[XBLOCK, 1], f32>, f32) -> !triton.block<[XBLOCK, 1], f32>
%atan2 = triton.atan2 %xf, %sf : (!triton.block<[XBLOCK, 1], f32>, f32) -> !triton.block<[XBLOCK, 1], f32>
%hypot = triton.hypot %xf, %sf : (!triton.block<[XBLOCK, 1], f32>, f32) -> !triton.block<[XBLOCK, 1], f32>
%nextafter = triton.nextafter %xf, %sf : (!triton.block<[XBLOCK, 1], f32>, f32) -> !triton.block<[XBLOCK, 1], f32>
%copysign = triton.copysign %xf, %sf : (!triton.block<[XBLOCK, 1], f32>, f32) -> !triton.block<[XBLOCK, 1], f32>
%bitwise_and = triton.bitwise_and %xi, %ri : (!triton.block<[XBLOCK, 1], i32>, !triton.block<[1, RBLOCK], i32>) -> !triton.block<[XBLOCK, RBLOCK], i32>
%bitwise_or = triton.bitwise_or %xi, %ri : (!triton.block<[XBLOCK, 1], i32>, !triton.block<[1, RBLOCK], i32>) -> !triton.block<[XBLOCK, RBLOCK], i32>
%bitwise_xor = triton.bitwise_xor %xi, %ri : (!triton.block<[XBLOCK, 1], i32>, !triton.block<[1, RBLOCK], i32>) -> !triton.block<[XBLOCK, RBLOCK], i32>
%lshift = triton.lshift %xi, %ri : (!triton.block<[XBLOCK, 1], i32>, !triton.block<[1, RBLOCK], i32>) -> !triton.block<[XBLOCK, RBLOCK], i32>
%rshift = triton.rshift %xi, %ri : (!triton.block<[XBLOCK, 1], i32>, !triton.block<[1, RBLOCK], i32>) -> !triton.block<[XBLOCK, RBLOCK], i32>
%logical_and = triton.logical_and %xb, %rb : (!triton.block<[XBLOCK, 1], i1>, !triton.block<[1, RBLOCK], i1>) -> !triton.block<[XBLOCK, RBLOCK], i1>
%logical_or = triton.logical_or %xb, %rb : (!triton.block<[XBLOCK, 1], i1>, !triton.block<[1, RBLOCK], i1>) -> !triton.block<[XBLOCK, RBLOCK], i1>
%eq = triton.eq %xf, %rf : (!triton.block<[XBLOCK, 1], f32>, !triton.block<[1, RBLOCK], f32>) -> !triton.block<[XBLOCK, RBLOCK], i1>
%ne = triton.ne %xf, %rf : (!triton.block<[XBLOCK, 1], f32>, !triton.block<[1, RBLOCK], f32>) -> !triton.block<[XBLOCK, RBLOCK], i1>
%lt = triton.lt %xf, %rf : (!triton.block<[XBLOCK, 1], f32>, !triton.block<[1, RBLOCK], f32>) -> !triton.block<[XBLOCK, RBLOCK], i1>
%le = triton.le %xf, %rf : (!triton.block<[XBLOCK, 1], f32>, !triton.block<[1, RBLOCK], f32>) -> !triton.block<[XBLOCK, RBLOCK], i1>
%gt = triton.gt %xf, %rf : (!triton.block<[XBLOCK, 1], f32>, !triton.block<[1, RBLOCK], f32>) -> !triton.block<[XBLOCK, RBLOCK], i1>
%ge = triton.ge %xf, %rf : (!triton.block<[XBLOCK, 1], f32>, !triton.block<[1, RBLOCK], f32>) -> !triton.block<[XBLOCK, RBLOCK], i1>
%neg = triton.neg %xf : !triton.block<[XBLOCK, 1], f32> -> !triton.block<[XBLOCK, 1], f32>
%abs = triton.abs %xf : !triton.block<[XBLOCK, 1], f32> -> !triton.block<[XBLOCK, 1], f32>
%reciprocal = triton.reciprocal %xf : !triton.block<[XBLOCK, 1], f32> -> !triton.block<[XBLOCK, 1], f32>
%exp = triton.exp %xf : !triton.block<[XBLOCK, 1], f32> -> !triton.block<[XBLOCK, 1], f32>
%exp2 = triton.exp2 %xf : !triton.block<[XBLOCK, 1], f32> -> !triton.block<[XBLOCK, 1], f32>
%log = triton.log %xf : !triton.block<[XBLOCK, 1], f32> -> !triton.block<[XBLOCK, 1], f32>
%log2 = triton.log2 %xf : !triton.block<[XBLOCK, 1], f32> -> !triton.block<[XBLOCK, 1], f32>
%sqrt = triton.sqrt %xf : !triton.block<[XBLOCK, 1], f32> -> !triton.block<[XBLOCK, 1], f32>
%rsqrt = triton.rsqrt %xf : !triton.block<[XBLOCK, 1], f32> -> !triton.block<[XBLOCK, 1], f32>
%sin = triton.sin %xf : !triton.block<[XBLOCK, 1], f32> -> !triton.block<[XBLOCK, 1], f32>
%cos = triton.cos %xf : !triton.block<[XBLOCK, 1], f32> -> !triton.block<[XBLOCK, 1], f32>
%sigmoid = triton.sigmoid %xf : !triton.block<[XBLOCK, 1], f32> -> !triton.block<[XBLOCK, 1], f32>
%floor = triton.floor %xf : !triton.block<[XBLOCK, 1], f32> -> !triton.block<[XBLOCK, 1], f32>
%ceil = triton.ceil %xf : !triton.block<[XBLOCK, 1], f32> -> !triton.block<[XBLOCK, 1], f32>
%tan = triton.tan %xf : !triton.block<[XBLOCK, 1], f32> -> !triton.block<[XBLOCK, 1], f32>
%tanh = triton.tanh %xf : !triton.block<[XBLOCK, 1], f32> -> !triton.block<[XBLOCK, 1], f32>
%erf = triton.erf %xf : !triton.block<[XBLOCK, 1], f32> -> !triton.block<[XBLOCK, 1], f32>
%erfc = triton.erfc %xf : !triton.block<[XBLOCK, 1], f32> -> !triton.block<[XBLOCK, 1], f32>
%expm1 = triton.expm1 %xf : !triton.block<[XBLOCK, 1], f32> -> !triton.block<[XBLOCK, 1], f32>
%log1p = triton.log1p %xf : !triton.block<[XBLOCK, 1], f32> -> !triton.block<[XBLOCK, 1], f32>
%asin = triton.asin %xf : !triton.block<[XBLOCK, 1], f32> -> !triton.block<[XBLOCK, 1], f32>
%acos = triton.acos %xf : !triton.block<[XBLOCK, 1], f32> -> !triton.block<[XBLOCK, 1], f32>
%atan = triton.atan %xf : !triton.block<[XBLOCK, 1], f32> -> !triton.block<[XBLOCK, 1], f32>
%sinh = triton.sinh %xf : !triton.block<[XBLOCK, 1], f32> -> !triton.block<[XBLOCK, 1], f32>
%cosh = triton.cosh %xf : !triton.block<[XBLOCK, 1], f32> -> !triton.block<[XBLOCK, 1], f32>
%asinh = triton.asinh %xf : !triton.block<[XBLOCK, 1], f32> -> !triton.block<[XBLOCK, 1], f32>
%acosh = triton.acosh %xf : !triton.block<[XBLOCK, 1], f32> -> !triton.block<[XBLOCK, 1], f32>
%atanh = triton.atanh %xf : !triton.block<[XBLOCK, 1], f32> -> !triton.block<[XBLOCK, 1], f32>
%trunc = triton.trunc %xf : !triton.block<[XBLOCK, 1], f32> -> !triton.block<[XBLOCK, 1], f32>
%round = triton.round %xf : !triton.block<[XBLOCK, 1], f32> -> !triton.block<[XBLOCK, 1], f32>
%lgamma = triton.lgamma %xf : !triton.block<[XBLOCK, 1], f32> -> !triton.block<[XBLOCK, 1], f32>
%log10 = triton.log10 %xf : !triton.block<[XBLOCK, 1], f32> -> !triton.block<[XBLOCK, 1], f32>
%erfinv = triton.erfinv %xf : !triton.block<[XBLOCK, 1], f32> -> !triton.block<[XBLOCK, 1], f32>
%i0 = triton.i0 %xf : !triton.block<[XBLOCK, 1], f32> -> !triton.block<[XBLOCK, 1], f32>
%i1 = triton.i1 %xf : !triton.block<[XBLOCK, 1], f32> -> !triton.block<[XBLOCK, 1], f32>
%erfcx = triton.erfcx %xf : !triton.block<[XBLOCK, 1], f32> -> !triton.block<[XBLOCK, 1], f32>
%ndtri = triton.ndtri %xf : !triton.block<[XBLOCK, 1], f32> -> !triton.block<[XBLOCK, 1], f32>
%bessel_j0 = triton.bessel_j0 %xf : !triton.block<[XBLOCK, 1], f32> -> !triton.block<[XBLOCK, 1], f32>
%bessel_j1 = triton.bessel_j1 %xf : !triton.block<[XBLOCK, 1], f32> -> !triton.block<[XBLOCK, 1], f32>
%bessel_y0 = triton.bessel_y0 %xf : !triton.block<[XBLOCK, 1], f32> -> !triton.block<[XBLOCK, 1], f32>
%bessel_y1 = triton.bessel_y1 %xf : !triton.block<[XBLOCK, 1], f32> -> !triton.block<[XBLOCK, 1], f32>
%signbit = triton.signbit %xf : !triton.block<[XBLOCK, 1], f32> -> !triton.block<[XBLOCK, 1], i1>
%isnan = triton.isnan %xf : !triton.block<[XBLOCK, 1], f32> -> !triton.block<[XBLOCK, 1], i1>
%isinf = triton.isinf %xf : !triton.block<[XBLOCK, 1], f32> -> !triton.block<[XBLOCK, 1], i1>
%not = triton.not %xb : !triton.block<[XBLOCK, 1], i1> -> !triton.block<[XBLOCK, 1], i1>
%bitwise_not = triton.bitwise_not %xi : !triton.block<[XBLOCK, 1], i32> -> !triton.block<[XBLOCK, 1], i32>
%scalar = triton.sub %si, %si : (i32, i32) -> i32

// CHECK: %xf, %rf, %sf = "test.op"() : () -> (!triton.block<[XBLOCK, 1], f32>, !triton.block<[1, RBLOCK], f32>, f32)
// CHECK-NEXT: %xi, %ri, %si = "test.op"() : () -> (!triton.block<[XBLOCK, 1], i32>, !triton.block<[1, RBLOCK], i32>, i32)
// CHECK-NEXT: %xb, %rb = "test.op"() : () -> (!triton.block<[XBLOCK, 1], i1>, !triton.block<[1, RBLOCK], i1>)
// CHECK-NEXT: %add = triton.add %xf, %sf : (!triton.block<[XBLOCK, 1], f32>, f32) -> !triton.block<[XBLOCK, 1], f32>
// CHECK-NEXT: %sub = triton.sub %xf, %sf : (!triton.block<[XBLOCK, 1], f32>, f32) -> !triton.block<[XBLOCK, 1], f32>
// CHECK-NEXT: %mul = triton.mul %xf, %sf : (!triton.block<[XBLOCK, 1], f32>, f32) -> !triton.block<[XBLOCK, 1], f32>
// CHECK-NEXT: %truediv = triton.truediv %xf, %sf : (!triton.block<[XBLOCK, 1], f32>, f32) -> !triton.block<[XBLOCK, 1], f32>
// CHECK-NEXT: %floordiv = triton.floordiv %xi, %ri : (!triton.block<[XBLOCK, 1], i32>, !triton.block<[1, RBLOCK], i32>) -> !triton.block<[XBLOCK, RBLOCK], i32>
// CHECK-NEXT: %mod = triton.mod %xi, %ri : (!triton.block<[XBLOCK, 1], i32>, !triton.block<[1, RBLOCK], i32>) -> !triton.block<[XBLOCK, RBLOCK], i32>
// CHECK-NEXT: %trunc_div = triton.trunc_div %xi, %ri : (!triton.block<[XBLOCK, 1], i32>, !triton.block<[1, RBLOCK], i32>) -> !triton.block<[XBLOCK, RBLOCK], i32>
// CHECK-NEXT: %trunc_rem = triton.trunc_rem %xi, %ri : (!triton.block<[XBLOCK, 1], i32>, !triton.block<[1, RBLOCK], i32>) -> !triton.block<[XBLOCK, RBLOCK], i32>
// CHECK-NEXT: %wrapping_abs = triton.wrapping_abs %xi : !triton.block<[XBLOCK, 1], i32> -> !triton.block<[XBLOCK, 1], i32>
// CHECK-NEXT: %fmod = triton.fmod %xf, %sf : (!triton.block<[XBLOCK, 1], f32>, f32) -> !triton.block<[XBLOCK, 1], f32>
// CHECK-NEXT: %minimum = triton.minimum %xf, %sf : (!triton.block<[XBLOCK, 1], f32>, f32) -> !triton.block<[XBLOCK, 1], f32>
// CHECK-NEXT: %maximum = triton.maximum %xf, %sf : (!triton.block<[XBLOCK, 1], f32>, f32) -> !triton.block<[XBLOCK, 1], f32>
// CHECK-NEXT: %pow = triton.pow %xf, %sf : (!triton.block<[XBLOCK, 1], f32>, f32) -> !triton.block<[XBLOCK, 1], f32>
// CHECK-NEXT: %atan2 = triton.atan2 %xf, %sf : (!triton.block<[XBLOCK, 1], f32>, f32) -> !triton.block<[XBLOCK, 1], f32>
// CHECK-NEXT: %hypot = triton.hypot %xf, %sf : (!triton.block<[XBLOCK, 1], f32>, f32) -> !triton.block<[XBLOCK, 1], f32>
// CHECK-NEXT: %nextafter = triton.nextafter %xf, %sf : (!triton.block<[XBLOCK, 1], f32>, f32) -> !triton.block<[XBLOCK, 1], f32>
// CHECK-NEXT: %copysign = triton.copysign %xf, %sf : (!triton.block<[XBLOCK, 1], f32>, f32) -> !triton.block<[XBLOCK, 1], f32>
// CHECK-NEXT: %bitwise_and = triton.bitwise_and %xi, %ri : (!triton.block<[XBLOCK, 1], i32>, !triton.block<[1, RBLOCK], i32>) -> !triton.block<[XBLOCK, RBLOCK], i32>
// CHECK-NEXT: %bitwise_or = triton.bitwise_or %xi, %ri : (!triton.block<[XBLOCK, 1], i32>, !triton.block<[1, RBLOCK], i32>) -> !triton.block<[XBLOCK, RBLOCK], i32>
// CHECK-NEXT: %bitwise_xor = triton.bitwise_xor %xi, %ri : (!triton.block<[XBLOCK, 1], i32>, !triton.block<[1, RBLOCK], i32>) -> !triton.block<[XBLOCK, RBLOCK], i32>
// CHECK-NEXT: %lshift = triton.lshift %xi, %ri : (!triton.block<[XBLOCK, 1], i32>, !triton.block<[1, RBLOCK], i32>) -> !triton.block<[XBLOCK, RBLOCK], i32>
// CHECK-NEXT: %rshift = triton.rshift %xi, %ri : (!triton.block<[XBLOCK, 1], i32>, !triton.block<[1, RBLOCK], i32>) -> !triton.block<[XBLOCK, RBLOCK], i32>
// CHECK-NEXT: %logical_and = triton.logical_and %xb, %rb : (!triton.block<[XBLOCK, 1], i1>, !triton.block<[1, RBLOCK], i1>) -> !triton.block<[XBLOCK, RBLOCK], i1>
// CHECK-NEXT: %logical_or = triton.logical_or %xb, %rb : (!triton.block<[XBLOCK, 1], i1>, !triton.block<[1, RBLOCK], i1>) -> !triton.block<[XBLOCK, RBLOCK], i1>
// CHECK-NEXT: %eq = triton.eq %xf, %rf : (!triton.block<[XBLOCK, 1], f32>, !triton.block<[1, RBLOCK], f32>) -> !triton.block<[XBLOCK, RBLOCK], i1>
// CHECK-NEXT: %ne = triton.ne %xf, %rf : (!triton.block<[XBLOCK, 1], f32>, !triton.block<[1, RBLOCK], f32>) -> !triton.block<[XBLOCK, RBLOCK], i1>
// CHECK-NEXT: %lt = triton.lt %xf, %rf : (!triton.block<[XBLOCK, 1], f32>, !triton.block<[1, RBLOCK], f32>) -> !triton.block<[XBLOCK, RBLOCK], i1>
// CHECK-NEXT: %le = triton.le %xf, %rf : (!triton.block<[XBLOCK, 1], f32>, !triton.block<[1, RBLOCK], f32>) -> !triton.block<[XBLOCK, RBLOCK], i1>
// CHECK-NEXT: %gt = triton.gt %xf, %rf : (!triton.block<[XBLOCK, 1], f32>, !triton.block<[1, RBLOCK], f32>) -> !triton.block<[XBLOCK, RBLOCK], i1>
// CHECK-NEXT: %ge = triton.ge %xf, %rf : (!triton.block<[XBLOCK, 1], f32>, !triton.block<[1, RBLOCK], f32>) -> !triton.block<[XBLOCK, RBLOCK], i1>
// CHECK-NEXT: %neg = triton.neg %xf : !triton.block<[XBLOCK, 1], f32> -> !triton.block<[XBLOCK, 1], f32>
// CHECK-NEXT: %abs = triton.abs %xf : !triton.block<[XBLOCK, 1], f32> -> !triton.block<[XBLOCK, 1], f32>
// CHECK-NEXT: %reciprocal = triton.reciprocal %xf : !triton.block<[XBLOCK, 1], f32> -> !triton.block<[XBLOCK, 1], f32>
// CHECK-NEXT: %exp = triton.exp %xf : !triton.block<[XBLOCK, 1], f32> -> !triton.block<[XBLOCK, 1], f32>
// CHECK-NEXT: %exp2 = triton.exp2 %xf : !triton.block<[XBLOCK, 1], f32> -> !triton.block<[XBLOCK, 1], f32>
// CHECK-NEXT: %log = triton.log %xf : !triton.block<[XBLOCK, 1], f32> -> !triton.block<[XBLOCK, 1], f32>
// CHECK-NEXT: %log2 = triton.log2 %xf : !triton.block<[XBLOCK, 1], f32> -> !triton.block<[XBLOCK, 1], f32>
// CHECK-NEXT: %sqrt = triton.sqrt %xf : !triton.block<[XBLOCK, 1], f32> -> !triton.block<[XBLOCK, 1], f32>
// CHECK-NEXT: %rsqrt = triton.rsqrt %xf : !triton.block<[XBLOCK, 1], f32> -> !triton.block<[XBLOCK, 1], f32>
// CHECK-NEXT: %sin = triton.sin %xf : !triton.block<[XBLOCK, 1], f32> -> !triton.block<[XBLOCK, 1], f32>
// CHECK-NEXT: %cos = triton.cos %xf : !triton.block<[XBLOCK, 1], f32> -> !triton.block<[XBLOCK, 1], f32>
// CHECK-NEXT: %sigmoid = triton.sigmoid %xf : !triton.block<[XBLOCK, 1], f32> -> !triton.block<[XBLOCK, 1], f32>
// CHECK-NEXT: %floor = triton.floor %xf : !triton.block<[XBLOCK, 1], f32> -> !triton.block<[XBLOCK, 1], f32>
// CHECK-NEXT: %ceil = triton.ceil %xf : !triton.block<[XBLOCK, 1], f32> -> !triton.block<[XBLOCK, 1], f32>
// CHECK-NEXT: %tan = triton.tan %xf : !triton.block<[XBLOCK, 1], f32> -> !triton.block<[XBLOCK, 1], f32>
// CHECK-NEXT: %tanh = triton.tanh %xf : !triton.block<[XBLOCK, 1], f32> -> !triton.block<[XBLOCK, 1], f32>
// CHECK-NEXT: %erf = triton.erf %xf : !triton.block<[XBLOCK, 1], f32> -> !triton.block<[XBLOCK, 1], f32>
// CHECK-NEXT: %erfc = triton.erfc %xf : !triton.block<[XBLOCK, 1], f32> -> !triton.block<[XBLOCK, 1], f32>
// CHECK-NEXT: %expm1 = triton.expm1 %xf : !triton.block<[XBLOCK, 1], f32> -> !triton.block<[XBLOCK, 1], f32>
// CHECK-NEXT: %log1p = triton.log1p %xf : !triton.block<[XBLOCK, 1], f32> -> !triton.block<[XBLOCK, 1], f32>
// CHECK-NEXT: %asin = triton.asin %xf : !triton.block<[XBLOCK, 1], f32> -> !triton.block<[XBLOCK, 1], f32>
// CHECK-NEXT: %acos = triton.acos %xf : !triton.block<[XBLOCK, 1], f32> -> !triton.block<[XBLOCK, 1], f32>
// CHECK-NEXT: %atan = triton.atan %xf : !triton.block<[XBLOCK, 1], f32> -> !triton.block<[XBLOCK, 1], f32>
// CHECK-NEXT: %sinh = triton.sinh %xf : !triton.block<[XBLOCK, 1], f32> -> !triton.block<[XBLOCK, 1], f32>
// CHECK-NEXT: %cosh = triton.cosh %xf : !triton.block<[XBLOCK, 1], f32> -> !triton.block<[XBLOCK, 1], f32>
// CHECK-NEXT: %asinh = triton.asinh %xf : !triton.block<[XBLOCK, 1], f32> -> !triton.block<[XBLOCK, 1], f32>
// CHECK-NEXT: %acosh = triton.acosh %xf : !triton.block<[XBLOCK, 1], f32> -> !triton.block<[XBLOCK, 1], f32>
// CHECK-NEXT: %atanh = triton.atanh %xf : !triton.block<[XBLOCK, 1], f32> -> !triton.block<[XBLOCK, 1], f32>
// CHECK-NEXT: %trunc = triton.trunc %xf : !triton.block<[XBLOCK, 1], f32> -> !triton.block<[XBLOCK, 1], f32>
// CHECK-NEXT: %round = triton.round %xf : !triton.block<[XBLOCK, 1], f32> -> !triton.block<[XBLOCK, 1], f32>
// CHECK-NEXT: %lgamma = triton.lgamma %xf : !triton.block<[XBLOCK, 1], f32> -> !triton.block<[XBLOCK, 1], f32>
// CHECK-NEXT: %log10 = triton.log10 %xf : !triton.block<[XBLOCK, 1], f32> -> !triton.block<[XBLOCK, 1], f32>
// CHECK-NEXT: %erfinv = triton.erfinv %xf : !triton.block<[XBLOCK, 1], f32> -> !triton.block<[XBLOCK, 1], f32>
// CHECK-NEXT: %i0 = triton.i0 %xf : !triton.block<[XBLOCK, 1], f32> -> !triton.block<[XBLOCK, 1], f32>
// CHECK-NEXT: %i1 = triton.i1 %xf : !triton.block<[XBLOCK, 1], f32> -> !triton.block<[XBLOCK, 1], f32>
// CHECK-NEXT: %erfcx = triton.erfcx %xf : !triton.block<[XBLOCK, 1], f32> -> !triton.block<[XBLOCK, 1], f32>
// CHECK-NEXT: %ndtri = triton.ndtri %xf : !triton.block<[XBLOCK, 1], f32> -> !triton.block<[XBLOCK, 1], f32>
// CHECK-NEXT: %bessel_j0 = triton.bessel_j0 %xf : !triton.block<[XBLOCK, 1], f32> -> !triton.block<[XBLOCK, 1], f32>
// CHECK-NEXT: %bessel_j1 = triton.bessel_j1 %xf : !triton.block<[XBLOCK, 1], f32> -> !triton.block<[XBLOCK, 1], f32>
// CHECK-NEXT: %bessel_y0 = triton.bessel_y0 %xf : !triton.block<[XBLOCK, 1], f32> -> !triton.block<[XBLOCK, 1], f32>
// CHECK-NEXT: %bessel_y1 = triton.bessel_y1 %xf : !triton.block<[XBLOCK, 1], f32> -> !triton.block<[XBLOCK, 1], f32>
// CHECK-NEXT: %signbit = triton.signbit %xf : !triton.block<[XBLOCK, 1], f32> -> !triton.block<[XBLOCK, 1], i1>
// CHECK-NEXT: %isnan = triton.isnan %xf : !triton.block<[XBLOCK, 1], f32> -> !triton.block<[XBLOCK, 1], i1>
// CHECK-NEXT: %isinf = triton.isinf %xf : !triton.block<[XBLOCK, 1], f32> -> !triton.block<[XBLOCK, 1], i1>
// CHECK-NEXT: %not = triton.not %xb : !triton.block<[XBLOCK, 1], i1> -> !triton.block<[XBLOCK, 1], i1>
// CHECK-NEXT: %bitwise_not = triton.bitwise_not %xi : !triton.block<[XBLOCK, 1], i32> -> !triton.block<[XBLOCK, 1], i32>
// CHECK-NEXT: %scalar = triton.sub %si, %si : (i32, i32) -> i32
// GENERIC: %add = "triton.add"(%xf, %sf) : (!triton.block<[XBLOCK, 1], f32>, f32) -> !triton.block<[XBLOCK, 1], f32>
// GENERIC: %exp = "triton.exp"(%xf) : (!triton.block<[XBLOCK, 1], f32>) -> !triton.block<[XBLOCK, 1], f32>
// GENERIC: %isnan = "triton.isnan"(%xf) : (!triton.block<[XBLOCK, 1], f32>) -> !triton.block<[XBLOCK, 1], i1>

// -----

// Every reduction kind of REDUCE_KINDS.
%f, %b, %i = "test.op"() : () -> (!triton.block<[XBLOCK, RBLOCK], f32>, !triton.block<[RBLOCK], i1>, !triton.block<[XBLOCK, RBLOCK], i64>)
%sum = triton.reduce sum %f axis 1 : !triton.block<[XBLOCK, RBLOCK], f32> -> !triton.block<[XBLOCK], f32>
%prod = triton.reduce prod %f axis 0 keep_dims : !triton.block<[XBLOCK, RBLOCK], f32> -> !triton.block<[1, RBLOCK], f32>
%max = triton.reduce max %f axis 1 keep_dims : !triton.block<[XBLOCK, RBLOCK], f32> -> !triton.block<[XBLOCK, 1], f32>
%min = triton.reduce min %f axis 1 : !triton.block<[XBLOCK, RBLOCK], f32> -> !triton.block<[XBLOCK], f32>
%argmax = triton.reduce argmax %f axis 0 keep_dims : !triton.block<[XBLOCK, RBLOCK], f32> -> !triton.block<[1, RBLOCK], i64>
%argmin = triton.reduce argmin %f axis 1 keep_dims : !triton.block<[XBLOCK, RBLOCK], f32> -> !triton.block<[XBLOCK, 1], i32>
%any = triton.reduce any %b axis 0 : !triton.block<[RBLOCK], i1> -> i1
%maximum = triton.reduce maximum %f axis 0 keep_dims : !triton.block<[XBLOCK, RBLOCK], f32> -> !triton.block<[1, RBLOCK], f32>
%minimum = triton.reduce minimum %f axis 1 keep_dims : !triton.block<[XBLOCK, RBLOCK], f32> -> !triton.block<[XBLOCK, 1], f32>
%xor_sum = triton.reduce xor_sum %i axis 1 : !triton.block<[XBLOCK, RBLOCK], i64> -> !triton.block<[XBLOCK], i64>

// CHECK: %f, %b, %i = "test.op"() : () -> (!triton.block<[XBLOCK, RBLOCK], f32>, !triton.block<[RBLOCK], i1>, !triton.block<[XBLOCK, RBLOCK], i64>)
// CHECK-NEXT: %sum = triton.reduce sum %f axis 1 : !triton.block<[XBLOCK, RBLOCK], f32> -> !triton.block<[XBLOCK], f32>
// CHECK-NEXT: %prod = triton.reduce prod %f axis 0 keep_dims : !triton.block<[XBLOCK, RBLOCK], f32> -> !triton.block<[1, RBLOCK], f32>
// CHECK-NEXT: %max = triton.reduce max %f axis 1 keep_dims : !triton.block<[XBLOCK, RBLOCK], f32> -> !triton.block<[XBLOCK, 1], f32>
// CHECK-NEXT: %min = triton.reduce min %f axis 1 : !triton.block<[XBLOCK, RBLOCK], f32> -> !triton.block<[XBLOCK], f32>
// CHECK-NEXT: %argmax = triton.reduce argmax %f axis 0 keep_dims : !triton.block<[XBLOCK, RBLOCK], f32> -> !triton.block<[1, RBLOCK], i64>
// CHECK-NEXT: %argmin = triton.reduce argmin %f axis 1 keep_dims : !triton.block<[XBLOCK, RBLOCK], f32> -> !triton.block<[XBLOCK, 1], i32>
// CHECK-NEXT: %any = triton.reduce any %b axis 0 : !triton.block<[RBLOCK], i1> -> i1
// CHECK-NEXT: %maximum = triton.reduce maximum %f axis 0 keep_dims : !triton.block<[XBLOCK, RBLOCK], f32> -> !triton.block<[1, RBLOCK], f32>
// CHECK-NEXT: %minimum = triton.reduce minimum %f axis 1 keep_dims : !triton.block<[XBLOCK, RBLOCK], f32> -> !triton.block<[XBLOCK, 1], f32>
// CHECK-NEXT: %xor_sum = triton.reduce xor_sum %i axis 1 : !triton.block<[XBLOCK, RBLOCK], i64> -> !triton.block<[XBLOCK], i64>
// GENERIC: %argmin = "triton.reduce"(%f) <{kind = #triton<reduce_kind argmin>, axis = 1 : i64, keep_dims}> : (!triton.block<[XBLOCK, RBLOCK], f32>) -> !triton.block<[XBLOCK, 1], i32>

// -----

// Constants: scalars of every kind, special floats, and tl.full blocks.
%i = triton.constant 7 : i32
%n = triton.constant -3 : i64
%u = triton.constant 255 : ui8
%f = triton.constant 0.5 : f32
%g = triton.constant -2.5e-05 : f64
%third = triton.constant 0.3333333333333333 : f32
%big = triton.constant 1.0e+20 : f32
%h = triton.constant 1.0 : f16
%bf = triton.constant -0.0 : bf16
%inf = triton.constant inf : f32
%ninf = triton.constant -inf : f32
%nan = triton.constant nan : f32
%t = triton.constant true : i1
%fa = triton.constant false : i1
%full = triton.constant 1.0 : !triton.block<[XBLOCK, 1], f32>
%ifull = triton.constant 0 : !triton.block<[4], i64>

// CHECK: %i = triton.constant 7 : i32
// CHECK-NEXT: %n = triton.constant -3 : i64
// CHECK-NEXT: %u = triton.constant 255 : ui8
// CHECK-NEXT: %f = triton.constant 0.5 : f32
// CHECK-NEXT: %g = triton.constant -2.5e-05 : f64
// CHECK-NEXT: %third = triton.constant 0.33333334 : f32
// CHECK-NEXT: %big = triton.constant 1.0e+20 : f32
// CHECK-NEXT: %h = triton.constant 1.0 : f16
// CHECK-NEXT: %bf = triton.constant -0.0 : bf16
// CHECK-NEXT: %inf = triton.constant inf : f32
// CHECK-NEXT: %ninf = triton.constant -inf : f32
// CHECK-NEXT: %nan = triton.constant nan : f32
// CHECK-NEXT: %t = triton.constant true : i1
// CHECK-NEXT: %fa = triton.constant false : i1
// CHECK-NEXT: %full = triton.constant 1.0 : !triton.block<[XBLOCK, 1], f32>
// CHECK-NEXT: %ifull = triton.constant 0 : !triton.block<[4], i64>
// GENERIC: %nan = "triton.constant"() <{value = 0x7fc00000 : f32}> : () -> f32
// GENERIC: %t = "triton.constant"() <{value = true}> : () -> i1
// GENERIC: %full = "triton.constant"() <{value = 1.000000e+00 : f32}> : () -> !triton.block<[XBLOCK, 1], f32>

// -----

// Types, arange with integer and named bounds, a kernel with no constexprs and a discardable attribute.
%p, %bp = "test.op"() : () -> (!triton.ptr<f16>, !triton.block<[XBLOCK, 1], !triton.ptr<i64>>)
%a = triton.arange 0, 16 : !triton.block<[16], i32>
%b = triton.arange 4, 12 : !triton.block<[8], i32>
%c = triton.arange RBLOCK, 64 : !triton.block<[32], i32>
triton.func @scalar_kernel(%out_ptr0: !triton.ptr<i1>, %flag: i1) attributes {irc.origin = "test"} {
  triton.store %out_ptr0, %flag : !triton.ptr<i1>, i1
  triton.return
}

// CHECK: %p, %bp = "test.op"() : () -> (!triton.ptr<f16>, !triton.block<[XBLOCK, 1], !triton.ptr<i64>>)
// CHECK-NEXT: %a = triton.arange 0, 16 : !triton.block<[16], i32>
// CHECK-NEXT: %b = triton.arange 4, 12 : !triton.block<[8], i32>
// CHECK-NEXT: %c = triton.arange RBLOCK, 64 : !triton.block<[32], i32>
// CHECK-NEXT: triton.func @scalar_kernel(%out_ptr0: !triton.ptr<i1>, %flag: i1) attributes {irc.origin = "test"} {
// CHECK-NEXT: triton.store %out_ptr0, %flag : !triton.ptr<i1>, i1
// CHECK-NEXT: triton.return
// CHECK-NEXT: }
// GENERIC: %p, %bp = "test.op"() : () -> (!triton.ptr<f16>, !triton.block<[XBLOCK, 1], !triton.ptr<i64>>)
// GENERIC: "triton.func"() <{sym_name = "scalar_kernel", function_type = (!triton.ptr<i1>, i1) -> (), arg_names = ["out_ptr0", "flag"], constexprs = []}> ({

// -----

// tl.dot: [M, K] x [K, N] plus an f32 accumulator; f32 operands in full precision (input_precision "ieee").
triton.func @triton_tem_mm_0(%out_ptr0: !triton.ptr<f32>) constexprs [BLOCK_M, BLOCK_N, BLOCK_K] {
  %a = triton.constant 1.0 : !triton.block<[BLOCK_M, BLOCK_K], f16>
  %b = triton.constant 2.0 : !triton.block<[BLOCK_K, BLOCK_N], f16>
  %acc = triton.constant 0.0 : !triton.block<[BLOCK_M, BLOCK_N], f32>
  %c = triton.dot %a, %b, %acc : (!triton.block<[BLOCK_M, BLOCK_K], f16>, !triton.block<[BLOCK_K, BLOCK_N], f16>, !triton.block<[BLOCK_M, BLOCK_N], f32>) -> !triton.block<[BLOCK_M, BLOCK_N], f32>
  %a32 = triton.constant 1.0 : !triton.block<[BLOCK_M, BLOCK_K], f32>
  %b32 = triton.constant 2.0 : !triton.block<[BLOCK_K, BLOCK_N], f32>
  %d = triton.dot %a32, %b32, %c precision "ieee" : (!triton.block<[BLOCK_M, BLOCK_K], f32>, !triton.block<[BLOCK_K, BLOCK_N], f32>, !triton.block<[BLOCK_M, BLOCK_N], f32>) -> !triton.block<[BLOCK_M, BLOCK_N], f32>
  triton.return
}

// CHECK-LABEL: triton.func @triton_tem_mm_0(%out_ptr0: !triton.ptr<f32>) constexprs [BLOCK_M, BLOCK_N, BLOCK_K] {
// CHECK-NEXT:   %a = triton.constant 1.0 : !triton.block<[BLOCK_M, BLOCK_K], f16>
// CHECK-NEXT:   %b = triton.constant 2.0 : !triton.block<[BLOCK_K, BLOCK_N], f16>
// CHECK-NEXT:   %acc = triton.constant 0.0 : !triton.block<[BLOCK_M, BLOCK_N], f32>
// CHECK-NEXT:   %c = triton.dot %a, %b, %acc : (!triton.block<[BLOCK_M, BLOCK_K], f16>, !triton.block<[BLOCK_K, BLOCK_N], f16>, !triton.block<[BLOCK_M, BLOCK_N], f32>) -> !triton.block<[BLOCK_M, BLOCK_N], f32>
// CHECK-NEXT:   %a32 = triton.constant 1.0 : !triton.block<[BLOCK_M, BLOCK_K], f32>
// CHECK-NEXT:   %b32 = triton.constant 2.0 : !triton.block<[BLOCK_K, BLOCK_N], f32>
// CHECK-NEXT:   %d = triton.dot %a32, %b32, %c precision "ieee" : (!triton.block<[BLOCK_M, BLOCK_K], f32>, !triton.block<[BLOCK_K, BLOCK_N], f32>, !triton.block<[BLOCK_M, BLOCK_N], f32>) -> !triton.block<[BLOCK_M, BLOCK_N], f32>
// CHECK-NEXT:   triton.return
// CHECK-NEXT: }
// GENERIC: %c = "triton.dot"(%a, %b, %acc) : (!triton.block<[BLOCK_M, BLOCK_K], f16>, !triton.block<[BLOCK_K, BLOCK_N], f16>, !triton.block<[BLOCK_M, BLOCK_N], f32>) -> !triton.block<[BLOCK_M, BLOCK_N], f32>
// GENERIC: %d = "triton.dot"(%a32, %b32, %c) <{input_precision = "ieee"}> : (!triton.block<[BLOCK_M, BLOCK_K], f32>, !triton.block<[BLOCK_K, BLOCK_N], f32>, !triton.block<[BLOCK_M, BLOCK_N], f32>) -> !triton.block<[BLOCK_M, BLOCK_N], f32>

// -----

// CHECK: triton.scan "sum" %{{.*}} axis 1 : !triton.block<[4, 8], f32> -> !triton.block<[4, 8], f32>
%x = "test.op"() : () -> !triton.block<[4, 8], f32>
%s = triton.scan "sum" %x axis 1 : !triton.block<[4, 8], f32> -> !triton.block<[4, 8], f32>

// -----

// A sort row: `length` real lanes along the last axis; argsort gives i64 positions.
// CHECK: triton.scan "sort" %{{.*}} length %{{.*}} : i32 axis 1 : !triton.block<[4, 8], f16> -> !triton.block<[4, 8], f16>
// CHECK: triton.scan "argsort_descending" %{{.*}} length %{{.*}} : i32 axis 1 : !triton.block<[4, 8], f16> -> !triton.block<[4, 8], i64>
%x, %n = "test.op"() : () -> (!triton.block<[4, 8], f16>, i32)
%s = triton.scan "sort" %x length %n : i32 axis 1 : !triton.block<[4, 8], f16> -> !triton.block<[4, 8], f16>
%i = triton.scan "argsort_descending" %x length %n : i32 axis 1 : !triton.block<[4, 8], f16> -> !triton.block<[4, 8], i64>

// -----

// CHECK: triton.atomic_add %{{.*}}, %{{.*}} mask %{{.*}} : !triton.block<[8], !triton.ptr<f32>>, !triton.block<[8], f32>, !triton.block<[8], i1>
%p = "test.op"() : () -> !triton.block<[8], !triton.ptr<f32>>
%v = "test.op"() : () -> !triton.block<[8], f32>
%m = "test.op"() : () -> !triton.block<[8], i1>
triton.atomic_add %p, %v mask %m : !triton.block<[8], !triton.ptr<f32>>, !triton.block<[8], f32>, !triton.block<[8], i1>

// -----

// Tensor descriptors (TMA): made from a pointer, sizes and strides; a block loaded at offsets; a transpose.
// CHECK:      %d = triton.make_tensor_descriptor %p[%m, %k] [%k, %one] : !triton.ptr<f16>, (i32, i32), (i32, i32) -> !triton.tensordesc<[BLOCK_N, BLOCK_K], f16>
// CHECK-NEXT: %t = triton.descriptor_load %d[%m, %k] : (!triton.tensordesc<[BLOCK_N, BLOCK_K], f16>, i32, i32) -> !triton.block<[BLOCK_N, BLOCK_K], f16>
// CHECK-NEXT: %u = triton.trans %t : !triton.block<[BLOCK_N, BLOCK_K], f16> -> !triton.block<[BLOCK_K, BLOCK_N], f16>
// GENERIC:    "triton.make_tensor_descriptor"(%p, %m, %k, %k, %one) <{operandSegmentSizes = array<i32: 1, 2, 2>}>
%p = "test.op"() : () -> !triton.ptr<f16>
%m = "test.op"() : () -> i32
%k = "test.op"() : () -> i32
%one = "test.op"() : () -> i32
%d = triton.make_tensor_descriptor %p[%m, %k] [%k, %one] : !triton.ptr<f16>, (i32, i32), (i32, i32) -> !triton.tensordesc<[BLOCK_N, BLOCK_K], f16>
%t = triton.descriptor_load %d[%m, %k] : (!triton.tensordesc<[BLOCK_N, BLOCK_K], f16>, i32, i32) -> !triton.block<[BLOCK_N, BLOCK_K], f16>
%u = triton.trans %t : !triton.block<[BLOCK_N, BLOCK_K], f16> -> !triton.block<[BLOCK_K, BLOCK_N], f16>

// -----

// CHECK: triton.atomic_max %{{.*}}, %{{.*}} mask %{{.*}} : !triton.block<[8], !triton.ptr<i32>>, !triton.block<[8], i32>, !triton.block<[8], i1>
// CHECK: triton.atomic_min %{{.*}}, %{{.*}} mask %{{.*}} : !triton.block<[8], !triton.ptr<i32>>, !triton.block<[8], i32>, !triton.block<[8], i1>
%p = "test.op"() : () -> !triton.block<[8], !triton.ptr<i32>>
%v = "test.op"() : () -> !triton.block<[8], i32>
%m = "test.op"() : () -> !triton.block<[8], i1>
triton.atomic_max %p, %v mask %m : !triton.block<[8], !triton.ptr<i32>>, !triton.block<[8], i32>, !triton.block<[8], i1>
triton.atomic_min %p, %v mask %m : !triton.block<[8], !triton.ptr<i32>>, !triton.block<[8], i32>, !triton.block<[8], i1>

// -----

// triton.random: tl.rand / tl.randn / the randint4x helper over a block of offsets.
%ts = "test.op"() : () -> i64
%to = "test.op"() : () -> !triton.block<[XBLOCK], i32>
%t = triton.random "rand" %ts, %to : (i64, !triton.block<[XBLOCK], i32>) -> !triton.block<[XBLOCK], f32>
// CHECK: %t = triton.random "rand" %ts, %to : (i64, !triton.block<[XBLOCK], i32>) -> !triton.block<[XBLOCK], f32>
%ti = triton.random "randint" %ts, %to {low = 5 : i64, high = 9 : i64} : (i64, !triton.block<[XBLOCK], i32>) -> !triton.block<[XBLOCK], i64>
// CHECK-NEXT: %ti = triton.random "randint" %ts, %to {low = 5 : i64, high = 9 : i64} : (i64, !triton.block<[XBLOCK], i32>) -> !triton.block<[XBLOCK], i64>

// -----

// triton.device_assert: the program stops where the condition is false, with its kind's message.
%ok = "test.op"() : () -> !triton.block<[XBLOCK], i1>
triton.device_assert %ok "index" : !triton.block<[XBLOCK], i1>
// CHECK: triton.device_assert %ok "index" : !triton.block<[XBLOCK], i1>
// GENERIC: "triton.device_assert"(%ok) <{kind = "index"}> : (!triton.block<[XBLOCK], i1>) -> ()
