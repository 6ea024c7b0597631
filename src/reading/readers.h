#pragma once

#include <chrono>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "timeit/stats/samples.h"

/// The readers behind ReadResultsFile, one per format, and what tells the formats apart.
/// Private to the reading library (and its tests).
namespace timeit {

/// A timeit-results/1 document: `text` is the whole file.
void ReadResultsDocument(const std::string& path, std::string_view text, SampleSet& into);

/// What a JSON document is, told from its top-level keys alone.
enum class DocumentKind {
  /// "schema" is a string starting "timeit-results/".
  kTimeitResults,
  /// "__version__": what `lit -o results.json` writes.
  kLitResults,
  /// "format_version": an LNT report.
  kLntReport,
  /// Valid JSON of none of these shapes.
  kUnknown,
  /// Not valid JSON before any of those keys was met.
  kMalformed,
};

/// Reads `text` only as far as the first key that tells (timeit's writer puts "schema"
/// first, so a large timeit-results/1 document is told at once), or for lit's and LNT's
/// keys, which tell documents read whole anyway, to its end. A key of a second kind is an
/// input Error naming `path` and both keys.
DocumentKind KindOfDocument(const std::string& path, std::string_view text);

/// The kind a top-level key tells by itself: lit's "__version__", LNT's "format_version".
std::optional<DocumentKind> KindToldByKey(std::string_view key);

/// What is wrong with a document whose top-level keys `first_key` and then `second_key`
/// tell two kinds.
std::string TwoKindsMessage(std::string_view first_key, std::string_view second_key);

/// timeit's name for a run's wall time (measure/measurement), which summaries share.
inline constexpr std::string_view kWallTimeMetric = "real";

/// When a file was last modified, as the kernel keeps it.
using FileTime = std::chrono::sys_time<std::chrono::nanoseconds>;

/// lit's JSON results (`lit -o`): one run of each test. `text` is the whole file, written
/// at `written` (nullopt: not known) as the lit run ended (SampleProvenance::NoteWrittenRuns,
/// with its "elapsed"). A metric that is NaN, Infinity or -Infinity (bare, as Python's json
/// writes them) is read as missing, with one warning naming the tests.
void ReadLitResults(const std::string& path, std::string_view text, std::optional<FileTime> written, SampleSet& into,
                    std::vector<std::string>& warnings);

/// An LNT report of format version 2: each number of a metric is one run's.
void ReadLntReport(const std::string& path, std::string_view text, SampleSet& into);

/// `text` as "YYYY-MM-DDTHH:MM:SSZ" (UTC), from the spellings LNT accepts: "%Y-%m-%d
/// %H:%M:%S" (UTC) or ISO 8601 with a 'T', fractions of a second (dropped) and a zone ('Z',
/// +HH:MM, +HHMM, +HH; none means UTC). Nullopt for anything else.
std::optional<std::string> UtcTimestampOf(std::string_view text);

/// The time `text` names, read as UtcTimestampOf reads it; nullopt for anything else.
std::optional<std::chrono::sys_seconds> UtcTimeOf(std::string_view text);

/// `time` as "YYYY-MM-DDTHH:MM:SSZ".
std::string UtcTimestamp(std::chrono::sys_seconds time);

/// Notes in into.provenance() the runs of `path`, a file that records no time: they ended
/// when it was `written`, and started `seconds_taken` before, when that is known (finite and
/// not negative). The start is rounded down and the end up to whole seconds, so that what
/// they span holds the runs. Nothing when `written` is not known.
void NoteWrittenRuns(const std::string& path, std::optional<FileTime> written, double seconds_taken, SampleSet& into);

/// Whether `first_line` (the file's first line that is not blank) opens a timeit summary
/// file: "exit" and an integer.
bool StartsSummary(std::string_view first_line);

/// A timeit summary file (--summary): one run of the benchmark `name`, written at `written`
/// (nullopt: not known) as the run ended (SampleProvenance::NoteWrittenRuns, with its "real").
void ReadSummary(const std::string& path, const std::string& name, std::string_view text,
                 std::optional<FileTime> written, SampleSet& into);

/// A timeit-results/2 record stream, read a buffer at a time. Skipped incomplete lines are
/// reported in `warnings`.
class RecordStream {
 public:
  /// `lines_before`: blank lines already skipped at the start, for line numbers in messages.
  RecordStream(const std::string& path, SampleSet& into, std::vector<std::string>& warnings, size_t lines_before);
  ~RecordStream();
  RecordStream(const RecordStream&) = delete;
  RecordStream& operator=(const RecordStream&) = delete;

  /// Reads the lines of `text` that end in it (all of them when `at_end`, the last one
  /// then without its '\n'), and returns how many bytes that was: the rest starts the next
  /// buffer. `padded_size` bytes from text.data() are readable (at least text.size() plus
  /// simdjson::SIMDJSON_PADDING: the parser reads ahead).
  size_t Lines(std::string_view text, size_t padded_size, bool at_end);

 private:
  struct State;
  std::unique_ptr<State> state_;
};

/// Whether `first_line` (the file's first line, without its '\n') opens a record stream:
/// a timeit-results/2 header, or the beginning of one cut short.
bool StartsRecordStream(std::string_view first_line);

}  // namespace timeit
