#include "timeit/sys/file_io.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/vfs.h>
#endif

#include <algorithm>
#include <cerrno>
#include <climits>
#include <cstdio>
#include <cstring>

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

namespace {

/// Where ReplaceFile puts its text.
struct Destination {
  /// The file written or renamed over: `path`, or the end of its chain of links.
  std::string path;
  /// Written in place (a device or FIFO, or a process's open file) rather than replaced by
  /// a rename.
  bool in_place = false;
  /// The regular file replaced, when there is one: its owner and mode go to the new file.
  std::optional<struct stat> replaced;
};

const char* KindOfFile(mode_t mode) {
  if (S_ISDIR(mode)) return "a directory";
  if (S_ISBLK(mode)) return "a block device";
  if (S_ISSOCK(mode)) return "a socket";
  return "not a regular file";
}

// Whether the link at `link` is one of /proc's, such as /proc/self/fd/1 (where /dev/stdout
// leads): it stands for a file a process has open, which may be open elsewhere too.
bool IsProcessLink(const std::string& link) {
#ifdef __linux__
  constexpr long kProcSuperMagic = 0x9fa0;
  size_t slash = link.rfind('/');
  std::string directory = slash == std::string::npos ? "." : slash == 0 ? "/" : link.substr(0, slash);
  struct statfs file_system;
  return ::statfs(directory.c_str(), &file_system) == 0 && static_cast<long>(file_system.f_type) == kProcSuperMagic;
#else
  (void)link;
  return false;
#endif
}

// The end of `path`'s chain of symbolic links: `path` itself when it is none. With
// `through_process`, whether a link of the chain is IsProcessLink's.
std::string LinkTarget(const std::string& path, bool* through_process = nullptr) {
  std::string current = path;
  for (int hops = 0; hops < 40; ++hops) {  // the kernel's own limit (ELOOP)
    struct stat info;
    if (::lstat(current.c_str(), &info) != 0 || !S_ISLNK(info.st_mode)) return current;
    if (through_process != nullptr && IsProcessLink(current)) *through_process = true;
    std::string link(256, '\0');
    ssize_t length;
    while ((length = ::readlink(current.c_str(), link.data(), link.size())) == static_cast<ssize_t>(link.size())) {
      link.resize(link.size() * 2);  // perhaps cut short: again, with room to spare
    }
    if (length <= 0) {
      throw Error(ErrorKind::kSystem, SystemErrorMessage("cannot read the link '" + current + "'", errno));
    }
    link.resize(static_cast<size_t>(length));
    // A relative link is read from the directory that holds it.
    size_t slash = current.rfind('/');
    current = link[0] == '/' || slash == std::string::npos ? link : current.substr(0, slash + 1) + link;
  }
  throw Error(ErrorKind::kSystem, SystemErrorMessage("cannot follow '" + path + "'", ELOOP));
}

Destination DestinationOf(const std::string& path) {
  struct stat info;
  if (::stat(path.c_str(), &info) != 0) {
    if (errno != ENOENT) throw Error(ErrorKind::kSystem, SystemErrorMessage("cannot look at '" + path + "'", errno));
    return {LinkTarget(path), false, std::nullopt};
  }
  if (S_ISCHR(info.st_mode) || S_ISFIFO(info.st_mode)) return {path, true, std::nullopt};
  if (!S_ISREG(info.st_mode)) {
    throw Error(ErrorKind::kUsage, "'" + path + "' is " + KindOfFile(info.st_mode) +
                                       "; the output must be a file, a FIFO or a character device");
  }
  bool through_process = false;
  std::string target = LinkTarget(path, &through_process);
  // /dev/stdout on a file a shell redirected to: a file renamed over it would leave the
  // shell writing to the old one, unlinked. Written in place, as a shell's `>` would.
  if (through_process) return {path, true, std::nullopt};
  return {target, false, info};
}

void WriteInPlace(const std::string& path, std::string_view text) {
  // No O_CREAT: the file is there. O_TRUNC, for a regular file reached through /proc (a
  // device or FIFO ignores it). O_NOCTTY: a terminal written to does not become the
  // controlling one.
  UniqueFd fd(::open(path.c_str(), O_WRONLY | O_TRUNC | O_NOCTTY | O_CLOEXEC));
  if (!fd) throw Error(ErrorKind::kSystem, SystemErrorMessage("cannot open '" + path + "'", errno));
  WriteAll(fd.get(), text, path);
  if (::close(fd.release()) != 0) {
    throw Error(ErrorKind::kSystem, SystemErrorMessage("cannot write '" + path + "'", errno));
  }
}

// Why a file could not be created at `path`, which does not exist: the directory it would
// be created in (that of a dangling link's target) is missing or not writable.
std::optional<std::string> WhyNotCreatable(const std::string& path) {
  std::string target;
  try {
    target = LinkTarget(path);
  } catch (const Error& error) {
    return error.what();
  }
  std::string directory = target.find('/') == std::string::npos ? "." : target.substr(0, target.rfind('/') + 1);
  if (::access(directory.c_str(), W_OK | X_OK) == 0) return std::nullopt;
  return "cannot create it in '" + directory + "': " + std::strerror(errno);
}

}  // namespace

std::optional<std::string> WhyNotWritable(const std::string& path) {
  if (path.empty()) return "the path is empty";
  struct stat info;
  if (::stat(path.c_str(), &info) != 0) {
    if (errno != ENOENT) return std::strerror(errno);
    return WhyNotCreatable(path);
  }
  if (S_ISDIR(info.st_mode)) return "it is a directory";
  if (::access(path.c_str(), W_OK) != 0) return std::strerror(errno);
  return std::nullopt;
}

void CheckWritable(const std::string& path) {
  if (std::optional<std::string> why = WhyNotWritable(path)) {
    throw Error(ErrorKind::kSystem, "cannot write '" + path + "': " + *why);
  }
}

void CheckReplaceable(const std::string& path) {
  if (DestinationOf(path).in_place) return;
  // The new file is made beside the one it replaces.
  if (std::optional<std::string> why = WhyNotCreatable(path)) {
    throw Error(ErrorKind::kSystem, "cannot write '" + path + "': " + *why);
  }
}

void ReplaceFile(const std::string& path, std::string_view text) {
  Destination destination = DestinationOf(path);
  if (destination.in_place) {
    WriteInPlace(destination.path, text);
    return;
  }
  const std::string& target = destination.path;
  // Beside the target, so that the rename stays within one file system; O_EXCL, so that
  // two writers never share a new file. Its name is the target's with a suffix, the target's
  // cut short where both would pass NAME_MAX (a name the file system refuses).
  size_t name_start = target.rfind('/') == std::string::npos ? 0 : target.rfind('/') + 1;
  std::string fresh;
  UniqueFd fd;
  for (int attempt = 0; !fd; ++attempt) {
    std::string suffix = ".tmp" + std::to_string(::getpid()) + "-" + std::to_string(attempt);
    fresh = target.substr(0, name_start + std::min(target.size() - name_start, NAME_MAX - suffix.size())) + suffix;
    fd.reset(::open(fresh.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666));
    if (!fd && (errno != EEXIST || attempt == 100)) {
      throw Error(ErrorKind::kSystem, SystemErrorMessage("cannot create a file beside '" + target + "'", errno));
    }
  }
  try {
    if (destination.replaced) {
      // The replaced file's owner (where this user may give it: root may) and permissions,
      // as a write in place would have kept them; the new file has this process's and the
      // umask's.
      if (::fchown(fd.get(), destination.replaced->st_uid, destination.replaced->st_gid) != 0) {
        // Not this user's to give: the new file stays this user's.
      }
      if (::fchmod(fd.get(), destination.replaced->st_mode & 0777) != 0) {
        throw Error(ErrorKind::kSystem, SystemErrorMessage("cannot set the mode of '" + fresh + "'", errno));
      }
    }
    WriteAll(fd.get(), text, target);
    if (::close(fd.release()) != 0) {
      throw Error(ErrorKind::kSystem, SystemErrorMessage("cannot write '" + target + "'", errno));
    }
    if (::rename(fresh.c_str(), target.c_str()) != 0) {
      throw Error(ErrorKind::kSystem, SystemErrorMessage("cannot replace '" + target + "'", errno));
    }
  } catch (...) {
    ::unlink(fresh.c_str());
    throw;
  }
}

}  // namespace timeit
