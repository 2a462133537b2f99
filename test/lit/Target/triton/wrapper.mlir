// Target options and degenerate modules: `triton{wrapper=false}` prints only the kernels; a module whose host
// program has only externs (no kernels) prints fine (with an alloc on an explicit device), and so does one with no host function. The module of
// externs parses as Python. Without convert-kernel-to-triton, the target reports the launch it cannot print.
// RUN: irc-opt %s --split-input-file -p convert-kernel-to-triton,cse,dce -t 'triton{wrapper=false}' | filecheck %s --check-prefix=KERNELS
// RUN: irc-opt %s --split-input-file -p convert-kernel-to-triton,cse,dce -t triton | filecheck %s
// RUN: not irc-opt %s --split-input-file -t triton 2>&1 | filecheck %s --check-prefix=ERR
// RUN: irc-opt %s --split-input-file -p convert-kernel-to-triton -t triton | %python -c "import ast, re, sys; [ast.parse(c) for c in re.split('// -{5}', sys.stdin.read())]"

// ERR: triton target: kernel.launch of @fused_neg_0, which is not a triton.func (run convert-kernel-to-triton)

// KERNELS:      KERNELS = ['triton_poi_fused_neg_0']
// KERNELS:      def triton_poi_fused_neg_0(in_ptr0, out_ptr0, XBLOCK: tl.constexpr):
// KERNELS-NOT:  def call(args):
// KERNELS:      {{[/][/]}} -----
// KERNELS:      KERNELS = []
// KERNELS-NEXT: FALLBACKS = ['aten::mm.default']
// KERNELS-NOT:  {{^def }}

// CHECK:      def triton_poi_fused_neg_0(in_ptr0, out_ptr0, XBLOCK: tl.constexpr):
// CHECK:          tmp1 = -tmp0
// CHECK:      def call(args):
// CHECK:          _spec = (arg0_1.get_device(), (arg0_1.data_ptr()) % 16 == 0 or _alignments(arg0_1))
// CHECK:          (_launch_0.get(((1,), _spec)) or _launch_0.first(((1,), _spec), lambda: ({'XBLOCK': 16, 'num_warps': 4}, [])))([arg0_1, buf0])
// CHECK:      {{[/][/]}} -----
// CHECK:      KERNELS = []
// CHECK-NEXT: FALLBACKS = ['aten::mm.default']
// CHECK:      def call(args):
// CHECK-NEXT:     arg0_1, arg1_1 = args
// CHECK-NEXT:     args.clear()
// CHECK-NEXT:     try:
// CHECK-NEXT:         _assert_size_stride(arg0_1, (2, 3), (3, 1))
// CHECK-NEXT:         _assert_size_stride(arg1_1, (3, 4), (4, 1))
// CHECK-NEXT:         if (arg0_1.dtype is not torch.float32
// CHECK-NEXT:             or arg1_1.dtype is not torch.float32):
// CHECK-NEXT:             raise AssertionError
// CHECK-NEXT:     except AssertionError:
// CHECK-NEXT:         _check_input(arg0_1, 0, (2, 3), (3, 1), torch.float32)
// CHECK-NEXT:         _check_input(arg1_1, 1, (3, 4), (4, 1), torch.float32)
// CHECK-NEXT:         raise
// CHECK-NEXT:     buf0 = torch.mm(arg0_1, arg1_1)
// CHECK-NEXT:     if not _guards[0](buf0):
// CHECK-NEXT:         try:
// CHECK-NEXT:             _assert_size_stride(buf0, (2, 4), (4, 1))
// CHECK-NEXT:             if buf0.dtype is not torch.float32:
// CHECK-NEXT:                 raise AssertionError
// CHECK-NEXT:             _guards.passed(0, buf0)
// CHECK-NEXT:         except (AssertionError, TypeError):  # TypeError: an undefined (None) result
// CHECK-NEXT:             buf0 = _extern_result(buf0, (2, 4), (4, 1), torch.float32)
// CHECK-NEXT:     buf1 = torch.empty_strided((2, 4), (4, 1), dtype=torch.float32, device='cuda')
// CHECK-NEXT:     return (buf0,)
// CHECK:      {{[/][/]}} -----
// CHECK:      KERNELS = []
// CHECK-NOT:  def call

kernel.kernel @fused_neg_0(%arg0: !loop.buffer<[10], f32, strides [1]>) -> (!loop.buffer<[10], f32, strides [1]>) pointwise numel 10 rnumel 1 {xblock = 16, num_warps = 4} {
  %0 = loop.pointwise ranges [10] {
    %1 = loop.load %arg0[#loop.index<"i0">] : !loop.buffer<[10], f32, strides [1]>
    %2 = arith.negf %1 : f32
    loop.yield %2 : f32
  } : !loop.buffer<[10], f32, strides [1]>
  kernel.yield %0 : !loop.buffer<[10], f32, strides [1]>
}
func.func @forward(%x: !loop.buffer<[10], f32, strides [1]>) -> !loop.buffer<[10], f32, strides [1]> {
  %0 = kernel.alloc : !loop.buffer<[10], f32, strides [1]>
  kernel.launch @fused_neg_0(%x) outs(%0) : (!loop.buffer<[10], f32, strides [1]>) -> (!loop.buffer<[10], f32, strides [1]>)
  func.return %0 : !loop.buffer<[10], f32, strides [1]>
}

// -----

func.func @forward(%a: !loop.buffer<[2, 3], f32, strides [3, 1]>, %b: !loop.buffer<[3, 4], f32, strides [4, 1]>) -> !loop.buffer<[2, 4], f32, strides [4, 1]> {
  %0 = kernel.extern "aten::mm.default"(%a, %b) {args = [#kernel.operand<0>, #kernel.operand<1>]} : (!loop.buffer<[2, 3], f32, strides [3, 1]>, !loop.buffer<[3, 4], f32, strides [4, 1]>) -> (!loop.buffer<[2, 4], f32, strides [4, 1]>)
  %1 = kernel.alloc device "cuda" : !loop.buffer<[2, 4], f32, strides [4, 1]>
  func.return %0 : !loop.buffer<[2, 4], f32, strides [4, 1]>
}

// -----

"test.op"() : () -> ()
