#pragma once

#include <string>
#include <string_view>

/// How the LLVM test-suite names a test and its files: one definition for timeit, which
/// writes a results file beside each test's summary, and for the readers that find them.
namespace timeit {

/// The name lit and LNT give the test whose timeit summary is at `summary_path`, a path
/// relative to the test-suite's build directory. lit keeps a test's files in an `Output`
/// directory beside it, and litsupport names the summary `<test>.test.time`:
///   "SingleSource/Benchmarks/Misc/Output/pi.test.time" -> "SingleSource/Benchmarks/Misc/pi"
/// A summary named after lit's `%t` (`<test>.test.tmp.time`) names the test too. A test
/// that runs several commands gets a summary for each, numbered by litsupport, and each
/// keeps its number: "Output/pi.test-1.time" -> "pi.test-1".
/// A path of another shape loses only a trailing ".time": "dir/prog.time" -> "dir/prog".
std::string LitTestName(std::string_view summary_path);

/// The results file kept beside the summary at `summary_path`: its ".time" replaced by
/// ".timeit.json" ("Output/pi.test.time" -> "Output/pi.test.timeit.json"), or
/// ".timeit.json" added to a path without one.
std::string ResultsFileBesideSummary(std::string_view summary_path);

}  // namespace timeit
