#include "timeit/run/run.h"

#include <gtest/gtest.h>
#include <signal.h>

#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "scripted_launcher.h"
#include "temp_dir.h"
#include "timeit/base/error.h"
#include "timeit/measure/exit_code.h"

namespace timeit {
namespace {

using testing::CancelledBeforeStart;
using testing::Exits;
using testing::Interrupted;
using testing::ReadFile;
using testing::ScriptedLauncher;
using testing::TempDir;
using testing::TimesOut;
using testing::WriteFile;

// --- The run's policy, with a scripted launcher and results kept in memory: no process
// is started and no results file written (the summary and --append-exitstatus files are).

// A run that took `seconds` of wall time, all of it in user mode (so no "waiting" warning).
Measurement Took(Measurement run, double seconds) {
  run.real_seconds = seconds;
  run.user_seconds = seconds;
  return run;
}

// Keeps what the run saves, with what had been launched by then; each save can be made to
// fail (or to wait for a lock) by a hook.
class FakeResults final : public ResultsSink {
 public:
  struct SavedRuns {
    std::string path;
    std::string name;
    std::vector<std::string> command;
    std::string label;
    /// The runs' tags (ScriptedLauncher's "launch N").
    std::vector<std::string> tags;
    /// The runs launched when they were saved.
    size_t launched;
    bool host_has_calibration;
  };
  struct SavedRecord {
    std::string path;
    SeriesRecord record;
  };

  void CheckTarget(const std::string& path) override {
    checked.push_back(path);
    if (refuse_target) throw Error(ErrorKind::kInput, "'" + path + "' is not a results file");
  }
  bool AddRuns(const std::string& path, const RunIdentity& identity, const std::vector<Measurement>& runs,
               const HostInfo& host, const LockWait& wait) override {
    std::vector<std::string> tags;
    for (const Measurement& run : runs) tags.push_back(run.start_time);
    if (before_runs) before_runs(path, tags, wait);
    saved_runs.push_back({path, identity.name, identity.command, identity.label, tags,
                          launcher ? launcher->launches() : 0, host.calibration.has_value()});
    return header_written;
  }
  void AddSeriesRecord(const std::string& path, const SeriesRecord& record, const LockWait& wait) override {
    if (before_record) before_record(path, wait);
    saved_records.push_back({path, record});
  }

  /// The runs saved to `path`, by tag.
  std::vector<std::string> TagsIn(const std::string& path) const {
    std::vector<std::string> tags;
    for (const SavedRuns& saved : saved_runs) {
      if (saved.path == path) tags.insert(tags.end(), saved.tags.begin(), saved.tags.end());
    }
    return tags;
  }
  /// The paths that got a series record, in order.
  std::vector<std::string> RecordPaths() const {
    std::vector<std::string> paths;
    for (const SavedRecord& saved : saved_records) paths.push_back(saved.path);
    return paths;
  }

  const ScriptedLauncher* launcher = nullptr;
  bool refuse_target = false;
  bool header_written = true;
  std::function<void(const std::string& path, const std::vector<std::string>& tags, const LockWait& wait)> before_runs;
  std::function<void(const std::string& path, const LockWait& wait)> before_record;
  std::vector<std::string> checked;
  std::vector<SavedRuns> saved_runs;
  std::vector<SavedRecord> saved_records;
};

// Another writer holds the lock on the file until timeit is sent `signo`, which ends the
// wait as the results file's writer ends it: through the wait's stop predicate.
void WaitForALockUntil(int signo, const std::string& path, const LockWait& wait) {
  ::raise(signo);  // caught by the SignalScope the run holds while it saves
  if (std::optional<int> signal = wait.stop_signal ? wait.stop_signal() : std::nullopt) {
    throw Error(ErrorKind::kSystem,
                "gave up waiting for the lock on '" + path + "': received signal " + std::to_string(*signal));
  }
  ADD_FAILURE() << "the signal did not end the wait for the lock";
  throw Error(ErrorKind::kSystem, "timed out waiting for the lock on '" + path + "'");
}

class RunTest : public ::testing::Test {
 protected:
  RunTest() {
    // A machine of the test's: no governor or load average to warn about, and a clock whose
    // reads take 20 ns, so the only warnings are about the runs.
    std::filesystem::create_directory(dir_.path() / "host");
    WriteFile(dir_.File("host/clock_latency_ns"), "20\n");
    options_.fake_host_root = dir_.File("host");
    options_.commands = {{{"./bench"}, "bench", Path("a.json")}};
  }
  // A signal a test sent is not left for the next test in the process to find.
  void TearDown() override { SignalScope forget; }

  std::string Path(const std::string& name) const { return dir_.File(name); }

  RunOutcome Run(std::vector<Measurement> script) { return RunWith(std::move(script), nullptr); }

  // Runs with `launch`, which is given the scripted launcher to pass the commands' runs to.
  RunOutcome RunWith(std::vector<Measurement> script,
                     const std::function<Measurement(const ChildSpec&, CounterBackend&, const Launcher&)>& launch) {
    launcher_ = std::make_unique<ScriptedLauncher>(std::move(script));
    results_.launcher = launcher_.get();
    Launcher scripted = launcher_->launcher();
    Launcher through = scripted;
    if (launch)
      through = [&](const ChildSpec& spec, CounterBackend& counters) { return launch(spec, counters, scripted); };
    Reporter reporter("timeit", messages_, output_, false);
    return RunAndReport(options_, *counters_, through, results_, reporter);
  }

  TempDir dir_;
  RunOptions options_;
  FakeResults results_;
  std::ostringstream messages_;
  std::ostringstream output_;
  std::unique_ptr<CounterBackend> counters_ = MakeNoCounterBackend("test");
  std::unique_ptr<ScriptedLauncher> launcher_;
};

using Tags = std::vector<std::string>;
using Paths = std::vector<std::string>;

// --- Saving each run as it ends.

TEST_F(RunTest, EachRunIsSavedBeforeTheNextStarts) {
  options_.series.measured_runs = 3;
  RunOutcome outcome = Run({Took(Exits(0), 0.1), Took(Exits(0), 0.1), Took(Exits(0), 0.1)});
  ASSERT_EQ(results_.saved_runs.size(), 3u);
  for (size_t i = 0; i < 3; ++i) {
    EXPECT_EQ(results_.saved_runs[i].tags, Tags{"launch " + std::to_string(i + 1)});
    EXPECT_EQ(results_.saved_runs[i].launched, i + 1) << "run " << i + 1 << " was saved after the next one started";
    EXPECT_EQ(results_.saved_runs[i].name, "bench");
    EXPECT_EQ(results_.saved_runs[i].command, std::vector<std::string>{"./bench"});
    EXPECT_EQ(results_.saved_runs[i].label, "");
  }
  EXPECT_EQ(outcome.end, RunEnd::kSeriesEnded);
  EXPECT_EQ(ExitCodeOf(outcome), 0);
}

TEST_F(RunTest, TheLabelGoesWithEveryRunOfEveryCommand) {
  options_.label = "r1234";
  options_.commands.push_back({{"./other"}, "other", Path("b.json")});
  options_.series.measured_runs = 2;
  Run({Exits(0), Exits(0), Exits(0), Exits(0)});
  ASSERT_EQ(results_.saved_runs.size(), 4u);
  for (const auto& saved : results_.saved_runs) EXPECT_EQ(saved.label, "r1234") << saved.name;
}

TEST_F(RunTest, ResultsTargetsAreCheckedBeforeAnythingRuns) {
  options_.commands.push_back({{"./other"}, "other", Path("a.json")});
  options_.commands.push_back({{"./third"}, "third", Path("c.json")});
  results_.refuse_target = true;
  EXPECT_THROW(Run({Exits(0), Exits(0), Exits(0)}), Error);
  EXPECT_EQ(launcher_->launches(), 0u);
  EXPECT_EQ(results_.checked, Paths{Path("a.json")});  // the first refusal ends it

  results_.refuse_target = false;
  results_.checked.clear();
  Run({Exits(0), Exits(0), Exits(0)});
  EXPECT_EQ(results_.checked, (Paths{Path("a.json"), Path("c.json")}));  // each file once
}

TEST_F(RunTest, SummaryTargetThatCannotBeWrittenIsRefusedBeforeAnythingRuns) {
  options_.summary_path = Path("no-such-directory/summary");
  try {
    Run({Exits(0)});
    FAIL() << "the summary target was not refused";
  } catch (const Error& error) {
    EXPECT_EQ(error.kind(), ErrorKind::kSystem);  // exit 66
  }
  EXPECT_EQ(launcher_->launches(), 0u);
}

// --- Signals.

TEST_F(RunTest, SignalBeforeTheProgramStartedEndsWithNothingToReport) {
  options_.summary_path = Path("summary");
  RunOutcome outcome = Run({CancelledBeforeStart(SIGINT)});
  EXPECT_EQ(outcome.end, RunEnd::kSignalledBeforeStart);
  EXPECT_EQ(ExitCodeOf(outcome), exit_code::kSignalledBeforeStart);
  EXPECT_EQ(messages_.str(), "timeit: error: received signal 2. exiting.\n");
  EXPECT_TRUE(results_.saved_runs.empty());
  EXPECT_TRUE(results_.saved_records.empty());
  EXPECT_FALSE(std::filesystem::exists(Path("summary")));
}

TEST_F(RunTest, SignalDuringARunKeepsTheRunsMadeAndRecordsTheSeriesAsInterrupted) {
  options_.series.measured_runs = 3;
  RunOutcome outcome = Run({Took(Exits(0), 0.1), Took(Interrupted(SIGTERM), 0.05)});
  EXPECT_EQ(results_.TagsIn(Path("a.json")), (Tags{"launch 1", "launch 2"}));
  ASSERT_EQ(results_.RecordPaths(), Paths{Path("a.json")});
  EXPECT_EQ(results_.saved_records[0].record.stopped, SeriesStop::kInterrupted);
  ASSERT_EQ(results_.saved_records[0].record.benchmarks.size(), 1u);
  EXPECT_EQ(results_.saved_records[0].record.benchmarks[0].runs, 2u);
  // The program was killed: its code, as tools/timeit.c gives it.
  EXPECT_EQ(outcome.end, RunEnd::kSeriesEnded);
  EXPECT_EQ(ExitCodeOf(outcome), 128 + SIGKILL);
  EXPECT_NE(messages_.str().find("timeit: error: received signal 15. killing monitored process(es): ./bench\n"),
            std::string::npos)
      << messages_.str();
  EXPECT_NE(messages_.str().find("timeit: 2 runs of './bench'"), std::string::npos) << messages_.str();
}

TEST_F(RunTest, SignalAfterTheLastRunEndsTimeitOnceTheRunIsSaved) {
  options_.series.measured_runs = 2;
  results_.before_runs = [](const std::string&, const std::vector<std::string>& tags, const LockWait&) {
    if (tags == Tags{"launch 2"}) ::raise(SIGINT);  // while the last run is being saved
  };
  RunOutcome outcome = Run({Took(Exits(0), 0.1), Took(Exits(0), 0.1)});
  EXPECT_EQ(results_.TagsIn(Path("a.json")), (Tags{"launch 1", "launch 2"}));
  EXPECT_EQ(results_.RecordPaths(), Paths{Path("a.json")});
  EXPECT_EQ(outcome.end, RunEnd::kSignalled);
  EXPECT_EQ(ExitCodeOf(outcome), 128 + SIGINT);
  std::string messages = messages_.str();
  EXPECT_EQ(messages.substr(messages.rfind("timeit: ")),
            "timeit: error: received signal 2 after the last run; its results are saved. exiting.\n");
}

TEST_F(RunTest, SignalWhileWaitingForALockEndsTheSeriesWithThatRunUnsaved) {
  options_.series.measured_runs = 3;
  results_.before_runs = [](const std::string& path, const std::vector<std::string>& tags, const LockWait& wait) {
    if (tags == Tags{"launch 2"}) WaitForALockUntil(SIGINT, path, wait);
  };
  RunOutcome outcome = Run({Took(Exits(0), 0.1), Took(Exits(0), 0.1), Took(Exits(0), 0.1)});
  // The third run never started; the second is reported but not saved, and the file, which
  // misses it, gets no series record.
  EXPECT_EQ(launcher_->launches(), 2u);
  EXPECT_EQ(launcher_->cancelled(), 1u);
  EXPECT_EQ(results_.TagsIn(Path("a.json")), Tags{"launch 1"});
  EXPECT_TRUE(results_.saved_records.empty());
  EXPECT_EQ(outcome.end, RunEnd::kSignalled);
  EXPECT_EQ(ExitCodeOf(outcome), 128 + SIGINT);
  std::string messages = messages_.str();
  EXPECT_NE(
      messages.find("timeit: error: gave up waiting for the lock on '" + Path("a.json") + "': received signal 2\n"),
      std::string::npos)
      << messages;
  EXPECT_NE(messages.find("timeit: 2 runs of './bench'"), std::string::npos) << messages;
  // Said once, at the end: not as a signal before a run, nor as a file that takes no more runs.
  EXPECT_EQ(messages.find("received signal 2. exiting."), std::string::npos) << messages;
  EXPECT_EQ(messages.find("the remaining runs"), std::string::npos) << messages;
  EXPECT_EQ(messages.substr(messages.rfind("timeit: ")),
            "timeit: error: received signal 2 while saving a run; its results could not all be saved. exiting.\n");
}

TEST_F(RunTest, SignalWhileWaitingToAddTheSeriesRecordIsNotedAndEndsTimeit) {
  options_.series.measured_runs = 2;
  results_.before_record = [](const std::string& path, const LockWait& wait) {
    WaitForALockUntil(SIGTERM, path, wait);
  };
  RunOutcome outcome = Run({Took(Exits(0), 0.1), Took(Exits(0), 0.1)});
  EXPECT_EQ(results_.TagsIn(Path("a.json")), (Tags{"launch 1", "launch 2"}));
  EXPECT_TRUE(results_.saved_records.empty());
  EXPECT_EQ(outcome.end, RunEnd::kSignalled);
  EXPECT_EQ(ExitCodeOf(outcome), 128 + SIGTERM);
  std::string messages = messages_.str();
  // Only a note: the runs, which are what counts, are saved.
  EXPECT_NE(messages.find("timeit: note: no series record was added to '" + Path("a.json") +
                          "': gave up waiting for the lock on '" + Path("a.json") + "': received signal 15\n"),
            std::string::npos)
      << messages;
  EXPECT_EQ(messages.find("timeit: error: gave up"), std::string::npos) << messages;
  EXPECT_EQ(messages.substr(messages.rfind("timeit: ")),
            "timeit: error: received signal 15 while adding the series record; the runs are saved. exiting.\n");
}

// With --append-exitstatus the program's status is what litsupport reads: a signal after
// the last run still leaves "exit N" and exit 0.
TEST_F(RunTest, AppendedExitStatusOutlastsASignalAfterTheLastRun) {
  options_.append_exit_status = true;
  options_.child.stdout_path = Path("out");
  WriteFile(Path("out"), "ok");
  results_.before_runs = [](const std::string&, const std::vector<std::string>&, const LockWait&) { ::raise(SIGINT); };
  RunOutcome outcome = Run({Took(Exits(3), 0.1)});
  EXPECT_EQ(outcome.end, RunEnd::kStatusAppended);
  EXPECT_EQ(ExitCodeOf(outcome), 0);
  EXPECT_EQ(ReadFile(Path("out")), "okexit 3\n");
}

// The same after a program that succeeded: its series ran to the end, so the signal is one
// after the last run (a failed run ends the series before that is asked).
TEST_F(RunTest, AppendedExitStatusOutlastsASignalAfterASuccessfulLastRun) {
  options_.append_exit_status = true;
  options_.child.stdout_path = Path("out");
  WriteFile(Path("out"), "ok");
  results_.before_runs = [](const std::string&, const std::vector<std::string>&, const LockWait&) { ::raise(SIGINT); };
  RunOutcome outcome = Run({Took(Exits(0), 0.1)});
  EXPECT_EQ(outcome.end, RunEnd::kStatusAppended);
  EXPECT_EQ(ExitCodeOf(outcome), 0);
  EXPECT_EQ(ReadFile(Path("out")), "okexit 0\n");
  EXPECT_EQ(messages_.str().find("received signal"), std::string::npos) << messages_.str();
}

// --- Series records.

TEST_F(RunTest, EachResultsFileGetsOneSeriesRecordNamingItsBenchmarks) {
  options_.commands = {
      {{"./a"}, "A", Path("ab.json")}, {{"./b"}, "B", Path("ab.json")}, {{"./c"}, "C", Path("c.json")}};
  options_.series.measured_runs = 2;
  std::vector<Measurement> script(6, Took(Exits(0), 0.1));
  RunOutcome outcome = Run(script);
  EXPECT_EQ(ExitCodeOf(outcome), 0);
  EXPECT_EQ(results_.TagsIn(Path("ab.json")).size(), 4u);
  EXPECT_EQ(results_.TagsIn(Path("c.json")).size(), 2u);
  ASSERT_EQ(results_.RecordPaths(), (Paths{Path("ab.json"), Path("c.json")}));
  auto benchmarks = [](const SeriesRecord& record) {
    std::vector<std::string> names;
    for (const SeriesRecord::Benchmark& benchmark : record.benchmarks) {
      names.push_back(benchmark.name + " " + std::to_string(benchmark.runs));
    }
    return names;
  };
  EXPECT_EQ(benchmarks(results_.saved_records[0].record), (std::vector<std::string>{"A 2", "B 2"}));
  EXPECT_EQ(benchmarks(results_.saved_records[1].record), std::vector<std::string>{"C 2"});
  EXPECT_EQ(results_.saved_records[0].record.stopped, SeriesStop::kPlanned);
}

TEST_F(RunTest, FileThatMissedARunGetsNoSeriesRecordAndNoLaterRuns) {
  options_.commands = {{{"./a"}, "A", Path("a.json")}, {{"./b"}, "B", Path("b.json")}};
  options_.series.measured_runs = 3;
  int saves_to_a = 0;
  results_.before_runs = [&](const std::string& path, const std::vector<std::string>&, const LockWait&) {
    if (path == Path("a.json") && ++saves_to_a == 2) throw Error(ErrorKind::kSystem, "disk full");
  };
  std::vector<Measurement> script(6, Took(Exits(0), 0.1));
  RunOutcome outcome = Run(script);
  EXPECT_EQ(launcher_->launches(), 6u);  // the series goes on
  EXPECT_EQ(saves_to_a, 2);              // and a.json is not asked to take the third run
  EXPECT_EQ(results_.TagsIn(Path("a.json")).size(), 1u);
  EXPECT_EQ(results_.TagsIn(Path("b.json")).size(), 3u);
  EXPECT_EQ(results_.RecordPaths(), Paths{Path("b.json")});
  EXPECT_EQ(outcome.end, RunEnd::kOutputFailed);
  EXPECT_EQ(ExitCodeOf(outcome), exit_code::kSetupFailure);
  EXPECT_NE(messages_.str().find("timeit: error: disk full\ntimeit: the remaining runs will not be added to '" +
                                 Path("a.json") + "'; the report still shows them\n"),
            std::string::npos)
      << messages_.str();
}

// A failure stops the series before the second command's first run: its file got nothing,
// so nothing says a series was made for it.
TEST_F(RunTest, FileOfACommandThatNeverRanGetsNoSeriesRecord) {
  options_.commands = {{{"./a"}, "A", Path("a.json")}, {{"./b"}, "B", Path("b.json")}};
  options_.series.measured_runs = 2;
  options_.series.order = RunOrder::kSequential;
  RunOutcome outcome = Run({Took(Exits(0), 0.1), Took(Exits(1), 0.1)});
  EXPECT_EQ(results_.TagsIn(Path("a.json")), (Tags{"launch 1", "launch 2"}));
  EXPECT_TRUE(results_.TagsIn(Path("b.json")).empty());
  ASSERT_EQ(results_.RecordPaths(), Paths{Path("a.json")});
  EXPECT_EQ(results_.saved_records[0].record.stopped, SeriesStop::kFailure);
  EXPECT_EQ(ExitCodeOf(outcome), 1);
}

TEST_F(RunTest, NoSeriesRecordWhenNoRunWasSaved) {
  options_.series.measured_runs = 2;
  results_.before_runs = [](const std::string&, const std::vector<std::string>&, const LockWait&) {
    throw Error(ErrorKind::kSystem, "disk full");
  };
  RunOutcome outcome = Run({Took(Exits(0), 0.1), Took(Exits(0), 0.1)});
  EXPECT_TRUE(results_.saved_runs.empty());
  EXPECT_TRUE(results_.saved_records.empty());
  EXPECT_EQ(ExitCodeOf(outcome), exit_code::kSetupFailure);
}

// --- The summary when something failed.

TEST_F(RunTest, SummaryOfACrashHasItsExitCodeAndItsFigures) {
  options_.summary_path = Path("summary");
  Measurement crash = Exits(128 + SIGSEGV);
  crash.real_seconds = 0.25;
  crash.user_seconds = 0.125;
  crash.sys_seconds = 0.0625;
  RunOutcome outcome = Run({crash});
  EXPECT_EQ(ReadFile(Path("summary")), "exit 139\nreal       0.2500\nuser       0.1250\nsys        0.0625\n");
  EXPECT_EQ(ExitCodeOf(outcome), 139);
  EXPECT_EQ(results_.TagsIn(Path("a.json")), Tags{"launch 1"});
  EXPECT_EQ(results_.RecordPaths(), Paths{Path("a.json")});
  EXPECT_EQ(messages_.str(), "timeit: error: child terminated by signal 11\n");
}

// The figures are those of the runs that succeeded; the exit code that of the run that
// stopped the series.
TEST_F(RunTest, SummaryAfterATimeoutHasTheSuccessfulRunsFiguresAndExit137) {
  options_.summary_path = Path("summary");
  options_.series.measured_runs = 3;
  options_.aggregate = stats::Aggregate::kMean;
  RunOutcome outcome = Run({Took(Exits(0), 0.5), Took(Exits(0), 0.25), Took(TimesOut(), 2)});
  // (0.5 + 0.25) / 2; with the timed-out run it would be 0.9167.
  EXPECT_EQ(ReadFile(Path("summary")), "exit 137\nreal       0.3750\nuser       0.3750\nsys        0.0000\n");
  EXPECT_EQ(ExitCodeOf(outcome), 137);
  EXPECT_EQ(results_.TagsIn(Path("a.json")), (Tags{"launch 1", "launch 2", "launch 3"}));
  ASSERT_EQ(results_.RecordPaths(), Paths{Path("a.json")});
  EXPECT_EQ(results_.saved_records[0].record.stopped, SeriesStop::kPlanned);  // the last run failed
  EXPECT_EQ(messages_.str(), "timeit: TIMING OUT PROCESS: ./bench\ntimeit: error: child terminated by signal 9\n");
}

TEST_F(RunTest, SummaryIsWrittenWhenASaveFailed) {
  options_.summary_path = Path("summary");
  options_.series.measured_runs = 2;
  results_.before_runs = [](const std::string&, const std::vector<std::string>& tags, const LockWait&) {
    if (tags == Tags{"launch 1"}) throw Error(ErrorKind::kSystem, "disk full");
  };
  RunOutcome outcome = Run({Took(Exits(0), 0.5), Took(Exits(0), 0.25)});
  // Both runs, though neither was saved.
  EXPECT_EQ(ReadFile(Path("summary")), "exit 0\nreal       0.2500\nuser       0.2500\nsys        0.0000\n");
  EXPECT_TRUE(results_.saved_runs.empty());
  EXPECT_TRUE(results_.saved_records.empty());
  EXPECT_EQ(outcome.end, RunEnd::kOutputFailed);
  EXPECT_EQ(ExitCodeOf(outcome), exit_code::kSetupFailure);
  EXPECT_EQ(messages_.str(), "timeit: error: disk full\ntimeit: the remaining runs will not be added to '" +
                                 Path("a.json") + "'; the summary still reports them\n");
}

TEST_F(RunTest, FailedWarmupStandsInForTheSeriesInTheSummary) {
  options_.summary_path = Path("summary");
  options_.series.warmup_runs = 2;
  options_.series.measured_runs = 2;
  RunOutcome outcome = Run({Took(Exits(3), 0.5)});
  EXPECT_EQ(ReadFile(Path("summary")), "exit 3\nreal       0.5000\nuser       0.5000\nsys        0.0000\n");
  EXPECT_EQ(ExitCodeOf(outcome), 3);
  EXPECT_TRUE(results_.saved_runs.empty());
  EXPECT_EQ(messages_.str(),
            "timeit: warmup run 1 of 2 failed (exit 3); no measured run was made (--ignore-failure keeps going)\n");
}

// Without --summary, a series that stopped in its warmups has no table: one of no runs
// would say nothing.
TEST_F(RunTest, FailedWarmupPrintsNoTableOfNoRuns) {
  options_.series.warmup_runs = 1;
  options_.series.measured_runs = 3;
  RunOutcome outcome = Run({Took(Exits(3), 0.5)});
  EXPECT_EQ(ExitCodeOf(outcome), 3);
  EXPECT_EQ(messages_.str(),
            "timeit: warmup run 1 of 1 failed (exit 3); no measured run was made (--ignore-failure keeps going)\n");
}

// --- Calibration.

// Calibration runs are answered here; the command's come from the script.
Measurement CalibrationSucceeds(const ChildSpec& spec, CounterBackend& counters, const Launcher& scripted) {
  if (spec.argv.at(0) == "./bench") return scripted(spec, counters);
  return Took(Exits(0), 0.001);
}

TEST_F(RunTest, CalibrationGoesIntoTheHostOfTheRunsAndTheSeriesRecord) {
  options_.calibrate = true;
  RunOutcome outcome = RunWith({Took(Exits(0), 0.1)}, CalibrationSucceeds);
  EXPECT_EQ(ExitCodeOf(outcome), 0);
  ASSERT_EQ(results_.saved_runs.size(), 1u);
  EXPECT_TRUE(results_.saved_runs[0].host_has_calibration);
  ASSERT_EQ(results_.saved_records.size(), 1u);
  EXPECT_TRUE(results_.saved_records[0].record.host.calibration.has_value());
  EXPECT_TRUE(output_.str().empty());  // the program's stdout is its own
  EXPECT_NE(messages_.str().find("overhead"), std::string::npos) << messages_.str();
}

TEST_F(RunTest, CalibrationAloneIsPrintedAndGoesIntoANewFilesHeaderOrElseASeriesRecord) {
  options_.calibrate = true;
  options_.commands.clear();
  options_.json_path = Path("a.json");
  RunOutcome outcome = RunWith({}, CalibrationSucceeds);
  EXPECT_EQ(outcome.end, RunEnd::kCalibrated);
  EXPECT_EQ(ExitCodeOf(outcome), 0);
  EXPECT_EQ(results_.checked, Paths{Path("a.json")});
  ASSERT_EQ(results_.saved_runs.size(), 1u);  // no runs: the header only
  EXPECT_TRUE(results_.saved_runs[0].tags.empty());
  EXPECT_TRUE(results_.saved_runs[0].host_has_calibration);
  EXPECT_TRUE(results_.saved_records.empty());
  EXPECT_NE(output_.str().find("overhead"), std::string::npos) << output_.str();

  results_.header_written = false;  // the file had its header: a header never changes
  results_.saved_runs.clear();
  RunWith({}, CalibrationSucceeds);
  ASSERT_EQ(results_.saved_records.size(), 1u);
  EXPECT_TRUE(results_.saved_records[0].record.host.calibration.has_value());
  EXPECT_TRUE(results_.saved_records[0].record.benchmarks.empty());
}

TEST_F(RunTest, SignalDuringCalibrationEndsTimeitBeforeTheCommand) {
  options_.calibrate = true;
  RunOutcome outcome = Run({Interrupted(SIGINT)});  // the first calibration run
  EXPECT_EQ(outcome.end, RunEnd::kSignalledBeforeStart);
  EXPECT_EQ(ExitCodeOf(outcome), exit_code::kSignalledBeforeStart);
  EXPECT_EQ(launcher_->launches(), 1u);
  EXPECT_TRUE(results_.saved_runs.empty());
  std::string messages = messages_.str();
  EXPECT_EQ(messages.substr(messages.rfind("timeit: ")), "timeit: error: received signal 2. exiting.\n");

  options_.commands.clear();  // alone, the calibration was the run: 128 + the signal
  outcome = Run({Interrupted(SIGINT)});
  EXPECT_EQ(outcome.end, RunEnd::kSignalled);
  EXPECT_EQ(ExitCodeOf(outcome), 128 + SIGINT);
}

// --- What the run's messages are.

TEST_F(RunTest, MessagesNameTheProgramAsTheReporterDoesAndSoDoesTheChildSide) {
  options_.series.measured_runs = 1;
  launcher_ = std::make_unique<ScriptedLauncher>(std::vector<Measurement>{Took(Exits(0), 0.1)});
  Reporter reporter("./my-timeit", messages_, output_, false);
  RunAndReport(options_, *counters_, launcher_->launcher(), results_, reporter);
  ASSERT_EQ(launcher_->specs().size(), 1u);
  EXPECT_EQ(launcher_->specs()[0].message_prefix, "./my-timeit");
  EXPECT_EQ(launcher_->specs()[0].argv, std::vector<std::string>{"./bench"});
}

TEST_F(RunTest, ProgressLineOnATerminalErasedBeforeEveryMessageAndAtTheEnd) {
  options_.series.measured_runs = 3;
  options_.progress = ProgressMode::kAlways;
  launcher_ = std::make_unique<ScriptedLauncher>(
      std::vector<Measurement>{Took(Exits(0), 0.1), Took(Exits(128 + SIGSEGV), 0.1), Took(Exits(0), 0.1)});
  options_.series.ignore_failure = true;
  double now = 0;
  MessagesTerminal terminal;
  terminal.redraws = true;
  terminal.clock = [&now] { return now += 1; };  // a second from each look to the next
  Reporter reporter("timeit", messages_, output_, terminal);
  RunAndReport(options_, *counters_, launcher_->launcher(), results_, reporter);
  const std::string& text = messages_.str();
  // Drawn as each run starts; the failed run's message erases it first, and so does the
  // report at the end.
  EXPECT_EQ(text.rfind("\r\033[Ktimeit: run 1 of 3, 0:00 elapsed\r\033[Ktimeit: run 2 of 3, 0:01 elapsed, about 0:02 "
                       "left\r\033[Ktimeit: error: ",
                       0),
            0u)
      << text;
  size_t third = text.find("\r\033[Ktimeit: run 3 of 3, ");
  ASSERT_NE(third, std::string::npos) << text;
  EXPECT_NE(text.find("left\r\033[Ktimeit: 3 runs of './bench'", third), std::string::npos) << text;
}

TEST_F(RunTest, ProgressLineNowhereElseUnlessAlwaysAndNeverWhereTheProgramWritesUnlessAlways) {
  options_.series.measured_runs = 2;
  auto messages_of = [&](MessagesTerminal terminal, ProgressMode mode) {
    options_.progress = mode;
    launcher_ = std::make_unique<ScriptedLauncher>(std::vector<Measurement>{Took(Exits(0), 2), Took(Exits(0), 2)});
    double now = 0;
    terminal.clock = [&now] { return now += 2; };  // past the second auto waits for
    std::ostringstream messages;
    Reporter reporter("timeit", messages, output_, terminal);
    RunAndReport(options_, *counters_, launcher_->launcher(), results_, reporter);
    return messages.str();
  };
  MessagesTerminal file;
  EXPECT_EQ(messages_of(file, ProgressMode::kAuto).find('\r'), std::string::npos);
  EXPECT_NE(messages_of(file, ProgressMode::kAlways).find("\r\033[Ktimeit: run 1 of 2"), std::string::npos);
  MessagesTerminal terminal;
  terminal.redraws = true;
  EXPECT_NE(messages_of(terminal, ProgressMode::kAuto).find("\r\033[Ktimeit: run 2 of 2"), std::string::npos);
  EXPECT_EQ(messages_of(terminal, ProgressMode::kNever).find('\r'), std::string::npos);
  // The program's stdout is the terminal: auto leaves it alone...
  terminal.shared_with_stdout = true;
  EXPECT_EQ(messages_of(terminal, ProgressMode::kAuto).find('\r'), std::string::npos);
  EXPECT_NE(messages_of(terminal, ProgressMode::kAlways).find("\0337\033D\r\033[Ktimeit: run 1 of 2"),
            std::string::npos);
  // ...unless the program's stdout is redirected.
  options_.child.stdout_path = "/dev/null";
  EXPECT_NE(messages_of(terminal, ProgressMode::kAuto).find("\r\033[Ktimeit: run 2 of 2"), std::string::npos);
}

}  // namespace
}  // namespace timeit
