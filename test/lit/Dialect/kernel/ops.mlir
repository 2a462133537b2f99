// RUN: IRC_ROUNDTRIP
// RUN: IRC_GENERIC_ROUNDTRIP

// The worked example, sigmoid(sum(x + y, dim=1)) for x, y of [3, 9]: a tiled persistent reduction with autotune
// candidates, a pointwise kernel without config, and the host program that runs them.
kernel.kernel @fused_add_sigmoid_sum_0(%arg0: !loop.buffer<[3, 9], f32, strides [9, 1]>, %arg1: !loop.buffer<[3, 9], f32, strides [9, 1]>) -> (!loop.buffer<[3], f32, strides [1]>) persistent_reduction numel 3 rnumel 9 {xblock = 1, rblock = 16, num_warps = 2, configs = [{xblock = 1, rblock = 16, num_warps = 2}, {xblock = 2, rblock = 16, num_warps = 4, num_stages = 1}]} {
  %b = "test.op"(%arg0, %arg1) : (!loop.buffer<[3, 9], f32, strides [9, 1]>, !loop.buffer<[3, 9], f32, strides [9, 1]>) -> !loop.buffer<[3], f32, strides [1]>
  kernel.yield %b : !loop.buffer<[3], f32, strides [1]>
}
kernel.kernel @sigmoid_1(%arg0: !loop.buffer<[3], f32, strides [1]>) -> !loop.buffer<[3], f32, strides [1]> pointwise numel 3 rnumel 1 {
  %b = "test.op"(%arg0) : (!loop.buffer<[3], f32, strides [1]>) -> !loop.buffer<[3], f32, strides [1]>
  kernel.yield %b : !loop.buffer<[3], f32, strides [1]>
}
func.func @call(%x: !loop.buffer<[3, 9], f32, strides [9, 1]>, %y: !loop.buffer<[3, 9], f32, strides [9, 1]>) -> !loop.buffer<[2, 3], f32, strides [3, 1]> {
  %buf0 = kernel.alloc : !loop.buffer<[3], f32, strides [1]>
  kernel.launch @fused_add_sigmoid_sum_0(%x, %y) outs(%buf0) : (!loop.buffer<[3, 9], f32, strides [9, 1]>, !loop.buffer<[3, 9], f32, strides [9, 1]>) -> (!loop.buffer<[3], f32, strides [1]>)
  %buf1 = kernel.alloc device "cuda:0" : !loop.buffer<[6], f32, strides [1]>
  %buf2 = kernel.reuse %buf1 : !loop.buffer<[6], f32, strides [1]> to !loop.buffer<[2, 3], f32, strides [3, 1]>
  kernel.launch @sigmoid_1(%buf0) outs(%buf0) : (!loop.buffer<[3], f32, strides [1]>) -> (!loop.buffer<[3], f32, strides [1]>)
  kernel.free %buf0 : !loop.buffer<[3], f32, strides [1]>
  func.return %buf2 : !loop.buffer<[2, 3], f32, strides [3, 1]>
}

// CHECK:      kernel.kernel @fused_add_sigmoid_sum_0(%arg0: !loop.buffer<[3, 9], f32, strides [9, 1]>, %arg1: !loop.buffer<[3, 9], f32, strides [9, 1]>) -> (!loop.buffer<[3], f32, strides [1]>) persistent_reduction numel 3 rnumel 9 {xblock = 1, rblock = 16, num_warps = 2, configs = [{xblock = 1, rblock = 16, num_warps = 2}, {xblock = 2, rblock = 16, num_warps = 4, num_stages = 1}]} {
// CHECK-NEXT:   %b = "test.op"(%arg0, %arg1) : (!loop.buffer<[3, 9], f32, strides [9, 1]>, !loop.buffer<[3, 9], f32, strides [9, 1]>) -> !loop.buffer<[3], f32, strides [1]>
// CHECK-NEXT:   kernel.yield %b : !loop.buffer<[3], f32, strides [1]>
// CHECK-NEXT: }
// CHECK-NEXT: kernel.kernel @sigmoid_1(%arg0: !loop.buffer<[3], f32, strides [1]>) -> (!loop.buffer<[3], f32, strides [1]>) pointwise numel 3 rnumel 1 {
// CHECK-NEXT:   %b = "test.op"(%arg0) : (!loop.buffer<[3], f32, strides [1]>) -> !loop.buffer<[3], f32, strides [1]>
// CHECK-NEXT:   kernel.yield %b : !loop.buffer<[3], f32, strides [1]>
// CHECK-NEXT: }
// CHECK-LABEL: func.func @call
// CHECK-NEXT:   %buf0 = kernel.alloc : !loop.buffer<[3], f32, strides [1]>
// CHECK-NEXT:   kernel.launch @fused_add_sigmoid_sum_0(%x, %y) outs(%buf0) : (!loop.buffer<[3, 9], f32, strides [9, 1]>, !loop.buffer<[3, 9], f32, strides [9, 1]>) -> (!loop.buffer<[3], f32, strides [1]>)
// CHECK-NEXT:   %buf1 = kernel.alloc device "cuda:0" : !loop.buffer<[6], f32, strides [1]>
// CHECK-NEXT:   %buf2 = kernel.reuse %buf1 : !loop.buffer<[6], f32, strides [1]> to !loop.buffer<[2, 3], f32, strides [3, 1]>
// CHECK-NEXT:   kernel.launch @sigmoid_1(%buf0) outs(%buf0) : (!loop.buffer<[3], f32, strides [1]>) -> (!loop.buffer<[3], f32, strides [1]>)
// CHECK-NEXT:   kernel.free %buf0 : !loop.buffer<[3], f32, strides [1]>
// CHECK-NEXT:   func.return %buf2 : !loop.buffer<[2, 3], f32, strides [3, 1]>

// GENERIC:      "kernel.kernel"() <{sym_name = "fused_add_sigmoid_sum_0", function_type = (!loop.buffer<[3, 9], f32, strides [9, 1]>, !loop.buffer<[3, 9], f32, strides [9, 1]>) -> !loop.buffer<[3], f32, strides [1]>, kind = "persistent_reduction", numel = #builtin.int<3>, rnumel = #builtin.int<9>, xblock = 1 : i64, rblock = 16 : i64, num_warps = 2 : i64, configs = [{xblock = 1 : i64, rblock = 16 : i64, num_warps = 2 : i64}, {xblock = 2 : i64, rblock = 16 : i64, num_warps = 4 : i64, num_stages = 1 : i64}]}> ({
// GENERIC-NEXT: ^bb0(%arg0: !loop.buffer<[3, 9], f32, strides [9, 1]>, %arg1: !loop.buffer<[3, 9], f32, strides [9, 1]>):
// GENERIC:        "kernel.yield"(%b) : (!loop.buffer<[3], f32, strides [1]>) -> ()
// GENERIC:      %buf0 = "kernel.alloc"() : () -> !loop.buffer<[3], f32, strides [1]>
// GENERIC-NEXT: "kernel.launch"(%x, %y, %buf0) <{callee = @fused_add_sigmoid_sum_0, operandSegmentSizes = array<i32: 2, 1>}> : (!loop.buffer<[3, 9], f32, strides [9, 1]>, !loop.buffer<[3, 9], f32, strides [9, 1]>, !loop.buffer<[3], f32, strides [1]>) -> ()
// GENERIC-NEXT: %buf1 = "kernel.alloc"() <{device = "cuda:0"}> : () -> !loop.buffer<[6], f32, strides [1]>
// GENERIC-NEXT: %buf2 = "kernel.reuse"(%buf1) : (!loop.buffer<[6], f32, strides [1]>) -> !loop.buffer<[2, 3], f32, strides [3, 1]>
// GENERIC:      "kernel.free"(%buf0) : (!loop.buffer<[3], f32, strides [1]>) -> ()

// -----

// Symbolic sizes, a scalar kernel input, only autotune candidates, extra attributes, and a kernel with no outputs.
kernel.kernel @fused_mul_sum_0(%arg0: !loop.buffer<[s0, 128], f16, strides [128, 1]>, %arg1: index) -> (!loop.buffer<[s0], f32, strides [1]>) reduction numel s0 rnumel 128 {configs = [{xblock = 8, rblock = 64}, {xblock = 1, rblock = 128}]} attributes {note = "looped"} {
  %b = "test.op"(%arg0, %arg1) : (!loop.buffer<[s0, 128], f16, strides [128, 1]>, index) -> !loop.buffer<[s0], f32, strides [1]>
  kernel.yield %b : !loop.buffer<[s0], f32, strides [1]>
}
kernel.kernel @triton_tem_mm_1(%arg0: !loop.buffer<[6, 8], f16, strides [8, 1]>, %arg1: !loop.buffer<[8, 4], f16, strides [1, 8]>) -> (!loop.buffer<[6, 4], f16, strides [4, 1]>) template numel 24 rnumel 1 {yblock = 32, xblock = 16, rblock = 16, group_m = 8, num_stages = 3} {
  %c = kernel.matmul %arg0, %arg1 : (!loop.buffer<[6, 8], f16, strides [8, 1]>, !loop.buffer<[8, 4], f16, strides [1, 8]>) -> !loop.buffer<[6, 4], f16, strides [4, 1]>
  kernel.yield %c : !loop.buffer<[6, 4], f16, strides [4, 1]>
}
kernel.kernel @add_2(%arg0: !loop.buffer<[s0, 37], f32, strides [1, s0]>) -> (!loop.buffer<[s0, 37], f32, strides [37, 1]>) pointwise numel "37*s0" rnumel 1 ynumel s0 {xblock = 32, yblock = 64, num_warps = 4} {
  %t = "test.op"(%arg0) : (!loop.buffer<[s0, 37], f32, strides [1, s0]>) -> !loop.buffer<[s0, 37], f32, strides [37, 1]>
  kernel.yield %t : !loop.buffer<[s0, 37], f32, strides [37, 1]>
}

// CHECK:      kernel.kernel @fused_mul_sum_0(%arg0: !loop.buffer<[s0, 128], f16, strides [128, 1]>, %arg1: index) -> (!loop.buffer<[s0], f32, strides [1]>) reduction numel s0 rnumel 128 {configs = [{xblock = 8, rblock = 64}, {xblock = 1, rblock = 128}]} attributes {note = "looped"} {
// CHECK-NEXT:   %b = "test.op"(%arg0, %arg1) : (!loop.buffer<[s0, 128], f16, strides [128, 1]>, index) -> !loop.buffer<[s0], f32, strides [1]>
// CHECK-NEXT:   kernel.yield %b : !loop.buffer<[s0], f32, strides [1]>
// CHECK-NEXT: }
// CHECK-NEXT: kernel.kernel @triton_tem_mm_1(%arg0: !loop.buffer<[6, 8], f16, strides [8, 1]>, %arg1: !loop.buffer<[8, 4], f16, strides [1, 8]>) -> (!loop.buffer<[6, 4], f16, strides [4, 1]>) template numel 24 rnumel 1 {xblock = 16, yblock = 32, rblock = 16, num_stages = 3, group_m = 8} {
// CHECK-NEXT:   %c = kernel.matmul %arg0, %arg1 : (!loop.buffer<[6, 8], f16, strides [8, 1]>, !loop.buffer<[8, 4], f16, strides [1, 8]>) -> !loop.buffer<[6, 4], f16, strides [4, 1]>
// CHECK-NEXT:   kernel.yield %c : !loop.buffer<[6, 4], f16, strides [4, 1]>
// CHECK-NEXT: }
// CHECK-NEXT: kernel.kernel @add_2(%arg0: !loop.buffer<[s0, 37], f32, strides [1, s0]>) -> (!loop.buffer<[s0, 37], f32, strides [37, 1]>) pointwise numel "37*s0" rnumel 1 ynumel s0 {xblock = 32, yblock = 64, num_warps = 4} {

// GENERIC:      "kernel.kernel"() <{sym_name = "fused_mul_sum_0", function_type = (!loop.buffer<[s0, 128], f16, strides [128, 1]>, index) -> !loop.buffer<[s0], f32, strides [1]>, kind = "reduction", numel = "s0", rnumel = #builtin.int<128>, configs = [{xblock = 8 : i64, rblock = 64 : i64}, {xblock = 1 : i64, rblock = 128 : i64}]}> ({
// GENERIC:      }) {note = "looped"} : () -> ()
// GENERIC:      "kernel.kernel"() <{sym_name = "triton_tem_mm_1", {{.*}} kind = "template", numel = #builtin.int<24>, rnumel = #builtin.int<1>, xblock = 16 : i64, yblock = 32 : i64, rblock = 16 : i64, num_stages = 3 : i64, group_m = 8 : i64}> ({
// GENERIC:        "kernel.matmul"(%{{.*}}, %{{.*}}) : (!loop.buffer<[6, 8], f16, strides [8, 1]>, !loop.buffer<[8, 4], f16, strides [1, 8]>) -> !loop.buffer<[6, 4], f16, strides [4, 1]>
// GENERIC:      "kernel.kernel"() <{sym_name = "add_2", {{.*}} kind = "pointwise", numel = "37*s0", rnumel = #builtin.int<1>, ynumel = "s0", xblock = 32 : i64, yblock = 64 : i64, num_warps = 4 : i64}> ({

// -----

// reverse_programs: the programs walk the tiles last first.
kernel.kernel @exp_epilogue_0(%arg0: !loop.buffer<[4, 4096], f16, strides [4096, 1]>) -> (!loop.buffer<[4, 4096], f16, strides [4096, 1]>) pointwise numel 16384 rnumel 1 ynumel 4 reverse_programs {yblock = 4, xblock = 1024} {
  %t = "test.op"(%arg0) : (!loop.buffer<[4, 4096], f16, strides [4096, 1]>) -> !loop.buffer<[4, 4096], f16, strides [4096, 1]>
  kernel.yield %t : !loop.buffer<[4, 4096], f16, strides [4096, 1]>
}
kernel.kernel @sum_1(%arg0: !loop.buffer<[4, 4096], f16, strides [4096, 1]>) -> (!loop.buffer<[4], f32, strides [1]>) reduction numel 4 rnumel 4096 reverse_programs {
  %t = "test.op"(%arg0) : (!loop.buffer<[4, 4096], f16, strides [4096, 1]>) -> !loop.buffer<[4], f32, strides [1]>
  kernel.yield %t : !loop.buffer<[4], f32, strides [1]>
}

// CHECK:      kernel.kernel @exp_epilogue_0(%arg0: !loop.buffer<[4, 4096], f16, strides [4096, 1]>) -> (!loop.buffer<[4, 4096], f16, strides [4096, 1]>) pointwise numel 16384 rnumel 1 ynumel 4 reverse_programs {xblock = 1024, yblock = 4} {
// CHECK:      kernel.kernel @sum_1(%arg0: !loop.buffer<[4, 4096], f16, strides [4096, 1]>) -> (!loop.buffer<[4], f32, strides [1]>) reduction numel 4 rnumel 4096 reverse_programs {

// GENERIC:    "kernel.kernel"() <{sym_name = "exp_epilogue_0", {{.*}} ynumel = #builtin.int<4>, reverse_programs, xblock = 1024 : i64, yblock = 4 : i64}> ({
// GENERIC:    "kernel.kernel"() <{sym_name = "sum_1", {{.*}} rnumel = #builtin.int<4096>, reverse_programs}> ({

// -----

// Externs: library kernels and fallbacks, with tensor operands referenced from args/kwargs, an out= variant
// and scalar operands and results.
func.func @call(%a: !loop.buffer<[4, 8], f32, strides [8, 1]>, %b: !loop.buffer<[8, 2], f32, strides [2, 1]>, %n: i64) -> !loop.buffer<[4, 2], f32, strides [2, 1]> {
  %mm = kernel.extern "aten::mm.default"(%a, %b) {args = [#kernel.operand<0>, #kernel.operand<1>]} : (!loop.buffer<[4, 8], f32, strides [8, 1]>, !loop.buffer<[8, 2], f32, strides [2, 1]>) -> (!loop.buffer<[4, 2], f32, strides [2, 1]>)
  %out = kernel.alloc : !loop.buffer<[4, 2], f32, strides [2, 1]>
  kernel.extern "aten::addmm.out"(%mm, %a, %b) outs(%out : !loop.buffer<[4, 2], f32, strides [2, 1]>) {args = [#kernel.operand<0>, #kernel.operand<1>, #kernel.operand<2>], kwargs = {alpha = 2 : i64, beta = 1.000000e+00 : f64, out = #kernel.operand<3>}} : (!loop.buffer<[4, 2], f32, strides [2, 1]>, !loop.buffer<[4, 8], f32, strides [8, 1]>, !loop.buffer<[8, 2], f32, strides [2, 1]>) -> ()
  %s = kernel.extern "aten::_local_scalar_dense"(%out, %n) {args = [unit, [#kernel.operand<0>], #kernel.operand<1>, "nearest"]} : (!loop.buffer<[4, 2], f32, strides [2, 1]>, i64) -> (f32)
  kernel.extern "aten::cat"() : () -> ()
  func.return %out : !loop.buffer<[4, 2], f32, strides [2, 1]>
}

// CHECK-LABEL: func.func @call
// CHECK-NEXT:   %mm = kernel.extern "aten::mm.default"(%a, %b) {args = [#kernel.operand<0>, #kernel.operand<1>]} : (!loop.buffer<[4, 8], f32, strides [8, 1]>, !loop.buffer<[8, 2], f32, strides [2, 1]>) -> (!loop.buffer<[4, 2], f32, strides [2, 1]>)
// CHECK-NEXT:   %out = kernel.alloc : !loop.buffer<[4, 2], f32, strides [2, 1]>
// CHECK-NEXT:   kernel.extern "aten::addmm.out"(%mm, %a, %b) outs(%out : !loop.buffer<[4, 2], f32, strides [2, 1]>) {args = [#kernel.operand<0>, #kernel.operand<1>, #kernel.operand<2>], kwargs = {alpha = 2 : i64, beta = 1.000000e+00 : f64, out = #kernel.operand<3>}} : (!loop.buffer<[4, 2], f32, strides [2, 1]>, !loop.buffer<[4, 8], f32, strides [8, 1]>, !loop.buffer<[8, 2], f32, strides [2, 1]>) -> ()
// CHECK-NEXT:   %s = kernel.extern "aten::_local_scalar_dense"(%out, %n) {args = [unit, [#kernel.operand<0>], #kernel.operand<1>, "nearest"]} : (!loop.buffer<[4, 2], f32, strides [2, 1]>, i64) -> (f32)
// CHECK-NEXT:   kernel.extern "aten::cat"() : () -> ()
// CHECK-NEXT:   func.return %out : !loop.buffer<[4, 2], f32, strides [2, 1]>

// GENERIC:      %mm = "kernel.extern"(%a, %b) <{overload = "aten::mm.default", args = [#kernel.operand<0>, #kernel.operand<1>],
// GENERIC-SAME:   kwargs = {}
// GENERIC-SAME:   -> !loop.buffer<[4, 2], f32, strides [2, 1]>
// GENERIC:      "kernel.extern"(%mm, %a, %b, %out) <{overload = "aten::addmm.out", {{.*}} operandSegmentSizes = array<i32: 3, 1>}>

// -----

// A choice between a template kernel and cuBLAS with an epilogue kernel, both writing %o; the extern's result
// lives only in its region.
kernel.kernel @fused_mm_relu_0(%arg0: !loop.buffer<[4, 8], f16, strides [8, 1]>, %arg1: !loop.buffer<[8, 2], f16, strides [2, 1]>) -> (!loop.buffer<[8], f16, strides [1]>) pointwise numel 8 rnumel 1 {
  %b = "test.op"(%arg0, %arg1) : (!loop.buffer<[4, 8], f16, strides [8, 1]>, !loop.buffer<[8, 2], f16, strides [2, 1]>) -> !loop.buffer<[8], f16, strides [1]>
  kernel.yield %b : !loop.buffer<[8], f16, strides [1]>
}
kernel.kernel @relu_1(%arg0: !loop.buffer<[4, 2], f16, strides [2, 1]>) -> (!loop.buffer<[8], f16, strides [1]>) pointwise numel 8 rnumel 1 {
  %b = "test.op"(%arg0) : (!loop.buffer<[4, 2], f16, strides [2, 1]>) -> !loop.buffer<[8], f16, strides [1]>
  kernel.yield %b : !loop.buffer<[8], f16, strides [1]>
}
func.func @call(%a: !loop.buffer<[4, 8], f16, strides [8, 1]>, %b: !loop.buffer<[8, 2], f16, strides [2, 1]>) -> !loop.buffer<[8], f16, strides [1]> {
  %o = kernel.alloc : !loop.buffer<[8], f16, strides [1]>
  kernel.choice "fused_mm_relu_0" ["template", "extern"] default 1 {
    kernel.launch @fused_mm_relu_0(%a, %b) outs(%o) : (!loop.buffer<[4, 8], f16, strides [8, 1]>, !loop.buffer<[8, 2], f16, strides [2, 1]>) -> (!loop.buffer<[8], f16, strides [1]>)
    kernel.yield
  }, {
    %p = kernel.extern "aten::mm.default"(%a, %b) {args = [#kernel.operand<0>, #kernel.operand<1>]} : (!loop.buffer<[4, 8], f16, strides [8, 1]>, !loop.buffer<[8, 2], f16, strides [2, 1]>) -> (!loop.buffer<[4, 2], f16, strides [2, 1]>)
    kernel.launch @relu_1(%p) outs(%o) : (!loop.buffer<[4, 2], f16, strides [2, 1]>) -> (!loop.buffer<[8], f16, strides [1]>)
    kernel.yield
  }
  func.return %o : !loop.buffer<[8], f16, strides [1]>
}

// CHECK-LABEL: func.func @call
// CHECK-NEXT:    %o = kernel.alloc : !loop.buffer<[8], f16, strides [1]>
// CHECK-NEXT:    kernel.choice "fused_mm_relu_0" ["template", "extern"] default 1 {
// CHECK-NEXT:      kernel.launch @fused_mm_relu_0(%a, %b) outs(%o)
// CHECK-NEXT:      kernel.yield
// CHECK-NEXT:    }, {
// CHECK-NEXT:      %p = kernel.extern "aten::mm.default"(%a, %b)
// CHECK-NEXT:      kernel.launch @relu_1(%p) outs(%o)
// CHECK-NEXT:      kernel.yield
// CHECK-NEXT:    }
// CHECK-NEXT:    func.return %o

// GENERIC:       "kernel.choice"() <{site = "fused_mm_relu_0", alternatives = ["template", "extern"], default = #builtin.int<1>}> ({
// GENERIC:         "kernel.yield"() : () -> ()
// GENERIC-NEXT:  }, {

// -----

// A template kernel of a dual matmul (A times two Bs, a gated MLP's gate and up projections) and the epilogue
// reading both products: silu(g) * u.
kernel.kernel @fused_dual_mm_mul_silu_0(%arg0: !loop.buffer<[6, 8], f16, strides [8, 1]>, %arg1: !loop.buffer<[8, 4], f16, strides [1, 8]>, %arg2: !loop.buffer<[8, 4], f16, strides [1, 8]>) -> (!loop.buffer<[6, 4], f16, strides [4, 1]>) template numel 24 rnumel 1 {yblock = 32, xblock = 16, rblock = 16, group_m = 8, num_stages = 3} {
  %g, %u = kernel.dual_matmul %arg0, %arg1, %arg2 {persistent} : (!loop.buffer<[6, 8], f16, strides [8, 1]>, !loop.buffer<[8, 4], f16, strides [1, 8]>, !loop.buffer<[8, 4], f16, strides [1, 8]>) -> (!loop.buffer<[6, 4], f16, strides [4, 1]>, !loop.buffer<[6, 4], f16, strides [4, 1]>)
  %p = loop.pointwise ranges [6, 4] {
    %a = loop.load %g[#loop.index<"4*i0 + i1">] : !loop.buffer<[6, 4], f16, strides [4, 1]>
    %b = loop.load %u[#loop.index<"4*i0 + i1">] : !loop.buffer<[6, 4], f16, strides [4, 1]>
    %c = arith.mulf %a, %b : f16
    loop.yield %c : f16
  } : !loop.buffer<[6, 4], f16, strides [4, 1]>
  kernel.yield %p : !loop.buffer<[6, 4], f16, strides [4, 1]>
}

// CHECK:      kernel.kernel @fused_dual_mm_mul_silu_0(
// CHECK-NEXT:   %g, %u = kernel.dual_matmul %arg0, %arg1, %arg2 {persistent} : (!loop.buffer<[6, 8], f16, strides [8, 1]>, !loop.buffer<[8, 4], f16, strides [1, 8]>, !loop.buffer<[8, 4], f16, strides [1, 8]>) -> (!loop.buffer<[6, 4], f16, strides [4, 1]>, !loop.buffer<[6, 4], f16, strides [4, 1]>)
// CHECK-NEXT:   %p = loop.pointwise ranges [6, 4] {

// GENERIC:      "kernel.kernel"() <{sym_name = "fused_dual_mm_mul_silu_0", {{.*}} kind = "template",
// GENERIC:        %g, %u = "kernel.dual_matmul"(%{{.*}}, %{{.*}}, %{{.*}}) {persistent} : (!loop.buffer<[6, 8], f16, strides [8, 1]>, !loop.buffer<[8, 4], f16, strides [1, 8]>, !loop.buffer<[8, 4], f16, strides [1, 8]>) -> (!loop.buffer<[6, 4], f16, strides [4, 1]>, !loop.buffer<[6, 4], f16, strides [4, 1]>)

// -----

// A size the host program computes (dialects/kernel_size.py; every form in size.mlir).
// CHECK-LABEL: func.func @host_size
// CHECK-NEXT:    %n = kernel.size "FloorDiv(s0 - 1, 2) + 1" : i64
func.func @host_size(%x: !loop.buffer<[s0], f32, strides [1]>) -> i64 {
  %n = kernel.size "FloorDiv(s0 - 1, 2) + 1" : i64
  func.return %n : i64
}
