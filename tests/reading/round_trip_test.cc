// What timeit writes, timeit-compare reads: every run outcome through a results file and
// back, with the numbers unchanged.
#include <gtest/gtest.h>

#include <chrono>

#include "counter_readings.h"
#include "temp_dir.h"
#include "timeit/reading/results_reader.h"
#include "timeit/results/results_file.h"
#include "timeit/results/results_schema.h"

namespace timeit {
namespace {

using testing::ReadFile;
using testing::TempDir;
using testing::WriteFile;

// As a backend scales them: a multiplexed count by enabled / running.
CounterReading Scaled(const std::string& event, CounterStatus status, uint64_t raw, uint64_t enabled, uint64_t running,
                      bool is_time = false) {
  double scaled = status == CounterStatus::kMultiplexed ? static_cast<double>(raw) * enabled / running : raw;
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
    AppendRuns(path, outcome.name, {"./prog", "arg"}, {outcome.run, outcome.run}, host, std::chrono::seconds(5));
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
    AppendRuns(path, name, {name}, {BaseRun(1)}, host, std::chrono::seconds(5));
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
  AppendRuns(path, "a", {"a"}, {BaseRun(1)}, host, std::chrono::seconds(5));
  std::string whole = ReadFile(path);
  AppendRuns(path, "cut", {"cut"}, {BaseRun(2)}, host, std::chrono::seconds(5));
  std::string record = ReadFile(path).substr(whole.size());
  for (size_t cut = 1; cut < record.size() - 1; cut += 7) {
    WriteFile(path, whole + record.substr(0, cut));
    AppendRuns(path, "after", {"after"}, {BaseRun(3)}, host, std::chrono::seconds(5));
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

}  // namespace
}  // namespace timeit
