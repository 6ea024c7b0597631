#pragma once

#include <cstddef>
#include <span>
#include <string>
#include <string_view>

#include "timeit/measure/measurement.h"

/// Histograms drawn in a terminal line.
namespace timeit {

/// One character per bin: a space for an empty bin, else the block ▁▂▃▄▅▆▇█ of the eighth
/// that holds count / scale, rounded up (so a bin holding one run never looks empty, and only
/// a bin above 7/8 of `scale` is full). `scale` is the count drawn full height, the largest
/// bin of everything drawn on one scale (both sides of a row); counts above it are drawn
/// full. UTF-8; 0 < scale, else every bin is a space.
std::string FormatHistogramBars(std::span<const size_t> counts, size_t scale);

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
