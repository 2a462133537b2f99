// RUN: irc-opt %s -p loop-simplify --split-input-file | filecheck %s
// RUN: irc-opt %s -p loop-simplify,loop-simplify --split-input-file | filecheck %s
// RUN: irc-opt %s -p 'loop-simplify{enabled=false}' --split-input-file | filecheck %s --check-prefix=OFF

// Size-1 dims go, contiguous dims merge into one loop; func.return sees the old type through a view.
func.func @size_one_and_merge(%x: !loop.buffer<[3, 1, 9], f32, strides [9, 9, 1]>) -> !loop.buffer<[3, 1, 9], f32, strides [9, 9, 1]> {
  %b = loop.pointwise ranges [3, 1, 9] {
    %a = loop.load %x[#loop.index<"9*i0 + i2">] : !loop.buffer<[3, 1, 9], f32, strides [9, 9, 1]>
    %e = math.exp %a : f32
    loop.yield %e : f32
  } : !loop.buffer<[3, 1, 9], f32, strides [9, 9, 1]>
  func.return %b : !loop.buffer<[3, 1, 9], f32, strides [9, 9, 1]>
}

// CHECK-LABEL: func.func @size_one_and_merge
// CHECK-NEXT:    %b = loop.pointwise ranges [27] {
// CHECK-NEXT:      %a = loop.load %x[#loop.index<"i0">] : !loop.buffer<[3, 1, 9], f32, strides [9, 9, 1]>
// CHECK:         } : !loop.buffer<[27], f32, strides [1]>
// CHECK-NEXT:    %[[V:.*]] = loop.reinterpret %b : !loop.buffer<[27], f32, strides [1]> to !loop.buffer<[3, 1, 9], f32, strides [9, 9, 1]>
// CHECK-NEXT:    func.return %[[V]]
// OFF-LABEL:   func.func @size_one_and_merge
// OFF-NEXT:      %b = loop.pointwise ranges [3, 1, 9] {

// -----

// Symbolic sizes merge when the strides say so; a broadcast load (stride 0 in both dims) does not stop it.
func.func @symbolic(%x: !loop.buffer<[s0, 4], f32, strides [4, 1]>, %y: !loop.buffer<[], f32, strides []>) -> !loop.buffer<[s0, 4], f32, strides [4, 1]> {
  %b = loop.pointwise ranges [s0, 4] {
    %a = loop.load %x[#loop.index<"4*i0 + i1">] : !loop.buffer<[s0, 4], f32, strides [4, 1]>
    %c = loop.load %y[#loop.index<"0">] : !loop.buffer<[], f32, strides []>
    %e = arith.addf %a, %c : f32
    loop.yield %e : f32
  } : !loop.buffer<[s0, 4], f32, strides [4, 1]>
  %u = loop.pointwise ranges [s0, 4] {
    %a = loop.load %b[#loop.index<"4*i0 + i1">] : !loop.buffer<[s0, 4], f32, strides [4, 1]>
    loop.yield %a : f32
  } : !loop.buffer<[s0, 4], f32, strides [4, 1]>
  func.return %u : !loop.buffer<[s0, 4], f32, strides [4, 1]>
}

// CHECK-LABEL: func.func @symbolic
// CHECK-NEXT:    %b = loop.pointwise ranges ["4*s0"] {
// CHECK-NEXT:      loop.load %x[#loop.index<"i0">]
// CHECK-NEXT:      loop.load %y[#loop.index<"0">]
// CHECK:         } : !loop.buffer<["4*s0"], f32, strides [1]>
// CHECK-NEXT:    %u = loop.pointwise ranges ["4*s0"] {
// CHECK-NEXT:      loop.load %b[#loop.index<"i0">] : !loop.buffer<["4*s0"], f32, strides [1]>

// -----

// Channels_last strides over a strided convolution's output size (size functions in the strides) order the
// dims as memory does and merge N, H and W, as static sizes would.
func.func @channels_last_symbolic(%x: !loop.buffer<[s0, 8, "FloorDiv(s1 - 1, 2) + 1", "FloorDiv(s1 - 1, 2) + 1"], f32, strides ["8*(FloorDiv(s1 - 1, 2) + 1)**2", 1, "8*FloorDiv(s1 - 1, 2) + 8", 8]>, %p: !loop.buffer<[8], f32, strides [1]>) -> !loop.buffer<[s0, 8, "FloorDiv(s1 - 1, 2) + 1", "FloorDiv(s1 - 1, 2) + 1"], f32, strides ["8*(FloorDiv(s1 - 1, 2) + 1)**2", 1, "8*FloorDiv(s1 - 1, 2) + 8", 8]> {
  %b = loop.pointwise ranges [s0, 8, "FloorDiv(s1 - 1, 2) + 1", "FloorDiv(s1 - 1, 2) + 1"] {
    %a = loop.load %x[#loop.index<"i0*(8*FloorDiv(s1 - 1, 2) + 8)*(FloorDiv(s1 - 1, 2) + 1) + i1 + i2*(8*FloorDiv(s1 - 1, 2) + 8) + 8*i3">] : !loop.buffer<[s0, 8, "FloorDiv(s1 - 1, 2) + 1", "FloorDiv(s1 - 1, 2) + 1"], f32, strides ["8*(FloorDiv(s1 - 1, 2) + 1)**2", 1, "8*FloorDiv(s1 - 1, 2) + 8", 8]>
    %c = loop.load %p[#loop.index<"i1">] : !loop.buffer<[8], f32, strides [1]>
    %e = arith.addf %a, %c : f32
    loop.yield %e : f32
  } : !loop.buffer<[s0, 8, "FloorDiv(s1 - 1, 2) + 1", "FloorDiv(s1 - 1, 2) + 1"], f32, strides ["8*(FloorDiv(s1 - 1, 2) + 1)**2", 1, "8*FloorDiv(s1 - 1, 2) + 8", 8]>
  func.return %b : !loop.buffer<[s0, 8, "FloorDiv(s1 - 1, 2) + 1", "FloorDiv(s1 - 1, 2) + 1"], f32, strides ["8*(FloorDiv(s1 - 1, 2) + 1)**2", 1, "8*FloorDiv(s1 - 1, 2) + 8", 8]>
}

// CHECK-LABEL: func.func @channels_last_symbolic
// CHECK-NEXT:    %b = loop.pointwise ranges ["s0*FloorDiv(s1 - 1, 2)**2 + 2*s0*FloorDiv(s1 - 1, 2) + s0", 8] {
// CHECK-NEXT:      loop.load %x[#loop.index<"8*i0 + i1">]
// CHECK-NEXT:      loop.load %p[#loop.index<"i1">]

// -----

// Negative: a broadcast along one dim only (i1 absent from the load of %y) keeps the dims apart.
func.func @broadcast_one_dim(%x: !loop.buffer<[3, 9], f32, strides [9, 1]>, %y: !loop.buffer<[3], f32, strides [1]>) -> !loop.buffer<[3, 9], f32, strides [9, 1]> {
  %b = loop.pointwise ranges [3, 9] {
    %a = loop.load %x[#loop.index<"9*i0 + i1">] : !loop.buffer<[3, 9], f32, strides [9, 1]>
    %c = loop.load %y[#loop.index<"i0">] : !loop.buffer<[3], f32, strides [1]>
    %e = arith.addf %a, %c : f32
    loop.yield %e : f32
  } : !loop.buffer<[3, 9], f32, strides [9, 1]>
  func.return %b : !loop.buffer<[3, 9], f32, strides [9, 1]>
}

// CHECK-LABEL: func.func @broadcast_one_dim
// CHECK-NEXT:    %b = loop.pointwise ranges [3, 9] {
// CHECK-NEXT:      loop.load %x[#loop.index<"9*i0 + i1">]
// CHECK-NEXT:      loop.load %y[#loop.index<"i0">]
// CHECK:         } : !loop.buffer<[3, 9], f32, strides [9, 1]>
// CHECK-NEXT:    func.return %b

// -----

// Negative: an index that is not linear in the dims (a reshape's ModularIndexing), and loop.index values,
// keep the dims apart.
func.func @not_linear(%x: !loop.buffer<[12], f32, strides [1]>) -> !loop.buffer<[3, 4], i64, strides [4, 1]> {
  %b = loop.pointwise ranges [3, 4] {
    %a = loop.load %x[#loop.index<"ModularIndexing(4*i0 + i1, 1, 6)">] : !loop.buffer<[12], f32, strides [1]>
    %i = loop.index #loop.index<"i1"> : i64
    loop.yield %i : i64
  } : !loop.buffer<[3, 4], i64, strides [4, 1]>
  func.return %b : !loop.buffer<[3, 4], i64, strides [4, 1]>
}

// CHECK-LABEL: func.func @not_linear
// CHECK-NEXT:    %b = loop.pointwise ranges [3, 4] {

// -----

// Reduce dims are ordered by stride (innermost contiguous), then merged; ranges follow the result's layout.
func.func @permuted_sum(%x: !loop.buffer<[4, 5, 6], f32, strides [30, 6, 1]>) -> !loop.buffer<[5], f32, strides [1]> {
  %s = loop.reduction sum ranges [5] reduce [6, 4] {
    %a = loop.load %x[#loop.index<"30*r1 + 6*i0 + r0">] : !loop.buffer<[4, 5, 6], f32, strides [30, 6, 1]>
    loop.yield %a : f32
  } : !loop.buffer<[5], f32, strides [1]>
  func.return %s : !loop.buffer<[5], f32, strides [1]>
}

// CHECK-LABEL: func.func @permuted_sum
// CHECK-NEXT:    %s = loop.reduction sum ranges [5] reduce [4, 6] {
// CHECK-NEXT:      loop.load %x[#loop.index<"6*i0 + 30*r0 + r1">]
// CHECK:         } : !loop.buffer<[5], f32, strides [1]>
// CHECK-NEXT:    func.return %s

// -----

// A result written in a permuted layout iterates in storage order: the shape follows, the offsets stay.
func.func @permuted_result(%x: !loop.buffer<[4, 6], f32, strides [6, 1]>) -> !loop.buffer<[6, 4], f32, strides [1, 6]> {
  %t = loop.pointwise ranges [6, 4] {
    %a = loop.load %x[#loop.index<"i0 + 6*i1">] : !loop.buffer<[4, 6], f32, strides [6, 1]>
    loop.yield %a : f32
  } : !loop.buffer<[6, 4], f32, strides [1, 6]>
  func.return %t : !loop.buffer<[6, 4], f32, strides [1, 6]>
}

// CHECK-LABEL: func.func @permuted_result
// CHECK-NEXT:    %t = loop.pointwise ranges [24] {
// CHECK-NEXT:      loop.load %x[#loop.index<"i0">]
// CHECK:         } : !loop.buffer<[24], f32, strides [1]>
// CHECK-NEXT:    %[[V:.*]] = loop.reinterpret %t : !loop.buffer<[24], f32, strides [1]> to !loop.buffer<[6, 4], f32, strides [1, 6]>
// CHECK-NEXT:    func.return %[[V]]

// -----

// argmax keeps its reduce dims in order (they define the index), but merges contiguous ones; size-1 ranges go.
func.func @argmax_order(%x: !loop.buffer<[4, 5, 6], f32, strides [30, 6, 1]>) -> !loop.buffer<[1], i64, strides [1]> {
  %s = loop.reduction argmax ranges [1] reduce [6, 4, 5] {
    %a = loop.load %x[#loop.index<"r0 + 30*r1 + 6*r2">] : !loop.buffer<[4, 5, 6], f32, strides [30, 6, 1]>
    loop.yield %a : f32
  } : !loop.buffer<[1], i64, strides [1]>
  func.return %s : !loop.buffer<[1], i64, strides [1]>
}

// CHECK-LABEL: func.func @argmax_order
// CHECK-NEXT:    %s = loop.reduction argmax ranges [] reduce [6, 20] {
// CHECK-NEXT:      loop.load %x[#loop.index<"r0 + 6*r1">]
// CHECK:         } : !loop.buffer<[], i64, strides []>

// -----

// The row split of a reduction in the block stays, so the consumer can run inside the reduction's kernel.
func.func @keep_row_split(%x: !loop.buffer<[3, 9], f32, strides [9, 1]>) -> !loop.buffer<[3, 9], f32, strides [9, 1]> {
  %m = loop.reduction max ranges [3, 1] reduce [9] {
    %a = loop.load %x[#loop.index<"9*i0 + r0">] : !loop.buffer<[3, 9], f32, strides [9, 1]>
    loop.yield %a : f32
  } : !loop.buffer<[3, 1], f32, strides [1, 1]>
  %d = loop.pointwise ranges [3, 9] {
    %a = loop.load %x[#loop.index<"9*i0 + i1">] : !loop.buffer<[3, 9], f32, strides [9, 1]>
    %v = loop.load %m[#loop.index<"i0">] : !loop.buffer<[3, 1], f32, strides [1, 1]>
    %q = arith.subf %a, %v : f32
    loop.yield %q : f32
  } : !loop.buffer<[3, 9], f32, strides [9, 1]>
  func.return %d : !loop.buffer<[3, 9], f32, strides [9, 1]>
}

// CHECK-LABEL: func.func @keep_row_split
// CHECK-NEXT:    %m = loop.reduction max ranges [3] reduce [9] {
// CHECK:         } : !loop.buffer<[3], f32, strides [1]>
// CHECK-NEXT:    %d = loop.pointwise ranges [3, 9] {
// CHECK-NEXT:      loop.load %x[#loop.index<"9*i0 + i1">]
// CHECK-NEXT:      loop.load %m[#loop.index<"i0">] : !loop.buffer<[3], f32, strides [1]>

// -----

// A consumer of a column reduction iterates columns first, so it can run inside that reduction's kernel
// (softmax over dim 0); its result keeps its row-major storage through the strides.
func.func @columns_first(%x: !loop.buffer<[3, 9], f32, strides [9, 1]>) -> !loop.buffer<[3, 9], f32, strides [9, 1]> {
  %m = loop.reduction max ranges [9] reduce [3] {
    %a = loop.load %x[#loop.index<"i0 + 9*r0">] : !loop.buffer<[3, 9], f32, strides [9, 1]>
    loop.yield %a : f32
  } : !loop.buffer<[9], f32, strides [1]>
  %d = loop.pointwise ranges [3, 9] {
    %a = loop.load %x[#loop.index<"9*i0 + i1">] : !loop.buffer<[3, 9], f32, strides [9, 1]>
    %v = loop.load %m[#loop.index<"i1">] : !loop.buffer<[9], f32, strides [1]>
    %q = arith.subf %a, %v : f32
    loop.yield %q : f32
  } : !loop.buffer<[3, 9], f32, strides [9, 1]>
  func.return %d : !loop.buffer<[3, 9], f32, strides [9, 1]>
}

// CHECK-LABEL: func.func @columns_first
// CHECK:         %d = loop.pointwise ranges [9, 3] {
// CHECK-NEXT:      loop.load %x[#loop.index<"i0 + 9*i1">]
// CHECK-NEXT:      loop.load %m[#loop.index<"i0">]
// CHECK:         } : !loop.buffer<[9, 3], f32, strides [1, 9]>
// CHECK-NEXT:    %[[V:.*]] = loop.reinterpret %d : !loop.buffer<[9, 3], f32, strides [1, 9]> to !loop.buffer<[3, 9], f32, strides [9, 1]>
// CHECK-NEXT:    func.return %[[V]]

// -----

// A channels_last activation [N=2, C=4, HW=6] (strides [24, 1, 4]): the spatial mean is an outer reduction
// (contiguous along C), so the op it reads keeps no row split and follows its storage order (one contiguous
// loop); the squeeze-and-excitation scale reads neither the mean nor feeds it, so a mean of the same row
// sizes does not fix its order either: it follows the strides (channels innermost) instead of iterating NCHW
// over NHWC memory at a stride of C.
func.func @unrelated_ops_follow_strides(%x: !loop.buffer<[2, 4, 6], f32, strides [24, 1, 4]>, %g: !loop.buffer<[2, 4], f32, strides [4, 1]>) -> (!loop.buffer<[2, 4], f32, strides [4, 1]>, !loop.buffer<[2, 4, 6], f32, strides [24, 1, 4]>) {
  %a = loop.pointwise ranges [2, 4, 6] {
    %v = loop.load %x[#loop.index<"24*i0 + i1 + 4*i2">] : !loop.buffer<[2, 4, 6], f32, strides [24, 1, 4]>
    %e = math.exp %v : f32
    loop.yield %e : f32
  } : !loop.buffer<[2, 4, 6], f32, strides [24, 1, 4]>
  %m = loop.reduction sum ranges [2, 4] reduce [6] {
    %v = loop.load %a[#loop.index<"24*i0 + i1 + 4*r0">] : !loop.buffer<[2, 4, 6], f32, strides [24, 1, 4]>
    loop.yield %v : f32
  } : !loop.buffer<[2, 4], f32, strides [4, 1]>
  %s = loop.pointwise ranges [2, 4, 6] {
    %v = loop.load %x[#loop.index<"24*i0 + i1 + 4*i2">] : !loop.buffer<[2, 4, 6], f32, strides [24, 1, 4]>
    %w = loop.load %g[#loop.index<"4*i0 + i1">] : !loop.buffer<[2, 4], f32, strides [4, 1]>
    %q = arith.mulf %v, %w : f32
    loop.yield %q : f32
  } : !loop.buffer<[2, 4, 6], f32, strides [24, 1, 4]>
  func.return %m, %s : !loop.buffer<[2, 4], f32, strides [4, 1]>, !loop.buffer<[2, 4, 6], f32, strides [24, 1, 4]>
}

// CHECK-LABEL: func.func @unrelated_ops_follow_strides
// CHECK-NEXT:    %a = loop.pointwise ranges [48] {
// CHECK:         %s = loop.pointwise ranges [2, 6, 4] {
// CHECK-NEXT:      loop.load %x[#loop.index<"24*i0 + 4*i1 + i2">]

// -----

// A reduction's epilogue continues through a consumer of its consumer (the tangent of [2, 2, 8] logits added
// to a softmax backward over 4 rows of 8): that op keeps the row boundary too and can join the kernel.
func.func @epilogue_chain(%x: !loop.buffer<[4, 8], f32, strides [8, 1]>, %t: !loop.buffer<[2, 2, 8], f32, strides [16, 8, 1]>) -> !loop.buffer<[2, 2, 8], f32, strides [16, 8, 1]> {
  %s = loop.reduction sum ranges [4] reduce [8] {
    %a = loop.load %x[#loop.index<"8*i0 + r0">] : !loop.buffer<[4, 8], f32, strides [8, 1]>
    loop.yield %a : f32
  } : !loop.buffer<[4], f32, strides [1]>
  %g = loop.pointwise ranges [4, 8] {
    %a = loop.load %x[#loop.index<"8*i0 + i1">] : !loop.buffer<[4, 8], f32, strides [8, 1]>
    %b = loop.load %s[#loop.index<"i0">] : !loop.buffer<[4], f32, strides [1]>
    %e = arith.subf %a, %b : f32
    loop.yield %e : f32
  } : !loop.buffer<[4, 8], f32, strides [8, 1]>
  %u = loop.pointwise ranges [2, 2, 8] {
    %a = loop.load %t[#loop.index<"16*i0 + 8*i1 + i2">] : !loop.buffer<[2, 2, 8], f32, strides [16, 8, 1]>
    %b = loop.load %g[#loop.index<"16*i0 + 8*i1 + i2">] : !loop.buffer<[4, 8], f32, strides [8, 1]>
    %e = arith.addf %a, %b : f32
    loop.yield %e : f32
  } : !loop.buffer<[2, 2, 8], f32, strides [16, 8, 1]>
  func.return %u : !loop.buffer<[2, 2, 8], f32, strides [16, 8, 1]>
}

// CHECK-LABEL: func.func @epilogue_chain
// CHECK:         %g = loop.pointwise ranges [4, 8] {
// CHECK:         %u = loop.pointwise ranges [4, 8] {
// CHECK-NEXT:      loop.load %t[#loop.index<"8*i0 + i1">]

// -----

// A pointwise op of the reduction's whole shape that only its epilogue reads (a dropout mask [2, 2, 8] drawn
// for softmax probabilities over 4 rows of 8): it keeps the row boundary and can join the reduction's kernel
// instead of merging to one dim.
func.func @epilogue_input(%x: !loop.buffer<[4, 8], f32, strides [8, 1]>, %m: !loop.buffer<[2, 2, 8], f32, strides [16, 8, 1]>) -> !loop.buffer<[4, 8], f32, strides [8, 1]> {
  %s = loop.reduction sum ranges [4] reduce [8] {
    %a = loop.load %x[#loop.index<"8*i0 + r0">] : !loop.buffer<[4, 8], f32, strides [8, 1]>
    loop.yield %a : f32
  } : !loop.buffer<[4], f32, strides [1]>
  %k = loop.pointwise ranges [2, 2, 8] {
    %a = loop.load %m[#loop.index<"16*i0 + 8*i1 + i2">] : !loop.buffer<[2, 2, 8], f32, strides [16, 8, 1]>
    %c = arith.constant 0.5 : f32
    %e = arith.mulf %a, %c : f32
    loop.yield %e : f32
  } : !loop.buffer<[2, 2, 8], f32, strides [16, 8, 1]>
  %g = loop.pointwise ranges [4, 8] {
    %a = loop.load %x[#loop.index<"8*i0 + i1">] : !loop.buffer<[4, 8], f32, strides [8, 1]>
    %b = loop.load %s[#loop.index<"i0">] : !loop.buffer<[4], f32, strides [1]>
    %d = loop.load %k[#loop.index<"8*i0 + i1">] : !loop.buffer<[2, 2, 8], f32, strides [16, 8, 1]>
    %e = arith.divf %a, %b : f32
    %f = arith.mulf %e, %d : f32
    loop.yield %f : f32
  } : !loop.buffer<[4, 8], f32, strides [8, 1]>
  func.return %g : !loop.buffer<[4, 8], f32, strides [8, 1]>
}

// CHECK-LABEL: func.func @epilogue_input
// CHECK:         %k = loop.pointwise ranges [4, 8] {
// CHECK-NEXT:      loop.load %m[#loop.index<"8*i0 + i1">]

// -----

// Attention probabilities [2 heads, 4, 4] with their dropout mask applied, stored transposed for a matmul
// (strides [16, 1, 4]), beside a softmax backward reading them by rows: iterated in storage order the op still
// has the reduction's 8 rows of 4, and reads the probabilities where the reduction's kernel reads them.
func.func @storage_order_fits_the_rows(%p: !loop.buffer<[2, 4, 4], f32, strides [16, 4, 1]>) -> (!loop.buffer<[8], f32, strides [1]>, !loop.buffer<[2, 4, 4], f32, strides [16, 1, 4]>) {
  %s = loop.reduction sum ranges [8] reduce [4] {
    %a = loop.load %p[#loop.index<"4*i0 + r0">] : !loop.buffer<[2, 4, 4], f32, strides [16, 4, 1]>
    loop.yield %a : f32
  } : !loop.buffer<[8], f32, strides [1]>
  %t = loop.pointwise ranges [2, 4, 4] {
    %a = loop.load %p[#loop.index<"16*i0 + i1 + 4*i2">] : !loop.buffer<[2, 4, 4], f32, strides [16, 4, 1]>
    %c = arith.constant 2.0 : f32
    %m = arith.mulf %a, %c : f32
    loop.yield %m : f32
  } : !loop.buffer<[2, 4, 4], f32, strides [16, 1, 4]>
  func.return %s, %t : !loop.buffer<[8], f32, strides [1]>, !loop.buffer<[2, 4, 4], f32, strides [16, 1, 4]>
}

// CHECK-LABEL: func.func @storage_order_fits_the_rows
// CHECK:         %t = loop.pointwise ranges [8, 4] {
// CHECK-NEXT:      loop.load %p[#loop.index<"4*i0 + i1">]
// CHECK:         } : !loop.buffer<[8, 4], f32, strides [4, 1]>
// CHECK-NEXT:    %[[V:.*]] = loop.reinterpret %t : !loop.buffer<[8, 4], f32, strides [4, 1]> to !loop.buffer<[2, 4, 4], f32, strides [16, 1, 4]>
