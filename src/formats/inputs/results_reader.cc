#include "timeit/formats/inputs/results_reader.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <simdjson.h>
#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <map>
#include <memory>
#include <numeric>
#include <optional>
#include <set>

#include "timeit/base/error.h"
#include "timeit/base/text_format.h"
#include "timeit/formats/common/document_kind.h"
#include "timeit/formats/common/file_times.h"
#include "timeit/formats/lit/lit_results_reader.h"
#include "timeit/formats/lit/lit_test_name.h"
#include "timeit/formats/lnt/lnt_report_reader.h"
#include "timeit/formats/results/results_readers.h"
#include "timeit/formats/summary/summary_reader.h"
#include "timeit/sys/file_io.h"
#include "timeit/sys/retry_on_eintr.h"
#include "timeit/sys/unique_fd.h"

namespace timeit {
namespace {

FileIdentity IdentityOf(const struct stat& info) {
  return {static_cast<uint64_t>(info.st_dev), static_cast<uint64_t>(info.st_ino)};
}

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
    identity_ = IdentityOf(info);
    if (S_ISREG(info.st_mode)) {
      modified_ = FileTime(std::chrono::seconds(info.st_mtim.tv_sec) + std::chrono::nanoseconds(info.st_mtim.tv_nsec));
    }
    Reserve(kBufferBytes);
  }

  /// The file opened, whatever the path to it.
  FileIdentity identity() const { return identity_; }
  /// When it was last modified, as it was opened; nullopt for a pipe (`<(cat r.json)`),
  /// whose time is not when its text was written.
  std::optional<FileTime> modified() const { return modified_; }

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
  FileIdentity identity_;
  std::optional<FileTime> modified_;
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

/// How the reading of one file ended.
enum class FileOutcome {
  /// Its runs (possibly none, from a header alone) are in the SampleSet.
  kRead,
  /// It holds nothing but blank lines: what a reader sees between a writer creating the
  /// file and writing its first line.
  kEmpty,
  /// It is of no known kind, and was to be skipped rather than refused.
  kUnknownKind,
  /// It was read already, by this path or another.
  kAlreadyRead,
};

/// The files one side has read so far, so that a file reached again (named twice, in two
/// directories given, through a link) is not read again: its runs would count twice, and
/// twice the runs look twice as significant.
class FilesSeen {
 public:
  /// Notes the file `identity` reached as `path`; false when it was read already.
  bool First(FileIdentity identity, const std::string& path) {
    auto [known, added] = files_.emplace(identity, path);
    if (added) return true;
    if (repeats_++ == 0) {
      first_repeat_ = path;
      first_repeat_of_ = known->second;
    }
    return false;
  }

  /// Says which files were read already since the last call, under `given`, a path given.
  void Flush(const std::string& given, std::vector<std::string>& warnings) {
    if (repeats_ == 1) {
      warnings.push_back("'" + first_repeat_ + "' is the file read already as '" + first_repeat_of_ +
                         "': its runs count once");
    } else if (repeats_ > 1) {
      warnings.push_back(std::to_string(repeats_) + " files under '" + given + "' were read already (the first, '" +
                         first_repeat_ + "', as '" + first_repeat_of_ + "'): their runs count once");
    }
    repeats_ = 0;
  }

  const FilesRead& files() const { return files_; }

 private:
  FilesRead files_;
  size_t repeats_ = 0;
  std::string first_repeat_;
  std::string first_repeat_of_;
};

std::string EmptyFileWarning(const std::string& path) { return path + ": empty, no runs in it"; }

// A UTF-8 byte-order mark. JSON forbids one, and a summary's first line would not be "exit".
constexpr std::string_view kByteOrderMark = "\xEF\xBB\xBF";

// Why a text that is no summary and does not start a JSON object or array is not read, or
// nothing when it does start one (the JSON reader then says what is wrong with it).
std::optional<std::string> NeitherSummaryNorJson(std::string_view text, std::string_view first_line) {
  if (text.starts_with(kByteOrderMark)) {
    return "starts with a byte-order mark (EF BB BF), which neither timeit, lit nor LNT writes: save it without one";
  }
  char first = text[text.find_first_not_of(" \t\r\n")];
  if (first == '{' || first == '[') return std::nullopt;
  constexpr size_t kShown = 40;
  std::string shown(first_line.substr(0, kShown));
  return "neither a timeit summary (its first line would be 'exit N') nor JSON: its first line is '" + shown +
         (first_line.size() > kShown ? "...'" : "'");
}

// Reads `path` whatever its kind; `summary_name` names the benchmark of a summary. A file of
// no known kind is an error, or when `skip_unknown`, kUnknownKind with a warning saying why.
FileOutcome ReadAnyFile(const std::string& path, const std::string& summary_name, bool skip_unknown, SampleSet& into,
                        std::vector<std::string>& warnings, FilesSeen& seen) {
  BufferedFile file(path);
  if (!seen.First(file.identity(), path)) return FileOutcome::kAlreadyRead;
  bool more = file.Refill(0);
  // Blank buffers before anything else (a file of 8 MiB of newlines is no reason to stop).
  size_t blank_lines = 0;
  auto blank = [&] { return file.text().find_first_not_of(" \t\r\n") == std::string_view::npos; };
  while (blank() && more) {
    blank_lines += static_cast<size_t>(std::count(file.text().begin(), file.text().end(), '\n'));
    more = file.Refill(0);
  }
  if (blank()) return FileOutcome::kEmpty;
  std::string_view text = file.text();
  std::string_view first_line = FirstLine(text);
  auto skipped = [&](const std::string& why) {
    if (!skip_unknown) throw Error(ErrorKind::kInput, path + ": " + why);
    warnings.push_back(path + ": skipped: " + why);
    return FileOutcome::kUnknownKind;
  };
  if (StartsSummary(first_line)) {
    std::string summary(text);
    summary += file.Rest();
    ReadSummary(path, summary_name, summary, file.modified(), into);
    return FileOutcome::kRead;
  }
  if (std::optional<std::string> why = NeitherSummaryNorJson(text, first_line)) return skipped(*why);
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
    switch (KindOfDocument(path, document)) {
      case DocumentKind::kLitResults:
        ReadLitResults(path, document, file.modified(), into, warnings);
        return FileOutcome::kRead;
      case DocumentKind::kLntReport:
        ReadLntReport(path, document, into);
        return FileOutcome::kRead;
      case DocumentKind::kUnknown:
      case DocumentKind::kMalformed:
        if (skip_unknown) {
          return skipped("not a results file of a known kind (timeit's, lit's JSON, an LNT report, a timeit summary)");
        }
        // The timeit reader says what is wrong: the syntax error, or the shape it expected.
        ReadResultsDocument(path, document, into);
        return FileOutcome::kRead;
      case DocumentKind::kTimeitResults:
        ReadResultsDocument(path, document, into);
        return FileOutcome::kRead;
    }
  }
  RecordStream stream(path, into, warnings, blank_lines);
  while (true) {
    size_t used = stream.Lines(file.text(), file.padded_size(), false);
    if (!file.Refill(file.text().size() - used)) break;
  }
  stream.Lines(file.text(), file.padded_size(), true);
  return FileOutcome::kRead;
}

// Compile steps leave summaries of their own (`x.o.time`, `x.link.time`), and with
// --json-per-test in TIMEIT_OPTIONS a results file beside each (`x.o.timeit.json`); their
// times reach lit's JSON as compile_time and link_time, and are no run of the benchmark.
constexpr std::string_view kCompileStepSummaries[] = {".o.time", ".link.time"};

bool IsCompileStep(std::string_view name) {
  for (std::string_view summary : kCompileStepSummaries) {
    if (name.ends_with(summary) || name.ends_with(ResultsFileBesideSummary(summary))) return true;
  }
  return false;
}

// timeit writes the results file beside a summary (--json-per-test) just before the
// summary, after the last run of the series. A summary written later than this is of
// another run: the same test run again without --json-per-test, or a summary put there by
// hand. The margin only has to cover timeit's own gap between the two writes on a busy
// machine; a run of the test again takes longer than that. A file system that keeps whole
// seconds (ext4 with small inodes, ext3; FAT keeps two) needs its granularity instead.
constexpr double kBesideSummaryMarginSeconds = 0.1;
constexpr double kCoarseTimesMarginSeconds = 2;

// Runs of one lit run of a test start at most as long before its summary is written as
// they last themselves, with this much to spare: the start times are whole seconds, the
// gaps between runs (warmups, timeit's own work, a test's other RUN lines) are not in the
// runs' times, and a failed run's time is not kept at all.
constexpr double kOneLitRunSlackSeconds = 60;

/// When a file was last modified.
struct ModifiedAt {
  /// Seconds since the epoch.
  double seconds = 0;
  /// Whether the file system kept no fraction of a second.
  bool whole_second = false;
};

// The modification time of the regular file at `path` (links followed); nullopt for
// another kind of file, or with `error` set when it cannot be looked at.
std::optional<ModifiedAt> ModificationTime(const std::string& path, int& error) {
  struct stat info;
  error = ::stat(path.c_str(), &info) == 0 ? 0 : errno;
  if (error || !S_ISREG(info.st_mode)) return std::nullopt;
  return ModifiedAt{static_cast<double>(info.st_mtim.tv_sec) + static_cast<double>(info.st_mtim.tv_nsec) * 1e-9,
                    info.st_mtim.tv_nsec == 0};
}

/// Warnings of one kind met during a walk: the first in full, then how many more.
class WarningTally {
 public:
  void Add(std::string message) {
    if (count_++ == 0) first_ = std::move(message);
  }
  void Flush(const std::string& root, std::vector<std::string>& warnings) {
    if (count_ == 0) return;
    warnings.push_back(count_ == 1 ? first_
                                   : first_ + StringPrintf(" (and %zu more like it under '", count_ - 1) + root + "')");
    count_ = 0;
  }

 private:
  size_t count_ = 0;
  std::string first_;
};

/// The walk of one directory given on the command line.
class DirectoryWalk {
 public:
  DirectoryWalk(const std::string& root, SampleSet& into, std::vector<std::string>& warnings, FilesSeen& seen)
      : root_(root), into_(into), warnings_(warnings), seen_(seen) {}

  /// Reads what the root holds below it, in name order, a directory's files where its name
  /// sorts. A loop over a stack of the directories open, not a recursion: a tree of any depth
  /// then needs no more of the call stack than a flat one (1,500 levels overflowed a small
  /// one). Nor can it loop: a directory reached through a link is not entered (a link to a
  /// parent would be a loop), and a path deeper than the system allows is an error reading
  /// that directory.
  void Walk() {
    std::vector<OpenDirectory> open;
    open.push_back(Open(root_, ""));
    while (!open.empty()) {
      OpenDirectory& directory = open.back();
      if (directory.next == directory.entries.size()) {
        open.pop_back();
        continue;
      }
      const std::filesystem::directory_entry& entry = directory.entries[directory.next++];
      std::string name = entry.path().filename().string();
      std::string inner = directory.relative.empty() ? name : directory.relative + "/" + name;
      std::error_code ignored;
      if (entry.is_directory(ignored) && !entry.is_symlink(ignored)) {
        open.push_back(Open(entry.path(), inner));  // `directory` and `entry` end here
        continue;
      }
      ReadEntry(entry, name, inner, directory.decided);
    }
  }

  /// Says what the walk skipped or chose, once per kind.
  void Finish() {
    for (WarningTally* tally : {&stale_, &unusable_, &pooled_, &shared_names_}) tally->Flush(root_, warnings_);
  }

  /// Results files found so far: read, or read already.
  size_t read() const { return read_; }

 private:
  /// A directory the walk is in: its entries by name, and how far it got.
  struct OpenDirectory {
    std::vector<std::filesystem::directory_entry> entries;
    size_t next = 0;
    /// Its path from the root of the walk.
    std::string relative;
    /// Results files beside a summary, decided on at the summary ("x.time" sorts before
    /// "x.timeit.json"): read instead of it, or not at all.
    std::set<std::string> decided;
  };

  static OpenDirectory Open(const std::filesystem::path& directory, const std::string& relative) {
    OpenDirectory opened;
    opened.relative = relative;
    std::error_code error;
    for (std::filesystem::directory_iterator it(directory, error), end; !error && it != end; it.increment(error)) {
      opened.entries.push_back(*it);
    }
    if (error) {
      throw Error(ErrorKind::kInput, "cannot read directory '" + directory.string() + "': " + error.message());
    }
    // By name, so that runs pool in the same order on every file system.
    std::sort(opened.entries.begin(), opened.entries.end(),
              [](const auto& a, const auto& b) { return a.path().filename().string() < b.path().filename().string(); });
    return opened;
  }

  /// Reads `entry`, no directory, named `name` in its directory and `inner` below the root.
  void ReadEntry(const std::filesystem::directory_entry& entry, const std::string& name, const std::string& inner,
                 std::set<std::string>& decided) {
    std::error_code ignored;
    if (decided.count(name) > 0 || IsCompileStep(name) || !entry.is_regular_file(ignored)) return;
    std::string path = entry.path().string();
    if (name.ends_with(".time")) {
      std::string benchmark = LitTestName(inner);
      std::string beside = ResultsFileBesideSummary(path);
      decided.insert(std::filesystem::path(beside).filename().string());
      if (ReadBesideInstead(path, beside)) {
        NoteName(benchmark, path);
        return;
      }
      FileOutcome outcome = ReadAnyFile(path, benchmark, true, into_, warnings_, seen_);
      if (outcome == FileOutcome::kRead) NoteName(benchmark, path);
      Count(outcome, path);
    } else if (name.ends_with(".json")) {
      Count(ReadAnyFile(path, LitTestName(inner), true, into_, warnings_, seen_), path);
    }
  }

  void Count(FileOutcome outcome, const std::string& path) {
    if (outcome == FileOutcome::kRead || outcome == FileOutcome::kAlreadyRead) ++read_;
    if (outcome == FileOutcome::kEmpty) warnings_.push_back(EmptyFileWarning(path));
  }

  // Summaries are named by their path, and several paths give one name: litsupport's
  // summary and lit's %t spelling of it name the same test, and a summary of no lit shape
  // ("x.time" beside "Output") can spell a test's name too. In one build directory a lit
  // run measures each test once, so their runs pooling is said: it may double one run or
  // mix two things measured. Names that files give themselves (results files, lit's JSON)
  // are theirs to choose.
  void NoteName(const std::string& benchmark, const std::string& path) {
    auto [first, inserted] = summary_names_.emplace(benchmark, path);
    if (inserted) return;
    shared_names_.Add("'" + path + "' names the same benchmark as '" + first->second + "', '" + benchmark +
                      "': their runs are pooled; keep one of them in the directory to read it alone");
  }

  // A results file beside a summary holds the same runs in more detail, and is read instead
  // of it when it is a results file with runs in it and not older than the summary. True
  // when it was read (the summary is then not); otherwise the summary is read, with a
  // warning naming both unless there is no such file.
  bool ReadBesideInstead(const std::string& summary, const std::string& beside) {
    int error = 0;
    std::optional<ModifiedAt> beside_time = ModificationTime(beside, error);
    // A summary's name may be long enough for the results file's to pass the file system's
    // limit: no such file can be there, and timeit refuses to write one.
    if (error == ENOENT || error == ENAMETOOLONG) return false;
    std::string instead = ": '" + summary + "' is read instead";
    if (!beside_time) {
      unusable_.Add("'" + beside + "' beside a summary is " +
                    (error ? SystemErrorMessage("not readable", error) : std::string("not a regular file")) + instead);
      return false;
    }
    std::optional<ModifiedAt> summary_time = ModificationTime(summary, error);
    if (summary_time) {
      double later = summary_time->seconds - beside_time->seconds;
      bool coarse = summary_time->whole_second && beside_time->whole_second;
      if (later > (coarse ? kCoarseTimesMarginSeconds : kBesideSummaryMarginSeconds)) {
        stale_.Add(
            StringPrintf("'%s' was written %.3g s after '%s' beside it: it is of a later run, so the summary "
                         "is read, not the older results file",
                         summary.c_str(), later, beside.c_str()));
        return false;
      }
    }
    // Read on its own first: what it holds decides whether it replaces the summary.
    SampleSet runs;
    std::vector<std::string> warnings;
    FileOutcome outcome = ReadAnyFile(beside, LitTestName(beside), true, runs, warnings, seen_);
    if (outcome == FileOutcome::kAlreadyRead) {
      ++read_;
      return true;  // and so was the summary's run
    }
    if (outcome != FileOutcome::kRead || runs.benchmarks().empty()) {
      unusable_.Add("'" + beside + "' beside a summary " +
                    (outcome == FileOutcome::kUnknownKind ? "is not a results file of a known kind" : "holds no run") +
                    instead);
      return false;
    }
    if (summary_time) NotePooledLitRuns(summary, beside, summary_time->seconds, runs);
    into_.Absorb(runs);
    warnings_.insert(warnings_.end(), warnings.begin(), warnings.end());
    ++read_;
    return true;
  }

  // Every lit run appends to the results file beside a test's summary, so a build directory
  // tested again pools the runs of every lit run since the file was made. That may be
  // meant (several samples of one build), but it is not what a comparison of directories
  // suggests: said once per walk.
  void NotePooledLitRuns(const std::string& summary, const std::string& beside, double summary_time,
                         const SampleSet& runs) {
    std::optional<std::chrono::sys_seconds> first = UtcTimeOf(runs.provenance().first_start);
    if (!first) return;
    double measured = 0;
    for (const BenchmarkSamples& benchmark : runs.benchmarks()) {
      auto real = benchmark.metrics.find(kWallTimeMetric);
      if (real != benchmark.metrics.end()) measured += std::accumulate(real->second.begin(), real->second.end(), 0.0);
    }
    double first_start = static_cast<double>(first->time_since_epoch().count());
    if (first_start >= summary_time - measured - kOneLitRunSlackSeconds) return;
    pooled_.Add("'" + beside + "' holds runs of more than one lit run (the first started " +
                runs.provenance().first_start + ", " +
                StringPrintf("%.0f s before '%s' was written", summary_time - first_start, summary.c_str()) +
                "): they are pooled; remove the *.timeit.json files before a lit run to compare that run alone");
  }

  std::string root_;
  SampleSet& into_;
  std::vector<std::string>& warnings_;
  FilesSeen& seen_;
  size_t read_ = 0;
  WarningTally stale_, unusable_, pooled_, shared_names_;
  // The benchmark each summary read so far is named, and the first path that named it.
  std::map<std::string, std::string> summary_names_;
};

// ReadResultsFile, with the files read so far.
void ReadFile(const std::string& path, SampleSet& into, std::vector<std::string>& warnings, FilesSeen& seen) {
  if (ReadAnyFile(path, LitTestName(path), false, into, warnings, seen) == FileOutcome::kEmpty) {
    warnings.push_back(EmptyFileWarning(path));
  }
}

// ReadResults, with the files read so far.
void ReadPath(const std::string& path, SampleSet& into, std::vector<std::string>& warnings, FilesSeen& seen) {
  std::error_code error;
  if (!std::filesystem::is_directory(path, error)) {
    ReadFile(path, into, warnings, seen);
    return;
  }
  DirectoryWalk walk(path, into, warnings, seen);
  walk.Walk();
  walk.Finish();
  if (walk.read() == 0) {
    throw Error(ErrorKind::kInput, "'" + path +
                                       "': no results in this directory (timeit results, lit's JSON or LNT reports "
                                       "as *.json, timeit summaries as *.time)");
  }
}

}  // namespace

std::optional<FileIdentity> IdentityOfFile(const std::string& path) {
  struct stat info;
  if (::stat(path.c_str(), &info) != 0) return std::nullopt;
  return IdentityOf(info);
}

std::optional<std::string> InputAt(const FilesRead& files, const std::string& path) {
  std::optional<FileIdentity> identity = IdentityOfFile(path);
  if (!identity) return std::nullopt;
  auto input = files.find(*identity);
  if (input == files.end()) return std::nullopt;
  return input->second;
}

void ReadResultsFile(const std::string& path, SampleSet& into, std::vector<std::string>& warnings) {
  FilesSeen seen;
  ReadFile(path, into, warnings, seen);
}

void ReadResults(const std::string& path, SampleSet& into, std::vector<std::string>& warnings) {
  FilesSeen seen;
  ReadPath(path, into, warnings, seen);
}

FilesRead ReadSide(const std::vector<std::string>& paths, SampleSet& into, std::vector<std::string>& warnings) {
  FilesSeen seen;
  size_t before = into.benchmarks().size();
  for (const std::string& path : paths) {
    ReadPath(path, into, warnings, seen);
    seen.Flush(path, warnings);
  }
  if (into.benchmarks().size() == before) {
    // Comparing against nothing would call every benchmark added or removed, and pass.
    std::string quoted;
    for (const std::string& path : paths) quoted += (quoted.empty() ? "'" : ", '") + path + "'";
    throw Error(ErrorKind::kInput, quoted + ": no benchmark in " + (paths.size() == 1 ? "it" : "them") +
                                       " (empty files, headers without runs and tests that did not run have none)");
  }
  return seen.files();
}

}  // namespace timeit
