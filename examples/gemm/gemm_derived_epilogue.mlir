// Fused epilogues derived from their specifications: C = act(A B^T + bias)
// rounded to bf16, for act = ReLU, GELU (tanh form) and SiLU on tf32
// operands, and ReLU and GELU on bf16 operands; and fp8 dequantization,
// C = sa[m] sb[n] (A B^T) rounded to bf16 on e4m3 operands with a scale per
// row of A and per column of B (A row-major M x K, B column-major, both
// K-major; bias per column). The specification keeps a
// one-element f32 accumulator per (m, n), applies the bias and the
// activation to it, and stores it rounded to bf16. The schedule is
// @gemm_derived_persistent_direct's (persistent 2-CTA clusters, a TMA
// producer warp, two consumer warpgroups of wgmma.m64n256, direct
// accumulator stores) with the epilogue on the accumulator registers: after
// the drain, each thread applies the bias and the activation to the
// elements it holds (element access of the wgmma accumulator, whose
// ownership the collective analysis proves), then the warpgroup stores its
// tile rounded to bf16 straight to global memory. No barrier orders the
// epilogue: each element is read and written by the thread that holds it.
//
// GELU and SiLU state their approximation (`fastmath<afn>`: tanh.approx),
// which the CPU comparison allows for (DeviceMath.h); the results are bf16
// either way. The epilogue is exposed (the tensor cores wait for it), so
// each activation is written in the fewest instructions: SiLU as
// h + h tanh(h) with h = s / 2 (an fma; equal to s / (1 + exp(-s)), with one
// special-function instruction per element instead of two, ex2 and rcp),
// GELU as h + h tanh(u) with u = s (c0 + c0 c1 s^2) = c0 (s + c1 s^3) (two
// fmas: 6 f32 instructions per element besides the tanh, against 10 for
// the textbook order).
//
// The schedule is shared: the cluster derivation's tiling
// (schedules/cluster.mlir) divides the loops, @gemm_cluster_tiles with
// whole tiles or @gemm_cluster_tiles_odd with partial ones (the `_odd`
// kernels, for any M, N a multiple of 8 and K of 16 bytes): 256 x 256 per
// cluster (256 x 192 for `gemm_sm90_e4m3_scaled_n192_odd`, by
// @gemm_cluster_tiles_odd_n: @epilogue_front and @schedule take the tile's
// width, its zero-init and its store), K in steps of %kt per ring slot and
// %kstep per wgmma (32 and 8 for tf32, 64 and 16 for bf16, 128 and 32 for
// e4m3). With partial tiles
// the extra iterations' accesses of A, B, the bias (or the scales) and C
// become oob: the extra K iterations add 0 * 0 to the accumulator, a local
// array that outlives the guard, and the extra rows and columns compute
// elements of C that are not stored; TMA zero-fills the loads, the bias
// reads past N load the zero pad, the accumulator stores skip the elements
// past C. @epilogue_front holds the steps that do not depend on the
// operand type; @schedule adds the staging of A and B and the steps after
// it, with the operand type's parameters, by the sequences of the
// persistent GEMMs (schedules/cluster.mlir, schedules/persistent.mlir).
// Each kernel is a copy of its specification (clone_proc) that they
// rewrite; the whole-tile ones assume their sizes.
//
// The small-tile kernels (`_ws_odd`, `_ws_odd_4stage`, and for fp8
// `_ws_n64_odd`) are @schedule_ws: the warp-specialized GEMM's tiling and
// pipeline (schedules/ws.mlir: 64 x 128 or 64 x 64 per CTA, one consumer
// warpgroup that waits for each K step's wgmma) with the same epilogue
// steps (@epilogue_accumulator, @epilogue_nests, @epilogue_registers,
// @epilogue_threads), for the shapes whose 256 x 256 clusters leave SMs
// idle; the tuning table chooses between the forms per shape.
//
// Run it with those libraries preloaded:
//   exo-gpu-opt examples/gemm/gemm_derived_epilogue.mlir -transform-preload-library=transform-library-paths=examples/gemm/schedules/cluster.mlir,examples/gemm/schedules/persistent.mlir,examples/gemm/schedules/ws.mlir -transform-interpreter

!Ah = !exo.tensor<[M, K], f32, dram>
!Bh = !exo.tensor<[N, K], f32, dram>
!Bias = !exo.tensor<[N], f32, dram>
!Ch = !exo.tensor<[M, N], bf16, dram>
!Acc = !exo.tensor<[1], f32, dram>
!Ahb = !exo.tensor<[M, K], bf16, dram>
!Bhb = !exo.tensor<[N, K], bf16, dram>
!Af8 = !exo.tensor<[M, K], f8E4M3FN, dram>
!Bf8 = !exo.tensor<[N, K], f8E4M3FN, dram>
!Srow = !exo.tensor<[M], f32, dram>

//===----------------------------------------------------------------------===//
// The specifications
//===----------------------------------------------------------------------===//

exo.proc @gemm_tf32_bias_relu(%M: index, %N: index, %K: index, %A: !Ah, %B: !Bh,
    %bias: !Bias, %C: !Ch)
    requires affine_set<()[M, N, K] : (N mod 8 == 0, K mod 4 == 0, M - 1 >= 0,
                                        N - 8 >= 0, K - 4 >= 0)> {
  %zero = arith.constant 0.0 : f32
  exo.for %m = 0 to %M seq {
    exo.for %n = 0 to %N seq {
      %acc = exo.alloc : !Acc
      exo.assign %acc[0] = %zero : !Acc
      exo.for %k = 0 to %K seq {
        %a = exo.read %A[%m, %k] : !Ah
        %b = exo.read %B[%n, %k] : !Bh
        %at = arith.truncf %a toward_zero : f32 to tf32
        %bt = arith.truncf %b toward_zero : f32 to tf32
        %ae = arith.extf %at : tf32 to f32
        %be = arith.extf %bt : tf32 to f32
        %p = arith.mulf %ae, %be : f32
        exo.reduce %acc[0] += %p : !Acc
      }
      %v = exo.read %acc[0] : !Acc
      %bv = exo.read %bias[%n] : !Bias
      %s = arith.addf %v, %bv : f32
      %r = arith.maximumf %s, %zero : f32
      exo.assign %acc[0] = %r : !Acc
      %o = exo.read %acc[0] : !Acc
      %h = arith.truncf %o : f32 to bf16
      exo.assign %C[%m, %n] = %h : !Ch
    }
  }
}

exo.proc @gemm_tf32_bias_gelu(%M: index, %N: index, %K: index, %A: !Ah, %B: !Bh,
    %bias: !Bias, %C: !Ch)
    requires affine_set<()[M, N, K] : (N mod 8 == 0, K mod 4 == 0, M - 1 >= 0,
                                        N - 8 >= 0, K - 4 >= 0)> {
  %zero = arith.constant 0.0 : f32
  %half = arith.constant 0.5 : f32
  %c0 = arith.constant 0.7978845608 : f32
  %c01 = arith.constant 0.035677408136 : f32
  exo.for %m = 0 to %M seq {
    exo.for %n = 0 to %N seq {
      %acc = exo.alloc : !Acc
      exo.assign %acc[0] = %zero : !Acc
      exo.for %k = 0 to %K seq {
        %a = exo.read %A[%m, %k] : !Ah
        %b = exo.read %B[%n, %k] : !Bh
        %at = arith.truncf %a toward_zero : f32 to tf32
        %bt = arith.truncf %b toward_zero : f32 to tf32
        %ae = arith.extf %at : tf32 to f32
        %be = arith.extf %bt : tf32 to f32
        %p = arith.mulf %ae, %be : f32
        exo.reduce %acc[0] += %p : !Acc
      }
      %v = exo.read %acc[0] : !Acc
      %bv = exo.read %bias[%n] : !Bias
      %s = arith.addf %v, %bv : f32
      %s2 = arith.mulf %s, %s : f32
      %p2 = math.fma %s2, %c01, %c0 : f32
      %u = arith.mulf %s, %p2 : f32
      %th = math.tanh %u fastmath<afn> : f32
      %hs = arith.mulf %half, %s : f32
      %r = math.fma %hs, %th, %hs : f32
      exo.assign %acc[0] = %r : !Acc
      %o = exo.read %acc[0] : !Acc
      %h = arith.truncf %o : f32 to bf16
      exo.assign %C[%m, %n] = %h : !Ch
    }
  }
}

exo.proc @gemm_tf32_bias_silu(%M: index, %N: index, %K: index, %A: !Ah, %B: !Bh,
    %bias: !Bias, %C: !Ch)
    requires affine_set<()[M, N, K] : (N mod 8 == 0, K mod 4 == 0, M - 1 >= 0,
                                        N - 8 >= 0, K - 4 >= 0)> {
  %zero = arith.constant 0.0 : f32
  %half = arith.constant 0.5 : f32
  exo.for %m = 0 to %M seq {
    exo.for %n = 0 to %N seq {
      %acc = exo.alloc : !Acc
      exo.assign %acc[0] = %zero : !Acc
      exo.for %k = 0 to %K seq {
        %a = exo.read %A[%m, %k] : !Ah
        %b = exo.read %B[%n, %k] : !Bh
        %at = arith.truncf %a toward_zero : f32 to tf32
        %bt = arith.truncf %b toward_zero : f32 to tf32
        %ae = arith.extf %at : tf32 to f32
        %be = arith.extf %bt : tf32 to f32
        %p = arith.mulf %ae, %be : f32
        exo.reduce %acc[0] += %p : !Acc
      }
      %v = exo.read %acc[0] : !Acc
      %bv = exo.read %bias[%n] : !Bias
      %s = arith.addf %v, %bv : f32
      %hs = arith.mulf %half, %s : f32
      %th = math.tanh %hs fastmath<afn> : f32
      %r = math.fma %hs, %th, %hs : f32
      exo.assign %acc[0] = %r : !Acc
      %o = exo.read %acc[0] : !Acc
      %h = arith.truncf %o : f32 to bf16
      exo.assign %C[%m, %n] = %h : !Ch
    }
  }
}

// The same with bf16 operands (products and sums in f32).
exo.proc @gemm_bf16_bias_relu(%M: index, %N: index, %K: index, %A: !Ahb, %B: !Bhb,
    %bias: !Bias, %C: !Ch)
    requires affine_set<()[M, N, K] : (N mod 8 == 0, K mod 8 == 0, M - 1 >= 0,
                                        N - 8 >= 0, K - 8 >= 0)> {
  %zero = arith.constant 0.0 : f32
  exo.for %m = 0 to %M seq {
    exo.for %n = 0 to %N seq {
      %acc = exo.alloc : !Acc
      exo.assign %acc[0] = %zero : !Acc
      exo.for %k = 0 to %K seq {
        %a = exo.read %A[%m, %k] : !Ahb
        %b = exo.read %B[%n, %k] : !Bhb
        %ae = arith.extf %a : bf16 to f32
        %be = arith.extf %b : bf16 to f32
        %p = arith.mulf %ae, %be : f32
        exo.reduce %acc[0] += %p : !Acc
      }
      %v = exo.read %acc[0] : !Acc
      %bv = exo.read %bias[%n] : !Bias
      %s = arith.addf %v, %bv : f32
      %r = arith.maximumf %s, %zero : f32
      exo.assign %acc[0] = %r : !Acc
      %o = exo.read %acc[0] : !Acc
      %h = arith.truncf %o : f32 to bf16
      exo.assign %C[%m, %n] = %h : !Ch
    }
  }
}

exo.proc @gemm_bf16_bias_gelu(%M: index, %N: index, %K: index, %A: !Ahb, %B: !Bhb,
    %bias: !Bias, %C: !Ch)
    requires affine_set<()[M, N, K] : (N mod 8 == 0, K mod 8 == 0, M - 1 >= 0,
                                        N - 8 >= 0, K - 8 >= 0)> {
  %zero = arith.constant 0.0 : f32
  %half = arith.constant 0.5 : f32
  %c0 = arith.constant 0.7978845608 : f32
  %c01 = arith.constant 0.035677408136 : f32
  exo.for %m = 0 to %M seq {
    exo.for %n = 0 to %N seq {
      %acc = exo.alloc : !Acc
      exo.assign %acc[0] = %zero : !Acc
      exo.for %k = 0 to %K seq {
        %a = exo.read %A[%m, %k] : !Ahb
        %b = exo.read %B[%n, %k] : !Bhb
        %ae = arith.extf %a : bf16 to f32
        %be = arith.extf %b : bf16 to f32
        %p = arith.mulf %ae, %be : f32
        exo.reduce %acc[0] += %p : !Acc
      }
      %v = exo.read %acc[0] : !Acc
      %bv = exo.read %bias[%n] : !Bias
      %s = arith.addf %v, %bv : f32
      %s2 = arith.mulf %s, %s : f32
      %p2 = math.fma %s2, %c01, %c0 : f32
      %u = arith.mulf %s, %p2 : f32
      %th = math.tanh %u fastmath<afn> : f32
      %hs = arith.mulf %half, %s : f32
      %r = math.fma %hs, %th, %hs : f32
      exo.assign %acc[0] = %r : !Acc
      %o = exo.read %acc[0] : !Acc
      %h = arith.truncf %o : f32 to bf16
      exo.assign %C[%m, %n] = %h : !Ch
    }
  }
}

// fp8 dequantization: e4m3 operands with a scale per row of A and per
// column of B (C = sa[m] sb[n] (A B^T) rounded to bf16).
exo.proc @gemm_e4m3_scaled(%M: index, %N: index, %K: index, %A: !Af8, %B: !Bf8,
    %sa: !Srow, %sb: !Bias, %C: !Ch)
    requires affine_set<()[M, N, K] : (N mod 8 == 0, K mod 16 == 0, M - 1 >= 0,
                                        N - 8 >= 0, K - 16 >= 0)> {
  %zero = arith.constant 0.0 : f32
  exo.for %m = 0 to %M seq {
    exo.for %n = 0 to %N seq {
      %acc = exo.alloc : !Acc
      exo.assign %acc[0] = %zero : !Acc
      exo.for %k = 0 to %K seq {
        %a = exo.read %A[%m, %k] : !Af8
        %b = exo.read %B[%n, %k] : !Bf8
        %ae = arith.extf %a : f8E4M3FN to f32
        %be = arith.extf %b : f8E4M3FN to f32
        %p = arith.mulf %ae, %be : f32
        exo.reduce %acc[0] += %p : !Acc
      }
      %v = exo.read %acc[0] : !Acc
      %ra = exo.read %sa[%m] : !Srow
      %rb = exo.read %sb[%n] : !Bias
      %s = arith.mulf %v, %ra : f32
      %r = arith.mulf %s, %rb : f32
      exo.assign %acc[0] = %r : !Acc
      %o = exo.read %acc[0] : !Acc
      %h = arith.truncf %o : f32 to bf16
      exo.assign %C[%m, %n] = %h : !Ch
    }
  }
}

//===----------------------------------------------------------------------===//
// The schedule
//===----------------------------------------------------------------------===//

module attributes {transform.with_named_sequence} {
  transform.named_sequence private @gemm_cluster_tiles(%p: !transform.any_op {transform.readonly},
      %kt: !transform.any_param {transform.readonly}, %kstep: !transform.any_param {transform.readonly})
      -> (!transform.any_param, !transform.any_param, !transform.any_param)
  transform.named_sequence private @gemm_cluster_tiles_odd(%p: !transform.any_op {transform.readonly},
      %kt: !transform.any_param {transform.readonly}, %kstep: !transform.any_param {transform.readonly})
      -> (!transform.any_param, !transform.any_param, !transform.any_param)
  transform.named_sequence private @gemm_cluster_tiles_odd_n(%p: !transform.any_op {transform.readonly},
      %kt: !transform.any_param {transform.readonly}, %kstep: !transform.any_param {transform.readonly}, %bn: !transform.any_param {transform.readonly})
      -> (!transform.any_param, !transform.any_param, !transform.any_param)
  transform.named_sequence private @gemm_cluster_operands(%p: !transform.any_op {transform.readonly},
      %ko5: !transform.any_op {transform.readonly}, %n_at: !transform.any_param {transform.readonly},
      %kt: !transform.any_param {transform.readonly}, %stages: !transform.any_param {transform.readonly},
      %ab_mem: !transform.any_param {transform.readonly}, %load_a: !transform.any_param {transform.readonly},
      %load_b: !transform.any_param {transform.readonly}, %wgmma: !transform.any_param {transform.readonly},
      %bn: !transform.any_param {transform.readonly})
      -> (!transform.any_op, !transform.any_op, !transform.any_op)
  transform.named_sequence private @gemm_cluster_warps(%p: !transform.any_op {transform.readonly},
      %wz: !transform.any_op {transform.readonly}, %waits: !transform.any_op {transform.readonly},
      %tma_a: !transform.any_op {transform.readonly}, %tma_b: !transform.any_op {transform.readonly},
      %store: !transform.any_op {transform.readonly}, %drain: !transform.any_op {transform.readonly},
      %cta: !transform.any_param {transform.readonly})
      -> (!transform.any_op, !transform.any_op)
  transform.named_sequence private @gemm_persistent_k_loop(%p: !transform.any_op {transform.readonly},
      %tma_a: !transform.any_op {transform.readonly}, %tma_b: !transform.any_op {transform.readonly},
      %mma_wg: !transform.any_op {transform.readonly}, %drain: !transform.any_op {transform.readonly},
      %k_steps: !transform.any_param {transform.readonly}, %stages: !transform.any_param {transform.readonly})
      -> !transform.any_op

  transform.named_sequence private @gemm_ws_tiles(%p: !transform.any_op {transform.readonly},
      %tail: !transform.any_param {transform.readonly}, %kt: !transform.param<i64> {transform.readonly},
      %kstep: !transform.param<i64> {transform.readonly}, %n_tile: !transform.any_param {transform.readonly})
  transform.named_sequence private @gemm_ws_pipeline(%p: !transform.any_op {transform.readonly},
      %As: !transform.any_op {transform.readonly}, %Bs: !transform.any_op {transform.readonly},
      %ain: !transform.any_op {transform.consumed}, %bin: !transform.any_op {transform.consumed},
      %zero: !transform.any_op {transform.readonly}, %store: !transform.any_op {transform.readonly},
      %load_a: !transform.any_param {transform.readonly}, %load_b: !transform.any_param {transform.readonly},
      %wgmma: !transform.any_param {transform.readonly}, %stages: !transform.any_param {transform.readonly})

  transform.named_sequence @match_alloc(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["exo.alloc"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }

  // Step 2 (the accumulator): the specification's one-element accumulator
  // per (m, n) becomes a 64 x %n tile (expand_dim by ni and mi, lifted out
  // of both). Returns it.
  transform.named_sequence @epilogue_accumulator(%p: !transform.any_op {transform.readonly},
      %n: !transform.any_param {transform.readonly}) -> !transform.any_op {
    %acc = transform.collect_matching @match_alloc in %p : (!transform.any_op) -> !transform.any_op
    transform.exo.expand_dim %acc size %n index "ni" : !transform.any_op, !transform.any_param
    transform.exo.lift_alloc %acc : !transform.any_op
    transform.exo.expand_dim %acc size 64 index "mi" : !transform.any_op
    transform.exo.lift_alloc %acc : !transform.any_op
    transform.exo.rearrange_dim %acc order [2, 0, 1] : !transform.any_op
    transform.yield %acc : !transform.any_op
  }

  // The zeroing, the K loop, the activation and the store each become a
  // loop nest over the tile's (mi, ni); the K loops move outside mi and
  // ni. Returns the zeroing's nest.
  transform.named_sequence @epilogue_nests(%p: !transform.any_op {transform.readonly}) -> !transform.any_op {
    %st0 = transform.exo.match_access "C" kind "assign" in %p : (!transform.any_op) -> !transform.any_op
    %act0 = transform.exo.get_sibling_stmt %st0 offset -1 : (!transform.any_op) -> !transform.any_op
    %kl0 = transform.exo.get_sibling_stmt %act0 offset -1 : (!transform.any_op) -> !transform.any_op
    %init = transform.exo.get_sibling_stmt %kl0 offset -1 : (!transform.any_op) -> !transform.any_op
    %zeroing, %rest = transform.exo.fission %init {depth = 2} : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %kl1 = transform.exo.match_loop "ko" in %rest : (!transform.any_op) -> !transform.any_op
    %update, %rest2 = transform.exo.fission %kl1 {depth = 2} : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %act1 = transform.exo.match_access "acc" kind "assign" in %rest2 : (!transform.any_op) -> !transform.any_op
    %epi, %out = transform.exo.fission %act1 {depth = 2} : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %ni2 = transform.exo.match_loop "ni" in %update : (!transform.any_op) -> !transform.any_op
    %ko1, %ni3 = transform.exo.reorder_loops %ni2 : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %ko2, %mi2 = transform.exo.reorder_loops %update : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %ni5 = transform.exo.match_loop "ni" in %ko2 : (!transform.any_op) -> !transform.any_op
    %kk1, %ni4 = transform.exo.reorder_loops %ni5 : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %mi5 = transform.exo.match_loop "mi" in %ko2 : (!transform.any_op) -> !transform.any_op
    %kk2, %mi3 = transform.exo.reorder_loops %mi5 : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield %zeroing : !transform.any_op
  }

  // The activation on the registers: its nest over (mi, ni) = (16 w + 8 h
  // + g, 8 j + 2 q + e) is divided and reordered so that the thread (w, g,
  // q) that holds an element in the wgmma layout is outside the registers
  // (h, j, e) it holds; @epilogue_threads makes the loops over w, g, q
  // thread loops, the others stay sequential (the lowering unrolls them:
  // each access is a register).
  transform.named_sequence @epilogue_registers(%p: !transform.any_op {transform.readonly}) {
    %act2 = transform.exo.match_access "acc" kind "assign" in %p : (!transform.any_op) -> !transform.any_op
    %eni = transform.exo.get_parent_loop %act2 : (!transform.any_op) -> !transform.any_op
    %emi = transform.exo.get_parent_loop %eni : (!transform.any_op) -> !transform.any_op
    %ew, %er, %ert = transform.exo.divide_loop %emi by 16 ["ew", "er"] tail = perfect : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %eh, %eg, %egt = transform.exo.divide_loop %er by 8 ["eh", "eg"] tail = perfect : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %act3 = transform.exo.match_access "acc" kind "assign" in %p : (!transform.any_op) -> !transform.any_op
    %eni2 = transform.exo.get_parent_loop %act3 : (!transform.any_op) -> !transform.any_op
    %ej, %en, %ent = transform.exo.divide_loop %eni2 by 8 ["ej", "en"] tail = perfect : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %eq, %ee, %eet = transform.exo.divide_loop %en by 2 ["eq", "ee"] tail = perfect : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.exo.simplify %p : !transform.any_op
    %eh1 = transform.exo.match_loop "eh" in %p : (!transform.any_op) -> !transform.any_op
    %r1a, %r1b = transform.exo.reorder_loops %eh1 : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %ej1 = transform.exo.match_loop "ej" in %p : (!transform.any_op) -> !transform.any_op
    %r2a, %r2b = transform.exo.reorder_loops %ej1 : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %eh2 = transform.exo.match_loop "eh" in %p : (!transform.any_op) -> !transform.any_op
    %r3a, %r3b = transform.exo.reorder_loops %eh2 : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }

  // The activation's loops over w, g, q run on the warps and threads that
  // hold the elements.
  transform.named_sequence @epilogue_threads(%p: !transform.any_op {transform.readonly}) {
    %ew2 = transform.exo.match_loop "ew" in %p : (!transform.any_op) -> !transform.any_op
    transform.exo.set_loop_mode %ew2 cuda_threads<warp> : !transform.any_op
    %eg2 = transform.exo.match_loop "eg" in %p : (!transform.any_op) -> !transform.any_op
    transform.exo.set_loop_mode %eg2 cuda_threads<4 * thread> : !transform.any_op
    %eq2 = transform.exo.match_loop "eq" in %p : (!transform.any_op) -> !transform.any_op
    transform.exo.set_loop_mode %eq2 cuda_threads<thread> : !transform.any_op
    transform.yield
  }

  // Steps 1-6, for either operand type: tiles, the accumulator, the
  // kernel, the barriers, the drain, the store and the activation's
  // threads. The caller has divided the K loop into K steps (ko) and wgmma
  // slices (kk) of its type. Returns the K loop's nest (to stage A and B
  // in), the zero-init, the drain, the store and the wgmma group.
  transform.named_sequence @epilogue_front(%p: !transform.any_op {transform.readonly}, %n_tile: !transform.any_param {transform.readonly},
      %zero_d: !transform.any_param {transform.readonly}, %store_d: !transform.any_param {transform.readonly})
      -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op) {
    // 1. The tiles and the loop order: the cluster derivation's tiling,
    //    before.
    // 2. The accumulator: the specification's one-element accumulator per
    //    (m, n) becomes a 64 x 256 tile per warpgroup (expand_dim by ni and
    //    mi, lifted out of both), then one per warpgroup and CTA.
    %acc = transform.include @epilogue_accumulator failures(propagate) (%p, %n_tile) : (!transform.any_op, !transform.any_param) -> !transform.any_op
    transform.exo.expand_dim %acc size 2 index "wg" : !transform.any_op
    transform.exo.lift_alloc %acc : !transform.any_op
    transform.exo.expand_dim %acc size 2 index "cm" : !transform.any_op
    transform.exo.lift_alloc %acc : !transform.any_op
    //    The zeroing, the K loop, the activation and the store each
    //    become a loop nest over (mi, ni); the K loop's nest is reordered
    //    as in @gemm_derived_persistent_direct.
    %zeroing = transform.include @epilogue_nests failures(propagate) (%p) : (!transform.any_op) -> !transform.any_op
    %tn2 = transform.exo.match_loop "tn" in %p : (!transform.any_op) -> !transform.any_op
    %kernel = transform.exo.wrap_device_function %tn2 tasks 2 warps [#exo.warp_group<"producer", 1, dec 40>, #exo.warp_group<"unused", 3, dec 40>, #exo.warp_group<"consumer", 8, inc 232>] cluster_dim 2 blocks_per_sm 1 allocs %acc to wgmma_accum : (!transform.any_op, !transform.any_op) -> !transform.any_op
    %zero = transform.exo.replace %zeroing with %zero_d : (!transform.any_op, !transform.any_param) -> !transform.any_op
    transform.exo.simplify %p : !transform.any_op
    %wz, %wrest = transform.exo.fission %zero {depth = 2} : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %ko3 = transform.exo.match_loop "ko" in %p : (!transform.any_op) -> !transform.any_op
    %wk, %ws = transform.exo.fission %ko3 {depth = 2} : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %wgk = transform.exo.match_loop "wg" in %wk : (!transform.any_op) -> !transform.any_op
    %ko4, %wg4 = transform.exo.reorder_loops %wgk : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %ko5, %cm4 = transform.exo.reorder_loops %wk : (!transform.any_op) -> (!transform.any_op, !transform.any_op)

    // 3-5. As in @gemm_derived_persistent_direct: the kernel (the
    //    accumulator moves to wgmma registers with it), the zero-init, the
    //    K loop split off, the barriers, the drain. The store nest becomes
    //    the bf16 accumulator store to global memory (16-byte stores after
    //    a transpose of words in each quad).
    %ko6 = transform.exo.match_loop "ko" in %p : (!transform.any_op) -> !transform.any_op
    %full = transform.exo.insert_barrier_alloc %ko6 "full" : !exo.barrier<mbarrier, [2, ? ring 4]> : (!transform.any_op) -> !transform.any_op
    %empty = transform.exo.insert_barrier_alloc %ko6 "empty" : !exo.barrier<mbarrier(prearrive 4), [2, ? ring 4]> : (!transform.any_op) -> !transform.any_op
    %cg = transform.exo.insert_barrier_alloc %ko6 "cg" : !exo.barrier<wgmma_group, [2, 2]> : (!transform.any_op) -> !transform.any_op
    %actf = transform.exo.match_access "acc" kind "assign" in %ws : (!transform.any_op) -> !transform.any_op
    %act_ni = transform.exo.get_parent_loop %actf : (!transform.any_op) -> !transform.any_op
    %act_mi = transform.exo.get_parent_loop %act_ni : (!transform.any_op) -> !transform.any_op
    %last = transform.exo.insert_await %act_mi on "cg" at ["cm", "wg"] timeline "cuda_in_order" pending 0 : (!transform.any_op) -> !transform.any_op
    %drain, %ws2 = transform.exo.fission %last {depth = 2} : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %stc = transform.exo.match_access "C" kind "assign" in %ws2 : (!transform.any_op) -> !transform.any_op
    %st_ni = transform.exo.get_parent_loop %stc : (!transform.any_op) -> !transform.any_op
    %dstore = transform.exo.get_parent_loop %st_ni : (!transform.any_op) -> !transform.any_op
    %store = transform.exo.replace %dstore with %store_d : (!transform.any_op, !transform.any_param) -> !transform.any_op
    // 6. The activation on the registers (@epilogue_registers).
    transform.include @epilogue_registers failures(propagate) (%p) : (!transform.any_op) -> ()
    transform.yield %ko5, %wz, %drain, %store, %cg : !transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op
  }

  // The rest, after the tiles: @epilogue_front, then the operand type's
  // part (the staging and TMA loads of A and B, %kt wide, the wgmma and
  // the release of a tile's last ring slot, whose index is %k_steps + 3:
  // the number of K steps K / %kt, or (K + %kt - 1) / %kt with partial
  // tiles) and the steps after it; included once per kernel.
  transform.named_sequence @schedule(%p: !transform.any_op {transform.readonly},
      %kt: !transform.any_param {transform.readonly}, %load_a: !transform.any_param {transform.readonly},
      %load_b: !transform.any_param {transform.readonly}, %wgmma: !transform.any_param {transform.readonly},
      %k_steps: !transform.any_param {transform.readonly}, %bn: !transform.any_param {transform.readonly},
      %zero_d: !transform.any_param {transform.readonly}, %store_d: !transform.any_param {transform.readonly}) {
    %ko5, %wz, %drain, %store, %cg = transform.include @epilogue_front failures(propagate) (%p, %bn, %zero_d, %store_d)
        : (!transform.any_op, !transform.any_param, !transform.any_param, !transform.any_param) -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
    // 7-13. As in @gemm_derived_persistent_direct (the sequences of
    //    schedules/cluster.mlir and schedules/persistent.mlir): A and B
    //    slices staged in 4-slot rings per CTA, loaded by TMA (B
    //    multicast), wgmma; warp specialization, the activation's loops
    //    over w, g, q on the warps and threads that hold the elements;
    //    persistence, the K loop's synchronization and the release of a
    //    tile's last slot (element %k_steps + 3 of the tile's ring); the
    //    rings, their barriers and the wgmma group live across the tiles
    //    of a task.
    %n_at = transform.exo.expr "{0} * tn" (%bn) : (!transform.any_param) -> !transform.any_param
    %stages = transform.param.constant 4 : i64 -> !transform.any_param
    %ab_mem = transform.param.constant #exo.mem<smem_swizzle<128>> -> !transform.any_param
    %waits, %tma_a, %tma_b = transform.include @gemm_cluster_operands failures(propagate) (%p, %ko5, %n_at, %kt, %stages, %ab_mem, %load_a, %load_b, %wgmma, %bn)
        : (!transform.any_op, !transform.any_op, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %cta = transform.param.constant "cm" -> !transform.any_param
    %mma_wg, %c3 = transform.include @gemm_cluster_warps failures(propagate) (%p, %wz, %waits, %tma_a, %tma_b, %store, %drain, %cta)
        : (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op, !transform.any_param) -> (!transform.any_op, !transform.any_op)
    transform.include @epilogue_threads failures(propagate) (%p) : (!transform.any_op) -> ()
    %pi = transform.include @gemm_persistent_k_loop failures(propagate) (%p, %tma_a, %tma_b, %mma_wg, %drain, %k_steps, %stages)
        : (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op, !transform.any_param, !transform.any_param) -> !transform.any_op
    transform.exo.chain_rings %pi over "ko" : !transform.any_op
    transform.exo.lift_alloc %cg : !transform.any_op
    transform.exo.simplify %p : !transform.any_op
    transform.yield
  }

  // The small-tile kernels (`_ws_odd`, for any sizes the specification
  // allows): the schedule of the warp-specialized GEMM @gemm_ws_odd
  // (schedules/ws.mlir) with the epilogue on the registers. A CTA computes
  // a 64 x 128 tile (tm, tn), one task per tile: a producer warp loads A's
  // and B's %kt-wide slices by TMA into rings of %stages slots, one
  // consumer warpgroup multiplies (wgmma.m64n128) and waits for each
  // slot's products before it releases the slot, so the accumulator is
  // complete after the K loop and no drain is needed; the same warpgroup
  // then applies the epilogue to the elements each thread holds and stores
  // the tile rounded to bf16. %warps and %blocks_per_sm give the kernel's
  // shape, as for @gemm_ws_odd. Twice as many tiles as @schedule's
  // 128 x 256 CTA tiles, and no cluster: the shapes whose 256 x 256
  // clusters leave SMs idle (M = 128, or fewer than 132 CTA tiles).
  transform.named_sequence @schedule_ws(%p: !transform.any_op {transform.readonly},
      %kt: !transform.param<i64> {transform.readonly}, %kstep: !transform.param<i64> {transform.readonly},
      %load_a: !transform.any_param {transform.readonly}, %load_b: !transform.any_param {transform.readonly},
      %wgmma: !transform.any_param {transform.readonly}, %stages: !transform.any_param {transform.readonly},
      %warps: !transform.any_param {transform.readonly}, %blocks_per_sm: !transform.any_param {transform.readonly},
      %n_tile: !transform.any_param {transform.readonly}, %zero_i: !transform.any_param {transform.readonly},
      %store_i: !transform.any_param {transform.readonly}) {
    // 1. Tiles (@gemm_ws_tiles), with partial last tiles whose guards go
    //    (their accesses become oob); loop order tn, tm, mi, ni.
    %tail = transform.param.constant "guard" -> !transform.any_param
    transform.include @gemm_ws_tiles failures(propagate) (%p, %tail, %kt, %kstep, %n_tile) : (!transform.any_op, !transform.any_param, !transform.param<i64>, !transform.param<i64>, !transform.any_param) -> ()
    // 2. The accumulator (64 x %n_tile) and the nests.
    %acc = transform.include @epilogue_accumulator failures(propagate) (%p, %n_tile) : (!transform.any_op, !transform.any_param) -> !transform.any_op
    %zeroing = transform.include @epilogue_nests failures(propagate) (%p) : (!transform.any_op) -> !transform.any_op
    // 3. The kernel (the accumulator in wgmma registers), the zero-init,
    //    the bf16 store straight to global memory; the activation's
    //    registers.
    %tn2 = transform.exo.match_loop "tn" in %p : (!transform.any_op) -> !transform.any_op
    %kernel = transform.exo.wrap_device_function %tn2 tasks 2 warps %warps cluster_dim 1 blocks_per_sm %blocks_per_sm allocs %acc to wgmma_accum : (!transform.any_op, !transform.any_param, !transform.any_param, !transform.any_op) -> !transform.any_op
    %zero = transform.exo.replace %zeroing with %zero_i : (!transform.any_op, !transform.any_param) -> !transform.any_op
    transform.exo.simplify %p : !transform.any_op
    %stc = transform.exo.match_access "C" kind "assign" in %p : (!transform.any_op) -> !transform.any_op
    %st_ni = transform.exo.get_parent_loop %stc : (!transform.any_op) -> !transform.any_op
    %dstore = transform.exo.get_parent_loop %st_ni : (!transform.any_op) -> !transform.any_op
    %store = transform.exo.replace %dstore with %store_i : (!transform.any_op, !transform.any_param) -> !transform.any_op
    transform.include @epilogue_registers failures(propagate) (%p) : (!transform.any_op) -> ()
    // 4. A's and B's slices staged in swizzled shared memory, then
    //    @gemm_ws_odd's TMA loads, wgmma, rings, warps and synchronization;
    //    the epilogue runs on the consumer warpgroup's threads.
    %kk3 = transform.exo.match_loop "kk" in %p : (!transform.any_op) -> !transform.any_op
    %k_at = transform.exo.expr "{0} * ko" (%kt) : (!transform.param<i64>) -> !transform.any_param
    %As, %ain, %aout = transform.exo.stage_mem %kk3, "A" at ["64 * tm", %k_at] sizes [64, %kt] as "A_smem" in smem_swizzle<128> : (!transform.any_op, !transform.any_param, !transform.param<i64>) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %n_at = transform.exo.expr "{0} * tn" (%n_tile) : (!transform.any_param) -> !transform.any_param
    %Bs, %bin, %bout = transform.exo.stage_mem %kk3, "B" at [%n_at, %k_at] sizes [%n_tile, %kt] as "B_smem" in smem_swizzle<128> : (!transform.any_op, !transform.any_param, !transform.any_param, !transform.any_param, !transform.param<i64>) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.include @gemm_ws_pipeline failures(propagate) (%p, %As, %Bs, %ain, %bin, %zero, %store, %load_a, %load_b, %wgmma, %stages)
        : (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param) -> ()
    %ew = transform.exo.match_loop "ew" in %p : (!transform.any_op) -> !transform.any_op
    %epi = transform.exo.wrap_with_warps %ew group "consumer" : (!transform.any_op) -> !transform.any_op
    transform.include @epilogue_threads failures(propagate) (%p) : (!transform.any_op) -> ()
    transform.exo.simplify %p : !transform.any_op
    transform.yield
  }

  // One specification's two kernels: %p with whole tiles (its sizes
  // assumed: M and N multiples of 256, K of %kt; @gemm_cluster_tiles) and
  // %p_odd with partial ones (@gemm_cluster_tiles_odd), each followed by
  // @schedule.
  transform.named_sequence @kernel_pair(%p: !transform.any_op {transform.readonly},
      %p_odd: !transform.any_op {transform.readonly}, %kt: !transform.any_param {transform.readonly},
      %kstep: !transform.any_param {transform.readonly}, %load_a: !transform.any_param {transform.readonly},
      %load_b: !transform.any_param {transform.readonly}, %wgmma: !transform.any_param {transform.readonly}) {
    %sizes = transform.exo.expr "M mod 256 == 0, N mod 256 == 0, K mod {0} == 0, M - 256 >= 0, N - 256 >= 0, K - {0} >= 0" (%kt) : (!transform.any_param) -> !transform.any_param
    transform.exo.assume %p %sizes : !transform.any_op, !transform.any_param
    %bn = transform.param.constant 256 : i64 -> !transform.any_param
    %zero_d = transform.param.constant #exo.wgmma_zero<n = 256> -> !transform.any_param
    %store_d = transform.param.constant #exo.wgmma_store<n = 256, dst = gmem, dtype = bf16> -> !transform.any_param
    %tiles:3 = transform.include @gemm_cluster_tiles failures(propagate) (%p, %kt, %kstep) : (!transform.any_op, !transform.any_param, !transform.any_param) -> (!transform.any_param, !transform.any_param, !transform.any_param)
    transform.include @schedule failures(propagate) (%p, %kt, %load_a, %load_b, %wgmma, %tiles#2, %bn, %zero_d, %store_d)
        : (!transform.any_op, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param) -> ()
    %odd_tiles:3 = transform.include @gemm_cluster_tiles_odd failures(propagate) (%p_odd, %kt, %kstep) : (!transform.any_op, !transform.any_param, !transform.any_param) -> (!transform.any_param, !transform.any_param, !transform.any_param)
    transform.include @schedule failures(propagate) (%p_odd, %kt, %load_a, %load_b, %wgmma, %odd_tiles#2, %bn, %zero_d, %store_d)
        : (!transform.any_op, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param) -> ()
    transform.yield
  }

  // One specification's four kernels, copies of it named %base and %base
  // with `_odd`, `_ws_odd` and `_ws_odd_4stage`: @kernel_pair's two (%p,
  // whole tiles, its sizes assumed; %p_odd, partial ones: what the
  // specification's requires allows, TMA needing A's, B's and C's rows to
  // be multiples of 16 bytes) with the cluster parameters, and the
  // small-tile ones (@schedule_ws, 64 x 128 tiles, with the small-tile
  // parameters: %p_ws with 8 ring slots and one CTA per SM, %p_ws2 with 4
  // and two).
  transform.named_sequence private @kernel_set(%spec: !transform.any_op {transform.readonly},
      %base: !transform.any_param {transform.readonly}, %kt: !transform.any_param {transform.readonly},
      %kstep: !transform.any_param {transform.readonly}, %load_a: !transform.any_param {transform.readonly},
      %load_b: !transform.any_param {transform.readonly}, %wgmma: !transform.any_param {transform.readonly},
      %ws_kt: !transform.param<i64> {transform.readonly}, %ws_kstep: !transform.param<i64> {transform.readonly},
      %ws_a: !transform.any_param {transform.readonly}, %ws_b: !transform.any_param {transform.readonly},
      %ws_mma: !transform.any_param {transform.readonly}) {
    %p = transform.exo.clone_proc %spec %base : (!transform.any_op, !transform.any_param) -> !transform.any_op
    %odd = transform.exo.expr "{0}_odd" (%base) : (!transform.any_param) -> !transform.any_param
    %p_odd = transform.exo.clone_proc %spec %odd : (!transform.any_op, !transform.any_param) -> !transform.any_op
    %ws = transform.exo.expr "{0}_ws_odd" (%base) : (!transform.any_param) -> !transform.any_param
    %p_ws = transform.exo.clone_proc %spec %ws : (!transform.any_op, !transform.any_param) -> !transform.any_op
    %ws2 = transform.exo.expr "{0}_ws_odd_4stage" (%base) : (!transform.any_param) -> !transform.any_param
    %p_ws2 = transform.exo.clone_proc %spec %ws2 : (!transform.any_op, !transform.any_param) -> !transform.any_op
    transform.include @kernel_pair failures(propagate) (%p, %p_odd, %kt, %kstep, %load_a, %load_b, %wgmma)
        : (!transform.any_op, !transform.any_op, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param) -> ()
    %n128 = transform.param.constant 128 : i64 -> !transform.any_param
    %zero128 = transform.param.constant #exo.wgmma_zero<n = 128> -> !transform.any_param
    %store128 = transform.param.constant #exo.wgmma_store<n = 128, dst = gmem, dtype = bf16> -> !transform.any_param
    %stages8 = transform.param.constant 8 : i64 -> !transform.any_param
    %warps1 = transform.param.constant [#exo.warp_group<"producer", 1, dec 40>, #exo.warp_group<"unused", 3, dec 40>, #exo.warp_group<"consumer", 4, inc 232>] -> !transform.any_param
    %one = transform.param.constant 1 : i64 -> !transform.any_param
    transform.include @schedule_ws failures(propagate) (%p_ws, %ws_kt, %ws_kstep, %ws_a, %ws_b, %ws_mma, %stages8, %warps1, %one, %n128, %zero128, %store128)
        : (!transform.any_op, !transform.param<i64>, !transform.param<i64>, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param) -> ()
    %stages4 = transform.param.constant 4 : i64 -> !transform.any_param
    %warps2 = transform.param.constant [#exo.warp_group<"producer", 1, dec 40>, #exo.warp_group<"unused", 3, dec 40>, #exo.warp_group<"consumer", 4, inc 208>] -> !transform.any_param
    %two = transform.param.constant 2 : i64 -> !transform.any_param
    transform.include @schedule_ws failures(propagate) (%p_ws2, %ws_kt, %ws_kstep, %ws_a, %ws_b, %ws_mma, %stages4, %warps2, %two, %n128, %zero128, %store128)
        : (!transform.any_op, !transform.param<i64>, !transform.param<i64>, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param) -> ()
    transform.yield
  }

  // The tf32 epilogues (ReLU, GELU, SiLU): @kernel_set's four kernels each.
  transform.named_sequence @gemm_sm90_tf32_epilogues(%root: !transform.any_op {transform.readonly}) {
    %kt_tf32 = transform.param.constant 32 : i64 -> !transform.any_param
    %kstep_tf32 = transform.param.constant 8 : i64 -> !transform.any_param
    %load_a_tf32 = transform.param.constant #exo.tma<kind = load, shape = [128, 32], dtype = f32, swizzle = 128> -> !transform.any_param
    %load_b_tf32 = transform.param.constant #exo.tma<kind = load, shape = [256, 32], dtype = f32, swizzle = 128, multicast = 2> -> !transform.any_param
    %wgmma_tf32 = transform.param.constant #exo.wgmma<n = 256, dtype = tf32> -> !transform.any_param
    %ws_kt_tf32 = transform.param.constant 32 : i64 -> !transform.param<i64>
    %ws_kstep_tf32 = transform.param.constant 8 : i64 -> !transform.param<i64>
    %ws_a_tf32 = transform.param.constant #exo.tma<kind = load, shape = [64, 32], dtype = f32, swizzle = 128> -> !transform.any_param
    %ws_b_tf32 = transform.param.constant #exo.tma<kind = load, shape = [128, 32], dtype = f32, swizzle = 128> -> !transform.any_param
    %ws_mma_tf32 = transform.param.constant #exo.wgmma<n = 128, dtype = tf32> -> !transform.any_param
    %bias_relu = transform.exo.match_proc @gemm_tf32_bias_relu in %root : (!transform.any_op) -> !transform.any_op
    %bias_relu_name = transform.param.constant "gemm_sm90_tf32_bias_relu" -> !transform.any_param
    transform.include @kernel_set failures(propagate) (%bias_relu, %bias_relu_name, %kt_tf32, %kstep_tf32, %load_a_tf32, %load_b_tf32, %wgmma_tf32, %ws_kt_tf32, %ws_kstep_tf32, %ws_a_tf32, %ws_b_tf32, %ws_mma_tf32)
        : (!transform.any_op, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.param<i64>, !transform.param<i64>, !transform.any_param, !transform.any_param, !transform.any_param) -> ()
    %bias_gelu = transform.exo.match_proc @gemm_tf32_bias_gelu in %root : (!transform.any_op) -> !transform.any_op
    %bias_gelu_name = transform.param.constant "gemm_sm90_tf32_bias_gelu" -> !transform.any_param
    transform.include @kernel_set failures(propagate) (%bias_gelu, %bias_gelu_name, %kt_tf32, %kstep_tf32, %load_a_tf32, %load_b_tf32, %wgmma_tf32, %ws_kt_tf32, %ws_kstep_tf32, %ws_a_tf32, %ws_b_tf32, %ws_mma_tf32)
        : (!transform.any_op, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.param<i64>, !transform.param<i64>, !transform.any_param, !transform.any_param, !transform.any_param) -> ()
    %bias_silu = transform.exo.match_proc @gemm_tf32_bias_silu in %root : (!transform.any_op) -> !transform.any_op
    %bias_silu_name = transform.param.constant "gemm_sm90_tf32_bias_silu" -> !transform.any_param
    transform.include @kernel_set failures(propagate) (%bias_silu, %bias_silu_name, %kt_tf32, %kstep_tf32, %load_a_tf32, %load_b_tf32, %wgmma_tf32, %ws_kt_tf32, %ws_kstep_tf32, %ws_a_tf32, %ws_b_tf32, %ws_mma_tf32)
        : (!transform.any_op, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.param<i64>, !transform.param<i64>, !transform.any_param, !transform.any_param, !transform.any_param) -> ()
    transform.yield
  }

  // The bf16 epilogues (ReLU, GELU): @kernel_set's four kernels each.
  transform.named_sequence @gemm_sm90_bf16_epilogues(%root: !transform.any_op {transform.readonly}) {
    %kt_bf16 = transform.param.constant 64 : i64 -> !transform.any_param
    %kstep_bf16 = transform.param.constant 16 : i64 -> !transform.any_param
    %load_a_bf16 = transform.param.constant #exo.tma<kind = load, shape = [128, 64], dtype = bf16, swizzle = 128> -> !transform.any_param
    %load_b_bf16 = transform.param.constant #exo.tma<kind = load, shape = [256, 64], dtype = bf16, swizzle = 128, multicast = 2> -> !transform.any_param
    %wgmma_bf16 = transform.param.constant #exo.wgmma<n = 256, dtype = bf16> -> !transform.any_param
    %ws_kt_bf16 = transform.param.constant 64 : i64 -> !transform.param<i64>
    %ws_kstep_bf16 = transform.param.constant 16 : i64 -> !transform.param<i64>
    %ws_a_bf16 = transform.param.constant #exo.tma<kind = load, shape = [64, 64], dtype = bf16, swizzle = 128> -> !transform.any_param
    %ws_b_bf16 = transform.param.constant #exo.tma<kind = load, shape = [128, 64], dtype = bf16, swizzle = 128> -> !transform.any_param
    %ws_mma_bf16 = transform.param.constant #exo.wgmma<n = 128, dtype = bf16> -> !transform.any_param
    %bias_relu = transform.exo.match_proc @gemm_bf16_bias_relu in %root : (!transform.any_op) -> !transform.any_op
    %bias_relu_name = transform.param.constant "gemm_sm90_bf16_bias_relu" -> !transform.any_param
    transform.include @kernel_set failures(propagate) (%bias_relu, %bias_relu_name, %kt_bf16, %kstep_bf16, %load_a_bf16, %load_b_bf16, %wgmma_bf16, %ws_kt_bf16, %ws_kstep_bf16, %ws_a_bf16, %ws_b_bf16, %ws_mma_bf16)
        : (!transform.any_op, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.param<i64>, !transform.param<i64>, !transform.any_param, !transform.any_param, !transform.any_param) -> ()
    %bias_gelu = transform.exo.match_proc @gemm_bf16_bias_gelu in %root : (!transform.any_op) -> !transform.any_op
    %bias_gelu_name = transform.param.constant "gemm_sm90_bf16_bias_gelu" -> !transform.any_param
    transform.include @kernel_set failures(propagate) (%bias_gelu, %bias_gelu_name, %kt_bf16, %kstep_bf16, %load_a_bf16, %load_b_bf16, %wgmma_bf16, %ws_kt_bf16, %ws_kstep_bf16, %ws_a_bf16, %ws_b_bf16, %ws_mma_bf16)
        : (!transform.any_op, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.param<i64>, !transform.param<i64>, !transform.any_param, !transform.any_param, !transform.any_param) -> ()
    transform.yield
  }

  // The fp8 GEMM with per-row and per-column scales: @kernel_set's four
  // kernels.
  transform.named_sequence @gemm_sm90_e4m3_scaled_kernels(%root: !transform.any_op {transform.readonly}) {
    %kt_e4m3 = transform.param.constant 128 : i64 -> !transform.any_param
    %kstep_e4m3 = transform.param.constant 32 : i64 -> !transform.any_param
    %load_a_e4m3 = transform.param.constant #exo.tma<kind = load, shape = [128, 128], dtype = f8E4M3FN, swizzle = 128> -> !transform.any_param
    %load_b_e4m3 = transform.param.constant #exo.tma<kind = load, shape = [256, 128], dtype = f8E4M3FN, swizzle = 128, multicast = 2> -> !transform.any_param
    %wgmma_e4m3 = transform.param.constant #exo.wgmma<n = 256, dtype = f8E4M3FN> -> !transform.any_param
    %ws_kt_e4m3 = transform.param.constant 128 : i64 -> !transform.param<i64>
    %ws_kstep_e4m3 = transform.param.constant 32 : i64 -> !transform.param<i64>
    %ws_a_e4m3 = transform.param.constant #exo.tma<kind = load, shape = [64, 128], dtype = f8E4M3FN, swizzle = 128> -> !transform.any_param
    %ws_b_e4m3 = transform.param.constant #exo.tma<kind = load, shape = [128, 128], dtype = f8E4M3FN, swizzle = 128> -> !transform.any_param
    %ws_mma_e4m3 = transform.param.constant #exo.wgmma<n = 128, dtype = f8E4M3FN> -> !transform.any_param
    %scaled = transform.exo.match_proc @gemm_e4m3_scaled in %root : (!transform.any_op) -> !transform.any_op
    %scaled_name = transform.param.constant "gemm_sm90_e4m3_scaled" -> !transform.any_param
    transform.include @kernel_set failures(propagate) (%scaled, %scaled_name, %kt_e4m3, %kstep_e4m3, %load_a_e4m3, %load_b_e4m3, %wgmma_e4m3, %ws_kt_e4m3, %ws_kstep_e4m3, %ws_a_e4m3, %ws_b_e4m3, %ws_mma_e4m3)
        : (!transform.any_op, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.param<i64>, !transform.param<i64>, !transform.any_param, !transform.any_param, !transform.any_param) -> ()
    transform.yield
  }

  // The fp8 GEMM with two more tile shapes: 64 x 64 with two CTAs per SM
  // (@schedule_ws), and the cluster kernel's 256 x 192 with partial tiles
  // (the tile's width as in schedules/kernels.mlir's @gemm_n192).
  transform.named_sequence @gemm_sm90_e4m3_scaled_tiles(%root: !transform.any_op {transform.readonly}) {
    %scaled = transform.exo.match_proc @gemm_e4m3_scaled in %root : (!transform.any_op) -> !transform.any_op
    %kt_e4m3 = transform.param.constant 128 : i64 -> !transform.any_param
    %kstep_e4m3 = transform.param.constant 32 : i64 -> !transform.any_param
    %load_a_e4m3 = transform.param.constant #exo.tma<kind = load, shape = [128, 128], dtype = f8E4M3FN, swizzle = 128> -> !transform.any_param
    %ws_kt_e4m3 = transform.param.constant 128 : i64 -> !transform.param<i64>
    %ws_kstep_e4m3 = transform.param.constant 32 : i64 -> !transform.param<i64>
    %ws_a_e4m3 = transform.param.constant #exo.tma<kind = load, shape = [64, 128], dtype = f8E4M3FN, swizzle = 128> -> !transform.any_param
    %e4m3_scaled_ws64 = transform.exo.clone_proc %scaled "gemm_sm90_e4m3_scaled_ws_n64_odd" : (!transform.any_op) -> !transform.any_op
    %ws64_b_e4m3 = transform.param.constant #exo.tma<kind = load, shape = [64, 128], dtype = f8E4M3FN, swizzle = 128> -> !transform.any_param
    %ws64_mma_e4m3 = transform.param.constant #exo.wgmma<n = 64, dtype = f8E4M3FN> -> !transform.any_param
    %stages4 = transform.param.constant 4 : i64 -> !transform.any_param
    %warps2 = transform.param.constant [#exo.warp_group<"producer", 1, dec 40>, #exo.warp_group<"unused", 3, dec 40>, #exo.warp_group<"consumer", 4, inc 208>] -> !transform.any_param
    %two = transform.param.constant 2 : i64 -> !transform.any_param
    %n64 = transform.param.constant 64 : i64 -> !transform.any_param
    %zero64 = transform.param.constant #exo.wgmma_zero<n = 64> -> !transform.any_param
    %store64 = transform.param.constant #exo.wgmma_store<n = 64, dst = gmem, dtype = bf16> -> !transform.any_param
    transform.include @schedule_ws failures(propagate) (%e4m3_scaled_ws64, %ws_kt_e4m3, %ws_kstep_e4m3, %ws_a_e4m3, %ws64_b_e4m3, %ws64_mma_e4m3, %stages4, %warps2, %two, %n64, %zero64, %store64)
        : (!transform.any_op, !transform.param<i64>, !transform.param<i64>, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param) -> ()
    %e4m3_scaled_192 = transform.exo.clone_proc %scaled "gemm_sm90_e4m3_scaled_n192_odd" : (!transform.any_op) -> !transform.any_op
    %bn192 = transform.param.constant 192 : i64 -> !transform.any_param
    %zero192 = transform.param.constant #exo.wgmma_zero<n = 192> -> !transform.any_param
    %store192 = transform.param.constant #exo.wgmma_store<n = 192, dst = gmem, dtype = bf16> -> !transform.any_param
    %load_b192_e4m3 = transform.param.constant #exo.tma<kind = load, shape = [192, 128], dtype = f8E4M3FN, swizzle = 128, multicast = 2> -> !transform.any_param
    %wgmma192_e4m3 = transform.param.constant #exo.wgmma<n = 192, dtype = f8E4M3FN> -> !transform.any_param
    %t192:3 = transform.include @gemm_cluster_tiles_odd_n failures(propagate) (%e4m3_scaled_192, %kt_e4m3, %kstep_e4m3, %bn192) : (!transform.any_op, !transform.any_param, !transform.any_param, !transform.any_param) -> (!transform.any_param, !transform.any_param, !transform.any_param)
    transform.include @schedule failures(propagate) (%e4m3_scaled_192, %kt_e4m3, %load_a_e4m3, %load_b192_e4m3, %wgmma192_e4m3, %t192#2, %bn192, %zero192, %store192)
        : (!transform.any_op, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param, !transform.any_param) -> ()
    transform.yield
  }

  // Every kernel of the file (each entry point alone derives its own:
  // -transform-interpreter=entry-point=NAME).
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    transform.include @gemm_sm90_tf32_epilogues failures(propagate) (%root) : (!transform.any_op) -> ()
    transform.include @gemm_sm90_bf16_epilogues failures(propagate) (%root) : (!transform.any_op) -> ()
    transform.include @gemm_sm90_e4m3_scaled_kernels failures(propagate) (%root) : (!transform.any_op) -> ()
    transform.include @gemm_sm90_e4m3_scaled_tiles failures(propagate) (%root) : (!transform.any_op) -> ()
    transform.yield
  }
}
