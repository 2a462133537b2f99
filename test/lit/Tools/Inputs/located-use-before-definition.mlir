func.func @f(%x: !aten.tensor<[3], f32>) -> !aten.tensor<[3], f32> {
  %0 = aten.neg %1 : (!aten.tensor<[3], f32>) -> !aten.tensor<[3], f32>
  %1 = aten.neg %x : (!aten.tensor<[3], f32>) -> !aten.tensor<[3], f32>
  func.return %0 : !aten.tensor<[3], f32>
}
