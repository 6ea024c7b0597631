#pragma once

#include <string>

#include "timeit/history/history_report.h"

/// The figure of one series of a history, for the HTML page. Private to the render library.
namespace timeit {

/// An <svg> of `series` (one of report.series), about 640 x 172 px, over every night of
/// the report (x: the night's index; y: the metric, in its unit, on a log scale where the
/// values span a factor of 10 or more): every run of every night as a faint grey dot; the
/// nights' summaries as a black line, broken where a night has no runs (a gap shows as a
/// gap) and a dot for a night alone between gaps; each change point as a dashed vertical
/// line between the last night at the old level and the first at the new, vermillion for a
/// regression and bluish green for an improvement, with a triangle at its top pointing the
/// way the level moved and its night, label and levels on hover; and the level of each
/// stretch between change points (ChangePoint::before, after) as a blue horizontal
/// segment across it.
std::string HistorySeriesFigure(const history::HistoryReport& report, const history::HistorySeries& series);

}  // namespace timeit
