#include "timeit/stats/hodges_lehmann.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <limits>

#include "timeit/base/check.h"

namespace timeit::stats {
namespace {

constexpr double kInfinity = std::numeric_limits<double>::infinity();

// Doubles mapped to unsigned integers in the same order, so that bisection over the
// integers visits every double between two bounds: at most 64 halvings find any of them.
uint64_t OrderKey(double value) {
  if (value == 0) value = 0;  // -0 and +0 are one value
  auto bits = std::bit_cast<uint64_t>(value);
  return (bits >> 63) != 0 ? ~bits : bits | (uint64_t{1} << 63);
}

double FromOrderKey(uint64_t key) {
  uint64_t bits = (key >> 63) != 0 ? key & ~(uint64_t{1} << 63) : ~key;
  return std::bit_cast<double>(bits);
}

}  // namespace

HodgesLehmann::HodgesLehmann(std::span<const double> before, std::span<const double> after, Scale scale)
    : before_(before.begin(), before.end()), after_(after.begin(), after.end()) {
  TIMEIT_CHECK(!before.empty() && !after.empty(), "both samples non-empty");
  auto usable = [scale](double v) { return std::isfinite(v) && (scale == Scale::kLinear || v > 0); };
  TIMEIT_CHECK(std::all_of(before.begin(), before.end(), usable) && std::all_of(after.begin(), after.end(), usable),
               "finite values, and positive ones on the log scale");
  if (scale == Scale::kLog) {
    for (double& value : before_) value = std::log(value);
    for (double& value : after_) value = std::log(value);
  }
  std::sort(before_.begin(), before_.end());
  std::sort(after_.begin(), after_.end());
}

uint64_t HodgesLehmann::pairs() const { return static_cast<uint64_t>(before_.size()) * after_.size(); }

// Both counts walk the two sorted samples once. For a growing before_i the differences
// after_j - before_i shrink, so the number of j that qualify only grows; rounding is
// monotone, so this holds for the computed differences too.
uint64_t HodgesLehmann::CountAtMost(double t) const {
  uint64_t count = 0;
  size_t j = 0;
  for (double b : before_) {
    while (j < after_.size() && after_[j] - b <= t) ++j;
    count += j;
  }
  return count;
}

double HodgesLehmann::Select(uint64_t k) const {
  TIMEIT_CHECK(k >= 1 && k <= pairs(), "1 <= k <= the number of differences");
  // The smallest t with at least k differences <= t is the k-th smallest difference. The
  // bisection keeps it in [low, high] (as order keys), knowing how many differences lie
  // below low and at or below high; once few lie between, they are gathered and the one
  // wanted is picked among them, which saves most of the 64 halvings.
  uint64_t low = OrderKey(after_.front() - before_.back());   // the smallest difference
  uint64_t high = OrderKey(after_.back() - before_.front());  // the largest
  // below_low differences are <= `above` (none at first); up_to_high are <= high.
  double above = -kInfinity;
  uint64_t below_low = 0, up_to_high = pairs();
  const uint64_t few = 4 * (before_.size() + after_.size());
  while (low < high) {
    if (up_to_high - below_low <= few) return SelectBetween(above, FromOrderKey(high), k - below_low);
    uint64_t middle = low + (high - low) / 2;
    uint64_t count = CountAtMost(FromOrderKey(middle));
    if (count >= k) {
      high = middle;
      up_to_high = count;
    } else {
      low = middle + 1;
      // Counted against the double itself, not the key after it: -0 and +0 are two keys
      // and one value.
      above = FromOrderKey(middle);
      below_low = count;
    }
  }
  return FromOrderKey(low);
}

double HodgesLehmann::SelectBetween(double above, double high, uint64_t k) const {
  // The differences in (above, high], computed as CountAtMost computes them. For a growing
  // before_i both ends of the qualifying range of j only grow.
  std::vector<double> between;
  size_t first = 0, last = 0;
  for (double b : before_) {
    while (first < after_.size() && after_[first] - b <= above) ++first;
    last = std::max(last, first);
    while (last < after_.size() && after_[last] - b <= high) ++last;
    for (size_t j = first; j < last; ++j) between.push_back(after_[j] - b);
  }
  std::nth_element(between.begin(), between.begin() + static_cast<ptrdiff_t>(k - 1), between.end());
  return between[k - 1];
}

double HodgesLehmann::Estimate() const {
  uint64_t size = pairs();
  double upper_middle = Select(size / 2 + 1);
  if (size % 2 == 1) return upper_middle;
  double lower_middle = Select(size / 2);
  return lower_middle / 2 + upper_middle / 2;  // halves first: the sum of two huge values overflows
}

ShiftInterval HodgesLehmann::Interval(int64_t reach) const {
  auto size = static_cast<int64_t>(pairs());
  ShiftInterval interval{-kInfinity, kInfinity};
  // Lower end: the smallest shift whose 2U is at most m n + reach. Between two distinct
  // differences 2U is twice the number of differences above, so the infimum is the r-th
  // smallest difference, r = ceil((m n - reach) / 2).
  int64_t high_u = size + reach;
  if (high_u < 2 * size) interval.lower = Select(static_cast<uint64_t>((2 * size - high_u + 1) / 2));
  // Upper end, mirrored: the largest shift whose 2U is at least m n - reach, the s-th
  // smallest difference, s = m n + 1 - ceil((m n - reach) / 2).
  int64_t low_u = size - reach;
  if (low_u > 0) interval.upper = Select(static_cast<uint64_t>(size + 1 - (low_u + 1) / 2));
  return interval;
}

}  // namespace timeit::stats
