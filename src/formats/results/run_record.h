#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "timeit/formats/results/run_identity.h"
#include "timeit/formats/results/series_record.h"
#include "timeit/measure/host_info.h"
#include "timeit/measure/measurement.h"

/// The lines of a timeit-results/2 file, as results_schema.h defines them. Private to the
/// results library (and its tests).
namespace timeit {

/// The header line: {"schema":"timeit-results/2","host":{...}} and '\n'.
std::string EncodeHeaderLine(const HostInfo& host);

/// One run of `identity` as one line ended by '\n': "benchmark", "outcome" and "metrics"
/// first, then the exit status, start time, label (when there is one), command, rusage
/// extras and every requested counter with its status and raw reading.
std::string EncodeRunLine(const RunIdentity& identity, const Measurement& run);

/// The series record as one line ended by '\n': {"series": {"benchmarks", "order", "seed"
/// (random order only), "stopped", "target_rmad", "primary_metric", "rmad", "runs",
/// "load_average": {"start", "end"}, "warnings", "host"}}. Unknown numbers are null.
std::string EncodeSeriesLine(const SeriesRecord& record);

}  // namespace timeit
