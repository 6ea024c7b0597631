#pragma once

#include <string>
#include <vector>

#include "text_table.h"
#include "timeit/base/escape.h"
#include "timeit/history/history_report.h"

/// What the history reports people read share (text and Markdown): the lines above the
/// table and its cells. Private to the render library.
namespace timeit {

/// The lines above the table, each ended by '\n': the nights and series analysed, the
/// change points counted, series left out for too few nights.
std::string HistorySummaryLines(const history::HistoryReport& report, NameWriter name);

/// The table's header; with `sparklines`, a last column of the series' nights.
Cells HistoryHeader(bool sparklines);

/// The cells of one change point, in the header's columns.
Cells HistoryCells(const history::HistoryReport& report, const history::HistoryChange& change, NameWriter name,
                   bool sparklines);

/// Whether column `column` of the history table reads left-aligned (words) or right (numbers).
bool HistoryColumnLeftAligned(size_t column);

/// "regressed" or "improved".
const char* DirectionName(history::Direction direction);

}  // namespace timeit
