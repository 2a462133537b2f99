// irc-opt --check-passes runs the reference interpreters after every pass on seeded random inputs.
// RUN: irc-opt %s -p convert-aten-to-loop,loop-inline,cse,dce,kernel-fuse,kernel-tile --check-passes --check-bind s0=13 2>&1 >/dev/null | filecheck %s
// CHECK: // irc-opt: 6 passes checked, no divergence

func.func @forward(%x: !aten.tensor<[s0, 9], f32, strides [9, 1]>) -> !aten.tensor<[s0], f32> {
  %0 = aten.sigmoid %x : (!aten.tensor<[s0, 9], f32, strides [9, 1]>) -> !aten.tensor<[s0, 9], f32>
  %1 = aten.amax %0 dims = [1] : (!aten.tensor<[s0, 9], f32>) -> !aten.tensor<[s0], f32>
  func.return %1 : !aten.tensor<[s0], f32>
}
