// RUN: exo-gpu-opt %s -exo-lower-to-nvvm | FileCheck %s
// RUN: exo-gpu-opt %s -exo-to-ptx | exo-gpu-translate --exo-emit-launcher \
// RUN:   | FileCheck %s --check-prefix=LAUNCH

// An accumulator store to global memory writes each thread's two adjacent
// columns with one 8-byte store where every pair provably starts at an even
// element: the window's column offset is even and so is the row length (a
// constant, or a size that `requires` makes even). The kernel then assumes
// an 8-byte-aligned base, which the launch description records and the
// launcher checks. Otherwise it stores two 4-byte values.
// The launch description: only @even_rows assumes an aligned C.
// CHECK: {block_dim = 128 : i64{{.*}}name = "even_rows", params = [{kind = "index", name = "M"}, {kind = "index", name = "N"}, {align = 8 : i64, dims = ["M", "N"], element = f32, kind = "gmem", name = "C"}]
// CHECK-SAME: name = "any_rows", params = [{kind = "index", name = "M"}, {kind = "index", name = "N"}, {dims = ["M", "N"], element = f32, kind = "gmem", name = "C"}]
// CHECK-SAME: name = "odd_offset", params = [{kind = "index", name = "M"}, {kind = "index", name = "N"}, {kind = "index", name = "o"}, {dims = ["M", "N"], element = f32, kind = "gmem", name = "C"}]
!Dt = !exo.tensor<[64, 16], f32, wgmma_accum>
!D = !exo.window<[64, 16], f32, wgmma_accum>
!Cg = !exo.tensor<[M, N], f32, gmem>
!Cw = !exo.window<[64, 16], f32, gmem>
// N is even (a multiple of 16), the column offset 16 * t: pairs.
exo.proc @even_rows(%M: index, %N: index, %C: !Cg)
    requires affine_set<()[M, N] : (M mod 64 == 0, N mod 16 == 0,
                                    M - 64 >= 0, N - 16 >= 0)> {
  %c16 = arith.constant 16 : index
  %T = arith.divsi %N, %c16 : index
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %T cuda_tasks {
      %D = exo.alloc : !Dt
      %n0 = arith.muli %t, %c16 : index
      %d = exo.window %D[:, :] : !Dt -> !D
      %c = exo.window %C[0 :+ 64, %n0 :+ 16] : !Cg -> !Cw
      exo.call #exo.wgmma_store<n = 16, dst = gmem>(%c, %d) : (!Cw, !D)
    }
  }
}
// CHECK-LABEL: llvm.func @even_rows
// CHECK-COUNT-4: llvm.store %{{.*}}, %{{.*}} {alignment = 8 : i64} : vector<2xf32>, !llvm.ptr<1>
// CHECK-NOT: llvm.store %{{.*}} : f32, !llvm.ptr<1>
// CHECK: llvm.return
// LAUNCH-LABEL: inline CUresult even_rows(
// LAUNCH: if (C % 8)
// LAUNCH-NEXT: return exo_rt::rejectLaunch("even_rows: tensor C is not 8-byte aligned, as the kernel's vector accesses need");

// Nothing makes N even: two 4-byte stores per pair, no alignment assumed.
exo.proc @any_rows(%M: index, %N: index, %C: !Cg)
    requires affine_set<()[M, N] : (M - 64 >= 0, N - 16 >= 0)> {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to 1 cuda_tasks {
      %D = exo.alloc : !Dt
      %d = exo.window %D[:, :] : !Dt -> !D
      %c = exo.window %C[0 :+ 64, 0 :+ 16] : !Cg -> !Cw
      exo.call #exo.wgmma_store<n = 16, dst = gmem>(%c, %d) : (!Cw, !D)
    }
  }
}
// CHECK-LABEL: llvm.func @any_rows
// CHECK-NOT: vector<2xf32>
// CHECK-COUNT-8: llvm.store %{{.*}}, %{{.*}} {alignment = 4 : i64} : f32, !llvm.ptr<1>
// CHECK-NOT: vector<2xf32>
// CHECK: llvm.return
// LAUNCH-LABEL: inline CUresult any_rows(
// LAUNCH-NOT: rejectLaunch("any_rows: tensor C
// LAUNCH: return exo_rt::launch

// N is even but the column offset may be odd: two 4-byte stores.
exo.proc @odd_offset(%M: index, %N: index, %o: index, %C: !Cg)
    requires affine_set<()[M, N, o] : (N mod 32 == 0, M - 64 >= 0,
                                       N - 32 >= 0, o >= 0, -o + 16 >= 0)> {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to 1 cuda_tasks {
      %D = exo.alloc : !Dt
      %d = exo.window %D[:, :] : !Dt -> !D
      %c = exo.window %C[0 :+ 64, %o :+ 16] : !Cg -> !Cw
      exo.call #exo.wgmma_store<n = 16, dst = gmem>(%c, %d) : (!Cw, !D)
    }
  }
}
// CHECK-LABEL: llvm.func @odd_offset
// CHECK-NOT: vector<2xf32>
// CHECK: llvm.return
