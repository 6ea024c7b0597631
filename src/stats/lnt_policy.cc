#include "timeit/stats/lnt_policy.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <numeric>
#include <string>
#include <vector>

#include "timeit/base/error.h"

namespace timeit::lnt {
namespace {

// LNT's small-sample tables stop at 20 values per side.
constexpr int kMaxTableSize = 20;

// analysis.py's constants.
constexpr double kMinValuePrecision = 0.0001;
constexpr double kConfidenceInterval = 2.576;

enum class Level { k10, k05, k01 };

// The significance levels LNT has tables for. LNT looks them up in a dict keyed by the
// float, so only these exact doubles are accepted.
Level LevelOf(double significance) {
  if (significance == 0.10) return Level::k10;
  if (significance == 0.05) return Level::k05;
  if (significance == 0.01) return Level::k01;
  char shortest[32];
  const std::to_chars_result end =
      std::to_chars(shortest, shortest + sizeof shortest, significance);
  throw Error(ErrorKind::kUsage,
              "LNT's Mann-Whitney test has tables only for significance 0.10, 0.05 and 0.01, not " +
                  std::string(shortest, end.ptr));
}

// P(U <= u) <= alpha / 2 as exact integer arithmetic: cumulative * kDenominator <= total,
// with alpha / 2 = 1 / kDenominator.
constexpr uint64_t HalfAlphaDenominator(Level level) {
  switch (level) {
    case Level::k10:
      return 20;
    case Level::k05:
      return 40;
    case Level::k01:
      return 200;
  }
  return 0;
}

using Table = std::array<std::array<int, kMaxTableSize>, kMaxTableSize>;

struct Tables {
  Table t10{}, t05{}, t01{};
  Table& For(Level level) { return level == Level::k10 ? t10 : level == Level::k05 ? t05 : t01; }
  const Table& For(Level level) const {
    return level == Level::k10 ? t10 : level == Level::k05 ? t05 : t01;
  }
};

// The exact null distribution of U for every pair of sizes up to 20: counts[m][n][u] is the
// number of orderings of m x's and n y's with u pairs x < y. counts(m, n, u) =
// counts(m-1, n, u-n) + counts(m, n-1, u): the largest value is an x (it precedes all n y's)
// or a y. The totals reach C(40, 20) ~ 1.4e11, well inside 64 bits even times 200.
Tables BuildTables() {
  constexpr int kSide = kMaxTableSize + 1;
  std::vector<std::vector<std::vector<uint64_t>>> counts(kSide,
                                                         std::vector<std::vector<uint64_t>>(kSide));
  for (int m = 0; m < kSide; ++m) {
    for (int n = 0; n < kSide; ++n) {
      std::vector<uint64_t>& dist = counts[m][n];
      dist.assign(static_cast<size_t>(m * n + 1), 0);
      if (m == 0 || n == 0) {
        dist[0] = 1;
        continue;
      }
      const std::vector<uint64_t>& x_last = counts[m - 1][n];
      const std::vector<uint64_t>& y_last = counts[m][n - 1];
      for (size_t u = 0; u < x_last.size(); ++u) dist[u + static_cast<size_t>(n)] += x_last[u];
      for (size_t u = 0; u < y_last.size(); ++u) dist[u] += y_last[u];
    }
  }

  Tables tables;
  for (Level level : {Level::k10, Level::k05, Level::k01}) {
    const uint64_t denominator = HalfAlphaDenominator(level);
    for (int m = 1; m <= kMaxTableSize; ++m) {
      for (int n = 1; n <= kMaxTableSize; ++n) {
        const std::vector<uint64_t>& dist = counts[m][n];
        const uint64_t total = std::accumulate(dist.begin(), dist.end(), uint64_t{0});
        // Largest u with P(U <= u) <= alpha/2; 0 when there is none (as in LNT's tables).
        int critical = 0;
        uint64_t cumulative = 0;
        for (size_t u = 0; u < dist.size(); ++u) {
          cumulative += dist[u];
          if (cumulative * denominator > total) break;
          critical = static_cast<int>(u);
        }
        tables.For(level)[m - 1][n - 1] = critical;
      }
    }
  }

  // lnt/util/stats.py's tables, typos included (1-based (len(a), len(b))).
  // alpha = .10, row len(a) = 4 lost its leading 0: LNT's (4, k) is the exact (4, k + 1).
  // (4, 20) is then past the end of LNT's row, an IndexError that aborts LNT's report, so
  // LNT has no verdict to reproduce; we keep the exact value, 18, which is also LNT's own
  // (20, 4) entry.
  Table& t10 = tables.For(Level::k10);
  for (int k = 1; k < kMaxTableSize; ++k) t10[3][k - 1] = t10[3][k];
  t10[12][19] = t10[19][12] = 89;  // exact 84
  Table& t05 = tables.For(Level::k05);
  t05[3][19] = t05[19][3] = 13;    // exact 14
  t05[13][16] = t05[16][13] = 67;  // exact 69
  Table& t01 = tables.For(Level::k01);
  t01[10][19] = t01[19][10] = 46;  // exact 48
  t01[12][18] = t01[18][12] = 56;  // exact 57
  return tables;
}

const Tables& SignTables() {
  static const Tables tables = BuildTables();
  return tables;
}

// mannwhitneyu_small: the U of the shorter sample by pair counting, then |U_a - U_b|
// against the table entry for (len(a), len(b)).
bool MannWhitneySmall(std::span<const double> a, std::span<const double> b, Level level) {
  const bool flip = a.size() > b.size();
  std::span<const double> x = flip ? b : a;
  std::span<const double> y = flip ? a : b;
  double ux = 0;
  for (double xe : x) {
    for (double ye : y) {
      if (xe < ye) {
        ux += 1;
      } else if (xe == ye) {
        ux += 0.5;
      }
    }
  }
  const double uy = static_cast<double>(a.size() * b.size()) - ux;
  const double ua = flip ? uy : ux;
  const double ub = flip ? ux : uy;
  const double statistic = std::fabs(ua - ub);
  return statistic <= SignTables().For(level)[a.size() - 1][b.size() - 1];
}

// lnt/external/stats lmannwhitneyu, doubled: ranks of a + b with ties averaged, the tie
// correction (whose square root LNT uses as T), and the normal approximation.
bool MannWhitneyLarge(std::span<const double> a, std::span<const double> b, double significance) {
  const size_t n = a.size() + b.size();
  std::vector<double> values(a.begin(), a.end());
  values.insert(values.end(), b.begin(), b.end());
  std::vector<size_t> order(n);
  std::iota(order.begin(), order.end(), size_t{0});
  std::stable_sort(order.begin(), order.end(),
                   [&](size_t i, size_t j) { return values[i] < values[j]; });
  std::vector<double> ranks(n);
  double tie_sum = 0;  // sum of t^3 - t over groups of t equal values
  for (size_t start = 0; start < n;) {
    size_t end = start + 1;
    while (end < n && values[order[end]] == values[order[start]]) ++end;
    // Ranks start + 1 .. end, averaged.
    const double average = static_cast<double>(start + 1 + end) / 2.0;
    for (size_t k = start; k < end; ++k) ranks[order[k]] = average;
    const double t = static_cast<double>(end - start);
    if (end - start > 1) tie_sum += t * t * t - t;
    start = end;
  }

  const double n1 = static_cast<double>(a.size());
  const double n2 = static_cast<double>(b.size());
  double rank_sum_a = 0;
  for (size_t i = 0; i < a.size(); ++i) rank_sum_a += ranks[i];
  const double u1 = n1 * n2 + (n1 * (n1 + 1)) / 2.0 - rank_sum_a;
  const double u2 = n1 * n2 - u1;
  const double big_u = std::max(u1, u2);
  const double dn = static_cast<double>(n);
  const double t = std::sqrt(1.0 - tie_sum / (dn * dn * dn - dn));
  if (t == 0) return true;  // All values identical: LNT catches the ValueError as "same".
  const double sd = std::sqrt(t * n1 * n2 * (n1 + n2 + 1) / 12.0);
  const double z = std::fabs((big_u - n1 * n2 / 2.0) / sd);
  // 1 - Phi(z). LNT evaluates Phi with Perlman's polynomial (zprob, good to ~1e-9 and 1
  // beyond z = 6); only a p within that of significance / 2 could get another verdict.
  const double one_sided_p = 0.5 * std::erfc(z / std::sqrt(2.0));
  return one_sided_p * 2 >= significance;
}

}  // namespace

const char* RuleName(Rule rule) {
  switch (rule) {
    case Rule::kZeroCurrent:
      return "new min is 0";
    case Rule::kMinChangeFloor:
      return "min-change floor";
    case Rule::kMannWhitney:
      return "Mann-Whitney: same";
    case Rule::kStddev:
      return "2.576 stddev";
    case Rule::kSingleSample:
      return "0.2% (1 run)";
  }
  return "min-change floor";
}

bool MannWhitneySame(std::span<const double> a, std::span<const double> b, double significance) {
  const Level level = LevelOf(significance);
  if (a.empty() || b.empty()) {
    throw Error(ErrorKind::kUsage, "LNT's Mann-Whitney test needs at least one value per side");
  }
  if (a.size() <= kMaxTableSize && b.size() <= kMaxTableSize) {
    return MannWhitneySmall(a, b, level);
  }
  return MannWhitneyLarge(a, b, significance);
}

Comparison Compare(std::span<const double> new_samples, std::span<const double> base_samples,
                   double confidence_level, bool bigger_is_better) {
  LevelOf(confidence_level);
  if (new_samples.empty() || base_samples.empty()) {
    throw Error(ErrorKind::kUsage, "an LNT comparison needs samples on both sides");
  }
  Comparison result;
  // safe_min, swapped for safe_max when bigger is better.
  auto aggregate = [&](std::span<const double> values) {
    return bigger_is_better ? *std::max_element(values.begin(), values.end())
                            : *std::min_element(values.begin(), values.end());
  };
  result.current = aggregate(new_samples);

  // absmin_diff: the base sample closest to current; `<=` makes the last of equals win.
  size_t closest = 0;
  double smallest = std::fabs(result.current - base_samples[0]);
  for (size_t i = 0; i < base_samples.size(); ++i) {
    const double diff = std::fabs(result.current - base_samples[i]);
    if (diff <= smallest) {
      smallest = diff;
      closest = i;
    }
  }
  result.previous = base_samples[closest];
  // LNT compares only a truthy (non-zero) current; otherwise its previous is None and so is
  // its status, which we report as unchanged with delta and pct_delta left at 0.
  if (result.current != 0) {
    result.delta = result.current - result.previous;
    if (result.previous != 0) result.pct_delta = result.delta / result.previous;
  }

  if (new_samples.size() > 1) {
    // stats.standard_deviation: population, summed left to right as Python's sum() did
    // before 3.12.
    double sum = 0;
    for (double v : new_samples) sum += v;
    const double count = static_cast<double>(new_samples.size());
    const double mean = sum / count;
    double squares = 0;
    for (double v : new_samples) squares += (v - mean) * (v - mean);
    result.stddev = std::sqrt(squares / count);
  }

  // get_value_status, neither side failed.
  auto by_sign = [&](double value) {
    const bool worse = bigger_is_better ? value < 0 : !(value < 0);
    return worse ? Status::kRegressed : Status::kImproved;
  };
  const double abs_delta = std::fabs(result.delta);
  if (result.current == 0) {
    result.rule = Rule::kZeroCurrent;
    result.status = Status::kUnchanged;
  } else if (std::fabs(result.pct_delta) < .01 || abs_delta < .01 ||
             abs_delta <= 2 * kMinValuePrecision * kConfidenceInterval) {
    result.rule = Rule::kMinChangeFloor;
    result.status = Status::kUnchanged;
  } else if (new_samples.size() >= 4 && base_samples.size() >= 4 &&
             MannWhitneySame(new_samples, base_samples, confidence_level)) {
    result.rule = Rule::kMannWhitney;
    result.status = Status::kUnchanged;
  } else if (result.stddev) {
    result.rule = Rule::kStddev;
    result.status = abs_delta > *result.stddev * kConfidenceInterval ? by_sign(result.delta)
                                                                     : Status::kUnchanged;
  } else {
    result.rule = Rule::kSingleSample;
    result.status =
        std::fabs(result.pct_delta) >= .002 ? by_sign(result.pct_delta) : Status::kUnchanged;
  }
  return result;
}

}  // namespace timeit::lnt
