// "The model is the machine": a launch with one cluster per task
// (`launch = grid`, docs/Lowering.md). 15 tasks (a 5 x 3 nest) of 2-CTA
// clusters; each thread of each CTA of a task doubles its element of X into
// D. The launcher computes the grid from the task loops' trip counts (15
// clusters, 30 CTAs, exo_rt::launchGrid); test/GPU/model_check.cu compares
// D, which starts random, with the sequential meaning bit for bit, so a
// task that runs on the wrong element, twice in a race, or not at all is
// found.

!X = !exo.tensor<[5, 3, 2, 128], f32, gmem>

exo.proc @model_grid_cluster(%X: !X, %D: !X) {
  %c32 = arith.constant 32 : index
  %two = arith.constant 2.0 : f32
  exo.device_function(blockDim = 128, clusterDim = 2, launch = grid) {
    exo.for %i = 0 to 5 cuda_tasks {
      exo.for %j = 0 to 3 cuda_tasks {
        exo.for %cta = 0 to 2 cuda_threads<cta> {
          exo.for %w = 0 to 4 cuda_threads<warp> {
            exo.for %l = 0 to 32 cuda_threads<thread> {
              %w32 = arith.muli %w, %c32 : index
              %t = arith.addi %w32, %l : index
              %v = exo.read %X[%i, %j, %cta, %t] : !X
              %d = arith.mulf %v, %two : f32
              exo.assign %D[%i, %j, %cta, %t] = %d : !X
            }
          }
        }
      }
    }
  }
}
