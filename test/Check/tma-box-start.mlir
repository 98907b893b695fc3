// RUN: exo-gpu-opt %s -split-input-file -verify-diagnostics -exo-check-sync | FileCheck %s

// The TMA engine's rule on where a box starts (checkTmaBoxStart): at a
// multiple of 16 bytes of the tensor's innermost dimension. On the H100 and
// the H200 a copy of a box that starts elsewhere faults (an illegal
// instruction; test/GPU/README.md), so the sync checker refuses it as the
// lowering does (test/Conversion/ExoToNVVM/invalid.mlir), rather than
// accepting a program the hardware cannot run.

// A load at column 1 of an f32 tensor (4 bytes in).
!X = !exo.tensor<[16, 16], f32, gmem>
!Xmap = !exo.window<[16, 16], f32, tma_map<0, [8, 12]>>
!Xbox = !exo.window<[8, 12], f32, tma_map<0, [8, 12]>>
!S = !exo.tensor<[8, 12], f32, smem>
!Sw = !exo.window<[8, 12], f32, smem>
!Full = !exo.barrier<mbarrier, [1]>
exo.proc @load_column_1(%X: !X) {
  %x_map = exo.window %X[:, :] : !X -> !Xmap
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to 1 cuda_tasks {
      %s = exo.alloc : !S
      %full = exo.alloc : !Full
      exo.warps 0 to 1 {
        %d = exo.window %s[:, :] : !S -> !Sw
        %b = exo.window %x_map[0 :+ 8, 1 :+ 12] : !Xmap -> !Xbox
        // expected-error @+1 {{'exo.call' op starts its box at an element of the tensor's innermost dimension that is not provably a multiple of 16 bytes (4 elements): the copy engine faults on such a box}}
        exo.call #exo.tma<kind = load, shape = [8, 12], dtype = f32>(%d, %b) >> %full[0] : (!Sw, !Xbox) >> !Full
        exo.arrive(cuda_temporal) >> %full[0] : !Full
      }
      exo.await(%full[0], cuda_in_order, 0) : !Full
    }
  }
}

// -----

// A store at a column the program computes, 16 t + 2: never a multiple of
// 4 elements.
!X = !exo.tensor<[16, 64], f32, gmem>
!Xmap = !exo.window<[16, 64], f32, tma_map<0, [8, 12]>>
!Xbox = !exo.window<[8, 12], f32, tma_map<0, [8, 12]>>
!S = !exo.tensor<[8, 12], f32, smem>
!Sw = !exo.window<[8, 12], f32, smem>
exo.proc @store_column_16t_plus_2(%X: !X) {
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 16 : index
  %x_map = exo.window %X[:, :] : !X -> !Xmap
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to 4 cuda_tasks {
      %s = exo.alloc : !S
      %c0 = arith.muli %t, %c4 : index
      %col = arith.addi %c0, %c2 : index
      exo.warps 0 to 1 {
        %w = exo.window %s[:, :] : !S -> !Sw
        %b = exo.window %x_map[0 :+ 8, %col :+ 12] : !Xmap -> !Xbox
        // expected-error @+1 {{'exo.call' op starts its box at an element of the tensor's innermost dimension that is not provably a multiple of 16 bytes (4 elements): the copy engine faults on such a box}}
        exo.call #exo.tma<kind = store, shape = [8, 12], dtype = f32>(%b, %w) : (!Xbox, !Sw)
      }
    }
  }
}

// -----

// bf16: a box at column 4 (8 bytes in) is refused; 16-bit elements start
// boxes at multiples of 8.
!X = !exo.tensor<[16, 64], bf16, gmem>
!Xmap = !exo.window<[16, 64], bf16, tma_map<0, [8, 16]>>
!Xbox = !exo.window<[8, 16], bf16, tma_map<0, [8, 16]>>
!S = !exo.tensor<[8, 16], bf16, smem>
!Sw = !exo.window<[8, 16], bf16, smem>
!Full = !exo.barrier<mbarrier, [1]>
exo.proc @bf16_column_4(%X: !X) {
  %x_map = exo.window %X[:, :] : !X -> !Xmap
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to 1 cuda_tasks {
      %s = exo.alloc : !S
      %full = exo.alloc : !Full
      exo.warps 0 to 1 {
        %d = exo.window %s[:, :] : !S -> !Sw
        %b = exo.window %x_map[0 :+ 8, 4 :+ 16] : !Xmap -> !Xbox
        // expected-error @+1 {{'exo.call' op starts its box at an element of the tensor's innermost dimension that is not provably a multiple of 16 bytes (8 elements): the copy engine faults on such a box}}
        exo.call #exo.tma<kind = load, shape = [8, 16], dtype = bf16>(%d, %b) >> %full[0] : (!Sw, !Xbox) >> !Full
        exo.arrive(cuda_temporal) >> %full[0] : !Full
      }
      exo.await(%full[0], cuda_in_order, 0) : !Full
    }
  }
}

// -----

// bf16 at column 8 t + 2 + 4: 6 modulo 8 elements, refused.
!X = !exo.tensor<[16, 64], bf16, gmem>
!Xmap = !exo.window<[16, 64], bf16, tma_map<0, [8, 16]>>
!Xbox = !exo.window<[8, 16], bf16, tma_map<0, [8, 16]>>
!S = !exo.tensor<[8, 16], bf16, smem>
!Sw = !exo.window<[8, 16], bf16, smem>
!Full = !exo.barrier<mbarrier, [1]>
exo.proc @bf16_column_8t_plus_6(%X: !X) {
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %x_map = exo.window %X[:, :] : !X -> !Xmap
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to 2 cuda_tasks {
      %s = exo.alloc : !S
      %full = exo.alloc : !Full
      %c0 = arith.muli %t, %c8 : index
      %c02 = arith.addi %c0, %c2 : index
      %col = arith.addi %c02, %c4 : index
      exo.warps 0 to 1 {
        %d = exo.window %s[:, :] : !S -> !Sw
        %b = exo.window %x_map[0 :+ 8, %col :+ 16] : !Xmap -> !Xbox
        // expected-error @+1 {{'exo.call' op starts its box at an element of the tensor's innermost dimension that is not provably a multiple of 16 bytes (8 elements): the copy engine faults on such a box}}
        exo.call #exo.tma<kind = load, shape = [8, 16], dtype = bf16>(%d, %b) >> %full[0] : (!Sw, !Xbox) >> !Full
        exo.arrive(cuda_temporal) >> %full[0] : !Full
      }
      exo.await(%full[0], cuda_in_order, 0) : !Full
    }
  }
}

// -----

// Accepted: boxes at columns 8 t + 16 of bf16 (16 t + 32 bytes), through a
// window of a window whose offsets (4 and 8 t + 8 + 4) add up to them: the
// residues 4 and 4 add up to 0 modulo 8 (a divisor alone, the gcd of 8 and
// 4, would not prove it).
// CHECK-LABEL: exo.proc @bf16_aligned
!X = !exo.tensor<[16, 64], bf16, gmem>
!Xmap = !exo.window<[16, 64], bf16, tma_map<0, [8, 16]>>
!Xhalf = !exo.window<[16, 40], bf16, tma_map<0, [8, 16]>>
!Xbox = !exo.window<[8, 16], bf16, tma_map<0, [8, 16]>>
!S = !exo.tensor<[8, 16], bf16, smem>
!Sw = !exo.window<[8, 16], bf16, smem>
!Full = !exo.barrier<mbarrier, [1]>
exo.proc @bf16_aligned(%X: !X) {
  %c8 = arith.constant 8 : index
  %x_map = exo.window %X[:, :] : !X -> !Xmap
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to 2 cuda_tasks {
      %s = exo.alloc : !S
      %full = exo.alloc : !Full
      %c0 = arith.muli %t, %c8 : index
      %col = arith.addi %c0, %c8 : index
      exo.warps 0 to 1 {
        %d = exo.window %s[:, :] : !S -> !Sw
        %h = exo.window %x_map[0 :+ 16, 4 :+ 40] : !Xmap -> !Xhalf
        %c4 = arith.constant 4 : index
        %inner = arith.addi %col, %c4 : index
        %b = exo.window %h[0 :+ 8, %inner :+ 16] : !Xhalf -> !Xbox
        exo.call #exo.tma<kind = load, shape = [8, 16], dtype = bf16>(%d, %b) >> %full[0] : (!Sw, !Xbox) >> !Full
        exo.arrive(cuda_temporal) >> %full[0] : !Full
      }
      exo.await(%full[0], cuda_in_order, 0) : !Full
    }
  }
}
