// Attention forward, the specifications:
//   O[b, h, i, :] = softmax_j(scale * Q[b, h, i, :] . K[b, h, j, :]) V[b, h, j, :]
//   L[b, h, i]    = log sum_j exp(scale * Q[b, h, i, :] . K[b, h, j, :])
// over [B, H, S, D] bf16 tensors (O bf16, the log-sum-exp L in f32), with
// scale = 1 / sqrt(D). With causal = 1, row i attends to keys j <= i only
// (causal = 0: to all S keys).
//
//   @attention_textbook: the three passes of the definition: the scores of
//     a row and their maximum, the sum of their exponentials, then each
//     output element as the probabilities times V.
//   @attention_online: one pass over the keys keeping a running maximum m,
//     a running sum l and an unnormalised output row (the online softmax):
//     key j rescales l and the row by exp(m_old - m_new) and adds its own
//     term. Mathematically equal to the textbook form; in floating point
//     they differ by rounding, within the tolerance
//     test/Examples/attention-spec.test states (2^-8 normwise: the bf16
//     rounding of the output).
//
// Run and compare them on the CPU:
//   exo-gpu-run examples/attention/attention_spec.mlir --entry=attention_online \
//     --compare=attention_textbook --size=B=1,H=2,S=96,D=64,causal=1 --tolerance=4e-3

!T = !exo.tensor<[B, H, S, D], bf16, dram>
!L = !exo.tensor<[B, H, S], f32, dram>
!One = !exo.tensor<[1], f32, dram>

exo.proc @attention_textbook(%B: index, %H: index, %S: index, %D: index,
                             %causal: index, %Q: !T, %K: !T, %V: !T,
                             %O: !T, %L: !L)
    requires affine_set<()[B, H, S, D, causal] : (B - 1 >= 0, H - 1 >= 0,
        S - 1 >= 0, D - 1 >= 0, causal >= 0, 1 - causal >= 0)> {
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %Di = arith.index_cast %D : index to i64
  %Df = arith.sitofp %Di : i64 to f32
  %scale = math.rsqrt %Df : f32
  %full = arith.subi %c1, %causal : index
  %fullS = arith.muli %full, %S : index
  exo.for %b = 0 to %B seq {
    exo.for %h = 0 to %H seq {
      exo.for %i = 0 to %S seq {
        // The keys row i sees: i + 1 of them if causal, else S.
        %i1 = arith.addi %i, %c1 : index
        %ci = arith.muli %causal, %i1 : index
        %n = arith.addi %ci, %fullS : index
        %s = exo.alloc : !exo.tensor<[S], f32, dram>
        %m = exo.alloc : !One
        %l = exo.alloc : !One
        // Pass 1: the scores and their maximum.
        exo.assign %m[0] = %ninf : !One
        exo.for %j = 0 to %n seq {
          exo.assign %s[%j] = %zero : !exo.tensor<[S], f32, dram>
          exo.for %d = 0 to %D seq {
            %q = exo.read %Q[%b, %h, %i, %d] : !T
            %k = exo.read %K[%b, %h, %j, %d] : !T
            %qf = arith.extf %q : bf16 to f32
            %kf = arith.extf %k : bf16 to f32
            %qk = arith.mulf %qf, %kf : f32
            exo.reduce %s[%j] += %qk : !exo.tensor<[S], f32, dram>
          }
          %dot = exo.read %s[%j] : !exo.tensor<[S], f32, dram>
          %sc = arith.mulf %dot, %scale : f32
          exo.assign %s[%j] = %sc : !exo.tensor<[S], f32, dram>
          %mo = exo.read %m[0] : !One
          %mn = arith.maximumf %mo, %sc : f32
          exo.assign %m[0] = %mn : !One
        }
        // Pass 2: the sum of the exponentials.
        %mx = exo.read %m[0] : !One
        exo.assign %l[0] = %zero : !One
        exo.for %j = 0 to %n seq {
          %sj = exo.read %s[%j] : !exo.tensor<[S], f32, dram>
          %x = arith.subf %sj, %mx : f32
          %e = math.exp %x : f32
          exo.reduce %l[0] += %e : !One
        }
        // Pass 3: the probabilities times V.
        %sum = exo.read %l[0] : !One
        exo.for %d = 0 to %D seq {
          %o = exo.alloc : !One
          exo.assign %o[0] = %zero : !One
          exo.for %j = 0 to %n seq {
            %sj = exo.read %s[%j] : !exo.tensor<[S], f32, dram>
            %x = arith.subf %sj, %mx : f32
            %e = math.exp %x : f32
            %p = arith.divf %e, %sum : f32
            %v = exo.read %V[%b, %h, %j, %d] : !T
            %vf = arith.extf %v : bf16 to f32
            %pv = arith.mulf %p, %vf : f32
            exo.reduce %o[0] += %pv : !One
          }
          %ov = exo.read %o[0] : !One
          %oh = arith.truncf %ov : f32 to bf16
          exo.assign %O[%b, %h, %i, %d] = %oh : !T
        }
        %logl = math.log %sum : f32
        %lse = arith.addf %mx, %logl : f32
        exo.assign %L[%b, %h, %i] = %lse : !L
      }
    }
  }
}

exo.proc @attention_online(%B: index, %H: index, %S: index, %D: index,
                           %causal: index, %Q: !T, %K: !T, %V: !T,
                           %O: !T, %L: !L)
    requires affine_set<()[B, H, S, D, causal] : (B - 1 >= 0, H - 1 >= 0,
        S - 1 >= 0, D - 1 >= 0, causal >= 0, 1 - causal >= 0)> {
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %Di = arith.index_cast %D : index to i64
  %Df = arith.sitofp %Di : i64 to f32
  %scale = math.rsqrt %Df : f32
  %full = arith.subi %c1, %causal : index
  %fullS = arith.muli %full, %S : index
  exo.for %b = 0 to %B seq {
    exo.for %h = 0 to %H seq {
      exo.for %i = 0 to %S seq {
        %i1 = arith.addi %i, %c1 : index
        %ci = arith.muli %causal, %i1 : index
        %n = arith.addi %ci, %fullS : index
        %m = exo.alloc : !One
        %l = exo.alloc : !One
        %acc = exo.alloc : !exo.tensor<[D], f32, dram>
        exo.assign %m[0] = %ninf : !One
        exo.assign %l[0] = %zero : !One
        exo.for %d = 0 to %D seq {
          exo.assign %acc[%d] = %zero : !exo.tensor<[D], f32, dram>
        }
        exo.for %j = 0 to %n seq {
          %s = exo.alloc : !One
          exo.assign %s[0] = %zero : !One
          exo.for %d = 0 to %D seq {
            %q = exo.read %Q[%b, %h, %i, %d] : !T
            %k = exo.read %K[%b, %h, %j, %d] : !T
            %qf = arith.extf %q : bf16 to f32
            %kf = arith.extf %k : bf16 to f32
            %qk = arith.mulf %qf, %kf : f32
            exo.reduce %s[0] += %qk : !One
          }
          %dot = exo.read %s[0] : !One
          %sc = arith.mulf %dot, %scale : f32
          // The new maximum; the old terms shrink by exp(m_old - m_new)
          // (0 for the first key, whose m_old is -inf).
          %mo = exo.read %m[0] : !One
          %mn = arith.maximumf %mo, %sc : f32
          %dm = arith.subf %mo, %mn : f32
          %alpha = math.exp %dm : f32
          %x = arith.subf %sc, %mn : f32
          %p = math.exp %x : f32
          %lo = exo.read %l[0] : !One
          %ls = arith.mulf %lo, %alpha : f32
          %ln = arith.addf %ls, %p : f32
          exo.assign %l[0] = %ln : !One
          exo.for %d = 0 to %D seq {
            %a = exo.read %acc[%d] : !exo.tensor<[D], f32, dram>
            %as = arith.mulf %a, %alpha : f32
            %v = exo.read %V[%b, %h, %j, %d] : !T
            %vf = arith.extf %v : bf16 to f32
            %pv = arith.mulf %p, %vf : f32
            %an = arith.addf %as, %pv : f32
            exo.assign %acc[%d] = %an : !exo.tensor<[D], f32, dram>
          }
          exo.assign %m[0] = %mn : !One
        }
        %sum = exo.read %l[0] : !One
        exo.for %d = 0 to %D seq {
          %a = exo.read %acc[%d] : !exo.tensor<[D], f32, dram>
          %o = arith.divf %a, %sum : f32
          %oh = arith.truncf %o : f32 to bf16
          exo.assign %O[%b, %h, %i, %d] = %oh : !T
        }
        %mx = exo.read %m[0] : !One
        %logl = math.log %sum : f32
        %lse = arith.addf %mx, %logl : f32
        exo.assign %L[%b, %h, %i] = %lse : !L
      }
    }
  }
}
