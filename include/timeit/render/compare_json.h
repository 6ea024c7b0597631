#pragma once

#include <string>

#include "timeit/render/compare_renderer.h"

namespace timeit {

/// {"schema": "timeit-compare/2", "settings": {...}, "hosts": {"differences": [...]},
/// "families": [...], "rows": [...], "geomeans": [...], "regressed": bool}; each row has its
/// "warnings" (work metrics that changed far more, hosts that differ in what decides speed),
/// each side its "outliers" and "outlier_values", and a row with a histogram its "histogram"
/// (bin edges, counts per side). Numbers unrounded, NaN and infinities as null. A name that
/// is not UTF-8 is written with U+FFFD, its exact bytes in hex beside it ("benchmark_bytes").
class CompareJsonRenderer final : public CompareRenderer {
 public:
  std::string Render(const ComparisonReport& report) const override;
};

}  // namespace timeit
