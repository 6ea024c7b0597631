#include "timeit/measure/series_warnings.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "counter_readings.h"

namespace timeit {
namespace {

using testing::Reading;

// A successful run: `task_clock` seconds counted, `wall` seconds long, CPU time `cpu`.
Measurement Succeeded(double task_clock, double wall = 1, double cpu = 1) {
  Measurement run;
  run.real_seconds = wall;
  run.user_seconds = cpu * 0.75;
  run.sys_seconds = cpu * 0.25;
  run.counters.available = true;
  run.counters.readings = {Reading("task-clock", CounterStatus::kCounted, 1, 1, 1, task_clock * 1e9, true)};
  return run;
}

std::vector<Measurement> Runs(std::initializer_list<double> task_clocks) {
  std::vector<Measurement> runs;
  for (double value : task_clocks) runs.push_back(Succeeded(value));
  return runs;
}

// The kinds of the warnings, and for each the command it is about ("-" for the machine).
std::string Kinds(const std::vector<SeriesWarning>& warnings) {
  std::string text;
  for (const SeriesWarning& warning : warnings) {
    text += (text.empty() ? "" : " ") + std::string(SpellingOf(kWarningKindSpellings, warning.kind)) + "@" +
            (warning.command ? std::to_string(*warning.command) : "-");
  }
  return text;
}

std::vector<SeriesWarning> Judge(std::vector<std::vector<Measurement>> runs, const MachineConditions& machine = {}) {
  return SeriesWarnings(runs, machine);
}

TEST(SeriesWarningsTest, QuietSeriesHasNone) {
  MachineConditions machine;
  machine.cpu_governor = "performance";
  machine.cpu_count = 4;
  machine.load_start = {{2, 2, 2}};
  machine.load_end = {{1.5, 2, 2}};
  machine.clock_latency_seconds = 25e-9;
  EXPECT_EQ(Kinds(Judge({Runs({1, 1.01, 0.99, 1, 1.02})}, machine)), "");
  EXPECT_EQ(Kinds(Judge({})), "");
}

TEST(SeriesWarningsTest, FirstRunSlow) {
  std::vector<SeriesWarning> slow = Judge({Runs({1.5, 1, 1.01, 0.99, 1})});
  EXPECT_EQ(Kinds(slow), "first-run-slow@0 outliers@0");
  EXPECT_EQ(slow[0].message,
            "the first run's task-clock (1.5 s) is 50% above the median of the others (1 s): caches and the CPU's "
            "clock were still warming up; --warmup N makes N runs first, unrecorded");
  // An outlier, but less than 10% above the others.
  EXPECT_EQ(Kinds(Judge({Runs({1.08, 1, 1, 1.001, 1})})), "outliers@0");
  // Too few runs; below the others; the first run failed.
  EXPECT_EQ(Kinds(Judge({Runs({3, 1})})), "");
  EXPECT_EQ(Kinds(Judge({Runs({0.5, 1, 1.01, 0.99, 1})})), "outliers@0");
  std::vector<Measurement> failed_first = Runs({3, 1, 1.01, 0.99, 1});
  failed_first[0].exit_code = 1;
  EXPECT_EQ(Kinds(Judge({failed_first})), "");
}

TEST(SeriesWarningsTest, TooShort) {
  MachineConditions machine;
  machine.clock_latency_seconds = 25e-9;
  std::vector<Measurement> runs = {Succeeded(1e-6, 2e-6, 2e-6), Succeeded(1e-6, 2.4e-6, 2.4e-6)};
  std::vector<SeriesWarning> warnings = Judge({runs}, machine);
  EXPECT_EQ(Kinds(warnings), "too-short@0");
  EXPECT_EQ(
      warnings[0].message,
      "the median wall time (2.2e-06 s) is less than 100 reads of the clock (25.0 ns each): the clock's own cost is "
      "part of every number");
  runs[1].real_seconds = runs[0].real_seconds = 2.5e-6;  // 100 reads exactly
  EXPECT_EQ(Kinds(Judge({runs}, machine)), "");
  EXPECT_EQ(Kinds(Judge({runs})), "");  // latency unknown
}

TEST(SeriesWarningsTest, MultiplexedNamesTheLeastCoverage) {
  std::vector<Measurement> runs = Runs({1, 1});
  runs[0].counters.readings.push_back(Reading("cycles", CounterStatus::kMultiplexed, 5, 4, 3, 6.7));
  runs[1].counters.readings.push_back(Reading("instructions", CounterStatus::kMultiplexed, 5, 4, 1, 20));
  runs[1].exit_code = 2;  // a failed run's counters are estimates too
  std::vector<SeriesWarning> warnings = Judge({Runs({1}), runs});
  EXPECT_EQ(Kinds(warnings), "multiplexed@1");
  EXPECT_EQ(warnings[0].message,
            "counters were multiplexed: instructions ran 25.0% of the time it was enabled in run 2 (the least of any "
            "event), so its counts are scaled estimates; count fewer events (-e) for exact ones");
}

TEST(SeriesWarningsTest, Waiting) {
  std::vector<SeriesWarning> warnings = Judge({{Succeeded(0.01, 0.1, 0.01), Succeeded(0.01, 0.1, 0.01)}});
  EXPECT_EQ(Kinds(warnings), "waiting@0");
  EXPECT_EQ(warnings[0].message,
            "the median wall time (0.1 s) is far above the median CPU time (0.01 s, task-clock): the program waited "
            "(sleep, I/O, a child it did not wait for) or the machine was busy");
  // task-clock is the CPU time when it was counted; rusage's user + sys otherwise.
  EXPECT_EQ(Kinds(Judge({{Succeeded(0.09, 0.1, 0.01)}})), "");
  Measurement uncounted = Succeeded(0, 0.1, 0.01);
  uncounted.counters.readings.clear();
  std::vector<SeriesWarning> rusage = Judge({{uncounted}});
  EXPECT_EQ(Kinds(rusage), "waiting@0");
  EXPECT_NE(rusage[0].message.find("(0.01 s, user + sys)"), std::string::npos) << rusage[0].message;
  // Four times the CPU time, but only 3 ms more: a short program's start-up.
  EXPECT_EQ(Kinds(Judge({{Succeeded(0.001, 0.004, 0.001)}})), "");
  // 5 ms more, but not 1.5 times: a long program.
  EXPECT_EQ(Kinds(Judge({{Succeeded(1, 1.4, 1)}})), "");
}

TEST(SeriesWarningsTest, OutliersAreNumberedAmongTheCommandsRuns) {
  std::vector<Measurement> runs = Runs({1, 1.01, 0.99, 1, 1.02, 1.6, 1});
  runs.insert(runs.begin() + 1, Measurement{});  // a failed run keeps its number
  runs[1].exit_code = 3;
  std::vector<SeriesWarning> warnings = Judge({runs});
  EXPECT_EQ(Kinds(warnings), "outliers@0");
  EXPECT_EQ(warnings[0].message,
            "1 run is an outlier in task-clock (|modified z-score| > 3.5): run 7; kept in every figure");
  std::vector<SeriesWarning> two = Judge({Runs({1, 2, 1, 1.01, 0.99, 1, 2.2})});
  EXPECT_EQ(two.back().message,
            "2 runs are outliers in task-clock (|modified z-score| > 3.5): runs 2, 7; kept in every figure");
}

TEST(SeriesWarningsTest, LoadedAboveHalfTheCpusAtEitherEnd) {
  MachineConditions machine;
  machine.cpu_count = 2;
  machine.load_start = {{0.5, 3, 3}};
  machine.load_end = {{1.25, 3, 3}};
  std::vector<SeriesWarning> warnings = Judge({Runs({1})}, machine);
  EXPECT_EQ(Kinds(warnings), "loaded@-");
  EXPECT_EQ(warnings[0].message,
            "the 1-minute load average was 0.50 at the start, 1.25 at the end, above half of the 2 CPUs: other work "
            "competed for the CPUs and their caches");
  machine.load_end = {{1, 3, 3}};  // half exactly
  EXPECT_EQ(Kinds(Judge({Runs({1})}, machine)), "");
  machine.load_start.reset();
  machine.load_end = {{7, 0, 0}};
  EXPECT_EQ(Judge({Runs({1})}, machine)[0].message,
            "the 1-minute load average was 7.00 at the end, above half of the 2 CPUs: other work competed for the CPUs "
            "and their caches");
}

TEST(SeriesWarningsTest, GovernorOtherThanPerformance) {
  MachineConditions machine;
  machine.cpu_governor = "powersave";
  std::vector<SeriesWarning> warnings = Judge({Runs({1})}, machine);
  EXPECT_EQ(Kinds(warnings), "governor@-");
  EXPECT_EQ(warnings[0].message,
            "the CPU frequency governor is 'powersave', not 'performance': the CPUs' clock follows the load, and so do "
            "the times");
  machine.cpu_governor = "performance,schedutil";
  EXPECT_EQ(Kinds(Judge({Runs({1})}, machine)), "governor@-");
  machine.cpu_governor = "performance";
  EXPECT_EQ(Kinds(Judge({Runs({1})}, machine)), "");
}

TEST(SeriesWarningsTest, PerCommandThenTheMachine) {
  MachineConditions machine;
  machine.cpu_governor = "ondemand";
  machine.cpu_count = 1;
  machine.load_end = {{4, 4, 4}};
  std::vector<Measurement> waited = {Succeeded(0.01, 0.1, 0.01)};
  EXPECT_EQ(Kinds(Judge({Runs({1}), waited, Runs({1, 1, 1, 1, 3})}, machine)),
            "waiting@1 outliers@2 loaded@- governor@-");
}

TEST(SeriesWarningsTest, EveryKindHasOneSpelling) {
  for (WarningKind kind :
       {WarningKind::kFirstRunSlow, WarningKind::kTooShort, WarningKind::kMultiplexed, WarningKind::kLoaded,
        WarningKind::kGovernor, WarningKind::kWaiting, WarningKind::kOutliers}) {
    std::string_view word = SpellingOf(kWarningKindSpellings, kind);
    EXPECT_FALSE(word.empty());
    EXPECT_EQ(ValueSpelled(kWarningKindSpellings, word), kind);
  }
}

}  // namespace
}  // namespace timeit
