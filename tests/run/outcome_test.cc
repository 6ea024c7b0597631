#include "timeit/run/outcome.h"

#include <gtest/gtest.h>
#include <signal.h>

namespace timeit {
namespace {

// The codes of the table of exit codes in docs/options.md, written out rather than taken from
// measure/exit_code.h, so that a changed constant is caught here too.
TEST(RunOutcomeTest, EachEndHasTheDocumentedExitCode) {
  EXPECT_EQ(ExitCodeOf({.end = RunEnd::kSeriesEnded, .program_exit_code = 0}), 0);
  EXPECT_EQ(ExitCodeOf({.end = RunEnd::kSeriesEnded, .program_exit_code = 3}), 3);      // the program's
  EXPECT_EQ(ExitCodeOf({.end = RunEnd::kSeriesEnded, .program_exit_code = 137}), 137);  // killed: passed on as it came
  EXPECT_EQ(ExitCodeOf({.end = RunEnd::kStatusAppended, .program_exit_code = 3}), 0);   // --append-exitstatus
  EXPECT_EQ(ExitCodeOf({.end = RunEnd::kCalibrated}), 0);
  EXPECT_EQ(ExitCodeOf({.end = RunEnd::kSignalledBeforeStart, .signal = SIGINT}), 68);
  EXPECT_EQ(ExitCodeOf({.end = RunEnd::kSignalled, .signal = SIGINT}), 130);
  EXPECT_EQ(ExitCodeOf({.end = RunEnd::kSignalled, .signal = SIGTERM}), 143);
  EXPECT_EQ(ExitCodeOf({.end = RunEnd::kOutputFailed, .program_exit_code = 3}), 66);
}

}  // namespace
}  // namespace timeit
