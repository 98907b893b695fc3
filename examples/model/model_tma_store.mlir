// "The model is the machine": TMA stores, run once. One CTA stages a random
// 64 x 32 f32 tile into shared memory with ordinary stores, twice: into
// 128-byte-swizzled memory (at the swizzled addresses) and into plain
// memory; then warp 0 stores the swizzled copy into a box of O
// (tma_store_2d, 128-byte swizzle, the store of examples/tma/) and adds the
// plain copy into a box of R (tma_reduce_add_2d, no swizzle, the split-K
// GEMMs' reduction). Both boxes lie inside larger tensors whose other
// elements must keep their (random) contents; the shared buffers are
// dumped. test/GPU/model_check.cu compares every byte with the CPU run
// (the f32 adds are exact as on the host).

!X = !exo.tensor<[64, 32], f32, gmem>
!O = !exo.tensor<[128, 64], f32, gmem>
!Omap = !exo.window<[128, 64], f32, tma_map<128, [64, 32]>>
!Rmap = !exo.window<[128, 64], f32, tma_map<0, [64, 32]>>
!Obox = !exo.window<[64, 32], f32, tma_map<128, [64, 32]>>
!Rbox = !exo.window<[64, 32], f32, tma_map<0, [64, 32]>>
!Ss = !exo.tensor<[64, 32], f32, smem_swizzle<128>>
!Ssw = !exo.window<[64, 32], f32, smem_swizzle<128>>
!Ps = !exo.tensor<[64, 32], f32, smem>
!Psw = !exo.window<[64, 32], f32, smem>
!StoreCg = !exo.barrier<bulk_group>

exo.proc @model_tma_store_f32(%X: !X, %O: !O, %R: !O, %DS: !X, %DP: !X) {
  %c4 = arith.constant 4 : index
  %O_map = exo.window %O[:, :] : !O -> !Omap
  %R_map = exo.window %R[:, :] : !O -> !Rmap
  exo.device_function(blockDim = 128, clusterDim = 1) {
    exo.for %task = 0 to 1 cuda_tasks {
      %S = exo.alloc : !Ss
      %P = exo.alloc : !Ps
      // Element [row, col] by thread (row mod 4) * 32 + col.
      exo.for %w = 0 to 4 cuda_threads<warp> {
        exo.for %l = 0 to 32 cuda_threads<thread> {
          exo.for %i = 0 to 16 seq {
            %r4 = arith.muli %i, %c4 : index
            %row = arith.addi %r4, %w : index
            %v = exo.read %X[%row, %l] : !X
            exo.assign %S[%row, %l] = %v : !Ss
            exo.assign %P[%row, %l] = %v : !Ps
          }
        }
      }
      // The generic stores before the TMA's reads (async proxy).
      exo.fence(cuda_in_order, cuda_generic_and_async_proxy)
      exo.warps 0 to 1 {
        %o = exo.window %O_map[64 :+ 64, 32 :+ 32] : !Omap -> !Obox
        %s = exo.window %S[:, :] : !Ss -> !Ssw
        exo.call #exo.tma<kind = store, shape = [64, 32], dtype = f32, swizzle = 128>(%o, %s) : (!Obox, !Ssw)
        %r = exo.window %R_map[32 :+ 64, 0 :+ 32] : !Rmap -> !Rbox
        %p = exo.window %P[:, :] : !Ps -> !Psw
        exo.call #exo.tma<kind = reduce_add, shape = [64, 32], dtype = f32>(%r, %p) : (!Rbox, !Psw)
        %cg = exo.alloc : !StoreCg
        exo.arrive(tma_to_gmem_async) >> %cg : !StoreCg
        exo.await(%cg, cuda_in_order, 0) : !StoreCg
      }
      exo.fence(cuda_in_order, cuda_in_order)
      // Dump the shared buffers.
      exo.for %w = 0 to 4 cuda_threads<warp> {
        exo.for %l = 0 to 32 cuda_threads<thread> {
          exo.for %i = 0 to 16 seq {
            %r4 = arith.muli %i, %c4 : index
            %row = arith.addi %r4, %w : index
            %v = exo.read %S[%row, %l] : !Ss
            exo.assign %DS[%row, %l] = %v : !X
            %u = exo.read %P[%row, %l] : !Ps
            exo.assign %DP[%row, %l] = %u : !X
          }
        }
      }
    }
  }
}
