#include "timeit/run/outcome.h"

#include "timeit/measure/exit_code.h"

namespace timeit {

int ExitCodeOf(const RunOutcome& outcome) {
  switch (outcome.end) {
    case RunEnd::kSeriesEnded:
      return outcome.program_exit_code;
    case RunEnd::kStatusAppended:
    case RunEnd::kCalibrated:
      return exit_code::kSuccess;
    case RunEnd::kSignalledBeforeStart:
      return exit_code::kSignalledBeforeStart;
    case RunEnd::kSignalled:
      return exit_code::kSignalBase + outcome.signal;
    case RunEnd::kOutputFailed:
      return exit_code::kSetupFailure;
  }
  return exit_code::kInternalError;
}

}  // namespace timeit
