// ReadResults on directories: what is read, what is skipped, and how summaries are named.
#include <gtest/gtest.h>

#include <pthread.h>
#include <time.h>

#include <algorithm>
#include <chrono>
#include <ctime>
#include <filesystem>
#include <functional>

#include "temp_dir.h"
#include "timeit/base/error.h"
#include "timeit/formats/inputs/results_reader.h"

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

// A timeit-results/1 document of one run of `name`.
std::string OneRun(const std::string& name) {
  return R"({"schema": "timeit-results/1", "benchmarks": [{"name": ")" + name +
         R"(", "runs": [{"metrics": {"user": 9}, "exit_code": 0}]}]})";
}

TEST(ResultsDirectoryTest, SummariesAreNamedByTheirPathBelowTheDirectory) {
  TempDir dir;
  Write(dir, "SingleSource/Misc/Output/pi.test.time", Summary("0.5"));
  Write(dir, "SingleSource/Misc/Output/e.test.time", Summary("0.25"));
  // Compile steps' summaries are no run of the benchmark.
  Write(dir, "SingleSource/Misc/Output/pi.o.time", Summary("9"));
  Write(dir, "SingleSource/Misc/Output/pi.link.time", Summary("9"));
  // And so are the results files --json-per-test writes beside them.
  Write(dir, "SingleSource/Misc/Output/pi.c.o.timeit.json", OneRun("SingleSource/Misc/pi.c.o"));
  Write(dir, "SingleSource/Misc/Output/pi.link.timeit.json", OneRun("SingleSource/Misc/pi.link"));
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
  Write(dir, "Output/pi.test.time", Summary("0.5"));
  Write(dir, "Output/pi.test.timeit.json",
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

// Sets the modification time of `relative` to `age` before now.
void Age(const TempDir& dir, const std::string& relative, std::chrono::seconds age) {
  std::filesystem::last_write_time(dir.path() / relative, std::filesystem::file_time_type::clock::now() - age);
}

// A timeit-results/1 document of one run of "pi" that started at `start`.
std::string OneRunStartedAt(const std::string& start) {
  return R"({"schema": "timeit-results/1", "benchmarks": [{"name": "pi", "runs": [{"metrics": {"real": 1.5,
      "user": 0.5}, "exit_code": 0, "start_time": ")" +
         start + R"("}]}]})";
}

// Now, or `ago` before, as timeit writes a run's start.
std::string UtcNow(std::chrono::seconds ago = std::chrono::seconds(0)) {
  std::time_t now = std::time(nullptr) - static_cast<std::time_t>(ago.count());
  std::tm utc;
  ::gmtime_r(&now, &utc);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &utc);
  return text;
}

TEST(ResultsDirectoryTest, AResultsFileOlderThanTheSummaryBesideItIsOfAnEarlierRun) {
  TempDir dir;
  Write(dir, "A/Output/x.test.timeit.json", OneRunStartedAt(UtcNow(std::chrono::seconds(10))));
  Write(dir, "A/Output/x.test.time", Summary("0.51"));
  Age(dir, "A/Output/x.test.timeit.json", std::chrono::seconds(10));
  SampleSet samples;
  std::vector<std::string> warnings;
  ReadResults(dir.path().string(), samples, warnings);
  // The summary's run, not the results file's.
  ASSERT_EQ(samples.benchmarks().size(), 1u);
  EXPECT_EQ(samples.benchmarks()[0].name, "A/x");
  EXPECT_EQ(samples.benchmarks()[0].metrics.at("user"), (std::vector<double>{0.51}));
  ASSERT_EQ(warnings.size(), 1u);
  EXPECT_NE(warnings[0].find("x.test.time' was written 10 s after '" + dir.File("A/Output/x.test.timeit.json") +
                             "' beside it: it is of a later run"),
            std::string::npos)
      << warnings[0];
}

TEST(ResultsDirectoryTest, AResultsFileBesideASummaryThatHoldsNoRunsLeavesTheSummaryRead) {
  for (const char* beside : {"empty", "directory", "header", "foreign"}) {
    TempDir dir;
    Write(dir, "Output/pi.test.time", Summary("0.5"));
    std::string json = "Output/pi.test.timeit.json";
    if (beside == std::string("empty")) Write(dir, json, "");
    if (beside == std::string("directory")) std::filesystem::create_directories(dir.path() / json);
    if (beside == std::string("header")) Write(dir, json, "{\"schema\":\"timeit-results/2\",\"host\":{}}\n");
    if (beside == std::string("foreign")) Write(dir, json, "[]");
    SampleSet samples;
    std::vector<std::string> warnings;
    ReadResults(dir.path().string(), samples, warnings);
    ASSERT_EQ(samples.benchmarks().size(), 1u) << beside;
    EXPECT_EQ(samples.benchmarks()[0].name, "pi") << beside;
    EXPECT_EQ(samples.benchmarks()[0].metrics.at("user"), (std::vector<double>{0.5})) << beside;
    ASSERT_EQ(warnings.size(), 1u) << beside;
    EXPECT_NE(warnings[0].find("'" + dir.File(json) + "' beside a summary "), std::string::npos) << warnings[0];
    EXPECT_NE(warnings[0].find(": '" + dir.File("Output/pi.test.time") + "' is read instead"), std::string::npos)
        << warnings[0];
  }
}

TEST(ResultsDirectoryTest, RunsOfEarlierLitRunsInAResultsFileAreReadWithAWarning) {
  TempDir dir;
  // A night ago, and the runs of this lit run: both pooled, and said once for the walk.
  Write(dir, "a/Output/pi.test.timeit.json", OneRunStartedAt(UtcNow(std::chrono::hours(24))));
  Write(dir, "b/Output/pi.test.timeit.json", OneRunStartedAt(UtcNow(std::chrono::hours(24))));
  Write(dir, "c/Output/pi.test.timeit.json", OneRunStartedAt(UtcNow()));
  for (const char* test : {"a", "b", "c"}) Write(dir, std::string(test) + "/Output/pi.test.time", Summary("0.5"));
  SampleSet samples;
  std::vector<std::string> warnings;
  ReadResults(dir.path().string(), samples, warnings);
  ASSERT_EQ(samples.benchmarks().size(), 1u);
  EXPECT_EQ(samples.benchmarks()[0].runs, 3u);
  ASSERT_EQ(warnings.size(), 1u);
  EXPECT_NE(warnings[0].find("'" + dir.File("a/Output/pi.test.timeit.json") +
                             "' holds runs of more than one lit run (the first started "),
            std::string::npos)
      << warnings[0];
  EXPECT_NE(warnings[0].find("they are pooled; remove the *.timeit.json files before a lit run to compare that run "
                             "alone (and 1 more like it under '" +
                             dir.path().string() + "')"),
            std::string::npos)
      << warnings[0];
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

TEST(ResultsDirectoryTest, ASummaryThatIsNoneIsSkippedWithAWarningSayingWhy) {
  TempDir dir;
  Write(dir, "a/Output/x.test.time", "garbage\n");
  Write(dir, "b/Output/x.test.time", Summary("0.5"));
  SampleSet samples;
  std::vector<std::string> warnings;
  ReadResults(dir.path().string(), samples, warnings);
  EXPECT_EQ(samples.benchmarks().size(), 1u);
  EXPECT_EQ(warnings, (std::vector<std::string>{dir.File("a/Output/x.test.time") +
                                                ": skipped: neither a timeit summary (its first line would be 'exit "
                                                "N') nor JSON: its first line is 'garbage'"}));
}

TEST(ResultsDirectoryTest, SummariesOfOneNameArePooledWithAWarningNamingBoth) {
  TempDir dir;
  // litsupport's summary, lit's %t spelling of the same test, and a summary of no lit shape
  // beside them: three files, one name, "a/x".
  Write(dir, "a/Output/x.test.time", Summary("1"));
  Write(dir, "a/Output/x.test.tmp.time", Summary("2"));
  Write(dir, "a/x.time", Summary("3"));
  // A command of several keeps its number, and a file of no lit shape can spell it too.
  Write(dir, "b/Output/y.test-0.time", Summary("4"));
  Write(dir, "b/y.test-0.time", Summary("5"));
  // A results file read instead of its summary counts under the summary's name.
  Write(dir, "c/Output/z.test.time", Summary("6"));
  Write(dir, "c/Output/z.test.timeit.json", OneRun("c/z"));
  Write(dir, "c/z.time", Summary("7"));
  SampleSet samples;
  std::vector<std::string> warnings;
  ReadResults(dir.path().string(), samples, warnings);
  ASSERT_NE(samples.Find("a/x"), nullptr);
  EXPECT_EQ(samples.Find("a/x")->runs, 3u);
  ASSERT_EQ(warnings.size(), 1u);
  EXPECT_EQ(warnings[0], "'" + dir.File("a/Output/x.test.tmp.time") + "' names the same benchmark as '" +
                             dir.File("a/Output/x.test.time") +
                             "', 'a/x': their runs are pooled; keep one of them in the directory to read it alone "
                             "(and 3 more like it under '" +
                             dir.path().string() + "')");
}

TEST(ResultsDirectoryTest, SummariesOfOneNameInTwoDirectoriesGivenArePooledUnwarned) {
  TempDir one, two;
  Write(one, "a/Output/x.test.time", Summary("1"));
  Write(two, "a/Output/x.test.time", Summary("2"));
  SampleSet samples;
  std::vector<std::string> warnings;
  ReadResults(one.path().string(), samples, warnings);
  ReadResults(two.path().string(), samples, warnings);
  EXPECT_TRUE(warnings.empty());
  ASSERT_NE(samples.Find("a/x"), nullptr);
  EXPECT_EQ(samples.Find("a/x")->runs, 2u);
}

TEST(ResultsDirectoryTest, ASummaryWhoseResultsFileWouldBeNamedTooLongIsReadUnwarned) {
  TempDir dir;
  // 251 bytes fit a file name (255 on Linux); with ".timeit.json" for ".time" they do not.
  std::string test(241, 'L');
  Write(dir, "a/Output/" + test + ".test.time", Summary("1"));
  SampleSet samples;
  std::vector<std::string> warnings;
  ReadResults(dir.path().string(), samples, warnings);
  EXPECT_TRUE(warnings.empty()) << warnings[0];
  ASSERT_NE(samples.Find("a/" + test), nullptr);
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
  Write(dir, "x/Output/pi.test.time", Summary("0.5"));
  // A link back to the top would walk for ever if it were followed.
  std::filesystem::create_directory_symlink(dir.path(), dir.path() / "x" / "loop");
  std::filesystem::create_symlink(dir.path() / "x" / "Output" / "pi.test.time", dir.path() / "e.time");
  SampleSet samples;
  std::vector<std::string> warnings;
  ReadResults(dir.path().string(), samples, warnings);
  // The linked directory is not entered; the linked file is read (as "e", met first), and
  // the file it links to is then the same file, not read again.
  ASSERT_EQ(samples.benchmarks().size(), 1u);
  EXPECT_EQ(samples.benchmarks()[0].name, "e");
  EXPECT_EQ(samples.benchmarks()[0].runs, 1u);
}

TEST(ResultsDirectoryTest, FilesAndDirectoriesAreReadInOneNameOrder) {
  TempDir dir;
  // A directory's files come where its name sorts among the files beside it: "b" before
  // "b.time", "b/a" before "b/c/a", "b/c/a" before "b/d".
  for (const char* summary : {"c.time", "b.time", "b/d.time", "b/c/a.time", "b/a.time", "a.time"}) {
    Write(dir, summary, Summary("1"));
  }
  SampleSet samples;
  std::vector<std::string> warnings;
  ReadResults(dir.path().string(), samples, warnings);
  std::vector<std::string> names;
  for (const BenchmarkSamples& benchmark : samples.benchmarks()) names.push_back(benchmark.name);
  EXPECT_EQ(names, (std::vector<std::string>{"a", "b/a", "b/c/a", "b/d", "b", "c"}));
}

// Runs `work` on a thread of its own whose stack is `stack_bytes`: a walk that recursed
// once per level would overflow it (a crash, not a failure), as it would a process's
// stack under `ulimit -s`.
void OnSmallStack(size_t stack_bytes, const std::function<void()>& work) {
  pthread_attr_t attributes;
  ASSERT_EQ(::pthread_attr_init(&attributes), 0);
  ASSERT_EQ(::pthread_attr_setstacksize(&attributes, stack_bytes), 0);
  pthread_t thread;
  auto run = [](void* argument) -> void* {
    (*static_cast<const std::function<void()>*>(argument))();
    return nullptr;
  };
  ASSERT_EQ(::pthread_create(&thread, &attributes, run, const_cast<std::function<void()>*>(&work)), 0);
  ::pthread_attr_destroy(&attributes);
  ASSERT_EQ(::pthread_join(thread, nullptr), 0);
}

TEST(ResultsDirectoryTest, ATreeOf1500LevelsIsWalkedOnASmallStack) {
  TempDir dir;
  constexpr int kLevels = 1500;  // 3,000 bytes of path: within PATH_MAX
  std::string deep;
  for (int level = 0; level < kLevels; ++level) {
    deep += "d/";
    std::filesystem::create_directory(dir.path() / deep);  // create_directories refuses a path this long
  }
  Write(dir, deep + "x.time", Summary("0.5"));
  Write(dir, "y.time", Summary("0.25"));
  SampleSet samples;
  std::vector<std::string> warnings;
  std::string error;
  OnSmallStack(size_t{256} << 10, [&] {
    try {
      ReadResults(dir.path().string(), samples, warnings);
    } catch (const Error& thrown) {
      error = thrown.what();
    }
  });
  EXPECT_EQ(error, "");
  ASSERT_EQ(samples.benchmarks().size(), 2u);
  EXPECT_EQ(samples.benchmarks()[0].name, deep + "x");
  EXPECT_EQ(samples.benchmarks()[1].name, "y");
}

// ReadSide of `paths`; the error's message if it throws one.
std::string ReadSideOf(const std::vector<std::string>& paths, SampleSet& samples, std::vector<std::string>& warnings) {
  try {
    ReadSide(paths, samples, warnings);
  } catch (const Error& error) {
    EXPECT_EQ(error.kind(), ErrorKind::kInput);
    return error.what();
  }
  return "";
}

TEST(ReadSideTest, AFileReachedAgainIsReadOnce) {
  TempDir dir;
  Write(dir, "nb/M/Output/a.test.time", Summary("0.5"));
  Write(dir, "nb/M/Output/b.test.time", Summary("0.5"));
  Write(dir, "r.time", Summary("0.5"));
  std::filesystem::create_hard_link(dir.path() / "r.time", dir.path() / "hard.time");
  SampleSet samples;
  std::vector<std::string> warnings;
  std::string r = dir.File("r.time");
  std::string nb = dir.File("nb");
  std::string output = dir.File("nb/M/Output");
  // Named twice, by a hard link, and a directory inside one given before.
  ASSERT_EQ(ReadSideOf({r, r, dir.File("hard.time"), nb, output}, samples, warnings), "");
  ASSERT_EQ(samples.benchmarks().size(), 3u);
  for (const BenchmarkSamples& benchmark : samples.benchmarks()) EXPECT_EQ(benchmark.runs, 1u) << benchmark.name;
  EXPECT_EQ(samples.benchmarks()[1].name, "M/a");  // named as first reached, below nb
  ASSERT_EQ(warnings.size(), 3u);
  EXPECT_EQ(warnings[0], "'" + r + "' is the file read already as '" + r + "': its runs count once");
  EXPECT_EQ(warnings[1],
            "'" + dir.File("hard.time") + "' is the file read already as '" + r + "': its runs count once");
  EXPECT_EQ(warnings[2], "2 files under '" + output + "' were read already (the first, '" + output +
                             "/a.test.time', as '" + nb + "/M/Output/a.test.time'): their runs count once");
}

TEST(ReadSideTest, ReturnsEachFileReadOnce) {
  TempDir dir;
  Write(dir, "a.time", Summary("0.5"));
  Write(dir, "b.time", Summary("0.5"));
  SampleSet samples;
  std::vector<std::string> warnings;
  FilesRead files = ReadSide({dir.File("a.time"), dir.File("b.time"), dir.File("a.time")}, samples, warnings);
  ASSERT_EQ(files.size(), 2u);
  std::vector<std::string> paths;
  for (const auto& [identity, path] : files) paths.push_back(path);
  std::sort(paths.begin(), paths.end());
  EXPECT_EQ(paths, (std::vector<std::string>{dir.File("a.time"), dir.File("b.time")}));
}

TEST(ReadSideTest, AFileHasOneIdentityByEveryPath) {
  TempDir dir;
  Write(dir, "a.time", Summary("0.5"));
  std::filesystem::create_symlink("a.time", dir.path() / "link.time");
  SampleSet samples;
  std::vector<std::string> warnings;
  FilesRead files = ReadSide({dir.File("a.time")}, samples, warnings);
  std::optional<FileIdentity> linked = IdentityOfFile(dir.File("link.time"));
  ASSERT_TRUE(linked.has_value());
  EXPECT_EQ(files.count(*linked), 1u);
  EXPECT_EQ(IdentityOfFile(dir.File("missing")), std::nullopt);
}

TEST(ReadSideTest, ASideWithoutAnyBenchmarkIsAnInputError) {
  TempDir dir;
  Write(dir, "empty.json", "");
  Write(dir, "header.json", "{\"schema\":\"timeit-results/2\",\"host\":{}}\n");
  Write(dir, "unsupported.json", R"({"__version__": [1], "tests": [{"name": "s :: t.test", "code": "UNSUPPORTED"}]})");
  Write(dir, "good.time", Summary("0.5"));
  for (const char* file : {"empty.json", "header.json", "unsupported.json"}) {
    SampleSet samples;
    std::vector<std::string> warnings;
    EXPECT_EQ(ReadSideOf({dir.File(file)}, samples, warnings),
              "'" + dir.File(file) +
                  "': no benchmark in it (empty files, headers without runs and tests that did not run have none)");
  }
  SampleSet samples;
  std::vector<std::string> warnings;
  EXPECT_NE(ReadSideOf({dir.File("empty.json"), dir.File("header.json")}, samples, warnings).find("', '"),
            std::string::npos);
  // With a benchmark from another file, an empty file is only a warning.
  SampleSet some;
  warnings.clear();
  EXPECT_EQ(ReadSideOf({dir.File("empty.json"), dir.File("good.time")}, some, warnings), "");
  EXPECT_EQ(warnings, (std::vector<std::string>{dir.File("empty.json") + ": empty, no runs in it"}));
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
