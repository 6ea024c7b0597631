#include "timeit/stats/samples.h"

namespace timeit {

BenchmarkSamples& SampleSet::Get(const std::string& name) {
  auto [it, inserted] = index_.try_emplace(name, benchmarks_.size());
  if (inserted) {
    benchmarks_.emplace_back();
    benchmarks_.back().name = name;
  }
  return benchmarks_[it->second];
}

const BenchmarkSamples* SampleSet::Find(const std::string& name) const {
  auto it = index_.find(name);
  return it == index_.end() ? nullptr : &benchmarks_[it->second];
}

bool SampleSet::Keeps(std::string_view metric) {
  if (metric_names_.find(metric) == metric_names_.end()) metric_names_.emplace(metric);
  if (keep_all_) return true;
  for (const std::string& kept : kept_) {
    if (kept == metric) return true;
  }
  return false;
}

}  // namespace timeit
