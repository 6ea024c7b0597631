#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "timeit/host_info.h"
#include "timeit/measurement.h"

namespace timeit {

/// The schema tag of results files; readers refuse any other.
inline constexpr const char* kResultsSchema = "timeit-results/1";

/// One run as a results-file record: `metrics` (name -> number: real, user, sys in
/// seconds, maxrss in bytes, each counted event in seconds or as a count), exit status,
/// failure, rusage extras, and every requested counter with its status.
nlohmann::json RunToJson(const Measurement& run);

nlohmann::json HostToJson(const HostInfo& host);

/// Adds `runs` of the benchmark `name` (run as `command`) to the results file at `path`,
/// creating it with `host` if needed. Safe against any number of concurrent writers
/// (an exclusive flock around read-modify-write) and never leaves a half-written file
/// (the new content is written beside it and renamed over it). A file that exists but is
/// not a results file is left untouched and reported as an input Error.
void AppendRuns(const std::string& path, const std::string& name, const std::vector<std::string>& command,
                const std::vector<nlohmann::json>& runs, const HostInfo& host);

}  // namespace timeit
