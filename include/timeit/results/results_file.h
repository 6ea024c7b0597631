#pragma once

#include <string>
#include <vector>

#include "timeit/measure/measurement.h"
#include "timeit/results/host_info.h"

namespace timeit {

/// The schema tag of results files; readers refuse any other.
inline constexpr const char* kResultsSchema = "timeit-results/1";

/// Checks, before anything runs, that `path` can take runs: absent in a directory timeit
/// can write, or a regular, writable file that is empty or a results file timeit-compare
/// reads. Never blocks: a FIFO or device is refused without being opened for reading or
/// writing. Throws a setup Error saying what is wrong, so that a night of runs is not
/// measured only to be lost at the first save.
void CheckResultsTarget(const std::string& path);

/// Adds `runs` of the benchmark `name` (run as `command`) to the results file at `path`,
/// creating it with `host` if needed. Safe against any number of concurrent writers
/// (an exclusive flock around read-modify-write) and never leaves a half-written file
/// (the new content is written beside it and renamed over it). A file that exists but is
/// not a results file is left untouched and reported as an input Error.
void AppendRuns(const std::string& path, const std::string& name, const std::vector<std::string>& command,
                const std::vector<Measurement>& runs, const HostInfo& host);

}  // namespace timeit
