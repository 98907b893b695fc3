// RUN: exo-gpu-opt %s -split-input-file -amir-interpret="N=2" -verify-diagnostics -o /dev/null

// Notes of the abstract machine's barrier reports that point back at an
// earlier statement.

// The producer warp arrives on 'full'[0] from two statements: an mbarrier
// element is one-shot (one arrive and one await per phase), so the second
// arrive would count toward a phase that is already over.
amir.program @arrive_twice(%N) {
  amir.device clusterDim 1 blockDim 64 {
    %c0 = arith.constant 0 : index
    amir.tasks_for %t = %c0 to %N {
      %full = amir.alloc "full" [-1] barrier !exo.barrier<mbarrier, [? ring 2]>
      amir.warps 0 to 1 {
        // expected-note @below {{the earlier arrive}}
        amir.arrive cuda_in_order >> %full[%c0]
        // expected-error @below {{arrived twice on the one-shot mbarrier element 'full'[0] by task 0 threads 0-31 at t = 0}}
        amir.arrive cuda_in_order >> %full[%c0]
      }
      amir.warps 1 to 2 {
        amir.await %full[%c0], cuda_in_order, 0
      }
    }
  }
}
