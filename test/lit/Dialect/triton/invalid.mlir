// RUN: irc-opt %s --split-input-file --verify-diagnostics | filecheck %s
// One chunk per verifier message of the triton dialect (types, then ops in file order).

%x = "test.op"() : () -> !triton.block<[3], f32>

// CHECK: block dims must be positive powers of two, got 3

// -----

%x = "test.op"() : () -> !triton.block<["2*XBLOCK"], f32>

// CHECK: block dim '2*XBLOCK' must be an integer or a constexpr name

// -----

%x = "test.op"() : () -> !triton.block<[], f32>

// CHECK: a block needs at least one dim; use a scalar type instead

// -----

%x = "test.op"() : () -> !triton.ptr<index>

// CHECK: unsupported element type index

// -----

// ---- triton.func

"triton.func"() <{sym_name = "k", function_type = () -> i32, arg_names = [], constexprs = []}> ({
  "triton.return"() : () -> ()
}) : () -> ()

// CHECK: Operation does not verify: triton.func must not return values

// -----

"triton.func"() <{sym_name = "k", function_type = (i32) -> (), arg_names = [], constexprs = []}> ({
^bb0(%a: i32):
  "triton.return"() : () -> ()
}) : () -> ()

// CHECK: Operation does not verify: arg_names has 0 names for 1 arguments

// -----

"triton.func"() <{sym_name = "k", function_type = (i32) -> (), arg_names = ["a"], constexprs = []}> ({
^bb0(%a: i64):
  "triton.return"() : () -> ()
}) : () -> ()

// CHECK: Operation does not verify: entry block argument types must match function_type

// -----

triton.func @k(%x: !triton.block<[4], f32>) {
  triton.return
}

// CHECK: Operation does not verify: argument 'x' has type !triton.block<[4], f32>; expected a pointer or a scalar

// -----

triton.func @k(%0: i32) {
  triton.return
}

// CHECK: Operation does not verify: parameter name '0' is not a valid Python identifier

// -----

triton.func @k(%in_ptr0: !triton.ptr<f32>) constexprs [class] {
  triton.return
}

// CHECK: Operation does not verify: parameter name 'class' is not a valid Python identifier

// -----

triton.func @k(%XBLOCK: i32) constexprs [XBLOCK] {
  triton.return
}

// CHECK: Operation does not verify: parameter name 'XBLOCK' is used twice (arguments and constexprs)

// -----

triton.func @k(%xnumel: i32) constexprs [XBLOCK] attributes {launch = {RBLOCK = 8 : i64}} {
  triton.return
}

// CHECK: Operation does not verify: launch key 'RBLOCK' is not a constexpr of @k

// -----

triton.func @k(%xnumel: i32) constexprs [XBLOCK] attributes {launch = {XBLOCK = "big"}} {
  triton.return
}

// CHECK: Operation does not verify: launch value of 'XBLOCK' must be an integer, got "big"

// -----

triton.func @k(%xnumel: i32) attributes {num_warps = 3 : i64} {
  triton.return
}

// CHECK: Operation does not verify: num_warps must be a positive power of two, got 3

// -----

triton.func @k(%xnumel: i32) attributes {num_stages = 0 : i64} {
  triton.return
}

// CHECK: Operation does not verify: num_stages must be positive, got 0

// -----

triton.func @k(%xnumel: i32) attributes {grid = [#loop.index<"s0">, #loop.index<"1">, #loop.index<"1">, #loop.index<"1">]} {
  triton.return
}

// CHECK: Operation does not verify: grid must have 1 to 3 entries, got 4

// -----

triton.func @k(%xnumel: i32) attributes {index_limits = [7]} {
  triton.return
}

// CHECK: Operation does not verify: @k index_limits must be an array of #loop.index, got [7 : i64]

// -----

triton.func @k(%xnumel: i32) {
  "test.termop"() : () -> ()
}

// CHECK: Operation does not verify: triton.func body must end with triton.return

// -----

triton.func @k(%xnumel: i32) constexprs [XBLOCK] {
  %r = triton.arange 0, RBLOCK : !triton.block<[RBLOCK], i32>
  triton.return
}

// CHECK: Operation does not verify: block dim 'RBLOCK' is not a constexpr of @k

// -----

// ---- program_id, constexpr, arange

%c = triton.constexpr XBLOCK : f32

// CHECK: Operation does not verify: triton.constexpr result must be an integer scalar, got f32

// -----

triton.func @k(%xnumel: i32) constexprs [XBLOCK] {
  %c = triton.constexpr YBLOCK : i32
  triton.return
}

// CHECK: Operation does not verify: triton.constexpr 'YBLOCK' is not a constexpr of @k

// -----

%r = triton.arange 0, "2*XBLOCK" : !triton.block<[4], i32>

// CHECK: Operation does not verify: triton.arange bound '2*XBLOCK' must be an integer or a constexpr name

// -----

%r = triton.arange 0, 4 : !triton.block<[4], i64>

// CHECK: Operation does not verify: triton.arange result must be a 1-D block of i32, got !triton.block<[4], i64>

// -----

%r = triton.arange 4, 12 : !triton.block<[16], i32>

// CHECK: Operation does not verify: triton.arange result length must be 8, got 16

// -----

%r = triton.arange 0, XBLOCK : !triton.block<[RBLOCK], i32>

// CHECK: Operation does not verify: triton.arange result length must be XBLOCK, got RBLOCK

// -----

// ---- shape ops

%s = "test.op"() : () -> i32
%b = triton.splat %s : i32 -> !triton.block<[4], f32>

// CHECK: Operation does not verify: triton.splat result element type must be i32, got f32

// -----

%s = "test.op"() : () -> !triton.block<[4], i32>
%b = triton.splat %s : !triton.block<[4], i32> -> !triton.block<[4], i32>

// CHECK: Operation does not verify: triton.splat source must be a scalar or a pointer, got !triton.block<[4], i32>

// -----

%s = "test.op"() : () -> i32
%b = triton.broadcast %s : i32 -> !triton.block<[4], i32>

// CHECK: Operation does not verify: triton.broadcast source must be a block, got i32

// -----

%s = "test.op"() : () -> !triton.block<[4], i32>
%b = triton.broadcast %s : !triton.block<[4], i32> -> !triton.block<[2, 4], i32>

// CHECK: Operation does not verify: triton.broadcast needs equal ranks, got !triton.block<[4], i32> and !triton.block<[2, 4], i32>

// -----

%s = "test.op"() : () -> !triton.block<[XBLOCK, 1], i32>
%b = triton.broadcast %s : !triton.block<[XBLOCK, 1], i32> -> !triton.block<[RBLOCK, 8], i32>

// CHECK: Operation does not verify: triton.broadcast cannot turn dim XBLOCK into RBLOCK (only 1 broadcasts)

// -----

%s = "test.op"() : () -> !triton.block<[XBLOCK, 1], i32>
%b = triton.broadcast %s : !triton.block<[XBLOCK, 1], i32> -> !triton.block<[XBLOCK, 8], f32>

// CHECK: Operation does not verify: triton.broadcast result element type must be i32, got f32

// -----

%s = "test.op"() : () -> !triton.block<[XBLOCK], i32>
%b = triton.expand_dims %s axis 2 : !triton.block<[XBLOCK], i32> -> !triton.block<[XBLOCK, 1], i32>

// CHECK: Operation does not verify: triton.expand_dims axis 2 is out of range for rank 1

// -----

%s = "test.op"() : () -> !triton.block<[XBLOCK], i32>
%b = triton.expand_dims %s axis 0 : !triton.block<[XBLOCK], i32> -> !triton.block<[XBLOCK, 1], i32>

// CHECK: Operation does not verify: triton.expand_dims result must be !triton.block<[1, XBLOCK], i32>, got !triton.block<[XBLOCK, 1], i32>

// -----

%s = "test.op"() : () -> !triton.block<[XBLOCK, 2], i32>
%b = triton.reshape %s : !triton.block<[XBLOCK, 2], i32> -> !triton.block<[XBLOCK], i32>

// CHECK: Operation does not verify: triton.reshape from [XBLOCK, 2] to [XBLOCK] changes the number of elements

// -----

// ---- memory

%p, %o = "test.op"() : () -> (f32, !triton.block<[4], i32>)
%q = triton.addptr %p, %o : (f32, !triton.block<[4], i32>) -> !triton.block<[4], f32>

// CHECK: Operation does not verify: triton.addptr needs a pointer or a block of pointers, got f32

// -----

%p, %o = "test.op"() : () -> (!triton.ptr<f32>, !triton.block<[4], f32>)
%q = triton.addptr %p, %o : (!triton.ptr<f32>, !triton.block<[4], f32>) -> !triton.block<[4], !triton.ptr<f32>>

// CHECK: Operation does not verify: triton.addptr offset must have an integer element type, got f32

// -----

%p, %o = "test.op"() : () -> (!triton.block<[XBLOCK, 1], !triton.ptr<f32>>, !triton.block<[1, RBLOCK], i32>)
%q = triton.addptr %p, %o : (!triton.block<[XBLOCK, 1], !triton.ptr<f32>>, !triton.block<[1, RBLOCK], i32>) -> !triton.block<[XBLOCK, 1], !triton.ptr<f32>>

// CHECK: Operation does not verify: triton.addptr result must be !triton.block<[XBLOCK, RBLOCK], !triton.ptr<f32>>, got !triton.block<[XBLOCK, 1], !triton.ptr<f32>>

// -----

%p, %o = "test.op"() : () -> (!triton.block<[XBLOCK], !triton.ptr<f32>>, !triton.block<[RBLOCK], i32>)
%q = triton.addptr %p, %o : (!triton.block<[XBLOCK], !triton.ptr<f32>>, !triton.block<[RBLOCK], i32>) -> !triton.block<[XBLOCK], !triton.ptr<f32>>

// CHECK: Operation does not verify: operand shapes [XBLOCK] and [RBLOCK] do not broadcast

// -----

%p, %m = "test.op"() : () -> (!triton.block<[4], !triton.ptr<f32>>, !triton.block<[4], i32>)
%v = triton.load %p mask %m : !triton.block<[4], !triton.ptr<f32>>, !triton.block<[4], i32> -> !triton.block<[4], f32>

// CHECK: Operation does not verify: triton.load mask must have element type i1, got !triton.block<[4], i32>

// -----

%p, %m = "test.op"() : () -> (!triton.block<[4], !triton.ptr<f32>>, !triton.block<[8], i1>)
%v = triton.load %p mask %m : !triton.block<[4], !triton.ptr<f32>>, !triton.block<[8], i1> -> !triton.block<[4], f32>

// CHECK: Operation does not verify: triton.load mask shape [8] does not broadcast to [4]

// -----

%p, %o = "test.op"() : () -> (!triton.block<[4], !triton.ptr<f32>>, f32)
%v = "triton.load"(%p, %o) <{operandSegmentSizes = array<i32: 1, 0, 1>}> : (!triton.block<[4], !triton.ptr<f32>>, f32) -> !triton.block<[4], f32>

// CHECK: Operation does not verify: triton.load other needs a mask

// -----

%p, %m, %o = "test.op"() : () -> (!triton.block<[4], !triton.ptr<f32>>, i1, f16)
%v = triton.load %p mask %m other %o : !triton.block<[4], !triton.ptr<f32>>, i1, f16 -> !triton.block<[4], f32>

// CHECK: Operation does not verify: triton.load other element type must be f32, got f16

// -----

%p, %m, %o = "test.op"() : () -> (!triton.block<[4], !triton.ptr<f32>>, i1, !triton.block<[2, 4], f32>)
%v = triton.load %p mask %m other %o : !triton.block<[4], !triton.ptr<f32>>, i1, !triton.block<[2, 4], f32> -> !triton.block<[4], f32>

// CHECK: Operation does not verify: triton.load other shape [2, 4] does not broadcast to [4]

// -----

%p = "test.op"() : () -> !triton.block<[4], !triton.ptr<f32>>
%v = triton.load %p : !triton.block<[4], !triton.ptr<f32>> -> f32

// CHECK: Operation does not verify: triton.load result must be !triton.block<[4], f32>, got f32

// -----

%p = "test.op"() : () -> !triton.block<[4], f32>
%v = triton.load %p : !triton.block<[4], f32> -> !triton.block<[4], f32>

// CHECK: Operation does not verify: triton.load needs a pointer or a block of pointers, got !triton.block<[4], f32>

// -----

%p, %v = "test.op"() : () -> (!triton.ptr<f32>, i32)
triton.store %p, %v : !triton.ptr<f32>, i32

// CHECK: Operation does not verify: triton.store value element type must be f32, got i32

// -----

%p, %v = "test.op"() : () -> (!triton.ptr<f32>, !triton.block<[4], f32>)
triton.store %p, %v : !triton.ptr<f32>, !triton.block<[4], f32>

// CHECK: Operation does not verify: triton.store value shape [4] does not broadcast to scalar

// -----

%p, %v, %m = "test.op"() : () -> (!triton.block<[4], !triton.ptr<f32>>, f32, !triton.block<[4], f32>)
triton.store %p, %v mask %m : !triton.block<[4], !triton.ptr<f32>>, f32, !triton.block<[4], f32>

// CHECK: Operation does not verify: triton.store mask must have element type i1, got !triton.block<[4], f32>

// -----

%p, %v = "test.op"() : () -> (!triton.block<[4], i32>, i32)
triton.store %p, %v : !triton.block<[4], i32>, i32

// CHECK: Operation does not verify: triton.store needs a pointer or a block of pointers, got !triton.block<[4], i32>

// -----

// ---- elementwise, where, cast, constant

%a, %b = "test.op"() : () -> (!triton.block<[4], i32>, i32)
%c = triton.truediv %a, %b : (!triton.block<[4], i32>, i32) -> !triton.block<[4], i32>

// CHECK: Operation does not verify: triton.truediv operand #0 has element type i32; expected a float type

// -----

%a = "test.op"() : () -> !triton.block<[4], f16>
%c = triton.exp %a : !triton.block<[4], f16> -> !triton.block<[4], f16>

// CHECK: Operation does not verify: triton.exp operand #0 has element type f16; expected f32 or f64

// -----

%a, %b = "test.op"() : () -> (!triton.block<[4], f32>, f16)
%c = triton.add %a, %b : (!triton.block<[4], f32>, f16) -> !triton.block<[4], f32>

// CHECK: Operation does not verify: triton.add operands must have the same element type, got f32, f16

// -----

%a, %b = "test.op"() : () -> (!triton.block<[4], f32>, f32)
%c = triton.lt %a, %b : (!triton.block<[4], f32>, f32) -> !triton.block<[4], f32>

// CHECK: Operation does not verify: triton.lt result element type must be i1, got f32

// -----

%a, %b = "test.op"() : () -> (!triton.block<[XBLOCK, 1], f32>, !triton.block<[1, RBLOCK], f32>)
%c = triton.mul %a, %b : (!triton.block<[XBLOCK, 1], f32>, !triton.block<[1, RBLOCK], f32>) -> !triton.block<[XBLOCK, 1], f32>

// CHECK: Operation does not verify: triton.mul result shape [XBLOCK, 1] does not match the broadcast [XBLOCK, RBLOCK]

// -----

%a, %b = "test.op"() : () -> (f32, f32)
%c = triton.maximum %a, %b : (f32, f32) -> !triton.block<[4], f32>

// CHECK: Operation does not verify: triton.maximum result shape [4] does not match the broadcast scalar

// -----

%c, %a, %b = "test.op"() : () -> (!triton.block<[4], i32>, f32, f32)
%r = triton.where %c, %a, %b : (!triton.block<[4], i32>, f32, f32) -> !triton.block<[4], f32>

// CHECK: Operation does not verify: triton.where condition must have element type i1, got !triton.block<[4], i32>

// -----

%c, %a, %b = "test.op"() : () -> (!triton.block<[4], i1>, f32, i32)
%r = triton.where %c, %a, %b : (!triton.block<[4], i1>, f32, i32) -> !triton.block<[4], f32>

// CHECK: Operation does not verify: triton.where false value element type must be f32, got i32

// -----

%c, %a, %b = "test.op"() : () -> (!triton.block<[4], i1>, f32, f32)
%r = triton.where %c, %a, %b : (!triton.block<[4], i1>, f32, f32) -> !triton.block<[4], f16>

// CHECK: Operation does not verify: triton.where result element type must be f32, got f16

// -----

%a = "test.op"() : () -> !triton.block<[4], f32>
%c = triton.cast %a : !triton.block<[4], f32> to !triton.block<[8], f16>

// CHECK: Operation does not verify: triton.cast must keep the shape, got !triton.block<[4], f32> and !triton.block<[8], f16>

// -----

%a = "test.op"() : () -> !triton.block<[4], f32>
%c = triton.cast %a : !triton.block<[4], f32> to !triton.block<[4], !triton.ptr<f32>>

// CHECK: Operation does not verify: triton.cast element types must be scalars, got f32 and !triton.ptr<f32>

// -----

%a = "test.op"() : () -> f32
%c = triton.cast %a : f32 to f32

// CHECK: Operation does not verify: triton.cast must change the element type, got f32 to f32

// -----

%a = "test.op"() : () -> f32
%c = triton.cast %a bitcast : f32 to i16

// CHECK: Operation does not verify: triton.cast bitcast needs equal bit widths, got f32 and i16

// -----

%c = "triton.constant"() <{value = 1 : i32}> : () -> !triton.ptr<i32>

// CHECK: Operation does not verify: triton.constant result must have a scalar element type, got !triton.ptr<i32>

// -----

%c = "triton.constant"() <{value = 1 : i64}> : () -> !triton.block<[4], i32>

// CHECK: Operation does not verify: triton.constant value type i64 does not match element type i32

// -----

// ---- reduce

%a = "test.op"() : () -> !triton.block<[XBLOCK, RBLOCK], f32>
%r = triton.reduce sum %a axis 2 : !triton.block<[XBLOCK, RBLOCK], f32> -> !triton.block<[XBLOCK], f32>

// CHECK: Operation does not verify: triton.reduce axis 2 is out of range for rank 2

// -----

%a = "test.op"() : () -> !triton.block<[XBLOCK], f32>
%r = triton.reduce any %a axis 0 : !triton.block<[XBLOCK], f32> -> i1

// CHECK: Operation does not verify: triton.reduce any input has element type f32; expected i1

// -----

%a = "test.op"() : () -> !triton.block<[XBLOCK, RBLOCK], f32>
%r = triton.reduce sum %a axis 1 : !triton.block<[XBLOCK, RBLOCK], f32> -> !triton.block<[XBLOCK, 1], f32>

// CHECK: Operation does not verify: triton.reduce result shape must be [XBLOCK], got [XBLOCK, 1]

// -----

%a = "test.op"() : () -> !triton.block<[XBLOCK, RBLOCK], f32>
%r = triton.reduce argmax %a axis 1 : !triton.block<[XBLOCK, RBLOCK], f32> -> !triton.block<[XBLOCK], f32>

// CHECK: Operation does not verify: triton.reduce argmax result element type must be i32 or i64, got f32

// -----

%a = "test.op"() : () -> !triton.block<[16, 32], f16>
%b = "test.op"() : () -> !triton.block<[16, 64], f16>
%acc = "test.op"() : () -> !triton.block<[16, 64], f32>
%c = triton.dot %a, %b, %acc : (!triton.block<[16, 32], f16>, !triton.block<[16, 64], f16>, !triton.block<[16, 64], f32>) -> !triton.block<[16, 64], f32>

// CHECK: triton.dot shapes do not agree

// -----

%a = "test.op"() : () -> !triton.block<[16, 32], f16>
%b = "test.op"() : () -> !triton.block<[32, 64], f16>
%acc = "test.op"() : () -> !triton.block<[16, 64], f16>
%c = triton.dot %a, %b, %acc : (!triton.block<[16, 32], f16>, !triton.block<[32, 64], f16>, !triton.block<[16, 64], f16>) -> !triton.block<[16, 64], f16>

// CHECK: triton.dot accumulates in f32, got f16

// -----

%a = "test.op"() : () -> !triton.block<[16, 32], f32>
%b = "test.op"() : () -> !triton.block<[32, 64], f32>
%acc = "test.op"() : () -> !triton.block<[16, 64], f32>
%c = triton.dot %a, %b, %acc precision "fast" : (!triton.block<[16, 32], f32>, !triton.block<[32, 64], f32>, !triton.block<[16, 64], f32>) -> !triton.block<[16, 64], f32>

// CHECK: triton.dot precision 'fast' is not one of ieee, tf32, tf32x3

// -----

%x = "test.op"() : () -> !triton.block<[4, 8], i64>
%s = triton.scan "logsumexp" %x axis 1 : !triton.block<[4, 8], i64> -> !triton.block<[4, 8], i64>

// CHECK: Operation does not verify: triton.scan logsumexp input has element type i64; expected a float

// -----

%x, %n = "test.op"() : () -> (!triton.block<[4, 8], f32>, i32)
%s = triton.scan "argsort" %x length %n : i32 axis 0 : !triton.block<[4, 8], f32> -> !triton.block<[4, 8], i64>

// CHECK: Operation does not verify: triton.scan argsort sorts along the last axis (1), not 0

// -----

%x = "test.op"() : () -> !triton.block<[4, 8], f32>
%s = triton.scan "argsort" %x axis 1 : !triton.block<[4, 8], f32> -> !triton.block<[4, 8], i64>

// CHECK: Operation does not verify: triton.scan argsort needs length

// -----

%x, %n = "test.op"() : () -> (!triton.block<[4, 8], f32>, i32)
%s = triton.scan "argsort" %x length %n : i32 axis 1 : !triton.block<[4, 8], f32> -> !triton.block<[4, 8], f32>

// CHECK: Operation does not verify: triton.scan argsort result type must be !triton.block<[4, 8], i64>, got !triton.block<[4, 8], f32>

// -----

%p = "test.op"() : () -> !triton.ptr<f16>
%m = "test.op"() : () -> i32
%d = triton.make_tensor_descriptor %p[%m] [%m] : !triton.ptr<f16>, (i32), (i32) -> !triton.tensordesc<[16, 16], f16>

// CHECK: Operation does not verify: triton.make_tensor_descriptor takes 2 sizes, got 1

// -----

%p = "test.op"() : () -> !triton.ptr<f16>
%m = "test.op"() : () -> i32
%d = triton.make_tensor_descriptor %p[%m, %m] [%m, %m] : !triton.ptr<f16>, (i32, i32), (i32, i32) -> !triton.tensordesc<[16, 16], f32>

// CHECK: Operation does not verify: triton.make_tensor_descriptor element type f32 differs from the pointer's f16

// -----

%d = "test.op"() : () -> !triton.tensordesc<[16, 32], f16>
%m = "test.op"() : () -> i32
%t = triton.descriptor_load %d[%m, %m] : (!triton.tensordesc<[16, 32], f16>, i32, i32) -> !triton.block<[32, 16], f16>

// CHECK: Operation does not verify: triton.descriptor_load of !triton.tensordesc<[16, 32], f16> gives !triton.block<[16, 32], f16>, not !triton.block<[32, 16], f16>

// -----

%x = "test.op"() : () -> !triton.block<[16, 32], f16>
%t = triton.trans %x : !triton.block<[16, 32], f16> -> !triton.block<[16, 32], f16>

// CHECK: Operation does not verify: triton.trans takes a 2-D block to its transpose, got !triton.block<[16, 32], f16> -> !triton.block<[16, 32], f16>

// -----

%x = "test.op"() : () -> !triton.tensordesc<[16, 32, 8], f16>

// CHECK: a tensor descriptor's block is 2-D, got 3 dims

// -----

%p, %v = "test.op"() : () -> (!triton.block<[4], !triton.ptr<f16>>, !triton.block<[4], f16>)
triton.atomic_max %p, %v : !triton.block<[4], !triton.ptr<f16>>, !triton.block<[4], f16>

// CHECK: Operation does not verify: triton.atomic_max needs i32, i64, f32 or f64, got f16

// -----

%c = "test.op"() : () -> !triton.block<[4], i1>
triton.device_assert %c "import os" : !triton.block<[4], i1>

// CHECK: Operation does not verify: triton.device_assert kind must be one of index, zero_division

// -----

%c = "test.op"() : () -> !triton.block<[4], i32>
triton.device_assert %c "index" : !triton.block<[4], i32>

// CHECK: Operation does not verify: triton.device_assert condition must have element type i1, got !triton.block<[4], i32>

// -----

// A kernel's name is printed as the name of a Python function: an identifier only, never code.

triton.func @"k(): pass\nimport os\ndef k2"() {
  triton.return
}

// CHECK: Operation does not verify: triton.func name 'k(): pass\nimport os\ndef k2' is not a Python identifier

// -----

triton.func @call() {
  triton.return
}

// CHECK: Operation does not verify: triton.func name 'call' is reserved in the emitted module (a builtin, an import or a _private name)

// -----

triton.func @k() {
  %0 = "triton.constexpr"() <{constexpr = "XBLOCK)\nimport os"}> : () -> i32
  triton.return
}

// CHECK: Operation does not verify: triton.constexpr name 'XBLOCK)\nimport os' is not a Python identifier
