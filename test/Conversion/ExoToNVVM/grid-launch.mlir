// RUN: exo-gpu-opt %s -exo-lower-to-nvvm | FileCheck %s
// RUN: exo-gpu-opt %s | exo-gpu-opt | FileCheck %s --check-prefix=ROUND
// RUN: exo-gpu-opt %s -exo-to-ptx | exo-gpu-translate --exo-emit-launcher | FileCheck %s --check-prefix=LAUNCH

// launch = grid: one cluster per task. The launch description records the
// trip counts of the task loops as affine functions of the sizes (symbols
// in the order of the proc's index arguments), and the launcher launches
// their product through exo_rt::launchGrid; the kernel's code is that of
// the persistent form (each cluster runs tasks c, c + G, ...).
!x = !exo.tensor<[M, N], f32, gmem>
exo.proc @rows(%M: index, %N: index, %x: !x)
    requires affine_set<()[M, N] : (N mod 64 == 0, M - 2 >= 0)> {
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %Nt = arith.divui %N, %c64 : index
  exo.device_function(blockDim = 64, clusterDim = 1, launch = grid) {
    exo.for %i = 1 to %M cuda_tasks {
      exo.for %t = 0 to %Nt cuda_tasks {
        %b = arith.muli %t, %c64 : index
        exo.for %l = 0 to 64 cuda_threads<thread> {
          %k = arith.addi %b, %l : index
          %v = exo.read %x[%i, %k] : !x
          %w = arith.addf %v, %v : f32
          exo.assign %x[%i, %k] = %w : !x
        }
      }
    }
  }
}

// CHECK: #[[TASKS:.*]] = affine_map<()[s0, s1] -> (s0 - 1, s1 floordiv 64)>
// CHECK: #exo.kernel<name = "rows", {{.*}}grid_tasks = #[[TASKS]]>
// CHECK: llvm.func @rows(
// CHECK: nvvm.read.ptx.sreg.ctaid.x
// CHECK: nvvm.read.ptx.sreg.nctaid.x

// ROUND: exo.device_function(blockDim = 64, clusterDim = 1, launch = grid)

// LAUNCH: /// Launches kernel 'rows' (a cluster per task) on `stream`.
// LAUNCH: const int64_t tasks[] = {(M + int64_t(-1)), exo_rt::floorDiv(N, int64_t(64))};
// LAUNCH-NEXT: return exo_rt::launchGrid(info, tasks, 2, stream, params);
// LAUNCH-NOT: launchPersistent

// launch = persistent is the default, printed as nothing.
exo.proc @p(%N: index) {
  exo.device_function(blockDim = 32, clusterDim = 1, launch = persistent) {
    exo.for %t = 0 to %N cuda_tasks {
    }
  }
}
// ROUND-LABEL: exo.proc @p
// ROUND: exo.device_function(blockDim = 32, clusterDim = 1) {
// LAUNCH: /// Launches kernel 'p' (a persistent grid) on `stream`.
// LAUNCH: return exo_rt::launchPersistent(info, stream, params);
