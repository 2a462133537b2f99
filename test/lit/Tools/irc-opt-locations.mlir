// Parse and verifier errors name the file, line and column, and show the op (or the source line) underlined.
// RUN: not irc-opt %S/Inputs/located-aten-verify.mlir 2>&1 | filecheck %s --check-prefix=ATEN-VERIFY
// RUN: not irc-opt %S/Inputs/located-aten-parse.mlir 2>&1 | filecheck %s --check-prefix=ATEN-PARSE
// RUN: not irc-opt %S/Inputs/located-loop-verify.mlir 2>&1 | filecheck %s --check-prefix=LOOP-VERIFY
// RUN: not irc-opt %S/Inputs/located-loop-parse.mlir 2>&1 | filecheck %s --check-prefix=LOOP-PARSE
// RUN: not irc-opt %S/Inputs/located-kernel-verify.mlir 2>&1 | filecheck %s --check-prefix=KERNEL-VERIFY
// RUN: not irc-opt %S/Inputs/located-kernel-parse.mlir 2>&1 | filecheck %s --check-prefix=KERNEL-PARSE
// RUN: not irc-opt %S/Inputs/located-triton-verify.mlir 2>&1 | filecheck %s --check-prefix=TRITON-VERIFY
// RUN: not irc-opt %S/Inputs/located-triton-parse.mlir 2>&1 | filecheck %s --check-prefix=TRITON-PARSE
// A use before the definition names the using op:
// RUN: not irc-opt %S/Inputs/located-use-before-definition.mlir 2>&1 | filecheck %s --check-prefix=USE
// A type that fails its verifier while an op is parsed, on stdin:
// RUN: not irc-opt < %S/Inputs/located-triton-type.mlir 2>&1 | filecheck %s --check-prefix=TYPE
// Lines of a --split-input-file chunk count from the start of the file:
// RUN: not irc-opt %s --split-input-file 2>&1 | filecheck %s --check-prefix=SPLIT
// The parsed ops carry their locations (--print-debuginfo prints them):
// RUN: irc-opt %S/Inputs/located-aten-verify.mlir --print-debuginfo --disable-verify | filecheck %s --check-prefix=DEBUGINFO

// ATEN-VERIFY-NOT:  Traceback
// ATEN-VERIFY:      {{.*}}located-aten-verify.mlir:2:3: error: 'aten.neg' op result shape [9, 3] does not match the operand shape [3, 9]
// ATEN-VERIFY-NEXT: {{^}}  %0 = aten.neg %x : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[9, 3], f32>
// ATEN-VERIFY-NEXT: {{^}}  ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^{{$}}

// ATEN-PARSE:      {{.*}}located-aten-parse.mlir:2:20: error: expected a number after '-'
// ATEN-PARSE-NEXT: {{^}}    %0 = aten.full - : () -> !aten.tensor<[3], f32>
// ATEN-PARSE-NEXT: {{^}}                     ^{{$}}

// LOOP-VERIFY:      {{.*}}located-loop-verify.mlir:3:5: error: 'loop.load' op loop.load index uses index variable 'r0', but the enclosing loop.pointwise defines only [i0]
// LOOP-VERIFY-NEXT: %v = loop.load %x[#loop.index<"i0 + r0">]

// LOOP-PARSE:      {{.*}}located-loop-parse.mlir:3:42: error: expected a !loop.buffer type, got f32
// LOOP-PARSE-NEXT: %v = loop.load %x[#loop.index<"i0">] : f32
// LOOP-PARSE-NEXT: {{^}}                                           ^^^{{$}}

// KERNEL-VERIFY:      {{.*}}located-kernel-verify.mlir:3:1: error: 'kernel.kernel' op kernel numel must be non-negative, got -3
// KERNEL-VERIFY-NEXT: kernel.kernel @k(

// KERNEL-PARSE:      {{.*}}located-kernel-parse.mlir:1:99: error: unknown tiling config entry 'zblock'

// TRITON-VERIFY:      {{.*}}located-triton-verify.mlir:2:1: error: 'triton.arange' op triton.arange result length must be 8, got 16
// TRITON-VERIFY-NEXT: %s = triton.arange 4, 12 : !triton.block<[16], i32>

// TRITON-PARSE:      {{.*}}located-triton-parse.mlir:2:22: error: expected an integer literal for element type i32, got 1.5

// TYPE:      stdin:2:3: error: block dims must be positive powers of two, got 3
// TYPE-NEXT: %x = "test.op"() : () -> !triton.block<[3], f32>

// USE:      {{.*}}located-use-before-definition.mlir:2:3: error: 'aten.neg' op aten.neg uses as operand 0 a value
// USE-NEXT: %0 = aten.neg %1

// DEBUGINFO: aten.neg {{.*}} loc("{{.*}}located-aten-verify.mlir":2:3)

%x = "test.op"() : () -> !aten.tensor<[3], f32>

// -----

%x = "test.op"() : () -> !aten.tensor<[3], f32>
%0 = aten.neg %x : (!aten.tensor<[3], f32>) -> !aten.tensor<[4], f32>

// SPLIT: irc-opt-locations.mlir:[[# @LINE - 2]]:1: error: 'aten.neg' op result shape [4] does not match the operand shape [3]
