#pragma once

#include <cstddef>
#include <span>
#include <string>
#include <string_view>

#include "timeit/measure/measurement.h"

namespace timeit {

/// How many bins a histogram of `n` values gets: Sturges' ceil(log2 n) + 1, at most 10 (a
/// terminal line), at least 1. 20 runs get 6 bins, 100 get 8.
int HistogramBins(size_t n);

/// A histogram of `values` on one line for a terminal, ended by '\n':
///   "task-clock [s]           0.0990 ▂█   ▁ 0.1600  (6 log bins: 1 5 0 0 0 1)"
/// `label` padded to the run table's first column, the smallest positive value, one block
/// character per log-spaced bin (stats::LogHistogram from the smallest to the largest
/// value) with ▁ to █ scaled to the fullest bin and a space for an empty one, the largest
/// value, and the counts. Values are printed as the run table prints `unit`. Values that are
/// not positive have no log bin and are counted at the end ("2 not positive"); with no
/// positive value at all the line says so instead of drawing.
std::string FormatHistogram(std::string_view label, std::span<const double> values, MetricUnit unit, int bins);

}  // namespace timeit
