#include "timeit/measure/exit_code.h"

#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>

#include "timeit/sys/retry_on_eintr.h"

namespace timeit {
namespace {

// Wait statuses in Linux's encoding: exit code in bits 8-15, signal in bits 0-6, core
// dump flag 0x80, 0x7f in the low byte for a stopped child.
TEST(ExitCodeFromWaitStatusTest, ExitCodePassesThrough) {
  EXPECT_EQ(ExitCodeFromWaitStatus(0x0000), 0);
  EXPECT_EQ(ExitCodeFromWaitStatus(0x0300), 3);
  EXPECT_EQ(ExitCodeFromWaitStatus(0xff00), 255);
}

TEST(ExitCodeFromWaitStatusTest, SignalIs128PlusSignal) {
  EXPECT_EQ(ExitCodeFromWaitStatus(0x0009), 137);  // SIGKILL
  EXPECT_EQ(ExitCodeFromWaitStatus(0x000f), 143);  // SIGTERM
  EXPECT_EQ(ExitCodeFromWaitStatus(0x008b), 139);  // SIGSEGV with core dump
  EXPECT_EQ(ExitCodeFromWaitStatus(0x0006), 134);  // SIGABRT
}

TEST(ExitCodeFromWaitStatusTest, StoppedIsSetupFailure) {
  EXPECT_EQ(ExitCodeFromWaitStatus(0x137f), exit_code::kSetupFailure);  // stopped by SIGSTOP
}

int WaitStatusOfChild(void (*body)()) {
  pid_t pid = ::fork();
  if (pid == 0) {
    body();
    ::_exit(100);
  }
  int status = 0;
  RetryOnEintr([&] { return ::waitpid(pid, &status, 0); });
  return status;
}

TEST(ExitCodeFromWaitStatusTest, RealChildren) {
  EXPECT_EQ(ExitCodeFromWaitStatus(WaitStatusOfChild([] { ::_exit(42); })), 42);
  EXPECT_EQ(ExitCodeFromWaitStatus(WaitStatusOfChild([] { ::kill(::getpid(), SIGKILL); })), 128 + SIGKILL);
  EXPECT_EQ(ExitCodeFromWaitStatus(WaitStatusOfChild([] { ::kill(::getpid(), SIGUSR1); })), 128 + SIGUSR1);
}

TEST(ExitCodeFromExecErrnoTest, NotFound) {
  EXPECT_EQ(ExitCodeFromExecErrno(ENOENT), 127);
  EXPECT_EQ(ExitCodeFromExecErrno(ENOTDIR), 127);
}

TEST(ExitCodeFromExecErrnoTest, NotExecutable) {
  EXPECT_EQ(ExitCodeFromExecErrno(EACCES), 126);
  EXPECT_EQ(ExitCodeFromExecErrno(EPERM), 126);
  EXPECT_EQ(ExitCodeFromExecErrno(ENOEXEC), 126);
  EXPECT_EQ(ExitCodeFromExecErrno(EISDIR), 126);
}

TEST(ExitCodeFromExecErrnoTest, OtherErrorsAreExecFailure) {
  EXPECT_EQ(ExitCodeFromExecErrno(E2BIG), 67);
  EXPECT_EQ(ExitCodeFromExecErrno(ENOMEM), 67);
  EXPECT_EQ(ExitCodeFromExecErrno(ETXTBSY), 67);
  EXPECT_EQ(ExitCodeFromExecErrno(0), 67);
}

}  // namespace
}  // namespace timeit
