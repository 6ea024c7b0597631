#pragma once

#include <string>
#include <vector>

#include "timeit/stats/samples.h"

/// Reading results files for comparison: timeit-results/2 record streams and
/// timeit-results/1 documents (results_schema.h defines both).
namespace timeit {

/// Adds the runs in the results file at `path` to `into`, pooled by benchmark name, and
/// appends a warning to `warnings` for each line it skipped (an incomplete record left by
/// a writer that was killed) and for an empty file (one a writer has just created). Memory stays proportional to the
/// numbers kept, not to the text. Throws an input Error naming the file and what is wrong: unreadable, malformed JSON
/// (with line and column), the wrong schema, a field of the wrong type (with its path, e.g.
/// benchmarks[2].runs[0].metrics.real or line 7: metrics.real), a negative metric or a number out of range, a key given
/// twice.
void ReadResultsFile(const std::string& path, SampleSet& into, std::vector<std::string>& warnings);

}  // namespace timeit
