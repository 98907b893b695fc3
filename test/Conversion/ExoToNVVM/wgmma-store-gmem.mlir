// RUN: exo-gpu-opt %s -exo-lower-to-nvvm | FileCheck %s
// RUN: exo-gpu-opt %s -exo-to-ptx | exo-gpu-translate --exo-emit-launcher \
// RUN:   | FileCheck %s --check-prefix=LAUNCH

// An accumulator store to global memory writes four adjacent columns with
// one 16-byte store where every run of four provably starts at a multiple of
// four elements (the window's column offset and the row length are, as
// constants or by `requires`), after a lane and its neighbour swap one pair
// of columns of each two 8-column blocks. Where only pairs are provably
// aligned, or the tile has an odd number of 8-column blocks, it writes each
// thread's two adjacent columns with one 8-byte store. Otherwise it stores
// each element on its own. The kernel assumes a base aligned to the widest
// store, which the launch description records and the launcher checks.
// The launch description: @even_rows and @partial_tile assume a 16-byte
// aligned C, @pair_rows and @n8_tile an 8-byte aligned one.
// CHECK: #exo.kernel<name = "even_rows", block_dim = 128{{[^>]*}}, params = [#exo.kernel_param<name = "M", kind = index>, #exo.kernel_param<name = "N", kind = index>, #exo.kernel_param<name = "C", kind = gmem, element = f32, dims = ["M", "N"], align = 16>]
// CHECK-SAME: #exo.kernel<name = "pair_rows", block_dim = 128{{[^>]*}}, params = [#exo.kernel_param<name = "M", kind = index>, #exo.kernel_param<name = "N", kind = index>, #exo.kernel_param<name = "C", kind = gmem, element = f32, dims = ["M", "N"], align = 8>]
// CHECK-SAME: #exo.kernel<name = "n8_tile", block_dim = 128{{[^>]*}}, params = [#exo.kernel_param<name = "M", kind = index>, #exo.kernel_param<name = "N", kind = index>, #exo.kernel_param<name = "C", kind = gmem, element = f32, dims = ["M", "N"], align = 8>]
// CHECK-SAME: #exo.kernel<name = "any_rows", block_dim = 128{{[^>]*}}, params = [#exo.kernel_param<name = "M", kind = index>, #exo.kernel_param<name = "N", kind = index>, #exo.kernel_param<name = "C", kind = gmem, element = f32, dims = ["M", "N"]>]
// CHECK-SAME: #exo.kernel<name = "odd_offset", block_dim = 128{{[^>]*}}, params = [#exo.kernel_param<name = "M", kind = index>, #exo.kernel_param<name = "N", kind = index>, #exo.kernel_param<name = "o", kind = index>, #exo.kernel_param<name = "C", kind = gmem, element = f32, dims = ["M", "N"]>]
// CHECK-SAME: #exo.kernel<name = "partial_tile", block_dim = 128{{[^>]*}}, params = [#exo.kernel_param<name = "M", kind = index>, #exo.kernel_param<name = "N", kind = index>, #exo.kernel_param<name = "C", kind = gmem, element = f32, dims = ["M", "N"], align = 16>]
// CHECK-SAME: #exo.kernel<name = "strided", block_dim = 128{{[^>]*}}, params = [#exo.kernel_param<name = "M", kind = index>, #exo.kernel_param<name = "N", kind = index>, #exo.kernel_param<name = "C3", kind = gmem, element = f32, dims = ["M", "N", 2]>]
!Dt = !exo.tensor<[64, 16], f32, wgmma_accum>
!D = !exo.window<[64, 16], f32, wgmma_accum>
!Cg = !exo.tensor<[M, N], f32, gmem>
!Cw = !exo.window<[64, 16], f32, gmem>
// N and the column offset 16 * t are multiples of 16: quads. The odd lane
// (lane & 1) sends its pair of block 0 (fields 0, 1 for row h = 0) and keeps
// that of block 1 (fields 4, 5); the even lane sends block 1's and keeps
// block 0's. The odd lane's run starts 6 columns after the even lane's.
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
// CHECK: %[[LANE:.*]] = arith.remui %{{.*}}, %c32_i32 : i32
// CHECK: %[[ACC:.*]] = llvm.load
// CHECK: %[[BIT:.*]] = arith.andi %[[LANE]], %{{.*}} : i32
// CHECK-NEXT: %[[ODD:.*]] = arith.trunci %[[BIT]] : i32 to i1
// CHECK-NEXT: %c6_i64 = arith.constant 6 : i64
// CHECK-NEXT: %[[Z:.*]] = arith.constant 0 : i64
// CHECK-NEXT: %{{.*}} = arith.select %[[ODD]], %c6_i64, %[[Z]] : i64
// CHECK: %[[A0:.*]] = llvm.extractvalue %[[ACC]][0]
// CHECK-NEXT: %[[A1:.*]] = llvm.extractvalue %[[ACC]][1]
// CHECK-NEXT: %[[B0:.*]] = llvm.extractvalue %[[ACC]][4]
// CHECK-NEXT: %[[B1:.*]] = llvm.extractvalue %[[ACC]][5]
// CHECK: %[[S0:.*]] = arith.select %[[ODD]], %[[A0]], %[[B0]] : f32
// CHECK: %[[R0:.*]] = nvvm.shfl.sync  bfly %{{.*}}, %[[S0]], %c1_i32{{.*}}, %c31_i32{{.*}} : f32 -> f32
// CHECK: %[[S1:.*]] = arith.select %[[ODD]], %[[A1]], %[[B1]] : f32
// CHECK: %[[R1:.*]] = nvvm.shfl.sync  bfly %{{.*}}, %[[S1]], %c1_i32{{.*}}, %c31_i32{{.*}} : f32 -> f32
// CHECK-NEXT: %[[E0:.*]] = arith.select %[[ODD]], %[[R0]], %[[A0]] : f32
// CHECK-NEXT: %[[E1:.*]] = arith.select %[[ODD]], %[[R1]], %[[A1]] : f32
// CHECK-NEXT: %[[E2:.*]] = arith.select %[[ODD]], %[[B0]], %[[R0]] : f32
// CHECK-NEXT: %[[E3:.*]] = arith.select %[[ODD]], %[[B1]], %[[R1]] : f32
// CHECK: llvm.insertelement %[[E0]], %{{.*}}[%{{.*}} : i32] : vector<4xf32>
// CHECK: llvm.insertelement %[[E1]]
// CHECK: llvm.insertelement %[[E2]]
// CHECK: %[[Q:.*]] = llvm.insertelement %[[E3]]
// CHECK: llvm.store %[[Q]], %{{.*}} {alignment = 16 : i64} : vector<4xf32>, !llvm.ptr<1>
// The second row (h = 1): fields 2, 3 and 6, 7.
// CHECK: llvm.extractvalue %[[ACC]][2]
// CHECK-NEXT: llvm.extractvalue %[[ACC]][3]
// CHECK-NEXT: llvm.extractvalue %[[ACC]][6]
// CHECK-NEXT: llvm.extractvalue %[[ACC]][7]
// CHECK: llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : vector<4xf32>, !llvm.ptr<1>
// CHECK-NOT: llvm.store
// CHECK: llvm.return
// LAUNCH-LABEL: inline CUresult even_rows(
// LAUNCH: if (C % 16)
// LAUNCH-NEXT: return exo_rt::rejectLaunch("even_rows: tensor C is not 16-byte aligned, as the kernel's vector accesses need");

// N is even but not provably a multiple of 4: pairs, no exchange.
exo.proc @pair_rows(%M: index, %N: index, %C: !Cg)
    requires affine_set<()[M, N] : (N mod 2 == 0, M - 64 >= 0, N - 16 >= 0)> {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to 1 cuda_tasks {
      %D = exo.alloc : !Dt
      %d = exo.window %D[:, :] : !Dt -> !D
      %c = exo.window %C[0 :+ 64, 0 :+ 16] : !Cg -> !Cw
      exo.call #exo.wgmma_store<n = 16, dst = gmem>(%c, %d) : (!Cw, !D)
    }
  }
}
// CHECK-LABEL: llvm.func @pair_rows
// CHECK-NOT: nvvm.shfl.sync
// CHECK-COUNT-4: llvm.store %{{.*}}, %{{.*}} {alignment = 8 : i64} : vector<2xf32>, !llvm.ptr<1>
// CHECK-NOT: llvm.store
// CHECK: llvm.return
// LAUNCH-LABEL: inline CUresult pair_rows(
// LAUNCH: if (C % 8)
// LAUNCH-NEXT: return exo_rt::rejectLaunch("pair_rows: tensor C is not 8-byte aligned, as the kernel's vector accesses need");

// An m64n8 tile has one 8-column block, no neighbour block to swap with:
// pairs, even though N is a multiple of 16.
!Dt8 = !exo.tensor<[64, 8], f32, wgmma_accum>
!D8 = !exo.window<[64, 8], f32, wgmma_accum>
!Cw8 = !exo.window<[64, 8], f32, gmem>
exo.proc @n8_tile(%M: index, %N: index, %C: !Cg)
    requires affine_set<()[M, N] : (N mod 16 == 0, M - 64 >= 0, N - 16 >= 0)> {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to 1 cuda_tasks {
      %D = exo.alloc : !Dt8
      %d = exo.window %D[:, :] : !Dt8 -> !D8
      %c = exo.window %C[0 :+ 64, 0 :+ 8] : !Cg -> !Cw8
      exo.call #exo.wgmma_store<n = 8, dst = gmem>(%c, %d) : (!Cw8, !D8)
    }
  }
}
// CHECK-LABEL: llvm.func @n8_tile
// CHECK-NOT: nvvm.shfl.sync
// CHECK-COUNT-2: llvm.store %{{.*}}, %{{.*}} {alignment = 8 : i64} : vector<2xf32>, !llvm.ptr<1>
// CHECK-NOT: llvm.store
// CHECK: llvm.return

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

// A window that may reach past the end of C (oob, a partial tile): one
// branch on whether the window lies wholly inside C (its rows end at or
// before M, its columns at or before N, and neither end wraps around, as a
// negative offset's would: compared unsigned, like each element's test). Inside, the full window's
// unpredicated 16-byte stores; past the end, each 16-byte store is one
// predicated st.global.v4 on its first element's row and column (a run of
// four lies inside or outside as a whole).
exo.proc @partial_tile(%M: index, %N: index, %C: !Cg)
    requires affine_set<()[M, N] : (N mod 4 == 0, M - 1 >= 0, N - 4 >= 0)> {
  %c16 = arith.constant 16 : index
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to 3 cuda_tasks {
      %D = exo.alloc : !Dt
      %n0 = arith.muli %t, %c16 : index
      %d = exo.window %D[:, :] : !Dt -> !D
      %c = exo.window oob %C[0 :+ 64, %n0 :+ 16] : !Cg -> !Cw
      exo.call #exo.wgmma_store<n = 16, dst = gmem>(%c, %d) : (!Cw, !D)
    }
  }
}
// CHECK-LABEL: llvm.func @partial_tile
// CHECK: %[[RE:.*]] = arith.addi %[[R:.*]], %c64_i64{{.*}} : i64
// CHECK-NEXT: %[[RIN:.*]] = arith.cmpi ule, %[[RE]], %arg0 : i64
// CHECK-NEXT: %[[RW:.*]] = arith.cmpi ult, %[[R]], %[[RE]] : i64
// CHECK-NEXT: %[[RALL:.*]] = arith.andi %[[RIN]], %[[RW]] : i1
// CHECK: %[[CE:.*]] = arith.addi %[[C:.*]], %c16_i64{{.*}} : i64
// CHECK-NEXT: %[[CIN:.*]] = arith.cmpi ule, %[[CE]], %arg1 : i64
// CHECK-NEXT: %[[CW:.*]] = arith.cmpi ult, %[[C]], %[[CE]] : i64
// CHECK-NEXT: %[[CALL:.*]] = arith.andi %[[CIN]], %[[CW]] : i1
// CHECK-NEXT: %[[WHOLE:.*]] = arith.andi %[[RALL]], %[[CALL]] : i1
// CHECK-NEXT: scf.if %[[WHOLE]] {
// CHECK-NOT: llvm.inline_asm
// CHECK: llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : vector<4xf32>, !llvm.ptr<1>
// CHECK-NOT: llvm.inline_asm
// CHECK: llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : vector<4xf32>, !llvm.ptr<1>
// CHECK-NOT: llvm.inline_asm
// CHECK: } else {
// CHECK-NOT: llvm.store
// CHECK: nvvm.shfl.sync
// CHECK: nvvm.shfl.sync
// CHECK-NOT: scf.if
// CHECK: %[[R0:.*]] = arith.cmpi ult, %{{.*}}, %arg0 : i64
// CHECK-NEXT: %{{.*}} = arith.addi
// CHECK-NEXT: %[[C0:.*]] = arith.cmpi ult, %{{.*}}, %arg1 : i64
// CHECK-NEXT: %[[P0:.*]] = arith.andi %[[R0]], %[[C0]] : i1
// CHECK: %[[W0:.*]] = arith.extui %[[P0]] : i1 to i32
// CHECK-NEXT: llvm.inline_asm has_side_effects {{.*}}"{\0A\09.reg .pred p;\0A\09setp.ne.b32 p, $5, 0;\0A\09@p st.global.v4.b32 [$0], {$1, $2, $3, $4};\0A\09}", "l,r,r,r,r,r" %{{.*}}, %[[W0]]
// CHECK: nvvm.shfl.sync
// CHECK: nvvm.shfl.sync
// CHECK-NOT: scf.if
// CHECK: %[[R1:.*]] = arith.cmpi ult, %{{.*}}, %arg0 : i64
// CHECK-NEXT: %{{.*}} = arith.addi
// CHECK-NEXT: %[[C1:.*]] = arith.cmpi ult, %{{.*}}, %arg1 : i64
// CHECK-NEXT: %[[P1:.*]] = arith.andi %[[R1]], %[[C1]] : i1
// CHECK: %[[W1:.*]] = arith.extui %[[P1]] : i1 to i32
// CHECK-NEXT: llvm.inline_asm has_side_effects {{.*}}"{\0A\09.reg .pred p;\0A\09setp.ne.b32 p, $5, 0;\0A\09@p st.global.v4.b32 [$0], {$1, $2, $3, $4};\0A\09}", "l,r,r,r,r,r" %{{.*}}, %[[W1]]
// CHECK-NOT: llvm.store
// CHECK-NOT: scf.if
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
      exo.call #exo.wgmma_store<n = 16, dst = gmem>(%c, %d) : (!Cw, !D)
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

// N pinned to 16 by `requires` (N - 16 == 0): the kernel uses the constant,
// so the rows are 16 elements long and the stores are quads (as @any_rows
// would be with N known).
exo.proc @pinned_rows(%M: index, %N: index, %C: !Cg)
    requires affine_set<()[M, N] : (M - 64 >= 0, N - 16 == 0)> {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to 1 cuda_tasks {
      %D = exo.alloc : !Dt
      %d = exo.window %D[:, :] : !Dt -> !D
      %c = exo.window %C[0 :+ 64, 0 :+ 16] : !Cg -> !Cw
      exo.call #exo.wgmma_store<n = 16, dst = gmem>(%c, %d) : (!Cw, !D)
    }
  }
}
// CHECK-LABEL: llvm.func @pinned_rows
// CHECK: llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : vector<4xf32>, !llvm.ptr<1>
// CHECK: llvm.return
// LAUNCH-LABEL: inline const char *pinned_rows_rejects(
// LAUNCH: if (!((N + int64_t(-16)) == 0))
// LAUNCH-LABEL: inline CUresult pinned_rows(
// LAUNCH: if (C % 16)

// A partial tile of a three-dimensional tensor (an attention output's
// [head, row, column]): the window spans the last two dimensions, the head
// is a single index. Wholly inside (the head, its rows and its columns), the
// plain stores; otherwise each element is stored only where its row, its
// column and the head are inside the tensor (three comparisons per store).
!CH3 = !exo.tensor<[H, M, N], f32, gmem>
exo.proc @partial_tile_3d(%H: index, %M: index, %N: index, %C: !CH3)
    requires affine_set<()[H, M, N] : (H - 1 >= 0, M - 1 >= 0, N - 1 >= 0)> {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %H cuda_tasks {
      %D = exo.alloc : !Dt
      %d = exo.window %D[:, :] : !Dt -> !D
      %c = exo.window oob %C[%t, 0 :+ 64, 0 :+ 16] : !CH3 -> !Cw
      exo.call #exo.wgmma_store<n = 16, dst = gmem>(%c, %d) : (!Cw, !D)
    }
  }
}
// CHECK-LABEL: llvm.func @partial_tile_3d
// CHECK-SAME: (%[[H:arg0]]: i64, %[[M:arg1]]: i64, %[[N:arg2]]: i64
// CHECK: arith.cmpi ule, %{{.*}}, %[[H]] : i64
// CHECK: arith.cmpi ule, %{{.*}}, %[[M]] : i64
// CHECK: arith.cmpi ule, %{{.*}}, %[[N]] : i64
// CHECK: scf.if
// CHECK-COUNT-8: llvm.store %{{.*}}, %{{.*}} {alignment = 4 : i64} : f32, !llvm.ptr<1>
// CHECK-NEXT: } else {
// CHECK: %[[R:.*]] = arith.cmpi ult, %{{.*}}, %[[M]] : i64
// CHECK: %[[C:.*]] = arith.cmpi ult, %{{.*}}, %[[N]] : i64
// CHECK-NEXT: %[[RC:.*]] = arith.andi %[[R]], %[[C]] : i1
// CHECK: %[[HD:.*]] = arith.cmpi ult, %{{.*}}, %[[H]] : i64
// CHECK-NEXT: %[[IN:.*]] = arith.andi %[[RC]], %[[HD]] : i1
// CHECK: %[[W:.*]] = arith.extui %[[IN]] : i1 to i32
// CHECK-NEXT: llvm.inline_asm has_side_effects {{.*}}"{\0A\09.reg .pred p;\0A\09setp.ne.b32 p, $2, 0;\0A\09@p st.global.b32 [$0], $1;\0A\09}", "l,r,r" %{{.*}}, %{{.*}}, %[[W]]
// CHECK: llvm.return
