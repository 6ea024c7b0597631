#include "timeit/measure/series.h"

#include <gtest/gtest.h>
#include <signal.h>

#include <algorithm>
#include <functional>
#include <map>
#include <set>
#include <span>

#include "scripted_launcher.h"
#include "temp_dir.h"
#include "timeit/base/split_mix64.h"
#include "timeit/measure/exit_code.h"

namespace timeit {
namespace {

using testing::CancelledBeforeStart;
using testing::ExecFails;
using testing::Exits;
using testing::Interrupted;
using testing::ScriptedLauncher;
using testing::TimesOut;

// --- The series policy, with a scripted launcher: no process is started. ---------------

SeriesPlan Plan(int warmup_runs, int measured_runs, bool ignore_failure) {
  SeriesPlan plan;
  plan.warmup_runs = warmup_runs;
  plan.measured_runs = measured_runs;
  plan.ignore_failure = ignore_failure;
  return plan;
}

class SeriesPolicyTest : public ::testing::Test {
 protected:
  SeriesPolicyTest() { spec_.argv = {"./bench", "--fast"}; }
  SeriesResult Run(SeriesPlan plan, std::vector<Measurement> script, const SeriesObserver& observer = {}) {
    launcher_ = std::make_unique<ScriptedLauncher>(std::move(script));
    return RunSeries({&spec_, 1}, *counters_, plan, observer, launcher_->launcher());
  }
  size_t launches() const { return launcher_->launches(); }

  // The tags of the runs the series recorded.
  static std::vector<std::string> Kept(const SeriesResult& result) {
    std::vector<std::string> tags;
    for (const Measurement& run : result.runs.at(0)) tags.push_back(run.start_time);
    return tags;
  }

  ChildSpec spec_;
  std::unique_ptr<CounterBackend> counters_ = MakeNoCounterBackend("test");
  std::unique_ptr<ScriptedLauncher> launcher_;
};

using Tags = std::vector<std::string>;

// SIGINT arriving after the last run ended (while it is being saved) is neither lost nor
// taken for an interrupt of a run: the series is complete and says a signal came late.
TEST_F(SeriesPolicyTest, SignalAfterTheLastRunIsReported) {
  SeriesObserver observer;
  observer.run_finished = [](const RunSlot& slot, const Measurement&) {
    if (slot.position + 1 == slot.total) ::raise(SIGINT);  // caught by the series' SignalScope
  };
  SeriesResult result = Run(Plan(0, 2, false), {Exits(0), Exits(0)}, observer);
  EXPECT_EQ(Kept(result), (Tags{"launch 1", "launch 2"}));
  EXPECT_FALSE(result.stopped_early);
  EXPECT_EQ(result.exit_code, 0);
  EXPECT_EQ(result.late_signal, SIGINT);

  SeriesResult quiet = Run(Plan(0, 2, false), {Exits(0), Exits(0)});
  EXPECT_EQ(quiet.late_signal, std::nullopt);
}

// SIGTERM that came when the program had already exited 0 (the kill found no one): the
// run is complete and kept, the series stops, and the signal is reported as late.
TEST_F(SeriesPolicyTest, InterruptAfterTheProgramExitedIsLate) {
  Measurement finished = Exits(0);
  finished.interrupted_by = SIGTERM;
  SeriesResult result = Run(Plan(0, 3, false), {Exits(0), finished});
  EXPECT_EQ(Kept(result), (Tags{"launch 1", "launch 2"}));
  EXPECT_TRUE(result.stopped_early);
  EXPECT_EQ(result.exit_code, 0);
  EXPECT_EQ(result.late_signal, SIGTERM);

  SeriesResult killed = Run(Plan(0, 3, false), {Exits(0), Interrupted(SIGTERM)});
  EXPECT_EQ(killed.exit_code, 128 + SIGKILL);
  EXPECT_EQ(killed.late_signal, std::nullopt);
}

TEST_F(SeriesPolicyTest, WarmupsRunFirstAndAreNotRecorded) {
  SeriesResult result = Run(Plan(2, 3, false), {Exits(0), Exits(0), Exits(0), Exits(0), Exits(0)});
  EXPECT_EQ(Kept(result), (Tags{"launch 3", "launch 4", "launch 5"}));
  EXPECT_FALSE(result.stopped_early);
  EXPECT_EQ(result.exit_code, 0);
  EXPECT_EQ(launches(), 5u);
}

TEST_F(SeriesPolicyTest, ObserverSeesEveryRunInOrderWithItsKind) {
  std::vector<std::string> events;
  auto name = [](const RunSlot& slot) {
    return std::string(slot.kind == RunKind::kWarmup ? "warmup " : "run ") + std::to_string(slot.index) + "/" +
           std::to_string(slot.total);
  };
  SeriesObserver observer;
  observer.run_starting = [&](const RunSlot& slot) { events.push_back("start " + name(slot)); };
  observer.run_finished = [&](const RunSlot& slot, const Measurement& run) {
    events.push_back("end " + name(slot) + " " + run.start_time);
  };
  Run(Plan(1, 2, false), {Exits(0), Exits(0), Exits(0)}, observer);
  EXPECT_EQ(events, (std::vector<std::string>{"start warmup 0/1", "end warmup 0/1 launch 1", "start run 0/2",
                                              "end run 0/2 launch 2", "start run 1/2", "end run 1/2 launch 3"}));
}

TEST_F(SeriesPolicyTest, EveryLaunchGetsTheSpecAndTheCounters) {
  Run(Plan(1, 2, false), {Exits(0), Exits(0), Exits(0)});
  ASSERT_EQ(launcher_->specs().size(), 3u);
  for (size_t i = 0; i < 3; ++i) {
    EXPECT_EQ(launcher_->specs()[i].argv, spec_.argv);
    EXPECT_EQ(launcher_->specs()[i].controls.env_offset, std::nullopt);  // only with plan.env_offset
    EXPECT_EQ(launcher_->specs()[i].controls.seed, std::nullopt);
    EXPECT_EQ(launcher_->counters()[i], counters_.get());
  }
}

// Every run, warmups too, gets the next offset of the seed's own stream for offsets, so
// the same seed gives the same offsets; the spec the caller gave is left as it was.
TEST_F(SeriesPolicyTest, EnvironmentOffsetsComeFromTheSeed) {
  SeriesPlan plan;
  plan.warmup_runs = 2;
  plan.measured_runs = 3;
  plan.seed = 42;
  plan.env_offset = true;
  Run(plan, {Exits(0), Exits(0), Exits(0), Exits(0), Exits(0)});
  ASSERT_EQ(launcher_->specs().size(), 5u);
  SplitMix64 expected(42 ^ kEnvOffsetStream);
  std::vector<int> offsets;
  for (const ChildSpec& spec : launcher_->specs()) {
    ASSERT_TRUE(spec.controls.env_offset.has_value());
    EXPECT_EQ(*spec.controls.env_offset, static_cast<int>(expected.Below(kEnvOffsetLimit)));
    EXPECT_EQ(spec.controls.seed, 42u);
    EXPECT_EQ(spec.argv, spec_.argv);
    offsets.push_back(*spec.controls.env_offset);
  }
  EXPECT_GT(std::set<int>(offsets.begin(), offsets.end()).size(), 1u) << "the offsets must vary";
  EXPECT_EQ(spec_.controls.env_offset, std::nullopt);

  Run(plan, {Exits(0), Exits(0), Exits(0), Exits(0), Exits(0)});
  std::vector<int> again;
  for (const ChildSpec& spec : launcher_->specs()) again.push_back(spec.controls.env_offset.value_or(-1));
  EXPECT_EQ(again, offsets);

  plan.seed = 43;
  Run(plan, {Exits(0), Exits(0), Exits(0), Exits(0), Exits(0)});
  std::vector<int> other;
  for (const ChildSpec& spec : launcher_->specs()) other.push_back(spec.controls.env_offset.value_or(-1));
  EXPECT_NE(other, offsets);
}

TEST_F(SeriesPolicyTest, FailingWarmupStopsBeforeAnyMeasuredRun) {
  SeriesResult result = Run(Plan(2, 2, false), {Exits(7)});
  EXPECT_TRUE(result.runs.at(0).empty());
  EXPECT_TRUE(result.stopped_early);
  EXPECT_EQ(result.exit_code, 7);
  EXPECT_EQ(launches(), 1u);
}

TEST_F(SeriesPolicyTest, IgnoredWarmupFailureIsNotTheExitCode) {
  // Only measured runs decide timeit's exit code when failures are ignored.
  SeriesResult result = Run(Plan(1, 2, true), {Exits(7), Exits(0), Exits(0)});
  EXPECT_EQ(Kept(result), (Tags{"launch 2", "launch 3"}));
  EXPECT_FALSE(result.stopped_early);
  EXPECT_EQ(result.exit_code, 0);
}

TEST_F(SeriesPolicyTest, FirstFailureStopsTheSeriesKeepingEarlierRuns) {
  SeriesResult result = Run(Plan(0, 4, false), {Exits(0), Exits(3)});
  EXPECT_EQ(Kept(result), (Tags{"launch 1", "launch 2"}));
  EXPECT_TRUE(result.stopped_early);
  EXPECT_EQ(result.exit_code, 3);
  EXPECT_EQ(launches(), 2u);
}

TEST_F(SeriesPolicyTest, EveryKindOfFailureStops) {
  for (const Measurement& failure : {Exits(1), Exits(128 + SIGSEGV), ExecFails(), TimesOut()}) {
    SeriesResult result = Run(Plan(0, 3, false), {failure});
    EXPECT_EQ(result.runs.at(0).size(), 1u) << "exit code " << failure.exit_code;
    EXPECT_TRUE(result.stopped_early) << "exit code " << failure.exit_code;
    EXPECT_EQ(result.exit_code, failure.exit_code);
  }
}

TEST_F(SeriesPolicyTest, LastRunFailingIsNotAnEarlyStop) {
  SeriesResult result = Run(Plan(0, 2, false), {Exits(0), Exits(9)});
  EXPECT_EQ(result.runs.at(0).size(), 2u);
  EXPECT_FALSE(result.stopped_early);
  EXPECT_EQ(result.exit_code, 9);
}

TEST_F(SeriesPolicyTest, IgnoreFailureKeepsGoingAndReportsTheFirstFailure) {
  SeriesResult result = Run(Plan(0, 4, true), {Exits(0), Exits(3), ExecFails(), Exits(5)});
  EXPECT_EQ(result.runs.at(0).size(), 4u);
  EXPECT_FALSE(result.stopped_early);
  EXPECT_EQ(result.exit_code, 3);
}

TEST_F(SeriesPolicyTest, InterruptStopsEvenWhenFailuresAreIgnored) {
  SeriesResult result = Run(Plan(0, 4, true), {Exits(0), Interrupted(SIGINT)});
  // The interrupted run did start, so it is recorded, as it failed.
  EXPECT_EQ(Kept(result), (Tags{"launch 1", "launch 2"}));
  EXPECT_TRUE(result.stopped_early);
  EXPECT_EQ(result.exit_code, 128 + SIGKILL);
}

TEST_F(SeriesPolicyTest, InterruptStopsEvenARunThatSucceeded) {
  // The signal came after the program had exited by itself, before it was reaped.
  Measurement finished_anyway = Exits(0);
  finished_anyway.interrupted_by = SIGTERM;
  SeriesResult result = Run(Plan(0, 3, false), {finished_anyway});
  EXPECT_EQ(result.runs.at(0).size(), 1u);
  EXPECT_TRUE(result.stopped_early);
  EXPECT_EQ(result.exit_code, 0);
}

TEST_F(SeriesPolicyTest, InterruptedWarmupStopsEvenWhenFailuresAreIgnored) {
  SeriesResult result = Run(Plan(2, 2, true), {Interrupted(SIGHUP)});
  EXPECT_TRUE(result.runs.at(0).empty());
  EXPECT_TRUE(result.stopped_early);
  EXPECT_EQ(result.exit_code, 128 + SIGKILL);
  EXPECT_EQ(launches(), 1u);
}

TEST_F(SeriesPolicyTest, RunCancelledBeforeStartIsNotRecordedButObserved) {
  // A signal between two runs (while the first was being saved) cancels the second.
  int finished = 0;
  SeriesObserver observer;
  observer.run_finished = [&](const RunSlot&, const Measurement&) { ++finished; };
  SeriesResult result = Run(Plan(0, 3, true), {Exits(0), CancelledBeforeStart(SIGTERM)}, observer);
  EXPECT_EQ(Kept(result), (Tags{"launch 1"}));
  EXPECT_TRUE(result.stopped_early);
  EXPECT_EQ(result.exit_code, exit_code::kSignalledBeforeStart);
  // The caller is told, so it can say which signal stopped timeit.
  EXPECT_EQ(finished, 2);
}

TEST_F(SeriesPolicyTest, WarmupCancelledBeforeStartStops) {
  SeriesResult result = Run(Plan(1, 2, true), {CancelledBeforeStart(SIGINT)});
  EXPECT_TRUE(result.runs.at(0).empty());
  EXPECT_TRUE(result.stopped_early);
  EXPECT_EQ(result.exit_code, exit_code::kSignalledBeforeStart);
}

// --- The order of several commands' runs. -------------------------------------------------

std::string Letters(const std::vector<int>& order) {
  std::string letters;
  for (int command : order) letters += static_cast<char>('A' + command);
  return letters;
}

std::string Rounds(RunOrder order, int commands, int rounds, uint64_t seed = 0) {
  std::string text;
  for (int round = 0; round < rounds; ++round)
    text += (round ? " " : "") + Letters(RoundOrder(order, commands, round, seed));
  return text;
}

TEST(RoundOrderTest, AbbaReversesEveryOtherRound) {
  EXPECT_EQ(Rounds(RunOrder::kAbba, 2, 4), "AB BA AB BA");
  EXPECT_EQ(Rounds(RunOrder::kAbba, 3, 3), "ABC CBA ABC");
  EXPECT_EQ(Rounds(RunOrder::kAbba, 1, 3), "A A A");
}

TEST(RoundOrderTest, AlternateAndSequentialKeepTheCommandsOrder) {
  EXPECT_EQ(Rounds(RunOrder::kAlternate, 3, 3), "ABC ABC ABC");
  EXPECT_EQ(Rounds(RunOrder::kSequential, 2, 2), "AB AB");
}

TEST(RoundOrderTest, RandomIsAPermutationFixedByTheSeed) {
  // Pinned: a recorded seed must give the same order on every machine and in every version.
  EXPECT_EQ(Rounds(RunOrder::kRandom, 3, 6, 42), Rounds(RunOrder::kRandom, 3, 6, 42));
  // (Computed by a Python transcription of SplitMix64 and the Fisher-Yates shuffle.)
  EXPECT_EQ(Rounds(RunOrder::kRandom, 4, 4, 42), "DABC CDAB ABDC BCDA");
  EXPECT_NE(Rounds(RunOrder::kRandom, 4, 8, 42), Rounds(RunOrder::kRandom, 4, 8, 43));
  for (int round = 0; round < 50; ++round) {
    std::string letters = Letters(RoundOrder(RunOrder::kRandom, 5, round, 7));
    std::sort(letters.begin(), letters.end());
    EXPECT_EQ(letters, "ABCDE") << "round " << round;
  }
}

TEST(RoundOrderTest, RandomPutsEveryCommandFirstAboutEquallyOften) {
  std::vector<int> first(3, 0);
  for (int round = 0; round < 3000; ++round)
    ++first[static_cast<size_t>(RoundOrder(RunOrder::kRandom, 3, round, 1)[0])];
  for (int count : first) EXPECT_NEAR(count, 1000, 100);  // 4.7 standard deviations
}

// A launcher for several commands: each run's start_time is the letter of its command (argv[0])
// and its number among that command's launches; `outcome(letter, n)` decides how it ends.
class CommandsLauncher {
 public:
  using Outcome = std::function<Measurement(char command, int n)>;
  explicit CommandsLauncher(Outcome outcome = {}) : outcome_(std::move(outcome)) {}
  Launcher launcher() {
    return [this](const ChildSpec& spec, CounterBackend&) {
      char command = spec.argv.at(0).at(0);
      int n = ++launches_[command];
      Measurement run = outcome_ ? outcome_(command, n) : Exits(0);
      run.start_time = std::string(1, command) + std::to_string(n);
      order_ += command;
      return run;
    };
  }
  // Every launch's command, in order.
  const std::string& order() const { return order_; }

 private:
  Outcome outcome_;
  std::map<char, int> launches_;
  std::string order_;
};

class InterleavedSeriesTest : public ::testing::Test {
 protected:
  InterleavedSeriesTest() {
    for (const char* name : {"A", "B", "C"}) {
      ChildSpec spec;
      spec.argv = {name};
      specs_.push_back(spec);
    }
  }
  SeriesResult Run(int commands, const SeriesPlan& plan, CommandsLauncher::Outcome outcome = {},
                   const SeriesObserver& observer = {}) {
    launcher_ = CommandsLauncher(std::move(outcome));
    return RunSeries(std::span(specs_).first(static_cast<size_t>(commands)), *counters_, plan, observer,
                     launcher_.launcher());
  }
  static std::string Kept(const std::vector<Measurement>& runs) {
    std::string tags;
    for (const Measurement& run : runs) tags += (tags.empty() ? "" : " ") + run.start_time;
    return tags;
  }

  std::vector<ChildSpec> specs_;
  std::unique_ptr<CounterBackend> counters_ = MakeNoCounterBackend("test");
  CommandsLauncher launcher_;
};

TEST_F(InterleavedSeriesTest, AbbaByDefaultWarmupsFirstInTheSameRounds) {
  SeriesPlan plan;
  plan.warmup_runs = 1;
  plan.measured_runs = 3;
  SeriesResult result = Run(2, plan);
  // Rounds are numbered on from the warmups': AB (warmup), BA, AB, BA.
  EXPECT_EQ(launcher_.order(), "ABBAABBA");
  ASSERT_EQ(result.runs.size(), 2u);
  EXPECT_EQ(Kept(result.runs[0]), "A2 A3 A4");
  EXPECT_EQ(Kept(result.runs[1]), "B2 B3 B4");
  EXPECT_EQ(result.stopped, SeriesStop::kPlanned);
  EXPECT_FALSE(result.stopped_early);
}

TEST_F(InterleavedSeriesTest, PositionsNumberTheMeasuredRunsOfAllCommands) {
  SeriesPlan plan;
  plan.warmup_runs = 2;
  plan.measured_runs = 2;
  std::vector<std::string> slots;
  SeriesObserver observer;
  observer.run_finished = [&](const RunSlot& slot, const Measurement& run) {
    slots.push_back(run.start_time + (slot.kind == RunKind::kWarmup ? " w" : " m") + std::to_string(slot.index) + " @" +
                    std::to_string(slot.position) + "/" + std::to_string(slot.total) + " c" +
                    std::to_string(slot.command) + " " + (run.position ? std::to_string(*run.position) : "-"));
  };
  SeriesResult result = Run(2, plan, {}, observer);
  EXPECT_EQ(slots,
            (std::vector<std::string>{"A1 w0 @0/4 c0 -", "B1 w0 @1/4 c1 -", "B2 w1 @2/4 c1 -", "A2 w1 @3/4 c0 -",
                                      "A3 m0 @0/4 c0 0", "B3 m0 @1/4 c1 1", "B4 m1 @2/4 c1 2", "A4 m1 @3/4 c0 3"}));
  EXPECT_EQ(result.runs[1][1].position, 2);
}

TEST_F(InterleavedSeriesTest, OneCommandHasNoPosition) {
  SeriesPlan plan;
  plan.measured_runs = 2;
  SeriesResult result = Run(1, plan);
  EXPECT_EQ(result.runs.at(0).at(1).position, std::nullopt);
}

TEST_F(InterleavedSeriesTest, AlternateAndRandomOrders) {
  SeriesPlan plan;
  plan.measured_runs = 2;
  plan.order = RunOrder::kAlternate;
  Run(3, plan);
  EXPECT_EQ(launcher_.order(), "ABCABC");

  plan.order = RunOrder::kRandom;
  plan.seed = 42;
  plan.measured_runs = 4;
  SeriesResult result = Run(3, plan);
  std::string expected;
  for (int round = 0; round < 4; ++round) expected += Letters(RoundOrder(RunOrder::kRandom, 3, round, 42));
  EXPECT_EQ(launcher_.order(), expected);
  EXPECT_EQ(result.seed, 42u);
}

TEST_F(InterleavedSeriesTest, WithoutASeedOneIsDrawnAndReported) {
  SeriesPlan plan;
  plan.order = RunOrder::kRandom;
  plan.measured_runs = 3;
  SeriesResult result = Run(3, plan);
  std::string expected;
  for (int round = 0; round < 3; ++round) expected += Letters(RoundOrder(RunOrder::kRandom, 3, round, result.seed));
  EXPECT_EQ(launcher_.order(), expected);
  EXPECT_LT(result.seed, uint64_t{1} << 32);
}

TEST_F(InterleavedSeriesTest, SequentialRunsEachCommandWithItsWarmupsInTurn) {
  SeriesPlan plan;
  plan.warmup_runs = 1;
  plan.measured_runs = 2;
  plan.order = RunOrder::kSequential;
  SeriesResult result = Run(2, plan);
  EXPECT_EQ(launcher_.order(), "AAABBB");
  EXPECT_EQ(Kept(result.runs[0]), "A2 A3");
  EXPECT_EQ(Kept(result.runs[1]), "B2 B3");
}

TEST_F(InterleavedSeriesTest, AFailureOfAnyCommandStopsThemAll) {
  SeriesPlan plan;
  plan.measured_runs = 3;
  auto b_fails_second = [](char command, int n) { return command == 'B' && n == 2 ? Exits(4) : Exits(0); };
  SeriesResult result = Run(2, plan, b_fails_second);
  EXPECT_EQ(launcher_.order(), "ABB");
  EXPECT_EQ(Kept(result.runs[0]), "A1");
  EXPECT_EQ(Kept(result.runs[1]), "B1 B2");
  EXPECT_TRUE(result.stopped_early);
  EXPECT_EQ(result.stopped, SeriesStop::kFailure);
  EXPECT_EQ(result.exit_code, 4);

  plan.ignore_failure = true;
  result = Run(2, plan, b_fails_second);
  EXPECT_EQ(launcher_.order(), "ABBAAB");
  EXPECT_EQ(result.stopped, SeriesStop::kPlanned);
  EXPECT_EQ(result.exit_code, 4);
}

TEST_F(InterleavedSeriesTest, TheLastRunFailingEndsNothingEarly) {
  SeriesPlan plan;
  plan.measured_runs = 2;
  SeriesResult result =
      Run(2, plan, [](char command, int n) { return command == 'A' && n == 2 ? Exits(3) : Exits(0); });
  EXPECT_EQ(launcher_.order(), "ABBA");
  EXPECT_FALSE(result.stopped_early);
  EXPECT_EQ(result.stopped, SeriesStop::kPlanned);
  EXPECT_EQ(result.exit_code, 3);
}

TEST_F(InterleavedSeriesTest, AnInterruptStopsThemAllKeepingTheRunsMade) {
  SeriesPlan plan;
  plan.measured_runs = 3;
  plan.ignore_failure = true;
  SeriesResult result =
      Run(2, plan, [](char command, int n) { return command == 'A' && n == 2 ? Interrupted(SIGINT) : Exits(0); });
  EXPECT_EQ(launcher_.order(), "ABBA");
  EXPECT_EQ(Kept(result.runs[0]), "A1 A2");
  EXPECT_EQ(Kept(result.runs[1]), "B1 B2");
  EXPECT_EQ(result.stopped, SeriesStop::kInterrupted);
  EXPECT_TRUE(result.stopped_early);
}

TEST_F(InterleavedSeriesTest, AWarmupFailureOfAnyCommandStopsBeforeMeasuring) {
  SeriesPlan plan;
  plan.warmup_runs = 1;
  plan.measured_runs = 3;
  SeriesResult result = Run(2, plan, [](char command, int) { return command == 'B' ? Exits(5) : Exits(0); });
  EXPECT_EQ(launcher_.order(), "AB");
  EXPECT_TRUE(result.runs[0].empty() && result.runs[1].empty());
  EXPECT_EQ(result.stopped, SeriesStop::kFailure);
  EXPECT_EQ(result.exit_code, 5);
}

// --- With the real launcher (the default): real programs, real exit codes. --------------

// Exits with the code given for its n-th run, counting runs in the file named by $1.
std::string ExitCodesScript(const std::string& codes) {
  return "n=$(cat \"$1\" 2>/dev/null || echo 0); n=$((n+1)); echo $n > \"$1\"\n"
         "set -- " +
         codes + "\nshift $((n-1)); exit ${1:-0}\n";
}

TEST(SeriesTest, DefaultLauncherRunsTheProgram) {
  testing::TempDir dir;
  testing::WriteFile(dir.File("run.sh"), ExitCodesScript("0 0 3 0"));
  ChildSpec spec;
  spec.argv = {"/bin/sh", dir.File("run.sh"), dir.File("count")};
  auto counters = MakeNoCounterBackend("test");
  SeriesResult result = RunSeries({&spec, 1}, *counters, Plan(1, 4, false));
  ASSERT_EQ(result.runs.at(0).size(), 2u);
  EXPECT_EQ(result.runs[0][0].exit_code, 0);
  EXPECT_EQ(result.runs[0][1].exit_code, 3);
  EXPECT_TRUE(result.stopped_early);
  EXPECT_EQ(result.exit_code, 3);
  EXPECT_EQ(testing::ReadFile(dir.File("count")), "3\n");
}

}  // namespace
}  // namespace timeit
