#include "timeit/formats/lnt/lnt_report.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdint>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "timeit/base/error.h"
#include "timeit/base/text_format.h"
#include "timeit/base/utf8.h"

namespace timeit {
namespace {

using Json = nlohmann::json;  // a std::map per object: keys come out sorted, as sort_keys=True

/// One LNT metric and the input metrics it is taken from, the first one present winning
/// (lit and timeit name the same quantity differently); an empty source is none. An input
/// that already has the LNT name (an LNT report read back) is taken before any of them.
struct MetricMapping {
  std::string_view lnt_name;
  std::string_view sources[2];
};

/// The metrics both suites declare (LNT's schemas/nts.yaml), besides execution_time, whose
/// source is chosen per report. lit's names are those litsupport writes; LNT's own
/// `lnt runtest test-suite` maps them the same way (size..text is the ELF name, size.__text
/// the Mach-O one).
constexpr MetricMapping kNtsMetrics[] = {
    {"compile_time", {"compile_time"}},
    {"mem_bytes", {"mem_bytes", "maxrss"}},
    {"score", {"score"}},
    {"code_size", {"size..text", "size.__text"}},
};

/// What only timeit's suite declares (share/lnt/timeit.yaml): the timeit.c times and perf
/// stat's default events. LNT's metric names become column names in its database, so they
/// are written with underscores, as every metric of LNT's own suites is.
constexpr MetricMapping kTimeitMetrics[] = {
    {"wall_time", {"real"}},
    {"user_time", {"user"}},
    {"sys_time", {"sys"}},
    {"task_clock", {"task-clock"}},
    {"cycles", {"cycles"}},
    {"instructions", {"instructions"}},
    {"branches", {"branches"}},
    {"branch_misses", {"branch-misses"}},
    {"cache_references", {"cache-references"}},
    {"cache_misses", {"cache-misses"}},
    {"context_switches", {"context-switches"}},
    {"cpu_migrations", {"cpu-migrations"}},
    {"page_faults", {"page-faults"}},
};

/// Host fields that describe the tool rather than the machine. They go to the run: LNT's
/// default `--select-machine match` refuses a report whose machine fields changed, and
/// upgrading timeit does not make a different machine.
constexpr std::string_view kToolHostFields[] = {"timeit_version", "libpfm_version"};

/// Run fields the report writes itself.
constexpr std::string_view kReservedRunFields[] = {kLntOrderField, "start_time", "end_time"};

template <typename Range>
bool Contains(const Range& range, std::string_view word) {
  return std::find(std::begin(range), std::end(range), word) != std::end(range);
}

std::string Joined(const std::set<std::string, std::less<>>& words) {
  std::string joined;
  for (const std::string& word : words) joined += (joined.empty() ? "" : ", ") + word;
  return joined;
}

// `text` as the report writes it: UTF-8, each byte that is not written as the text \xHH
// (U+FFFD for each would make names that differ only there one name). A warning says so,
// naming `subject` and showing both.
std::string Utf8Text(const std::string& text, const std::string& subject, std::vector<std::string>& warnings) {
  if (IsValidUtf8(text)) return text;
  std::string written = EscapeInvalidUtf8(text);
  warnings.push_back(subject + " '" + text + "' is not UTF-8: the report writes it as '" + written + "'");
  return written;
}

// Throws a `kind` Error when UTF-8 `text` is longer than LNT's columns hold; `what` names it.
void CheckLength(const std::string& text, ErrorKind kind, const std::string& what) {
  size_t length = CodePointCount(text);
  if (length > kLntMaxNameLength) {
    throw Error(kind, what + " is " + std::to_string(length) + " characters long; LNT stores at most " +
                          std::to_string(kLntMaxNameLength));
  }
}

// One value as a number, several as a list: LNT reads a list as one sample per value.
Json Samples(const BenchmarkSamples& benchmark, std::string_view metric, const std::vector<double>& values) {
  for (double value : values) {
    // Readers let no such value through; JSON has no spelling for one that LNT could store.
    if (!std::isfinite(value)) {
      throw Error(ErrorKind::kInput, "benchmark '" + benchmark.name + "': " + std::string(metric) + " is " +
                                         PythonFloatRepr(value) + ", which an LNT report cannot hold");
    }
  }
  if (values.size() == 1) return values.front();
  return Json(values);
}

void AddMapped(const BenchmarkSamples& benchmark, const MetricMapping& mapping, Json& test) {
  for (std::string_view source : {mapping.lnt_name, mapping.sources[0], mapping.sources[1]}) {
    if (source.empty()) continue;
    auto found = benchmark.metrics.find(source);
    if (found != benchmark.metrics.end() && !found->second.empty()) {
      test[std::string(mapping.lnt_name)] = Samples(benchmark, source, found->second);
      return;
    }
  }
}

// The test of `benchmark`, or null when it has nothing to report; its name is the caller's.
Json Test(const BenchmarkSamples& benchmark, const std::string& exec_metric, LntSchema schema,
          std::vector<std::string>& warnings) {
  if (benchmark.hashes.size() > 1) {
    throw Error(ErrorKind::kInput, "benchmark '" + benchmark.name + "': its runs are of " +
                                       std::to_string(benchmark.hashes.size()) + " different programs (hashes " +
                                       Joined(benchmark.hashes) +
                                       "); an LNT test has one hash, so report them separately");
  }
  Json test = Json::object();
  bool all_failed = benchmark.runs > 0 && benchmark.failed_runs == benchmark.runs;
  auto exec = benchmark.metrics.find(exec_metric);
  // A run that failed says nothing of the program's speed, whatever a reader kept of it.
  if (!all_failed && exec != benchmark.metrics.end() && !exec->second.empty()) {
    test["execution_time"] = Samples(benchmark, exec_metric, exec->second);
  }
  for (const MetricMapping& mapping : kNtsMetrics) AddMapped(benchmark, mapping, test);
  if (schema == LntSchema::kTimeit) {
    for (const MetricMapping& mapping : kTimeitMetrics) AddMapped(benchmark, mapping, test);
  }
  if (benchmark.failed_runs > 0) test["execution_status"] = kLntStatusFail;
  if (test.empty()) return nullptr;
  if (!benchmark.hashes.empty()) {
    test["hash"] = Utf8Text(*benchmark.hashes.begin(), "benchmark '" + benchmark.name + "': hash", warnings);
  }
  return test;
}

// The number of samples of each of `test`'s measurements (not its status, hash or name).
std::map<std::string, size_t> SampleCounts(const Json& test) {
  std::map<std::string, size_t> counts;
  for (auto item = test.begin(); item != test.end(); ++item) {
    if (item->is_array()) counts[item.key()] = item->size();
    if (item->is_number_float()) counts[item.key()] = 1;
  }
  return counts;
}

// LNT makes the i-th values of a test's metrics one sample, as if they were one run's. When
// some runs lack a metric (--no-perf runs pooled with counted ones have no task-clock) the
// lists differ in length and that pairing is wrong; JSON has no number for "none" to pad
// them with, so each metric keeps the values it has, and a warning says where.
void WarnOfUnevenSamples(const Json& tests, const std::string& exec_metric, std::vector<std::string>& warnings) {
  size_t uneven = 0;
  bool exec_short = false;
  std::string first;
  for (const Json& test : tests) {
    std::map<std::string, size_t> counts = SampleCounts(test);
    auto [least, most] = std::minmax_element(counts.begin(), counts.end(),
                                             [](const auto& a, const auto& b) { return a.second < b.second; });
    if (counts.empty() || least->second == most->second) continue;
    auto exec = counts.find("execution_time");
    exec_short = exec_short || (exec != counts.end() && exec->second < most->second);
    if (uneven++ > 0) continue;
    first = "'" + test["name"].get<std::string>() + "' (";
    for (const auto& [metric, count] : counts) {
      first += (first.back() == '(' ? "" : ", ") + metric + " " + std::to_string(count);
    }
    first += ")";
  }
  if (uneven == 0) return;
  std::string warning = std::to_string(uneven) + (uneven == 1 ? " test has" : " tests have") +
                        " metrics with different numbers of samples, the first " + first +
                        ": LNT pairs a test's samples by position, so there a sample's metrics are not all of one run";
  if (exec_short) {
    warning += "; execution_time has fewer samples because some runs have no '" + exec_metric +
               "' (--exec-metric can name a metric every run has)";
  }
  warnings.push_back(warning);
}

std::string MachineName(const SampleSet& samples, const LntReportOptions& options) {
  if (!options.machine_name.empty()) return options.machine_name;
  const auto& hosts = samples.provenance().hosts;
  // An LNT report's machine has the name it was submitted under; timeit's host, a hostname.
  for (const char* field : {"name", "hostname"}) {
    if (hosts.empty()) break;
    auto found = hosts.front().find(field);
    if (found != hosts.front().end() && !found->second.empty()) return found->second;
  }
  throw Error(ErrorKind::kUsage, "no machine name: none was given, and the input names no host");
}

// The machine and the run's tool fields, from the first host block.
void DescribeHost(const SampleSet& samples, Json& machine, Json& run, std::vector<std::string>& warnings) {
  const auto& hosts = samples.provenance().hosts;
  if (hosts.empty()) return;
  for (const auto& [raw_key, raw_value] : hosts.front()) {
    std::string key = Utf8Text(raw_key, "host field", warnings);
    std::string value = Utf8Text(raw_value, "host field '" + raw_key + "' value", warnings);
    if (Contains(kToolHostFields, key)) {
      run[key] = value;
    } else if (key == "machine") {
      machine["hardware"] = value;
    } else if (key == "kernel") {
      machine["os"] = value;
    } else {
      machine[key] = value;
    }
  }
  // The suites' machine fields are String(256) columns; the rest goes to a blob of any size.
  for (const char* field : {"hardware", "os"}) {
    if (machine.contains(field)) {
      CheckLength(machine[field].get<std::string>(), ErrorKind::kInput,
                  std::string("the machine field '") + field + "'");
    }
  }
  if (hosts.size() > 1) {
    auto hostname = hosts.front().find("hostname");
    warnings.push_back("the runs name " + std::to_string(hosts.size()) +
                       " different host descriptions; the machine fields are those of the first (" +
                       (hostname == hosts.front().end() ? "no hostname" : "hostname " + hostname->second) + ")");
  }
}

Json Run(const LntReportOptions& options, std::vector<std::string>& warnings) {
  if (options.order.empty()) {
    throw Error(ErrorKind::kUsage, "the order (llvm_project_revision) is empty; LNT sorts runs by it");
  }
  std::string order = Utf8Text(options.order, "order", warnings);
  CheckLength(order, ErrorKind::kUsage, "the order (llvm_project_revision)");
  Json run = Json::object();
  run[std::string(kLntOrderField)] = order;
  return run;
}

/// One end of the run: the time as LNT spells it, and where it came from, in words.
struct RunBound {
  std::string time;
  std::string source;
};

// `bound`, or `time` from `source` where that is earlier (`earliest`) or later; an empty
// `time` is none.
void Widen(std::optional<RunBound>& bound, const std::string& time, const std::string& source, bool earliest) {
  if (time.empty()) return;
  std::string lnt_time = LntTime(time);  // LNT's spelling orders as the times do
  if (!bound || (earliest ? lnt_time < bound->time : lnt_time > bound->time)) bound = RunBound{lnt_time, source};
}

// The time `option` gives, checked.
RunBound GivenTime(std::string_view option, const std::string& text) {
  std::optional<std::string> time = LntTimeOf(text);
  if (!time) {
    throw Error(ErrorKind::kUsage, std::string(option) + " '" + text +
                                       "' is not a UTC time as YYYY-MM-DD HH:MM:SS or YYYY-MM-DDTHH:MM:SS[Z] "
                                       "(date -u +%FT%TZ writes one)");
  }
  return {*time, std::string(option)};
}

// Sets the run's start_time and end_time, and says in `times` which they are and whence.
void SetRunTimes(const SampleSet& samples, const LntReportOptions& options, Json& run, std::string& times) {
  const SampleProvenance& provenance = samples.provenance();
  std::optional<RunBound> start, end;
  if (!options.start_time.empty()) {
    start = GivenTime("--start-time", options.start_time);
  } else {
    Widen(start, provenance.first_start, "the earliest time the inputs record", true);
    Widen(start, provenance.written_first_start,
          "when '" + provenance.written_first_start_file + "' was written, less the time its runs took", true);
  }
  if (!options.end_time.empty()) {
    end = GivenTime("--end-time", options.end_time);
  } else {
    // Files that record times record when runs start: the last start is the closest to an end.
    Widen(end, provenance.last_start, "the latest time the inputs record", false);
    Widen(end, provenance.written_last_end, "when '" + provenance.written_last_end_file + "' was written", false);
  }
  if (!start && !end) {
    times =
        "no start_time or end_time: the inputs record no time, and LNT takes the time of the submission "
        "(--start-time and --end-time give them)";
    return;
  }
  if (!start) start = RunBound{end->time, "end_time's: nothing gives a start"};
  if (!end) end = RunBound{start->time, "start_time's: nothing gives an end"};
  std::string said =
      "start_time " + start->time + " (" + start->source + "), end_time " + end->time + " (" + end->source + ")";
  if (start->time > end->time) throw Error(ErrorKind::kUsage, "the run would end before it starts: " + said);
  run["start_time"] = start->time;
  run["end_time"] = end->time;
  times = said;
}

void AddRunInfo(const LntReportOptions& options, Json& run, std::vector<std::string>& warnings) {
  std::set<std::string, std::less<>> given;
  for (const auto& [raw_key, raw_value] : options.run_info) {
    if (raw_key.empty()) throw Error(ErrorKind::kUsage, "run info '=" + raw_value + "': the key is empty");
    if (Contains(kReservedRunFields, raw_key)) {
      throw Error(ErrorKind::kUsage,
                  "run info '" + raw_key + "' is written by the report itself" +
                      (raw_key == kLntOrderField ? " (it is the order)" : " (--start-time and --end-time set it)"));
    }
    std::string key = Utf8Text(raw_key, "run info key", warnings);
    if (!given.insert(key).second) throw Error(ErrorKind::kUsage, "run info '" + raw_key + "' given twice");
    run[key] = Utf8Text(raw_value, "run info '" + raw_key + "' value", warnings);
  }
}

std::string ExecMetric(const SampleSet& samples, const LntReportOptions& options) {
  if (options.exec_metric.empty()) return DefaultExecMetric(samples);
  if (samples.metric_names().count(options.exec_metric) == 0) {
    throw Error(ErrorKind::kUsage, "exec metric '" + options.exec_metric +
                                       "' is in none of the runs (they have: " + Joined(samples.metric_names()) + ")");
  }
  return options.exec_metric;
}

bool IsDigits(std::string_view text) {
  return !text.empty() && std::all_of(text.begin(), text.end(), [](char c) { return std::isdigit(uint8_t(c)); });
}

// Whether `text` is digits making a number in [low, high].
bool InRange(std::string_view text, int low, int high) {
  if (!IsDigits(text)) return false;
  int number = std::stoi(std::string(text));
  return number >= low && number <= high;
}

// `value` as json.dumps(sort_keys=True, indent=4) writes it, at nesting `depth`: keys are
// sorted already (a std::map), floats are Python's repr, and strings, integers and the rest
// are as the library writes them with every non-ASCII character escaped, as Python does.
void AppendAsPython(const Json& value, int depth, std::string& out) {
  auto indent = [&out](int level) { out.append(4 * static_cast<size_t>(level), ' '); };
  if (value.is_object() || value.is_array()) {
    bool object = value.is_object();
    if (value.empty()) {
      out += object ? "{}" : "[]";
      return;
    }
    out += object ? "{\n" : "[\n";
    bool first = true;
    for (auto item = value.begin(); item != value.end(); ++item) {
      out += first ? "" : ",\n";
      first = false;
      indent(depth + 1);
      if (object) out += Json(item.key()).dump(-1, ' ', true) + ": ";
      AppendAsPython(*item, depth + 1, out);
    }
    out += "\n";
    indent(depth);
    out += object ? "}" : "]";
  } else if (value.is_number_float()) {
    out += PythonFloatRepr(value.get<double>());
  } else {
    out += value.dump(-1, ' ', true);  // every string is UTF-8 by now (Utf8Text)
  }
}

}  // namespace

std::string DefaultExecMetric(const SampleSet& samples) {
  for (const char* candidate : {"exec_time", "execution_time", "task-clock", "user"}) {
    if (samples.metric_names().count(candidate) > 0) return candidate;
  }
  return {};
}

std::optional<std::string> LntTimeOf(std::string_view time) {
  // YYYY-MM-DD?HH:MM:SS: 19 characters, then an optional fraction and a UTC designator.
  bool valid = time.size() >= 19 && InRange(time.substr(0, 4), 0, 9999) && time[4] == '-' &&
               InRange(time.substr(5, 2), 1, 12) && time[7] == '-' && InRange(time.substr(8, 2), 1, 31) &&
               (time[10] == 'T' || time[10] == ' ') && InRange(time.substr(11, 2), 0, 23) && time[13] == ':' &&
               InRange(time.substr(14, 2), 0, 59) && time[16] == ':' && InRange(time.substr(17, 2), 0, 60);
  if (valid) {
    std::string_view rest = time.substr(19);
    if (!rest.empty() && rest.front() == '.') {
      size_t digits = rest.find_first_not_of("0123456789", 1);
      if (digits == 1) valid = false;
      rest = rest.substr(std::min(digits, rest.size()));
    }
    valid = valid && (rest.empty() || rest == "Z" || rest == "+00:00");
  }
  if (!valid) return std::nullopt;
  return std::string(time.substr(0, 10)) + " " + std::string(time.substr(11, 8));
}

std::string LntTime(std::string_view time) {
  std::optional<std::string> lnt_time = LntTimeOf(time);
  if (!lnt_time) {
    throw Error(ErrorKind::kInput,
                "run start '" + std::string(time) + "' is not a UTC time as YYYY-MM-DDTHH:MM:SS[.fraction][Z]");
  }
  return *lnt_time;
}

LntReport FormatLntReport(const SampleSet& samples, const LntReportOptions& options) {
  LntReport report;
  std::vector<std::string>& warnings = report.warnings;
  Json machine = Json::object();
  std::string machine_name = Utf8Text(MachineName(samples, options), "machine name", warnings);
  CheckLength(machine_name, options.machine_name.empty() ? ErrorKind::kInput : ErrorKind::kUsage, "the machine name");
  Json run = Run(options, warnings);
  SetRunTimes(samples, options, run, report.times);
  DescribeHost(samples, machine, run, warnings);
  machine["name"] = machine_name;
  AddRunInfo(options, run, warnings);  // after the host's tool fields: what is asked for wins
  report.exec_metric = ExecMetric(samples, options);

  std::vector<const BenchmarkSamples*> benchmarks;
  for (const BenchmarkSamples& benchmark : samples.benchmarks()) benchmarks.push_back(&benchmark);
  std::sort(benchmarks.begin(), benchmarks.end(),
            [](const BenchmarkSamples* a, const BenchmarkSamples* b) { return a->name < b->name; });
  // By test name: LNT adds up the samples of tests given under one name, so two benchmarks
  // must never share one.
  std::map<std::string, std::pair<const BenchmarkSamples*, Json>> by_name;
  for (const BenchmarkSamples* benchmark : benchmarks) {
    Json test = Test(*benchmark, report.exec_metric, options.schema, warnings);
    if (test.is_null()) continue;
    if (benchmark->name.empty()) throw Error(ErrorKind::kInput, "a benchmark has an empty name; LNT needs a test name");
    std::string name = Utf8Text(benchmark->name, "benchmark", warnings);
    CheckLength(name, ErrorKind::kInput, "test '" + name + "': the name");
    test["name"] = name;
    auto [at, added] = by_name.try_emplace(name, benchmark, std::move(test));
    if (!added) {
      throw Error(ErrorKind::kInput, "benchmarks '" + at->second.first->name + "' and '" + benchmark->name +
                                         "' would both be LNT's test '" + name +
                                         "', and LNT would pool their samples; rename one");
    }
  }
  Json tests = Json::array();
  for (auto& [name, test] : by_name) tests.push_back(std::move(test.second));
  if (tests.empty()) {
    if (samples.benchmarks().empty()) throw Error(ErrorKind::kInput, "nothing to report: the input has no runs");
    throw Error(ErrorKind::kInput, "nothing to report: no benchmark has a metric the " +
                                       std::string(SpellingOf(kLntSchemaSpellings, options.schema)) +
                                       " schema records (the runs have: " + Joined(samples.metric_names()) + ")");
  }
  if (!report.exec_metric.empty() &&
      std::none_of(tests.begin(), tests.end(), [](const Json& test) { return test.contains("execution_time"); })) {
    report.exec_metric.clear();  // every benchmark that had it failed
  }
  WarnOfUnevenSamples(tests, report.exec_metric, warnings);

  Json document = {{"format_version", "2"}, {"machine", machine}, {"run", run}, {"tests", tests}};
  AppendAsPython(document, 0, report.text);
  report.text += "\n";
  return report;
}

}  // namespace timeit
