#pragma once

#include <string>
#include <vector>

#include "timeit/base/escape.h"
#include "timeit/compare/comparison.h"

/// A comparison's findings (ComparisonReport::findings) in words: what timeit-compare warns
/// about on stderr, whatever the format of its report.
namespace timeit {

/// One finding as one line, without a prefix or a line end, with names as `name` writes them:
///   "user: 1 row could not be judged (too few runs) though the estimate is beyond ±1%
///    (largest +99.01%, few); 5 runs per side would let a lone change through"
///   "the sides' hosts differ in kernel: every row may differ for that reason alone"
///   "1 benchmark failed in new runs where no base run failed: crash"
/// A list of names (newly failing benchmarks) names the first 10 and counts the others.
std::string FindingText(const Finding& finding, NameWriter name);

/// Every finding of `report` in its order, names as EscapeForDisplay shows them: the lines
/// of timeit-compare's warnings. Empty when there is nothing to say.
std::vector<std::string> FindingLines(const ComparisonReport& report);

}  // namespace timeit
