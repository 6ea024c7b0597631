#include "timeit/formats/results/results_file.h"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/file.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <thread>

#include "counter_readings.h"
#include "formats/results/run_record.h"
#include "temp_dir.h"
#include "timeit/base/error.h"
#include "timeit/formats/results/results_schema.h"
#include "timeit/sys/retry_on_eintr.h"
#include "timeit/sys/unique_fd.h"

namespace timeit {
namespace {

using nlohmann::json;
namespace schema = results_schema;
using testing::ReadFile;
using testing::Reading;
using testing::TempDir;
using testing::WriteFile;

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

// A run as timeit writes it, parsed back.
json RunToJson(const Measurement& run) {
  std::string line = EncodeRunLine({"bench", {"./bench"}}, run);
  EXPECT_EQ(line.back(), '\n');
  EXPECT_EQ(line.find('\n'), line.size() - 1) << "one line per run";
  return json::parse(line);
}

json HostToJson(const HostInfo& host) {
  std::string line = EncodeHeaderLine(host);
  EXPECT_EQ(line.find('\n'), line.size() - 1);
  json header = json::parse(line);
  EXPECT_EQ(header["schema"], "timeit-results/2");
  return header["host"];
}

constexpr auto kLockTimeout = std::chrono::seconds(10);

// Every line of a results file, parsed.
std::vector<json> Lines(const std::string& path) {
  std::vector<json> lines;
  std::istringstream text(ReadFile(path));
  for (std::string line; std::getline(text, line);) lines.push_back(json::parse(line));
  return lines;
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
  EXPECT_FALSE(counters.contains("user_only"));
  const json& events = counters.at("events");
  ASSERT_EQ(events.size(), 4u);
  // name -> [status, raw, ns enabled, ns running (, why)], in the order requested.
  EXPECT_EQ(events.dump(), json::parse(R"({"task-clock": ["counted", 2500000000, 2500000000, 2500000000],
      "cycles": ["multiplexed", 500, 200, 100],
      "instructions": ["not-supported", 0, 0, 0, "perf_event_open: No such file or directory"],
      "branches": ["not-counted", 3, 200, 0]})")
                               .dump());
  // (json sorts keys when parsing; the line keeps the order requested.)
  std::string line = EncodeRunLine({"b", {"b"}}, SampleRun());
  size_t events_at = line.find("\"events\"");
  EXPECT_LT(line.find("\"task-clock\":[", events_at), line.find("\"cycles\":[", events_at));
  EXPECT_LT(line.find("\"cycles\":[", events_at), line.find("\"instructions\":[", events_at));
  EXPECT_LT(line.find("\"instructions\":[", events_at), line.find("\"branches\":[", events_at));
}

TEST(RunToJsonTest, FieldsAComparisonReadsComeFirst) {
  std::string line = EncodeRunLine({"bench", {"./bench"}}, SampleRun());
  EXPECT_EQ(line.rfind("{\"benchmark\":\"bench\",\"outcome\":\"ok\",\"metrics\":{", 0), 0u) << line;
}

TEST(RunToJsonTest, TheLabelIsWrittenOnlyWhenGiven) {
  EXPECT_FALSE(json::parse(EncodeRunLine({"bench", {"./bench"}}, SampleRun())).contains("label"));
  json run = json::parse(EncodeRunLine({"bench", {"./bench"}, "r1234 \"rc\""}, SampleRun()));
  EXPECT_EQ(run["label"], "r1234 \"rc\"");
}

TEST(RunToJsonTest, UserOnlyEventsAreListed) {
  Measurement run = SampleRun();
  run.counters.readings[1].user_only = true;
  EXPECT_EQ(RunToJson(run)["counters"]["user_only"], (json{"cycles"}));
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
  EXPECT_EQ(json_run["outcome"], "exec-failed");

  run.failure = LaunchFailure::kSetup;
  EXPECT_EQ(RunToJson(run)["failure"], "setup");
  EXPECT_EQ(RunToJson(run)["outcome"], "setup-failed");
  run.failure = LaunchFailure::kInterrupted;
  run.interrupted_by = 2;
  json interrupted = RunToJson(run);
  EXPECT_EQ(interrupted["failure"], "interrupted");
  EXPECT_EQ(interrupted["interrupted_by"], 2);
  EXPECT_EQ(interrupted["outcome"], "interrupted");
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
  EXPECT_EQ(json_run["outcome"], "timeout");
  run.timed_out = false;
  EXPECT_EQ(RunToJson(run)["outcome"], "signal");
  run.term_signal.reset();
  run.exit_code = 3;
  EXPECT_EQ(RunToJson(run)["outcome"], "exit-code");
}

TEST(RunToJsonTest, NamesAndArgumentsThatAreNotUtf8KeepTheirBytes) {
  json run = json::parse(EncodeRunLine({"caf\xe9", {"./x", "\xff", "ok"}}, SampleRun()));
  EXPECT_EQ(run["benchmark"], "caf\xef\xbf\xbd");  // readable, with U+FFFD
  EXPECT_EQ(run["benchmark_bytes"], "636166e9");   // exact
  EXPECT_EQ(run["command"], (json{"./x", "\xef\xbf\xbd", "ok"}));
  EXPECT_EQ(run["command_bytes"], (json{"2e2f78", "ff", "6f6b"}));
  json text = json::parse(EncodeRunLine({"caf\xc3\xa9", {"./x"}}, SampleRun()));
  EXPECT_FALSE(text.contains("benchmark_bytes"));
  EXPECT_FALSE(text.contains("command_bytes"));
}

TEST(RunToJsonTest, MetricsWithoutAValidValueAreLeftOut) {
  Measurement run = SampleRun();
  run.real_seconds = -1;  // a clock that went backwards must not make an unreadable file
  json metrics = RunToJson(run)["metrics"];
  EXPECT_FALSE(metrics.contains("real"));
  EXPECT_TRUE(metrics.contains("user"));
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
  // What the kernel did not say is null, not left out: a reader tells "unknown" from "old file".
  for (const char* field : {"cpu_governor", "turbo", "smt", "aslr", "load_average"}) {
    EXPECT_TRUE(other.contains(field) && other[field].is_null()) << field;
  }
}

TEST(HostToJsonTest, Conditions) {
  HostInfo host = SampleHost();
  host.cpu_governor = "performance";
  host.turbo = false;
  host.smt = true;
  host.aslr = 2;
  host.load_average = {{0.5, 1.25, 2}};
  json conditions = HostToJson(host);
  EXPECT_EQ(conditions["cpu_governor"], "performance");
  EXPECT_EQ(conditions["turbo"], false);
  EXPECT_EQ(conditions["smt"], true);
  EXPECT_EQ(conditions["aslr"], 2);
  EXPECT_EQ(conditions["load_average"], json::parse("[0.5, 1.25, 2.0]"));
  EXPECT_FALSE(conditions.contains("calibration"));  // only with --calibrate
}

TEST(HostToJsonTest, Calibration) {
  HostInfo host = SampleHost();
  Calibration calibration;
  calibration.clock_source = "tsc";
  calibration.resolution_ns = 1;
  calibration.read_latency = {200, 1000, 21.5, 0.25, 20.75, 48};
  calibration.warmup_runs = 1;
  ProgramOverhead true_overhead{"/bin/true", "/bin/true", "", 20, 1, {}};
  OverheadMetric real{"real", MetricUnit::kSeconds, 19, 0.0008, 0.00003, ""};
  OverheadMetric task_clock{"task-clock:u", MetricUnit::kSeconds, 18, 0.0004, 0.00001, ""};
  OverheadMetric instructions{"instructions", MetricUnit::kCount, 0, 0, 0, "not supported here"};
  true_overhead.metrics = {real, task_clock, instructions};
  ProgramOverhead noop{"timeit-noop", "", "not found (looked for /a/timeit-noop)", 0, 0, {}};
  calibration.overhead = {true_overhead, noop};
  host.calibration = calibration;
  json written = HostToJson(host)["calibration"];
  EXPECT_EQ(written, json::parse(R"json({
    "clock": "CLOCK_MONOTONIC", "clock_source": "tsc", "resolution_ns": 1.0,
    "read_latency_ns": {"median": 21.5, "mad": 0.25, "min": 20.75, "max": 48.0, "batches": 200, "reads_per_batch": 1000},
    "warmup_runs": 1,
    "overhead": {
      "/bin/true": {"path": "/bin/true", "n": 19, "failed": 1,
                    "real": {"median": 0.0008, "mad": 0.00003},
                    "task-clock:u": {"median": 0.0004, "mad": 0.00001, "n": 18},
                    "absent": {"instructions": "not supported here"}},
      "timeit-noop": {"path": null, "n": 0, "problem": "not found (looked for /a/timeit-noop)"}}})json"))
      << written.dump();
  calibration.interrupted_by = 2;
  calibration.clock_source.reset();
  host.calibration = calibration;
  json interrupted = HostToJson(host)["calibration"];
  EXPECT_EQ(interrupted["interrupted_by"], 2);
  EXPECT_TRUE(interrupted["clock_source"].is_null());
}

class AppendRunsTest : public ::testing::Test {
 protected:
  void Append(const std::string& name, const std::vector<Measurement>& runs, const HostInfo& host = SampleHost()) {
    AppendRuns(path_, {name, {"./" + name}}, runs, host, LockWait{kLockTimeout});
  }
  TempDir dir_;
  std::string path_ = dir_.File("results.json");
};

TEST_F(AppendRunsTest, CreatesFileWithHeaderThenOneLinePerRun) {
  Append("bench-a", {RunNumbered(0), RunNumbered(1)});
  std::vector<json> lines = Lines(path_);
  ASSERT_EQ(lines.size(), 3u);
  EXPECT_EQ(lines[0]["schema"], "timeit-results/2");
  EXPECT_EQ(lines[0]["host"]["hostname"], "bench1");
  EXPECT_EQ(lines[1]["benchmark"], "bench-a");
  EXPECT_EQ(lines[1]["command"], (json{"./bench-a"}));
  EXPECT_EQ(lines[1]["exit_code"], 0);
  EXPECT_EQ(lines[2]["exit_code"], 1);
  EXPECT_EQ(lines[2]["outcome"], "exit-code");
  // Nothing is left beside it.
  EXPECT_EQ(std::distance(std::filesystem::directory_iterator(dir_.path()), {}), 1);
}

TEST_F(AppendRunsTest, EmptyExistingFileIsTreatedAsNew) {
  WriteFile(path_, "");
  Append("bench-a", {RunNumbered(0)});
  std::vector<json> lines = Lines(path_);
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(lines[0]["schema"], "timeit-results/2");
}

// Whether the file records the host given, which --calibrate tells the user when it does not.
TEST_F(AppendRunsTest, SaysWhetherItWroteTheHeader) {
  EXPECT_TRUE(AppendRuns(path_, {}, {}, SampleHost(), LockWait{kLockTimeout}));  // no runs: the header alone
  std::vector<json> lines = Lines(path_);
  ASSERT_EQ(lines.size(), 1u);
  EXPECT_EQ(lines[0]["host"]["hostname"], "bench1");
  std::string header = ReadFile(path_);
  EXPECT_FALSE(AppendRuns(path_, {}, {}, SampleHost(), LockWait{kLockTimeout}));
  EXPECT_EQ(ReadFile(path_), header);
  EXPECT_FALSE(AppendRuns(path_, {"bench-a", {"./bench-a"}}, {RunNumbered(0)}, SampleHost(), LockWait{kLockTimeout}));
  EXPECT_EQ(Lines(path_).size(), 2u);

  std::string torn = dir_.File("torn.json");
  WriteFile(torn, "{\"schema\":\"timeit-res");
  EXPECT_TRUE(AppendRuns(torn, {"bench-a", {"./bench-a"}}, {RunNumbered(0)}, SampleHost(), LockWait{kLockTimeout}));
}

TEST_F(AppendRunsTest, AddsLinesAndNeverRewritesWhatIsThere) {
  Append("bench-a", {RunNumbered(0)});
  std::string before = ReadFile(path_);
  HostInfo later_host = SampleHost();
  later_host.hostname = "other";
  Append("bench-b", {RunNumbered(5)}, later_host);
  Append("bench-a", {RunNumbered(1), RunNumbered(2)});
  std::string after = ReadFile(path_);
  EXPECT_EQ(after.substr(0, before.size()), before);
  std::vector<json> lines = Lines(path_);
  ASSERT_EQ(lines.size(), 5u);
  EXPECT_EQ(lines[0]["host"]["hostname"], "bench1");  // the host the file was created with
  std::vector<std::string> names;
  std::vector<int> codes;
  for (size_t i = 1; i < lines.size(); ++i) {
    names.push_back(lines[i]["benchmark"]);
    codes.push_back(lines[i]["exit_code"]);
  }
  EXPECT_EQ(names, (std::vector<std::string>{"bench-a", "bench-b", "bench-a", "bench-a"}));
  EXPECT_EQ(codes, (std::vector<int>{0, 5, 1, 2}));
}

TEST_F(AppendRunsTest, ForeignContentIsNeverReadBack) {
  // A deeply nested value the old rewrite copied (and overflowed the stack on): now only
  // the first line and the last byte are ever read.
  std::string header = EncodeHeaderLine(SampleHost());
  std::string nested = "{\"benchmark\":\"x\",\"outcome\":\"ok\",\"metrics\":{},\"junk\":" + std::string(200000, '[') +
                       std::string(200000, ']') + "}\n";
  WriteFile(path_, header + nested);
  Append("bench-a", {RunNumbered(0)});
  std::string text = ReadFile(path_);
  EXPECT_EQ(text.substr(0, header.size() + nested.size()), header + nested);
  EXPECT_EQ(json::parse(text.substr(header.size() + nested.size()))["benchmark"], "bench-a");
}

TEST_F(AppendRunsTest, AnIncompleteLastLineIsEndedBeforeTheNewRuns) {
  Append("bench-a", {RunNumbered(0)});
  std::string torn = "{\"benchmark\":\"torn\",\"outcome\":\"ok\",\"metr";
  WriteFile(path_, ReadFile(path_) + torn);
  Append("bench-a", {RunNumbered(1)});
  std::string text = ReadFile(path_);
  size_t torn_at = text.find(torn);
  ASSERT_NE(torn_at, std::string::npos);
  EXPECT_EQ(text[torn_at + torn.size()], '\n');
  EXPECT_EQ(json::parse(text.substr(torn_at + torn.size() + 1))["exit_code"], 1);
}

TEST_F(AppendRunsTest, AHeaderCutShortIsFollowedByAWholeOne) {
  std::string header = EncodeHeaderLine(SampleHost());
  for (size_t cut : {size_t{1}, size_t{10}, header.size() / 2, header.size() - 2}) {
    WriteFile(path_, header.substr(0, cut));
    Append("bench-a", {RunNumbered(0)});
    std::string text = ReadFile(path_);
    ASSERT_EQ(text.substr(0, cut + 1), header.substr(0, cut) + "\n") << cut;
    EXPECT_EQ(text.substr(cut + 1, header.size()), header) << cut;
    // The repaired file takes more runs, before running and at the save.
    EXPECT_NO_THROW(CheckResultsTarget(path_)) << cut;
    Append("bench-a", {RunNumbered(1)});
    std::string later = ReadFile(path_);
    EXPECT_EQ(later.substr(0, text.size()), text) << cut;
    EXPECT_EQ(json::parse(later.substr(text.size()))["exit_code"], 1) << cut;
  }
  // Two writers died in turn while creating it; the third adds the header.
  WriteFile(path_, header.substr(0, 5) + "\n" + header.substr(0, 9) + "\n");
  Append("bench-a", {RunNumbered(0)});
  EXPECT_EQ(ReadFile(path_).substr(0, 16 + header.size()),
            header.substr(0, 5) + "\n" + header.substr(0, 9) + "\n" + header);
  EXPECT_NO_THROW(CheckResultsTarget(path_));
}

void ExpectRefusedAndUntouched(const std::string& path, const std::string& content, const std::string& why) {
  WriteFile(path, content);
  try {
    AppendRuns(path, {"bench-a", {"./a"}}, {RunNumbered(0)}, SampleHost(), LockWait{kLockTimeout});
    ADD_FAILURE() << "no error for content: " << content;
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), ErrorKind::kInput) << e.what();
    EXPECT_NE(std::string(e.what()).find(path), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find(why), std::string::npos) << e.what();
  }
  EXPECT_EQ(ReadFile(path), content);
  try {
    CheckResultsTarget(path);
    ADD_FAILURE() << "the check before running let through: " << content;
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find(why), std::string::npos) << e.what();
  }
}

TEST_F(AppendRunsTest, RefusesNonResultsFileAndLeavesItUntouched) {
  ExpectRefusedAndUntouched(path_, "hello, world\n", "first line is not a header");
  ExpectRefusedAndUntouched(path_, "hello", "first line is not a header");
  ExpectRefusedAndUntouched(path_, "{\"schema\": \"something-else/1\"}\n", "its schema is 'something-else/1'");
  ExpectRefusedAndUntouched(path_, "[1, 2, 3]\n", "first line is not a header");
  ExpectRefusedAndUntouched(path_, "{\"schema\": 1}\n", "first line is not a header");
  // The former layout is still read by timeit-compare, and never added to.
  ExpectRefusedAndUntouched(path_, "{\n  \"benchmarks\": [],\n  \"schema\": \"timeit-results/1\"\n}\n",
                            "is a timeit-results/1 results file");
  ExpectRefusedAndUntouched(path_, "{\"schema\":\"timeit-results/1\",\"benchmarks\":[]}", "timeit-results/1");
  // What timeit-compare would refuse too: a byte-order mark, a schema given twice, a line
  // that is both a header and a run.
  std::string header = EncodeHeaderLine(SampleHost());
  ExpectRefusedAndUntouched(path_, "\xEF\xBB\xBF" + header, "first line is not a header");
  ExpectRefusedAndUntouched(path_, "{\"schema\":\"timeit-results/1\",\"schema\":\"timeit-results/2\"}\n",
                            "timeit-results/1");
  ExpectRefusedAndUntouched(path_, "{\"schema\":\"timeit-results/2\",\"benchmark\":\"x\"}\n",
                            "first line is not a header");
  EXPECT_EQ(std::distance(std::filesystem::directory_iterator(dir_.path()), {}), 1);
}

TEST_F(AppendRunsTest, TheCheckBeforeRunningAcceptsWhatAppendAccepts) {
  EXPECT_NO_THROW(CheckResultsTarget(path_));  // absent
  WriteFile(path_, "");
  EXPECT_NO_THROW(CheckResultsTarget(path_));
  Append("bench-a", {RunNumbered(0)});
  EXPECT_NO_THROW(CheckResultsTarget(path_));
  WriteFile(path_, ReadFile(path_) + "{\"benchmark\":");  // torn last line
  EXPECT_NO_THROW(CheckResultsTarget(path_));
  // Blank lines before the header, as timeit-compare skips them; only blank lines.
  std::string header = EncodeHeaderLine(SampleHost());
  for (std::string text : {"\n\n" + header, std::string("\n"), std::string("  ")}) {
    WriteFile(path_, text);
    EXPECT_NO_THROW(CheckResultsTarget(path_)) << text;
    Append("bench-a", {RunNumbered(0)});
    std::vector<json> lines;
    std::istringstream stream(ReadFile(path_));
    for (std::string line; std::getline(stream, line);) {
      if (line.find_first_not_of(" ") != std::string::npos) lines.push_back(json::parse(line));
    }
    ASSERT_EQ(lines.size(), 2u) << text;
    EXPECT_EQ(lines[0]["schema"], "timeit-results/2");
    EXPECT_EQ(lines[1]["benchmark"], "bench-a");
  }
}

TEST_F(AppendRunsTest, AFirstLineLongerThanAHeaderCanBeIsSaidSo) {
  std::string huge = "{\"schema\":\"timeit-results/2\",\"host\":{\"cpu_model\":\"" + std::string(70000, 'm') + "\"}}\n";
  ExpectRefusedAndUntouched(path_, huge, "its first line is longer than a header can be (64 KiB)");
}

// A header of `bytes` bytes before its newline: the sample host's, a field padded out.
std::string HeaderOfSize(size_t bytes) {
  HostInfo host = SampleHost();
  host.cpu_model.clear();
  size_t bare = EncodeHeaderLine(host).size() - 1;  // less its newline
  host.cpu_model = std::string(bytes - bare, 'm');
  std::string header = EncodeHeaderLine(host);
  header.pop_back();
  return header;
}

TEST_F(AppendRunsTest, AddsToAFileTimeitCompareReadsWhateverLinesComeBeforeItsHeader) {
  // timeit-compare reads a header of up to kMaxHeaderBytes before its newline, after any
  // number of blank lines and headers cut short; the writer must add to what it reads, and
  // refuse, for the same reason, what it refuses.
  std::string longest = HeaderOfSize(schema::kMaxHeaderBytes);
  ASSERT_EQ(longest.size(), schema::kMaxHeaderBytes);
  std::string torn = longest.substr(0, 40000);
  ASSERT_EQ(schema::ClassifyLine(torn).kind, schema::LineKind::kHeaderCutShort);
  for (const std::string& before : {std::string(), std::string(5000, '\n'), torn + "\n" + torn + "\n"}) {
    WriteFile(path_, before + longest + "\n");
    EXPECT_NO_THROW(CheckResultsTarget(path_)) << before.size();
    Append("bench-a", {RunNumbered(0)});
    EXPECT_EQ(ReadFile(path_).substr(0, before.size() + longest.size() + 1), before + longest + "\n");
  }
  ExpectRefusedAndUntouched(path_, HeaderOfSize(schema::kMaxHeaderBytes + 1) + "\n",
                            "its first line is longer than a header can be (64 KiB)");
  ExpectRefusedAndUntouched(path_, torn + "\n" + HeaderOfSize(schema::kMaxHeaderBytes + 1) + "\n",
                            "its first line is longer than a header can be (64 KiB)");
}

TEST_F(AppendRunsTest, GivesUpWaitingForTheLockAfterTheTimeout) {
  Append("bench-a", {RunNumbered(0)});
  std::string before = ReadFile(path_);
  UniqueFd holder(::open(path_.c_str(), O_RDONLY | O_CLOEXEC));
  ASSERT_TRUE(holder);
  ASSERT_EQ(::flock(holder.get(), LOCK_EX), 0);
  auto start = std::chrono::steady_clock::now();
  try {
    AppendRuns(path_, {"bench-a", {"./a"}}, {RunNumbered(1)}, SampleHost(), LockWait{std::chrono::milliseconds(300)});
    ADD_FAILURE() << "appended while another process held the lock";
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), ErrorKind::kSystem);
    EXPECT_NE(std::string(e.what()).find("gave up waiting for the lock"), std::string::npos) << e.what();
  }
  auto waited = std::chrono::steady_clock::now() - start;
  EXPECT_GE(waited, std::chrono::milliseconds(300));
  EXPECT_EQ(ReadFile(path_), before);
  // Released, the next writer goes through at once.
  holder.reset();
  Append("bench-a", {RunNumbered(2)});
  EXPECT_EQ(Lines(path_).size(), 3u);
}

TEST_F(AppendRunsTest, AStopSignalEndsTheWaitForTheLockAtOnce) {
  Append("bench-a", {RunNumbered(0)});
  std::string before = ReadFile(path_);
  UniqueFd holder(::open(path_.c_str(), O_RDONLY | O_CLOEXEC));
  ASSERT_TRUE(holder);
  ASSERT_EQ(::flock(holder.get(), LOCK_EX), 0);
  int asked = 0;
  // The caller's signal arrives on the third look: the wait ends then, long before its timeout.
  LockWait wait{std::chrono::seconds(60), [&]() -> std::optional<int> {
                  if (++asked < 3) return std::nullopt;
                  return SIGINT;
                }};
  auto start = std::chrono::steady_clock::now();
  try {
    AppendRuns(path_, {"bench-a", {"./a"}}, {RunNumbered(1)}, SampleHost(), wait);
    ADD_FAILURE() << "appended while another process held the lock";
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), ErrorKind::kSystem);
    EXPECT_NE(std::string(e.what()).find("received signal 2"), std::string::npos) << e.what();
  }
  EXPECT_EQ(asked, 3);
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(30));
  EXPECT_EQ(ReadFile(path_), before);
}

TEST_F(AppendRunsTest, AFileRenamedWhileWaitingForItsLockIsNotWhereTheRunGoes) {
  // A writer waits for the lock; meanwhile the file is moved away (a bot rotating its
  // nightly file). The run belongs in the file the path names when the lock is had.
  Append("bench-a", {RunNumbered(0)});
  std::string moved = dir_.File("yesterday.json");
  UniqueFd holder(::open(path_.c_str(), O_RDONLY | O_CLOEXEC));
  ASSERT_EQ(::flock(holder.get(), LOCK_EX), 0);
  pid_t child = ::fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    holder.reset();  // the copy fork made would hold the lock for the parent
    int status = 0;
    try {
      Append("bench-b", {RunNumbered(7)});
    } catch (...) {
      status = 1;
    }
    ::_exit(status);
  }
  std::this_thread::sleep_for(std::chrono::milliseconds(200));  // the child is waiting
  ASSERT_EQ(::rename(path_.c_str(), moved.c_str()), 0);
  holder.reset();
  int status = 0;
  RetryOnEintr([&] { return ::waitpid(child, &status, 0); });
  ASSERT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0);
  EXPECT_EQ(Lines(moved).size(), 2u);  // header and bench-a only
  std::vector<json> lines = Lines(path_);
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(lines[0]["schema"], "timeit-results/2");
  EXPECT_EQ(lines[1]["benchmark"], "bench-b");
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
          AppendRuns(path_, {"bench-" + std::to_string(writer % 2), {"./bench"}}, {RunNumbered(writer * 1000 + i)},
                     SampleHost(), LockWait{kLockTimeout});
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
  std::vector<json> lines;
  ASSERT_NO_THROW(lines = Lines(path_));
  ASSERT_EQ(lines.size(), static_cast<size_t>(1 + kWriters * kRunsEach));
  EXPECT_EQ(lines[0]["schema"], "timeit-results/2");
  std::set<int> seen;
  for (size_t i = 1; i < lines.size(); ++i) seen.insert(lines[i]["exit_code"].get<int>());
  EXPECT_EQ(seen.size(), static_cast<size_t>(kWriters * kRunsEach));
  EXPECT_EQ(std::distance(std::filesystem::directory_iterator(dir_.path()), {}), 1);
}

}  // namespace
}  // namespace timeit
