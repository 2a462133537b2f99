// loop.random run by irc-run at the loop level: seeds 0, 1 (--fill arange); the values of random.mlir's
// rand and randint at seed 1, and a constant offset (one element's random number, broadcast).
// RUN: irc-run %s --fill arange | filecheck %s

func.func @forward(%seeds: !loop.buffer<[2], i64, strides [1]>) -> (!loop.buffer<[2, 3], f32, strides [3, 1]>, !loop.buffer<[4], i64, strides [1]>, !loop.buffer<[3], f32, strides [1]>) {
  %u = loop.pointwise ranges [2, 3] {
    %s = loop.load %seeds[#loop.index<"1">] : !loop.buffer<[2], i64, strides [1]>
    %o = loop.index #loop.index<"3*i0 + i1"> : i64
    %r = loop.random "rand" %s, %o : i64 -> f32
    loop.yield %r : f32
  } : !loop.buffer<[2, 3], f32, strides [3, 1]>
  %k = loop.pointwise ranges [4] {
    %s = loop.load %seeds[#loop.index<"1">] : !loop.buffer<[2], i64, strides [1]>
    %o = loop.index #loop.index<"i0"> : index
    %r = loop.random "randint" %s, %o {low = -3 : i64, high = 4 : i64} : index -> i64
    loop.yield %r : i64
  } : !loop.buffer<[4], i64, strides [1]>
  %c = loop.pointwise ranges [3] {
    %s = loop.load %seeds[#loop.index<"1">] : !loop.buffer<[2], i64, strides [1]>
    %o = arith.constant 4 : i64
    %r = loop.random "rand" %s, %o : i64 -> f32
    loop.yield %r : f32
  } : !loop.buffer<[3], f32, strides [1]>
  func.return %u, %k, %c : !loop.buffer<[2, 3], f32, strides [3, 1]>, !loop.buffer<[4], i64, strides [1]>, !loop.buffer<[3], f32, strides [1]>
}

// CHECK: // output 0: f32 [2, 3]
// CHECK-NEXT: {{\[\[}}0.2195, 0.656 , 0.4948],
// CHECK-NEXT:  [0.4847, 0.4955, 0.3206]]
// CHECK-NEXT: // output 1: i64 [4]
// CHECK-NEXT: [3, 1, 3, 2]
// CHECK-NEXT: // output 2: f32 [3]
// CHECK-NEXT: [0.4955, 0.4955, 0.4955]
