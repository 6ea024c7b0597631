#include "timeit/formats/lnt/lnt_report.h"

#include <gtest/gtest.h>

#include <limits>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "timeit/base/error.h"

namespace timeit {
namespace {

using Json = nlohmann::json;

BenchmarkSamples& Add(SampleSet& samples, const std::string& name, const std::string& metric,
                      std::vector<double> values) {
  BenchmarkSamples& benchmark = samples.Get(name);
  samples.Keeps(metric);  // notes the name, as a reader does
  benchmark.runs = std::max(benchmark.runs, values.size());
  benchmark.metrics[metric] = std::move(values);
  return benchmark;
}

LntReportOptions Options(LntSchema schema = LntSchema::kNts) {
  LntReportOptions options;
  options.order = "1234";
  options.machine_name = "bot";
  options.schema = schema;
  return options;
}

Json Tests(const SampleSet& samples, const LntReportOptions& options) {
  return Json::parse(FormatLntReport(samples, options).text)["tests"];
}

ErrorKind KindOf(const SampleSet& samples, const LntReportOptions& options) {
  try {
    FormatLntReport(samples, options);
  } catch (const Error& error) {
    return error.kind();
  }
  ADD_FAILURE() << "no error";
  return ErrorKind::kSystem;
}

std::string MessageOf(const SampleSet& samples, const LntReportOptions& options, ErrorKind kind) {
  try {
    FormatLntReport(samples, options);
  } catch (const Error& error) {
    EXPECT_EQ(error.kind(), kind) << error.what();
    return error.what();
  }
  ADD_FAILURE() << "no error";
  return "";
}

TEST(LntReportTest, SchemaSpellings) {
  EXPECT_EQ(SpellingOf(kLntSchemaSpellings, LntSchema::kNts), "nts");
  EXPECT_EQ(SpellingOf(kLntSchemaSpellings, LntSchema::kTimeit), "timeit");
}

// The expected text is docs' "minimal valid v2 report" (reference-timeit-lnt.md §6), which
// is what LNT's Report.render() produces for these inputs, with its trailing newline added.
TEST(LntReportTest, TextIsLaidOutAsLntRendersIt) {
  SampleSet samples;
  Add(samples, "bench2", "exec_time", {0.2135});
  Add(samples, "bench2", "compile_time", {13.12});
  Add(samples, "SingleSource/Benchmarks/Misc/pi", "exec_time", {0.1056, 0.1055})
      .hashes.insert("49333a87d501b0aea2191830b66b5eec");
  samples.provenance().NoteHost({{"hostname", "ignored"}, {"machine", "x86_64"}, {"kernel", "Linux"}});
  samples.provenance().NoteStart("2024-01-02T03:04:05Z");
  samples.provenance().NoteStart("2024-01-02T03:05:06Z");
  LntReportOptions options = Options();
  options.machine_name = "my-machine";
  std::string expected = R"({
    "format_version": "2",
    "machine": {
        "hardware": "x86_64",
        "hostname": "ignored",
        "name": "my-machine",
        "os": "Linux"
    },
    "run": {
        "end_time": "2024-01-02 03:05:06",
        "llvm_project_revision": "1234",
        "start_time": "2024-01-02 03:04:05"
    },
    "tests": [
        {
            "execution_time": [
                0.1056,
                0.1055
            ],
            "hash": "49333a87d501b0aea2191830b66b5eec",
            "name": "SingleSource/Benchmarks/Misc/pi"
        },
        {
            "compile_time": 13.12,
            "execution_time": 0.2135,
            "name": "bench2"
        }
    ]
}
)";
  LntReport report = FormatLntReport(samples, options);
  EXPECT_EQ(report.text, expected);
  EXPECT_EQ(report.exec_metric, "exec_time");
  EXPECT_TRUE(report.warnings.empty());
}

TEST(LntReportTest, ExecMetricDefaultsToExecTimeThenTaskClockThenUser) {
  SampleSet samples;
  EXPECT_EQ(DefaultExecMetric(samples), "");
  Add(samples, "a", "user", {1});
  EXPECT_EQ(DefaultExecMetric(samples), "user");
  Add(samples, "a", "task-clock", {2});
  EXPECT_EQ(DefaultExecMetric(samples), "task-clock");
  Add(samples, "a", "exec_time", {3});
  EXPECT_EQ(DefaultExecMetric(samples), "exec_time");
  EXPECT_EQ(Tests(samples, Options())[0]["execution_time"], 3.0);
}

// An LNT report read back names its metrics as LNT does; they stay what they are.
TEST(LntReportTest, AnLntReportsOwnNamesAreKept) {
  SampleSet samples;
  for (const char* name : {"execution_time", "compile_time", "code_size", "wall_time", "task_clock"}) {
    Add(samples, "t", name, {1});
  }
  EXPECT_EQ(DefaultExecMetric(samples), "execution_time");
  Json expected = {{"name", "t"},      {"execution_time", 1.0}, {"compile_time", 1.0},
                   {"code_size", 1.0}, {"wall_time", 1.0},      {"task_clock", 1.0}};
  EXPECT_EQ(Tests(samples, Options(LntSchema::kTimeit))[0], expected);
  expected.erase("wall_time");
  expected.erase("task_clock");
  EXPECT_EQ(Tests(samples, Options())[0], expected);
  Add(samples, "t", "exec_time", {2});  // lit's name first, as before
  EXPECT_EQ(DefaultExecMetric(samples), "exec_time");
}

TEST(LntReportTest, MachineNameComesFromAnLntReportsMachineBeforeTheHostname) {
  SampleSet samples;
  Add(samples, "a", "execution_time", {1});
  samples.provenance().NoteHost({{"name", "bot3"}, {"hostname", "vm-17"}});
  LntReportOptions options = Options();
  options.machine_name.clear();
  EXPECT_EQ(Json::parse(FormatLntReport(samples, options).text)["machine"]["name"], "bot3");
}

TEST(LntReportTest, ExecMetricCanBeChosenAndMustExist) {
  SampleSet samples;
  Add(samples, "a", "user", {1});
  Add(samples, "a", "real", {4});
  LntReportOptions options = Options();
  options.exec_metric = "real";
  EXPECT_EQ(Tests(samples, options)[0]["execution_time"], 4.0);
  options.exec_metric = "cycles";
  EXPECT_EQ(KindOf(samples, options), ErrorKind::kUsage);
}

TEST(LntReportTest, NtsMapsTimeitAndLitNamesAndLeavesCountersOut) {
  SampleSet samples;
  Add(samples, "timeit", "task-clock", {0.5});
  Add(samples, "timeit", "maxrss", {4096});
  Add(samples, "timeit", "cycles", {1000});
  Add(samples, "lit", "exec_time", {0.25});
  Add(samples, "lit", "mem_bytes", {8192});
  Add(samples, "lit", "size..text", {100});
  Add(samples, "lit", "score", {7});
  LntReportOptions options = Options();
  options.exec_metric = "task-clock";
  Json tests = Tests(samples, options);
  ASSERT_EQ(tests.size(), 2u);
  // Sorted by name: "lit" before "timeit". lit's exec_time is not task-clock: not reported.
  EXPECT_EQ(tests[0], (Json{{"name", "lit"}, {"mem_bytes", 8192.0}, {"code_size", 100.0}, {"score", 7.0}}));
  EXPECT_EQ(tests[1], (Json{{"name", "timeit"}, {"execution_time", 0.5}, {"mem_bytes", 4096.0}}));
}

TEST(LntReportTest, TimeitSchemaAddsTimesAndCounters) {
  SampleSet samples;
  const char* names[] = {"real",
                         "user",
                         "sys",
                         "task-clock",
                         "cycles",
                         "instructions",
                         "branches",
                         "branch-misses",
                         "cache-references",
                         "cache-misses",
                         "context-switches",
                         "cpu-migrations",
                         "page-faults",
                         "maxrss",
                         "compile_time",
                         "my-own-event"};
  double value = 1;
  for (const char* name : names) Add(samples, "b", name, {value++});
  Json test = Tests(samples, Options(LntSchema::kTimeit))[0];
  // Each name with the value given to its source above, in that order.
  Json expected = {{"name", "b"},
                   {"wall_time", 1.0},
                   {"user_time", 2.0},
                   {"sys_time", 3.0},
                   {"task_clock", 4.0},
                   {"execution_time", 4.0},
                   {"cycles", 5.0},
                   {"instructions", 6.0},
                   {"branches", 7.0},
                   {"branch_misses", 8.0},
                   {"cache_references", 9.0},
                   {"cache_misses", 10.0},
                   {"context_switches", 11.0},
                   {"cpu_migrations", 12.0},
                   {"page_faults", 13.0},
                   {"mem_bytes", 14.0},
                   {"compile_time", 15.0}};
  EXPECT_EQ(test, expected);
}

TEST(LntReportTest, OneSampleIsAScalarAndSeveralAList) {
  SampleSet samples;
  Add(samples, "one", "user", {1.5});
  Add(samples, "three", "user", {1, 2, 3});
  Json tests = Tests(samples, Options());
  EXPECT_TRUE(tests[0]["execution_time"].is_number());
  EXPECT_EQ(tests[1]["execution_time"], (Json{1.0, 2.0, 3.0}));
}

TEST(LntReportTest, FailedRunsMakeAFailStatus) {
  SampleSet samples;
  Add(samples, "fine", "user", {1, 2});
  BenchmarkSamples& flaky = Add(samples, "flaky", "user", {1, 2});
  flaky.runs = 3;
  flaky.failed_runs = 1;
  BenchmarkSamples& broken = Add(samples, "broken", "user", {9});  // a reader kept a failed run's value
  broken.failed_runs = 1;
  Add(samples, "broken", "compile_time", {2});
  BenchmarkSamples& dead = samples.Get("dead");
  dead.runs = dead.failed_runs = 2;
  Json tests = Tests(samples, Options());
  ASSERT_EQ(tests.size(), 4u);
  // broken: every run failed, so no execution_time; its compile time stands.
  EXPECT_EQ(tests[0], (Json{{"name", "broken"}, {"compile_time", 2.0}, {"execution_status", kLntStatusFail}}));
  EXPECT_EQ(tests[1], (Json{{"name", "dead"}, {"execution_status", 1}}));
  EXPECT_FALSE(tests[2].contains("execution_status"));
  EXPECT_EQ(tests[3], (Json{{"name", "flaky"}, {"execution_time", {1.0, 2.0}}, {"execution_status", 1}}));
}

TEST(LntReportTest, OneHashIsWrittenAndTwoAreRefused) {
  SampleSet samples;
  Add(samples, "a", "user", {1}).hashes.insert("abc");
  EXPECT_EQ(Tests(samples, Options())[0]["hash"], "abc");
  samples.Get("a").hashes.insert("def");
  try {
    FormatLntReport(samples, Options());
    FAIL() << "no error";
  } catch (const Error& error) {
    EXPECT_EQ(error.kind(), ErrorKind::kInput);
    EXPECT_NE(std::string(error.what()).find("'a'"), std::string::npos) << error.what();
    EXPECT_NE(std::string(error.what()).find("abc, def"), std::string::npos) << error.what();
  }
}

TEST(LntReportTest, MachineComesFromTheFirstHost) {
  SampleSet samples;
  Add(samples, "a", "user", {1});
  samples.provenance().NoteHost({{"hostname", "box"},
                                 {"machine", "aarch64"},
                                 {"kernel", "Linux 6.1.0"},
                                 {"cpu_count", "8"},
                                 {"timeit_version", "0.1.0"}});
  LntReportOptions options = Options();
  options.machine_name.clear();
  Json report = Json::parse(FormatLntReport(samples, options).text);
  EXPECT_EQ(
      report["machine"],
      (Json{{"name", "box"}, {"hostname", "box"}, {"hardware", "aarch64"}, {"os", "Linux 6.1.0"}, {"cpu_count", "8"}}));
  EXPECT_EQ(report["run"]["timeit_version"], "0.1.0");  // the tool, not the machine
  options.run_info = {{"timeit_version", "0.1.0-patched"}};
  EXPECT_EQ(Json::parse(FormatLntReport(samples, options).text)["run"]["timeit_version"], "0.1.0-patched");
  options.run_info.clear();

  samples.provenance().NoteHost({{"hostname", "other"}});
  LntReport two_hosts = FormatLntReport(samples, options);
  ASSERT_EQ(two_hosts.warnings.size(), 1u);
  EXPECT_NE(two_hosts.warnings[0].find("hostname box"), std::string::npos) << two_hosts.warnings[0];
}

TEST(LntReportTest, NoMachineNameIsAUsageError) {
  SampleSet samples;
  Add(samples, "a", "user", {1});
  LntReportOptions options = Options();
  options.machine_name.clear();
  EXPECT_EQ(KindOf(samples, options), ErrorKind::kUsage);
}

TEST(LntReportTest, RunInfoIsAddedButMayNotOverrideTheReportsOwnFields) {
  SampleSet samples;
  Add(samples, "a", "user", {1});
  LntReportOptions options = Options();
  options.run_info = {{"cc", "clang 18"}, {"flags", "-O2=x"}};
  Json run = Json::parse(FormatLntReport(samples, options).text)["run"];
  EXPECT_EQ(run, (Json{{"llvm_project_revision", "1234"}, {"cc", "clang 18"}, {"flags", "-O2=x"}}));
  for (const char* reserved : {"llvm_project_revision", "start_time", "end_time"}) {
    options.run_info = {{reserved, "x"}};
    EXPECT_EQ(KindOf(samples, options), ErrorKind::kUsage) << reserved;
  }
  options.run_info = {{"cc", "a"}, {"cc", "b"}};
  EXPECT_EQ(KindOf(samples, options), ErrorKind::kUsage);
  options.run_info = {{"", "a"}};
  EXPECT_EQ(KindOf(samples, options), ErrorKind::kUsage);
}

// The run's start_time and end_time, or "-" for one not written, and the note on them.
struct RunTimes {
  std::string start;
  std::string end;
  std::string note;
};

RunTimes RunTimesOf(const SampleSet& samples, const LntReportOptions& options) {
  LntReport report = FormatLntReport(samples, options);
  Json run = Json::parse(report.text)["run"];
  return {run.value("start_time", "-"), run.value("end_time", "-"), report.times};
}

TEST(LntReportTest, RunTimesAreThoseTheInputsRecord) {
  SampleSet samples;
  Add(samples, "a", "user", {1});
  samples.provenance().NoteStart("2026-12-01T08:00:00Z");
  samples.provenance().NoteStart("2026-12-01T08:30:00Z");
  RunTimes times = RunTimesOf(samples, Options());
  EXPECT_EQ(times.start, "2026-12-01 08:00:00");
  EXPECT_EQ(times.end, "2026-12-01 08:30:00");
  EXPECT_EQ(times.note,
            "start_time 2026-12-01 08:00:00 (the earliest time the inputs record), end_time 2026-12-01 08:30:00 (the "
            "latest time the inputs record)");
}

TEST(LntReportTest, RunTimesOfFilesThatRecordNoneAreWhenTheyWereWritten) {
  SampleSet samples;
  Add(samples, "a", "exec_time", {1});
  samples.provenance().NoteWrittenRuns("r.json", "2026-12-01T07:59:47Z", "2026-12-01T08:10:01Z");
  RunTimes times = RunTimesOf(samples, Options());
  EXPECT_EQ(times.start, "2026-12-01 07:59:47");
  EXPECT_EQ(times.end, "2026-12-01 08:10:01");
  EXPECT_EQ(times.note,
            "start_time 2026-12-01 07:59:47 (when 'r.json' was written, less the time its runs took), end_time "
            "2026-12-01 08:10:01 (when 'r.json' was written)");
}

TEST(LntReportTest, RunTimesRecordedAndImpliedGiveTheWidestSpan) {
  // lit's JSON and the results files --json-per-test leaves beside each test's summary:
  // lit started before the first run and wrote its file after the last.
  SampleSet samples;
  Add(samples, "a", "exec_time", {1});
  samples.provenance().NoteStart("2026-12-01T08:00:05Z");
  samples.provenance().NoteStart("2026-12-01T08:09:58Z");
  samples.provenance().NoteWrittenRuns("r.json", "2026-12-01T08:00:01Z", "2026-12-01T08:10:01Z");
  RunTimes times = RunTimesOf(samples, Options());
  EXPECT_EQ(times.start, "2026-12-01 08:00:01");
  EXPECT_EQ(times.end, "2026-12-01 08:10:01");
  // Runs recorded outside what the file implies (another night's results pooled) widen it.
  samples.provenance().NoteStart("2026-12-01T07:00:00Z");
  samples.provenance().NoteStart("2026-12-01T09:00:00Z");
  times = RunTimesOf(samples, Options());
  EXPECT_EQ(times.start, "2026-12-01 07:00:00");
  EXPECT_EQ(times.end, "2026-12-01 09:00:00");
  EXPECT_EQ(times.note,
            "start_time 2026-12-01 07:00:00 (the earliest time the inputs record), end_time 2026-12-01 09:00:00 (the "
            "latest time the inputs record)");
}

TEST(LntReportTest, RunTimesGivenWinAndMustBeTimesInOrder) {
  SampleSet samples;
  Add(samples, "a", "exec_time", {1});
  samples.provenance().NoteWrittenRuns("r.json", "2026-12-01T08:00:00Z", "2026-12-01T08:10:00Z");
  LntReportOptions options = Options();
  options.start_time = "2026-12-01T07:00:00Z";
  RunTimes times = RunTimesOf(samples, options);
  EXPECT_EQ(times.start, "2026-12-01 07:00:00");
  EXPECT_EQ(times.end, "2026-12-01 08:10:00");
  EXPECT_EQ(times.note,
            "start_time 2026-12-01 07:00:00 (--start-time), end_time 2026-12-01 08:10:00 (when 'r.json' was written)");
  options.end_time = "2026-12-01 07:30:00";
  times = RunTimesOf(samples, options);
  EXPECT_EQ(times.end, "2026-12-01 07:30:00");
  EXPECT_EQ(times.note, "start_time 2026-12-01 07:00:00 (--start-time), end_time 2026-12-01 07:30:00 (--end-time)");
  // A start after the end, given or not.
  options.end_time = "2026-12-01 06:59:59";
  EXPECT_EQ(MessageOf(samples, options, ErrorKind::kUsage),
            "the run would end before it starts: start_time 2026-12-01 07:00:00 (--start-time), end_time 2026-12-01 "
            "06:59:59 (--end-time)");
  options.end_time.clear();
  options.start_time = "2026-12-01T08:10:01Z";
  EXPECT_EQ(KindOf(samples, options), ErrorKind::kUsage);
  for (const char* bad : {"yesterday", "2026-12-01", "2026-12-01T08:00:00+01:00"}) {
    options.start_time = bad;
    EXPECT_EQ(MessageOf(samples, options, ErrorKind::kUsage),
              std::string("--start-time '") + bad +
                  "' is not a UTC time as YYYY-MM-DD HH:MM:SS or YYYY-MM-DDTHH:MM:SS[Z] (date -u +%FT%TZ writes one)");
  }
}

TEST(LntReportTest, OneRunTimeKnownIsBoth) {
  // LNT would take the submission's time for a missing start, and drop the end beside it.
  SampleSet samples;
  Add(samples, "a", "exec_time", {1});
  samples.provenance().NoteWrittenRuns("r.json", "", "2026-12-01T08:10:00Z");
  RunTimes times = RunTimesOf(samples, Options());
  EXPECT_EQ(times.start, "2026-12-01 08:10:00");
  EXPECT_EQ(times.end, "2026-12-01 08:10:00");
  EXPECT_EQ(times.note,
            "start_time 2026-12-01 08:10:00 (end_time's: nothing gives a start), end_time 2026-12-01 08:10:00 (when "
            "'r.json' was written)");
  SampleSet untimed;
  Add(untimed, "a", "exec_time", {1});
  LntReportOptions options = Options();
  options.start_time = "2026-12-01 07:00:00";
  times = RunTimesOf(untimed, options);
  EXPECT_EQ(times.end, "2026-12-01 07:00:00");
  EXPECT_EQ(times.note,
            "start_time 2026-12-01 07:00:00 (--start-time), end_time 2026-12-01 07:00:00 (start_time's: nothing gives "
            "an end)");
}

TEST(LntReportTest, NoRunTimeAtAllIsSaid) {
  SampleSet samples;
  Add(samples, "a", "exec_time", {1});
  RunTimes times = RunTimesOf(samples, Options());
  EXPECT_EQ(times.start, "-");
  EXPECT_EQ(times.end, "-");
  EXPECT_EQ(times.note,
            "no start_time or end_time: the inputs record no time, and LNT takes the time of the submission "
            "(--start-time and --end-time give them)");
}

TEST(LntReportTest, OrderMustNotBeEmpty) {
  SampleSet samples;
  Add(samples, "a", "user", {1});
  LntReportOptions options = Options();
  options.order = "0";  // LNT takes any string; only a missing order is refused
  EXPECT_NO_THROW(FormatLntReport(samples, options));
  options.order.clear();
  EXPECT_EQ(KindOf(samples, options), ErrorKind::kUsage);
}

TEST(LntReportTest, NothingToReportIsAnInputError) {
  SampleSet empty;
  EXPECT_EQ(KindOf(empty, Options()), ErrorKind::kInput);
  SampleSet counters_only;
  Add(counters_only, "a", "cycles", {1});
  EXPECT_EQ(KindOf(counters_only, Options()), ErrorKind::kInput);
  EXPECT_EQ(Tests(counters_only, Options(LntSchema::kTimeit))[0]["cycles"], 1.0);
}

TEST(LntReportTest, TimesBecomeLntsForm) {
  EXPECT_EQ(LntTime("2026-12-01T08:07:10Z"), "2026-12-01 08:07:10");
  EXPECT_EQ(LntTime("2026-12-01T08:07:10.123456Z"), "2026-12-01 08:07:10");
  EXPECT_EQ(LntTime("2026-12-01 08:07:10"), "2026-12-01 08:07:10");
  EXPECT_EQ(LntTime("2026-12-01T08:07:10+00:00"), "2026-12-01 08:07:10");
  for (const char* bad : {"", "2026-12-01", "2026-12-01T08:07:10+02:00", "2026-13-01T08:07:10Z", "2026-12-01T24:00:00Z",
                          "2026-12-01T08:07:10.Z", "2026/12/01 08:07:10", "later"}) {
    EXPECT_THROW(LntTime(bad), Error) << bad;
  }
}

TEST(LntReportTest, NonAsciiNamesAreEscapedAsPythonDoes) {
  SampleSet samples;
  Add(samples, "caf\xc3\xa9", "user", {1});
  // json.dumps("café") == '"caf\\u00e9"'
  EXPECT_NE(FormatLntReport(samples, Options()).text.find(R"("name": "caf\u00e9")"), std::string::npos);
}

// The expected text is what /usr/bin/python3 printed for json.dumps of the same name:
// short escapes where JSON has them, \u00XX for the other control characters and DEL,
// surrogate pairs beyond U+FFFF, '/' as it is.
TEST(LntReportTest, ControlAndAstralCharactersAreEscapedAsPythonDoes) {
  SampleSet samples;
  Add(samples, "tab\there\x7f\x01\xe2\x80\xa8\xf0\x9f\x98\x80\"\\/", "user", {1});
  EXPECT_NE(FormatLntReport(samples, Options()).text.find(R"("name": "tab\there\u007f\u0001\u2028\ud83d\ude00\"\\/")"),
            std::string::npos);
}

TEST(LntReportTest, AValueThatIsNotFiniteIsRefused) {
  SampleSet samples;
  Add(samples, "a", "user", {1, std::numeric_limits<double>::quiet_NaN()});
  EXPECT_EQ(MessageOf(samples, Options(), ErrorKind::kInput),
            "benchmark 'a': user is nan, which an LNT report cannot hold");
  samples = SampleSet();
  Add(samples, "a", "user", {1});
  Add(samples, "a", "maxrss", {std::numeric_limits<double>::infinity()});
  EXPECT_EQ(MessageOf(samples, Options(), ErrorKind::kInput),
            "benchmark 'a': maxrss is inf, which an LNT report cannot hold");
}

// Two names that differ only in bytes that are not UTF-8 stay two tests: each such byte is
// written as the text \xHH, which keeps them apart (U+FFFD for both would merge them).
TEST(LntReportTest, NamesThatAreNotUtf8StayApartAndAreWarnedOf) {
  SampleSet samples;
  Add(samples, "a\xff", "user", {1});
  Add(samples, "a\xfe", "user", {2});
  Add(samples, "caf\xc3\xa9", "user", {3});  // UTF-8: kept as it is, and no warning
  LntReport report = FormatLntReport(samples, Options());
  Json tests = Json::parse(report.text)["tests"];
  ASSERT_EQ(tests.size(), 3u);
  EXPECT_EQ(tests[0], (Json{{"name", "a\\xfe"}, {"execution_time", 2.0}}));
  EXPECT_EQ(tests[1], (Json{{"name", "a\\xff"}, {"execution_time", 1.0}}));
  EXPECT_EQ(tests[2]["name"], "caf\xc3\xa9");
  ASSERT_EQ(report.warnings.size(), 2u);
  EXPECT_EQ(report.warnings[0], "benchmark 'a\xfe' is not UTF-8: the report writes it as 'a\\xfe'");
}

TEST(LntReportTest, BenchmarksThatWouldShareATestNameAreRefused) {
  SampleSet samples;
  Add(samples, "a\xff", "user", {1});
  Add(samples, "a\\xff", "user", {2});  // a backslash, then "xff"
  std::string message = MessageOf(samples, Options(), ErrorKind::kInput);
  EXPECT_NE(message.find("benchmarks 'a\\xff' and 'a\xff' would both be LNT's test 'a\\xff'"), std::string::npos)
      << message;
}

TEST(LntReportTest, OptionsThatAreNotUtf8AreWrittenWithTheirBytesAsText) {
  SampleSet samples;
  Add(samples, "a", "user", {1});
  LntReportOptions options = Options();
  options.machine_name = "bot\xe9";
  options.order = "r\xe9";
  options.run_info = {{"cc\xe9", "clang\xe9"}};
  LntReport report = FormatLntReport(samples, options);
  Json document = Json::parse(report.text);
  EXPECT_EQ(document["machine"]["name"], "bot\\xe9");
  EXPECT_EQ(document["run"], (Json{{"llvm_project_revision", "r\\xe9"}, {"cc\\xe9", "clang\\xe9"}}));
  ASSERT_EQ(report.warnings.size(), 4u);
  EXPECT_EQ(report.warnings[3],
            "run info 'cc\xe9' value 'clang\xe9' is not UTF-8: the report writes it as 'clang\\xe9'");
}

// LNT pairs the i-th values of a test's metrics into one sample; when some runs lack a
// metric, the lists differ in length and the pairing is no longer by run.
TEST(LntReportTest, MetricsWithDifferentSampleCountsAreWarnedOf) {
  SampleSet samples;
  Add(samples, "even", "task-clock", {1, 2});
  Add(samples, "even", "user", {1, 2});
  Add(samples, "mixed", "task-clock", {1, 2});
  Add(samples, "mixed", "user", {1, 2, 3, 4});  // two more runs, without counters (--no-perf)
  Add(samples, "more", "task-clock", {1});
  Add(samples, "more", "user", {1, 2});
  LntReport report = FormatLntReport(samples, Options(LntSchema::kTimeit));
  Json tests = Json::parse(report.text)["tests"];
  EXPECT_EQ(tests[1]["execution_time"], (Json{1.0, 2.0}));
  EXPECT_EQ(tests[1]["user_time"], (Json{1.0, 2.0, 3.0, 4.0}));
  ASSERT_EQ(report.warnings.size(), 1u);
  EXPECT_EQ(
      report.warnings[0],
      "2 tests have metrics with different numbers of samples, the first 'mixed' (execution_time 2, task_clock 2, "
      "user_time 4): LNT pairs a test's samples by position, so there a sample's metrics are not all of one run; "
      "execution_time has fewer samples because some runs have no 'task-clock' (--exec-metric can name a metric "
      "every run has)");
  // The nts suite reports only execution_time of these: nothing to pair.
  EXPECT_TRUE(FormatLntReport(samples, Options()).warnings.empty());
}

// The expected strings are Python's repr of each value (python3 -c 'print(repr(16.829955))'),
// where the JSON library's own writer gives "16.829955000000002", "0.16625499999999999"
// and "7.641663221391731e+15".
TEST(LntReportTest, NumbersAreWrittenAsPythonWritesThem) {
  SampleSet samples;
  Add(samples, "a", "user", {16.829955, 0.166255, 7641663221391731.0, 1e-5, 1e16, 3});
  std::string text = FormatLntReport(samples, Options()).text;
  std::string expected = R"(            "execution_time": [
                16.829955,
                0.166255,
                7641663221391731.0,
                1e-05,
                1e+16,
                3.0
            ],
)";
  EXPECT_NE(text.find(expected), std::string::npos) << text;
}

// LNT keeps test, machine and order names in String(256) columns, which a database such as
// PostgreSQL enforces: a longer one would fail the whole import.
TEST(LntReportTest, NamesLongerThanLntStoresAreRefused) {
  std::string longest(256, 'x');
  std::string wide;
  for (int i = 0; i < 256; ++i) wide += "\xc3\xa9";  // 256 characters, 512 bytes
  SampleSet samples;
  Add(samples, longest, "user", {1});
  Add(samples, wide, "user", {1});
  LntReportOptions options = Options();
  options.machine_name = longest;
  options.order = longest;
  EXPECT_NO_THROW(FormatLntReport(samples, options));

  Add(samples, "b" + longest, "user", {1});
  EXPECT_EQ(MessageOf(samples, options, ErrorKind::kInput),
            "test 'b" + longest + "': the name is 257 characters long; LNT stores at most 256");
  samples = SampleSet();
  Add(samples, "a", "user", {1});
  options.order = longest + "1";
  EXPECT_EQ(MessageOf(samples, options, ErrorKind::kUsage),
            "the order (llvm_project_revision) is 257 characters long; LNT stores at most 256");
  options.order = "1";
  options.machine_name = longest + "m";
  EXPECT_EQ(MessageOf(samples, options, ErrorKind::kUsage),
            "the machine name is 257 characters long; LNT stores at most 256");
  options.machine_name = "m";
  samples.provenance().NoteHost({{"kernel", longest + "k"}});
  EXPECT_EQ(MessageOf(samples, options, ErrorKind::kInput),
            "the machine field 'os' is 257 characters long; LNT stores at most 256");
}

TEST(LntReportTest, AnEmptyBenchmarkNameIsRefused) {
  SampleSet samples;
  Add(samples, "", "user", {1});
  EXPECT_EQ(MessageOf(samples, Options(), ErrorKind::kInput), "a benchmark has an empty name; LNT needs a test name");
}

}  // namespace
}  // namespace timeit
