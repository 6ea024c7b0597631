#include "json_document.h"

#include <optional>
#include <set>
#include <vector>

#include "readers.h"
#include "timeit/base/error.h"
#include "timeit/base/text_format.h"
#include "timeit/results/results_schema.h"
#include "timeit/results/top_level_scanner.h"

namespace timeit {
namespace {

using Json = nlohmann::json;

/// Reads top-level keys until one tells the document's kind. lit's JSON and LNT reports are
/// read whole anyway, so after their key the walk goes on, to find a key of another kind;
/// timeit's "schema" (which timeit's writer puts first) stops it at once, so a large
/// timeit-results/1 document is not read twice: its reader refuses the other kinds' keys.
class KindFinder : public TopLevelScanner {
 public:
  explicit KindFinder(const std::string& path) : path_(path) {}

  /// What the parse found: decided early, or from the whole document.
  DocumentKind Kind(bool parsed) const {
    if (kind_) return *kind_;
    return parsed ? DocumentKind::kUnknown : DocumentKind::kMalformed;
  }

 private:
  bool Key(std::string_view key) override {
    if (std::optional<DocumentKind> kind = KindToldByKey(key)) Told(*kind, key);
    return true;
  }
  bool Value(std::string_view key, std::optional<std::string_view> text) override {
    if (key == results_schema::kSchema && text && text->starts_with("timeit-results/")) {
      Told(DocumentKind::kTimeitResults, key);
      return false;  // stops the parse
    }
    return true;
  }
  void Told(DocumentKind kind, std::string_view key) {
    if (kind_ && *kind_ != kind) FailAt(path_, std::string(key), TwoKindsMessage(telling_key_, key));
    if (!kind_) telling_key_ = key;
    kind_ = kind;
  }

  const std::string& path_;
  std::optional<DocumentKind> kind_;
  std::string telling_key_;
};

// The kind a top-level key tells, and how a message names it.
struct TellingKey {
  std::string_view key;
  DocumentKind kind;
  std::string_view kind_name;
};
constexpr TellingKey kTellingKeys[] = {
    {"__version__", DocumentKind::kLitResults, "lit's JSON"},
    {"format_version", DocumentKind::kLntReport, "an LNT report"},
    {results_schema::kSchema, DocumentKind::kTimeitResults, "timeit's results"},
};

std::string_view KindNameOfKey(std::string_view key) {
  for (const TellingKey& telling : kTellingKeys) {
    if (telling.key == key) return telling.kind_name;
  }
  return "?";
}

}  // namespace

std::optional<DocumentKind> KindToldByKey(std::string_view key) {
  // "schema" tells by its value, not by itself: a document of another kind may have one.
  if (key == results_schema::kSchema) return std::nullopt;
  for (const TellingKey& telling : kTellingKeys) {
    if (telling.key == key) return telling.kind;
  }
  return std::nullopt;
}

std::string TwoKindsMessage(std::string_view first_key, std::string_view second_key) {
  return "a top-level key of " + std::string(KindNameOfKey(second_key)) + " in a document that \"" +
         std::string(first_key) + "\" says is " + std::string(KindNameOfKey(first_key)) +
         ": it cannot be both, so it is read as neither";
}

DocumentKind KindOfDocument(const std::string& path, std::string_view text) {
  KindFinder finder(path);
  return finder.Kind(finder.Scan(text));
}

std::string JsonErrorMessage(const std::exception& error) {
  std::string message = error.what();
  size_t tag_end = message.find("] ");
  return message.starts_with("[json.exception.") && tag_end != std::string::npos ? message.substr(tag_end + 2)
                                                                                 : message;
}

namespace {

/// Refuses a key given twice in one object as the tree is built: the tree keeps one value
/// per key, so the other would vanish without a word (a second "exec_time", a second
/// "tests"). Follows where the parse is, to name the object in the message.
class DuplicateKeyCheck {
 public:
  explicit DuplicateKeyCheck(const std::string& path) : path_(path) {}

  bool operator()(int, Json::parse_event_t event, Json& parsed) {
    switch (event) {
      case Json::parse_event_t::object_start:
      case Json::parse_event_t::array_start:
        open_.push_back({event == Json::parse_event_t::object_start, {}, {}, 0});
        break;
      case Json::parse_event_t::key: {
        Container& object = open_.back();
        object.key = parsed.get<std::string>();
        if (!object.keys.insert(object.key).second) FailAt(path_, Where(), "given twice in the same object");
        break;
      }
      case Json::parse_event_t::object_end:
      case Json::parse_event_t::array_end:
        open_.pop_back();
        ElementEnded();
        break;
      case Json::parse_event_t::value:
        ElementEnded();
        break;
    }
    return true;
  }

 private:
  struct Container {
    bool is_object;
    std::set<std::string, std::less<>> keys;
    std::string key;  // an object's: the member being read
    size_t elements;  // an array's: those read so far
  };

  void ElementEnded() {
    if (!open_.empty() && !open_.back().is_object) ++open_.back().elements;
  }

  // The member being read, as the readers name a field: tests[3].metrics.exec_time.
  std::string Where() const {
    std::string where;
    for (const Container& container : open_) {
      if (container.is_object) {
        where += (where.empty() ? "" : ".") + container.key;
      } else {
        where += "[" + std::to_string(container.elements) + "]";
      }
    }
    return where;
  }

  const std::string& path_;
  std::vector<Container> open_;
};

}  // namespace

Json ParseJsonDocument(const std::string& path, std::string_view text) {
  try {
    return Json::parse(text.begin(), text.end(), DuplicateKeyCheck(path));
  } catch (const Json::exception& error) {
    throw Error(ErrorKind::kInput, path + ": " + JsonErrorMessage(error));
  }
}

std::optional<std::string> ScalarText(const Json& value) {
  if (value.is_string()) return value.get<std::string>();
  if (value.is_number() || value.is_boolean()) return value.dump();
  return std::nullopt;
}

void FailAt(const std::string& path, const std::string& where, const std::string& what) {
  throw Error(ErrorKind::kInput, path + ": " + where + ": " + what);
}

double MeasurementAt(const std::string& path, const std::string& where, const Json& value) {
  if (!value.is_number()) FailAt(path, where, "expected a number, got " + std::string(value.type_name()));
  double number = value.get<double>();
  if (!results_schema::IsValidMetric(number)) {
    FailAt(path, where, ShortestDecimal(number) + " is not a valid measurement (negative or not finite)");
  }
  return number;
}

}  // namespace timeit
