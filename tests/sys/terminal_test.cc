#include "timeit/sys/terminal.h"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include <cstdlib>

#include "timeit/sys/unique_fd.h"

namespace timeit {
namespace {

// A new pseudo-terminal: its controlling side and the terminal a program would write to.
struct PseudoTerminal {
  UniqueFd master;
  UniqueFd terminal;
};

PseudoTerminal OpenPseudoTerminal() {
  PseudoTerminal pty;
  pty.master.reset(::posix_openpt(O_RDWR | O_NOCTTY | O_CLOEXEC));
  if (!pty.master || ::grantpt(pty.master.get()) != 0 || ::unlockpt(pty.master.get()) != 0) return {};
  const char* name = ::ptsname(pty.master.get());
  if (name != nullptr) pty.terminal.reset(::open(name, O_RDWR | O_NOCTTY | O_CLOEXEC));
  return pty;
}

TEST(TerminalTest, ColumnsAreTheTerminalsWidthAndUnknownElsewhere) {
  PseudoTerminal pty = OpenPseudoTerminal();
  if (!pty.terminal) GTEST_SKIP() << "no pseudo-terminal can be opened here";
  // A new pseudo-terminal has no size until its owner sets one, as a terminal emulator does.
  EXPECT_EQ(TerminalColumns(pty.terminal.get()), std::nullopt);
  struct winsize size {};
  size.ws_row = 24;
  size.ws_col = 132;
  ASSERT_EQ(::ioctl(pty.master.get(), TIOCSWINSZ, &size), 0);
  EXPECT_EQ(TerminalColumns(pty.terminal.get()), 132);

  Pipe pipe;
  ASSERT_TRUE(MakePipe(pipe));
  EXPECT_EQ(TerminalColumns(pipe.write_end.get()), std::nullopt);
  EXPECT_EQ(TerminalColumns(-1), std::nullopt);
}

TEST(TerminalTest, AnythingButTheControllingTerminalIsInTheForeground) {
  Pipe pipe;
  ASSERT_TRUE(MakePipe(pipe));
  EXPECT_TRUE(InForeground(pipe.write_end.get()));
  EXPECT_TRUE(InForeground(-1));
  // A terminal this process does not control has no foreground group to be out of.
  PseudoTerminal pty = OpenPseudoTerminal();
  if (pty.terminal) {
    EXPECT_TRUE(InForeground(pty.terminal.get()));
  }
}

TEST(TerminalTest, SameOpenFileIsOneFileWhateverTheDescriptor) {
  Pipe pipe;
  ASSERT_TRUE(MakePipe(pipe));
  UniqueFd copy(::dup(pipe.write_end.get()));
  EXPECT_TRUE(SameOpenFile(pipe.write_end.get(), copy.get()));
  EXPECT_TRUE(SameOpenFile(pipe.read_end.get(), pipe.write_end.get()));  // one pipe

  Pipe other;
  ASSERT_TRUE(MakePipe(other));
  EXPECT_FALSE(SameOpenFile(pipe.write_end.get(), other.write_end.get()));
  EXPECT_FALSE(SameOpenFile(pipe.write_end.get(), -1));

  PseudoTerminal pty = OpenPseudoTerminal();
  if (!pty.terminal) return;
  UniqueFd again(::open(::ptsname(pty.master.get()), O_RDWR | O_NOCTTY | O_CLOEXEC));
  ASSERT_TRUE(again);
  // Opened twice, as a shell's stdout and stderr are: one terminal.
  EXPECT_TRUE(SameOpenFile(pty.terminal.get(), again.get()));
  EXPECT_FALSE(SameOpenFile(pty.terminal.get(), pipe.write_end.get()));
}

TEST(TerminalTest, OnlyAnUnsetEmptyOrDumbTermCannotRedraw) {
  EXPECT_TRUE(RedrawsInPlace("xterm-256color"));
  EXPECT_TRUE(RedrawsInPlace("screen"));
  EXPECT_TRUE(RedrawsInPlace("linux"));
  EXPECT_FALSE(RedrawsInPlace("dumb"));
  EXPECT_FALSE(RedrawsInPlace(""));
  EXPECT_FALSE(RedrawsInPlace(std::nullopt));
}

}  // namespace
}  // namespace timeit
