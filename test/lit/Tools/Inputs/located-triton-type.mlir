func.func @f() {
  %x = "test.op"() : () -> !triton.block<[3], f32>
  func.return
}
