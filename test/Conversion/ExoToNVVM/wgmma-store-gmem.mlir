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
// CHECK-SAME: name = "partial_tile", params = [{kind = "index", name = "M"}, {kind = "index", name = "N"}, {align = 8 : i64, dims = ["M", "N"], element = f32, kind = "gmem", name = "C"}]
// CHECK-SAME: name = "strided", params = [{kind = "index", name = "M"}, {kind = "index", name = "N"}, {dims = ["M", "N", 2], element = f32, kind = "gmem", name = "C3"}]
!Dt = !exo.tensor<[64, 16], f32, wgmma_accum>
!D = !exo.window<[64, 16], f32, wgmma_accum>
!Cg = !exo.tensor<[M, N], f32, gmem>
!Cw = !exo.window<[64, 16], f32, gmem>
exo.proc @wgmma_store_gmem(%dst: !Cw {exo.access = #exo.access<write>},
                           %src: !D {exo.access = #exo.access<read>})
    instr<unit = warpgroup, timeline = cuda_in_order, lowering = "wgmma_store_d_gmem"> {
  exo.for %i = 0 to 64 seq {
    exo.for %j = 0 to 16 seq {
      %v = exo.read %src[%i, %j] : !D
      exo.assign %dst[%i, %j] = %v : !Cw
    }
  }
}

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
      exo.call @wgmma_store_gmem(%c, %d) : (!Cw, !D)
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
      exo.call @wgmma_store_gmem(%c, %d) : (!Cw, !D)
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
      exo.call @wgmma_store_gmem(%c, %d) : (!Cw, !D)
    }
  }
}
// CHECK-LABEL: llvm.func @odd_offset
// CHECK-NOT: vector<2xf32>
// CHECK: llvm.return

// A window that may reach past the end of C (a partial tile, oob): each
// pair is stored only where its row and its first column are inside the
// tensor (N is even, so a pair is inside or outside as a whole).
exo.proc @wgmma_store_gmem_oob(%dst: !Cw {exo.access = #exo.access<write, oob>},
                               %src: !D {exo.access = #exo.access<read>})
    instr<unit = warpgroup, timeline = cuda_in_order, lowering = "wgmma_store_d_gmem"> {
  exo.for %i = 0 to 64 seq {
    exo.for %j = 0 to 16 seq {
      %v = exo.read %src[%i, %j] : !D
      exo.assign %dst[%i, %j] = %v : !Cw
    }
  }
}
exo.proc @partial_tile(%M: index, %N: index, %C: !Cg)
    requires affine_set<()[M, N] : (N mod 4 == 0, M - 1 >= 0, N - 4 >= 0)> {
  %c16 = arith.constant 16 : index
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to 3 cuda_tasks {
      %D = exo.alloc : !Dt
      %n0 = arith.muli %t, %c16 : index
      %d = exo.window %D[:, :] : !Dt -> !D
      %c = exo.window oob %C[0 :+ 64, %n0 :+ 16] : !Cg -> !Cw
      exo.call @wgmma_store_gmem_oob(%c, %d) : (!Cw, !D)
    }
  }
}
// CHECK-LABEL: llvm.func @partial_tile
// CHECK: %[[R0:.*]] = arith.cmpi ult, %{{.*}}, %arg0 : i64
// CHECK-NEXT: %{{.*}} = arith.addi
// CHECK-NEXT: %[[C0:.*]] = arith.cmpi ult, %{{.*}}, %arg1 : i64
// CHECK-NEXT: %[[P0:.*]] = arith.andi %[[R0]], %[[C0]] : i1
// CHECK-NEXT: scf.if %[[P0]] {
// CHECK-NEXT: llvm.store %{{.*}}, %{{.*}} {alignment = 8 : i64} : vector<2xf32>, !llvm.ptr<1>
// CHECK: %[[R1:.*]] = arith.cmpi ult, %{{.*}}, %arg0 : i64
// CHECK-NEXT: %{{.*}} = arith.addi
// CHECK-NEXT: %[[C1:.*]] = arith.cmpi ult, %{{.*}}, %arg1 : i64
// CHECK-NEXT: %[[P1:.*]] = arith.andi %[[R1]], %[[C1]] : i1
// CHECK-NEXT: scf.if %[[P1]] {
// CHECK-NEXT: llvm.store %{{.*}}, %{{.*}} {alignment = 8 : i64} : vector<2xf32>, !llvm.ptr<1>
// CHECK: %[[R2:.*]] = arith.cmpi ult, %{{.*}}, %arg0 : i64
// CHECK-NEXT: %{{.*}} = arith.addi
// CHECK-NEXT: %[[C2:.*]] = arith.cmpi ult, %{{.*}}, %arg1 : i64
// CHECK-NEXT: %[[P2:.*]] = arith.andi %[[R2]], %[[C2]] : i1
// CHECK-NEXT: scf.if %[[P2]] {
// CHECK-NEXT: llvm.store %{{.*}}, %{{.*}} {alignment = 8 : i64} : vector<2xf32>, !llvm.ptr<1>
// CHECK: %[[R3:.*]] = arith.cmpi ult, %{{.*}}, %arg0 : i64
// CHECK-NEXT: %{{.*}} = arith.addi
// CHECK-NEXT: %[[C3:.*]] = arith.cmpi ult, %{{.*}}, %arg1 : i64
// CHECK-NEXT: %[[P3:.*]] = arith.andi %[[R3]], %[[C3]] : i1
// CHECK-NEXT: scf.if %[[P3]] {
// CHECK-NEXT: llvm.store %{{.*}}, %{{.*}} {alignment = 8 : i64} : vector<2xf32>, !llvm.ptr<1>
// CHECK-NOT: llvm.store
// CHECK: llvm.return

// Columns that are not the tensor's last dimension are not adjacent in
// memory: each element of a pair is stored at its own address, here
// C3[row, col + 1, 1] at element ((row * N) + col + 1) * 2 + 1.
!C3 = !exo.tensor<[M, N, 2], f32, gmem>
exo.proc @strided(%M: index, %N: index, %C3: !C3)
    requires affine_set<()[M, N] : (N mod 16 == 0, M - 64 >= 0, N - 16 >= 0)> {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to 1 cuda_tasks {
      %D = exo.alloc : !Dt
      %d = exo.window %D[:, :] : !Dt -> !D
      %c = exo.window %C3[0 :+ 64, 0 :+ 16, 1] : !C3 -> !Cw
      exo.call @wgmma_store_gmem(%c, %d) : (!Cw, !D)
    }
  }
}
// CHECK-LABEL: llvm.func @strided
// CHECK: %[[X:.*]] = llvm.extractvalue %{{.*}}[0]
// CHECK-NEXT: %[[Y:.*]] = llvm.extractvalue %{{.*}}[1]
// CHECK: %[[C1:.*]] = arith.addi %{{.*}}, %c1_i64{{.*}} : i64
// CHECK-NEXT: llvm.store %[[X]], %{{.*}} {alignment = 4 : i64} : f32, !llvm.ptr<1>
// CHECK: %[[COL:.*]] = arith.addi %{{.*}}, %[[C1]] : i64
// CHECK: %[[ROW:.*]] = arith.muli %{{.*}}, %arg1 : i64
// CHECK-NEXT: %[[E:.*]] = arith.addi %[[ROW]], %[[COL]] : i64
// CHECK-NEXT: %[[E2:.*]] = arith.muli %[[E]], %c2_i64 : i64
// CHECK-NEXT: %[[E3:.*]] = arith.addi %[[E2]], %{{.*}} : i64
// CHECK: %[[B:.*]] = arith.muli %[[E3]], %c4_i64{{.*}} : i64
// CHECK-NEXT: %[[P:.*]] = llvm.getelementptr %arg2[%[[B]]]
// CHECK-NEXT: llvm.store %[[Y]], %[[P]] {alignment = 4 : i64} : f32, !llvm.ptr<1>
// CHECK-NOT: vector<2xf32>
// CHECK: llvm.return
