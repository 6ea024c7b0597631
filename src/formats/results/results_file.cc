#include "timeit/formats/results/results_file.h"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/statfs.h>
#endif

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <nlohmann/json.hpp>
#include <optional>
#include <thread>

#include "run_record.h"
#include "timeit/base/error.h"
#include "timeit/base/text_format.h"
#include "timeit/formats/results/results_schema.h"
#include "timeit/formats/results/series_record.h"
#include "timeit/sys/file_io.h"
#include "timeit/sys/unique_fd.h"

namespace timeit {
namespace {

namespace schema = results_schema;

/// What the start of an existing results file says about how to add to it.
enum class FileStart {
  kEmpty,       // new, or created by a writer that died before writing
  kHeader,      // a complete timeit-results/2 header line
  kTornHeader,  // the beginning of one, without its end: the first writer died writing it
};

Error NotAResultsFile(const std::string& path, const std::string& why) {
  return Error(ErrorKind::kInput,
               "'" + path + "' is not a " + std::string(schema::kSchemaV2) + " results file, left untouched: " + why);
}

/// Reads the start of the file open at `fd` (of `size` bytes), each line up to its end and
/// the header line up to kMaxHeaderBytes and its newline, and says how it starts. Throws an
/// input Error for anything but a timeit-results/2 file.
FileStart InspectStart(int fd, off_t size, const std::string& path) {
  if (size == 0) return FileStart::kEmpty;
  std::string start;
  // Reads on to `end` bytes from the start of the file (or to its end).
  auto read_to = [&](size_t end) {
    size_t had = start.size();
    if (static_cast<off_t>(end) > size) end = static_cast<size_t>(size);
    if (end <= had) return;
    start.resize(end);
    ssize_t got;
    do {
      got = ::pread(fd, start.data() + had, end - had, static_cast<off_t>(had));
    } while (got < 0 && errno == EINTR);
    if (got < 0) throw Error(ErrorKind::kInput, SystemErrorMessage("cannot read '" + path + "'", errno));
    start.resize(had + static_cast<size_t>(got));
  };
  // Blank lines, and headers cut short by writers that died while creating the file (each
  // ended by the writer after it), come first; readers skip them. The first other line is
  // the header, which may be as long as a reader takes: kMaxHeaderBytes before its newline.
  size_t line_start = 0;
  bool whole = false;
  schema::LineClass line;
  while (true) {
    read_to(line_start + schema::kMaxHeaderBytes + 1);
    whole = static_cast<off_t>(start.size()) == size;
    size_t end_of_line = start.find('\n', line_start);
    std::string_view first = std::string_view(start).substr(
        line_start, end_of_line == std::string::npos ? std::string::npos : end_of_line - line_start);
    bool blank = first.find_first_not_of(" \t\r") == std::string_view::npos;
    if (!blank) {
      line = schema::ClassifyLine(first);
      if (line.kind != schema::LineKind::kHeaderCutShort) break;
    }
    if (end_of_line == std::string::npos || (end_of_line + 1 == start.size() && whole)) {
      if (whole) return FileStart::kTornHeader;  // (or blank: a header is wanted all the same)
      if (!blank) throw NotAResultsFile(path, std::string(schema::kFirstLineTooLong));
      break;
    }
    line_start = end_of_line + 1;
  }
  if (start.find('\n', line_start) == std::string::npos && !whole) {
    throw NotAResultsFile(path, std::string(schema::kFirstLineTooLong));
  }
  if (line.kind == schema::LineKind::kHeader && line.schema == schema::kSchemaV2) return FileStart::kHeader;
  bool v1 = (line.kind == schema::LineKind::kHeader && line.schema == schema::kSchemaV1) ||
            start.find("\"" + std::string(schema::kSchemaV1) + "\"") != std::string::npos;
  if (v1) {
    throw Error(ErrorKind::kInput, "'" + path + "' is a " + std::string(schema::kSchemaV1) +
                                       " results file, left untouched: timeit now adds runs to " +
                                       std::string(schema::kSchemaV2) +
                                       " files only; give --json a new file (timeit-compare reads both)");
  }
  if (line.kind == schema::LineKind::kHeader) throw NotAResultsFile(path, "its schema is '" + line.schema + "'");
  throw NotAResultsFile(path, "its first line is not a header record");
}

/// Whether the file open at `fd` lives on one of the kernel's pseudo file systems.
bool IsKernelFile(int fd) {
#ifdef __linux__
  constexpr long kProc = 0x9fa0, kSysfs = 0x62656572, kCgroup = 0x27e0eb, kCgroup2 = 0x63677270, kDebugfs = 0x64626720,
                 kTracefs = 0x74726163, kSecurityfs = 0x73636673;
  struct statfs file_system;
  if (::fstatfs(fd, &file_system) != 0) return false;
  for (long type : {kProc, kSysfs, kCgroup, kCgroup2, kDebugfs, kTracefs, kSecurityfs}) {
    if (static_cast<long>(file_system.f_type) == type) return true;
  }
#else
  (void)fd;
#endif
  return false;
}

/// Opens the results file for adding to it. O_NONBLOCK: a FIFO put in the file's place
/// must be refused, not waited on.
UniqueFd OpenResultsFile(const std::string& path, int flags) {
  UniqueFd fd(::open(path.c_str(), flags | O_CLOEXEC | O_NONBLOCK, 0666));
  if (!fd) throw Error(ErrorKind::kInput, SystemErrorMessage("cannot open '" + path + "'", errno));
  struct stat info;
  if (::fstat(fd.get(), &info) != 0) {
    throw Error(ErrorKind::kInput, SystemErrorMessage("cannot open '" + path + "'", errno));
  }
  if (!S_ISREG(info.st_mode)) throw Error(ErrorKind::kInput, "results file '" + path + "' is not a regular file");
  if (IsKernelFile(fd.get())) {
    // /proc and /sys files look like empty regular files; writing to one reconfigures the
    // kernel or renames a process rather than recording a run.
    throw Error(ErrorKind::kInput, "results file '" + path + "' is a file of the kernel's (/proc, /sys)");
  }
  return fd;
}

/// Takes the exclusive lock on `fd`, waiting for other writers until `deadline` (the end
/// of a wait of `timeout`, for the message). The wait polls rather than blocks, so that it
/// can end at a deadline and at a signal alike.
void LockExclusive(int fd, const std::string& path, std::chrono::steady_clock::time_point deadline,
                   const LockWait& wait) {
  auto pause = std::chrono::microseconds(100);
  while (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
    if (errno != EWOULDBLOCK && errno != EINTR) {
      throw Error(ErrorKind::kSystem, SystemErrorMessage("cannot lock '" + path + "'", errno));
    }
    if (std::optional<int> signal = wait.stop_signal ? wait.stop_signal() : std::nullopt) {
      throw Error(ErrorKind::kSystem,
                  "gave up waiting for the lock on '" + path + "': received signal " + std::to_string(*signal));
    }
    auto now = std::chrono::steady_clock::now();
    if (now >= deadline) {
      throw Error(ErrorKind::kSystem, "gave up waiting for the lock on '" + path + "' after " +
                                          ShortestDecimal(wait.timeout.count()) +
                                          " s: another process holds it (see --lock-timeout)");
    }
    // A signal cuts the sleep short (EINTR), and is seen at the top of the loop.
    std::this_thread::sleep_for(std::min<std::chrono::steady_clock::duration>(pause, deadline - now));
    pause = std::min<std::chrono::microseconds>(pause * 2, std::chrono::milliseconds(20));
  }
}

char LastByte(int fd, off_t size, const std::string& path) {
  char last = '\n';
  ssize_t got;
  do {
    got = ::pread(fd, &last, 1, size - 1);
  } while (got < 0 && errno == EINTR);
  if (got != 1) throw Error(ErrorKind::kSystem, SystemErrorMessage("cannot read '" + path + "'", errno));
  return last;
}

}  // namespace

void CheckResultsTarget(const std::string& path) {
  auto refuse = [&](const std::string& why) {
    throw Error(ErrorKind::kInput, "cannot record runs in '" + path + "': " + why);
  };
  if (std::optional<std::string> why = WhyNotWritable(path)) refuse(*why);
  struct stat info;
  // Absent: nothing is created before a run is saved, and the directory it would be
  // created in was found writable.
  if (::stat(path.c_str(), &info) != 0) return;
  // Refused without opening: opening a FIFO or a device could block or have effects.
  if (!S_ISREG(info.st_mode)) refuse("it is not a regular file (a FIFO, socket or device)");
  // Opened as the save will open it (O_CREAT creates nothing here, but a sticky
  // directory's protection of other users' files refuses it), so that whatever would
  // refuse the save refuses now, before any run.
  UniqueFd fd;
  try {
    fd = OpenResultsFile(path, O_RDWR | O_APPEND | O_CREAT);
  } catch (const Error& error) {
    refuse(error.what());
  }
  if (::fstat(fd.get(), &info) != 0) refuse(std::strerror(errno));
  // Held by another writer is fine (it will be released); a file system without locks is not.
  if (::flock(fd.get(), LOCK_SH | LOCK_NB) != 0 && errno != EWOULDBLOCK) {
    refuse(std::string("cannot lock it: ") + std::strerror(errno));
  }
  InspectStart(fd.get(), info.st_size, path);
}

namespace {

/// Adds `lines` (whole lines, each ended by '\n') at the end of the results file at `path`,
/// after a header for `host` when it has none: AppendRuns' work, for any kind of record.
/// Returns whether it wrote that header.
bool AppendLines(const std::string& path, const std::string& lines, const HostInfo& host, const LockWait& wait) {
  // O_APPEND: every write lands at the end of the file as it is then, whoever else writes.
  // A symlink is followed: the runs belong in the file it names.
  // (A century at most: a deadline beyond the clock's range would wrap.)
  auto deadline = std::chrono::steady_clock::now() + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                                                         std::min(wait.timeout, std::chrono::duration<double>(3e9)));
  UniqueFd fd;
  struct stat info;
  for (int attempt = 0;; ++attempt) {
    if (attempt == 100) {
      throw Error(ErrorKind::kSystem, "'" + path + "' was replaced 100 times while timeit waited to add to it");
    }
    fd = OpenResultsFile(path, O_RDWR | O_APPEND | O_CREAT);
    LockExclusive(fd.get(), path, deadline, wait);
    if (::fstat(fd.get(), &info) != 0) {
      throw Error(ErrorKind::kSystem, SystemErrorMessage("cannot read '" + path + "'", errno));
    }
    // The file may have been renamed or removed while we waited: the runs belong in the
    // one the path names now.
    struct stat current;
    if (::stat(path.c_str(), &current) == 0 && current.st_dev == info.st_dev && current.st_ino == info.st_ino) break;
  }
  std::string text;
  FileStart start = InspectStart(fd.get(), info.st_size, path);
  switch (start) {
    case FileStart::kEmpty:
      text = EncodeHeaderLine(host);
      break;
    case FileStart::kTornHeader:
      // The torn line stays (readers skip it with a warning); the header starts afresh.
      text = (LastByte(fd.get(), info.st_size, path) == '\n' ? "" : "\n") + EncodeHeaderLine(host);
      break;
    case FileStart::kHeader:
      // A writer killed half-way through its write left a line without its end.
      if (LastByte(fd.get(), info.st_size, path) != '\n') text = "\n";
      break;
  }
  text += lines;
  try {
    WriteAll(fd.get(), text, path);
  } catch (const Error&) {
    // A full disk: take back the part that was written, so that no reader ever sees half
    // a run (the lock is still held: nobody else has written since).
    if (::ftruncate(fd.get(), info.st_size) != 0) {
      // Nothing more can be done; readers will skip the incomplete line with a warning.
    }
    throw;
  }
  return start != FileStart::kHeader;
}

}  // namespace

bool AppendRuns(const std::string& path, const RunIdentity& identity, const std::vector<Measurement>& runs,
                const HostInfo& host, const LockWait& wait) {
  std::string lines;
  for (const Measurement& run : runs) lines += EncodeRunLine(identity, run);
  return AppendLines(path, lines, host, wait);
}

void AppendSeriesRecord(const std::string& path, const SeriesRecord& record, const LockWait& wait) {
  AppendLines(path, EncodeSeriesLine(record), record.host, wait);
}

}  // namespace timeit
