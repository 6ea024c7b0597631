#include "timeit/measure/clock_latency.h"

#include <time.h>

#include <algorithm>
#include <vector>

#include "timeit/stats/statistics.h"

namespace timeit {
namespace {

constexpr int kBatch = 100;

double Now() {
  timespec now;
  ::clock_gettime(CLOCK_MONOTONIC, &now);
  return static_cast<double>(now.tv_sec) + static_cast<double>(now.tv_nsec) * 1e-9;
}

}  // namespace

double ClockReadLatencySeconds(int reads) {
  std::vector<double> batches;
  for (int batch = 0; batch < std::max(1, reads / kBatch); ++batch) {
    double start = Now();
    // Each read is one call the compiler cannot drop: the clock is read through the vDSO.
    for (int i = 0; i < kBatch - 1; ++i) Now();
    batches.push_back((Now() - start) / kBatch);
  }
  return stats::Median(batches);
}

}  // namespace timeit
