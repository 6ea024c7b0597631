#include "timeit/samples/samples.h"

#include <algorithm>

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

void SampleSet::Absorb(const SampleSet& other) {
  for (const std::string& metric : other.metric_names()) Keeps(metric);
  for (const BenchmarkSamples& added : other.benchmarks()) {
    BenchmarkSamples& benchmark = Get(added.name);
    benchmark.runs += added.runs;
    benchmark.failed_runs += added.failed_runs;
    benchmark.hashes.insert(added.hashes.begin(), added.hashes.end());
    for (const auto& [metric, values] : added.metrics) {
      if (!Keeps(metric)) continue;
      std::vector<double>& pooled = benchmark.metrics[metric];
      pooled.insert(pooled.end(), values.begin(), values.end());
    }
  }
  for (const auto& host : other.provenance().hosts) provenance_.NoteHost(host);
  const SampleProvenance& theirs = other.provenance();
  for (const std::string& label : theirs.labels) provenance_.NoteLabel(label);
  provenance_.NoteStart(theirs.first_start);
  provenance_.NoteStart(theirs.last_start);
  provenance_.NoteWrittenRuns(theirs.written_first_start_file, theirs.written_first_start, "");
  provenance_.NoteWrittenRuns(theirs.written_last_end_file, "", theirs.written_last_end);
}

void SampleProvenance::NoteHost(std::map<std::string, std::string, std::less<>> host) {
  for (const auto& known : hosts) {
    if (known == host) return;
  }
  hosts.push_back(std::move(host));
}

void SampleProvenance::NoteLabel(std::string_view label) {
  if (label.empty() || std::find(labels.begin(), labels.end(), label) != labels.end()) return;
  labels.emplace_back(label);
}

void SampleProvenance::NoteStart(std::string_view start) {
  if (start.empty()) return;
  if (first_start.empty() || start < first_start) first_start = start;
  if (last_start.empty() || start > last_start) last_start = start;
}

void SampleProvenance::NoteWrittenRuns(std::string_view file, std::string_view start, std::string_view end) {
  if (!start.empty() && (written_first_start.empty() || start < written_first_start)) {
    written_first_start = start;
    written_first_start_file = file;
  }
  if (!end.empty() && (written_last_end.empty() || end > written_last_end)) {
    written_last_end = end;
    written_last_end_file = file;
  }
}

}  // namespace timeit
