// RUN: exo-gpu-opt %s -split-input-file -exo-lower-to-nvvm -verify-diagnostics | FileCheck %s

// A hand-written proc that names an instruction family's lowering is lowered
// to that hardware instruction only if it states exactly what the family
// does: the checkers read its body, the GPU runs the instruction.

// Lowered: the hand-written accumulator store equals
// #exo.wgmma_store<n = 16, dst = smem> (a tensor parameter stands for the
// family's window).
// CHECK-LABEL: llvm.func @store_ok
// CHECK: llvm.store {{.*}} : vector<2xf32>, !llvm.ptr<3>
!D = !exo.window<[64, 16], f32, wgmma_accum>
!Cs = !exo.tensor<[64, 16], f32, smem>
exo.proc @wgmma_store(%dst: !Cs {exo.access = #exo.access<write>},
                      %src: !D {exo.access = #exo.access<read>})
    instr<unit = warpgroup, timeline = cuda_in_order, lowering = "wgmma_store_d_smem"> {
  exo.for %i = 0 to 64 seq {
    exo.for %j = 0 to 16 seq {
      %v = exo.read %src[%i, %j] : !D
      exo.assign %dst[%i, %j] = %v : !Cs
    }
  }
}
exo.proc @store_ok(%N: index) {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %N cuda_tasks {
      %D = exo.alloc : !exo.tensor<[64, 16], f32, wgmma_accum>
      %C = exo.alloc : !Cs
      %d = exo.window %D[:, :] : !exo.tensor<[64, 16], f32, wgmma_accum> -> !D
      exo.call @wgmma_store(%C, %d) : (!Cs, !D)
    }
  }
}

// -----

// Refused: the body stores the negated accumulator, which the checkers and
// the CPU reference would take for the instruction's meaning.
!D = !exo.window<[64, 16], f32, wgmma_accum>
!Cs = !exo.tensor<[64, 16], f32, smem>
// expected-error @below {{'exo.proc' op has the hardware lowering "wgmma_store_d_smem" of #exo.wgmma_store<n = 16, dst = smem>, but its body is not the instruction's semantics; call the instruction by its family, or give this proc another lowering}}
exo.proc @wgmma_store(%dst: !Cs {exo.access = #exo.access<write>},
                      %src: !D {exo.access = #exo.access<read>})
    instr<unit = warpgroup, timeline = cuda_in_order, lowering = "wgmma_store_d_smem"> {
  exo.for %i = 0 to 64 seq {
    exo.for %j = 0 to 16 seq {
      %v = exo.read %src[%i, %j] : !D
      // expected-note @below {{the first operation that differs from the instruction's}}
      %w = arith.negf %v : f32
      exo.assign %dst[%i, %j] = %w : !Cs
    }
  }
}
exo.proc @store_adds(%N: index) {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %N cuda_tasks {
      %D = exo.alloc : !exo.tensor<[64, 16], f32, wgmma_accum>
      %C = exo.alloc : !Cs
      %d = exo.window %D[:, :] : !exo.tensor<[64, 16], f32, wgmma_accum> -> !D
      // expected-remark @below {{the call that lowers @wgmma_store to hardware}}
      exo.call @wgmma_store(%C, %d) : (!Cs, !D)
    }
  }
}

// -----

// Refused: the access annotation differs (the family reads src in order).
!D = !exo.window<[64, 16], f32, wgmma_accum>
!Cs = !exo.tensor<[64, 16], f32, smem>
// expected-error @below {{the access annotation of 'src' is not the instruction's}}
exo.proc @wgmma_store(%dst: !Cs {exo.access = #exo.access<write>},
                      %src: !D {exo.access = #exo.access<read, out_of_order>})
    instr<unit = warpgroup, timeline = cuda_in_order, lowering = "wgmma_store_d_smem"> {
  exo.for %i = 0 to 64 seq {
    exo.for %j = 0 to 16 seq {
      %v = exo.read %src[%i, %j] : !D
      exo.assign %dst[%i, %j] = %v : !Cs
    }
  }
}
exo.proc @store_async(%N: index) {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %N cuda_tasks {
      %D = exo.alloc : !exo.tensor<[64, 16], f32, wgmma_accum>
      %C = exo.alloc : !Cs
      %d = exo.window %D[:, :] : !exo.tensor<[64, 16], f32, wgmma_accum> -> !D
      // expected-remark @below {{the call that lowers @wgmma_store to hardware}}
      exo.call @wgmma_store(%C, %d) : (!Cs, !D)
    }
  }
}

// -----

// Refused: instr<...> differs (a memset of an i32 tensor declared on the
// device timeline instead of the host's stream).
// expected-error @below {{has the hardware lowering "cuda_memset0" of #exo.memset0<rank = 1, dtype = i32>, but its instr<...> is not the instruction's}}
exo.proc @memset(%R: index, %dst: !exo.tensor<[R], i32, gmem> {exo.access = #exo.access<write>})
    instr<unit = thread, timeline = cuda_in_order, lowering = "cuda_memset0"> {
  %z = arith.constant 0 : i32
  exo.for %i = 0 to %R seq {
    exo.assign %dst[%i] = %z : !exo.tensor<[R], i32, gmem>
  }
}
exo.proc @zero_then_launch(%N: index, %Y: !exo.tensor<[N], i32, gmem>) {
  // expected-error @below {{calls @memset, whose body is not what the launcher's memset does}}
  exo.call @memset(%N, %Y) : (index, !exo.tensor<[N], i32, gmem>)
  exo.device_function(blockDim = 32) {
    exo.for %t = 0 to %N cuda_tasks {
    }
  }
}

// -----

// Refused: an atomic accumulator reduction into shared memory. The family
// has no such instance (#exo.wgmma_store reduces into global memory only),
// so no instance's proc can be compared with this one.
!D = !exo.window<[64, 16], f32, wgmma_accum>
!Cs = !exo.tensor<[64, 16], f32, smem>
// expected-error @below {{'exo.proc' op has the hardware lowering "wgmma_red_d_gmem", but no instruction family instance has its signature; call the instruction by its family (#exo.<family><...>)}}
exo.proc @wgmma_red(%dst: !Cs {exo.access = #exo.access<read_write, atomic>},
                    %src: !D {exo.access = #exo.access<read>})
    instr<unit = warpgroup, timeline = cuda_in_order, lowering = "wgmma_red_d_gmem"> {
  exo.for %i = 0 to 64 seq {
    exo.for %j = 0 to 16 seq {
      %v = exo.read %src[%i, %j] : !D
      exo.reduce %dst[%i, %j] += %v : !Cs
    }
  }
}
exo.proc @reduce_into_smem(%N: index) {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %N cuda_tasks {
      %D = exo.alloc : !exo.tensor<[64, 16], f32, wgmma_accum>
      %C = exo.alloc : !Cs
      %d = exo.window %D[:, :] : !exo.tensor<[64, 16], f32, wgmma_accum> -> !D
      // expected-remark @below {{the call that lowers @wgmma_red to hardware}}
      exo.call @wgmma_red(%C, %d) : (!Cs, !D)
    }
  }
}

// -----

// Lowered: hand-written fp8 wgmmas (e4m3 and e5m2 operands, f32
// accumulator) equal their family instances.
// CHECK-LABEL: llvm.func @fp8_e4m3_ok
// CHECK: nvvm.wgmma.mma_async {{.*}} A[<e4m3>, <one>, <row>], B[<e4m3>, <one>, <col>]
!D = !exo.window<[64, 8], f32, wgmma_accum>
!Af = !exo.window<[64, 32], f8E4M3FN, smem_swizzle<32>>
!Bf = !exo.window<[8, 32], f8E4M3FN, smem_swizzle<32>>
exo.proc @wgmma_e4m3(%d: !D {exo.access = #exo.access<read_write>},
                     %a: !Af {exo.access = #exo.access<read, out_of_order>},
                     %b: !Bf {exo.access = #exo.access<read, out_of_order>})
    instr<unit = warpgroup, timeline = wgmma, lowering = "wgmma_f8E4M3FN", barrier = wgmma_group> {
  exo.for %m = 0 to 64 seq {
    exo.for %n = 0 to 8 seq {
      exo.for %k = 0 to 32 seq {
        %x = exo.read %a[%m, %k] : !Af
        %y = exo.read %b[%n, %k] : !Bf
        %xf = arith.extf %x : f8E4M3FN to f32
        %yf = arith.extf %y : f8E4M3FN to f32
        %p = arith.mulf %xf, %yf : f32
        exo.reduce %d[%m, %n] += %p : !D
      }
    }
  }
}
exo.proc @fp8_e4m3_ok(%N: index) {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %N cuda_tasks {
      %D = exo.alloc : !exo.tensor<[64, 8], f32, wgmma_accum>
      %A = exo.alloc : !exo.tensor<[64, 32], f8E4M3FN, smem_swizzle<32>>
      %B = exo.alloc : !exo.tensor<[8, 32], f8E4M3FN, smem_swizzle<32>>
      %d = exo.window %D[:, :] : !exo.tensor<[64, 8], f32, wgmma_accum> -> !D
      %a = exo.window %A[:, :] : !exo.tensor<[64, 32], f8E4M3FN, smem_swizzle<32>> -> !Af
      %b = exo.window %B[:, :] : !exo.tensor<[8, 32], f8E4M3FN, smem_swizzle<32>> -> !Bf
      exo.call @wgmma_e4m3(%d, %a, %b) : (!D, !Af, !Bf)
    }
  }
}

// -----

// CHECK-LABEL: llvm.func @fp8_e5m2_ok
// CHECK: nvvm.wgmma.mma_async {{.*}} A[<e5m2>, <one>, <row>], B[<e5m2>, <one>, <col>]
!D = !exo.window<[64, 8], f32, wgmma_accum>
!Af = !exo.window<[64, 32], f8E5M2, smem_swizzle<32>>
!Bf = !exo.window<[8, 32], f8E5M2, smem_swizzle<32>>
exo.proc @wgmma_e5m2(%d: !D {exo.access = #exo.access<read_write>},
                     %a: !Af {exo.access = #exo.access<read, out_of_order>},
                     %b: !Bf {exo.access = #exo.access<read, out_of_order>})
    instr<unit = warpgroup, timeline = wgmma, lowering = "wgmma_f8E5M2", barrier = wgmma_group> {
  exo.for %m = 0 to 64 seq {
    exo.for %n = 0 to 8 seq {
      exo.for %k = 0 to 32 seq {
        %x = exo.read %a[%m, %k] : !Af
        %y = exo.read %b[%n, %k] : !Bf
        %xf = arith.extf %x : f8E5M2 to f32
        %yf = arith.extf %y : f8E5M2 to f32
        %p = arith.mulf %xf, %yf : f32
        exo.reduce %d[%m, %n] += %p : !D
      }
    }
  }
}
exo.proc @fp8_e5m2_ok(%N: index) {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %N cuda_tasks {
      %D = exo.alloc : !exo.tensor<[64, 8], f32, wgmma_accum>
      %A = exo.alloc : !exo.tensor<[64, 32], f8E5M2, smem_swizzle<32>>
      %B = exo.alloc : !exo.tensor<[8, 32], f8E5M2, smem_swizzle<32>>
      %d = exo.window %D[:, :] : !exo.tensor<[64, 8], f32, wgmma_accum> -> !D
      %a = exo.window %A[:, :] : !exo.tensor<[64, 32], f8E5M2, smem_swizzle<32>> -> !Af
      %b = exo.window %B[:, :] : !exo.tensor<[8, 32], f8E5M2, smem_swizzle<32>> -> !Bf
      exo.call @wgmma_e5m2(%d, %a, %b) : (!D, !Af, !Bf)
    }
  }
}

// -----

// Refused: the lowering names e5m2 operands, the signature e4m3 ones.
!D = !exo.window<[64, 8], f32, wgmma_accum>
!Af = !exo.window<[64, 32], f8E4M3FN, smem_swizzle<32>>
!Bf = !exo.window<[8, 32], f8E4M3FN, smem_swizzle<32>>
// expected-error @below {{'exo.proc' op has the hardware lowering "wgmma_f8E5M2" of #exo.wgmma<n = 8, dtype = f8E5M2, a = sw32, b = sw32>, but its signature is not the instruction's; call the instruction by its family, or give this proc another lowering}}
exo.proc @wgmma_e4m3(%d: !D {exo.access = #exo.access<read_write>},
                     %a: !Af {exo.access = #exo.access<read, out_of_order>},
                     %b: !Bf {exo.access = #exo.access<read, out_of_order>})
    instr<unit = warpgroup, timeline = wgmma, lowering = "wgmma_f8E5M2", barrier = wgmma_group> {
  exo.for %m = 0 to 64 seq {
    exo.for %n = 0 to 8 seq {
      exo.for %k = 0 to 32 seq {
        %x = exo.read %a[%m, %k] : !Af
        %y = exo.read %b[%n, %k] : !Bf
        %xf = arith.extf %x : f8E4M3FN to f32
        %yf = arith.extf %y : f8E4M3FN to f32
        %p = arith.mulf %xf, %yf : f32
        exo.reduce %d[%m, %n] += %p : !D
      }
    }
  }
}
exo.proc @fp8_mislabelled(%N: index) {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %N cuda_tasks {
      %D = exo.alloc : !exo.tensor<[64, 8], f32, wgmma_accum>
      %A = exo.alloc : !exo.tensor<[64, 32], f8E4M3FN, smem_swizzle<32>>
      %B = exo.alloc : !exo.tensor<[8, 32], f8E4M3FN, smem_swizzle<32>>
      %d = exo.window %D[:, :] : !exo.tensor<[64, 8], f32, wgmma_accum> -> !D
      %a = exo.window %A[:, :] : !exo.tensor<[64, 32], f8E4M3FN, smem_swizzle<32>> -> !Af
      %b = exo.window %B[:, :] : !exo.tensor<[8, 32], f8E4M3FN, smem_swizzle<32>> -> !Bf
      // expected-remark @below {{the call that lowers @wgmma_e4m3 to hardware}}
      exo.call @wgmma_e4m3(%d, %a, %b) : (!D, !Af, !Bf)
    }
  }
}

// -----

// Lowered: a hand-written wgmma whose accumulator is write-only and whose
// body zeroes it before the sum is the scale-d 0 instance.
// CHECK-LABEL: llvm.func @overwrite_ok
// CHECK: nvvm.wgmma.mma_async {{.*}} D[<f32>, <zero>]
!D = !exo.window<[64, 8], f32, wgmma_accum>
!Aw = !exo.window<[64, 16], bf16, smem_swizzle<32>>
!Bw = !exo.window<[8, 16], bf16, smem_swizzle<32>>
exo.proc @wgmma_overwrite(%d: !D {exo.access = #exo.access<write>},
                          %a: !Aw {exo.access = #exo.access<read, out_of_order>},
                          %b: !Bw {exo.access = #exo.access<read, out_of_order>})
    instr<unit = warpgroup, timeline = wgmma, lowering = "wgmma_bf16", barrier = wgmma_group> {
  %z = arith.constant 0.0 : f32
  exo.for %i = 0 to 64 seq {
    exo.for %j = 0 to 8 seq {
      exo.assign %d[%i, %j] = %z : !D
    }
  }
  exo.for %m = 0 to 64 seq {
    exo.for %n = 0 to 8 seq {
      exo.for %k = 0 to 16 seq {
        %x = exo.read %a[%m, %k] : !Aw
        %y = exo.read %b[%n, %k] : !Bw
        %xf = arith.extf %x : bf16 to f32
        %yf = arith.extf %y : bf16 to f32
        %p = arith.mulf %xf, %yf : f32
        exo.reduce %d[%m, %n] += %p : !D
      }
    }
  }
}
exo.proc @overwrite_ok(%N: index) {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %N cuda_tasks {
      %D = exo.alloc : !exo.tensor<[64, 8], f32, wgmma_accum>
      %A = exo.alloc : !exo.tensor<[64, 16], bf16, smem_swizzle<32>>
      %B = exo.alloc : !exo.tensor<[8, 16], bf16, smem_swizzle<32>>
      %d = exo.window %D[:, :] : !exo.tensor<[64, 8], f32, wgmma_accum> -> !D
      %a = exo.window %A[:, :] : !exo.tensor<[64, 16], bf16, smem_swizzle<32>> -> !Aw
      %b = exo.window %B[:, :] : !exo.tensor<[8, 16], bf16, smem_swizzle<32>> -> !Bw
      exo.call @wgmma_overwrite(%d, %a, %b) : (!D, !Aw, !Bw)
    }
  }
}

// -----

// Lowered: a hand-written wgmma whose accumulator is f16 equals
// #exo.wgmma<n = 8, dtype = f16, a = sw32, b = sw32, acc = f16> (each
// product rounded to f16 and added in f16): the .f16 accumulator form.
// CHECK-LABEL: llvm.func @acc_f16_ok
// CHECK: nvvm.wgmma.mma_async {{.*}} D[<f16>, <one>], A[<f16>, <one>, <row>], B[<f16>, <one>, <col>] : !llvm.struct<(i32, i32)>
!D = !exo.window<[64, 8], f16, wgmma_accum>
!Aw = !exo.window<[64, 16], f16, smem_swizzle<32>>
!Bw = !exo.window<[8, 16], f16, smem_swizzle<32>>
exo.proc @wgmma_f16_acc(%d: !D {exo.access = #exo.access<read_write>},
                        %a: !Aw {exo.access = #exo.access<read, out_of_order>},
                        %b: !Bw {exo.access = #exo.access<read, out_of_order>})
    instr<unit = warpgroup, timeline = wgmma, lowering = "wgmma_f16", barrier = wgmma_group> {
  exo.for %m = 0 to 64 seq {
    exo.for %n = 0 to 8 seq {
      exo.for %k = 0 to 16 seq {
        %x = exo.read %a[%m, %k] : !Aw
        %y = exo.read %b[%n, %k] : !Bw
        %xe = arith.extf %x : f16 to f32
        %ye = arith.extf %y : f16 to f32
        %p = arith.mulf %xe, %ye : f32
        %h = arith.truncf %p : f32 to f16
        exo.reduce %d[%m, %n] += %h : !D
      }
    }
  }
}
exo.proc @acc_f16_ok(%N: index) {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to %N cuda_tasks {
      %D = exo.alloc : !exo.tensor<[64, 8], f16, wgmma_accum>
      %A = exo.alloc : !exo.tensor<[64, 16], f16, smem_swizzle<32>>
      %B = exo.alloc : !exo.tensor<[8, 16], f16, smem_swizzle<32>>
      %d = exo.window %D[:, :] : !exo.tensor<[64, 8], f16, wgmma_accum> -> !D
      %a = exo.window %A[:, :] : !exo.tensor<[64, 16], f16, smem_swizzle<32>> -> !Aw
      %b = exo.window %B[:, :] : !exo.tensor<[8, 16], f16, smem_swizzle<32>> -> !Bw
      exo.call @wgmma_f16_acc(%d, %a, %b) : (!D, !Aw, !Bw)
    }
  }
}
