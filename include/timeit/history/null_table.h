#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

/// The null distribution of the scan statistic, and p-values from it. M_null(L, h) is the
/// statistic of ScanStretch over a whole stretch of L nights whose summaries are iid N(0, 1)
/// and pass through the guard with the same minimum hold h. The statistic does not change
/// when the summaries are shifted or scaled, so this is its null for any iid normal nights.
/// It has no closed form: a table of its upper quantiles, simulated once with a fixed seed
/// (tests/history/make_null_table.cc), is compiled in (null_table.inc), and p-values are
/// interpolated in it. Analysing never simulates.
namespace timeit::history {

/// The seed of the table's simulation; each length's stream starts at NullTableSeed(length).
inline constexpr uint64_t kNullTableSeed = 19;

/// The upper-tail probabilities P the table holds a quantile q(P) of, P(M_null >= q) = P.
/// A row holds those with P R >= kTableTailCount (R its replicates): down to 1e-4 at
/// 100,000 replicates, 1e-3 at 10,000.
inline constexpr std::array<double, 12> kNullTableProbabilities = {0.5,   0.2,   0.1,  0.05, 0.02, 0.01,
                                                                   0.005, 0.002, 1e-3, 5e-4, 2e-4, 1e-4};
/// The fewest simulated statistics at or above a quantile the table keeps.
inline constexpr size_t kTableTailCount = 10;

/// Every length up to this one has a row of its own.
inline constexpr size_t kLongestLengthWithEveryRow = 64;
/// The lengths with a row: every one from 6 to 64, then round(64 2^(j / 4)) for j = 1 .. 16,
/// up to 1024. Rows exist for the lengths of at least two minimum holds.
inline constexpr std::array<size_t, 75> kNullTableLengths = {
    6,  7,  8,  9,  10, 11, 12, 13, 14, 15, 16, 17,  18,  19,  20,  21,  22,  23,  24,  25,  26,  27,  28,  29,  30,
    31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42,  43,  44,  45,  46,  47,  48,  49,  50,  51,  52,  53,  54,  55,
    56, 57, 58, 59, 60, 61, 62, 63, 64, 76, 91, 108, 128, 152, 181, 215, 256, 304, 362, 431, 512, 609, 724, 861, 1024};

/// Replicates simulated for a length: 100,000 up to 64 nights (a relative standard error of
/// 3 % at P = 0.01), 10,000 beyond (10 %), where each replicate costs up to 250 times more.
size_t NullTableReplicates(size_t length);

/// The seed of the stream that simulates `length` nights (the same for both minimum holds,
/// so their rows share their random numbers): kNullTableSeed in the upper 32 bits, the
/// length in the lower.
uint64_t NullTableSeed(size_t length);

/// One row of the table.
struct NullTableRow {
  int min_hold = 0;
  int length = 0;
  int replicates = 0;
  /// How many of kNullTableProbabilities the row has a quantile for (the first ones).
  int quantile_count = 0;
  /// q(P) for those probabilities, increasing.
  std::array<double, kNullTableProbabilities.size()> quantiles = {};
};

/// The compiled-in table: rows in increasing minimum hold, then length.
std::span<const NullTableRow> NullTable();

/// The statistics of `replicates` stretches of `length` iid N(0, 1) nights (a stream of
/// stats::NormalDeviates from `seed`, stretch after stretch) through GuardSummaries (with
/// the NightNoise of each) and ScanStretch, sorted.
std::vector<double> SimulateNullStatistics(size_t length, int min_hold, size_t replicates, uint64_t seed);

/// The table's quantiles of a sorted sample of R statistics: for each P of
/// kNullTableProbabilities with P R >= kTableTailCount, q(P) = sorted[R - round(P R)]
/// (0-based), so that exactly round(P R) statistics are at or above it.
std::vector<double> NullQuantiles(std::span<const double> sorted);

/// p of a statistic from one row's quantiles q_1 < ... < q_J (for the first J
/// probabilities P_j), with the point (0, 1) before them: 1 for m <= 0; between two points
/// ln p is linear in m; beyond q_J, ln p is linear in m^2 through
/// the last two points (a normal-like tail), and 0 where they are equal.
double RowPValue(double statistic, std::span<const double> quantiles);

/// A p-value from the table.
struct ScanPValue {
  /// P(M_null(L, h) >= statistic), interpolated; below the smallest tabulated probability
  /// it is an extrapolation, good enough for a decision at alpha >= 1e-4, not for display.
  double p = 1;
  /// The smallest probability the rows used tabulate (1e-4 up to 64 nights, 1e-3 beyond,
  /// scaled with the length beyond 1024): a p below it is shown as "< smallest_tabulated".
  double smallest_tabulated = 1;
  bool is_bound() const { return p < smallest_tabulated; }
};

/// The p-value of scan statistic `statistic` on a stretch of `length` nights with minimum
/// hold `min_hold` (3 or 5; length >= 2 min_hold). Up to 64 nights, the row of that
/// length. Between two lengths of the table, L1 < L < L2, ln p is linear in ln L between the
/// two rows' p. From 1024 nights on, the row of 1024 times L / 1024, at most 1 (doubling
/// the length multiplies p by 1.5-1.8 in the table, so this is conservative).
ScanPValue NullPValue(double statistic, size_t length, int min_hold);

}  // namespace timeit::history
