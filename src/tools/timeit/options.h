#pragma once

#include <optional>
#include <string>
#include <vector>

#include "timeit/run/run_options.h"

namespace timeit {

/// Everything timeit's command line can say: what the run does (RunOptions, run/run_options.h),
/// which counters measure it, and the options as given, from which the parse resolves the
/// run's.
struct TimeitOptions : RunOptions {
  /// -e: events to count.
  std::vector<std::string> events;
  /// --no-perf: no counters at all, rusage and the wall clock only.
  bool no_perf = false;
  /// Hidden, for tests: --counter-backend fake:FILE answers with the readings in FILE.
  std::optional<std::string> fake_counter_file;
  /// --json-per-test: the test-suite's build directory, which the summary must be under.
  std::optional<std::string> json_per_test_root;
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
