%x = "test.op"() : () -> f32
loop.pointwise ranges [3] {
  %v = loop.load %x[#loop.index<"i0">] : f32
  loop.yield
}
