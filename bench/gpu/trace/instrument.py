#!/usr/bin/env python3
"""Instruments a generated GEMM launcher with per-task clock64 probes.

Usage: instrument.py IN_LAUNCHER.h OUT_LAUNCHER.h KERNEL TOP INIT LOADS END STOP

Measurement only (bench/analysis/epilogue-analysis.md): the probes are
inserted into the PTX text of a launcher from `exo-gpu-translate
--exo-emit-launcher`, in the producer warp's branch of a warp-specialized
cluster GEMM, at basic-block labels that the caller reads off the PTX (they
change with the kernel, so each kernel needs its own):
  TOP   $L__BB0_<TOP>: the head of the persistent task loop (event 0, and
        %globaltimer as event 7);
  INIT  $L__BB0_<INIT>: the barrier initialization; the next cluster wait
        is event 1 (barriers ready);
  LOADS $L__BB0_<LOADS>: the exit of the producer's K loop (event 2); the
        next cluster wait is event 3 (mainloop done cluster-wide) and the next
        `barrier.sync 0` event 4 (accumulators in shared memory);
  each `cp.async.bulk.wait_group` is event 5 (store complete);
  END   $L__BB0_<END>: the task end; its cluster wait is event 6;
  STOP  $L__BB0_<STOP>: where the producer branch ends (nothing after it is
        touched).
Event e of task k of CTA c goes to exo_trace[c * 256 + min(k, 31) * 8 + e]
(a .global array the instrumented PTX declares); trace.cu reads it.
"""

import sys


def main():
    if len(sys.argv) != 9:
        sys.exit(__doc__)
    src = open(sys.argv[1]).read()
    kname, top, init, loads, endl, stop = sys.argv[3:9]
    start = src.index('kPtx_' + kname + '[] = R"exo_ptx(')
    end = src.index(')exo_ptx"', start)
    ptx = src[start:end].split('\n')

    def probe(ev, glob=False):
        s = ['\tmov.u64 %trc, %clock64;', f'\tst.global.u64 [%trt+{ev * 8}], %trc;']
        if glob:
            s += ['\tmov.u64 %trg, %globaltimer;',
                  '\tst.global.u64 [%trt+56], %trg;']
        return s

    out, state, i = [], {}, 0
    while i < len(ptx):
        line = ptx[i]
        text = line.strip()
        out.append(line)
        if line.startswith('.extern .shared'):
            out.append('.global .align 8 .b64 exo_trace[262144];')
        if text.startswith('.reg .b64') and '%rd<' in line:
            out += ['\t.reg .b64 %trc, %trb, %trt, %trk, %trg;', '\t.reg .b32 %trx;']
        if 'setmaxnreg.dec' in line:
            out += ['\tmov.u32 %trx, %ctaid.x;', '\tmul.wide.u32 %trb, %trx, 2048;',
                    '\tmov.u64 %trt, exo_trace;', '\tadd.u64 %trb, %trb, %trt;',
                    '\tmov.u64 %trk, 0;', '\tmov.u64 %trt, %trb;']
        if text == f'$L__BB0_{top}:':
            out += ['\tmin.u64 %trt, %trk, 31;', '\tshl.b64 %trt, %trt, 6;',
                    '\tadd.u64 %trt, %trt, %trb;', '\tadd.u64 %trk, %trk, 1;']
            out += probe(0, True)
        if text == f'$L__BB0_{init}:':
            state['init'] = True
        if text == 'barrier.cluster.wait;' and state.pop('init', False):
            out += probe(1)
        if text == f'$L__BB0_{loads}:':
            out += probe(2)
            state['loads'] = True
        if text == 'barrier.cluster.wait;' and state.pop('loads', False):
            out += probe(3)
            state['sync'] = True
        if text == 'barrier.sync 0;' and state.pop('sync', False):
            out += probe(4)
        if text.startswith('cp.async.bulk.wait_group'):
            out += probe(5)
        if text == f'$L__BB0_{endl}:':
            state['end'] = True
        if text == 'barrier.cluster.wait;' and state.pop('end', False):
            out += probe(6)
        if text == f'$L__BB0_{stop}:':
            break
        i += 1
    out += ptx[i + 1:]
    open(sys.argv[2], 'w').write(src[:start] + '\n'.join(out) + src[end:])


if __name__ == '__main__':
    main()
