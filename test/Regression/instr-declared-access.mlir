// RUN: exo-gpu-opt %s -split-input-file -verify-diagnostics -o /dev/null

// An instruction's declared accesses must agree with its body (its
// semantics): the checkers trust the declarations, so a `read` that the body
// writes would hide the race of the two tasks below from -exo-check-sync.
!W = !exo.window<[1], f32, gmem>
!G = !exo.tensor<[N], f32, gmem>
// expected-error @+1 {{'exo.proc' op declares argument 'd' #exo.access<read>, but its body writes it}}
exo.proc @st(%d: !W {exo.access = #exo.access<read>})
    instr<unit = thread, timeline = cuda_in_order, lowering = "copy"> {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  // expected-note @+1 {{the write}}
  exo.assign %d[%c0] = %one : !W
}

// -----

// Declared written, never written by the body.
!W = !exo.window<[1], f32, gmem>
// expected-error @+1 {{'exo.proc' op declares argument 'd' write, but its body never writes it}}
exo.proc @ld(%d: !W {exo.access = #exo.access<write>}, %s: !W {exo.access = #exo.access<read>})
    instr<unit = thread, timeline = cuda_in_order, lowering = "copy"> {
  %c0 = arith.constant 0 : index
  %v = exo.read %s[%c0] : !W
  %w = exo.read %d[%c0] : !W
}

// -----

// Declared write (the old value does not matter), but the body accumulates.
!W = !exo.window<[1], f32, gmem>
// expected-error @+1 {{'exo.proc' op declares argument 'd' write, but its body reads it before writing it (declare read_write)}}
exo.proc @acc(%d: !W {exo.access = #exo.access<write>}, %s: !W {exo.access = #exo.access<read>})
    instr<unit = thread, timeline = cuda_in_order, lowering = "copy"> {
  %c0 = arith.constant 0 : index
  %v = exo.read %s[%c0] : !W
  // expected-note @+1 {{the read}}
  exo.reduce %d[%c0] += %v : !W
}

// -----

// Agreeing declarations: a copy (write, read) and an accumulation
// (read_write) are accepted.
!W = !exo.window<[1], f32, gmem>
exo.proc @copy(%d: !W {exo.access = #exo.access<write>}, %s: !W {exo.access = #exo.access<read>})
    instr<unit = thread, timeline = cuda_in_order, lowering = "copy"> {
  %c0 = arith.constant 0 : index
  %v = exo.read %s[%c0] : !W
  exo.assign %d[%c0] = %v : !W
}
exo.proc @accumulate(%d: !W {exo.access = #exo.access<read_write>}, %s: !W {exo.access = #exo.access<read>})
    instr<unit = thread, timeline = cuda_in_order, lowering = "copy"> {
  %c0 = arith.constant 0 : index
  %v = exo.read %s[%c0] : !W
  exo.reduce %d[%c0] += %v : !W
}
