#pragma once

#include <string>

#include "timeit/render/compare_renderer.h"

namespace timeit {

/// An aligned table in the report's order, below lines that say how the hosts of the sides
/// differ (when they do in what decides speed), how verdicts are decided and, per metric,
/// what its family allows (family size, the p a lone change needs, the smallest p the usual
/// run counts give, the runs per side that would suffice, the level of the intervals); the
/// geometric-mean lines follow. A row's runs say how many of them are outliers. Under a
/// row, a line `  ! ...` for each work metric that changed far more than its metric, then
/// (with style.histograms) both sides' histograms on one scale:
///   `  base |  ▂█▅▁      | 101.2 ms .. 109.8 ms`
///   `  new  |      ▁▃█▆▂ |`
/// Names are shown as EscapeForDisplay shows them: control characters, invalid UTF-8 and
/// what would hide escaped (\n, \x1b, \xff, \x20), never raw, and every backslash an
/// escape (\\), so that no two names are shown alike.
class CompareTextRenderer final : public CompareRenderer {
 public:
  explicit CompareTextRenderer(const CompareStyle& style = {}) : style_(style) {}
  std::string Render(const ComparisonReport& report) const override;

 private:
  CompareStyle style_;
};

}  // namespace timeit
