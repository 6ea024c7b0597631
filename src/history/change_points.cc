#include "timeit/history/change_points.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <span>
#include <utility>
#include <vector>

#include "timeit/base/check.h"
#include "timeit/history/guard.h"
#include "timeit/history/night_summary.h"
#include "timeit/history/segmentation.h"
#include "timeit/stats/hodges_lehmann.h"
#include "timeit/stats/mann_whitney.h"
#include "timeit/stats/statistics.h"

namespace timeit::history {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// The Hodges-Lehmann shift between the summaries of two segments (in the analysis scale)
// and the interval that inverts the Mann-Whitney test on them, nights as samples, as
// timeit-compare's rows: into change.estimate, lower and upper (NaN where unbounded).
void MeasureShift(std::span<const double> before, std::span<const double> after, ChangePoint& change) {
  stats::HodgesLehmann pairs(before, after, stats::HodgesLehmann::Scale::kLinear);
  stats::PooledRanks ranks = stats::RankPooled(before, after);
  stats::UNullDistribution null = stats::NullDistribution(ranks, stats::MannWhitneyMethod::kExact);
  stats::ShiftInterval interval = pairs.Interval(stats::IntervalReach(null, ranks.u2, 1 - kChangeConfidence));
  change.estimate = pairs.Estimate() + 0.0;  // never -0
  bool bounded = std::isfinite(interval.lower) && std::isfinite(interval.upper);
  change.lower = bounded ? interval.lower : kNaN;
  change.upper = bounded ? interval.upper : kNaN;
}

ChangePoint Describe(const SeriesAnalysis& analysis, std::span<const double> summaries, const std::vector<size_t>& cuts,
                     size_t i, const CutEvidence& evidence, const HistorySettings& settings) {
  const size_t left = i > 0 ? cuts[i - 1] : 0;
  const size_t cut = cuts[i];
  const size_t right = i + 1 < cuts.size() ? cuts[i + 1] : summaries.size();
  std::span<const double> before = summaries.subspan(left, cut - left);
  std::span<const double> after = summaries.subspan(cut, right - cut);
  ChangePoint change;
  change.index = analysis.nights[cut];
  change.position = cut;
  change.increased = evidence.split > 0;
  change.direction = change.increased == settings.higher_is_worse ? Direction::kRegressed : Direction::kImproved;
  change.before = stats::Median(before);
  change.after = stats::Median(after);
  MeasureShift(before, after, change);
  if (analysis.scale == Scale::kLog) {
    for (double* value : {&change.before, &change.after, &change.estimate, &change.lower, &change.upper}) {
      *value = std::exp(*value);
    }
  }
  change.p_estimate = evidence.p.p;
  change.p_is_bound = evidence.p.is_bound();
  change.p_value = change.p_is_bound ? evidence.p.smallest_tabulated : evidence.p.p;
  change.held = right - cut;
  if (right < summaries.size()) change.until = analysis.nights[right];
  return change;
}

// The summaries times the power of 2 that brings the largest magnitude near 1, and that
// power: exact, so the search decides as it would on the summaries themselves, but its sums
// of squares can neither overflow (linear values of 1e160 and more) nor vanish (1e-160 and
// less). Logarithms need none: they are within 745 of 0.
std::pair<std::vector<double>, int> ScaledNearOne(std::span<const double> summaries) {
  double largest = 0;
  for (double value : summaries) largest = std::max(largest, std::fabs(value));
  std::vector<double> scaled(summaries.begin(), summaries.end());
  if (!(largest > 0) || !std::isfinite(largest)) return {scaled, 0};
  const int exponent = std::ilogb(largest);
  for (double& value : scaled) value = std::ldexp(value, -exponent);
  return {scaled, exponent};
}

}  // namespace

SeriesAnalysis AnalyseSeries(const NightSeries& series, const HistorySettings& settings) {
  TIMEIT_CHECK(settings.alpha > 0 && settings.alpha < 1, "alpha in (0, 1)");
  SeriesAnalysis analysis;
  analysis.scale = ScaleOf(series);
  analysis.min_hold = MinimumHold(series);
  analysis.nights = series.indices();
  for (size_t j = 0; j < series.size(); ++j) analysis.runs.push_back(series.runs(j).size());
  NightSummaries summaries = SummarizeNights(series, analysis.scale);
  analysis.within_night_spread = summaries.within_night_scale;
  for (double value : summaries.values) {
    analysis.summaries.push_back(analysis.scale == Scale::kLog ? std::exp(value) : value);
  }
  const auto [searched, exponent] = ScaledNearOne(summaries.values);
  const double noise = NightNoise(searched);
  analysis.night_noise = std::ldexp(noise, exponent);
  if (series.size() < 2 * static_cast<size_t>(analysis.min_hold)) {
    analysis.too_few_nights = true;
    return analysis;
  }
  if (!(noise > 0)) return analysis;  // every night alike: no change

  std::vector<double> guarded = GuardSummaries(searched, analysis.min_hold, noise);
  std::vector<size_t> cuts = SegmentSeries(guarded, analysis.min_hold, settings.alpha);
  PrunedCuts pruned = PruneCuts(guarded, analysis.nights, std::move(cuts), analysis.min_hold, settings.alpha);
  if (!pruned.cuts.empty()) {
    cuts = PlaceCuts(guarded, analysis.nights, std::move(pruned.cuts), analysis.min_hold);
    pruned = PruneCuts(guarded, analysis.nights, std::move(cuts), analysis.min_hold, settings.alpha);
    size_t placed = pruned.cuts.size();
    cuts = DropUnheldEnds(guarded, std::move(pruned.cuts), analysis.min_hold);
    if (cuts.size() == placed) {
      pruned.cuts = std::move(cuts);
    } else {
      // The neighbours of what was dropped are judged again, now on the longer stretch.
      pruned = PruneCuts(guarded, analysis.nights, std::move(cuts), analysis.min_hold, settings.alpha);
    }
  }
  for (size_t i = 0; i < pruned.cuts.size(); ++i) {
    analysis.change_points.push_back(
        Describe(analysis, summaries.values, pruned.cuts, i, pruned.evidence[i], settings));
  }
  return analysis;
}

}  // namespace timeit::history
