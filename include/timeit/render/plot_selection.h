#pragma once

#include <string_view>

#include "timeit/base/spellings.h"

namespace timeit {

/// Which rows of a comparison, or series of a history, an HTML report draws a figure for
/// (--plot).
enum class PlotSelection {
  /// The rows that regressed or improved; the series with a change point.
  kFlagged,
  /// Every row, every series.
  kAll,
  /// None.
  kNone,
};

inline constexpr Spellings<PlotSelection, 3> kPlotSelectionSpellings = {{
    {"flagged", PlotSelection::kFlagged},
    {"all", PlotSelection::kAll},
    {"none", PlotSelection::kNone},
}};

/// "flagged", "all", "none".
constexpr std::string_view PlotSelectionName(PlotSelection plots) { return SpellingOf(kPlotSelectionSpellings, plots); }

}  // namespace timeit
