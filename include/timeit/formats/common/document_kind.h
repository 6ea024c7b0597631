#pragma once

#include <optional>
#include <string>
#include <string_view>

/// Telling the JSON documents timeit reads apart by their top-level keys.
namespace timeit {

/// The top-level key whose value names a timeit results file's schema ("timeit-results/2").
inline constexpr std::string_view kSchemaKey = "schema";

/// What a JSON document is, told from its top-level keys alone.
enum class DocumentKind {
  /// "schema" is a string starting "timeit-results/".
  kTimeitResults,
  /// "__version__": what `lit -o results.json` writes.
  kLitResults,
  /// "format_version": an LNT report.
  kLntReport,
  /// Valid JSON of none of these shapes.
  kUnknown,
  /// Not valid JSON before any of those keys was met.
  kMalformed,
};

/// Reads `text` only as far as the first key that tells (timeit's writer puts "schema"
/// first, so a large timeit-results/1 document is told at once), or for lit's and LNT's
/// keys, which tell documents read whole anyway, to its end. A key of a second kind is an
/// input Error naming `path` and both keys.
DocumentKind KindOfDocument(const std::string& path, std::string_view text);

/// The kind a top-level key tells by itself: lit's "__version__", LNT's "format_version".
std::optional<DocumentKind> KindToldByKey(std::string_view key);

/// What is wrong with a document whose top-level keys `first_key` and then `second_key`
/// tell two kinds.
std::string TwoKindsMessage(std::string_view first_key, std::string_view second_key);

}  // namespace timeit
