#include "timeit/measure/launcher.h"

#include <gtest/gtest.h>
#include <signal.h>
#include <sys/stat.h>

#include "temp_dir.h"
#include "timeit/base/error.h"

namespace timeit {
namespace {

using testing::ReadFile;
using testing::TempDir;
using testing::WriteFile;

class LauncherTest : public ::testing::Test {
 protected:
  Measurement Run(ChildSpec spec) { return Launch(spec, *counters_); }
  Measurement Run(std::vector<std::string> argv) {
    ChildSpec spec;
    spec.argv = std::move(argv);
    return Run(spec);
  }

  TempDir dir_;
  std::unique_ptr<CounterBackend> counters_ = MakeNoCounterBackend("test");
};

TEST_F(LauncherTest, ExitCodePassesThrough) {
  Measurement run = Run({"/bin/sh", "-c", "exit 3"});
  EXPECT_EQ(run.exit_code, 3);
  EXPECT_EQ(run.term_signal, std::nullopt);
  EXPECT_EQ(run.failure, LaunchFailure::kNone);
  EXPECT_FALSE(run.timed_out);
  EXPECT_EQ(run.counters.backend, "none");
  EXPECT_EQ(Run({"true"}).exit_code, 0);  // looked up in PATH
}

TEST_F(LauncherTest, SignalIs128PlusSignal) {
  Measurement run = Run({"/bin/sh", "-c", "kill -TERM $$"});
  EXPECT_EQ(run.exit_code, 128 + SIGTERM);
  EXPECT_EQ(run.term_signal, SIGTERM);
  EXPECT_EQ(run.failure, LaunchFailure::kNone);
  EXPECT_FALSE(run.timed_out);

  Measurement segv = Run({"/bin/sh", "-c", "kill -SEGV $$"});
  EXPECT_EQ(segv.exit_code, 139);
  EXPECT_EQ(segv.term_signal, SIGSEGV);
}

TEST_F(LauncherTest, MissingProgramIs127) {
  Measurement run = Run({dir_.File("no-such-program")});
  EXPECT_EQ(run.exit_code, 127);
  EXPECT_EQ(run.failure, LaunchFailure::kExec);
  EXPECT_NE(run.failure_message.find("no-such-program"), std::string::npos) << run.failure_message;
  EXPECT_EQ(run.term_signal, std::nullopt);

  Measurement in_path = Run({"timeit-test-no-such-program-in-path"});
  EXPECT_EQ(in_path.exit_code, 127);
  EXPECT_EQ(in_path.failure, LaunchFailure::kExec);
}

TEST_F(LauncherTest, NonExecutableIs126) {
  std::string script = dir_.File("script.sh");
  WriteFile(script, "#!/bin/sh\nexit 0\n");
  ASSERT_EQ(::chmod(script.c_str(), 0644), 0);
  Measurement run = Run({script});
  EXPECT_EQ(run.exit_code, 126);
  EXPECT_EQ(run.failure, LaunchFailure::kExec);
  EXPECT_NE(run.failure_message.find("Permission denied"), std::string::npos) << run.failure_message;
}

TEST_F(LauncherTest, BadChdirIs66) {
  ChildSpec spec;
  spec.argv = {"/bin/true"};
  spec.working_directory = dir_.File("missing-dir");
  Measurement run = Run(spec);
  EXPECT_EQ(run.exit_code, 66);
  EXPECT_EQ(run.failure, LaunchFailure::kSetup);
  EXPECT_NE(run.failure_message.find("missing-dir"), std::string::npos) << run.failure_message;
}

TEST_F(LauncherTest, BadRedirectionIs66) {
  ChildSpec spec;
  spec.argv = {"/bin/true"};
  spec.stdin_path = dir_.File("missing-input");
  Measurement run = Run(spec);
  EXPECT_EQ(run.exit_code, 66);
  EXPECT_EQ(run.failure, LaunchFailure::kSetup);
}

TEST_F(LauncherTest, TimeoutKillsTheProgram) {
  ChildSpec spec;
  spec.argv = {"/bin/sleep", "10"};
  spec.timeout_seconds = 0.2;
  Measurement run = Run(spec);
  EXPECT_TRUE(run.timed_out);
  EXPECT_EQ(run.exit_code, 137);
  EXPECT_EQ(run.term_signal, SIGKILL);
  EXPECT_GE(run.real_seconds, 0.15);
  EXPECT_LT(run.real_seconds, 5.0);
}

TEST_F(LauncherTest, NoTimeoutWhenProgramIsFaster) {
  ChildSpec spec;
  spec.argv = {"/bin/true"};
  spec.timeout_seconds = 5;
  Measurement run = Run(spec);
  EXPECT_FALSE(run.timed_out);
  EXPECT_EQ(run.exit_code, 0);
}

TEST_F(LauncherTest, RedirectionsWriteFiles) {
  ChildSpec spec;
  spec.argv = {"/bin/sh", "-c", "cat; echo out; echo err >&2"};
  WriteFile(dir_.File("in"), "input line\n");
  spec.stdin_path = dir_.File("in");
  spec.stdout_path = dir_.File("out");
  spec.stderr_path = dir_.File("err");
  Measurement run = Run(spec);
  EXPECT_EQ(run.exit_code, 0) << run.failure_message;
  EXPECT_EQ(ReadFile(dir_.File("out")), "input line\nout\n");
  EXPECT_EQ(ReadFile(dir_.File("err")), "err\n");
}

TEST_F(LauncherTest, SameFileForStdoutAndStderrInterleaves) {
  ChildSpec spec;
  spec.argv = {"/bin/sh", "-c", "echo one; echo two >&2; echo three"};
  spec.stdout_path = dir_.File("both");
  spec.stderr_path = dir_.File("both");
  Measurement run = Run(spec);
  EXPECT_EQ(run.exit_code, 0) << run.failure_message;
  EXPECT_EQ(ReadFile(dir_.File("both")), "one\ntwo\nthree\n");
}

TEST_F(LauncherTest, WorkingDirectoryAppliesToTheProgram) {
  ChildSpec spec;
  spec.argv = {"/bin/sh", "-c", "pwd"};
  spec.working_directory = dir_.path().string();
  spec.stdout_path = dir_.File("pwd");  // relative to our directory, opened before chdir
  Measurement run = Run(spec);
  EXPECT_EQ(run.exit_code, 0) << run.failure_message;
  EXPECT_EQ(ReadFile(dir_.File("pwd")), std::filesystem::canonical(dir_.path()).string() + "\n");
}

TEST_F(LauncherTest, RealTimeOfSleep) {
  Measurement run = Run({"/bin/sleep", "0.1"});
  EXPECT_EQ(run.exit_code, 0);
  EXPECT_GE(run.real_seconds, 0.1);
  EXPECT_LT(run.real_seconds, 5.0);
  EXPECT_GT(run.maxrss_bytes, 0u);
  EXPECT_EQ(run.start_time.size(), 20u) << run.start_time;  // 2026-11-30T18:27:21Z
  EXPECT_EQ(run.start_time.back(), 'Z');
}

TEST_F(LauncherTest, EmptyCommandIsUsageError) {
  try {
    Run(std::vector<std::string>{});
    FAIL() << "no error";
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), ErrorKind::kUsage);
  }
}

}  // namespace
}  // namespace timeit
