#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

/// Bytes that may or may not be UTF-8: program names and arguments are bytes, JSON text is
/// UTF-8, and a name must survive the trip into a results file and back unchanged.
namespace timeit {

/// One character of well-formed UTF-8: its code point and the number of bytes that spell it.
struct Utf8Character {
  char32_t code_point;
  size_t length;
};

/// The character whose UTF-8 starts at text[i] (i < text.size()), or nullopt when the
/// bytes there are not one of the well-formed sequences: no overlong form, no surrogate
/// (U+D800..U+DFFF), nothing above U+10FFFF, no lead byte C0, C1 or F5..FF, no lone
/// continuation byte, nothing cut short. The one UTF-8 validator of the tree.
std::optional<Utf8Character> Utf8CharacterAt(std::string_view text, size_t i);

/// Whether `text` is well-formed UTF-8 (no overlong forms, surrogates or code points above
/// U+10FFFF).
bool IsValidUtf8(std::string_view text);

/// Whether a terminal or a page would not show `code_point` as itself: a control character
/// (C0, DEL, C1), a line or paragraph separator, a space other than U+0020 (it looks like
/// one), or a default-ignorable code point (invisible, or reordering what is around it: the
/// zero-width and bidirectional formatting characters, variation selectors, tags).
bool IsHiddenCharacter(char32_t code_point);

/// `text` as people are shown it (tables, Markdown, messages on stderr), such that no two
/// texts are shown alike and nothing in it drives the terminal. A backslash always starts an
/// escape, so the escapes read back: `\\` is a backslash; `\n`, `\r` and `\t` are LF, CR and
/// tab; `\xHH` is the byte HH (another control character, a byte that is not part of
/// well-formed UTF-8, or a space that would not be seen: at either end of `text` or after
/// another space); `\uHHHH` and `\UHHHHHHHH` are the code point, for the other hidden
/// characters (IsHiddenCharacter). Everything else is shown as it is.
/// "new\nline" -> "new\\nline"; "a\\n" -> "a\\\\n"; "caf\xe9" -> "caf\\xe9"; "x " -> "x\\x20".
std::string EscapeForDisplay(std::string_view text);

/// `text` as a program reads it back exactly, made UTF-8 with nothing hidden but line breaks:
/// each backslash doubled, and written as \xHH each byte that is not part of well-formed
/// UTF-8 and each byte of a hidden character (IsHiddenCharacter) other than LF and CR.
/// Reversed by reading `\\` as a backslash and `\xHH` as the byte HH, left to right.
/// "a\\b\xff\n" -> "a\\\\b\\xff\n"; "\x1b" -> "\\x1b"; U+202E -> "\\xe2\\x80\\xae".
std::string EscapeReversibly(std::string_view text);

/// `text` made UTF-8 without losing what set its bytes apart: each byte that is not part of
/// a well-formed sequence becomes the four characters \xHH (lower-case hex), the rest stays.
/// "caf\xe9" (Latin-1) -> "caf\\xe9"; "caf\xc3\xa9" stays "café". Backslashes stay, so a
/// name that holds the text \xHH itself reads the same: where that matters, the exact bytes
/// go beside it (HexEncode).
std::string EscapeInvalidUtf8(std::string_view text);

/// The number of characters (code points) of well-formed UTF-8 `utf8`.
size_t CodePointCount(std::string_view utf8);

/// Each byte as two lower-case hex digits: "caf\xe9" -> "636166e9".
std::string HexEncode(std::string_view bytes);

/// The bytes HexEncode wrote; nullopt for anything else (odd length, a non-hex digit).
std::optional<std::string> HexDecode(std::string_view hex);

}  // namespace timeit
