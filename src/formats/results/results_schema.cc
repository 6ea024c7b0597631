#include "timeit/formats/results/results_schema.h"

#include <optional>
#include <string>

#include "timeit/formats/common/top_level_scanner.h"

namespace timeit::results_schema {
namespace {

/// The top-level keys of one line: how many times "schema" and "benchmark" occur, and the
/// first schema's value when it is a string.
class TopLevelKeys : public TopLevelScanner {
 public:
  int schemas_ = 0;
  int benchmarks_ = 0;
  int series_ = 0;
  int keys_ = 0;
  std::optional<std::string> schema_;

 private:
  bool Key(std::string_view key) override {
    if (key == kSchema) ++schemas_;
    if (key == kBenchmark) ++benchmarks_;
    if (key == kSeries) ++series_;
    ++keys_;
    return true;
  }
  bool Value(std::string_view key, std::optional<std::string_view> text) override {
    if (key == kSchema && text && !schema_) schema_ = std::string(*text);
    return true;
  }
};

}  // namespace

RunOutcome OutcomeOf(const Measurement& run) {
  if (run.succeeded()) return RunOutcome::kOk;
  switch (run.failure) {
    case LaunchFailure::kSetup:
      return RunOutcome::kSetupFailed;
    case LaunchFailure::kExec:
      return RunOutcome::kExecFailed;
    case LaunchFailure::kInterrupted:
      return RunOutcome::kInterrupted;
    case LaunchFailure::kNone:
      break;
  }
  if (run.interrupted_by) return RunOutcome::kInterrupted;
  if (run.timed_out) return RunOutcome::kTimeout;
  if (run.term_signal) return RunOutcome::kSignal;
  return RunOutcome::kExitCode;
}

bool EndsInsideAValue(std::string_view line) {
  size_t first = line.find_first_not_of(" \t\r");
  if (first == std::string_view::npos || (line[first] != '{' && line[first] != '[')) return false;
  TopLevelKeys scan;
  return !scan.Scan(line) && scan.cut_short();
}

LineClass ClassifyLine(std::string_view line) {
  // A byte-order mark is no part of JSON Lines (and simdjson refuses one): never a header.
  if (line.substr(0, 3) == "\xEF\xBB\xBF") return {};
  TopLevelKeys keys;
  bool parsed = keys.Scan(line);
  if (!parsed) {
    std::string header = "{\"" + std::string(kSchema) + "\":\"" + std::string(kSchemaV2) + "\"";
    bool starts_header = line.size() <= header.size() ? header.compare(0, line.size(), line) == 0
                                                      : line.substr(0, header.size()) == header;
    if (!line.empty() && starts_header && EndsInsideAValue(line)) return {LineKind::kHeaderCutShort, {}};
    return {};
  }
  if (!keys.is_object() || keys.schemas_ > 1 || keys.benchmarks_ > 1 || keys.series_ > 1) return {};
  if (keys.schemas_ == 1 && keys.benchmarks_ == 0 && keys.schema_) return {LineKind::kHeader, *keys.schema_};
  if (keys.schemas_ == 0 && keys.benchmarks_ == 1 && keys.series_ == 0) return {LineKind::kRunRecord, {}};
  if (keys.series_ == 1 && keys.keys_ == 1) return {LineKind::kSeriesRecord, {}};
  return {};
}

}  // namespace timeit::results_schema
