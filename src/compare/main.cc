// timeit-compare: reads results files of two sides and says, benchmark by benchmark,
// whether the difference is real.
#include <unistd.h>

#include <future>
#include <iostream>
#include <new>

#include "options.h"
#include "timeit/report/compare_format.h"
#include "timeit/stats/comparison.h"
#include "timeit/base/error.h"
#include "timeit/results/results_reader.h"

namespace timeit {
namespace {

/// timeit-compare's exit codes, decided here and nowhere else.
constexpr int kNoRegression = 0;
constexpr int kRegression = 1;
constexpr int kBadUsageOrInput = 2;

SampleSet ReadSide(const std::vector<std::string>& files) {
  SampleSet samples;
  for (const std::string& file : files) ReadResultsFile(file, samples);
  return samples;
}

int Main(int argc, char** argv) {
  try {
    CompareOptions options = ParseCompareOptions(argc, argv);
    // Parsing is nearly all of the time on large files; the sides are independent, so
    // they are read on two cores.
    std::future<SampleSet> base_side = std::async(std::launch::async, ReadSide, options.base_files);
    std::future<SampleSet> new_side = std::async(std::launch::async, ReadSide, options.new_files);
    SampleSet base = base_side.get();  // the base side's error first, when both have one
    SampleSet candidate = new_side.get();
    ComparisonReport report = Compare(base, candidate, options.settings);
    switch (options.format) {
      case CompareFormat::kText: {
        bool color = options.color == "always" || (options.color == "auto" && ::isatty(STDOUT_FILENO));
        std::cout << FormatCompareText(report, color);
        break;
      }
      case CompareFormat::kJson:
        std::cout << FormatCompareJson(report);
        break;
      case CompareFormat::kCsv:
        std::cout << FormatCompareCsv(report);
        break;
      case CompareFormat::kMarkdown:
        std::cout << FormatCompareMarkdown(report);
        break;
    }
    std::cout.flush();
    if (!std::cout) {
      // A full disk or a closed pipe must not look like a clean comparison.
      std::cerr << "timeit-compare: error: writing the report to standard output failed\n";
      return kBadUsageOrInput;
    }
    for (const std::string& warning : FormatCompareWarnings(report)) {
      std::cerr << "timeit-compare: warning: " << warning << "\n";
    }
    bool failed = report.any_regressed() || !report.newly_failing().empty();
    return options.fail_on_regression && failed ? kRegression : kNoRegression;
  } catch (const CompareHelpRequested&) {
    return kNoRegression;
  } catch (const Error& error) {
    // Messages quote metric and file names, which must not reach the terminal raw.
    std::cerr << "timeit-compare: error: " << EscapeControlCharacters(error.what()) << "\n";
    return kBadUsageOrInput;
  } catch (const std::bad_alloc&) {
    std::cerr << "timeit-compare: error: out of memory\n";
    return kBadUsageOrInput;
  } catch (const std::exception& error) {
    // A bug or an unforeseen input; a message and the documented code rather than a core.
    std::cerr << "timeit-compare: error: internal: " << EscapeControlCharacters(error.what()) << "\n";
    return kBadUsageOrInput;
  }
}

}  // namespace
}  // namespace timeit

int main(int argc, char** argv) { return timeit::Main(argc, argv); }
