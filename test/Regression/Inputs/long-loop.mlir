// One task whose sequential loop runs N times (up to 2^31 - 1).
exo.proc @long_loop(%N: index, %y: !exo.tensor<[4], f32, gmem>) {
  %z = arith.constant 0.0 : f32
  exo.device_function(blockDim = 32, clusterDim = 1) {
    exo.for %t = 0 to 1 cuda_tasks {
      exo.for %i = 0 to %N seq {
        exo.for %l = 0 to 1 cuda_threads<thread> {
          %c0 = arith.constant 0 : index
          exo.assign %y[%c0] = %z : !exo.tensor<[4], f32, gmem>
        }
      }
    }
  }
}
