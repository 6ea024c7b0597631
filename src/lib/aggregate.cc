#include "timeit/aggregate.h"

#include <cmath>
#include <limits>
#include <vector>

#include "timeit/statistics.h"

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

SummaryValues AggregateSummaries(std::span<const SummaryValues> runs, Aggregate aggregate) {
  SummaryValues result;
  if (runs.empty()) return result;
  auto aggregate_field = [&](auto field) {
    std::vector<double> values;
    for (const SummaryValues& run : runs) values.push_back(field(run));
    return AggregateOf(values, aggregate);
  };
  for (const SummaryValues& run : runs) {
    if (run.exit_code != 0) {
      result.exit_code = run.exit_code;
      break;
    }
  }
  result.real = aggregate_field([](const SummaryValues& run) { return run.real; });
  result.user = aggregate_field([](const SummaryValues& run) { return run.user; });
  result.sys = aggregate_field([](const SummaryValues& run) { return run.sys; });
  result.maxrss = static_cast<uint64_t>(
      std::llround(aggregate_field([](const SummaryValues& run) { return static_cast<double>(run.maxrss); })));
  // Counters in the order they first appear.
  for (const SummaryValues& run : runs) {
    for (const SummaryCounter& counter : run.counters) {
      bool seen = false;
      for (const SummaryCounter& known : result.counters) seen |= known.name == counter.name;
      if (seen) continue;
      std::vector<double> values;
      for (const SummaryValues& other : runs) {
        for (const SummaryCounter& candidate : other.counters) {
          if (candidate.name == counter.name) values.push_back(candidate.value);
        }
      }
      result.counters.push_back({counter.name, AggregateOf(values, aggregate), counter.is_time});
    }
  }
  return result;
}

}  // namespace timeit
