#!/usr/bin/env python3
"""Makes the first TMA load of a kernel that completes on an mbarrier
conditional, and prints the kernel.

Usage: plant_conditional_load.py < kernel.mlir

The load runs only where the last coordinate of its trailing barrier (the
ring or K-step index) is at least 1; the expect-tx arrive after it is left
alone, so in the first step the arrive expects bytes that never land. On the
GPU that phase never completes (a deadlock). A kernel without such a load
fails loudly, so a test that uses this cannot pass vacuously.
"""
import re
import sys

lines = sys.stdin.read().split('\n')
call = re.compile(r'^(\s*)exo\.call (?:@\w*tma_load\w*|#exo\.tma<kind = load[^(]*)\([^)]*\) >> %\w+\[([^\]]*)\]')
for i, line in enumerate(lines):
    m = call.match(line)
    if not m:
        continue
    indent, coords = m.group(1), m.group(2)
    iv = coords.split(',')[-1].strip()
    if not iv.startswith('%'):
        continue
    end = i if ' : (' in line else i + 1
    body = [indent + '  ' + l.lstrip() for l in lines[i:end + 1]]
    planted = [indent + '%plant_one = arith.constant 1 : index',
               indent + '%plant_cond = arith.cmpi uge, ' + iv +
               ', %plant_one : index',
               indent + 'exo.if %plant_cond {'] + body + [indent + '}']
    lines[i:end + 1] = planted
    print('\n'.join(lines))
    sys.exit(0)
sys.exit('plant_conditional_load.py: no TMA load with an indexed trailing '
         'barrier found')
