#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "timeit/base/spellings.h"
#include "timeit/samples/samples.h"

/// LNT's report format (version 2), written from one side's samples: what `lnt submit`
/// sends to an LNT server. A pure function from samples to text.
namespace timeit {

/// The LNT test suite a report is for: it decides which metrics the report may name,
/// since an LNT server refuses a report with a metric its suite does not declare.
enum class LntSchema {
  /// LNT's default suite, which every server has: execution and compile time, memory,
  /// hash and status. Counters have no metric there and are left out.
  kNts,
  /// timeit's own suite (share/lnt/timeit.yaml, loaded by the server): nts' metrics plus
  /// the wall, user and system times and perf's default counters.
  kTimeit,
};

inline constexpr Spellings<LntSchema, 2> kLntSchemaSpellings = {{
    {"nts", LntSchema::kNts},
    {"timeit", LntSchema::kTimeit},
}};

/// LNT's status values (lnt.testing's PASS, FAIL, XFAIL); a report writes only kFail.
inline constexpr int kLntStatusFail = 1;

/// The longest test name, machine name, machine field of the suite (hardware, os) and
/// order LNT stores, in characters: its database keeps them in String(256) columns, which a
/// database such as PostgreSQL enforces by failing the whole import.
inline constexpr size_t kLntMaxNameLength = 256;

/// The run field that is the run's order in both suites (their `order: true` run field):
/// the revision or version LNT sorts runs by.
inline constexpr std::string_view kLntOrderField = "llvm_project_revision";

/// What a report says besides the samples.
struct LntReportOptions {
  /// The run's order, `llvm_project_revision` (the suite's order field): LNT sorts runs by
  /// it and refuses a run without it. Must not be empty.
  std::string order;
  /// The machine's name; empty: the first host's `name` (an LNT report's machine), else its
  /// `hostname`.
  std::string machine_name;
  LntSchema schema = LntSchema::kNts;
  /// The metric reported as `execution_time`; empty: DefaultExecMetric's choice.
  std::string exec_metric;
  /// Extra run fields (key, value), in the order given; a key may not be one the report
  /// writes itself (llvm_project_revision, start_time, end_time) nor be given twice.
  std::vector<std::pair<std::string, std::string>> run_info;
  /// The run's start and end, UTC as LntTime reads them; empty: from the samples.
  std::string start_time;
  std::string end_time;
};

/// A rendered report and what a user should be told about it.
struct LntReport {
  /// The JSON text, byte for byte as lnt.testing.Report.render() writes the same values:
  /// keys sorted, indented by 4, non-ASCII escaped, numbers as Python's repr ("1000.0",
  /// "1e-05"), ended by a newline.
  std::string text;
  /// The input metric that became `execution_time`; empty when no benchmark has one.
  std::string exec_metric;
  /// The run's start_time and end_time and where each came from, in words, or that there
  /// are none.
  std::string times;
  /// Things the report had to decide, one sentence each (e.g. runs from several hosts).
  std::vector<std::string> warnings;
};

/// The metric `execution_time` comes from when none is asked for: `exec_time` where the
/// samples have it (lit's, the user time litsupport sums over a test's RUN lines), else
/// `execution_time` (an LNT report's), else `task-clock` (timeit's CPU time of the whole
/// process tree), else `user`; empty when the samples have none of them.
std::string DefaultExecMetric(const SampleSet& samples);

/// `time`, an ISO 8601 UTC time as results files spell it ("2026-12-01T08:07:10Z", with
/// or without a fraction of a second, "Z" or "+00:00", or a space for the "T"), in the
/// form lnt.testing.normalize_time writes ("2026-12-01 08:07:10"; the fraction dropped).
/// Throws an input Error for anything else, naming `time`.
std::string LntTime(std::string_view time);

/// LntTime's reading of `time`; nullopt where LntTime throws.
std::optional<std::string> LntTimeOf(std::string_view time);

/// The report of `samples` for `options.schema`. Each benchmark becomes a test named as
/// the benchmark, with the metrics the schema maps (one value a number, several a list, in
/// run order), `hash` when the runs name one, and `execution_status` FAIL when any of its
/// runs failed (the successful runs' values are still reported; a test whose runs all
/// failed has no execution_time). A benchmark with nothing to report is left out. The
/// machine is the first host's fields as text, with `machine` as `hardware` and `kernel` as
/// `os` (nts' machine fields), and the tool versions moved to the run, since upgrading
/// timeit does not change the machine; the run has the order, its start and end, and
/// `options.run_info`. The start is options.start_time, else the earliest of the first run
/// start the samples record and the first start their files imply
/// (SampleProvenance::written_first_start); the end is options.end_time, else the latest
/// of the last run start recorded and the last end implied. When only one of the two is
/// known, it is both: LNT would otherwise take the time of the submission for a missing
/// start, even beside an end.
/// Text that is not UTF-8 (a benchmark's name, an option) is written with each byte that is
/// not as the text \xHH, so that names differing there stay apart, with a warning. A test
/// whose metrics have different numbers of samples (some runs lack one) is written with
/// each metric's values as they are, and a warning says so: LNT pairs them by position.
/// Throws a usage Error for a bad option (empty order, an unknown exec metric, a reserved or
/// repeated run-info key, no machine name to be had, an order or machine name longer than
/// kLntMaxNameLength, a start or end time that is not one, or a start after the end) and an
/// input Error when the samples cannot make a report (a benchmark with runs of different
/// hashes, an empty name, a name longer than kLntMaxNameLength, two benchmarks that would
/// be one test, a value that is not finite, nothing to report, an unreadable run start).
LntReport FormatLntReport(const SampleSet& samples, const LntReportOptions& options);

}  // namespace timeit
