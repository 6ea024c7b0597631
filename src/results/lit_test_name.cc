#include "timeit/results/lit_test_name.h"

namespace timeit {
namespace {

constexpr std::string_view kSummarySuffix = ".time";
constexpr std::string_view kLitTemporarySuffix = ".test.tmp";
constexpr std::string_view kLitOutputDirectory = "Output";

std::string_view WithoutSuffix(std::string_view text, std::string_view suffix) {
  return text.ends_with(suffix) ? text.substr(0, text.size() - suffix.size()) : text;
}

}  // namespace

std::string LitTestName(std::string_view summary_path) {
  std::string_view path = WithoutSuffix(summary_path, kSummarySuffix);
  size_t slash = path.rfind('/');
  std::string_view directory = slash == std::string_view::npos ? std::string_view() : path.substr(0, slash + 1);
  std::string_view file = path.substr(directory.size());
  if (!file.ends_with(kLitTemporarySuffix)) return std::string(path);
  // Only lit's own layout loses its Output directory: "Output/x.test.tmp".
  std::string_view parent = WithoutSuffix(directory, "/");
  size_t parent_start = parent.rfind('/');
  std::string_view parent_name = parent_start == std::string_view::npos ? parent : parent.substr(parent_start + 1);
  if (parent_name != kLitOutputDirectory) return std::string(path);
  std::string_view above = parent.substr(0, parent.size() - parent_name.size());
  return std::string(above) + std::string(WithoutSuffix(file, kLitTemporarySuffix));
}

std::string ResultsFileBesideSummary(std::string_view summary_path) {
  return std::string(WithoutSuffix(summary_path, kSummarySuffix)) + ".timeit.json";
}

}  // namespace timeit
