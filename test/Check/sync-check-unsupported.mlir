// RUN: exo-gpu-opt %s -split-input-file -allow-unregistered-dialect -convert-exo-to-amir -verify-diagnostics -o /dev/null
// RUN: not exo-gpu-opt %s -split-input-file -allow-unregistered-dialect -exo-check-sync -o /dev/null 2>&1 | FileCheck %s --check-prefix=SYNC
// -exo-check-sync refuses the same programs; the first one already in the
// collective analysis, which refuses a call of a proc in device code.
// SYNC: error: 'exo.call' op calls of non-instruction procs in device code are not supported yet; inline @helper first

// Programs the synchronization checker does not model are refused at the
// statement it cannot translate, not checked wrongly.

!v = !exo.tensor<[4], f32, gmem>
exo.proc @helper(%x: !exo.window<[4], f32, gmem>) {
}
exo.proc @not_instr(%x: !v) {
  exo.device_function(blockDim = 32, clusterDim = 1) {
    exo.for %t = 0 to 1 cuda_tasks {
      exo.for %l = 0 to 1 cuda_threads<thread> {
        %w = exo.window %x[0 :+ 4] : !v -> !exo.window<[4], f32, gmem>
        // expected-error @+1 {{the sync checker handles instruction calls only; inline @helper first}}
        exo.call @helper(%w) : (!exo.window<[4], f32, gmem>)
      }
    }
  }
}

// -----

// A guard on data.
!v = !exo.tensor<[4], f32, gmem>
exo.proc @data_guard(%x: !v) {
  exo.device_function(blockDim = 32, clusterDim = 1) {
    exo.for %t = 0 to 1 cuda_tasks {
      exo.for %l = 0 to 1 cuda_threads<thread> {
        %a = exo.read %x[0] : !v
        %z = arith.constant 0.0 : f32
        %c = arith.cmpf ogt, %a, %z : f32
        // expected-error @+1 {{the sync checker needs guards on control values only}}
        exo.if %c {
          exo.assign %x[1] = %a : !v
        }
      }
    }
  }
}

// -----

// An index computed from data.
!v = !exo.tensor<[4], i32, gmem>
exo.proc @data_index(%x: !v) {
  exo.device_function(blockDim = 32, clusterDim = 1) {
    exo.for %t = 0 to 1 cuda_tasks {
      exo.for %l = 0 to 1 cuda_threads<thread> {
        %a = exo.read %x[0] : !v
        %i = arith.index_cast %a : i32 to index
        %c1 = arith.constant 1 : index
        // expected-error @+1 {{the sync checker needs control values computed from sizes and loop iterators only}}
        %j = arith.addi %i, %c1 : index
        %z = arith.constant 0 : i32
        exo.assign %x[%j] = %z : !v
      }
    }
  }
}

// -----

// An operation of no known meaning that computes an index.
!v = !exo.tensor<[4], f32, gmem>
exo.proc @unknown(%x: !v) {
  exo.device_function(blockDim = 32, clusterDim = 1) {
    exo.for %t = 0 to 1 cuda_tasks {
      exo.for %l = 0 to 1 cuda_threads<thread> {
        // expected-error @+1 {{'test.op' op has no abstract-machine meaning}}
        %i = "test.op"() : () -> index
        %z = arith.constant 0.0 : f32
        exo.assign %x[%i] = %z : !v
      }
    }
  }
}

// -----

// Data computed by other dialects (math) is data: dropped like arith's, and
// the program checks.
!v = !exo.tensor<[4], f32, gmem>
exo.proc @math(%x: !v) {
  exo.device_function(blockDim = 32, clusterDim = 1) {
    exo.for %t = 0 to 1 cuda_tasks {
      exo.for %l = 0 to 1 cuda_threads<thread> {
        %a = exo.read %x[0] : !v
        %b = math.sqrt %a : f32
        exo.assign %x[1] = %b : !v
      }
    }
  }
}

// -----

// A predicate of another dialect on data is data too: it may not guard.
!v = !exo.tensor<[4], f32, gmem>
exo.proc @math_guard(%x: !v) {
  exo.device_function(blockDim = 32, clusterDim = 1) {
    exo.for %t = 0 to 1 cuda_tasks {
      exo.for %l = 0 to 1 cuda_threads<thread> {
        %a = exo.read %x[0] : !v
        %n = math.isnan %a : f32
        // expected-error @+1 {{the sync checker needs guards on control values only}}
        exo.if %n {
          exo.assign %x[1] = %a : !v
        }
      }
    }
  }
}
