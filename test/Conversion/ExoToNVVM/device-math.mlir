// Device math: math operations in device code lower to the sequences of
// the device-math table (DeviceMath.h): correctly rounded steps without the
// afn flag, the one hardware approximation the program asks for with it.
// test/GPU/math_check.cu measures each against double precision on the
// H200.
// RUN: exo-gpu-opt %s -exo-to-ptx | exo-gpu-translate --exo-extract-ptx | FileCheck %s
// RUN: %if ptxas %{ exo-gpu-opt %s -exo-to-ptx | exo-gpu-translate --exo-extract-ptx > %t.ptx && ptxas -arch=sm_90a %t.ptx -o %t.cubin %}

!x = !exo.tensor<[128], f32, gmem>
!d = !exo.tensor<[128], f64, gmem>

// e^x: x clamped to [-104, 89] (max and min that keep NaN), j = x log2(e)
// rounded by adding 1.5 * 2^23, r = x - j ln 2 by two fmas (ln 2 split in
// two), the polynomial by fmas, and 2^j built from exponent bits in two
// halves. No approximate instruction.
// CHECK-LABEL: .entry exp_exact(
// CHECK-NOT: approx
// CHECK: max.NaN.f32 {{.*}}0fC2D00000
// CHECK: min.NaN.f32 {{.*}}0f42B20000
// CHECK: fma.rn.f32 {{.*}}0f3FB8AA3B, 0f4B400000
// CHECK: fma.rn.f32 {{.*}}0fBF317200
// CHECK: fma.rn.f32 {{.*}}0fB5BFBE8E
// CHECK: shl.b32
// CHECK: mul.rn.f32
// CHECK: shl.b32
// CHECK: mul.rn.f32
// CHECK-NOT: approx
// CHECK: ret;
exo.proc @exp_exact(%x: !x) {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to 1 cuda_tasks {
      exo.for %i = 0 to 128 cuda_threads<thread> {
        %one = arith.constant 1.0 : f32
        %three = arith.constant 3.0 : f32
        %v = exo.read %x[%i] : !x
        %r = math.exp %v : f32
        exo.assign %x[%i] = %r : !x
      }
    }
  }
}

// With afn: ex2.approx of x log2(e).
// CHECK-LABEL: .entry exp_approx(
// CHECK: mul.rn.f32 {{.*}}0f3FB8AA3B
// CHECK: ex2.approx.ftz.f32
// CHECK: ret;
exo.proc @exp_approx(%x: !x) {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to 1 cuda_tasks {
      exo.for %i = 0 to 128 cuda_threads<thread> {
        %one = arith.constant 1.0 : f32
        %three = arith.constant 3.0 : f32
        %v = exo.read %x[%i] : !x
        %r = math.exp %v fastmath<afn> : f32
        exo.assign %x[%i] = %r : !x
      }
    }
  }
}

// 2^x: x clamped to [-151, 129], j = x rounded, 2^(x - j) by the polynomial
// in (x - j) ln 2, times 2^j.
// CHECK-LABEL: .entry exp2_exact(
// CHECK-NOT: approx
// CHECK: max.NaN.f32 {{.*}}0fC3170000
// CHECK: min.NaN.f32 {{.*}}0f43010000
// CHECK: add.rn.f32 {{.*}}0f4B400000
// CHECK: fma.rn.f32 {{.*}}0f3F317218
// CHECK: mul.rn.f32
// CHECK: mul.rn.f32
// CHECK-NOT: approx
// CHECK: ret;
exo.proc @exp2_exact(%x: !x) {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to 1 cuda_tasks {
      exo.for %i = 0 to 128 cuda_threads<thread> {
        %one = arith.constant 1.0 : f32
        %three = arith.constant 3.0 : f32
        %v = exo.read %x[%i] : !x
        %r = math.exp2 %v : f32
        exo.assign %x[%i] = %r : !x
      }
    }
  }
}

// CHECK-LABEL: .entry exp2_approx(
// CHECK: ex2.approx.ftz.f32
// CHECK: ret;
exo.proc @exp2_approx(%x: !x) {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to 1 cuda_tasks {
      exo.for %i = 0 to 128 cuda_threads<thread> {
        %one = arith.constant 1.0 : f32
        %three = arith.constant 3.0 : f32
        %v = exo.read %x[%i] : !x
        %r = math.exp2 %v fastmath<afn> : f32
        exo.assign %x[%i] = %r : !x
      }
    }
  }
}

// ln x: subnormals scaled by 2^23, the exponent and the mantissa m from the
// bits, m halved above sqrt(2), s = (m - 1) / (m + 1), the atanh series in
// s^2 as a correction to f = m - 1, e ln 2 added (ln 2 split in two), then
// inf, 0, negative x and NaN.
// CHECK-LABEL: .entry log_exact(
// CHECK-NOT: approx
// CHECK: setp.lt.f32 {{.*}}0f00800000
// CHECK: mul.rn.f32 {{.*}}0f4B000000
// CHECK: and.b32 {{.*}}8388607
// CHECK: or.b32 {{.*}}1065353216
// CHECK: setp.gt.f32 {{.*}}0f3FB504F3
// CHECK: div.rn.f32
// CHECK: fma.rn.f32 {{.*}}0f3F2AAAAB
// CHECK: fma.rn.f32 {{.*}}0f35BFBE8E
// CHECK: fma.rn.f32 {{.*}}0f3F317200
// CHECK: selp.f32 {{.*}}0f7F800000
// CHECK: selp.f32 {{.*}}0fFF800000
// CHECK: selp.f32 {{.*}}0f7FC00000
// CHECK: setp.nan.f32
// CHECK-NOT: approx
// CHECK: ret;
exo.proc @log_exact(%x: !x) {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to 1 cuda_tasks {
      exo.for %i = 0 to 128 cuda_threads<thread> {
        %one = arith.constant 1.0 : f32
        %three = arith.constant 3.0 : f32
        %v = exo.read %x[%i] : !x
        %r = math.log %v : f32
        exo.assign %x[%i] = %r : !x
      }
    }
  }
}

// CHECK-LABEL: .entry log_approx(
// CHECK: lg2.approx.ftz.f32
// CHECK: mul.rn.f32 {{.*}}0f3F317218
// CHECK: ret;
exo.proc @log_approx(%x: !x) {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to 1 cuda_tasks {
      exo.for %i = 0 to 128 cuda_threads<thread> {
        %one = arith.constant 1.0 : f32
        %three = arith.constant 3.0 : f32
        %v = exo.read %x[%i] : !x
        %r = math.log %v fastmath<afn> : f32
        exo.assign %x[%i] = %r : !x
      }
    }
  }
}

// log2 x: the same parts, ln m times log2(e) split in two.
// CHECK-LABEL: .entry log2_exact(
// CHECK-NOT: approx
// CHECK: div.rn.f32
// CHECK: fma.rn.f32 {{.*}}0f32A57060
// CHECK: fma.rn.f32 {{.*}}0f3FB8AA3B
// CHECK: setp.nan.f32
// CHECK-NOT: approx
// CHECK: ret;
exo.proc @log2_exact(%x: !x) {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to 1 cuda_tasks {
      exo.for %i = 0 to 128 cuda_threads<thread> {
        %one = arith.constant 1.0 : f32
        %three = arith.constant 3.0 : f32
        %v = exo.read %x[%i] : !x
        %r = math.log2 %v : f32
        exo.assign %x[%i] = %r : !x
      }
    }
  }
}

// CHECK-LABEL: .entry log2_approx(
// CHECK: lg2.approx.ftz.f32
// CHECK: ret;
exo.proc @log2_approx(%x: !x) {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to 1 cuda_tasks {
      exo.for %i = 0 to 128 cuda_threads<thread> {
        %one = arith.constant 1.0 : f32
        %three = arith.constant 3.0 : f32
        %v = exo.read %x[%i] : !x
        %r = math.log2 %v fastmath<afn> : f32
        exo.assign %x[%i] = %r : !x
      }
    }
  }
}

// tanh x: the odd polynomial (its last coefficient -1/3), and 1 - 2 / (e^2|x|
// + 1) with e^2|x| as above, chosen at |x| = 0.55.
// CHECK-LABEL: .entry tanh_exact(
// CHECK-NOT: approx
// CHECK: fma.rn.f32 {{.*}}0fBEAAAAAB
// CHECK: abs.f32
// CHECK: fma.rn.f32 {{.*}}0f3FB8AA3B, 0f4B400000
// CHECK: div.rn.f32
// CHECK: copysign.f32
// CHECK: setp.lt.f32 {{.*}}0f3F0CCCCD
// CHECK: selp.f32
// CHECK-NOT: approx
// CHECK: ret;
exo.proc @tanh_exact(%x: !x) {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to 1 cuda_tasks {
      exo.for %i = 0 to 128 cuda_threads<thread> {
        %one = arith.constant 1.0 : f32
        %three = arith.constant 3.0 : f32
        %v = exo.read %x[%i] : !x
        %r = math.tanh %v : f32
        exo.assign %x[%i] = %r : !x
      }
    }
  }
}

// CHECK-LABEL: .entry tanh_approx(
// CHECK: tanh.approx.f32
// CHECK: ret;
exo.proc @tanh_approx(%x: !x) {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to 1 cuda_tasks {
      exo.for %i = 0 to 128 cuda_threads<thread> {
        %one = arith.constant 1.0 : f32
        %three = arith.constant 3.0 : f32
        %v = exo.read %x[%i] : !x
        %r = math.tanh %v fastmath<afn> : f32
        exo.assign %x[%i] = %r : !x
      }
    }
  }
}

// rsqrt: the correctly rounded reciprocal of the correctly rounded root.
// CHECK-LABEL: .entry rsqrt_exact(
// CHECK-NOT: approx
// CHECK: sqrt.rn.f32
// CHECK: rcp.rn.f32
// CHECK-NOT: approx
// CHECK: ret;
exo.proc @rsqrt_exact(%x: !x) {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to 1 cuda_tasks {
      exo.for %i = 0 to 128 cuda_threads<thread> {
        %one = arith.constant 1.0 : f32
        %three = arith.constant 3.0 : f32
        %v = exo.read %x[%i] : !x
        %r = math.rsqrt %v : f32
        exo.assign %x[%i] = %r : !x
      }
    }
  }
}

// CHECK-LABEL: .entry rsqrt_approx(
// CHECK: rsqrt.approx.f32
// CHECK: ret;
exo.proc @rsqrt_approx(%x: !x) {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to 1 cuda_tasks {
      exo.for %i = 0 to 128 cuda_threads<thread> {
        %one = arith.constant 1.0 : f32
        %three = arith.constant 3.0 : f32
        %v = exo.read %x[%i] : !x
        %r = math.rsqrt %v fastmath<afn> : f32
        exo.assign %x[%i] = %r : !x
      }
    }
  }
}

// CHECK-LABEL: .entry sqrt_exact(
// CHECK-NOT: approx
// CHECK: sqrt.rn.f32
// CHECK-NOT: approx
// CHECK: ret;
exo.proc @sqrt_exact(%x: !x) {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to 1 cuda_tasks {
      exo.for %i = 0 to 128 cuda_threads<thread> {
        %one = arith.constant 1.0 : f32
        %three = arith.constant 3.0 : f32
        %v = exo.read %x[%i] : !x
        %r = math.sqrt %v : f32
        exo.assign %x[%i] = %r : !x
      }
    }
  }
}

// CHECK-LABEL: .entry sqrt_approx(
// CHECK: sqrt.approx.f32
// CHECK: ret;
exo.proc @sqrt_approx(%x: !x) {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to 1 cuda_tasks {
      exo.for %i = 0 to 128 cuda_threads<thread> {
        %one = arith.constant 1.0 : f32
        %three = arith.constant 3.0 : f32
        %v = exo.read %x[%i] : !x
        %r = math.sqrt %v fastmath<afn> : f32
        exo.assign %x[%i] = %r : !x
      }
    }
  }
}

// CHECK-LABEL: .entry fma(
// CHECK-NOT: approx
// CHECK: fma.rn.f32
// CHECK-NOT: approx
// CHECK: ret;
exo.proc @fma(%x: !x) {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to 1 cuda_tasks {
      exo.for %i = 0 to 128 cuda_threads<thread> {
        %one = arith.constant 1.0 : f32
        %three = arith.constant 3.0 : f32
        %v = exo.read %x[%i] : !x
        %r = math.fma %v, %v, %v : f32
        exo.assign %x[%i] = %r : !x
      }
    }
  }
}

// CHECK-LABEL: .entry absf(
// CHECK-NOT: approx
// CHECK: abs.f32
// CHECK-NOT: approx
// CHECK: ret;
exo.proc @absf(%x: !x) {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to 1 cuda_tasks {
      exo.for %i = 0 to 128 cuda_threads<thread> {
        %one = arith.constant 1.0 : f32
        %three = arith.constant 3.0 : f32
        %v = exo.read %x[%i] : !x
        %r = math.absf %v : f32
        exo.assign %x[%i] = %r : !x
      }
    }
  }
}

// A division with afn: rcp.approx of 1 / x, div.full otherwise.
// CHECK-LABEL: .entry rcp_approx(
// CHECK: rcp.approx.f32
// CHECK: ret;
exo.proc @rcp_approx(%x: !x) {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to 1 cuda_tasks {
      exo.for %i = 0 to 128 cuda_threads<thread> {
        %one = arith.constant 1.0 : f32
        %three = arith.constant 3.0 : f32
        %v = exo.read %x[%i] : !x
        %r = arith.divf %one, %v fastmath<afn> : f32
        exo.assign %x[%i] = %r : !x
      }
    }
  }
}

// CHECK-LABEL: .entry div_approx(
// CHECK: div.full.f32
// CHECK: ret;
exo.proc @div_approx(%x: !x) {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to 1 cuda_tasks {
      exo.for %i = 0 to 128 cuda_threads<thread> {
        %one = arith.constant 1.0 : f32
        %three = arith.constant 3.0 : f32
        %v = exo.read %x[%i] : !x
        %r = arith.divf %v, %v fastmath<afn> : f32
        exo.assign %x[%i] = %r : !x
      }
    }
  }
}

// Without afn a division is correctly rounded.
// CHECK-LABEL: .entry div_exact(
// CHECK-NOT: approx
// CHECK: div.rn.f32 {{.*}}0f40400000
// CHECK-NOT: approx
// CHECK: ret;
exo.proc @div_exact(%x: !x) {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to 1 cuda_tasks {
      exo.for %i = 0 to 128 cuda_threads<thread> {
        %one = arith.constant 1.0 : f32
        %three = arith.constant 3.0 : f32
        %v = exo.read %x[%i] : !x
        %r = arith.divf %v, %three : f32
        exo.assign %x[%i] = %r : !x
      }
    }
  }
}

// sqrt, fma and absf also on f64.
// CHECK-LABEL: .entry sqrt_f64(
// CHECK-NOT: approx
// CHECK: sqrt.rn.f64
// CHECK-NOT: approx
// CHECK: ret;
exo.proc @sqrt_f64(%x: !d) {
  exo.device_function(blockDim = 128) {
    exo.for %t = 0 to 1 cuda_tasks {
      exo.for %i = 0 to 128 cuda_threads<thread> {
        %one = arith.constant 1.0 : f32
        %three = arith.constant 3.0 : f32
        %w = exo.read %x[%i] : !d
        %r = math.sqrt %w : f64
        exo.assign %x[%i] = %r : !d
      }
    }
  }
}
