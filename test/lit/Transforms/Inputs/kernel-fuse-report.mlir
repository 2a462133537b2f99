// Several functions in one module for kernel-fuse's report (the RUN lines are in ../kernel-fuse.mlir).

func.func @softmax(%x: !loop.buffer<[4, 10], f32, strides [10, 1]>) -> !loop.buffer<[4, 10], f32, strides [10, 1]> {
  %m = loop.reduction max ranges [4, 1] reduce [10] {
    %a = loop.load %x[#loop.index<"10*i0 + r0">] : !loop.buffer<[4, 10], f32, strides [10, 1]>
    loop.yield %a : f32
  } : !loop.buffer<[4, 1], f32, strides [1, 1]>
  %e = loop.pointwise ranges [4, 10] {
    %a = loop.load %x[#loop.index<"10*i0 + i1">] : !loop.buffer<[4, 10], f32, strides [10, 1]>
    %b = loop.load %m[#loop.index<"i0">] : !loop.buffer<[4, 1], f32, strides [1, 1]>
    %d = arith.subf %a, %b : f32
    %x2 = math.exp %d : f32
    loop.yield %x2 : f32
  } : !loop.buffer<[4, 10], f32, strides [10, 1]>
  %s = loop.reduction sum ranges [4, 1] reduce [10] {
    %a = loop.load %e[#loop.index<"10*i0 + r0">] : !loop.buffer<[4, 10], f32, strides [10, 1]>
    loop.yield %a : f32
  } : !loop.buffer<[4, 1], f32, strides [1, 1]>
  %r = loop.pointwise ranges [4, 10] {
    %a = loop.load %e[#loop.index<"10*i0 + i1">] : !loop.buffer<[4, 10], f32, strides [10, 1]>
    %b = loop.load %s[#loop.index<"i0">] : !loop.buffer<[4, 1], f32, strides [1, 1]>
    %q = arith.divf %a, %b : f32
    loop.yield %q : f32
  } : !loop.buffer<[4, 10], f32, strides [10, 1]>
  func.return %r : !loop.buffer<[4, 10], f32, strides [10, 1]>
}

func.func @horizontal(%x: !loop.buffer<[64], f32, strides [1]>, %k: f32) -> (!loop.buffer<[64], f32, strides [1]>, !loop.buffer<[64], f32, strides [1]>) {
  %p = loop.pointwise ranges [64] {
    %a = loop.load %x[#loop.index<"i0">] : !loop.buffer<[64], f32, strides [1]>
    %m = arith.mulf %a, %k : f32
    loop.yield %m : f32
  } : !loop.buffer<[64], f32, strides [1]>
  %q = loop.pointwise ranges [64] {
    %a = loop.load %x[#loop.index<"i0">] : !loop.buffer<[64], f32, strides [1]>
    %t = math.tanh %a : f32
    loop.yield %t : f32
  } : !loop.buffer<[64], f32, strides [1]>
  func.return %p, %q : !loop.buffer<[64], f32, strides [1]>, !loop.buffer<[64], f32, strides [1]>
}

func.func @mismatched_index(%x: !loop.buffer<[8], f32, strides [1]>) -> !loop.buffer<[8], f32, strides [1]> {
  %p = loop.pointwise ranges [8] {
    %a = loop.load %x[#loop.index<"i0">] : !loop.buffer<[8], f32, strides [1]>
    %e = math.exp %a : f32
    loop.yield %e : f32
  } : !loop.buffer<[8], f32, strides [1]>
  %q = loop.pointwise ranges [8] {
    %v = loop.load %p[#loop.index<"7 - i0">] : !loop.buffer<[8], f32, strides [1]>
    loop.yield %v : f32
  } : !loop.buffer<[8], f32, strides [1]>
  func.return %q : !loop.buffer<[8], f32, strides [1]>
}

func.func @incompatible_spaces(%x: !loop.buffer<[4, 6], f32, strides [6, 1]>) -> (!loop.buffer<[24], f32, strides [1]>, !loop.buffer<[6], f32, strides [1]>) {
  %s = loop.reduction sum ranges [4] reduce [6] {
    %a = loop.load %x[#loop.index<"6*i0 + r0">] : !loop.buffer<[4, 6], f32, strides [6, 1]>
    loop.yield %a : f32
  } : !loop.buffer<[4], f32, strides [1]>
  %p = loop.pointwise ranges [24] {
    %a = loop.load %x[#loop.index<"i0">] : !loop.buffer<[4, 6], f32, strides [6, 1]>
    %b = loop.load %s[#loop.index<"FloorDiv(i0, 6)">] : !loop.buffer<[4], f32, strides [1]>
    %c = arith.subf %a, %b : f32
    loop.yield %c : f32
  } : !loop.buffer<[24], f32, strides [1]>
  %t = loop.reduction sum ranges [6] reduce [4] {
    %a = loop.load %x[#loop.index<"i0 + 6*r0">] : !loop.buffer<[4, 6], f32, strides [6, 1]>
    loop.yield %a : f32
  } : !loop.buffer<[6], f32, strides [1]>
  func.return %p, %t : !loop.buffer<[24], f32, strides [1]>, !loop.buffer<[6], f32, strides [1]>
}

func.func @cycle(%x: !loop.buffer<[8], f32, strides [1]>) -> !loop.buffer<[8], f32, strides [1]> {
  %p = loop.pointwise ranges [8] {
    %a = loop.load %x[#loop.index<"i0">] : !loop.buffer<[8], f32, strides [1]>
    %e = math.exp %a : f32
    loop.yield %e : f32
  } : !loop.buffer<[8], f32, strides [1]>
  %f = kernel.extern "aten::cumsum.default"(%p) {args = [#kernel.operand<0>, 0 : i64]} : (!loop.buffer<[8], f32, strides [1]>) -> (!loop.buffer<[8], f32, strides [1]>)
  %q = loop.pointwise ranges [8] {
    %a = loop.load %p[#loop.index<"i0">] : !loop.buffer<[8], f32, strides [1]>
    %b = loop.load %f[#loop.index<"i0">] : !loop.buffer<[8], f32, strides [1]>
    %c = arith.addf %a, %b : f32
    loop.yield %c : f32
  } : !loop.buffer<[8], f32, strides [1]>
  func.return %q : !loop.buffer<[8], f32, strides [1]>
}

func.func @store_hazard(%x: !loop.buffer<[8], f32, strides [1]>) -> !loop.buffer<[8], f32, strides [1]> {
  %p = loop.pointwise ranges [8] {
    %a = loop.load %x[#loop.index<"i0">] : !loop.buffer<[8], f32, strides [1]>
    %b = loop.load %x[#loop.index<"7 - i0">] : !loop.buffer<[8], f32, strides [1]>
    %s = arith.addf %a, %b : f32
    loop.yield %s : f32
  } : !loop.buffer<[8], f32, strides [1]>
  loop.pointwise ranges [8] {
    %a = loop.load %x[#loop.index<"i0">] : !loop.buffer<[8], f32, strides [1]>
    %d = arith.addf %a, %a : f32
    loop.store %d, %x[#loop.index<"i0">] : !loop.buffer<[8], f32, strides [1]>
    loop.yield
  }
  func.return %p : !loop.buffer<[8], f32, strides [1]>
}

// two halves of one buffer: no element is read by both, so fusing them would save no memory traffic
func.func @disjoint_halves(%x: !loop.buffer<[2, 8], f32, strides [8, 1]>) -> (!loop.buffer<[8], f32, strides [1]>, !loop.buffer<[8], f32, strides [1]>) {
  %a = loop.pointwise ranges [8] {
    %v = loop.load %x[#loop.index<"i0">] : !loop.buffer<[2, 8], f32, strides [8, 1]>
    %d = arith.addf %v, %v : f32
    loop.yield %d : f32
  } : !loop.buffer<[8], f32, strides [1]>
  %b = loop.pointwise ranges [8] {
    %v = loop.load %x[#loop.index<"i0 + 8">] : !loop.buffer<[2, 8], f32, strides [8, 1]>
    %d = arith.mulf %v, %v : f32
    loop.yield %d : f32
  } : !loop.buffer<[8], f32, strides [1]>
  func.return %a, %b : !loop.buffer<[8], f32, strides [1]>, !loop.buffer<[8], f32, strides [1]>
}
