#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

/// Bytes that may or may not be UTF-8: program names and arguments are bytes, JSON text is
/// UTF-8, and a name must survive the trip into a results file and back unchanged.
namespace timeit {

/// Whether `text` is well-formed UTF-8 (no overlong forms, surrogates or code points above
/// U+10FFFF).
bool IsValidUtf8(std::string_view text);

/// `text` made UTF-8 without losing what set its bytes apart: each byte that is not part of
/// a well-formed sequence becomes the four characters \xHH (lower-case hex), the rest stays.
/// "caf\xe9" (Latin-1) -> "caf\\xe9"; "caf\xc3\xa9" stays "café".
std::string EscapeInvalidUtf8(std::string_view text);

/// The number of characters (code points) of well-formed UTF-8 `utf8`.
size_t CodePointCount(std::string_view utf8);

/// Each byte as two lower-case hex digits: "caf\xe9" -> "636166e9".
std::string HexEncode(std::string_view bytes);

/// The bytes HexEncode wrote; nullopt for anything else (odd length, a non-hex digit).
std::optional<std::string> HexDecode(std::string_view hex);

}  // namespace timeit
