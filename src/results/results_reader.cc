#include "timeit/results/results_reader.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <optional>

#include "timeit/base/error.h"
#include "timeit/sys/file_io.h"
#include "timeit/results/results_file.h"
#include "timeit/sys/unique_fd.h"

namespace timeit {

namespace {

using Json = nlohmann::json;

/// A SAX handler that keeps only what a comparison needs: per run, its metrics and
/// whether it failed. It tracks where it is in the document with a small state machine
/// over the path, and reports shape errors by that path.
class ResultsHandler : public nlohmann::json_sax<Json> {
 public:
  explicit ResultsHandler(SampleSet& into) : into_(into) {}

  // Scalars ------------------------------------------------------------------------
  bool null() override { return Scalar(Kind::kNull, 0, nullptr); }
  bool boolean(bool value) override { return Scalar(Kind::kBool, value ? 1 : 0, nullptr); }
  bool number_integer(number_integer_t value) override {
    return Scalar(Kind::kNumber, static_cast<double>(value), nullptr);
  }
  bool number_unsigned(number_unsigned_t value) override {
    return Scalar(Kind::kNumber, static_cast<double>(value), nullptr);
  }
  bool number_float(number_float_t value, const string_t&) override { return Scalar(Kind::kNumber, value, nullptr); }
  bool string(string_t& value) override { return Scalar(Kind::kString, 0, &value); }
  bool binary(binary_t&) override { return Fail(Path() + ": unexpected binary value"); }

  // Containers ---------------------------------------------------------------------
  bool start_object(std::size_t) override {
    Frame frame = Child();
    frame.is_object = true;
    switch (frame.place) {
      case Place::kDocument:
        frame.place = Place::kTop;
        break;
      case Place::kBenchmarkItem:
        frame.place = Place::kBenchmark;
        name_.reset();
        pending_.clear();
        break;
      case Place::kRunItem:
        frame.place = Place::kRun;
        run_metrics_.clear();
        run_failed_ = false;
        saw_metrics_ = false;
        break;
      case Place::kRunMetricsValue:
        frame.place = Place::kRunMetrics;
        saw_metrics_ = true;
        break;
      case Place::kBenchmarksValue:
      case Place::kRunsValue:
        return Fail(Path() + ": expected an array, got an object");
      case Place::kNameValue:
      case Place::kSchemaValue:
      case Place::kMetricValue:
      case Place::kExitCodeValue:
        return Fail(Path() + ": expected a " + Expected(frame.place) + ", got an object");
      default:
        frame.place = Place::kIgnored;
    }
    stack_.push_back(std::move(frame));
    return true;
  }

  bool key(string_t& key) override {
    Frame& frame = stack_.back();
    frame.key = key;
    return true;
  }

  bool end_object() override {
    Frame frame = std::move(stack_.back());
    stack_.pop_back();
    if (frame.place == Place::kTop) {
      if (schema_ != kResultsSchema) {
        return Fail(schema_.empty() ? "schema: missing; not a " + std::string(kResultsSchema) + " results file"
                                    : "schema: '" + schema_ + "' is not " + kResultsSchema);
      }
      if (!saw_benchmarks_) return Fail("benchmarks: missing");
    } else if (frame.place == Place::kRun) {
      if (!saw_metrics_) return Fail(Path() + ".metrics: missing");
      pending_.push_back({std::move(run_metrics_), run_failed_});
      run_metrics_.clear();
    } else if (frame.place == Place::kBenchmark) {
      if (!name_) return Fail(Path() + ".name: missing");
      BenchmarkSamples& samples = into_.Get(*name_);
      for (PendingRun& run : pending_) {
        ++samples.runs;
        if (run.failed) {
          ++samples.failed_runs;
          continue;
        }
        for (auto& [metric, value] : run.metrics) samples.metrics[metric].push_back(value);
      }
      pending_.clear();
    }
    if (!stack_.empty()) ++stack_.back().index;
    return true;
  }

  bool start_array(std::size_t) override {
    Frame frame = Child();
    frame.is_object = false;
    switch (frame.place) {
      case Place::kBenchmarksValue:
        frame.place = Place::kBenchmarks;
        saw_benchmarks_ = true;
        break;
      case Place::kRunsValue:
        frame.place = Place::kRuns;
        break;
      case Place::kDocument:
        return Fail("the document is an array, not a " + std::string(kResultsSchema) + " results object");
      case Place::kRunMetricsValue:
        return Fail(Path() + ": expected an object, got an array");
      case Place::kNameValue:
      case Place::kSchemaValue:
      case Place::kMetricValue:
      case Place::kExitCodeValue:
        return Fail(Path() + ": expected a " + Expected(frame.place) + ", got an array");
      default:
        frame.place = Place::kIgnored;
    }
    stack_.push_back(std::move(frame));
    return true;
  }

  bool end_array() override {
    stack_.pop_back();
    if (!stack_.empty()) ++stack_.back().index;
    return true;
  }

  bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception& error) override {
    // nlohmann's message already says "at line L, column C"; drop its "[json.exception...]" tag.
    std::string message = error.what();
    size_t tag_end = message.find("] ");
    error_ = tag_end == std::string::npos ? message : message.substr(tag_end + 2);
    return false;
  }

  const std::string& error() const { return error_; }

 private:
  enum class Place {
    kDocument, kTop, kSchemaValue, kBenchmarksValue, kBenchmarks, kBenchmarkItem, kBenchmark,
    kNameValue, kRunsValue, kRuns, kRunItem, kRun, kRunMetricsValue, kRunMetrics, kMetricValue,
    kExitCodeValue, kFailureFlag, kIgnored,
  };
  enum class Kind { kNull, kBool, kNumber, kString };

  struct Frame {
    Place place = Place::kDocument;
    bool is_object = true;
    std::string key;
    size_t index = 0;
  };
  struct PendingRun {
    std::vector<std::pair<std::string, double>> metrics;
    bool failed = false;
  };

  // Where a value that starts now sits in the document.
  Frame Child() const {
    Frame child;
    if (stack_.empty()) return child;
    const Frame& parent = stack_.back();
    switch (parent.place) {
      case Place::kTop:
        if (parent.key == "schema") child.place = Place::kSchemaValue;
        else if (parent.key == "benchmarks") child.place = Place::kBenchmarksValue;
        else child.place = Place::kIgnored;
        break;
      case Place::kBenchmarks:
        child.place = Place::kBenchmarkItem;
        break;
      case Place::kBenchmark:
        if (parent.key == "name") child.place = Place::kNameValue;
        else if (parent.key == "runs") child.place = Place::kRunsValue;
        else child.place = Place::kIgnored;
        break;
      case Place::kRuns:
        child.place = Place::kRunItem;
        break;
      case Place::kRun:
        if (parent.key == "metrics") child.place = Place::kRunMetricsValue;
        else if (parent.key == "exit_code") child.place = Place::kExitCodeValue;
        else if (parent.key == "failure" || parent.key == "signal" || parent.key == "timed_out")
          child.place = Place::kFailureFlag;
        else child.place = Place::kIgnored;
        break;
      case Place::kRunMetrics:
        child.place = Place::kMetricValue;
        break;
      default:
        child.place = Place::kIgnored;
    }
    return child;
  }

  static std::string Expected(Place place) {
    switch (place) {
      case Place::kNameValue:
      case Place::kSchemaValue:
        return "string";
      default:
        return "number";
    }
  }

  static const char* KindName(Kind kind) {
    switch (kind) {
      case Kind::kNull:
        return "null";
      case Kind::kBool:
        return "a boolean";
      case Kind::kNumber:
        return "a number";
      case Kind::kString:
        return "a string";
    }
    return "?";
  }

  bool Scalar(Kind kind, double number, std::string* text) {
    Frame here = Child();
    // Built only for a message: this runs for every number in the file.
    auto where = [this] { return stack_.empty() ? std::string("the document") : Path(); };
    bool ok = true;
    switch (here.place) {
      case Place::kDocument:
        ok = Fail("the document is " + std::string(KindName(kind)) + ", not a results object");
        break;
      case Place::kSchemaValue:
        if (kind != Kind::kString) ok = Fail(where() + ": expected a string, got " + KindName(kind));
        else schema_ = *text;
        break;
      case Place::kBenchmarksValue:
      case Place::kRunsValue:
        ok = Fail(where() + ": expected an array, got " + KindName(kind));
        break;
      case Place::kBenchmarkItem:
      case Place::kRunItem:
      case Place::kRunMetricsValue:
        ok = Fail(where() + ": expected an object, got " + KindName(kind));
        break;
      case Place::kNameValue:
        if (kind != Kind::kString) ok = Fail(where() + ": expected a string, got " + KindName(kind));
        else name_ = *text;
        break;
      case Place::kMetricValue:
        if (kind != Kind::kNumber) {
          ok = Fail(where() + ": expected a number, got " + KindName(kind));
        } else if (!std::isfinite(number) || number < 0) {
          char value[64];
          std::snprintf(value, sizeof value, "%g", number);
          ok = Fail(where() + ": " + value + " is not a valid measurement (negative or not finite)");
        } else {
          run_metrics_.emplace_back(stack_.back().key, number);
        }
        break;
      case Place::kExitCodeValue:
        if (kind != Kind::kNumber) ok = Fail(where() + ": expected a number, got " + KindName(kind));
        else if (number != 0) run_failed_ = true;
        break;
      case Place::kFailureFlag:
        // "failure": "exec", "signal": 11, "timed_out": true all mean the run failed.
        if (!(kind == Kind::kNull || (kind == Kind::kBool && number == 0))) run_failed_ = true;
        break;
      default:
        break;
    }
    if (ok && !stack_.empty()) ++stack_.back().index;
    return ok;
  }

  // "benchmarks[3].runs[0].metrics.real": the path of the value about to be read.
  std::string Path() const {
    std::string path;
    for (const Frame& frame : stack_) {
      if (frame.is_object) {
        if (frame.key.empty()) continue;
        if (!path.empty()) path += '.';
        path += frame.key;
      } else {
        path += "[" + std::to_string(frame.index) + "]";
      }
    }
    return path;
  }

  bool Fail(std::string message) {
    error_ = std::move(message);
    return false;
  }

  SampleSet& into_;
  std::vector<Frame> stack_;
  std::string schema_;
  bool saw_benchmarks_ = false;
  std::optional<std::string> name_;
  std::vector<PendingRun> pending_;
  std::vector<std::pair<std::string, double>> run_metrics_;
  bool run_failed_ = false;
  bool saw_metrics_ = false;
  std::string error_;
};

/// A whole file's bytes. Regular files are mapped, so the parser reads them in place and
/// a large file costs its size in (reclaimable) page cache rather than a copy on the heap;
/// pipes and other streams (`<(...)`, /dev/stdin) are read into memory.
class FileBytes {
 public:
  explicit FileBytes(const std::string& path) {
    UniqueFd fd(::open(path.c_str(), O_RDONLY | O_CLOEXEC));
    if (!fd) throw Error(ErrorKind::kInput, SystemErrorMessage("cannot read '" + path + "'", errno));
    struct stat info;
    if (::fstat(fd.get(), &info) != 0) throw Error(ErrorKind::kInput, SystemErrorMessage("cannot read '" + path + "'", errno));
    if (S_ISDIR(info.st_mode)) throw Error(ErrorKind::kInput, "cannot read '" + path + "': Is a directory");
    if (!S_ISREG(info.st_mode)) {
      buffer_ = ReadAll(fd.get(), path, ErrorKind::kInput);
      return;
    }
    size_ = static_cast<size_t>(info.st_size);
    if (size_ == 0) return;
    void* data = ::mmap(nullptr, size_, PROT_READ, MAP_PRIVATE, fd.get(), 0);
    if (data == MAP_FAILED) throw Error(ErrorKind::kInput, SystemErrorMessage("cannot read '" + path + "'", errno));
    mapped_ = static_cast<const char*>(data);
    ::madvise(const_cast<char*>(mapped_), size_, MADV_SEQUENTIAL);
  }
  ~FileBytes() {
    if (mapped_) ::munmap(const_cast<char*>(mapped_), size_);
  }
  FileBytes(const FileBytes&) = delete;
  FileBytes& operator=(const FileBytes&) = delete;
  const char* begin() const { return mapped_ ? mapped_ : buffer_.data(); }
  const char* end() const { return begin() + (mapped_ ? size_ : buffer_.size()); }

 private:
  const char* mapped_ = nullptr;
  size_t size_ = 0;
  std::string buffer_;
};

}  // namespace

void ReadResultsFile(const std::string& path, SampleSet& into) {
  FileBytes file(path);
  // Runs reach `into` one whole benchmark object at a time; callers stop at the first error.
  ResultsHandler handler(into);
  bool ok = Json::sax_parse(file.begin(), file.end(), &handler);
  if (!ok) throw Error(ErrorKind::kInput, path + ": " + handler.error());
}

}  // namespace timeit
