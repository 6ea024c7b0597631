// timeit: run a command once, measure it with kernel counters, and report it the way
// the LLVM test-suite's tools/timeit.c does.
#include <unistd.h>

#include <cstdlib>
#include <iostream>
#include <memory>
#include <string>

#include "command_line.h"
#include "options.h"
#include "timeit/base/utf8.h"
#include "timeit/measure/counter_backend.h"
#include "timeit/measure/exit_code.h"
#include "timeit/measure/launcher.h"
#include "timeit/run/run.h"
#include "timeit/sys/terminal.h"

namespace timeit {
namespace {

/// timeit's codes for the ways it ends besides its run's outcome (measure/exit_code.h).
constexpr ToolExitCodes kExitCodes = {.help = exit_code::kSuccess,
                                      .usage = exit_code::kUsage,
                                      .failure = exit_code::kSetupFailure,
                                      .internal = exit_code::kInternalError,
                                      .usage_hint = true};

std::unique_ptr<CounterBackend> MakeBackend(const TimeitOptions& options) {
  if (options.no_perf) return MakeNoCounterBackend("disabled by --no-perf");
  if (options.fake_counter_file) return MakeFakeCounterBackend(options.events, *options.fake_counter_file);
  return MakeDefaultCounterBackend(options.events);
}

/// What stderr, where the messages go, is: a terminal that redraws in place, and whether
/// the program's stdout (timeit's, unless redirected) writes to the same place.
MessagesTerminal MessagesTerminalOfStderr() {
  const char* term = std::getenv("TERM");
  MessagesTerminal terminal;
  terminal.redraws =
      ::isatty(STDERR_FILENO) && RedrawsInPlace(term ? std::optional<std::string_view>(term) : std::nullopt);
  terminal.shared_with_stdout = SameOpenFile(STDOUT_FILENO, STDERR_FILENO);
  terminal.columns = [] { return TerminalColumns(STDERR_FILENO).value_or(80); };
  terminal.foreground = [] { return InForeground(STDERR_FILENO); };
  return terminal;
}

int Main(int argc, char** argv) {
  // argv[0] as typed, like tools/timeit.c, so messages name the binary the user ran.
  const std::string program = argc > 0 && argv[0] && *argv[0] ? EscapeForDisplay(argv[0]) : "timeit";
  return RunTool(program, kExitCodes, [&] {
    TimeitOptions options = ParseTimeitOptions(argc, argv);
    std::unique_ptr<CounterBackend> counters = MakeBackend(options);
    ResultsFiles results;
    Reporter reporter(program, std::cerr, std::cout, MessagesTerminalOfStderr());
    RunOutcome outcome = RunAndReport(options, *counters, Launch, results, reporter);
    // After the --json file took it: nothing measured is lost.
    if (outcome.end == RunEnd::kCalibrated) CheckStandardOutput("calibration");
    return ExitCodeOf(outcome);
  });
}

}  // namespace
}  // namespace timeit

int main(int argc, char** argv) { return timeit::Main(argc, argv); }
