#include "timeit/formats/lit/lit_test_name.h"

#include <algorithm>
#include <cctype>
#include <optional>

namespace timeit {
namespace {

constexpr std::string_view kSummarySuffix = ".time";
constexpr std::string_view kTestSuffix = ".test";
constexpr std::string_view kLitTemporarySuffix = ".tmp";
constexpr std::string_view kLitOutputDirectory = "Output";

std::string_view WithoutSuffix(std::string_view text, std::string_view suffix) {
  return text.ends_with(suffix) ? text.substr(0, text.size() - suffix.size()) : text;
}

// The test's name in `file`, a file name without ".time", or nothing when it is not one
// of lit's: "pi.test" -> "pi", "pi.test.tmp" -> "pi", and "pi.test-1" -> "pi.test-1" (one
// command of several keeps lit's numbering, so that it is never pooled with the others
// nor mistaken for a test named "pi-1").
std::optional<std::string_view> TestInFile(std::string_view file) {
  std::string_view stem = WithoutSuffix(file, kLitTemporarySuffix);
  if (stem.ends_with(kTestSuffix) && stem.size() > kTestSuffix.size()) {
    return stem.substr(0, stem.size() - kTestSuffix.size());
  }
  size_t dash = file.rfind('-');
  if (dash == std::string_view::npos || dash + 1 == file.size()) return std::nullopt;
  std::string_view number = file.substr(dash + 1);
  bool numbered = std::all_of(number.begin(), number.end(), [](unsigned char c) { return std::isdigit(c); });
  std::string_view test = file.substr(0, dash);
  if (!numbered || !test.ends_with(kTestSuffix) || test.size() == kTestSuffix.size()) return std::nullopt;
  return file;
}

}  // namespace

std::string LitTestName(std::string_view summary_path) {
  std::string_view path = WithoutSuffix(summary_path, kSummarySuffix);
  size_t slash = path.rfind('/');
  std::string_view directory = slash == std::string_view::npos ? std::string_view() : path.substr(0, slash + 1);
  std::optional<std::string_view> test = TestInFile(path.substr(directory.size()));
  if (!test) return std::string(path);
  // Only lit's own layout loses its Output directory: "Output/x.test".
  std::string_view parent = WithoutSuffix(directory, "/");
  size_t parent_start = parent.rfind('/');
  std::string_view parent_name = parent_start == std::string_view::npos ? parent : parent.substr(parent_start + 1);
  if (parent_name != kLitOutputDirectory) return std::string(path);
  std::string_view above = parent.substr(0, parent.size() - parent_name.size());
  return std::string(above) + std::string(*test);
}

std::string ResultsFileBesideSummary(std::string_view summary_path) {
  return std::string(WithoutSuffix(summary_path, kSummarySuffix)) + ".timeit.json";
}

}  // namespace timeit
