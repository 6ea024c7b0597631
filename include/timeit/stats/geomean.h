#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <span>

namespace timeit::stats {

/// Bootstrap resamples of the geometric-mean interval: enough that the 2.5 % and 97.5 %
/// quantiles move by well under their own sampling error from one seed to another.
inline constexpr int kGeomeanResamples = 2000;
/// The bootstrap's seed: the same ratios give the same interval in every report.
inline constexpr uint64_t kGeomeanSeed = 0x7123e17;

struct GeomeanEstimate {
  /// exp(mean(log ratio)) over the benchmarks.
  double estimate = 0;
  /// Percentile bootstrap interval: the benchmarks are resampled with replacement
  /// `resamples` times (a fixed seed makes reports reproducible) and the geometric mean
  /// of each resample taken; the bounds are the (1 - confidence) / 2 and
  /// (1 + confidence) / 2 quantiles of those geometric means, interpolated linearly between
  /// order statistics (R's type 7, numpy's default). Indices are drawn from a SplitMix64 stream
  /// per resample by Lemire's method rather than std::uniform_int_distribution, so a seed
  /// gives the same interval with every standard library. NaN with fewer than two ratios, no resamples or a
  /// confidence outside (0, 1).
  double lower = 0;
  double upper = 0;
};

/// Calls body(i) for every i below `count`, in any order, on any threads: how a caller
/// spreads the resamples over its cores. Each resample writes only its own result, so the
/// interval is the same however they are run.
using ForEachResample = std::function<void(size_t count, const std::function<void(size_t)>& body)>;

/// The geometric mean of per-benchmark ratios (all positive) with its confidence interval.
/// Everything is NaN for no ratios or any ratio that is not positive and finite. The
/// resamples run one after the other unless `for_each` says otherwise.
GeomeanEstimate GeometricMeanRatio(std::span<const double> ratios, double confidence = 0.95,
                                   uint64_t seed = kGeomeanSeed, int resamples = kGeomeanResamples,
                                   const ForEachResample& for_each = {});

}  // namespace timeit::stats
