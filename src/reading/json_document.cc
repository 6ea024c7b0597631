#include "json_document.h"

#include "readers.h"
#include "timeit/base/error.h"
#include "timeit/base/text_format.h"
#include "timeit/results/results_schema.h"
#include "timeit/results/top_level_scanner.h"

namespace timeit {
namespace {

using Json = nlohmann::json;

/// Reads top-level keys until one tells the document's kind, then stops the parse: a large
/// document is not read past its first key when that tells.
class KindFinder : public TopLevelScanner {
 public:
  /// What the parse found: decided early, or from the whole document.
  DocumentKind Kind(bool parsed) const {
    if (kind_) return *kind_;
    return parsed ? DocumentKind::kUnknown : DocumentKind::kMalformed;
  }

 private:
  bool Key(std::string_view key) override {
    if (key == "__version__") return Decide(DocumentKind::kLitResults);
    if (key == "format_version") return Decide(DocumentKind::kLntReport);
    return true;
  }
  bool Value(std::string_view key, std::optional<std::string_view> text) override {
    if (key == results_schema::kSchema && text && text->starts_with("timeit-results/")) {
      return Decide(DocumentKind::kTimeitResults);
    }
    return true;
  }
  bool Decide(DocumentKind kind) {
    kind_ = kind;
    return false;  // stops the parse
  }

  std::optional<DocumentKind> kind_;
};

}  // namespace

DocumentKind KindOfDocument(std::string_view text) {
  KindFinder finder;
  return finder.Kind(finder.Scan(text));
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
