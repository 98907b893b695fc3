// RUN: exo-gpu-opt %s -split-input-file -verify-diagnostics

// Calls of instruction family instances that the verifiers refuse.

// The arguments must match the family's proc like any callee's.
exo.proc @wrong_extent(%d: !exo.window<[64, 64], f32, wgmma_accum>) {
  // expected-error @+1 {{'exo.call' op argument 0 ('d' of @wgmma_zero.m64n128.f32): dimension 1 has extent 64, the parameter expects 128}}
  exo.call #exo.wgmma_zero<n = 128>(%d) : (!exo.window<[64, 64], f32, wgmma_accum>)
}

// -----

exo.proc @not_a_callee(%d: !exo.window<[64, 128], f32, wgmma_accum>) {
  // expected-error @+1 {{expected a proc (@name) or an instruction family instance (#exo.<family><...>), got #exo.mem<smem>}}
  exo.call #exo.mem<smem>(%d) : (!exo.window<[64, 128], f32, wgmma_accum>)
}

// -----

// The callee symbol of a family call is the family's proc name.
exo.proc @renamed(%d: !exo.window<[64, 128], f32, wgmma_accum>) {
  // expected-error @+1 {{calls @other as instruction #exo.wgmma_zero<n = 128>, whose proc is @wgmma_zero.m64n128.f32}}
  "exo.call"(%d) <{callee = @other, family = #exo.wgmma_zero<n = 128>, operandSegmentSizes = array<i32: 1, 0, 0>, static_trailing_indices = array<i64>}> : (!exo.window<[64, 128], f32, wgmma_accum>) -> ()
}

// -----

// A hand-written proc may not take the name of an instruction family's proc.
// expected-note @+1 {{the other definition}}
exo.proc @wgmma_zero.m64n128.f32(%d: !exo.window<[64, 128], f32, wgmma_accum>) {
}

exo.proc @clash(%d: !exo.window<[64, 128], f32, wgmma_accum>) {
  // expected-error @+1 {{issues instruction #exo.wgmma_zero<n = 128>, but @wgmma_zero.m64n128.f32 is defined in the module as something else; that name belongs to the instruction}}
  exo.call #exo.wgmma_zero<n = 128>(%d) : (!exo.window<[64, 128], f32, wgmma_accum>)
}

// -----

// An atomic add into a whole global tensor of N elements: red.global.add
// adds one element, and a size that may equal 1 at run time is not the
// constant extent the instruction was defined for.
!Y = !exo.tensor<[N], f32, gmem>
!R = !exo.tensor<[1], f32, regs>
exo.proc @red_into_a_whole_tensor(%N: index, %y: !Y) {
  exo.device_function(blockDim = 32) {
    exo.for %t = 0 to 1 cuda_tasks {
      exo.for %l = 0 to 1 cuda_threads<thread> {
        %r = exo.alloc : !R
        %z = arith.constant 1.0 : f32
        exo.assign %r[0] = %z : !R
        // expected-error @+1 {{'exo.call' op argument 0 ('dst' of @global.red_add.v1.f32): dimension 0 has the size extent "N", but the instruction's parameter has the constant extent 1; pass a window of that extent}}
        exo.call #exo.global<kind = red_add, width = 1, dtype = f32>(%y, %r) : (!Y, !R)
      }
    }
  }
}
