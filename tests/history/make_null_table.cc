// Writes src/history/null_table.inc, the null table of the scan statistic that
// timeit_history compiles in (see include/timeit/history/null_table.h):
//
//   cmake --build build --target make_null_table
//   build/tests/make_null_table > src/history/null_table.inc
//
// For each minimum hold (3, 5) and each length of kNullTableLengths of at least two holds,
// NullTableReplicates(length) stretches of iid N(0, 1) nights from the stream
// NullTableSeed(length) go through the guard and the scan (SimulateNullStatistics), and the
// row keeps their NullQuantiles. Deterministic: the same file on every run. Prints each
// row's time and the total to stderr (about a minute on one core). Built with the tests and
// never run by them; run it again when the guard, the scan or the table's layout change.
#include <chrono>
#include <cstdio>

#include "timeit/history/null_table.h"

namespace {

using timeit::history::kNullTableLengths;
using timeit::history::kNullTableProbabilities;

}  // namespace

int main() {
  using Clock = std::chrono::steady_clock;
  const Clock::time_point start = Clock::now();
  std::printf(
      "// The null table of the scan statistic (include/timeit/history/null_table.h). Generated,\n"
      "// do not edit: tests/history/make_null_table.cc wrote it, with\n"
      "//   cmake --build build --target make_null_table\n"
      "//   build/tests/make_null_table > src/history/null_table.inc\n"
      "// Seed %llu (kNullTableSeed): length L is simulated from the SplitMix64 stream NullTableSeed(L).\n"
      "// A row: {minimum hold, length, replicates, quantiles kept, {q(P) for P =",
      static_cast<unsigned long long>(timeit::history::kNullTableSeed));
  for (double probability : kNullTableProbabilities) std::printf(" %g", probability);
  std::printf("}}.\n");
  for (int hold : {3, 5}) {
    for (size_t length : kNullTableLengths) {
      if (length < 2 * static_cast<size_t>(hold)) continue;
      const Clock::time_point row_start = Clock::now();
      const size_t replicates = timeit::history::NullTableReplicates(length);
      std::vector<double> quantiles = timeit::history::NullQuantiles(
          timeit::history::SimulateNullStatistics(length, hold, replicates, timeit::history::NullTableSeed(length)));
      std::printf("{%d, %zu, %zu, %zu, {", hold, length, replicates, quantiles.size());
      for (size_t j = 0; j < quantiles.size(); ++j) std::printf("%s%.9g", j > 0 ? ", " : "", quantiles[j]);
      std::printf("}},\n");
      std::fflush(stdout);
      std::fprintf(stderr, "h=%d L=%zu R=%zu %.2f s\n", hold, length, replicates,
                   std::chrono::duration<double>(Clock::now() - row_start).count());
    }
  }
  std::fprintf(stderr, "total %.1f s\n", std::chrono::duration<double>(Clock::now() - start).count());
  return 0;
}
