// The C++ launcher is a function named after the proc with a parameter per
// argument: names it could not compile with are refused by the lowering at
// the proc, instead of giving a header that does not compile.
// RUN: not exo-gpu-opt %s -exo-to-ptx -o /dev/null 2>&1 | FileCheck %s --check-prefix=LOCAL
// RUN: sed 's/%%stream/%%int/g' %s | not exo-gpu-opt - -exo-to-ptx -o /dev/null 2>&1 | FileCheck %s --check-prefix=KEYWORD
// RUN: sed 's/%%stream/%%exo_a/g' %s | not exo-gpu-opt - -exo-to-ptx -o /dev/null 2>&1 | FileCheck %s --check-prefix=PREFIX
// RUN: sed 's/%%stream/%%__a/g' %s | not exo-gpu-opt - -exo-to-ptx -o /dev/null 2>&1 | FileCheck %s --check-prefix=RESERVED
// Tensor maps are parameters too (NAME_map, NAME_map2, ...): their names skip
// the arguments' and each other's, so two maps of one tensor and an argument
// named like a map both compile (the header is compiled where a C++ compiler
// exists).
// RUN: exo-gpu-opt %S/Inputs/launcher-two-maps.mlir -exo-to-ptx | exo-gpu-translate --exo-emit-launcher > %t.maps.h
// RUN: FileCheck %s --check-prefix=MAP < %t.maps.h
// RUN: %if cuda-headers %{ clang++-22 -std=c++17 -fsyntax-only -x c++ -I %cuda_include -I %exo_src_root/runtime -include %t.maps.h %exo_src_root/runtime/exo_gpu_runtime.cpp %}
// RUN: sed -e 's/%%stream/%%a/g' -e 's/@saxpy/@detail/' %s | not exo-gpu-opt - -exo-to-ptx -o /dev/null 2>&1 | FileCheck %s --check-prefix=PROC
// RUN: sed -e 's/%%stream/%%a/g' -e 's/@saxpy/@"sax.py"/' %s | not exo-gpu-opt - -exo-to-ptx -o /dev/null 2>&1 | FileCheck %s --check-prefix=IDENT
// RUN: sed -e 's/%%stream/%%a/g' %s | exo-gpu-opt - -exo-to-ptx | exo-gpu-translate --exo-emit-launcher | FileCheck %s --check-prefix=OK
// LOCAL: error: 'exo.proc' op argument 'stream' becomes a parameter of the C++ launcher, but it is a name the generated launcher uses itself; rename it
// KEYWORD: error: 'exo.proc' op argument 'int' becomes a parameter of the C++ launcher, but it is a C++ keyword; rename it
// PREFIX: error: 'exo.proc' op argument 'exo_a' becomes a parameter of the C++ launcher, but it uses a prefix the launcher reserves (exo_, kPtx_); rename it
// RESERVED: error: 'exo.proc' op argument '__a' becomes a parameter of the C++ launcher, but it is reserved in C++; rename it
// MAP-LABEL: inline CUresult tma_copy_swizzle0(
// MAP-SAME: CUdeviceptr In, CUdeviceptr Out, CUdeviceptr In_map)
// MAP: CUtensorMap In_map2;
// MAP: CUtensorMap In_map3;
// MAP: CUtensorMap Out_map;
// PROC: error: 'exo.proc' op is lowered to a C++ launcher named after it, but 'detail' is a name the generated launcher uses itself; rename the proc
// IDENT: error: 'exo.proc' op is lowered to a C++ launcher named after it, but 'sax.py' is not a C identifier; rename the proc
// OK: inline CUresult saxpy(CUstream stream, int64_t N, float a, CUdeviceptr x, CUdeviceptr y)
!x = !exo.tensor<[N], f32, gmem>
exo.proc @saxpy(%N: index, %stream: f32, %x: !x, %y: !x)
    requires affine_set<()[N] : (N mod 128 == 0, N - 128 >= 0)> {
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %Nt = arith.divui %N, %c128 : index
  exo.device_function(blockDim = 128, clusterDim = 1) {
    exo.for %t = 0 to %Nt cuda_tasks {
      %base = arith.muli %t, %c128 : index
      exo.warps 2 to 4 {
        exo.for %i = 0 to 64 cuda_threads<thread> {
          exo.for %j = 0 to 2 seq {
            %j64 = arith.muli %j, %c64 : index
            %bj = arith.addi %base, %j64 : index
            %k = arith.addi %bj, %i : index
            %xv = exo.read %x[%k] : !x
            %yv = exo.read %y[%k] : !x
            %ax = arith.mulf %stream, %xv : f32
            %r = arith.addf %ax, %yv : f32
            exo.assign %y[%k] = %r : !x
          }
        }
      }
    }
  }
}
