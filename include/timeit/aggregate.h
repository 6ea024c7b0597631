#pragma once

#include <span>
#include <string_view>

#include "timeit/summary_writer.h"

namespace timeit {

/// How the runs of a series become one summary figure.
enum class Aggregate {
  /// The smallest value: LNT's default, the least disturbed run.
  kMin,
  kMedian,
  kMean,
};

/// "min", "median", "mean".
std::string_view AggregateName(Aggregate aggregate);

/// `aggregate` of `values`; NaN for none.
double AggregateOf(std::span<const double> values, Aggregate aggregate);

/// One summary for a series of runs: every figure aggregated on its own over the runs
/// that have it (a counter that was not counted in some run is aggregated over the
/// others), exit the first non-zero exit code, or 0.
SummaryValues AggregateSummaries(std::span<const SummaryValues> runs, Aggregate aggregate);

}  // namespace timeit
