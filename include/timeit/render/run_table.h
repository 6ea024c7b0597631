#pragma once

#include <span>
#include <string>
#include <string_view>

#include "timeit/measure/measurement.h"

namespace timeit {

/// The stderr report of a series (-r N without --summary): one row per metric with n, min,
/// median, raw MAD, mean ± sample standard deviation, and MAD relative to the median, over
/// the runs that succeeded; then, for each metric with outliers (stats::OutlierFlags), a line
/// naming them by run number (from 1, among all `runs`), which stay in every figure; and a
/// line counting the runs that did not succeed. Rows follow MetricsOf's order.
std::string FormatRunTable(std::span<const Measurement> runs);

/// A metric's name as the table's first column shows it: with " [s]" for seconds and " [B]"
/// for bytes.
std::string MetricLabel(std::string_view name, MetricUnit unit);

/// A value as the table prints it: seconds with 4 decimals, anything else as a whole number.
std::string FormatMetricValue(double value, MetricUnit unit);

}  // namespace timeit
