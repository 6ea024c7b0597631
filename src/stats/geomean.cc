#include "timeit/stats/geomean.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>
#include <vector>

#include "for_each_index.h"
#include "timeit/stats/statistics.h"

namespace timeit::stats {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// A uniform index in [0, bound), bound > 0, by Lemire's multiply-and-reject method. Written
// out rather than std::uniform_int_distribution, whose algorithm differs between standard
// libraries, so that a seed gives the same interval wherever timeit is built.
uint64_t UniformIndex(std::mt19937_64& engine, uint64_t bound) {
  unsigned __int128 product = static_cast<unsigned __int128>(engine()) * bound;
  auto low = static_cast<uint64_t>(product);
  if (low < bound) {
    uint64_t threshold = -bound % bound;  // 2^64 mod bound
    while (low < threshold) {
      product = static_cast<unsigned __int128>(engine()) * bound;
      low = static_cast<uint64_t>(product);
    }
  }
  return static_cast<uint64_t>(product >> 64);
}

// Quantile of sorted values with linear interpolation between order statistics (R's type 7,
// numpy's default).
double Quantile(const std::vector<double>& sorted, double q) {
  double position = q * static_cast<double>(sorted.size() - 1);
  auto below = static_cast<size_t>(std::floor(position));
  if (below + 1 >= sorted.size()) return sorted.back();
  double fraction = position - static_cast<double>(below);
  return sorted[below] + fraction * (sorted[below + 1] - sorted[below]);
}

}  // namespace

GeomeanEstimate GeometricMeanRatio(std::span<const double> ratios, double confidence, uint64_t seed, int resamples) {
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

  // Each resample draws from an engine of its own, seeded from the seed and its index: the
  // resamples then run on every core and the interval is the same on any machine.
  std::vector<double> means(static_cast<size_t>(resamples));
  ForEachIndex(means.size(), 64, [&](size_t r) {
    std::seed_seq seeds{static_cast<uint32_t>(seed), static_cast<uint32_t>(seed >> 32), static_cast<uint32_t>(r)};
    std::mt19937_64 engine(seeds);
    std::vector<double> resample(count);
    for (double& value : resample) value = logs[UniformIndex(engine, count)];
    means[r] = Mean(resample);
  });
  std::sort(means.begin(), means.end());
  result.lower = std::exp(Quantile(means, (1 - confidence) / 2));
  result.upper = std::exp(Quantile(means, (1 + confidence) / 2));
  return result;
}

}  // namespace timeit::stats
