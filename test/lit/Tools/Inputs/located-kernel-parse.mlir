kernel.kernel @k(%x: !loop.buffer<[3], f32, strides [1]>) pointwise numel 3 rnumel 1 {xblock = 4, zblock = 2} {
  kernel.yield
}
