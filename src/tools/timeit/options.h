#pragma once

#include <optional>
#include <string>
#include <vector>

#include "timeit/formats/summary/summary_writer.h"
#include "timeit/measure/child_spec.h"
#include "timeit/measure/series.h"
#include "timeit/stats/aggregate.h"

namespace timeit {

/// One command of a series: what to run, and under which name and into which file its runs go.
struct BenchmarkCommand {
  std::vector<std::string> argv;
  /// Its name in the results file and the reports: its --name, else the command line.
  std::string name;
  /// The results file its runs are added to: its own --json, else the first command's.
  std::optional<std::string> json_path;
};

/// Everything timeit's command line can say. Defaults are the member initialisers (and
/// those of the library structs it fills).
struct TimeitOptions {
  /// How to start each program: -t, -c, the redirections, the limits, --cpu and --no-aslr
  /// (argv is left empty: each command has its own). Its message_prefix is left for main to
  /// set.
  ChildSpec child;
  /// The commands, in the order given: the first before any `:::`, one more after each.
  std::vector<BenchmarkCommand> commands;
  /// -r, --warmup, --ignore-failure, --order, --env-offset, --target-rmad with its bounds;
  /// --seed, or a seed drawn when not given.
  SeriesPlan series;
  /// --report-maxrss, --user-time.
  SummaryOptions summary;
  /// -p: the stderr report in tools/timeit.c's POSIX layout (ignored with --summary).
  bool posix = false;
  /// --summary: file for the tools/timeit.c summary; none = report on stderr.
  std::optional<std::string> summary_path;
  /// --append-exitstatus: append "exit N" to the stdout file and exit 0.
  bool append_exit_status = false;
  /// -e: events to count.
  std::vector<std::string> events;
  /// --no-perf: no counters at all, rusage and the wall clock only.
  bool no_perf = false;
  /// -v: say on stderr how counting went (events, fallbacks).
  bool verbose = false;
  /// --json: results file the run is added to; with --json-per-test, the file beside the
  /// summary.
  std::optional<std::string> json_path;
  /// --json-per-test: the test-suite's build directory, which the summary must be under.
  std::optional<std::string> json_per_test_root;
  /// --lock-timeout: how long to wait for another writer's lock on the results file.
  double lock_timeout_seconds = 60;
  /// --name before the first command: that command's name in the results file; default:
  /// the command line, or with --json-per-test the lit test's name.
  std::optional<std::string> name;
  /// -r as given (series.measured_runs holds it, or 1).
  std::optional<int> repeat;
  /// --target-rmad, --min-runs, --max-runs, --max-time as given (series.adaptive is made
  /// from them).
  std::optional<double> target_rmad;
  std::optional<int> min_runs;
  std::optional<int> max_runs;
  std::optional<double> max_time;
  /// --aggregate: how the summary combines the runs.
  stats::Aggregate aggregate = stats::Aggregate::kMin;
  /// --calibrate: measure the clock and timeit's own overhead first (then run the command,
  /// if there is one; without one, child.argv is empty).
  bool calibrate = false;
  /// Hidden, for tests: --counter-backend fake:FILE answers with the readings in FILE.
  std::optional<std::string> fake_counter_file;
  /// Hidden, for tests: --fake-host DIR reads the host's facts (governor, load average, ...)
  /// from DIR/proc and DIR/sys instead of /proc and /sys, and the clock's read latency from
  /// DIR/clock_latency_ns (nanoseconds) when that file exists.
  std::optional<std::string> fake_host_root;
};

/// Parses timeit's command line the way tools/timeit.c does (options up to the first
/// argument that is not one, the rest is the command) plus `--` and `--opt=value`, after
/// the options in TIMEIT_OPTIONS (split as a shell would; options only). An option on the
/// command line replaces the same option from the environment, as a later option replaces
/// an earlier one. --json-per-test is resolved into json_path and name. Each `:::` in the
/// command starts another command, which only --name and --json may precede (then `--` or
/// the command); every command gets its name and results file resolved.
/// Throws HelpRequested (src/cli/command_line.h) after printing --help, or a usage Error
/// naming the bad argument (and TIMEIT_OPTIONS when it came from there).
TimeitOptions ParseTimeitOptions(int argc, char** argv);

}  // namespace timeit
