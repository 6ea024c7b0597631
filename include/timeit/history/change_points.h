#pragma once

#include <cstddef>
#include <optional>
#include <vector>

#include "timeit/history/night_series.h"

/// Change points over a history of nights: where one benchmark's metric moved to a new level
/// and stayed there at least a minimum hold of nights.
///
/// The method, in short: each night becomes one robust summary of its runs
/// (night_summary.h); excursions shorter than the minimum hold are clipped to a running
/// median (guard.h); penalised circular binary segmentation searches every segment against
/// the rest of its stretch (scan.h, segmentation.h), with p-values from a simulated null
/// table that depends only on the stretch's length (null_table.h); cuts that lose their
/// significance once their neighbours are known are pruned, and each remaining one is
/// placed on the night whose 5-night window holds the most posterior probability.
///
/// What it assumes, and a user should know:
///  - the night is the unit: runs of a night share its machine state and are never pooled
///    across nights; the variance between nights is estimated from between nights only;
///  - nights are independent given their level (no state that persists for several nights
///    except through real changes): then the false-alarm rate is alpha (below) for nights
///    normal about a piecewise-constant level, and close to it with slow runs and heavy
///    tails;
///  - levels are piecewise constant (a slow drift shows up as steps at arbitrary nights, or
///    not at all), with the same spread on both sides of a change;
///  - a missing night is missing whatever the level.
/// Pure computation: no input or output, no threads; thread-safe.
namespace timeit::history {

/// The default false-alarm probability, per series: for a series with no change, the
/// chance that any change point is reported anywhere in its history, at any length. 0.01 and
/// not a share of a family: each series' p is already adjusted for the search over every
/// night of it; Holm or Bonferroni over 2,000 series would ask each for 5e-6, a scan
/// statistic of 5.1 instead of 3.5 at 60 nights, and miss most 3 % steps at 10 runs a
/// night; Benjamini-Hochberg would make one series' change points come and go with
/// unrelated benchmarks, where a history must be stable night to night. What a suite
/// owner pays is false alarms per night: about alpha B M / T new ones a night for B
/// benchmarks and M metrics over T nights (0.05 a night for 2,000 series over 365 nights).
inline constexpr double kDefaultAlpha = 0.01;

/// The level of the interval of each change's ratio or shift.
inline constexpr double kChangeConfidence = 0.95;

struct HistorySettings {
  /// The per-series false-alarm probability, in (0, 1): a change is reported only where its
  /// p (ChangePoint::p_estimate) is at most alpha.
  double alpha = kDefaultAlpha;
  /// Whether a higher value is worse (times, counts of work), so that an increase is a
  /// regression; false for metrics where higher is better (throughput, scores).
  bool higher_is_worse = true;
};

enum class Direction {
  kRegressed,
  kImproved,
};

/// One change point: where a new level starts.
struct ChangePoint {
  /// The first night at the new level: its index among the nights given, and its position
  /// among the series' present nights. With gaps, the first present night after the change.
  size_t index = 0;
  size_t position = 0;
  /// Whether the metric went up (then a regression when higher is worse).
  bool increased = false;
  Direction direction = Direction::kRegressed;
  /// The levels before and after, in the metric's unit: the medians of the night summaries
  /// of the segment before (from the previous change, or the first night) and of the new
  /// level (up to the next change, or the last night).
  double before = 0;
  double after = 0;
  /// The change as the Hodges-Lehmann estimate over the night summaries of the two segments
  /// (each night one sample): the ratio after / before for Scale::kLog, the shift
  /// after - before in the metric's unit for Scale::kLinear. With its kChangeConfidence
  /// interval, by inverting the Mann-Whitney test on those nights as timeit-compare does
  /// for its rows (the exact null where it is cheap, the normal approximation beyond, ties
  /// conditional); NaN bounds where the test can reject nothing at that level (3 nights
  /// against 3). The interval takes the change's night as given: it is not adjusted for the
  /// search.
  double estimate = 0;
  double lower = 0;
  double upper = 0;
  /// The p-value: the probability that a stretch of the nights between this change's
  /// neighbours, with no change anywhere, gives a scan statistic at least this change's.
  /// Adjusted for the search over every split of that stretch, not for how its neighbours
  /// were found nor across series. When p_is_bound, it is the smallest probability the null
  /// table holds for the stretch (1e-4 up to 64 nights, 1e-3 beyond), and the true p is
  /// below it.
  double p_value = 1;
  bool p_is_bound = false;
  /// The table's p, extrapolated below its smallest probability where p_is_bound: what is
  /// compared with alpha.
  double p_estimate = 1;
  /// Present nights at the new level: up to the next change, or to the last night.
  size_t held = 0;
  /// The index of the night the next change starts at, where one follows; none while the
  /// level still holds.
  std::optional<size_t> until;
};

/// Everything the analysis of one series found, and what a report needs to show it.
struct SeriesAnalysis {
  Scale scale = Scale::kLog;
  /// The minimum hold in force (night_summary.h): a level must hold this many present nights.
  int min_hold = 0;
  /// Fewer than 2 min_hold present nights: nothing was analysed.
  bool too_few_nights = false;
  /// Per present night: its index among the nights given, its runs, and its summary in the
  /// metric's unit (exp of the summary of the logarithms for Scale::kLog).
  std::vector<size_t> nights;
  std::vector<size_t> runs;
  std::vector<double> summaries;
  /// sigma_w, the pooled spread of the runs within a night, in the analysis scale (a
  /// relative spread for Scale::kLog); 0 where no night has 3 runs or all agree.
  double within_night_spread = 0;
  /// s0, the noise of one night's summary from night to night, in the analysis scale; 0 where
  /// the summaries are all equal (then there is no change) or there are fewer than 2.
  double night_noise = 0;
  /// In increasing index.
  std::vector<ChangePoint> change_points;
};

/// Finds the change points of one series. Deterministic: no random draw is made.
SeriesAnalysis AnalyseSeries(const NightSeries& series, const HistorySettings& settings = {});

}  // namespace timeit::history
