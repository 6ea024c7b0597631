#include "timeit/p_adjust.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace timeit::stats {

std::vector<double> AdjustPValues(std::span<const double> p_values, PAdjustMethod method) {
  std::vector<double> adjusted(p_values.begin(), p_values.end());
  if (method == PAdjustMethod::kNone) return adjusted;

  // Indices of the tested rows, in increasing order of p (stable, like R's order()).
  std::vector<size_t> order;
  for (size_t i = 0; i < p_values.size(); ++i) {
    if (!std::isnan(p_values[i])) order.push_back(i);
  }
  std::stable_sort(order.begin(), order.end(),
                   [&](size_t a, size_t b) { return p_values[a] < p_values[b]; });
  size_t family = order.size();  // R: n = length(p) after dropping NAs
  if (family <= 1) return adjusted;
  double n = static_cast<double>(family);

  if (method == PAdjustMethod::kHolm) {
    // R: pmin(1, cummax((n + 1 - i) * p[o])) over increasing p, i = 1..n.
    double running_max = 0;
    for (size_t i = 0; i < family; ++i) {
      double scaled = (n - static_cast<double>(i)) * p_values[order[i]];
      running_max = std::max(running_max, scaled);
      adjusted[order[i]] = std::min(1.0, running_max);
    }
  } else {
    // R: pmin(1, cummin(n / i * p[o])) over decreasing p, i = n..1.
    double running_min = INFINITY;
    for (size_t k = family; k-- > 0;) {
      double i = static_cast<double>(k + 1);
      double scaled = n / i * p_values[order[k]];
      running_min = std::min(running_min, scaled);
      adjusted[order[k]] = std::min(1.0, running_min);
    }
  }
  return adjusted;
}

std::string_view PAdjustMethodName(PAdjustMethod method) {
  switch (method) {
    case PAdjustMethod::kBenjaminiHochberg:
      return "bh";
    case PAdjustMethod::kHolm:
      return "holm";
    case PAdjustMethod::kNone:
      break;
  }
  return "none";
}

}  // namespace timeit::stats
