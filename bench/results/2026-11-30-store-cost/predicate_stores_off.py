import sys,re
src,dst=sys.argv[1:3]
s=open(src).read()
lines=s.split('\n'); out=[]
for l in lines:
    m=re.match(r'(\s*)(st\.global\.v2\.b32\s.*)',l)
    if m: l=m.group(1)+'@%pns '+m.group(2)
    out.append(l)
    if re.match(r'\s*ld\.param\.b64\s+%rd65, \[.*param_0\];',l):
        out.append('\t.reg .pred %pns;\n\tsetp.eq.u64 %pns, %rd65, 12345;')
open(dst,'w').write('\n'.join(out))
