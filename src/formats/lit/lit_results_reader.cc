// lit's JSON results (`lit -o results.json`), as the LLVM test-suite's litsupport fills
// them: {"__version__": [...], "elapsed": s, "tests": [{"name": "test-suite :: dir/pi.test",
// "code": "PASS", "elapsed": s, "metrics": {"exec_time": ..., "hash": "<md5>", ...}}]}.
#include <algorithm>
#include <cctype>
#include <optional>
#include <string_view>
#include <vector>

#include "json_document.h"
#include "timeit/formats/lit/lit_results_reader.h"

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

// Python's json writes a float that is not finite as a bare NaN, Infinity or -Infinity,
// which JSON has no words for (and JSON parsers refuse). Before parsing, each one outside
// a string becomes a string no file holds, the token after a NUL (\u0000), so that the
// document parses and the reader can tell where one stood. Lines are kept, so a syntax
// error elsewhere is still found on its line (its column may move on the same line).
constexpr std::string_view kNonFiniteTokens[] = {"-Infinity", "Infinity", "NaN"};
constexpr char kNonFiniteMark = '\0';

// `text` with every bare non-finite token marked; nullopt when it has none.
std::optional<std::string> MarkNonFiniteNumbers(std::string_view text) {
  std::optional<std::string> marked;
  size_t copied = 0;
  bool in_string = false;
  for (size_t at = 0; at < text.size(); ++at) {
    char c = text[at];
    if (in_string) {
      if (c == '\\') {
        ++at;  // the escaped character, a quote included
      } else if (c == '"') {
        in_string = false;
      }
      continue;
    }
    if (c == '"') {
      in_string = true;
      continue;
    }
    for (std::string_view token : kNonFiniteTokens) {
      if (text.substr(at, token.size()) != token) continue;
      size_t end = at + token.size();
      // A whole token only: NaNs or Infinity2 is left for the parser to refuse.
      if (end < text.size() && (std::isalnum(static_cast<unsigned char>(text[end])) || text[end] == '_')) break;
      if (!marked) marked.emplace();
      marked->append(text.substr(copied, at - copied)).append("\"\\u0000").append(token).append("\"");
      copied = end;
      at = end - 1;
      break;
    }
  }
  if (marked) marked->append(text.substr(copied));
  return marked;
}

// The non-finite number `value` marks, if it is one MarkNonFiniteNumbers made.
std::optional<std::string_view> NonFinite(const Json& value) {
  if (!value.is_string()) return std::nullopt;
  const std::string& text = value.get_ref<const std::string&>();
  if (text.empty() || text[0] != kNonFiniteMark) return std::nullopt;
  return std::string_view(text).substr(1);
}

// A value's type as messages name it: a marked number by its token.
std::string TypeName(const Json& value) {
  if (std::optional<std::string_view> token = NonFinite(value)) return std::string(*token);
  return value.type_name();
}

const Json& Member(const std::string& path, const Json& object, const std::string& where, const char* key,
                   Json::value_t type, const char* type_name) {
  auto it = object.find(key);
  if (it == object.end()) FailAt(path, where + key, "missing");
  if (it->type() != type || NonFinite(*it)) {
    FailAt(path, where + key, std::string("expected ") + type_name + ", got " + TypeName(*it));
  }
  return *it;
}

/// The tests whose metrics held a non-finite number, each with those metrics.
using NonFiniteMetrics = std::vector<std::pair<std::string, std::vector<std::string>>>;

void ReadTest(const std::string& path, const Json& test, const std::string& where, SampleSet& into,
              NonFiniteMetrics& non_finite) {
  if (!test.is_object()) FailAt(path, where, "expected an object, got " + TypeName(test));
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
  std::vector<std::string> missing;  // metrics whose value is not a number
  if (auto metrics = test.find("metrics"); metrics != test.end() && !metrics->is_null()) {
    if (!metrics->is_object()) FailAt(path, where + ".metrics", "expected an object, got " + TypeName(*metrics));
    for (const auto& [metric, value] : metrics->items()) {
      std::string at = where + ".metrics." + metric;
      if (metric == kHashMetric) {
        if (!value.is_string() || NonFinite(value)) FailAt(path, at, "expected a string, got " + TypeName(value));
        hash = value.get<std::string>();
      } else if (NonFinite(value)) {
        missing.push_back(metric);  // no value, as if the module had not given one
      } else if (value.is_number()) {
        double number = MeasurementAt(path, at, value);
        if (into.Keeps(metric)) samples.emplace_back(metric, number);
      }
      // Other values (a profile's path, text a module adds) are no measurement: left out.
    }
  }
  if (!missing.empty()) non_finite.emplace_back(BenchmarkName(lit_name), std::move(missing));
  BenchmarkSamples& benchmark = into.Get(BenchmarkName(lit_name));
  ++benchmark.runs;
  if (hash) benchmark.hashes.insert(*hash);
  if (kind == RunKind::kFailed) {
    ++benchmark.failed_runs;
    return;
  }
  for (auto& [metric, number] : samples) benchmark.metrics[metric].push_back(number);
}

// The warning naming the tests whose metrics were read as missing, the first few of them.
std::string NonFiniteWarning(const std::string& path, const NonFiniteMetrics& tests) {
  constexpr size_t kNamed = 5;
  std::string named;
  for (size_t i = 0; i < std::min(tests.size(), kNamed); ++i) {
    std::string metrics;
    for (const std::string& metric : tests[i].second) metrics += (metrics.empty() ? "" : ", ") + metric;
    named += (i == 0 ? "" : "; ") + tests[i].first + " (" + metrics + ")";
  }
  if (tests.size() > kNamed) named += "; and " + std::to_string(tests.size() - kNamed) + " more";
  return path + ": NaN or Infinity, which Python's json writes for a number that is not finite, read as missing in " +
         (tests.size() == 1 ? std::string("1 test: ") : std::to_string(tests.size()) + " tests: ") + named;
}

}  // namespace

void ReadLitResults(const std::string& path, std::string_view text, std::optional<FileTime> written, SampleSet& into,
                    std::vector<std::string>& warnings) {
  std::optional<std::string> marked = MarkNonFiniteNumbers(text);
  Json document = ParseJsonDocument(path, marked ? std::string_view(*marked) : text);
  const Json& tests = Member(path, document, "", "tests", Json::value_t::array, "an array");
  NonFiniteMetrics non_finite;
  for (size_t i = 0; i < tests.size(); ++i) {
    ReadTest(path, tests[i], "tests[" + std::to_string(i) + "]", into, non_finite);
  }
  if (!non_finite.empty()) warnings.push_back(NonFiniteWarning(path, non_finite));
  // lit records no time of day, but writes the file as its run ends, and "elapsed" is how
  // long that run took (lit's own clock, from before the first test to after the last).
  auto elapsed = document.find("elapsed");
  bool timed = elapsed != document.end() && elapsed->is_number();
  NoteWrittenRuns(path, written, timed ? elapsed->get<double>() : -1, into);
}

}  // namespace timeit
