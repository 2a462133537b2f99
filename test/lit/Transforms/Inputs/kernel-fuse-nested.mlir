// Input of kernel-fuse.mlir: a loop op nested in scf.if cannot become a kernel.
func.func @nested(%x: !loop.buffer<[8], f32, strides [1]>, %c: i1) {
  scf.if %c {
    %p = loop.pointwise ranges [8] {
      %a = loop.load %x[#loop.index<"i0">] : !loop.buffer<[8], f32, strides [1]>
      loop.yield %a : f32
    } : !loop.buffer<[8], f32, strides [1]>
  }
  func.return
}
