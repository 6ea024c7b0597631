#pragma once

#include <optional>
#include <string>
#include <string_view>

/// Bytes that may or may not be UTF-8: program names and arguments are bytes, JSON text is
/// UTF-8, and a name must survive the trip into a results file and back unchanged.
namespace timeit {

/// Whether `text` is well-formed UTF-8 (no overlong forms, surrogates or code points above
/// U+10FFFF).
bool IsValidUtf8(std::string_view text);

/// Each byte as two lower-case hex digits: "caf\xe9" -> "636166e9".
std::string HexEncode(std::string_view bytes);

/// The bytes HexEncode wrote; nullopt for anything else (odd length, a non-hex digit).
std::optional<std::string> HexDecode(std::string_view hex);

}  // namespace timeit
