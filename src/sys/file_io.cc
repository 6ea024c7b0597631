#include "timeit/sys/file_io.h"

#include <fcntl.h>
#include <signal.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>

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

namespace {

/// Ignores SIGXFSZ while it lives: a write beyond the file-size limit (ulimit -f) then
/// fails with EFBIG, which the caller reports and cleans up after, instead of killing
/// timeit half-way through a record. The disposition is restored after, so the program
/// timeit runs next is not affected.
class FileSizeSignalIgnored {
 public:
  FileSizeSignalIgnored() {
    struct sigaction ignore {};
    ignore.sa_handler = SIG_IGN;
    restore_ = ::sigaction(SIGXFSZ, &ignore, &saved_) == 0;
  }
  ~FileSizeSignalIgnored() {
    if (restore_) ::sigaction(SIGXFSZ, &saved_, nullptr);  // cannot fail: the old action was valid
  }
  FileSizeSignalIgnored(const FileSizeSignalIgnored&) = delete;
  FileSizeSignalIgnored& operator=(const FileSizeSignalIgnored&) = delete;

 private:
  struct sigaction saved_ {};
  bool restore_ = false;
};

}  // namespace

void WriteAll(int fd, std::string_view text, const std::string& path) {
  FileSizeSignalIgnored file_size_limit;
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

void ReplaceFile(const std::string& path, std::string_view text) {
  // Beside the target, so that the rename stays within one file system; O_EXCL, so that
  // two writers never share a new file.
  std::string fresh;
  UniqueFd fd;
  for (int attempt = 0; !fd; ++attempt) {
    fresh = path + ".tmp" + std::to_string(::getpid()) + "-" + std::to_string(attempt);
    fd.reset(::open(fresh.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666));
    if (!fd && (errno != EEXIST || attempt == 100)) {
      throw Error(ErrorKind::kSystem, SystemErrorMessage("cannot create a file beside '" + path + "'", errno));
    }
  }
  try {
    WriteAll(fd.get(), text, path);
    if (::close(fd.release()) != 0) {
      throw Error(ErrorKind::kSystem, SystemErrorMessage("cannot write '" + path + "'", errno));
    }
    if (::rename(fresh.c_str(), path.c_str()) != 0) {
      throw Error(ErrorKind::kSystem, SystemErrorMessage("cannot replace '" + path + "'", errno));
    }
  } catch (...) {
    ::unlink(fresh.c_str());
    throw;
  }
}

}  // namespace timeit
