#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "text_table.h"
#include "timeit/base/escape.h"
#include "timeit/compare/comparison.h"

/// What the reports people read share (the text table, Markdown and the HTML page): the
/// table's cells and the lines around it. Each takes the NameWriter of its format, which
/// alone differs between them. (The page takes EscapeForDisplay, as the text table does, and
/// escapes the whole line or cell for HTML: the words around the names hold '<' too.)
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
/// HostsMixed findings), what --filter-hash left out (FilterLine), how verdicts are decided
/// (MethodLines), and each metric's family (FamilyLine; none under LNT's rules).
std::string Explanation(const ComparisonReport& report, NameWriter name);

/// What --filter-hash left out before any row was made, ended by '\n'; empty when it was
/// not asked for.
std::string FilterLine(const ComparisonReport& report);

/// How verdicts are decided and what the columns mean, each line ended by '\n'.
std::string MethodLines(const ComparisonReport& report);

/// What one metric's family allows, ended by '\n': "task-clock: family of 1 of 1 tested
/// rows; a lone change needs p < 0.05; 20 vs 20 runs (the most common) give p >= 1.45e-11;
/// 4 runs per side suffice; 1 flagged, 0 too few runs; intervals at 95.0% (p < 0.05 flags)".
std::string FamilyLine(const MetricFamily& family, NameWriter name);

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
