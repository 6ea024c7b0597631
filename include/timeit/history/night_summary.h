#pragma once

#include <vector>

#include "timeit/history/night_series.h"

/// Each night reduced to one number, and the minimum hold that follows from how many runs
/// the nights have.
namespace timeit::history {

/// Huber's clipping constant for the runs of a night, in units of the within-night scale:
/// 95 % efficient on normal runs, and one slow run moves the summary by at most about
/// 1.5 sigma_w / n.
inline constexpr double kHuberClip = 1.5;
/// 1 / Phi^-1(0.75): turns a median absolute deviation of normal values into their
/// standard deviation.
inline constexpr double kMadToSigma = 1.482602218505602;
/// sqrt(pi / 2): turns a mean absolute deviation of normal values into their standard
/// deviation.
inline constexpr double kMeanDeviationToSigma = 1.2533141373155003;

/// Runs a night from which a night can vouch for itself: a median and a MAD of 3 runs say
/// which of them is off. With fewer (the median night of the series), single slow nights are
/// likelier to line up, and a level must hold longer to count.
inline constexpr double kRunsToCheckANight = 3;
/// The minimum hold, in present nights: a level must hold this long to be a change point.
/// 3 when the median night has kRunsToCheckANight runs or more; 5 otherwise, where three
/// slow nights among five happen by chance in a few percent of 60-night series with 1 run
/// a night (they would flag 8.8 % of heavy-tailed series at a hold of 3, 2.0 % at 5).
inline constexpr int kHoldManyRuns = 3;
inline constexpr int kHoldFewRuns = 5;

struct NightSummaries {
  /// y_j for each present night, in the analysis scale (logarithms for Scale::kLog): one
  /// Newton step of Huber's M-estimate of location from the night's median, with the pooled
  /// within-night scale; the night's median where there is no such scale. 1 run: that run;
  /// 2 runs: their mean.
  std::vector<double> values;
  /// sigma_w: kMadToSigma times the median, over the nights with 3 runs or more, of each
  /// night's median absolute deviation. 0 when no night has 3 runs or all those MADs are 0
  /// (exact counters), and then every summary is its night's median.
  double within_night_scale = 0;
};

/// The summaries of every present night of `series`, its values taken in `scale` (their
/// logarithms for Scale::kLog, which needs every value positive).
NightSummaries SummarizeNights(const NightSeries& series, Scale scale);

/// kHoldManyRuns if the median number of runs of the present nights (the mean of the middle
/// two for an even count) is at least kRunsToCheckANight, else kHoldFewRuns.
int MinimumHold(const NightSeries& series);

}  // namespace timeit::history
