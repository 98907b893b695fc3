// exo-gpu-run (the specification oracle of --compare) checks every access
// and window against its buffer: a program that reaches past a tensor is
// refused with the first statement that did, and the stray accesses are
// skipped, never run on corrupted memory.
// RUN: not exo-gpu-run %s --entry=o 2>&1 | FileCheck %s --check-prefix=LOOP
// RUN: not exo-gpu-run %s --entry=plus_one --size=N=4 2>&1 | FileCheck %s --check-prefix=PLUS
// RUN: not exo-gpu-run %s --entry=windows 2>&1 | FileCheck %s --check-prefix=WINDOW
// RUN: not exo-gpu-run %s --entry=binds 2>&1 | FileCheck %s --check-prefix=BINDS
// RUN: exo-gpu-run %s --entry=plus_one_ok --size=N=4 --print | FileCheck %s --check-prefix=OK
// RUN: exo-gpu-opt %s -exo-lower-to-cpu=check-bounds=true | FileCheck %s --check-prefix=IR
// LOOP: error: @o accessed outside a tensor 4 time(s) at these sizes (those accesses were skipped), first at {{.*}}run-out-of-bounds.mlir:30:5
// PLUS: error: @plus_one accessed outside a tensor 1 time(s) at these sizes (those accesses were skipped), first at {{.*}}run-out-of-bounds.mlir:40:5
// WINDOW: error: @windows accessed outside a tensor 3 time(s) at these sizes (those accesses were skipped), first at {{.*}}run-out-of-bounds.mlir:70:10
// BINDS: error: @binds accessed outside a tensor 99996 time(s) at these sizes (those accesses were skipped), first at {{.*}}run-out-of-bounds.mlir:54:5
// OK: x [4] = 1 1 1 1
// IR-LABEL: func.func @o(
// IR: scf.if
// IR: memref.store
// IR: } else {
// IR: func.call @exo_runner_out_of_bounds(%{{.*}}) : (i64) -> ()
// IR: func.func private @exo_runner_out_of_bounds(i64)
!T4 = !exo.tensor<[4], f32, dram>
!TN = !exo.tensor<[N], f32, dram>
!W2 = !exo.window<[2], f32, dram>

// A loop past the end of a 4-element tensor.
exo.proc @o(%x: !T4) {
  %one = arith.constant 1.0 : f32
  exo.for %i = 0 to 8 seq {
    exo.assign %x[%i] = %one : !T4
  }
}

// One past the end.
exo.proc @plus_one(%N: index, %x: !TN) {
  %one = arith.constant 1.0 : f32
  %c1 = arith.constant 1 : index
  %n1 = arith.addi %N, %c1 : index
  exo.for %i = 0 to %n1 seq {
    exo.assign %x[%i] = %one : !TN
  }
}
exo.proc @plus_one_ok(%N: index, %x: !TN) {
  %one = arith.constant 1.0 : f32
  exo.for %i = 0 to %N seq {
    exo.assign %x[%i] = %one : !TN
  }
}

// A proc that binds its size N = 100000 to a 4-element tensor.
exo.proc @fill(%N: index, %x: !TN) {
  %one = arith.constant 1.0 : f32
  exo.for %i = 0 to %N seq {
    exo.assign %x[%i] = %one : !TN
  }
}
exo.proc @binds(%x: !T4) {
  %big = arith.constant 100000 : index
  exo.call @fill(%big, %x) : (index, !T4)
}

// Windows of two elements starting at 0..7 of a 4-element tensor.
exo.proc @two(%w: !W2) {
  %one = arith.constant 1.0 : f32
  %c0 = arith.constant 0 : index
  exo.assign %w[%c0] = %one : !W2
}
exo.proc @windows(%x: !T4) {
  exo.for %j = 0 to 6 seq {
    %w = exo.window %x[%j :+ 2] : !T4 -> !W2
    exo.call @two(%w) : (!W2)
  }
}
