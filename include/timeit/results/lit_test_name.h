#pragma once

#include <string>
#include <string_view>

/// How the LLVM test-suite names a test and its files: one definition for timeit, which
/// writes a results file beside each test's summary, and for the readers that find them.
namespace timeit {

/// The name lit and LNT give the test whose timeit summary is at `summary_path`, a path
/// relative to the test-suite's build directory. lit keeps a test's files in an `Output`
/// directory beside it, as `<test>.test.tmp.time`:
///   "SingleSource/Benchmarks/Misc/Output/pi.test.tmp.time" -> "SingleSource/Benchmarks/Misc/pi"
/// A path of another shape loses only a trailing ".time": "dir/prog.time" -> "dir/prog".
std::string LitTestName(std::string_view summary_path);

/// The results file kept beside the summary at `summary_path`: its ".time" replaced by
/// ".timeit.json" ("Output/pi.test.tmp.time" -> "Output/pi.test.tmp.timeit.json"), or
/// ".timeit.json" added to a path without one.
std::string ResultsFileBesideSummary(std::string_view summary_path);

}  // namespace timeit
