#include "timeit/formats/common/document_kind.h"

#include <optional>
#include <string>

#include "json_document.h"
#include "timeit/formats/common/top_level_scanner.h"

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
    if (key == kSchemaKey && text && text->starts_with("timeit-results/")) {
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
    {kSchemaKey, DocumentKind::kTimeitResults, "timeit's results"},
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
  if (key == kSchemaKey) return std::nullopt;
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

}  // namespace timeit
