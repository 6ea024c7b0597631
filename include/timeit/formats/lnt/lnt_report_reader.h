#pragma once

#include <string>
#include <string_view>

#include "timeit/samples/samples.h"

/// Reading LNT reports.
namespace timeit {

/// An LNT report of format version 2: each number of a metric is one run's.
void ReadLntReport(const std::string& path, std::string_view text, SampleSet& into);

}  // namespace timeit
