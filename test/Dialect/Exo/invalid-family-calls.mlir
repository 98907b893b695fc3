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
