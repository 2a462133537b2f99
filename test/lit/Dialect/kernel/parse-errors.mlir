// RUN: irc-opt %s --split-input-file --parsing-diagnostics | filecheck %s
// Errors the kernel.kernel parser reports in its tiling config group.

kernel.kernel @k(%x: !loop.buffer<[3], f32, strides [1]>) pointwise numel 3 rnumel 1 {xblock = 4, zblock = 2} {
  kernel.yield
}

// CHECK: unknown tiling config entry 'zblock'; expected one of xblock, yblock, rblock, num_warps, num_stages, group_m

// -----

kernel.kernel @k(%x: !loop.buffer<[3], f32, strides [1]>) pointwise numel 3 rnumel 1 {xblock = 4, xblock = 8} {
  kernel.yield
}

// CHECK: duplicate tiling config entry 'xblock'

// -----

kernel.kernel @k(%x: !loop.buffer<[3], f32, strides [1]>) pointwise numel 3 rnumel 1 {configs = [{xblock = 4, configs = []}]} {
  kernel.yield
}

// CHECK: unknown tiling config entry 'configs'
