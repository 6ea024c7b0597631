#include "history_figure.h"

#include <algorithm>
#include <cmath>

#include "svg_plot.h"
#include "timeit/base/utf8.h"
#include "timeit/render/number_text.h"

namespace timeit {
namespace {

using svg::Point;

constexpr double kWidth = 640;
constexpr double kHeight = 172;
constexpr double kLeft = 62;
constexpr double kRight = 628;
constexpr double kTop = 22;
constexpr double kBottom = 138;
constexpr double kAxisY = 144;

const char* DirectionWord(history::Direction direction) {
  return direction == history::Direction::kRegressed ? "regressed" : "improved";
}

}  // namespace

std::string HistorySeriesFigure(const history::HistoryReport& report, const history::HistorySeries& series) {
  const history::NightSeries& nights = series.nights;
  const history::SeriesAnalysis& analysis = series.analysis;
  double lo = INFINITY, hi = -INFINITY;
  for (size_t p = 0; p < nights.size(); ++p) {
    for (double value : nights.runs(p)) {
      lo = std::min(lo, value);
      hi = std::max(hi, value);
    }
  }
  for (double value : analysis.summaries) {
    lo = std::min(lo, value);
    hi = std::max(hi, value);
  }
  if (!(lo <= hi)) return "";
  bool seconds = IsSeconds(series.metric);
  bool log = analysis.scale == history::Scale::kLog && svg::PreferLog(lo, hi, 10);
  svg::Range range = svg::PaddedRange(lo, hi, log, 0.06);
  svg::Scale y =
      log ? svg::Scale::Log(range.lo, range.hi, kBottom, kTop) : svg::Scale::Linear(range.lo, range.hi, kBottom, kTop);
  double count = static_cast<double>(report.nights.size());
  svg::Scale x = svg::Scale::Linear(-0.5, count - 0.5, kLeft, kRight);
  // A night's runs spread across part of its width, so that its equal runs do not hide one another.
  double spread = std::min((kRight - kLeft) / std::max(count, 1.0) * 0.5, 6.0);

  svg::Figure figure(kWidth, kHeight, "runs of every night, their summaries and the change points");
  std::vector<Point> runs;
  for (size_t p = 0; p < nights.size(); ++p) {
    std::span<const double> values = nights.runs(p);
    double at = x(static_cast<double>(nights.index(p)));
    for (size_t i = 0; i < values.size(); ++i) runs.push_back({at + svg::Jitter(i, spread), y(values[i])});
  }
  figure.Dots(runs, {.colour = svg::ink::kFaint, .size = 3.5, .opacity = 0.6, .css_class = "runs"});

  // The summaries, one line per run of consecutive nights; a night alone is a dot.
  std::vector<std::vector<Point>> pieces;
  std::vector<Point> alone;
  for (size_t i = 0; i < analysis.nights.size() && i < analysis.summaries.size(); ++i) {
    Point point{x(static_cast<double>(analysis.nights[i])), y(analysis.summaries[i])};
    if (i == 0 || analysis.nights[i] != analysis.nights[i - 1] + 1) pieces.emplace_back();
    pieces.back().push_back(point);
  }
  for (const std::vector<Point>& piece : pieces) {
    if (piece.size() == 1) alone.push_back(piece.front());
  }
  figure.Polyline(pieces, {.colour = svg::ink::kBlack, .width = 1.3}, "summaries");
  figure.Dots(alone, {.colour = svg::ink::kBlack, .size = 3.5, .css_class = "summaries"});

  // Each change sits between the last night at the old level and the first at the new;
  // the stretches between changes (and the ends) carry their levels.
  const std::vector<history::ChangePoint>& changes = analysis.change_points;
  std::vector<double> boundaries;
  for (const history::ChangePoint& change : changes) {
    double previous = change.position > 0 ? static_cast<double>(nights.index(change.position - 1))
                                          : static_cast<double>(change.index) - 1;
    boundaries.push_back(x((previous + static_cast<double>(change.index)) / 2));
  }
  double start = nights.empty() ? kLeft : x(static_cast<double>(nights.index(0)) - 0.3);
  double end = nights.empty() ? kRight : x(static_cast<double>(nights.index(nights.size() - 1)) + 0.3);
  svg::Stroke level{.colour = svg::ink::kBlue, .width = 2.5, .opacity = 0.85};
  for (size_t k = 0; k < changes.size(); ++k) {
    double from = k == 0 ? start : boundaries[k - 1];
    double to = k + 1 < changes.size() ? boundaries[k + 1] : end;
    figure.Line({from, y(changes[k].before)}, {boundaries[k], y(changes[k].before)}, level);
    figure.Line({boundaries[k], y(changes[k].after)}, {to, y(changes[k].after)}, level);
  }
  for (size_t k = 0; k < changes.size(); ++k) {
    const history::ChangePoint& change = changes[k];
    std::string_view colour =
        change.direction == history::Direction::kRegressed ? svg::ink::kVermillion : svg::ink::kBluishGreen;
    std::string tooltip = "night " + std::to_string(change.index) + " (" +
                          EscapeForDisplay(report.nights[change.index].label) +
                          "): " + DirectionWord(change.direction) + ", " + Quantity(change.before, seconds, 4) +
                          " -> " + Quantity(change.after, seconds, 4);
    figure.Line({boundaries[k], kTop - 4}, {boundaries[k], kBottom}, {.colour = colour, .width = 1.5, .dash = "4 3"},
                tooltip);
    figure.Dots({{boundaries[k], kTop - 8}},
                {.shape = change.increased ? svg::Shape::kTriangleUp : svg::Shape::kTriangleDown,
                 .colour = colour,
                 .size = 8,
                 .tooltip = tooltip,
                 .css_class = "change"});
  }
  figure.LeftAxis(y, kLeft - 4, EscapeForDisplay(series.metric), seconds);
  figure.BottomIndexAxis(x, kAxisY, "night");
  return figure.Finish();
}

}  // namespace timeit
