#include "timeit/formats/summary/summary_writer.h"

#include <cinttypes>
#include <cmath>
#include <optional>
#include <string_view>

#include "timeit/base/text_format.h"
#include "timeit/measure/generic_events.h"

namespace timeit {
namespace {

constexpr std::string_view kShieldPrefix = "perf::";

// Whether a counter named `name` would be taken for one of the fixed lines.
bool ShadowsFixedLine(std::string_view name) {
  for (std::string_view reserved : {"user", "maxrss", "exit", "real", "sys"}) {
    if (name.starts_with(reserved)) return true;
  }
  return false;
}

// litsupport takes the first line starting with `user`/`maxrss`; a counter that happened
// to start the same way gets libpfm4's generic-PMU prefix instead of shadowing them.
std::string SummaryName(const std::string& event) {
  return ShadowsFixedLine(event) ? std::string(kShieldPrefix) + event : event;
}

}  // namespace

std::string EventOfSummaryName(std::string_view name) {
  if (name.starts_with(kShieldPrefix) && ShadowsFixedLine(name.substr(kShieldPrefix.size()))) {
    return std::string(name.substr(kShieldPrefix.size()));
  }
  return std::string(name);
}

SummaryValues SummaryValuesOf(const Measurement& run, UserTimeSource user_time) {
  SummaryValues values;
  values.exit_code = run.exit_code;
  values.real = run.real_seconds;
  values.user = run.user_seconds;
  values.sys = run.sys_seconds;
  values.maxrss = run.maxrss_bytes;
  std::optional<double> task_clock;
  std::vector<Metric> metrics = MetricsOf(run);
  // The first four are real, user, sys and maxrss; the rest are the counted events.
  for (size_t i = 4; i < metrics.size(); ++i) {
    values.counters.push_back({metrics[i].name, metrics[i].value, metrics[i].unit == MetricUnit::kSeconds});
    if (!task_clock && IsTaskClock(metrics[i].name)) task_clock = metrics[i].value;
  }
  if (user_time == UserTimeSource::kTaskClock) {
    values.user = task_clock.value_or(run.user_seconds + run.sys_seconds);
  }
  return values;
}

std::string FormatSummary(const SummaryValues& values, const SummaryOptions& options) {
  std::string text = StringPrintf("exit %d\n", values.exit_code);
  text += StringPrintf("%-10s %.4f\n", "real", values.real);
  text += StringPrintf("%-10s %.4f\n", "user", values.user);
  text += StringPrintf("%-10s %.4f\n", "sys", values.sys);
  if (options.report_maxrss) text += StringPrintf("%-10s %" PRIu64 "\n", "maxrss", values.maxrss);
  for (const SummaryCounter& counter : values.counters) {
    std::string name = SummaryName(counter.name);
    if (counter.is_time) {
      text += StringPrintf("%-10s %.4f\n", name.c_str(), counter.value);
    } else {
      text += StringPrintf("%-10s %.0f\n", name.c_str(), std::round(counter.value));
    }
  }
  return text;
}

std::string FormatStderrReport(const SummaryValues& values, const SummaryOptions& options, bool posix) {
  if (posix) {
    return StringPrintf("real %12.4f\nuser %12.4f\nsys  %12.4f\n", values.real, values.user, values.sys);
  }
  if (options.report_maxrss) {
    return StringPrintf("%12.4f real %12.4f user %12.4f sys %12" PRIu64 " maxrss\n", values.real, values.user,
                        values.sys, values.maxrss);
  }
  return StringPrintf("%12.4f real %12.4f user %12.4f sys\n", values.real, values.user, values.sys);
}

std::string FormatCounterReport(const CounterResults& counters) {
  std::string text;
  if (!counters.available) {
    return "counters unavailable (" + counters.backend + "): " + counters.unavailable_reason + "\n";
  }
  for (const CounterReading& reading : counters.readings) {
    std::string value;
    if (reading.status == CounterStatus::kNotSupported) {
      value = "<not supported>";
    } else if (reading.status == CounterStatus::kNotCounted) {
      value = "<not counted>";
    } else if (reading.is_time) {
      value = StringPrintf("%.2f msec", reading.scaled / 1e6);
    } else {
      value = StringPrintf("%.0f", reading.scaled);
    }
    text += StringPrintf("%20s  %-24s", value.c_str(), reading.event.c_str());
    if (reading.status == CounterStatus::kMultiplexed && reading.time_enabled > 0) {
      text += StringPrintf(
          " (%.2f%%)", 100.0 * static_cast<double>(reading.time_running) / static_cast<double>(reading.time_enabled));
    }
    if (reading.user_only) text += " (user only)";
    while (!text.empty() && text.back() == ' ') text.pop_back();
    text += "\n";
  }
  return text;
}

SummaryValues AggregateSummaries(std::span<const SummaryValues> runs, stats::Aggregate aggregate) {
  SummaryValues result;
  if (runs.empty()) return result;
  auto aggregate_field = [&](auto field) {
    std::vector<double> values;
    for (const SummaryValues& run : runs) values.push_back(field(run));
    return stats::AggregateOf(values, aggregate);
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
      result.counters.push_back({counter.name, stats::AggregateOf(values, aggregate), counter.is_time});
    }
  }
  return result;
}

}  // namespace timeit
