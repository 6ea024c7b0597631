#include "timeit/measure/series.h"

#include <gtest/gtest.h>

#include "temp_dir.h"

namespace timeit {
namespace {

using testing::TempDir;

// A program whose exit code is read from a file the test rewrites between runs.
struct Scripted {
  TempDir dir;
  ChildSpec spec;
  explicit Scripted(const std::string& script) {
    testing::WriteFile(dir.File("run.sh"), script);
    spec.argv = {"/bin/sh", dir.File("run.sh"), dir.File("count")};
  }
};

// Exits with the code given for its n-th run (counting runs in a file): codes "0 0 3 0".
std::string ExitCodesScript(const std::string& codes) {
  return "n=$(cat \"$1\" 2>/dev/null || echo 0); n=$((n+1)); echo $n > \"$1\"\n"
         "set -- " + codes + "\nshift $((n-1)); exit ${1:-0}\n";
}

TEST(SeriesTest, WarmupsRunFirstAndAreNotRecorded) {
  Scripted program(ExitCodesScript("0 0 0 0 0"));
  auto counters = MakeNoCounterBackend("test");
  std::vector<std::string> events;
  SeriesObserver observer;
  observer.run_starting = [&](RunKind kind, int index, int total) {
    events.push_back(std::string(kind == RunKind::kWarmup ? "w" : "m") + std::to_string(index) + "/" +
                     std::to_string(total));
  };
  SeriesResult result = RunSeries(program.spec, *counters, {2, 3, false}, observer);
  EXPECT_EQ(events, (std::vector<std::string>{"w0/2", "w1/2", "m0/3", "m1/3", "m2/3"}));
  EXPECT_EQ(result.runs.size(), 3u);
  EXPECT_FALSE(result.stopped_early);
  EXPECT_EQ(result.exit_code, 0);
  EXPECT_EQ(testing::ReadFile(program.dir.File("count")), "5\n");
}

TEST(SeriesTest, FirstFailureStopsTheSeriesKeepingEarlierRuns) {
  Scripted program(ExitCodesScript("0 3 0 0"));
  auto counters = MakeNoCounterBackend("test");
  int finished = 0;
  SeriesObserver observer;
  observer.run_finished = [&](RunKind, int, int, const Measurement&) { ++finished; };
  SeriesResult result = RunSeries(program.spec, *counters, {0, 4, false}, observer);
  ASSERT_EQ(result.runs.size(), 2u);
  EXPECT_EQ(result.runs[0].exit_code, 0);
  EXPECT_EQ(result.runs[1].exit_code, 3);
  EXPECT_TRUE(result.stopped_early);
  EXPECT_EQ(result.exit_code, 3);
  EXPECT_EQ(finished, 2);
}

TEST(SeriesTest, IgnoreFailureKeepsGoingAndReportsTheFirstFailure) {
  Scripted program(ExitCodesScript("0 3 0 5"));
  auto counters = MakeNoCounterBackend("test");
  SeriesResult result = RunSeries(program.spec, *counters, {0, 4, true});
  ASSERT_EQ(result.runs.size(), 4u);
  EXPECT_FALSE(result.stopped_early);
  EXPECT_EQ(result.exit_code, 3);
}

TEST(SeriesTest, FailingWarmupStopsBeforeAnyMeasuredRun) {
  Scripted program(ExitCodesScript("7 0 0"));
  auto counters = MakeNoCounterBackend("test");
  SeriesResult result = RunSeries(program.spec, *counters, {1, 2, false});
  EXPECT_TRUE(result.runs.empty());
  EXPECT_TRUE(result.stopped_early);
  EXPECT_EQ(result.exit_code, 7);
}

TEST(SeriesTest, LastRunFailingIsNotAnEarlyStop) {
  Scripted program(ExitCodesScript("0 9"));
  auto counters = MakeNoCounterBackend("test");
  SeriesResult result = RunSeries(program.spec, *counters, {0, 2, false});
  EXPECT_EQ(result.runs.size(), 2u);
  EXPECT_FALSE(result.stopped_early);
  EXPECT_EQ(result.exit_code, 9);
}

}  // namespace
}  // namespace timeit
