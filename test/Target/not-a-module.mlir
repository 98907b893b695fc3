// The translations take a module; another top-level operation (possible
// with --no-implicit-module) is refused.
// RUN: not exo-gpu-translate --no-implicit-module --exo-emit-launcher %s 2>&1 | FileCheck %s
// RUN: not exo-gpu-translate --no-implicit-module --exo-extract-ptx %s 2>&1 | FileCheck %s
// CHECK: not-a-module.mlir:[[@LINE+1]]:6: error: expected a builtin.module
%0 = "builtin.unrealized_conversion_cast"() : () -> index
