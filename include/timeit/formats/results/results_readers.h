#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "timeit/samples/samples.h"

/// Reading timeit's own results files: timeit-results/1 documents and timeit-results/2
/// record streams (results_schema.h defines both).
namespace timeit {

/// A timeit-results/1 document: `text` is the whole file.
void ReadResultsDocument(const std::string& path, std::string_view text, SampleSet& into);

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
