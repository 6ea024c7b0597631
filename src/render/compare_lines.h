#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "text_table.h"
#include "timeit/base/escape.h"
#include "timeit/compare/comparison.h"

/// What the reports people read share (the text table and Markdown; an HTML page would
/// too): the table's cells and the lines around it. Each takes the NameWriter of its format,
/// which alone differs between them.
namespace timeit {

/// Whether the report's verdicts are LNT's (its table has LNT's columns).
bool IsLnt(const ComparisonReport& report);

/// The table's header: the default policy's columns, or LNT's.
Cells Header(const ComparisonReport& report);

/// The cells of one row, in the header's columns.
Cells RowCells(const ComparisonReport& report, const ComparisonRow& row, NameWriter name);

/// Whether column `column` of `columns` reads left-aligned: names, metrics, the verdict and
/// LNT's rule; numbers are right-aligned.
bool LeftAligned(const ComparisonReport& report, size_t column, size_t columns);

/// The lines above the table, each ended by '\n': the hosts that differ (HostsDiffer and
/// HostsMixed findings), what --filter-hash left out, how verdicts are decided, and each
/// metric's family.
std::string Explanation(const ComparisonReport& report, NameWriter name);

/// One work change of a row, as the line under it says it: "sys: 53.1 ms -> 12.0 ms (-77%,
/// p = 0.0079) while task-clock -30%: the kernel's work changed, not the program's".
std::string WorkChangeText(const ComparisonRow& row, const WorkChange& work, NameWriter name);

/// One geometric mean, ended by '\n': "geomean user over 12 benchmarks: 1.02 [1.01, 1.03]
/// (+2.00%; 95% percentile bootstrap over benchmarks, 2000 resamples)".
std::string GeomeanLine(const GeomeanRow& row, const ComparisonReport& report, NameWriter name);

/// What run-count advice assumes when it is not today's family: that every tested row is in
/// it, as each is once it has those runs. Empty when the family is every tested row.
std::string AllTestedNote(size_t family, size_t tested, double all_tested_lone_change_p);

}  // namespace timeit
