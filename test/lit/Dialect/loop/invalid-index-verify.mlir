// RUN: irc-opt %s --split-input-file --verify-diagnostics | filecheck %s
// Index expressions that parse but cannot be right (issue 19): division by a constant zero, names that are
// neither index variables of the enclosing loop nor size symbols, elements before the buffer's start.

%x = "test.op"() : () -> !loop.buffer<[3, 9], f32, strides [9, 1]>
%b = loop.pointwise ranges [3] {
  %v = loop.load %x[#loop.index<"FloorDiv(i0, 0)">] : !loop.buffer<[3, 9], f32, strides [9, 1]>
  loop.yield %v : f32
} : !loop.buffer<[3], f32, strides [1]>

// CHECK: loop.load index 'FloorDiv(i0, 0)' divides by zero in FloorDiv(i0, 0)

// -----

%x = "test.op"() : () -> !loop.buffer<[3, 9], f32, strides [9, 1]>
%b = loop.pointwise ranges [3] {
  %v = loop.load %x[#loop.index<"ModularIndexing(i0, 1, 0)">] : !loop.buffer<[3, 9], f32, strides [9, 1]>
  loop.yield %v : f32
} : !loop.buffer<[3], f32, strides [1]>

// CHECK: loop.load index 'ModularIndexing(i0, 1, 0)' divides by zero in ModularIndexing(i0, 1, 0)

// -----

%x = "test.op"() : () -> !loop.buffer<[3, 9], f32, strides [9, 1]>
%b = loop.pointwise ranges [3] {
  %v = loop.load %x[#loop.index<"q0">] : !loop.buffer<[3, 9], f32, strides [9, 1]>
  loop.yield %v : f32
} : !loop.buffer<[3], f32, strides [1]>

// CHECK: loop.load index 'q0' uses unknown name 'q0' (index variables here are i0; size symbols are s0, s1, ...)

// -----

%x = "test.op"() : () -> !loop.buffer<[3, 9], f32, strides [9, 1]>
%b = loop.pointwise ranges [3] {
  %v = loop.load %x[#loop.index<"i0 + I">] : !loop.buffer<[3, 9], f32, strides [9, 1]>
  loop.yield %v : f32
} : !loop.buffer<[3], f32, strides [1]>

// CHECK: loop.load index 'I + i0' uses unknown name 'I'

// -----

%x = "test.op"() : () -> !loop.buffer<[3, 9], f32, strides [9, 1]>
%b = loop.pointwise ranges [3] {
  %v = loop.load %x[#loop.index<"oo">] : !loop.buffer<[3, 9], f32, strides [9, 1]>
  loop.yield %v : f32
} : !loop.buffer<[3], f32, strides [1]>

// CHECK: loop.load index 'oo' uses unknown name 'oo'

// -----

%x = "test.op"() : () -> !loop.buffer<[3, 9], f32, strides [9, 1]>
%b = loop.pointwise ranges [3] {
  %v = loop.load %x[#loop.index<"zoo + nan">] : !loop.buffer<[3, 9], f32, strides [9, 1]>
  loop.yield %v : f32
} : !loop.buffer<[3], f32, strides [1]>

// CHECK: loop.load index 'nan + zoo' uses unknown name 'nan'

// -----

%x = "test.op"() : () -> !loop.buffer<[3, 9], f32, strides [9, 1]>
%b = loop.pointwise ranges [3] {
  %v = loop.load %x[#loop.index<"-1">] : !loop.buffer<[3, 9], f32, strides [9, 1]>
  loop.yield %v : f32
} : !loop.buffer<[3], f32, strides [1]>

// CHECK: loop.load index '-1' reaches element -1, before the start of the buffer

// -----

%x = "test.op"() : () -> !loop.buffer<[3, 9], f32, strides [9, 1]>
%b = loop.pointwise ranges [3] {
  %v = loop.load %x[#loop.index<"i0 - 1">] : !loop.buffer<[3, 9], f32, strides [9, 1]>
  loop.yield %v : f32
} : !loop.buffer<[3], f32, strides [1]>

// CHECK: loop.load index 'i0 - 1' reaches element -1, before the start of the buffer
