#pragma once

#include <string>
#include <utility>
#include <vector>

#include "timeit/compare/comparison.h"

/// Comparison reports that tests of the findings and of every renderer share.
namespace timeit::testing {

/// "slow,er" 5 runs against 5, every new run slower (regressed), and "gone" on the base side
/// only (removed).
inline ComparisonReport Report() {
  SampleSet base, candidate;
  auto add = [](SampleSet& side, const std::string& name, std::vector<double> values) {
    BenchmarkSamples& benchmark = side.Get(name);
    benchmark.runs = values.size();
    benchmark.metrics["user"] = std::move(values);
  };
  add(base, "slow,er", {1, 2, 3, 4, 5});
  add(candidate, "slow,er", {6, 7, 8, 9, 10});
  add(base, "gone", {1});
  return Compare(base, candidate, {});
}

/// A report whose names carry what a terminal, a CSV reader or a Markdown renderer would
/// misread: carriage return, newline, tab, escape, a comma, a quote, a pipe, a backslash,
/// a C1 control and a right-to-left override.
inline ComparisonReport Hostile() {
  SampleSet base, candidate;
  const std::string name = "a\rb\nc\td\x1b[2Je,f\"g|h\\i\xc2\x9bj\xe2\x80\xaek";
  for (SampleSet* side : {&base, &candidate}) {
    BenchmarkSamples& benchmark = side->Get(name);
    benchmark.runs = 5;
    benchmark.metrics["user"] = {1, 2, 3, 4, 5};
  }
  return Compare(base, candidate, {});
}

/// The work-change example: task-clock 30 % faster because the kernel's time fell (huge
/// pages zeroed for the base only), measured on two kernels, the base on hosts with 2 and 4
/// CPUs.
inline ComparisonReport Walk() {
  SampleSet base, candidate;
  auto add = [](SampleSet& side, const std::string& metric, std::vector<double> values) {
    BenchmarkSamples& benchmark = side.Get("walk");
    benchmark.runs = values.size();
    benchmark.metrics[metric] = std::move(values);
  };
  add(base, "task-clock", {0.098, 0.099, 0.100, 0.101, 0.102});
  add(base, "sys", {0.027, 0.040, 0.0531, 0.080, 0.103});
  add(candidate, "task-clock", {0.068, 0.069, 0.070, 0.071, 0.072});
  add(candidate, "sys", {0.008, 0.010, 0.012, 0.015, 0.024});
  base.provenance().NoteHost({{"kernel", "Linux 6.1.0"}, {"cpu_count", "2"}, {"hostname", "bot1"}});
  base.provenance().NoteHost({{"kernel", "Linux 6.1.0"}, {"cpu_count", "4"}, {"hostname", "bot1"}});
  candidate.provenance().NoteHost({{"kernel", "Linux 6.5.0"}, {"hostname", "bot2"}});
  return Compare(base, candidate, {});
}

}  // namespace timeit::testing
