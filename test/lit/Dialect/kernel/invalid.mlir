// RUN: irc-opt %s --split-input-file --verify-diagnostics | filecheck %s
// One chunk per verifier message of the kernel dialect.

kernel.kernel @k(%x: !loop.buffer<[3], f32, strides [1]>) -> (!loop.buffer<[3], f32, strides [1]>) elementwise numel 3 rnumel 1 {
  kernel.yield %x : !loop.buffer<[3], f32, strides [1]>
}

// CHECK: Operation does not verify: unknown kernel kind 'elementwise'; expected one of pointwise, reduction, persistent_reduction, template

// -----

kernel.kernel @k(%x: !loop.buffer<[3], f32, strides [1]>) -> (!loop.buffer<[3], f32, strides [1]>) pointwise numel -3 rnumel 1 {
  kernel.yield %x : !loop.buffer<[3], f32, strides [1]>
}

// CHECK: Operation does not verify: kernel numel must be non-negative, got -3

// -----

kernel.kernel @k(%x: !loop.buffer<[3], f32, strides [1]>) -> (!loop.buffer<[3], f32, strides [1]>) reduction numel 3 rnumel -9 {
  kernel.yield %x : !loop.buffer<[3], f32, strides [1]>
}

// CHECK: Operation does not verify: kernel rnumel must be non-negative, got -9

// -----

kernel.kernel @k(%x: !loop.buffer<[3], f32, strides [1]>) -> (!loop.buffer<[3], f32, strides [1]>) pointwise numel 3 rnumel 9 {
  kernel.yield %x : !loop.buffer<[3], f32, strides [1]>
}

// CHECK: Operation does not verify: pointwise kernel must have rnumel 1, got 9

// -----

kernel.kernel @k(%x: !loop.buffer<[3], f32, strides [1]>) -> (!loop.buffer<[3], f32, strides [1]>) pointwise numel 3 rnumel 1 {xblock = 0} {
  kernel.yield %x : !loop.buffer<[3], f32, strides [1]>
}

// CHECK: Operation does not verify: xblock must be positive, got 0

// -----

kernel.kernel @k(%x: !loop.buffer<[3], f32, strides [1]>) -> (!loop.buffer<[3], f32, strides [1]>) reduction numel 3 rnumel 9 {rblock = 12} {
  kernel.yield %x : !loop.buffer<[3], f32, strides [1]>
}

// CHECK: Operation does not verify: rblock must be a power of two, got 12

// -----

kernel.kernel @k(%x: !loop.buffer<[3], f32, strides [1]>) -> (!loop.buffer<[3], f32, strides [1]>) pointwise numel 3 rnumel 1 {configs = [{xblock = 4, num_warps = 3}]} {
  kernel.yield %x : !loop.buffer<[3], f32, strides [1]>
}

// CHECK: Operation does not verify: autotune config 0: num_warps must be a power of two, got 3

// -----

"kernel.kernel"() <{sym_name = "k", function_type = () -> (), kind = "pointwise", numel = #builtin.int<3>, rnumel = #builtin.int<1>, configs = [{xblock = 4 : i64}, [1, 2]]}> ({
  "kernel.yield"() : () -> ()
}) : () -> ()

// CHECK: Operation does not verify: autotune config 1: expected a dictionary, got [1 : i64, 2 : i64]

// -----

"kernel.kernel"() <{sym_name = "k", function_type = () -> (), kind = "pointwise", numel = #builtin.int<3>, rnumel = #builtin.int<1>, configs = [{xblock = 4 : i64, zblock = 2 : i64}]}> ({
  "kernel.yield"() : () -> ()
}) : () -> ()

// CHECK: Operation does not verify: autotune config 0: unknown entry 'zblock'; expected one of xblock, yblock, rblock, num_warps, num_stages, group_m

// -----

"kernel.kernel"() <{sym_name = "k", function_type = () -> (), kind = "pointwise", numel = #builtin.int<3>, rnumel = #builtin.int<1>, configs = [{xblock = "big"}]}> ({
  "kernel.yield"() : () -> ()
}) : () -> ()

// CHECK: Operation does not verify: autotune config 0: xblock must be an integer, got "big"

// -----

kernel.kernel @k(%x: !loop.buffer<[3], f32, strides [1]>) -> (f32) pointwise numel 3 rnumel 1 {
  %v = "test.op"() : () -> f32
  kernel.yield %v : f32
}

// CHECK: Operation does not verify: kernel outputs must be !loop.buffer types, got f32

// -----

"kernel.kernel"() <{sym_name = "k", function_type = (!loop.buffer<[3], f32, strides [1]>) -> (), kind = "pointwise", numel = #builtin.int<3>, rnumel = #builtin.int<1>}> ({
^bb0(%x: !loop.buffer<[4], f32, strides [1]>):
  "kernel.yield"() : () -> ()
}) : () -> ()

// CHECK: Operation does not verify: kernel block arguments (!loop.buffer<[4], f32, strides [1]>) do not match function type inputs (!loop.buffer<[3], f32, strides [1]>)

// -----

kernel.kernel @k(%x: !loop.buffer<[3], f32, strides [1]>) pointwise numel 3 rnumel 1 {
  "test.termop"() : () -> ()
}

// CHECK: Operation does not verify: kernel body must end with kernel.yield

// -----

kernel.kernel @k(%x: !loop.buffer<[3], f32, strides [1]>) -> (!loop.buffer<[3], f32, strides [1]>) pointwise numel 3 rnumel 1 {
  kernel.yield
}

// CHECK: Operation does not verify: kernel.yield types () do not match kernel outputs (!loop.buffer<[3], f32, strides [1]>)

// -----

%x = "test.op"() : () -> !loop.buffer<[3], f32, strides [1]>
kernel.yield %x : !loop.buffer<[3], f32, strides [1]>

// CHECK: Operation does not verify: 'kernel.yield' expects parent op to be one of 'kernel.kernel', 'kernel.choice'

// -----

%b = kernel.alloc device "tpu" : !loop.buffer<[3], f32, strides [1]>

// CHECK: Operation does not verify: unknown device 'tpu'; expected one of cpu, cuda, optionally with ':N'

// -----

func.func @call(%x: !loop.buffer<[3], f32, strides [1]>) {
  kernel.launch @missing(%x) outs(%x) : (!loop.buffer<[3], f32, strides [1]>) -> (!loop.buffer<[3], f32, strides [1]>)
  func.return
}

// CHECK: Operation does not verify: unknown kernel @missing

// -----

func.func @call(%x: !loop.buffer<[3], f32, strides [1]>) {
  kernel.launch @call(%x) outs(%x) : (!loop.buffer<[3], f32, strides [1]>) -> (!loop.buffer<[3], f32, strides [1]>)
  func.return
}

// CHECK: Operation does not verify: @call is a func.func, not a kernel.kernel

// -----

kernel.kernel @k(%x: !loop.buffer<[3], f32, strides [1]>) -> (!loop.buffer<[3], f32, strides [1]>) pointwise numel 3 rnumel 1 {
  kernel.yield %x : !loop.buffer<[3], f32, strides [1]>
}
func.func @call(%x: !loop.buffer<[3], f32, strides [1]>, %y: !loop.buffer<[3], f32, strides [1]>) {
  kernel.launch @k(%x, %y) outs(%x) : (!loop.buffer<[3], f32, strides [1]>, !loop.buffer<[3], f32, strides [1]>) -> (!loop.buffer<[3], f32, strides [1]>)
  func.return
}

// CHECK: Operation does not verify: kernel.launch of @k passes inputs (!loop.buffer<[3], f32, strides [1]>, !loop.buffer<[3], f32, strides [1]>) but the kernel takes (!loop.buffer<[3], f32, strides [1]>)

// -----

kernel.kernel @k(%x: !loop.buffer<[3], f32, strides [1]>) -> (!loop.buffer<[3], f32, strides [1]>) pointwise numel 3 rnumel 1 {
  kernel.yield %x : !loop.buffer<[3], f32, strides [1]>
}
func.func @call(%x: !loop.buffer<[3], f32, strides [1]>, %y: !loop.buffer<[3], f64, strides [1]>) {
  kernel.launch @k(%x) outs(%y) : (!loop.buffer<[3], f32, strides [1]>) -> (!loop.buffer<[3], f64, strides [1]>)
  func.return
}

// CHECK: Operation does not verify: kernel.launch of @k passes outputs (!loop.buffer<[3], f64, strides [1]>) but the kernel takes (!loop.buffer<[3], f32, strides [1]>)

// -----

%t = "test.op"() : () -> !aten.tensor<[3], f32>
%x = "test.op"() : () -> !loop.buffer<[3], f32, strides [1]>
kernel.launch @k(%t) outs(%x) : (!aten.tensor<[3], f32>) -> (!loop.buffer<[3], f32, strides [1]>)

// CHECK: Operation does not verify: kernel.launch inputs must be buffers or scalars, got !aten.tensor<[3], f32>

// -----

%x = "test.op"() : () -> !loop.buffer<[3], f32, strides [1]>
%r = kernel.extern "mm"(%x) : (!loop.buffer<[3], f32, strides [1]>) -> (!loop.buffer<[3], f32, strides [1]>)

// CHECK: Operation does not verify: kernel.extern overload 'mm' must be spelled ns::name or ns::name.overload

// -----

%t = "test.op"() : () -> !aten.tensor<[3], f32>
kernel.extern "aten::relu_"(%t) : (!aten.tensor<[3], f32>) -> ()

// CHECK: Operation does not verify: kernel.extern operands must be buffers or scalars, got !aten.tensor<[3], f32>

// -----

%x = "test.op"() : () -> !loop.buffer<[3], f32, strides [1]>
%t = kernel.extern "aten::relu"(%x) : (!loop.buffer<[3], f32, strides [1]>) -> (!aten.tensor<[3], f32>)

// CHECK: Operation does not verify: kernel.extern results must be buffers or scalars, got !aten.tensor<[3], f32>

// -----

%x = "test.op"() : () -> !loop.buffer<[3], f32, strides [1]>
%r = kernel.extern "aten::add.Tensor"(%x) {args = [#kernel.operand<0>], kwargs = {other = [#kernel.operand<1>]}} : (!loop.buffer<[3], f32, strides [1]>) -> (!loop.buffer<[3], f32, strides [1]>)

// CHECK: Operation does not verify: extern argument #kernel.operand<1> refers past the 1 operands

// -----

"test.op"() {ref = #kernel.operand<-1>} : () -> ()

// CHECK: operand reference must be non-negative, got -1

// -----

%x = "test.op"() : () -> !loop.buffer<[6], f32, strides [1]>
%y = kernel.reuse %x : !loop.buffer<[6], f32, strides [1]> to !loop.buffer<[6], f64, strides [1]>

// CHECK: Operation does not verify: kernel.reuse needs the same byte size: !loop.buffer<[6], f32, strides [1]> spans 24 bytes but !loop.buffer<[6], f64, strides [1]> spans 48

// -----

%x = "test.op"() : () -> !loop.buffer<[6], f32, strides [1]>
kernel.free %x : !loop.buffer<[6], f32, strides [1]>
"test.op"(%x) : (!loop.buffer<[6], f32, strides [1]>) -> ()

// CHECK: Operation does not verify: freed buffer is used after kernel.free by test.op

// -----

%x = "test.op"() : () -> !loop.buffer<[6], f32, strides [1]>
%y = kernel.reuse %x : !loop.buffer<[6], f32, strides [1]> to !loop.buffer<[2, 3], f32, strides [3, 1]>
"test.op"(%x) : (!loop.buffer<[6], f32, strides [1]>) -> ()

// CHECK: Operation does not verify: reused buffer is used after kernel.reuse by test.op

// -----

kernel.kernel @k(%x: !loop.buffer<[3, 5], f32, strides [5, 1]>) -> (!loop.buffer<[3, 5], f32, strides [5, 1]>) pointwise numel 15 rnumel 1 ynumel 4 {yblock = 4, xblock = 8} {
  kernel.yield %x : !loop.buffer<[3, 5], f32, strides [5, 1]>
}

// CHECK: Operation does not verify: ynumel 4 does not divide numel 15

// -----

kernel.kernel @k(%x: !loop.buffer<[s0, 5], f32, strides [5, 1]>) -> (!loop.buffer<[s0, 5], f32, strides [5, 1]>) pointwise numel "5*s0" rnumel 1 ynumel 2 {
  kernel.yield %x : !loop.buffer<[s0, 5], f32, strides [5, 1]>
}

// CHECK: Operation does not verify: ynumel 2 does not divide numel 5*s0

// -----

kernel.kernel @k(%x: !loop.buffer<[3, 5], f32, strides [5, 1]>) -> (!loop.buffer<[3, 5], f32, strides [5, 1]>) persistent_reduction numel 3 rnumel 5 ynumel 3 {
  kernel.yield %x : !loop.buffer<[3, 5], f32, strides [5, 1]>
}

// CHECK: Operation does not verify: ynumel (2-D tiles) is only for pointwise kernels, not persistent_reduction

// -----

kernel.kernel @k(%x: !loop.buffer<[3, 5], f32, strides [5, 1]>) -> (!loop.buffer<[3, 5], f32, strides [5, 1]>) pointwise numel 15 rnumel 1 {yblock = 4, xblock = 8} {
  kernel.yield %x : !loop.buffer<[3, 5], f32, strides [5, 1]>
}

// CHECK: Operation does not verify: yblock needs a 2-D tiled kernel (ynumel)

// -----

kernel.kernel @k(%x: !loop.buffer<[3, 5], f32, strides [5, 1]>) -> (!loop.buffer<[3, 5], f32, strides [5, 1]>) pointwise numel 15 rnumel 1 ynumel 3 {yblock = 6, xblock = 8} {
  kernel.yield %x : !loop.buffer<[3, 5], f32, strides [5, 1]>
}

// CHECK: Operation does not verify: yblock must be a power of two, got 6

// -----

kernel.kernel @k(%x: !loop.buffer<[3, 5], f32, strides [5, 1]>) -> (!loop.buffer<[3, 5], f32, strides [5, 1]>) pointwise numel 15 rnumel 1 {xblock = 16, configs = [{xblock = 16}, {xblock = 16, yblock = 4}]} {
  kernel.yield %x : !loop.buffer<[3, 5], f32, strides [5, 1]>
}

// CHECK: Operation does not verify: autotune config 1: yblock needs a 2-D tiled kernel (ynumel)

// -----

kernel.kernel @mm_0(%a: !loop.buffer<[6, 8], f16, strides [8, 1]>, %b: !loop.buffer<[8, 4], f16, strides [4, 1]>) -> (!loop.buffer<[6, 4], f16, strides [4, 1]>) template numel 24 rnumel 1 reverse_programs {
  %c = kernel.matmul %a, %b : (!loop.buffer<[6, 8], f16, strides [8, 1]>, !loop.buffer<[8, 4], f16, strides [4, 1]>) -> !loop.buffer<[6, 4], f16, strides [4, 1]>
  kernel.yield %c : !loop.buffer<[6, 4], f16, strides [4, 1]>
}

// CHECK: Operation does not verify: reverse_programs is not supported on template kernel @mm_0

// -----

func.func @f(%a: !loop.buffer<[6, 8], f16, strides [8, 1]>, %b: !loop.buffer<[7, 4], f16, strides [4, 1]>) {
  %c = kernel.matmul %a, %b : (!loop.buffer<[6, 8], f16, strides [8, 1]>, !loop.buffer<[7, 4], f16, strides [4, 1]>) -> !loop.buffer<[6, 4], f16, strides [4, 1]>
  func.return
}

// CHECK: Operation does not verify: kernel.matmul shapes do not agree: [6, 8] x [7, 4] -> [6, 4]

// -----

func.func @f(%a: !loop.buffer<[6, 8], i32, strides [8, 1]>, %b: !loop.buffer<[8, 4], i32, strides [4, 1]>) {
  %c = kernel.matmul %a, %b : (!loop.buffer<[6, 8], i32, strides [8, 1]>, !loop.buffer<[8, 4], i32, strides [4, 1]>) -> !loop.buffer<[6, 4], i32, strides [4, 1]>
  func.return
}

// CHECK: Operation does not verify: kernel.matmul needs one element type of f16, bf16, f32 for its operands and that or f32 for its result, got i32, i32 and i32

// -----

func.func @f(%a: !loop.buffer<[6, 8], f16, strides [8, 1]>, %b: !loop.buffer<[2, 8, 4], f16, strides [32, 4, 1]>) {
  %c = kernel.matmul %a, %b : (!loop.buffer<[6, 8], f16, strides [8, 1]>, !loop.buffer<[2, 8, 4], f16, strides [32, 4, 1]>) -> !loop.buffer<[6, 4], f16, strides [4, 1]>
  func.return
}

// CHECK: Operation does not verify: kernel.matmul operands and result must all be of rank 2 or all of rank 3, got 2, 3 and 2

// -----

kernel.kernel @k(%a: !loop.buffer<[6, 8], f16, strides [8, 1]>, %b: !loop.buffer<[8, 4], f16, strides [4, 1]>) -> (!loop.buffer<[6, 4], f16, strides [4, 1]>) template numel 25 rnumel 1 {
  %c = kernel.matmul %a, %b : (!loop.buffer<[6, 8], f16, strides [8, 1]>, !loop.buffer<[8, 4], f16, strides [4, 1]>) -> !loop.buffer<[6, 4], f16, strides [4, 1]>
  kernel.yield %c : !loop.buffer<[6, 4], f16, strides [4, 1]>
}

// CHECK: Operation does not verify: template kernel numel 25 disagrees with its kernel.matmul over [6, 4]

// -----

kernel.kernel @k(%a: !loop.buffer<[6, 8], f16, strides [8, 1]>, %b: !loop.buffer<[8, 4], f16, strides [4, 1]>) -> (!loop.buffer<[6, 4], f16, strides [4, 1]>) pointwise numel 24 rnumel 1 {
  %c = kernel.matmul %a, %b : (!loop.buffer<[6, 8], f16, strides [8, 1]>, !loop.buffer<[8, 4], f16, strides [4, 1]>) -> !loop.buffer<[6, 4], f16, strides [4, 1]>
  kernel.yield %c : !loop.buffer<[6, 4], f16, strides [4, 1]>
}

// CHECK: Operation does not verify: a pointwise kernel cannot hold a kernel.matmul (only a template can)

// -----

kernel.kernel @k(%a: !loop.buffer<[6], f16, strides [1]>) -> (!loop.buffer<[6], f16, strides [1]>) template numel 6 rnumel 1 {
  kernel.yield %a : !loop.buffer<[6], f16, strides [1]>
}

// CHECK: Operation does not verify: a template kernel holds exactly one kernel.matmul or kernel.dual_matmul, got 0

// -----

// A template's operand computed inside it must be a prologue: casts and scales only (here an exp).
kernel.kernel @k(%x: !loop.buffer<[6, 8], f32, strides [8, 1]>, %b: !loop.buffer<[8, 4], f16, strides [4, 1]>) -> (!loop.buffer<[6, 4], f16, strides [4, 1]>) template numel 24 rnumel 1 {
  %a = loop.pointwise ranges [6, 8] {
    %v = loop.load %x[#loop.index<"8*i0 + i1">] : !loop.buffer<[6, 8], f32, strides [8, 1]>
    %e = math.exp %v : f32
    %h = loop.cast %e : f32 to f16
    loop.yield %h : f16
  } : !loop.buffer<[6, 8], f16, strides [8, 1]>
  %c = kernel.matmul %a, %b : (!loop.buffer<[6, 8], f16, strides [8, 1]>, !loop.buffer<[8, 4], f16, strides [4, 1]>) -> !loop.buffer<[6, 4], f16, strides [4, 1]>
  kernel.yield %c : !loop.buffer<[6, 4], f16, strides [4, 1]>
}

// CHECK: Operation does not verify: kernel.matmul operand 0 is computed by a loop.pointwise that is not a prologue: math.exp is not a prologue op (casts, constants, mulf, divf, negf)

// -----

// A prologue reads its operand's elements at affine positions (no div / mod of the index).
kernel.kernel @k(%x: !loop.buffer<[48], f16, strides [1]>, %b: !loop.buffer<[8, 4], f16, strides [4, 1]>) -> (!loop.buffer<[6, 4], f16, strides [4, 1]>) template numel 24 rnumel 1 {
  %a = loop.pointwise ranges [6, 8] {
    %v = loop.load %x[#loop.index<"FloorDiv(8*i0 + i1, 2)">] : !loop.buffer<[48], f16, strides [1]>
    loop.yield %v : f16
  } : !loop.buffer<[6, 8], f16, strides [8, 1]>
  %c = kernel.matmul %a, %b : (!loop.buffer<[6, 8], f16, strides [8, 1]>, !loop.buffer<[8, 4], f16, strides [4, 1]>) -> !loop.buffer<[6, 4], f16, strides [4, 1]>
  kernel.yield %c : !loop.buffer<[6, 4], f16, strides [4, 1]>
}

// CHECK: Operation does not verify: kernel.matmul operand 0 is computed by a loop.pointwise that is not a prologue: loop.load index {{.*}} is not affine in i0, i1

// -----

// A prologue's result is never stored: only the matmul reads it.
kernel.kernel @k(%x: !loop.buffer<[8, 4], f32, strides [4, 1]>, %a: !loop.buffer<[6, 8], f32, strides [8, 1]>) -> (!loop.buffer<[6, 4], f32, strides [4, 1]>, !loop.buffer<[8, 4], f32, strides [4, 1]>) template numel 24 rnumel 1 {
  %b = loop.pointwise ranges [8, 4] {
    %v = loop.load %x[#loop.index<"4*i0 + i1">] : !loop.buffer<[8, 4], f32, strides [4, 1]>
    %n = arith.negf %v : f32
    loop.yield %n : f32
  } : !loop.buffer<[8, 4], f32, strides [4, 1]>
  %c = kernel.matmul %a, %b : (!loop.buffer<[6, 8], f32, strides [8, 1]>, !loop.buffer<[8, 4], f32, strides [4, 1]>) -> !loop.buffer<[6, 4], f32, strides [4, 1]>
  kernel.yield %c, %b : !loop.buffer<[6, 4], f32, strides [4, 1]>, !loop.buffer<[8, 4], f32, strides [4, 1]>
}

// CHECK: Operation does not verify: kernel.matmul operand 1 is computed by a loop.pointwise that is not a prologue: its result is read by more than the matmul

// -----

kernel.kernel @k(%a: !loop.buffer<[6], f16, strides [1]>) -> (!loop.buffer<[6], f16, strides [1]>) pointwise numel 6 rnumel 1 {xblock = 8, group_m = 8} {
  kernel.yield %a : !loop.buffer<[6], f16, strides [1]>
}

// CHECK: Operation does not verify: group_m is only for template kernels, not pointwise

// -----

%o = kernel.alloc : !loop.buffer<[3], f32, strides [1]>
kernel.choice "k" ["template"] default 0 {
  kernel.yield
}

// CHECK: kernel.choice needs one region per alternative (at least 2), got 1 names and 1 regions

// -----

kernel.choice "k" ["template", "extern"] default 2 {
  kernel.yield
}, {
  kernel.yield
}

// CHECK: kernel.choice default 2 is not an alternative's position

// -----

kernel.choice "k" ["extern", "extern"] default 0 {
  kernel.yield
}, {
  kernel.yield
}

// CHECK: kernel.choice alternatives must be distinct strings

// -----

%o = kernel.alloc : !loop.buffer<[3], f32, strides [1]>
kernel.choice "k" ["template", "extern"] default 1 {
  kernel.yield %o : !loop.buffer<[3], f32, strides [1]>
}, {
  kernel.yield
}

// CHECK: each kernel.choice region is one block without arguments ending in kernel.yield

// -----

func.func @f(%a: !loop.buffer<[6, 8], f16, strides [8, 1]>, %b: !loop.buffer<[8, 4], f16, strides [4, 1]>, %b2: !loop.buffer<[8, 5], f16, strides [5, 1]>) {
  %c, %d = kernel.dual_matmul %a, %b, %b2 : (!loop.buffer<[6, 8], f16, strides [8, 1]>, !loop.buffer<[8, 4], f16, strides [4, 1]>, !loop.buffer<[8, 5], f16, strides [5, 1]>) -> (!loop.buffer<[6, 4], f16, strides [4, 1]>, !loop.buffer<[6, 4], f16, strides [4, 1]>)
  func.return
}

// CHECK: Operation does not verify: kernel.dual_matmul needs B operands of one shape and results of one type, got [8, 4] and [8, 5]

// -----

func.func @f(%a: !loop.buffer<[6, 8], f16, strides [8, 1]>, %b: !loop.buffer<[7, 4], f16, strides [4, 1]>) {
  %c, %d = kernel.dual_matmul %a, %b, %b : (!loop.buffer<[6, 8], f16, strides [8, 1]>, !loop.buffer<[7, 4], f16, strides [4, 1]>, !loop.buffer<[7, 4], f16, strides [4, 1]>) -> (!loop.buffer<[6, 4], f16, strides [4, 1]>, !loop.buffer<[6, 4], f16, strides [4, 1]>)
  func.return
}

// CHECK: Operation does not verify: kernel.dual_matmul shapes do not agree: [6, 8] x [7, 4] -> [6, 4]

// -----

kernel.kernel @k(%a: !loop.buffer<[6, 8], f16, strides [8, 1]>, %b: !loop.buffer<[8, 4], f16, strides [4, 1]>) -> (!loop.buffer<[6, 4], f16, strides [4, 1]>) pointwise numel 24 rnumel 1 {
  %c, %d = kernel.dual_matmul %a, %b, %b : (!loop.buffer<[6, 8], f16, strides [8, 1]>, !loop.buffer<[8, 4], f16, strides [4, 1]>, !loop.buffer<[8, 4], f16, strides [4, 1]>) -> (!loop.buffer<[6, 4], f16, strides [4, 1]>, !loop.buffer<[6, 4], f16, strides [4, 1]>)
  kernel.yield %c : !loop.buffer<[6, 4], f16, strides [4, 1]>
}

// CHECK: Operation does not verify: a pointwise kernel cannot hold a kernel.dual_matmul (only a template can)

// -----

// A TMA template reads a prologue's source through a descriptor: here its rows (3 f32, 12 bytes) are not
// 16-byte multiples.
kernel.kernel @k(%x: !loop.buffer<[8, 3], f32, strides [3, 1]>, %b: !loop.buffer<[8, 4], f16, strides [4, 1]>) -> (!loop.buffer<[3, 4], f16, strides [4, 1]>) template numel 12 rnumel 1 {
  %a = loop.pointwise ranges [3, 8] {
    %v = loop.load %x[#loop.index<"i0 + 3*i1">] : !loop.buffer<[8, 3], f32, strides [3, 1]>
    %h = loop.cast %v : f32 to f16
    loop.yield %h : f16
  } : !loop.buffer<[3, 8], f16, strides [8, 1]>
  %c = kernel.matmul %a, %b {tma} : (!loop.buffer<[3, 8], f16, strides [8, 1]>, !loop.buffer<[8, 4], f16, strides [4, 1]>) -> !loop.buffer<[3, 4], f16, strides [4, 1]>
  kernel.yield %c : !loop.buffer<[3, 4], f16, strides [4, 1]>
}

// CHECK: Operation does not verify: kernel.matmul operand 0 is computed by a loop.pointwise that is not a prologue: a TMA template cannot read its source through a descriptor

// -----

// Names and strings that reach the emitted Python: identifiers, allowed overloads and known objects only.

kernel.kernel @"k(): pass\nimport os\ndef k2"(%x: !loop.buffer<[3], f32, strides [1]>) -> (!loop.buffer<[3], f32, strides [1]>) pointwise numel 3 rnumel 1 {
  kernel.yield %x : !loop.buffer<[3], f32, strides [1]>
}

// CHECK: Operation does not verify: kernel.kernel name 'k(): pass\nimport os\ndef k2' is not a Python identifier

// -----

kernel.choice "k" ["template", "x():\n    import os\n    def y"] default 0 {
  kernel.yield
}, {
  kernel.yield
}

// CHECK: Operation does not verify: kernel.choice alternative 'x():\n    import os\n    def y' is not a Python identifier

// -----

%x = "test.op"() : () -> !loop.buffer<[3], f32, strides [1]>
%r = kernel.extern "import_module::__call__.__call__"(%x) {args = [#kernel.operand<0>]} : (!loop.buffer<[3], f32, strides [1]>) -> (!loop.buffer<[3], f32, strides [1]>)

// CHECK: Operation does not verify: kernel.extern overload 'import_module::__call__.__call__': namespace 'import_module' is not one irc calls

// -----

%x = "test.op"() : () -> !loop.buffer<[3], f32, strides [1]>
%r = kernel.extern "aten::clone.default"(%x) {args = [#kernel.operand<0>], kwargs = {"x=None), exec('1'), (None" = 1 : i64}} : (!loop.buffer<[3], f32, strides [1]>) -> (!loop.buffer<[3], f32, strides [1]>)

// CHECK: Operation does not verify: kernel.extern keyword argument "x=None), exec('1'), (None" is not a Python identifier

// -----

%x = "test.op"() : () -> !loop.buffer<[3], f32, strides [1]>
%r = kernel.extern "aten::clone.default"(%x) {args = [#kernel.operand<0>], kwargs = {memory_format = "memory_format:exec('1')"}} : (!loop.buffer<[3], f32, strides [1]>) -> (!loop.buffer<[3], f32, strides [1]>)

// CHECK: Operation does not verify: kernel.extern argument "memory_format:exec('1')": 'memory_format' must be one of irc's known values, not "exec('1')"
