#include "timeit/sys/unique_fd.h"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <unistd.h>

namespace timeit {
namespace {

bool IsOpen(int fd) { return ::fcntl(fd, F_GETFD) != -1; }

TEST(UniqueFdTest, ClosesOnceAndMovesOwnership) {
  int fds[2];
  ASSERT_EQ(::pipe(fds), 0);
  ::close(fds[1]);
  UniqueFd owner(fds[0]);
  UniqueFd moved(std::move(owner));
  EXPECT_FALSE(owner);
  EXPECT_EQ(moved.get(), fds[0]);
  moved.reset();
  EXPECT_FALSE(IsOpen(fds[0]));
}

TEST(UniqueFdTest, PipeEndsAreCloseOnExecAndConnected) {
  Pipe pipe;
  ASSERT_TRUE(MakePipe(pipe));
  // Neither end may leak into the program the launcher execs.
  EXPECT_EQ(::fcntl(pipe.read_end.get(), F_GETFD) & FD_CLOEXEC, FD_CLOEXEC);
  EXPECT_EQ(::fcntl(pipe.write_end.get(), F_GETFD) & FD_CLOEXEC, FD_CLOEXEC);
  ASSERT_EQ(::write(pipe.write_end.get(), "x", 1), 1);
  char got = 0;
  EXPECT_EQ(::read(pipe.read_end.get(), &got, 1), 1);
  EXPECT_EQ(got, 'x');
}

}  // namespace
}  // namespace timeit
