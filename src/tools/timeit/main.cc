// timeit: run a command once, measure it with kernel counters, and report it the way
// the LLVM test-suite's tools/timeit.c does.
#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <optional>
#include <set>

#include "command_line.h"
#include "options.h"
#include "timeit/base/error.h"
#include "timeit/base/text_format.h"
#include "timeit/base/utf8.h"
#include "timeit/formats/results/results_file.h"
#include "timeit/formats/results/series_record.h"
#include "timeit/measure/adaptive.h"
#include "timeit/measure/calibration.h"
#include "timeit/measure/exit_code.h"
#include "timeit/measure/host_info.h"
#include "timeit/measure/launcher.h"
#include "timeit/measure/series.h"
#include "timeit/measure/series_warnings.h"
#include "timeit/render/calibration_format.h"
#include "timeit/render/histogram_text.h"
#include "timeit/render/run_table.h"
#include "timeit/stats/aggregate.h"
#include "timeit/stats/statistics.h"
#include "timeit/sys/file_io.h"

namespace timeit {
namespace {

// argv[0] as typed, like tools/timeit.c, so messages name the binary the user ran.
std::string g_program_name = "timeit";

/// timeit's codes for the ways it ends besides its run's outcome (measure/exit_code.h).
constexpr ToolExitCodes kExitCodes = {.help = exit_code::kSuccess,
                                      .usage = exit_code::kUsage,
                                      .failure = exit_code::kSetupFailure,
                                      .internal = exit_code::kInternalError,
                                      .usage_hint = true};

// Messages quote event names, paths and the command, which must not reach the terminal raw.
void PrintError(const std::string& message) {
  std::cerr << g_program_name << ": error: " << EscapeForDisplay(message) << "\n";
}

std::unique_ptr<CounterBackend> MakeBackend(const TimeitOptions& options) {
  if (options.no_perf) return MakeNoCounterBackend("disabled by --no-perf");
  if (options.fake_counter_file) return MakeFakeCounterBackend(options.events, *options.fake_counter_file);
  return MakeDefaultCounterBackend(options.events);
}

void ReportVerbose(const Measurement& run) {
  std::cerr << FormatCounterReport(run.counters);
  if (!run.counters.available) {
    std::cerr << g_program_name << ": note: perf events unavailable (" << run.counters.unavailable_reason
              << "); measured with wait4 rusage and the monotonic clock only\n";
    return;
  }
  bool any_unsupported = false;
  for (const CounterReading& reading : run.counters.readings) {
    any_unsupported |= reading.status == CounterStatus::kNotSupported;
  }
  if (any_unsupported && !HasCorePmu(KernelPmus())) {
    std::cerr << g_program_name
              << ": note: this machine exposes no hardware PMU (none in /sys/bus/event_source/devices, "
                 "as in most VMs), so hardware events are not supported\n";
  }
}

/// The messages about one run of `argv`, as tools/timeit.c prints them, as soon as it ends.
void ReportRun(const TimeitOptions& options, const std::vector<std::string>& argv, const Measurement& run) {
  if (run.failure == LaunchFailure::kInterrupted) return;  // Main() reports it
  if (run.interrupted_by) {
    std::cerr << g_program_name << ": error: received signal " << *run.interrupted_by
              << ". killing monitored process(es): " << EscapeForDisplay(JoinWords(argv)) << "\n";
  }
  if (run.timed_out) std::cerr << g_program_name << ": TIMING OUT PROCESS: " << EscapeForDisplay(argv[0]) << "\n";
  if (!run.failure_message.empty()) PrintError(run.failure_message);
  if (run.term_signal) {
    std::cerr << g_program_name << ": error: child terminated by signal " << *run.term_signal << "\n";
  }
  if (options.verbose) ReportVerbose(run);
}

/// Shows "run i of N" (and the command's name when there are several) on a terminal while a
/// series runs; silent anywhere else.
class ProgressLine {
 public:
  ProgressLine(bool enabled, bool adaptive) : enabled_(enabled), adaptive_(adaptive) {}
  void Show(const RunSlot& slot, const std::vector<BenchmarkCommand>& commands) {
    if (!enabled_) return;
    bool measured = slot.kind == RunKind::kMeasured;
    std::cerr << "\r\033[K" << g_program_name << ": " << (measured ? "" : "warmup ") << "run " << slot.position + 1
              << " of " << (measured && adaptive_ ? "at most " : "") << slot.total;
    if (commands.size() > 1) std::cerr << ": " << EscapeForDisplay(commands[slot.command].name);
    std::cerr << std::flush;
  }
  void Clear() {
    if (enabled_) std::cerr << "\r\033[K" << std::flush;
  }

 private:
  bool enabled_;
  bool adaptive_;
};

/// Runs that write a result: a failure is reported and remembered (the exit code becomes
/// 66) but never stops the other outputs, and nothing already measured is lost to an abort.
class ResultWriter {
 public:
  template <typename Writing>
  void Write(Writing&& write) {
    try {
      write();
    } catch (const Error& error) {
      Fail(error.what());
    } catch (const std::exception& error) {
      Fail(std::string("internal error while recording the run: ") + error.what());
    } catch (...) {
      Fail("internal error while recording the run: an exception of unknown type");
    }
  }
  bool failed() const { return failed_; }

 private:
  void Fail(const std::string& message) {
    PrintError(message);
    failed_ = true;
  }
  bool failed_ = false;
};

/// What the series said besides its runs.
struct SeriesEvents {
  /// The signal that stopped the series before a run could start (a series can go on to
  /// report the runs made before it).
  std::optional<int> interrupted_before_start;
  /// The signal that ended a wait for the results file's lock, losing that run's save.
  std::optional<int> save_interrupted_by;
  /// The last warmup, which stands in for the series when it failed before any measured run,
  /// and where it stood.
  std::optional<Measurement> last_warmup;
  RunSlot last_warmup_slot;
};

/// Where host facts are read: "/", or the test's machine of --fake-host.
std::filesystem::path HostRoot(const TimeitOptions& options) {
  return options.fake_host_root ? std::filesystem::path(*options.fake_host_root) : std::filesystem::path("/");
}

/// Waiting for a results file's lock: --lock-timeout, or until timeit is told to stop.
LockWait LockWaitOf(const TimeitOptions& options) {
  return {std::chrono::duration<double>(options.lock_timeout_seconds), &SignalScope::ReceivedSignal};
}

/// What became of a results file during the series.
struct ResultsFileState {
  /// Every run meant for it so far went in.
  bool saving = true;
  /// At least one run went in.
  bool written = false;
};

/// The program specs of the commands: the options' ChildSpec with each command's argv.
std::vector<ChildSpec> CommandSpecs(const TimeitOptions& options) {
  std::vector<ChildSpec> specs;
  for (const BenchmarkCommand& command : options.commands) {
    specs.push_back(options.child);
    specs.back().argv = command.argv;
  }
  return specs;
}

/// Runs the series with a progress line on a terminal, reporting each run as it ends and
/// adding it to its results file at once, so a later crash or Ctrl-C loses nothing.
/// `files` says what became of each results file. The calibration, if any, goes into the
/// host of a file the first save creates (and into every series record).
SeriesResult RunObservedSeries(const TimeitOptions& options, CounterBackend& counters, ResultWriter& writer,
                               SeriesEvents& events, std::map<std::string, ResultsFileState>& files,
                               const std::optional<Calibration>& calibration) {
  const SeriesPlan& plan = options.series;
  int runs_each = plan.adaptive ? plan.adaptive->max_runs : plan.measured_runs;
  int planned = (runs_each + plan.warmup_runs) * static_cast<int>(options.commands.size());
  ProgressLine progress(planned > 1 && ::isatty(STDERR_FILENO), plan.adaptive.has_value());
  std::optional<HostInfo> host;  // collected once, for the first run saved
  for (const BenchmarkCommand& command : options.commands) {
    if (command.json_path) files.try_emplace(*command.json_path);
  }
  SeriesObserver observer;
  observer.run_starting = [&](const RunSlot& slot) { progress.Show(slot, options.commands); };
  observer.run_finished = [&](const RunSlot& slot, const Measurement& run) {
    progress.Clear();
    if (run.failure == LaunchFailure::kInterrupted) {
      events.interrupted_before_start = run.interrupted_by.value_or(0);
      return;
    }
    const BenchmarkCommand& command = options.commands[slot.command];
    ReportRun(options, command.argv, run);
    if (slot.kind == RunKind::kWarmup) {
      events.last_warmup = run;
      events.last_warmup_slot = slot;
    }
    if (slot.kind != RunKind::kMeasured || !command.json_path || !files[*command.json_path].saving) return;
    const std::string& path = *command.json_path;
    bool failed_before = writer.failed();
    writer.Write([&] {
      if (!host) {
        host = CollectHostInfo(HostRoot(options));
        host->calibration = calibration;
      }
      AppendRuns(path, command.name, command.argv, {run}, *host, LockWaitOf(options));
      files[path].written = true;
    });
    if (writer.failed() && !failed_before && SignalScope::ReceivedSignal()) {
      events.save_interrupted_by = SignalScope::ReceivedSignal();
    }
    if (writer.failed() && !failed_before) {
      // Whatever kept this run out (a lock held for minutes, a full disk) would make every
      // later run for this file wait and fail the same way; the other files take theirs.
      files[path].saving = false;
      if (slot.position + 1 < slot.total && !events.save_interrupted_by) {
        std::cerr << g_program_name << ": the remaining runs will not be added to '" << EscapeForDisplay(path)
                  << "'; the " << (options.summary_path ? "summary still reports" : "report still shows") << " them\n";
      }
    }
  };
  std::vector<ChildSpec> specs = CommandSpecs(options);
  return RunSeries(specs, counters, plan, observer);
}

/// The figures the summary shows: the aggregate of the runs that succeeded (failed runs say
/// nothing about the program's speed), of all runs when none did, of the last warmup when
/// no measured run was made; and the series' exit code.
SummaryValues SummarizeSeries(const TimeitOptions& options, const SeriesResult& series,
                              const std::optional<Measurement>& last_warmup) {
  UserTimeSource user_time = options.summary.user_time;
  std::vector<SummaryValues> per_run;
  const std::vector<Measurement>& runs = series.runs.front();
  for (const Measurement& run : runs) {
    if (run.succeeded()) per_run.push_back(SummaryValuesOf(run, user_time));
  }
  if (per_run.empty()) {
    for (const Measurement& run : runs) per_run.push_back(SummaryValuesOf(run, user_time));
  }
  if (per_run.empty() && last_warmup) per_run.push_back(SummaryValuesOf(*last_warmup, user_time));
  SummaryValues values = AggregateSummaries(per_run, options.aggregate);
  values.exit_code = series.exit_code;
  return values;
}

/// The measured runs of every command.
size_t MeasuredRuns(const SeriesResult& series) {
  size_t runs = 0;
  for (const std::vector<Measurement>& command_runs : series.runs) runs += command_runs.size();
  return runs;
}

/// Why a series ended during its warmups, in one line: without it a warmup that failed
/// would stop timeit with the program's exit code and nothing saying why no run was measured.
std::optional<std::string> WarmupStopMessage(const TimeitOptions& options, const SeriesResult& series,
                                             const SeriesEvents& events) {
  if (!series.stopped_early || MeasuredRuns(series) > 0 || !events.last_warmup) return std::nullopt;
  const Measurement& run = *events.last_warmup;
  std::string what;
  if (run.interrupted_by) {
    what = "was interrupted (signal " + std::to_string(*run.interrupted_by) + ")";
  } else if (run.timed_out) {
    what = "timed out";
  } else if (run.term_signal) {
    what = "was killed by signal " + std::to_string(*run.term_signal);
  } else if (run.failure != LaunchFailure::kNone) {
    what = "could not be started (exit " + std::to_string(run.exit_code) + ")";
  } else {
    what = "failed (exit " + std::to_string(run.exit_code) + ")";
  }
  std::string message = g_program_name + ": warmup run " + std::to_string(events.last_warmup_slot.index + 1) + " of " +
                        std::to_string(options.series.warmup_runs);
  if (options.commands.size() > 1) message += " of '" + options.commands[events.last_warmup_slot.command].name + "'";
  message += " " + what + "; no measured run was made";
  // An interrupt ends every series; only a failure can be gone past.
  if (!run.interrupted_by) message += " (--ignore-failure keeps going)";
  return message;
}

/// The run table of each command, under a line saying what it holds.
void ReportRunTables(const TimeitOptions& options, const SeriesResult& series) {
  const SeriesPlan& plan = options.series;
  if (options.commands.size() > 1) {
    std::cerr << g_program_name << ": " << options.commands.size() << " commands, ";
    if (plan.order == RunOrder::kSequential) {
      std::cerr << "one after the other (--order sequential)";
    } else {
      std::cerr << "interleaved (--order " << SpellingOf(kRunOrderSpellings, plan.order);
      if (plan.order == RunOrder::kRandom) std::cerr << ", --seed " << series.seed;
      std::cerr << ")";
    }
    std::cerr << "\n";
  }
  PrimaryMetric metric = PrimaryMetricOf(series.runs);
  for (size_t i = 0; i < options.commands.size(); ++i) {
    const BenchmarkCommand& command = options.commands[i];
    std::string line = JoinWords(command.argv);
    size_t runs = series.runs[i].size();
    std::cerr << g_program_name << ": " << runs << (runs == 1 ? " run" : " runs") << " of '" << EscapeForDisplay(line)
              << "'";
    if (command.name != line) std::cerr << " (" << EscapeForDisplay(command.name) << ")";
    int warmups = plan.warmup_runs;
    if (warmups > 0) std::cerr << " after " << warmups << " warmup run" << (warmups == 1 ? "" : "s");
    std::cerr << "\n" << FormatRunTable(series.runs[i]);
    // The distribution of the primary metric, to see at a glance a second mode or a tail.
    PrimaryValues primary = PrimaryValuesOf(series.runs[i], metric);
    if (primary.values.size() >= 2) {
      std::cerr << FormatHistogram(MetricLabel(SpellingOf(kPrimaryMetricSpellings, metric), MetricUnit::kSeconds),
                                   primary.values, MetricUnit::kSeconds, HistogramBins(primary.values.size()));
    }
  }
}

/// With --target-rmad: whether the target was met, why the series stopped, and the relative
/// MAD each command reached, in one line.
std::string AdaptiveOutcome(const TimeitOptions& options, const SeriesResult& series) {
  const AdaptivePlan& plan = *options.series.adaptive;
  std::string line = g_program_name + ": --target-rmad " + ShortestDecimal(plan.target_rmad_percent) + "%: ";
  bool each = options.commands.size() > 1;
  std::string runs = std::to_string(series.runs.front().size()) + (series.runs.front().size() == 1 ? " run" : " runs") +
                     (each ? " each" : "");
  switch (series.stopped) {
    case SeriesStop::kTargetMet:
      line += "met after " + runs;
      break;
    case SeriesStop::kMaxRuns:
      line += "not met in --max-runs " + std::to_string(plan.max_runs);
      break;
    case SeriesStop::kMaxTime:
      line += "not met after " + runs + ": another round would have gone past --max-time " +
              ShortestDecimal(plan.max_seconds) + " s";
      break;
    case SeriesStop::kFailure:
    case SeriesStop::kPlanned:
      line += "not met: a run failed";
      break;
    case SeriesStop::kInterrupted:
      line += "not met: interrupted";
      break;
  }
  PrimaryMetric metric = PrimaryMetricOf(series.runs);
  line += " (" + std::string(SpellingOf(kPrimaryMetricSpellings, metric)) + " rMAD" + (each ? ":" : "");
  for (size_t i = 0; i < options.commands.size(); ++i) {
    double rmad = stats::RelativeMad(PrimaryValuesOf(series.runs[i], metric).values);
    line += (i == 0 ? " " : ", ") + (each ? EscapeForDisplay(options.commands[i].name) + " " : "") +
            (std::isnan(rmad) ? "-" : StringPrintf("%.2f%%", rmad));
  }
  return line + ")";
}

/// The summary file with --summary; otherwise tools/timeit.c's report on stderr for one run
/// of one command (or with -p), and the run tables for a series.
void WriteSummary(const TimeitOptions& options, const SeriesResult& series,
                  const std::optional<Measurement>& last_warmup, ResultWriter& writer, bool stopped_in_warmup) {
  const SeriesPlan& plan = options.series;
  bool one_run = options.commands.size() == 1 && (options.posix || (!plan.adaptive && plan.measured_runs == 1));
  if (options.summary_path || one_run) {
    SummaryValues values = SummarizeSeries(options, series, last_warmup);
    if (options.summary_path) {
      // Replaced whole, as timeit-lnt -o writes: a full disk leaves the last summary, not an
      // empty or cut one, and a link or the file's mode stays as it was.
      writer.Write([&] { ReplaceFile(*options.summary_path, FormatSummary(values, options.summary)); });
    } else {
      std::cerr << FormatStderrReport(values, options.summary, options.posix);
    }
  } else if (!stopped_in_warmup) {  // a table of no runs says nothing
    ReportRunTables(options, series);
  }
  if (plan.adaptive && !options.summary_path && !stopped_in_warmup)
    std::cerr << AdaptiveOutcome(options, series) << "\n";
}

/// --append-exitstatus: "exit N" at the end of the stdout file, appended even when another
/// output failed (litsupport diffs this file, and a missing "exit N" would turn one failure
/// into two). No newline before it: reference outputs end in "...okexit 0" when the
/// program's output had no trailing newline, and litsupport diffs them byte for byte.
void AppendExitStatus(const TimeitOptions& options, int exit_code, ResultWriter& writer) {
  writer.Write(
      [&] { WriteTextFile(*options.child.stdout_path, "exit " + std::to_string(exit_code) + "\n", O_APPEND); });
}

/// Seconds one read of the clock takes: measured, or with --fake-host the test's
/// clock_latency_ns in its directory, when there is one (no real machine has that file).
double ClockLatency(const TimeitOptions& options) {
  if (options.fake_host_root) {
    std::ifstream file(HostRoot(options) / "clock_latency_ns");
    double nanoseconds;
    if (file >> nanoseconds) return nanoseconds * 1e-9;
  }
  return ClockReadLatencyNs() * 1e-9;
}

/// The machine after the series, and the warnings about the series: what the stderr report
/// ends with and the series records hold.
struct SeriesJudgement {
  HostInfo host;
  std::optional<std::array<double, 3>> load_start;
  std::vector<SeriesWarning> warnings;
};

SeriesJudgement JudgeSeries(const TimeitOptions& options, const SeriesResult& series,
                            const std::optional<std::array<double, 3>>& load_start) {
  SeriesJudgement judgement;
  judgement.host = CollectHostInfo(HostRoot(options));
  judgement.load_start = load_start;
  MachineConditions machine;
  machine.cpu_governor = judgement.host.cpu_governor;
  machine.cpu_count = judgement.host.cpu_count;
  machine.load_start = load_start;
  machine.load_end = judgement.host.load_average;
  machine.clock_latency_seconds = ClockLatency(options);
  judgement.warnings = SeriesWarnings(series.runs, machine);
  return judgement;
}

/// The warnings, each on a line of its own after the report, naming the command when there
/// are several.
void ReportWarnings(const TimeitOptions& options, const std::vector<SeriesWarning>& warnings) {
  for (const SeriesWarning& warning : warnings) {
    std::cerr << g_program_name << ": warning: ";
    if (warning.command && options.commands.size() > 1) {
      std::cerr << EscapeForDisplay(options.commands[*warning.command].name) << ": ";
    }
    std::cerr << EscapeForDisplay(warning.message) << "\n";
  }
}

/// What the series was, for the series record of each results file (without its benchmarks
/// and their warnings, which depend on the file).
SeriesRecord DescribeSeries(const TimeitOptions& options, const SeriesResult& series, const SeriesJudgement& judgement,
                            const std::optional<Calibration>& calibration) {
  SeriesRecord record;
  record.order = options.series.order;
  record.seed = series.seed;
  record.stopped = series.stopped;
  if (options.series.adaptive) record.target_rmad = options.series.adaptive->target_rmad_percent;
  record.primary_metric = PrimaryMetricOf(series.runs);
  record.cpus = options.child.controls.cpus;
  record.aslr_disabled = options.child.controls.aslr_disabled;
  record.env_offset = options.series.env_offset;
  record.host = judgement.host;
  record.host.calibration = calibration;
  record.load_average_start = judgement.load_start;
  record.load_average_end = record.host.load_average;
  return record;
}

/// The series record, added to each results file the series wrote runs to (and could go on
/// writing to: a file that missed runs would have a record that does not match them), naming
/// the benchmarks whose runs went there. When timeit was told to stop, a record that cannot
/// be added at once is only noted: the runs are what counts, and reading them never needs it.
/// Returns the signal that came while it waited to add one (the runs are all saved by then,
/// but timeit was still told to stop).
std::optional<int> AddSeriesRecords(const TimeitOptions& options, const SeriesResult& series,
                                    const SeriesJudgement& judgement,
                                    const std::map<std::string, ResultsFileState>& files, ResultWriter& writer,
                                    const std::optional<Calibration>& calibration) {
  bool told_to_stop = SignalScope::ReceivedSignal().has_value();
  // A signal while waiting for a lock ends the wait rather than timeit.
  SignalScope signals;
  const SeriesRecord described = DescribeSeries(options, series, judgement, calibration);
  for (const auto& [path, state] : files) {
    if (!state.saving || !state.written) continue;
    SeriesRecord record = described;
    for (size_t i = 0; i < options.commands.size(); ++i) {
      if (options.commands[i].json_path != path) continue;
      PrimaryValues primary = PrimaryValuesOf(series.runs[i], record.primary_metric);
      record.benchmarks.push_back(
          {options.commands[i].name, series.runs[i].size(), stats::RelativeMad(primary.values)});
    }
    for (const SeriesWarning& warning : judgement.warnings) {
      if (warning.command && options.commands[*warning.command].json_path != path) continue;
      std::optional<std::string> benchmark;
      if (warning.command) benchmark = options.commands[*warning.command].name;
      record.warnings.push_back(
          {benchmark, std::string(SpellingOf(kWarningKindSpellings, warning.kind)), warning.message});
    }
    writer.Write([&] {
      try {
        AppendSeriesRecord(path, record, LockWaitOf(options));
      } catch (const Error& error) {
        if (!told_to_stop && !SignalScope::ReceivedSignal()) throw;
        std::cerr << g_program_name << ": note: no series record was added to '" << path << "': " << error.what()
                  << "\n";
      }
    });
  }
  if (told_to_stop) return std::nullopt;  // said by the caller already
  return SignalScope::ReceivedSignal();
}

/// Refuses, before the program runs, a --summary that could not be written after it: one
/// this user cannot write (as upstream's fopen would refuse it), or that ReplaceFile would
/// not replace (a socket, a block device, a directory that takes no new file). A system
/// Error, exit 66.
void CheckSummaryTarget(const std::string& path) {
  CheckWritable(path);
  try {
    CheckReplaceable(path);
  } catch (const Error& error) {
    throw Error(ErrorKind::kSystem, error.what());
  }
}

/// Runs the series and writes every output. Returns the exit code.
int RunAndReport(const TimeitOptions& options, CounterBackend& counters,
                 const std::optional<Calibration>& calibration) {
  // Before the program runs, as what follows a run cannot be undone; nothing is created yet
  // (the summary is written after the run, as upstream does, and a refused check leaves an
  // existing one as it was).
  std::set<std::string> checked;
  for (const BenchmarkCommand& command : options.commands) {
    if (command.json_path && checked.insert(*command.json_path).second) CheckResultsTarget(*command.json_path);
  }
  if (options.summary_path) CheckSummaryTarget(*options.summary_path);
  ResultWriter writer;
  SeriesEvents events;
  std::map<std::string, ResultsFileState> files;
  std::optional<std::array<double, 3>> load_start = LoadAverage(HostRoot(options));
  SeriesResult series = RunObservedSeries(options, counters, writer, events, files, calibration);
  if (events.interrupted_before_start) {
    // (When the signal ended a wait to save a run, that is said once, at the end.)
    if (!events.save_interrupted_by) {
      std::cerr << g_program_name << ": error: received signal " << *events.interrupted_before_start << ". exiting.\n";
    }
    // Before any run there is nothing to report; after some, they are reported as usual.
    if (MeasuredRuns(series) == 0) return exit_code::kSignalledBeforeStart;
  }
  std::optional<std::string> warmup_stop = WarmupStopMessage(options, series, events);
  WriteSummary(options, series, events.last_warmup, writer, warmup_stop.has_value());
  if (warmup_stop) std::cerr << *warmup_stop << "\n";
  if (options.append_exit_status) AppendExitStatus(options, series.exit_code, writer);
  // Judged only where it is said: on stderr without --summary (litsupport's runs would
  // print the machine's warnings under every test), and in the series records.
  bool recorded = std::any_of(files.begin(), files.end(), [](const auto& file) { return file.second.written; });
  std::optional<int> record_signal;
  if (MeasuredRuns(series) > 0 && (!options.summary_path || recorded)) {
    SeriesJudgement judgement = JudgeSeries(options, series, load_start);
    if (!options.summary_path) ReportWarnings(options, judgement.warnings);
    record_signal = AddSeriesRecords(options, series, judgement, files, writer, calibration);
  }
  if (series.late_signal && !options.append_exit_status) {
    // The run is over; a script that pressed Ctrl-C must still see that it did, and learn
    // whether the save it interrupted (a wait for another writer's lock) went through.
    std::cerr << g_program_name << ": error: received signal " << *series.late_signal << " after the last run; "
              << (writer.failed() ? "its results could not all be saved" : "its results are saved") << ". exiting.\n";
    return exit_code::kSignalBase + *series.late_signal;
  }
  if (record_signal && !options.append_exit_status) {
    std::cerr << g_program_name << ": error: received signal " << *record_signal
              << " while adding the series record; the runs are saved. exiting.\n";
    return exit_code::kSignalBase + *record_signal;
  }
  if (events.save_interrupted_by && !options.append_exit_status) {
    // Interrupted while waiting to save a run, with runs still to go: 128 + the signal, as
    // when it comes after the last run, not the results file's 66.
    std::cerr << g_program_name << ": error: received signal " << *events.save_interrupted_by
              << " while saving a run; its results could not all be saved. exiting.\n";
    return exit_code::kSignalBase + *events.save_interrupted_by;
  }
  if (writer.failed()) return exit_code::kSetupFailure;
  return options.append_exit_status ? exit_code::kSuccess : series.exit_code;
}

/// --calibrate: the clock and timeit's overhead, measured with the backend and events the
/// command's runs get, and printed: on stdout when there is no command, else on stderr (the
/// program's stdout is its own).
Calibration CalibrateAndReport(const TimeitOptions& options, CounterBackend& counters) {
  // Before measuring anything, as for a run: a target that cannot take the result is found first.
  if (options.json_path) CheckResultsTarget(*options.json_path);
  ChildSpec spec;
  spec.message_prefix = options.child.message_prefix;
  // Pinned and without ASLR as the command's runs are, so the overhead is theirs.
  spec.controls.cpus = options.child.controls.cpus;
  spec.controls.aslr_disabled = options.child.controls.aslr_disabled;
  Calibration calibration = Calibrate(DefaultCalibrationPlan(), spec, counters);
  (options.commands.empty() ? std::cout : std::cerr) << FormatCalibration(calibration) << std::flush;
  return calibration;
}

/// --calibrate --json F without a command: F gets a header whose host holds the
/// calibration, if timeit creates it. Returns the exit code.
int RecordCalibration(const TimeitOptions& options, const Calibration& calibration) {
  if (!options.json_path) return exit_code::kSuccess;
  HostInfo host = CollectHostInfo(HostRoot(options));
  host.calibration = calibration;
  if (AppendRuns(*options.json_path, "", {}, {}, host, LockWaitOf(options))) return exit_code::kSuccess;
  // The file has its header already, and a header never changes: a series of no runs
  // carries the calibration instead.
  SeriesRecord record;
  record.seed = options.series.seed;
  record.cpus = options.child.controls.cpus;
  record.aslr_disabled = options.child.controls.aslr_disabled;
  record.host = host;
  record.load_average_start = record.load_average_end = host.load_average;
  AppendSeriesRecord(*options.json_path, record, LockWaitOf(options));
  return exit_code::kSuccess;
}

int Main(int argc, char** argv) {
  if (argc > 0 && argv[0] && *argv[0]) g_program_name = EscapeForDisplay(argv[0]);
  return RunTool(g_program_name, kExitCodes, [&] {
    TimeitOptions options = ParseTimeitOptions(argc, argv);
    options.child.message_prefix = g_program_name;
    std::unique_ptr<CounterBackend> counters = MakeBackend(options);
    std::optional<Calibration> calibration;
    if (options.calibrate) {
      calibration = CalibrateAndReport(options, *counters);
      if (calibration->interrupted_by) {
        std::cerr << g_program_name << ": error: received signal " << *calibration->interrupted_by << ". exiting.\n";
        if (options.commands.empty()) return exit_code::kSignalBase + *calibration->interrupted_by;
        return exit_code::kSignalledBeforeStart;  // the command never ran
      }
      if (options.commands.empty()) {
        int recorded = RecordCalibration(options, *calibration);
        CheckStandardOutput("calibration");  // after the --json file took it: nothing measured is lost
        return recorded;
      }
    }
    return RunAndReport(options, *counters, calibration);
  });
}

}  // namespace
}  // namespace timeit

int main(int argc, char** argv) { return timeit::Main(argc, argv); }
