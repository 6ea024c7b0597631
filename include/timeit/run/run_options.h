#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "timeit/formats/summary/summary_writer.h"
#include "timeit/measure/child_spec.h"
#include "timeit/measure/series.h"
#include "timeit/run/progress_line.h"
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

/// What a run of timeit does, resolved: the commands, how often and how they run, and
/// where their results go. Defaults are the member initialisers (and those of the library
/// structs it holds). Which counters measure them is not here: the caller makes the
/// backend.
struct RunOptions {
  /// How to start each program: -t, -c, the redirections, the limits, --cpu and --no-aslr
  /// (argv is left empty: each command has its own; message_prefix is the reporter's
  /// program name).
  ChildSpec child;
  /// The commands, in the order given. Empty only with --calibrate alone.
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
  /// -v: say on stderr how counting went (events, fallbacks).
  bool verbose = false;
  /// --json: the results file of the first command, and the one --calibrate without a
  /// command records the calibration in.
  std::optional<std::string> json_path;
  /// --label: what the runs are of (a revision, an order), recorded in each run record;
  /// empty: none.
  std::string label;
  /// --lock-timeout: how long to wait for another writer's lock on the results file.
  double lock_timeout_seconds = 60;
  /// --aggregate: how the summary combines the runs.
  stats::Aggregate aggregate = stats::Aggregate::kMin;
  /// --progress: when the progress line is drawn on the messages while the series runs.
  ProgressMode progress = ProgressMode::kAuto;
  /// --calibrate: measure the clock and timeit's own overhead first (then run the commands,
  /// if there are any).
  bool calibrate = false;
  /// Hidden, for tests: --fake-host DIR reads the host's facts (governor, load average, ...)
  /// from DIR/proc and DIR/sys instead of /proc and /sys, and the clock's read latency from
  /// DIR/clock_latency_ns (nanoseconds) when that file exists.
  std::optional<std::string> fake_host_root;

  /// Where host facts are read: "/", or the test's machine of --fake-host.
  std::filesystem::path host_root() const {
    return fake_host_root ? std::filesystem::path(*fake_host_root) : std::filesystem::path("/");
  }
};

}  // namespace timeit
