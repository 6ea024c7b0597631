#pragma once

#include <span>
#include <string>

#include "timeit/measure/measurement.h"

namespace timeit {

/// The stderr report of a series (-r N without --summary): one row per metric with n, min,
/// median, raw MAD, mean ± sample standard deviation, and MAD relative to the median, over
/// the runs that succeeded, plus a line counting the runs that did not. Rows follow
/// MetricsOf's order.
std::string FormatRunTable(std::span<const Measurement> runs);

}  // namespace timeit
