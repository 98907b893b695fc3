// RUN: exo-gpu-opt %s -amir-interpret -split-input-file -verify-diagnostics

// The last mutation of each element (docs/SyncChecker.md, "State"): runs of
// elements that share it, or, for a register variable of at most 65536
// elements accessed element by element, one entry per element. Each thread
// writes its own element of r; then thread 40 accesses r[40, 48), whose
// first element it wrote itself (ordered by program order): the report
// names r[41], thread 41's, in either form.

// 64 elements: the element-by-element writes make the store dense; a box
// read scans it element by element.
amir.program @dense_box_read() {
  amir.device clusterDim 1 blockDim 64 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c40 = arith.constant 40 : index
    amir.tasks_for %t = %c0 to %c1 {
      %r = amir.alloc "r" [64] memory <regs>
      amir.threads_for %l = 0 to 64 unit #exo.unit<thread> {
        // expected-note @+2 {{the conflicting mutation (at t = 0, l = 41)}}
        // expected-note @+1 {{no synchronization ordered it for these threads}}
        amir.mutate %r[%l] sizes [1] qual <cuda_regs> ext [#exo.qual<cuda_regs>] write_only
      }
      amir.threads_for %l = 0 to 64 unit #exo.unit<thread> {
        %is40 = arith.cmpi eq, %l, %c40 : index
        amir.if %is40 {
          // expected-error @+1 {{RAW hazard on 'r'[41]: read by task 0 thread 40 at t = 0, l = 40 is not ordered after the mutation by task 0 thread 41}}
          amir.read %r[40] sizes [8] qual <cuda_regs> ext [#exo.qual<cuda_regs>]
        }
      }
    }
  }
}

// -----

// A box write over the dense store: the WAW at the same element.
amir.program @dense_box_write() {
  amir.device clusterDim 1 blockDim 64 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c40 = arith.constant 40 : index
    amir.tasks_for %t = %c0 to %c1 {
      %r = amir.alloc "r" [64] memory <regs>
      amir.threads_for %l = 0 to 64 unit #exo.unit<thread> {
        // expected-note @+2 {{the conflicting mutation (at t = 0, l = 41)}}
        // expected-note @+1 {{no synchronization ordered it for these threads}}
        amir.mutate %r[%l] sizes [1] qual <cuda_regs> ext [#exo.qual<cuda_regs>] write_only
      }
      amir.threads_for %l = 0 to 64 unit #exo.unit<thread> {
        %is40 = arith.cmpi eq, %l, %c40 : index
        amir.if %is40 {
          // expected-error @+1 {{WAW hazard on 'r'[41]}}
          amir.mutate %r[40] sizes [8] qual <cuda_regs> ext [#exo.qual<cuda_regs>] write_only
        }
      }
    }
  }
}

// -----

// 70000 elements: the store keeps its runs; the same report.
amir.program @runs_box_read() {
  amir.device clusterDim 1 blockDim 64 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c40 = arith.constant 40 : index
    amir.tasks_for %t = %c0 to %c1 {
      %r = amir.alloc "r" [70000] memory <regs>
      amir.threads_for %l = 0 to 64 unit #exo.unit<thread> {
        // expected-note @+2 {{the conflicting mutation (at t = 0, l = 41)}}
        // expected-note @+1 {{no synchronization ordered it for these threads}}
        amir.mutate %r[%l] sizes [1] qual <cuda_regs> ext [#exo.qual<cuda_regs>] write_only
      }
      amir.threads_for %l = 0 to 64 unit #exo.unit<thread> {
        %is40 = arith.cmpi eq, %l, %c40 : index
        amir.if %is40 {
          // expected-error @+1 {{RAW hazard on 'r'[41]: read by task 0 thread 40 at t = 0, l = 40 is not ordered after the mutation by task 0 thread 41}}
          amir.read %r[40] sizes [8] qual <cuda_regs> ext [#exo.qual<cuda_regs>]
        }
      }
    }
  }
}

// -----

// A box written by warp 0, then a single-element read by thread 40: the
// store turns dense at that read and keeps the box's record in each of its
// elements.
amir.program @dense_after_box() {
  amir.device clusterDim 1 blockDim 64 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c40 = arith.constant 40 : index
    amir.tasks_for %t = %c0 to %c1 {
      %r = amir.alloc "r" [64] memory <regs>
      amir.threads_for %w = 0 to 2 unit #exo.unit<warp> {
        %is0 = arith.cmpi eq, %w, %c0 : index
        amir.if %is0 {
          // expected-note @+2 {{the conflicting mutation (at t = 0, w = 0)}}
          // expected-note @+1 {{no synchronization ordered it for these threads}}
          amir.mutate %r[0] sizes [64] qual <cuda_regs> ext [#exo.qual<cuda_regs>] write_only
        }
      }
      amir.threads_for %l = 0 to 64 unit #exo.unit<thread> {
        %is40 = arith.cmpi eq, %l, %c40 : index
        amir.if %is40 {
          // expected-error @+1 {{RAW hazard on 'r'[5]: read by task 0 thread 40 at t = 0, l = 40 is not ordered after the mutation by task 0 threads 0-31}}
          amir.read %r[5] sizes [1] qual <cuda_regs> ext [#exo.qual<cuda_regs>]
        }
      }
    }
  }
}
