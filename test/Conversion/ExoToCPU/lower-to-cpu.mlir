// RUN: exo-gpu-opt %s -split-input-file -exo-lower-to-cpu | FileCheck %s
// The lowered code is plain upstream IR: the stock pipeline takes it to LLVM.
// RUN: exo-gpu-opt %s -split-input-file -exo-lower-to-cpu | mlir-opt -split-input-file -convert-scf-to-cf -expand-strided-metadata -finalize-memref-to-llvm -convert-arith-to-llvm -convert-func-to-llvm -convert-cf-to-llvm -reconcile-unrealized-casts | FileCheck %s --check-prefix=LLVM

// A sequential proc becomes a func over strided memrefs that keeps the exo
// argument names; loops become scf.for, a reduce a load-add-store.
// CHECK-LABEL: func.func @axpy
// CHECK-SAME: (%[[N:.*]]: index {exo.name = "N"}, %[[A:.*]]: f32 {exo.name = "a"}, %[[X:.*]]: memref<?xf32, strided<[?], offset: ?>> {exo.name = "x"}, %[[Y:.*]]: memref<?xf32, strided<[?], offset: ?>> {exo.name = "y"})
// CHECK: scf.for %[[I:.*]] = %{{.*}} to %[[N]] step %{{.*}} {
// CHECK-NEXT: %[[V:.*]] = memref.load %[[X]][%[[I]]]
// CHECK-NEXT: %[[P:.*]] = arith.mulf %[[A]], %[[V]] : f32
// CHECK-NEXT: %[[OLD:.*]] = memref.load %[[Y]][%[[I]]]
// CHECK-NEXT: %[[S:.*]] = arith.addf %[[OLD]], %[[P]] : f32
// CHECK-NEXT: memref.store %[[S]], %[[Y]][%[[I]]]
// LLVM-LABEL: llvm.func @axpy
exo.proc @axpy(%N: index, %a: f32, %x: !exo.tensor<[N], f32, dram>,
               %y: !exo.tensor<[N], f32, dram>) {
  exo.for %i = 0 to %N seq {
    %v = exo.read %x[%i] : !exo.tensor<[N], f32, dram>
    %p = arith.mulf %a, %v : f32
    exo.reduce %y[%i] += %p : !exo.tensor<[N], f32, dram>
  }
}

// -----

// GPU annotations vanish: the device function and warp selection are
// inlined, cuda_tasks and cuda_threads loops are sequential loops, barriers
// and sync statements disappear, a register tensor is an ordinary buffer
// freed at the end of its block, a window is a subview, and a call calls the
// lowered instruction.
// CHECK-LABEL: func.func @copy8
// CHECK-NOT: {{ exo\.}}
// CHECK: memref.store
// CHECK-LABEL: func.func @kernel
// CHECK-NOT: {{ exo\.}}
// CHECK: scf.for %[[T:.*]] = %{{.*}} to %{{.*}} step
// CHECK: scf.for %[[W:.*]] = %{{.*}} to %{{.*}} step
// CHECK: %[[BUF:.*]] = memref.alloc(%{{.*}}, %{{.*}}) : memref<?x?xf32>
// CHECK: %[[R:.*]] = memref.cast %[[BUF]] : memref<?x?xf32> to memref<?x?xf32, strided<[?, ?], offset: ?>>
// CHECK: %[[SV:.*]] = memref.subview %{{.*}}[%[[T]], %{{.*}}] [1, 8] [1, 1] : memref<?x?xf32, strided<[?, ?], offset: ?>> to memref<8xf32, strided<[?], offset: ?>>
// CHECK: %[[WIN:.*]] = memref.cast %[[SV]]
// CHECK: %[[DIM:.*]] = memref.dim %[[R]]
// CHECK: %[[RW:.*]] = memref.subview %[[R]][%[[W]], 0] [1, %[[DIM]]] [1, 1] : memref<?x?xf32, strided<[?, ?], offset: ?>> to memref<?xf32, strided<[?], offset: ?>>
// CHECK: call @copy8(%[[RW]], %[[WIN]])
// CHECK: memref.dealloc %[[BUF]]
exo.proc @copy8(%dst: !exo.window<[8], f32, regs> {exo.access = #exo.access<write>},
                %src: !exo.window<[8], f32, gmem> {exo.access = #exo.access<read>})
    instr<unit = thread, timeline = cuda_in_order, lowering = "copy"> {
  exo.for %i = 0 to 8 seq {
    %v = exo.read %src[%i] : !exo.window<[8], f32, gmem>
    exo.assign %dst[%i] = %v : !exo.window<[8], f32, regs>
  }
}

exo.proc @kernel(%T: index, %G: !exo.tensor<[T, 256], f32, gmem>) {
  exo.device_function(blockDim = 32, clusterDim = 1) {
    exo.for %t = 0 to %T cuda_tasks {
      exo.for %w = 0 to 32 cuda_threads<thread> {
        %r = exo.alloc : !exo.tensor<[32, 8], f32, regs>
        %bar = exo.alloc : !exo.barrier<cp_async_group>
        %c8 = arith.constant 8 : index
        %off = arith.muli %w, %c8 : index
        %src = exo.window %G[%t, %off :+ 8] : !exo.tensor<[T, 256], f32, gmem> -> !exo.window<[8], f32, gmem>
        %dst = exo.window %r[%w, :] : !exo.tensor<[32, 8], f32, regs> -> !exo.window<[8], f32, regs>
        exo.call @copy8(%dst, %src) : (!exo.window<[8], f32, regs>, !exo.window<[8], f32, gmem>)
        exo.arrive(cp_async) >> %bar : !exo.barrier<cp_async_group>
        exo.await(%bar, cuda_in_order, 0) : !exo.barrier<cp_async_group>
        exo.fence(cuda_in_order, cuda_in_order)
      }
    }
  }
}

// -----

// tf32 values are held in f32: truncation toward zero masks the low 13
// mantissa bits, the default rounding adds the round-to-nearest-even bias;
// NaN is kept; the extension back to f32 is the identity.
// CHECK-LABEL: func.func @tf32
// CHECK: %[[B:.*]] = arith.bitcast %{{.*}} : f32 to i32
// CHECK: %[[M:.*]] = arith.constant -8192 : i32
// CHECK: %[[T:.*]] = arith.andi %[[B]], %[[M]] : i32
// CHECK: %[[F:.*]] = arith.bitcast %[[T]] : i32 to f32
// CHECK: arith.cmpf uno
// CHECK: %[[Z:.*]] = arith.select
// CHECK: memref.store %[[Z]]
// CHECK: %[[B2:.*]] = arith.bitcast %{{.*}} : f32 to i32
// CHECK: arith.shrui %[[B2]]
// CHECK: arith.constant 4095 : i32
// CHECK: %[[Z2:.*]] = arith.select
// CHECK: memref.store %[[Z2]]
// CHECK-NOT: tf32
exo.proc @tf32(%x: !exo.tensor<[2], f32, dram>) {
  %v = exo.read %x[0] : !exo.tensor<[2], f32, dram>
  %t = arith.truncf %v toward_zero : f32 to tf32
  %e = arith.extf %t : tf32 to f32
  exo.assign %x[0] = %e : !exo.tensor<[2], f32, dram>
  %t2 = arith.truncf %v : f32 to tf32
  %e2 = arith.extf %t2 : tf32 to f32
  exo.assign %x[1] = %e2 : !exo.tensor<[2], f32, dram>
}
