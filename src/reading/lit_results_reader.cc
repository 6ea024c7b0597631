// lit's JSON results (`lit -o results.json`), as the LLVM test-suite's litsupport fills
// them: {"__version__": [...], "elapsed": s, "tests": [{"name": "test-suite :: dir/pi.test",
// "code": "PASS", "elapsed": s, "metrics": {"exec_time": ..., "hash": "<md5>", ...}}]}.
#include <string_view>

#include "json_document.h"
#include "readers.h"

namespace timeit {
namespace {

using Json = nlohmann::json;

constexpr std::string_view kSuitePrefixEnd = " :: ";
constexpr std::string_view kTestSuffix = ".test";
// lit names a microbenchmark "<parent test>:<key>".
constexpr std::string_view kMicrobenchmarkSeparator = ".test:";
constexpr std::string_view kHashMetric = "hash";

/// What a test's lit result code says about its run.
enum class RunKind {
  /// The program ran and its metrics are samples.
  kSample,
  /// It failed: counted, no samples.
  kFailed,
  /// It did not run here: no run at all.
  kNotRun,
};

// LNT's reading of the codes (lnt/tests/test_suite.py): PASS, XFAIL and XPASS are passes;
// FLAKYPASS is a pass lit had to retry. UNSUPPORTED, SKIPPED (litsupport's, for a
// benchmark left out) and EXCLUDED never ran. Every other code (FAIL, NOEXE, TIMEOUT,
// UNRESOLVED, and any code lit may add) is a failed run.
RunKind KindOfCode(std::string_view code) {
  for (std::string_view pass : {"PASS", "FLAKYPASS", "XFAIL", "XPASS"}) {
    if (code == pass) return RunKind::kSample;
  }
  for (std::string_view absent : {"UNSUPPORTED", "SKIPPED", "EXCLUDED"}) {
    if (code == absent) return RunKind::kNotRun;
  }
  return RunKind::kFailed;
}

// "test-suite :: SingleSource/Benchmarks/Misc/pi.test" -> "SingleSource/Benchmarks/Misc/pi",
// as LNT names it; a microbenchmark "test-suite :: MicroBenchmarks/X/x.test:BM_a/8" ->
// "MicroBenchmarks/X/x:BM_a/8", a benchmark of its own beside its parent "MicroBenchmarks/X/x".
std::string BenchmarkName(std::string_view lit_name) {
  size_t prefix_end = lit_name.find(kSuitePrefixEnd);
  std::string name(prefix_end == std::string_view::npos ? lit_name
                                                        : lit_name.substr(prefix_end + kSuitePrefixEnd.size()));
  if (std::string_view(name).ends_with(kTestSuffix)) {
    name.resize(name.size() - kTestSuffix.size());
  } else if (size_t micro = name.find(kMicrobenchmarkSeparator); micro != std::string::npos) {
    name.erase(micro, kTestSuffix.size());
  }
  return name;
}

const Json& Member(const std::string& path, const Json& object, const std::string& where, const char* key,
                   Json::value_t type, const char* type_name) {
  auto it = object.find(key);
  if (it == object.end()) FailAt(path, where + key, "missing");
  if (it->type() != type) FailAt(path, where + key, std::string("expected ") + type_name + ", got " + it->type_name());
  return *it;
}

void ReadTest(const std::string& path, const Json& test, const std::string& where, SampleSet& into) {
  if (!test.is_object()) FailAt(path, where, std::string("expected an object, got ") + test.type_name());
  const std::string& lit_name =
      Member(path, test, where + ".", "name", Json::value_t::string, "a string").get_ref<const std::string&>();
  const std::string& code =
      Member(path, test, where + ".", "code", Json::value_t::string, "a string").get_ref<const std::string&>();
  RunKind kind = KindOfCode(code);
  if (kind == RunKind::kNotRun) return;
  // Everything is checked before the run is counted: nothing of a test reaches `into` if
  // its metrics are wrong.
  std::vector<std::pair<std::string, double>> samples;
  std::optional<std::string> hash;
  if (auto metrics = test.find("metrics"); metrics != test.end() && !metrics->is_null()) {
    if (!metrics->is_object()) {
      FailAt(path, where + ".metrics", std::string("expected an object, got ") + metrics->type_name());
    }
    for (const auto& [metric, value] : metrics->items()) {
      std::string at = where + ".metrics." + metric;
      if (metric == kHashMetric) {
        if (!value.is_string()) FailAt(path, at, std::string("expected a string, got ") + value.type_name());
        hash = value.get<std::string>();
      } else if (value.is_number()) {
        double number = MeasurementAt(path, at, value);
        if (into.Keeps(metric)) samples.emplace_back(metric, number);
      }
      // Other values (a profile's path, text a module adds) are no measurement: left out.
    }
  }
  BenchmarkSamples& benchmark = into.Get(BenchmarkName(lit_name));
  ++benchmark.runs;
  if (hash) benchmark.hashes.insert(*hash);
  if (kind == RunKind::kFailed) {
    ++benchmark.failed_runs;
    return;
  }
  for (auto& [metric, number] : samples) benchmark.metrics[metric].push_back(number);
}

}  // namespace

void ReadLitResults(const std::string& path, std::string_view text, std::optional<FileTime> written, SampleSet& into) {
  Json document = ParseJsonDocument(path, text);
  const Json& tests = Member(path, document, "", "tests", Json::value_t::array, "an array");
  for (size_t i = 0; i < tests.size(); ++i) ReadTest(path, tests[i], "tests[" + std::to_string(i) + "]", into);
  // lit records no time of day, but writes the file as its run ends, and "elapsed" is how
  // long that run took (lit's own clock, from before the first test to after the last).
  auto elapsed = document.find("elapsed");
  bool timed = elapsed != document.end() && elapsed->is_number();
  NoteWrittenRuns(path, written, timed ? elapsed->get<double>() : -1, into);
}

}  // namespace timeit
