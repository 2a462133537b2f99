// Malformed input ends in a diagnostic and a nonzero exit, never a Python traceback.
// RUN: not irc-opt %s --split-input-file 2>&1 | filecheck %s
// RUN: not irc-opt %s -p 'no-such-pass' 2>&1 | filecheck %s --check-prefix=PASS
// RUN: not irc-opt %s -p 'cse{x=1,y=2}' 2>&1 | filecheck %s --check-prefix=SPEC
// CHECK-NOT: Traceback
// CHECK: irc-opt-errors.mlir:[[# @LINE + 6]]:23: error: Operation aten.no_such_op is not registered
// PASS-NOT: Traceback
// PASS: irc-opt: error:
// SPEC-NOT: Traceback
// SPEC: irc-opt: error:

%0 = "aten.no_such_op"() : () -> i32
