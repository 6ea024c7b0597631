// lit's JSON results, LNT reports and timeit summaries, read through ReadResultsFile as
// timeit-compare reads them.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <ctime>

#include "temp_dir.h"
#include "timeit/base/error.h"
#include "timeit/formats/common/document_kind.h"
#include "timeit/formats/common/file_times.h"
#include "timeit/formats/inputs/results_reader.h"
#include "timeit/formats/lit/lit_results_reader.h"
#include "timeit/formats/lnt/lnt_report_reader.h"
#include "timeit/formats/summary/summary_reader.h"

namespace timeit {
namespace {

using testing::TempDir;
using testing::WriteFile;

struct Read {
  SampleSet samples;
  std::vector<std::string> warnings;
  std::string error;  // without the file's name and its colon, which every message starts with
};

Read ReadText(const std::string& text, const std::string& name = "r.json") {
  TempDir dir;
  std::string path = dir.File(name);
  WriteFile(path, text);
  Read read;
  try {
    ReadResultsFile(path, read.samples, read.warnings);
  } catch (const Error& error) {
    EXPECT_EQ(error.kind(), ErrorKind::kInput);
    read.error = error.what();
    EXPECT_EQ(read.error.rfind(path + ":", 0), 0u) << read.error;
    read.error = read.error.substr(path.size() + 1);  // "path: field: ..." or "path:line: ..."
    if (read.error.starts_with(" ")) read.error.erase(0, 1);
  }
  return read;
}

// 2026-12-01T08:10:00Z in seconds since the epoch (`date -u -d 2026-12-01T08:10:00Z +%s`).
constexpr std::time_t k20261201T081000 = 1796112600;

// Sets the modification time of `path`, as a writer that finished then would have.
void SetModified(const std::string& path, std::time_t seconds, long nanoseconds) {
  const timespec times[2] = {{seconds, nanoseconds}, {seconds, nanoseconds}};
  ASSERT_EQ(::utimensat(AT_FDCWD, path.c_str(), times, 0), 0) << path;
}

// Reads `text` from a file `name` modified at `seconds` and `nanoseconds`.
SampleSet ReadWrittenAt(const TempDir& dir, const std::string& name, const std::string& text, std::time_t seconds,
                        long nanoseconds) {
  WriteFile(dir.File(name), text);
  SetModified(dir.File(name), seconds, nanoseconds);
  SampleSet samples;
  std::vector<std::string> warnings;
  ReadResultsFile(dir.File(name), samples, warnings);
  return samples;
}

// What `lit -o` writes for the test-suite (shape from litsupport and lit's JSON report).
const char* kLitJson = R"({
  "__version__": [17, 0, 6],
  "elapsed": 12.5,
  "tests": [
    {"name": "test-suite :: SingleSource/Benchmarks/Misc/pi.test", "code": "PASS", "elapsed": 1.2,
     "metrics": {"exec_time": 0.5, "compile_time": 0.25, "link_time": 0.125, "hash": "49333a87d501b0aea2191830b66b5eec",
                 "size..text": 1234, "profile": "pi.perf_data"}},
    {"name": "test-suite :: SingleSource/Benchmarks/Misc/e.test", "code": "FAIL", "elapsed": 1.0,
     "metrics": {"exec_time": 9.0, "compile_time": 0.5}},
    {"name": "test-suite :: SingleSource/Benchmarks/Misc/gone.test", "code": "UNSUPPORTED", "elapsed": 0.0},
    {"name": "test-suite :: MicroBenchmarks/X/x.test:BM_a/8", "code": "PASS", "elapsed": 0.0,
     "metrics": {"exec_time": 2.0}},
    {"name": "test-suite :: SingleSource/Benchmarks/Misc/noexe.test", "code": "NOEXE", "elapsed": 0.0}
  ]
})";

TEST(LitResultsTest, EachTestIsOneRunNamedAsLntNamesIt) {
  Read read = ReadText(kLitJson);
  ASSERT_EQ(read.error, "");
  // Four benchmarks: pi, e, the microbenchmark, noexe; UNSUPPORTED never ran.
  ASSERT_EQ(read.samples.benchmarks().size(), 4u);
  const BenchmarkSamples* pi = read.samples.Find("SingleSource/Benchmarks/Misc/pi");
  ASSERT_NE(pi, nullptr);
  EXPECT_EQ(pi->runs, 1u);
  EXPECT_EQ(pi->failed_runs, 0u);
  // exec_time, compile_time and size..text of pi from kLitJson; the profile's path is no number.
  EXPECT_EQ(pi->metrics.at("exec_time"), (std::vector<double>{0.5}));
  EXPECT_EQ(pi->metrics.at("compile_time"), (std::vector<double>{0.25}));
  EXPECT_EQ(pi->metrics.at("size..text"), (std::vector<double>{1234}));
  EXPECT_EQ(pi->metrics.count("profile"), 0u);
  EXPECT_EQ(pi->hashes, (std::set<std::string, std::less<>>{"49333a87d501b0aea2191830b66b5eec"}));
  EXPECT_EQ(read.samples.Find("SingleSource/Benchmarks/Misc/gone"), nullptr);
  const BenchmarkSamples* micro = read.samples.Find("MicroBenchmarks/X/x:BM_a/8");
  ASSERT_NE(micro, nullptr);
  EXPECT_EQ(micro->metrics.at("exec_time"), (std::vector<double>{2.0}));
}

TEST(LitResultsTest, ACodeOtherThanAPassIsAFailedRunWithoutSamples) {
  Read read = ReadText(kLitJson);
  for (const char* name : {"SingleSource/Benchmarks/Misc/e", "SingleSource/Benchmarks/Misc/noexe"}) {
    const BenchmarkSamples* failed = read.samples.Find(name);
    ASSERT_NE(failed, nullptr) << name;
    EXPECT_EQ(failed->runs, 1u);
    EXPECT_EQ(failed->failed_runs, 1u);
    EXPECT_TRUE(failed->metrics.empty());
  }
}

TEST(LitResultsTest, FilesOfOneSidePoolTheirRuns) {
  TempDir dir;
  WriteFile(dir.File("a.json"), kLitJson);
  WriteFile(dir.File("b.json"), kLitJson);
  SampleSet samples;
  std::vector<std::string> warnings;
  ReadResultsFile(dir.File("a.json"), samples, warnings);
  ReadResultsFile(dir.File("b.json"), samples, warnings);
  const BenchmarkSamples* pi = samples.Find("SingleSource/Benchmarks/Misc/pi");
  ASSERT_NE(pi, nullptr);
  EXPECT_EQ(pi->runs, 2u);
  EXPECT_EQ(pi->metrics.at("exec_time"), (std::vector<double>{0.5, 0.5}));
  EXPECT_EQ(pi->hashes.size(), 1u);  // the same hash twice is one hash
}

TEST(LitResultsTest, TheRunEndedWhenTheFileWasWrittenAndTookElapsed) {
  TempDir dir;
  SampleSet samples = ReadWrittenAt(dir, "r.json", kLitJson, k20261201T081000, 250'000'000);
  const SampleProvenance& provenance = samples.provenance();
  // 08:10:00.25 less kLitJson's "elapsed" 12.5 s is 08:09:47.75: the start rounded down and
  // the end up, so that the whole seconds hold the run.
  EXPECT_EQ(provenance.written_first_start, "2026-12-01T08:09:47Z");
  EXPECT_EQ(provenance.written_last_end, "2026-12-01T08:10:01Z");
  EXPECT_EQ(provenance.written_first_start_file, dir.File("r.json"));
  EXPECT_EQ(provenance.written_last_end_file, dir.File("r.json"));
  // Nothing of it is a time the file records.
  EXPECT_EQ(provenance.first_start, "");
  EXPECT_EQ(provenance.last_start, "");
}

TEST(LitResultsTest, WithoutElapsedOnlyTheEndIsKnown) {
  TempDir dir;
  for (const char* elapsed : {"", R"("elapsed": "long", )", R"("elapsed": -1, )"}) {
    SampleSet samples = ReadWrittenAt(
        dir, "r.json",
        std::string(R"({"__version__": [1], )") + elapsed + R"("tests": [{"name": "a", "code": "PASS"}]})",
        k20261201T081000, 0);
    EXPECT_EQ(samples.provenance().written_first_start, "") << elapsed;
    EXPECT_EQ(samples.provenance().written_last_end, "2026-12-01T08:10:00Z") << elapsed;
  }
}

TEST(LitResultsTest, FilesWidenTheSpanEachFromItsOwn) {
  TempDir dir;
  SampleSet samples;
  std::vector<std::string> warnings;
  // a.json ended at 08:10:00 after 12.5 s; b.json an hour later, after 0.5 s.
  WriteFile(dir.File("a.json"), kLitJson);
  SetModified(dir.File("a.json"), k20261201T081000, 0);
  WriteFile(dir.File("b.json"), R"({"__version__": [1], "elapsed": 0.5, "tests": [{"name": "a", "code": "PASS"}]})");
  SetModified(dir.File("b.json"), k20261201T081000 + 3600, 0);
  ReadResultsFile(dir.File("b.json"), samples, warnings);
  ReadResultsFile(dir.File("a.json"), samples, warnings);
  const SampleProvenance& provenance = samples.provenance();
  EXPECT_EQ(provenance.written_first_start, "2026-12-01T08:09:47Z");
  EXPECT_EQ(provenance.written_first_start_file, dir.File("a.json"));
  EXPECT_EQ(provenance.written_last_end, "2026-12-01T09:10:00Z");
  EXPECT_EQ(provenance.written_last_end_file, dir.File("b.json"));
}

TEST(LitResultsTest, ErrorsNameTheFileAndWhere) {
  // nlohmann's syntax error: the comma after "PASS" is missing on line 2.
  EXPECT_EQ(ReadText("{\"__version__\": [1], \"tests\": [\n{\"name\": \"a\", \"code\": \"PASS\" \"x\": 1}]}").error,
            "parse error at line 2, column 32: syntax error while parsing object - unexpected string literal; "
            "expected '}'");
  EXPECT_EQ(ReadText(R"({"__version__": [1]})").error, "tests: missing");
  EXPECT_EQ(ReadText(R"({"__version__": [1], "tests": [{"code": "PASS"}]})").error, "tests[0].name: missing");
  EXPECT_EQ(
      ReadText(R"({"__version__": [1], "tests": [{"name": "a", "code": "PASS", "metrics": {"exec_time": -1}}]})").error,
      "tests[0].metrics.exec_time: -1 is not a valid measurement (negative or not finite)");
  EXPECT_EQ(ReadText(R"({"__version__": [1], "tests": [{"name": "a", "code": "PASS", "metrics": {"hash": 7}}]})").error,
            "tests[0].metrics.hash: expected a string, got number");
}

TEST(LitResultsTest, NonFiniteNumbersAreMissingWithAWarningNamingTheTests) {
  // What Python's json.dump writes for float('nan'), float('inf') and -float('inf'); the
  // same words inside strings (an escaped quote before them too) are text.
  Read read = ReadText(R"({"__version__": [17], "tests": [
    {"name": "test-suite :: NaN/pi.test", "code": "PASS", "metrics": {"exec_time": NaN, "size": 3,
     "hash": "Infinity", "note": "say \"NaN\", Infinity"}},
    {"name": "test-suite :: e.test", "code": "PASS", "metrics": {"exec_time": Infinity, "compile_time":-Infinity}},
    {"name": "test-suite :: ok.test", "code": "PASS", "metrics": {"exec_time": [NaN], "link_time": 1}}]})");
  ASSERT_EQ(read.error, "");
  const BenchmarkSamples* pi = read.samples.Find("NaN/pi");
  ASSERT_NE(pi, nullptr);
  EXPECT_EQ(pi->runs, 1u);
  EXPECT_EQ(pi->metrics.count("exec_time"), 0u);
  EXPECT_EQ(pi->metrics.at("size"), (std::vector<double>{3}));
  EXPECT_EQ(pi->hashes, (std::set<std::string, std::less<>>{"Infinity"}));
  const BenchmarkSamples* e = read.samples.Find("e");
  ASSERT_NE(e, nullptr);
  EXPECT_EQ(e->runs, 1u);
  EXPECT_TRUE(e->metrics.empty());
  // Metrics in name order, as the tree keeps them. Inside an array the value is no metric:
  // left out without a word, as any such value is.
  ASSERT_EQ(read.warnings.size(), 1u);
  EXPECT_NE(read.warnings[0].find(": NaN or Infinity, which Python's json writes for a number that is not finite, "
                                  "read as missing in 2 tests: NaN/pi (exec_time); e (compile_time, exec_time)"),
            std::string::npos)
      << read.warnings[0];
}

TEST(LitResultsTest, NonFiniteNumbersWhereTextIsReadAreErrors) {
  EXPECT_EQ(ReadText(R"({"__version__": [1], "tests": [{"name": NaN, "code": "PASS"}]})").error,
            "tests[0].name: expected a string, got NaN");
  EXPECT_EQ(
      ReadText(R"({"__version__": [1], "tests": [{"name": "a", "code": "PASS", "metrics": {"hash": -Infinity}}]})")
          .error,
      "tests[0].metrics.hash: expected a string, got -Infinity");
  // Only the whole word: anything else is still a syntax error.
  EXPECT_EQ(ReadText(R"({"__version__": [1], "tests": [{"name": "a", "code": "PASS", "metrics": {"x": NaNs}}]})")
                .error.substr(0, 28),
            "parse error at line 1, colum");
}

TEST(LitResultsTest, AKeyGivenTwiceInAnyObjectIsAnError) {
  // The tree keeps one value per key: the other would be lost without a word.
  EXPECT_EQ(ReadText(R"({"__version__": [1], "tests": [{"name": "a", "code": "PASS", "metrics": {"exec_time": 1}},
                   {"name": "b", "code": "PASS", "metrics": {"exec_time": 1, "exec_time": 2}}]})")
                .error,
            "tests[1].metrics.exec_time: given twice in the same object");
  EXPECT_EQ(ReadText(R"({"__version__": [1], "tests": [{"name": "a", "name": "b", "code": "PASS"}]})").error,
            "tests[0].name: given twice in the same object");
  EXPECT_EQ(ReadText(R"({"__version__": [1], "tests": [{"name": "a", "code": "FAIL", "code": "PASS"}]})").error,
            "tests[0].code: given twice in the same object");
  EXPECT_EQ(ReadText(R"({"__version__": [1], "tests": [], "elapsed": 1, "tests": []})").error,
            "tests: given twice in the same object");
  // Keys of different objects may be the same.
  EXPECT_EQ(ReadText(R"({"__version__": [1], "tests": [{"name": "a", "code": "PASS", "metrics": {"name": 1}}]})").error,
            "");
}

// The minimal report of the reference (lnt/testing Report.render()), with a third test.
const char* kLntReport = R"({
    "format_version": "2",
    "machine": {"hardware": "x86_64", "name": "my-machine", "os": "Linux", "cores": 8},
    "run": {"end_time": "2024-01-02 03:05:06", "llvm_project_revision": "1234", "start_time": "2024-01-02 03:04:05"},
    "tests": [
        {"execution_time": [0.1056, 0.1055], "hash": "49333a87d501b0aea2191830b66b5eec",
         "name": "SingleSource/Benchmarks/Misc/pi"},
        {"compile_time": 13.12, "execution_time": 0.2135, "name": "bench2"},
        {"execution_time": [1, 2, 3], "execution_status": 1, "name": "broken"}
    ]
})";

TEST(LntReportTest, EachNumberIsOneRunsSample) {
  Read read = ReadText(kLntReport);
  ASSERT_EQ(read.error, "");
  const BenchmarkSamples* pi = read.samples.Find("SingleSource/Benchmarks/Misc/pi");
  ASSERT_NE(pi, nullptr);
  // pi's two execution_time samples in kLntReport: two runs.
  EXPECT_EQ(pi->runs, 2u);
  EXPECT_EQ(pi->metrics.at("execution_time"), (std::vector<double>{0.1056, 0.1055}));
  EXPECT_EQ(pi->hashes.count("49333a87d501b0aea2191830b66b5eec"), 1u);
  const BenchmarkSamples* bench2 = read.samples.Find("bench2");
  ASSERT_NE(bench2, nullptr);
  EXPECT_EQ(bench2->runs, 1u);
  EXPECT_EQ(bench2->metrics.at("compile_time"), (std::vector<double>{13.12}));
}

TEST(LntReportTest, AFailStatusFailsEveryRunOfTheTest) {
  Read read = ReadText(kLntReport);
  const BenchmarkSamples* broken = read.samples.Find("broken");
  ASSERT_NE(broken, nullptr);
  // Three execution_time samples, execution_status FAIL (1): three failed runs.
  EXPECT_EQ(broken->runs, 3u);
  EXPECT_EQ(broken->failed_runs, 3u);
  EXPECT_TRUE(broken->metrics.empty());
}

TEST(LntReportTest, MachineAndRunTimesAreProvenance) {
  Read read = ReadText(kLntReport);
  const SampleProvenance& provenance = read.samples.provenance();
  ASSERT_EQ(provenance.hosts.size(), 1u);
  EXPECT_EQ(provenance.hosts[0], (std::map<std::string, std::string, std::less<>>{
                                     {"cores", "8"}, {"hardware", "x86_64"}, {"name", "my-machine"}, {"os", "Linux"}}));
  EXPECT_EQ(provenance.first_start, "2024-01-02T03:04:05Z");
  EXPECT_EQ(provenance.last_start, "2024-01-02T03:05:06Z");
}

TEST(LntReportTest, TheRunsOrderIsItsLabel) {
  EXPECT_EQ(ReadText(kLntReport).samples.provenance().labels, std::vector<std::string>{"1234"});
  // A number is kept as spelled; no order, or a null one, is no label.
  EXPECT_EQ(ReadText(R"({"format_version": "2", "run": {"llvm_project_revision": 567}, "tests": []})")
                .samples.provenance()
                .labels,
            std::vector<std::string>{"567"});
  EXPECT_TRUE(ReadText(R"({"format_version": "2", "run": {"llvm_project_revision": null}, "tests": []})")
                  .samples.provenance()
                  .labels.empty());
  EXPECT_TRUE(ReadText(R"({"format_version": "2", "run": {}, "tests": []})").samples.provenance().labels.empty());
}

TEST(LntReportTest, ErrorsNameTheField) {
  EXPECT_EQ(ReadText(R"({"format_version": "1", "tests": []})").error,
            "format_version: \"1\" is not \"2\", the only LNT report format read");
  EXPECT_EQ(ReadText(R"({"format_version": "2", "tests": [{"name": "a", "execution_time": ["x"]}]})").error,
            "tests[0].execution_time[0]: expected a number, got string");
  EXPECT_EQ(ReadText(R"({"format_version": "2", "tests": [{"name": "a", "execution_time": {}}]})").error,
            "tests[0].execution_time: expected a number or an array of numbers, got object");
  EXPECT_EQ(ReadText(R"({"format_version": "2", "run": {"start_time": "yesterday"}, "tests": []})").error,
            "run.start_time: 'yesterday' is not a time (YYYY-MM-DD HH:MM:SS, or ISO 8601 with a 'T')");
  EXPECT_EQ(ReadText(R"({"format_version": "2", "run": {"llvm_project_revision": ["1"]}, "tests": []})").error,
            "run.llvm_project_revision: expected a string, got array");
}

TEST(LntReportTest, AKeyGivenTwiceInAnyObjectIsAnError) {
  EXPECT_EQ(
      ReadText(R"({"format_version": "2", "tests": [{"name": "a", "execution_time": 1, "execution_time": 2}]})").error,
      "tests[0].execution_time: given twice in the same object");
  EXPECT_EQ(ReadText(R"({"format_version": "2", "tests": [{"name": "a", "name": "b", "execution_time": 1}]})").error,
            "tests[0].name: given twice in the same object");
  EXPECT_EQ(ReadText(R"({"format_version": "2", "machine": {"name": "m", "name": "n"}, "tests": []})").error,
            "machine.name: given twice in the same object");
  EXPECT_EQ(ReadText(R"({"format_version": "2", "tests": [], "tests": []})").error,
            "tests: given twice in the same object");
}

TEST(UtcTimestampTest, LntSpellingsAndIso8601WithZones) {
  EXPECT_EQ(UtcTimestampOf("2024-01-02 03:04:05"), "2024-01-02T03:04:05Z");
  EXPECT_EQ(UtcTimestampOf("2017-07-18T11:28:23"), "2017-07-18T11:28:23Z");
  EXPECT_EQ(UtcTimestampOf("2017-07-18T11:28:23.123456Z"), "2017-07-18T11:28:23Z");
  // 01:30 at +02:00 is 23:30 UTC the day before, across a year end.
  EXPECT_EQ(UtcTimestampOf("2024-01-01T01:30:00+02:00"), "2023-12-31T23:30:00Z");
  EXPECT_EQ(UtcTimestampOf("2024-02-28T23:00:00-0130"), "2024-02-29T00:30:00Z");
  EXPECT_EQ(UtcTimestampOf("2024-02-28T23:00:00-01"), "2024-02-29T00:00:00Z");
  for (const char* bad : {"", "2024-01-02", "2024-13-02 03:04:05", "2023-02-29 03:04:05", "2024-01-02 24:00:00",
                          "2024-01-02X03:04:05", "2024-01-02 03:04:05 UTC", "2024-01-02 03:04:05+2"}) {
    EXPECT_EQ(UtcTimestampOf(bad), std::nullopt) << bad;
  }
}

TEST(SummaryTest, OneRunNamedAsLitNamesTheTest) {
  Read read = ReadText(
      "exit 0\nreal       0.5000\nuser       0.4000\nsys        0.0100\nmaxrss     1000\n"
      "task-clock 0.4100\nperf::user_time 3\ncycles     12345\n",
      "pi.time");
  ASSERT_EQ(read.error, "");
  // Given as a file, the name is LitTestName of the path as given: "<dir>/pi".
  ASSERT_EQ(read.samples.benchmarks().size(), 1u);
  const BenchmarkSamples& pi = read.samples.benchmarks()[0];
  EXPECT_TRUE(pi.name.ends_with("/pi")) << pi.name;
  EXPECT_EQ(pi.runs, 1u);
  EXPECT_EQ(pi.failed_runs, 0u);
  // The lines above, under the names timeit's results files give them.
  EXPECT_EQ(pi.metrics.at("real"), (std::vector<double>{0.5}));
  EXPECT_EQ(pi.metrics.at("user"), (std::vector<double>{0.4}));
  EXPECT_EQ(pi.metrics.at("sys"), (std::vector<double>{0.01}));
  EXPECT_EQ(pi.metrics.at("maxrss"), (std::vector<double>{1000}));
  EXPECT_EQ(pi.metrics.at("task-clock"), (std::vector<double>{0.41}));
  EXPECT_EQ(pi.metrics.at("user_time"), (std::vector<double>{3}));
  EXPECT_EQ(pi.metrics.at("cycles"), (std::vector<double>{12345}));
}

TEST(SummaryTest, TheRunEndedWhenTheSummaryWasWrittenAndTookItsRealTime) {
  TempDir dir;
  // Also a failed run, and with only `real` kept: the time is the file's, not a sample.
  SampleSet samples({"user"});
  std::vector<std::string> warnings;
  WriteFile(dir.File("pi.time"), "exit 1\nreal 2.5\nuser 0.4\nsys 0.0\n");
  SetModified(dir.File("pi.time"), k20261201T081000, 0);
  ReadResultsFile(dir.File("pi.time"), samples, warnings);
  // 08:10:00 less 2.5 s, rounded down; the end a whole second already.
  EXPECT_EQ(samples.provenance().written_first_start, "2026-12-01T08:09:57Z");
  EXPECT_EQ(samples.provenance().written_last_end, "2026-12-01T08:10:00Z");
  EXPECT_EQ(samples.provenance().written_last_end_file, dir.File("pi.time"));
}

TEST(SummaryTest, ARealTimeLongerThanTheFilesAgeGivesNoStart) {
  TempDir dir;
  SampleSet samples = ReadWrittenAt(dir, "pi.time", "exit 0\nreal 1e300\nuser 0.4\nsys 0.0\n", k20261201T081000, 0);
  EXPECT_EQ(samples.provenance().written_first_start, "");
  EXPECT_EQ(samples.provenance().written_last_end, "2026-12-01T08:10:00Z");
}

TEST(SummaryTest, ANonZeroExitIsAFailedRun) {
  Read read = ReadText("exit 139\nreal 0.5\nuser 0.4\nsys 0.0\n", "x.time");
  ASSERT_EQ(read.samples.benchmarks().size(), 1u);
  EXPECT_EQ(read.samples.benchmarks()[0].runs, 1u);
  EXPECT_EQ(read.samples.benchmarks()[0].failed_runs, 1u);
  EXPECT_TRUE(read.samples.benchmarks()[0].metrics.empty());
}

TEST(SummaryTest, ErrorsNameTheLine) {
  EXPECT_EQ(ReadText("exit 0\nreal 0.5 s\n", "x.time").error, "2: expected a name and a number, as in 'user 0.0123'");
  EXPECT_EQ(ReadText("exit 0\nuser 0.5\nuser 0.6\n", "x.time").error, "3: user: given twice");
  EXPECT_EQ(ReadText("exit 0\nuser -1\n", "x.time").error,
            "2: user: '-1' is not a valid measurement (a finite, non-negative number)");
  EXPECT_EQ(ReadText("exit 0\nexit x\n", "x.time").error, "2: exit: given twice");
}

TEST(SummaryTest, TextThatIsNeitherASummaryNorJsonIsSaidToBeNeither) {
  // Not a JSON syntax error: the file never looked like JSON.
  EXPECT_EQ(ReadText("real 0.5\nexit 0\n", "x.time").error,
            "neither a timeit summary (its first line would be 'exit N') nor JSON: its first line is 'real 0.5'");
  EXPECT_EQ(ReadText("\n  junk junk junk junk junk junk junk junk junk\n", "x.time").error,
            "neither a timeit summary (its first line would be 'exit N') nor JSON: its first line is '  junk junk junk "
            "junk junk junk junk jun...'");
  const std::string bom =
      "starts with a byte-order mark (EF BB BF), which neither timeit, lit nor LNT writes: save it "
      "without one";
  EXPECT_EQ(ReadText("\xEF\xBB\xBF"
                     "exit 0\nuser 1\n",
                     "x.time")
                .error,
            bom);
  // Before a results stream's header, where it used to read as a document not in JSON Lines.
  EXPECT_EQ(ReadText("\xEF\xBB\xBF{\"schema\":\"timeit-results/2\",\"host\":{}}\n").error, bom);
  // Text that starts as JSON still gets the JSON reader's message.
  EXPECT_EQ(ReadText("{\"x\": ").error.find("neither"), std::string::npos);
}

TEST(DocumentKindTest, ToldByTheTopLevelKeys) {
  EXPECT_EQ(KindOfDocument("d.json", R"({"schema": "timeit-results/1", "benchmarks": []})"),
            DocumentKind::kTimeitResults);
  EXPECT_EQ(KindOfDocument("d.json", R"({"tests": [], "__version__": [1]})"), DocumentKind::kLitResults);
  EXPECT_EQ(KindOfDocument("d.json", R"({"format_version": "2"})"), DocumentKind::kLntReport);
  // A "schema" that is not timeit's, nested keys, another document.
  EXPECT_EQ(KindOfDocument("d.json", R"({"schema": "other"})"), DocumentKind::kUnknown);
  EXPECT_EQ(KindOfDocument("d.json", R"({"a": {"__version__": 1}, "schema": {"x": "timeit-results/1"}})"),
            DocumentKind::kUnknown);
  EXPECT_EQ(KindOfDocument("d.json", "[1, 2]"), DocumentKind::kUnknown);
  EXPECT_EQ(KindOfDocument("d.json", "{\"a\": "), DocumentKind::kMalformed);
  // Told before the malformed rest is reached.
  EXPECT_EQ(KindOfDocument("d.json", R"({"schema": "timeit-results/1", "benchmarks": [)"),
            DocumentKind::kTimeitResults);
}

TEST(DocumentKindTest, TheKeysOfTwoKindsAreAnErrorWhateverTheirOrder) {
  const char* lit_first = R"({"__version__": [1], "format_version": "2", "tests": []})";
  const char* lnt_first = R"({"format_version": "2", "__version__": [1], "tests": []})";
  EXPECT_EQ(ReadText(lit_first).error,
            "format_version: a top-level key of an LNT report in a document that \"__version__\" says is lit's JSON: "
            "it cannot be both, so it is read as neither");
  EXPECT_EQ(ReadText(lnt_first).error,
            "__version__: a top-level key of lit's JSON in a document that \"format_version\" says is an LNT "
            "report: it cannot be both, so it is read as neither");
  // timeit's schema, before or after the others' keys.
  EXPECT_EQ(ReadText(R"({"schema": "timeit-results/1", "__version__": [1], "benchmarks": []})").error,
            "__version__: a top-level key of lit's JSON in a document that \"schema\" says is timeit's results: it "
            "cannot be both, so it is read as neither");
  EXPECT_EQ(ReadText(R"({"format_version": "2", "schema": "timeit-results/1", "tests": []})").error,
            "schema: a top-level key of timeit's results in a document that \"format_version\" says is an LNT "
            "report: it cannot be both, so it is read as neither");
  // Repeating one kind's key is no second kind (and is refused as a key given twice).
  EXPECT_NE(ReadText(R"({"__version__": [1], "__version__": [2], "tests": []})").error.find("given twice"),
            std::string::npos);
}

}  // namespace
}  // namespace timeit
