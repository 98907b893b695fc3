// RUN: exo-gpu-opt %s -exo-materialize-instructions | FileCheck %s
// RUN: exo-gpu-opt %s | exo-gpu-opt | FileCheck %s --check-prefix=ROUNDTRIP

// Every instruction family, by one or more instances: the proc each
// materializes as (signature, access annotations, instr<...> and the
// semantics the checkers, the CPU reference and replace read), and the call
// syntax's round trip. The procs below are in the order of first use.

// ROUNDTRIP-LABEL: exo.proc @wg(
// ROUNDTRIP: exo.call #exo.wgmma_zero<n = 128>(%d)
// ROUNDTRIP: exo.call #exo.wgmma<n = 128, dtype = tf32>(%d, %a, %b)
// ROUNDTRIP: exo.call #exo.wgmma<n = 128, dtype = bf16, a = regs, b = interleave>(%d, %ar, %bi)
// ROUNDTRIP: exo.call #exo.wgmma<n = 128, dtype = f8E4M3FN, a = sw32, b = sw32>(%d, %fa, %fb)
// ROUNDTRIP: exo.call #exo.wgmma_store<n = 128, dst = gmem, reduce = true>(%c, %d)
// ROUNDTRIP-LABEL: exo.proc @tma(
// ROUNDTRIP: exo.call #exo.tma<kind = load, shape = [256, 32], dtype = f32, swizzle = 128, multicast = 2, stride = 2, box = [128, 1, 32]>(%ms, %mg)
// ROUNDTRIP: exo.call #exo.tma<kind = store, shape = [256], dtype = f32, thread = true>(%r1g, %r1s)
// ROUNDTRIP-LABEL: exo.proc @mma(
// ROUNDTRIP: exo.call #exo.mma<part = store_c, dtype = f32, mem = gmem>(%cg, %c)
// ROUNDTRIP-LABEL: exo.proc @thread(
// ROUNDTRIP: exo.call #exo.memset0<rank = 1, dtype = f32>(%M, %y)
// ROUNDTRIP-LABEL: exo.proc @wg_mn(
// ROUNDTRIP: exo.call #exo.wgmma<n = 128, dtype = bf16, a = regs, b = sw128_mn>(%d, %ar, %bt)
// ROUNDTRIP-LABEL: exo.proc @wg_scale_d0(
// ROUNDTRIP: exo.call #exo.wgmma<n = 8, dtype = bf16, a = sw32, b = sw32, scale_d = 0>(%d, %a, %b)
// ROUNDTRIP-LABEL: exo.proc @wg_acc_f16(
// ROUNDTRIP: exo.call #exo.wgmma_zero<n = 16, acc = f16>(%d)
// ROUNDTRIP: exo.call #exo.wgmma<n = 16, dtype = f16, a = sw32, b = sw32, acc = f16>(%d, %a, %b)
// ROUNDTRIP: exo.call #exo.wgmma<n = 16, dtype = f8E4M3FN, a = sw32, b = sw32, scale_d = 0, acc = f16>(%d, %fa, %fb)
// ROUNDTRIP: exo.call #exo.wgmma_store<n = 16, dst = gmem, dtype = f16, acc = f16>(%c, %d)
// ROUNDTRIP-NOT: exo.family

exo.proc @wg(%d: !exo.window<[64, 128], f32, wgmma_accum>,
             %a: !exo.window<[64, 8], f32, smem_swizzle<128>>,
             %b: !exo.window<[128, 8], f32, smem_swizzle<128>>,
             %ar: !exo.window<[64, 16], bf16, wgmma_a>,
             %bi: !exo.window<[2, 128, 8], bf16, smem>,
             %as: !exo.window<[64, 16], bf16, smem>,
             %c: !exo.window<[64, 128], f32, gmem>,
             %h: !exo.window<[64, 128], bf16, smem>,
             %fa: !exo.window<[64, 32], f8E4M3FN, smem_swizzle<32>>,
             %fb: !exo.window<[128, 32], f8E4M3FN, smem_swizzle<32>>) {
  exo.call #exo.wgmma_zero<n = 128>(%d) : (!exo.window<[64, 128], f32, wgmma_accum>)
  exo.call #exo.wgmma<n = 128, dtype = tf32>(%d, %a, %b) : (!exo.window<[64, 128], f32, wgmma_accum>, !exo.window<[64, 8], f32, smem_swizzle<128>>, !exo.window<[128, 8], f32, smem_swizzle<128>>)
  exo.call #exo.wgmma_load_a<dtype = bf16>(%ar, %as) : (!exo.window<[64, 16], bf16, wgmma_a>, !exo.window<[64, 16], bf16, smem>)
  exo.call #exo.wgmma<n = 128, dtype = bf16, a = regs, b = interleave>(%d, %ar, %bi) : (!exo.window<[64, 128], f32, wgmma_accum>, !exo.window<[64, 16], bf16, wgmma_a>, !exo.window<[2, 128, 8], bf16, smem>)
  exo.call #exo.wgmma<n = 128, dtype = f8E4M3FN, a = sw32, b = sw32>(%d, %fa, %fb) : (!exo.window<[64, 128], f32, wgmma_accum>, !exo.window<[64, 32], f8E4M3FN, smem_swizzle<32>>, !exo.window<[128, 32], f8E4M3FN, smem_swizzle<32>>)
  exo.call #exo.wgmma_store<n = 128, dst = gmem, reduce = true>(%c, %d) : (!exo.window<[64, 128], f32, gmem>, !exo.window<[64, 128], f32, wgmma_accum>)
  exo.call #exo.wgmma_store<n = 128, dst = smem, dtype = bf16>(%h, %d) : (!exo.window<[64, 128], bf16, smem>, !exo.window<[64, 128], f32, wgmma_accum>)
}

exo.proc @tma(%s: !exo.window<[64, 32], f32, smem_swizzle<128>>,
              %g: !exo.window<[64, 32], f32, tma_map<128, [64, 32]>>,
              %ms: !exo.window<[2, 256, 32], f32, smem_swizzle<128>>,
              %mg: !exo.window<[256, 32], f32, tma_map<128, [128, 1, 32]>>,
              %ss: !exo.window<[16, 64], f32, smem_swizzle<128>>,
              %sg: !exo.window<[16, 64], f32, tma_map<128, [16, 32]>>,
              %r1s: !exo.window<[256], f32, smem>,
              %r1g: !exo.window<[256], f32, tma_map<0, [256]>>,
              %r5s: !exo.window<[1, 2, 2, 4, 32], bf16, smem>,
              %r5g: !exo.window<[1, 2, 2, 4, 32], bf16, tma_map<0, [1, 2, 2, 4, 32]>>) {
  exo.call #exo.tma<kind = load, shape = [64, 32], dtype = f32, swizzle = 128>(%s, %g) : (!exo.window<[64, 32], f32, smem_swizzle<128>>, !exo.window<[64, 32], f32, tma_map<128, [64, 32]>>)
  exo.call #exo.tma<kind = load, shape = [256, 32], dtype = f32, swizzle = 128, multicast = 2, stride = 2, box = [128, 1, 32]>(%ms, %mg) : (!exo.window<[2, 256, 32], f32, smem_swizzle<128>>, !exo.window<[256, 32], f32, tma_map<128, [128, 1, 32]>>)
  exo.call #exo.tma<kind = store, shape = [16, 64], dtype = f32, swizzle = 128, box = [16, 32]>(%sg, %ss) : (!exo.window<[16, 64], f32, tma_map<128, [16, 32]>>, !exo.window<[16, 64], f32, smem_swizzle<128>>)
  exo.call #exo.tma<kind = reduce_add, shape = [256], dtype = f32>(%r1g, %r1s) : (!exo.window<[256], f32, tma_map<0, [256]>>, !exo.window<[256], f32, smem>)
  exo.call #exo.tma<kind = load, shape = [1, 2, 2, 4, 32], dtype = bf16>(%r5s, %r5g) : (!exo.window<[1, 2, 2, 4, 32], bf16, smem>, !exo.window<[1, 2, 2, 4, 32], bf16, tma_map<0, [1, 2, 2, 4, 32]>>)
  exo.call #exo.tma<kind = store, shape = [256], dtype = f32, thread = true>(%r1g, %r1s) : (!exo.window<[256], f32, tma_map<0, [256]>>, !exo.window<[256], f32, smem>)
}

exo.proc @mma(%c: !exo.window<[16, 8], f32, mma_c>,
              %a: !exo.window<[16, 16], bf16, mma_a>,
              %b: !exo.window<[8, 16], bf16, mma_b>,
              %as: !exo.window<[16, 16], bf16, smem>,
              %bs: !exo.window<[8, 16], bf16, smem>,
              %h: !exo.window<[16, 8], bf16, mma_c>,
              %hs: !exo.window<[16, 8], bf16, smem>,
              %cg: !exo.window<[16, 8], f32, gmem>) {
  exo.call #exo.mma<part = zero_c, dtype = f32>(%c) : (!exo.window<[16, 8], f32, mma_c>)
  exo.call #exo.mma<part = load_a, dtype = bf16>(%a, %as) : (!exo.window<[16, 16], bf16, mma_a>, !exo.window<[16, 16], bf16, smem>)
  exo.call #exo.mma<part = load_b, dtype = bf16>(%b, %bs) : (!exo.window<[8, 16], bf16, mma_b>, !exo.window<[8, 16], bf16, smem>)
  exo.call #exo.mma<part = mma, dtype = bf16>(%c, %a, %b) : (!exo.window<[16, 8], f32, mma_c>, !exo.window<[16, 16], bf16, mma_a>, !exo.window<[8, 16], bf16, mma_b>)
  exo.call #exo.mma<part = convert_c, dtype = bf16>(%h, %c) : (!exo.window<[16, 8], bf16, mma_c>, !exo.window<[16, 8], f32, mma_c>)
  exo.call #exo.mma<part = stmatrix_c, dtype = bf16>(%hs, %h) : (!exo.window<[16, 8], bf16, smem>, !exo.window<[16, 8], bf16, mma_c>)
  exo.call #exo.mma<part = store_c, dtype = f32, mem = gmem>(%cg, %c) : (!exo.window<[16, 8], f32, gmem>, !exo.window<[16, 8], f32, mma_c>)
}

exo.proc @thread(%M: index, %y: !exo.tensor<[M], f32, gmem>,
                 %r: !exo.window<[4], f32, regs>, %x: !exo.window<[4], f32, gmem>,
                 %r1: !exo.window<[1], f32, regs>, %y1: !exo.window<[1], f32, gmem>,
                 %p: !exo.window<[2], f32, regs>,
                 %cs: !exo.window<[4], f32, smem>, %cg4: !exo.window<[4], f32, gmem>) {
  exo.call #exo.memset0<rank = 1, dtype = f32>(%M, %y) : (index, !exo.tensor<[M], f32, gmem>)
  exo.call #exo.global<kind = load, width = 4, dtype = f32>(%r, %x) : (!exo.window<[4], f32, regs>, !exo.window<[4], f32, gmem>)
  exo.call #exo.global<kind = store, width = 4, dtype = f32>(%x, %r) : (!exo.window<[4], f32, gmem>, !exo.window<[4], f32, regs>)
  exo.call #exo.global<kind = red_add, width = 1, dtype = f32>(%y1, %r1) : (!exo.window<[1], f32, gmem>, !exo.window<[1], f32, regs>)
  exo.call #exo.shfl_xor<combine = add, lane_mask = 4, dtype = f32>(%p, %p) : (!exo.window<[2], f32, regs>, !exo.window<[2], f32, regs>)
  exo.call #exo.shfl_xor<combine = add, lane_mask = 1, dtype = f32>(%p, %p) : (!exo.window<[2], f32, regs>, !exo.window<[2], f32, regs>)
  exo.call #exo.shfl_xor<combine = max, lane_mask = 2, dtype = f32>(%p, %p) : (!exo.window<[2], f32, regs>, !exo.window<[2], f32, regs>)
  exo.call #exo.shfl_xor<combine = min, lane_mask = 16, dtype = f32>(%p, %p) : (!exo.window<[2], f32, regs>, !exo.window<[2], f32, regs>)
  exo.call #exo.cp_async<bytes = 16, dtype = f32>(%cs, %cg4) : (!exo.window<[4], f32, smem>, !exo.window<[4], f32, gmem>)
}

// An N-major B (attention's V): two spans of 64 columns, each 16 k rows.
exo.proc @wg_mn(%d: !exo.window<[64, 128], f32, wgmma_accum>,
                %ar: !exo.window<[64, 16], bf16, wgmma_a>,
                %bt: !exo.window<[2, 16, 64], bf16, smem_swizzle<128>>) {
  exo.call #exo.wgmma<n = 128, dtype = bf16, a = regs, b = sw128_mn>(%d, %ar, %bt) : (!exo.window<[64, 128], f32, wgmma_accum>, !exo.window<[64, 16], bf16, wgmma_a>, !exo.window<[2, 16, 64], bf16, smem_swizzle<128>>)
}

// CHECK-LABEL: exo.proc @wgmma_zero.m64n128.f32(%d: !exo.window<[64, 128], f32, wgmma_accum> {exo.access = #exo.access<write>}) instr<unit = warpgroup, timeline = wgmma_zero, lowering = "wgmma_zero_scale_d"> attributes {exo.family = #exo.wgmma_zero<n = 128>} {
// CHECK-NEXT: %cst = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: exo.for %i = 0 to 64 seq {
// CHECK-NEXT: exo.for %j = 0 to 128 seq {
// CHECK-NEXT: exo.assign %d[%i, %j] = %cst : !exo.window<[64, 128], f32, wgmma_accum>
// CHECK-LABEL: exo.proc @wgmma.m64n128k8.tf32(%d: !exo.window<[64, 128], f32, wgmma_accum> {exo.access = #exo.access<read_write>}, %a: !exo.window<[64, 8], f32, smem_swizzle<128>> {exo.access = #exo.access<read, out_of_order>}, %b: !exo.window<[128, 8], f32, smem_swizzle<128>> {exo.access = #exo.access<read, out_of_order>}) instr<unit = warpgroup, timeline = wgmma, lowering = "wgmma_tf32", barrier = wgmma_group> attributes {exo.family = #exo.wgmma<n = 128, dtype = tf32>} {
// CHECK-NEXT: exo.for %m = 0 to 64 seq {
// CHECK-NEXT: exo.for %n = 0 to 128 seq {
// CHECK-NEXT: exo.for %k = 0 to 8 seq {
// CHECK-NEXT: %0 = exo.read %a[%m, %k] : !exo.window<[64, 8], f32, smem_swizzle<128>>
// CHECK-NEXT: %1 = exo.read %b[%n, %k] : !exo.window<[128, 8], f32, smem_swizzle<128>>
// CHECK-NEXT: %2 = arith.truncf %0 toward_zero : f32 to tf32
// CHECK-NEXT: %3 = arith.truncf %1 toward_zero : f32 to tf32
// CHECK-NEXT: %4 = arith.extf %2 : tf32 to f32
// CHECK-NEXT: %5 = arith.extf %3 : tf32 to f32
// CHECK-NEXT: %6 = arith.mulf %4, %5 : f32
// CHECK-NEXT: exo.reduce %d[%m, %n] += %6 : !exo.window<[64, 128], f32, wgmma_accum>
// CHECK-LABEL: exo.proc @wgmma_load_a.m64k16.bf16(%dst: !exo.window<[64, 16], bf16, wgmma_a> {exo.access = #exo.access<write>}, %src: !exo.window<[64, 16], bf16, smem> {exo.access = #exo.access<read>}) instr<unit = warpgroup, timeline = cuda_in_order, lowering = "wgmma_load_a"> attributes {exo.family = #exo.wgmma_load_a<dtype = bf16>} {
// CHECK-NEXT: exo.for %i = 0 to 64 seq {
// CHECK-NEXT: exo.for %j = 0 to 16 seq {
// CHECK-NEXT: %0 = exo.read %src[%i, %j] : !exo.window<[64, 16], bf16, smem>
// CHECK-NEXT: exo.assign %dst[%i, %j] = %0 : !exo.window<[64, 16], bf16, wgmma_a>
// CHECK-LABEL: exo.proc @wgmma.m64n128k16.bf16.a_regs.b_interleave(%d: !exo.window<[64, 128], f32, wgmma_accum> {exo.access = #exo.access<read_write>}, %a: !exo.window<[64, 16], bf16, wgmma_a> {exo.access = #exo.access<read, out_of_order>}, %b: !exo.window<[2, 128, 8], bf16, smem> {exo.access = #exo.access<read, out_of_order>}) instr<unit = warpgroup, timeline = wgmma, lowering = "wgmma_bf16", barrier = wgmma_group> attributes {exo.family = #exo.wgmma<n = 128, dtype = bf16, a = regs, b = interleave>} {
// CHECK-NEXT: %c8 = arith.constant 8 : index
// CHECK-NEXT: exo.for %m = 0 to 64 seq {
// CHECK-NEXT: exo.for %n = 0 to 128 seq {
// CHECK-NEXT: exo.for %kc = 0 to 2 seq {
// CHECK-NEXT: exo.for %k4 = 0 to 8 seq {
// CHECK-NEXT: %0 = arith.muli %kc, %c8 : index
// CHECK-NEXT: %1 = arith.addi %0, %k4 : index
// CHECK-NEXT: %2 = exo.read %a[%m, %1] : !exo.window<[64, 16], bf16, wgmma_a>
// CHECK-NEXT: %3 = exo.read %b[%kc, %n, %k4] : !exo.window<[2, 128, 8], bf16, smem>
// CHECK-NEXT: %4 = arith.extf %2 : bf16 to f32
// CHECK-NEXT: %5 = arith.extf %3 : bf16 to f32
// CHECK-NEXT: %6 = arith.mulf %4, %5 : f32
// CHECK-NEXT: exo.reduce %d[%m, %n] += %6 : !exo.window<[64, 128], f32, wgmma_accum>
// The fp8 form: the products of the widened operands (exact in f32).
// CHECK-LABEL: exo.proc @wgmma.m64n128k32.f8E4M3FN.a_sw32.b_sw32(%d: !exo.window<[64, 128], f32, wgmma_accum> {exo.access = #exo.access<read_write>}, %a: !exo.window<[64, 32], f8E4M3FN, smem_swizzle<32>> {exo.access = #exo.access<read, out_of_order>}, %b: !exo.window<[128, 32], f8E4M3FN, smem_swizzle<32>> {exo.access = #exo.access<read, out_of_order>}) instr<unit = warpgroup, timeline = wgmma, lowering = "wgmma_f8E4M3FN", barrier = wgmma_group> attributes {exo.family = #exo.wgmma<n = 128, dtype = f8E4M3FN, a = sw32, b = sw32>} {
// CHECK-NEXT: exo.for %m = 0 to 64 seq {
// CHECK-NEXT: exo.for %n = 0 to 128 seq {
// CHECK-NEXT: exo.for %k = 0 to 32 seq {
// CHECK-NEXT: %0 = exo.read %a[%m, %k] : !exo.window<[64, 32], f8E4M3FN, smem_swizzle<32>>
// CHECK-NEXT: %1 = exo.read %b[%n, %k] : !exo.window<[128, 32], f8E4M3FN, smem_swizzle<32>>
// CHECK-NEXT: %2 = arith.extf %0 : f8E4M3FN to f32
// CHECK-NEXT: %3 = arith.extf %1 : f8E4M3FN to f32
// CHECK-NEXT: %4 = arith.mulf %2, %3 : f32
// CHECK-NEXT: exo.reduce %d[%m, %n] += %4 : !exo.window<[64, 128], f32, wgmma_accum>
// CHECK-LABEL: exo.proc @wgmma_store.m64n128.f32.gmem.reduce(%dst: !exo.window<[64, 128], f32, gmem> {exo.access = #exo.access<read_write, atomic, oob>}, %src: !exo.window<[64, 128], f32, wgmma_accum> {exo.access = #exo.access<read>}) instr<unit = warpgroup, timeline = cuda_in_order, lowering = "wgmma_red_d_gmem"> attributes {exo.family = #exo.wgmma_store<n = 128, dst = gmem, reduce = true>} {
// CHECK-NEXT: exo.for %i = 0 to 64 seq {
// CHECK-NEXT: exo.for %j = 0 to 128 seq {
// CHECK-NEXT: %0 = exo.read %src[%i, %j] : !exo.window<[64, 128], f32, wgmma_accum>
// CHECK-NEXT: exo.reduce %dst[%i, %j] += %0 : !exo.window<[64, 128], f32, gmem>
// CHECK-LABEL: exo.proc @wgmma_store.m64n128.bf16.smem(%dst: !exo.window<[64, 128], bf16, smem> {exo.access = #exo.access<write>}, %src: !exo.window<[64, 128], f32, wgmma_accum> {exo.access = #exo.access<read>}) instr<unit = warpgroup, timeline = cuda_in_order, lowering = "wgmma_stmatrix_d"> attributes {exo.family = #exo.wgmma_store<n = 128, dst = smem, dtype = bf16>} {
// CHECK-NEXT: exo.for %i = 0 to 64 seq {
// CHECK-NEXT: exo.for %j = 0 to 128 seq {
// CHECK-NEXT: %0 = exo.read %src[%i, %j] : !exo.window<[64, 128], f32, wgmma_accum>
// CHECK-NEXT: %1 = arith.truncf %0 : f32 to bf16
// CHECK-NEXT: exo.assign %dst[%i, %j] = %1 : !exo.window<[64, 128], bf16, smem>
// CHECK-LABEL: exo.proc @tma.load.64x32.f32.sw128(%dst: !exo.window<[64, 32], f32, smem_swizzle<128>> {exo.access = #exo.access<write, out_of_order>}, %src: !exo.window<[64, 32], f32, tma_map<128, [64, 32]>> {exo.access = #exo.access<read, out_of_order, oob>}) instr<unit = warp, timeline = tma_to_smem, lowering = "tma_load_2d", barrier = mbarrier> attributes {exo.family = #exo.tma<kind = load, shape = [64, 32], dtype = f32, swizzle = 128>} {
// CHECK-NEXT: exo.for %i = 0 to 64 seq {
// CHECK-NEXT: exo.for %j = 0 to 32 seq {
// CHECK-NEXT: %0 = exo.read %src[%i, %j] : !exo.window<[64, 32], f32, tma_map<128, [64, 32]>>
// CHECK-NEXT: exo.assign %dst[%i, %j] = %0 : !exo.window<[64, 32], f32, smem_swizzle<128>>
// CHECK-LABEL: exo.proc @tma.load.256x32.f32.sw128.multicast2.stride2.box128x1x32(%dst: !exo.window<[2, 256, 32], f32, smem_swizzle<128>> {exo.access = #exo.access<write, out_of_order, distributed [cta]>}, %src: !exo.window<[256, 32], f32, tma_map<128, [128, 1, 32]>> {exo.access = #exo.access<read, out_of_order, oob>}) instr<unit = 2 * warp_in_cluster_strided(2), timeline = tma_to_smem, lowering = "tma_load_multicast_2d", barrier = mbarrier> attributes {exo.family = #exo.tma<kind = load, shape = [256, 32], dtype = f32, swizzle = 128, multicast = 2, stride = 2, box = [128, 1, 32]>} {
// CHECK-NEXT: exo.for %c = 0 to 2 seq {
// CHECK-NEXT: exo.for %i = 0 to 256 seq {
// CHECK-NEXT: exo.for %j = 0 to 32 seq {
// CHECK-NEXT: %0 = exo.read %src[%i, %j] : !exo.window<[256, 32], f32, tma_map<128, [128, 1, 32]>>
// CHECK-NEXT: exo.assign %dst[%c, %i, %j] = %0 : !exo.window<[2, 256, 32], f32, smem_swizzle<128>>
// CHECK-LABEL: exo.proc @tma.store.16x64.f32.sw128.box16x32(%dst: !exo.window<[16, 64], f32, tma_map<128, [16, 32]>> {exo.access = #exo.access<write, out_of_order, oob>}, %src: !exo.window<[16, 64], f32, smem_swizzle<128>> {exo.access = #exo.access<read, out_of_order>}) instr<unit = warp, timeline = tma_to_gmem, lowering = "tma_store_2d"> attributes {exo.family = #exo.tma<kind = store, shape = [16, 64], dtype = f32, swizzle = 128, box = [16, 32]>} {
// CHECK-NEXT: exo.for %i = 0 to 16 seq {
// CHECK-NEXT: exo.for %j = 0 to 64 seq {
// CHECK-NEXT: %0 = exo.read %src[%i, %j] : !exo.window<[16, 64], f32, smem_swizzle<128>>
// CHECK-NEXT: exo.assign %dst[%i, %j] = %0 : !exo.window<[16, 64], f32, tma_map<128, [16, 32]>>
// CHECK-LABEL: exo.proc @tma.reduce_add.256.f32.sw0(%dst: !exo.window<[256], f32, tma_map<0, [256]>> {exo.access = #exo.access<read_write, out_of_order, atomic, oob>}, %src: !exo.window<[256], f32, smem> {exo.access = #exo.access<read, out_of_order>}) instr<unit = warp, timeline = tma_to_gmem, lowering = "tma_reduce_add_2d"> attributes {exo.family = #exo.tma<kind = reduce_add, shape = [256], dtype = f32>} {
// CHECK-NEXT: exo.for %i = 0 to 256 seq {
// CHECK-NEXT: %0 = exo.read %src[%i] : !exo.window<[256], f32, smem>
// CHECK-NEXT: exo.reduce %dst[%i] += %0 : !exo.window<[256], f32, tma_map<0, [256]>>
// CHECK-LABEL: exo.proc @tma.load.1x2x2x4x32.bf16.sw0(%dst: !exo.window<[1, 2, 2, 4, 32], bf16, smem> {exo.access = #exo.access<write, out_of_order>}, %src: !exo.window<[1, 2, 2, 4, 32], bf16, tma_map<0, [1, 2, 2, 4, 32]>> {exo.access = #exo.access<read, out_of_order, oob>}) instr<unit = warp, timeline = tma_to_smem, lowering = "tma_load_2d", barrier = mbarrier> attributes {exo.family = #exo.tma<kind = load, shape = [1, 2, 2, 4, 32], dtype = bf16>} {
// CHECK-NEXT: exo.for %i = 0 to 1 seq {
// CHECK-NEXT: exo.for %j = 0 to 2 seq {
// CHECK-NEXT: exo.for %k = 0 to 2 seq {
// CHECK-NEXT: exo.for %l = 0 to 4 seq {
// CHECK-NEXT: exo.for %h = 0 to 32 seq {
// CHECK-NEXT: %0 = exo.read %src[%i, %j, %k, %l, %h] : !exo.window<[1, 2, 2, 4, 32], bf16, tma_map<0, [1, 2, 2, 4, 32]>>
// CHECK-NEXT: exo.assign %dst[%i, %j, %k, %l, %h] = %0 : !exo.window<[1, 2, 2, 4, 32], bf16, smem>
// CHECK-LABEL: exo.proc @tma.store.256.f32.sw0.thread(%dst: !exo.window<[256], f32, tma_map<0, [256]>> {exo.access = #exo.access<write, out_of_order, oob>}, %src: !exo.window<[256], f32, smem> {exo.access = #exo.access<read, out_of_order>}) instr<unit = thread, timeline = tma_to_gmem, lowering = "tma_store_2d"> attributes {exo.family = #exo.tma<kind = store, shape = [256], dtype = f32, thread = true>} {
// CHECK-NEXT: exo.for %i = 0 to 256 seq {
// CHECK-NEXT: %0 = exo.read %src[%i] : !exo.window<[256], f32, smem>
// CHECK-NEXT: exo.assign %dst[%i] = %0 : !exo.window<[256], f32, tma_map<0, [256]>>
// CHECK-LABEL: exo.proc @mma.zero_c.m16n8.f32(%d: !exo.window<[16, 8], f32, mma_c> {exo.access = #exo.access<write>}) instr<unit = warp, timeline = cuda_in_order, lowering = "mma_zero_c"> attributes {exo.family = #exo.mma<part = zero_c, dtype = f32>} {
// CHECK-NEXT: %cst = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: exo.for %i = 0 to 16 seq {
// CHECK-NEXT: exo.for %j = 0 to 8 seq {
// CHECK-NEXT: exo.assign %d[%i, %j] = %cst : !exo.window<[16, 8], f32, mma_c>
// CHECK-LABEL: exo.proc @mma.load_a.m16n8k16.bf16(%dst: !exo.window<[16, 16], bf16, mma_a> {exo.access = #exo.access<write>}, %src: !exo.window<[16, 16], bf16, smem> {exo.access = #exo.access<read>}) instr<unit = warp, timeline = cuda_in_order, lowering = "mma_load_a"> attributes {exo.family = #exo.mma<part = load_a, dtype = bf16>} {
// CHECK-NEXT: exo.for %i = 0 to 16 seq {
// CHECK-NEXT: exo.for %j = 0 to 16 seq {
// CHECK-NEXT: %0 = exo.read %src[%i, %j] : !exo.window<[16, 16], bf16, smem>
// CHECK-NEXT: exo.assign %dst[%i, %j] = %0 : !exo.window<[16, 16], bf16, mma_a>
// CHECK-LABEL: exo.proc @mma.load_b.m16n8k16.bf16(%dst: !exo.window<[8, 16], bf16, mma_b> {exo.access = #exo.access<write>}, %src: !exo.window<[8, 16], bf16, smem> {exo.access = #exo.access<read>}) instr<unit = warp, timeline = cuda_in_order, lowering = "mma_load_b"> attributes {exo.family = #exo.mma<part = load_b, dtype = bf16>} {
// CHECK-NEXT: exo.for %i = 0 to 8 seq {
// CHECK-NEXT: exo.for %j = 0 to 16 seq {
// CHECK-NEXT: %0 = exo.read %src[%i, %j] : !exo.window<[8, 16], bf16, smem>
// CHECK-NEXT: exo.assign %dst[%i, %j] = %0 : !exo.window<[8, 16], bf16, mma_b>
// CHECK-LABEL: exo.proc @mma.mma.m16n8k16.bf16(%d: !exo.window<[16, 8], f32, mma_c> {exo.access = #exo.access<read_write>}, %a: !exo.window<[16, 16], bf16, mma_a> {exo.access = #exo.access<read>}, %b: !exo.window<[8, 16], bf16, mma_b> {exo.access = #exo.access<read>}) instr<unit = warp, timeline = cuda_in_order, lowering = "mma_bf16"> attributes {exo.family = #exo.mma<part = mma, dtype = bf16>} {
// CHECK-NEXT: exo.for %m = 0 to 16 seq {
// CHECK-NEXT: exo.for %n = 0 to 8 seq {
// CHECK-NEXT: exo.for %k = 0 to 16 seq {
// CHECK-NEXT: %0 = exo.read %a[%m, %k] : !exo.window<[16, 16], bf16, mma_a>
// CHECK-NEXT: %1 = exo.read %b[%n, %k] : !exo.window<[8, 16], bf16, mma_b>
// CHECK-NEXT: %2 = arith.extf %0 : bf16 to f32
// CHECK-NEXT: %3 = arith.extf %1 : bf16 to f32
// CHECK-NEXT: %4 = arith.mulf %2, %3 : f32
// CHECK-NEXT: exo.reduce %d[%m, %n] += %4 : !exo.window<[16, 8], f32, mma_c>
// CHECK-LABEL: exo.proc @mma.convert_c.m16n8.bf16(%dst: !exo.window<[16, 8], bf16, mma_c> {exo.access = #exo.access<write>}, %src: !exo.window<[16, 8], f32, mma_c> {exo.access = #exo.access<read>}) instr<unit = warp, timeline = cuda_in_order, lowering = "mma_convert_c"> attributes {exo.family = #exo.mma<part = convert_c, dtype = bf16>} {
// CHECK-NEXT: exo.for %i = 0 to 16 seq {
// CHECK-NEXT: exo.for %j = 0 to 8 seq {
// CHECK-NEXT: %0 = exo.read %src[%i, %j] : !exo.window<[16, 8], f32, mma_c>
// CHECK-NEXT: %1 = arith.truncf %0 : f32 to bf16
// CHECK-NEXT: exo.assign %dst[%i, %j] = %1 : !exo.window<[16, 8], bf16, mma_c>
// CHECK-LABEL: exo.proc @mma.stmatrix_c.m16n8.bf16(%dst: !exo.window<[16, 8], bf16, smem> {exo.access = #exo.access<write>}, %src: !exo.window<[16, 8], bf16, mma_c> {exo.access = #exo.access<read>}) instr<unit = warp, timeline = cuda_in_order, lowering = "mma_stmatrix_c"> attributes {exo.family = #exo.mma<part = stmatrix_c, dtype = bf16>} {
// CHECK-NEXT: exo.for %i = 0 to 16 seq {
// CHECK-NEXT: exo.for %j = 0 to 8 seq {
// CHECK-NEXT: %0 = exo.read %src[%i, %j] : !exo.window<[16, 8], bf16, mma_c>
// CHECK-NEXT: exo.assign %dst[%i, %j] = %0 : !exo.window<[16, 8], bf16, smem>
// CHECK-LABEL: exo.proc @mma.store_c.m16n8.f32.gmem(%dst: !exo.window<[16, 8], f32, gmem> {exo.access = #exo.access<write>}, %src: !exo.window<[16, 8], f32, mma_c> {exo.access = #exo.access<read>}) instr<unit = warp, timeline = cuda_in_order, lowering = "mma_store_c"> attributes {exo.family = #exo.mma<part = store_c, dtype = f32, mem = gmem>} {
// CHECK-NEXT: exo.for %i = 0 to 16 seq {
// CHECK-NEXT: exo.for %j = 0 to 8 seq {
// CHECK-NEXT: %0 = exo.read %src[%i, %j] : !exo.window<[16, 8], f32, mma_c>
// CHECK-NEXT: exo.assign %dst[%i, %j] = %0 : !exo.window<[16, 8], f32, gmem>
// CHECK-LABEL: exo.proc @memset0.1d.f32(%R: index, %dst: !exo.tensor<[R], f32, gmem> {exo.access = #exo.access<write>}) instr<unit = thread, timeline = cpu_cuda_stream, lowering = "cuda_memset0"> attributes {exo.family = #exo.memset0<rank = 1, dtype = f32>} {
// CHECK-NEXT: %cst = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: exo.for %i = 0 to %R seq {
// CHECK-NEXT: exo.assign %dst[%i] = %cst : !exo.tensor<[R], f32, gmem>
// CHECK-LABEL: exo.proc @global.load.v4.f32(%dst: !exo.window<[4], f32, regs> {exo.access = #exo.access<write>}, %src: !exo.window<[4], f32, gmem> {exo.access = #exo.access<read, oob>}) instr<unit = thread, timeline = cuda_in_order, lowering = "ld_global_v4"> attributes {exo.family = #exo.global<kind = load, width = 4, dtype = f32>} {
// CHECK-NEXT: exo.for %i = 0 to 4 seq {
// CHECK-NEXT: %0 = exo.read %src[%i] : !exo.window<[4], f32, gmem>
// CHECK-NEXT: exo.assign %dst[%i] = %0 : !exo.window<[4], f32, regs>
// CHECK-LABEL: exo.proc @global.store.v4.f32(%dst: !exo.window<[4], f32, gmem> {exo.access = #exo.access<write, oob>}, %src: !exo.window<[4], f32, regs> {exo.access = #exo.access<read>}) instr<unit = thread, timeline = cuda_in_order, lowering = "st_global_v4"> attributes {exo.family = #exo.global<kind = store, width = 4, dtype = f32>} {
// CHECK-NEXT: exo.for %i = 0 to 4 seq {
// CHECK-NEXT: %0 = exo.read %src[%i] : !exo.window<[4], f32, regs>
// CHECK-NEXT: exo.assign %dst[%i] = %0 : !exo.window<[4], f32, gmem>
// CHECK-LABEL: exo.proc @global.red_add.v1.f32(%dst: !exo.window<[1], f32, gmem> {exo.access = #exo.access<read_write, atomic, oob>}, %src: !exo.window<[1], f32, regs> {exo.access = #exo.access<read>}) instr<unit = thread, timeline = cuda_in_order, lowering = "red_global_add"> attributes {exo.family = #exo.global<kind = red_add, width = 1, dtype = f32>} {
// CHECK-NEXT: %0 = exo.read %src[0] : !exo.window<[1], f32, regs>
// CHECK-NEXT: exo.reduce %dst[0] += %0 : !exo.window<[1], f32, gmem>
// CHECK-LABEL: exo.proc @shfl_xor_add.4.f32(%dst: !exo.window<[2], f32, regs> {exo.access = #exo.access<write, distributed [thread]>}, %src: !exo.window<[2], f32, regs> {exo.access = #exo.access<read, distributed [thread]>}) instr<unit = 2 * threads_strided(1, 4), timeline = cuda_in_order, lowering = "shfl_xor_sum_4"> attributes {exo.family = #exo.shfl_xor<combine = add, lane_mask = 4, dtype = f32>} {
// CHECK-NEXT: exo.for %c = 0 to 2 seq {
// CHECK-NEXT: %0 = exo.read %src[0] : !exo.window<[2], f32, regs>
// CHECK-NEXT: %1 = exo.read %src[1] : !exo.window<[2], f32, regs>
// CHECK-NEXT: %2 = arith.addf %0, %1 : f32
// CHECK-NEXT: exo.assign %dst[%c] = %2 : !exo.window<[2], f32, regs>
// CHECK-LABEL: exo.proc @shfl_xor_add.1.f32(%dst: !exo.window<[2], f32, regs> {exo.access = #exo.access<write, distributed [thread]>}, %src: !exo.window<[2], f32, regs> {exo.access = #exo.access<read, distributed [thread]>}) instr<unit = 2 * thread, timeline = cuda_in_order, lowering = "shfl_xor_sum_1"> attributes {exo.family = #exo.shfl_xor<combine = add, lane_mask = 1, dtype = f32>} {
// CHECK-NEXT: exo.for %c = 0 to 2 seq {
// CHECK-NEXT: %0 = exo.read %src[0] : !exo.window<[2], f32, regs>
// CHECK-NEXT: %1 = exo.read %src[1] : !exo.window<[2], f32, regs>
// CHECK-NEXT: %2 = arith.addf %0, %1 : f32
// CHECK-NEXT: exo.assign %dst[%c] = %2 : !exo.window<[2], f32, regs>
// CHECK-LABEL: exo.proc @shfl_xor_max.2.f32(%dst: !exo.window<[2], f32, regs> {exo.access = #exo.access<write, distributed [thread]>}, %src: !exo.window<[2], f32, regs> {exo.access = #exo.access<read, distributed [thread]>}) instr<unit = 2 * threads_strided(1, 2), timeline = cuda_in_order, lowering = "shfl_xor_max_2"> attributes {exo.family = #exo.shfl_xor<combine = max, lane_mask = 2, dtype = f32>} {
// CHECK-NEXT: exo.for %c = 0 to 2 seq {
// CHECK-NEXT: %0 = exo.read %src[0] : !exo.window<[2], f32, regs>
// CHECK-NEXT: %1 = exo.read %src[1] : !exo.window<[2], f32, regs>
// CHECK-NEXT: %2 = arith.maximumf %0, %1 : f32
// CHECK-NEXT: exo.assign %dst[%c] = %2 : !exo.window<[2], f32, regs>
// CHECK-LABEL: exo.proc @shfl_xor_min.16.f32(%dst: !exo.window<[2], f32, regs> {exo.access = #exo.access<write, distributed [thread]>}, %src: !exo.window<[2], f32, regs> {exo.access = #exo.access<read, distributed [thread]>}) instr<unit = 2 * threads_strided(1, 16), timeline = cuda_in_order, lowering = "shfl_xor_min_16"> attributes {exo.family = #exo.shfl_xor<combine = min, lane_mask = 16, dtype = f32>} {
// CHECK-NEXT: exo.for %c = 0 to 2 seq {
// CHECK-NEXT: %0 = exo.read %src[0] : !exo.window<[2], f32, regs>
// CHECK-NEXT: %1 = exo.read %src[1] : !exo.window<[2], f32, regs>
// CHECK-NEXT: %2 = arith.minimumf %0, %1 : f32
// CHECK-NEXT: exo.assign %dst[%c] = %2 : !exo.window<[2], f32, regs>
// CHECK-LABEL: exo.proc @cp_async.16.f32(%dst: !exo.window<[4], f32, smem> {exo.access = #exo.access<write, out_of_order>}, %src: !exo.window<[4], f32, gmem> {exo.access = #exo.access<read, out_of_order>}) instr<unit = thread, timeline = cp_async, lowering = "cp_async_16"> attributes {exo.family = #exo.cp_async<bytes = 16, dtype = f32>} {
// CHECK-NEXT: exo.for %i = 0 to 4 seq {
// CHECK-NEXT: %0 = exo.read %src[%i] : !exo.window<[4], f32, gmem>
// CHECK-NEXT: exo.assign %dst[%i] = %0 : !exo.window<[4], f32, smem>
// CHECK-LABEL: exo.proc @wgmma.m64n128k16.bf16.a_regs.b_sw128_mn(%d: !exo.window<[64, 128], f32, wgmma_accum> {exo.access = #exo.access<read_write>}, %a: !exo.window<[64, 16], bf16, wgmma_a> {exo.access = #exo.access<read, out_of_order>}, %b: !exo.window<[2, 16, 64], bf16, smem_swizzle<128>> {exo.access = #exo.access<read, out_of_order>}) instr<unit = warpgroup, timeline = wgmma, lowering = "wgmma_bf16", barrier = wgmma_group> attributes {exo.family = #exo.wgmma<n = 128, dtype = bf16, a = regs, b = sw128_mn>} {
// CHECK-NEXT: %c64 = arith.constant 64 : index
// CHECK-NEXT: exo.for %m = 0 to 64 seq {
// CHECK-NEXT: exo.for %nc = 0 to 2 seq {
// CHECK-NEXT: exo.for %ns = 0 to 64 seq {
// CHECK-NEXT: %0 = arith.muli %nc, %c64 : index
// CHECK-NEXT: %1 = arith.addi %0, %ns : index
// CHECK-NEXT: exo.for %k = 0 to 16 seq {
// CHECK-NEXT: %2 = exo.read %a[%m, %k] : !exo.window<[64, 16], bf16, wgmma_a>
// CHECK-NEXT: %3 = exo.read %b[%nc, %k, %ns] : !exo.window<[2, 16, 64], bf16, smem_swizzle<128>>
// CHECK-NEXT: %4 = arith.extf %2 : bf16 to f32
// CHECK-NEXT: %5 = arith.extf %3 : bf16 to f32
// CHECK-NEXT: %6 = arith.mulf %4, %5 : f32

// scale_d = 0: D is written, not read (its annotation is `write`), and the
// semantics zero it before the sum.
exo.proc @wg_scale_d0(%d: !exo.window<[64, 8], f32, wgmma_accum>,
                      %a: !exo.window<[64, 16], bf16, smem_swizzle<32>>,
                      %b: !exo.window<[8, 16], bf16, smem_swizzle<32>>) {
  exo.call #exo.wgmma<n = 8, dtype = bf16, a = sw32, b = sw32, scale_d = 0>(%d, %a, %b) : (!exo.window<[64, 8], f32, wgmma_accum>, !exo.window<[64, 16], bf16, smem_swizzle<32>>, !exo.window<[8, 16], bf16, smem_swizzle<32>>)
}
// CHECK-LABEL: exo.proc @wgmma.m64n8k16.bf16.a_sw32.b_sw32.scale_d0(%d: !exo.window<[64, 8], f32, wgmma_accum> {exo.access = #exo.access<write>}, %a: !exo.window<[64, 16], bf16, smem_swizzle<32>> {exo.access = #exo.access<read, out_of_order>}, %b: !exo.window<[8, 16], bf16, smem_swizzle<32>> {exo.access = #exo.access<read, out_of_order>}) instr<unit = warpgroup, timeline = wgmma, lowering = "wgmma_bf16", barrier = wgmma_group> attributes {exo.family = #exo.wgmma<n = 8, dtype = bf16, a = sw32, b = sw32, scale_d = 0>} {
// CHECK-NEXT: %[[Z:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: exo.for %i = 0 to 64 seq {
// CHECK-NEXT: exo.for %j = 0 to 8 seq {
// CHECK-NEXT: exo.assign %d[%i, %j] = %[[Z]]
// CHECK: exo.for %m = 0 to 64 seq {
// CHECK: exo.reduce %d[%m, %n] += 

// f16 accumulators: D holds f16 elements; each product is rounded to f16
// and added in f16. The store keeps the elements as they are.
exo.proc @wg_acc_f16(%d: !exo.window<[64, 16], f16, wgmma_accum>,
                     %a: !exo.window<[64, 16], f16, smem_swizzle<32>>,
                     %b: !exo.window<[16, 16], f16, smem_swizzle<32>>,
                     %fa: !exo.window<[64, 32], f8E4M3FN, smem_swizzle<32>>,
                     %fb: !exo.window<[16, 32], f8E4M3FN, smem_swizzle<32>>,
                     %c: !exo.window<[64, 16], f16, gmem>) {
  exo.call #exo.wgmma_zero<n = 16, acc = f16>(%d) : (!exo.window<[64, 16], f16, wgmma_accum>)
  exo.call #exo.wgmma<n = 16, dtype = f16, a = sw32, b = sw32, acc = f16>(%d, %a, %b) : (!exo.window<[64, 16], f16, wgmma_accum>, !exo.window<[64, 16], f16, smem_swizzle<32>>, !exo.window<[16, 16], f16, smem_swizzle<32>>)
  exo.call #exo.wgmma<n = 16, dtype = f8E4M3FN, a = sw32, b = sw32, scale_d = 0, acc = f16>(%d, %fa, %fb) : (!exo.window<[64, 16], f16, wgmma_accum>, !exo.window<[64, 32], f8E4M3FN, smem_swizzle<32>>, !exo.window<[16, 32], f8E4M3FN, smem_swizzle<32>>)
  exo.call #exo.wgmma_store<n = 16, dst = gmem, dtype = f16, acc = f16>(%c, %d) : (!exo.window<[64, 16], f16, gmem>, !exo.window<[64, 16], f16, wgmma_accum>)
}
// CHECK-LABEL: exo.proc @wgmma_zero.m64n16.f16(%d: !exo.window<[64, 16], f16, wgmma_accum> {exo.access = #exo.access<write>}) instr<unit = warpgroup, timeline = wgmma_zero, lowering = "wgmma_zero_scale_d"> attributes {exo.family = #exo.wgmma_zero<n = 16, acc = f16>} {
// CHECK-NEXT: %cst = arith.constant 0.000000e+00 : f16
// CHECK: exo.assign %d[%i, %j] = %cst : !exo.window<[64, 16], f16, wgmma_accum>
// CHECK-LABEL: exo.proc @wgmma.m64n16k16.f16.a_sw32.b_sw32.acc_f16(%d: !exo.window<[64, 16], f16, wgmma_accum> {exo.access = #exo.access<read_write>}, %a: !exo.window<[64, 16], f16, smem_swizzle<32>> {exo.access = #exo.access<read, out_of_order>}, %b: !exo.window<[16, 16], f16, smem_swizzle<32>> {exo.access = #exo.access<read, out_of_order>}) instr<unit = warpgroup, timeline = wgmma, lowering = "wgmma_f16", barrier = wgmma_group> attributes {exo.family = #exo.wgmma<n = 16, dtype = f16, a = sw32, b = sw32, acc = f16>} {
// CHECK: %[[P:.*]] = arith.mulf %{{.*}}, %{{.*}} : f32
// CHECK-NEXT: %[[H:.*]] = arith.truncf %[[P]] : f32 to f16
// CHECK-NEXT: exo.reduce %d[%m, %n] += %[[H]] : !exo.window<[64, 16], f16, wgmma_accum>
// CHECK-LABEL: exo.proc @wgmma.m64n16k32.f8E4M3FN.a_sw32.b_sw32.scale_d0.acc_f16(%d: !exo.window<[64, 16], f16, wgmma_accum> {exo.access = #exo.access<write>},
// CHECK-NEXT: %[[Z:.*]] = arith.constant 0.000000e+00 : f16
// CHECK: exo.assign %d[%i, %j] = %[[Z]]
// CHECK: arith.truncf %{{.*}} : f32 to f16
// CHECK-LABEL: exo.proc @wgmma_store.m64n16.f16.gmem.acc_f16(%dst: !exo.window<[64, 16], f16, gmem> {exo.access = #exo.access<write, oob>}, %src: !exo.window<[64, 16], f16, wgmma_accum> {exo.access = #exo.access<read>}) instr<unit = warpgroup, timeline = cuda_in_order, lowering = "wgmma_store_d_gmem"> attributes {exo.family = #exo.wgmma_store<n = 16, dst = gmem, dtype = f16, acc = f16>} {
// CHECK: %[[V:.*]] = exo.read %src[%i, %j] : !exo.window<[64, 16], f16, wgmma_accum>
// CHECK-NEXT: exo.assign %dst[%i, %j] = %[[V]] : !exo.window<[64, 16], f16, gmem>
