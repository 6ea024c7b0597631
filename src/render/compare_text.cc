#include "timeit/render/compare_text.h"

#include <algorithm>

#include "compare_lines.h"
#include "text_table.h"
#include "timeit/base/text_format.h"
#include "timeit/base/utf8.h"
#include "timeit/render/histogram_text.h"
#include "timeit/render/number_text.h"
#include "timeit/render/sparkline.h"

namespace timeit {
namespace {

// The histogram lines under a row: both sides on the row's bins, one scale.
std::string HistogramLines(const ComparisonRow& row) {
  const RowHistogram& histogram = *row.histogram;
  if (histogram.base.edges.empty()) return "";  // no positive value to place on log bins
  size_t scale = 0;
  for (const stats::Histogram* side : {&histogram.base, &histogram.candidate}) {
    for (size_t count : side->counts) scale = std::max(scale, count);
  }
  bool seconds = IsSeconds(row.metric);
  double lo = histogram.base.edges.front();
  double hi = histogram.base.edges.back();
  std::string range = Quantity(lo, seconds, 4) + (lo == hi ? "" : " .. " + Quantity(hi, seconds, 4));
  auto line = [&](const char* name, const stats::Histogram& side, const std::string& after) {
    std::string text = std::string("  ") + name + " |" + FormatHistogramBars(side.counts, scale) + "|" + after;
    if (side.not_positive > 0) text += StringPrintf("%s%zu at 0", after.empty() ? " " : ", and ", side.not_positive);
    return text + "\n";
  };
  return line("base", histogram.base, " " + range) + line("new ", histogram.candidate, "");
}

// The widest a side's runs are drawn in the sparkline of a flagged row.
constexpr size_t kRunsSparklineWidth = 30;

// One line under a flagged row: each side's runs sorted (the distribution, lowest first) as
// a sparkline, both on one scale, so that where the new runs lie against the base runs, and
// how far they spread, read at a glance. Empty where a side has no value.
std::string RunsSparkline(const ComparisonRow& row) {
  std::vector<double> base = row.base.values;
  std::vector<double> candidate = row.candidate.values;
  if (base.empty() || candidate.empty()) return "";
  std::sort(base.begin(), base.end());
  std::sort(candidate.begin(), candidate.end());
  double lo = std::min(base.front(), candidate.front());
  double hi = std::max(base.back(), candidate.back());
  bool seconds = IsSeconds(row.metric);
  return "  runs sorted, one scale: base " + Sparkline(base, kRunsSparklineWidth, lo, hi) + "  new " +
         Sparkline(candidate, kRunsSparklineWidth, lo, hi) + "  " + Quantity(lo, seconds, 4) +
         (lo == hi ? "" : " .. " + Quantity(hi, seconds, 4)) + "\n";
}

}  // namespace

std::string CompareTextRenderer::Render(const ComparisonReport& report) const {
  std::vector<Cells> table = {Header(report)};
  for (const ComparisonRow& row : report.rows) table.push_back(RowCells(report, row, EscapeForDisplay));
  size_t columns = table[0].size();
  std::vector<std::string> lines = AlignColumns(
      table, [&](size_t column) { return LeftAligned(report, column, columns); },
      [&](size_t r, size_t column, const std::string& cell) {
        if (!style_.color || r == 0 || column + 1 != columns) return cell;
        Verdict verdict = report.rows[r - 1].verdict;
        if (verdict == Verdict::kRegressed) return "\033[31m" + cell + "\033[0m";
        if (verdict == Verdict::kImproved) return "\033[32m" + cell + "\033[0m";
        return cell;
      });
  std::string text = Explanation(report, EscapeForDisplay);
  for (size_t r = 0; r < lines.size(); ++r) {
    text += lines[r];
    if (r == 0) continue;
    const ComparisonRow& row = report.rows[r - 1];
    for (const WorkChange& work : row.work_changes) {
      text += "  ! " + WorkChangeText(row, work, EscapeForDisplay) + "\n";
    }
    if (style_.histograms && IsFlagged(row.verdict)) text += RunsSparkline(row);
    if (style_.histograms && row.histogram) text += HistogramLines(row);
  }
  for (const GeomeanRow& row : report.geomeans) text += GeomeanLine(row, report, EscapeForDisplay);
  return text;
}

}  // namespace timeit
