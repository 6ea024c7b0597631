#pragma once

#include <cstdint>
#include <span>

namespace timeit::stats {

/// Bootstrap resamples of the geometric-mean interval: enough that the 2.5 % and 97.5 %
/// quantiles move by well under their own sampling error from one seed to another.
inline constexpr int kGeomeanResamples = 2000;

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

/// The geometric mean of per-benchmark ratios (all positive) with its confidence interval.
/// Everything is NaN for no ratios or any ratio that is not positive and finite.
GeomeanEstimate GeometricMeanRatio(std::span<const double> ratios, double confidence = 0.95, uint64_t seed = 0x7123e17,
                                   int resamples = kGeomeanResamples);

}  // namespace timeit::stats
