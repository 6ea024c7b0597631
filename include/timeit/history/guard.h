#pragma once

#include <span>
#include <vector>

/// The guard against spikes and slow nights: night summaries pulled back towards a running
/// median, so that an excursion shorter than the minimum hold cannot look like a level.
namespace timeit::history {

/// How far a night may stand from the running median once guarded, in units of the night
/// noise: 2. Widths of 1.5, 2.5 and 3 changed nothing measurable on the synthetic bench.
inline constexpr double kGuardClip = 2.0;

/// s0, the noise of one night robust to level shifts and slow nights: with d_j the absolute
/// differences of consecutive summaries, kMadToSigma median(d) / sqrt(2); where that is 0,
/// kMeanDeviationToSigma mean(d) / sqrt(2). 0 means every summary is equal (or there are
/// fewer than two).
double NightNoise(std::span<const double> summaries);

/// z_j = ref_j + clamp(y_j - ref_j, -kGuardClip s0, +kGuardClip s0), where ref_j is the median
/// of the W = 2 h - 1 summaries starting at min(max(j - (h - 1), 0), L - W): a window
/// centred on j, moved inward at the ends. A median of 2 h - 1 keeps every plateau of h
/// nights or more and every monotone edge, and removes every excursion of fewer than h.
/// Needs at least 2 h summaries (h = `min_hold`).
std::vector<double> GuardSummaries(std::span<const double> summaries, int min_hold, double night_noise);

}  // namespace timeit::history
