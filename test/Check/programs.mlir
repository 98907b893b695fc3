// RUN: exo-gpu-opt %s -split-input-file -exo-verify-collectives -exo-check-sync="sizes=N=3" -verify-diagnostics

// A cp.async pipeline: each thread copies its element, commits, waits for
// its group and uses the data. Clean.
!Row = !exo.tensor<[N, 128], f32, gmem>
!Buf = !exo.tensor<[2, 128], f32, smem>
!One = !exo.window<[1], f32, smem>
!OneG = !exo.window<[1], f32, gmem>
!Cg = !exo.barrier<cp_async_group, [128]>

exo.proc @pipeline(%N: index, %x: !Row, %y: !Row) {
  %c2 = arith.constant 2 : index
  exo.device_function(blockDim = 128) {
    exo.for %task = 0 to 1 cuda_tasks {
      %buf = exo.alloc : !Buf
      %cg = exo.alloc : !Cg
      exo.for %i = 0 to %N seq {
        %slot = arith.remui %i, %c2 : index
        exo.for %t = 0 to 128 cuda_threads<thread> {
          %d = exo.window %buf[%slot, %t :+ 1] : !Buf -> !One
          %s = exo.window %x[%i, %t :+ 1] : !Row -> !OneG
          exo.call #exo.cp_async<bytes = 4, dtype = f32>(%d, %s) : (!One, !OneG)
          exo.arrive(cp_async) >> %cg[%t] : !Cg
          exo.await(%cg[%t], cuda_in_order, 0) : !Cg
          %v = exo.read %buf[%slot, %t] : !Buf
          exo.assign %y[%i, %t] = %v : !Row
        }
      }
    }
  }
}

// -----

// The same pipeline waits for all but the last group (N = 1): the data of
// the last copy is read before it has landed.
!Row = !exo.tensor<[N, 128], f32, gmem>
!Buf = !exo.tensor<[2, 128], f32, smem>
!One = !exo.window<[1], f32, smem>
!OneG = !exo.window<[1], f32, gmem>
!Cg = !exo.barrier<cp_async_group, [128]>

exo.proc @pipeline(%N: index, %x: !Row, %y: !Row) {
  %c2 = arith.constant 2 : index
  exo.device_function(blockDim = 128) {
    exo.for %task = 0 to 1 cuda_tasks {
      %buf = exo.alloc : !Buf
      %cg = exo.alloc : !Cg
      exo.for %i = 0 to %N seq {
        %slot = arith.remui %i, %c2 : index
        exo.for %t = 0 to 128 cuda_threads<thread> {
          %d = exo.window %buf[%slot, %t :+ 1] : !Buf -> !One
          %s = exo.window %x[%i, %t :+ 1] : !Row -> !OneG
          // expected-note @+1 {{the conflicting mutation (at task = 0, i = 0, t = 0)}}
          exo.call #exo.cp_async<bytes = 4, dtype = f32>(%d, %s) : (!One, !OneG)
          // expected-note @+1 {{the last synchronization that touched it}}
          exo.arrive(cp_async) >> %cg[%t] : !Cg
          exo.await(%cg[%t], cuda_in_order, 1) : !Cg
          // expected-error @+1 {{RAW hazard on 'buf'[0, 0]: read by task 0 thread 0 at task = 0, i = 0, t = 0}}
          %v = exo.read %buf[%slot, %t] : !Buf
          exo.assign %y[%i, %t] = %v : !Row
        }
      }
    }
  }
}

// -----

// Three warp groups in an mbarrier cycle (a -> b -> c -> a), each Arrive and
// its Await on different warps; "c" releases the slot for the next
// iteration (the ring of %ca starts pre-arrived). Clean.
!S = !exo.tensor<[32], f32, smem>
!Bar = !exo.barrier<mbarrier, [? ring 1]>
!BarPre = !exo.barrier<mbarrier(prearrive 1), [? ring 1]>

exo.proc @three_groups(%N: index, %y: !exo.tensor<[N, 32], f32, gmem>) {
  %one = arith.constant 1.0 : f32
  %c1 = arith.constant 1 : index
  exo.device_function(warps = [<"a", 1>, <"b", 1>, <"c", 1>]) {
    exo.for %task = 0 to 1 cuda_tasks {
      %slot = exo.alloc : !S
      %ab = exo.alloc : !Bar
      %bc = exo.alloc : !Bar
      %ca = exo.alloc : !BarPre
      exo.for %i = 0 to %N seq {
        exo.warps "a" {
          exo.await(%ca[%i], cuda_temporal, 0) : !BarPre
          exo.for %t = 0 to 32 cuda_threads<thread> {
            exo.assign %slot[%t] = %one : !S
          }
          exo.arrive(cuda_in_order) >> %ab[%i] : !Bar
        }
        exo.warps "b" {
          exo.await(%ab[%i], cuda_in_order, 0) : !Bar
          exo.for %t = 0 to 32 cuda_threads<thread> {
            %v = exo.read %slot[%t] : !S
            %w = arith.addf %v, %v : f32
            exo.assign %slot[%t] = %w : !S
          }
          exo.arrive(cuda_in_order) >> %bc[%i] : !Bar
        }
        exo.warps "c" {
          exo.await(%bc[%i], cuda_in_order, 0) : !Bar
          exo.for %t = 0 to 32 cuda_threads<thread> {
            %v = exo.read %slot[%t] : !S
            exo.assign %y[%i, %t] = %v : !exo.tensor<[N, 32], f32, gmem>
          }
          %next = arith.addi %i, %c1 : index
          exo.arrive(cuda_in_order) >> %ca[%next] : !BarPre
        }
      }
    }
  }
}

// -----

// "c" awaits the barrier "a" arrives on instead of the one "b" arrives on:
// it reads the slot while "b" may still be rewriting it.
!S = !exo.tensor<[32], f32, smem>
!Bar = !exo.barrier<mbarrier, [? ring 1]>
!BarPre = !exo.barrier<mbarrier(prearrive 1), [? ring 1]>

exo.proc @three_groups(%N: index, %y: !exo.tensor<[N, 32], f32, gmem>) {
  %one = arith.constant 1.0 : f32
  %c1 = arith.constant 1 : index
  exo.device_function(warps = [<"a", 1>, <"b", 1>, <"c", 1>]) {
    exo.for %task = 0 to 1 cuda_tasks {
      %slot = exo.alloc : !S
      %ab = exo.alloc : !Bar
      %ab2 = exo.alloc : !Bar
      %bc = exo.alloc : !Bar
      %ca = exo.alloc : !BarPre
      exo.for %i = 0 to %N seq {
        exo.warps "a" {
          exo.await(%ca[%i], cuda_temporal, 0) : !BarPre
          exo.for %t = 0 to 32 cuda_threads<thread> {
            exo.assign %slot[%t] = %one : !S
          }
          exo.arrive(cuda_in_order) >> %ab[%i] : !Bar
          exo.arrive(cuda_in_order) >> %ab2[%i] : !Bar
        }
        exo.warps "b" {
          exo.await(%ab[%i], cuda_in_order, 0) : !Bar
          exo.for %t = 0 to 32 cuda_threads<thread> {
            %v = exo.read %slot[%t] : !S
            %w = arith.addf %v, %v : f32
            // expected-note @+1 {{the conflicting mutation (at task = 0, i = 0, t = 0)}}
            exo.assign %slot[%t] = %w : !S
          }
          // expected-note @+1 {{the last synchronization that touched it}}
          exo.arrive(cuda_in_order) >> %bc[%i] : !Bar
        }
        exo.warps "c" {
          exo.await(%ab2[%i], cuda_in_order, 0) : !Bar
          exo.for %t = 0 to 32 cuda_threads<thread> {
            // expected-error @+1 {{RAW hazard on 'slot'[0]: read by task 0 thread 64 at task = 0, i = 0, t = 0 is not ordered after the mutation by task 0 thread 32}}
            %v = exo.read %slot[%t] : !S
            exo.assign %y[%i, %t] = %v : !exo.tensor<[N, 32], f32, gmem>
          }
          %next = arith.addi %i, %c1 : index
          exo.arrive(cuda_in_order) >> %ca[%next] : !BarPre
          exo.await(%bc[%i], cuda_in_order, 0) : !Bar
        }
      }
    }
  }
}
