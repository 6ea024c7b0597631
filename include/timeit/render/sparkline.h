#pragma once

#include <cstddef>
#include <span>
#include <string>

namespace timeit {

/// `values` as one line of block characters (▁▂▃▄▅▆▇█), the lowest value ▁ and the highest █
/// on a linear scale (all equal: ▄), a NaN (a gap) as a space. Beyond `width` values, each
/// character stands for a run of consecutive values, drawn at their median (a gap only where
/// all are gaps), so that a step stays a step and one slow value does not fill a character.
std::string Sparkline(std::span<const double> values, size_t width);

/// The same on a scale given: `lo` drawn ▁ and `hi` █ (values beyond them as the nearest),
/// so that several lines can share one scale; lo == hi draws ▄.
std::string Sparkline(std::span<const double> values, size_t width, double lo, double hi);

}  // namespace timeit
