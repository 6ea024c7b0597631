#include "timeit/stats/aggregate.h"

#include <cmath>
#include <limits>
#include <vector>

#include "timeit/stats/statistics.h"

namespace timeit {

std::string_view AggregateName(Aggregate aggregate) {
  switch (aggregate) {
    case Aggregate::kMin:
      return "min";
    case Aggregate::kMedian:
      return "median";
    case Aggregate::kMean:
      return "mean";
  }
  return "min";
}

double AggregateOf(std::span<const double> values, Aggregate aggregate) {
  switch (aggregate) {
    case Aggregate::kMin:
      return stats::Min(values);
    case Aggregate::kMedian:
      return stats::Median(values);
    case Aggregate::kMean:
      return stats::Mean(values);
  }
  return std::numeric_limits<double>::quiet_NaN();
}

}  // namespace timeit
