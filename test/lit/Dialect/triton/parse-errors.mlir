// RUN: irc-opt %s --split-input-file --parsing-diagnostics | filecheck %s
// Errors the triton.constant parser reports: the literal must suit the result's element type.

%c = triton.constant 1.5 : !triton.block<[4], i32>

// CHECK: expected an integer literal for element type i32, got 1.5

// -----

%c = triton.constant 300 : ui8

// CHECK: invalid constant for ui8: Integer value 300 is out of range for type ui8
