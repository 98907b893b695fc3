// RUN: exo-gpu-opt %s -exo-lower-to-nvvm | FileCheck %s
// RUN: exo-gpu-opt %s -exo-to-ptx | exo-gpu-translate --exo-extract-ptx | FileCheck %s --check-prefix=PTX
// RUN: %if ptxas %{ exo-gpu-opt %s -exo-to-ptx | exo-gpu-translate --exo-extract-ptx > %t.ptx && ptxas -arch=sm_90a %t.ptx -o %t.cubin %}

// Accesses that may fall outside their global tensor (oob, the partial
// tiles drop_bounds_guard leaves) happen only where the element lies
// inside: outside, a read gives 0 and a write or an add does nothing, as
// the program's meaning says. A thread per element of a partial last task;
// reads of 32-, 16- and 8-bit elements.
!x = !exo.tensor<[N], f32, gmem>
!h = !exo.tensor<[N], bf16, gmem>
!q = !exo.tensor<[N], f8E4M3FN, gmem>
exo.proc @oob_elements(%N: index, %x: !x, %hx: !h, %qx: !q, %y: !x, %z: !x,
                       %hz: !h)
    requires affine_set<()[N] : (N - 1 >= 0)> {
  %c127 = arith.constant 127 : index
  %c128 = arith.constant 128 : index
  %n = arith.addi %N, %c127 : index
  %tasks = arith.divui %n, %c128 : index
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %tasks cuda_tasks {
      %base = arith.muli %t, %c128 : index
      exo.for %i = 0 to 128 cuda_threads<thread> {
        %k = arith.addi %base, %i : index
        %v = exo.read oob %x[%k] : !x
        %hv = exo.read oob %hx[%k] : !h
        %qv = exo.read oob %qx[%k] : !q
        %hf = arith.extf %hv : bf16 to f32
        %qf = arith.extf %qv : f8E4M3FN to f32
        %s = arith.addf %v, %hf : f32
        %s2 = arith.addf %s, %qf : f32
        exo.reduce oob %y[%k] += %s2 : !x
        exo.assign oob %z[%k] = %s2 : !x
        exo.assign oob %hz[%k] = %hv : !h
      }
    }
  }
}

// A read: the element's index below N (unsigned: a negative one is
// outside too), then an ordinary load from the element's address inside and
// from the module's zero pad outside (no branch).
// CHECK: llvm.mlir.global internal constant @exo_zero_pad() {addr_space = 1 : i32, alignment = 16 : i64} : !llvm.array<64 x i8> {
// CHECK-NEXT: %[[ZERO:.*]] = llvm.mlir.zero : !llvm.array<64 x i8>
// CHECK-NEXT: llvm.return %[[ZERO]]
// CHECK-LABEL: llvm.func @oob_elements
// CHECK: %[[IN:.*]] = arith.cmpi ult, %{{.*}}, %{{.*}} : i64
// CHECK-NEXT: %[[PAD:.*]] = llvm.mlir.addressof @exo_zero_pad : !llvm.ptr<1>
// CHECK-NEXT: %[[A:.*]] = llvm.select %[[IN]], %{{.*}}, %[[PAD]] : i1, !llvm.ptr<1>
// CHECK-NEXT: llvm.load %[[A]] : !llvm.ptr<1> -> f32
// CHECK: %[[PAD16:.*]] = llvm.mlir.addressof @exo_zero_pad : !llvm.ptr<1>
// CHECK-NEXT: %[[A16:.*]] = llvm.select %{{.*}}, %{{.*}}, %[[PAD16]] : i1, !llvm.ptr<1>
// CHECK-NEXT: llvm.load %[[A16]] : !llvm.ptr<1> -> bf16
// CHECK: %[[PAD8:.*]] = llvm.mlir.addressof @exo_zero_pad : !llvm.ptr<1>
// CHECK-NEXT: %[[A8:.*]] = llvm.select %{{.*}}, %{{.*}}, %[[PAD8]] : i1, !llvm.ptr<1>
// CHECK-NEXT: llvm.load %[[A8]] : !llvm.ptr<1> -> i8
// The add: all of it (load, add, store) only inside.
// CHECK: %[[IN2:.*]] = arith.cmpi ult, %{{.*}}, %{{.*}} : i64
// CHECK-NEXT: scf.if %[[IN2]] {
// CHECK-NEXT: llvm.load
// CHECK-NEXT: arith.addf
// CHECK-NEXT: llvm.store
// A 32-bit write: one predicated store (no branch); a 16-bit one: a store
// under scf.if.
// CHECK: %[[IN3:.*]] = arith.cmpi ult, %{{.*}}, %{{.*}} : i64
// CHECK: %[[W3:.*]] = arith.extui %[[IN3]] : i1 to i32
// CHECK-NEXT: llvm.inline_asm has_side_effects {{.*}}"{\0A\09.reg .pred p;\0A\09setp.ne.b32 p, $2, 0;\0A\09@p st.global.b32 [$0], $1;\0A\09}", "l,r,r" %{{.*}}, %{{.*}}, %[[W3]]
// CHECK: %[[IN4:.*]] = arith.cmpi ult, %{{.*}}, %{{.*}} : i64
// CHECK-NEXT: scf.if %[[IN4]] {
// CHECK-NEXT: llvm.store %{{.*}}, %{{.*}} : bf16, !llvm.ptr<1>

// PTX: .global .align 16 .b8 exo_zero_pad[64];
// PTX-LABEL: .entry oob_elements(
// PTX-NOT: @p ld
// PTX: mov.b64 [[PAD:%rd[0-9]+]], exo_zero_pad;
// PTX-NOT: @p ld
// PTX: selp.b64 [[A:%rd[0-9]+]], %rd{{[0-9]+}}, [[PAD]], %p{{[0-9]+}};
// PTX-NEXT: ld.global.b{{8|16|32}} %{{r|rs}}{{[0-9]+}}, {{\[}}[[A]]{{\]}};
// PTX-NOT: @p ld

// Where the last extent is a multiple of a power of 2 g (here N mod 8 ==
// 0), an element lies inside exactly where the first of its aligned group
// of 8 does: the comparison is of the index rounded down to a multiple of 8,
// one selection of the group's first element or the zero pad serves the
// group's reads, and each read adds its own offset in the group to it (at
// most 7 elements, inside the pad's 64 bytes). A thread reads the pair at
// columns 2i and 2i + 1 and writes their sum at 2i.
exo.proc @oob_grouped(%N: index, %x: !x, %z: !x)
    requires affine_set<()[N] : (N mod 8 == 0, N - 8 >= 0)> {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c127 = arith.constant 127 : index
  %c128 = arith.constant 128 : index
  %n = arith.addi %N, %c127 : index
  %tasks = arith.divui %n, %c128 : index
  exo.device_function(blockDim = 64) {
    exo.for %t = 0 to %tasks cuda_tasks {
      %base = arith.muli %t, %c128 : index
      exo.for %i = 0 to 64 cuda_threads<thread> {
        %i2 = arith.muli %i, %c2 : index
        %k = arith.addi %base, %i2 : index
        %k1 = arith.addi %k, %c1 : index
        %a = exo.read oob %x[%k] : !x
        %b = exo.read oob %x[%k1] : !x
        %s = arith.addf %a, %b : f32
        exo.assign oob %z[%k] = %s : !x
      }
    }
  }
}

// CHECK-LABEL: llvm.func @oob_grouped
// CHECK: %[[SEVEN:.*]] = arith.constant 7 : i64
// CHECK-NEXT: %[[IN0:.*]] = arith.andi %[[K0:.*]], %[[SEVEN]] : i64
// CHECK-NEXT: %[[MASK:.*]] = arith.constant -8 : i64
// CHECK-NEXT: %[[G0:.*]] = arith.andi %[[K0]], %[[MASK]] : i64
// CHECK-NEXT: %[[C0:.*]] = arith.cmpi ult, %[[G0]], %{{.*}} : i64
// CHECK: %[[F0:.*]] = llvm.getelementptr
// CHECK-NEXT: %[[PAD:.*]] = llvm.mlir.addressof @exo_zero_pad : !llvm.ptr<1>
// CHECK-NEXT: %[[P0:.*]] = llvm.select %[[C0]], %[[F0]], %[[PAD]] : i1, !llvm.ptr<1>
// CHECK: %[[O0:.*]] = arith.muli %[[IN0]], %{{.*}} : i64
// CHECK-NEXT: %[[A0:.*]] = llvm.getelementptr %[[P0]][%[[O0]]]
// CHECK-NEXT: llvm.load %[[A0]] : !llvm.ptr<1> -> f32
// CHECK: arith.andi %{{.*}}, %{{.*}} : i64
// CHECK: llvm.select
// CHECK: llvm.getelementptr
// CHECK-NEXT: llvm.load %{{.*}} : !llvm.ptr<1> -> f32
// CHECK: arith.constant -8 : i64
// CHECK-NEXT: %[[GS:.*]] = arith.andi
// CHECK-NEXT: %[[CS:.*]] = arith.cmpi ult, %[[GS]], %{{.*}} : i64
// CHECK: %[[WS:.*]] = arith.extui %[[CS]] : i1 to i32
// CHECK-NEXT: llvm.inline_asm has_side_effects {{.*}}@p st.global.b32{{.*}}%[[WS]]

// After LLVM's optimizations both reads take their address from one
// selection and one comparison, the second at a constant offset.
// PTX-LABEL: .entry oob_grouped(
// PTX: setp.lt.u64 [[C:%p[0-9]+]],
// PTX-NOT: setp
// PTX: selp.b64 [[Q:%rd[0-9]+]], %rd{{[0-9]+}}, %rd{{[0-9]+}}, [[C]];
// PTX-NEXT: add.s64 [[A:%rd[0-9]+]], [[Q]], %rd{{[0-9]+}};
// PTX-NEXT: ld.global.b32 %r{{[0-9]+}}, {{\[}}[[A]]{{\]}};
// PTX-NEXT: ld.global.b32 %r{{[0-9]+}}, {{\[}}[[A]]+4{{\]}};

// Vector loads and stores of an oob window: the 4 elements lie all inside
// or all outside (the window's first column and the row length are
// multiples of 4), so each is decided on the first element's position,
// with no branch: the load reads the zero pad outside, the store is one
// predicated instruction.
!A = !exo.tensor<[M, K], f32, gmem>
!V4 = !exo.window<[4], f32, gmem>
!R = !exo.tensor<[4], f32, regs>
!R4 = !exo.window<[4], f32, regs>
exo.proc @oob_vectors(%M: index, %K: index, %A: !A, %B: !A)
    requires affine_set<()[M, K] : (K mod 4 == 0, M - 1 >= 0, K - 4 >= 0)> {
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c31 = arith.constant 31 : index
  %c32 = arith.constant 32 : index
  %k3 = arith.addi %K, %c31 : index
  %steps = arith.divui %k3, %c32 : index
  exo.device_function(blockDim = 32) {
    exo.for %m = 0 to %M cuda_tasks {
      exo.for %l = 0 to 8 cuda_threads<thread> {
        %l4 = arith.muli %l, %c4 : index
        exo.for %s = 0 to %steps seq {
          %s32 = arith.muli %s, %c32 : index
          %k = arith.addi %s32, %l4 : index
          %r = exo.alloc : !R
          %rw = exo.window %r[0 :+ 4] : !R -> !R4
          %src = exo.window oob %A[%m, %k :+ 4] : !A -> !V4
          exo.call #exo.global<kind = load, width = 4, dtype = f32>(%rw, %src) : (!R4, !V4)
          %dst = exo.window oob %B[%m, %k :+ 4] : !A -> !V4
          exo.call #exo.global<kind = store, width = 4, dtype = f32>(%dst, %rw) : (!V4, !R4)
        }
      }
    }
  }
}

// CHECK-LABEL: llvm.func @oob_vectors
// CHECK: %[[PAD:.*]] = llvm.mlir.addressof @exo_zero_pad : !llvm.ptr<1>
// CHECK-NEXT: %[[A:.*]] = llvm.select %{{.*}}, %{{.*}}, %[[PAD]] : i1, !llvm.ptr<1>
// CHECK-NEXT: llvm.load %[[A]] {alignment = 16 : i64} : !llvm.ptr<1> -> vector<4xf32>
// CHECK: llvm.inline_asm has_side_effects {{.*}}"{\0A\09.reg .pred p;\0A\09setp.ne.b32 p, $5, 0;\0A\09@p st.global.v4.b32 [$0], {$1, $2, $3, $4};\0A\09}", "l,r,r,r,r,r"

// PTX-LABEL: .entry oob_vectors(
// PTX: selp.b64 [[A:%rd[0-9]+]], %rd{{[0-9]+}}, %rd{{[0-9]+}}, %p{{[0-9]+}};
// PTX-NOT: bra
// PTX: ld.global.v4.b32 {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}}, {{\[}}[[A]]{{\]}};
// PTX-NOT: bra
// PTX: @p st.global.v4.b32


// An atomic add past the end of its tensor does nothing.
!y = !exo.tensor<[N], f32, gmem>
!Y1 = !exo.window<[1], f32, gmem>
!R1t = !exo.tensor<[1], f32, regs>
!R1 = !exo.window<[1], f32, regs>
exo.proc @oob_red_add(%N: index, %y: !y)
    requires affine_set<()[N] : (N - 1 >= 0)> {
  %c127 = arith.constant 127 : index
  %c128 = arith.constant 128 : index
  %one = arith.constant 1.0 : f32
  %n = arith.addi %N, %c127 : index
  %tasks = arith.divui %n, %c128 : index
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %tasks cuda_tasks {
      %base = arith.muli %t, %c128 : index
      exo.for %i = 0 to 128 cuda_threads<thread> {
        %k = arith.addi %base, %i : index
        %r = exo.alloc : !R1t
        exo.assign %r[0] = %one : !R1t
        %rw = exo.window %r[0 :+ 1] : !R1t -> !R1
        %dst = exo.window oob %y[%k :+ 1] : !y -> !Y1
        exo.call #exo.global<kind = red_add, width = 1, dtype = f32>(%dst, %rw) : (!Y1, !R1)
      }
    }
  }
}

// CHECK-LABEL: llvm.func @oob_red_add
// CHECK: %[[IN:.*]] = arith.cmpi ult
// CHECK-NEXT: scf.if %[[IN]] {
// CHECK: llvm.atomicrmw fadd

// PTX-LABEL: .entry oob_red_add(
// PTX: setp.ge.u64 %[[OUT:p[0-9]+]]
// PTX-NEXT: @%[[OUT]] bra
// PTX-NEXT: atom.global.add.f32
