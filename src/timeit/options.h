#pragma once

#include <optional>
#include <string>
#include <vector>

#include "timeit/stats/aggregate.h"
#include "timeit/measure/child_spec.h"
#include "timeit/report/summary_writer.h"

namespace timeit {

/// Everything timeit's command line can say. Defaults are the member initialisers.
struct TimeitOptions {
  /// -p: the stderr report in tools/timeit.c's POSIX layout (ignored with --summary).
  bool posix = false;
  /// -t: seconds before the process group is killed; 0 = never.
  double timeout_seconds = 0;
  /// -c: directory the program runs in.
  std::optional<std::string> working_directory;
  /// --summary: file for the tools/timeit.c summary; none = report on stderr.
  std::optional<std::string> summary_path;
  std::optional<std::string> stdin_path;
  std::optional<std::string> stdout_path;
  std::optional<std::string> stderr_path;
  /// --append-exitstatus: append "exit N" to the stdout file and exit 0.
  bool append_exit_status = false;
  /// --report-maxrss: add the peak RSS in bytes to the summary and the report.
  bool report_maxrss = false;
  std::vector<ResourceLimit> limits;
  /// -e: events to count.
  std::vector<std::string> events;
  /// --no-perf: no counters at all, rusage and the wall clock only.
  bool no_perf = false;
  /// -v: say on stderr how counting went (events, fallbacks).
  bool verbose = false;
  /// --user-time: what the `user` line reports.
  UserTimeSource user_time = UserTimeSource::kRusage;
  /// --json: results file the run is added to.
  std::optional<std::string> json_path;
  /// --name: benchmark name in the results file; default: the command line.
  std::optional<std::string> name;
  /// -r: measured runs.
  int repeat = 1;
  /// --warmup: runs made first and not recorded.
  int warmup = 0;
  /// --aggregate: how the summary combines the runs.
  Aggregate aggregate = Aggregate::kMin;
  /// --ignore-failure: keep going after a failed run.
  bool ignore_failure = false;
  /// Hidden, for tests: "fake:FILE" answers with the readings in FILE.
  std::string counter_backend;
  /// The program and its arguments, untouched.
  std::vector<std::string> command;
};

/// Thrown for --help after the usage text has been printed.
struct HelpRequested {};

/// Parses timeit's command line the way tools/timeit.c does (options up to the first
/// argument that is not one, the rest is the command) plus `--` and `--opt=value`.
/// Throws HelpRequested, or a usage Error naming the bad argument.
TimeitOptions ParseTimeitOptions(int argc, char** argv);

}  // namespace timeit
