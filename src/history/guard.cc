#include "timeit/history/guard.h"

#include <algorithm>
#include <cmath>
#include <numbers>

#include "timeit/base/check.h"
#include "timeit/history/night_summary.h"
#include "timeit/stats/statistics.h"

namespace timeit::history {

double NightNoise(std::span<const double> summaries) {
  if (summaries.size() < 2) return 0;
  std::vector<double> differences;
  differences.reserve(summaries.size() - 1);
  for (size_t j = 1; j < summaries.size(); ++j) differences.push_back(std::fabs(summaries[j] - summaries[j - 1]));
  double noise = kMadToSigma * stats::Median(differences) / std::numbers::sqrt2;
  if (noise > 0) return noise;
  return kMeanDeviationToSigma * stats::Mean(differences) / std::numbers::sqrt2;
}

std::vector<double> GuardSummaries(std::span<const double> summaries, int min_hold, double night_noise) {
  const size_t count = summaries.size();
  const auto hold = static_cast<size_t>(min_hold);
  TIMEIT_CHECK(min_hold >= 1 && count >= 2 * hold, "at least two minimum holds of nights");
  const size_t width = 2 * hold - 1;
  const double reach = kGuardClip * night_noise;
  std::vector<double> guarded(count);
  for (size_t j = 0; j < count; ++j) {
    size_t start = std::min(j >= hold - 1 ? j - (hold - 1) : 0, count - width);
    double reference = stats::Median(summaries.subspan(start, width));
    guarded[j] = reference + std::clamp(summaries[j] - reference, -reach, reach);
  }
  return guarded;
}

}  // namespace timeit::history
