func.func @f(%x: !aten.tensor<[3], f32>) -> !aten.tensor<[3], f32> {
  %0 = aten.full - : () -> !aten.tensor<[3], f32>
  func.return %x : !aten.tensor<[3], f32>
}
