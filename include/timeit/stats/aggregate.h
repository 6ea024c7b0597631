#pragma once

#include <span>
#include <string_view>

#include "timeit/base/spellings.h"

namespace timeit::stats {

/// How the runs of a series become one summary figure.
enum class Aggregate {
  /// The smallest value: LNT's default, the least disturbed run.
  kMin,
  kMedian,
  kMean,
};

inline constexpr Spellings<Aggregate, 3> kAggregateSpellings = {{
    {"min", Aggregate::kMin},
    {"median", Aggregate::kMedian},
    {"mean", Aggregate::kMean},
}};

/// "min", "median", "mean".
constexpr std::string_view AggregateName(Aggregate aggregate) { return SpellingOf(kAggregateSpellings, aggregate); }

/// `aggregate` of `values`; NaN for none.
double AggregateOf(std::span<const double> values, Aggregate aggregate);

}  // namespace timeit::stats
