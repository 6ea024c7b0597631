#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "timeit/formats/common/file_times.h"
#include "timeit/samples/samples.h"

/// Reading lit's JSON results.
namespace timeit {

/// lit's JSON results (`lit -o`): one run of each test. `text` is the whole file, written
/// at `written` (nullopt: not known) as the lit run ended (SampleProvenance::NoteWrittenRuns,
/// with its "elapsed"). A metric that is NaN, Infinity or -Infinity (bare, as Python's json
/// writes them) is read as missing, with one warning naming the tests.
void ReadLitResults(const std::string& path, std::string_view text, std::optional<FileTime> written, SampleSet& into,
                    std::vector<std::string>& warnings);

}  // namespace timeit
