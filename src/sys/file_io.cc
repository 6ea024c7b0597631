#include "timeit/sys/file_io.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>

#include "timeit/sys/retry_on_eintr.h"
#include "timeit/sys/unique_fd.h"

namespace timeit {

std::string ReadAll(int fd, const std::string& path, ErrorKind kind) {
  std::string content;
  char buffer[1 << 16];
  while (true) {
    ssize_t got = RetryOnEintr([&] { return ::read(fd, buffer, sizeof buffer); });
    if (got < 0) throw Error(kind, SystemErrorMessage("cannot read '" + path + "'", errno));
    if (got == 0) return content;
    content.append(buffer, static_cast<size_t>(got));
  }
}

void WriteAll(int fd, std::string_view text, const std::string& path) {
  size_t done = 0;
  while (done < text.size()) {
    ssize_t wrote = RetryOnEintr([&] { return ::write(fd, text.data() + done, text.size() - done); });
    if (wrote < 0) throw Error(ErrorKind::kSystem, SystemErrorMessage("cannot write '" + path + "'", errno));
    done += static_cast<size_t>(wrote);
  }
}

void WriteTextFile(const std::string& path, std::string_view text, int extra_flags) {
  UniqueFd fd(::open(path.c_str(), O_WRONLY | O_CREAT | O_CLOEXEC | extra_flags, 0666));
  if (!fd) throw Error(ErrorKind::kSystem, SystemErrorMessage("cannot open '" + path + "'", errno));
  WriteAll(fd.get(), text, path);
}

}  // namespace timeit
