// A user-defined instruction that adds into global memory but does not
// declare the access atomic (hopper-gemm-bugs.test plants it in place of
// #exo.global<kind = red_add, ...>).
exo.proc @red_add_not_atomic(
    %dst: !exo.window<[1], f32, gmem> {exo.access = #exo.access<read_write>},
    %src: !exo.window<[1], f32, regs> {exo.access = #exo.access<read>})
    instr<unit = thread, timeline = cuda_in_order, lowering = "none"> {
  %v = exo.read %src[0] : !exo.window<[1], f32, regs>
  exo.reduce %dst[0] += %v : !exo.window<[1], f32, gmem>
}
