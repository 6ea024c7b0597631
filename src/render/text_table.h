#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <vector>

/// Tables for terminals: columns padded to their widest cell. Private to the render library.
namespace timeit {

using Cells = std::vector<std::string>;

/// The lines of `table` (its first row the header), each ended by '\n', with the columns two
/// spaces apart and padded to their widest cell, left-aligned where `left_aligned(column)`
/// (a left-aligned last column is not padded), else right-aligned. Cells must be escaped for
/// display: their width is their count of code points. `paint(row, column, cell)`, where
/// given, returns what is written for a cell (say, wrapped in colour codes): it is padded
/// as the cell itself.
std::vector<std::string> AlignColumns(
    const std::vector<Cells>& table, const std::function<bool(size_t column)>& left_aligned,
    const std::function<std::string(size_t row, size_t column, const std::string& cell)>& paint = nullptr);

/// `table` (its first row the header) as a Markdown table, each line ended by '\n': the
/// header, the line that aligns each column (left where `left_aligned(column)`, else
/// right), then the rows. Cells must be escaped for Markdown.
std::string MarkdownTable(const std::vector<Cells>& table, const std::function<bool(size_t column)>& left_aligned);

}  // namespace timeit
