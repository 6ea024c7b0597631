#pragma once

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "timeit/base/split_mix64.h"
#include "timeit/history/night_series.h"
#include "timeit/stats/normal_deviates.h"

/// Synthetic nights for the tests of the history: runs of one benchmark with a level per
/// night, a shift shared by the runs of a night and noise per run, as the method's bench
/// draws them. tests/history/reference_series.py transcribes this generator draw for draw,
/// so that the Python reference analyses the very same series.
namespace timeit::history::testing {

struct Level {
  size_t first = 0;  // the first night at this level
  size_t end = 0;    // the first night after it
  double log_factor = 0;
};

struct SyntheticSeries {
  uint64_t seed = 1;
  size_t nights = 60;
  /// Runs a night; where `runs_cycle` is not empty, night t has runs_cycle[t % size] runs.
  size_t runs = 10;
  std::vector<size_t> runs_cycle = {};
  /// The spread of the runs within a night and the shift shared by a night's runs (sd, in
  /// logs; for `linear`, in the values' unit).
  double within = 0.01;
  double between = 0.01;
  /// Every run slow with this probability, by a factor U(1.1, 1.5); in `heavy` series also,
  /// with probability 0.05, by U(1.3, 2.0).
  double slow = 0.02;
  bool heavy = false;
  std::vector<Level> levels = {};
  /// Nights dropped (drawn all the same, so that the others do not change).
  std::vector<size_t> gaps = {};
  /// Values level + shift + noise themselves rather than exp of them times `base` (slow
  /// runs add their factor - 1 instead of multiplying).
  bool linear = false;
  double base = 0.25;
};

inline NightSeries Generate(const SyntheticSeries& spec) {
  stats::NormalDeviates normal(spec.seed);
  SplitMix64 uniform(spec.seed + 1);
  NightSeries series;
  for (size_t t = 0; t < spec.nights; ++t) {
    double level = 0;
    for (const Level& change : spec.levels) {
      if (t >= change.first && t < change.end) level += change.log_factor;
    }
    double shift = spec.between * normal.Next();
    size_t runs = spec.runs_cycle.empty() ? spec.runs : spec.runs_cycle[t % spec.runs_cycle.size()];
    std::vector<double> values;
    for (size_t i = 0; i < runs; ++i) {
      double noise = spec.within * normal.Next();
      double factor = 1;
      if (uniform.Unit() < spec.slow) factor *= 1.1 + 0.4 * uniform.Unit();
      if (spec.heavy && uniform.Unit() < 0.05) factor *= 1.3 + 0.7 * uniform.Unit();
      values.push_back(spec.linear ? level + shift + noise + (factor - 1)
                                   : spec.base * std::exp(level + shift + noise) * factor);
    }
    bool dropped = false;
    for (size_t gap : spec.gaps) dropped |= gap == t;
    if (!dropped) series.AddNight(t, values);
  }
  return series;
}

}  // namespace timeit::history::testing
