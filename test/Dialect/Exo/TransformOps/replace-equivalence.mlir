// replace keeps the sequential meaning: a 4 x 8 update (with a leading
// extent-1 window dimension and a point dimension of y) becomes a call of an
// instruction whose body is that update; on random inputs the result is
// the untouched copy's.
// RUN: exo-gpu-opt %s -transform-interpreter -o %t.mlir
// RUN: exo-gpu-run %t.mlir --entry=ref --compare=sched --size=M=8,N=9 | FileCheck %s
// RUN: exo-gpu-run %t.mlir --entry=ref --compare=sched --size=M=12,N=8 --seed=4 | FileCheck %s
// CHECK: EQUIVALENT @ref @sched
// RUN: FileCheck %s --check-prefix=IR < %t.mlir
// IR-LABEL: exo.proc @sched(
// IR: %[[Y:.*]] = exo.window %y[1 :+ 1, %{{.*}} :+ 4, 0 :+ 8] : !exo.tensor<[2, M, N], f32, dram> -> !exo.window<[1, 4, 8], f32, dram>
// IR: %[[X:.*]] = exo.window %x[%{{.*}} :+ 4, 0 :+ 8]
// IR: exo.call @axpy_4x8(%[[Y]], %[[X]])

!T = !exo.tensor<[M, N], f32, dram>
!W = !exo.window<[1, 4, 8], f32, dram>
!S = !exo.window<[4, 8], f32, dram>
// An "instruction" with a leading extent-1 dimension: acc[0, i, j] += 2 * src[i, j].
exo.proc @axpy_4x8(
    %acc: !W {exo.access = #exo.access<read_write>},
    %src: !S {exo.access = #exo.access<read>})
    instr<unit = thread, timeline = cuda_in_order, lowering = "none"> {
  %two = arith.constant 2.0 : f32
  exo.for %i = 0 to 4 seq {
    exo.for %j = 0 to 8 seq {
      %v = exo.read %src[%i, %j] : !S
      %p = arith.mulf %two, %v : f32
      exo.reduce %acc[0, %i, %j] += %p : !W
    }
  }
}
!Y = !exo.tensor<[2, M, N], f32, dram>
exo.proc @ref(%M: index, %N: index, %x: !T, %y: !Y)
    requires affine_set<()[M, N] : (M mod 4 == 0, N - 8 >= 0)> {
  %c4 = arith.constant 4 : index
  %M4 = arith.divui %M, %c4 : index
  %two = arith.constant 2.0 : f32
  exo.for %io = 0 to %M4 seq {
    exo.for %ii = 0 to 4 seq {
      exo.for %j = 0 to 8 seq {
        %r0 = arith.muli %io, %c4 : index
        %r = arith.addi %r0, %ii : index
        %v = exo.read %x[%r, %j] : !T
        %p = arith.mulf %two, %v : f32
        exo.reduce %y[1, %r, %j] += %p : !Y
      }
    }
  }
}
exo.proc @sched(%M: index, %N: index, %x: !T, %y: !Y)
    requires affine_set<()[M, N] : (M mod 4 == 0, N - 8 >= 0)> {
  %c4 = arith.constant 4 : index
  %M4 = arith.divui %M, %c4 : index
  %two = arith.constant 2.0 : f32
  exo.for %io = 0 to %M4 seq {
    exo.for %ii = 0 to 4 seq {
      exo.for %j = 0 to 8 seq {
        %r0 = arith.muli %io, %c4 : index
        %r = arith.addi %r0, %ii : index
        %v = exo.read %x[%r, %j] : !T
        %p = arith.mulf %two, %v : f32
        exo.reduce %y[1, %r, %j] += %p : !Y
      }
    }
  }
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %p = transform.exo.match_proc @sched in %root : (!transform.any_op) -> !transform.any_op
    %ii = transform.exo.match_loop "ii" in %p : (!transform.any_op) -> !transform.any_op
    %c = transform.exo.replace %ii with @axpy_4x8 : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}
