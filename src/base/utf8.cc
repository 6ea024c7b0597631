#include "timeit/base/utf8.h"

#include <cstdint>

namespace timeit {

namespace {

// The length of the well-formed UTF-8 sequence at text[i], or 0 when there is none.
size_t SequenceAt(std::string_view text, size_t i) {
  uint8_t lead = static_cast<uint8_t>(text[i]);
  if (lead < 0x80) return 1;
  size_t length;
  uint32_t code_point;
  if (lead >= 0xC2 && lead <= 0xDF) {
    length = 2;
    code_point = lead & 0x1F;
  } else if (lead >= 0xE0 && lead <= 0xEF) {
    length = 3;
    code_point = lead & 0x0F;
  } else if (lead >= 0xF0 && lead <= 0xF4) {
    length = 4;
    code_point = lead & 0x07;
  } else {
    return 0;  // a continuation byte first, 0xC0/0xC1 (overlong) or 0xF5+
  }
  if (text.size() - i < length) return 0;
  for (size_t k = 1; k < length; ++k) {
    uint8_t next = static_cast<uint8_t>(text[i + k]);
    if ((next & 0xC0) != 0x80) return 0;
    code_point = (code_point << 6) | (next & 0x3F);
  }
  static constexpr uint32_t kSmallest[] = {0, 0, 0x80, 0x800, 0x10000};
  if (code_point < kSmallest[length] || code_point > 0x10FFFF) return 0;
  if (code_point >= 0xD800 && code_point <= 0xDFFF) return 0;
  return length;
}

}  // namespace

bool IsValidUtf8(std::string_view text) {
  for (size_t i = 0, length; i < text.size(); i += length) {
    if ((length = SequenceAt(text, i)) == 0) return false;
  }
  return true;
}

std::string EscapeInvalidUtf8(std::string_view text) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string escaped;
  escaped.reserve(text.size());
  for (size_t i = 0; i < text.size();) {
    size_t length = SequenceAt(text, i);
    if (length > 0) {
      escaped.append(text, i, length);
      i += length;
      continue;
    }
    uint8_t byte = static_cast<uint8_t>(text[i++]);
    escaped += {'\\', 'x', kDigits[byte >> 4], kDigits[byte & 0xF]};
  }
  return escaped;
}

size_t CodePointCount(std::string_view utf8) {
  size_t count = 0;
  for (char c : utf8) count += (static_cast<uint8_t>(c) & 0xC0) != 0x80;  // all but continuation bytes
  return count;
}

std::string HexEncode(std::string_view bytes) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string hex;
  hex.reserve(bytes.size() * 2);
  for (char c : bytes) {
    uint8_t byte = static_cast<uint8_t>(c);
    hex += kDigits[byte >> 4];
    hex += kDigits[byte & 0xF];
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
