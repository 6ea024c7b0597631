#include "timeit/mann_whitney.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <memory>
#include <mutex>
#include <numbers>
#include <optional>
#include <utility>
#include <vector>

namespace timeit::stats {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// Exact counts of arrangements. The largest C(n1+n2, n1) we handle exactly is below 2^128:
// n1 + n2 <= 130 for equal sizes, which covers every sample size a benchmark comparison has.
using Count = unsigned __int128;

// Beyond this many values of U (n1 n2 + 1) the exact table would cost megabytes, and the
// normal approximation is accurate to far better than anyone reads a p-value.
constexpr size_t kMaxExactCells = size_t{1} << 18;

// C(m+n, m), or nullopt when it does not fit 128 bits (conservatively: also when an
// intermediate product C(n+i-1, i-1) (n+i) does not).
std::optional<Count> Binomial(size_t m, size_t n) {
  if (m > n) std::swap(m, n);
  Count c = 1;
  for (size_t i = 1; i <= m; ++i) {
    Count product;
    if (__builtin_mul_overflow(c, static_cast<Count>(n + i), &product)) return std::nullopt;
    c = product / i;  // exact: the product is C(n+i, i) i
  }
  return c;
}

// P(U <= u) for u = 0..m n under the null hypothesis without ties.
//
// The number of arrangements with statistic u, c(u; m, n), is the coefficient of q^u in the
// Gaussian binomial coefficient prod_{i=1..m} (1 - q^(n+i)) / (1 - q^i), the generating
// function of the recurrence c(u; m, n) = c(u - n; m - 1, n) + c(u; m, n - 1). Multiplying
// by (1 - q^k) and dividing by (1 - q^i) (a running sum with stride i) costs O(m) passes
// over m n + 1 coefficients. The arithmetic wraps modulo 2^128, which is harmless: it is a
// ring, every division by (1 - q^i) is exact, and the final coefficients, like their running
// sums, are at most C(m+n, m) < 2^128, so they come out exact.
std::vector<long double> ComputeExactCdf(size_t m, size_t n, Count total) {
  size_t cells = m * n + 1;
  std::vector<Count> poly(cells, 0);
  poly[0] = 1;
  for (size_t i = 1; i <= m; ++i) {
    size_t k = n + i;
    for (size_t u = cells; u-- > k;) poly[u] -= poly[u - k];
    for (size_t u = i; u < cells; ++u) poly[u] += poly[u - i];
  }
  std::vector<long double> cdf(cells);
  Count cumulative = 0;
  for (size_t u = 0; u < cells; ++u) {
    cumulative += poly[u];
    cdf[u] = static_cast<long double>(cumulative) / static_cast<long double>(total);
  }
  return cdf;
}

using Cdf = std::shared_ptr<const std::vector<long double>>;

// The exact CDF for these sizes, or null when it is too large to tabulate. Tables are
// memoized per (min(n1, n2), max(n1, n2)): a comparison calls this with the same sizes for
// every benchmark. Shared pointers keep a table alive for a caller while the cache is
// cleared, and the mutex makes concurrent calls safe.
Cdf ExactCdf(size_t n1, size_t n2) {
  size_t m = std::min(n1, n2);
  size_t n = std::max(n1, n2);
  if (n != 0 && m > (kMaxExactCells - 1) / n) return nullptr;

  static std::mutex mutex;
  static std::map<std::pair<size_t, size_t>, Cdf> cache;  // null: C(m+n, m) too large
  std::pair<size_t, size_t> key(m, n);
  {
    std::lock_guard<std::mutex> lock(mutex);
    auto found = cache.find(key);
    if (found != cache.end()) return found->second;
  }
  Cdf cdf;
  if (std::optional<Count> total = Binomial(m, n)) {
    cdf = std::make_shared<const std::vector<long double>>(ComputeExactCdf(m, n, *total));
  }
  std::lock_guard<std::mutex> lock(mutex);
  if (cache.size() >= 64) cache.clear();  // bounded: sizes seen in one run are few
  cache.emplace(key, cdf);
  return cdf;
}

// Upper tail of the standard normal distribution, as scipy.stats.norm.sf.
double NormalSf(double z) { return 0.5 * std::erfc(z / std::numbers::sqrt2); }

}  // namespace

MannWhitneyResult MannWhitneyU(std::span<const double> x, std::span<const double> y) {
  MannWhitneyResult result;
  result.method = MannWhitneyMethod::kAsymptotic;
  size_t n1 = x.size();
  size_t n2 = y.size();
  if (n1 == 0 || n2 == 0) {
    result.u1 = kNaN;
    result.p_value = kNaN;
    return result;
  }

  // Pool and sort once (O(n log n)); the mid-rank sum of x gives U1 and the tie groups
  // give the variance correction.
  std::vector<std::pair<double, bool>> pooled;  // (value, belongs to x)
  pooled.reserve(n1 + n2);
  for (double value : x) pooled.emplace_back(value, true);
  for (double value : y) pooled.emplace_back(value, false);
  for (const auto& [value, unused] : pooled) {
    if (std::isnan(value)) {  // SciPy's nan_policy='propagate'
      result.u1 = kNaN;
      result.p_value = kNaN;
      return result;
    }
  }
  std::sort(pooled.begin(), pooled.end(),
            [](const auto& a, const auto& b) { return a.first < b.first; });

  size_t n = n1 + n2;
  double rank_sum_x = 0;
  double tie_term = 0;  // sum over tie groups of t^3 - t
  for (size_t begin = 0; begin < n;) {
    size_t end = begin + 1;
    while (end < n && pooled[end].first == pooled[begin].first) ++end;
    double mid_rank = static_cast<double>(begin + 1 + end) / 2;  // 1-based ranks begin+1..end
    size_t in_x = 0;
    for (size_t i = begin; i < end; ++i) in_x += pooled[i].second ? 1 : 0;
    rank_sum_x += static_cast<double>(in_x) * mid_rank;
    double t = static_cast<double>(end - begin);
    tie_term += t * t * t - t;
    begin = end;
  }
  double n1d = static_cast<double>(n1);
  double n2d = static_cast<double>(n2);
  double u1 = rank_sum_x - n1d * (n1d + 1) / 2;
  double u2 = n1d * n2d - u1;
  double u = std::max(u1, u2);
  result.u1 = u1;

  // SciPy 1.10 `_mwu_choose_method`: asymptotic if both samples have more than 8 values,
  // else asymptotic if there is any tie, else exact.
  bool exact_wanted = !(n1 > 8 && n2 > 8) && tie_term == 0;
  if (exact_wanted) {
    if (Cdf cdf = ExactCdf(n1, n2)) {
      // P(U >= max(U1, U2)) = P(U <= min(U1, U2)) by symmetry, doubled.
      auto k = static_cast<size_t>(std::min(u1, u2));
      result.method = MannWhitneyMethod::kExact;
      result.p_value = static_cast<double>(std::min(1.0L, 2 * (*cdf)[k]));
      return result;
    }
  }

  // Normal approximation, the variance corrected for ties and U moved 0.5 towards the
  // mean. Every value tied gives sigma = 0 and z = -inf, hence p = 2 capped at 1.
  double nd = static_cast<double>(n);
  double mu = n1d * n2d / 2;
  double sigma = std::sqrt(n1d * n2d / 12 * ((nd + 1) - tie_term / (nd * (nd - 1))));
  double z = (u - mu - 0.5) / sigma;
  result.p_value = std::clamp(2 * NormalSf(z), 0.0, 1.0);
  return result;
}

double MinAttainablePValue(size_t n1, size_t n2) {
  size_t m = std::min(n1, n2);
  size_t n = std::max(n1, n2);
  long double arrangements = 1;  // C(m + n, m); +inf for huge samples gives 0
  for (size_t i = 1; i <= m; ++i) {
    arrangements = arrangements * static_cast<long double>(n + i) / static_cast<long double>(i);
  }
  return static_cast<double>(std::min(1.0L, 2 / arrangements));
}

long CriticalU(size_t n1, size_t n2, double tail_probability) {
  if (!(tail_probability >= 0)) return -1;  // also NaN
  if (Cdf cdf = ExactCdf(n1, n2)) {
    auto above = std::upper_bound(cdf->begin(), cdf->end(),
                                  static_cast<long double>(tail_probability));
    return static_cast<long>(above - cdf->begin()) - 1;
  }
  // Normal approximation without ties, with continuity correction:
  // P(U <= u) ~ Phi((u + 0.5 - mu) / sigma), increasing in u, so search for the boundary.
  double mn = static_cast<double>(n1) * static_cast<double>(n2);
  if (tail_probability >= 1) return static_cast<long>(mn);
  double mu = mn / 2;
  double sigma = std::sqrt(mn * (static_cast<double>(n1 + n2) + 1) / 12);
  auto cdf_at = [&](long u) { return NormalSf(-(static_cast<double>(u) + 0.5 - mu) / sigma); };
  long good = -1;  // largest u known to satisfy the bound
  long bad = static_cast<long>(mn) + 1;  // smallest u known not to
  while (bad - good > 1) {
    long middle = good + (bad - good) / 2;
    if (cdf_at(middle) <= tail_probability) {
      good = middle;
    } else {
      bad = middle;
    }
  }
  return good;
}

}  // namespace timeit::stats
