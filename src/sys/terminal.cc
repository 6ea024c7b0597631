#include "timeit/sys/terminal.h"

#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace timeit {

std::optional<int> TerminalColumns(int fd) {
  struct winsize size {};
  if (::ioctl(fd, TIOCGWINSZ, &size) != 0 || size.ws_col == 0) return std::nullopt;
  return static_cast<int>(size.ws_col);
}

bool InForeground(int fd) {
  pid_t foreground = ::tcgetpgrp(fd);
  // -1: not this process's controlling terminal (ENOTTY), or not a terminal at all.
  return foreground == -1 || foreground == ::getpgrp();
}

bool SameOpenFile(int a, int b) {
  struct stat first {
  }, second{};
  if (::fstat(a, &first) != 0 || ::fstat(b, &second) != 0) return false;
  return first.st_dev == second.st_dev && first.st_ino == second.st_ino;
}

bool RedrawsInPlace(std::optional<std::string_view> term) { return term && !term->empty() && *term != "dumb"; }

}  // namespace timeit
