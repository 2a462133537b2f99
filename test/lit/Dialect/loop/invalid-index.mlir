// RUN: irc-opt %s --split-input-file --parsing-diagnostics | filecheck %s
// Hostile index expressions (issue 19): parsed by grammar, never evaluated (the first chunk would write a
// file if it were), bounded, and rejected with a diagnostic.

%x = "test.op"() : () -> !loop.buffer<[3, 9], f32, strides [9, 1]>
%b = loop.pointwise ranges [3] {
  %v = loop.load %x[#loop.index<"i0 + len(__import__('pathlib').Path('MARKER').write_text('x'))">] : !loop.buffer<[3, 9], f32, strides [9, 1]>
  loop.yield %v : f32
} : !loop.buffer<[3], f32, strides [1]>

// CHECK: invalid index expression 'i0 + len(__import__('pathlib').Path('MARKER').write_text('x'))': unknown function 'len'

// -----

%x = "test.op"() : () -> !loop.buffer<[3, 9], f32, strides [9, 1]>
%b = loop.pointwise ranges [3] {
  %v = loop.load %x[#loop.index<"10**10**10">] : !loop.buffer<[3, 9], f32, strides [9, 1]>
  loop.yield %v : f32
} : !loop.buffer<[3], f32, strides [1]>

// CHECK: invalid index expression '10**10**10': exponent must be an integer from 0 to 64

// -----

%x = "test.op"() : () -> !loop.buffer<[3, 9], f32, strides [9, 1]>
%b = loop.pointwise ranges [3] {
  %v = loop.load %x[#loop.index<"i0 // 0">] : !loop.buffer<[3, 9], f32, strides [9, 1]>
  loop.yield %v : f32
} : !loop.buffer<[3], f32, strides [1]>

// CHECK: invalid index expression 'i0 // 0': unexpected character '/'

// -----

%x = "test.op"() : () -> !loop.buffer<[3, 9], f32, strides [9, 1]>
%b = loop.pointwise ranges [3] {
  %v = loop.load %x[#loop.index<"i0 % 0">] : !loop.buffer<[3, 9], f32, strides [9, 1]>
  loop.yield %v : f32
} : !loop.buffer<[3], f32, strides [1]>

// CHECK: invalid index expression 'i0 % 0': unexpected character '%'

// -----

%x = "test.op"() : () -> !loop.buffer<[3, 9], f32, strides [9, 1]>
%b = loop.pointwise ranges [3] {
  %v = loop.load %x[#loop.index<"x.y">] : !loop.buffer<[3, 9], f32, strides [9, 1]>
  loop.yield %v : f32
} : !loop.buffer<[3], f32, strides [1]>

// CHECK: invalid index expression 'x.y': unexpected character '.'

// -----

%x = "test.op"() : () -> !loop.buffer<[3, 9], f32, strides [9, 1]>
%b = loop.pointwise ranges [3] {
  %v = loop.load %x[#loop.index<"i0 + 1.5">] : !loop.buffer<[3, 9], f32, strides [9, 1]>
  loop.yield %v : f32
} : !loop.buffer<[3], f32, strides [1]>

// CHECK: invalid index expression 'i0 + 1.5': unexpected character '.'

// -----

%x = "test.op"() : () -> !loop.buffer<[3, 9], f32, strides [9, 1]>
%b = loop.pointwise ranges [3] {
  %v = loop.load %x[#loop.index<"__class__">] : !loop.buffer<[3, 9], f32, strides [9, 1]>
  loop.yield %v : f32
} : !loop.buffer<[3], f32, strides [1]>

// CHECK: invalid index expression '__class__': invalid name '__class__'

// -----

%x = "test.op"() : () -> !loop.buffer<[3, 9], f32, strides [9, 1]>
%b = loop.pointwise ranges [3] {
  %v = loop.load %x[#loop.index<"99999999999999999999">] : !loop.buffer<[3, 9], f32, strides [9, 1]>
  loop.yield %v : f32
} : !loop.buffer<[3], f32, strides [1]>

// CHECK: invalid index expression '99999999999999999999': integer 99999999999999999999 out of int64 range

// -----

%x = "test.op"() : () -> !loop.buffer<[3, 9], f32, strides [9, 1]>
%b = loop.pointwise ranges [3] {
  %v = loop.load %x[#loop.index<"4294967296*4294967296">] : !loop.buffer<[3, 9], f32, strides [9, 1]>
  loop.yield %v : f32
} : !loop.buffer<[3], f32, strides [1]>

// CHECK: invalid index expression '4294967296*4294967296': integer out of int64 range

// -----

%x = "test.op"() : () -> !loop.buffer<[3, 9], f32, strides [9, 1]>
%b = loop.pointwise ranges [3] {
  %v = loop.load %x[#loop.index<"((((((((((((((((((((((((((((((((((((((((i0))))))))))))))))))))))))))))))))))))))))">] : !loop.buffer<[3, 9], f32, strides [9, 1]>
  loop.yield %v : f32
} : !loop.buffer<[3], f32, strides [1]>

// CHECK: nested deeper than 32
