#include "timeit/formats/inputs/results_reader.h"

#include <gtest/gtest.h>

#include "temp_dir.h"
#include "timeit/base/error.h"

namespace timeit {
namespace {

using testing::TempDir;
using testing::WriteFile;

std::string Results(const std::string& benchmarks) {
  return R"({"schema": "timeit-results/1", "host": {"cpu_count": 2, "kernel_pmus": ["software"]},
             "benchmarks": [)" +
         benchmarks + "]}";
}

// Reads a results file; warnings must be asked for (ReadWithWarnings).
void Read(const std::string& path, SampleSet& samples) {
  std::vector<std::string> warnings;
  ReadResultsFile(path, samples, warnings);
  EXPECT_TRUE(warnings.empty()) << warnings.front();
}

// Reads `text` as a results file and returns the error message, or "" if it was accepted.
std::string ErrorOf(const std::string& text) {
  TempDir dir;
  std::string path = dir.File("r.json");
  WriteFile(path, text);
  SampleSet samples;
  try {
    Read(path, samples);
  } catch (const Error& error) {
    EXPECT_EQ(error.kind(), ErrorKind::kInput);
    return error.what();
  }
  return "";
}

TEST(ResultsReaderTest, PoolsRunsOfTheSameNameAcrossFiles) {
  TempDir dir;
  WriteFile(dir.File("a.json"), Results(R"(
      {"name": "pi", "command": ["./pi"], "runs": [
         {"metrics": {"real": 1.5, "task-clock": 1.25}, "exit_code": 0, "counters": {"events": []}},
         {"metrics": {"real": 2.5}, "exit_code": 0}]},
      {"name": "e", "runs": [{"metrics": {"real": 7}, "exit_code": 0}]})"));
  WriteFile(dir.File("b.json"), Results(R"({"name": "pi", "runs": [{"metrics": {"real": 3.5}, "exit_code": 0}]})"));
  SampleSet samples;
  Read(dir.File("a.json"), samples);
  Read(dir.File("b.json"), samples);
  ASSERT_EQ(samples.benchmarks().size(), 2u);
  const BenchmarkSamples* pi = samples.Find("pi");
  ASSERT_NE(pi, nullptr);
  EXPECT_EQ(pi->runs, 3u);
  EXPECT_EQ(pi->failed_runs, 0u);
  EXPECT_EQ(pi->metrics.at("real"), (std::vector<double>{1.5, 2.5, 3.5}));
  EXPECT_EQ(pi->metrics.at("task-clock"), (std::vector<double>{1.25}));
  EXPECT_EQ(samples.benchmarks()[1].name, "e");
  EXPECT_EQ(samples.Find("missing"), nullptr);
}

TEST(ResultsReaderTest, FailedRunsAreCountedButNotPooled) {
  TempDir dir;
  WriteFile(dir.File("r.json"), Results(R"({"name": "x", "runs": [
      {"metrics": {"real": 1}, "exit_code": 0},
      {"metrics": {"real": 2}, "exit_code": 3},
      {"metrics": {"real": 3}, "exit_code": 0, "signal": 11},
      {"metrics": {"real": 4}, "exit_code": 0, "timed_out": true},
      {"metrics": {"real": 5}, "exit_code": 0, "failure": "exec"},
      {"metrics": {"real": 6}, "exit_code": 0, "timed_out": false}]})"));
  SampleSet samples;
  Read(dir.File("r.json"), samples);
  const BenchmarkSamples* x = samples.Find("x");
  ASSERT_NE(x, nullptr);
  EXPECT_EQ(x->runs, 6u);
  EXPECT_EQ(x->failed_runs, 4u);
  EXPECT_EQ(x->metrics.at("real"), (std::vector<double>{1, 6}));
}

TEST(ResultsReaderTest, WhatTimeitWritesIsRead) {
  // The shape of a real record, with the nested counters and rusage blocks to skip.
  EXPECT_EQ(ErrorOf(Results(R"({"name": "sh -c exit 0", "command": ["sh", "-c", "exit 0"], "runs": [
      {"metrics": {"real": 0.001, "user": 0, "sys": 0.001, "maxrss": 1183744, "task-clock": 0.0009},
       "exit_code": 0, "start_time": "2026-11-30T18:27:21Z",
       "rusage": {"minor_faults": 80, "major_faults": 0},
       "counters": {"backend": "perf_event", "available": true, "events": [
          {"event": "task-clock", "status": "counted", "raw": 900000, "value": 0.0009, "unit": "s"},
          {"event": "cycles", "status": "not-supported", "unit": "count", "error": "x"}]}}]})")),
            "");
}

TEST(ResultsReaderTest, MalformedJsonNamesLineAndColumn) {
  std::string message = ErrorOf("{\"schema\": \"timeit-results/1\",\n  \"benchmarks\": [,]}");
  EXPECT_NE(message.find("r.json: "), std::string::npos) << message;
  EXPECT_NE(message.find("line 2, column 18"), std::string::npos) << message;
}

TEST(ResultsReaderTest, AnEmptyFileHasNoRunsAndAWarning) {
  // What a reader sees between a writer creating the file and writing its first line.
  for (const char* text : {"", "\n", "  \n\n"}) {
    TempDir dir;
    std::string path = dir.File("r.json");
    WriteFile(path, text);
    SampleSet samples;
    std::vector<std::string> warnings;
    ReadResultsFile(path, samples, warnings);
    EXPECT_TRUE(samples.benchmarks().empty());
    EXPECT_EQ(warnings, (std::vector<std::string>{path + ": empty, no runs in it"}));
  }
}

TEST(ResultsReaderTest, WrongShapeNamesTheField) {
  EXPECT_NE(ErrorOf(Results(R"({"name": "x", "runs": [{"metrics": {"real": 1}}, {"metrics": {"real": "fast"}}]})"))
                .find("benchmarks[0].runs[1].metrics.real: expected a number, got a string"),
            std::string::npos);
  EXPECT_NE(ErrorOf(Results(R"({"name": 5, "runs": []})")).find("benchmarks[0].name: expected a string, got a number"),
            std::string::npos);
  EXPECT_NE(ErrorOf(Results(R"({"runs": []})")).find("benchmarks[0].name: missing"), std::string::npos);
  EXPECT_NE(
      ErrorOf(Results(R"({"name": "x", "runs": [{"exit_code": 0}]})")).find("benchmarks[0].runs[0].metrics: missing"),
      std::string::npos);
  EXPECT_NE(
      ErrorOf(Results(R"({"name": "x", "runs": {}})")).find("benchmarks[0].runs: expected an array, got an object"),
      std::string::npos);
  EXPECT_NE(
      ErrorOf(R"({"schema": "timeit-results/1", "benchmarks": 3})").find("benchmarks: expected an array, got a number"),
      std::string::npos);
  EXPECT_NE(ErrorOf(R"({"schema": "other/2", "benchmarks": []})").find("schema: 'other/2' is not timeit-results/1"),
            std::string::npos);
  EXPECT_NE(ErrorOf(R"({"benchmarks": []})").find("schema: missing"), std::string::npos);
  EXPECT_NE(ErrorOf(R"({"schema": "timeit-results/1"})").find("benchmarks: missing"), std::string::npos);
  EXPECT_NE(ErrorOf("[1, 2]").find("the document is an array"), std::string::npos);
}

TEST(ResultsReaderTest, BenchmarksAndRunsMustBeObjects) {
  // Neither may be skipped: a benchmark silently dropped from one side would read as removed.
  EXPECT_NE(
      ErrorOf(Results(R"({"name": "x", "runs": []}, [])")).find("benchmarks[1]: expected an object, got an array"),
      std::string::npos);
  EXPECT_NE(ErrorOf(Results(R"({"name": "x", "runs": [[{"metrics": {"real": 1}}]]})"))
                .find("benchmarks[0].runs[0]: expected an object, got an array"),
            std::string::npos);
  EXPECT_NE(
      ErrorOf(Results(R"({"name": "x", "runs": [3]})")).find("benchmarks[0].runs[0]: expected an object, got a number"),
      std::string::npos);
}

TEST(ResultsReaderTest, KeysGivenTwiceAreRejected) {
  // A metric given twice would count as two runs' values, a name given twice as two
  // benchmarks; metrics of different runs, and names of different benchmarks, are fine.
  EXPECT_NE(ErrorOf(Results(R"({"name": "x", "runs": [{"metrics": {"real": 1, "user": 1, "real": 2}}]})"))
                .find("benchmarks[0].runs[0].metrics.real: given twice in the same object"),
            std::string::npos);
  EXPECT_NE(ErrorOf(Results(R"({"name": "x", "name": "y", "runs": []})")).find("benchmarks[0].name: given twice"),
            std::string::npos);
  EXPECT_EQ(ErrorOf(Results(R"({"name": "x", "runs": [{"metrics": {"real": 1}}, {"metrics": {"real": 2}}]},
                               {"name": "y", "runs": [{"metrics": {"real": 1}}]})")),
            "");
}

TEST(ResultsReaderTest, NegativeMeasurementsAreRejected) {
  std::string message = ErrorOf(Results(R"({"name": "x", "runs": [{"metrics": {"real": -0.5}, "exit_code": 0}]})"));
  EXPECT_NE(message.find("benchmarks[0].runs[0].metrics.real: -0.5 is not a valid measurement"), std::string::npos)
      << message;
}

TEST(ResultsReaderTest, MissingFileIsAnInputError) {
  SampleSet samples;
  try {
    Read("/nonexistent/r.json", samples);
    FAIL() << "no error";
  } catch (const Error& error) {
    EXPECT_EQ(error.kind(), ErrorKind::kInput);
    EXPECT_STREQ(error.what(), "cannot read '/nonexistent/r.json': No such file or directory");
  }
}

// timeit-results/2: a header line, then one line per run.
const char* kHeader = R"({"schema":"timeit-results/2","host":{"cpu_count":2}})";

std::string RunLine(const std::string& name, const std::string& outcome, const std::string& metrics) {
  return R"({"benchmark":")" + name + R"(","outcome":")" + outcome + R"(","metrics":{)" + metrics +
         R"(},"exit_code":0,"counters":{"backend":"fake","available":true,"events":{"task-clock":["counted",1,2,2]}}})";
}

struct StreamRead {
  SampleSet samples;
  std::vector<std::string> warnings;
  std::string error;
};

StreamRead ReadStream(const std::string& text) {
  TempDir dir;
  std::string path = dir.File("r.jsonl");
  WriteFile(path, text);
  StreamRead read;
  try {
    ReadResultsFile(path, read.samples, read.warnings);
  } catch (const Error& error) {
    EXPECT_EQ(error.kind(), ErrorKind::kInput);
    read.error = error.what();
    // Every message names the file, and (past the header) the line.
    EXPECT_EQ(read.error.rfind(path + ":", 0), 0u) << read.error;
    read.error = read.error.substr(path.size() + 1);
  }
  for (std::string& warning : read.warnings) {
    EXPECT_EQ(warning.rfind(path + ":", 0), 0u) << warning;
    warning = warning.substr(path.size() + 1);
  }
  return read;
}

TEST(RecordStreamTest, PoolsRunsByNameInFirstSeenOrder) {
  StreamRead read = ReadStream(std::string(kHeader) + "\n" + RunLine("pi", "ok", R"("real":1.5,"task-clock":1.25)") +
                               "\n" + RunLine("e", "ok", R"("real":7)") + "\n" + RunLine("pi", "ok", R"("real":2.5)") +
                               "\n" + RunLine("pi", "signal", R"("real":9)") + "\n");
  ASSERT_EQ(read.error, "");
  ASSERT_EQ(read.samples.benchmarks().size(), 2u);
  EXPECT_EQ(read.samples.benchmarks()[0].name, "pi");
  const BenchmarkSamples& pi = read.samples.benchmarks()[0];
  EXPECT_EQ(pi.runs, 3u);
  EXPECT_EQ(pi.failed_runs, 1u);
  EXPECT_EQ(pi.metrics.at("real"), (std::vector<double>{1.5, 2.5}));
  EXPECT_EQ(pi.metrics.at("task-clock"), (std::vector<double>{1.25}));
  EXPECT_EQ(read.samples.Find("e")->metrics.at("real"), (std::vector<double>{7}));
}

TEST(RecordStreamTest, EveryOutcomeButOkIsAFailedRun) {
  std::string text = std::string(kHeader) + "\n";
  for (const char* outcome : {"ok", "exit-code", "signal", "timeout", "interrupted", "exec-failed", "setup-failed"}) {
    text += RunLine("x", outcome, R"("real":1)") + "\n";
  }
  StreamRead read = ReadStream(text);
  ASSERT_EQ(read.error, "");
  EXPECT_EQ(read.samples.Find("x")->runs, 7u);
  EXPECT_EQ(read.samples.Find("x")->failed_runs, 6u);
  EXPECT_EQ(ReadStream(std::string(kHeader) + "\n" + RunLine("x", "OK", R"("real":1)") + "\n").error,
            "2:28: outcome: 'OK' is none of ok, exit-code, signal, timeout, interrupted, exec-failed, setup-failed");
}

TEST(RecordStreamTest, EveryCutOfARecordIsSkippedWithAWarningAndNothingElse) {
  // A writer killed during its write leaves a prefix of its line; the next writer starts a
  // line of its own. Whatever the cut, the prefix is skipped (with a warning naming the
  // line), never read as a run or taken for a malformed file.
  std::string record = RunLine("cut", "ok", R"("real":1.5,"user":0.25)");
  std::string after = RunLine("after", "ok", R"("real":2)") + "\n";
  for (size_t cut = 1; cut < record.size(); ++cut) {
    for (bool last : {true, false}) {
      std::string text = std::string(kHeader) + "\n" + record.substr(0, cut) + (last ? "" : "\n" + after);
      StreamRead read = ReadStream(text);
      ASSERT_EQ(read.error, "") << "cut at " << cut << ": " << record.substr(0, cut);
      ASSERT_EQ(read.warnings.size(), 1u) << "cut at " << cut;
      EXPECT_EQ(read.warnings[0], "2: skipped an incomplete record (a writer was stopped while writing it)");
      EXPECT_EQ(read.samples.Find("cut"), nullptr) << "cut at " << cut;
      EXPECT_EQ(read.samples.Find("after") != nullptr, !last);
    }
  }
}

TEST(RecordStreamTest, AWholeLineThatIsMalformedIsAnErrorNotAnIncompleteRecord) {
  // Only a line that is valid JSON up to where it ends inside a value can be a record cut
  // short; a line with a syntax error before its end is a damaged file, even one that leaves
  // a bracket open in a field the reader skips.
  std::string head = std::string(kHeader) + "\n";
  for (const char* line : {R"({"benchmark" "x","outcome":"ok","metrics":{"real":1}})",
                           R"({"benchmark":"x","outcome":"ok","metrics":{"real":1},"junk":[1,2,})",
                           R"({"benchmark":"x","outcome":"ok","metrics":{"real":1,}})",
                           R"({"benchmark":"x",,"outcome":"ok","metrics":{"real":1}})",
                           R"({"benchmark":"x","outcome":"ok","metrics":{"real":1}},)",
                           R"({"benchmark":"x","outcome":"ok","metrics":{"real":1}}})", "garbage", "[1]", "7"}) {
    StreamRead read = ReadStream(head + line + "\n" + RunLine("y", "ok", R"("real":1)") + "\n");
    EXPECT_EQ(read.error.substr(0, 2), "2:") << line << ": " << read.error;
    EXPECT_TRUE(read.warnings.empty()) << line;
  }
  EXPECT_EQ(ReadStream(head + "garbage\n").error, "2:1: not a JSON object");
  EXPECT_EQ(ReadStream(head + "[1]\n").error, "2:1: not a JSON object");
}

TEST(RecordStreamTest, AHeaderCutShortIsSkippedAndTheNextHeaderCounts) {
  std::string header = kHeader;
  for (size_t cut = 1; cut < header.size(); ++cut) {
    StreamRead read =
        ReadStream(header.substr(0, cut) + "\n" + header + "\n" + RunLine("x", "ok", R"("real":1)") + "\n");
    ASSERT_EQ(read.error, "") << header.substr(0, cut);
    EXPECT_EQ(read.warnings.size(), 1u) << header.substr(0, cut);
    EXPECT_EQ(read.samples.Find("x")->runs, 1u);
  }
}

TEST(RecordStreamTest, FilesJoinedWithCatAreOneFile) {
  std::string one = std::string(kHeader) + "\n" + RunLine("x", "ok", R"("real":1)") + "\n";
  StreamRead read = ReadStream(one + one);
  ASSERT_EQ(read.error, "");
  EXPECT_EQ(read.samples.Find("x")->metrics.at("real"), (std::vector<double>{1, 1}));
}

TEST(RecordStreamTest, ErrorsNameTheLineAndColumn) {
  std::string head = std::string(kHeader) + "\n";
  // Column 1 is the line's first byte; each expected column was counted by hand.
  EXPECT_EQ(ReadStream(head + RunLine("x", "ok", R"("real":1e400)") + "\n").error,
            "2:51: metrics.real: not a number a double can hold (malformed, or beyond 1.8e308)");
  EXPECT_EQ(ReadStream(head + RunLine("x", "ok", R"("real":-1)") + "\n").error,
            "2:51: metrics.real: -1 is not a valid measurement (negative or not finite)");
  EXPECT_EQ(ReadStream(head + RunLine("x", "ok", R"("real":"fast")") + "\n").error,
            "2:51: metrics.real: expected a number");
  EXPECT_EQ(ReadStream(head + RunLine("x", "ok", R"("real":1,"real":2)") + "\n").error,
            "2:53: metrics.real: given twice in the same record");
  EXPECT_EQ(ReadStream(head + R"({"benchmark":"a","benchmark":"b","outcome":"ok","metrics":{}})" + "\n").error,
            "2:18: benchmark: given twice in the same record");
  EXPECT_EQ(ReadStream(head + R"({"outcome":"ok","metrics":{}})" + "\n").error, "2: benchmark: missing");
  EXPECT_EQ(ReadStream(head + R"({"benchmark":"a","metrics":{}})" + "\n").error, "2: outcome: missing");
  EXPECT_EQ(ReadStream(head + R"({"benchmark":"a","outcome":"ok"})" + "\n").error, "2: metrics: missing");
  EXPECT_EQ(ReadStream(head + R"({"benchmark":7,"outcome":"ok","metrics":{}})" + "\n").error,
            "2:14: benchmark: expected a string");
  EXPECT_EQ(ReadStream(head + R"({"benchmark":"a","outcome":"ok","metrics":[]})" + "\n").error,
            "2:43: metrics: expected an object");
  EXPECT_EQ(ReadStream(head + "[1,2]\n").error.substr(0, 2), "2:");
  EXPECT_EQ(ReadStream(head + R"({"benchmark":"a","outcome":"ok","metrics":{}} {"x":1})" + "\n").error,
            "2:47: text after the record's closing brace");
  EXPECT_EQ(ReadStream(RunLine("x", "ok", R"("real":1)") + "\n" + head).error, "1: a run record before the header");
  EXPECT_EQ(ReadStream(head + R"({"schema":"timeit-results/3"})" + "\n").error,
            "2:11: schema: 'timeit-results/3' in a timeit-results/2 file");
}

TEST(RecordStreamTest, NamesAreMatchedOnTheirExactBytes) {
  // "caf\xe9" (Latin-1) is stored as "caf\uFFFD" with its bytes beside it; the UTF-8 name
  // "caf\xc3\xa9" and the literal "caf\uFFFD" are other benchmarks.
  std::string head = std::string(kHeader) + "\n";
  std::string latin1 = R"({"benchmark":"caf\ufffd","outcome":"ok","metrics":{"real":1},"benchmark_bytes":"636166e9"})";
  std::string utf8 = R"({"benchmark":"caf\u00e9","outcome":"ok","metrics":{"real":2}})";
  std::string replacement = R"({"benchmark":"caf\ufffd","outcome":"ok","metrics":{"real":3}})";
  StreamRead read = ReadStream(head + latin1 + "\n" + utf8 + "\n" + replacement + "\n" + latin1 + "\n");
  ASSERT_EQ(read.error, "");
  ASSERT_EQ(read.samples.benchmarks().size(), 3u);
  EXPECT_EQ(read.samples.Find("caf\xe9")->metrics.at("real"), (std::vector<double>{1, 1}));
  EXPECT_EQ(read.samples.Find("caf\xc3\xa9")->metrics.at("real"), (std::vector<double>{2}));
  EXPECT_EQ(read.samples.Find("caf\xef\xbf\xbd")->metrics.at("real"), (std::vector<double>{3}));
  EXPECT_EQ(ReadStream(head + R"({"benchmark":"a","benchmark_bytes":"6g","outcome":"ok","metrics":{}})" + "\n").error,
            "2:36: benchmark_bytes: not hex digits");
}

TEST(RecordStreamTest, BlankLinesAndUnknownFieldsAreIgnored) {
  StreamRead read =
      ReadStream("\n \n" + std::string(kHeader) + "\n\n" +
                 R"({"benchmark":"a","future":{"x":[1,{"y":null}]},"outcome":"ok","metrics":{"real":1}})" + "\n  \n");
  ASSERT_EQ(read.error, "");
  EXPECT_EQ(read.samples.Find("a")->runs, 1u);
}

TEST(RecordStreamTest, SeriesRecordsAreSkipped) {
  // Its benchmarks, runs and host are about how the runs were made; none of it is a run.
  std::string series = R"({"series":{"benchmarks":["a"],"runs":{"a":9},"host":{"cpu_count":64}}})";
  StreamRead read = ReadStream(std::string(kHeader) + "\n" + RunLine("a", "ok", R"("real":1)") + "\n" + series + "\n" +
                               RunLine("a", "ok", R"("real":2)") + "\n" + series + "\n");
  ASSERT_EQ(read.error, "");
  EXPECT_EQ(read.samples.Find("a")->runs, 2u);
  EXPECT_EQ(read.samples.Find("a")->metrics.at("real"), (std::vector<double>{1, 2}));
  EXPECT_TRUE(read.warnings.empty());

  StreamRead both = ReadStream(std::string(kHeader) + "\n" +
                               R"({"series":{},"benchmark":"a","outcome":"ok","metrics":{"real":1}})" + "\n");
  EXPECT_EQ(both.error, "2: a record is a header (schema), a run (benchmark) or a series (series), not two");
}

TEST(RecordStreamTest, LinesAcrossAndBeyondTheReadBufferAreWhole) {
  // The file is read 8 MiB at a time: 30,000 records cross buffer boundaries anywhere, and
  // a 20 MB line (a name that long) is longer than a buffer.
  std::string text = std::string(kHeader) + "\n";
  for (int i = 0; i < 30000; ++i) {
    text += RunLine("b" + std::to_string(i % 7), "ok",
                    R"("real":)" + std::to_string(i) + ",\"pad\":" + std::to_string(1000000 + i));
    text += "\n";
  }
  std::string long_name(20 << 20, 'x');
  text += RunLine(long_name, "ok", R"("real":5)") + "\n" + RunLine("b0", "ok", R"("real":1e9)");  // no final '\n'
  StreamRead read = ReadStream(text);
  ASSERT_EQ(read.error, "");
  EXPECT_TRUE(read.warnings.empty());
  ASSERT_EQ(read.samples.benchmarks().size(), 8u);
  size_t runs = 0;
  double sum = 0;
  for (const BenchmarkSamples& benchmark : read.samples.benchmarks()) {
    runs += benchmark.runs;
    for (double value : benchmark.metrics.at("real")) sum += value;
  }
  EXPECT_EQ(runs, 30002u);
  EXPECT_EQ(sum, 29999.0 * 30000 / 2 + 5 + 1e9);  // every value once: 0 + 1 + ... + 29999
  EXPECT_EQ(read.samples.Find(long_name)->runs, 1u);
}

TEST(RecordStreamTest, BlankLinesBeyondTheFirstBufferBeforeTheHeader) {
  // 9 MiB of newlines: more than the 8 MiB read at a time, and not an empty file.
  size_t blank = size_t{9} << 20;
  StreamRead read = ReadStream(std::string(blank, '\n') + kHeader + "\n" + RunLine("a", "ok", R"("real":1)") + "\n" +
                               R"({"benchmark":7})" + "\n");
  EXPECT_EQ(read.error, std::to_string(blank + 3) + ":14: benchmark: expected a string");
  EXPECT_TRUE(read.warnings.empty());
}

TEST(RecordStreamTest, AStreamIsReadFromAPipeToo) {
  std::string text = std::string(kHeader) + "\n" + RunLine("x", "ok", R"("real":1)") + "\n";
  int fds[2];
  ASSERT_EQ(::pipe(fds), 0);
  ASSERT_EQ(::write(fds[1], text.data(), text.size()), static_cast<ssize_t>(text.size()));
  ::close(fds[1]);
  SampleSet samples;
  std::vector<std::string> warnings;
  ReadResultsFile("/dev/fd/" + std::to_string(fds[0]), samples, warnings);
  ::close(fds[0]);
  EXPECT_EQ(samples.Find("x")->runs, 1u);
}

TEST(RecordStreamTest, DevicesAreRefusedNotReadForEver) {
  SampleSet samples;
  std::vector<std::string> warnings;
  try {
    ReadResultsFile("/dev/zero", samples, warnings);
    ADD_FAILURE() << "read /dev/zero";
  } catch (const Error& error) {
    EXPECT_EQ(std::string(error.what()), "cannot read '/dev/zero': a device, not a results file");
  }
}

TEST(ResultsDocumentTest, ANumberOutOfRangeNamesItsLineAndColumn) {
  std::string message = ErrorOf(Results(R"({"name": "x", "runs": [
      {"metrics": {"real": 1e400}, "exit_code": 0}]})"));
  EXPECT_NE(message.find("number overflow parsing '1e400' at line 3, column 28"), std::string::npos) << message;
}

}  // namespace
}  // namespace timeit

namespace timeit {
namespace {

TEST(ProvenanceTest, AStreamsHostAndRunStartsAreNoted) {
  TempDir dir;
  std::string path = dir.File("r.jsonl");
  WriteFile(path, R"({"schema":"timeit-results/2","host":{"hostname":"h1","cpu_count":2,"cpu_model":"X \"Y\"",)"
                  R"("perf_event_paranoid":null,"kernel_pmus":["cpu"],"hardware_counters":true,"load":1.50}})"
                  "\n"
                  R"({"benchmark":"a","outcome":"ok","metrics":{"user":1},"start_time":"2026-12-01T08:07:10Z"})"
                  "\n"
                  R"({"benchmark":"a","outcome":"signal","metrics":{},"start_time":"2026-12-01T08:07:12Z"})"
                  "\n"
                  R"({"benchmark":"a","outcome":"ok","metrics":{"user":1},"start_time":"2026-12-01T08:07:09Z"})"
                  "\n");
  SampleSet samples;
  std::vector<std::string> warnings;
  ReadResultsFile(path, samples, warnings);
  const SampleProvenance& provenance = samples.provenance();
  ASSERT_EQ(provenance.hosts.size(), 1u);
  // The header's scalars above, as text in their JSON spelling; null and the array left out.
  EXPECT_EQ(provenance.hosts[0], (std::map<std::string, std::string, std::less<>>{{"cpu_count", "2"},
                                                                                  {"cpu_model", "X \"Y\""},
                                                                                  {"hardware_counters", "true"},
                                                                                  {"hostname", "h1"},
                                                                                  {"load", "1.50"}}));
  // The earliest and latest of the three starts, the failed run's included.
  EXPECT_EQ(provenance.first_start, "2026-12-01T08:07:09Z");
  EXPECT_EQ(provenance.last_start, "2026-12-01T08:07:12Z");
}

TEST(ProvenanceTest, AStreamsLabelsAreNotedOnceEachInTheOrderMet) {
  TempDir dir;
  std::string path = dir.File("r.jsonl");
  WriteFile(path, std::string(kHeader) + "\n" +
                      R"({"benchmark":"a","outcome":"ok","metrics":{"user":1},"label":"r100"})"
                      "\n"
                      R"({"benchmark":"b","outcome":"signal","metrics":{},"label":"r99"})"
                      "\n"
                      R"({"benchmark":"a","outcome":"ok","metrics":{"user":2},"label":"r100"})"
                      "\n"
                      R"({"benchmark":"a","outcome":"ok","metrics":{"user":3}})"
                      "\n"
                      R"({"benchmark":"c","outcome":"ok","metrics":{"user":4},"label":"caf\u00e9 \"x\""})"
                      "\n");
  SampleSet samples;
  std::vector<std::string> warnings;
  ReadResultsFile(path, samples, warnings);
  // The failed run's label too: it was a run of that revision all the same. A run without
  // one adds nothing.
  EXPECT_EQ(samples.provenance().labels, (std::vector<std::string>{"r100", "r99", "caf\xc3\xa9 \"x\""}));
  EXPECT_EQ(samples.Find("a")->metrics.at("user"), (std::vector<double>{1, 2, 3}));
}

TEST(ProvenanceTest, ALabelThatIsNotTextIsAnError) {
  StreamRead read = ReadStream(std::string(kHeader) + "\n" +
                               R"({"benchmark":"a","outcome":"ok","metrics":{"user":1},"label":1234})" + "\n");
  EXPECT_EQ(read.error, "2:62: label: expected a string");
  read = ReadStream(std::string(kHeader) + "\n" +
                    R"({"benchmark":"a","outcome":"ok","metrics":{},"label":"x","label":"y"})" + "\n");
  EXPECT_EQ(read.error, "2:58: label: given twice in the same record");
}

TEST(ProvenanceTest, LabelsOfTheFilesOfASideArePooledOnceEach) {
  TempDir dir;
  std::vector<std::string> paths;
  for (const char* label : {"r2", "r1", "r2"}) {
    paths.push_back(dir.File(std::string("n-") + std::to_string(paths.size()) + ".jsonl"));
    WriteFile(paths.back(), std::string(kHeader) + "\n" + R"({"benchmark":"a","outcome":"ok","metrics":{},"label":")" +
                                label + "\"}\n");
  }
  SampleSet samples;
  std::vector<std::string> warnings;
  ReadSide(paths, samples, warnings);
  EXPECT_EQ(samples.provenance().labels, (std::vector<std::string>{"r2", "r1"}));
}

TEST(ProvenanceTest, ADocumentsHostAndRunStartsAreNoted) {
  TempDir dir;
  std::string path = dir.File("r.json");
  WriteFile(path, R"({"schema": "timeit-results/1", "host": {"hostname": "h2", "cpu_count": 4, "pmus": ["cpu"],
      "libpfm_version": null, "ratio": 2.50},
    "benchmarks": [{"name": "a", "runs": [{"metrics": {"user": 1}, "exit_code": 0, "start_time": "2026-01-01T00:00:01Z"},
                                          {"metrics": {"user": 1}, "exit_code": 0, "start_time": "2026-01-01T00:00:00Z"}]}]})");
  SampleSet samples;
  std::vector<std::string> warnings;
  ReadResultsFile(path, samples, warnings);
  const SampleProvenance& provenance = samples.provenance();
  ASSERT_EQ(provenance.hosts.size(), 1u);
  EXPECT_EQ(provenance.hosts[0], (std::map<std::string, std::string, std::less<>>{
                                     {"cpu_count", "4"}, {"hostname", "h2"}, {"ratio", "2.50"}}));
  EXPECT_EQ(provenance.first_start, "2026-01-01T00:00:00Z");
  EXPECT_EQ(provenance.last_start, "2026-01-01T00:00:01Z");
}

}  // namespace
}  // namespace timeit
