// Values of element types only externs compute on (complex, uint16/32/64) pass between externs as buffers;
// an op run for its effect (with_effects: linalg's error checks) is an extern with no results, in graph order.
// RUN: irc-opt %s -p convert-aten-to-loop | filecheck %s
// RUN: irc-opt %s -p 'convert-aten-to-loop,loop-inline,cse,dce,kernel-fuse,kernel-tile,kernel-plan-memory,convert-kernel-to-triton,cse,dce' -t triton | filecheck %s --check-prefix=PY

func.func @fft_then_kernel(%x: !aten.tensor<[8], f32, strides [1]>) -> (!aten.tensor<[5], complex<f32>, strides [1]>, !aten.tensor<[5], f32>) {
  %0 = aten.fallback "aten::_fft_r2c.default"(%x) {args = [#aten.operand<0>, [0 : i64], 0 : i64, true]} : (!aten.tensor<[8], f32, strides [1]>) -> !aten.tensor<[5], complex<f32>, strides [1]>
  %1 = aten.fallback "aten::abs.default"(%0) {args = [#aten.operand<0>]} : (!aten.tensor<[5], complex<f32>, strides [1]>) -> !aten.tensor<[5], f32, strides [1]>
  %2 = aten.exp %1 : (!aten.tensor<[5], f32, strides [1]>) -> !aten.tensor<[5], f32>
  aten.fallback "aten::_linalg_check_errors.default"(%x) {args = [#aten.operand<0>, "f", true]} : (!aten.tensor<[8], f32, strides [1]>) -> ()
  %3 = aten.fallback "aten::_to_copy.default"(%1) {args = [#aten.operand<0>], kwargs = {dtype = ui64}} : (!aten.tensor<[5], f32, strides [1]>) -> !aten.tensor<[5], ui64, strides [1]>
  func.return %0, %2 : !aten.tensor<[5], complex<f32>, strides [1]>, !aten.tensor<[5], f32>
}

// CHECK-LABEL: func.func @fft_then_kernel
// CHECK-NEXT:    %0 = kernel.extern "aten::_fft_r2c.default"(%x) {{.*}} -> (!loop.buffer<[5], complex<f32>, strides [1]>)
// CHECK-NEXT:    %1 = kernel.extern "aten::abs.default"(%0) {{.*}} : (!loop.buffer<[5], complex<f32>, strides [1]>) -> (!loop.buffer<[5], f32, strides [1]>)
// CHECK-NEXT:    %2 = loop.pointwise ranges [5] {
// CHECK:         kernel.extern "aten::_linalg_check_errors.default"(%x) {{.*}} : (!loop.buffer<[8], f32, strides [1]>) -> ()
// CHECK-NEXT:    %{{.*}} = kernel.extern "aten::_to_copy.default"(%1) {{.*}}dtype = ui64{{.*}} -> (!loop.buffer<[5], ui64, strides [1]>)

// PY:      _launch_0 = _Launcher(triton_poi_
// PY:      buf0 = _op_aten__fft_r2c_default(arg0_1, (0,), 0, True)
// PY:      buf0 = _extern_result(buf0, (5,), (1,), torch.complex64)
// PY-NEXT: buf1 = _op_aten_abs_default(buf0)
// PY:      _launch_0.first({{.*}}([buf1, buf2])
// PY-NEXT: _op_aten__linalg_check_errors_default(arg0_1, 'f', True)
// PY-NEXT: del arg0_1
// PY-NEXT: buf3 = _op_aten__to_copy_default(buf1, dtype=torch.uint64)
// PY:      buf3 = _extern_result(buf3, (5,), (1,), torch.uint64)
// PY:      return (buf0, buf2)
