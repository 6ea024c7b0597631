#pragma once

#include <cerrno>

namespace timeit {

/// Calls `call` (a system call returning -1 and setting errno on failure) until it is not
/// interrupted by a signal handler, and returns its last result. timeit installs its
/// handlers without SA_RESTART, so a slow call they interrupt fails with EINTR; retrying is
/// right for reads, writes, opens, locks and waits. Not for close(), which releases the
/// descriptor even when it reports EINTR. Allocates nothing, so it may run in a forked
/// child before exec.
template <typename Call>
auto RetryOnEintr(Call call) -> decltype(call()) {
  while (true) {
    auto result = call();
    if (result != -1 || errno != EINTR) return result;
  }
}

}  // namespace timeit
