#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>

/// What the readers of other tools' JSON (lit's results, LNT reports) share. Private to the
/// reading library.
namespace timeit {

/// nlohmann's message for `error` without its "[json.exception.parse_error.101] " tag.
std::string JsonErrorMessage(const std::exception& error);

/// `text`, the whole file at `path`, parsed. These files are small (one number per test),
/// so they are read into a tree. Throws an input Error naming the file, with line and column
/// for a syntax error.
nlohmann::json ParseJsonDocument(const std::string& path, std::string_view text);

/// A scalar as provenance keeps it: a string as it is, a number or a boolean in its JSON
/// spelling; nothing for null, an array or an object.
std::optional<std::string> ScalarText(const nlohmann::json& value);

/// Throws an input Error "<path>: <where>: <what>".
[[noreturn]] void FailAt(const std::string& path, const std::string& where, const std::string& what);

/// `value` as a measurement at `where`: a finite, non-negative number, as in timeit's own
/// files; an input Error otherwise.
double MeasurementAt(const std::string& path, const std::string& where, const nlohmann::json& value);

}  // namespace timeit
