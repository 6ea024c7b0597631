#include "timeit/history/segmentation.h"

#include <algorithm>
#include <cmath>
#include <utility>

#include "timeit/base/check.h"
#include "timeit/history/scan.h"
#include "timeit/stats/statistics.h"

namespace timeit::history {
namespace {

// Windows whose posterior mass is within this of the largest are tied (sums of the same
// posteriors in another order differ in their last bits).
constexpr double kWindowTie = 1e-6;
// The smallest residual sum of squares of two levels, as a share of the total: a perfect
// step would otherwise have a posterior of log 0.
constexpr double kSmallestResidualShare = 1e-12;

size_t NightDistance(std::span<const size_t> nights, size_t a, size_t b) {
  return nights[a] > nights[b] ? nights[a] - nights[b] : nights[b] - nights[a];
}

// The sum of squared deviations of `stretch` from its mean.
double SumOfSquares(std::span<const double> stretch) {
  const double mean = stats::Mean(stretch);
  double total = 0;
  for (double value : stretch) total += (value - mean) * (value - mean);
  return total;
}

// The log posterior (up to a constant) of one change at tau, for tau = first .. last (local
// to `stretch`, 1 <= first <= last < its size), under flat priors on both levels and
// Jeffreys' prior on the scale; `total` is SumOfSquares(stretch), positive.
std::vector<double> LogPosterior(std::span<const double> stretch, size_t first, size_t last, double total) {
  const double mean = stats::Mean(stretch);
  const double n = static_cast<double>(stretch.size());
  std::vector<double> log_posterior;
  double before = 0;  // sum of z - mean over the first tau nights
  for (size_t tau = 1; tau <= last; ++tau) {
    before += stretch[tau - 1] - mean;
    if (tau < first) continue;
    double n1 = static_cast<double>(tau);
    double n2 = n - n1;
    double residual = std::max(total - before * before * n / (n1 * n2), kSmallestResidualShare * total);
    log_posterior.push_back(-0.5 * (n - 2) * std::log(residual) - 0.5 * std::log(n1 * n2 / n));
  }
  return log_posterior;
}

// The neighbours of cut i: the cuts either side, else the ends of the series.
std::pair<size_t, size_t> Neighbours(const std::vector<size_t>& cuts, size_t i, size_t count) {
  return {i > 0 ? cuts[i - 1] : 0, i + 1 < cuts.size() ? cuts[i + 1] : count};
}

CutEvidence EvidenceOf(std::span<const double> guarded, std::span<const size_t> nights, const std::vector<size_t>& cuts,
                       size_t i, size_t hold) {
  auto [left, right] = Neighbours(cuts, i, guarded.size());
  const size_t cut = cuts[i];
  std::span<const double> stretch = guarded.subspan(left, right - left);
  CutEvidence evidence;
  evidence.split = SplitStatistic(stretch, cut - left);
  evidence.statistic = std::fabs(evidence.split);
  size_t first = std::max(left + hold, cut >= kPlacementWindow ? cut - kPlacementWindow : 0);
  size_t last = std::min(right - hold, cut + kPlacementWindow);
  for (size_t other = first; other <= last; ++other) {
    if (other == cut || NightDistance(nights, other, cut) > kPlacementWindow) continue;
    evidence.statistic = std::max(evidence.statistic, std::fabs(SplitStatistic(stretch, other - left)));
  }
  evidence.p = NullPValue(evidence.statistic, right - left, static_cast<int>(hold));
  return evidence;
}

}  // namespace

std::vector<size_t> SegmentSeries(std::span<const double> guarded, int min_hold, double alpha) {
  const auto hold = static_cast<size_t>(min_hold);
  std::vector<size_t> cuts;
  std::vector<std::pair<size_t, size_t>> stretches = {{0, guarded.size()}};
  while (!stretches.empty()) {
    auto [left, right] = stretches.back();
    stretches.pop_back();
    if (right - left < 2 * hold) continue;
    StretchScan scan = ScanStretch(guarded.subspan(left, right - left), min_hold);
    if (NullPValue(scan.statistic, right - left, min_hold).p > alpha) continue;
    std::vector<size_t> pieces = {left};
    if (scan.begin > 0) pieces.push_back(left + scan.begin);
    if (left + scan.end < right) pieces.push_back(left + scan.end);
    pieces.push_back(right);
    for (size_t k = 1; k + 1 < pieces.size(); ++k) cuts.push_back(pieces[k]);
    for (size_t k = 0; k + 1 < pieces.size(); ++k) stretches.emplace_back(pieces[k], pieces[k + 1]);
  }
  std::sort(cuts.begin(), cuts.end());
  return cuts;
}

PrunedCuts PruneCuts(std::span<const double> guarded, std::span<const size_t> nights, std::vector<size_t> cuts,
                     int min_hold, double alpha) {
  TIMEIT_CHECK(nights.size() == guarded.size(), "a night index per position");
  const auto hold = static_cast<size_t>(min_hold);
  PrunedCuts result;
  for (size_t i = 0; i < cuts.size(); ++i) result.evidence.push_back(EvidenceOf(guarded, nights, cuts, i, hold));
  while (!cuts.empty()) {
    size_t weakest = 0;
    for (size_t i = 1; i < cuts.size(); ++i) {
      if (result.evidence[i].p.p > result.evidence[weakest].p.p) weakest = i;
    }
    if (result.evidence[weakest].p.p <= alpha) break;
    cuts.erase(cuts.begin() + static_cast<std::ptrdiff_t>(weakest));
    result.evidence.erase(result.evidence.begin() + static_cast<std::ptrdiff_t>(weakest));
    // Its former neighbours, now adjacent: the cuts at weakest - 1 and weakest.
    for (size_t i = weakest > 0 ? weakest - 1 : 0; i <= weakest && i < cuts.size(); ++i) {
      result.evidence[i] = EvidenceOf(guarded, nights, cuts, i, hold);
    }
  }
  result.cuts = std::move(cuts);
  return result;
}

std::vector<size_t> PlaceCuts(std::span<const double> guarded, std::span<const size_t> nights, std::vector<size_t> cuts,
                              int min_hold) {
  TIMEIT_CHECK(nights.size() == guarded.size(), "a night index per position");
  const auto hold = static_cast<size_t>(min_hold);
  for (size_t i = 0; i < cuts.size(); ++i) {
    auto [left, right] = Neighbours(cuts, i, guarded.size());
    std::span<const double> stretch = guarded.subspan(left, right - left);
    const size_t n = stretch.size();
    const double total = SumOfSquares(stretch);
    if (!(total > 0)) continue;
    // Candidates tau = hold .. n - hold (local), their log posterior.
    std::vector<double> log_posterior = LogPosterior(stretch, hold, n - hold, total);
    const double top = *std::max_element(log_posterior.begin(), log_posterior.end());
    std::vector<double> posterior;
    double sum = 0;
    for (double value : log_posterior) {
      posterior.push_back(std::exp(value - top));
      sum += posterior.back();
    }
    for (double& value : posterior) value /= sum;
    // The first largest posterior among the candidates k (tau = hold + k) that `admit`.
    auto likeliest = [&](auto admit) {
      size_t best = posterior.size();
      for (size_t k = 0; k < posterior.size(); ++k) {
        if (admit(k) && (best == posterior.size() || posterior[k] > posterior[best])) best = k;
      }
      return best;
    };
    size_t chosen = likeliest([](size_t) { return true; });
    if (posterior[chosen] < kSharpPlacement) {
      // The posterior within the window of each candidate.
      std::vector<double> window(posterior.size(), 0.0);
      for (size_t k = 0; k < posterior.size(); ++k) {
        size_t first = k >= kPlacementWindow ? k - kPlacementWindow : 0;
        size_t last = std::min(posterior.size() - 1, k + kPlacementWindow);
        for (size_t other = first; other <= last; ++other) {
          if (NightDistance(nights, left + hold + other, left + hold + k) <= kPlacementWindow) {
            window[k] += posterior[other];
          }
        }
      }
      const double most = *std::max_element(window.begin(), window.end());
      chosen = likeliest([&](size_t k) { return window[k] >= most - kWindowTie; });
    }
    cuts[i] = left + hold + chosen;
  }
  return cuts;
}

std::vector<size_t> DropUnheldEnds(std::span<const double> guarded, std::vector<size_t> cuts, int min_hold) {
  const auto hold = static_cast<size_t>(min_hold);
  const size_t count = guarded.size();
  auto likeliest = [](const std::vector<double>& log_posterior) {
    return static_cast<size_t>(std::max_element(log_posterior.begin(), log_posterior.end()) - log_posterior.begin());
  };
  // The last level, allowed to be as short as one night: does its likeliest start leave it
  // fewer than `hold` nights?
  if (!cuts.empty()) {
    const size_t left = cuts.size() > 1 ? cuts[cuts.size() - 2] : 0;
    std::span<const double> stretch = guarded.subspan(left, count - left);
    const double total = SumOfSquares(stretch);
    if (total > 0 && stretch.size() > hold) {
      size_t start = hold + likeliest(LogPosterior(stretch, hold, stretch.size() - 1, total));
      if (stretch.size() - start < hold) cuts.pop_back();
    }
  }
  // The first level, likewise, from the start of the series.
  if (!cuts.empty()) {
    const size_t right = cuts.size() > 1 ? cuts[1] : count;
    std::span<const double> stretch = guarded.first(right);
    const double total = SumOfSquares(stretch);
    if (total > 0 && stretch.size() > hold) {
      size_t start = 1 + likeliest(LogPosterior(stretch, 1, stretch.size() - hold, total));
      if (start < hold) cuts.erase(cuts.begin());
    }
  }
  return cuts;
}

}  // namespace timeit::history
