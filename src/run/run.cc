#include "timeit/run/run.h"

#include <fcntl.h>

#include <algorithm>
#include <array>
#include <filesystem>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "saving.h"
#include "series_records.h"
#include "series_report.h"
#include "timeit/base/error.h"
#include "timeit/base/utf8.h"
#include "timeit/formats/results/series_record.h"
#include "timeit/measure/calibration.h"
#include "timeit/measure/host_info.h"
#include "timeit/render/calibration_format.h"
#include "timeit/run/progress_line.h"
#include "timeit/sys/file_io.h"

namespace timeit {
namespace {

/// The program specs of the commands: the options' ChildSpec with each command's argv,
/// and the reporter's name on the messages the program's side of the launch writes.
std::vector<ChildSpec> CommandSpecs(const RunOptions& options, const Reporter& reporter) {
  std::vector<ChildSpec> specs;
  for (const BenchmarkCommand& command : options.commands) {
    specs.push_back(options.child);
    specs.back().argv = command.argv;
    specs.back().message_prefix = reporter.program_name();
  }
  return specs;
}

/// Everything a series needs besides its options: where runs go and what is said.
struct SeriesOutputs {
  ResultsSink& results;
  Reporter& reporter;
  ResultWriter& writer;
};

/// The progress line's view of the series, and where it is drawn: on the messages, which
/// the program's stdout shares when it is not redirected and timeit's own is theirs.
ProgressLine MakeProgressLine(const RunOptions& options, Reporter& reporter) {
  ProgressPlan plan;
  // The line is redrawn on one row: the base name keeps a long path to timeit from pushing
  // the time left off the end of it.
  plan.program_name = std::filesystem::path(reporter.program_name()).filename().string();
  if (plan.program_name.empty()) plan.program_name = reporter.program_name();
  for (const BenchmarkCommand& command : options.commands) plan.command_names.push_back(EscapeForDisplay(command.name));
  plan.warmup_runs = options.series.warmup_runs;
  plan.adaptive = options.series.adaptive;
  plan.measured_runs = plan.adaptive ? plan.adaptive->max_runs : options.series.measured_runs;
  const MessagesTerminal& terminal = reporter.terminal();
  ProgressOutput output{.sink = &reporter.line_sink(),
                        .terminal = terminal.redraws,
                        .shared_with_program = terminal.shared_with_stdout && !options.child.stdout_path,
                        .columns = terminal.columns,
                        .foreground = terminal.foreground,
                        .clock = terminal.clock};
  return ProgressLine(options.progress, std::move(plan), std::move(output));
}

/// Runs the series with a progress line (ProgressLine: on a terminal, as --progress says),
/// reporting each run as it ends and adding it to its results file at once, so a later
/// crash or Ctrl-C loses nothing. `files` says what became of each results file. The
/// calibration, if any, goes into the host of a file the first save creates (and into
/// every series record).
SeriesResult RunObservedSeries(const RunOptions& options, CounterBackend& counters, const Launcher& launch,
                               SeriesOutputs outputs, SeriesEvents& events,
                               std::map<std::string, ResultsFileState>& files,
                               const std::optional<Calibration>& calibration) {
  Reporter& reporter = outputs.reporter;
  ResultWriter& writer = outputs.writer;
  // Erased before every message and, on every way out of here, before what follows.
  ProgressLine progress = MakeProgressLine(options, reporter);
  Reporter::BeforeEachMessage erase_progress(reporter, [&progress] { progress.Erase(); });
  std::optional<HostInfo> host;  // collected once, for the first run saved
  for (const BenchmarkCommand& command : options.commands) {
    if (command.json_path) files.try_emplace(*command.json_path);
  }
  auto report_and_save = [&](const RunSlot& slot, const Measurement& run) {
    if (run.failure == LaunchFailure::kInterrupted) {
      events.interrupted_before_start = run.interrupted_by.value_or(0);
      return;
    }
    const BenchmarkCommand& command = options.commands[slot.command];
    ReportRun(options, reporter, command.argv, run);
    if (slot.kind == RunKind::kWarmup) {
      events.last_warmup = run;
      events.last_warmup_slot = slot;
    }
    if (slot.kind != RunKind::kMeasured || !command.json_path || !files[*command.json_path].saving) return;
    const std::string& path = *command.json_path;
    bool failed_before = writer.failed();
    writer.Write([&] {
      if (!host) {
        host = CollectHostInfo(options.host_root());
        host->calibration = calibration;
      }
      outputs.results.AddRuns(path, {command.name, command.argv, options.label}, {run}, *host, LockWaitOf(options));
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
        reporter.Line() << "the remaining runs will not be added to '" << EscapeForDisplay(path) << "'; the "
                        << (options.summary_path ? "summary still reports" : "report still shows") << " them\n";
      }
    }
  };
  SeriesObserver observer;
  observer.run_starting = [&](const RunSlot& slot) { progress.RunStarting(slot); };
  observer.run_finished = [&](const RunSlot& slot, const Measurement& run) {
    report_and_save(slot, run);
    progress.RunFinished(slot, run);  // after what was said of the run, which it stays below
  };
  std::vector<ChildSpec> specs = CommandSpecs(options, reporter);
  return RunSeries(specs, counters, options.series, observer, launch);
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

/// --append-exitstatus: "exit N" at the end of the stdout file, appended even when another
/// output failed (litsupport diffs this file, and a missing "exit N" would turn one failure
/// into two). No newline before it: reference outputs end in "...okexit 0" when the
/// program's output had no trailing newline, and litsupport diffs them byte for byte.
void AppendExitStatus(const RunOptions& options, int exit_code, ResultWriter& writer) {
  writer.Write(
      [&] { WriteTextFile(*options.child.stdout_path, "exit " + std::to_string(exit_code) + "\n", O_APPEND); });
}

/// "received signal S<how>. exiting.": timeit was told to stop, and stops.
void SayReceivedSignal(Reporter& reporter, int signal, std::string_view how = "") {
  reporter.Line() << "error: received signal " << signal << how << ". exiting.\n";
}

/// Runs the series and writes every output.
RunOutcome RunSeriesAndReport(const RunOptions& options, CounterBackend& counters, const Launcher& launch,
                              ResultsSink& results, Reporter& reporter, const std::optional<Calibration>& calibration) {
  // Before the program runs, as what follows a run cannot be undone; nothing is created yet
  // (the summary is written after the run, as upstream does, and a refused check leaves an
  // existing one as it was).
  std::set<std::string> checked;
  for (const BenchmarkCommand& command : options.commands) {
    if (command.json_path && checked.insert(*command.json_path).second) results.CheckTarget(*command.json_path);
  }
  if (options.summary_path) CheckSummaryTarget(*options.summary_path);
  ResultWriter writer(reporter);
  SeriesEvents events;
  std::map<std::string, ResultsFileState> files;
  std::optional<std::array<double, 3>> load_start = LoadAverage(options.host_root());
  SeriesResult series =
      RunObservedSeries(options, counters, launch, {results, reporter, writer}, events, files, calibration);
  if (events.interrupted_before_start) {
    // (When the signal ended a wait to save a run, that is said once, at the end.)
    if (!events.save_interrupted_by) {
      SayReceivedSignal(reporter, *events.interrupted_before_start);
    }
    // Before any run there is nothing to report; after some, they are reported as usual.
    if (MeasuredRuns(series) == 0)
      return {.end = RunEnd::kSignalledBeforeStart, .signal = *events.interrupted_before_start};
  }
  std::optional<std::string> warmup_stop = WarmupStopMessage(options, reporter.program_name(), series, events);
  WriteSummary(options, reporter, series, events.last_warmup, writer, warmup_stop.has_value());
  if (warmup_stop) reporter.messages() << *warmup_stop << "\n";
  if (options.append_exit_status) AppendExitStatus(options, series.exit_code, writer);
  // Judged only where it is said: on stderr without --summary (litsupport's runs would
  // print the machine's warnings under every test), and in the series records.
  bool recorded = std::any_of(files.begin(), files.end(), [](const auto& file) { return file.second.written; });
  std::optional<int> record_signal;
  if (MeasuredRuns(series) > 0 && (!options.summary_path || recorded)) {
    SeriesJudgement judgement = JudgeSeries(options, series, load_start);
    if (!options.summary_path) ReportWarnings(options, reporter, judgement.warnings);
    record_signal = AddSeriesRecords(options, series, judgement, files, results, writer, reporter, calibration);
  }
  if (series.late_signal && !options.append_exit_status) {
    // The run is over; a script that pressed Ctrl-C must still see that it did, and learn
    // whether the save it interrupted (a wait for another writer's lock) went through.
    SayReceivedSignal(reporter, *series.late_signal,
                      writer.failed() ? " after the last run; its results could not all be saved"
                                      : " after the last run; its results are saved");
    return {.end = RunEnd::kSignalled, .signal = *series.late_signal};
  }
  if (record_signal && !options.append_exit_status) {
    SayReceivedSignal(reporter, *record_signal, " while adding the series record; the runs are saved");
    return {.end = RunEnd::kSignalled, .signal = *record_signal};
  }
  if (events.save_interrupted_by && !options.append_exit_status) {
    // Interrupted while waiting to save a run, with runs still to go: 128 + the signal, as
    // when it comes after the last run, not the results file's 66.
    SayReceivedSignal(reporter, *events.save_interrupted_by, " while saving a run; its results could not all be saved");
    return {.end = RunEnd::kSignalled, .signal = *events.save_interrupted_by};
  }
  if (writer.failed()) return {.end = RunEnd::kOutputFailed};
  if (options.append_exit_status) return {.end = RunEnd::kStatusAppended};
  return {.end = RunEnd::kSeriesEnded, .program_exit_code = series.exit_code};
}

/// --calibrate: the clock and timeit's overhead, measured with the backend and events the
/// command's runs get, and printed: on the output when there is no command, else with the
/// messages (the program's stdout is its own).
Calibration CalibrateAndReport(const RunOptions& options, CounterBackend& counters, const Launcher& launch,
                               ResultsSink& results, Reporter& reporter) {
  // Before measuring anything, as for a run: a target that cannot take the result is found first.
  if (options.json_path) results.CheckTarget(*options.json_path);
  ChildSpec spec;
  spec.message_prefix = reporter.program_name();
  // Pinned and without ASLR as the command's runs are, so the overhead is theirs.
  spec.controls.cpus = options.child.controls.cpus;
  spec.controls.aslr_disabled = options.child.controls.aslr_disabled;
  Calibration calibration = Calibrate(DefaultCalibrationPlan(), spec, counters, launch);
  (options.commands.empty() ? reporter.output() : reporter.messages()) << FormatCalibration(calibration) << std::flush;
  return calibration;
}

/// --calibrate --json F without a command: F gets a header whose host holds the
/// calibration, if timeit creates it.
void RecordCalibration(const RunOptions& options, ResultsSink& results, const Calibration& calibration) {
  if (!options.json_path) return;
  HostInfo host = CollectHostInfo(options.host_root());
  host.calibration = calibration;
  if (results.AddRuns(*options.json_path, {}, {}, host, LockWaitOf(options))) return;
  // The file has its header already, and a header never changes: a series of no runs
  // carries the calibration instead.
  SeriesRecord record;
  record.seed = options.series.seed;
  record.cpus = options.child.controls.cpus;
  record.aslr_disabled = options.child.controls.aslr_disabled;
  record.host = host;
  record.load_average_start = record.load_average_end = host.load_average;
  results.AddSeriesRecord(*options.json_path, record, LockWaitOf(options));
}

}  // namespace

RunOutcome RunAndReport(const RunOptions& options, CounterBackend& counters, const Launcher& launch,
                        ResultsSink& results, Reporter& reporter) {
  std::optional<Calibration> calibration;
  if (options.calibrate) {
    calibration = CalibrateAndReport(options, counters, launch, results, reporter);
    if (calibration->interrupted_by) {
      int signal = *calibration->interrupted_by;
      SayReceivedSignal(reporter, signal);
      // Alone, the calibration was the run; before a command, the command never ran.
      return {.end = options.commands.empty() ? RunEnd::kSignalled : RunEnd::kSignalledBeforeStart, .signal = signal};
    }
    if (options.commands.empty()) {
      RecordCalibration(options, results, *calibration);
      return {.end = RunEnd::kCalibrated};
    }
  }
  return RunSeriesAndReport(options, counters, launch, results, reporter, calibration);
}

}  // namespace timeit
