// Planted bug (test/Check/audit-bugs.test): cp.async copies completed through
// an mbarrier arrive (cp_async): mbarrier.arrive does not track cp.async.
!Row = !exo.tensor<[N, 128], f32, gmem>
!Buf = !exo.tensor<[2, 128], f32, smem>
!One = !exo.window<[1], f32, smem>
!OneG = !exo.window<[1], f32, gmem>
!Bar = !exo.barrier<mbarrier, [? ring 2]>

exo.proc @pipeline(%N: index, %x: !Row, %y: !Row) {
  %c2 = arith.constant 2 : index
  exo.device_function(blockDim = 128) {
    exo.for %task = 0 to 1 cuda_tasks {
      %buf = exo.alloc : !Buf
      %bar = exo.alloc : !Bar
      exo.for %i = 0 to %N seq {
        %slot = arith.remui %i, %c2 : index
        exo.for %t = 0 to 128 cuda_threads<thread> {
          %d = exo.window %buf[%slot, %t :+ 1] : !Buf -> !One
          %s = exo.window %x[%i, %t :+ 1] : !Row -> !OneG
          exo.call #exo.cp_async<bytes = 4, dtype = f32>(%d, %s) : (!One, !OneG)
        }
        exo.arrive(cp_async) >> %bar[%i] : !Bar
        exo.await(%bar[%i], cuda_in_order, 0) : !Bar
        exo.for %t = 0 to 128 cuda_threads<thread> {
          %v = exo.read %buf[%slot, %t] : !Buf
          exo.assign %y[%i, %t] = %v : !Row
        }
      }
    }
  }
}
