// timeit-results/2: JSON Lines, read line by line with simdjson's On Demand parser, which
// looks only at the fields a comparison needs and skips the rest at the speed of the disk.
#include <simdjson.h>
#include <cstring>
#include <deque>
#include <limits>
#include <map>
#include <memory>
#include <optional>
#include <unordered_set>

#include "timeit/base/error.h"
#include "timeit/base/text_format.h"
#include "timeit/base/utf8.h"
#include "timeit/formats/common/document_kind.h"
#include "timeit/formats/results/results_readers.h"
#include "timeit/formats/results/results_schema.h"

namespace timeit {
namespace {

namespace schema = results_schema;
namespace ondemand = simdjson::ondemand;

/// What one line says, before it is handed over: nothing reaches the SampleSet from a line
/// that turns out to be incomplete or wrong half-way through.
struct Record {
  bool is_header = false;
  /// A series record: skipped, since what it says is about how the runs were made.
  bool is_series = false;
  std::optional<std::string_view> benchmark;
  std::optional<std::string> benchmark_bytes;
  std::optional<schema::RunOutcome> outcome;
  std::vector<std::pair<std::string_view, double>> metrics;
  /// A run's start (empty if it has none), and a header's host block, its scalars as text.
  std::string_view start_time;
  /// A run's label (empty if it has none): what it was a run of.
  std::string_view label;
  std::optional<std::map<std::string, std::string, std::less<>>> host;
};

/// A line's failure: a message, and the byte in the line it points at (if known).
struct LineError {
  std::string message;
  const char* where = nullptr;
};

// simdjson's words for what it found wrong, said for a results file.
std::string Explain(simdjson::error_code code) {
  switch (code) {
    case simdjson::INCORRECT_TYPE:
      return "not a JSON object";
    case simdjson::TAPE_ERROR:
    case simdjson::INCOMPLETE_ARRAY_OR_OBJECT:
      return "not valid JSON (a misplaced or missing comma, colon, bracket or brace)";
    case simdjson::UNCLOSED_STRING:
      return "not valid JSON (a string is not closed)";
    case simdjson::UTF8_ERROR:
      return "not valid UTF-8";
    case simdjson::DEPTH_ERROR:
      return "nested deeper than the parser allows (1024 levels)";
    default:
      return std::string("not valid JSON (") + simdjson::error_message(code) + ")";
  }
}

// A field's key as it is in the line, without copying it: every key timeit writes is
// free of escapes. One with a backslash is unescaped into a new string at the end of
// `scratch`. Raw keys point into the file, so they stay valid while it is read.
simdjson::error_code KeyOf(ondemand::field& field, std::deque<std::string>& scratch, std::string_view& key) {
  const char* start = field.key().raw();
  const char* end = static_cast<const char*>(std::memchr(start, '"', std::numeric_limits<size_t>::max() >> 1));
  key = std::string_view(start, static_cast<size_t>(end - start));
  if (key.find('\\') == std::string_view::npos) return simdjson::SUCCESS;
  std::string_view unescaped;
  if (simdjson::error_code code = field.unescaped_key().get(unescaped)) return code;
  key = scratch.emplace_back(unescaped);
  return simdjson::SUCCESS;
}

/// The names seen so far in one object, to refuse one given twice: a short list while there
/// are few (a run has about a dozen metrics), a hash set beyond, so that a line of
/// thousands of metrics costs linear time, not quadratic.
class DistinctNames {
 public:
  /// Adds `name`; false if it was there already.
  bool Add(std::string_view name) {
    if (!many_.empty()) return many_.insert(name).second;
    for (std::string_view other : few_) {
      if (other == name) return false;
    }
    few_.push_back(name);
    if (few_.size() > 16) many_.insert(few_.begin(), few_.end());
    return true;
  }
  void Clear() {
    few_.clear();
    many_.clear();
  }
  size_t size() const { return many_.empty() ? few_.size() : many_.size(); }

 private:
  std::vector<std::string_view> few_;
  std::unordered_set<std::string_view> many_;
};

class LineReader {
 public:
  LineReader(ondemand::parser& parser, SampleSet& into) : parser_(parser), into_(into) {}

  /// Parses `line` (readable up to `readable` bytes) into `record`. Returns the simdjson
  /// error that stopped it, or SUCCESS; a schema error is returned as `error_`.
  simdjson::error_code Read(std::string_view line, size_t readable, Record& record) {
    error_ = LineError{};
    record.is_header = false;
    record.is_series = false;
    record.benchmark.reset();
    record.benchmark_bytes.reset();
    record.outcome.reset();
    record.metrics.clear();  // keeps its capacity: no allocation per line
    record.start_time = {};
    record.label = {};
    record.host.reset();
    key_scratch_.clear();
    ondemand::document document;
    simdjson::error_code code = parser_.iterate(line.data(), line.size(), readable).get(document);
    if (code) return code;
    ondemand::object object;
    if ((code = document.get_object().get(object))) return Located(code, document);
    std::string_view seen[8];
    size_t seen_count = 0;
    // A key that tells a document of another kind (lit's "__version__"), and whether it came
    // before "schema": a header holding one is of two kinds, read as neither.
    std::optional<std::string_view> other_kind_key;
    bool other_kind_first = false;
    for (auto field_result : object) {
      ondemand::field field;
      if ((code = std::move(field_result).get(field))) return Located(code, document);
      std::string_view key;
      // Where the key's opening quote is, for messages (the unescaped key is a copy).
      const char* key_at = field.key().raw() - 1;
      if ((code = KeyOf(field, key_scratch_, key))) return Located(code, document);
      bool known = key == schema::kSchema || key == schema::kBenchmark || key == schema::kBenchmarkBytes ||
                   key == schema::kOutcome || key == schema::kMetrics || key == schema::kStartTime ||
                   key == schema::kHost || key == schema::kLabel;
      if (key == schema::kSeries) record.is_series = true;
      if (!known && !other_kind_key && KindToldByKey(key)) {
        other_kind_key = key;
        other_kind_first = !record.is_header;
      }
      if (!known) continue;  // skipped unread: the rest is detail for people
      for (size_t i = 0; i < seen_count; ++i) {
        if (seen[i] == key) return Schema(std::string(key) + ": given twice in the same record", key_at);
      }
      seen[seen_count++] = key;
      ondemand::value value = field.value();
      const char* value_at = nullptr;
      if (document.current_location().get(value_at)) value_at = nullptr;
      if (key == schema::kSchema) {
        std::string_view tag;
        if ((code = value.get_string().get(tag))) return Typed(code, key, "a string", document);
        if (tag != schema::kSchemaV2) {
          return Schema("schema: '" + std::string(tag) + "' in a " + std::string(schema::kSchemaV2) + " file",
                        value_at);
        }
        record.is_header = true;
      } else if (key == schema::kBenchmark) {
        std::string_view name;
        if ((code = value.get_string().get(name))) return Typed(code, key, "a string", document);
        record.benchmark = name;
      } else if (key == schema::kBenchmarkBytes) {
        std::string_view hex;
        if ((code = value.get_string().get(hex))) return Typed(code, key, "a string", document);
        record.benchmark_bytes = HexDecode(hex);
        if (!record.benchmark_bytes) return Schema(std::string(key) + ": not hex digits", value_at);
      } else if (key == schema::kOutcome) {
        std::string_view word;
        if ((code = value.get_string().get(word))) return Typed(code, key, "a string", document);
        record.outcome = ValueSpelled(schema::kRunOutcomeSpellings, word);
        if (!record.outcome) {
          return Schema("outcome: '" + std::string(word) + "' is none of " + OutcomeWords(), value_at);
        }
      } else if (key == schema::kStartTime) {
        // Provenance only: a start that is not a string is left unread, as before it was read.
        std::string_view start;
        if (!value.get_string().get(start)) record.start_time = start;
      } else if (key == schema::kLabel) {
        // Unlike a start, a label names what the runs were of: one that is not text is refused
        // rather than left unread, which would name the night by its file instead.
        if ((code = value.get_string().get(record.label))) return Typed(code, key, "a string", document);
      } else if (key == schema::kHost) {
        if ((code = ReadHost(value, document, record))) return code;
      } else {
        if ((code = ReadMetrics(value, document, record))) return code;
      }
    }
    // Past the object, the document has no location left unless more text follows.
    const char* after = nullptr;
    if (!document.current_location().get(after)) return Schema("text after the record's closing brace", after);
    if (record.is_header && other_kind_key) {
      std::string first(other_kind_first ? *other_kind_key : schema::kSchema);
      std::string second(other_kind_first ? schema::kSchema : *other_kind_key);
      return Schema(second + ": " + TwoKindsMessage(first, second), nullptr);
    }
    if (record.is_header && record.benchmark) {
      return Schema("a record is a header (schema) or a run (benchmark), not both", nullptr);
    }
    if (record.is_series) {
      if (record.is_header || record.benchmark) {
        return Schema("a record is a header (schema), a run (benchmark) or a series (series), not two", nullptr);
      }
      return simdjson::SUCCESS;
    }
    if (!record.is_header) {
      if (!record.benchmark) return Schema("benchmark: missing", nullptr);
      if (!record.outcome) return Schema("outcome: missing", nullptr);
      if (seen_count == 0 || std::find(seen, seen + seen_count, schema::kMetrics) == seen + seen_count) {
        return Schema("metrics: missing", nullptr);
      }
    }
    return simdjson::SUCCESS;
  }

  const LineError& error() const { return error_; }

 private:
  simdjson::error_code ReadMetrics(ondemand::value value, ondemand::document& document, Record& record) {
    ondemand::object metrics;
    simdjson::error_code code;
    if ((code = value.get_object().get(metrics))) return Typed(code, schema::kMetrics, "an object", document);
    metric_names_.Clear();
    for (auto metric_result : metrics) {
      ondemand::field metric;
      if ((code = std::move(metric_result).get(metric))) return Located(code, document);
      std::string_view name;
      const char* name_at = metric.key().raw() - 1;
      if ((code = KeyOf(metric, key_scratch_, name))) return Located(code, document);
      if (!metric_names_.Add(name)) {
        return Schema("metrics." + std::string(name) + ": given twice in the same record", name_at);
      }
      const char* at = nullptr;
      if (document.current_location().get(at)) at = nullptr;
      ondemand::value number_value = metric.value();
      // Every metric is converted, kept or not: a file with a malformed number is refused
      // whichever metric is compared.
      bool kept = Keeps(name, metric_names_.size() - 1);
      double number;
      if ((code = number_value.get_double().get(number))) return NotANumber(name, code, at);
      if (!IsValidMetric(number)) {
        return Schema("metrics." + std::string(name) + ": " + ShortestDecimal(number) +
                          " is not a valid measurement (negative or not finite)",
                      at);
      }
      if (kept) record.metrics.emplace_back(name, number);
    }
    return simdjson::SUCCESS;
  }

  // The host block's scalar fields as text: strings as they are, numbers and booleans as
  // spelled. Nested values and nulls are left out; a host that is not an object is ignored.
  simdjson::error_code ReadHost(ondemand::value value, ondemand::document& document, Record& record) {
    ondemand::object host;
    if (value.get_object().get(host)) return simdjson::SUCCESS;
    record.host.emplace();
    simdjson::error_code code;
    for (auto field_result : host) {
      ondemand::field field;
      if ((code = std::move(field_result).get(field))) return Located(code, document);
      std::string_view name;
      if ((code = KeyOf(field, key_scratch_, name))) return Located(code, document);
      ondemand::value field_value = field.value();
      ondemand::json_type type;
      if ((code = field_value.type().get(type))) return Located(code, document);
      std::string_view text;
      bool flag = false;
      switch (type) {
        case ondemand::json_type::string:
          if ((code = field_value.get_string().get(text))) return Located(code, document);
          break;
        case ondemand::json_type::number:
          text = field_value.raw_json_token();
          text = text.substr(0, text.find_last_not_of(" \t\r\n") + 1);
          break;
        case ondemand::json_type::boolean:
          if ((code = field_value.get_bool().get(flag))) return Located(code, document);
          text = flag ? "true" : "false";
          break;
        default:
          continue;
      }
      (*record.host)[std::string(name)] = std::string(text);
    }
    return simdjson::SUCCESS;
  }

  simdjson::error_code NotANumber(std::string_view name, simdjson::error_code code, const char* at) {
    error_.where = at;
    error_.message =
        "metrics." + std::string(name) + ": " +
        (code == simdjson::INCORRECT_TYPE ? "expected a number"
                                          : "not a number a double can hold (malformed, or beyond 1.8e308)");
    return simdjson::INCORRECT_TYPE;
  }

  // Whether the SampleSet keeps the values of `name`, the `position`-th metric of its
  // record: asked once per name, and looked up by position first, since records mostly
  // list the same metrics in the same order.
  bool Keeps(std::string_view name, size_t position) {
    if (position < kept_by_position_.size() && kept_by_position_[position].first == name) {
      return kept_by_position_[position].second;
    }
    auto known = kept_.find(name);
    if (known == kept_.end()) known = kept_.emplace(std::string(name), into_.Keeps(name)).first;
    if (position >= kept_by_position_.size()) kept_by_position_.resize(position + 1);
    kept_by_position_[position] = *known;
    return known->second;
  }

  static std::string OutcomeWords() {
    std::string words;
    for (const auto& spelling : schema::kRunOutcomeSpellings)
      words += (words.empty() ? "" : ", ") + std::string(spelling.word);
    return words;
  }

  simdjson::error_code Located(simdjson::error_code code, ondemand::document& document) {
    const char* at = nullptr;
    if (!document.current_location().get(at)) error_.where = at;
    error_.message = Explain(code);
    return code;
  }
  simdjson::error_code Typed(simdjson::error_code code, std::string_view key, const char* expected,
                             ondemand::document& document) {
    if (code != simdjson::INCORRECT_TYPE) return Located(code, document);
    Located(code, document);
    error_.message = std::string(key) + ": expected " + expected;
    return code;
  }
  simdjson::error_code Schema(std::string message, const char* where) {
    error_.message = std::move(message);
    error_.where = where;
    return simdjson::INCORRECT_TYPE;
  }

  ondemand::parser& parser_;
  SampleSet& into_;
  std::map<std::string, bool, std::less<>> kept_;
  std::vector<std::pair<std::string, bool>> kept_by_position_;
  DistinctNames metric_names_;  // of the current record
  LineError error_;
  // Unescaped keys of the current line (rare: timeit never escapes them). A deque: the
  // names stay where they are while more are added.
  std::deque<std::string> key_scratch_;
};

}  // namespace

bool StartsRecordStream(std::string_view first_line) {
  if (first_line.size() > schema::kMaxHeaderBytes) return false;
  // A header, one cut short, or a run record (the header lost: the stream reader says so).
  schema::LineClass line = schema::ClassifyLine(first_line);
  return (line.kind == schema::LineKind::kHeader && line.schema == schema::kSchemaV2) ||
         line.kind == schema::LineKind::kRunRecord || line.kind == schema::LineKind::kHeaderCutShort;
}

/// The reading of one stream, fed its lines a buffer at a time.
struct RecordStream::State {
  State(const std::string& file, SampleSet& samples, std::vector<std::string>& messages)
      : path(file), into(samples), warnings(messages), reader(parser, samples) {}

  void Line(std::string_view line, size_t readable) {
    ++line_number;
    if (line.find_first_not_of(" \t\r") == std::string_view::npos) return;
    simdjson::error_code code = reader.Read(line, readable, record);
    if (code) {
      if (schema::EndsInsideAValue(line)) {
        warnings.push_back(path + ":" + std::to_string(line_number) +
                           ": skipped an incomplete record (a writer was stopped while writing it)");
        return;
      }
      std::string where = path + ":" + std::to_string(line_number);
      const LineError& error = reader.error();
      if (error.where && error.where >= line.data() && error.where <= line.data() + line.size()) {
        where += ":" + std::to_string(error.where - line.data() + 1);
      }
      throw Error(ErrorKind::kInput, where + ": " + (error.message.empty() ? Explain(code) : error.message));
    }
    if (record.is_series) return;
    if (record.is_header) {
      saw_header = true;  // further headers: files joined with cat, each with its own
      if (record.host) into.provenance().NoteHost(std::move(*record.host));
      return;
    }
    if (!saw_header) {
      throw Error(ErrorKind::kInput, path + ":" + std::to_string(line_number) + ": a run record before the header");
    }
    std::string_view name = record.benchmark_bytes ? std::string_view(*record.benchmark_bytes) : *record.benchmark;
    if (!last || last_count != into.benchmarks().size() || name != last_name) {
      last = &into.Get(std::string(name));
      last_name = name;
      slots.clear();
    }
    last_count = into.benchmarks().size();
    into.provenance().NoteStart(record.start_time);
    into.provenance().NoteLabel(record.label);
    ++last->runs;
    if (*record.outcome != schema::RunOutcome::kOk) {
      ++last->failed_runs;
      return;
    }
    for (size_t i = 0; i < record.metrics.size(); ++i) {
      const auto& [metric, value] = record.metrics[i];
      if (i >= slots.size() || slots[i].first != metric) {
        // metrics is a std::map<std::string, ...>: find without building a string first.
        auto found = last->metrics.find(metric);
        if (found == last->metrics.end()) {
          found = last->metrics.emplace(std::string(metric), std::vector<double>()).first;
        }
        if (i >= slots.size()) slots.resize(i + 1);
        slots[i] = {found->first, &found->second};  // map values never move
      }
      slots[i].second->push_back(value);
    }
  }

  const std::string& path;
  SampleSet& into;
  std::vector<std::string>& warnings;
  ondemand::parser parser;
  LineReader reader;
  Record record;
  size_t line_number = 0;
  bool saw_header = false;
  // Records of one benchmark usually follow each other, with the same metrics in the same
  // order: the last benchmark is kept at hand, with where each of its metrics went.
  std::string last_name;
  BenchmarkSamples* last = nullptr;
  size_t last_count = 0;
  std::vector<std::pair<std::string, std::vector<double>*>> slots;
};

RecordStream::RecordStream(const std::string& path, SampleSet& into, std::vector<std::string>& warnings,
                           size_t lines_before)
    : state_(std::make_unique<State>(path, into, warnings)) {
  state_->line_number = lines_before;
}

RecordStream::~RecordStream() = default;

size_t RecordStream::Lines(std::string_view text, size_t padded_size, bool at_end) {
  size_t start = 0;
  while (start < text.size()) {
    const char* newline = static_cast<const char*>(std::memchr(text.data() + start, '\n', text.size() - start));
    if (!newline && !at_end) break;  // the rest comes with the next buffer
    size_t end = newline ? static_cast<size_t>(newline - text.data()) : text.size();
    state_->Line(text.substr(start, end - start), padded_size - start);
    start = end + 1;
  }
  return std::min(start, text.size());
}

}  // namespace timeit
