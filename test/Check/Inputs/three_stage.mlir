// A three-group mbarrier cycle: y[i, :] = 2 * x[i, :], row by row, through
// two shared-memory double buffers and three warp groups:
//   "load"  (1 warp):  awaits %free[i], copies row i of x into a[i mod 2],
//                      arrives on %loaded[i];
//   "scale" (2 warps): warp 0 awaits %loaded[i], doubles a[i mod 2] into
//                      b[i mod 2], arrives on %scaled[i] (warp 1 idles);
//   "store" (1 warp):  awaits %scaled[i], copies b[i mod 2] into row i of y,
//                      arrives on %free[i + 2] (both slots of row i free).
// Each group's await and arrive are done by the warp that does its work.

!X = !exo.tensor<[N, 32], f32, gmem>
!Buf = !exo.tensor<[2, 32], f32, smem>
!Bar = !exo.barrier<mbarrier, [? ring 2]>
!Free = !exo.barrier<mbarrier(prearrive 2), [? ring 2]>

exo.proc @three_stage(%N: index, %x: !X, %y: !X) {
  %c2 = arith.constant 2 : index
  %two = arith.constant 2.0 : f32
  exo.device_function(warps = [<"load", 1>, <"scale", 2>, <"store", 1>]) {
    exo.for %task = 0 to 1 cuda_tasks {
      %a = exo.alloc : !Buf
      %b = exo.alloc : !Buf
      %loaded = exo.alloc : !Bar
      %scaled = exo.alloc : !Bar
      %free = exo.alloc : !Free
      exo.for %i = 0 to %N seq {
        %s = arith.remui %i, %c2 : index
        %i2 = arith.addi %i, %c2 : index
        exo.warps "load" {
          exo.await(%free[%i], cuda_in_order, 0) : !Free
          exo.for %l = 0 to 32 cuda_threads<thread> {
            %v = exo.read %x[%i, %l] : !X
            exo.assign %a[%s, %l] = %v : !Buf
          }
          exo.arrive(cuda_in_order) >> %loaded[%i] : !Bar
        }
        exo.warps "scale" 0 to 1 {
          exo.await(%loaded[%i], cuda_in_order, 0) : !Bar
          exo.for %l = 0 to 32 cuda_threads<thread> {
            %v = exo.read %a[%s, %l] : !Buf
            %w = arith.mulf %v, %two : f32
            exo.assign %b[%s, %l] = %w : !Buf
          }
          exo.arrive(cuda_in_order) >> %scaled[%i] : !Bar
        }
        exo.warps "store" {
          exo.await(%scaled[%i], cuda_in_order, 0) : !Bar
          exo.for %l = 0 to 32 cuda_threads<thread> {
            %v = exo.read %b[%s, %l] : !Buf
            exo.assign %y[%i, %l] = %v : !X
          }
          exo.arrive(cuda_in_order) >> %free[%i2] : !Free
        }
      }
    }
  }
}
