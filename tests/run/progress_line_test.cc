#include "timeit/run/progress_line.h"

#include <gtest/gtest.h>

#include <cmath>
#include <sstream>
#include <string>
#include <vector>

#include "scripted_launcher.h"

namespace timeit {
namespace {

using testing::Exits;

// --- The line's text.

ProgressState Measured(int run, int of) {
  ProgressState state;
  state.program_name = "timeit";
  state.run = run;
  state.of = of;
  return state;
}

TEST(ProgressLineTest, DurationsAreMinutesAndSecondsThenHours) {
  EXPECT_EQ(FormatDuration(0, false), "0:00");
  EXPECT_EQ(FormatDuration(59.9, false), "0:59");
  EXPECT_EQ(FormatDuration(65.2, false), "1:05");
  EXPECT_EQ(FormatDuration(3599, false), "59:59");
  EXPECT_EQ(FormatDuration(3723, false), "1:02:03");
  EXPECT_EQ(FormatDuration(36000 * 3, false), "30:00:00");
  // A time left is rounded up: a run still to come is never shown as no time away.
  EXPECT_EQ(FormatDuration(0.2, true), "0:01");
  EXPECT_EQ(FormatDuration(59.01, true), "1:00");
  EXPECT_EQ(FormatDuration(3.0, true), "0:03");
  // Nothing a clock could give reads as a negative or undefined time.
  EXPECT_EQ(FormatDuration(-2, false), "0:00");
  EXPECT_EQ(FormatDuration(std::nan(""), true), "0:00");
  EXPECT_EQ(FormatDuration(1e300, false), "876000:00:00");
}

TEST(ProgressLineTest, TimeLeftIsTheMeanTimePerRunSoFarTimesTheRunsLeft) {
  EXPECT_EQ(EstimateTimeLeft(10, 0, 5), std::nullopt);  // no run ended yet
  EXPECT_DOUBLE_EQ(*EstimateTimeLeft(6, 3, 7), 14.0);   // 2 s a run
  EXPECT_DOUBLE_EQ(*EstimateTimeLeft(6, 3, 0), 0.0);
  EXPECT_DOUBLE_EQ(*EstimateTimeLeft(6, 3, -1), 0.0);
}

TEST(ProgressLineTest, SaysTheRunTheTimeElapsedAndTheTimeLeft) {
  ProgressState state = Measured(3, 10);
  state.elapsed_seconds = 12.7;
  EXPECT_EQ(FormatProgressLine(state, 80), "timeit: run 3 of 10, 0:12 elapsed");
  state.left_seconds = 27.3;
  EXPECT_EQ(FormatProgressLine(state, 80), "timeit: run 3 of 10, 0:12 elapsed, about 0:28 left");
  state.kind = RunKind::kWarmup;
  state.of = 2;
  state.run = 1;
  EXPECT_EQ(FormatProgressLine(state, 80), "timeit: warmup run 1 of 2, 0:12 elapsed, about 0:28 left");
}

TEST(ProgressLineTest, NamesTheCommandOfAnInterleavedSeries) {
  ProgressState state = Measured(2, 4);
  state.command = "./base/pi";
  state.left_seconds = 3;
  EXPECT_EQ(FormatProgressLine(state, 80), "timeit: run 2 of 4: ./base/pi, 0:00 elapsed, about 0:03 left");
}

TEST(ProgressLineTest, AdaptiveSaysTheRmadNowTheTargetAndAtMostHowLong) {
  ProgressState state = Measured(7, 100);
  state.elapsed_seconds = 9;
  state.left_seconds = 62;
  state.left_is_bound = true;
  state.adaptive = ProgressState::Adaptive{1, 1.8349};
  EXPECT_EQ(FormatProgressLine(state, 120),
            "timeit: adaptive: rMAD now 1.83%, target 1%, run 7 of at most 100, 0:09 elapsed, at most 1:02 left");
  state.adaptive = ProgressState::Adaptive{0.5, std::nullopt};
  EXPECT_EQ(FormatProgressLine(state, 120),
            "timeit: adaptive: rMAD not yet known, target 0.5%, run 7 of at most 100, 0:09 elapsed, at most 1:02 "
            "left");
  // Its warmups are runs like any other's.
  state.kind = RunKind::kWarmup;
  state.run = 1;
  state.of = 2;
  EXPECT_EQ(FormatProgressLine(state, 120), "timeit: warmup run 1 of 2, 0:09 elapsed, at most 1:02 left");
}

TEST(ProgressLineTest, FitsInTheTerminalLeavingItsLastColumnFree) {
  ProgressState state = Measured(3, 10);
  state.command = "./build-with-a-long-name/benchmarks/pi";
  state.elapsed_seconds = 12;
  state.left_seconds = 28;
  const std::string whole =
      "timeit: run 3 of 10: ./build-with-a-long-name/benchmarks/pi, 0:12 elapsed, about 0:28 left";
  ASSERT_EQ(whole.size(), 90u);
  EXPECT_EQ(FormatProgressLine(state, 91), whole);
  // One column less: the name loses its middle, the longer part kept in front.
  EXPECT_EQ(FormatProgressLine(state, 90),
            "timeit: run 3 of 10: ./build-with-a-lo...ame/benchmarks/pi, 0:12 elapsed, about 0:28 left");
  EXPECT_EQ(FormatProgressLine(state, 90).size(), 89u);
  EXPECT_EQ(FormatProgressLine(state, 63), "timeit: run 3 of 10: ./bu.../pi, 0:12 elapsed, about 0:28 left");
  // Too narrow for ten columns of name: the name goes, then the line is cut at its end.
  EXPECT_EQ(FormatProgressLine(state, 62), "timeit: run 3 of 10, 0:12 elapsed, about 0:28 left");
  EXPECT_EQ(FormatProgressLine(state, 30), "timeit: run 3 of 10, 0:12 ela");
  EXPECT_EQ(FormatProgressLine(state, 1), "t");
  EXPECT_EQ(FormatProgressLine(state, 0), "t");
}

TEST(ProgressLineTest, CountsACharacterBeyondAsciiAsTwoColumnsAndNeverCutsOne) {
  ProgressState state = Measured(1, 2);
  state.command = "ππππππππππ";  // 10 characters, 20 columns at most
  const std::string whole = "timeit: run 1 of 2: ππππππππππ, 0:00 elapsed";
  EXPECT_EQ(FormatProgressLine(state, 55), whole);  // 34 + 20 columns
  EXPECT_EQ(FormatProgressLine(state, 54), "timeit: run 1 of 2: ππππ...ππππ, 0:00 elapsed");
  state.command.clear();
  state.program_name = "tïmeit";
  EXPECT_EQ(FormatProgressLine(state, 3), "t");  // "ï" would take columns 2 and 3
  EXPECT_EQ(FormatProgressLine(state, 4), "tï");
}

// --- Drawing it: when, where, and that it goes away.

// A clock the test moves.
struct FakeClock {
  double now = 100;
  std::function<double()> function() {
    return [this] { return now; };
  }
};

struct Drawing {
  std::ostringstream sink;
  FakeClock clock;
  int columns = 80;

  ProgressOutput Output(bool terminal, bool shared) {
    return {.sink = &sink,
            .terminal = terminal,
            .shared_with_program = shared,
            .columns = [this] { return columns; },
            .foreground = {},
            .clock = clock.function()};
  }
  std::string Take() {
    std::string text = sink.str();
    sink.str("");
    return text;
  }
};

ProgressPlan Plan(int runs, std::vector<std::string> names = {"./bench"}) {
  ProgressPlan plan;
  plan.program_name = "timeit";
  plan.command_names = std::move(names);
  plan.measured_runs = runs;
  return plan;
}

RunSlot Slot(int position, int total, int command = 0) {
  RunSlot slot;
  slot.position = position;
  slot.index = position;
  slot.total = total;
  slot.command = command;
  return slot;
}

Measurement Took(double seconds) {
  Measurement run = Exits(0);
  run.real_seconds = seconds;
  return run;
}

TEST(ProgressLineTest, AutoWaitsASecondThenRedrawsAsEachRunStartsAndErasesAtTheEnd) {
  Drawing drawing;
  {
    ProgressLine line(ProgressMode::kAuto, Plan(4), drawing.Output(true, false));
    line.RunStarting(Slot(0, 4));
    drawing.clock.now += 0.6;
    line.RunFinished(Slot(0, 4), Took(0.5));
    line.RunStarting(Slot(1, 4));  // 0.6 s in: not yet
    EXPECT_EQ(drawing.Take(), "");
    drawing.clock.now += 0.6;
    line.RunFinished(Slot(1, 4), Took(0.5));
    line.RunStarting(Slot(2, 4));  // 1.2 s, 2 runs made: 0.6 s a run, 2 to go
    EXPECT_EQ(drawing.Take(), "\r\033[Ktimeit: run 3 of 4, 0:01 elapsed, about 0:02 left");
    EXPECT_TRUE(line.drawn());
    drawing.clock.now += 0.6;
    line.RunFinished(Slot(2, 4), Took(0.5));
    EXPECT_EQ(drawing.Take(), "");  // stays while nothing else is written
    line.RunStarting(Slot(3, 4));
    EXPECT_EQ(drawing.Take(), "\r\033[Ktimeit: run 4 of 4, 0:01 elapsed, about 0:01 left");
    line.RunFinished(Slot(3, 4), Took(0.5));
  }
  EXPECT_EQ(drawing.Take(), "\r\033[K");
}

TEST(ProgressLineTest, ErasedForAMessageAndRedrawnAtTheNextRun) {
  Drawing drawing;
  ProgressLine line(ProgressMode::kAlways, Plan(3), drawing.Output(true, false));
  line.RunStarting(Slot(0, 3));
  EXPECT_EQ(drawing.Take(), "\r\033[Ktimeit: run 1 of 3, 0:00 elapsed");
  line.Erase();
  line.Erase();  // once is enough
  EXPECT_EQ(drawing.Take(), "\r\033[K");
  EXPECT_FALSE(line.drawn());
  drawing.clock.now += 2;
  line.RunFinished(Slot(0, 3), Took(2));
  line.RunStarting(Slot(1, 3));
  EXPECT_EQ(drawing.Take(), "\r\033[Ktimeit: run 2 of 3, 0:02 elapsed, about 0:04 left");
}

TEST(ProgressLineTest, AutoDrawsNothingOffATerminalOrWhereTheProgramWrites) {
  for (auto [terminal, shared] : {std::pair{false, false}, std::pair{true, true}, std::pair{false, true}}) {
    Drawing drawing;
    {
      ProgressLine line(ProgressMode::kAuto, Plan(3), drawing.Output(terminal, shared));
      for (int i = 0; i < 3; ++i) {
        line.RunStarting(Slot(i, 3));
        drawing.clock.now += 5;
        line.RunFinished(Slot(i, 3), Took(5));
      }
    }
    EXPECT_EQ(drawing.Take(), "") << terminal << shared;
  }
}

TEST(ProgressLineTest, NeverDrawsAndNeitherDoesASeriesOfOneRun) {
  for (auto [mode, runs] : {std::pair{ProgressMode::kNever, 3}, std::pair{ProgressMode::kAlways, 1}}) {
    Drawing drawing;
    {
      ProgressLine line(mode, Plan(runs), drawing.Output(true, false));
      line.RunStarting(Slot(0, runs));
      drawing.clock.now += 5;
      line.RunFinished(Slot(0, runs), Took(5));
    }
    EXPECT_EQ(drawing.Take(), "");
  }
}

TEST(ProgressLineTest, AlwaysDrawsOnAFileFromTheFirstRun) {
  Drawing drawing;
  {
    ProgressLine line(ProgressMode::kAlways, Plan(2), drawing.Output(false, false));
    line.RunStarting(Slot(0, 2));
  }
  EXPECT_EQ(drawing.Take(), "\r\033[Ktimeit: run 1 of 2, 0:00 elapsed\r\033[K");
}

TEST(ProgressLineTest, WhereTheProgramWritesTooTheLineIsBelowItsOutputAndOnlyBetweenRuns) {
  Drawing drawing;
  {
    ProgressLine line(ProgressMode::kAlways, Plan(2), drawing.Output(true, true));
    line.RunStarting(Slot(0, 2));
    EXPECT_EQ(drawing.Take(), "");  // nothing on the row the program is about to write on
    drawing.clock.now += 1;
    line.RunFinished(Slot(0, 2), Took(1));
    // A row below the cursor (scrolling if need be), the cursor saved, the line on that row.
    EXPECT_EQ(drawing.Take(), "\033D\033M\0337\033D\r\033[Ktimeit: run 1 of 2, 0:01 elapsed, about 0:01 left");
    line.RunStarting(Slot(1, 2));
    // Erased, and the cursor back where the program left it, mid-row or not.
    EXPECT_EQ(drawing.Take(), "\r\033[K\0338");
    drawing.clock.now += 1;
    line.RunFinished(Slot(1, 2), Took(1));
    EXPECT_EQ(drawing.Take(), "\033D\033M\0337\033D\r\033[Ktimeit: run 2 of 2, 0:02 elapsed, about 0:00 left");
  }
  EXPECT_EQ(drawing.Take(), "\r\033[K\0338");
}

TEST(ProgressLineTest, NothingIsDrawnOrErasedWhileInTheBackground) {
  Drawing drawing;
  bool foreground = true;
  ProgressOutput output = drawing.Output(true, false);
  output.foreground = [&foreground] { return foreground; };
  {
    ProgressLine line(ProgressMode::kAlways, Plan(3), output);
    line.RunStarting(Slot(0, 3));
    EXPECT_EQ(drawing.Take(), "\r\033[Ktimeit: run 1 of 3, 0:00 elapsed");
    // Ctrl-Z, then bg: the shell has written its own lines since, and holds the terminal.
    foreground = false;
    line.RunStarting(Slot(1, 3));
    EXPECT_EQ(drawing.Take(), "");
    EXPECT_FALSE(line.drawn());
    line.Erase();
    EXPECT_EQ(drawing.Take(), "");  // the row under the cursor is the shell's now
    foreground = true;              // fg
    line.RunStarting(Slot(2, 3));
    EXPECT_EQ(drawing.Take(), "\r\033[Ktimeit: run 3 of 3, 0:00 elapsed");
  }
  EXPECT_EQ(drawing.Take(), "\r\033[K");
}

TEST(ProgressLineTest, FitsTheTerminalAsWideAsItIsAtEachRedraw) {
  Drawing drawing;
  ProgressLine line(ProgressMode::kAlways, Plan(2, {"./first-command", "./second"}), drawing.Output(true, false));
  line.RunStarting(Slot(0, 4));
  EXPECT_EQ(drawing.Take(), "\r\033[Ktimeit: run 1 of 4: ./first-command, 0:00 elapsed");
  drawing.columns = 32;
  line.RunStarting(Slot(1, 4, 1));
  EXPECT_EQ(drawing.Take(), "\r\033[Ktimeit: run 2 of 4, 0:00 elapse");  // 31 columns
}

TEST(ProgressLineTest, CountsWarmupsAndMeasuredRunsOfEveryCommandInTheTimeLeft) {
  Drawing drawing;
  ProgressPlan plan = Plan(3, {"a", "b"});
  plan.warmup_runs = 1;  // 2 warmups and 6 measured runs
  ProgressLine line(ProgressMode::kAlways, plan, drawing.Output(true, false));
  RunSlot warmup = Slot(0, 2);
  warmup.kind = RunKind::kWarmup;
  line.RunStarting(warmup);
  drawing.clock.now += 1;
  line.RunFinished(warmup, Took(1));
  warmup = Slot(1, 2, 1);
  warmup.kind = RunKind::kWarmup;
  line.RunStarting(warmup);
  EXPECT_EQ(drawing.Take(),
            "\r\033[Ktimeit: warmup run 1 of 2: a, 0:00 elapsed\r\033[Ktimeit: warmup run 2 of 2: b, "
            "0:01 elapsed, about 0:07 left");
  // An interrupt that cancelled a run before it started is no run.
  Measurement cancelled = testing::CancelledBeforeStart(2);
  line.RunFinished(warmup, cancelled);
  line.RunStarting(Slot(0, 6, 1));
  EXPECT_EQ(drawing.Take(), "\r\033[Ktimeit: run 1 of 6: b, 0:01 elapsed, about 0:07 left");
}

// A run of `seconds` of wall time and `user` seconds of user time, the primary metric of
// runs that counted no task-clock.
Measurement Counted(double seconds, double user) {
  Measurement run = Took(seconds);
  run.user_seconds = user;
  return run;
}

TEST(ProgressLineTest, AdaptiveShowsTheLargestRmadAndTheSoonerOfMaxRunsAndMaxTime) {
  Drawing drawing;
  ProgressPlan plan = Plan(10, {"a", "b"});
  plan.adaptive = AdaptivePlan{.target_rmad_percent = 1, .min_runs = 2, .max_runs = 10, .max_seconds = 60};
  drawing.columns = 120;
  ProgressLine line(ProgressMode::kAlways, plan, drawing.Output(true, false));
  line.RunStarting(Slot(0, 20));
  EXPECT_EQ(drawing.Take(),
            "\r\033[Ktimeit: adaptive: rMAD not yet known, target 1%, run 1 of at most 20: a, 0:00 elapsed");
  double values[][2] = {{1.00, 2.0}, {1.02, 2.0}, {1.01, 2.2}};  // a: rMAD 0.99%; b: 0%
  int position = 0;
  for (auto [a, b] : values) {
    for (int command : {0, 1}) {
      line.RunStarting(Slot(position, 20, command));
      drawing.clock.now += 1;
      line.RunFinished(Slot(position, 20, command), Counted(1, command == 0 ? a : b));
      ++position;
    }
  }
  drawing.Take();
  line.RunStarting(Slot(6, 20));
  // 6 s for 6 runs: 14 more runs by --max-runs would take 14 s.
  EXPECT_EQ(drawing.Take(),
            "\r\033[Ktimeit: adaptive: rMAD now 0.99%, target 1%, run 7 of at most 20: a, 0:06 elapsed, at most 0:14 "
            "left");
}

TEST(ProgressLineTest, AdaptiveTimeLeftStopsAtMaxTimeAtThePaceSoFar) {
  Drawing drawing;
  ProgressPlan plan = Plan(100);
  plan.adaptive = AdaptivePlan{.target_rmad_percent = 1, .min_runs = 5, .max_runs = 100, .max_seconds = 10};
  drawing.columns = 120;
  ProgressLine line(ProgressMode::kAlways, plan, drawing.Output(true, false));
  for (int i = 0; i < 4; ++i) {
    line.RunStarting(Slot(i, 100));
    drawing.clock.now += 1.5;                            // 1 s of run, 0.5 s of timeit's own between runs
    line.RunFinished(Slot(i, 100), Counted(1, 10 + i));  // MAD 1 of a median of 11.5
  }
  drawing.Take();
  line.RunStarting(Slot(4, 100));
  // 6 s of --max-time left, at 1.5 s of series per second of run: 9 s (not 96 runs' 144 s).
  EXPECT_EQ(drawing.Take(),
            "\r\033[Ktimeit: adaptive: rMAD now 8.70%, target 1%, run 5 of at most 100, 0:06 elapsed, at most 0:09 "
            "left");
}

}  // namespace
}  // namespace timeit
