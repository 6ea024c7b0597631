#include "timeit/measure/measurement.h"

namespace timeit {

std::vector<Metric> MetricsOf(const Measurement& run) {
  std::vector<Metric> metrics = {{"real", run.real_seconds, MetricUnit::kSeconds},
                                 {"user", run.user_seconds, MetricUnit::kSeconds},
                                 {"sys", run.sys_seconds, MetricUnit::kSeconds},
                                 {"maxrss", static_cast<double>(run.maxrss_bytes), MetricUnit::kBytes}};
  for (const CounterReading& reading : run.counters.readings) {
    if (!reading.has_value()) continue;
    metrics.push_back(
        {reading.event, reading.metric_value(), reading.is_time ? MetricUnit::kSeconds : MetricUnit::kCount});
  }
  return metrics;
}

}  // namespace timeit
