// chain_rings and the synchronization checker, on the fuzzer's ring payload
// (tools/exo-gpu-fuzz/fuzz-transforms.cpp): a tile loop around a 2-slot ring
// filled by an asynchronous load, each slot released two K steps ahead.
//
// As written, every tile allocates its ring afresh, so the fence at the end
// of a tile must order the tile's last reads before the next allocation;
// without it the checker reports the reuse.
// RUN: exo-gpu-opt %s -exo-verify-collectives -exo-check-sync="T=3 KT=5" -o /dev/null
// RUN: grep -v 'exo.fence' %s | not exo-gpu-opt -exo-check-sync="T=3 KT=5" -o /dev/null 2>&1 | FileCheck %s --check-prefix=NO-FENCE
// NO-FENCE: error: free_missing_sync hazard: 'buf' reuses the shared memory of 'buf', but its read by task 0 thread 0 is not ordered before the allocation by task 0 threads 0-31 at t = 0, pi = 1
//
// Chained (@ring; @ring_ref is the same proc, left as written), the ring
// and its barriers live across the tiles and the phases run on: the result
// passes with the fence (the fuzzer asserts this) and, since nothing is
// reallocated any more, without it too (the first fence of the file is
// @ring's).
// RUN: exo-gpu-opt %s -transform-interpreter -o %t.chained.mlir
// RUN: FileCheck %s --check-prefix=CHAINED < %t.chained.mlir
// RUN: exo-gpu-opt %t.chained.mlir -exo-verify-collectives -exo-check-sync="T=3 KT=5" -o /dev/null
// RUN: exo-gpu-opt %t.chained.mlir -exo-check-sync="T=2 KT=8" -o /dev/null
// RUN: awk '/exo.fence/ { n++; if (n == 1) next } { print }' %t.chained.mlir | exo-gpu-opt -exo-check-sync="T=3 KT=5" -o /dev/null
// The sequential meaning is unchanged.
// RUN: exo-gpu-run %t.chained.mlir --entry=ring_ref --compare=ring --size=T=3,KT=5 --seed=3 | FileCheck %s --check-prefix=SAME
// SAME: EQUIVALENT @ring_ref @ring
//
// CHAINED-LABEL: exo.proc @ring(
// CHAINED: %full = exo.alloc : !exo.barrier<mbarrier, [? ring 2]>
// CHAINED: %empty = exo.alloc : !exo.barrier<mbarrier(prearrive 2), [? ring 2]>
// CHAINED: %buf = exo.alloc guarded_by %empty
// CHAINED: exo.for %pi = 0 to %T seq {
// CHAINED: exo.await(%empty[

!buf = !exo.tensor<[? ring 2, 4], f32, smem>
!slot = !exo.window<[4], f32, smem>
!src = !exo.window<[4], f32, gmem>
!x = !exo.tensor<[T, KT, 4], f32, gmem>
!y = !exo.tensor<[T, KT], f32, gmem>
!full = !exo.barrier<mbarrier, [? ring 2]>
!empty = !exo.barrier<mbarrier(prearrive 2), [? ring 2]>

exo.proc @load4(%dst: !slot {exo.access = #exo.access<write, out_of_order>},
                %src: !src {exo.access = #exo.access<read, out_of_order>})
    instr<unit = thread, timeline = tma_to_smem, lowering = "none", barrier = mbarrier> {
  exo.for %i = 0 to 4 seq {
    %v = exo.read %src[%i] : !src
    exo.assign %dst[%i] = %v : !slot
  }
}

exo.proc @ring(%T: index, %KT: index, %x: !x, %y: !y) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  exo.device_function(blockDim = 32, clusterDim = 1) {
    exo.for %t = 0 to 1 cuda_tasks {
      exo.for %pi = 0 to %T seq {
        %full = exo.alloc : !full
        %empty = exo.alloc : !empty
        %buf = exo.alloc guarded_by %empty : !buf, guard !empty
        exo.for %ko = 0 to %KT seq {
          exo.await(%empty[%ko], cuda_in_order, 0) : !empty
          exo.for %p = 0 to 1 cuda_threads<thread> {
            %w = exo.window %buf[%ko, 0 :+ 4] : !buf -> !slot
            %s = exo.window %x[%pi, %ko, 0 :+ 4] : !x -> !src
            exo.call @load4(%w, %s) >> %full[%ko] : (!slot, !src) >> !full
          }
          exo.arrive(cuda_temporal) >> %full[%ko] : !full
          exo.await(%full[%ko], cuda_generic_and_async_proxy, 0) : !full
          exo.for %q = 0 to 1 cuda_threads<thread> {
            %a = exo.read %buf[%ko, %c0] : !buf
            %b = exo.read %buf[%ko, %c3] : !buf
            %sum = arith.addf %a, %b : f32
            exo.assign %y[%pi, %ko] = %sum : !y
          }
          %r = arith.addi %ko, %c2 : index
          exo.arrive(cuda_in_order) >> %empty[%r] : !empty
        }
        exo.fence(cuda_in_order, cuda_in_order)
      }
    }
  }
}

exo.proc @ring_ref(%T: index, %KT: index, %x: !x, %y: !y) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  exo.device_function(blockDim = 32, clusterDim = 1) {
    exo.for %t = 0 to 1 cuda_tasks {
      exo.for %pi = 0 to %T seq {
        %full = exo.alloc : !full
        %empty = exo.alloc : !empty
        %buf = exo.alloc guarded_by %empty : !buf, guard !empty
        exo.for %ko = 0 to %KT seq {
          exo.await(%empty[%ko], cuda_in_order, 0) : !empty
          exo.for %p = 0 to 1 cuda_threads<thread> {
            %w = exo.window %buf[%ko, 0 :+ 4] : !buf -> !slot
            %s = exo.window %x[%pi, %ko, 0 :+ 4] : !x -> !src
            exo.call @load4(%w, %s) >> %full[%ko] : (!slot, !src) >> !full
          }
          exo.arrive(cuda_temporal) >> %full[%ko] : !full
          exo.await(%full[%ko], cuda_generic_and_async_proxy, 0) : !full
          exo.for %q = 0 to 1 cuda_threads<thread> {
            %a = exo.read %buf[%ko, %c0] : !buf
            %b = exo.read %buf[%ko, %c3] : !buf
            %sum = arith.addf %a, %b : f32
            exo.assign %y[%pi, %ko] = %sum : !y
          }
          %r = arith.addi %ko, %c2 : index
          exo.arrive(cuda_in_order) >> %empty[%r] : !empty
        }
        exo.fence(cuda_in_order, cuda_in_order)
      }
    }
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %p = transform.exo.match_proc @ring in %root : (!transform.any_op) -> !transform.any_op
    %pi = transform.exo.match_loop "pi" in %p : (!transform.any_op) -> !transform.any_op
    transform.exo.chain_rings %pi over "ko" : !transform.any_op
    transform.yield
  }
}
