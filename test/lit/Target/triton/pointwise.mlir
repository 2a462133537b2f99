// Pointwise kernels printed as Python and run under TRITON_INTERPRET=1 against torch: an odd size (51 elements,
// XBLOCK 16), broadcast loads, libdevice functions, Python-semantics integer division, casts and loop.index.
// RUN: irc-opt %s -p convert-kernel-to-triton -t triton -o %t.py
// RUN: filecheck %s < %t.py
// RUN: %python %S/Inputs/check_module.py %t.py "(torch.erf(a0) + torch.tanh(a1), torch.where(a0 > a1, a0 ** a1, torch.maximum(a0, a1)), torch.remainder(a0 - 0.5, a1 - 0.5), torch.isnan(torch.log(a0 - 0.5)), torch.arange(51).reshape(3, 17), torch.sigmoid(a0).half(), torch.div(a2 - 4, a3 + 1, rounding_mode='floor'), torch.remainder(a2 - 4, a3 + 1), torch.div(a2 - 4, a3 + 1, rounding_mode='trunc'), torch.fmod(a2 - 4, a3 + 1), a2 != 0)" | filecheck %s --check-prefix=EXEC

// CHECK:      KERNELS = ['triton_poi_fused_0', 'triton_poi_fused_1']
// CHECK-NEXT: FALLBACKS = []
// CHECK:      if os.environ.get("TRITON_INTERPRET") == "1":
// CHECK:          libdevice = libdevice_shim()  # provides pow, tanh
// CHECK:      @triton.jit
// CHECK-NEXT: def triton_poi_fused_0(in_ptr0, in_ptr1, out_ptr0, out_ptr1, out_ptr2, out_ptr3, out_ptr4, out_ptr5, XBLOCK: tl.constexpr):
// CHECK-NEXT:     xoffset = tl.program_id(0) * XBLOCK
// CHECK-NEXT:     xindex = xoffset + tl.arange(0, XBLOCK)
// CHECK-NEXT:     xnumel = 51
// CHECK-NEXT:     xmask = xindex < xnumel
// CHECK-NEXT:     tmp0 = tl.load(in_ptr0 + (xindex), xmask)
// CHECK-NEXT:     tmp1 = tl.erf(tmp0)
// CHECK-NEXT:     x0 = xindex % 17
// CHECK-NEXT:     tmp2 = tl.load(in_ptr1 + (x0), xmask)
// CHECK-NEXT:     tmp3 = libdevice.tanh(tmp2)
// CHECK-NEXT:     tmp4 = tmp1 + tmp3
// CHECK:          tl.store(out_ptr0 + (xindex), tmp4, xmask)
// CHECK:          tl.store(out_ptr4 + (xindex), {{.*}}, xmask)
// CHECK:      def call(args):
// CHECK-NEXT:     arg0_1, arg1_1, arg2_1, arg3_1 = args
// CHECK-NEXT:     args.clear()
// CHECK-NEXT:     if not _guards[0](arg0_1, arg1_1, arg2_1, arg3_1):
// CHECK-NEXT:         try:
// CHECK-NEXT:             _assert_size_stride(arg0_1, (3, 17), (17, 1))
// CHECK-NEXT:             _assert_size_stride(arg1_1, (17,), (1,))
// CHECK-NEXT:             _assert_size_stride(arg2_1, (3, 17), (17, 1))
// CHECK-NEXT:             _assert_size_stride(arg3_1, (17,), (1,))
// CHECK-NEXT:             if (arg0_1.dtype is not torch.float32
// CHECK-NEXT:                 or arg1_1.dtype is not torch.float32
// CHECK-NEXT:                 or arg2_1.dtype is not torch.int32
// CHECK-NEXT:                 or arg3_1.dtype is not torch.int32):
// CHECK-NEXT:                 raise AssertionError
// CHECK-NEXT:         except AssertionError:
// CHECK-NEXT:             _check_input(arg0_1, 0, (3, 17), (17, 1), torch.float32)
// CHECK-NEXT:             _check_input(arg1_1, 1, (17,), (1,), torch.float32)
// CHECK-NEXT:             _check_input(arg2_1, 2, (3, 17), (17, 1), torch.int32)
// CHECK-NEXT:             _check_input(arg3_1, 3, (17,), (1,), torch.int32)
// CHECK-NEXT:             raise
// CHECK-NEXT:         _guards.passed(0, arg0_1, arg1_1, arg2_1, arg3_1)
// CHECK-NEXT:     _empty = _allocator(arg0_1.device)
// CHECK-NEXT:     _spec = (arg0_1.get_device(), (arg0_1.data_ptr() | arg1_1.data_ptr() | arg2_1.data_ptr() | arg3_1.data_ptr()) % 16 == 0 or _alignments(arg0_1, arg1_1, arg2_1, arg3_1))
// CHECK-NEXT:     buf0 = _empty((3, 17), (17, 1), torch.float32)
// CHECK-NEXT:     buf1 = _empty((3, 17), (17, 1), torch.float32)
// CHECK-NEXT:     buf2 = _empty((3, 17), (17, 1), torch.float32)
// CHECK-NEXT:     buf3 = _empty((3, 17), (17, 1), torch.bool)
// CHECK-NEXT:     buf4 = _empty((3, 17), (17, 1), torch.int64)
// CHECK-NEXT:     buf5 = _empty((3, 17), (17, 1), torch.float16)
// CHECK-NEXT:     (_launch_0.get(((4,), _spec)) or _launch_0.first(((4,), _spec), lambda: ({'XBLOCK': 16, 'num_warps': 1}, [])))([arg0_1, arg1_1, buf0, buf1, buf2, buf3, buf4, buf5])
// CHECK-NEXT:     buf6 = _empty((3, 17), (17, 1), torch.int32)
// CHECK-NEXT:     buf7 = _empty((3, 17), (17, 1), torch.int32)
// CHECK-NEXT:     buf8 = _empty((3, 17), (17, 1), torch.int32)
// CHECK-NEXT:     buf9 = _empty((3, 17), (17, 1), torch.int32)
// CHECK-NEXT:     buf10 = _empty((3, 17), (17, 1), torch.bool)
// CHECK-NEXT:     (_launch_1.get(((1,), _spec)) or _launch_1.first(((1,), _spec), lambda: ({'XBLOCK': 64, 'num_warps': 1}, [])))([arg2_1, arg3_1, buf6, buf7, buf8, buf9, buf10])
// CHECK:          return (buf0, buf1, buf2, buf3, buf4, buf5, buf6, buf7, buf8, buf9, buf10)
// CHECK:      def get_args(**sizes):
// CHECK:          arg2_1 = _rand_strided((3, 17), (17, 1), torch.int32, device)
// CHECK:      def benchmark_compiled_module(times=10):
// CHECK:      if __name__ == "__main__":
// CHECK-NEXT:     benchmark_compiled_module()

// EXEC-COUNT-11: ok
// EXEC: all outputs match

kernel.kernel @fused_0(%a: !loop.buffer<[3, 17], f32, strides [17, 1]>, %b: !loop.buffer<[17], f32, strides [1]>) -> (!loop.buffer<[3, 17], f32, strides [17, 1]>, !loop.buffer<[3, 17], f32, strides [17, 1]>, !loop.buffer<[3, 17], f32, strides [17, 1]>, !loop.buffer<[3, 17], i1, strides [17, 1]>, !loop.buffer<[3, 17], i64, strides [17, 1]>, !loop.buffer<[3, 17], f16, strides [17, 1]>) pointwise numel 51 rnumel 1 {xblock = 16, num_warps = 1} {
  %o0 = loop.pointwise ranges [3, 17] {
    %0 = loop.load %a[#loop.index<"17*i0 + i1">] : !loop.buffer<[3, 17], f32, strides [17, 1]>
    %1 = math.erf %0 : f32
    %2 = loop.load %b[#loop.index<"i1">] : !loop.buffer<[17], f32, strides [1]>
    %3 = math.tanh %2 : f32
    %4 = arith.addf %1, %3 : f32
    loop.yield %4 : f32
  } : !loop.buffer<[3, 17], f32, strides [17, 1]>
  %o1 = loop.pointwise ranges [3, 17] {
    %0 = loop.load %a[#loop.index<"17*i0 + i1">] : !loop.buffer<[3, 17], f32, strides [17, 1]>
    %1 = loop.load %b[#loop.index<"i1">] : !loop.buffer<[17], f32, strides [1]>
    %2 = arith.cmpf ogt, %0, %1 : f32
    %3 = loop.pow %0, %1 : f32, f32
    %4 = arith.maximumf %0, %1 : f32
    %5 = arith.select %2, %3, %4 : f32
    loop.yield %5 : f32
  } : !loop.buffer<[3, 17], f32, strides [17, 1]>
  %o2 = loop.pointwise ranges [3, 17] {
    %0 = loop.load %a[#loop.index<"17*i0 + i1">] : !loop.buffer<[3, 17], f32, strides [17, 1]>
    %1 = loop.load %b[#loop.index<"i1">] : !loop.buffer<[17], f32, strides [1]>
    %half = arith.constant 0.5 : f32
    %2 = arith.subf %0, %half : f32
    %3 = arith.subf %1, %half : f32
    %4 = loop.remainder %2, %3 : f32
    loop.yield %4 : f32
  } : !loop.buffer<[3, 17], f32, strides [17, 1]>
  %o3 = loop.pointwise ranges [3, 17] {
    %0 = loop.load %a[#loop.index<"17*i0 + i1">] : !loop.buffer<[3, 17], f32, strides [17, 1]>
    %half = arith.constant 0.5 : f32
    %1 = arith.subf %0, %half : f32
    %2 = math.log %1 : f32
    %3 = loop.isnan %2 : f32
    loop.yield %3 : i1
  } : !loop.buffer<[3, 17], i1, strides [17, 1]>
  %o4 = loop.pointwise ranges [3, 17] {
    %0 = loop.index #loop.index<"17*i0 + i1"> : i64
    loop.yield %0 : i64
  } : !loop.buffer<[3, 17], i64, strides [17, 1]>
  %o5 = loop.pointwise ranges [3, 17] {
    %0 = loop.load %a[#loop.index<"17*i0 + i1">] : !loop.buffer<[3, 17], f32, strides [17, 1]>
    %1 = loop.sigmoid %0 : f32
    %2 = loop.cast %1 : f32 to f16
    loop.yield %2 : f16
  } : !loop.buffer<[3, 17], f16, strides [17, 1]>
  kernel.yield %o0, %o1, %o2, %o3, %o4, %o5 : !loop.buffer<[3, 17], f32, strides [17, 1]>, !loop.buffer<[3, 17], f32, strides [17, 1]>, !loop.buffer<[3, 17], f32, strides [17, 1]>, !loop.buffer<[3, 17], i1, strides [17, 1]>, !loop.buffer<[3, 17], i64, strides [17, 1]>, !loop.buffer<[3, 17], f16, strides [17, 1]>
}
kernel.kernel @fused_1(%i: !loop.buffer<[3, 17], i32, strides [17, 1]>, %j: !loop.buffer<[17], i32, strides [1]>) -> (!loop.buffer<[3, 17], i32, strides [17, 1]>, !loop.buffer<[3, 17], i32, strides [17, 1]>, !loop.buffer<[3, 17], i32, strides [17, 1]>, !loop.buffer<[3, 17], i32, strides [17, 1]>, !loop.buffer<[3, 17], i1, strides [17, 1]>) pointwise numel 51 rnumel 1 {xblock = 64, num_warps = 1} {
  %p0 = loop.pointwise ranges [3, 17] {
    %0 = loop.load %i[#loop.index<"17*i0 + i1">] : !loop.buffer<[3, 17], i32, strides [17, 1]>
    %1 = loop.load %j[#loop.index<"i1">] : !loop.buffer<[17], i32, strides [1]>
    %c4 = arith.constant 4 : i32
    %c1 = arith.constant 1 : i32
    %2 = arith.subi %0, %c4 : i32
    %3 = arith.addi %1, %c1 : i32
    %4 = loop.floordiv %2, %3 : i32
    loop.yield %4 : i32
  } : !loop.buffer<[3, 17], i32, strides [17, 1]>
  %p1 = loop.pointwise ranges [3, 17] {
    %0 = loop.load %i[#loop.index<"17*i0 + i1">] : !loop.buffer<[3, 17], i32, strides [17, 1]>
    %1 = loop.load %j[#loop.index<"i1">] : !loop.buffer<[17], i32, strides [1]>
    %c4 = arith.constant 4 : i32
    %c1 = arith.constant 1 : i32
    %2 = arith.subi %0, %c4 : i32
    %3 = arith.addi %1, %c1 : i32
    %4 = loop.remainder %2, %3 : i32
    loop.yield %4 : i32
  } : !loop.buffer<[3, 17], i32, strides [17, 1]>
  %p2 = loop.pointwise ranges [3, 17] {
    %0 = loop.load %i[#loop.index<"17*i0 + i1">] : !loop.buffer<[3, 17], i32, strides [17, 1]>
    %1 = loop.load %j[#loop.index<"i1">] : !loop.buffer<[17], i32, strides [1]>
    %c4 = arith.constant 4 : i32
    %c1 = arith.constant 1 : i32
    %2 = arith.subi %0, %c4 : i32
    %3 = arith.addi %1, %c1 : i32
    %4 = arith.divsi %2, %3 : i32
    loop.yield %4 : i32
  } : !loop.buffer<[3, 17], i32, strides [17, 1]>
  %p3 = loop.pointwise ranges [3, 17] {
    %0 = loop.load %i[#loop.index<"17*i0 + i1">] : !loop.buffer<[3, 17], i32, strides [17, 1]>
    %1 = loop.load %j[#loop.index<"i1">] : !loop.buffer<[17], i32, strides [1]>
    %c4 = arith.constant 4 : i32
    %c1 = arith.constant 1 : i32
    %2 = arith.subi %0, %c4 : i32
    %3 = arith.addi %1, %c1 : i32
    %4 = arith.remsi %2, %3 : i32
    loop.yield %4 : i32
  } : !loop.buffer<[3, 17], i32, strides [17, 1]>
  %p4 = loop.pointwise ranges [3, 17] {
    %0 = loop.load %i[#loop.index<"17*i0 + i1">] : !loop.buffer<[3, 17], i32, strides [17, 1]>
    %1 = loop.cast %0 : i32 to i1
    loop.yield %1 : i1
  } : !loop.buffer<[3, 17], i1, strides [17, 1]>
  kernel.yield %p0, %p1, %p2, %p3, %p4 : !loop.buffer<[3, 17], i32, strides [17, 1]>, !loop.buffer<[3, 17], i32, strides [17, 1]>, !loop.buffer<[3, 17], i32, strides [17, 1]>, !loop.buffer<[3, 17], i32, strides [17, 1]>, !loop.buffer<[3, 17], i1, strides [17, 1]>
}
func.func @forward(%a: !loop.buffer<[3, 17], f32, strides [17, 1]>, %b: !loop.buffer<[17], f32, strides [1]>, %i: !loop.buffer<[3, 17], i32, strides [17, 1]>, %j: !loop.buffer<[17], i32, strides [1]>) -> (!loop.buffer<[3, 17], f32, strides [17, 1]>, !loop.buffer<[3, 17], f32, strides [17, 1]>, !loop.buffer<[3, 17], f32, strides [17, 1]>, !loop.buffer<[3, 17], i1, strides [17, 1]>, !loop.buffer<[3, 17], i64, strides [17, 1]>, !loop.buffer<[3, 17], f16, strides [17, 1]>, !loop.buffer<[3, 17], i32, strides [17, 1]>, !loop.buffer<[3, 17], i32, strides [17, 1]>, !loop.buffer<[3, 17], i32, strides [17, 1]>, !loop.buffer<[3, 17], i32, strides [17, 1]>, !loop.buffer<[3, 17], i1, strides [17, 1]>) {
  %b0 = kernel.alloc : !loop.buffer<[3, 17], f32, strides [17, 1]>
  %b1 = kernel.alloc : !loop.buffer<[3, 17], f32, strides [17, 1]>
  %b2 = kernel.alloc : !loop.buffer<[3, 17], f32, strides [17, 1]>
  %b3 = kernel.alloc : !loop.buffer<[3, 17], i1, strides [17, 1]>
  %b4 = kernel.alloc : !loop.buffer<[3, 17], i64, strides [17, 1]>
  %b5 = kernel.alloc : !loop.buffer<[3, 17], f16, strides [17, 1]>
  kernel.launch @fused_0(%a, %b) outs(%b0, %b1, %b2, %b3, %b4, %b5) : (!loop.buffer<[3, 17], f32, strides [17, 1]>, !loop.buffer<[17], f32, strides [1]>) -> (!loop.buffer<[3, 17], f32, strides [17, 1]>, !loop.buffer<[3, 17], f32, strides [17, 1]>, !loop.buffer<[3, 17], f32, strides [17, 1]>, !loop.buffer<[3, 17], i1, strides [17, 1]>, !loop.buffer<[3, 17], i64, strides [17, 1]>, !loop.buffer<[3, 17], f16, strides [17, 1]>)
  %b6 = kernel.alloc : !loop.buffer<[3, 17], i32, strides [17, 1]>
  %b7 = kernel.alloc : !loop.buffer<[3, 17], i32, strides [17, 1]>
  %b8 = kernel.alloc : !loop.buffer<[3, 17], i32, strides [17, 1]>
  %b9 = kernel.alloc : !loop.buffer<[3, 17], i32, strides [17, 1]>
  %b10 = kernel.alloc : !loop.buffer<[3, 17], i1, strides [17, 1]>
  kernel.launch @fused_1(%i, %j) outs(%b6, %b7, %b8, %b9, %b10) : (!loop.buffer<[3, 17], i32, strides [17, 1]>, !loop.buffer<[17], i32, strides [1]>) -> (!loop.buffer<[3, 17], i32, strides [17, 1]>, !loop.buffer<[3, 17], i32, strides [17, 1]>, !loop.buffer<[3, 17], i32, strides [17, 1]>, !loop.buffer<[3, 17], i32, strides [17, 1]>, !loop.buffer<[3, 17], i1, strides [17, 1]>)
  func.return %b0, %b1, %b2, %b3, %b4, %b5, %b6, %b7, %b8, %b9, %b10 : !loop.buffer<[3, 17], f32, strides [17, 1]>, !loop.buffer<[3, 17], f32, strides [17, 1]>, !loop.buffer<[3, 17], f32, strides [17, 1]>, !loop.buffer<[3, 17], i1, strides [17, 1]>, !loop.buffer<[3, 17], i64, strides [17, 1]>, !loop.buffer<[3, 17], f16, strides [17, 1]>, !loop.buffer<[3, 17], i32, strides [17, 1]>, !loop.buffer<[3, 17], i32, strides [17, 1]>, !loop.buffer<[3, 17], i32, strides [17, 1]>, !loop.buffer<[3, 17], i32, strides [17, 1]>, !loop.buffer<[3, 17], i1, strides [17, 1]>
}
