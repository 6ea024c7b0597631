#include "timeit/measure/series_warnings.h"

#include <algorithm>
#include <cmath>

#include "timeit/base/text_format.h"
#include "timeit/measure/adaptive.h"
#include "timeit/stats/outliers.h"
#include "timeit/stats/statistics.h"

namespace timeit {
namespace {

// A first run this much slower than the median of the others, and an outlier, is the sign of
// caches and a CPU that warmed up during it.
constexpr double kFirstRunExcess = 0.10;
// A run this many clock reads long is measured by a clock whose own cost is in the number.
constexpr double kClockReadsPerRun = 100;
// Wall time this many times the CPU time, and this much more, is time the program did not run.
constexpr double kWaitingRatio = 1.5;
constexpr double kWaitingSeconds = 0.005;

std::string Seconds(double seconds) { return StringPrintf("%.4g s", seconds); }

std::string RunNumbers(const std::vector<size_t>& numbers) {
  std::string text;
  for (size_t number : numbers) text += (text.empty() ? "" : ", ") + std::to_string(number);
  return text;
}

class Judge {
 public:
  Judge(std::span<const std::vector<Measurement>> runs, const MachineConditions& machine)
      : runs_(runs), machine_(machine), metric_(PrimaryMetricOf(runs)) {}

  std::vector<SeriesWarning> Warnings() {
    for (size_t command = 0; command < runs_.size(); ++command) {
      command_ = static_cast<int>(command);
      const std::vector<Measurement>& runs = runs_[command];
      std::vector<double> wall;
      std::vector<double> cpu;
      for (const Measurement& run : runs) {
        if (!run.succeeded()) continue;
        wall.push_back(run.real_seconds);
        cpu.push_back(run.user_seconds + run.sys_seconds);
      }
      PrimaryValues primary = PrimaryValuesOf(runs, metric_);
      // task-clock, where every successful run counted it, is their CPU time to the
      // nanosecond; rusage's is sampled at the scheduler's ticks.
      bool task_clock = metric_ == PrimaryMetric::kTaskClock;
      if (task_clock) cpu = primary.values;
      FirstRunSlow(primary);
      TooShort(wall);
      Multiplexed(runs);
      Waiting(wall, cpu, task_clock ? "task-clock" : "user + sys");
      Outliers(primary);
    }
    command_.reset();
    Loaded();
    Governor();
    return std::move(warnings_);
  }

 private:
  void Add(WarningKind kind, std::string message) { warnings_.push_back({kind, command_, std::move(message)}); }

  std::string MetricName() const { return std::string(SpellingOf(kPrimaryMetricSpellings, metric_)); }

  void FirstRunSlow(const PrimaryValues& primary) {
    if (primary.values.size() < 3 || primary.run_indices.front() != 0) return;
    std::vector<double> scores = stats::ModifiedZScores(primary.values);
    double first = primary.values.front();
    double others = stats::Median(std::span(primary.values).subspan(1));
    if (!(scores.front() > stats::kOutlierThreshold && first >= (1 + kFirstRunExcess) * others)) return;
    Add(WarningKind::kFirstRunSlow,
        "the first run's " + MetricName() + " (" + Seconds(first) + ") is " +
            StringPrintf("%.0f%%", 100 * (first / others - 1)) + " above the median of the others (" + Seconds(others) +
            "): caches and the CPU's clock were still warming up; --warmup N makes N runs first, " + "unrecorded");
  }

  void TooShort(const std::vector<double>& wall) {
    if (wall.empty() || !machine_.clock_latency_seconds) return;
    double latency = *machine_.clock_latency_seconds;
    double median = stats::Median(wall);
    if (!(median < kClockReadsPerRun * latency)) return;
    Add(WarningKind::kTooShort, "the median wall time (" + Seconds(median) + ") is less than " +
                                    StringPrintf("%.0f", kClockReadsPerRun) + " reads of the clock (" +
                                    StringPrintf("%.1f ns", latency * 1e9) +
                                    " each): the clock's own cost is part of every number");
  }

  void Multiplexed(const std::vector<Measurement>& runs) {
    double least = 1;
    std::string event;
    size_t run_number = 0;
    for (size_t i = 0; i < runs.size(); ++i) {
      for (const CounterReading& reading : runs[i].counters.readings) {
        if (reading.status != CounterStatus::kMultiplexed || reading.time_enabled == 0) continue;
        double coverage = static_cast<double>(reading.time_running) / static_cast<double>(reading.time_enabled);
        if (coverage < least) {
          least = coverage;
          event = reading.event;
          run_number = i + 1;
        }
      }
    }
    if (event.empty()) return;
    Add(WarningKind::kMultiplexed, "counters were multiplexed: " + event + " ran " +
                                       StringPrintf("%.1f%%", 100 * least) + " of the time it was enabled in run " +
                                       std::to_string(run_number) +
                                       " (the least of any event), so its counts are scaled estimates; count fewer "
                                       "events (-e) for exact ones");
  }

  void Waiting(const std::vector<double>& wall, const std::vector<double>& cpu, const char* cpu_source) {
    if (wall.empty()) return;
    double wall_median = stats::Median(wall);
    double cpu_median = stats::Median(cpu);
    if (!(wall_median > kWaitingRatio * cpu_median && wall_median - cpu_median >= kWaitingSeconds)) return;
    Add(WarningKind::kWaiting, "the median wall time (" + Seconds(wall_median) +
                                   ") is far above the median CPU time (" + Seconds(cpu_median) + ", " + cpu_source +
                                   "): the program waited (sleep, I/O, a child it did not wait for) or "
                                   "the machine was busy");
  }

  void Outliers(const PrimaryValues& primary) {
    std::vector<bool> flags = stats::OutlierFlags(primary.values);
    std::vector<size_t> numbers;
    for (size_t i = 0; i < flags.size(); ++i) {
      if (flags[i]) numbers.push_back(primary.run_indices[i] + 1);
    }
    if (numbers.empty()) return;
    Add(WarningKind::kOutliers, std::to_string(numbers.size()) + (numbers.size() == 1 ? " run is an" : " runs are") +
                                    " outlier" + (numbers.size() == 1 ? "" : "s") + " in " + MetricName() +
                                    " (|modified z-score| > " + ShortestDecimal(stats::kOutlierThreshold) + "): run" +
                                    (numbers.size() == 1 ? " " : "s ") + RunNumbers(numbers) +
                                    "; kept in every figure");
  }

  void Loaded() {
    if (machine_.cpu_count <= 0) return;
    double half = static_cast<double>(machine_.cpu_count) / 2;
    bool start = machine_.load_start && (*machine_.load_start)[0] > half;
    bool end = machine_.load_end && (*machine_.load_end)[0] > half;
    if (!start && !end) return;
    std::string loads;
    if (machine_.load_start) loads += StringPrintf("%.2f at the start", (*machine_.load_start)[0]);
    if (machine_.load_end)
      loads += (loads.empty() ? "" : ", ") + StringPrintf("%.2f at the end", (*machine_.load_end)[0]);
    Add(WarningKind::kLoaded, "the 1-minute load average was " + loads + ", above half of the " +
                                  std::to_string(machine_.cpu_count) +
                                  " CPUs: other work competed for the CPUs and their caches");
  }

  void Governor() {
    if (!machine_.cpu_governor || *machine_.cpu_governor == "performance") return;
    Add(WarningKind::kGovernor, "the CPU frequency governor is '" + *machine_.cpu_governor +
                                    "', not 'performance': the CPUs' clock follows the load, and so do the times");
  }

  std::span<const std::vector<Measurement>> runs_;
  const MachineConditions& machine_;
  PrimaryMetric metric_;
  std::optional<int> command_;
  std::vector<SeriesWarning> warnings_;
};

}  // namespace

std::vector<SeriesWarning> SeriesWarnings(std::span<const std::vector<Measurement>> runs,
                                          const MachineConditions& machine) {
  return Judge(runs, machine).Warnings();
}

}  // namespace timeit
