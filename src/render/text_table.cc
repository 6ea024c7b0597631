#include "text_table.h"

#include <algorithm>

#include "timeit/base/utf8.h"

namespace timeit {

std::vector<std::string> AlignColumns(
    const std::vector<Cells>& table, const std::function<bool(size_t column)>& left_aligned,
    const std::function<std::string(size_t row, size_t column, const std::string& cell)>& paint) {
  std::vector<std::string> lines;
  if (table.empty()) return lines;
  size_t columns = table[0].size();
  std::vector<size_t> widths(columns, 0);
  for (const Cells& cells : table) {
    for (size_t i = 0; i < cells.size() && i < columns; ++i) widths[i] = std::max(widths[i], CodePointCount(cells[i]));
  }
  for (size_t r = 0; r < table.size(); ++r) {
    std::string line;
    for (size_t i = 0; i < columns; ++i) {
      const std::string& cell = table[r][i];
      bool last = i + 1 == columns;
      std::string padding(widths[i] - CodePointCount(cell), ' ');
      std::string painted = paint ? paint(r, i, cell) : cell;
      if (i > 0) line += "  ";
      line += left_aligned(i) ? painted + (last ? "" : padding) : padding + painted;
    }
    lines.push_back(line + "\n");
  }
  return lines;
}

std::string MarkdownTable(const std::vector<Cells>& table, const std::function<bool(size_t column)>& left_aligned) {
  std::string text;
  auto add_row = [&](const Cells& cells) {
    text += "|";
    for (const std::string& cell : cells) text += " " + cell + " |";
    text += "\n";
  };
  if (table.empty()) return text;
  add_row(table[0]);
  text += "|";
  for (size_t i = 0; i < table[0].size(); ++i) text += left_aligned(i) ? " --- |" : " ---: |";
  text += "\n";
  for (size_t r = 1; r < table.size(); ++r) add_row(table[r]);
  return text;
}

}  // namespace timeit
