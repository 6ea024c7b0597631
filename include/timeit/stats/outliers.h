#pragma once

#include <span>
#include <vector>

/// Outlier flags for the runs of one benchmark: which runs sit far from the others. Flags
/// only: every caller keeps every run in its statistics and says which were flagged, since a
/// slow run is as much a measurement as a fast one (and often the one that matters).
namespace timeit::stats {

/// The threshold on |modified z-score| above which a run is flagged: 3.5, the usual choice
/// for the modified z-score. It is not a test: a normal sample of 30 values flags at least
/// one in about 9 % of cases (a NumPy simulation of 20,000 samples), so a flag is a reason
/// to look, not proof that something went wrong.
inline constexpr double kOutlierThreshold = 3.5;

/// Modified z-scores, one per value, in the same order:
///   M_i = 0.6745 (x_i - median) / MAD,
/// with MAD the raw median absolute deviation (statistics.h). 0.6745 is the 0.75 quantile
/// of the standard normal, which makes M comparable to a z-score for normal data.
/// When MAD is 0 (more than half the values equal, as for whole clock ticks), it falls back
/// to the mean absolute deviation from the median: M_i = (x_i - median) / (1.253314 meanAD),
/// 1.253314 = sqrt(pi / 2) making meanAD a consistent estimate of sigma; a value that differs
/// from a majority of equal ones is then scored, not infinitely far. When that is 0 too,
/// every value is equal and every score is 0. Empty in, empty out.
std::vector<double> ModifiedZScores(std::span<const double> values);

/// Which values are outliers: |ModifiedZScores| > threshold. Fewer than 3 values are never
/// flagged (two runs cannot say which of them is the odd one).
std::vector<bool> OutlierFlags(std::span<const double> values, double threshold = kOutlierThreshold);

}  // namespace timeit::stats
