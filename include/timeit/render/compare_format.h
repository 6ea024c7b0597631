#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "timeit/base/spellings.h"
#include "timeit/compare/comparison.h"

/// Writers of a comparison report: pure functions from a report to text.
namespace timeit {

enum class CompareFormat { kText, kJson, kCsv, kMarkdown };

inline constexpr Spellings<CompareFormat, 4> kCompareFormatSpellings = {{
    {"text", CompareFormat::kText},
    {"json", CompareFormat::kJson},
    {"csv", CompareFormat::kCsv},
    {"markdown", CompareFormat::kMarkdown},
}};

/// "text", "json", "csv", "markdown".
constexpr std::string_view CompareFormatName(CompareFormat format) {
  return SpellingOf(kCompareFormatSpellings, format);
}

/// How the text report is drawn.
struct CompareTextStyle {
  /// Paint regressions red and improvements green (for terminals only).
  bool color = false;
  /// Draw each row's histogram under it.
  bool histograms = true;
};

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
std::string FormatCompareText(const ComparisonReport& report, const CompareTextStyle& style);

/// {"schema": "timeit-compare/2", "settings": {...}, "hosts": {"differences": [...]},
/// "families": [...], "rows": [...], "geomeans": [...], "regressed": bool}; each row has its
/// "warnings" (work metrics that changed far more, hosts that differ in what decides speed),
/// each side its "outliers" and "outlier_values", and a row with a histogram its "histogram"
/// (bin edges, counts per side). Numbers unrounded, NaN and infinities as null.
std::string FormatCompareJson(const ComparisonReport& report);

/// RFC 4180: one header line, then one line per row (the same columns whatever the policy,
/// empty where they do not apply), its outlier counts and its warnings last, in one field
/// separated by "; "; geometric means as rows with benchmark "geomean" and no verdict.
/// Names, and the warnings, as EscapeReversibly writes them (a backslash doubled, invalid
/// UTF-8 and control characters as \xHH) and quoted where they hold a comma, a quote, CR
/// or LF, so that every name reads back exactly.
/// Numbers unrounded, empty where undefined; an unbounded interval (a row whose smallest p
/// cannot clear its family's cut-off) has empty ends and an empty detectable change, as JSON
/// has null and the text "-".
std::string FormatCompareCsv(const ComparisonReport& report);

/// The text report's lines about hosts, verdicts and each metric's family, then a
/// GitHub-flavoured Markdown table, the same columns as the text table, with names shown
/// as the text table shows them and whatever Markdown would read as syntax in them escaped
/// (`|`, backslashes, `*`, `[`, `<`, ...), so each renders as the text table's; the rows'
/// warnings and the geometric means in lists below it.
std::string FormatCompareMarkdown(const ComparisonReport& report);

/// What a bot should not miss although no row says "regressed", one line each, without a
/// prefix: per metric, rows that read "too few runs" while their estimate is beyond the
/// threshold (with the runs that would do), rows whose work metrics changed far more than
/// they did, hosts that differ in what decides speed, and benchmarks whose new runs failed
/// where the base runs did not; and when no benchmark is on both sides but one side's names
/// are the other's with a directory before them, that prefix. Empty when there is nothing
/// to say.
std::vector<std::string> FormatCompareWarnings(const ComparisonReport& report);

}  // namespace timeit
