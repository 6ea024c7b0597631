#include "history_lines.h"
#include "timeit/render/history_renderer.h"

namespace timeit {

std::string RenderHistoryMarkdown(const history::HistoryReport& report, const HistoryStyle& style) {
  std::string text;
  // Each summary line its own paragraph: Markdown would join them into one.
  std::string lines = HistorySummaryLines(report, EscapeForMarkdown);
  for (size_t start = 0; start < lines.size();) {
    size_t end = lines.find('\n', start);
    text += lines.substr(start, end - start) + "\n\n";
    start = end + 1;
  }
  if (report.changes.empty()) return text;
  std::vector<Cells> table = {HistoryHeader(style.sparklines)};
  for (const history::HistoryChange& change : report.changes) {
    table.push_back(HistoryCells(report, change, EscapeForMarkdown, style.sparklines));
  }
  return text + MarkdownTable(table, HistoryColumnLeftAligned);
}

}  // namespace timeit
