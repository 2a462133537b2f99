// RUN: irc-opt %s --split-input-file --parsing-diagnostics | filecheck %s
// Parse errors of the loop dialect's custom assembly.

%x = "test.op"() : () -> f32
loop.pointwise ranges [3] {
  %v = loop.load %x[#loop.index<"i0">] : f32
  loop.yield
}

// CHECK: expected a !loop.buffer type, got f32

// -----

%x = "test.op"() : () -> !loop.buffer<[3], f32, strides [1]>
loop.pointwise ranges [3] {
  %v = loop.load %x[#loop.index<"i0 +* 2">] : !loop.buffer<[3], f32, strides [1]>
  loop.yield
}

// CHECK: invalid index expression 'i0 +* 2'
