#include "timeit/stats/geomean.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "timeit/base/check.h"
#include "timeit/base/split_mix64.h"
#include "timeit/base/uint128.h"
#include "timeit/stats/statistics.h"

namespace timeit::stats {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// Each resample gets a SplitMix64 stream of its own, started at a mixed (seed, index); at
// 2,000 streams of 10^4 draws from a cycle of 2^64 they overlap with odds below 1e-9.
// Chosen over std::mt19937_64 for cost: a draw is a few instructions, and starting a
// stream costs nothing where seeding a Mersenne Twister fills 312 words, which made
// half of a large comparison's statistics time.

// A uniform index in [0, bound), bound > 0, by Lemire's multiply-and-reject method. Written
// out rather than std::uniform_int_distribution, whose algorithm differs between standard
// libraries, so that a seed gives the same interval wherever timeit is built.
uint64_t UniformIndex(SplitMix64& engine, uint64_t bound) {
  Uint128 product = static_cast<Uint128>(engine.Next()) * bound;
  auto low = static_cast<uint64_t>(product);
  if (low < bound) {
    uint64_t threshold = -bound % bound;  // 2^64 mod bound
    while (low < threshold) {
      product = static_cast<Uint128>(engine.Next()) * bound;
      low = static_cast<uint64_t>(product);
    }
  }
  return static_cast<uint64_t>(product >> 64);
}

// Quantile of sorted values with linear interpolation between order statistics (R's type 7,
// numpy's default).
double Quantile(const std::vector<double>& sorted, double q) {
  TIMEIT_CHECK(!sorted.empty() && q >= 0 && q <= 1, "a non-empty sample and 0 <= q <= 1");
  double position = q * static_cast<double>(sorted.size() - 1);
  auto below = static_cast<size_t>(std::floor(position));
  if (below + 1 >= sorted.size()) return sorted.back();
  double fraction = position - static_cast<double>(below);
  return sorted[below] + fraction * (sorted[below + 1] - sorted[below]);
}

}  // namespace

GeomeanEstimate GeometricMeanRatio(std::span<const double> ratios, double confidence, uint64_t seed, int resamples,
                                   const ForEachResample& for_each) {
  GeomeanEstimate result{kNaN, kNaN, kNaN};
  if (ratios.empty()) return result;
  std::vector<double> logs;
  logs.reserve(ratios.size());
  for (double ratio : ratios) {
    if (!(ratio > 0) || !std::isfinite(ratio)) return result;
    logs.push_back(std::log(ratio));
  }
  result.estimate = GeometricMean(ratios);
  size_t count = logs.size();
  if (count < 2 || resamples < 1 || !(confidence > 0 && confidence < 1)) return result;

  // Each resample draws from a stream of its own, started from the seed and its index: the
  // resamples may then run on every core and the interval is the same on any machine.
  std::vector<double> means(static_cast<size_t>(resamples));
  std::function<void(size_t)> resample = [&](size_t r) {
    SplitMix64 engine(SplitMix64(seed ^ (r * 0xd1b54a32d192ed03)).Next());
    double sum = 0;
    for (size_t i = 0; i < count; ++i) sum += logs[UniformIndex(engine, count)];
    means[r] = sum / static_cast<double>(count);
  };
  if (for_each) {
    for_each(means.size(), resample);
  } else {
    for (size_t r = 0; r < means.size(); ++r) resample(r);
  }
  std::sort(means.begin(), means.end());
  result.lower = std::exp(Quantile(means, (1 - confidence) / 2));
  result.upper = std::exp(Quantile(means, (1 + confidence) / 2));
  return result;
}

}  // namespace timeit::stats
