#include "timeit/stats/normal_deviates.h"

#include <cmath>
#include <numbers>

namespace timeit::stats {

double NormalDeviates::Next() {
  if (has_sine_) {
    has_sine_ = false;
    return sine_;
  }
  double radius_uniform = 1 - uniforms_.Unit();  // in (0, 1]: its log is finite
  double angle = 2 * std::numbers::pi * uniforms_.Unit();
  double radius = std::sqrt(-2 * std::log(radius_uniform));
  sine_ = radius * std::sin(angle);
  has_sine_ = true;
  return radius * std::cos(angle);
}

}  // namespace timeit::stats
