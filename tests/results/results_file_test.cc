#include "timeit/results/results_file.h"

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <set>

#include "results/results_json.h"
#include "temp_dir.h"
#include "timeit/base/error.h"
#include "timeit/sys/retry_on_eintr.h"

namespace timeit {
namespace {

using nlohmann::json;
using testing::ReadFile;
using testing::TempDir;
using testing::WriteFile;

CounterReading Reading(const std::string& event, CounterStatus status, uint64_t raw, uint64_t enabled, uint64_t running,
                       double scaled, bool is_time = false) {
  CounterReading reading;
  reading.event = event;
  reading.status = status;
  reading.raw = raw;
  reading.time_enabled = enabled;
  reading.time_running = running;
  reading.scaled = scaled;
  reading.is_time = is_time;
  return reading;
}

Measurement SampleRun() {
  Measurement run;
  run.exit_code = 0;
  run.real_seconds = 1.5;
  run.user_seconds = 1.25;
  run.sys_seconds = 0.25;
  run.maxrss_bytes = 4096;
  run.start_time = "2026-11-30T18:27:21Z";
  run.rusage.minor_faults = 11;
  run.rusage.voluntary_switches = 2;
  run.counters.backend = "fake";
  run.counters.available = true;
  run.counters.readings = {
      Reading("task-clock", CounterStatus::kCounted, 2500000000, 2500000000, 2500000000, 2.5e9, true),
      Reading("cycles", CounterStatus::kMultiplexed, 500, 200, 100, 1000.6),
      Reading("instructions", CounterStatus::kNotSupported, 0, 0, 0, 0),
      Reading("branches", CounterStatus::kNotCounted, 3, 200, 0, 0),
  };
  run.counters.readings[2].error = "perf_event_open: No such file or directory";
  return run;
}

std::set<std::string> Keys(const json& object) {
  std::set<std::string> keys;
  for (auto it = object.begin(); it != object.end(); ++it) keys.insert(it.key());
  return keys;
}

TEST(RunToJsonTest, MetricsAreRusageAndCountedEventsOnly) {
  json run = RunToJson(SampleRun());
  const json& metrics = run.at("metrics");
  EXPECT_EQ(Keys(metrics), (std::set<std::string>{"real", "user", "sys", "maxrss", "task-clock", "cycles"}));
  EXPECT_DOUBLE_EQ(metrics["real"].get<double>(), 1.5);
  EXPECT_DOUBLE_EQ(metrics["user"].get<double>(), 1.25);
  EXPECT_DOUBLE_EQ(metrics["sys"].get<double>(), 0.25);
  EXPECT_EQ(metrics["maxrss"].get<uint64_t>(), 4096u);
  // Time events in seconds, counts as rounded integers.
  EXPECT_DOUBLE_EQ(metrics["task-clock"].get<double>(), 2.5);
  ASSERT_TRUE(metrics["cycles"].is_number_integer());
  EXPECT_EQ(metrics["cycles"].get<uint64_t>(), 1001u);
  EXPECT_EQ(run["exit_code"], 0);
  EXPECT_EQ(run["start_time"], "2026-11-30T18:27:21Z");
  EXPECT_EQ(run["rusage"]["minor_faults"], 11);
  EXPECT_EQ(run["rusage"]["voluntary_context_switches"], 2);
  EXPECT_FALSE(run.contains("failure"));
  EXPECT_FALSE(run.contains("signal"));
  EXPECT_FALSE(run.contains("timed_out"));
}

TEST(RunToJsonTest, CountsBeyondSixtyFourBitsStayDoubles) {
  // A multiplexed count scaled by enabled/running can exceed what a uint64_t holds.
  Measurement run = SampleRun();
  const double largest_below_2_64 = 18446744073709549568.0;  // 2^64 - 2^11
  run.counters.readings = {
      Reading("page-faults", CounterStatus::kMultiplexed, 100000000000, 1000000000000, 1, 1e23),
      Reading("cycles", CounterStatus::kMultiplexed, 1, 2, 1, 18446744073709551616.0),
      Reading("instructions", CounterStatus::kMultiplexed, 1, 2, 1, largest_below_2_64),
  };
  const json metrics = RunToJson(run).at("metrics");
  ASSERT_TRUE(metrics["page-faults"].is_number_float());
  EXPECT_DOUBLE_EQ(metrics["page-faults"].get<double>(), 1e23);
  ASSERT_TRUE(metrics["cycles"].is_number_float());
  EXPECT_DOUBLE_EQ(metrics["cycles"].get<double>(), 18446744073709551616.0);
  ASSERT_TRUE(metrics["instructions"].is_number_unsigned());
  EXPECT_EQ(metrics["instructions"].get<uint64_t>(), 18446744073709549568u);
  // And a reader gets the same numbers back from the text.
  EXPECT_DOUBLE_EQ(json::parse(metrics.dump())["page-faults"].get<double>(), 1e23);
}

TEST(RunToJsonTest, EveryRequestedEventIsListedWithItsStatus) {
  json counters = RunToJson(SampleRun()).at("counters");
  EXPECT_EQ(counters["backend"], "fake");
  EXPECT_EQ(counters["available"], true);
  EXPECT_FALSE(counters.contains("unavailable_reason"));
  const json& events = counters.at("events");
  ASSERT_EQ(events.size(), 4u);

  EXPECT_EQ(events[0]["event"], "task-clock");
  EXPECT_EQ(events[0]["status"], "counted");
  EXPECT_EQ(events[0]["unit"], "s");
  EXPECT_DOUBLE_EQ(events[0]["value"].get<double>(), 2.5);

  EXPECT_EQ(events[1]["event"], "cycles");
  EXPECT_EQ(events[1]["status"], "multiplexed");
  EXPECT_EQ(events[1]["raw"], 500);
  EXPECT_EQ(events[1]["time_enabled_ns"], 200);
  EXPECT_EQ(events[1]["time_running_ns"], 100);
  EXPECT_DOUBLE_EQ(events[1]["value"].get<double>(), 1000.6);
  EXPECT_EQ(events[1]["unit"], "count");

  EXPECT_EQ(events[2]["event"], "instructions");
  EXPECT_EQ(events[2]["status"], "not-supported");
  EXPECT_FALSE(events[2].contains("value"));
  EXPECT_FALSE(events[2].contains("raw"));
  EXPECT_EQ(events[2]["error"], "perf_event_open: No such file or directory");

  EXPECT_EQ(events[3]["event"], "branches");
  EXPECT_EQ(events[3]["status"], "not-counted");
  EXPECT_FALSE(events[3].contains("value"));
  EXPECT_EQ(events[3]["raw"], 3);
  EXPECT_EQ(events[3]["time_running_ns"], 0);
}

TEST(RunToJsonTest, UnavailableCountersSayWhy) {
  Measurement run = SampleRun();
  run.counters = CounterResults{"none", false, "--no-perf", {}};
  json json_run = RunToJson(run);
  EXPECT_EQ(Keys(json_run["metrics"]), (std::set<std::string>{"real", "user", "sys", "maxrss"}));
  EXPECT_EQ(json_run["counters"]["available"], false);
  EXPECT_EQ(json_run["counters"]["unavailable_reason"], "--no-perf");
  EXPECT_TRUE(json_run["counters"]["events"].empty());
}

TEST(RunToJsonTest, FailureFields) {
  Measurement run = SampleRun();
  run.exit_code = 127;
  run.failure = LaunchFailure::kExec;
  run.failure_message = "cannot execute 'nope': No such file or directory";
  json json_run = RunToJson(run);
  EXPECT_EQ(json_run["exit_code"], 127);
  EXPECT_EQ(json_run["failure"], "exec");
  EXPECT_EQ(json_run["failure_message"], "cannot execute 'nope': No such file or directory");

  run.failure = LaunchFailure::kSetup;
  EXPECT_EQ(RunToJson(run)["failure"], "setup");
  run.failure = LaunchFailure::kInterrupted;
  run.interrupted_by = 2;
  json interrupted = RunToJson(run);
  EXPECT_EQ(interrupted["failure"], "interrupted");
  EXPECT_EQ(interrupted["interrupted_by"], 2);
}

TEST(RunToJsonTest, SignalAndTimeout) {
  Measurement run = SampleRun();
  run.exit_code = 137;
  run.term_signal = 9;
  run.timed_out = true;
  json json_run = RunToJson(run);
  EXPECT_EQ(json_run["exit_code"], 137);
  EXPECT_EQ(json_run["signal"], 9);
  EXPECT_EQ(json_run["timed_out"], true);
  EXPECT_FALSE(json_run.contains("failure"));
}

HostInfo SampleHost() {
  HostInfo host;
  host.hostname = "bench1";
  host.kernel = "Linux 6.1.0";
  host.machine = "x86_64";
  host.cpu_model = "Test CPU";
  host.cpu_count = 4;
  host.perf_event_paranoid = 2;
  host.kernel_pmus = {"cpu", "software"};
  host.timeit_version = "0.1.0";
  host.libpfm_version = "4.13";
  return host;
}

Measurement RunNumbered(int i) {
  Measurement run = SampleRun();
  run.exit_code = i;
  return run;
}

TEST(HostToJsonTest, Fields) {
  json host = HostToJson(SampleHost());
  EXPECT_EQ(host["hostname"], "bench1");
  EXPECT_EQ(host["cpu_count"], 4);
  EXPECT_EQ(host["perf_event_paranoid"], 2);
  EXPECT_EQ(host["hardware_counters"], true);
  EXPECT_EQ(host["libpfm_version"], "4.13");
  HostInfo no_pmu = SampleHost();
  no_pmu.kernel_pmus = {"software"};
  no_pmu.perf_event_paranoid.reset();
  no_pmu.libpfm_version.reset();  // built without libpfm4
  json other = HostToJson(no_pmu);
  EXPECT_EQ(other["hardware_counters"], false);
  EXPECT_TRUE(other["perf_event_paranoid"].is_null());
  EXPECT_TRUE(other["libpfm_version"].is_null());
  EXPECT_EQ(other["libpfm_pmus"], json::array());
}

class AppendRunsTest : public ::testing::Test {
 protected:
  TempDir dir_;
  std::string path_ = dir_.File("results.json");
};

TEST_F(AppendRunsTest, CreatesFile) {
  AppendRuns(path_, "bench-a", {"./a", "--fast"}, {RunNumbered(0), RunNumbered(1)}, SampleHost());
  json document = json::parse(ReadFile(path_));
  EXPECT_EQ(document["schema"], "timeit-results/1");
  EXPECT_EQ(document["host"]["hostname"], "bench1");
  ASSERT_EQ(document["benchmarks"].size(), 1u);
  const json& benchmark = document["benchmarks"][0];
  EXPECT_EQ(benchmark["name"], "bench-a");
  EXPECT_EQ(benchmark["command"], (json{"./a", "--fast"}));
  ASSERT_EQ(benchmark["runs"].size(), 2u);
  EXPECT_EQ(benchmark["runs"][0]["exit_code"], 0);
  EXPECT_EQ(benchmark["runs"][1]["exit_code"], 1);
  // Nothing is left beside it (the temporary was renamed over it).
  EXPECT_EQ(std::distance(std::filesystem::directory_iterator(dir_.path()), {}), 1);
}

TEST_F(AppendRunsTest, EmptyExistingFileIsTreatedAsNew) {
  WriteFile(path_, "");
  AppendRuns(path_, "bench-a", {"./a"}, {RunNumbered(0)}, SampleHost());
  json document = json::parse(ReadFile(path_));
  EXPECT_EQ(document["schema"], "timeit-results/1");
  EXPECT_EQ(document["benchmarks"][0]["runs"].size(), 1u);
}

TEST_F(AppendRunsTest, AppendsToExistingBenchmarkByName) {
  AppendRuns(path_, "bench-a", {"./a"}, {RunNumbered(0)}, SampleHost());
  AppendRuns(path_, "bench-a", {"./a"}, {RunNumbered(1), RunNumbered(2)}, SampleHost());
  json document = json::parse(ReadFile(path_));
  ASSERT_EQ(document["benchmarks"].size(), 1u);
  const json& runs = document["benchmarks"][0]["runs"];
  ASSERT_EQ(runs.size(), 3u);
  EXPECT_EQ(runs[0]["exit_code"], 0);
  EXPECT_EQ(runs[1]["exit_code"], 1);
  EXPECT_EQ(runs[2]["exit_code"], 2);
}

TEST_F(AppendRunsTest, AddsNewBenchmark) {
  AppendRuns(path_, "bench-a", {"./a"}, {RunNumbered(0)}, SampleHost());
  HostInfo later_host = SampleHost();
  later_host.hostname = "other";
  AppendRuns(path_, "bench-b", {"./b", "x"}, {RunNumbered(5)}, later_host);
  json document = json::parse(ReadFile(path_));
  ASSERT_EQ(document["benchmarks"].size(), 2u);
  EXPECT_EQ(document["benchmarks"][0]["name"], "bench-a");
  EXPECT_EQ(document["benchmarks"][0]["runs"].size(), 1u);
  EXPECT_EQ(document["benchmarks"][1]["name"], "bench-b");
  EXPECT_EQ(document["benchmarks"][1]["command"], (json{"./b", "x"}));
  ASSERT_EQ(document["benchmarks"][1]["runs"].size(), 1u);
  EXPECT_EQ(document["benchmarks"][1]["runs"][0]["exit_code"], 5);
  // The host is the one the file was created with.
  EXPECT_EQ(document["host"]["hostname"], "bench1");
}

void ExpectRefusedAndUntouched(const std::string& path, const std::string& content) {
  WriteFile(path, content);
  try {
    AppendRuns(path, "bench-a", {"./a"}, {RunNumbered(0)}, SampleHost());
    ADD_FAILURE() << "no error for content: " << content;
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), ErrorKind::kInput) << e.what();
    EXPECT_NE(std::string(e.what()).find(path), std::string::npos) << e.what();
  }
  EXPECT_EQ(ReadFile(path), content);
}

TEST_F(AppendRunsTest, RefusesNonResultsFileAndLeavesItUntouched) {
  ExpectRefusedAndUntouched(path_, "hello, world\n");
  ExpectRefusedAndUntouched(path_, "{\"schema\": \"something-else/1\", \"benchmarks\": []}\n");
  ExpectRefusedAndUntouched(path_, "[1, 2, 3]\n");
  ExpectRefusedAndUntouched(path_, "{\"schema\": \"timeit-results/1\", \"benchmarks\": {}}\n");
  // Right schema, unexpected inside: these used to escape as nlohmann type errors (abort).
  ExpectRefusedAndUntouched(path_, "{\"schema\": 1, \"benchmarks\": []}\n");
  ExpectRefusedAndUntouched(path_, "{\"schema\": \"timeit-results/1\", \"benchmarks\": [1]}\n");
  ExpectRefusedAndUntouched(path_,
                            "{\"schema\": \"timeit-results/1\", \"benchmarks\": [{\"name\": 7, \"runs\": []}]}\n");
  ExpectRefusedAndUntouched(
      path_, "{\"schema\": \"timeit-results/1\", \"benchmarks\": [{\"name\": \"x\", \"runs\": \"oops\"}]}\n");
  // No temporary was left behind by any refusal.
  EXPECT_EQ(std::distance(std::filesystem::directory_iterator(dir_.path()), {}), 1);
}

TEST_F(AppendRunsTest, ConcurrentWritersLoseNothing) {
  constexpr int kWriters = 8;
  constexpr int kRunsEach = 25;
  std::vector<pid_t> children;
  for (int writer = 0; writer < kWriters; ++writer) {
    pid_t pid = ::fork();
    ASSERT_GE(pid, 0) << "fork failed";
    if (pid == 0) {
      int status = 0;
      try {
        for (int i = 0; i < kRunsEach; ++i) {
          AppendRuns(path_, "bench-" + std::to_string(writer % 2), {"./bench"}, {RunNumbered(writer * 1000 + i)},
                     SampleHost());
        }
      } catch (...) {
        status = 1;
      }
      ::_exit(status);
    }
    children.push_back(pid);
  }
  for (pid_t pid : children) {
    int status = 0;
    RetryOnEintr([&] { return ::waitpid(pid, &status, 0); });
    EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << "writer " << pid << " failed";
  }
  json document;
  ASSERT_NO_THROW(document = json::parse(ReadFile(path_)));
  ASSERT_EQ(document["benchmarks"].size(), 2u);
  std::set<int> seen;
  size_t total = 0;
  for (const json& benchmark : document["benchmarks"]) {
    for (const json& run : benchmark["runs"]) {
      seen.insert(run["exit_code"].get<int>());
      ++total;
    }
  }
  EXPECT_EQ(total, static_cast<size_t>(kWriters * kRunsEach));
  EXPECT_EQ(seen.size(), static_cast<size_t>(kWriters * kRunsEach));
  EXPECT_EQ(std::distance(std::filesystem::directory_iterator(dir_.path()), {}), 1);
}

}  // namespace
}  // namespace timeit
