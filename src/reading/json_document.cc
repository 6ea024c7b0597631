#include "json_document.h"

#include "readers.h"
#include "timeit/base/error.h"
#include "timeit/base/text_format.h"
#include "timeit/results/results_schema.h"

namespace timeit {
namespace {

using Json = nlohmann::json;

/// Reads top-level keys until one tells the document's kind, then stops the parse: nothing
/// nested is kept, and a large document is not read past its first key when that tells.
class KindFinder : public nlohmann::json_sax<Json> {
 public:
  bool null() override { return Value(nullptr); }
  bool boolean(bool) override { return Value(nullptr); }
  bool number_integer(number_integer_t) override { return Value(nullptr); }
  bool number_unsigned(number_unsigned_t) override { return Value(nullptr); }
  bool number_float(number_float_t, const string_t&) override { return Value(nullptr); }
  bool string(string_t& value) override { return Value(&value); }
  bool binary(binary_t&) override { return Value(nullptr); }
  bool start_object(std::size_t) override {
    if (depth_ == 0) is_object_ = true;
    return Open();
  }
  bool start_array(std::size_t) override { return Open(); }
  bool end_object() override { return Close(); }
  bool end_array() override { return Close(); }
  bool key(string_t& key) override {
    if (depth_ != 1) return true;
    if (key == "__version__") return Decide(DocumentKind::kLitResults);
    if (key == "format_version") return Decide(DocumentKind::kLntReport);
    schema_next_ = key == results_schema::kSchema;
    return true;
  }
  bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception&) override { return false; }

  /// What the parse found: decided early, or from the whole document.
  DocumentKind Kind(bool parsed) const {
    if (kind_) return *kind_;
    return parsed ? DocumentKind::kUnknown : DocumentKind::kMalformed;
  }

 private:
  bool Open() {
    // The value of a top-level key is being read: whatever "schema" holds, it is not a string.
    if (depth_ == 1) schema_next_ = false;
    ++depth_;
    return true;
  }
  bool Close() {
    --depth_;
    return true;
  }
  bool Value(const std::string* text) {
    if (depth_ == 1 && schema_next_ && text && text->starts_with("timeit-results/")) {
      return Decide(DocumentKind::kTimeitResults);
    }
    schema_next_ = false;
    return true;
  }
  bool Decide(DocumentKind kind) {
    kind_ = kind;
    return false;  // stops the parse
  }

  int depth_ = 0;
  bool is_object_ = false;
  bool schema_next_ = false;
  std::optional<DocumentKind> kind_;
};

}  // namespace

DocumentKind KindOfDocument(std::string_view text) {
  KindFinder finder;
  bool parsed = Json::sax_parse(text.begin(), text.end(), &finder);
  return finder.Kind(parsed);
}

std::string JsonErrorMessage(const std::exception& error) {
  std::string message = error.what();
  size_t tag_end = message.find("] ");
  return message.starts_with("[json.exception.") && tag_end != std::string::npos ? message.substr(tag_end + 2)
                                                                                 : message;
}

Json ParseJsonDocument(const std::string& path, std::string_view text) {
  try {
    return Json::parse(text.begin(), text.end());
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
