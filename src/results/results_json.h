#pragma once

#include <nlohmann/json.hpp>

#include "timeit/measure/measurement.h"
#include "timeit/results/host_info.h"

/// The JSON records of a results file. Private to the results library (and its tests):
/// no public header exposes nlohmann.
namespace timeit {

/// One run as a results-file record: `metrics` (name -> number: real, user, sys in
/// seconds, maxrss in bytes, each counted event in seconds or as a count), exit status,
/// failure, rusage extras, and every requested counter with its status.
nlohmann::json RunToJson(const Measurement& run);

nlohmann::json HostToJson(const HostInfo& host);

}  // namespace timeit
