#include "compare_figure.h"

#include <algorithm>
#include <cmath>

#include "svg_plot.h"
#include "timeit/base/utf8.h"
#include "timeit/render/number_text.h"

namespace timeit {
namespace {

using svg::Point;

constexpr double kWidth = 620;
constexpr double kHeight = 96;
// The runs' panel: its axis from kRunsFrom to kRunsTo, one lane per side.
constexpr double kRunsFrom = 42;
constexpr double kRunsTo = 392;
constexpr double kBaseLane = 18;
constexpr double kNewLane = 44;
constexpr double kJitter = 14;
constexpr double kAxisY = 62;
// The change's panel.
constexpr double kChangeFrom = 432;
constexpr double kChangeTo = 606;
constexpr double kChangeY = 31;
constexpr double kChangeTop = 6;

bool IsOutlier(const SideSummary& side, double value) {
  return std::find(side.outliers.begin(), side.outliers.end(), value) != side.outliers.end();
}

void DrawSide(svg::Figure& figure, const svg::Scale& x, const SideSummary& side, std::string_view name, double lane,
              svg::Shape shape, std::string_view colour) {
  std::vector<Point> runs, outliers;
  for (size_t i = 0; i < side.values.size(); ++i) {
    double value = side.values[i];
    (IsOutlier(side, value) ? outliers : runs).push_back({x(value), lane + svg::Jitter(i, kJitter)});
  }
  std::string runs_class = "runs " + std::string(name);
  std::string outliers_class = "outliers " + std::string(name);
  figure.Dots(runs, {.shape = shape, .colour = colour, .size = 5, .opacity = 0.85, .css_class = runs_class});
  figure.Dots(outliers, {.shape = svg::Shape::kCross, .colour = colour, .size = 6, .css_class = outliers_class});
  if (!side.values.empty()) {
    figure.Line({x(side.median), lane - 11}, {x(side.median), lane + 11}, {.colour = colour, .width = 2.5});
  }
}

// The panel of the change: new/base, or new - base for a shift, with its interval.
void DrawChange(svg::Figure& figure, const ComparisonRow& row, bool seconds, double threshold) {
  const Effect& effect = row.effect;
  bool ratio = std::isfinite(effect.ratio);
  double estimate = ratio ? effect.ratio : effect.shift;
  if (!std::isfinite(estimate)) return;
  double lower = ratio ? effect.ratio_lower : effect.shift_lower;
  double upper = ratio ? effect.ratio_upper : effect.shift_upper;
  bool bounded = std::isfinite(lower) && std::isfinite(upper);
  double none = ratio ? 1 : 0;
  // Changes within the threshold, which no verdict reports: relative, so for a shift
  // measured from the base median where it is positive.
  double band = ratio ? threshold : (row.base.median > 0 ? threshold * row.base.median : 0);
  double lo = std::min({estimate, none - band, bounded ? lower : estimate});
  double hi = std::max({estimate, none + band, bounded ? upper : estimate});
  bool log = ratio && svg::PreferLog(lo, hi, 2);
  svg::Range range = svg::PaddedRange(lo, hi, log, 0.08);
  svg::Scale x = log ? svg::Scale::Log(range.lo, range.hi, kChangeFrom, kChangeTo)
                     : svg::Scale::Linear(range.lo, range.hi, kChangeFrom, kChangeTo);
  if (band > 0) figure.Band({x(none - band), kChangeTop}, {x(none + band), kAxisY}, svg::ink::kBand);
  figure.Line({x(none), kChangeTop}, {x(none), kAxisY}, {.colour = svg::ink::kAxis, .dash = "3 2"});
  std::string_view colour = row.verdict == Verdict::kRegressed  ? svg::ink::kVermillion
                            : row.verdict == Verdict::kImproved ? svg::ink::kBluishGreen
                                                                : svg::ink::kBlack;
  if (bounded) figure.Interval(x(lower), x(upper), kChangeY, 9, {.colour = colour, .width = 1.5});
  figure.Dots({{x(estimate), kChangeY}}, {.colour = colour, .size = 7, .css_class = "estimate"});
  if (ratio) {
    figure.BottomAxis(x, kAxisY, bounded ? "new/base with its interval" : "new/base (interval unbounded)", false, 3);
  } else {
    figure.BottomAxis(x, kAxisY, bounded ? "new - base with its interval" : "new - base (interval unbounded)", seconds,
                      3);
  }
}

}  // namespace

std::string CompareRowFigure(const ComparisonRow& row, double threshold) {
  double lo = INFINITY, hi = -INFINITY;
  for (const SideSummary* side : {&row.base, &row.candidate}) {
    for (double value : side->values) {
      lo = std::min(lo, value);
      hi = std::max(hi, value);
    }
  }
  if (!(lo <= hi)) return "";
  bool seconds = IsSeconds(row.metric);
  bool log = svg::PreferLog(lo, hi, 10);
  svg::Range range = svg::PaddedRange(lo, hi, log, 0.04);
  svg::Scale x = log ? svg::Scale::Log(range.lo, range.hi, kRunsFrom, kRunsTo)
                     : svg::Scale::Linear(range.lo, range.hi, kRunsFrom, kRunsTo);
  svg::Figure figure(kWidth, kHeight, "runs of each side and the change");
  figure.Text({kRunsFrom - 8, kBaseLane + 3.5}, "base", svg::Anchor::kEnd);
  figure.Text({kRunsFrom - 8, kNewLane + 3.5}, "new", svg::Anchor::kEnd);
  DrawSide(figure, x, row.base, "base", kBaseLane, svg::Shape::kCircle, svg::ink::kBlue);
  DrawSide(figure, x, row.candidate, "new", kNewLane, svg::Shape::kSquare, svg::ink::kOrange);
  figure.BottomAxis(x, kAxisY, EscapeForDisplay(row.metric), seconds);
  DrawChange(figure, row, seconds, threshold);
  return figure.Finish();
}

}  // namespace timeit
