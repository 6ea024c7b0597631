#pragma once

namespace timeit {

/// How a run of timeit ended, as far as its exit status is concerned.
enum class RunEnd {
  /// The series ended: timeit exits with the program's code (SeriesResult::exit_code).
  kSeriesEnded,
  /// --append-exitstatus: the program's status went to its stdout file; timeit succeeded.
  kStatusAppended,
  /// --calibrate without a command, done.
  kCalibrated,
  /// timeit was told to stop (`signal`) before the program started.
  kSignalledBeforeStart,
  /// timeit was told to stop (`signal`) after runs were made, or while it calibrated alone.
  kSignalled,
  /// An output failed (a results file, the summary, the exit status), and was reported.
  kOutputFailed,
};

struct RunOutcome {
  RunEnd end = RunEnd::kSeriesEnded;
  /// kSeriesEnded: the program's exit code.
  int program_exit_code = 0;
  /// kSignalledBeforeStart, kSignalled: the signal timeit received.
  int signal = 0;
};

/// timeit's exit code for `outcome` (measure/exit_code.h): the one place a run's end
/// becomes one. (Errors thrown before or instead of an outcome are mapped by the front end.)
int ExitCodeOf(const RunOutcome& outcome);

}  // namespace timeit
