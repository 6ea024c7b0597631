#include "timeit/measure/adaptive.h"

#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <string>
#include <vector>

#include "counter_readings.h"

namespace timeit {
namespace {

using testing::Reading;

// A successful run of `wall` seconds whose task-clock read `task_clock` seconds (none: not
// counted) and whose user time was `user`.
Measurement Succeeded(std::optional<double> task_clock, double user = 0.5, double wall = 1) {
  Measurement run;
  run.real_seconds = wall;
  run.user_seconds = user;
  run.counters.available = true;
  if (task_clock) {
    run.counters.readings = {Reading("task-clock", CounterStatus::kCounted, static_cast<uint64_t>(*task_clock * 1e9), 1,
                                     1, *task_clock * 1e9, true)};
  } else {
    run.counters.readings = {Reading("task-clock", CounterStatus::kNotSupported, 0, 0, 0, 0, true)};
  }
  return run;
}

Measurement Failed() {
  Measurement run = Succeeded(std::nullopt);
  run.exit_code = 1;
  return run;
}

std::vector<Measurement> Runs(std::initializer_list<double> task_clocks, double wall = 1) {
  std::vector<Measurement> runs;
  for (double value : task_clocks) runs.push_back(Succeeded(value, 0.5, wall));
  return runs;
}

TEST(PrimaryMetricTest, TaskClockWhenEverySuccessfulRunCountedIt) {
  std::vector<std::vector<Measurement>> runs = {Runs({1, 2}), Runs({3})};
  EXPECT_EQ(PrimaryMetricOf(runs), PrimaryMetric::kTaskClock);
  runs[1].push_back(Failed());  // a failed run without it changes nothing
  EXPECT_EQ(PrimaryMetricOf(runs), PrimaryMetric::kTaskClock);
  runs[1].push_back(Succeeded(std::nullopt));
  EXPECT_EQ(PrimaryMetricOf(runs), PrimaryMetric::kUser);
  EXPECT_EQ(PrimaryMetricOf(std::vector<std::vector<Measurement>>{{Failed()}}), PrimaryMetric::kUser);
  EXPECT_EQ(PrimaryMetricOf(std::vector<std::vector<Measurement>>{}), PrimaryMetric::kUser);
}

TEST(PrimaryMetricTest, TaskClockInAnySpelling) {
  Measurement run = Succeeded(0.25);
  run.counters.readings[0].event = "perf::task-clock:u";
  std::vector<std::vector<Measurement>> runs = {{run}};
  EXPECT_EQ(PrimaryMetricOf(runs), PrimaryMetric::kTaskClock);
}

TEST(PrimaryMetricTest, ValuesOfSuccessfulRunsWithTheirIndices) {
  std::vector<Measurement> runs = {Succeeded(0.25, 0.125), Failed(), Succeeded(0.5, 0.375)};
  PrimaryValues task_clock = PrimaryValuesOf(runs, PrimaryMetric::kTaskClock);
  EXPECT_EQ(task_clock.values, (std::vector<double>{0.25, 0.5}));
  EXPECT_EQ(task_clock.run_indices, (std::vector<size_t>{0, 2}));
  EXPECT_EQ(PrimaryValuesOf(runs, PrimaryMetric::kUser).values, (std::vector<double>{0.125, 0.375}));
}

AdaptivePlan Plan(double target, int min_runs, int max_runs, double max_seconds) {
  AdaptivePlan plan;
  plan.target_rmad_percent = target;
  plan.min_runs = min_runs;
  plan.max_runs = max_runs;
  plan.max_seconds = max_seconds;
  return plan;
}

TEST(AdaptiveStopTest, MetOnceEveryCommandHasMinRunsWithinTheTarget) {
  AdaptivePlan plan = Plan(1, 3, 100, 1000);
  // 100, 101: too few runs, however precise.
  EXPECT_EQ(AdaptiveStop(plan, std::vector<std::vector<Measurement>>{Runs({100, 101})}), std::nullopt);
  // median 101, MAD 1: 0.99% <= 1%.
  EXPECT_EQ(AdaptiveStop(plan, std::vector<std::vector<Measurement>>{Runs({100, 101, 102})}), SeriesStop::kTargetMet);
  // median 100, MAD 2: 2%; a second command within the target does not make up for it.
  std::vector<std::vector<Measurement>> two = {Runs({100, 101, 102}), Runs({98, 100, 102})};
  EXPECT_EQ(AdaptiveStop(plan, two), std::nullopt);
  two[1] = Runs({100, 100, 103});
  EXPECT_EQ(AdaptiveStop(plan, two), SeriesStop::kTargetMet);
}

TEST(AdaptiveStopTest, FailedRunsAndAZeroMedianNeverMeetIt) {
  AdaptivePlan plan = Plan(1, 3, 100, 1000);
  std::vector<std::vector<Measurement>> runs = {Runs({100, 100})};
  runs[0].push_back(Failed());
  EXPECT_EQ(AdaptiveStop(plan, runs), std::nullopt);  // two successful runs of three
  std::vector<Measurement> zero = {Succeeded(std::nullopt, 0), Succeeded(std::nullopt, 0), Succeeded(std::nullopt, 0)};
  EXPECT_EQ(AdaptiveStop(plan, std::vector<std::vector<Measurement>>{zero}), std::nullopt);  // user time 0
}

TEST(AdaptiveStopTest, MaxRunsThenMaxTime) {
  std::vector<std::vector<Measurement>> noisy = {Runs({100, 150, 100, 150})};
  EXPECT_EQ(AdaptiveStop(Plan(1, 2, 4, 1000), noisy), SeriesStop::kMaxRuns);
  EXPECT_EQ(AdaptiveStop(Plan(1, 2, 5, 1000), noisy), std::nullopt);
  // Four rounds of 1 s: a fifth would end at 5 s.
  EXPECT_EQ(AdaptiveStop(Plan(1, 2, 100, 5), noisy), std::nullopt);
  EXPECT_EQ(AdaptiveStop(Plan(1, 2, 100, 4.5), noisy), SeriesStop::kMaxTime);
  // Two commands: a round is both their runs, 2 s.
  std::vector<std::vector<Measurement>> two = {Runs({100, 150}), Runs({100, 150})};
  EXPECT_EQ(AdaptiveStop(Plan(1, 2, 100, 6), two), std::nullopt);
  EXPECT_EQ(AdaptiveStop(Plan(1, 2, 100, 5.9), two), SeriesStop::kMaxTime);
  // Met wins over both bounds.
  EXPECT_EQ(AdaptiveStop(Plan(60, 2, 2, 0.1), two), SeriesStop::kTargetMet);
}

// The series stops after the round that met the target, in whole rounds.
TEST(AdaptiveSeriesTest, StopsAfterTheRoundThatMeetsTheTarget) {
  std::vector<ChildSpec> specs(2);
  specs[0].argv = {"A"};
  specs[1].argv = {"B"};
  // A is steady; B is noisy for its first four runs.
  std::vector<double> b_values = {100, 140, 60, 130, 100, 100, 100, 100, 100, 100};
  int a_runs = 0, b_runs = 0;
  Launcher launch = [&](const ChildSpec& spec, CounterBackend&) {
    if (spec.argv[0] == "A") return Succeeded(100 + 0.01 * (a_runs++ % 2));
    return Succeeded(b_values.at(static_cast<size_t>(b_runs++)));
  };
  SeriesPlan plan;
  AdaptivePlan adaptive = Plan(1, 3, 100, 1000);
  plan.adaptive = adaptive;
  auto counters = MakeNoCounterBackend("test");
  SeriesResult result = RunSeries(specs, *counters, plan, {}, launch);
  // B's relative MAD after 3 to 7 runs: 40%, 17.4%, 30%, 15%, 0% (median 100, MAD 0).
  EXPECT_EQ(result.runs[0].size(), 7u);
  EXPECT_EQ(result.runs[1].size(), 7u);
  EXPECT_EQ(result.stopped, SeriesStop::kTargetMet);
  std::vector<std::vector<Measurement>> before = result.runs;
  for (std::vector<Measurement>& command_runs : before) command_runs.pop_back();
  EXPECT_EQ(AdaptiveStop(adaptive, before), std::nullopt) << "it went one round too far";
}

TEST(AdaptiveSeriesTest, StopsAtMaxRunsInWholeRounds) {
  std::vector<ChildSpec> specs(2);
  specs[0].argv = {"A"};
  specs[1].argv = {"B"};
  // Each command cycles through 100, 150, 200: an rMAD of 20% or more after any number of runs
  // (alternating two values would not do: with an odd count, MAD is 0).
  std::map<std::string, int> launches;
  Launcher launch = [&](const ChildSpec& spec, CounterBackend&) {
    return Succeeded(100 + 50 * (launches[spec.argv[0]]++ % 3));
  };
  SeriesPlan plan;
  plan.adaptive = Plan(0.5, 3, 7, 1000);
  auto counters = MakeNoCounterBackend("test");
  SeriesResult result = RunSeries(specs, *counters, plan, {}, launch);
  EXPECT_EQ(result.stopped, SeriesStop::kMaxRuns);
  EXPECT_EQ(result.runs[0].size(), 7u);
  EXPECT_EQ(result.runs[1].size(), 7u);
  EXPECT_FALSE(result.stopped_early);
}

}  // namespace
}  // namespace timeit
