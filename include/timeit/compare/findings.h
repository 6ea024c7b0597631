#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "timeit/base/spellings.h"
#include "timeit/compare/host_differences.h"
#include "timeit/compare/work_change.h"

/// What a comparison has to say that no row's verdict says: each warning it can give, as
/// data. Compare decides them once, into ComparisonReport::findings; every output format
/// words them its own way and decides nothing.
namespace timeit {

struct ComparisonReport;

enum class CompareSide { kBase, kNew };

inline constexpr Spellings<CompareSide, 2> kCompareSideSpellings = {{
    {"base", CompareSide::kBase},
    {"new", CompareSide::kNew},
}};

/// "base", "new".
constexpr std::string_view CompareSideName(CompareSide side) { return SpellingOf(kCompareSideSpellings, side); }

/// No benchmark is on both sides, but one side's names are the other's with one directory
/// before them, as when a subdirectory of a build is compared with the build: a summary is
/// named by its path below the directory given, a results file beside it (--json-per-test)
/// by the one the writer was given.
struct NamePrefix {
  /// The side whose names are the longer ones, and that prefix ("SingleSource/").
  CompareSide side = CompareSide::kNew;
  std::string prefix;
  /// Of that side's `names` names, those that are the other side's with the prefix.
  size_t explained = 0;
  size_t names = 0;
};

/// A metric that nothing was compared on although benchmarks are on both sides and ran: it
/// is on one side only (a side has neither a value nor a failed run), most often because the
/// sides' kinds of file name it differently (exec_time, execution_time, user).
struct NothingCompared {
  std::string metric;
  /// The benchmarks on both sides without the metric on both.
  size_t benchmarks = 0;
};

/// Rows of a metric that read "too few runs" although their estimate (JudgedChange) is
/// beyond the threshold: changes the run counts hide.
struct UnjudgedChanges {
  std::string metric;
  size_t rows = 0;
  double threshold = 0;
  /// The row whose estimate is largest (the first of equals, in the report's order).
  std::string largest_benchmark;
  double largest_change = 0;
  /// From the metric's family (MetricFamily): the runs per side that would let a lone
  /// change through (0 when no count would), the family's size and the rows tested, and the
  /// p a lone change needs once every tested row is in the family.
  size_t runs_needed = 0;
  size_t family = 0;
  size_t tested = 0;
  double all_tested_lone_change_p = 0;
};

/// Rows whose test finds the sides differ (p below the cut-off) while no shift fits them:
/// the interval is "no change" alone, as when counts that are mostly 0 and 1 change their
/// mix, and the row reads "unchanged".
struct ShapeChanges {
  size_t rows = 0;
  /// The first such row, in the report's order.
  std::string benchmark;
  std::string metric;
};

/// Rows that carry work changes (ComparisonRow::work_changes): the change is likely the
/// machine's, not the program's.
struct WorkChangedRows {
  size_t rows = 0;
  /// The work change largest in size over every row (the first of equals), and its row:
  /// the benchmark, the metric and that metric's RelativeMedianChange.
  WorkChange largest;
  std::string benchmark;
  std::string metric;
  double metric_change = 0;
};

/// The sides' hosts differ in fields that decide speed (HostDifference::warned): every row
/// may differ for that reason alone.
struct HostsDiffer {
  /// Each such field, with both sides' values.
  std::vector<HostDifference> fields;
};

/// A host field and the distinct values hosts give for it.
struct HostValues {
  std::string field;
  std::vector<std::string> values;
};

/// The hosts of one side differ among themselves in fields that decide speed: its runs were
/// pooled from several machines or set-ups.
struct HostsMixed {
  CompareSide side = CompareSide::kBase;
  std::vector<HostValues> fields;
};

/// Benchmarks whose new runs failed (some or all) where none of their base runs did
/// (ComparisonReport::newly_failing): a crash or a timeout the statistics of the surviving
/// runs would not show.
struct NewlyFailing {
  std::vector<std::string> benchmarks;
};

using Finding = std::variant<NamePrefix, NothingCompared, UnjudgedChanges, ShapeChanges, WorkChangedRows, HostsDiffer,
                             HostsMixed, NewlyFailing>;

/// The findings of `report`, from its rows (in their final order), families, host
/// differences and settings: the name prefix; per family, nothing compared, then the
/// unjudged changes; the shape changes; the work-changed rows; the hosts that differ
/// between the sides, then within the base, then within the new side; the newly failing
/// benchmarks. Each kind at most once (once per metric for those of a family), and only
/// when it has something to say.
std::vector<Finding> FindingsOf(const ComparisonReport& report);

}  // namespace timeit
