#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "timeit/stats/samples.h"

/// The two readers behind ReadResultsFile, one per format. Private to the reading library
/// (and its tests).
namespace timeit {

/// A timeit-results/1 document: `text` is the whole file.
void ReadResultsDocument(const std::string& path, std::string_view text, SampleSet& into);

/// A timeit-results/2 record stream: `text` is the whole file, and `padded_size` bytes
/// from text.data() are readable (at least text.size() plus simdjson::SIMDJSON_PADDING: the parser
/// reads ahead). Skipped incomplete lines are reported in `warnings`.
void ReadRecordStream(const std::string& path, std::string_view text, size_t padded_size, SampleSet& into,
                      std::vector<std::string>& warnings);

/// Whether `first_line` (the file's first line, without its '\n') opens a record stream:
/// a timeit-results/2 header, or the beginning of one cut short.
bool StartsRecordStream(std::string_view first_line);

}  // namespace timeit
