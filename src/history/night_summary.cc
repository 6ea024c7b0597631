#include "timeit/history/night_summary.h"

#include <algorithm>
#include <cmath>

#include "timeit/stats/statistics.h"

namespace timeit::history {

NightSummaries SummarizeNights(const NightSeries& series, Scale scale) {
  NightSummaries result;
  // Every night's values in the analysis scale, one night after the other.
  std::vector<double> analysed;
  std::vector<size_t> begins;
  std::vector<double> medians(series.size());
  std::vector<double> checked_mads;  // of the nights with 3 runs or more
  for (size_t j = 0; j < series.size(); ++j) {
    std::span<const double> runs = series.runs(j);
    begins.push_back(analysed.size());
    for (double value : runs) analysed.push_back(scale == Scale::kLog ? std::log(value) : value);
    std::span<const double> night = std::span<const double>(analysed).subspan(begins[j]);
    medians[j] = stats::Median(night);
    if (static_cast<double>(night.size()) >= kRunsToCheckANight)
      checked_mads.push_back(stats::MedianAbsoluteDeviation(night));
  }
  result.values = medians;
  if (checked_mads.empty()) return result;
  double scale_w = kMadToSigma * stats::Median(checked_mads);
  if (!(scale_w > 0)) return result;
  result.within_night_scale = scale_w;
  for (size_t j = 0; j < series.size(); ++j) {
    double clipped_sum = 0;
    size_t inside = 0;  // runs within the clip, whose weight in the Newton step is 1
    for (double value : std::span<const double>(analysed).subspan(begins[j], series.runs(j).size())) {
      double residual = (value - medians[j]) / scale_w;
      clipped_sum += std::clamp(residual, -kHuberClip, kHuberClip);
      inside += std::fabs(residual) <= kHuberClip ? 1 : 0;
    }
    result.values[j] = medians[j] + scale_w * clipped_sum / static_cast<double>(std::max<size_t>(inside, 1));
  }
  return result;
}

int MinimumHold(const NightSeries& series) {
  std::vector<double> counts;
  counts.reserve(series.size());
  for (size_t j = 0; j < series.size(); ++j) counts.push_back(static_cast<double>(series.runs(j).size()));
  return !counts.empty() && stats::Median(counts) >= kRunsToCheckANight ? kHoldManyRuns : kHoldFewRuns;
}

}  // namespace timeit::history
