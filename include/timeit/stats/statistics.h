#pragma once

#include <span>

/// Descriptive statistics: pure functions of a sample, no I/O, no state.
/// Every function returns NaN for an empty sample unless it says otherwise. Samples must not
/// contain NaN (the order statistics are then unspecified).
namespace timeit::stats {

double Min(std::span<const double> values);
double Max(std::span<const double> values);

/// The middle value, or the mean of the two middle values for an even count (as numpy,
/// LNT's stats.median and SciPy do).
double Median(std::span<const double> values);

/// Raw median absolute deviation, median(|x - median(x)|), not scaled by 1.4826: the
/// definition LNT and hyperfine use, and scipy.stats.median_abs_deviation's default
/// (scale=1.0). Both medians average the middle two values for an even count. 0 for a single
/// value, and 0 whenever more than half the values are equal.
double MedianAbsoluteDeviation(std::span<const double> values);

/// The raw MAD relative to the median, in percent: 100 MAD / |median|. NaN for an empty
/// sample or a median of 0 (a clock that read 0 in most runs says nothing relative).
double RelativeMad(std::span<const double> values);

/// The mean of the values summed left to right, then divided by their count.
double Mean(std::span<const double> values);

/// Sample standard deviation (divides by n - 1, as numpy.std(ddof=1)); 0 for a single value.
/// Both standard deviations are computed from deviations from Mean, so they do not cancel
/// for large values with a small spread.
double SampleStandardDeviation(std::span<const double> values);

/// Population standard deviation (divides by n, as numpy.std() and LNT's
/// stats.standard_deviation); 0 for a single value.
double PopulationStandardDeviation(std::span<const double> values);

/// exp(mean(log x)); NaN if any value is not positive.
double GeometricMean(std::span<const double> values);

/// Upper tail of the standard normal distribution, P(Z > z), as scipy.stats.norm.sf.
double NormalSf(double z);

/// The z with P(Z > z) = tail, for tail in (0, 1) (scipy.stats.norm.isf): found by bisection
/// on NormalSf to full double precision, so the two are inverses of each other. NaN outside.
double NormalIsf(double tail);

}  // namespace timeit::stats
