#pragma once

#include <string>

#include "timeit/render/compare_renderer.h"

namespace timeit {

/// RFC 4180: one header line, then one line per row (the same columns whatever the policy,
/// empty where they do not apply), its outlier counts and its warnings last, in one field
/// separated by "; "; geometric means as rows with benchmark "geomean" and no verdict.
/// Names, and the warnings, as CsvField writes them (EscapeReversibly: a backslash doubled,
/// invalid UTF-8 and control characters as \xHH; quoted where they hold a comma, a quote,
/// CR or LF), so that every name reads back exactly.
/// Numbers unrounded, empty where undefined; an unbounded interval (a row whose smallest p
/// cannot clear its family's cut-off) has empty ends and an empty detectable change, as JSON
/// has null and the text "-".
class CompareCsvRenderer final : public CompareRenderer {
 public:
  std::string Render(const ComparisonReport& report) const override;
};

}  // namespace timeit
