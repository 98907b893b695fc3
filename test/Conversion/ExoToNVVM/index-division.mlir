// RUN: exo-gpu-opt %s -exo-lower-to-nvvm | FileCheck %s
// RUN: exo-gpu-opt %s -exo-to-ptx | exo-gpu-translate --exo-extract-ptx | FileCheck %s --check-prefix=PTX
// RUN: %if ptxas %{ exo-gpu-opt %s -exo-to-ptx | exo-gpu-translate --exo-extract-ptx > %t.ptx && ptxas -arch=sm_90a %t.ptx -o %t.cubin %}

// Index divisions in a kernel: the task indices of a two-level task nest
// with run-time trip counts, and divisions in the body. A division by a
// run-time value is LLVM's, its result held where it is computed by a
// volatile move; a division by a constant is LLVM's alone
// (strength-reduced); the outermost task index divides nothing. Where a
// thread has fewer than 128 registers, the task indices are PTX rem.u64 and
// div.u64 instructions instead.
// out[r, c] = r / c + r % 8 over the R x C tasks, one thread each.
!o = !exo.tensor<[R, C], i32, gmem>
exo.proc @divisions(%R: index, %C: index, %out: !o) {
  %c8 = arith.constant 8 : index
  exo.device_function(blockDim = 32, clusterDim = 1) {
    exo.for %r = 0 to %R cuda_tasks {
      exo.for %c = 0 to %C cuda_tasks {
        exo.warps 0 to 1 {
          exo.for %i = 0 to 1 cuda_threads<thread> {
            %c1 = arith.addi %c, %i : index
            %q = arith.divui %r, %c1 : index
            %m = arith.remui %r, %c8 : index
            %s = arith.addi %q, %m : index
            %v = arith.index_cast %s : index to i32
            exo.assign %out[%r, %c] = %v : !o
          }
        }
      }
    }
  }
}

// The same nest where a thread has 32 registers (256 threads, 8 CTAs an
// SM): each task index is a rem.u64 instruction and the rest a div.u64,
// opaque to ptxas.
exo.proc @divisions_tight(%R: index, %C: index, %out: !o) {
  exo.device_function(blockDim = 256, clusterDim = 1, blocksPerSM = 8) {
    exo.for %r = 0 to %R cuda_tasks {
      exo.for %c = 0 to %C cuda_tasks {
        exo.warps 0 to 1 {
          exo.for %i = 0 to 1 cuda_threads<thread> {
            %s = arith.addi %r, %c : index
            %v = arith.index_cast %s : index to i32
            exo.assign %out[%r, %c] = %v : !o
          }
        }
      }
    }
  }
}

// CHECK-LABEL: llvm.func @divisions(
// CHECK: scf.for %[[TASK:.*]] = %{{.*}} to %{{.*}} step %{{.*}} : i64 {
// The inner task index and the rest: the counter's remainder and quotient by
// C's trip count, each held by a volatile move.
// CHECK-NEXT: %[[REM:.*]] = arith.remui %[[TASK]], %[[TRIPC:.*]] : i64
// CHECK-NEXT: %[[CI:.*]] = llvm.inline_asm has_side_effects asm_dialect = att "mov.b64 $0, $1;", "=l,l" %[[REM]] : (i64) -> i64
// CHECK-NEXT: %[[QUO:.*]] = arith.divui %[[TASK]], %[[TRIPC]] : i64
// CHECK-NEXT: %[[REST:.*]] = llvm.inline_asm has_side_effects asm_dialect = att "mov.b64 $0, $1;", "=l,l" %[[QUO]] : (i64) -> i64
// CHECK-NEXT: arith.addi %{{.*}}, %[[CI]] : i64
// The outer index is the rest, undivided.
// CHECK-NEXT: arith.addi %{{.*}}, %[[REST]] : i64
// CHECK-NOT: arith.divui %[[REST]]
// CHECK-NOT: arith.remui %[[REST]]
// The body's division by c + i (run-time): held by a volatile move; by 8:
// the arith op alone.
// CHECK: %[[Q:.*]] = arith.divui %{{.*}}, %{{.*}} : i64
// CHECK-NEXT: llvm.inline_asm has_side_effects asm_dialect = att "mov.b64 $0, $1;", "=l,l" %[[Q]] : (i64) -> i64
// CHECK-NEXT: %[[M:.*]] = arith.remui %{{.*}}, %c8_i64 : i64
// CHECK-NEXT: arith.addi %{{.*}}, %[[M]] : i64
// CHECK: llvm.store

// CHECK-LABEL: llvm.func @divisions_tight(
// CHECK: scf.for %[[TASK2:.*]] = %{{.*}} to %{{.*}} step %{{.*}} : i64 {
// CHECK-NEXT: %[[CI2:.*]] = llvm.inline_asm asm_dialect = att "rem.u64 $0, $1, $2;", "=l,l,l" %[[TASK2]], %[[TRIPC2:.*]] : (i64, i64) -> i64
// CHECK-NEXT: %[[REST2:.*]] = llvm.inline_asm asm_dialect = att "div.u64 $0, $1, $2;", "=l,l,l" %[[TASK2]], %[[TRIPC2]] : (i64, i64) -> i64
// CHECK-NEXT: arith.addi %{{.*}}, %[[CI2]] : i64
// CHECK-NEXT: %[[RI2:.*]] = llvm.inline_asm asm_dialect = att "rem.u64 $0, $1, $2;", "=l,l,l" %[[REST2]], %{{.*}} : (i64, i64) -> i64
// CHECK-NEXT: arith.addi %{{.*}}, %[[RI2]] : i64

// No div/rem PTX instruction of the lowering's own is left to ptxas: LLVM
// divides, with its 32-bit fast path (div.u32) beside the 64-bit division.
// PTX-LABEL: .entry divisions(
// PTX-DAG: div.u32
// PTX-DAG: div.u64
// PTX-DAG: mov.b64 %rd{{[0-9]+}}, %rd{{[0-9]+}};
// PTX: ret;
// PTX-LABEL: .entry divisions_tight(
// PTX: rem.u64 %rd{{[0-9]+}}, %rd{{[0-9]+}}, %rd{{[0-9]+}};
// PTX: ret;
