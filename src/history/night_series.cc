#include "timeit/history/night_series.h"

#include <algorithm>
#include <cmath>

#include "timeit/base/check.h"

namespace timeit::history {

void NightSeries::AddNight(size_t index, std::span<const double> values) {
  TIMEIT_CHECK(indices_.empty() || index > indices_.back(), "nights in increasing order");
  TIMEIT_CHECK(std::all_of(values.begin(), values.end(), [](double v) { return std::isfinite(v); }),
               "finite run values");
  if (values.empty()) return;
  values_.insert(values_.end(), values.begin(), values.end());
  ends_.push_back(values_.size());
  indices_.push_back(index);
}

std::span<const double> NightSeries::runs(size_t position) const {
  size_t begin = position == 0 ? 0 : ends_[position - 1];
  return std::span<const double>(values_).subspan(begin, ends_[position] - begin);
}

Scale ScaleOf(const NightSeries& series) {
  for (size_t j = 0; j < series.size(); ++j) {
    for (double value : series.runs(j)) {
      if (!(value > 0)) return Scale::kLinear;
    }
  }
  return Scale::kLog;
}

}  // namespace timeit::history
