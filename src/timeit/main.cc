// timeit: run a command once, measure it with kernel counters, and report it the way
// the LLVM test-suite's tools/timeit.c does.
#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <new>
#include <optional>

#include "options.h"
#include "timeit/stats/aggregate.h"
#include "timeit/base/error.h"
#include "timeit/measure/exit_code.h"
#include "timeit/sys/file_io.h"
#include "timeit/results/host_info.h"
#include "timeit/results/results_file.h"
#include "timeit/report/run_table.h"
#include "timeit/measure/series.h"

namespace timeit {
namespace {

// argv[0] as typed, like tools/timeit.c, so messages name the binary the user ran.
std::string g_program_name = "timeit";

void PrintError(const std::string& message) {
  std::cerr << g_program_name << ": error: " << message << "\n";
}

std::string JoinCommand(const std::vector<std::string>& command) {
  std::string text;
  for (const std::string& word : command) {
    if (!text.empty()) text += ' ';
    text += word;
  }
  return text;
}

std::unique_ptr<CounterBackend> MakeBackend(const TimeitOptions& options) {
  if (options.no_perf) return MakeNoCounterBackend("disabled by --no-perf");
  if (!options.counter_backend.empty()) {
    return MakeFakeCounterBackend(options.events, options.counter_backend.substr(5));
  }
  return MakeDefaultCounterBackend(options.events);
}

ChildSpec MakeChildSpec(const TimeitOptions& options) {
  ChildSpec spec;
  spec.argv = options.command;
  spec.stdin_path = options.stdin_path;
  spec.stdout_path = options.stdout_path;
  spec.stderr_path = options.stderr_path;
  spec.working_directory = options.working_directory;
  spec.limits = options.limits;
  spec.timeout_seconds = options.timeout_seconds;
  spec.message_prefix = g_program_name;
  return spec;
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

/// The messages about one run, as tools/timeit.c prints them, as soon as it ends.
void ReportRun(const TimeitOptions& options, const Measurement& run) {
  if (run.failure == LaunchFailure::kInterrupted) return;  // Main() reports it
  if (run.interrupted_by) {
    std::cerr << g_program_name << ": error: received signal " << *run.interrupted_by
              << ". killing monitored process(es): " << JoinCommand(options.command) << "\n";
  }
  if (run.timed_out) std::cerr << g_program_name << ": TIMING OUT PROCESS: " << options.command[0] << "\n";
  if (!run.failure_message.empty()) PrintError(run.failure_message);
  if (run.term_signal) {
    std::cerr << g_program_name << ": error: child terminated by signal " << *run.term_signal << "\n";
  }
  if (options.verbose) ReportVerbose(run);
}

/// Shows "run i of N" on a terminal while a series runs; silent anywhere else.
class ProgressLine {
 public:
  explicit ProgressLine(bool enabled) : enabled_(enabled) {}
  void Show(RunKind kind, int index, int total) {
    if (!enabled_) return;
    std::cerr << "\r\033[K" << g_program_name << ": " << (kind == RunKind::kWarmup ? "warmup " : "") << "run "
              << index + 1 << " of " << total << std::flush;
  }
  void Clear() {
    if (enabled_) std::cerr << "\r\033[K" << std::flush;
  }

 private:
  bool enabled_;
};

/// Runs the series and writes every output. Returns the exit code. A failure to record a
/// result is reported and becomes exit 66, but never stops the other outputs.
int RunAndReport(const TimeitOptions& options, CounterBackend& counters) {
  const std::string command = JoinCommand(options.command);
  int status_override = -1;
  auto record = [&](auto&& write) {
    try {
      write();
    } catch (const Error& error) {
      PrintError(error.what());
      status_override = exit_code::kSetupFailure;
    } catch (const std::exception& error) {
      // Not expected, but a result already measured must never be lost to an abort.
      PrintError(std::string("internal error while recording the run: ") + error.what());
      status_override = exit_code::kSetupFailure;
    }
  };

  std::optional<HostInfo> host;
  ProgressLine progress(options.repeat + options.warmup > 1 && ::isatty(STDERR_FILENO));
  bool interrupted_before_start = false;
  // The last warmup, which stands in for the series when it failed before any measured run.
  std::optional<Measurement> last_warmup;
  int interrupt_signal = 0;
  SeriesObserver observer;
  observer.run_starting = [&](RunKind kind, int index, int total) { progress.Show(kind, index, total); };
  observer.run_finished = [&](RunKind kind, int, int, const Measurement& run) {
    progress.Clear();
    if (run.failure == LaunchFailure::kInterrupted) {
      interrupted_before_start = true;
      interrupt_signal = run.interrupted_by.value_or(0);
      return;
    }
    ReportRun(options, run);
    if (kind == RunKind::kWarmup) last_warmup = run;
    // Each run is saved the moment it ends, so a later crash or Ctrl-C loses nothing.
    if (kind == RunKind::kMeasured && options.json_path) {
      record([&] {
        if (!host) host = CollectHostInfo();
        AppendRuns(*options.json_path, options.name.value_or(command), options.command, {run}, *host); });
    }
  };
  SeriesPlan plan{options.warmup, options.repeat, options.ignore_failure};
  SeriesResult series = RunSeries(MakeChildSpec(options), counters, plan, observer);
  if (interrupted_before_start) {
    std::cerr << g_program_name << ": error: received signal " << interrupt_signal << ". exiting.\n";
    // Before any run there is nothing to report; after some, they are reported as usual.
    if (series.runs.empty()) return exit_code::kSignalledBeforeStart;
  }

  // Failed runs say nothing about the program's speed; they count only if nothing else ran.
  std::vector<SummaryValues> per_run;
  for (const Measurement& run : series.runs) {
    if (run.succeeded()) per_run.push_back(SummaryValuesOf(run, options.user_time));
  }
  if (per_run.empty()) {
    for (const Measurement& run : series.runs) per_run.push_back(SummaryValuesOf(run, options.user_time));
  }
  if (per_run.empty() && last_warmup) per_run.push_back(SummaryValuesOf(*last_warmup, options.user_time));
  SummaryValues values = AggregateSummaries(per_run, options.aggregate);
  values.exit_code = series.exit_code;

  SummaryOptions summary_options{options.report_maxrss, options.user_time};
  if (options.summary_path) {
    record([&] { WriteTextFile(*options.summary_path, FormatSummary(values, summary_options), O_TRUNC); });
  } else if (options.repeat == 1 || options.posix) {
    std::cerr << FormatStderrReport(values, summary_options, options.posix);
  } else {
    std::cerr << g_program_name << ": " << series.runs.size() << " runs of '" << command << "'";
    if (options.warmup > 0) {
      std::cerr << " after " << options.warmup << " warmup run" << (options.warmup == 1 ? "" : "s");
    }
    std::cerr << "\n" << FormatRunTable(series.runs);
  }
  if (options.append_exit_status) {
    // Appended even when another output failed: litsupport diffs this file, and a missing
    // "exit N" would turn one failure into two.
    // No newline before it: reference outputs end in "...okexit 0" when the program's
    // output had no trailing newline, and litsupport diffs them byte for byte.
    record([&] { WriteTextFile(*options.stdout_path, "exit " + std::to_string(series.exit_code) + "\n", O_APPEND); });
  }
  if (status_override >= 0) return status_override;
  int status = options.append_exit_status ? exit_code::kSuccess : series.exit_code;
  return status;
}

int Main(int argc, char** argv) {
  if (argc > 0 && argv[0] && *argv[0]) g_program_name = argv[0];
  TimeitOptions options;
  try {
    options = ParseTimeitOptions(argc, argv);
    std::unique_ptr<CounterBackend> counters = MakeBackend(options);
    return RunAndReport(options, *counters);
  } catch (const HelpRequested&) {
    return exit_code::kSuccess;
  } catch (const Error& error) {
    PrintError(error.what());
    if (error.kind() == ErrorKind::kUsage) {
      std::cerr << "Run '" << g_program_name << " --help' for the options.\n";
      return exit_code::kUsage;
    }
    return exit_code::kSetupFailure;
  } catch (const std::bad_alloc&) {
    PrintError("out of memory");
    return exit_code::kInternalError;
  } catch (const std::exception& error) {
    // A bug or an input nobody foresaw: a message and a documented code, never a core dump.
    PrintError(std::string("internal: ") + error.what());
    return exit_code::kInternalError;
  }
}

}  // namespace
}  // namespace timeit

int main(int argc, char** argv) { return timeit::Main(argc, argv); }
