// LNT reports of format version 2 (lnt/testing/__init__.py renders them):
// {"format_version": "2", "machine": {"name": ..., ...}, "run": {"start_time": ...,
// "end_time": ..., "llvm_project_revision": ..., ...},
// "tests": [{"name": ..., <metric>: number | [numbers], "hash": ...}]}.
#include <charconv>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <map>
#include <optional>
#include <string_view>

#include "json_document.h"
#include "timeit/base/text_format.h"
#include "timeit/formats/common/file_times.h"
#include "timeit/formats/lnt/lnt_report.h"
#include "timeit/formats/lnt/lnt_report_reader.h"

namespace timeit {
namespace {

using Json = nlohmann::json;

constexpr std::string_view kFormatVersion = "2";
constexpr std::string_view kStatusSuffix = "_status";
constexpr std::string_view kHashMetric = "hash";
// LNT's status values: PASS = 0, FAIL = 1, XFAIL = 2.
constexpr int kPass = 0;

// One test of the report: its samples per metric and whether a status says it failed.
void ReadTest(const std::string& path, const Json& test, const std::string& where, SampleSet& into) {
  if (!test.is_object()) FailAt(path, where, std::string("expected an object, got ") + test.type_name());
  auto name = test.find("name");
  if (name == test.end()) FailAt(path, where + ".name", "missing");
  if (!name->is_string()) FailAt(path, where + ".name", std::string("expected a string, got ") + name->type_name());
  std::vector<std::pair<std::string, std::vector<double>>> samples;
  std::optional<std::string> hash;
  bool failed = false;
  size_t runs = 0;
  for (const auto& [metric, value] : test.items()) {
    if (metric == "name") continue;
    std::string at = where + "." + metric;
    if (metric == kHashMetric) {
      if (!value.is_string()) FailAt(path, at, std::string("expected a string, got ") + value.type_name());
      hash = value.get<std::string>();
      continue;
    }
    if (value.is_string()) continue;  // a profile's path, or another text: no measurement
    std::vector<double> numbers;
    if (value.is_array()) {
      for (size_t i = 0; i < value.size(); ++i) {
        numbers.push_back(MeasurementAt(path, at + "[" + std::to_string(i) + "]", value[i]));
      }
    } else if (value.is_number()) {
      numbers.push_back(MeasurementAt(path, at, value));
    } else {
      FailAt(path, at, std::string("expected a number or an array of numbers, got ") + value.type_name());
    }
    if (std::string_view(metric).ends_with(kStatusSuffix)) {
      for (double status : numbers) failed = failed || status != kPass;
      runs = std::max<size_t>(runs, 1);
      continue;
    }
    runs = std::max(runs, numbers.size());
    if (into.Keeps(metric)) samples.emplace_back(metric, std::move(numbers));
  }
  if (runs == 0) return;  // nothing measured: no run to count
  BenchmarkSamples& benchmark = into.Get(name->get<std::string>());
  if (hash) benchmark.hashes.insert(*hash);
  benchmark.runs += runs;
  if (failed) {
    benchmark.failed_runs += runs;
    return;
  }
  for (auto& [metric, numbers] : samples) {
    std::vector<double>& pooled = benchmark.metrics[metric];
    pooled.insert(pooled.end(), numbers.begin(), numbers.end());
  }
}

void NoteMachine(const std::string& path, const Json& machine, SampleProvenance& provenance) {
  if (!machine.is_object()) FailAt(path, "machine", std::string("expected an object, got ") + machine.type_name());
  std::map<std::string, std::string, std::less<>> host;
  for (const auto& [key, value] : machine.items()) {
    if (std::optional<std::string> text = ScalarText(value)) host.emplace(key, std::move(*text));
  }
  provenance.NoteHost(std::move(host));
}

void NoteRun(const std::string& path, const Json& run, SampleProvenance& provenance) {
  if (!run.is_object()) FailAt(path, "run", std::string("expected an object, got ") + run.type_name());
  for (const char* key : {"start_time", "end_time"}) {
    auto time = run.find(key);
    if (time == run.end() || time->is_null()) continue;
    std::string where = std::string("run.") + key;
    if (!time->is_string()) FailAt(path, where, std::string("expected a string, got ") + time->type_name());
    std::optional<std::string> utc = UtcTimestampOf(time->get_ref<const std::string&>());
    if (!utc) {
      FailAt(path, where,
             "'" + time->get<std::string>() + "' is not a time (YYYY-MM-DD HH:MM:SS, or ISO 8601 with a 'T')");
    }
    provenance.NoteStart(*utc);
  }
  // The order is what the run was of, as timeit's --label says it of its runs.
  auto order = run.find(kLntOrderField);
  if (order == run.end() || order->is_null()) return;
  if (order->is_string()) {
    provenance.NoteLabel(order->get_ref<const std::string&>());
  } else if (order->is_number()) {
    provenance.NoteLabel(order->dump());
  } else {
    FailAt(path, "run." + std::string(kLntOrderField), std::string("expected a string, got ") + order->type_name());
  }
}

}  // namespace

void ReadLntReport(const std::string& path, std::string_view text, SampleSet& into) {
  Json report = ParseJsonDocument(path, text);
  const Json& version = report["format_version"];
  if (!version.is_string() || version.get_ref<const std::string&>() != kFormatVersion) {
    FailAt(path, "format_version", version.dump() + " is not \"2\", the only LNT report format read");
  }
  auto tests = report.find("tests");
  if (tests == report.end()) FailAt(path, "tests", "missing");
  if (!tests->is_array()) FailAt(path, "tests", std::string("expected an array, got ") + tests->type_name());
  if (auto machine = report.find("machine"); machine != report.end()) NoteMachine(path, *machine, into.provenance());
  if (auto run = report.find("run"); run != report.end()) NoteRun(path, *run, into.provenance());
  for (size_t i = 0; i < tests->size(); ++i) {
    ReadTest(path, (*tests)[i], "tests[" + std::to_string(i) + "]", into);
  }
}

}  // namespace timeit
