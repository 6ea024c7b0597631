#include "timeit/stats/aggregate.h"

#include <cmath>
#include <limits>
#include <vector>

#include "timeit/stats/statistics.h"

namespace timeit::stats {

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

}  // namespace timeit::stats
