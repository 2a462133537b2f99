// Every verifier message of the aten dialect, one chunk each.
// RUN: irc-opt %s --split-input-file --verify-diagnostics | filecheck %s

// Shapes of elementwise ops.

%x = "test.op"() : () -> !aten.tensor<[3, 9], f32>
%0 = aten.neg %x : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[9, 3], f32>
// CHECK: Operation does not verify: result shape [9, 3] does not match the operand shape [3, 9]

// -----

%x = "test.op"() : () -> !aten.tensor<[3, 9], f32>
%y = "test.op"() : () -> !aten.tensor<[9], f32>
%0 = aten.add %x, %y : (!aten.tensor<[3, 9], f32>, !aten.tensor<[9], f32>) -> !aten.tensor<[9], f32>
// CHECK: Operation does not verify: result shape [9] does not match the broadcast shape [3, 9]

// -----

%x = "test.op"() : () -> !aten.tensor<[3, 9], f32>
%y = "test.op"() : () -> !aten.tensor<[3], f32>
%0 = aten.mul %x, %y : (!aten.tensor<[3, 9], f32>, !aten.tensor<[3], f32>) -> !aten.tensor<[3, 9], f32>
// CHECK: Operation does not verify: shapes [3, 9], [3] are not broadcast-compatible

// -----

%a = "test.op"() : () -> !aten.tensor<[s0], f32>
%b = "test.op"() : () -> !aten.tensor<[s1], f32>
%0 = aten.sub %a, %b : (!aten.tensor<[s0], f32>, !aten.tensor<[s1], f32>) -> !aten.tensor<[s0], f32>
// CHECK: Operation does not verify: shapes [s0], [s1] are not broadcast-compatible

// -----

%s = "test.op"() : () -> f64
%t = "test.op"() : () -> f64
%0 = aten.add %s, %t : (f64, f64) -> !aten.tensor<[], f64>
// CHECK: Operation does not verify: at least one operand must be a tensor

// -----

%c = "test.op"() : () -> !aten.tensor<[3], i1>
%x = "test.op"() : () -> !aten.tensor<[4], f32>
%s = "test.op"() : () -> f64
%0 = aten.where %c, %x, %s : (!aten.tensor<[3], i1>, !aten.tensor<[4], f32>, f64) -> !aten.tensor<[4], f32>
// CHECK: Operation does not verify: shapes [3], [4], [] are not broadcast-compatible

// -----

%x = "test.op"() : () -> !aten.tensor<[3], f32>
%y = "test.op"() : () -> !aten.tensor<[2, 1], f32>
%0 = aten.clamp %x, max %y : (!aten.tensor<[3], f32>, !aten.tensor<[2, 1], f32>) -> !aten.tensor<[3], f32>
// CHECK: Operation does not verify: result shape [3] does not match the broadcast shape [2, 3]

// -----

%x = "test.op"() : () -> !aten.tensor<[3], f32>
%0 = aten.convert %x : !aten.tensor<[3], f32> -> !aten.tensor<[1, 3], f16>
// CHECK: Operation does not verify: result shape [1, 3] does not match the operand shape [3]

// -----
// Element types of elementwise ops.

%x = "test.op"() : () -> !aten.tensor<[3], f32>
%0 = aten.abs %x : (!aten.tensor<[3], f32>) -> !aten.tensor<[3], f16>
// CHECK: Operation does not verify: result element type f16 must match operand element type f32

// -----

%b = "test.op"() : () -> !aten.tensor<[3], i1>
%0 = aten.neg %b : (!aten.tensor<[3], i1>) -> !aten.tensor<[3], i1>
// CHECK: Operation does not verify: operand element type must be numeric (not i1), got i1

// -----

%b = "test.op"() : () -> !aten.tensor<[3], i1>
%0 = aten.gcd %b, %b : (!aten.tensor<[3], i1>, !aten.tensor<[3], i1>) -> !aten.tensor<[3], i1>
// CHECK: Operation does not verify: operand element type must be integer (not i1), got i1

// -----

%x = "test.op"() : () -> !aten.tensor<[3], f32>
%0 = aten.bitwise_not %x : (!aten.tensor<[3], f32>) -> !aten.tensor<[3], f32>
// CHECK: Operation does not verify: operand element type must be integer or i1, got f32

// -----

%i = "test.op"() : () -> !aten.tensor<[3], i32>
%0 = aten.exp %i : (!aten.tensor<[3], i32>) -> !aten.tensor<[3], i32>
// CHECK: Operation does not verify: result element type must be floating point, got i32

// -----

%i = "test.op"() : () -> !aten.tensor<[3], i32>
%0 = aten.silu %i : (!aten.tensor<[3], i32>) -> !aten.tensor<[3], f32>
// CHECK: Operation does not verify: operand element type must be floating point, got i32

// -----

%x = "test.op"() : () -> !aten.tensor<[3], f32>
%0 = aten.isnan %x : (!aten.tensor<[3], f32>) -> !aten.tensor<[3], f32>
// CHECK: Operation does not verify: result element type must be i1, got f32

// -----

%x = "test.op"() : () -> !aten.tensor<[3], f32>
%0 = aten.gelu %x approximate = "erf" : (!aten.tensor<[3], f32>) -> !aten.tensor<[3], f32>
// CHECK: Operation does not verify: approximate must be "none" or "tanh", got "erf"

// -----

%i = "test.op"() : () -> !aten.tensor<[3], i64>
%s = "test.op"() : () -> f64
%0 = aten.add %i, %s : (!aten.tensor<[3], i64>, f64) -> !aten.tensor<[3], i64>
// CHECK: Operation does not verify: result element type i64 cannot hold operand element type f64 (bool < integer < floating point)

// -----

%i = "test.op"() : () -> !aten.tensor<[3], i64>
%n = "test.op"() : () -> i64
%0 = aten.div %i, %n : (!aten.tensor<[3], i64>, i64) -> !aten.tensor<[3], i64>
// CHECK: Operation does not verify: result element type must be floating point, got i64

// -----

%x = "test.op"() : () -> !aten.tensor<[3], f32>
%0 = aten.div %x, %x rounding_mode = "ceil" : (!aten.tensor<[3], f32>, !aten.tensor<[3], f32>) -> !aten.tensor<[3], f32>
// CHECK: Operation does not verify: rounding_mode must be "trunc" or "floor", got "ceil"

// -----

%x = "test.op"() : () -> !aten.tensor<[3], f32>
%0 = aten.lt %x, %x : (!aten.tensor<[3], f32>, !aten.tensor<[3], f32>) -> !aten.tensor<[3], f32>
// CHECK: Operation does not verify: result element type must be i1, got f32

// -----

%x = "test.op"() : () -> !aten.tensor<[3], f32>
%n = "test.op"() : () -> i64
%0 = aten.bitwise_and %x, %n : (!aten.tensor<[3], f32>, i64) -> !aten.tensor<[3], f32>
// CHECK: Operation does not verify: operand element type must be integer or i1, got f32

// -----

%x = "test.op"() : () -> !aten.tensor<[3], f32>
%0 = aten.where %x, %x, %x : (!aten.tensor<[3], f32>, !aten.tensor<[3], f32>, !aten.tensor<[3], f32>) -> !aten.tensor<[3], f32>
// CHECK: Operation does not verify: condition element type must be i1, got f32

// -----

%c = "test.op"() : () -> !aten.tensor<[3], i1>
%x = "test.op"() : () -> !aten.tensor<[3], f32>
%0 = aten.where %c, %x, %x : (!aten.tensor<[3], i1>, !aten.tensor<[3], f32>, !aten.tensor<[3], f32>) -> !aten.tensor<[3], i32>
// CHECK: Operation does not verify: result element type i32 cannot hold operand element type f32

// -----

%x = "test.op"() : () -> !aten.tensor<[3], f32>
%0 = "aten.clamp"(%x) <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (!aten.tensor<[3], f32>) -> !aten.tensor<[3], f32>
// CHECK: Operation does not verify: clamp needs at least one of min and max

// -----
// Creation.

%s = "test.op"() : () -> f64
%0 = "aten.full"(%s) <{value = 1.0 : f64}> : (f64) -> !aten.tensor<[3], f32>
// CHECK: Operation does not verify: full needs exactly one of a value and a fill operand

// -----

%0 = "aten.full"() : () -> !aten.tensor<[3], f32>
// CHECK: Operation does not verify: full needs exactly one of a value and a fill operand

// -----

%0 = aten.full 1.5 : () -> !aten.tensor<[3], i64>
// CHECK: Operation does not verify: fill value 1.5 does not fit element type i64

// -----

%0 = aten.arange start = 0 step = 1 : !aten.tensor<[2, 5], i64>
// CHECK: Operation does not verify: arange result must be 1-d, got rank 2

// -----

%0 = aten.arange start = 0.5 step = 0.0 : !aten.tensor<[5], f32>
// CHECK: Operation does not verify: arange step must be nonzero

// -----
// Reductions.

%x = "test.op"() : () -> !aten.tensor<[3, 9], f32>
%0 = aten.sum %x dims = [1] : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[3, 1], f32>
// CHECK: Operation does not verify: result shape [3, 1] does not match the reduced shape [3]

// -----

%x = "test.op"() : () -> !aten.tensor<[3, 9], f32>
%0 = aten.amax %x dims = [2] : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[3], f32>
// CHECK: Operation does not verify: dim 2 is out of range for rank 2

// -----

%x = "test.op"() : () -> !aten.tensor<[3, 9], f32>
%0 = aten.prod %x dims = [1, -1] : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[3], f32>
// CHECK: Operation does not verify: dims [1, -1] name the same dim twice

// -----

%x = "test.op"() : () -> !aten.tensor<[3, 9], f32>
%0 = aten.argmax %x dims = [0, 1] : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[], i64>
// CHECK: Operation does not verify: aten.argmax takes at most 1 dim, got 2

// -----

%x = "test.op"() : () -> !aten.tensor<[3, 9], f32>
%0 = aten.argmin %x dims = [0] : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[9], i32>
// CHECK: Operation does not verify: result element type must be i64, got i32

// -----

%i = "test.op"() : () -> !aten.tensor<[3, 9], i64>
%0 = aten.mean %i : (!aten.tensor<[3, 9], i64>) -> !aten.tensor<[], i64>
// CHECK: Operation does not verify: result element type must be floating point, got i64

// -----

%x = "test.op"() : () -> !aten.tensor<[3, 9], f32>
%0 = aten.all %x dims = [0] : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[9], f32>
// CHECK: Operation does not verify: result element type must be i1, got f32

// -----

%x = "test.op"() : () -> !aten.tensor<[3, 9], f32>
%0 = aten.amin %x : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[], f16>
// CHECK: Operation does not verify: result element type f16 must match operand element type f32

// -----

%x = "test.op"() : () -> !aten.tensor<[3, 9], f32>
%v, %i = aten.max_dim %x dim = 1 : (!aten.tensor<[3, 9], f32>) -> (!aten.tensor<[9], f32>, !aten.tensor<[3], i64>)
// CHECK: Operation does not verify: values shape [9] does not match the reduced shape [3]

// -----

%x = "test.op"() : () -> !aten.tensor<[3, 9], f32>
%v, %i = aten.min_dim %x dim = 1 keepdim = true : (!aten.tensor<[3, 9], f32>) -> (!aten.tensor<[3, 1], f32>, !aten.tensor<[3], i64>)
// CHECK: Operation does not verify: indices shape [3] does not match the reduced shape [3, 1]

// -----

%x = "test.op"() : () -> !aten.tensor<[3, 9], f32>
%v, %i = aten.max_dim %x dim = 0 : (!aten.tensor<[3, 9], f32>) -> (!aten.tensor<[9], f64>, !aten.tensor<[9], i64>)
// CHECK: Operation does not verify: values element type f64 must match operand element type f32

// -----

%x = "test.op"() : () -> !aten.tensor<[3, 9], f32>
%v, %i = aten.max_dim %x dim = 0 : (!aten.tensor<[3, 9], f32>) -> (!aten.tensor<[9], f32>, !aten.tensor<[9], i32>)
// CHECK: Operation does not verify: indices element type must be i64, got i32

// -----
// Views.

%x = "test.op"() : () -> !aten.tensor<[3, 4], f32>
%0 = aten.view %x : (!aten.tensor<[3, 4], f32>) -> !aten.tensor<[5, 2], f32>
// CHECK: Operation does not verify: view must keep the number of elements: [3, 4] -> [5, 2]

// -----

%x = "test.op"() : () -> !aten.tensor<[s0, 4], f32>
%0 = aten.view %x : (!aten.tensor<[s0, 4], f32>) -> !aten.tensor<["4*s1"], f32>
// CHECK: Operation does not verify: view must keep the number of elements: [s0, 4] -> [4*s1]

// -----

// s0 is not padded: halves of an odd s0 lose an element.
%x = "test.op"() : () -> !aten.tensor<[s0], f32>
%0 = aten.view %x : (!aten.tensor<[s0], f32>) -> !aten.tensor<["FloorDiv(s0, 2)", 2], f32>
// CHECK: Operation does not verify: view must keep the number of elements: [s0] -> [FloorDiv(s0, 2), 2]

// -----

%x = "test.op"() : () -> !aten.tensor<[3, 4], f32>
%0 = aten.view %x : (!aten.tensor<[3, 4], f32>) -> !aten.tensor<[12], f16>
// CHECK: Operation does not verify: result element type f16 must match operand element type f32

// -----

%x = "test.op"() : () -> !aten.tensor<[3, 4, 5], f32>
%0 = aten.permute %x dims = [0, 1] : (!aten.tensor<[3, 4, 5], f32>) -> !aten.tensor<[3, 4, 5], f32>
// CHECK: Operation does not verify: permute dims [0, 1] are not a permutation of 3 dims

// -----

%x = "test.op"() : () -> !aten.tensor<[3, 4, 5], f32>
%0 = aten.permute %x dims = [0, 2, -1] : (!aten.tensor<[3, 4, 5], f32>) -> !aten.tensor<[3, 5, 4], f32>
// CHECK: Operation does not verify: dims [0, 2, -1] name the same dim twice

// -----

%x = "test.op"() : () -> !aten.tensor<[3, 4, 5], f32>
%0 = aten.permute %x dims = [2, 0, 1] : (!aten.tensor<[3, 4, 5], f32>) -> !aten.tensor<[3, 4, 5], f32>
// CHECK: Operation does not verify: result shape [3, 4, 5] does not match the permuted shape [5, 3, 4]

// -----

%x = "test.op"() : () -> !aten.tensor<[3, 4], f32>
%0 = aten.transpose %x dims = 0, 1 : (!aten.tensor<[3, 4], f32>) -> !aten.tensor<[3, 4], f32>
// CHECK: Operation does not verify: result shape [3, 4] does not match the transposed shape [4, 3]

// -----

%x = "test.op"() : () -> !aten.tensor<[3, 4], f32>
%0 = aten.transpose %x dims = 0, -3 : (!aten.tensor<[3, 4], f32>) -> !aten.tensor<[3, 4], f32>
// CHECK: Operation does not verify: dim -3 is out of range for rank 2

// -----

%x = "test.op"() : () -> !aten.tensor<[3, 1], f32>
%0 = aten.expand %x : (!aten.tensor<[3, 1], f32>) -> !aten.tensor<[5], f32>
// CHECK: Operation does not verify: expand cannot lower the rank from 2 to 1

// -----

%x = "test.op"() : () -> !aten.tensor<[3, 1], f32>
%0 = aten.expand %x : (!aten.tensor<[3, 1], f32>) -> !aten.tensor<[2, 4, 7], f32>
// CHECK: Operation does not verify: cannot expand dim 1 of size 3 to size 4

// -----

%x = "test.op"() : () -> !aten.tensor<[3, 1], f32>
%0 = aten.squeeze %x dims = [0] : (!aten.tensor<[3, 1], f32>) -> !aten.tensor<[1], f32>
// CHECK: Operation does not verify: cannot squeeze dim 0 of size 3

// -----

%x = "test.op"() : () -> !aten.tensor<[3, 1], f32>
%0 = aten.squeeze %x : (!aten.tensor<[3, 1], f32>) -> !aten.tensor<[3, 1], f32>
// CHECK: Operation does not verify: result shape [3, 1] does not match the squeezed shape [3]

// -----

%x = "test.op"() : () -> !aten.tensor<[3, 1], f32>
%0 = aten.unsqueeze %x dim = 1 : (!aten.tensor<[3, 1], f32>) -> !aten.tensor<[1, 3, 1], f32>
// CHECK: Operation does not verify: result shape [1, 3, 1] does not match the unsqueezed shape [3, 1, 1]

// -----

%x = "test.op"() : () -> !aten.tensor<[3, 1], f32>
%0 = aten.unsqueeze %x dim = 4 : (!aten.tensor<[3, 1], f32>) -> !aten.tensor<[3, 1, 1], f32>
// CHECK: Operation does not verify: dim 4 is out of range for rank 3

// -----

%x = "test.op"() : () -> !aten.tensor<[10], f32>
%0 = aten.slice %x dim = 0 start = 2 end = 8 step = 3 : (!aten.tensor<[10], f32>) -> !aten.tensor<[3], f32>
// CHECK: Operation does not verify: result shape [3] does not match the sliced shape [2]

// -----

%x = "test.op"() : () -> !aten.tensor<[10], f32>
%0 = aten.slice %x dim = 0 start = 0 end = 10 step = 0 : (!aten.tensor<[10], f32>) -> !aten.tensor<[10], f32>
// CHECK: Operation does not verify: slice step must be positive, got 0

// -----

%x = "test.op"() : () -> !aten.tensor<[], f32>
%0 = aten.slice %x dim = 0 start = 0 end = 1 : (!aten.tensor<[], f32>) -> !aten.tensor<[], f32>
// CHECK: Operation does not verify: aten.slice needs an operand of rank at least 1

// -----

%x = "test.op"() : () -> !aten.tensor<[3, 4], f32>
%0 = aten.select %x dim = 1 index = 4 : (!aten.tensor<[3, 4], f32>) -> !aten.tensor<[3], f32>
// CHECK: Operation does not verify: select index 4 is out of range for dim 1 of size 4

// -----

%x = "test.op"() : () -> !aten.tensor<[3, 4], f32>
%0 = aten.select %x dim = 0 index = 0 : (!aten.tensor<[3, 4], f32>) -> !aten.tensor<[3], f32>
// CHECK: Operation does not verify: result shape [3] does not match the selected shape [4]

// -----

%x = "test.op"() : () -> !aten.tensor<[], f32>
%0 = aten.select %x dim = 0 index = 0 : (!aten.tensor<[], f32>) -> !aten.tensor<[], f32>
// CHECK: Operation does not verify: aten.select needs an operand of rank at least 1

// -----

%x = "test.op"() : () -> !aten.tensor<[3, 4], f32>
%0 = aten.as_strided %x strides = [1] offset = 0 : (!aten.tensor<[3, 4], f32>) -> !aten.tensor<[2, 2], f32>
// CHECK: Operation does not verify: as_strided has 1 strides for a result of rank 2

// -----

%x = "test.op"() : () -> !aten.tensor<[3, 4], f32>
%0 = aten.as_strided %x strides = [1, -1] offset = 0 : (!aten.tensor<[3, 4], f32>) -> !aten.tensor<[2, 2], f32>
// CHECK: Operation does not verify: as_strided strides must be non-negative, got -1

// -----

%x = "test.op"() : () -> !aten.tensor<[3, 4], f32>
%0 = aten.as_strided %x strides = [1, 1] offset = -2 : (!aten.tensor<[3, 4], f32>) -> !aten.tensor<[2, 2], f32>
// CHECK: Operation does not verify: as_strided offset must be non-negative, got -2

// -----

%x = "test.op"() : () -> !aten.tensor<[3, 4], f32>
%0 = aten.clone %x : (!aten.tensor<[3, 4], f32>) -> !aten.tensor<[4, 3], f32>
// CHECK: Operation does not verify: result shape [4, 3] does not match the operand shape [3, 4]

// -----

%x = "test.op"() : () -> !aten.tensor<[3, 4], f32>
%0 = aten.alias %x : (!aten.tensor<[3, 4], f32>) -> !aten.tensor<[3, 4], i32>
// CHECK: Operation does not verify: result element type i32 must match operand element type f32

// -----
// Fallback.

%x = "test.op"() : () -> !aten.tensor<[3], f32>
%0 = aten.fallback "mm"(%x) {args = [#aten.operand<0>]} : (!aten.tensor<[3], f32>) -> !aten.tensor<[3], f32>
// CHECK: Operation does not verify: aten.fallback overload 'mm' must be spelled ns::name or ns::name.overload

// -----

%x = "test.op"() : () -> !aten.tensor<[3], f32>
%0 = aten.fallback "aten::mm.default"(%x) {args = [#aten.operand<0>, #aten.operand<1>]} : (!aten.tensor<[3], f32>) -> !aten.tensor<[3], f32>
// CHECK: Operation does not verify: #aten.operand<1> refers past the 1 operands

// -----

%x = "test.op"() : () -> !aten.tensor<[3], f32>
%y = "test.op"() : () -> !aten.tensor<[3], f32>
%0 = aten.fallback "aten::mm.default"(%x, %y) {kwargs = {self = #aten.operand<0>}} : (!aten.tensor<[3], f32>, !aten.tensor<[3], f32>) -> !aten.tensor<[3], f32>
// CHECK: Operation does not verify: operand 1 is not referenced by args or kwargs

// -----

%x = "test.op"() : () -> !aten.tensor<[3], f32>
%0 = aten.fallback "aten::foo"(%x) {args = [#aten.operand<0>, {nested = 1}]} : (!aten.tensor<[3], f32>) -> !aten.tensor<[3], f32>
// CHECK: Operation does not verify: unsupported fallback argument {nested = 1 : i64}; expected a number, string, unit (None), list, type (dtype) or #aten.operand<N>

// -----

%x = "test.op"() : () -> !aten.tensor<[3], f32>
%0 = aten.fallback "aten::foo"(%x) {args = [#aten.operand<-1>]} : (!aten.tensor<[3], f32>) -> !aten.tensor<[3], f32>
// CHECK: operand reference must be non-negative, got -1

// -----

// Complex elements are for externs only: no compute op takes them.

%z = "test.op"() : () -> !aten.tensor<[4], complex<f32>>
%0 = aten.add %z, %z : (!aten.tensor<[4], complex<f32>>, !aten.tensor<[4], complex<f32>>) -> !aten.tensor<[4], complex<f32>>
// CHECK: Operation does not verify: operand element type must be any element type, got complex<f32>

// -----

// An extern names an ATen overload of an allowed namespace; encoded objects decode through a fixed table.

%x = "test.op"() : () -> !aten.tensor<[3], f32>
%0 = aten.fallback "import_module::__call__.__call__"() {args = ["os"]} : () -> !aten.tensor<[3], f32>
// CHECK: Operation does not verify: aten.fallback overload 'import_module::__call__.__call__': namespace 'import_module' is not one irc calls

// -----

%x = "test.op"() : () -> !aten.tensor<[3], f32>
%0 = aten.fallback "higher_order::wrap.__call__"(%x) {args = ["layout:save", #aten.operand<0>, "out.pt"]} : (!aten.tensor<[3], f32>) -> !aten.tensor<[3], f32>
// CHECK: Operation does not verify: aten.fallback overload 'higher_order::wrap.__call__': namespace 'higher_order' is not one irc calls

// -----

%x = "test.op"() : () -> !aten.tensor<[3], f32>
%0 = aten.fallback "aten::clone.default"(%x) {args = [#aten.operand<0>], kwargs = {layout = "layout:save"}} : (!aten.tensor<[3], f32>) -> !aten.tensor<[3], f32>
// CHECK: Operation does not verify: aten.fallback argument 'layout:save': 'layout' must be one of irc's known values, not 'save'

// -----

// Arguments eager rejects before reading data (dialects/aten_arguments.py): its message, no extern.

%x = "test.op"() : () -> !aten.tensor<[2, 3], f32>
%0 = aten.fallback "aten::constant_pad_nd.default"(%x) {args = [#aten.operand<0>, [1, 2, 3]]} : (!aten.tensor<[2, 3], f32>) -> !aten.tensor<[2, 6], f32>
// CHECK: Operation does not verify: aten::constant_pad_nd.default: Length of pad must be even but instead it equals 3

// -----

%x = "test.op"() : () -> !aten.tensor<[3], f32>
%0 = aten.fallback "aten::constant_pad_nd.default"(%x) {args = [#aten.operand<0>, [1, 1, 1, 1]]} : (!aten.tensor<[3], f32>) -> !aten.tensor<[5], f32>
// CHECK: Operation does not verify: aten::constant_pad_nd.default: Length of pad should be no more than twice the number of dimensions of the input. Pad length is 4 while the input has 1 dimensions.
