#include "timeit/render/compare_text.h"

#include <algorithm>

#include "compare_lines.h"
#include "timeit/base/text_format.h"
#include "timeit/base/utf8.h"
#include "timeit/render/histogram_text.h"
#include "timeit/render/number_text.h"

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

}  // namespace

std::string CompareTextRenderer::Render(const ComparisonReport& report) const {
  std::vector<Cells> table = {Header(report)};
  for (const ComparisonRow& row : report.rows) table.push_back(RowCells(report, row, EscapeForDisplay));
  // Cells are escaped, so UTF-8 whose characters are one column each.
  std::vector<size_t> widths(table[0].size(), 0);
  for (const Cells& cells : table) {
    for (size_t i = 0; i < cells.size(); ++i) widths[i] = std::max(widths[i], CodePointCount(cells[i]));
  }
  std::string text = Explanation(report, EscapeForDisplay);
  size_t columns = table[0].size();
  for (size_t r = 0; r < table.size(); ++r) {
    std::string line;
    for (size_t i = 0; i < columns; ++i) {
      const std::string& cell = table[r][i];
      bool last = i + 1 == columns;
      std::string padding(widths[i] - CodePointCount(cell), ' ');
      std::string painted = cell;
      if (style_.color && r > 0 && last) {
        Verdict verdict = report.rows[r - 1].verdict;
        if (verdict == Verdict::kRegressed) painted = "\033[31m" + cell + "\033[0m";
        if (verdict == Verdict::kImproved) painted = "\033[32m" + cell + "\033[0m";
      }
      if (i > 0) line += "  ";
      line += LeftAligned(report, i, columns) ? painted + (last ? "" : padding) : padding + painted;
    }
    text += line + "\n";
    if (r == 0) continue;
    const ComparisonRow& row = report.rows[r - 1];
    for (const WorkChange& work : row.work_changes) {
      text += "  ! " + WorkChangeText(row, work, EscapeForDisplay) + "\n";
    }
    if (style_.histograms && row.histogram) text += HistogramLines(row);
  }
  for (const GeomeanRow& row : report.geomeans) text += GeomeanLine(row, report, EscapeForDisplay);
  return text;
}

}  // namespace timeit
