#include "timeit/reading/results_reader.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <simdjson.h>
#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <memory>

#include "readers.h"
#include "timeit/base/error.h"
#include "timeit/results/lit_test_name.h"
#include "timeit/sys/file_io.h"
#include "timeit/sys/retry_on_eintr.h"
#include "timeit/sys/unique_fd.h"

namespace timeit {
namespace {

/// A file read a buffer at a time, each buffer followed by SIMDJSON_PADDING readable bytes
/// (the parser reads ahead in blocks). Read, not mapped: a mapped file that shrinks while
/// it is read (another process truncating it) kills the reader with SIGBUS. The buffer is
/// reused, so memory stays at its size whatever the size of the file; it grows only for a
/// line longer than itself.
class BufferedFile {
 public:
  static constexpr size_t kBufferBytes = size_t{8} << 20;

  explicit BufferedFile(const std::string& path) : path_(path) {
    fd_ = UniqueFd(::open(path.c_str(), O_RDONLY | O_CLOEXEC));
    if (!fd_) Fail(errno);
    struct stat info;
    if (::fstat(fd_.get(), &info) != 0) Fail(errno);
    if (S_ISDIR(info.st_mode)) throw Error(ErrorKind::kInput, "cannot read '" + path + "': Is a directory");
    if (S_ISCHR(info.st_mode) || S_ISBLK(info.st_mode)) {
      // /dev/zero or a terminal would be read for ever; no device holds a results file.
      throw Error(ErrorKind::kInput, "cannot read '" + path + "': a device, not a results file");
    }
    Reserve(kBufferBytes);
  }

  /// Keeps the last `kept` bytes of the buffer at its start and fills the rest from the
  /// file (growing the buffer first if it is full). False at the end of the file.
  bool Refill(size_t kept) {
    std::memmove(data_.get(), data_.get() + size_ - kept, kept);
    size_ = kept;
    if (size_ == capacity_) Reserve(capacity_ * 2);
    bool more = false;
    while (size_ < capacity_) {
      ssize_t got = RetryOnEintr([&] { return ::read(fd_.get(), data_.get() + size_, capacity_ - size_); });
      if (got < 0) Fail(errno);
      if (got == 0) break;
      size_ += static_cast<size_t>(got);
      more = true;
    }
    std::memset(data_.get() + size_, 0, simdjson::SIMDJSON_PADDING);
    return more;
  }

  /// Reads everything that is left after the buffer, for a reader that needs it whole.
  std::string Rest() { return ReadAll(fd_.get(), path_, ErrorKind::kInput); }

  std::string_view text() const { return {data_.get(), size_}; }
  /// Whether the buffer is full: its last line may go on in the file.
  bool full() const { return size_ == capacity_; }
  /// Bytes readable from text().data(): the text and its padding.
  size_t padded_size() const { return size_ + simdjson::SIMDJSON_PADDING; }

 private:
  [[noreturn]] void Fail(int error) {
    throw Error(ErrorKind::kInput, SystemErrorMessage("cannot read '" + path_ + "'", error));
  }
  void Reserve(size_t capacity) {
    // Not std::string: that would write every byte once before reading into it.
    std::unique_ptr<char[]> grown(new char[capacity + simdjson::SIMDJSON_PADDING]);
    if (size_ > 0) std::memcpy(grown.get(), data_.get(), size_);
    data_ = std::move(grown);
    capacity_ = capacity;
  }

  const std::string& path_;
  UniqueFd fd_;
  std::unique_ptr<char[]> data_;
  size_t size_ = 0;
  size_t capacity_ = 0;
};

// The file's first line that is not blank, if `text` holds all of it.
std::string_view FirstLine(std::string_view text) {
  size_t first = text.find_first_not_of(" \t\r\n");
  std::string_view start = text.substr(text.rfind('\n', first) + 1);
  return start.substr(0, start.find('\n'));
}

// Reads `path` whatever its kind; `summary_name` names the benchmark of a summary. A file of
// no known kind is an error, or when `skip_unknown`, a warning and false. True when runs
// (or none, from an empty file) were read.
bool ReadAnyFile(const std::string& path, const std::string& summary_name, bool skip_unknown, SampleSet& into,
                 std::vector<std::string>& warnings) {
  BufferedFile file(path);
  bool more = file.Refill(0);
  // Blank buffers before anything else (a file of 8 MiB of newlines is no reason to stop).
  size_t blank_lines = 0;
  auto blank = [&] { return file.text().find_first_not_of(" \t\r\n") == std::string_view::npos; };
  while (blank() && more) {
    blank_lines += static_cast<size_t>(std::count(file.text().begin(), file.text().end(), '\n'));
    more = file.Refill(0);
  }
  if (blank()) {
    // What a reader sees between a writer creating the file and writing its first line.
    warnings.push_back(path + ": empty, no runs in it");
    return false;
  }
  std::string_view text = file.text();
  std::string_view first_line = FirstLine(text);
  if (StartsSummary(first_line)) {
    std::string summary(text);
    summary += file.Rest();
    ReadSummary(path, summary_name, summary, into);
    return true;
  }
  // "{" alone opens an indented timeit-results/1 document, and is also a header cut short
  // after one byte: then the next line tells.
  if (first_line == "{") {
    std::string_view rest = text.substr(first_line.data() + 1 - text.data());
    if (rest.find_first_not_of(" \t\r\n") != std::string_view::npos) first_line = FirstLine(rest);
  }
  // A first line that runs past the buffer is longer than any header: not a stream.
  bool cut_by_buffer = first_line.data() + first_line.size() == text.data() + text.size() && file.full();
  if (cut_by_buffer || !StartsRecordStream(first_line)) {
    std::string document(text);
    document += file.Rest();
    switch (KindOfDocument(document)) {
      case DocumentKind::kLitResults:
        ReadLitResults(path, document, into);
        return true;
      case DocumentKind::kLntReport:
        ReadLntReport(path, document, into);
        return true;
      case DocumentKind::kUnknown:
      case DocumentKind::kMalformed:
        if (skip_unknown) {
          warnings.push_back(path +
                             ": skipped: not a results file of a known kind (timeit's, lit's JSON, an LNT "
                             "report, a timeit summary)");
          return false;
        }
        // The timeit reader says what is wrong: the syntax error, or the shape it expected.
        ReadResultsDocument(path, document, into);
        return true;
      case DocumentKind::kTimeitResults:
        ReadResultsDocument(path, document, into);
        return true;
    }
  }
  RecordStream stream(path, into, warnings, blank_lines);
  while (true) {
    size_t used = stream.Lines(file.text(), file.padded_size(), false);
    if (!file.Refill(file.text().size() - used)) break;
  }
  stream.Lines(file.text(), file.padded_size(), true);
  return true;
}

// Compile steps leave summaries of their own (`x.o.time`, `x.link.time`); their times reach
// lit's JSON as compile_time and link_time, and are no run of the benchmark.
bool IsCompileStepSummary(std::string_view name) { return name.ends_with(".o.time") || name.ends_with(".link.time"); }

/// The walk of one directory given on the command line.
class DirectoryWalk {
 public:
  DirectoryWalk(SampleSet& into, std::vector<std::string>& warnings) : into_(into), warnings_(warnings) {}

  /// Reads what `directory` holds below it, `relative` being its path from the root of the walk.
  void Walk(const std::filesystem::path& directory, const std::string& relative) {
    std::error_code error;
    std::vector<std::filesystem::directory_entry> entries;
    for (std::filesystem::directory_iterator it(directory, error), end; !error && it != end; it.increment(error)) {
      entries.push_back(*it);
    }
    if (error) {
      throw Error(ErrorKind::kInput, "cannot read directory '" + directory.string() + "': " + error.message());
    }
    // By name, so that runs pool in the same order on every file system.
    std::sort(entries.begin(), entries.end(),
              [](const auto& a, const auto& b) { return a.path().filename().string() < b.path().filename().string(); });
    for (const std::filesystem::directory_entry& entry : entries) {
      std::string name = entry.path().filename().string();
      std::string inner = relative.empty() ? name : relative + "/" + name;
      std::error_code ignored;
      // A directory reached through a link is not entered: a link to a parent would be a loop.
      if (entry.is_directory(ignored) && !entry.is_symlink(ignored)) {
        Walk(entry.path(), inner);
        continue;
      }
      if (!entry.is_regular_file(ignored)) continue;
      std::string path = entry.path().string();
      bool summary = name.ends_with(".time") && !IsCompileStepSummary(name);
      // A results file beside a summary holds the same runs in more detail: it is read, not the summary.
      if (summary && std::filesystem::exists(ResultsFileBesideSummary(path), ignored)) continue;
      if (summary || name.ends_with(".json"))
        read_ += ReadAnyFile(path, LitTestName(inner), true, into_, warnings_) ? 1 : 0;
    }
  }

  /// Files read so far.
  size_t read() const { return read_; }

 private:
  SampleSet& into_;
  std::vector<std::string>& warnings_;
  size_t read_ = 0;
};

}  // namespace

void ReadResultsFile(const std::string& path, SampleSet& into, std::vector<std::string>& warnings) {
  ReadAnyFile(path, LitTestName(path), false, into, warnings);
}

void ReadResults(const std::string& path, SampleSet& into, std::vector<std::string>& warnings) {
  std::error_code error;
  if (!std::filesystem::is_directory(path, error)) {
    ReadResultsFile(path, into, warnings);
    return;
  }
  DirectoryWalk walk(into, warnings);
  walk.Walk(path, "");
  if (walk.read() == 0) {
    throw Error(ErrorKind::kInput, "'" + path +
                                       "': no results in this directory (timeit results, lit's JSON or LNT reports "
                                       "as *.json, timeit summaries as *.time)");
  }
}

}  // namespace timeit
