//===- tma_check.cu - Checks and times the generated TMA round trips ------===//
//
// Part of the Exo-GPU project.
//
// Usage: tma_check [--time] [--reps N] [--csv PATH] [--seed S]
//                  [--swizzle S[,S...]] MxN...
//
// For each size and each of the four kernels of examples/tma/tma_roundtrip.mlir
// (exo_kernels::tma_copy_swizzle{0,32,64,128}, or those picked by --swizzle),
// Out[M,N] = In[M,N] (row-major f32) must hold exactly In's bits: In is filled
// with fresh random finite floats (random sign, 23 random significand bits,
// exponents from 2^-8 to 2^7, so that every byte varies; never the poison
// pattern), Out and a 4 KiB guard on each side of it are poisoned with 0xFF
// bytes (NaN), and after the launch the host compares Out with In by memcmp,
// checks that the guards still hold the poison (no write outside Out) and
// that In is unchanged. On a mismatch it prints how many elements are wrong,
// how many still hold the poison (never written), the first few with the
// element of In (from the same 64-row band) that holds their value, and a map
// of the wrong boxes (64 rows by the kernel's box width).
//
// A size outside a kernel's `requires` (M mod 64 == 0, M >= 64, and N a
// positive multiple of the box width: 32, 8, 16, 32 floats for swizzle 0, 32,
// 64, 128) must be rejected by its launcher; a rejection then passes, and a
// launch fails.
//
// With --time, each kernel is timed on the same buffers (median of N runs,
// default 50, L2 flushed before each run), in GB/s of 8 M N bytes (4 read and
// 4 written per element), against cudaMemcpyAsync device to device of the same
// bytes, as a reference point; the timed runs are checked again.
//
// Prints `CHECK KERNEL MxN PASS|FAIL` per kernel and size. Exits 0 when every
// check passes, 1 when a check fails, 2 on a CUDA error or bad arguments.
//
// Build (see run_all.sh): nvcc -O3 -std=c++17
//   -gencode=arch=compute_90a,code=sm_90a -I runtime -I GEN_DIR
//   test/GPU/tma_check.cu runtime/exo_gpu_runtime.cpp -lcuda
//
//===----------------------------------------------------------------------===//

#include "exo_gpu_runtime.h"
#include "tma_roundtrip_launcher.h"

#include "harness.h"

#include <cuda.h>
#include <cuda_runtime.h>

#include <algorithm>
#include <cinttypes>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

namespace {

using namespace exo_harness;

constexpr double kPeakGBps = 4800.0;      // H200 HBM3e.
constexpr uint32_t kPoison = 0xFFFFFFFFu; // A float of kPoisonByte bytes.
constexpr int64_t kBoxRows = 64;

using Launcher = CUresult (*)(CUstream, int64_t, int64_t, CUdeviceptr,
                              CUdeviceptr);

struct Kernel {
  const char *name;
  int swizzle;     // Bytes.
  int64_t boxCols; // The box's inner extent in floats.
  Launcher launch;
};

// The requirement of each kernel (its launcher's `requires`): M mod 64 == 0,
// N mod boxCols == 0, M >= 64, N >= boxCols.
const Kernel kKernels[] = {
    {"tma_copy_swizzle0", 0, 32, exo_kernels::tma_copy_swizzle0},
    {"tma_copy_swizzle32", 32, 8, exo_kernels::tma_copy_swizzle32},
    {"tma_copy_swizzle64", 64, 16, exo_kernels::tma_copy_swizzle64},
    {"tma_copy_swizzle128", 128, 32, exo_kernels::tma_copy_swizzle128},
};
constexpr int kNumKernels = sizeof(kKernels) / sizeof(kKernels[0]);

struct Size {
  int64_t M, N;
  std::string name() const {
    return std::to_string(M) + "x" + std::to_string(N);
  }
  size_t count() const { return size_t(M) * size_t(N); }
  /// Each element read once and written once.
  double bytes() const { return 8.0 * double(M) * double(N); }
};

bool allowed(const Kernel &k, const Size &s) {
  return s.M % kBoxRows == 0 && s.M >= kBoxRows && s.N % k.boxCols == 0 &&
         s.N >= k.boxCols;
}

struct Options : CommonOptions {
  Options() : CommonOptions(/*defaultReps=*/50) {}
  bool picked[kNumKernels] = {true, true, true, true};
  std::vector<Size> sizes;
};

//===----------------------------------------------------------------------===//
// Checking
//===----------------------------------------------------------------------===//

/// Describes what is wrong with Out (host copies): counts, the first few
/// elements and the map of bad boxes.
void describeMismatch(const Kernel &k, const Size &s,
                      const std::vector<uint32_t> &in,
                      const std::vector<uint32_t> &out) {
  int64_t boxesM = s.M / kBoxRows, boxesN = (s.N + k.boxCols - 1) / k.boxCols;
  std::vector<unsigned> badInBox(size_t(boxesM) * size_t(boxesN), 0);
  uint64_t bad = 0, poisoned = 0;
  int reported = 0;
  for (int64_t m = 0; m < s.M; ++m) {
    for (int64_t n = 0; n < s.N; ++n) {
      size_t idx = size_t(m) * size_t(s.N) + size_t(n);
      if (out[idx] == in[idx])
        continue;
      ++bad;
      poisoned += out[idx] == kPoison;
      ++badInBox[size_t(m / kBoxRows) * size_t(boxesN) + size_t(n / k.boxCols)];
      if (reported++ >= 8)
        continue;
      std::string from = out[idx] == kPoison ? " (poison: never written)"
                                             : " (not found in its band)";
      if (out[idx] != kPoison) {
        // Where does the value come from? Search the same 64-row band.
        int64_t m0 = m / kBoxRows * kBoxRows;
        for (int64_t i = m0; i < std::min(m0 + kBoxRows, s.M); ++i) {
          const uint32_t *row = &in[size_t(i) * size_t(s.N)];
          const uint32_t *hit = std::find(row, row + s.N, out[idx]);
          if (hit != row + s.N) {
            from = " (the value of In[" + std::to_string(i) + "," +
                   std::to_string(hit - row) + "])";
            break;
          }
        }
      }
      printf("  Out[%" PRId64 ",%" PRId64 "] = 0x%08x, In 0x%08x%s\n", m, n,
             out[idx], in[idx], from.c_str());
    }
  }
  size_t badBoxes = 0;
  for (unsigned count : badInBox)
    badBoxes += count != 0;
  printf("  %" PRIu64 " of %zu elements wrong, %" PRIu64
         " of them still the poison; %zu of %zu %" PRId64 "x%" PRId64
         " boxes have some\n",
         bad, s.count(), poisoned, badBoxes, badInBox.size(), kBoxRows,
         k.boxCols);
  if (boxesM > 64 || boxesN > 64)
    return;
  printf("  box map ('.' all good, 'x' some bad, '#' all bad), rows = M:\n");
  for (int64_t bm = 0; bm < boxesM; ++bm) {
    std::string row = "    ";
    for (int64_t bn = 0; bn < boxesN; ++bn) {
      int64_t cols = std::min<int64_t>(k.boxCols, s.N - bn * k.boxCols);
      unsigned count = badInBox[size_t(bm) * size_t(boxesN) + size_t(bn)];
      row += mapCell(count, kBoxRows * cols);
    }
    printf("%s\n", row.c_str());
  }
}

/// Copies Out (with its guards) and In back and checks them: Out == In
/// bitwise, the guards still poisoned, In equal to `inBefore`.
bool checkCopy(const Kernel &k, const Size &s, const uint32_t *dIn,
               const GuardedBuffer &outBuf,
               const std::vector<uint32_t> &inBefore, const char *what) {
  size_t n = s.count();
  std::vector<uint8_t> all = outBuf.copyToHost();
  std::vector<uint32_t> out(n), inAfter(n);
  memcpy(out.data(), all.data() + kGuardBytes, n * sizeof(uint32_t));
  CUDA_CHECK(cudaMemcpy(inAfter.data(), dIn, n * sizeof(uint32_t),
                        cudaMemcpyDeviceToHost));

  bool ok = true;
  if (memcmp(out.data(), inBefore.data(), n * sizeof(uint32_t)) != 0) {
    printf("CHECK %s %s%s: Out differs from In FAIL\n", k.name,
           s.name().c_str(), what);
    describeMismatch(k, s, inBefore, out);
    ok = false;
  }
  size_t guardBad = outBuf.overwrittenGuardBytes(all);
  if (guardBad) {
    printf("CHECK %s %s%s: %zu guard bytes around Out were overwritten FAIL\n",
           k.name, s.name().c_str(), what, guardBad);
    ok = false;
  }
  if (memcmp(inAfter.data(), inBefore.data(), n * sizeof(uint32_t)) != 0) {
    printf("CHECK %s %s%s: In was modified FAIL\n", k.name, s.name().c_str(),
           what);
    ok = false;
  }
  return ok;
}

/// Enqueues kernel k; prints the runtime's message on failure (unless
/// `quiet`).
CUresult launch(const Kernel &k, cudaStream_t stream, const Size &s,
                const uint32_t *dIn, const GuardedBuffer &outBuf, bool quiet) {
  CUresult result =
      k.launch(stream, s.M, s.N, devicePtr(dIn), devicePtr(outBuf.data()));
  if (result != CUDA_SUCCESS) {
    if (!quiet)
      printLaunchError(k.name, s.name(), result);
    return result;
  }
  CUDA_CHECK(cudaGetLastError());
  return result;
}

//===----------------------------------------------------------------------===//
// Driver
//===----------------------------------------------------------------------===//

[[noreturn]] void usage(const char *argv0) {
  fprintf(stderr,
          "usage: %s [--time] [--reps N] [--csv PATH] [--seed S] "
          "[--swizzle S[,S...]] MxN...\n",
          argv0);
  exit(2);
}

bool parseSize(const char *text, Size *s) {
  int64_t v[2];
  if (!parseDims(text, v, 2))
    return false;
  *s = {v[0], v[1]};
  return true;
}

/// --swizzle 0,128: runs only those kernels.
bool parseSwizzles(const char *text, bool *picked) {
  std::fill(picked, picked + kNumKernels, false);
  std::string list = text;
  size_t pos = 0;
  while (pos <= list.size()) {
    size_t comma = list.find(',', pos);
    std::string item = list.substr(
        pos, comma == std::string::npos ? std::string::npos : comma - pos);
    int k = 0;
    while (k < kNumKernels && std::to_string(kKernels[k].swizzle) != item)
      ++k;
    if (k == kNumKernels)
      return false;
    picked[k] = true;
    if (comma == std::string::npos)
      break;
    pos = comma + 1;
  }
  return true;
}

Options parseOptions(int argc, char **argv) {
  Options o;
  auto parseOption = [&](int &i) {
    if (parseCommonOption(argc, argv, i, o, usage))
      return true;
    if (std::string(argv[i]) != "--swizzle" || i + 1 >= argc)
      return false;
    if (!parseSwizzles(argv[++i], o.picked)) {
      fprintf(stderr,
              "%s: --swizzle wants a list of 0, 32, 64, 128, not '%s'\n",
              argv[0], argv[i]);
      exit(2);
    }
    return true;
  };
  o.sizes = parseArgs<Size>(argc, argv, parseOption, parseSize, usage);
  return o;
}

struct TimingRow {
  Size size;
  const char *kernel;
  bool pass;
  double exoMs, memcpyMs;
};

double gbps(const Size &s, double ms) { return s.bytes() / (ms * 1e-3) / 1e9; }

std::string formatRow(const TimingRow &r) {
  double exoGBps = gbps(r.size, r.exoMs);
  char line[256];
  snprintf(line, sizeof(line),
           "%-20s %-12s %9.4f %9.1f %6.1f%% %10.4f %11.1f %9.3fx  %s", r.kernel,
           r.size.name().c_str(), r.exoMs, exoGBps, 100.0 * exoGBps / kPeakGBps,
           r.memcpyMs, gbps(r.size, r.memcpyMs), r.memcpyMs / r.exoMs,
           r.pass ? "PASS" : "FAIL");
  return line;
}

const char *kTableHeader = "kernel               size            exo ms  "
                           "exo GB/s  %peak  memcpy ms memcpy GB/s "
                           "exo/memcpy check";

} // namespace

int main(int argc, char **argv) {
  Options opts = parseOptions(argc, argv);
  uint64_t baseSeed = chooseBaseSeed(opts.haveSeed, opts.seed);
  initDevice(baseSeed, /*kernels=*/true);

  cudaStream_t stream;
  CUDA_CHECK(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
  TimingOutput timing;
  timing.open(opts.time, opts.csvPath,
              "kernel,M,N,check,exo_ms,exo_gbps,exo_pct_peak,memcpy_ms,"
              "memcpy_gbps,speedup\n");

  bool allPass = true;
  std::vector<TimingRow> rows;
  for (size_t index = 0; index < opts.sizes.size(); ++index) {
    const Size &s = opts.sizes[index];
    printf("== %s\n", s.name().c_str());
    fflush(stdout);

    size_t n = s.count(), bytes = n * sizeof(uint32_t);
    uint32_t *dIn;
    GuardedBuffer outBuf;
    CUDA_CHECK(cudaMalloc(&dIn, bytes));
    outBuf.allocate(bytes);
    std::vector<uint32_t> in(n);
    double memcpyMs = NAN;

    for (int ki = 0; ki < kNumKernels; ++ki) {
      if (!opts.picked[ki])
        continue;
      const Kernel &k = kKernels[ki];
      uint64_t seed = splitmix64(baseSeed + index * kNumKernels + ki);
      // Random finite floats, exponents from -8 to 7.
      fillRandomBits<<<gridFor(n), 256, 0, stream>>>(dIn, n, seed, -8, 16);
      CUDA_CHECK(cudaGetLastError());
      CUDA_CHECK(cudaMemcpyAsync(in.data(), dIn, bytes, cudaMemcpyDeviceToHost,
                                 stream));
      // The checked run, on a poisoned Out (and guards).
      outBuf.poisonAsync(stream);
      bool expectReject = !allowed(k, s);
      CUresult result = launch(k, stream, s, dIn, outBuf, expectReject);
      CUDA_CHECK(cudaStreamSynchronize(stream));

      bool pass;
      if (expectReject) {
        pass = result != CUDA_SUCCESS;
        if (pass)
          printf("CHECK %s %s rejected by the launcher (outside its "
                 "requires: M mod 64, N mod %" PRId64 ") PASS\n",
                 k.name, s.name().c_str(), k.boxCols);
        else
          printf("CHECK %s %s launched, but the size is outside its requires "
                 "(M mod 64, N mod %" PRId64 ") FAIL\n",
                 k.name, s.name().c_str(), k.boxCols);
        allPass = allPass && pass;
        continue;
      }
      if (result != CUDA_SUCCESS) {
        printf("CHECK %s %s launch failed FAIL\n", k.name, s.name().c_str());
        allPass = false;
        continue;
      }
      pass = checkCopy(k, s, dIn, outBuf, in, "");
      printf("CHECK %s %s swizzle=%d box=%" PRId64 "x%" PRId64 " %s\n", k.name,
             s.name().c_str(), k.swizzle, kBoxRows, k.boxCols,
             pass ? "PASS" : "FAIL");

      if (opts.time) {
        outBuf.poisonAsync(stream);
        double exoMs = medianMs(stream, timing.flush, opts.reps, [&] {
          return launch(k, stream, s, dIn, outBuf, false) == CUDA_SUCCESS;
        });
        // The timed runs must still be right.
        if (!std::isfinite(exoMs) ||
            !checkCopy(k, s, dIn, outBuf, in, " after timing")) {
          printf("CHECK %s %s after timing FAIL\n", k.name, s.name().c_str());
          pass = false;
        }
        if (!std::isfinite(memcpyMs)) {
          memcpyMs = medianMs(stream, timing.flush, opts.reps, [&] {
            CUDA_CHECK(cudaMemcpyAsync(outBuf.data(), dIn, bytes,
                                       cudaMemcpyDeviceToDevice, stream));
            return true;
          });
        }
        TimingRow row{s, k.name, pass, exoMs, memcpyMs};
        rows.push_back(row);
        printf("TIME %s\n", formatRow(row).c_str());
        if (FILE *csv = timing.csv) {
          double exoGBps = gbps(s, exoMs);
          fprintf(csv,
                  "%s,%" PRId64 ",%" PRId64 ",%s,%.5f,%.1f,%.2f,%.5f,%.1f,"
                  "%.4f\n",
                  k.name, s.M, s.N, pass ? "PASS" : "FAIL", exoMs, exoGBps,
                  100.0 * exoGBps / kPeakGBps, memcpyMs, gbps(s, memcpyMs),
                  memcpyMs / exoMs);
          fflush(csv);
        }
      }
      allPass = allPass && pass;
      fflush(stdout);
    }

    CUDA_CHECK(cudaFree(dIn));
    outBuf.release();
  }

  if (!rows.empty()) {
    printTable(kTableHeader, rows, formatRow);
    printf("(exo/memcpy = memcpy time / exo time; GB/s of 8 M N bytes; "
           "%%peak of %.0f GB/s HBM; memcpy = cudaMemcpyAsync device to "
           "device)\n",
           kPeakGBps);
  }
  timing.close();
  CUDA_CHECK(cudaStreamDestroy(stream));
  return finish(allPass);
}
