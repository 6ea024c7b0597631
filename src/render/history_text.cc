#include "history_lines.h"
#include "timeit/base/utf8.h"
#include "timeit/render/history_renderer.h"

namespace timeit {

std::string RenderHistoryText(const history::HistoryReport& report, const HistoryStyle& style) {
  std::string text = HistorySummaryLines(report, EscapeForDisplay);
  if (report.changes.empty()) return text;
  std::vector<Cells> table = {HistoryHeader(style.sparklines)};
  for (const history::HistoryChange& change : report.changes) {
    table.push_back(HistoryCells(report, change, EscapeForDisplay, style.sparklines));
  }
  const size_t kChangeColumn = 2;
  std::vector<std::string> lines =
      AlignColumns(table, HistoryColumnLeftAligned, [&](size_t row, size_t column, const std::string& cell) {
        if (!style.color || row == 0 || column != kChangeColumn) return cell;
        bool regressed = report.changes[row - 1].change.direction == history::Direction::kRegressed;
        return (regressed ? "\033[31m" : "\033[32m") + cell + "\033[0m";
      });
  text += "\n";
  for (const std::string& line : lines) text += line;
  return text;
}

}  // namespace timeit
