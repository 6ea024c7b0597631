#pragma once

#include <chrono>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "timeit/formats/results/run_identity.h"
#include "timeit/measure/host_info.h"
#include "timeit/measure/measurement.h"

/// Writing results files (timeit-results/2, see results_schema.h).
namespace timeit {

/// How long a writer waits for another writer's lock, and what else ends the wait.
struct LockWait {
  std::chrono::duration<double> timeout{60};
  /// Asked while waiting: the signal that should end the wait (one the caller was sent,
  /// such as Ctrl-C), or nullopt to go on waiting. Empty: only the timeout ends it.
  std::function<std::optional<int>()> stop_signal = {};
};

/// Checks, before anything runs, that `path` can take runs: absent in a directory timeit
/// can write, or a regular file timeit can read and write that is empty or a
/// timeit-results/2 file (only its first line is read, so the check costs the same at any
/// size). Never blocks: a FIFO or device is refused without being opened. Throws an input
/// Error saying what is wrong, so that a night of runs is not measured only to be lost at
/// the first save.
void CheckResultsTarget(const std::string& path);

/// Adds `runs` of `identity` (a benchmark, its command, the label of its runs) at the end
/// of the results file at `path`, creating it with a header for `host` if needed. The work
/// does not depend on the size of the file: the lines are added with one write, under an
/// exclusive flock, to a descriptor opened O_APPEND; nothing already in the file is read
/// but its first line and its last byte. A line left incomplete by a writer that was killed
/// is ended first, so the new runs start on a line of their own.
///
/// Waiting for another writer's lock ends after wait.timeout, or at once when
/// wait.stop_signal names a signal: both throw a system Error, and the file is left as
/// it was. A file that is not a timeit-results/2 file is left untouched: an input Error.
/// Returns whether it wrote the header (the file was new, empty, or its header cut short):
/// only then does the file record `host`. With no runs it writes at most the header.
bool AppendRuns(const std::string& path, const RunIdentity& identity, const std::vector<Measurement>& runs,
                const HostInfo& host, const LockWait& wait);

}  // namespace timeit
