#include "history_lines.h"

#include <cmath>
#include <limits>

#include "timeit/base/text_format.h"
#include "timeit/render/history_renderer.h"
#include "timeit/render/number_text.h"
#include "timeit/render/sparkline.h"

namespace timeit {
namespace {

using history::ChangePoint;
using history::HistoryChange;
using history::HistoryReport;
using history::HistorySeries;

std::string Plural(size_t count, const char* one, const char* many) {
  return std::to_string(count) + " " + (count == 1 ? one : many);
}

// The series' night summaries, one value per night given, NaN where it has none.
std::vector<double> NightValues(const HistoryReport& report, const HistorySeries& series) {
  std::vector<double> values(report.nights.size(), std::numeric_limits<double>::quiet_NaN());
  const history::SeriesAnalysis& analysis = series.analysis;
  for (size_t i = 0; i < analysis.nights.size() && i < analysis.summaries.size(); ++i) {
    values[analysis.nights[i]] = analysis.summaries[i];
  }
  return values;
}

// "1.100 [1.089, 1.112]", or for a shift "+3 [+2, +4]"; "-" for an unbounded end.
std::string ChangeText(const ChangePoint& change, history::Scale scale) {
  if (scale == history::Scale::kLog) {
    return RatioBound(change.estimate) + " [" + RatioBound(change.lower) + ", " + RatioBound(change.upper) + "]";
  }
  auto signed_number = [](double value) {
    return std::isfinite(value) && value > 0 ? "+" + Number(value) : Number(value);
  };
  return signed_number(change.estimate) + " [" + signed_number(change.lower) + ", " + signed_number(change.upper) + "]";
}

}  // namespace

const char* DirectionName(history::Direction direction) {
  return direction == history::Direction::kRegressed ? "regressed" : "improved";
}

std::string HistorySummaryLines(const HistoryReport& report, NameWriter name) {
  const std::vector<history::NightInfo>& nights = report.nights;
  std::string text = Plural(nights.size(), "night", "nights") + " (" + name(nights.front().label) + " .. " +
                     name(nights.back().label) + "), " + Plural(report.series.size(), "series", "series") +
                     "; a series without change shows one with probability " + Number(report.options.settings.alpha) +
                     "\n";
  size_t skipped = 0;
  for (const history::NightInfo& night : nights) skipped += night.skipped ? 1 : 0;
  if (skipped > 0)
    text += Plural(skipped, "night was", "nights were") + " skipped (unreadable): gaps in every series\n";
  if (report.too_few_nights > 0) {
    text += Plural(report.too_few_nights, "series has", "series have") +
            " too few nights to analyse (a level must hold several nights on each side of a change)\n";
  }
  if (report.changes.empty()) {
    text += "no change point\n";
    return text;
  }
  size_t recent_regressions = 0;
  for (const HistoryChange& change : report.changes) {
    recent_regressions += change.recent && change.change.direction == history::Direction::kRegressed ? 1 : 0;
  }
  text += Plural(report.changes.size(), "change point", "change points") + ": " +
          Plural(report.regressions(), "regression", "regressions") + ", " +
          Plural(report.improvements(), "improvement", "improvements") + "; " +
          Plural(recent_regressions, "regression", "regressions") + " in the last " +
          Plural(std::min(report.options.recent, nights.size()), "night", "nights") + " (their nights marked " +
          name("*") + ")\n";
  return text;
}

Cells HistoryHeader(bool sparklines) {
  Cells header = {"night", "label", "change", "benchmark", "metric", "before", "after", "ratio or shift [95%]",
                  "p",     "held"};
  if (sparklines) header.push_back("nights");
  return header;
}

bool HistoryColumnLeftAligned(size_t column) {
  // night, p and held are numbers; levels and the change read best left-aligned as words do.
  return column != 0 && column != 8 && column != 9;
}

Cells HistoryCells(const HistoryReport& report, const HistoryChange& item, NameWriter name, bool sparklines) {
  const HistorySeries& series = report.series[item.series];
  const ChangePoint& change = item.change;
  bool seconds = IsSeconds(series.metric);
  std::string held = std::to_string(change.held);
  if (change.until) held += " (to " + name(report.nights[*change.until].label) + ")";
  Cells cells = {std::to_string(change.index) + (item.recent ? name("*") : ""),
                 name(report.nights[change.index].label),
                 DirectionName(change.direction),
                 name(series.benchmark),
                 name(series.metric),
                 Quantity(change.before, seconds, 4),
                 Quantity(change.after, seconds, 4),
                 ChangeText(change, series.analysis.scale),
                 (change.p_is_bound ? "<" : "") + PValue(change.p_value),
                 held};
  if (sparklines) cells.push_back(Sparkline(NightValues(report, series), kHistorySparklineWidth));
  return cells;
}

}  // namespace timeit
