#pragma once

#include <cmath>
#include <cstddef>
#include <string>
#include <string_view>

#include "timeit/base/spellings.h"
#include "timeit/formats/common/document_kind.h"
#include "timeit/measure/measurement.h"
#include "timeit/samples/samples.h"

/// The results format, defined once for the writer (timeit) and the reader
/// (timeit-compare): schema tags, field names, what marks a failed run, which numbers
/// are valid. docs/results-format.md's "Results file" section describes the same format for people.
///
/// timeit-results/2 is JSON Lines: one JSON object per line, each line ended by '\n'.
/// A header record ({"schema": ..., "host": ...}) comes first; every other line is one
/// run of one benchmark, or a series record ({"series": {...}}), which a timeit adds once
/// when a series ends, after its last run: what the series was (its benchmarks, order,
/// why it stopped, warnings). Readers of runs skip it and never need it. Appending a run is one write at the end of the
/// file, so its cost does not depend on the size of the file, and a writer killed half-way leaves at most one
/// incomplete last line. timeit-results/1 (one JSON document holding every benchmark) is still read, never written.
namespace timeit::results_schema {

inline constexpr std::string_view kSchemaV1 = "timeit-results/1";
inline constexpr std::string_view kSchemaV2 = "timeit-results/2";

/// Header record.
inline constexpr std::string_view kSchema = kSchemaKey;
inline constexpr std::string_view kHost = "host";

/// Run record. The first three are what a comparison reads, written first so that a
/// reader finds them without looking at the rest.
inline constexpr std::string_view kBenchmark = "benchmark";
inline constexpr std::string_view kOutcome = "outcome";
inline constexpr std::string_view kMetrics = "metrics";
/// When the run started, ISO 8601 UTC ("2026-12-01T08:07:10Z"); read for provenance.
inline constexpr std::string_view kStartTime = "start_time";
/// What the run was of, as the user named it (timeit's --label: a revision, an order);
/// only when given. Read for provenance: a history names its nights by it.
inline constexpr std::string_view kLabel = "label";
/// A run's place among the measured runs of a series of two or more commands.
inline constexpr std::string_view kPosition = "position";
/// The benchmark's name and the command's arguments are bytes; JSON strings are UTF-8.
/// A name that is not valid UTF-8 is written readable in "benchmark" (invalid bytes as
/// U+FFFD) and exactly in "benchmark_bytes" (hex); readers match on the exact bytes.
inline constexpr std::string_view kBenchmarkBytes = "benchmark_bytes";
inline constexpr std::string_view kCommand = "command";
inline constexpr std::string_view kCommandBytes = "command_bytes";

/// Series record: its only top-level key; what it holds is results/series_record.h's.
inline constexpr std::string_view kSeries = "series";

/// timeit-results/1 documents: {"schema", "host", "benchmarks": [{"name", "command",
/// "runs": [{"metrics", "exit_code", ...}]}]}; a run failed when "exit_code" is not 0
/// or "failure", "signal" or "timed_out" is present and neither null nor false.
inline constexpr std::string_view kV1Benchmarks = "benchmarks";
inline constexpr std::string_view kV1Name = "name";
inline constexpr std::string_view kV1Runs = "runs";
inline constexpr std::string_view kV1ExitCode = "exit_code";
inline constexpr std::string_view kV1FailureFlags[] = {"failure", "signal", "timed_out"};

/// How a run ended. Only kOk runs are samples of the program's speed; the others are
/// counted as failed runs.
enum class RunOutcome {
  kOk,           // exited 0
  kExitCode,     // exited with another code
  kSignal,       // killed by a signal
  kTimeout,      // killed by --timeout
  kInterrupted,  // killed because timeit was told to stop
  kExecFailed,   // exec failed (no such program, not executable)
  kSetupFailed,  // a redirection or --chdir failed before exec
};
inline constexpr Spellings<RunOutcome, 7> kRunOutcomeSpellings = {{
    {"ok", RunOutcome::kOk},
    {"exit-code", RunOutcome::kExitCode},
    {"signal", RunOutcome::kSignal},
    {"timeout", RunOutcome::kTimeout},
    {"interrupted", RunOutcome::kInterrupted},
    {"exec-failed", RunOutcome::kExecFailed},
    {"setup-failed", RunOutcome::kSetupFailed},
}};

/// The outcome of `run`: kOk exactly when run.succeeded().
RunOutcome OutcomeOf(const Measurement& run);

/// Readers look for the header within this many bytes; a header is a few hundred.
inline constexpr size_t kMaxHeaderBytes = 1 << 16;
/// Why a file whose first line passes kMaxHeaderBytes is no timeit-results/2 file, as the
/// writer (refusing to add to it) and the reader (refusing to read it) both say.
inline constexpr std::string_view kFirstLineTooLong = "its first line is longer than a header can be (64 KiB)";

/// Whether `line` is JSON cut short: an object or array, valid as far as it goes, that ends
/// inside a value (a container or string left open, a number or literal broken off). That
/// is the mark of a writer killed half-way through its write: every strict prefix of a
/// record has it, and no complete line does, nor one with an error before its end.
bool EndsInsideAValue(std::string_view line);

/// What a line of a results file is, judged the same way by the writer and the reader.
enum class LineKind {
  kHeader,          // a JSON object with one "schema" (its value in LineClass::schema)
  kRunRecord,       // a JSON object with a "benchmark" and no "schema" nor "series"
  kSeriesRecord,    // a JSON object whose only key is "series"
  kHeaderCutShort,  // the beginning of a timeit-results/2 header, cut short
  kOther,           // anything else: not JSON, not an object, both or neither of those
                    // keys, a key given twice, a byte-order mark
};
struct LineClass {
  LineKind kind = LineKind::kOther;
  std::string schema;
};
LineClass ClassifyLine(std::string_view line);

}  // namespace timeit::results_schema
