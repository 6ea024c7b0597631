#pragma once

#include <span>
#include <string_view>


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

}  // namespace timeit
