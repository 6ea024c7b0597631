#include "timeit/measure/calibration.h"

#include <sys/stat.h>

#include <time.h>
#include <unistd.h>

#include <climits>
#include <fstream>

#include "timeit/measure/generic_events.h"
#include "timeit/stats/statistics.h"

namespace timeit {
namespace {

// The clock launcher.cc times runs with; what is calibrated must be what is used.
constexpr clockid_t kRunClock = CLOCK_MONOTONIC;

double Nanoseconds(const timespec& time) {
  return static_cast<double>(time.tv_sec) * 1e9 + static_cast<double>(time.tv_nsec);
}

const CounterReading* FirstReadingOf(const Measurement& run, std::string_view generic) {
  for (const CounterReading& reading : run.counters.readings) {
    if (IsGenericEvent(reading.event, generic)) return &reading;
  }
  return nullptr;
}

// The generic event `generic` (in whatever spelling -e gave it) over the successful runs
// that have a value for it, or why none has.
OverheadMetric SummarizeReading(std::string_view generic, MetricUnit unit, std::span<const Measurement> runs) {
  OverheadMetric metric;
  metric.name = std::string(generic);
  metric.unit = unit;
  std::vector<double> values;
  for (const Measurement& run : runs) {
    if (!run.succeeded()) continue;
    const CounterReading* reading = FirstReadingOf(run, generic);
    if (reading) {
      metric.name = reading->event;
      metric.unit = reading->is_time ? MetricUnit::kSeconds : MetricUnit::kCount;
    }
    if (reading && reading->has_value()) {
      values.push_back(reading->metric_value());
    } else if (metric.absent.empty()) {
      // The first run that lacks it says why (runs of one series rarely differ).
      if (!run.counters.available) {
        metric.absent = "perf events unavailable (" + run.counters.unavailable_reason + ")";
      } else if (!reading) {
        metric.absent = "not among the events counted (-e)";
      } else if (reading->status == CounterStatus::kNotSupported) {
        metric.absent = "not supported here";
      } else {
        metric.absent = "not counted (the event never ran)";
      }
    }
  }
  metric.n = static_cast<int>(values.size());
  if (values.empty()) {
    if (metric.absent.empty()) metric.absent = "no successful run";
    return metric;
  }
  metric.absent.clear();
  metric.median = stats::Median(values);
  metric.mad = stats::MedianAbsoluteDeviation(values);
  return metric;
}

// Runs one program of the calibration, unless told to stop; the signal that stopped it goes
// into `interrupted_by`.
ProgramOverhead MeasureProgram(const std::string& label, const std::optional<std::string>& path,
                               const std::string& missing, const CalibrationPlan& plan, const ChildSpec& base,
                               CounterBackend& counters, const Launcher& launch, std::optional<int>& interrupted_by) {
  if (!path) {
    ProgramOverhead overhead;
    overhead.label = label;
    overhead.problem = missing;
    return overhead;
  }
  ChildSpec spec = base;
  spec.argv = {*path};
  SeriesPlan series_plan;
  series_plan.warmup_runs = plan.warmup_runs;
  series_plan.measured_runs = plan.runs;
  // Every run is wanted: one failure says more about the machine with the others beside it.
  series_plan.ignore_failure = true;
  SeriesObserver observer;
  observer.run_finished = [&](const RunSlot&, const Measurement& run) {
    if (run.interrupted_by && !interrupted_by) interrupted_by = run.interrupted_by;
  };
  SeriesResult series = RunSeries(std::span<const ChildSpec>(&spec, 1), counters, series_plan, observer, launch);
  if (series.late_signal && !interrupted_by) interrupted_by = series.late_signal;
  ProgramOverhead overhead = SummarizeOverhead(label, *path, series.runs.front());
  if (interrupted_by && overhead.problem.empty() && overhead.runs < plan.runs) {
    overhead.problem = "interrupted after " + std::to_string(overhead.runs) + " of " + std::to_string(plan.runs) +
                       " runs (signal " + std::to_string(*interrupted_by) + ")";
  }
  return overhead;
}

}  // namespace

double ClockResolutionNs() {
  timespec resolution{};
  if (::clock_getres(kRunClock, &resolution) != 0) return 0;
  return Nanoseconds(resolution);
}

std::vector<double> TimeClockBatches(int batches, int reads_per_batch) {
  std::vector<double> durations;
  durations.reserve(static_cast<size_t>(std::max(batches, 0)));
  for (int batch = 0; batch < batches; ++batch) {
    timespec start, read, end;
    ::clock_gettime(kRunClock, &start);
    // Each call goes through the C library to the vDSO (or the kernel), which the compiler
    // cannot see into, so none of the reads can be left out.
    for (int i = 0; i < reads_per_batch; ++i) ::clock_gettime(kRunClock, &read);
    ::clock_gettime(kRunClock, &end);
    durations.push_back(Nanoseconds(end) - Nanoseconds(start));
  }
  return durations;
}

ClockLatency SummarizeClockBatches(std::span<const double> batch_ns, int reads_per_batch) {
  ClockLatency latency;
  latency.batches = static_cast<int>(batch_ns.size());
  latency.reads_per_batch = reads_per_batch;
  if (batch_ns.empty() || reads_per_batch <= 0) return latency;
  std::vector<double> per_read;
  per_read.reserve(batch_ns.size());
  for (double batch : batch_ns) per_read.push_back(batch / reads_per_batch);
  latency.median_ns = stats::Median(per_read);
  latency.mad_ns = stats::MedianAbsoluteDeviation(per_read);
  latency.min_ns = stats::Min(per_read);
  latency.max_ns = stats::Max(per_read);
  return latency;
}

double ClockReadLatencyNs(int reads_per_batch) {
  std::vector<double> batches = TimeClockBatches(5, reads_per_batch);
  return SummarizeClockBatches(batches, reads_per_batch).median_ns;
}

std::optional<std::string> CurrentClockSource() {
  std::ifstream file("/sys/devices/system/clocksource/clocksource0/current_clocksource");
  std::string source;
  if (file >> source) return source;
  return std::nullopt;
}

std::vector<std::string> NoopProgramCandidates(const std::string& self_exe) {
  std::string directory = self_exe.substr(0, self_exe.rfind('/') + 1);
  if (directory.empty()) directory = "./";
  return {directory + "timeit-noop", directory + "../libexec/timeit/timeit-noop"};
}

std::optional<std::string> FindNoopProgram(std::vector<std::string>* looked_in) {
  char self[PATH_MAX];
  ssize_t length = ::readlink("/proc/self/exe", self, sizeof self - 1);
  if (length <= 0) {
    if (looked_in) *looked_in = {"(the directory of timeit's binary: /proc/self/exe cannot be read)"};
    return std::nullopt;
  }
  std::vector<std::string> candidates = NoopProgramCandidates(std::string(self, static_cast<size_t>(length)));
  if (looked_in) *looked_in = candidates;
  for (const std::string& candidate : candidates) {
    // A regular file: a directory is "executable" to access() too.
    struct stat info;
    if (::stat(candidate.c_str(), &info) == 0 && S_ISREG(info.st_mode) && ::access(candidate.c_str(), X_OK) == 0) {
      return candidate;
    }
  }
  return std::nullopt;
}

CalibrationPlan DefaultCalibrationPlan() {
  CalibrationPlan plan;
  plan.noop_path = FindNoopProgram(&plan.noop_looked_in);
  return plan;
}

ProgramOverhead SummarizeOverhead(const std::string& label, const std::string& path,
                                  std::span<const Measurement> runs) {
  ProgramOverhead overhead;
  overhead.label = label;
  overhead.path = path;
  overhead.runs = static_cast<int>(runs.size());
  std::vector<double> real;
  const Measurement* first_failure = nullptr;
  for (const Measurement& run : runs) {
    if (run.succeeded()) {
      real.push_back(run.real_seconds);
    } else {
      ++overhead.failed;
      if (!first_failure) first_failure = &run;
    }
  }
  OverheadMetric wall;
  wall.name = "real";
  wall.n = static_cast<int>(real.size());
  if (real.empty()) {
    wall.absent = "no successful run";
  } else {
    wall.median = stats::Median(real);
    wall.mad = stats::MedianAbsoluteDeviation(real);
  }
  overhead.metrics.push_back(wall);
  for (auto [generic, unit] : {std::pair{"task-clock", MetricUnit::kSeconds}, {"instructions", MetricUnit::kCount}}) {
    overhead.metrics.push_back(SummarizeReading(generic, unit, runs));
  }
  if (runs.empty()) {
    overhead.problem = "no run was made";
  } else if (real.empty()) {
    overhead.problem = "every run failed (exit " + std::to_string(first_failure->exit_code) +
                       (first_failure->failure_message.empty() ? "" : ": " + first_failure->failure_message) + ")";
  }
  return overhead;
}

Calibration Calibrate(const CalibrationPlan& plan, const ChildSpec& spec, CounterBackend& counters,
                      const Launcher& launch) {
  // One scope for the whole calibration: a signal between its series is kept, not reset by
  // the next series' scope.
  SignalScope signals;
  Calibration calibration;
  calibration.clock_source = CurrentClockSource();
  calibration.resolution_ns = ClockResolutionNs();
  std::vector<double> batches = TimeClockBatches(plan.clock_batches, plan.reads_per_batch);
  calibration.read_latency = SummarizeClockBatches(batches, plan.reads_per_batch);
  calibration.warmup_runs = plan.warmup_runs;

  std::string noop_missing = "not found (looked for";
  for (size_t i = 0; i < plan.noop_looked_in.size(); ++i) {
    noop_missing += (i == 0 ? " " : ", ") + plan.noop_looked_in[i];
  }
  noop_missing += ")";
  struct Program {
    const char* label;
    std::optional<std::string> path;
  };
  for (const Program& program : {Program{"/bin/true", plan.true_path}, Program{"timeit-noop", plan.noop_path}}) {
    if (!calibration.interrupted_by) calibration.interrupted_by = SignalScope::ReceivedSignal();
    if (calibration.interrupted_by) break;
    calibration.overhead.push_back(MeasureProgram(program.label, program.path, noop_missing, plan, spec, counters,
                                                  launch, calibration.interrupted_by));
  }
  if (!calibration.interrupted_by) calibration.interrupted_by = SignalScope::ReceivedSignal();
  return calibration;
}

}  // namespace timeit
