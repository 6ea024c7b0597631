#include "timeit/sys/unique_fd.h"

#include <fcntl.h>
#include <unistd.h>

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
  if (::pipe2(fds, O_CLOEXEC) != 0) return false;
  pipe.read_end.reset(fds[0]);
  pipe.write_end.reset(fds[1]);
  return true;
}

}  // namespace timeit
