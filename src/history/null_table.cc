#include "timeit/history/null_table.h"

#include <algorithm>
#include <cmath>
#include <tuple>

#include "timeit/base/check.h"
#include "timeit/history/guard.h"
#include "timeit/history/scan.h"
#include "timeit/stats/normal_deviates.h"

namespace timeit::history {
namespace {

constexpr NullTableRow kRows[] = {
#include "null_table.inc"
};

const NullTableRow& RowOf(size_t length, int min_hold) {
  auto key = [](const NullTableRow& row) { return std::make_tuple(row.min_hold, static_cast<size_t>(row.length)); };
  const NullTableRow* row = std::lower_bound(
      std::begin(kRows), std::end(kRows), std::make_tuple(min_hold, length),
      [&](const NullTableRow& candidate, const std::tuple<int, size_t>& wanted) { return key(candidate) < wanted; });
  TIMEIT_CHECK(row != std::end(kRows) && key(*row) == std::make_tuple(min_hold, length), "a length of the table");
  return *row;
}

std::span<const double> QuantilesOf(const NullTableRow& row) {
  return std::span<const double>(row.quantiles).first(static_cast<size_t>(row.quantile_count));
}

double SmallestTabulated(const NullTableRow& row) {
  return kNullTableProbabilities[static_cast<size_t>(row.quantile_count) - 1];
}

}  // namespace

size_t NullTableReplicates(size_t length) { return length <= kLongestLengthWithEveryRow ? 100000 : 10000; }

uint64_t NullTableSeed(size_t length) { return (kNullTableSeed << 32) + length; }

std::span<const NullTableRow> NullTable() { return kRows; }

std::vector<double> SimulateNullStatistics(size_t length, int min_hold, size_t replicates, uint64_t seed) {
  stats::NormalDeviates normal(seed);
  std::vector<double> nights(length);
  std::vector<double> statistics;
  statistics.reserve(replicates);
  for (size_t r = 0; r < replicates; ++r) {
    for (double& night : nights) night = normal.Next();
    std::vector<double> guarded = GuardSummaries(nights, min_hold, NightNoise(nights));
    statistics.push_back(ScanStretch(guarded, min_hold).statistic);
  }
  std::sort(statistics.begin(), statistics.end());
  return statistics;
}

std::vector<double> NullQuantiles(std::span<const double> sorted) {
  const double count = static_cast<double>(sorted.size());
  std::vector<double> quantiles;
  for (double probability : kNullTableProbabilities) {
    auto tail = static_cast<size_t>(std::llround(probability * count));
    if (tail < kTableTailCount) break;
    quantiles.push_back(sorted[sorted.size() - tail]);
  }
  return quantiles;
}

double RowPValue(double statistic, std::span<const double> quantiles) {
  TIMEIT_CHECK(quantiles.size() >= 2 && quantiles.size() <= kNullTableProbabilities.size(),
               "two quantiles or more, one per probability");
  if (!(statistic > 0)) return 1;
  double previous_q = 0;
  double previous_log_p = 0;  // the point (0, p = 1)
  for (size_t j = 0; j < quantiles.size(); ++j) {
    double log_p = std::log(kNullTableProbabilities[j]);
    if (statistic <= quantiles[j]) {  // and above previous_q, so quantiles[j] > previous_q
      double w = (statistic - previous_q) / (quantiles[j] - previous_q);
      return std::exp((1 - w) * previous_log_p + w * log_p);
    }
    previous_q = quantiles[j];
    previous_log_p = log_p;
  }
  // Beyond the last quantile: ln p linear in m^2 through the last two points.
  const size_t last = quantiles.size() - 1;
  double q1 = quantiles[last - 1];
  double q2 = quantiles[last];
  if (!(q2 > q1)) return 0;
  double log_p1 = std::log(kNullTableProbabilities[last - 1]);
  double log_p2 = std::log(kNullTableProbabilities[last]);
  double slope = (log_p2 - log_p1) / (q2 * q2 - q1 * q1);
  return std::exp(log_p2 + slope * (statistic * statistic - q2 * q2));
}

ScanPValue NullPValue(double statistic, size_t length, int min_hold) {
  TIMEIT_CHECK(length >= 2 * static_cast<size_t>(min_hold), "a stretch of two minimum holds or more");
  ScanPValue result;
  if (length <= kLongestLengthWithEveryRow) {
    const NullTableRow& row = RowOf(length, min_hold);
    result.p = RowPValue(statistic, QuantilesOf(row));
    result.smallest_tabulated = SmallestTabulated(row);
    return result;
  }
  const size_t longest = kNullTableLengths.back();
  if (length >= longest) {
    const NullTableRow& row = RowOf(longest, min_hold);
    double stretch = static_cast<double>(length) / static_cast<double>(longest);
    result.p = std::min(1.0, RowPValue(statistic, QuantilesOf(row)) * stretch);
    result.smallest_tabulated = std::min(1.0, SmallestTabulated(row) * stretch);
    return result;
  }
  auto above = std::lower_bound(kNullTableLengths.begin(), kNullTableLengths.end(), length);
  const size_t upper = *above;
  const size_t lower = *(above - 1);
  const NullTableRow& upper_row = RowOf(upper, min_hold);
  if (length == upper) {
    result.p = RowPValue(statistic, QuantilesOf(upper_row));
    result.smallest_tabulated = SmallestTabulated(upper_row);
    return result;
  }
  const NullTableRow& lower_row = RowOf(lower, min_hold);
  result.smallest_tabulated = std::max(SmallestTabulated(lower_row), SmallestTabulated(upper_row));
  double w = (std::log(static_cast<double>(length)) - std::log(static_cast<double>(lower))) /
             (std::log(static_cast<double>(upper)) - std::log(static_cast<double>(lower)));
  double log_lower = std::log(RowPValue(statistic, QuantilesOf(lower_row)));
  double log_upper = std::log(RowPValue(statistic, QuantilesOf(upper_row)));
  result.p = std::exp((1 - w) * log_lower + w * log_upper);
  return result;
}

}  // namespace timeit::history
