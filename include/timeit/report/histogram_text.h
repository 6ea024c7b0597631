#pragma once

#include <cstddef>
#include <span>
#include <string>

/// Histograms drawn in a terminal line.
namespace timeit {

/// One character per bin: a space for an empty bin, else the block ▁▂▃▄▅▆▇█ of the eighth
/// that holds count / scale, rounded up (so a bin holding one run never looks empty, and only
/// a bin above 7/8 of `scale` is full). `scale` is the count drawn full height, the largest
/// bin of everything drawn on one scale (both sides of a row); counts above it are drawn
/// full. UTF-8; 0 < scale, else every bin is a space.
std::string FormatHistogramBars(std::span<const size_t> counts, size_t scale);

}  // namespace timeit
