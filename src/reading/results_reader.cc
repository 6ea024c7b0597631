#include "timeit/reading/results_reader.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <simdjson.h>
#include <algorithm>
#include <cerrno>
#include <cstring>
#include <memory>

#include "readers.h"
#include "timeit/base/error.h"
#include "timeit/sys/file_io.h"
#include "timeit/sys/retry_on_eintr.h"
#include "timeit/sys/unique_fd.h"

namespace timeit {
namespace {

/// A whole file's bytes, followed by at least SIMDJSON_PADDING readable bytes (the parser
/// reads ahead in blocks). Read, not mapped: a mapped file that shrinks while it is read
/// (another process truncating it) kills the reader with SIGBUS. A regular file is read
/// straight into a buffer of its size; pipes and other streams (`<(...)`, /dev/stdin) are
/// read until they end.
class FileBytes {
 public:
  explicit FileBytes(const std::string& path) {
    auto fail = [&](int error) {
      throw Error(ErrorKind::kInput, SystemErrorMessage("cannot read '" + path + "'", error));
    };
    UniqueFd fd(::open(path.c_str(), O_RDONLY | O_CLOEXEC));
    if (!fd) fail(errno);
    struct stat info;
    if (::fstat(fd.get(), &info) != 0) fail(errno);
    if (S_ISDIR(info.st_mode)) throw Error(ErrorKind::kInput, "cannot read '" + path + "': Is a directory");
    if (S_ISCHR(info.st_mode) || S_ISBLK(info.st_mode)) {
      // /dev/zero or a terminal would be read for ever; no device holds a results file.
      throw Error(ErrorKind::kInput, "cannot read '" + path + "': a device, not a results file");
    }
    // Room for the whole file when its size is known; a file that grows meanwhile, or a
    // stream, doubles the room as it fills.
    size_t room = S_ISREG(info.st_mode) ? static_cast<size_t>(info.st_size) + 1 : size_t{1} << 16;
    Reserve(room);
    while (true) {
      if (size_ == capacity_) Reserve(capacity_ * 2);
      ssize_t got = RetryOnEintr([&] { return ::read(fd.get(), data_.get() + size_, capacity_ - size_); });
      if (got < 0) fail(errno);
      if (got == 0) break;
      size_ += static_cast<size_t>(got);
    }
    std::fill(data_.get() + size_, data_.get() + capacity_ + simdjson::SIMDJSON_PADDING, '\0');
  }
  std::string_view text() const { return {data_.get(), size_}; }
  /// Bytes readable from text().data(): the text and its padding.
  size_t padded_size() const { return capacity_ + simdjson::SIMDJSON_PADDING; }

 private:
  void Reserve(size_t capacity) {
    // Not std::string: that would write every byte once before reading into it.
    std::unique_ptr<char[]> grown(new char[capacity + simdjson::SIMDJSON_PADDING]);
    if (size_ > 0) std::memcpy(grown.get(), data_.get(), size_);
    data_ = std::move(grown);
    capacity_ = capacity;
  }

  std::unique_ptr<char[]> data_;
  size_t size_ = 0;
  size_t capacity_ = 0;
};

}  // namespace

void ReadResultsFile(const std::string& path, SampleSet& into, std::vector<std::string>& warnings) {
  FileBytes file(path);
  std::string_view text = file.text();
  if (text.find_first_not_of(" \t\r\n") == std::string_view::npos) {
    // What a reader sees between a writer creating the file and writing its first line.
    warnings.push_back(path + ": empty, no runs in it");
    return;
  }
  // Blank lines before the first are skipped, as the stream reader skips them.
  std::string_view start = text.substr(text.rfind('\n', text.find_first_not_of(" \t\r\n")) + 1);
  std::string_view first_line = start.substr(0, start.find('\n'));
  // "{" alone opens an indented timeit-results/1 document, and is also a header cut short
  // after one byte: then the next line tells.
  if (first_line == "{" && first_line.size() < start.size()) {
    std::string_view rest = start.substr(first_line.size() + 1);
    first_line = rest.substr(0, rest.find('\n'));
  }
  if (StartsRecordStream(first_line)) {
    ReadRecordStream(path, text, file.padded_size(), into, warnings);
  } else {
    ReadResultsDocument(path, text, into);
  }
}

}  // namespace timeit
