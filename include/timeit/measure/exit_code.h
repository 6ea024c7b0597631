#pragma once

namespace timeit {

/// Exit codes of `timeit`, the same contract as the LLVM test-suite's tools/timeit.c.
/// The monitored program's own exit code is passed through unchanged; a program killed
/// by signal s gives 128 + s (so a timeout, which sends SIGKILL, gives 137).
namespace exit_code {
inline constexpr int kSuccess = 0;
/// Bad command line: unknown option, missing value, no command, unknown event.
inline constexpr int kUsage = 1;
/// An unexpected internal error (an exception no code path handles: a bug), reported with
/// a message rather than a core dump.
inline constexpr int kInternalError = 2;
/// Setting up the program failed (redirect, chdir), or monitoring it failed (fork,
/// wait, writing the summary or results file).
inline constexpr int kSetupFailure = 66;
/// exec failed for a reason other than "not found" / "not executable".
inline constexpr int kExecFailure = 67;
/// timeit received SIGINT/SIGTERM before the program was started.
inline constexpr int kSignalledBeforeStart = 68;
/// exec failed with EACCES (and friends): the file is not executable.
inline constexpr int kNotExecutable = 126;
/// exec failed with ENOENT: the program does not exist.
inline constexpr int kNotFound = 127;
/// Base added to a signal number when the program was killed by it (shell convention).
inline constexpr int kSignalBase = 128;
}  // namespace exit_code

/// The one mapping from a wait(2) status to an exit code: exit n -> n, signal s -> 128 + s.
int ExitCodeFromWaitStatus(int wait_status);

/// The exit code for an exec(2) that failed with `error` (an errno value).
int ExitCodeFromExecErrno(int error);

}  // namespace timeit
