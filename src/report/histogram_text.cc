#include "timeit/report/histogram_text.h"

#include <algorithm>

namespace timeit {

std::string FormatHistogramBars(std::span<const size_t> counts, size_t scale) {
  static constexpr const char* kBlocks[] = {"▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"};
  std::string bars;
  for (size_t count : counts) {
    if (count == 0 || scale == 0) {
      bars += ' ';
      continue;
    }
    // ceil(8 count / scale) in integers: the eighths are exact, as a test can state them.
    size_t eighths = std::min<size_t>((8 * std::min(count, scale) + scale - 1) / scale, 8);
    bars += kBlocks[eighths - 1];
  }
  return bars;
}

}  // namespace timeit
