// REQUIRES: plugin
// transform.exo.replace, fuse and specialize exist in the stock mlir-opt
// with the plugin loaded: their C++ classes must not share a name (and so a
// TypeID) with upstream transform ops in libMLIR.so, or their registration
// is silently dropped.
// RUN: mlir-opt %s --load-dialect-plugin=%exo_plugin | FileCheck %s
// CHECK: transform.exo.replace
// CHECK: transform.exo.fuse
// CHECK: transform.exo.specialize
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %i = transform.exo.match_loop "i" in %root : (!transform.any_op) -> !transform.any_op
    %j = transform.exo.match_loop "j" in %root : (!transform.any_op) -> !transform.any_op
    %c = transform.exo.replace %i with @copy4 : (!transform.any_op) -> !transform.any_op
    %l = transform.exo.fuse %i with %j : (!transform.any_op, !transform.any_op) -> !transform.any_op
    %if = transform.exo.specialize %l if "N >= 8" : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}
