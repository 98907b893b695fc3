// RUN: exo-gpu-opt %s -exo-lower-to-nvvm | FileCheck %s
// RUN: exo-gpu-opt %s -exo-to-ptx | exo-gpu-translate --exo-extract-ptx | FileCheck %s --check-prefix=PTX
// RUN: %if ptxas %{ exo-gpu-opt %s -exo-to-ptx | exo-gpu-translate --exo-extract-ptx > %t.ptx && ptxas -arch=sm_90a %t.ptx -o %t.cubin %}

// Register arrays of element types that LLVM does not have hold what their
// accesses load and store: an fp8 value as its byte, a tf32 value as an
// f32 (the translation to LLVM IR crashed on an array of fp8).
// CHECK-LABEL: llvm.func @regs_narrow
// CHECK: llvm.alloca %{{.*}} x !llvm.array<16 x i8>
// CHECK: llvm.alloca %{{.*}} x !llvm.array<4 x f32>
// PTX-LABEL: .entry regs_narrow(
// PTX: ld.global.b8
// PTX: st.global.b8
// PTX: ld.global.b32
// PTX: st.global.b32
!G8 = !exo.tensor<[N, 16], f8E4M3FN, gmem>
!Gt = !exo.tensor<[N, 4], tf32, gmem>
exo.proc @regs_narrow(%N: index, %a: !G8, %b: !G8, %x: !Gt, %y: !Gt) {
  exo.device_function(blockDim = 32) {
    exo.for %t = 0 to %N cuda_tasks {
      exo.for %l = 0 to 32 cuda_threads<thread> {
        %c0 = arith.constant 0 : index
        %eq = arith.cmpi eq, %l, %c0 : index
        exo.if %eq {
          %r8 = exo.alloc : !exo.tensor<[16], f8E4M3FN, regs>
          %rt = exo.alloc : !exo.tensor<[4], tf32, regs>
          exo.for %i = 0 to 16 seq {
            %v = exo.read %a[%t, %i] : !G8
            exo.assign %r8[%i] = %v : !exo.tensor<[16], f8E4M3FN, regs>
          }
          exo.for %i = 0 to 16 seq {
            %v = exo.read %r8[%i] : !exo.tensor<[16], f8E4M3FN, regs>
            exo.assign %b[%t, %i] = %v : !G8
          }
          exo.for %i = 0 to 4 seq {
            %v = exo.read %x[%t, %i] : !Gt
            exo.assign %rt[%i] = %v : !exo.tensor<[4], tf32, regs>
          }
          exo.for %i = 0 to 4 seq {
            %v = exo.read %rt[%i] : !exo.tensor<[4], tf32, regs>
            exo.assign %y[%t, %i] = %v : !Gt
          }
        }
      }
    }
  }
}
