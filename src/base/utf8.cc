#include "timeit/base/utf8.h"

#include <cstdint>

namespace timeit {

namespace {

constexpr char kHexDigits[] = "0123456789abcdef";

void AppendByteEscape(uint8_t byte, std::string& out) {
  out += {'\\', 'x', kHexDigits[byte >> 4], kHexDigits[byte & 0xF]};
}

// The well-formed sequences are exactly these (the Unicode Standard's table of them): the
// second byte's range depends on the first, which is what rules out overlong forms (after
// E0, F0), surrogates (after ED) and code points above U+10FFFF (after F4).
struct SequenceShape {
  uint8_t first_low, first_high;    // the lead bytes this shape is for
  uint8_t second_low, second_high;  // the second byte's range; every later one is 80..BF
  size_t length;
};
constexpr SequenceShape kSequenceShapes[] = {
    {0xC2, 0xDF, 0x80, 0xBF, 2}, {0xE0, 0xE0, 0xA0, 0xBF, 3}, {0xE1, 0xEC, 0x80, 0xBF, 3}, {0xED, 0xED, 0x80, 0x9F, 3},
    {0xEE, 0xEF, 0x80, 0xBF, 3}, {0xF0, 0xF0, 0x90, 0xBF, 4}, {0xF1, 0xF3, 0x80, 0xBF, 4}, {0xF4, 0xF4, 0x80, 0x8F, 4},
};

}  // namespace

std::optional<Utf8Character> Utf8CharacterAt(std::string_view text, size_t i) {
  auto byte = [&](size_t k) { return static_cast<uint8_t>(text[i + k]); };
  if (byte(0) < 0x80) return Utf8Character{byte(0), 1};
  for (const SequenceShape& shape : kSequenceShapes) {
    if (byte(0) < shape.first_low || byte(0) > shape.first_high) continue;
    if (text.size() - i < shape.length) return std::nullopt;
    if (byte(1) < shape.second_low || byte(1) > shape.second_high) return std::nullopt;
    char32_t code_point = byte(0) & (0x7F >> shape.length);
    for (size_t k = 1; k < shape.length; ++k) {
      if ((byte(k) & 0xC0) != 0x80) return std::nullopt;
      code_point = (code_point << 6) | (byte(k) & 0x3F);
    }
    return Utf8Character{code_point, shape.length};
  }
  return std::nullopt;  // a continuation byte first, C0, C1 (only ever overlong) or F5..FF
}

bool IsValidUtf8(std::string_view text) {
  for (size_t i = 0; i < text.size();) {
    std::optional<Utf8Character> character = Utf8CharacterAt(text, i);
    if (!character) return false;
    i += character->length;
  }
  return true;
}

bool IsHiddenCharacter(char32_t c) {
  bool control = c < 0x20 || (c >= 0x7F && c <= 0x9F);
  bool separator = c == 0x2028 || c == 0x2029;
  bool space = c == 0xA0 || c == 0x1680 || (c >= 0x2000 && c <= 0x200A) || c == 0x202F || c == 0x205F || c == 0x3000;
  // Default-ignorable code points, and the interlinear annotation characters, which are
  // format characters no terminal shows either.
  bool ignorable = c == 0xAD || c == 0x34F || c == 0x61C || c == 0x115F || c == 0x1160 || c == 0x17B4 || c == 0x17B5 ||
                   (c >= 0x180B && c <= 0x180F) || (c >= 0x200B && c <= 0x200F) || (c >= 0x202A && c <= 0x202E) ||
                   (c >= 0x2060 && c <= 0x206F) || c == 0x3164 || (c >= 0xFE00 && c <= 0xFE0F) || c == 0xFEFF ||
                   c == 0xFFA0 || (c >= 0xFFF0 && c <= 0xFFFB) || (c >= 0x1BCA0 && c <= 0x1BCA3) ||
                   (c >= 0x1D173 && c <= 0x1D17A) || (c >= 0xE0000 && c <= 0xE0FFF);
  return control || separator || space || ignorable;
}

namespace {

// `text` with each byte that is not part of well-formed UTF-8 written as \xHH, and each
// character as `show` appends it to `out` (given the character and where it starts).
template <typename Show>
std::string Escaped(std::string_view text, Show show) {
  std::string out;
  out.reserve(text.size());
  for (size_t i = 0; i < text.size();) {
    std::optional<Utf8Character> character = Utf8CharacterAt(text, i);
    if (!character) {
      AppendByteEscape(static_cast<uint8_t>(text[i++]), out);
      continue;
    }
    show(*character, i, out);
    i += character->length;
  }
  return out;
}

}  // namespace

std::string EscapeForDisplay(std::string_view text) {
  return Escaped(text, [text](Utf8Character character, size_t i, std::string& out) {
    char32_t c = character.code_point;
    // A space a reader would not see: trimmed from a table cell, lost in a padded column or
    // at the end of a line, or merged with the one before.
    bool unseen_space = c == ' ' && (i == 0 || i + 1 == text.size() || text[i - 1] == ' ');
    if (c == '\\') {
      out += "\\\\";
    } else if (c == '\n') {
      out += "\\n";
    } else if (c == '\r') {
      out += "\\r";
    } else if (c == '\t') {
      out += "\\t";
    } else if (c < 0x20 || c == 0x7F || unseen_space) {
      AppendByteEscape(static_cast<uint8_t>(c), out);
    } else if (IsHiddenCharacter(c)) {
      out += c > 0xFFFF ? "\\U" : "\\u";
      for (int shift = c > 0xFFFF ? 28 : 12; shift >= 0; shift -= 4) out += kHexDigits[(c >> shift) & 0xF];
    } else {
      out.append(text, i, character.length);
    }
  });
}

std::string EscapeReversibly(std::string_view text) {
  return Escaped(text, [text](Utf8Character character, size_t i, std::string& out) {
    char32_t c = character.code_point;
    if (c == '\\') {
      out += "\\\\";
    } else if (IsHiddenCharacter(c) && c != '\n' && c != '\r') {
      for (size_t k = 0; k < character.length; ++k) AppendByteEscape(static_cast<uint8_t>(text[i + k]), out);
    } else {
      out.append(text, i, character.length);
    }
  });
}

std::string EscapeInvalidUtf8(std::string_view text) {
  return Escaped(
      text, [text](Utf8Character character, size_t i, std::string& out) { out.append(text, i, character.length); });
}

size_t CodePointCount(std::string_view utf8) {
  size_t count = 0;
  for (char c : utf8) count += (static_cast<uint8_t>(c) & 0xC0) != 0x80;  // all but continuation bytes
  return count;
}

std::string HexEncode(std::string_view bytes) {
  std::string hex;
  hex.reserve(bytes.size() * 2);
  for (char c : bytes) {
    uint8_t byte = static_cast<uint8_t>(c);
    hex += kHexDigits[byte >> 4];
    hex += kHexDigits[byte & 0xF];
  }
  return hex;
}

std::optional<std::string> HexDecode(std::string_view hex) {
  if (hex.size() % 2 != 0) return std::nullopt;
  auto digit = [](char c) -> int {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
  };
  std::string bytes;
  bytes.reserve(hex.size() / 2);
  for (size_t i = 0; i < hex.size(); i += 2) {
    int high = digit(hex[i]), low = digit(hex[i + 1]);
    if (high < 0 || low < 0) return std::nullopt;
    bytes += static_cast<char>(high * 16 + low);
  }
  return bytes;
}

}  // namespace timeit
