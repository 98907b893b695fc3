// REQUIRES: plugin
// The transform.exo.* ops come with the dialect plugin: the stock mlir-opt
// runs the reorder_loops tests (successes, refusals and their notes).
// RUN: mlir-opt %exo_src_root/test/Dialect/Exo/TransformOps/transform-op-reorder-loops.mlir --load-dialect-plugin=%exo_plugin --load-pass-plugin=%exo_plugin -transform-interpreter -split-input-file -verify-diagnostics | FileCheck %exo_src_root/test/Dialect/Exo/TransformOps/transform-op-reorder-loops.mlir
