#!/usr/bin/env python3
"""Register-held clock trace points in a launcher header's PTX.

usage: trace_patch.py IN.h OUT.h ENTRYLINE EXITLINE LINE:ID:LABEL ...
(LINE: 1-based line of IN.h; the point goes after it.) Each point records
%clock in the 32-bit register %trc<ID>; %trc0 is the warp's entry, the others
start at zero. After EXITLINE (the kernel's single `ret` label), lane 0 of
every warp does red.min/max of each recorded point, relative to its entry,
into exo_trace[(cta*32+id)*2+0/1] (a module global the driver trace.cu reads
back). The kernel itself touches
no extra memory before its exit: an earlier version that did red.global at
each point delayed the first cluster barrier by 20 k cycles (its release
waited for them).
"""
import sys, re
src = open(sys.argv[1]).read().split('\n')
entry, exitl = int(sys.argv[3]), int(sys.argv[4])
points = {}
labels = {0: 'entry'}
for a in sys.argv[5:]:
    ln, pid, lab = a.split(':')
    points.setdefault(int(ln), []).append(int(pid))
    labels[int(pid)] = lab
ids = sorted(labels)
out = []
for i, line in enumerate(src, 1):
    out.append(line)
    if line.strip() == '.address_size 64':
        out.append('.global .align 8 .u64 exo_trace[8704];')
    if i == entry:
        out.append(f'.reg .u32 %trc<{max(ids) + 1}>;')
        for k in ids:
            out.append(f'mov.u32 %trc{k}, 0;')
        out.append('mov.u32 %trc0, %clock;')
    for pid in points.get(i, []):
        out.append(f'mov.u32 %trc{pid}, %clock;')
    if i == exitl:
        s = ['{ .reg .u64 ta, tb; .reg .u32 tc; .reg .pred tp, tz;',
             ' mov.u32 tc, %tid.x; and.b32 tc, tc, 31; setp.ne.u32 tp, tc, 0; @tp bra $Ltrcdone;',
             ' mov.u32 tc, %ctaid.x; mov.u64 tb, exo_trace; mul.wide.u32 ta, tc, 512; add.u64 ta, ta, tb;']
        for k in ids:
            s.append(f' sub.u32 tc, %trc{k}, %trc0; cvt.u64.u32 tb, tc; setp.eq.u32 tz, %trc{k}, 0; @!tz red.global.min.u64 [ta+{k*16}], tb; @!tz red.global.max.u64 [ta+{k*16+8}], tb;')
        s.append('$Ltrcdone: }')
        out.extend(s)
text = '\n'.join(out)
text = text.replace('namespace exo_kernels {', 'namespace exo_kernels {\ninline CUmodule g_trace_module;\n', 1)
text = re.sub(r'(\n\s*)return exo_rt::(launchPersistent|launch)\(info, ',
              r'\1{ CUfunction tf; exo_rt::getFunction(info, &tf); cuFuncGetModule(&g_trace_module, tf); }\1return exo_rt::\2(info, ', text)
open(sys.argv[2], 'w').write(text)
with open(sys.argv[2] + '.labels', 'w') as f:
    for k in ids:
        f.write(f'{k} {labels[k]}\n')
