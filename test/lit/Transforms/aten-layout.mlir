// RUN: irc-opt %s -p aten-layout --split-input-file | filecheck %s

// A convolution network traced NCHW: the elementwise results and the convolutions become channels_last, the
// graph argument is copied once, and the returned value keeps its traced layout.
// CHECK-LABEL: func.func @cnn
// CHECK:         %[[X:.*]] = aten.clone %x : ({{.*}}) -> !aten.tensor<[2, 16, 8, 8], f32, strides [1024, 1, 128, 16]>
// CHECK:         %[[C:.*]] = aten.fallback "aten::convolution.default"(%[[X]], %w) {{.*}} -> !aten.tensor<[2, 32, 8, 8], f32, strides [2048, 1, 256, 32]>
// CHECK:         %[[R:.*]] = aten.relu %[[C]] : ({{.*}}) -> !aten.tensor<[2, 32, 8, 8], f32, strides [2048, 1, 256, 32]>
// CHECK:         %[[D:.*]] = aten.fallback "aten::convolution.default"(%[[R]], %v) {{.*}} -> !aten.tensor<[2, 32, 8, 8], f32, strides [2048, 1, 256, 32]>
// CHECK:         %[[O:.*]] = aten.add %[[D]], %[[R]] : ({{.*}}) -> !aten.tensor<[2, 32, 8, 8], f32>
// CHECK:         func.return %[[O]]
func.func @cnn(%x: !aten.tensor<[2, 16, 8, 8], f32>, %w: !aten.tensor<[32, 16, 1, 1], f32>, %v: !aten.tensor<[32, 32, 1, 1], f32>) -> !aten.tensor<[2, 32, 8, 8], f32> attributes {irc.inference} {
  %c = aten.fallback "aten::convolution.default"(%x, %w) {args = [#aten.operand<0>, #aten.operand<1>, unit, [1 : i64, 1 : i64], [0 : i64, 0 : i64], [1 : i64, 1 : i64], false, [0 : i64, 0 : i64], 1 : i64]} : (!aten.tensor<[2, 16, 8, 8], f32>, !aten.tensor<[32, 16, 1, 1], f32>) -> !aten.tensor<[2, 32, 8, 8], f32>
  %r = aten.relu %c : (!aten.tensor<[2, 32, 8, 8], f32>) -> !aten.tensor<[2, 32, 8, 8], f32>
  %d = aten.fallback "aten::convolution.default"(%r, %v) {args = [#aten.operand<0>, #aten.operand<1>, unit, [1 : i64, 1 : i64], [0 : i64, 0 : i64], [1 : i64, 1 : i64], false, [0 : i64, 0 : i64], 1 : i64]} : (!aten.tensor<[2, 32, 8, 8], f32>, !aten.tensor<[32, 32, 1, 1], f32>) -> !aten.tensor<[2, 32, 8, 8], f32>
  %o = aten.add %d, %r : (!aten.tensor<[2, 32, 8, 8], f32>, !aten.tensor<[2, 32, 8, 8], f32>) -> !aten.tensor<[2, 32, 8, 8], f32>
  func.return %o : !aten.tensor<[2, 32, 8, 8], f32>
}

// -----

// Grouped convolutions (not depthwise) run slower channels_last (Inductor's measurements): nothing changes.
// CHECK-LABEL: func.func @grouped
// CHECK-NOT:     strides
// CHECK-NOT:     aten.clone
func.func @grouped(%x: !aten.tensor<[2, 64, 8, 8], f32>, %w: !aten.tensor<[64, 16, 3, 3], f32>) -> !aten.tensor<[2, 64, 8, 8], f32> attributes {irc.inference} {
  %c = aten.fallback "aten::convolution.default"(%x, %w) {args = [#aten.operand<0>, #aten.operand<1>, unit, [1 : i64, 1 : i64], [1 : i64, 1 : i64], [1 : i64, 1 : i64], false, [0 : i64, 0 : i64], 4 : i64]} : (!aten.tensor<[2, 64, 8, 8], f32>, !aten.tensor<[64, 16, 3, 3], f32>) -> !aten.tensor<[2, 64, 8, 8], f32>
  %r = aten.relu %c : (!aten.tensor<[2, 64, 8, 8], f32>) -> !aten.tensor<[2, 64, 8, 8], f32>
  %o = aten.neg %r : (!aten.tensor<[2, 64, 8, 8], f32>) -> !aten.tensor<[2, 64, 8, 8], f32>
  func.return %o : !aten.tensor<[2, 64, 8, 8], f32>
}

// -----

// No convolution: nothing changes.
// CHECK-LABEL: func.func @plain
// CHECK-NOT:     strides
func.func @plain(%x: !aten.tensor<[2, 16, 8, 8], f32>) -> !aten.tensor<[2, 16, 8, 8], f32> attributes {irc.inference} {
  %r = aten.relu %x : (!aten.tensor<[2, 16, 8, 8], f32>) -> !aten.tensor<[2, 16, 8, 8], f32>
  %o = aten.neg %r : (!aten.tensor<[2, 16, 8, 8], f32>) -> !aten.tensor<[2, 16, 8, 8], f32>
  func.return %o : !aten.tensor<[2, 16, 8, 8], f32>
}

// -----

// A training forward returns what its backward reads, traced with these layouts: nothing changes.
// CHECK-LABEL: func.func @training
// CHECK-NOT:     strides
// CHECK-NOT:     aten.clone
func.func @training(%x: !aten.tensor<[2, 16, 8, 8], f32>, %w: !aten.tensor<[32, 16, 1, 1], f32>) -> !aten.tensor<[2, 32, 8, 8], f32> {
  %c = aten.fallback "aten::convolution.default"(%x, %w) {args = [#aten.operand<0>, #aten.operand<1>, unit, [1 : i64, 1 : i64], [0 : i64, 0 : i64], [1 : i64, 1 : i64], false, [0 : i64, 0 : i64], 1 : i64]} : (!aten.tensor<[2, 16, 8, 8], f32>, !aten.tensor<[32, 16, 1, 1], f32>) -> !aten.tensor<[2, 32, 8, 8], f32>
  %r = aten.relu %c : (!aten.tensor<[2, 32, 8, 8], f32>) -> !aten.tensor<[2, 32, 8, 8], f32>
  func.return %r : !aten.tensor<[2, 32, 8, 8], f32>
}

// -----

// A permuted activation plus a row-major table (Whisper's encoder): the sum and what is computed from it are
// row-major; the returned value keeps its traced layout.
// CHECK-LABEL: func.func @permuted_plus_row_major
// CHECK:         %[[A:.*]] = aten.add %p, %pos : ({{.*}}) -> !aten.tensor<[2, 5, 6], f32>
// CHECK:         %[[C:.*]] = aten.clone %[[A]] : (!aten.tensor<[2, 5, 6], f32>) -> !aten.tensor<[2, 5, 6], f32>
// CHECK:         %[[T:.*]] = aten.transpose %[[C]] dims = 1, 2 : ({{.*}}) -> !aten.tensor<[2, 6, 5], f32, strides [30, 1, 6]>
// CHECK:         aten.sum %[[T]]
// CHECK:         %m = aten.mul %[[C]], %w : ({{.*}}) -> !aten.tensor<[2, 5, 6], f32>
// CHECK:         %o = aten.add %m, %[[C]] : ({{.*}}) -> !aten.tensor<[2, 5, 6], f32, strides [30, 1, 5]>
func.func @permuted_plus_row_major(%g: !aten.tensor<[2, 6, 5], f32>, %pos: !aten.tensor<[5, 6], f32>, %w: !aten.tensor<[6], f32>) -> (!aten.tensor<[2, 5, 6], f32, strides [30, 1, 5]>, !aten.tensor<[2, 6], f32>) attributes {irc.inference} {
  %p = aten.permute %g dims = [0, 2, 1] : (!aten.tensor<[2, 6, 5], f32>) -> !aten.tensor<[2, 5, 6], f32, strides [30, 1, 5]>
  %a = aten.add %p, %pos : (!aten.tensor<[2, 5, 6], f32, strides [30, 1, 5]>, !aten.tensor<[5, 6], f32>) -> !aten.tensor<[2, 5, 6], f32, strides [30, 1, 5]>
  %c = aten.clone %a : (!aten.tensor<[2, 5, 6], f32, strides [30, 1, 5]>) -> !aten.tensor<[2, 5, 6], f32, strides [30, 1, 5]>
  %t = aten.transpose %c dims = 1, 2 : (!aten.tensor<[2, 5, 6], f32, strides [30, 1, 5]>) -> !aten.tensor<[2, 6, 5], f32, strides [30, 5, 1]>
  %s = aten.sum %t dims = [2] : (!aten.tensor<[2, 6, 5], f32, strides [30, 5, 1]>) -> !aten.tensor<[2, 6], f32>
  %m = aten.mul %c, %w : (!aten.tensor<[2, 5, 6], f32, strides [30, 1, 5]>, !aten.tensor<[6], f32>) -> !aten.tensor<[2, 5, 6], f32, strides [30, 1, 5]>
  %o = aten.add %m, %c : (!aten.tensor<[2, 5, 6], f32, strides [30, 1, 5]>, !aten.tensor<[2, 5, 6], f32, strides [30, 1, 5]>) -> !aten.tensor<[2, 5, 6], f32, strides [30, 1, 5]>
  func.return %o, %s : !aten.tensor<[2, 5, 6], f32, strides [30, 1, 5]>, !aten.tensor<[2, 6], f32>
}

// -----

// A value a view reads keeps its traced layout (the view's strides depend on it).
// CHECK-LABEL: func.func @viewed
// CHECK:         aten.add %p, %pos : ({{.*}}) -> !aten.tensor<[2, 5, 6], f32, strides [30, 1, 5]>
func.func @viewed(%g: !aten.tensor<[2, 6, 5], f32>, %pos: !aten.tensor<[5, 6], f32>) -> !aten.tensor<[2, 5, 6], f32> attributes {irc.inference} {
  %p = aten.permute %g dims = [0, 2, 1] : (!aten.tensor<[2, 6, 5], f32>) -> !aten.tensor<[2, 5, 6], f32, strides [30, 1, 5]>
  %a = aten.add %p, %pos : (!aten.tensor<[2, 5, 6], f32, strides [30, 1, 5]>, !aten.tensor<[5, 6], f32>) -> !aten.tensor<[2, 5, 6], f32, strides [30, 1, 5]>
  %v = aten.unsqueeze %a dim = 0 : (!aten.tensor<[2, 5, 6], f32, strides [30, 1, 5]>) -> !aten.tensor<[1, 2, 5, 6], f32, strides [30, 30, 1, 5]>
  %o = aten.sum %v dims = [0] : (!aten.tensor<[1, 2, 5, 6], f32, strides [30, 30, 1, 5]>) -> !aten.tensor<[2, 5, 6], f32>
  func.return %o : !aten.tensor<[2, 5, 6], f32>
}

// -----

// Inception's branches joined along the channels: the concatenation of channels_last branches is
// channels_last, so the next convolution reads it without a copy.
// CHECK-LABEL: func.func @branches
// CHECK:         %[[CAT:.*]] = aten.fallback "aten::cat.default"(%{{.*}}, %{{.*}}) {{.*}} -> !aten.tensor<[2, 24, 8, 8], f32, strides [1536, 1, 192, 24]>
// CHECK-NOT:     aten.clone %[[CAT]]
// CHECK:         aten.fallback "aten::convolution.default"(%[[CAT]], %v)
func.func @branches(%x: !aten.tensor<[2, 16, 8, 8], f32>, %w: !aten.tensor<[8, 16, 1, 1], f32>, %u: !aten.tensor<[16, 16, 1, 1], f32>, %v: !aten.tensor<[16, 24, 1, 1], f32>) -> !aten.tensor<[2, 16, 8, 8], f32> attributes {irc.inference} {
  %a = aten.fallback "aten::convolution.default"(%x, %w) {args = [#aten.operand<0>, #aten.operand<1>, unit, [1 : i64, 1 : i64], [0 : i64, 0 : i64], [1 : i64, 1 : i64], false, [0 : i64, 0 : i64], 1 : i64]} : (!aten.tensor<[2, 16, 8, 8], f32>, !aten.tensor<[8, 16, 1, 1], f32>) -> !aten.tensor<[2, 8, 8, 8], f32>
  %b = aten.fallback "aten::convolution.default"(%x, %u) {args = [#aten.operand<0>, #aten.operand<1>, unit, [1 : i64, 1 : i64], [0 : i64, 0 : i64], [1 : i64, 1 : i64], false, [0 : i64, 0 : i64], 1 : i64]} : (!aten.tensor<[2, 16, 8, 8], f32>, !aten.tensor<[16, 16, 1, 1], f32>) -> !aten.tensor<[2, 16, 8, 8], f32>
  %c = aten.fallback "aten::cat.default"(%a, %b) {args = [[#aten.operand<0>, #aten.operand<1>], 1 : i64]} : (!aten.tensor<[2, 8, 8, 8], f32>, !aten.tensor<[2, 16, 8, 8], f32>) -> !aten.tensor<[2, 24, 8, 8], f32>
  %d = aten.fallback "aten::convolution.default"(%c, %v) {args = [#aten.operand<0>, #aten.operand<1>, unit, [1 : i64, 1 : i64], [0 : i64, 0 : i64], [1 : i64, 1 : i64], false, [0 : i64, 0 : i64], 1 : i64]} : (!aten.tensor<[2, 24, 8, 8], f32>, !aten.tensor<[16, 24, 1, 1], f32>) -> !aten.tensor<[2, 16, 8, 8], f32>
  func.return %d : !aten.tensor<[2, 16, 8, 8], f32>
}

// -----

// A training forward: the user's output (result 0) keeps its traced layout; the activation saved for the
// backward (result 1, irc.saved) is channels_last like the convolution that wrote it, and so is the function's
// result type (the emitted module reports it to aot_autograd).
// CHECK-LABEL: func.func @training_forward
// CHECK-SAME:    -> (!aten.tensor<[2, 32, 8, 8], f32>, !aten.tensor<[2, 32, 8, 8], f32, strides [2048, 1, 256, 32]> {irc.saved})
// CHECK:         %[[C:.*]] = aten.fallback "aten::convolution.default"({{.*}}) {{.*}} -> !aten.tensor<[2, 32, 8, 8], f32, strides [2048, 1, 256, 32]>
// CHECK:         %[[R:.*]] = aten.relu %[[C]] : ({{.*}}) -> !aten.tensor<[2, 32, 8, 8], f32>
// CHECK:         func.return %[[R]], %[[C]]
func.func @training_forward(%x: !aten.tensor<[2, 16, 8, 8], f32>, %w: !aten.tensor<[32, 16, 1, 1], f32>) -> (!aten.tensor<[2, 32, 8, 8], f32>, !aten.tensor<[2, 32, 8, 8], f32> {irc.saved}) {
  %c = aten.fallback "aten::convolution.default"(%x, %w) {args = [#aten.operand<0>, #aten.operand<1>, unit, [1 : i64, 1 : i64], [0 : i64, 0 : i64], [1 : i64, 1 : i64], false, [0 : i64, 0 : i64], 1 : i64]} : (!aten.tensor<[2, 16, 8, 8], f32>, !aten.tensor<[32, 16, 1, 1], f32>) -> !aten.tensor<[2, 32, 8, 8], f32>
  %r = aten.relu %c : (!aten.tensor<[2, 32, 8, 8], f32>) -> !aten.tensor<[2, 32, 8, 8], f32>
  func.return %r, %c : !aten.tensor<[2, 32, 8, 8], f32>, !aten.tensor<[2, 32, 8, 8], f32>
}

// -----

// Without irc.saved or irc.inference (a backward graph, or a forward whose results all reach the user): nothing
// changes.
// CHECK-LABEL: func.func @training_all_returned
// CHECK-NOT:     strides
func.func @training_all_returned(%x: !aten.tensor<[2, 16, 8, 8], f32>, %w: !aten.tensor<[32, 16, 1, 1], f32>) -> (!aten.tensor<[2, 32, 8, 8], f32>, !aten.tensor<[2, 32, 8, 8], f32>) {
  %c = aten.fallback "aten::convolution.default"(%x, %w) {args = [#aten.operand<0>, #aten.operand<1>, unit, [1 : i64, 1 : i64], [0 : i64, 0 : i64], [1 : i64, 1 : i64], false, [0 : i64, 0 : i64], 1 : i64]} : (!aten.tensor<[2, 16, 8, 8], f32>, !aten.tensor<[32, 16, 1, 1], f32>) -> !aten.tensor<[2, 32, 8, 8], f32>
  %r = aten.relu %c : (!aten.tensor<[2, 32, 8, 8], f32>) -> !aten.tensor<[2, 32, 8, 8], f32>
  func.return %r, %c : !aten.tensor<[2, 32, 8, 8], f32>, !aten.tensor<[2, 32, 8, 8], f32>
}

// -----

// A backward graph given a channels_last activation (its forward chose the layout): the ReLU mask's product
// follows it, and so does the input gradient of the convolution backward (cuDNN writes it in the input's
// layout); the gradients it returns keep their traced layouts.
// CHECK-LABEL: func.func @backward_given_channels_last
// CHECK:         aten.mul {{.*}} -> !aten.tensor<[2, 32, 8, 8], f32, strides [2048, 1, 256, 32]>
// CHECK:         aten.fallback "aten::convolution_backward.default"{{.*}} -> (!aten.tensor<[2, 32, 8, 8], f32, strides [2048, 1, 256, 32]>, !aten.tensor<[32, 32, 1, 1], f32>)
// CHECK:         %[[G:.*]] = aten.neg {{.*}} -> !aten.tensor<[2, 32, 8, 8], f32>
// CHECK:         func.return %[[G]]
func.func @backward_given_channels_last(%g: !aten.tensor<[2, 32, 8, 8], f32>, %a: !aten.tensor<[2, 32, 8, 8], f32, strides [2048, 1, 256, 32]>, %w: !aten.tensor<[32, 32, 1, 1], f32>) -> (!aten.tensor<[2, 32, 8, 8], f32>, !aten.tensor<[32, 32, 1, 1], f32>) {
  %m = aten.mul %g, %a : (!aten.tensor<[2, 32, 8, 8], f32>, !aten.tensor<[2, 32, 8, 8], f32, strides [2048, 1, 256, 32]>) -> !aten.tensor<[2, 32, 8, 8], f32>
  %gi, %gw = aten.fallback "aten::convolution_backward.default"(%m, %a, %w) {args = [#aten.operand<0>, #aten.operand<1>, #aten.operand<2>, [32 : i64], [1 : i64, 1 : i64], [0 : i64, 0 : i64], [1 : i64, 1 : i64], false, [0 : i64, 0 : i64], 1 : i64, [true, true, false]]} : (!aten.tensor<[2, 32, 8, 8], f32>, !aten.tensor<[2, 32, 8, 8], f32, strides [2048, 1, 256, 32]>, !aten.tensor<[32, 32, 1, 1], f32>) -> (!aten.tensor<[2, 32, 8, 8], f32>, !aten.tensor<[32, 32, 1, 1], f32>)
  %n = aten.neg %gi : (!aten.tensor<[2, 32, 8, 8], f32>) -> !aten.tensor<[2, 32, 8, 8], f32>
  func.return %n, %gw : !aten.tensor<[2, 32, 8, 8], f32>, !aten.tensor<[32, 32, 1, 1], f32>
}

// -----

// TF-style same padding before a depthwise convolution (timm's EfficientNets): the pad of a channels_last
// activation is channels_last (as ATen lays it out), so the convolution reads it without a copy, and a training
// forward saves it in that layout (cuDNN's NHWC depthwise backward, not ATen's NCHW kernels).
// CHECK-LABEL: func.func @pad_before_depthwise
// CHECK:         %[[P:.*]] = aten.fallback "aten::constant_pad_nd.default"({{.*}}) {{.*}} -> !aten.tensor<[2, 32, 10, 10], f32, strides [3200, 1, 320, 32]>
// CHECK-NOT:     aten.clone %[[P]]
// CHECK:         aten.fallback "aten::convolution.default"(%[[P]], %v)
func.func @pad_before_depthwise(%x: !aten.tensor<[2, 16, 8, 8], f32>, %w: !aten.tensor<[32, 16, 1, 1], f32>, %v: !aten.tensor<[32, 1, 3, 3], f32>) -> !aten.tensor<[2, 32, 8, 8], f32> attributes {irc.inference} {
  %c = aten.fallback "aten::convolution.default"(%x, %w) {args = [#aten.operand<0>, #aten.operand<1>, unit, [1 : i64, 1 : i64], [0 : i64, 0 : i64], [1 : i64, 1 : i64], false, [0 : i64, 0 : i64], 1 : i64]} : (!aten.tensor<[2, 16, 8, 8], f32>, !aten.tensor<[32, 16, 1, 1], f32>) -> !aten.tensor<[2, 32, 8, 8], f32>
  %p = aten.fallback "aten::constant_pad_nd.default"(%c) {args = [#aten.operand<0>, [1 : i64, 1 : i64, 1 : i64, 1 : i64], 0.000000e+00 : f64]} : (!aten.tensor<[2, 32, 8, 8], f32>) -> !aten.tensor<[2, 32, 10, 10], f32>
  %d = aten.fallback "aten::convolution.default"(%p, %v) {args = [#aten.operand<0>, #aten.operand<1>, unit, [1 : i64, 1 : i64], [0 : i64, 0 : i64], [1 : i64, 1 : i64], false, [0 : i64, 0 : i64], 32 : i64]} : (!aten.tensor<[2, 32, 10, 10], f32>, !aten.tensor<[32, 1, 3, 3], f32>) -> !aten.tensor<[2, 32, 8, 8], f32>
  func.return %d : !aten.tensor<[2, 32, 8, 8], f32>
}

// -----

// The stem's convolution backward in a backward graph: its input is the network's NCHW image (saved as it
// came), its output gradient channels_last. The image is copied channels_last, as the forward's convolution
// read it, so cuDNN computes the weight gradient in NHWC rather than ATen copying the output gradient to NCHW.
// CHECK-LABEL: func.func @backward_of_the_stem
// CHECK:         %[[X:.*]] = aten.clone %x {{.*}} -> !aten.tensor<[2, 3, 8, 8], f32, strides [192, 1, 24, 3]>
// CHECK:         aten.fallback "aten::convolution_backward.default"(%{{.*}}, %[[X]], %w) {{.*}} -> !aten.tensor<[32, 3, 1, 1], f32>
func.func @backward_of_the_stem(%g: !aten.tensor<[2, 32, 8, 8], f32>, %a: !aten.tensor<[2, 32, 8, 8], f32, strides [2048, 1, 256, 32]>, %x: !aten.tensor<[2, 3, 8, 8], f32>, %w: !aten.tensor<[32, 3, 1, 1], f32>) -> !aten.tensor<[32, 3, 1, 1], f32> {
  %m = aten.mul %g, %a : (!aten.tensor<[2, 32, 8, 8], f32>, !aten.tensor<[2, 32, 8, 8], f32, strides [2048, 1, 256, 32]>) -> !aten.tensor<[2, 32, 8, 8], f32>
  %gw = aten.fallback "aten::convolution_backward.default"(%m, %x, %w) {irc.none_results = array<i64: 0, 2>, args = [#aten.operand<0>, #aten.operand<1>, #aten.operand<2>, [32 : i64], [1 : i64, 1 : i64], [0 : i64, 0 : i64], [1 : i64, 1 : i64], false, [0 : i64, 0 : i64], 1 : i64, [false, true, false]]} : (!aten.tensor<[2, 32, 8, 8], f32>, !aten.tensor<[2, 3, 8, 8], f32>, !aten.tensor<[32, 3, 1, 1], f32>) -> !aten.tensor<[32, 3, 1, 1], f32>
  func.return %gw : !aten.tensor<[32, 3, 1, 1], f32>
}

// -----

// A max pooling's gradient in a backward graph given its channels_last input (the stem's ReLU, saved): the
// gradient is channels_last like that input, so the batch norm backward after it reads both in one order.
// CHECK-LABEL: func.func @backward_of_a_max_pool
// CHECK:         aten.fallback "aten::max_pool2d_with_indices_backward.default"{{.*}} -> !aten.tensor<[2, 16, 8, 8], f32, strides [1024, 1, 128, 16]>
// CHECK:         aten.mul {{.*}} -> !aten.tensor<[2, 16, 8, 8], f32, strides [1024, 1, 128, 16]>
func.func @backward_of_a_max_pool(%g: !aten.tensor<[2, 16, 4, 4], f32>, %a: !aten.tensor<[2, 16, 8, 8], f32, strides [1024, 1, 128, 16]>, %i: !aten.tensor<[2, 16, 4, 4], i64>, %x: !aten.tensor<[2, 3, 8, 8], f32, strides [192, 1, 24, 3]>, %w: !aten.tensor<[16, 3, 1, 1], f32>) -> !aten.tensor<[16, 3, 1, 1], f32> {
  %gi = aten.fallback "aten::max_pool2d_with_indices_backward.default"(%g, %a, %i) {args = [#aten.operand<0>, #aten.operand<1>, [2 : i64, 2 : i64], [2 : i64, 2 : i64], [0 : i64, 0 : i64], [1 : i64, 1 : i64], false, #aten.operand<2>]} : (!aten.tensor<[2, 16, 4, 4], f32>, !aten.tensor<[2, 16, 8, 8], f32, strides [1024, 1, 128, 16]>, !aten.tensor<[2, 16, 4, 4], i64>) -> !aten.tensor<[2, 16, 8, 8], f32>
  %m = aten.mul %gi, %a : (!aten.tensor<[2, 16, 8, 8], f32>, !aten.tensor<[2, 16, 8, 8], f32, strides [1024, 1, 128, 16]>) -> !aten.tensor<[2, 16, 8, 8], f32>
  %gw = aten.fallback "aten::convolution_backward.default"(%m, %x, %w) {irc.none_results = array<i64: 0, 2>, args = [#aten.operand<0>, #aten.operand<1>, #aten.operand<2>, [16 : i64], [1 : i64, 1 : i64], [0 : i64, 0 : i64], [1 : i64, 1 : i64], false, [0 : i64, 0 : i64], 1 : i64, [false, true, false]]} : (!aten.tensor<[2, 16, 8, 8], f32>, !aten.tensor<[2, 3, 8, 8], f32, strides [192, 1, 24, 3]>, !aten.tensor<[16, 3, 1, 1], f32>) -> !aten.tensor<[16, 3, 1, 1], f32>
  func.return %gw : !aten.tensor<[16, 3, 1, 1], f32>
}
