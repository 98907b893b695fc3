// A register loop is replayed only where every access in it is a thread's
// own with nothing to see (docs/SyncChecker.md, "Register loops"): at tile
// 1 the wgmma writing the accumulator is not awaited, so the per-thread
// reads, whose key (the thread's position) is tile 0's, are interpreted and
// the hazard is found. Awaited in both tiles, tile 1's reads are replayed.
// RUN: exo-gpu-opt %s -exo-verify-collectives -exo-check-sync -verify-diagnostics -o /dev/null
// RUN: exo-gpu-opt %s -exo-verify-collectives -exo-check-sync="warp-records=false" -verify-diagnostics -o /dev/null
// RUN: sed -e 's/%%first = arith.cmpi eq, %%tile, %%c0 : index/%%first = arith.cmpi uge, %%tile, %%c0 : index/' -e '/expected-/d' %s | exo-gpu-opt -exo-verify-collectives -exo-check-sync="stats=true" -o /dev/null 2>&1 | FileCheck %s --check-prefix=AWAITED
// AWAITED: remark: checked: 9575 statement instances, 7168 element accesses, 1 tasks; 128 register loop runs replayed
// AWAITED-NOT: error

!Dt = !exo.tensor<[64, 16], f32, wgmma_accum>
!D = !exo.window<[64, 16], f32, wgmma_accum>
!As = !exo.tensor<[64, 8], f32, smem_swizzle<32>>
!Bs = !exo.tensor<[16, 8], f32, smem_swizzle<32>>
!Aw = !exo.window<[64, 8], f32, smem_swizzle<32>>
!Bw = !exo.window<[16, 8], f32, smem_swizzle<32>>
!Cg = !exo.barrier<wgmma_group>
exo.proc @register_loop_unawaited() {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  exo.device_function(blockDim = 128, clusterDim = 1) {
    exo.for %task = 0 to 1 cuda_tasks {
      %A = exo.alloc : !As
      %B = exo.alloc : !Bs
      %D = exo.alloc : !Dt
      %cg = exo.alloc : !Cg
      exo.for %tile = 0 to 2 seq {
        exo.for %wg = 0 to 1 cuda_threads<warpgroup> {
          %d = exo.window %D[:, :] : !Dt -> !D
          %a = exo.window %A[:, :] : !As -> !Aw
          %b = exo.window %B[:, :] : !Bs -> !Bw
          exo.call #exo.wgmma_zero<n = 16>(%d) : (!D)
          // expected-note @+1 {{the conflicting mutation (at task = 0, tile = 1, wg = 0)}}
          exo.call #exo.wgmma<n = 16, dtype = tf32, a = sw32, b = sw32>(%d, %a, %b) : (!D, !Aw, !Bw)
          // expected-note @+1 {{the last synchronization that touched it}}
          exo.arrive(wgmma_async) >> %cg : !Cg
          %first = arith.cmpi eq, %tile, %c0 : index
          exo.if %first {
            exo.await(%cg, cuda_in_order, 0) : !Cg
          }
        }
        exo.for %w = 0 to 4 cuda_threads<warp> {
          exo.for %g = 0 to 8 cuda_threads<4 * thread> {
            exo.for %q = 0 to 4 cuda_threads<thread> {
              exo.for %j = 0 to 2 seq {
                exo.for %e = 0 to 2 seq {
                  %w16 = arith.muli %w, %c16 : index
                  %row = arith.addi %w16, %g : index
                  %j8 = arith.muli %j, %c8 : index
                  %q2 = arith.muli %q, %c2 : index
                  %cq = arith.addi %j8, %q2 : index
                  %col = arith.addi %cq, %e : index
                  // expected-error @+1 {{RAW hazard on 'D'[0, 0]: read by task 0 thread 0 at task = 0, tile = 1, w = 0, g = 0, q = 0, j = 0, e = 0 is not ordered after the mutation by task 0 threads 0-127}}
                  %v = exo.read %D[%row, %col] : !Dt
                }
              }
            }
          }
        }
      }
    }
  }
}
