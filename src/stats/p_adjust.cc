#include "timeit/stats/p_adjust.h"

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
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return p_values[a] < p_values[b]; });
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

FamilyCutoffs CorrectionCutoffs(std::span<const double> p_values, PAdjustMethod method, double alpha) {
  FamilyCutoffs result;
  std::vector<double> adjusted = AdjustPValues(p_values, method);
  std::vector<size_t> order;  // family rows by increasing p
  for (size_t i = 0; i < p_values.size(); ++i) {
    if (!std::isnan(p_values[i])) order.push_back(i);
  }
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return p_values[a] < p_values[b]; });
  result.family = order.size();
  double largest_flagged = -INFINITY;
  double smallest_unflagged = INFINITY;
  for (size_t i : order) {
    if (adjusted[i] < alpha) {
      ++result.flagged;
      largest_flagged = std::max(largest_flagged, p_values[i]);
    } else {
      smallest_unflagged = std::min(smallest_unflagged, p_values[i]);
    }
  }
  size_t family = std::max<size_t>(result.family, 1);
  size_t next_step = std::min(result.flagged + 1, family);
  // Benjamini-Hochberg steps up: its bar is that of the last step passed. Holm steps down:
  // rows pass until the first step that fails, whose bar no remaining row cleared.
  result.cutoff = method == PAdjustMethod::kBenjaminiHochberg
                      ? StepCutoff(std::max<size_t>(result.flagged, 1), family, method, alpha)
                      : StepCutoff(next_step, family, method, alpha);
  result.cutoff = std::max(result.cutoff, std::nextafter(largest_flagged, INFINITY));
  result.cutoff = std::min(result.cutoff, smallest_unflagged);
  result.next_cutoff = StepCutoff(next_step, family, method, alpha);
  return result;
}

double StepCutoff(size_t step, size_t family, PAdjustMethod method, double alpha) {
  double k = static_cast<double>(step);
  double m = static_cast<double>(std::max<size_t>(family, 1));
  switch (method) {
    case PAdjustMethod::kBenjaminiHochberg:
      return k * alpha / m;
    case PAdjustMethod::kHolm:
      return alpha / (m - k + 1);
    case PAdjustMethod::kNone:
      break;
  }
  return alpha;
}

double LoneChangeCutoff(size_t family, PAdjustMethod method, double alpha) {
  return StepCutoff(1, family, method, alpha);
}

}  // namespace timeit::stats
