#pragma once

#include <cstddef>
#include <span>
#include <vector>

#include "timeit/history/null_table.h"

/// Where the levels of a series change: circular binary segmentation of the guarded night
/// summaries, pruning of the cuts that lose their significance once their neighbours are
/// known, and placement of each on the night a user is likeliest to find it within two.
/// Positions index the present nights; `nights` maps each to its index among the nights
/// given, which is what the two-night windows count in (a gap is a night).
namespace timeit::history {

/// Placement takes the single likeliest night when it holds at least this share of the
/// posterior of one change, which keeps clear changes on their exact night.
inline constexpr double kSharpPlacement = 0.5;
/// The window of placement and pruning, in nights either side: a change reported within 2
/// nights of the truth is found by a user bisecting from it, and is how the issue scores.
inline constexpr size_t kPlacementWindow = 2;

/// The cuts of circular binary segmentation, in increasing position: a stretch [l, r) of at
/// least 2 h nights whose ScanStretch has p <= alpha (NullPValue's p at r - l) is cut at
/// the ends of its best segment that are inside it, and each piece is segmented in turn.
/// Every piece between two cuts, and at the ends, has at least h nights.
std::vector<size_t> SegmentSeries(std::span<const double> guarded, int min_hold, double alpha);

/// The evidence for one cut c between its neighbours l and r (the cuts either side, else 0
/// and the number of nights).
struct CutEvidence {
  /// SplitStatistic of [l, r) at c: positive when the level went up.
  double split = 0;
  /// T, the largest |SplitStatistic| of [l, r) over the splits c' within kPlacementWindow
  /// positions and nights of c that leave h nights either side, and c itself.
  double statistic = 0;
  /// The p of T on a stretch of r - l nights: the probability that a stretch with no change
  /// anywhere has a scan statistic of at least T. T is at most the largest single split,
  /// whose null the table's M dominates, so this is conservative.
  ScanPValue p;
};

struct PrunedCuts {
  std::vector<size_t> cuts;
  /// One per cut, in the same order.
  std::vector<CutEvidence> evidence;
};

/// Removes, one at a time, the cut whose p (CutEvidence) is largest (the first on ties),
/// while that p is above alpha; the evidence of its neighbours is then taken again, as they
/// are now adjacent. `cuts` increasing.
PrunedCuts PruneCuts(std::span<const double> guarded, std::span<const size_t> nights, std::vector<size_t> cuts,
                     int min_hold, double alpha);

/// Moves each cut, first to last (each between its placed predecessor and its unplaced
/// successor), to the night that a change between its neighbours is likeliest to be within
/// kPlacementWindow nights of. Over the candidates tau that leave h nights either side, the
/// posterior of one change at tau under flat priors on both levels and Jeffreys' prior on
/// the scale is ln post(tau) = -((n - 2) / 2) ln RSS(tau) - ln(n1 n2 / n) / 2 (RSS the
/// residual sum of squares about the two means, at least 1e-12 of the total). If one tau holds
/// kSharpPlacement of it, the cut goes there; otherwise to the tau whose window of +-2
/// nights holds the most (within 1e-6), the likeliest of those, the first on ties. A cut in
/// a flat stretch stays.
std::vector<size_t> PlaceCuts(std::span<const double> guarded, std::span<const size_t> nights, std::vector<size_t> cuts,
                              int min_hold);

/// Drops the last cut when its level has not yet held `min_hold` nights, and the first when
/// the level before it did not: the hold keeps every piece at least h nights long, so a
/// change 3 nights before the end would otherwise be placed h - 3 nights too early, on
/// nights still at the old level. Allowed to be as short as one night, the last level's
/// likeliest start (by PlaceCuts' posterior, over the stretch from the cut before) must
/// leave it h nights; the first level's likeliest end must leave h nights before it. Such a
/// change is reported once it has held h nights. `cuts` increasing and placed.
std::vector<size_t> DropUnheldEnds(std::span<const double> guarded, std::vector<size_t> cuts, int min_hold);

}  // namespace timeit::history
