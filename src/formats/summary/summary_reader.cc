// timeit's summary files (--summary, tools/timeit.c's format): "exit N", then "real",
// "user", "sys" in seconds, optionally "maxrss" in bytes, then one line per counted event.
#include <charconv>
#include <cmath>
#include <set>
#include <string_view>
#include <vector>

#include "timeit/base/error.h"
#include "timeit/base/text_format.h"
#include "timeit/formats/results/results_schema.h"
#include "timeit/formats/summary/summary_reader.h"
#include "timeit/formats/summary/summary_writer.h"

namespace timeit {
namespace {

constexpr std::string_view kExitLine = "exit";
constexpr std::string_view kSpace = " \t\r";

struct SummaryLine {
  std::string_view name;
  std::string_view value;
};

// "name value" with any spaces between and around; nullopt for another shape.
std::optional<SummaryLine> Split(std::string_view line) {
  size_t name_start = line.find_first_not_of(kSpace);
  if (name_start == std::string_view::npos) return std::nullopt;
  size_t name_end = line.find_first_of(kSpace, name_start);
  if (name_end == std::string_view::npos) return std::nullopt;
  size_t value_start = line.find_first_not_of(kSpace, name_end);
  if (value_start == std::string_view::npos) return std::nullopt;
  size_t value_end = line.find_first_of(kSpace, value_start);
  if (value_end != std::string_view::npos && line.find_first_not_of(kSpace, value_end) != std::string_view::npos) {
    return std::nullopt;
  }
  std::string_view value =
      line.substr(value_start, value_end == std::string_view::npos ? value_end : value_end - value_start);
  return SummaryLine{line.substr(name_start, name_end - name_start), value};
}

template <typename Number>
std::optional<Number> Parse(std::string_view text) {
  Number number{};
  auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), number);
  if (error != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return number;
}

}  // namespace

bool StartsSummary(std::string_view first_line) {
  std::optional<SummaryLine> line = Split(first_line);
  return line && line->name == kExitLine && Parse<long long>(line->value).has_value();
}

void ReadSummary(const std::string& path, const std::string& name, std::string_view text,
                 std::optional<FileTime> written, SampleSet& into) {
  std::vector<std::pair<std::string, double>> metrics;
  double wall_seconds = -1;  // not known
  std::set<std::string, std::less<>> seen;
  bool failed = false;
  size_t line_number = 0;
  for (size_t start = 0; start < text.size();) {
    size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    std::string_view text_line = text.substr(start, end - start);
    start = end + 1;
    ++line_number;
    if (text_line.find_first_not_of(kSpace) == std::string_view::npos) continue;
    std::string where = path + ":" + std::to_string(line_number) + ": ";
    std::optional<SummaryLine> line = Split(text_line);
    if (!line) throw Error(ErrorKind::kInput, where + "expected a name and a number, as in 'user 0.0123'");
    std::string metric = line->name == kExitLine ? std::string(kExitLine) : EventOfSummaryName(line->name);
    if (!seen.insert(metric).second) throw Error(ErrorKind::kInput, where + metric + ": given twice");
    if (line->name == kExitLine) {
      std::optional<long long> code = Parse<long long>(line->value);
      if (!code) throw Error(ErrorKind::kInput, where + "exit: '" + std::string(line->value) + "' is not an integer");
      failed = *code != 0;
      continue;
    }
    std::optional<double> number = Parse<double>(line->value);
    if (!number || !IsValidMetric(*number)) {
      throw Error(ErrorKind::kInput, where + metric + ": '" + std::string(line->value) +
                                         "' is not a valid measurement (a finite, non-negative number)");
    }
    if (line->name == kWallTimeMetric) wall_seconds = *number;
    if (into.Keeps(metric)) metrics.emplace_back(std::move(metric), *number);
  }
  // A summary records no time of day, but is written as its run ends.
  NoteWrittenRuns(path, written, wall_seconds, into);
  BenchmarkSamples& benchmark = into.Get(name);
  ++benchmark.runs;
  if (failed) {
    ++benchmark.failed_runs;
    return;
  }
  for (auto& [metric, number] : metrics) benchmark.metrics[metric].push_back(number);
}

}  // namespace timeit
