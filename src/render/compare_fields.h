#pragma once

#include <string>
#include <string_view>

#include "timeit/compare/comparison.h"

/// What the reports for programs share (JSON and CSV): the words and figures of a row's
/// fields that are not in the row itself.
namespace timeit {

/// The kinds of a row's warnings: a work change of the row, and each field of the host
/// findings (HostsDiffer, HostsMixed), which apply to every row.
inline constexpr std::string_view kWorkChangedWarning = "work-changed";
inline constexpr std::string_view kHostDiffersWarning = "host-differs";
inline constexpr std::string_view kHostsMixedWarning = "hosts-mixed";

/// The family of `metric`, or null (a report without families: --policy lnt).
const MetricFamily* FamilyOf(const ComparisonReport& report, std::string_view metric);

/// Which distribution the row's test used: "exact" or "asymptotic", in --method's words.
std::string TestMethodName(const stats::MannWhitneyResult& test);

/// "ratio" or "difference".
const char* ScaleName(EffectScale scale);

}  // namespace timeit
