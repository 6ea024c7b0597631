// What timeit writes, timeit-compare reads: every run outcome through a results file and
// back, with the numbers unchanged; and those samples through an LNT report and back.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <map>
#include <set>

#include "counter_readings.h"
#include "temp_dir.h"
#include "timeit/formats/inputs/results_reader.h"
#include "timeit/formats/lnt/lnt_report.h"
#include "timeit/formats/results/results_file.h"
#include "timeit/formats/results/results_schema.h"

namespace timeit {
namespace {

using testing::ReadFile;
using testing::TempDir;
using testing::WriteFile;

// As a backend scales them: a multiplexed count by enabled / running.
CounterReading Scaled(const std::string& event, CounterStatus status, uint64_t raw, uint64_t enabled, uint64_t running,
                      bool is_time = false) {
  double scaled = status == CounterStatus::kMultiplexed
                      ? static_cast<double>(raw) * static_cast<double>(enabled) / static_cast<double>(running)
                      : static_cast<double>(raw);
  return testing::Reading(event, status, raw, enabled, running, scaled, is_time);
}

// A run whose numbers need every digit a double has, so that a lossy step would show.
Measurement BaseRun(int i) {
  Measurement run;
  run.real_seconds = 0.1 + i / 3.0;
  run.user_seconds = 1.0 / 7.0 + i;
  run.sys_seconds = 0.0;
  run.maxrss_bytes = 123456789 + i;
  run.start_time = "2026-12-01T05:00:00Z";
  run.counters.backend = "fake";
  run.counters.available = true;
  run.counters.readings = {
      Scaled("task-clock", CounterStatus::kCounted, 1234567891 + i, 1234567891 + i, 1234567891 + i, true),
      Scaled("cycles", CounterStatus::kMultiplexed, 333333333, 3, 2),
      Scaled("instructions", CounterStatus::kNotCounted, 0, 10, 0),
      Scaled("branches", CounterStatus::kNotSupported, 0, 0, 0),
  };
  run.counters.readings[3].error = "perf_event_open: No such file or directory";
  return run;
}

struct Outcome {
  const char* name;
  Measurement run;
  bool failed;
};

std::vector<Outcome> EveryOutcome() {
  std::vector<Outcome> outcomes;
  outcomes.push_back({"normal", BaseRun(1), false});
  Measurement exit_code = BaseRun(2);
  exit_code.exit_code = 3;
  outcomes.push_back({"exit code", exit_code, true});
  Measurement signal = BaseRun(3);
  signal.exit_code = 139;
  signal.term_signal = 11;
  outcomes.push_back({"signal", signal, true});
  Measurement timeout = BaseRun(4);
  timeout.exit_code = 137;
  timeout.term_signal = 9;
  timeout.timed_out = true;
  outcomes.push_back({"timeout", timeout, true});
  Measurement exec = BaseRun(5);
  exec.exit_code = 127;
  exec.failure = LaunchFailure::kExec;
  exec.failure_message = "cannot execute 'nope': No such file or directory";
  outcomes.push_back({"exec failure", exec, true});
  Measurement setup = BaseRun(6);
  setup.exit_code = 66;
  setup.failure = LaunchFailure::kSetup;
  setup.failure_message = "cannot open 'in.txt'";
  outcomes.push_back({"setup failure", setup, true});
  Measurement interrupted = BaseRun(7);
  interrupted.exit_code = 143;
  interrupted.term_signal = 15;
  interrupted.interrupted_by = 15;
  outcomes.push_back({"interrupted", interrupted, true});
  Measurement no_counters = BaseRun(8);
  no_counters.counters = CounterResults{"none", false, "perf_event_open: Permission denied", {}};
  outcomes.push_back({"no counters", no_counters, false});
  Measurement not_counted = BaseRun(9);
  for (CounterReading& reading : not_counted.counters.readings) {
    reading.status = CounterStatus::kNotCounted;
    reading.time_running = 0;
    reading.scaled = 0;
  }
  outcomes.push_back({"not-counted events", not_counted, false});
  return outcomes;
}

TEST(RoundTripTest, EveryOutcomeIsReadAsWritten) {
  for (const Outcome& outcome : EveryOutcome()) {
    TempDir dir;
    std::string path = dir.File("r.jsonl");
    HostInfo host;
    host.hostname = "h";
    AppendRuns(path, {outcome.name, {"./prog", "arg"}}, {outcome.run, outcome.run}, host,
               LockWait{std::chrono::seconds(5)});
    SampleSet samples;
    std::vector<std::string> warnings;
    ReadResultsFile(path, samples, warnings);
    EXPECT_TRUE(warnings.empty()) << outcome.name;
    const BenchmarkSamples* read = samples.Find(outcome.name);
    ASSERT_NE(read, nullptr) << outcome.name;
    EXPECT_EQ(read->runs, 2u) << outcome.name;
    EXPECT_EQ(read->failed_runs, outcome.failed ? 2u : 0u) << outcome.name;
    EXPECT_EQ(outcome.failed, !outcome.run.succeeded()) << "the test's own expectation";
    if (outcome.failed) {
      EXPECT_TRUE(read->metrics.empty()) << outcome.name;
      continue;
    }
    // Every metric, bit for bit (counts are written as integers, times as shortest decimals).
    std::vector<Metric> written = MetricsOf(outcome.run);
    ASSERT_EQ(read->metrics.size(), written.size()) << outcome.name;
    for (const Metric& metric : written) {
      double expected = metric.unit == MetricUnit::kSeconds ? metric.value : std::round(metric.value);
      EXPECT_EQ(read->metrics.at(metric.name), (std::vector<double>{expected, expected}))
          << outcome.name << ": " << metric.name;
    }
  }
}

TEST(RoundTripTest, NamesThatAreNotUtf8AreMatchedExactly) {
  TempDir dir;
  std::string path = dir.File("r.jsonl");
  HostInfo host;
  for (const char* name : {"caf\xe9", "caf\xc3\xa9", "caf\xe9", "caf\xef\xbf\xbd", "\xff\xfe"}) {
    AppendRuns(path, {name, {name}}, {BaseRun(1)}, host, LockWait{std::chrono::seconds(5)});
  }
  SampleSet samples;
  std::vector<std::string> warnings;
  ReadResultsFile(path, samples, warnings);
  ASSERT_EQ(samples.benchmarks().size(), 4u);
  EXPECT_EQ(samples.Find("caf\xe9")->runs, 2u);
  EXPECT_EQ(samples.Find("caf\xc3\xa9")->runs, 1u);
  EXPECT_EQ(samples.Find("caf\xef\xbf\xbd")->runs, 1u);
  EXPECT_EQ(samples.Find("\xff\xfe")->runs, 1u);
}

TEST(RoundTripTest, ARecordCutAtAnyByteIsSkippedAndTheNextWriterStartsAfresh) {
  // The file as a writer killed during its write leaves it, then what the next one adds.
  TempDir dir;
  std::string path = dir.File("r.jsonl");
  HostInfo host;
  AppendRuns(path, {"a", {"a"}}, {BaseRun(1)}, host, LockWait{std::chrono::seconds(5)});
  std::string whole = ReadFile(path);
  AppendRuns(path, {"cut", {"cut"}}, {BaseRun(2)}, host, LockWait{std::chrono::seconds(5)});
  std::string record = ReadFile(path).substr(whole.size());
  for (size_t cut = 1; cut < record.size() - 1; cut += 7) {
    WriteFile(path, whole + record.substr(0, cut));
    AppendRuns(path, {"after", {"after"}}, {BaseRun(3)}, host, LockWait{std::chrono::seconds(5)});
    SampleSet samples;
    std::vector<std::string> warnings;
    ReadResultsFile(path, samples, warnings);
    EXPECT_EQ(
        warnings,
        (std::vector<std::string>{path + ":3: skipped an incomplete record (a writer was stopped while writing it)"}))
        << cut;
    EXPECT_EQ(samples.Find("cut"), nullptr) << cut;
    EXPECT_EQ(samples.Find("a")->runs, 1u) << cut;
    ASSERT_NE(samples.Find("after"), nullptr) << cut;
    EXPECT_EQ(samples.Find("after")->runs, 1u) << cut;
  }
}

// Each LNT metric of a schema and the metric of timeit's results it is taken from (the
// table of timeit-lnt in docs/llvm-test-suite.md), for runs that have task-clock, so execution_time is it.
const std::map<std::string, std::string> kNtsNames = {{"execution_time", "task-clock"}, {"mem_bytes", "maxrss"}};
std::map<std::string, std::string> TimeitNames() {
  std::map<std::string, std::string> names = kNtsNames;
  names.insert({{"wall_time", "real"},
                {"user_time", "user"},
                {"sys_time", "sys"},
                {"task_clock", "task-clock"},
                {"cycles", "cycles"}});
  return names;
}

Measurement FailedRun(int i) {
  Measurement run = BaseRun(i);
  run.exit_code = 3;
  return run;
}

// A results file of several benchmarks written in interleaved calls, as several timeit runs
// appending to one file leave it, read back as timeit-compare reads it.
SampleSet ResultsSamples(const TempDir& dir) {
  std::string path = dir.File("results.jsonl");
  HostInfo host;
  host.hostname = "h";
  Measurement uncounted = BaseRun(6);
  uncounted.counters = CounterResults{"none", false, "perf_event_open: Permission denied", {}};
  auto append = [&](const std::string& name, const std::vector<Measurement>& runs) {
    AppendRuns(path, {name, {"./" + name}}, runs, host, LockWait{std::chrono::seconds(5)});
  };
  // Runs out of order of their values, so that a sorting step would show.
  append("many", {BaseRun(1), BaseRun(12)});
  append("single", {BaseRun(3)});
  append("many", {BaseRun(4), BaseRun(2), BaseRun(13)});
  append("partly counted", {BaseRun(5), uncounted});  // task-clock and cycles once, times twice
  append("flaky", {BaseRun(7), FailedRun(8), BaseRun(9)});
  append("broken", {FailedRun(14), FailedRun(15)});
  append("caf\xe9", {BaseRun(10), BaseRun(11)});
  SampleSet samples;
  std::vector<std::string> warnings;
  ReadResultsFile(path, samples, warnings);
  EXPECT_TRUE(warnings.empty());
  return samples;
}

TEST(RoundTripTest, AnLntReportReadBackHasTheSamplesOfTheResultsItWasMadeFrom) {
  TempDir dir;
  SampleSet original = ResultsSamples(dir);
  ASSERT_EQ(original.benchmarks().size(), 6u);
  // The report writes one sample as a number and several as a list: both are here.
  ASSERT_EQ(original.Find("single")->metrics.at("real").size(), 1u);
  ASSERT_EQ(original.Find("partly counted")->metrics.at("task-clock").size(), 1u);
  ASSERT_EQ(original.Find("partly counted")->metrics.at("real").size(), 2u);
  ASSERT_EQ(original.Find("many")->metrics.at("real").size(), 5u);
  for (auto [schema, names] : {std::pair{LntSchema::kNts, kNtsNames}, std::pair{LntSchema::kTimeit, TimeitNames()}}) {
    std::string spelling(SpellingOf(kLntSchemaSpellings, schema));
    LntReportOptions options;
    options.order = "1";
    options.schema = schema;
    LntReport report = FormatLntReport(original, options);
    EXPECT_EQ(report.exec_metric, "task-clock") << spelling;
    std::string path = dir.File(spelling + ".report.json");
    WriteFile(path, report.text);
    SampleSet back;
    std::vector<std::string> warnings;
    ReadResultsFile(path, back, warnings);
    EXPECT_TRUE(warnings.empty()) << spelling;
    ASSERT_EQ(back.benchmarks().size(), original.benchmarks().size()) << spelling;

    for (const BenchmarkSamples& written : original.benchmarks()) {
      // A report's names are JSON strings, so UTF-8: an invalid byte is written as the text
      // \xHH (which keeps two such names apart), and that text is what comes back.
      std::string name = written.name == "caf\xe9" ? "caf\\xe9" : written.name;
      const BenchmarkSamples* read = back.Find(name);
      ASSERT_NE(read, nullptr) << spelling << ": " << name;
      if (written.failed_runs > 0) {
        // LNT has one status per test, not per run: a failed test's every run is a failed one,
        // and it has as many runs as its longest list (here the successful runs), or one.
        EXPECT_EQ(read->runs, std::max<size_t>(1, written.runs - written.failed_runs)) << spelling << ": " << name;
        EXPECT_EQ(read->failed_runs, read->runs) << spelling << ": " << name;
        EXPECT_TRUE(read->metrics.empty()) << spelling << ": " << name;
        continue;
      }
      EXPECT_EQ(read->runs, written.runs) << spelling << ": " << name;
      EXPECT_EQ(read->failed_runs, 0u) << spelling << ": " << name;
      // Exactly the schema's metrics that the benchmark has, each with the same doubles in
      // the same order.
      std::set<std::string> expected_names;
      for (const auto& [lnt_name, source] : names) {
        auto values = written.metrics.find(source);
        if (values == written.metrics.end()) continue;
        expected_names.insert(lnt_name);
        auto found = read->metrics.find(lnt_name);
        ASSERT_NE(found, read->metrics.end()) << spelling << ": " << name << ": " << lnt_name;
        EXPECT_EQ(found->second, values->second) << spelling << ": " << name << ": " << lnt_name << " from " << source;
      }
      std::set<std::string> read_names;
      for (const auto& [metric, values] : read->metrics) read_names.insert(metric);
      EXPECT_EQ(read_names, expected_names) << spelling << ": " << name;
    }
  }
}

}  // namespace
}  // namespace timeit
