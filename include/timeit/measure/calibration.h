#pragma once

#include <optional>
#include <span>
#include <string>
#include <vector>

#include "timeit/measure/child_spec.h"
#include "timeit/measure/counter_backend.h"
#include "timeit/measure/measurement.h"
#include "timeit/measure/series.h"

/// Knowing the instrument (timeit --calibrate): how fine and how costly the clock that
/// times runs is, and what timeit reports for programs that do nothing, which is the part
/// of every measurement that is timeit's (fork, exec, counter set-up, reaping) rather than
/// the program's.
namespace timeit {

/// How long one read of the clock takes, in nanoseconds, over batches of back-to-back
/// reads: each batch is timed as a whole and its time divided by its reads.
struct ClockLatency {
  int batches = 0;
  int reads_per_batch = 0;
  double median_ns = 0;
  /// The raw median absolute deviation of the batches' per-read times.
  double mad_ns = 0;
  double min_ns = 0;
  double max_ns = 0;
};

/// One metric of a program's overhead runs.
struct OverheadMetric {
  /// The metric's name as runs record it: "real", or the event as -e spells it
  /// ("task-clock", "instructions:u").
  std::string name;
  MetricUnit unit = MetricUnit::kSeconds;
  /// Successful runs that have a value; 0 when none has, and `absent` says why.
  int n = 0;
  /// Over those runs: seconds for clocks, a count otherwise.
  double median = 0;
  double mad = 0;
  /// Why there is no value: "not supported here", "not counted", "not among the events
  /// counted (-e)", "perf events unavailable (REASON)", "no successful run".
  std::string absent;
};

/// What timeit reported for one program that does nothing.
struct ProgramOverhead {
  /// "/bin/true" or "timeit-noop": the program's key in results files.
  std::string label;
  /// The file run; empty when it was not found.
  std::string path;
  /// Why it was not measured or no run of it succeeded; empty otherwise.
  std::string problem;
  /// Measured runs (warmups not counted) and how many of them failed.
  int runs = 0;
  int failed = 0;
  /// real, task-clock and instructions, in that order (the events as -e spells them).
  std::vector<OverheadMetric> metrics;
};

/// Everything --calibrate measures.
struct Calibration {
  /// The clock the wall time of every run is read from (launcher.cc).
  std::string clock = "CLOCK_MONOTONIC";
  /// The kernel's clock source behind it ("tsc", "kvm-clock", "hpet"): a source the vDSO
  /// cannot read makes every read a system call. Absent where the kernel does not say.
  std::optional<std::string> clock_source;
  /// clock_getres: the clock's granularity.
  double resolution_ns = 0;
  ClockLatency read_latency;
  /// Runs of each program made before the measured ones and not counted.
  int warmup_runs = 0;
  std::vector<ProgramOverhead> overhead;
  /// The signal (SIGINT, SIGTERM, SIGHUP, SIGQUIT) that stopped the calibration before it
  /// was complete; what was measured until then is kept.
  std::optional<int> interrupted_by;
};

/// What --calibrate measures, and how much.
struct CalibrationPlan {
  int clock_batches = 200;
  int reads_per_batch = 1000;
  int warmup_runs = 1;
  int runs = 20;
  /// The programs that do nothing: a dynamically linked one every system has, and
  /// timeit's static one (absent when it was not found; `noop_looked_in` says where it was
  /// looked for).
  std::string true_path = "/bin/true";
  std::optional<std::string> noop_path;
  std::vector<std::string> noop_looked_in;
};

/// The default plan, with timeit-noop found by FindNoopProgram.
CalibrationPlan DefaultCalibrationPlan();

/// clock_getres(CLOCK_MONOTONIC) in nanoseconds.
double ClockResolutionNs();

/// Times `batches` batches of `reads_per_batch` back-to-back reads of CLOCK_MONOTONIC and
/// returns each batch's duration in nanoseconds (from a read before the batch to one after
/// it, so a batch's time includes one read more than it makes).
std::vector<double> TimeClockBatches(int batches, int reads_per_batch);

/// Pure: the per-read latency of each batch (its time divided by `reads_per_batch`), and
/// their median, raw MAD, min and max. All 0 for no batches.
ClockLatency SummarizeClockBatches(std::span<const double> batch_ns, int reads_per_batch);

/// A cheap estimate of the clock's read latency in nanoseconds, for a series to call at its
/// start (runs shorter than 100 times it cannot be timed): the median of 5 batches of
/// `reads_per_batch` reads. With the default, 1,000 reads cost about 20-50 us where the vDSO
/// reads the clock, and about 1 ms where each read is a system call (a clock source such as
/// hpet), so well under a millisecond on any ordinary machine.
double ClockReadLatencyNs(int reads_per_batch = 200);

/// The clock source the kernel uses (/sys/devices/system/clocksource/clocksource0), if it
/// says.
std::optional<std::string> CurrentClockSource();

/// Where timeit-noop is looked for, in order: beside the running binary `self_exe` (the
/// build tree's bin/), then in ../libexec/timeit/ from it (an installed timeit's bin/).
std::vector<std::string> NoopProgramCandidates(const std::string& self_exe);

/// The first executable of NoopProgramCandidates(the running binary, /proc/self/exe), or
/// nothing; `looked_in` (if given) gets the candidates.
std::optional<std::string> FindNoopProgram(std::vector<std::string>* looked_in = nullptr);

/// Pure: the overhead of program `label` at `path` from its measured runs: real and the
/// first reading of task-clock and of instructions (whatever modifiers -e gave them), each
/// over the successful runs that have a value, with the reason where none has.
ProgramOverhead SummarizeOverhead(const std::string& label, const std::string& path, std::span<const Measurement> runs);

/// Measures the clock, then runs plan.true_path and plan.noop_path each
/// plan.warmup_runs + plan.runs times through `launch` with `counters`, the backend and
/// events timeit would measure a program with. `spec` gives how to start them (its argv is
/// replaced). A program that is missing or fails is reported in its ProgramOverhead; an
/// interrupt (SIGINT, SIGTERM, SIGHUP, SIGQUIT) stops the calibration and is reported in
/// `interrupted_by`. Holds a SignalScope (launcher.h) throughout.
Calibration Calibrate(const CalibrationPlan& plan, const ChildSpec& spec, CounterBackend& counters,
                      const Launcher& launch = Launch);

}  // namespace timeit
