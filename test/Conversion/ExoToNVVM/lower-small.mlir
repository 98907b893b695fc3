// RUN: exo-gpu-opt %s -exo-lower-to-nvvm | FileCheck %s
// RUN: exo-gpu-opt %s -exo-to-ptx | exo-gpu-translate --exo-extract-ptx | FileCheck %s --check-prefix=PTX
// RUN: %if ptxas %{ exo-gpu-opt %s -exo-to-ptx | exo-gpu-translate --exo-extract-ptx > %t.ptx && ptxas -arch=sm_90a %t.ptx -o %t.cubin %}

// A small kernel without shared memory or synchronization:
// y[k] = a * x[k] + y[k]. One CTA of 128 threads per task of 128 elements;
// warps 2 and 3 (threads 64-127) do the work, each thread handling two
// elements in a seq loop.
!x = !exo.tensor<[N], f32, gmem>
exo.proc @saxpy(%N: index, %a: f32, %x: !x, %y: !x)
    requires affine_set<()[N] : (N mod 128 == 0, N - 128 >= 0)> {
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %Nt = arith.divui %N, %c128 : index
  exo.device_function(blockDim = 128, clusterDim = 1) {
    exo.for %t = 0 to %Nt cuda_tasks {
      %base = arith.muli %t, %c128 : index
      exo.warps 2 to 4 {
        exo.for %i = 0 to 64 cuda_threads<thread> {
          exo.for %j = 0 to 2 seq {
            %j64 = arith.muli %j, %c64 : index
            %bj = arith.addi %base, %j64 : index
            %k = arith.addi %bj, %i : index
            %xv = exo.read %x[%k] : !x
            %yv = exo.read %y[%k] : !x
            %ax = arith.mulf %a, %xv : f32
            %r = arith.addf %ax, %yv : f32
            exo.assign %y[%k] = %r : !x
          }
        }
      }
    }
  }
}

// The launch description: no shared memory, the parameters in the proc's
// order, and the proc's requirement.
// CHECK: module attributes {exo.kernels = [#exo.kernel<name = "saxpy", block_dim = 128, cluster_dim = 1, blocks_per_sm = 1, smem_bytes = 0, params = [#exo.kernel_param<name = "N", kind = index>, #exo.kernel_param<name = "a", kind = scalar, element = f32>, #exo.kernel_param<name = "x", kind = gmem, element = f32, dims = ["N"]>, #exo.kernel_param<name = "y", kind = gmem, element = f32, dims = ["N"]>], requirements = #{{.*}}>], gpu.container_module}
// CHECK-NOT: exo.proc
// CHECK: gpu.module @exo_kernels [#nvvm.target<O = 3, chip = "sm_90a", features = "+ptx81">]
// CHECK: llvm.mlir.global external @exo_dynamic_smem() {addr_space = 3 : i32, alignment = 1024 : i64} : !llvm.array<0 x i8>

// The kernel: index -> i64, f32 as is, gmem tensors -> global pointers; one
// CTA of 128 threads, no cluster.
// CHECK-LABEL: llvm.func @saxpy(
// CHECK-SAME: %[[N:[a-z0-9]+]]: i64, %[[A:[a-z0-9]+]]: f32, %[[X:[a-z0-9]+]]: !llvm.ptr<1>, %[[Y:[a-z0-9]+]]: !llvm.ptr<1>)
// CHECK-SAME: attributes {nvvm.kernel, nvvm.minctasm = 1 : i32, nvvm.reqntid = array<i32: 128, 1, 1>}
// CHECK-NOT: nvvm.cluster_dim
// CHECK: %[[TID:.*]] = nvvm.read.ptx.sreg.tid.x : i32

// Host arithmetic is recomputed in the kernel: the number of tasks N / 128.
// CHECK: %[[C128:.*]] = arith.constant 128 : i64
// CHECK: %[[NT:.*]] = arith.divui %[[N]], %[[C128]] : i64

// The persistent loop (clusterDim 1): CTA c of G runs tasks c, c + G, ...
// CHECK: %[[DIFF:.*]] = arith.subi %[[NT]], %{{.*}} : i64
// CHECK: %[[TRIP:.*]] = arith.maxsi %[[DIFF]], %{{.*}} : i64
// CHECK: %[[TOTAL:.*]] = arith.muli %{{.*}}, %[[TRIP]] : i64
// CHECK: %[[CTAID:.*]] = nvvm.read.ptx.sreg.ctaid.x : i32
// CHECK: %[[FIRST:.*]] = arith.extui %[[CTAID]] : i32 to i64
// CHECK: %[[NCTAID:.*]] = nvvm.read.ptx.sreg.nctaid.x : i32
// CHECK: %[[STEP:.*]] = arith.extui %[[NCTAID]] : i32 to i64
// CHECK: scf.for %[[TASK:.*]] = %[[FIRST]] to %[[TOTAL]] step %[[STEP]] : i64 {
// One task loop: its index is the counter (below the trip count), no
// division.
// CHECK-NEXT: %[[T:.*]] = arith.addi %{{.*}}, %[[TASK]] : i64
// CHECK-NEXT: arith.muli %[[T]], %[[C128]] : i64

// exo.warps 2 to 4: threads 64-127 of the CTA.
// CHECK: %[[LO:.*]] = arith.constant 64 : i32
// CHECK: %[[GE:.*]] = arith.cmpi sge, %[[TID]], %[[LO]] : i32
// CHECK: %[[HI:.*]] = arith.constant 128 : i32
// CHECK: %[[LT:.*]] = arith.cmpi slt, %[[TID]], %[[HI]] : i32
// CHECK: %[[IN:.*]] = arith.andi %[[GE]], %[[LT]] : i1
// CHECK: scf.if %[[IN]] {

// The cuda_threads<thread> loop: i = (tid - 64) / 1, guarded by its range.
// CHECK: %[[BASE:.*]] = arith.constant 64 : i32
// CHECK-NEXT: %[[REL:.*]] = arith.subi %[[TID]], %[[BASE]] : i32
// CHECK-NEXT: %[[SPAN:.*]] = arith.constant 1 : i32
// CHECK-NEXT: %[[DIV:.*]] = arith.divui %[[REL]], %[[SPAN]] : i32
// CHECK-NEXT: %[[IEXT:.*]] = arith.extui %[[DIV]] : i32 to i64
// CHECK-NEXT: %[[ILB:.*]] = arith.constant 0 : i64
// CHECK-NEXT: %[[I:.*]] = arith.addi %[[IEXT]], %[[ILB]] : i64
// CHECK: arith.cmpi sge, %[[TID]]
// CHECK: arith.cmpi slt, %[[TID]]
// CHECK: scf.if

// The seq loop, then the element accesses: 4-byte elements of the global
// arrays.
// CHECK: scf.for %[[J:.*]] = %{{.*}} to %{{.*}} step %{{.*}} : i64 {
// CHECK: arith.muli %[[J]], %{{.*}} : i64
// CHECK: %[[K:.*]] = arith.addi %{{.*}}, %[[I]] : i64
// CHECK: %[[XP:.*]] = llvm.getelementptr %[[X]][%{{.*}}] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, i8
// CHECK: %[[XV:.*]] = llvm.load %[[XP]] : !llvm.ptr<1> -> f32
// CHECK: %[[YP:.*]] = llvm.getelementptr %[[Y]][%{{.*}}] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, i8
// CHECK: %[[YV:.*]] = llvm.load %[[YP]] : !llvm.ptr<1> -> f32
// CHECK: %[[AX:.*]] = arith.mulf %[[A]], %[[XV]] : f32
// CHECK: %[[R:.*]] = arith.addf %[[AX]], %[[YV]] : f32
// CHECK: %[[SP:.*]] = llvm.getelementptr %[[Y]][%{{.*}}] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, i8
// CHECK: llvm.store %[[R]], %[[SP]] : f32, !llvm.ptr<1>
// CHECK: llvm.return

// PTX: .target sm_90a
// PTX: .entry saxpy(
// PTX: .reqntid 128, 1, 1
// PTX-DAG: mov.u32 {{.*}}%ctaid.x;
// PTX-DAG: mov.u32 {{.*}}%nctaid.x;
// PTX-DAG: mov.u32 {{.*}}%tid.x;
// PTX: ld.global.b32
// PTX: st.global.b32
// PTX: ret;
