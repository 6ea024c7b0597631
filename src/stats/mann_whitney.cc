#include "timeit/stats/mann_whitney.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <mutex>
#include <numbers>
#include <tuple>
#include <utility>

#include "timeit/base/check.h"
#include "timeit/base/uint128.h"
#include "timeit/stats/statistics.h"

namespace timeit::stats {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

using Table = UNullDistribution::Table;

// Exact counts of arrangements without ties, modulo 2^256: additions and subtractions with
// carries, and a conversion to long double.
struct Count256 {
  uint64_t limb[4] = {0, 0, 0, 0};  // least significant first

  Count256& operator+=(const Count256& other) {
    unsigned carry = 0;
    for (int i = 0; i < 4; ++i) {
      Uint128 sum = static_cast<Uint128>(limb[i]) + other.limb[i] + carry;
      limb[i] = static_cast<uint64_t>(sum);
      carry = static_cast<unsigned>(sum >> 64);
    }
    return *this;
  }
  Count256& operator-=(const Count256& other) {
    unsigned borrow = 0;
    for (int i = 0; i < 4; ++i) {
      Uint128 difference = static_cast<Uint128>(limb[i]) - other.limb[i] - borrow;
      limb[i] = static_cast<uint64_t>(difference);
      borrow = static_cast<unsigned>(difference >> 127);  // wrapped below zero
    }
    return *this;
  }
  long double ToLongDouble() const {
    long double value = 0;
    for (int i = 3; i >= 0; --i) value = value * 0x1p64L + static_cast<long double>(limb[i]);
    return value;
  }
};

// The no-tie table has n1 n2 + 1 values of U; beyond this many it is not built.
constexpr size_t kMaxNoTieCells = size_t{1} << 18;

// log2 C(m + n, m) from log-gamma: accurate to far better than the one-bit margin it is
// used with.
double Log2Binomial(size_t m, size_t n) {
  long double nats = std::lgamma(static_cast<long double>(m + n + 1)) - std::lgamma(static_cast<long double>(m + 1)) -
                     std::lgamma(static_cast<long double>(n + 1));
  return static_cast<double>(nats / std::numbers::ln2_v<long double>);
}

// Whether the no-tie table is built: C(n1 + n2, n1) < 2^255 (up to 128 x 128, and one side
// of 25 against 10,000) and at most 2^18 values of U.
bool NoTieTableFits(size_t n1, size_t n2) {
  size_t m = std::min(n1, n2);
  size_t n = std::max(n1, n2);
  if (n != 0 && m > (kMaxNoTieCells - 1) / n) return false;
  return Log2Binomial(m, n) < 255;
}

std::shared_ptr<const Table> ComputeNoTieTable(size_t m, size_t n) {
  std::vector<long double> cumulative = NoTieCumulativeCounts(m, n);
  long double total = cumulative.back();  // C(m + n, m)
  size_t cells = cumulative.size();
  auto table = std::make_shared<Table>();
  size_t doubled = 2 * (cells - 1) + 1;
  table->lower.resize(doubled);
  table->upper.resize(doubled);
  for (size_t u = 0; u < cells; ++u) {
    auto p = static_cast<double>(cumulative[u] / total);
    // 2U = 2u and 2u + 1 (a value 2U never takes) share P(2U <= k); the distribution is
    // symmetric about n1 n2, so the upper tail is the mirrored lower one, exactly.
    table->lower[2 * u] = p;
    if (2 * u + 1 < doubled) table->lower[2 * u + 1] = p;
  }
  for (size_t k = 0; k < doubled; ++k) table->upper[k] = table->lower[doubled - 1 - k];
  return table;
}

// Tables memoized by what determines them. A comparison asks for the same sizes (and often
// the same tie pattern: runs timed in whole clock ticks, or a file pooled twice) for many
// benchmarks, and for each row twice (its p-value, then its interval). Bounded by the
// total size of the tables; shared pointers keep a table alive for its users when the
// cache is cleared, and the mutex makes concurrent calls safe.
template <typename Key>
class TableCache {
 public:
  template <typename Compute>
  std::shared_ptr<const Table> Get(const Key& key, Compute compute) {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      auto found = tables_.find(key);
      if (found != tables_.end()) return found->second;
    }
    std::shared_ptr<const Table> table = compute();
    std::lock_guard<std::mutex> lock(mutex_);
    if (cells_ + table->lower.size() > kMaxCells) {
      tables_.clear();
      cells_ = 0;
    }
    if (tables_.emplace(key, table).second) cells_ += table->lower.size();
    return table;
  }

 private:
  static constexpr size_t kMaxCells = size_t{1} << 22;  // 64 MiB of tail probabilities
  std::mutex mutex_;
  std::map<Key, std::shared_ptr<const Table>> tables_;
  size_t cells_ = 0;
};

// The no-tie table for these sizes, or null when it is not built.
std::shared_ptr<const Table> NoTieTable(size_t n1, size_t n2) {
  size_t m = std::min(n1, n2);
  size_t n = std::max(n1, n2);
  if (!NoTieTableFits(m, n)) return nullptr;
  static TableCache<std::pair<size_t, size_t>> cache;
  return cache.Get({m, n}, [&] { return ComputeNoTieTable(m, n); });
}

// The exact distribution of 2U conditional on the tie pattern: every choice of which
// min(n1, n2) of the pooled values form the smaller sample is equally likely.
//
// Dynamic programming over the tie groups in increasing order of value, the "shift
// algorithm" idea: count[j][v] is the number of ways to have chosen j values among the
// groups seen so far with a doubled U of v, where each chosen value scores 2 for every
// unchosen value below it and 1 for every unchosen value tied with it. Taking k of a group
// of t values that has `before` values below it, j of them chosen, adds
// k (2 (before - j) + (t - k)) in C(t, k) ways. Every addition is of non-negative numbers,
// so doubles keep their relative precision. The two-sided p-value of the smaller sample's U
// is that of the larger one's (the two are mirror images about the mean).
//
// Each row keeps the span of its non-zero counts, so coarse data (few distinct values, as
// counts of 0 and 1) costs little whatever the sample sizes. The walk over the transitions
// is shared by the program and by its cost estimate, so the two cannot drift apart.

// The span of non-zero counts of one row (empty when top < bottom).
struct RowSpan {
  long bottom = 0;
  long top = -1;
  bool empty() const { return top < bottom; }
};

// Walks the transitions in the order the program applies them, keeping each row's span:
// visitor.Transition(target, from, k, t, before, shift, from_span) for every transition out
// of a non-empty row (returning false stops the walk), visitor.Keep(j, t, before, span) for
// every live row before the transitions into it (the choice of none of the group), and
// visitor.Clear(j, span) for every row that becomes impossible (more unchosen values than
// the larger sample has). Returns whether the walk finished.
template <typename Visitor>
bool WalkTieProgram(const PooledRanks& ranks, Visitor& visitor) {
  size_t m = std::min(ranks.n1, ranks.n2);
  size_t n = std::max(ranks.n1, ranks.n2);
  std::vector<RowSpan> spans(m + 1);
  spans[0] = {0, 0};
  size_t before = 0;
  for (uint32_t t : ranks.tie_groups) {
    size_t after = m + n - before - t;  // values in the groups still to come
    // Target rows from the top down, so that the rows read (lower) still hold the counts
    // from before this group. A row that the remaining values cannot complete to m is
    // never needed.
    for (size_t target = std::min(m, before + t); target >= 1 && target + after >= m; --target) {
      if (!spans[target].empty()) visitor.Keep(target, t, before, spans[target]);
      for (size_t k = 1; k <= std::min<size_t>(t, target); ++k) {
        size_t j = target - k;
        if (spans[j].empty() || j > before || before - j > n) continue;
        auto shift = static_cast<long>(k * (2 * (before - j) + (t - k)));
        if (!visitor.Transition(target, j, k, t, before, shift, spans[j])) return false;
        RowSpan& to = spans[target];
        RowSpan moved{spans[j].bottom + shift, spans[j].top + shift};
        to = to.empty() ? moved : RowSpan{std::min(to.bottom, moved.bottom), std::max(to.top, moved.top)};
      }
    }
    if (!spans[0].empty() && after >= m) visitor.Keep(0, t, before, spans[0]);
    before += t;
    for (size_t j = 0; j <= m && before > n + j; ++j) {
      if (spans[j].empty()) continue;
      visitor.Clear(j, spans[j]);
      spans[j] = RowSpan{};
    }
  }
  return true;
}

// What the program would cost, counted without doing it: its inner-loop work
// (multiply-adds and scalings) and the probabilities it stores (each row stores the widest
// span it ever has: spans only grow until a row dies). Stops counting past the limits.
struct TieCostCounter {
  double max_work = 0;
  double max_cells = 0;
  double work = 0;
  double cells = 0;            // the sum of the rows' widths
  std::vector<RowSpan> grown;  // per row: the span it stores, grown as the walk goes

  TieCostCounter(size_t m, double work_limit, double cells_limit)
      : max_work(work_limit), max_cells(cells_limit), cells(1), grown(m + 1) {
    grown[0] = {0, 0};
  }
  bool Transition(size_t target, size_t, size_t, uint32_t, size_t, long shift, const RowSpan& from) {
    work += static_cast<double>(from.top - from.bottom + 1);
    RowSpan& span = grown[target];
    RowSpan moved{from.bottom + shift, from.top + shift};
    long old_width = span.empty() ? 0 : span.top - span.bottom + 1;
    span = span.empty() ? moved : RowSpan{std::min(span.bottom, moved.bottom), std::max(span.top, moved.top)};
    cells += static_cast<double>(span.top - span.bottom + 1 - old_width);
    return work <= max_work && cells <= max_cells;
  }
  void Keep(size_t, uint32_t, size_t, const RowSpan& span) { work += static_cast<double>(span.top - span.bottom + 1); }
  void Clear(size_t, const RowSpan&) {}  // the row keeps its storage until the program ends
};

// Whether the program is cheap enough for these ranks: at most `max_work` multiply-adds,
// 2^22 stored probabilities (32 MiB), and a table of at most 2^22 values.
bool TieProgramIsCheap(const PooledRanks& ranks, double max_work) {
  size_t m = std::min(ranks.n1, ranks.n2);
  size_t n = std::max(ranks.n1, ranks.n2);
  if (n != 0 && m > ((size_t{1} << 22) - 1) / (2 * n)) return false;  // the table itself, 2 m n + 1 values
  TieCostCounter counter(m, max_work, 0x1p22);
  return WalkTieProgram(ranks, counter);
}

// The program itself. It carries probabilities rather than counts (C(1200, 600) would
// overflow a double): a transition's weight is the probability that, with j values chosen
// among the `before` below and m - j still to choose among the rest uniformly, exactly k come
// from this group of t: C(t, k) C(rest - t, m - j - k) / C(rest, m - j), from log-factorials.
// Each row stores the probabilities of the widest span it ever has, from `offset` on,
// allocated once from a first walk that only follows the spans.
struct TieProgram {
  struct Row {
    long offset = 0;
    std::vector<double> mass;
  };
  size_t m = 0;
  size_t total = 0;  // n1 + n2
  std::vector<double> log_factorial;
  std::vector<Row> rows;

  double LogChoose(size_t n, size_t k) const { return log_factorial[n] - log_factorial[k] - log_factorial[n - k]; }

  bool Transition(size_t target, size_t from, size_t k, uint32_t t, size_t before, long shift, const RowSpan& span) {
    size_t rest = total - before;  // this group and all above it
    size_t wanted = m - from;
    double weight = std::exp(LogChoose(t, k) + LogChoose(rest - t, wanted - k) - LogChoose(rest, wanted));
    Row& to = rows[target];
    const Row& source = rows[from];
    const double* in = source.mass.data() + (span.bottom - source.offset);
    double* out = to.mass.data() + (span.bottom + shift - to.offset);
    for (long i = 0, size = span.top - span.bottom + 1; i < size; ++i) out[i] += weight * in[i];
    return true;
  }
  // Row j took k = 0 of the group: its mass stays, scaled by the probability of that.
  void Keep(size_t j, uint32_t t, size_t before, const RowSpan&) {
    size_t rest = total - before;
    size_t wanted = m - j;
    if (rows[j].mass.empty() || wanted > rest - t) return;
    double weight = std::exp(LogChoose(rest - t, wanted) - LogChoose(rest, wanted));
    for (double& value : rows[j].mass) value *= weight;
  }
  void Clear(size_t j, const RowSpan&) { rows[j] = Row{}; }  // dead: never read again
};

std::shared_ptr<const Table> ComputeTieTable(const PooledRanks& ranks) {
  size_t m = std::min(ranks.n1, ranks.n2);
  size_t n = std::max(ranks.n1, ranks.n2);
  size_t cells = 2 * m * n + 1;
  TieProgram program;
  program.m = m;
  program.total = m + n;
  program.log_factorial.resize(m + n + 1);
  for (size_t i = 0; i <= m + n; ++i) program.log_factorial[i] = std::lgamma(static_cast<double>(i) + 1);
  TieCostCounter spans(m, INFINITY, INFINITY);
  WalkTieProgram(ranks, spans);
  program.rows.resize(m + 1);
  for (size_t j = 0; j <= m; ++j) {
    const RowSpan& span = spans.grown[j];
    if (span.empty()) continue;
    program.rows[j].offset = span.bottom;
    program.rows[j].mass.assign(static_cast<size_t>(span.top - span.bottom + 1), 0.0);
  }
  program.rows[0].mass[0] = 1;  // nothing chosen yet: 2U = 0
  WalkTieProgram(ranks, program);
  std::vector<double> final_mass(cells, 0.0);
  const TieProgram::Row& last = program.rows[m];
  for (size_t i = 0; i < last.mass.size(); ++i) final_mass[static_cast<size_t>(last.offset) + i] = last.mass[i];
  double total = 0;  // 1 up to rounding
  for (double c : final_mass) total += c;
  auto table = std::make_shared<Table>();
  table->lower.resize(cells);
  table->upper.resize(cells);
  double cumulative = 0;
  for (size_t v = 0; v < cells; ++v) {
    cumulative += final_mass[v];
    table->lower[v] = cumulative / total;
  }
  cumulative = 0;
  for (size_t v = cells; v-- > 0;) {
    cumulative += final_mass[v];
    table->upper[v] = cumulative / total;
  }
  return table;
}

// Standard deviation of U under the null hypothesis, corrected for ties.
double NormalSigma(const PooledRanks& ranks) {
  double tie_term = 0;  // sum over tie groups of t^3 - t
  for (uint32_t group : ranks.tie_groups) {
    auto t = static_cast<double>(group);
    tie_term += t * t * t - t;
  }
  auto n1 = static_cast<double>(ranks.n1);
  auto n2 = static_cast<double>(ranks.n2);
  double n = n1 + n2;
  return std::sqrt(n1 * n2 / 12 * ((n + 1) - tie_term / (n * (n - 1))));
}

}  // namespace

// The number of arrangements with statistic u, c(u; m, n), is the coefficient of q^u in the
// Gaussian binomial coefficient prod_{i=1..m} (1 - q^(n+i)) / (1 - q^i), the generating
// function of the recurrence c(u; m, n) = c(u - n; m - 1, n) + c(u; m, n - 1). Multiplying
// by (1 - q^k) and dividing by (1 - q^i) (a running sum with stride i) costs O(m) passes
// over m n + 1 coefficients. The arithmetic wraps modulo 2^256, which is harmless: it is a
// ring, every division by (1 - q^i) is exact, and the final coefficients, like their running
// sums, are at most C(m+n, m) < 2^256, so they come out exact.
std::vector<long double> NoTieCumulativeCounts(size_t n1, size_t n2) {
  size_t m = std::min(n1, n2);  // fewer passes; the counts are symmetric in the two sizes
  size_t n = std::max(n1, n2);
  size_t cells = m * n + 1;
  std::vector<Count256> poly(cells);
  poly[0].limb[0] = 1;
  for (size_t i = 1; i <= m; ++i) {
    size_t k = n + i;
    for (size_t u = cells; u-- > k;) poly[u] -= poly[u - k];
    for (size_t u = i; u < cells; ++u) poly[u] += poly[u - i];
  }
  std::vector<long double> cumulative(cells);
  Count256 running;
  for (size_t u = 0; u < cells; ++u) {
    running += poly[u];
    cumulative[u] = running.ToLongDouble();
  }
  return cumulative;
}

UNullDistribution::UNullDistribution(size_t n1, size_t n2, std::shared_ptr<const Table> table, double sigma)
    : n1_(n1), n2_(n2), table_(std::move(table)), sigma_(sigma) {}

double UNullDistribution::TwoSidedP(int64_t u2) const {
  auto mean2 = static_cast<int64_t>(n1_ * n2_);  // 2 E[U]
  int64_t distance = u2 > mean2 ? u2 - mean2 : mean2 - u2;
  if (distance == 0) return 1;
  if (table_) {
    int64_t low = mean2 - distance;
    int64_t high = mean2 + distance;
    double p = 0;
    if (low >= 0) p += table_->lower[static_cast<size_t>(low)];
    if (high <= 2 * mean2) p += table_->upper[static_cast<size_t>(high)];
    return std::min(1.0, p);
  }
  // U moved 1/2 towards the mean (continuity correction). sigma = 0 only when every value
  // is tied, and then the statistic is at the mean.
  double z = (static_cast<double>(distance) / 2 - 0.5) / sigma_;
  return std::clamp(2 * NormalSf(z), 0.0, 1.0);
}

int64_t UNullDistribution::AcceptedReach(double cutoff) const {
  auto mean2 = static_cast<int64_t>(n1_ * n2_);
  if (!(cutoff > 0)) return mean2;  // also NaN: nothing can be rejected
  // The p-value falls as the distance from the mean grows: find the largest distance still
  // accepted. p(0) = 1 >= cutoff.
  int64_t good = 0;
  int64_t bad = mean2 + 1;
  while (bad - good > 1) {
    int64_t middle = good + (bad - good) / 2;
    if (TwoSidedP(mean2 + middle) >= cutoff) {
      good = middle;
    } else {
      bad = middle;
    }
  }
  return good;
}

PooledRanks RankPooled(std::span<const double> x, std::span<const double> y) {
  auto has_nan = [](std::span<const double> values) {
    return std::any_of(values.begin(), values.end(), [](double v) { return std::isnan(v); });
  };
  TIMEIT_CHECK(!x.empty() && !y.empty() && !has_nan(x) && !has_nan(y), "both samples non-empty and free of NaN");
  PooledRanks ranks;
  ranks.n1 = x.size();
  ranks.n2 = y.size();
  std::vector<std::pair<double, bool>> pooled;  // (value, belongs to x)
  pooled.reserve(x.size() + y.size());
  for (double value : x) pooled.emplace_back(value, true);
  for (double value : y) pooled.emplace_back(value, false);
  std::sort(pooled.begin(), pooled.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  size_t n = pooled.size();
  int64_t doubled_rank_sum_x = 0;
  for (size_t begin = 0; begin < n;) {
    size_t end = begin + 1;
    while (end < n && pooled[end].first == pooled[begin].first) ++end;
    int64_t in_x = 0;
    for (size_t i = begin; i < end; ++i) in_x += pooled[i].second ? 1 : 0;
    // Mid-rank of 1-based ranks begin+1 .. end, doubled: begin + 1 + end.
    doubled_rank_sum_x += in_x * static_cast<int64_t>(begin + 1 + end);
    ranks.tie_groups.push_back(static_cast<uint32_t>(end - begin));
    ranks.has_ties |= end - begin > 1;
    begin = end;
  }
  auto n1 = static_cast<int64_t>(ranks.n1);
  ranks.u2 = doubled_rank_sum_x - n1 * (n1 + 1);
  return ranks;
}

bool UsesExact(const PooledRanks& ranks, MannWhitneyMethod method, double tie_work) {
  switch (method) {
    case MannWhitneyMethod::kAsymptotic:
      return false;
    case MannWhitneyMethod::kAuto:
      // SciPy 1.10 `_mwu_choose_method`: asymptotic if both samples have more than 8
      // values, else asymptotic if there is any tie, else exact.
      return !(ranks.n1 > 8 && ranks.n2 > 8) && !ranks.has_ties && NoTieTableFits(ranks.n1, ranks.n2);
    case MannWhitneyMethod::kExact:
      return ranks.has_ties ? TieProgramIsCheap(ranks, tie_work) : NoTieTableFits(ranks.n1, ranks.n2);
  }
  return false;
}

UNullDistribution ExactNullDistribution(const PooledRanks& ranks) {
  std::shared_ptr<const Table> table = ranks.has_ties ? nullptr : NoTieTable(ranks.n1, ranks.n2);
  if (!table) {
    static TableCache<std::tuple<size_t, size_t, std::vector<uint32_t>>> cache;
    table = cache.Get({std::min(ranks.n1, ranks.n2), std::max(ranks.n1, ranks.n2), ranks.tie_groups},
                      [&] { return ComputeTieTable(ranks); });
  }
  return UNullDistribution(ranks.n1, ranks.n2, std::move(table), 0);
}

UNullDistribution NullDistribution(const PooledRanks& ranks, MannWhitneyMethod method, double tie_work) {
  if (UsesExact(ranks, method, tie_work)) return ExactNullDistribution(ranks);
  return UNullDistribution(ranks.n1, ranks.n2, nullptr, NormalSigma(ranks));
}

MannWhitneyResult MannWhitneyU(std::span<const double> x, std::span<const double> y, MannWhitneyMethod method) {
  MannWhitneyResult result;
  bool has_nan = std::any_of(x.begin(), x.end(), [](double v) { return std::isnan(v); }) ||
                 std::any_of(y.begin(), y.end(), [](double v) { return std::isnan(v); });
  if (x.empty() || y.empty() || has_nan) {  // SciPy's nan_policy='propagate'
    result.u1 = kNaN;
    result.p_value = kNaN;
    result.exact = false;
    return result;
  }
  PooledRanks ranks = RankPooled(x, y);
  UNullDistribution null = NullDistribution(ranks, method);
  result.u1 = static_cast<double>(ranks.u2) / 2;
  result.p_value = null.TwoSidedP(ranks.u2);
  result.exact = null.exact();
  return result;
}

double SmallestPValue(size_t n1, size_t n2, MannWhitneyMethod method) {
  if (n1 == 0 || n2 == 0) return 1;
  PooledRanks separated;  // sizes only: no ties is all the rule looks at
  separated.n1 = n1;
  separated.n2 = n2;
  if (UsesExact(separated, method)) {
    size_t m = std::min(n1, n2);
    size_t n = std::max(n1, n2);
    long double arrangements = 1;  // C(m + n, m)
    for (size_t i = 1; i <= m; ++i) {
      arrangements = arrangements * static_cast<long double>(n + i) / static_cast<long double>(i);
    }
    return static_cast<double>(std::min(1.0L, 2 / arrangements));
  }
  auto a = static_cast<double>(n1);
  auto b = static_cast<double>(n2);
  double sigma = std::sqrt(a * b * (a + b + 1) / 12);
  return std::clamp(2 * NormalSf((a * b / 2 - 0.5) / sigma), 0.0, 1.0);
}

double SmallestAttainableP(const UNullDistribution& null, int64_t u2) {
  double separated = null.exact() ? SmallestPValue(null.n1(), null.n2(), MannWhitneyMethod::kExact) : null.TwoSidedP(0);
  return std::min(separated, null.TwoSidedP(u2));
}

int64_t IntervalReach(const UNullDistribution& null, int64_t u2, double cutoff) {
  if (!(SmallestAttainableP(null, u2) < cutoff)) return static_cast<int64_t>(null.n1() * null.n2());
  return null.AcceptedReach(cutoff);
}

}  // namespace timeit::stats
