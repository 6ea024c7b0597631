#pragma once

#include <cstddef>
#include <map>
#include <string>
#include <unordered_map>
#include <vector>

/// Reading timeit-results/1 files for comparison.
namespace timeit {

/// Everything recorded about one benchmark on one side of a comparison, pooled from
/// every file and every run that names it.
struct BenchmarkSamples {
  std::string name;
  /// Metric name -> its value in each successful run that has it, in file order.
  std::map<std::string, std::vector<double>> metrics;
  /// Runs read, and how many of them failed (non-zero exit, signal, timeout, exec or
  /// setup failure). Failed runs are counted here and left out of `metrics`: a crash's
  /// time says nothing about the program's speed.
  size_t runs = 0;
  size_t failed_runs = 0;
};

/// The benchmarks of one side, in the order first seen.
class SampleSet {
 public:
  /// The benchmark called `name`, created if new.
  BenchmarkSamples& Get(const std::string& name);
  const BenchmarkSamples* Find(const std::string& name) const;
  const std::vector<BenchmarkSamples>& benchmarks() const { return benchmarks_; }

 private:
  std::vector<BenchmarkSamples> benchmarks_;
  std::unordered_map<std::string, size_t> index_;
};

/// Adds the runs in the results file at `path` to `into`. Streams the file (memory stays
/// proportional to the numbers kept, not to the text). Throws an input Error naming the
/// file and what is wrong: unreadable, malformed JSON (with line and column), the wrong
/// schema, a field of the wrong type (with its path, e.g. benchmarks[2].runs[0].metrics.real),
/// a negative metric.
void ReadResultsFile(const std::string& path, SampleSet& into);

}  // namespace timeit
