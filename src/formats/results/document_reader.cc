// timeit-results/1: one JSON document holding every benchmark, read with a SAX parser.
#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <unordered_set>

#include "timeit/base/error.h"
#include "timeit/base/text_format.h"
#include "timeit/formats/common/document_kind.h"
#include "timeit/formats/results/results_readers.h"
#include "timeit/formats/results/results_schema.h"

namespace timeit {

namespace {

using Json = nlohmann::json;
namespace schema = results_schema;

/// A SAX handler that keeps only what a comparison needs: per run, its metrics and
/// whether it failed, handed to the SampleSet one whole benchmark object at a time. It
/// knows where it is from a stack of the containers open around the value being read.
///
/// Every value has a place, given by the place of the container it is in and its key
/// there (Child()). The place says what type the value must be, and what it means; a
/// container that is read opens the place its children see:
///
///   place             in (container: key)                     must be  meaning, or what it opens
///   kDocument         -: the whole document                   object   opens kTop
///   kSchemaValue      kTop: "schema"                          string   the schema
///   kHostValue        kTop: "host"                            any      an object opens kHost
///   kHostField        kHost: each key                         any      a scalar: a host field
///   kBenchmarksValue  kTop: "benchmarks"                      array    opens kBenchmarks
///   kBenchmarkItem    kBenchmarks: each element               object   opens kBenchmark, a benchmark
///   kNameValue        kBenchmark: "name"                      string   the benchmark's name
///   kRunsValue        kBenchmark: "runs"                      array    opens kRuns
///   kRunItem          kRuns: each element                     object   opens kRun, a run
///   kRunMetricsValue  kRun: "metrics"                         object   opens kRunMetrics
///   kStartTimeValue   kRun: "start_time"                      any      a string: when it started
///   kMetricValue      kRunMetrics: each key                   number   a metric (finite, >= 0)
///   kExitCodeValue    kRun: "exit_code"                       number   not 0: the run failed
///   kFailureFlag      kRun: "failure", "signal", "timed_out"  any      a scalar but null or false:
///                                                                      the run failed
///   kIgnored          any other key, and all inside one       any      nothing; opens kIgnored
///
/// A value of another type stops the parse with its path ("benchmarks[3].runs[0].metrics.real:
/// expected a number, got a string"). Closing kRun checks "metrics" was there and keeps the
/// run; closing kBenchmark checks "name" and hands its runs over; closing kTop checks
/// "schema" (and its value) and "benchmarks".
class ResultsHandler : public nlohmann::json_sax<Json> {
 public:
  ResultsHandler(SampleSet& into, std::string_view text) : into_(into), text_(text) {}

  bool null() override { return Scalar(Type::kNull, 0, nullptr); }
  bool boolean(bool value) override {
    number_text_ = value ? "true" : "false";
    return Scalar(Type::kBool, value ? 1 : 0, nullptr);
  }
  bool number_integer(number_integer_t value) override {
    number_text_ = std::to_string(value);
    return Scalar(Type::kNumber, static_cast<double>(value), nullptr);
  }
  bool number_unsigned(number_unsigned_t value) override {
    number_text_ = std::to_string(value);
    return Scalar(Type::kNumber, static_cast<double>(value), nullptr);
  }
  bool number_float(number_float_t value, const string_t& text) override {
    number_text_ = text;
    return Scalar(Type::kNumber, value, nullptr);
  }
  bool string(string_t& value) override { return Scalar(Type::kString, 0, &value); }
  bool binary(binary_t&) override { return Fail(Path() + ": unexpected binary value"); }

  bool start_object(std::size_t) override { return Open(Type::kObject); }
  bool start_array(std::size_t) override { return Open(Type::kArray); }

  bool key(string_t& key) override {
    if (ignored_depth_ > 0) return true;
    stack_.back().key = key;
    // A key given twice would otherwise count twice: a metric as a second run's value, a
    // name as a second benchmark.
    Place place = stack_.back().place;
    bool repeated = (place == Place::kRunMetrics && run_metric_names_.count(key) > 0) ||
                    (place == Place::kBenchmark && key == schema::kV1Name && name_.has_value());
    if (repeated) return Fail(Path() + ": given twice in the same object");
    if (place == Place::kTop && KindToldByKey(key)) return Fail(key + ": " + TwoKindsMessage(schema::kSchema, key));
    return true;
  }

  bool end_object() override {
    if (ignored_depth_ > 0) return CloseIgnored();
    Frame frame = std::move(stack_.back());
    stack_.pop_back();
    if (!Close(frame.place)) return false;
    if (!stack_.empty()) ++stack_.back().index;
    return true;
  }

  bool end_array() override {
    if (ignored_depth_ > 0) return CloseIgnored();
    stack_.pop_back();
    if (!stack_.empty()) ++stack_.back().index;
    return true;
  }

  bool parse_error(std::size_t position, const std::string& last_token,
                   const nlohmann::detail::exception& error) override {
    // Drop nlohmann's "[json.exception...]" tag. Its syntax errors say "at line L, column
    // C"; a number out of range does not, so the position is added from the byte offset.
    std::string message = error.what();
    size_t tag_end = message.find("] ");
    error_ = tag_end == std::string::npos ? message : message.substr(tag_end + 2);
    if (error_.find(" at line ") == std::string::npos) {
      std::string_view before = text_.substr(0, std::min(position, text_.size()));
      size_t line = 1 + std::count(before.begin(), before.end(), '\n');
      size_t line_start = before.rfind('\n');
      size_t column = before.size() - (line_start == std::string_view::npos ? 0 : line_start + 1) + 1;
      // The position is just past the token (the number); point at its first character.
      if (last_token.size() < column) column -= last_token.size();
      error_ += " at line " + std::to_string(line) + ", column " + std::to_string(column);
    }
    return false;
  }

  const std::string& error() const { return error_; }

 private:
  // The places of the table above: first those of values, then those of open containers.
  enum class Place {
    kDocument,
    kSchemaValue,
    kHostValue,
    kHostField,
    kBenchmarksValue,
    kBenchmarkItem,
    kNameValue,
    kRunsValue,
    kRunItem,
    kRunMetricsValue,
    kStartTimeValue,
    kMetricValue,
    kExitCodeValue,
    kFailureFlag,
    kIgnored,
    kTop,
    kHost,
    kBenchmarks,
    kBenchmark,
    kRuns,
    kRun,
    kRunMetrics,
  };
  enum class Type { kNull, kBool, kNumber, kString, kObject, kArray };

  struct Frame {
    Place place = Place::kDocument;
    bool is_object = true;
    std::string key;
    size_t index = 0;
  };
  struct PendingRun {
    std::vector<std::pair<std::string, double>> metrics;
    bool failed = false;
    std::string start_time;
  };

  // The place of a value that starts now (the table's second column).
  Place Child() const {
    if (stack_.empty()) return Place::kDocument;
    const Frame& parent = stack_.back();
    const std::string& key = parent.key;
    switch (parent.place) {
      case Place::kTop:
        if (key == schema::kSchema) return Place::kSchemaValue;
        if (key == schema::kHost) return Place::kHostValue;
        if (key == schema::kV1Benchmarks) return Place::kBenchmarksValue;
        return Place::kIgnored;
      case Place::kHost:
        return Place::kHostField;
      case Place::kBenchmarks:
        return Place::kBenchmarkItem;
      case Place::kBenchmark:
        if (key == schema::kV1Name) return Place::kNameValue;
        if (key == schema::kV1Runs) return Place::kRunsValue;
        return Place::kIgnored;
      case Place::kRuns:
        return Place::kRunItem;
      case Place::kRun:
        if (key == schema::kMetrics) return Place::kRunMetricsValue;
        if (key == schema::kV1ExitCode) return Place::kExitCodeValue;
        if (key == schema::kStartTime) return Place::kStartTimeValue;
        for (std::string_view flag : schema::kV1FailureFlags) {
          if (key == flag) return Place::kFailureFlag;
        }
        return Place::kIgnored;
      case Place::kRunMetrics:
        return Place::kMetricValue;
      default:
        return Place::kIgnored;
    }
  }

  // The type a value at `place` must have (the table's third column); nullopt for any.
  static std::optional<Type> Required(Place place) {
    switch (place) {
      case Place::kDocument:
      case Place::kBenchmarkItem:
      case Place::kRunItem:
      case Place::kRunMetricsValue:
        return Type::kObject;
      case Place::kBenchmarksValue:
      case Place::kRunsValue:
        return Type::kArray;
      case Place::kSchemaValue:
      case Place::kNameValue:
        return Type::kString;
      case Place::kMetricValue:
      case Place::kExitCodeValue:
        return Type::kNumber;
      default:
        return std::nullopt;
    }
  }

  // The place a container at `place` opens for its children.
  static Place Opened(Place place) {
    switch (place) {
      case Place::kDocument:
        return Place::kTop;
      case Place::kHostValue:
        return Place::kHost;
      case Place::kBenchmarksValue:
        return Place::kBenchmarks;
      case Place::kBenchmarkItem:
        return Place::kBenchmark;
      case Place::kRunsValue:
        return Place::kRuns;
      case Place::kRunItem:
        return Place::kRun;
      case Place::kRunMetricsValue:
        return Place::kRunMetrics;
      default:
        return Place::kIgnored;
    }
  }

  static const char* TypeName(Type type) {
    switch (type) {
      case Type::kNull:
        return "null";
      case Type::kBool:
        return "a boolean";
      case Type::kNumber:
        return "a number";
      case Type::kString:
        return "a string";
      case Type::kObject:
        return "an object";
      case Type::kArray:
        return "an array";
    }
    return "?";
  }

  // Fails unless a value of `type` may be at `place`.
  bool CheckType(Place place, Type type) {
    std::optional<Type> required = Required(place);
    if (!required || *required == type) return true;
    if (place != Place::kDocument) {
      return Fail(Path() + ": expected " + TypeName(*required) + ", got " + TypeName(type));
    }
    if (type == Type::kArray) {
      return Fail("the document is an array, not a " + std::string(schema::kSchemaV1) + " results object");
    }
    return Fail("the document is " + std::string(TypeName(type)) + ", not a results object");
  }

  bool Open(Type type) {
    if (ignored_depth_ > 0) {
      ++ignored_depth_;
      return true;
    }
    Place place = Child();
    if (!CheckType(place, type)) return false;
    // A host that is not an object, and what is nested in a host's fields, say nothing a
    // comparison keeps.
    if (place == Place::kIgnored || place == Place::kHostField ||
        (place == Place::kHostValue && type != Type::kObject)) {
      // Nothing inside is read: a depth is all it needs, not a frame per level (a value
      // nested a million deep in a field timeit ignores must not cost a frame each).
      ignored_depth_ = 1;
      return true;
    }
    Frame frame;
    frame.place = Opened(place);
    frame.is_object = type == Type::kObject;
    switch (frame.place) {
      case Place::kHost:
        host_.clear();
        break;
      case Place::kBenchmarks:
        saw_benchmarks_ = true;
        break;
      case Place::kBenchmark:
        name_.reset();
        pending_.clear();
        break;
      case Place::kRun:
        run_metrics_.clear();
        run_metric_names_.clear();
        run_failed_ = false;
        run_start_time_.clear();
        saw_metrics_ = false;
        break;
      case Place::kRunMetrics:
        saw_metrics_ = true;
        break;
      default:
        break;
    }
    stack_.push_back(std::move(frame));
    return true;
  }

  // The end of a container inside an ignored one, or of the ignored one itself (which the
  // container around it counts as one value).
  bool CloseIgnored() {
    if (--ignored_depth_ == 0 && !stack_.empty()) ++stack_.back().index;
    return true;
  }

  // The checks and hand-overs when the object that opened `place` ends.
  bool Close(Place place) {
    switch (place) {
      case Place::kTop:
        if (schema_ == schema::kSchemaV2 && FirstLineTooLong()) {
          // Too long for a reader to look for a header in it: timeit refuses to add to
          // such a file, and says why in the same words.
          return Fail("not a " + schema_ + " results file: " + std::string(schema::kFirstLineTooLong));
        }
        if (schema_ == schema::kSchemaV2) {
          return Fail("schema: '" + schema_ + "', but not as JSON Lines with the header alone on the first line");
        }
        if (schema_ != schema::kSchemaV1) {
          return Fail(schema_.empty()
                          ? "schema: missing; not a timeit results file (nor lit's JSON, an LNT report or a summary)"
                          : "schema: '" + schema_ + "' is not " + std::string(schema::kSchemaV1) + " or " +
                                std::string(schema::kSchemaV2));
        }
        if (!saw_benchmarks_) return Fail("benchmarks: missing");
        return true;
      case Place::kHost:
        into_.provenance().NoteHost(std::move(host_));
        host_.clear();
        return true;
      case Place::kRun:
        if (!saw_metrics_) return Fail(Path() + ".metrics: missing");
        pending_.push_back({std::move(run_metrics_), run_failed_, std::move(run_start_time_)});
        run_metrics_.clear();
        return true;
      case Place::kBenchmark: {
        if (!name_) return Fail(Path() + ".name: missing");
        BenchmarkSamples& samples = into_.Get(*name_);
        for (PendingRun& run : pending_) {
          into_.provenance().NoteStart(run.start_time);
          ++samples.runs;
          if (run.failed) {
            ++samples.failed_runs;
            continue;
          }
          for (auto& [metric, value] : run.metrics) samples.metrics[metric].push_back(value);
        }
        pending_.clear();
        return true;
      }
      default:
        return true;
    }
  }

  bool Scalar(Type type, double number, std::string* text) {
    if (ignored_depth_ > 0) return true;
    Place place = Child();
    if (!CheckType(place, type)) return false;
    switch (place) {
      case Place::kSchemaValue:
        schema_ = *text;
        break;
      case Place::kNameValue:
        name_ = *text;
        break;
      case Place::kMetricValue:
        if (!IsValidMetric(number)) {
          return Fail(Path() + ": " + StringPrintf("%g", number) +
                      " is not a valid measurement (negative or not finite)");
        }
        run_metric_names_.insert(stack_.back().key);
        if (into_.Keeps(stack_.back().key)) run_metrics_.emplace_back(stack_.back().key, number);
        break;
      case Place::kExitCodeValue:
        if (number != 0) run_failed_ = true;
        break;
      case Place::kFailureFlag:
        // "failure": "exec", "signal": 11, "timed_out": true all mean the run failed.
        if (!(type == Type::kNull || (type == Type::kBool && number == 0))) run_failed_ = true;
        break;
      case Place::kStartTimeValue:
        if (type == Type::kString) run_start_time_ = *text;
        break;
      case Place::kHostField:
        if (type == Type::kString) {
          host_[stack_.back().key] = *text;
        } else if (type == Type::kNumber || type == Type::kBool) {
          host_[stack_.back().key] = number_text_;
        }
        break;
      default:
        break;
    }
    if (!stack_.empty()) ++stack_.back().index;
    return true;
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

  // Whether the document's first line that is not blank passes kMaxHeaderBytes.
  bool FirstLineTooLong() const {
    size_t start = text_.find_first_not_of(" \t\r\n");
    if (start == std::string_view::npos) return false;
    start = text_.rfind('\n', start) + 1;  // npos + 1 is 0: the first line
    size_t end = text_.find('\n', start);
    return (end == std::string_view::npos ? text_.size() : end) - start > schema::kMaxHeaderBytes;
  }

  bool Fail(std::string message) {
    error_ = std::move(message);
    return false;
  }

  SampleSet& into_;
  std::string_view text_;
  // Levels of the ignored container being read through (0: none).
  size_t ignored_depth_ = 0;
  std::vector<Frame> stack_;
  std::string schema_;
  bool saw_benchmarks_ = false;
  std::optional<std::string> name_;
  std::vector<PendingRun> pending_;
  std::vector<std::pair<std::string, double>> run_metrics_;  // the kept ones
  std::unordered_set<std::string> run_metric_names_;         // all, to refuse one given twice
  bool run_failed_ = false;
  std::string run_start_time_;
  bool saw_metrics_ = false;
  // The fields of the host block being read, and the JSON spelling of the last number or
  // boolean met.
  std::map<std::string, std::string, std::less<>> host_;
  std::string number_text_;
  std::string error_;
};

}  // namespace

void ReadResultsDocument(const std::string& path, std::string_view text, SampleSet& into) {
  // Runs reach `into` one whole benchmark object at a time; callers stop at the first error.
  ResultsHandler handler(into, text);
  bool ok = Json::sax_parse(text.begin(), text.end(), &handler);
  if (!ok) throw Error(ErrorKind::kInput, path + ": " + handler.error());
}

}  // namespace timeit
