#include "timeit/compare/findings.h"

#include <cmath>
#include <functional>
#include <optional>
#include <set>
#include <tuple>

#include "timeit/compare/comparison.h"

namespace timeit {
namespace {

// When no benchmark is on both sides, whether the names of one side are those of the
// other with one directory prefix before them: the first such prefix, of the new side's
// names first.
std::optional<NamePrefix> FindNamePrefix(const std::vector<ComparisonRow>& rows) {
  std::set<std::string, std::less<>> removed, added;
  for (const ComparisonRow& row : rows) {
    if (row.verdict == Verdict::kRemoved) {
      removed.insert(row.benchmark);
    } else if (row.verdict == Verdict::kAdded) {
      added.insert(row.benchmark);
    } else {
      return std::nullopt;  // some benchmarks do match
    }
  }
  // The longer names' side, the shorter names' side, and which is which.
  for (auto [longer, shorter, side] :
       {std::tuple{&added, &removed, CompareSide::kNew}, {&removed, &added, CompareSide::kBase}}) {
    for (const std::string& name : *longer) {
      for (size_t slash = name.find('/'); slash != std::string::npos; slash = name.find('/', slash + 1)) {
        if (shorter->count(std::string_view(name).substr(slash + 1)) == 0) continue;
        NamePrefix found{side, name.substr(0, slash + 1), 0, longer->size()};
        for (const std::string& other : *shorter) found.explained += longer->count(found.prefix + other);
        return found;
      }
    }
  }
  return std::nullopt;
}

// Benchmarks on both sides that ran, none with the family's metric on both: exit 0 alone
// would read as "nothing regressed".
std::optional<NothingCompared> FindNothingCompared(const std::vector<ComparisonRow>& rows, const MetricFamily& family) {
  if (family.tested > 0) return std::nullopt;
  NothingCompared found{family.metric, 0};
  for (const ComparisonRow& row : rows) {
    bool lacks = (row.base.n == 0 && row.base.failed == 0) || (row.candidate.n == 0 && row.candidate.failed == 0);
    if (row.metric == family.metric && row.verdict == Verdict::kNoData && lacks) ++found.benchmarks;
  }
  if (found.benchmarks == 0) return std::nullopt;
  return found;
}

std::optional<UnjudgedChanges> FindUnjudgedChanges(const ComparisonReport& report, const MetricFamily& family) {
  UnjudgedChanges found;
  found.metric = family.metric;
  found.threshold = report.settings.threshold;
  for (const ComparisonRow& row : report.rows) {
    if (row.metric != family.metric || row.verdict != Verdict::kTooFewRuns) continue;
    double change = JudgedChange(row);
    if (!(std::fabs(change) > found.threshold)) continue;
    if (found.rows++ == 0 || std::fabs(change) > std::fabs(found.largest_change)) {
      found.largest_benchmark = row.benchmark;
      found.largest_change = change;
    }
  }
  if (found.rows == 0) return std::nullopt;
  found.runs_needed = family.runs_needed;
  found.family = family.family;
  found.tested = family.tested;
  found.all_tested_lone_change_p = family.all_tested_lone_change_p;
  return found;
}

// A shift that fits neither side: the test finds the samples differ, yet the median of the
// pairwise differences is "no change" and no shift is accepted (counts that are mostly 0
// and 1 whose share of 1s moved). Such a row reads unchanged.
std::optional<ShapeChanges> FindShapeChanges(const std::vector<ComparisonRow>& rows) {
  ShapeChanges found;
  for (const ComparisonRow& row : rows) {
    const Effect& e = row.effect;
    bool empty_ratio = e.ratio_lower == 1 && e.ratio_upper == 1;
    bool empty_shift = std::isnan(e.ratio_lower) && e.shift_lower == 0 && e.shift_upper == 0;
    if (row.test && e.excludes_no_change && row.verdict == Verdict::kUnchanged && (empty_ratio || empty_shift)) {
      if (found.rows++ == 0) {
        found.benchmark = row.benchmark;
        found.metric = row.metric;
      }
    }
  }
  if (found.rows == 0) return std::nullopt;
  return found;
}

std::optional<WorkChangedRows> FindWorkChangedRows(const std::vector<ComparisonRow>& rows) {
  WorkChangedRows found;
  const WorkChange* largest = nullptr;
  for (const ComparisonRow& row : rows) {
    found.rows += row.work_changes.empty() ? 0 : 1;
    for (const WorkChange& work : row.work_changes) {
      if (!largest || std::fabs(work.change) > std::fabs(largest->change)) {
        largest = &work;
        found.benchmark = row.benchmark;
        found.metric = row.metric;
        found.metric_change = RelativeMedianChange(row.base.median, row.candidate.median);
      }
    }
  }
  if (found.rows == 0) return std::nullopt;
  found.largest = *largest;
  return found;
}

// The warned fields the sides' hosts differ in; then, per side, those its hosts differ in
// among themselves.
void AddHostFindings(const std::vector<HostDifference>& differences, std::vector<Finding>& findings) {
  HostsDiffer between;
  for (const HostDifference& difference : differences) {
    if (difference.warned && difference.sides_differ) between.fields.push_back(difference);
  }
  if (!between.fields.empty()) findings.push_back(std::move(between));
  for (CompareSide side : {CompareSide::kBase, CompareSide::kNew}) {
    HostsMixed within{side, {}};
    for (const HostDifference& difference : differences) {
      const std::vector<std::string>& values = side == CompareSide::kBase ? difference.base : difference.candidate;
      if (difference.warned && values.size() > 1) within.fields.push_back({difference.field, values});
    }
    if (!within.fields.empty()) findings.push_back(std::move(within));
  }
}

template <typename Found>
void AddIfFound(std::optional<Found> found, std::vector<Finding>& findings) {
  if (found) findings.push_back(std::move(*found));
}

}  // namespace

std::vector<Finding> FindingsOf(const ComparisonReport& report) {
  std::vector<Finding> findings;
  AddIfFound(FindNamePrefix(report.rows), findings);
  for (const MetricFamily& family : report.families) {
    AddIfFound(FindNothingCompared(report.rows, family), findings);
    AddIfFound(FindUnjudgedChanges(report, family), findings);
  }
  AddIfFound(FindShapeChanges(report.rows), findings);
  AddIfFound(FindWorkChangedRows(report.rows), findings);
  AddHostFindings(report.host_differences, findings);
  std::vector<std::string> failing = report.newly_failing();
  if (!failing.empty()) findings.push_back(NewlyFailing{std::move(failing)});
  return findings;
}

}  // namespace timeit
