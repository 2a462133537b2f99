// RUN: irc-opt %s -p kernel-plan-memory --split-input-file | filecheck %s
// RUN: irc-opt %s -p 'kernel-plan-memory{reuse=false}' --split-input-file | filecheck %s --check-prefix=NOREUSE
// RUN: irc-opt %s -p 'kernel-plan-memory{out_variants=false}' --split-input-file | filecheck %s --check-prefix=NOOUT
// RUN: irc-opt %s -p 'kernel-plan-memory{reorder=false}' --split-input-file | filecheck %s --check-prefix=NOREORDER
// RUN: irc-opt %s -p kernel-plan-memory --split-input-file | irc-opt -p kernel-plan-memory --split-input-file | filecheck %s

!v = !loop.buffer<[64], f32, strides [1]>
!m = !loop.buffer<[8, 8], f32, strides [8, 1]>
kernel.kernel @vv(%arg0: !v) -> (!v) pointwise numel 64 rnumel 1 {
  %b = "test.op"(%arg0) : (!v) -> !v
  kernel.yield %b : !v
}
kernel.kernel @vm(%arg0: !v) -> (!m) pointwise numel 64 rnumel 1 {
  %b = "test.op"(%arg0) : (!v) -> !m
  kernel.yield %b : !m
}

// A chain: each buffer is freed right after its last use; the third takes the memory of the first (same byte
// size and dtype, another shape); the output never gives its memory away.
func.func @chain(%x: !v) -> !m {
  %a = kernel.alloc : !v
  kernel.launch @vv(%x) outs(%a) : (!v) -> (!v)
  %b = kernel.alloc : !v
  kernel.launch @vv(%a) outs(%b) : (!v) -> (!v)
  %c = kernel.alloc : !m
  kernel.launch @vm(%b) outs(%c) : (!v) -> (!m)
  func.return %c : !m
}
// CHECK-LABEL: func.func @chain
// CHECK-NEXT:    %a = kernel.alloc : !loop.buffer<[64], f32, strides [1]>
// CHECK-NEXT:    kernel.launch @vv(%x) outs(%a)
// CHECK-NEXT:    kernel.free %x : !loop.buffer<[64], f32, strides [1]>
// CHECK-NEXT:    %b = kernel.alloc : !loop.buffer<[64], f32, strides [1]>
// CHECK-NEXT:    kernel.launch @vv(%a) outs(%b)
// CHECK-NEXT:    %c = kernel.reuse %a : !loop.buffer<[64], f32, strides [1]> to !loop.buffer<[8, 8], f32, strides [8, 1]>
// CHECK-NEXT:    kernel.launch @vm(%b) outs(%c)
// CHECK-NEXT:    kernel.free %b : !loop.buffer<[64], f32, strides [1]>
// CHECK-NEXT:    func.return %c
// NOREUSE-LABEL: func.func @chain
// NOREUSE:         kernel.free %x
// NOREUSE-NEXT:    %b = kernel.alloc
// NOREUSE-NEXT:    kernel.launch @vv(%a) outs(%b)
// NOREUSE-NEXT:    kernel.free %a
// NOREUSE-NEXT:    %c = kernel.alloc
// NOREUSE-NEXT:    kernel.launch @vm(%b) outs(%c)
// NOREUSE-NEXT:    kernel.free %b
// NOREUSE-NEXT:    func.return %c

// -----

!v = !loop.buffer<[64], f32, strides [1]>
!i = !loop.buffer<[64], i32, strides [1]>
!w = !loop.buffer<[65], f32, strides [1]>
kernel.kernel @vv(%arg0: !v) -> (!v) pointwise numel 64 rnumel 1 {
  %b = "test.op"(%arg0) : (!v) -> !v
  kernel.yield %b : !v
}
kernel.kernel @vi(%arg0: !v) -> (!i) pointwise numel 64 rnumel 1 {
  %b = "test.op"(%arg0) : (!v) -> !i
  kernel.yield %b : !i
}
kernel.kernel @vw(%arg0: !v) -> (!w) pointwise numel 65 rnumel 1 {
  %b = "test.op"(%arg0) : (!v) -> !w
  kernel.yield %b : !w
}

// No reuse across dtypes (same bytes) or sizes; an output never gives its memory away, nor does a buffer an
// output aliases (a view returned; it may take dead memory itself); an extern result that may alias its operand
// (aten::alias) joins the operand's group, which is freed after the last use of either but never reused.
func.func @no_reuse(%x: !v) -> (!v, !loop.buffer<[8, 8], f32, strides [1, 8]>, !v, !v) {
  %a = kernel.alloc : !v
  kernel.launch @vv(%x) outs(%a) : (!v) -> (!v)
  %out = kernel.alloc : !v
  kernel.launch @vv(%a) outs(%out) : (!v) -> (!v)
  %i = kernel.alloc : !i
  kernel.launch @vi(%a) outs(%i) : (!v) -> (!i)
  %w = kernel.alloc : !w
  kernel.launch @vw(%a) outs(%w) : (!v) -> (!w)
  %viewed = kernel.alloc : !v
  kernel.launch @vv(%x) outs(%viewed) : (!v) -> (!v)
  %t = loop.reinterpret %viewed : !v to !loop.buffer<[8, 8], f32, strides [1, 8]>
  %e = kernel.alloc : !v
  kernel.launch @vv(%x) outs(%e) : (!v) -> (!v)
  %alias = kernel.extern "aten::alias.default"(%e) {args = [#kernel.operand<0>]} : (!v) -> (!v)
  %z = kernel.alloc : !v
  kernel.launch @vv(%alias) outs(%z) : (!v) -> (!v)
  %q = kernel.alloc : !v
  kernel.launch @vv(%z) outs(%q) : (!v) -> (!v)
  func.return %out, %t, %z, %q : !v, !loop.buffer<[8, 8], f32, strides [1, 8]>, !v, !v
}
// CHECK-LABEL: func.func @no_reuse
// CHECK:         %out = kernel.alloc
// CHECK:         %i = kernel.alloc : !loop.buffer<[64], i32, strides [1]>
// CHECK-NEXT:    kernel.launch @vi(%a) outs(%i)
// CHECK-NEXT:    kernel.free %i
// CHECK-NEXT:    %w = kernel.alloc : !loop.buffer<[65], f32, strides [1]>
// CHECK-NEXT:    kernel.launch @vw(%a) outs(%w)
// CHECK-NEXT:    kernel.free %w
// CHECK-NEXT:    %viewed = kernel.reuse %a
// CHECK-NEXT:    kernel.launch @vv(%x) outs(%viewed)
// CHECK-NEXT:    %t = loop.reinterpret %viewed
// CHECK-NEXT:    %e = kernel.alloc
// CHECK-NEXT:    kernel.launch @vv(%x) outs(%e)
// CHECK-NEXT:    kernel.free %x
// CHECK-NEXT:    %alias = kernel.extern "aten::alias.default"(%e)
// CHECK-NEXT:    %z = kernel.alloc
// CHECK-NEXT:    kernel.launch @vv(%alias) outs(%z)
// CHECK-NEXT:    kernel.free %alias
// CHECK-NEXT:    kernel.free %e
// CHECK-NEXT:    %q = kernel.alloc
// CHECK-NEXT:    kernel.launch @vv(%z) outs(%q)
// CHECK-NEXT:    func.return %out, %t, %z, %q

// A function input is freed after its last use (the host drops its name) unless an output is a view of it;
// its memory is never reused.
func.func @inputs(%x: !v, %y: !v) -> !loop.buffer<[8, 8], f32, strides [1, 8]> {
  %a = kernel.alloc : !v
  kernel.launch @vv(%x) outs(%a) : (!v) -> (!v)
  %t = loop.reinterpret %y : !v to !loop.buffer<[8, 8], f32, strides [1, 8]>
  %b = kernel.alloc : !v
  kernel.launch @vv(%y) outs(%b) : (!v) -> (!v)
  func.return %t : !loop.buffer<[8, 8], f32, strides [1, 8]>
}
// CHECK-LABEL: func.func @inputs
// CHECK-NEXT:    %a = kernel.alloc
// CHECK-NEXT:    kernel.launch @vv(%x) outs(%a)
// CHECK-NEXT:    kernel.free %x
// CHECK-NEXT:    %t = loop.reinterpret %y
// CHECK-NEXT:    %b = kernel.reuse %a
// CHECK-NEXT:    kernel.launch @vv(%y) outs(%b)
// CHECK-NEXT:    kernel.free %b
// CHECK-NEXT:    func.return %t

// -----

!s = !loop.buffer<[s0, 4], f32, strides [4, 1]>
!t = !loop.buffer<[4, s0], f32, strides [s0, 1]>
!u = !loop.buffer<["s0 + 1", 4], f32, strides [4, 1]>
kernel.kernel @ss(%arg0: !s) -> (!s) pointwise numel "4*s0" rnumel 1 {
  %b = "test.op"(%arg0) : (!s) -> !s
  kernel.yield %b : !s
}
kernel.kernel @st(%arg0: !s) -> (!t) pointwise numel "4*s0" rnumel 1 {
  %b = "test.op"(%arg0) : (!s) -> !t
  kernel.yield %b : !t
}
kernel.kernel @su(%arg0: !s) -> (!u) pointwise numel "4*s0 + 4" rnumel 1 {
  %b = "test.op"(%arg0) : (!s) -> !u
  kernel.yield %b : !u
}

// Symbolic sizes are compared symbolically: [s0, 4] and [4, s0] share memory, [s0 + 1, 4] does not.
func.func @symbolic(%x: !s) -> (!u, !t) {
  %a = kernel.alloc : !s
  kernel.launch @ss(%x) outs(%a) : (!s) -> (!s)
  %b = kernel.alloc : !s
  kernel.launch @ss(%a) outs(%b) : (!s) -> (!s)
  %u = kernel.alloc : !u
  kernel.launch @su(%b) outs(%u) : (!s) -> (!u)
  %t = kernel.alloc : !t
  kernel.launch @st(%x) outs(%t) : (!s) -> (!t)
  func.return %u, %t : !u, !t
}
// CHECK-LABEL: func.func @symbolic
// CHECK:         kernel.launch @ss(%a) outs(%b)
// CHECK-NEXT:    kernel.free %a
// CHECK-NEXT:    %u = kernel.alloc : !loop.buffer<["s0 + 1", 4], f32, strides [4, 1]>
// CHECK-NEXT:    kernel.launch @su(%b) outs(%u)
// CHECK-NEXT:    %t = kernel.reuse %b : !loop.buffer<[s0, 4], f32, strides [4, 1]> to !loop.buffer<[4, s0], f32, strides [s0, 1]>

// -----

!a = !loop.buffer<[5, 7], f32, strides [7, 1]>
!b = !loop.buffer<[7, 3], f32, strides [3, 1]>
!r = !loop.buffer<[5, 3], f32, strides [3, 1]>
kernel.kernel @relu(%arg0: !r) -> (!r) pointwise numel 15 rnumel 1 {
  %b = "test.op"(%arg0) : (!r) -> !r
  kernel.yield %b : !r
}

// Externs with a native out= variant write into a planner allocation (then freed or reused like any other);
// other externs allocate for themselves and are freed after their last use.
func.func @externs(%x: !a, %w: !b) -> !r {
  %mm = kernel.extern "aten::mm.default"(%x, %w) {args = [#kernel.operand<0>, #kernel.operand<1>]} : (!a, !b) -> (!r)
  %y = kernel.alloc : !r
  kernel.launch @relu(%mm) outs(%y) : (!r) -> (!r)
  %n = kernel.extern "aten::neg.default"(%y) {args = [#kernel.operand<0>]} : (!r) -> (!r)
  %z = kernel.alloc : !r
  kernel.launch @relu(%n) outs(%z) : (!r) -> (!r)
  func.return %z : !r
}
// CHECK-LABEL: func.func @externs
// CHECK-NEXT:    %mm = kernel.alloc : !loop.buffer<[5, 3], f32, strides [3, 1]>
// CHECK-NEXT:    kernel.extern "aten::mm.out"(%x, %w) outs(%mm : !loop.buffer<[5, 3], f32, strides [3, 1]>) {args = [#kernel.operand<0>, #kernel.operand<1>], kwargs = {out = #kernel.operand<2>}}
// CHECK-NEXT:    kernel.free %w
// CHECK-NEXT:    kernel.free %x
// CHECK-NEXT:    %y = kernel.alloc
// CHECK-NEXT:    kernel.launch @relu(%mm) outs(%y)
// CHECK-NEXT:    kernel.free %mm
// CHECK-NEXT:    %n = kernel.extern "aten::neg.default"(%y)
// CHECK-NEXT:    %z = kernel.reuse %y
// CHECK-NEXT:    kernel.launch @relu(%n) outs(%z)
// CHECK-NEXT:    kernel.free %n
// CHECK-NEXT:    func.return %z
// NOOUT-LABEL: func.func @externs
// NOOUT-NEXT:    %mm = kernel.extern "aten::mm.default"(%x, %w)
// NOOUT-NEXT:    kernel.free %w
// NOOUT-NEXT:    kernel.free %x
// NOOUT-NEXT:    %y = kernel.alloc
// NOOUT-NEXT:    kernel.launch @relu(%mm) outs(%y)
// NOOUT-NEXT:    kernel.free %mm

// -----

!v = !loop.buffer<[4, 16], f32, strides [16, 1]>
kernel.kernel @double(%arg0: !v) -> (!v) pointwise numel 64 rnumel 1 {
  %0 = loop.pointwise ranges [4, 16] {
    %1 = loop.load %arg0[#loop.index<"16*i0 + i1">] : !v
    %2 = arith.addf %1, %1 : f32
    loop.yield %2 : f32
  } : !v
  kernel.yield %0 : !v
}
kernel.kernel @flip(%arg0: !v) -> (!v) pointwise numel 64 rnumel 1 {
  %0 = loop.pointwise ranges [4, 16] {
    %1 = loop.load %arg0[#loop.index<"16*i0 - i1 + 15">] : !v
    loop.yield %1 : f32
  } : !v
  kernel.yield %0 : !v
}

kernel.kernel @flat(%arg0: !v) -> (!loop.buffer<[64], f32, strides [1]>) pointwise numel 64 rnumel 1 {
  %0 = loop.pointwise ranges [64] {
    %1 = loop.load %arg0[#loop.index<"i0">] : !v
    %2 = arith.addf %1, %1 : f32
    loop.yield %2 : f32
  } : !loop.buffer<[64], f32, strides [1]>
  kernel.yield %0 : !loop.buffer<[64], f32, strides [1]>
}

// In place (Inductor's in_out_ptr): a pointwise kernel that reads an input only at the element it writes
// writes its output over that input when the input dies there; never over a function input that is not
// donated (@donated below), never when it reads other elements (@flip).
func.func @inplace(%x: !v) -> !v {
  %a = kernel.alloc : !v
  kernel.launch @double(%x) outs(%a) : (!v) -> (!v)
  %b = kernel.alloc : !v
  kernel.launch @flip(%a) outs(%b) : (!v) -> (!v)
  %c = kernel.alloc : !v
  kernel.launch @double(%b) outs(%c) : (!v) -> (!v)
  func.return %c : !v
}
// CHECK-LABEL: func.func @inplace
// CHECK-NEXT:    %a = kernel.alloc
// CHECK-NEXT:    kernel.launch @double(%x) outs(%a)
// CHECK-NEXT:    kernel.free %x
// CHECK-NEXT:    %b = kernel.alloc
// CHECK-NEXT:    kernel.launch @flip(%a) outs(%b)
// CHECK-NEXT:    kernel.free %a
// CHECK-NEXT:    %c = kernel.reuse %b : !loop.buffer<[4, 16], f32, strides [16, 1]> to !loop.buffer<[4, 16], f32, strides [16, 1]>
// CHECK-NEXT:    kernel.launch @double(%c) outs(%c)
// CHECK-NEXT:    func.return %c
// NOREUSE-LABEL: func.func @inplace
// NOREUSE:         %c = kernel.alloc
// NOREUSE-NEXT:    kernel.launch @double(%b) outs(%c)

// In place over an input of another shape with the same bytes: the kernel reads it through a view.
func.func @inplace_view(%x: !v) -> !loop.buffer<[64], f32, strides [1]> {
  %a = kernel.alloc : !v
  kernel.launch @double(%x) outs(%a) : (!v) -> (!v)
  %b = kernel.alloc : !loop.buffer<[64], f32, strides [1]>
  kernel.launch @flat(%a) outs(%b) : (!v) -> (!loop.buffer<[64], f32, strides [1]>)
  func.return %b : !loop.buffer<[64], f32, strides [1]>
}
// CHECK-LABEL: func.func @inplace_view
// CHECK:         kernel.free %x
// CHECK-NEXT:    %b = kernel.reuse %a : !loop.buffer<[4, 16], f32, strides [16, 1]> to !loop.buffer<[64], f32, strides [1]>
// CHECK-NEXT:    %0 = loop.reinterpret %b : !loop.buffer<[64], f32, strides [1]> to !loop.buffer<[4, 16], f32, strides [16, 1]>
// CHECK-NEXT:    kernel.launch @flat(%0) outs(%b)
// CHECK-NEXT:    func.return %b

// A donated argument (irc.donated: a backward's saved activation aot_autograd hands over) is memory the function
// may reuse once it is dead: in place (@double over %x), or for a later allocation of its bytes (%c takes %y's
// memory). An owned argument that is not donated (%z) is freed only.
func.func @donated(%x: !v {irc.owned, irc.donated}, %y: !v {irc.owned, irc.donated}, %z: !v {irc.owned}) -> (!v, !v, !v) {
  %a = kernel.alloc : !v
  kernel.launch @double(%x) outs(%a) : (!v) -> (!v)
  %b = kernel.alloc : !v
  kernel.launch @flip(%y) outs(%b) : (!v) -> (!v)
  %c = kernel.alloc : !v
  kernel.launch @flip(%z) outs(%c) : (!v) -> (!v)
  %d = kernel.alloc : !v
  kernel.launch @flip(%b) outs(%d) : (!v) -> (!v)
  func.return %a, %c, %d : !v, !v, !v
}
// CHECK-LABEL: func.func @donated
// CHECK-NEXT:    %a = kernel.reuse %x
// CHECK-NEXT:    kernel.launch @double(%a) outs(%a)
// CHECK-NEXT:    %b = kernel.alloc
// CHECK-NEXT:    kernel.launch @flip(%y) outs(%b)
// CHECK-NEXT:    %c = kernel.reuse %y
// CHECK-NEXT:    kernel.launch @flip(%z) outs(%c)
// CHECK-NEXT:    kernel.free %z
// CHECK-NEXT:    %d = kernel.alloc

// -----

!v = !loop.buffer<[8, 16], f32, strides [16, 1]>
!row = !loop.buffer<[8], f32, strides [1]>
kernel.kernel @double(%arg0: !v) -> (!v) pointwise numel 128 rnumel 1 {
  %0 = loop.pointwise ranges [8, 16] {
    %1 = loop.load %arg0[#loop.index<"16*i0 + i1">] : !v
    %2 = arith.addf %1, %1 : f32
    loop.yield %2 : f32
  } : !v
  kernel.yield %0 : !v
}
kernel.kernel @softmax(%arg0: !v) -> (!v) persistent_reduction numel 8 rnumel 16 {
  %0 = loop.reduction max ranges [8] reduce [16] {
    %1 = loop.load %arg0[#loop.index<"16*i0 + r0">] : !v
    loop.yield %1 : f32
  } : !row
  %2 = loop.pointwise ranges [8, 16] {
    %3 = loop.load %arg0[#loop.index<"16*i0 + i1">] : !v
    %4 = loop.load %0[#loop.index<"i0">] : !row
    %5 = arith.subf %3, %4 : f32
    loop.yield %5 : f32
  } : !v
  kernel.yield %2 : !v
}
kernel.kernel @softmax_looped(%arg0: !v) -> (!v) reduction numel 8 rnumel 16 {
  %0 = loop.reduction max ranges [8] reduce [16] {
    %1 = loop.load %arg0[#loop.index<"16*i0 + r0">] : !v
    loop.yield %1 : f32
  } : !row
  %2 = loop.pointwise ranges [8, 16] {
    %3 = loop.load %arg0[#loop.index<"16*i0 + i1">] : !v
    %4 = loop.load %0[#loop.index<"i0">] : !row
    %5 = arith.subf %3, %4 : f32
    loop.yield %5 : f32
  } : !v
  kernel.yield %2 : !v
}
kernel.kernel @other_row(%arg0: !v) -> (!v) persistent_reduction numel 8 rnumel 16 {
  %0 = loop.reduction max ranges [8] reduce [16] {
    %1 = loop.load %arg0[#loop.index<"r0">] : !v
    loop.yield %1 : f32
  } : !row
  %2 = loop.pointwise ranges [8, 16] {
    %3 = loop.load %arg0[#loop.index<"16*i0 + i1">] : !v
    %4 = loop.load %0[#loop.index<"i0">] : !row
    %5 = arith.subf %3, %4 : f32
    loop.yield %5 : f32
  } : !v
  kernel.yield %2 : !v
}
kernel.kernel @broadcast(%arg0: !v) -> (!v) persistent_reduction numel 8 rnumel 16 {
  %0 = loop.reduction max ranges [8] reduce [16] {
    %1 = loop.load %arg0[#loop.index<"16*i0 + r0">] : !v
    loop.yield %1 : f32
  } : !row
  %2 = loop.pointwise ranges [8, 16] {
    %3 = loop.load %arg0[#loop.index<"16*i0">] : !v
    %4 = loop.load %0[#loop.index<"i0">] : !row
    %5 = arith.subf %3, %4 : f32
    loop.yield %5 : f32
  } : !v
  kernel.yield %2 : !v
}

// A persistent reduction reading each row of a dying input before writing that row (softmax over a matmul's
// scores) writes its output over the input; a looped reduction, a read of another row (row 0 for every row) or
// a broadcast read (the row's first element for all of it) keeps its own output buffer.
func.func @persistent(%x: !v) -> (!v, !v, !v, !v) {
  %a = kernel.alloc : !v
  kernel.launch @double(%x) outs(%a) : (!v) -> (!v)
  %b = kernel.alloc : !v
  kernel.launch @softmax(%a) outs(%b) : (!v) -> (!v)
  %c = kernel.alloc : !v
  kernel.launch @double(%x) outs(%c) : (!v) -> (!v)
  %d = kernel.alloc : !v
  kernel.launch @softmax_looped(%c) outs(%d) : (!v) -> (!v)
  %e = kernel.alloc : !v
  kernel.launch @double(%x) outs(%e) : (!v) -> (!v)
  %f = kernel.alloc : !v
  kernel.launch @other_row(%e) outs(%f) : (!v) -> (!v)
  %g = kernel.alloc : !v
  kernel.launch @double(%x) outs(%g) : (!v) -> (!v)
  %h = kernel.alloc : !v
  kernel.launch @broadcast(%g) outs(%h) : (!v) -> (!v)
  func.return %b, %d, %f, %h : !v, !v, !v, !v
}
// CHECK-LABEL: func.func @persistent
// CHECK-NEXT:    %a = kernel.alloc
// CHECK-NEXT:    kernel.launch @double(%x) outs(%a)
// CHECK-NEXT:    %b = kernel.reuse %a
// CHECK-NEXT:    kernel.launch @softmax(%b) outs(%b)
// CHECK-NEXT:    %c = kernel.alloc
// CHECK-NEXT:    kernel.launch @double(%x) outs(%c)
// CHECK-NEXT:    %d = kernel.alloc
// CHECK-NEXT:    kernel.launch @softmax_looped(%c) outs(%d)
// CHECK-NEXT:    %e = kernel.reuse %c
// CHECK-NEXT:    kernel.launch @double(%x) outs(%e)
// CHECK-NEXT:    %f = kernel.alloc
// CHECK-NEXT:    kernel.launch @other_row(%e) outs(%f)
// CHECK-NEXT:    %g = kernel.reuse %e
// CHECK-NEXT:    kernel.launch @double(%x) outs(%g)
// CHECK-NEXT:    kernel.free %x
// CHECK-NEXT:    %h = kernel.alloc
// CHECK-NEXT:    kernel.launch @broadcast(%g) outs(%h)
// CHECK-NEXT:    kernel.free %g
// CHECK-NEXT:    func.return %b, %d, %f, %h
// NOREUSE-LABEL: func.func @persistent
// NOREUSE:         %b = kernel.alloc
// NOREUSE-NEXT:    kernel.launch @softmax(%a) outs(%b)

// -----

!v = !loop.buffer<[8, 16], f32, strides [16, 1]>
!h = !loop.buffer<[8, 16], bf16, strides [16, 1]>
!row = !loop.buffer<[8], f32, strides [1]>
kernel.kernel @double(%arg0: !v) -> (!v) pointwise numel 128 rnumel 1 {
  %0 = loop.pointwise ranges [8, 16] {
    %1 = loop.load %arg0[#loop.index<"16*i0 + i1">] : !v
    %2 = arith.addf %1, %1 : f32
    loop.yield %2 : f32
  } : !v
  kernel.yield %0 : !v
}
kernel.kernel @norm_and_copy(%arg0: !v) -> (!v, !h) persistent_reduction numel 8 rnumel 16 {
  %0 = loop.reduction sum ranges [8] reduce [16] {
    %1 = loop.load %arg0[#loop.index<"16*i0 + r0">] : !v
    loop.yield %1 : f32
  } : !row
  %2 = loop.pointwise ranges [8, 16] {
    %3 = loop.load %arg0[#loop.index<"16*i0 + i1">] : !v
    %4 = loop.load %0[#loop.index<"i0">] : !row
    %5 = arith.subf %3, %4 : f32
    loop.yield %5 : f32
  } : !v
  %6 = loop.pointwise ranges [8, 16] {
    %7 = loop.load %2[#loop.index<"16*i0 + i1">] : !v
    %8 = loop.cast %7 : f32 to bf16
    loop.yield %8 : bf16
  } : !h
  kernel.yield %2, %6 : !v, !h
}
kernel.kernel @copy_reads_input(%arg0: !v) -> (!v, !h) persistent_reduction numel 8 rnumel 16 {
  %0 = loop.reduction sum ranges [8] reduce [16] {
    %1 = loop.load %arg0[#loop.index<"16*i0 + r0">] : !v
    loop.yield %1 : f32
  } : !row
  %2 = loop.pointwise ranges [8, 16] {
    %3 = loop.load %arg0[#loop.index<"16*i0 + i1">] : !v
    %4 = loop.load %0[#loop.index<"i0">] : !row
    %5 = arith.subf %3, %4 : f32
    loop.yield %5 : f32
  } : !v
  %6 = loop.pointwise ranges [8, 16] {
    %7 = loop.load %arg0[#loop.index<"16*i0 + i1">] : !v
    %8 = loop.cast %7 : f32 to bf16
    loop.yield %8 : bf16
  } : !h
  kernel.yield %2, %6 : !v, !h
}

// A kernel with two outputs (a layer norm's f32 input gradient and its bf16 copy) writes the f32 one over the
// dying input it reads row by row: the copy is computed from the f32 values, not from the input. Where the
// copy reads the input itself (@copy_reads_input), it might do so after the row was overwritten: no reuse.
func.func @two_outputs(%x: !v) -> (!v, !h, !v, !h) {
  %a = kernel.alloc : !v
  kernel.launch @double(%x) outs(%a) : (!v) -> (!v)
  %b = kernel.alloc : !v
  %c = kernel.alloc : !h
  kernel.launch @norm_and_copy(%a) outs(%b, %c) : (!v) -> (!v, !h)
  %d = kernel.alloc : !v
  kernel.launch @double(%x) outs(%d) : (!v) -> (!v)
  %e = kernel.alloc : !v
  %f = kernel.alloc : !h
  kernel.launch @copy_reads_input(%d) outs(%e, %f) : (!v) -> (!v, !h)
  func.return %b, %c, %e, %f : !v, !h, !v, !h
}
// CHECK-LABEL: func.func @two_outputs
// CHECK-NEXT:    %a = kernel.alloc
// CHECK-NEXT:    kernel.launch @double(%x) outs(%a)
// CHECK-NEXT:    %c = kernel.alloc
// CHECK-NEXT:    %b = kernel.reuse %a
// CHECK-NEXT:    kernel.launch @norm_and_copy(%b) outs(%b, %c)
// CHECK:         %e = kernel.alloc
// CHECK-NEXT:    %f = kernel.alloc
// CHECK-NEXT:    kernel.launch @copy_reads_input(%d) outs(%e, %f)

// -----

!v = !loop.buffer<[8, 16], f32, strides [16, 1]>
!c = !loop.buffer<[2, 4, 16], f32, strides [64, 16, 1]>
!row = !loop.buffer<[2, 4], f32, strides [4, 1]>
kernel.kernel @make(%arg0: !v) -> (!c) pointwise numel 128 rnumel 1 {
  %0 = loop.pointwise ranges [2, 4, 16] {
    %1 = loop.load %arg0[#loop.index<"64*i0 + 16*i1 + i2">] : !v
    loop.yield %1 : f32
  } : !c
  kernel.yield %0 : !c
}
kernel.kernel @softmax_merged(%arg0: !c) -> (!v) persistent_reduction numel 8 rnumel 16 {
  %0 = loop.reduction max ranges [2, 4] reduce [16] {
    %1 = loop.load %arg0[#loop.index<"64*i0 + 16*i1 + r0">] : !c
    loop.yield %1 : f32
  } : !row
  %2 = loop.pointwise ranges [8, 16] {
    %3 = loop.load %arg0[#loop.index<"16*i0 + i1">] : !c
    %4 = loop.load %0[#loop.index<"i0">] : !row
    %5 = arith.subf %3, %4 : f32
    loop.yield %5 : f32
  } : !v
  kernel.yield %2 : !v
}

// The output's dims merge the reduction's rows ([2, 4] -> [8]): element (i0, i1, r0) of the reduction is
// element (4*i0 + i1, r0) of the output, so each row is still read before it is written: in place.
func.func @merged_rows(%x: !v) -> !v {
  %a = kernel.alloc : !c
  kernel.launch @make(%x) outs(%a) : (!v) -> (!c)
  %b = kernel.alloc : !v
  kernel.launch @softmax_merged(%a) outs(%b) : (!c) -> (!v)
  func.return %b : !v
}
// CHECK-LABEL: func.func @merged_rows
// CHECK:         %b = kernel.reuse %a
// CHECK:         kernel.launch @softmax_merged({{%.*}}) outs(%b)

// -----

!big = !loop.buffer<[64], f32, strides [1]>
!small = !loop.buffer<[16], f32, strides [1]>
kernel.kernel @shrink(%arg0: !big) -> (!small) pointwise numel 16 rnumel 1 {
  %b = "test.op"(%arg0) : (!big) -> !small
  kernel.yield %b : !small
}
kernel.kernel @grow(%arg0: !small) -> (!big) pointwise numel 64 rnumel 1 {
  %b = "test.op"(%arg0) : (!small) -> !big
  kernel.yield %b : !big
}

// A launch that frees more than it allocates (the last use of %qkv, 256 bytes, writing 64) moves up over
// launches that do not write %qkv (another reader of it too), so %qkv dies before %s is allocated (and %s
// takes its memory); one that allocates more than it frees (@grow of %a) stays where it is.
func.func @reorder(%x: !small) -> (!big, !small, !big) {
  %qkv = kernel.alloc : !big
  kernel.launch @grow(%x) outs(%qkv) : (!small) -> (!big)
  %a = kernel.alloc : !small
  kernel.launch @shrink(%qkv) outs(%a) : (!big) -> (!small)
  %s = kernel.alloc : !big
  kernel.launch @grow(%a) outs(%s) : (!small) -> (!big)
  %v = kernel.alloc : !small
  kernel.launch @shrink(%qkv) outs(%v) : (!big) -> (!small)
  %t = kernel.alloc : !big
  kernel.launch @grow(%a) outs(%t) : (!small) -> (!big)
  func.return %s, %v, %t : !big, !small, !big
}
// CHECK-LABEL: func.func @reorder
// CHECK-NEXT:    %qkv = kernel.alloc
// CHECK-NEXT:    kernel.launch @grow(%x) outs(%qkv)
// CHECK-NEXT:    kernel.free %x
// CHECK-NEXT:    %v = kernel.alloc
// CHECK-NEXT:    kernel.launch @shrink(%qkv) outs(%v)
// CHECK-NEXT:    %a = kernel.alloc
// CHECK-NEXT:    kernel.launch @shrink(%qkv) outs(%a)
// CHECK-NEXT:    %s = kernel.reuse %qkv
// CHECK-NEXT:    kernel.launch @grow(%a) outs(%s)
// CHECK-NEXT:    %t = kernel.alloc
// CHECK-NEXT:    kernel.launch @grow(%a) outs(%t)
// CHECK-NEXT:    kernel.free %a
// CHECK-NEXT:    func.return %s, %v, %t
// NOREORDER-LABEL: func.func @reorder
// NOREORDER:         kernel.launch @shrink(%qkv) outs(%a)
// NOREORDER-NEXT:    %s = kernel.alloc
// NOREORDER-NEXT:    kernel.launch @grow(%a) outs(%s)
// NOREORDER-NEXT:    %v = kernel.alloc
// NOREORDER-NEXT:    kernel.launch @shrink(%qkv) outs(%v)
// NOREORDER-NEXT:    %t = kernel.reuse %qkv

// -----

!act = !loop.buffer<[64, 32], f32, strides [32, 1]>
!w = !loop.buffer<[32, 8], f32, strides [8, 1]>
!g = !loop.buffer<[64, 8], f32, strides [8, 1]>
!gt = !loop.buffer<[8, 64], f32, strides [1, 8]>
!gw = !loop.buffer<[8, 32], f32, strides [32, 1]>

// A linear layer's backward: the weight gradient's matmul is the last use of the saved activation, an
// argument the function owns (irc.owned), so it moves (with the transposed view it reads) above the input
// gradient's matmul, which reads the same gradient: the activation dies before the input gradient is
// allocated. An activation the caller still holds (@held: no irc.owned) frees nothing there: no move.
func.func @owned(%grad: !g, %weight: !w, %saved: !act {irc.owned}) -> (!act, !gw) {
  %gi = kernel.extern "aten::mm.default"(%grad, %weight) {args = [#kernel.operand<0>, #kernel.operand<1>]}
      : (!g, !w) -> (!act)
  %gt = loop.reinterpret %grad : !g to !gt
  %gw = kernel.extern "aten::mm.default"(%gt, %saved) {args = [#kernel.operand<0>, #kernel.operand<1>]}
      : (!gt, !act) -> (!gw)
  func.return %gi, %gw : !act, !gw
}
// CHECK-LABEL: func.func @owned
// CHECK-NEXT:    %gt = loop.reinterpret %grad
// CHECK-NEXT:    %gw = kernel.alloc
// CHECK-NEXT:    kernel.extern "aten::mm.out"(%gt, %saved) outs(%gw
// CHECK-NEXT:    kernel.free %saved
// CHECK-NEXT:    %gi = kernel.alloc
// CHECK-NEXT:    kernel.extern "aten::mm.out"(%grad, %weight) outs(%gi
func.func @held(%grad: !g, %weight: !w, %saved: !act) -> (!act, !gw) {
  %gi = kernel.extern "aten::mm.default"(%grad, %weight) {args = [#kernel.operand<0>, #kernel.operand<1>]}
      : (!g, !w) -> (!act)
  %gt = loop.reinterpret %grad : !g to !gt
  %gw = kernel.extern "aten::mm.default"(%gt, %saved) {args = [#kernel.operand<0>, #kernel.operand<1>]}
      : (!gt, !act) -> (!gw)
  func.return %gi, %gw : !act, !gw
}
// CHECK-LABEL: func.func @held
// CHECK-NEXT:    %gi = kernel.alloc
// CHECK-NEXT:    kernel.extern "aten::mm.out"(%grad, %weight) outs(%gi

// -----

!v = !loop.buffer<[64], f32, strides [1]>
kernel.kernel @vv(%arg0: !v) -> (!v) pointwise numel 64 rnumel 1 {
  %b = "test.op"(%arg0) : (!v) -> !v
  kernel.yield %b : !v
}

// A pending collective still reads its operand: %a lives until the wait, so %c does not take its memory (%b's,
// dead before the wait, it may take); the wait's result is the all_gather's, an output: neither is freed.
func.func @pending_collective(%x: !v) -> (!v, !v) {
  %a = kernel.alloc : !v
  kernel.launch @vv(%x) outs(%a) : (!v) -> (!v)
  %r = kernel.extern "_c10d_functional::all_gather_into_tensor.default"(%a) {args = [#kernel.operand<0>, 1, "0"]} : (!v) -> (!v)
  %b = kernel.alloc : !v
  kernel.launch @vv(%x) outs(%b) : (!v) -> (!v)
  %c = kernel.alloc : !v
  kernel.launch @vv(%b) outs(%c) : (!v) -> (!v)
  %w = kernel.extern "_c10d_functional::wait_tensor.default"(%r) {args = [#kernel.operand<0>]} : (!v) -> (!v)
  func.return %c, %w : !v, !v
}
// CHECK-LABEL: func.func @pending_collective
// CHECK:         %r = kernel.extern "_c10d_functional::all_gather_into_tensor.default"(%a)
// CHECK-NOT:     kernel.reuse %a
// CHECK-NOT:     kernel.free %a
// CHECK:         %w = kernel.extern "_c10d_functional::wait_tensor.default"(%r)
// CHECK-NEXT:    kernel.free %a
// CHECK-NOT:     kernel.free %r

// -----

!v = !loop.buffer<[64], f32, strides [1]>
kernel.kernel @scale(%arg0: !v) -> (!v) pointwise numel 64 rnumel 1 {
  %r = loop.pointwise ranges [64] {
    %0 = loop.load %arg0[#loop.index<"i0">] : !v
    %1 = arith.constant 9.000000e-01 : f32
    %2 = arith.mulf %0, %1 : f32
    loop.yield %2 : f32
  } : !v
  kernel.yield %r : !v
}
kernel.kernel @reversed(%arg0: !v) -> (!v) pointwise numel 64 rnumel 1 {
  %r = loop.pointwise ranges [64] {
    %0 = loop.load %arg0[#loop.index<"63 - i0">] : !v
    loop.yield %0 : f32
  } : !v
  kernel.yield %r : !v
}

// Overwritten arguments (irc.written_args): a launch whose new value nothing reads the old one after, reading it
// only at the element it writes, writes the argument itself (%mean); %late's old value is read after its
// launch, %flip's launch reads other elements, %copied is another argument: each keeps its own buffer.
func.func @written(%mean: !v, %late: !v, %flip: !v, %copied: !v, %src: !v) -> (!v, !v, !v, !v, !v)
    attributes {irc.written_args = array<i64: 0, 1, 2, 3>} {
  %m = kernel.alloc : !v
  kernel.launch @scale(%mean) outs(%m) : (!v) -> (!v)
  %l = kernel.alloc : !v
  kernel.launch @scale(%late) outs(%l) : (!v) -> (!v)
  %o = kernel.alloc : !v
  kernel.launch @scale(%late) outs(%o) : (!v) -> (!v)
  %f = kernel.alloc : !v
  kernel.launch @reversed(%flip) outs(%f) : (!v) -> (!v)
  func.return %o, %m, %l, %f, %src : !v, !v, !v, !v, !v
}
// CHECK-LABEL: func.func @written
// CHECK-NEXT:    kernel.launch @scale(%mean) outs(%mean)
// CHECK-NEXT:    %l = kernel.alloc
// CHECK-NEXT:    kernel.launch @scale(%late) outs(%l)
// CHECK:         kernel.launch @reversed(%flip) outs(%f)
// CHECK:         func.return %o, %mean, %l, %f, %src
// NOREUSE-LABEL: func.func @written
// NOREUSE-NEXT:    %m = kernel.alloc

// -----

!x = !loop.buffer<[8, 64], f32, strides [64, 1]>
!r = !loop.buffer<[8], f32, strides [1]>
kernel.kernel @row_mean(%x: !x, %old: !r) -> (!r) reduction numel 8 rnumel 64 {
  %s = loop.reduction sum ranges [8] reduce [64] {
    %0 = loop.load %x[#loop.index<"64*i0 + r0">] : !x
    loop.yield %0 : f32
  } : !r
  %n = loop.pointwise ranges [8] {
    %0 = loop.load %s[#loop.index<"i0">] : !r
    %1 = loop.load %old[#loop.index<"i0">] : !r
    %2 = arith.addf %0, %1 : f32
    loop.yield %2 : f32
  } : !r
  kernel.yield %n : !r
}

// A looped reduction's row output, computed once per row after its r loop and alone reading %mean, writes it.
func.func @written_after_loop(%x: !x, %mean: !r) -> (!r) attributes {irc.written_args = array<i64: 1>} {
  %n = kernel.alloc : !r
  kernel.launch @row_mean(%x, %mean) outs(%n) : (!x, !r) -> (!r)
  func.return %n : !r
}
// CHECK-LABEL: func.func @written_after_loop
// CHECK-NEXT:    kernel.launch @row_mean(%x, %mean) outs(%mean)
// CHECK-NEXT:    kernel.free %x
// CHECK-NEXT:    func.return %mean
