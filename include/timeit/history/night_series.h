#pragma once

#include <cstddef>
#include <span>
#include <vector>

/// The input of a history: one benchmark's metric, night by night.
namespace timeit::history {

/// The runs of one benchmark's metric over the nights that have any: each night its index
/// among the nights given (the NIGHT arguments, 0-based) and the values of its successful
/// runs. A night without runs (the benchmark missing, or every run failed) is a gap: it is
/// not kept, and nothing is filled in for it.
class NightSeries {
 public:
  /// Appends night `index`, which must come after every night added before, with the values
  /// of its successful runs (finite numbers). No values: a gap, the same as not adding it.
  void AddNight(size_t index, std::span<const double> values);

  /// The nights with runs ("present" nights); positions 0 .. size() - 1 index them.
  size_t size() const { return indices_.size(); }
  bool empty() const { return indices_.empty(); }
  /// The index among the nights given of the night at `position`.
  size_t index(size_t position) const { return indices_[position]; }
  const std::vector<size_t>& indices() const { return indices_; }
  /// The run values of the night at `position`.
  std::span<const double> runs(size_t position) const;

 private:
  std::vector<double> values_;  // every night's runs, one after the other
  std::vector<size_t> ends_;    // where each night's runs end in values_
  std::vector<size_t> indices_;
};

/// How a series' values are analysed and its changes reported.
enum class Scale {
  /// Every value is positive: the logarithms are analysed, levels are reported in the
  /// metric's unit and changes as ratios after / before.
  kLog,
  /// Some value is 0 or negative (counts such as cpu-migrations): the values themselves are
  /// analysed (the method is free of scale) and changes are reported as shifts after - before.
  kLinear,
};

/// kLog when every value of the series is positive (an empty series too), else kLinear.
Scale ScaleOf(const NightSeries& series);

}  // namespace timeit::history
