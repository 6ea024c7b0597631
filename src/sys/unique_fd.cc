#include "timeit/sys/unique_fd.h"

#include <fcntl.h>
#include <unistd.h>

// macOS has no pipe2; Linux and the BSDs do.
#if defined(__linux__) || defined(__FreeBSD__) || defined(__NetBSD__) || defined(__OpenBSD__) || defined(__DragonFly__)
#define TIMEIT_HAVE_PIPE2 1
#else
#define TIMEIT_HAVE_PIPE2 0
#endif

namespace timeit {

void UniqueFd::reset(int fd) {
  if (fd_ >= 0) {
    // close() may report EINTR, but on Linux the descriptor is released anyway:
    // retrying could close a descriptor another thread just opened.
    ::close(fd_);
  }
  fd_ = fd;
}

bool MakePipe(Pipe& pipe) {
  int fds[2];
#if TIMEIT_HAVE_PIPE2
  if (::pipe2(fds, O_CLOEXEC) != 0) return false;
  pipe.read_end.reset(fds[0]);
  pipe.write_end.reset(fds[1]);
#else
  if (::pipe(fds) != 0) return false;
  // Owned before fcntl, so they are closed however this ends. Not atomic as pipe2 is: a
  // fork from another thread in between would leak the ends into that child, but the only
  // code that forks (the launcher) runs on timeit's one thread.
  pipe.read_end.reset(fds[0]);
  pipe.write_end.reset(fds[1]);
  if (::fcntl(fds[0], F_SETFD, FD_CLOEXEC) != 0 || ::fcntl(fds[1], F_SETFD, FD_CLOEXEC) != 0) return false;
#endif
  return true;
}

}  // namespace timeit
