// RUN: irc-opt %s -p cse,dce --print-ir-after-all 2>&1 >/dev/null | filecheck %s
// CHECK: // -----// IR Dump After cse //----- //
// CHECK: // -----// IR Dump After dce //----- //

func.func @f(%x: i32) -> i32 {
  %0 = arith.addi %x, %x : i32
  %1 = arith.addi %x, %x : i32
  func.return %0 : i32
}
