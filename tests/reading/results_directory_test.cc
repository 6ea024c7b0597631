// ReadResults on directories: what is read, what is skipped, and how summaries are named.
#include <gtest/gtest.h>

#include <filesystem>

#include "temp_dir.h"
#include "timeit/base/error.h"
#include "timeit/reading/results_reader.h"

namespace timeit {
namespace {

using testing::TempDir;
using testing::WriteFile;

void Write(const TempDir& dir, const std::string& relative, const std::string& text) {
  std::filesystem::path path = dir.path() / relative;
  std::filesystem::create_directories(path.parent_path());
  WriteFile(path.string(), text);
}

std::string Summary(const std::string& user) { return "exit 0\nreal 1.0\nuser " + user + "\nsys 0.0\n"; }

TEST(ResultsDirectoryTest, SummariesAreNamedByTheirPathBelowTheDirectory) {
  TempDir dir;
  Write(dir, "SingleSource/Misc/Output/pi.test.tmp.time", Summary("0.5"));
  Write(dir, "SingleSource/Misc/Output/e.test.tmp.time", Summary("0.25"));
  // Compile steps' summaries are no run of the benchmark.
  Write(dir, "SingleSource/Misc/Output/pi.o.time", Summary("9"));
  Write(dir, "SingleSource/Misc/Output/pi.link.time", Summary("9"));
  Write(dir, "notes.txt", "exit 0\n");
  SampleSet samples;
  std::vector<std::string> warnings;
  ReadResults(dir.path().string(), samples, warnings);
  EXPECT_TRUE(warnings.empty());
  // In name order: e before pi; named as lit names the tests (LitTestName).
  ASSERT_EQ(samples.benchmarks().size(), 2u);
  EXPECT_EQ(samples.benchmarks()[0].name, "SingleSource/Misc/e");
  EXPECT_EQ(samples.benchmarks()[1].name, "SingleSource/Misc/pi");
  EXPECT_EQ(samples.benchmarks()[1].metrics.at("user"), (std::vector<double>{0.5}));
}

TEST(ResultsDirectoryTest, AResultsFileBesideASummaryIsReadInsteadOfIt) {
  TempDir dir;
  Write(dir, "Output/pi.test.tmp.time", Summary("0.5"));
  Write(dir, "Output/pi.test.tmp.timeit.json",
        R"({"schema": "timeit-results/1", "benchmarks": [{"name": "pi", "runs": [{"metrics": {"user": 0.5,
            "task-clock": 0.51}, "exit_code": 0}]}]})");
  SampleSet samples;
  std::vector<std::string> warnings;
  ReadResults(dir.path().string(), samples, warnings);
  // One run, counted once, under the name the results file gives it.
  ASSERT_EQ(samples.benchmarks().size(), 1u);
  EXPECT_EQ(samples.benchmarks()[0].name, "pi");
  EXPECT_EQ(samples.benchmarks()[0].runs, 1u);
  EXPECT_EQ(samples.benchmarks()[0].metrics.at("task-clock"), (std::vector<double>{0.51}));
}

TEST(ResultsDirectoryTest, JsonOfAnotherKindIsSkippedWithAWarning) {
  TempDir dir;
  Write(dir, "a/compile_commands.json", "[]");
  Write(dir, "b/broken.json", "{\"x\": ");
  Write(dir, "c/results.json",
        R"({"__version__": [1], "tests": [{"name": "s :: t.test", "code": "PASS", "metrics": {"exec_time": 1}}]})");
  SampleSet samples;
  std::vector<std::string> warnings;
  ReadResults(dir.path().string(), samples, warnings);
  ASSERT_EQ(warnings.size(), 2u);
  EXPECT_NE(warnings[0].find("compile_commands.json: skipped: not a results file of a known kind"), std::string::npos)
      << warnings[0];
  EXPECT_NE(warnings[1].find("broken.json: skipped"), std::string::npos) << warnings[1];
  ASSERT_NE(samples.Find("t"), nullptr);
}

TEST(ResultsDirectoryTest, ADirectoryWithoutResultsIsAnInputError) {
  TempDir dir;
  Write(dir, "sub/compile_commands.json", "[]");
  SampleSet samples;
  std::vector<std::string> warnings;
  try {
    ReadResults(dir.path().string(), samples, warnings);
    FAIL() << "no error";
  } catch (const Error& error) {
    EXPECT_EQ(error.kind(), ErrorKind::kInput);
    EXPECT_NE(std::string(error.what()).find("'" + dir.path().string() + "': no results in this directory"),
              std::string::npos)
        << error.what();
  }
}

TEST(ResultsDirectoryTest, LinksToDirectoriesAreNotFollowed) {
  TempDir dir;
  Write(dir, "x/Output/pi.test.tmp.time", Summary("0.5"));
  // A link back to the top would walk for ever if it were followed.
  std::filesystem::create_directory_symlink(dir.path(), dir.path() / "x" / "loop");
  std::filesystem::create_symlink(dir.path() / "x" / "Output" / "pi.test.tmp.time", dir.path() / "e.time");
  SampleSet samples;
  std::vector<std::string> warnings;
  ReadResults(dir.path().string(), samples, warnings);
  // The linked file is read (as "e"), the linked directory is not.
  ASSERT_EQ(samples.benchmarks().size(), 2u);
  EXPECT_EQ(samples.benchmarks()[0].name, "e");
  EXPECT_EQ(samples.benchmarks()[1].name, "x/pi");
  EXPECT_EQ(samples.benchmarks()[1].runs, 1u);
}

TEST(ResultsDirectoryTest, AFileIsReadAsReadResultsFileReadsIt) {
  TempDir dir;
  Write(dir, "pi.time", Summary("0.5"));
  SampleSet samples;
  std::vector<std::string> warnings;
  ReadResults(dir.File("pi.time"), samples, warnings);
  ASSERT_EQ(samples.benchmarks().size(), 1u);
  EXPECT_EQ(samples.benchmarks()[0].name, dir.File("pi"));
}

}  // namespace
}  // namespace timeit
