#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "timeit/formats/common/file_times.h"
#include "timeit/samples/samples.h"

/// Reading timeit summary files (--summary).
namespace timeit {

/// Whether `first_line` (the file's first line that is not blank) opens a timeit summary
/// file: "exit" and an integer.
bool StartsSummary(std::string_view first_line);

/// A timeit summary file (--summary): one run of the benchmark `name`, written at `written`
/// (nullopt: not known) as the run ended (SampleProvenance::NoteWrittenRuns, with its "real").
void ReadSummary(const std::string& path, const std::string& name, std::string_view text,
                 std::optional<FileTime> written, SampleSet& into);

}  // namespace timeit
