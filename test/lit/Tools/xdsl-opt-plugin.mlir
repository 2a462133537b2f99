// Plain xdsl-opt loads irc's dialects through the xdsl.universe entry point.
// RUN: xdsl-opt %s | filecheck %s
// CHECK: "test.op"() : () -> !aten.tensor<[3, s0], f32>
// CHECK: "test.op"() : () -> !loop.buffer<[3], f32, strides [1]>

"test.op"() : () -> !aten.tensor<[3, s0], f32>
"test.op"() : () -> !loop.buffer<[3], f32, strides [1]>
