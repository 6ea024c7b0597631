#include "timeit/render/compare_markdown.h"

#include "compare_lines.h"

namespace timeit {

std::string CompareMarkdownRenderer::Render(const ComparisonReport& report) const {
  // The lines that say how rows are judged come first, as in the text report.
  std::string text = Explanation(report, EscapeForMarkdown) + "\n";
  std::vector<Cells> table = {Header(report)};
  for (const ComparisonRow& row : report.rows) table.push_back(RowCells(report, row, EscapeForMarkdown));
  size_t columns = table[0].size();
  text += MarkdownTable(table, [&](size_t column) { return LeftAligned(report, column, columns); });
  text += "\n";
  std::string notes;
  for (const ComparisonRow& row : report.rows) {
    for (const WorkChange& work : row.work_changes) {
      notes += "- " + EscapeForMarkdown(row.benchmark) + " " + EscapeForMarkdown(row.metric) + ": " +
               WorkChangeText(row, work, EscapeForMarkdown) + "\n";
    }
  }
  text += notes + (notes.empty() ? "" : "\n");
  for (const GeomeanRow& row : report.geomeans) text += "- " + GeomeanLine(row, report, EscapeForMarkdown);
  return text;
}

}  // namespace timeit
