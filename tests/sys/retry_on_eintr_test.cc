#include "timeit/sys/retry_on_eintr.h"

#include <gtest/gtest.h>
#include <sys/types.h>

#include <cerrno>

namespace timeit {
namespace {

TEST(RetryOnEintrTest, RetriesOnlyInterruptedCalls) {
  int calls = 0;
  ssize_t result = RetryOnEintr([&]() -> ssize_t {
    if (++calls < 3) {
      errno = EINTR;
      return -1;
    }
    return 5;
  });
  EXPECT_EQ(result, 5);
  EXPECT_EQ(calls, 3);
}

TEST(RetryOnEintrTest, OtherFailuresAreReturnedAtOnce) {
  int calls = 0;
  int result = RetryOnEintr([&] {
    ++calls;
    errno = EBADF;
    return -1;
  });
  EXPECT_EQ(result, -1);
  EXPECT_EQ(errno, EBADF);
  EXPECT_EQ(calls, 1);
}

TEST(RetryOnEintrTest, SuccessIsNotRetriedWhateverErrnoSays) {
  int calls = 0;
  errno = EINTR;  // left over from an earlier call: only -1 means failure
  int result = RetryOnEintr([&] { return ++calls == 1 ? 0 : -1; });
  EXPECT_EQ(result, 0);
  EXPECT_EQ(calls, 1);
}

}  // namespace
}  // namespace timeit
