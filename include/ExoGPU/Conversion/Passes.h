//===- Passes.h - Conversion passes of Exo-GPU ------------------*- C++ -*-===//
//
// Part of the Exo-GPU project.
//
//===----------------------------------------------------------------------===//

#ifndef EXOGPU_CONVERSION_PASSES_H
#define EXOGPU_CONVERSION_PASSES_H

#include "ExoGPU/Dialect/AMIR/IR/AmirOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"

namespace exo {
#define GEN_PASS_DECL
#include "ExoGPU/Conversion/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "ExoGPU/Conversion/Passes.h.inc"

/// Adds the upstream passes that take the output of -exo-lower-to-cpu
/// (func/scf/memref/arith/math) to the LLVM dialect.
void buildCPUToLLVMPipeline(mlir::OpPassManager &pm);

/// Registers `-exo-to-cpu`: -exo-lower-to-cpu followed by
/// buildCPUToLLVMPipeline, ready for mlir-runner or the ExecutionEngine.
void registerExoToCPUPipeline();

/// Adds -exo-lower-to-nvvm (for `chip` and PTX `features`), the upstream
/// conversions to the LLVM dialect, and gpu-module-to-binary producing PTX
/// text (a gpu.binary whose object is the PTX of every kernel).
void buildExoToPTXPipeline(mlir::OpPassManager &pm, llvm::StringRef chip,
                           llvm::StringRef features);

/// Registers `-exo-to-ptx` (buildExoToPTXPipeline, with options `chip` and
/// `features`).
void registerExoToPTXPipeline();
} // namespace exo

#endif // EXOGPU_CONVERSION_PASSES_H
