#include "timeit/measure/launcher.h"

#include <gtest/gtest.h>
#include <signal.h>
#include <stdlib.h>
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

// The variable replaces one timeit itself has, so the program sees exactly one, of exactly
// the length asked for; the rest of the environment is timeit's.
TEST_F(LauncherTest, EnvironmentOffsetAddsOneVariableOfThatLength) {
  ASSERT_EQ(::setenv("TIMEIT_ENV_OFFSET", "timeit's own", 1), 0);
  ASSERT_EQ(::setenv("TIMEIT_LAUNCHER_TEST", "kept", 1), 0);
  ChildSpec spec;
  spec.argv = {"/bin/sh", "-c",
               "env | grep -c '^TIMEIT_ENV_OFFSET='; printf '%s\\n' \"$TIMEIT_ENV_OFFSET\" \"$TIMEIT_LAUNCHER_TEST\""};
  spec.stdout_path = dir_.File("out");
  for (int offset : {0, 1, 300, kEnvOffsetLimit - 1}) {
    spec.controls.env_offset = offset;
    Measurement run = Run(spec);
    EXPECT_EQ(run.exit_code, 0);
    EXPECT_EQ(run.controls.env_offset, offset);
    EXPECT_EQ(ReadFile(dir_.File("out")), "1\n" + std::string(static_cast<size_t>(offset), 'x') + "\nkept\n");
  }
  spec.controls.env_offset.reset();
  Run(spec);
  EXPECT_EQ(ReadFile(dir_.File("out")), "1\ntimeit's own\nkept\n");
  ::unsetenv("TIMEIT_ENV_OFFSET");
  ::unsetenv("TIMEIT_LAUNCHER_TEST");
}

#ifdef __linux__

// The program and what it starts run on the CPU it was pinned to, whatever timeit's own.
TEST_F(LauncherTest, PinnedProgramAndDescendantsStayOnTheirCpus) {
  std::optional<std::vector<int>> allowed = AllowedCpus();
  ASSERT_TRUE(allowed && !allowed->empty());
  ChildSpec spec;
  spec.argv = {"/bin/sh", "-c",
               "grep Cpus_allowed_list /proc/self/status; sh -c 'grep Cpus_allowed_list /proc/self/status'"};
  spec.stdout_path = dir_.File("out");
  spec.controls.cpus = {allowed->back()};
  Measurement run = Run(spec);
  EXPECT_EQ(run.exit_code, 0) << run.failure_message;
  EXPECT_EQ(run.controls.cpus, spec.controls.cpus);
  std::string line = "Cpus_allowed_list:\t" + std::to_string(allowed->back()) + "\n";
  EXPECT_EQ(ReadFile(dir_.File("out")), line + line);
}

// A CPU the machine does not have: the kernel refuses, and the run is a setup failure.
TEST_F(LauncherTest, CpuTheKernelRefusesIs66) {
  ChildSpec spec;
  spec.argv = {"/bin/sh", "-c", "echo PROGRAM-RAN"};
  spec.stdout_path = dir_.File("out");
  spec.controls.cpus = {kMaxCpuNumber};
  Measurement run = Run(spec);
  EXPECT_EQ(run.exit_code, 66);
  EXPECT_EQ(run.failure, LaunchFailure::kSetup);
  EXPECT_EQ(run.failure_message, "cannot pin the program to CPU 8191 (sched_setaffinity): Invalid argument");
  EXPECT_EQ(ReadFile(dir_.File("out")), "");
}

// ADDR_NO_RANDOMIZE (0x0040000) in the program's persona, and only when asked for.
TEST_F(LauncherTest, AslrDisabledIsThePersonalityFlag) {
  ChildSpec spec;
  spec.argv = {"cat", "/proc/self/personality"};
  spec.stdout_path = dir_.File("out");
  auto persona = [&] {
    Measurement run = Run(spec);
    EXPECT_EQ(run.exit_code, 0) << run.failure_message;
    EXPECT_EQ(run.controls.aslr_disabled, spec.controls.aslr_disabled);
    return std::stoul(ReadFile(dir_.File("out")), nullptr, 16);
  };
  unsigned long inherited = persona();
  spec.controls.aslr_disabled = true;
  EXPECT_EQ(persona(), inherited | 0x0040000);
}

#endif

}  // namespace
}  // namespace timeit
