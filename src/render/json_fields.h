#pragma once

#include <cmath>
#include <nlohmann/json.hpp>
#include <string>

#include "timeit/base/utf8.h"

/// What the JSON reports share. Private to the render library.
namespace timeit {

/// As in results files: a name that is not UTF-8 is written with U+FFFD under `key` (the
/// dump replaces what is invalid), and its exact bytes beside it under key_bytes, so that
/// two such names stay two names.
inline void AddNameBytes(nlohmann::json& item, const std::string& key, const std::string& name) {
  if (!IsValidUtf8(name)) item[key + "_bytes"] = HexEncode(name);
}

/// A number, or null where it is NaN or infinite (which JSON cannot hold).
inline nlohmann::json NumberOrNull(double value) {
  return std::isfinite(value) ? nlohmann::json(value) : nlohmann::json();
}

/// The document as the reports write it: indented by 2, invalid UTF-8 replaced, ended by a
/// line end.
inline std::string DumpReport(const nlohmann::json& document) {
  return document.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
}

}  // namespace timeit
