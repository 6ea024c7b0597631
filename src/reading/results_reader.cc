#include "timeit/reading/results_reader.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <simdjson.h>
#include <cerrno>

#include "readers.h"
#include "timeit/base/error.h"
#include "timeit/sys/file_io.h"
#include "timeit/sys/unique_fd.h"

namespace timeit {
namespace {

/// A whole file's bytes, followed by at least simdjson::SIMDJSON_PADDING readable bytes (the parser
/// reads ahead in blocks). A regular file is mapped, so a large file costs its size in
/// (reclaimable) page cache rather than a copy on the heap: anonymous memory is reserved
/// for the file plus the padding, and the file is mapped over its start. Pipes and other
/// streams (`<(...)`, /dev/stdin) are read into memory.
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
    if (!S_ISREG(info.st_mode)) {
      buffer_ = ReadAll(fd.get(), path, ErrorKind::kInput);
      size_ = buffer_.size();
      buffer_.append(simdjson::SIMDJSON_PADDING, '\0');
      return;
    }
    size_ = static_cast<size_t>(info.st_size);
    long page = ::sysconf(_SC_PAGESIZE);
    mapped_size_ = (size_ + simdjson::SIMDJSON_PADDING + page) / page * page;
    void* region = ::mmap(nullptr, mapped_size_, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (region == MAP_FAILED) fail(errno);
    mapped_ = static_cast<char*>(region);
    if (size_ > 0) {
      if (::mmap(mapped_, size_, PROT_READ, MAP_PRIVATE | MAP_FIXED, fd.get(), 0) == MAP_FAILED) fail(errno);
      ::madvise(mapped_, size_, MADV_SEQUENTIAL);
    }
  }
  ~FileBytes() {
    if (mapped_) ::munmap(mapped_, mapped_size_);
  }
  FileBytes(const FileBytes&) = delete;
  FileBytes& operator=(const FileBytes&) = delete;
  std::string_view text() const { return {mapped_ ? mapped_ : buffer_.data(), size_}; }
  /// Bytes readable from text().data(): the text and its padding.
  size_t padded_size() const { return mapped_ ? mapped_size_ : buffer_.size(); }

 private:
  char* mapped_ = nullptr;
  size_t mapped_size_ = 0;
  size_t size_ = 0;
  std::string buffer_;
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
  std::string_view first_line = text.substr(0, text.find('\n'));
  // "{" alone opens an indented timeit-results/1 document, and is also a header cut short
  // after one byte: then the next line tells.
  if (first_line == "{" && first_line.size() < text.size()) {
    std::string_view rest = text.substr(first_line.size() + 1);
    first_line = rest.substr(0, rest.find('\n'));
  }
  if (StartsRecordStream(first_line)) {
    ReadRecordStream(path, text, file.padded_size(), into, warnings);
  } else {
    ReadResultsDocument(path, text, into);
  }
}

}  // namespace timeit
