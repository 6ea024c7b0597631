#include "timeit/render/sparkline.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

namespace timeit {
namespace {

constexpr const char* kBlocks[] = {"▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"};
constexpr size_t kLevels = sizeof(kBlocks) / sizeof(kBlocks[0]);

double MedianOfPresent(std::span<const double> values) {
  std::vector<double> present;
  for (double value : values) {
    if (!std::isnan(value)) present.push_back(value);
  }
  if (present.empty()) return std::numeric_limits<double>::quiet_NaN();
  std::sort(present.begin(), present.end());
  size_t middle = present.size() / 2;
  return present.size() % 2 == 1 ? present[middle] : (present[middle - 1] + present[middle]) / 2;
}

// The values drawn: each of them, or beyond `width`, the median of each run of them.
std::vector<double> Columns(std::span<const double> values, size_t width) {
  if (width == 0 || values.size() <= width) return {values.begin(), values.end()};
  std::vector<double> columns;
  for (size_t column = 0; column < width; ++column) {
    size_t begin = column * values.size() / width;
    size_t end = (column + 1) * values.size() / width;
    columns.push_back(MedianOfPresent(values.subspan(begin, end - begin)));
  }
  return columns;
}

std::string Draw(const std::vector<double>& columns, double lo, double hi) {
  std::string line;
  for (double value : columns) {
    if (std::isnan(value)) {
      line += ' ';
    } else if (!(hi > lo) || !std::isfinite(hi - lo)) {
      line += kBlocks[kLevels / 2 - 1];
    } else {
      double level = std::clamp((value - lo) / (hi - lo), 0.0, 1.0) * static_cast<double>(kLevels);
      line += kBlocks[std::min(kLevels - 1, static_cast<size_t>(level))];
    }
  }
  return line;
}

}  // namespace

std::string Sparkline(std::span<const double> values, size_t width) {
  std::vector<double> columns = Columns(values, width);
  double lo = std::numeric_limits<double>::infinity();
  double hi = -lo;
  for (double value : columns) {
    if (std::isnan(value)) continue;
    lo = std::min(lo, value);
    hi = std::max(hi, value);
  }
  return Draw(columns, lo, hi);
}

std::string Sparkline(std::span<const double> values, size_t width, double lo, double hi) {
  return Draw(Columns(values, width), lo, hi);
}

}  // namespace timeit
