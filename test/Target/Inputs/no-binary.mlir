// A module without a gpu.binary (input of launcher-invalid.mlir).
module {
}
