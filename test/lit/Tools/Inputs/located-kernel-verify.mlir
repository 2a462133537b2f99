// a kernel whose numel is negative

kernel.kernel @k(%x: !loop.buffer<[3], f32, strides [1]>) -> (!loop.buffer<[3], f32, strides [1]>) pointwise numel -3 rnumel 1 {
  kernel.yield %x : !loop.buffer<[3], f32, strides [1]>
}
