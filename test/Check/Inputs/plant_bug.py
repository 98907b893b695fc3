#!/usr/bin/env python3
"""Plants a synchronization bug in a bundled kernel and prints the result.

Usage: plant_bug.py BUG EXAMPLES_DIR

Each bug is a textual edit of examples/gemm/hopper_gemm.mlir ('K'),
hopper_gemm_splitk.mlir ('S'), hopper_gemm_pingpong.mlir ('P') or the
three-group pipeline test/Check/Inputs/three_stage.mlir ('T'); an edit that no longer applies (the kernel
changed) fails loudly, so the tests that use it cannot pass vacuously.
"""
import os
import sys

bugs = {}


def sub(src, old, new):
    if old not in src:
        sys.exit("plant_bug.py: the kernel no longer contains:\n" + old)
    return src.replace(old, new)


def bug(name, base, edit, sizes):
    bugs[name] = (base, edit)


KS='sizes=M=256,N=256,K=256'
bug('no-full-await', 'K', lambda s: sub(s, '                exo.await(%raw[%cta_m, %cta_n, %k], cuda_generic_and_async_proxy, 0) : !Full\n', ''), KS)
bug('cg-wait-too-large', 'K', lambda s: sub(s, 'exo.await(%cg[%cta_m, %cta_n, %wg], cuda_in_order, 1) : !Cg', 'exo.await(%cg[%cta_m, %cta_n, %wg], cuda_in_order, 2) : !Cg'), KS)
bug('no-proxy-fence', 'K', lambda s: sub(s, 'exo.fence(cuda_in_order, cuda_generic_and_async_proxy)', 'exo.fence(cuda_in_order, cuda_in_order)'), KS)
bug('no-empty-await', 'K', lambda s: sub(s, '                exo.await(%war[%cta_m, %cta_n, %k], cuda_temporal, 0) : !Empty\n', ''), KS)
bug('raw-await-in-order', 'K', lambda s: sub(s, 'exo.await(%raw[%cta_m, %cta_n, %k], cuda_generic_and_async_proxy, 0)', 'exo.await(%raw[%cta_m, %cta_n, %k], cuda_in_order, 0)'), KS)
bug('no-full-arrive', 'K', lambda s: sub(s, '                exo.arrive(cuda_temporal) >> %raw[%cta_m, :, %k] >> %raw[:, %cta_n, %k] : !Full\n', ''), KS)
bug('empty-release-index-off-by-one', 'K', lambda s: sub(s, '%k3 = arith.addi %k, %c3 : index', '%k3 = arith.addi %k, %c4 : index'), KS)
bug('wgmma-not-awaited-before-release', 'K', lambda s: sub(s, '                    exo.await(%cg[%cta_m, %cta_n, %wg], cuda_in_order, 1) : !Cg\n', ''), KS)
bug('no-wgmma-drain', 'K', lambda s: sub(s, '                exo.await(%cg[%cta_m, %cta_n, %wg], cuda_in_order, 0) : !Cg\n', ''), KS)
bug('no-epilogue-cluster-fence', 'K', lambda s: sub(s, '        // Epilogue: the ring\'s SMEM is reused for C (cluster-wide fence).\n        exo.fence(cuda_in_order, cuda_in_order)\n', ''), KS)
bug('cta-scope-epilogue-fence', 'K', lambda s: sub(s, '        // Epilogue: the ring\'s SMEM is reused for C (cluster-wide fence).\n        exo.fence(cuda_in_order, cuda_in_order)\n', '        exo.for %f = 0 to 2 cuda_threads<cta> {\n          exo.fence(cuda_in_order, cuda_in_order)\n        }\n'), KS)
bug('empty-arrive-not-multicast', 'K', lambda s: sub(sub(s, '>> %war[%cta_m, :, %k3] >> %war[:, %cta_n, %k3] : !Empty', '>> %war[%cta_m, %cta_n, %k3] : !Empty'), '>> %war[%cta_m, :, %Kt3] >> %war[:, %cta_n, %Kt3] : !Empty', '>> %war[%cta_m, %cta_n, %Kt3] : !Empty'), KS)
bug('b-load-without-trailing-barrier', 'K', lambda s: sub(s, '''exo.call #exo.tma<kind = load, shape = [256, 32], dtype = f32, swizzle = 128, multicast = 2>(%b_dst, %b_src) >> %raw[:, %cta_n, %k]
                  : (!Bslot, !Btile) >> !Full''', '''exo.call #exo.tma<kind = load, shape = [256, 32], dtype = f32, swizzle = 128, multicast = 2>(%b_dst, %b_src)
                  : (!Bslot, !Btile)'''), KS)
bug('arrive-before-tma', 'K', lambda s: sub(sub(s, '''              exo.for %cta_m = 0 to 2 cuda_threads<cta> {
                exo.arrive(cuda_temporal) >> %raw[%cta_m, :, %k] >> %raw[:, %cta_n, %k] : !Full
              }
''', ''), '''            // A: each CTA loads its own 128 x 32 tile''', '''            exo.for %cta_n = 0 to 1 cuda_threads<2 * cta_strided(1)> {
              exo.for %cta_m = 0 to 2 cuda_threads<cta> {
                exo.arrive(cuda_temporal) >> %raw[%cta_m, :, %k] >> %raw[:, %cta_n, %k] : !Full
              }
            }
            // A: each CTA loads its own 128 x 32 tile'''), KS)
bug('tma-before-empty-await', 'K', lambda s: sub(sub(s, '''            // Wait until every reader of this slot has released it.
            exo.for %cta_m = 0 to 2 cuda_threads<cta> {
              exo.for %cta_n = 0 to 1 cuda_threads<cta> {
                exo.await(%war[%cta_m, %cta_n, %k], cuda_temporal, 0) : !Empty
              }
            }
''', ''), '''          exo.warps "consumer" {
            exo.for %cta_m = 0 to 2 cuda_threads<cta> {
              exo.for %cta_n = 0 to 1 cuda_threads<cta> {
                exo.await(%raw''', '''          exo.warps "producer" {
            exo.for %cta_m = 0 to 2 cuda_threads<cta> {
              exo.for %cta_n = 0 to 1 cuda_threads<cta> {
                exo.await(%war[%cta_m, %cta_n, %k], cuda_temporal, 0) : !Empty
              }
            }
          }
          exo.warps "consumer" {
            exo.for %cta_m = 0 to 2 cuda_threads<cta> {
              exo.for %cta_n = 0 to 1 cuda_threads<cta> {
                exo.await(%raw'''), KS)
bug('release-by-one-warpgroup', 'K', lambda s: sub(s, '''                exo.if %later {
                  exo.arrive(cuda_in_order) >> %war[%cta_m, :, %k3] >> %war[:, %cta_n, %k3] : !Empty
                }''', '''                exo.warps 4 to 8 {
                  exo.if %later {
                    exo.arrive(cuda_in_order) >> %war[%cta_m, :, %k3] >> %war[:, %cta_n, %k3] : !Empty
                  }
                }'''), KS)
# The TMA reduce-add replaced by a user-defined instruction that does not
# declare its access atomic.
NOT_ATOMIC_REDUCE = '''
exo.proc @tma_reduce_add_not_atomic(
    %dst: !Ctile {exo.access = #exo.access<read_write, out_of_order, oob>},
    %src: !Ccta {exo.access = #exo.access<read, out_of_order>})
    instr<unit = warp, timeline = tma_to_gmem, lowering = "none"> {
  exo.for %i = 0 to 128 seq {
    exo.for %j = 0 to 256 seq {
      %v = exo.read %src[%i, %j] : !Ccta
      exo.reduce %dst[%i, %j] += %v : !Ctile
    }
  }
}
'''
bug('splitk-without-atomic-reduce', 'S', lambda s: sub(s, 'exo.call #exo.tma<kind = reduce_add, shape = [128, 256], dtype = f32>(', 'exo.call @tma_reduce_add_not_atomic(') + NOT_ATOMIC_REDUCE, 'sizes=M=256,N=256,KS=2,KC=64')

bug('producer-awaits-wrong-slot', 'K', lambda s: sub(s, 'exo.await(%war[%cta_m, %cta_n, %k], cuda_temporal, 0) : !Empty', 'exo.await(%war[%cta_m, %cta_n, %k3], cuda_temporal, 0) : !Empty'), KS)
bug('consumer-awaits-next-slot', 'K', lambda s: sub(s, 'exo.await(%raw[%cta_m, %cta_n, %k], cuda_generic_and_async_proxy, 0) : !Full', 'exo.await(%raw[%cta_m, %cta_n, %k3], cuda_generic_and_async_proxy, 0) : !Full'), KS)
bug('proxy-fence-before-stores', 'K', lambda s: sub(sub(s, """            // Generic-proxy stores become visible to the TMA store.
            exo.fence(cuda_in_order, cuda_generic_and_async_proxy)
""", ""), """            exo.warps "consumer" {
              exo.for %wg = 0 to 2 cuda_threads<warpgroup> {
                %r0 = arith.muli %wg, %c64 : index
                %d = exo.window %D[%cta_m, %cta_n, %wg, :, :] : !Dall -> !D
                %c = exo.window %C_smem""", """            exo.fence(cuda_in_order, cuda_generic_and_async_proxy)
            exo.warps "consumer" {
              exo.for %wg = 0 to 2 cuda_threads<warpgroup> {
                %r0 = arith.muli %wg, %c64 : index
                %d = exo.window %D[%cta_m, %cta_n, %wg, :, :] : !Dall -> !D
                %c = exo.window %C_smem"""), KS)
bug('no-wgmma-commit', 'K', lambda s: sub(s, """                  exo.arrive(wgmma_async) >> %cg[%cta_m, %cta_n, %wg] : !Cg
""", ""), KS)

bug('release-at-first-iteration', 'K', lambda s: sub(s, """                exo.if %later {
                  exo.arrive(cuda_in_order) >> %war[%cta_m, :, %k3] >> %war[:, %cta_n, %k3] : !Empty
                }""", """                exo.arrive(cuda_in_order) >> %war[%cta_m, :, %k3] >> %war[:, %cta_n, %k3] : !Empty"""), KS)
bug('full-awaited-twice', 'K', lambda s: sub(s, """                exo.await(%raw[%cta_m, %cta_n, %k], cuda_generic_and_async_proxy, 0) : !Full
""", """                exo.await(%raw[%cta_m, %cta_n, %k], cuda_generic_and_async_proxy, 0) : !Full
                exo.await(%raw[%cta_m, %cta_n, %k], cuda_generic_and_async_proxy, 0) : !Full
"""), KS)

# A non-split-K kernel run as two K tasks: both write every tile of C.
bug('two-k-tasks-without-split-k', 'K', lambda s: sub(sub(s, """    exo.for %task_n = 0 to %Nt cuda_tasks {
""", """    exo.for %task_k = 0 to 2 cuda_tasks {
    exo.for %task_n = 0 to %Nt cuda_tasks {
"""), """        exo.fence(cuda_in_order, cuda_in_order)
      }
    }
""", """        exo.fence(cuda_in_order, cuda_in_order)
      }
    }
    }
"""), KS)

# Ping-pong: warpgroup 1 does not wait for the handoff, so its first parity
# waits reuse mbarriers whose previous phases it is not ordered after.
PP_HANDOFF_ARRIVE = """                  // Every phase of the ring that phase 1 reuses is complete.
                  exo.if %last {
                    exo.arrive(cuda_in_order) >> %handoff[%cta_m, %cta_n] : !Hand
                  }
"""
PP_HANDOFF_AWAIT = """                exo.await(%handoff[%cta_m, %cta_n], cuda_in_order, 0) : !Hand
"""
bug('pingpong-no-handoff', 'P', lambda s: sub(sub(s, PP_HANDOFF_ARRIVE, ''), PP_HANDOFF_AWAIT, ''), KS)
# Ping-pong: phase 0 never releases its last slot (the final Arrive).
bug('pingpong-no-final-arrive', 'P', lambda s: sub(s, """                exo.arrive(cuda_in_order) >> %war[%cta_m, :, %last0] >> %war[:, %cta_n, %last0] : !Empty
""", ''), KS)
# Ping-pong: the handoff is arrived before the last full barrier is awaited.
bug('pingpong-early-handoff', 'P', lambda s: sub(s, '%last = arith.cmpi eq, %k, %Kt1 : index', '%last = arith.cmpi eq, %k, %c0 : index'), KS)

# The full barriers' ring is shallower than the data ring: the producer
# signals the next phase of a full mbarrier the consumers still wait on.
bug('full-ring-too-shallow', 'K', lambda s: sub(s, '!Full = !exo.barrier<mbarrier, [2, 1, ? ring 4]>', '!Full = !exo.barrier<mbarrier, [2, 1, ? ring 2]>'), KS)
# One empty slot fewer pre-arrived than the ring has: the producer waits for
# a release that never comes.
bug('empty-prearrive-short', 'K', lambda s: sub(s, '!Empty = !exo.barrier<mbarrier(prearrive 4), [2, 1, ? ring 4]>', '!Empty = !exo.barrier<mbarrier(prearrive 3), [2, 1, ? ring 4]>'), KS)

# The TMA store of C is never waited for: it may still read C_smem when the
# next task of the persistent cluster reuses the shared memory.
bug('tma-store-not-waited', 'K', lambda s: sub(sub(s, """              exo.arrive(tma_to_gmem_async) >> %tma_cg : !TmaCg
""", ''), """              exo.await(%tma_cg, cuda_in_order, 0) : !TmaCg
""", ''), KS)

# Three-group cycle: the "scale" group's await is done by warp 1, its work and
# arrive by warp 0, which is then not ordered after the load.
bug('three-stage-await-by-other-warp', 'T', lambda s: sub(s, """        exo.warps "scale" 0 to 1 {
          exo.await(%loaded[%i], cuda_in_order, 0) : !Bar
""", """        exo.warps "scale" 1 to 2 {
          exo.await(%loaded[%i], cuda_in_order, 0) : !Bar
        }
        exo.warps "scale" 0 to 1 {
"""), 'sizes=N=6')
# ... and the other way round: warp 0 awaits and works, warp 1 arrives, so
# the store group is not ordered after warp 0's writes.
bug('three-stage-arrive-by-other-warp', 'T', lambda s: sub(s, """            exo.assign %b[%s, %l] = %w : !Buf
          }
          exo.arrive(cuda_in_order) >> %scaled[%i] : !Bar
        }
""", """            exo.assign %b[%s, %l] = %w : !Buf
          }
        }
        exo.warps "scale" 1 to 2 {
          exo.arrive(cuda_in_order) >> %scaled[%i] : !Bar
        }
"""), 'sizes=N=6')


def main():
    name, examples = sys.argv[1], sys.argv[2]
    sources = {
        "K": os.path.join(examples, "gemm", "hopper_gemm.mlir"),
        "S": os.path.join(examples, "gemm", "hopper_gemm_splitk.mlir"),
        "P": os.path.join(examples, "gemm", "hopper_gemm_pingpong.mlir"),
        "T": os.path.join(os.path.dirname(os.path.abspath(__file__)),
                          "three_stage.mlir"),
    }
    if name not in bugs:
        sys.exit("plant_bug.py: unknown bug " + name + "; known: " +
                 ", ".join(sorted(bugs)))
    base, edit = bugs[name]
    sys.stdout.write(edit(open(sources[base]).read()))


if __name__ == "__main__":
    main()
