#pragma once

#include <string>
#include <string_view>

#include "timeit/comparison.h"

/// Writers of a comparison report: pure functions from a report to text.
namespace timeit {

enum class CompareFormat { kText, kJson, kCsv, kMarkdown };

/// An aligned table sorted as the report is, with a header saying how p-values were
/// corrected and what the verdict means, and the geometric-mean rows below. `color`
/// paints regressions red and improvements green (for terminals only).
std::string FormatCompareText(const ComparisonReport& report, bool color);

/// {"schema": "timeit-compare/1", "settings": {...}, "rows": [...], "geomeans": [...]};
/// numbers unrounded, NaN written as null.
std::string FormatCompareJson(const ComparisonReport& report);

/// One header line, then one line per row; geometric means as rows with benchmark
/// "geomean". Numbers unrounded, empty where undefined.
std::string FormatCompareCsv(const ComparisonReport& report);

/// A GitHub-flavoured Markdown table, the same columns as the text table.
std::string FormatCompareMarkdown(const ComparisonReport& report);

}  // namespace timeit
