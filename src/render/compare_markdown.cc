#include "timeit/render/compare_markdown.h"

#include "compare_lines.h"

namespace timeit {

std::string CompareMarkdownRenderer::Render(const ComparisonReport& report) const {
  std::string text;
  auto add_row = [&](const Cells& cells) {
    text += "|";
    for (const std::string& cell : cells) text += " " + cell + " |";
    text += "\n";
  };
  // The lines that say how rows are judged come first, as in the text report.
  text += Explanation(report, EscapeForMarkdown) + "\n";
  Cells header = Header(report);
  add_row(header);
  text += "|";
  for (size_t i = 0; i < header.size(); ++i) text += LeftAligned(report, i, header.size()) ? " --- |" : " ---: |";
  text += "\n";
  for (const ComparisonRow& row : report.rows) add_row(RowCells(report, row, EscapeForMarkdown));
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
