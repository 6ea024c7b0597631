#pragma once

#include <string>

#include "timeit/stats/samples.h"

/// Reading timeit-results/1 files for comparison.
namespace timeit {

/// Adds the runs in the results file at `path` to `into`. Streams the file (memory stays
/// proportional to the numbers kept, not to the text). Throws an input Error naming the
/// file and what is wrong: unreadable, malformed JSON (with line and column), the wrong
/// schema, a field of the wrong type (with its path, e.g. benchmarks[2].runs[0].metrics.real),
/// a negative metric.
void ReadResultsFile(const std::string& path, SampleSet& into);

}  // namespace timeit
