#include "json_document.h"

#include <optional>
#include <set>
#include <vector>

#include "timeit/base/error.h"
#include "timeit/base/text_format.h"
#include "timeit/samples/samples.h"

namespace timeit {

using Json = nlohmann::json;

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
  if (!IsValidMetric(number)) {
    FailAt(path, where, ShortestDecimal(number) + " is not a valid measurement (negative or not finite)");
  }
  return number;
}

}  // namespace timeit
