#include "timeit/results/results_reader.h"

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

// Reads `text` as a results file and returns the error message, or "" if it was accepted.
std::string ErrorOf(const std::string& text) {
  TempDir dir;
  std::string path = dir.File("r.json");
  WriteFile(path, text);
  SampleSet samples;
  try {
    ReadResultsFile(path, samples);
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
  ReadResultsFile(dir.File("a.json"), samples);
  ReadResultsFile(dir.File("b.json"), samples);
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
  ReadResultsFile(dir.File("r.json"), samples);
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
  EXPECT_NE(ErrorOf("").find("r.json: "), std::string::npos);
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
    ReadResultsFile("/nonexistent/r.json", samples);
    FAIL() << "no error";
  } catch (const Error& error) {
    EXPECT_EQ(error.kind(), ErrorKind::kInput);
    EXPECT_STREQ(error.what(), "cannot read '/nonexistent/r.json': No such file or directory");
  }
}

}  // namespace
}  // namespace timeit
