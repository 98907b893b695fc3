// RUN: exo-gpu-opt %s -exo-to-ptx | exo-gpu-translate --exo-extract-ptx | FileCheck %s
// RUN: %if ptxas %{ exo-gpu-opt %s -exo-to-ptx | exo-gpu-translate --exo-extract-ptx > %t.ptx && ptxas -arch=sm_90a %t.ptx -o %t.cubin %}
// RUN: exo-gpu-opt %s -exo-check-sync="sizes=N=3" -o /dev/null

// A cp.async pipeline (each thread copies its element into a double buffer,
// and a 4-element vector into another, commits, waits for its group and
// uses the data) passes the sync checker and lowers to per-thread
// cp.async with its commit and wait; 4- and 16-byte copies.
!Row = !exo.tensor<[N, 512], f32, gmem>
!Buf = !exo.tensor<[2, 512], f32, smem>
!One = !exo.window<[1], f32, smem>
!OneG = !exo.window<[1], f32, gmem>
!Four = !exo.window<[4], f32, smem>
!FourG = !exo.window<[4], f32, gmem>
!Cg = !exo.barrier<cp_async_group, [128]>

exo.proc @pipeline(%N: index, %x: !Row, %y: !Row) {
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c128 = arith.constant 128 : index
  exo.device_function(blockDim = 128) {
    exo.for %task = 0 to 1 cuda_tasks {
      %buf = exo.alloc : !Buf
      %buf4 = exo.alloc : !Buf
      %cg = exo.alloc : !Cg
      exo.for %i = 0 to %N seq {
        %slot = arith.remui %i, %c2 : index
        exo.for %t = 0 to 128 cuda_threads<thread> {
          %d = exo.window %buf[%slot, %t :+ 1] : !Buf -> !One
          %s = exo.window %x[%i, %t :+ 1] : !Row -> !OneG
          exo.call #exo.cp_async<bytes = 4, dtype = f32>(%d, %s) : (!One, !OneG)
          %t4 = arith.muli %t, %c4 : index
          %d4 = exo.window %buf4[%slot, %t4 :+ 4] : !Buf -> !Four
          %s4 = exo.window %x[%i, %t4 :+ 4] : !Row -> !FourG
          exo.call #exo.cp_async<bytes = 16, dtype = f32>(%d4, %s4) : (!Four, !FourG)
          exo.arrive(cp_async) >> %cg[%t] : !Cg
          exo.await(%cg[%t], cuda_in_order, 0) : !Cg
          %v = exo.read %buf[%slot, %t] : !Buf
          %w = exo.read %buf4[%slot, %t4] : !Buf
          %sum = arith.addf %v, %w : f32
          exo.assign %y[%i, %t4] = %sum : !Row
        }
      }
    }
  }
}

// CHECK: .entry pipeline(
// CHECK: cp.async.ca.shared.global [%{{.*}}], [%{{.*}}], 4;
// CHECK: cp.async.cg.shared.global [%{{.*}}], [%{{.*}}], 16;
// CHECK: cp.async.commit_group;
// CHECK: cp.async.wait_group 0;
// CHECK: ld.shared.b32
// CHECK: st.global.b32
// The end of the task is a CTA-wide in-order fence (the next task of the
// persistent CTA reuses the shared memory): one barrier after the K loop.
// CHECK: barrier.sync 0;
// CHECK-NOT: barrier.sync
// CHECK: ret;
