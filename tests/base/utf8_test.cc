#include "timeit/base/utf8.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <initializer_list>
#include <vector>

#include "timeit/base/text_format.h"

namespace timeit {
namespace {

// Expected values from the Unicode Standard's table of well-formed byte sequences
// (chapter 3, table 3-7), not from any implementation.
TEST(Utf8Test, WellFormedSequences) {
  EXPECT_TRUE(IsValidUtf8(""));
  EXPECT_TRUE(IsValidUtf8("plain ascii"));
  EXPECT_TRUE(IsValidUtf8("caf\xc3\xa9"));                   // U+00E9
  EXPECT_TRUE(IsValidUtf8("\xe2\x82\xac"));                  // U+20AC
  EXPECT_TRUE(IsValidUtf8("\xf0\x9f\x98\x80"));              // U+1F600
  EXPECT_TRUE(IsValidUtf8("\xf4\x8f\xbf\xbf"));              // U+10FFFF, the last
  EXPECT_TRUE(IsValidUtf8(std::string("nul\0inside", 10)));  // U+0000 is a character
}

TEST(Utf8Test, IllFormedSequences) {
  EXPECT_FALSE(IsValidUtf8("caf\xe9"));           // Latin-1
  EXPECT_FALSE(IsValidUtf8("\x80"));              // a lone continuation byte
  EXPECT_FALSE(IsValidUtf8("\xc0\xaf"));          // overlong '/'
  EXPECT_FALSE(IsValidUtf8("\xe0\x80\xaf"));      // overlong, three bytes
  EXPECT_FALSE(IsValidUtf8("\xed\xa0\x80"));      // U+D800, a surrogate
  EXPECT_FALSE(IsValidUtf8("\xf4\x90\x80\x80"));  // above U+10FFFF
  EXPECT_FALSE(IsValidUtf8("\xe2\x82"));          // cut short
  EXPECT_FALSE(IsValidUtf8("\xf5\x80\x80\x80"));  // no such lead byte
}

// An oracle for well-formedness that shares nothing with Utf8CharacterAt: a scalar value
// (U+0000..U+10FFFF but the surrogates) encoded by the bit distribution of the Unicode
// Standard's table 3-6, in the fewest bytes. A byte sequence is well-formed UTF-8 exactly
// when it is the encoding of the value its bits give.
std::string EncodeScalarValue(uint32_t c) {
  if (c < 0x80) return std::string(1, static_cast<char>(c));
  if (c < 0x800) return {static_cast<char>(0xC0 | (c >> 6)), static_cast<char>(0x80 | (c & 0x3F))};
  if (c < 0x10000) {
    return {static_cast<char>(0xE0 | (c >> 12)), static_cast<char>(0x80 | ((c >> 6) & 0x3F)),
            static_cast<char>(0x80 | (c & 0x3F))};
  }
  return {static_cast<char>(0xF0 | (c >> 18)), static_cast<char>(0x80 | ((c >> 12) & 0x3F)),
          static_cast<char>(0x80 | ((c >> 6) & 0x3F)), static_cast<char>(0x80 | (c & 0x3F))};
}

std::optional<uint32_t> EncodedScalarValue(const std::string& bytes) {
  // Table 3-6's bit patterns: 0xxxxxxx, 110yyyyy 10xxxxxx, 1110zzzz 10yyyyyy 10xxxxxx, ...
  static constexpr uint8_t kLeadMask[] = {0, 0x80, 0xE0, 0xF0, 0xF8}, kLeadBits[] = {0, 0x00, 0xC0, 0xE0, 0xF0};
  size_t n = bytes.size();
  auto byte = [&](size_t k) { return static_cast<uint8_t>(bytes[k]); };
  if (n < 1 || n > 4 || (byte(0) & kLeadMask[n]) != kLeadBits[n]) return std::nullopt;
  uint32_t value = byte(0) & static_cast<uint8_t>(~kLeadMask[n]);
  for (size_t k = 1; k < n; ++k) {
    if ((byte(k) & 0xC0) != 0x80) return std::nullopt;
    value = value << 6 | (byte(k) & 0x3F);
  }
  bool scalar = value <= 0x10FFFF && (value < 0xD800 || value > 0xDFFF);
  if (!scalar || EncodeScalarValue(value) != bytes) return std::nullopt;  // not the fewest bytes
  return value;
}

// Every sequence of one and two bytes; of three, every one with a three-byte lead (E0..EF)
// and the others with their later bytes at and beside the edges of the ranges that matter;
// of four, the same with a four-byte lead (F0..F4) or one beyond: Utf8CharacterAt takes
// exactly the encoded scalar values, with their code points.
TEST(Utf8Test, Utf8CharacterAtAgreesWithEncodingEveryScalarValue) {
  size_t well_formed = 0;
  auto check = [&](const std::string& bytes) {
    std::optional<Utf8Character> character = Utf8CharacterAt(bytes, 0);
    bool whole = character && character->length == bytes.size();
    std::optional<uint32_t> expected = EncodedScalarValue(bytes);
    ASSERT_EQ(whole, expected.has_value()) << HexEncode(bytes);
    if (whole) {
      ASSERT_EQ(character->code_point, *expected) << HexEncode(bytes);
      ++well_formed;
    }
    // A character that ends before the bytes do is one of its own.
    if (character && !whole) {
      ASSERT_TRUE(EncodedScalarValue(bytes.substr(0, character->length))) << HexEncode(bytes);
    }
  };
  const std::vector<int> edges = {0x00, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xFF};
  std::vector<int> every(256);
  for (int b = 0; b < 256; ++b) every[b] = b;
  auto bytes = [](std::initializer_list<int> values) {
    std::string text;
    for (int value : values) text += static_cast<char>(value);
    return text;
  };
  for (int b0 = 0; b0 < 256; ++b0) {
    check(bytes({b0}));
    bool three = b0 >= 0xE0 && b0 <= 0xEF;
    bool four = b0 >= 0xF0 && b0 <= 0xF7;
    for (int b1 = 0; b1 < 256; ++b1) {
      check(bytes({b0, b1}));
      for (int b2 : three ? every : edges) {
        check(bytes({b0, b1, b2}));
        if (!four && b2 != 0x80) continue;
        for (int b3 : edges) check(bytes({b0, b1, b2, b3}));
      }
    }
  }
  // Every one of up to three bytes (U+0000..U+FFFF but the 2048 surrogates: 128 + 1920 +
  // 61440), and of four those whose last two bytes are among the 6 edges that are
  // continuation bytes: (48 after F0 + 3 * 64 + 16 after F4) * 6 * 6.
  EXPECT_EQ(well_formed, 128u + 1920u + 61440u + 256u * 36u);
}

// Pairs of a text and how an escape writes it, checked one by one.
using EscapeCases = std::vector<std::pair<std::string, std::string>>;

void ExpectEscapes(std::string (*escape)(std::string_view), const EscapeCases& cases) {
  for (const auto& [text, expected] : cases) EXPECT_EQ(escape(text), expected) << HexEncode(text);
}

// Each kind of ill-formed sequence the Unicode Standard's table 3-7 (well-formed UTF-8 byte
// sequences) rules out, with the bytes that are escaped: every byte that is not part of a
// well-formed sequence, each on its own, and nothing after it.
TEST(Utf8Test, EscapeForDisplayWritesEveryIllFormedByteAsHex) {
  EscapeCases cases = {
      // Overlong forms: C0 and C1 never lead (C0 8A would be U+000A, a newline, to a lax
      // decoder); E0 needs A0..BF next, F0 needs 90..BF.
      {"a\xc0\x8a", "a\\xc0\\x8a"},
      {"\xc1\xbf", "\\xc1\\xbf"},
      {"\xe0\x80\xaf", "\\xe0\\x80\\xaf"},
      {"\xe0\x9f\xbf", "\\xe0\\x9f\\xbf"},           // U+07FF in three bytes
      {"\xf0\x8f\xbf\xbf", "\\xf0\\x8f\\xbf\\xbf"},  // U+FFFF in four
      // Surrogates: ED needs 80..9F next.
      {"\xed\xa0\x80", "\\xed\\xa0\\x80"},  // U+D800
      {"\xed\xbf\xbf", "\\xed\\xbf\\xbf"},  // U+DFFF
      // Above U+10FFFF: F4 needs 80..8F next.
      {"\xf4\x90\x80\x80", "\\xf4\\x90\\x80\\x80"},  // U+110000
      // A continuation byte alone, and a sequence cut short: the character after it is kept.
      {"\x80", "\\x80"},
      {"\xbf", "\\xbf"},
      {"\xe2\x82", "\\xe2\\x82"},
      {"\xe2\x82x", "\\xe2\\x82x"},
      {"\xf0\x9f\x98\xc3\xa9", "\\xf0\\x9f\\x98\xc3\xa9"},
      // The last of each row of the table is well-formed, and stays.
      {"\x7e\xdf\xbf\xe0\xa0\x80\xed\x9f\xbf\xee\x80\x80\xf4\x8f\xbf\xbf",
       "\x7e\xdf\xbf\xe0\xa0\x80\xed\x9f\xbf\xee\x80\x80\xf4\x8f\xbf\xbf"},
  };
  // F5..FF never lead.
  for (int lead = 0xF5; lead <= 0xFF; ++lead) {
    cases.push_back({{static_cast<char>(lead), '\x80', '\x80', '\x80'}, StringPrintf("\\x%02x\\x80\\x80\\x80", lead)});
  }
  ExpectEscapes(EscapeForDisplay, cases);
}

TEST(Utf8Test, EscapeForDisplayEscapesEveryBackslashAndWhatWouldNotShow) {
  EscapeCases cases = {
      {"plain name/with-üñí", "plain name/with-üñí"},
      // The escape character itself, so that a newline and a backslash and n differ.
      {"new\nline", "new\\nline"},
      {"new\\nline", "new\\\\nline"},
      {"caf\\xe9", "caf\\\\xe9"},
      {"\\", "\\\\"},
      {"\r\t", "\\r\\t"},
      {std::string("nul\0x", 5), "nul\\x00x"},
      {"esc\x1b[2J del\x7f", "esc\\x1b[2J del\\x7f"},
      // Characters a terminal does not show as themselves.
      {"c1\xc2\x85", "c1\\u0085"},
      {"bidi\xe2\x80\xae", "bidi\\u202e"},
      {"zero\xe2\x80\x8bwidth", "zero\\u200bwidth"},
      {"arabic mark\xd8\x9c", "arabic mark\\u061c"},
      {"line\xe2\x80\xa8sep", "line\\u2028sep"},
      {"soft\xc2\xadhyphen", "soft\\u00adhyphen"},
      {"no-break\xc2\xa0space", "no-break\\u00a0space"},
      {"tag\xf3\xa0\x80\x81", "tag\\U000e0001"},
      // Spaces a reader would not see: at either end, and after another.
      {"a b", "a b"},
      {" a  b ", "\\x20a \\x20b\\x20"},
      {" ", "\\x20"},
      {"  ", "\\x20\\x20"},
  };
  ExpectEscapes(EscapeForDisplay, cases);
}

// The code points of the Unicode Character Database's Default_Ignorable_Code_Point
// property, its controls (category Cc), its spaces (Zs) but U+0020 and its separators (Zl,
// Zp), each range with the code points just outside it.
TEST(Utf8Test, IsHiddenCharacterTakesTheInvisibleAndNothingBeside) {
  for (char32_t c : {0x00,   0x1F,   0x7F,   0x80,    0x9F,    0xA0,    0xAD,    0x34F,   0x61C,  0x115F, 0x1160,
                     0x1680, 0x17B4, 0x17B5, 0x180B,  0x180F,  0x2000,  0x200A,  0x200B,  0x200F, 0x2028, 0x2029,
                     0x202A, 0x202E, 0x202F, 0x205F,  0x2060,  0x206F,  0x3000,  0x3164,  0xFE00, 0xFE0F, 0xFEFF,
                     0xFFA0, 0xFFF0, 0xFFF8, 0x1BCA0, 0x1BCA3, 0x1D173, 0x1D17A, 0xE0000, 0xE0FFF}) {
    EXPECT_TRUE(IsHiddenCharacter(c)) << std::hex << static_cast<uint32_t>(c);
  }
  for (char32_t c : {0x20,   0x7E,   0xA1,    0xAC,    0xAE,    0x34E,   0x350,   0x61B,   0x61D,   0x115E, 0x1161,
                     0x167F, 0x1681, 0x17B3,  0x17B6,  0x180A,  0x1810,  0x1FFF,  0x2010,  0x2027,  0x2030, 0x205E,
                     0x2070, 0x2FFF, 0x3001,  0x3163,  0x3165,  0xFDFF,  0xFE10,  0xFEFE,  0xFF00,  0xFF9F, 0xFFA1,
                     0xFFEF, 0xFFFC, 0x1BC9F, 0x1BCA4, 0x1D172, 0x1D17B, 0xDFFFF, 0xE1000, 0x10FFFF}) {
    EXPECT_FALSE(IsHiddenCharacter(c)) << std::hex << static_cast<uint32_t>(c);
  }
}

// docs/comparison.md's reading of the display escapes, written here from it: \\, \n, \r, \t,
// \xHH (a byte), \uHHHH and \UHHHHHHHH (a code point, in UTF-8); nullopt for a backslash
// that starts none.
std::optional<std::string> ReadDisplayEscapes(std::string_view shown) {
  std::string bytes;
  for (size_t i = 0; i < shown.size(); ++i) {
    if (shown[i] != '\\') {
      bytes += shown[i];
      continue;
    }
    if (++i == shown.size()) return std::nullopt;
    char kind = shown[i];
    if (kind == '\\' || kind == 'n' || kind == 'r' || kind == 't') {
      bytes += kind == '\\' ? '\\' : kind == 'n' ? '\n' : kind == 'r' ? '\r' : '\t';
      continue;
    }
    size_t digits = kind == 'x' ? 2 : kind == 'u' ? 4 : kind == 'U' ? 8 : 0;
    if (digits == 0 || shown.size() - i - 1 < digits) return std::nullopt;
    std::optional<std::string> hex = HexDecode(shown.substr(i + 1, digits));
    if (!hex) return std::nullopt;
    uint32_t value = 0;
    for (char c : *hex) value = value << 8 | static_cast<uint8_t>(c);
    bytes += kind == 'x' ? std::string(1, static_cast<char>(value)) : EncodeScalarValue(value);
    i += digits;
  }
  return bytes;
}

// docs/comparison.md's reading of the CSV escape: \\ and \xHH, nothing else.
std::optional<std::string> ReadReversibleEscapes(std::string_view written) {
  std::string bytes;
  for (size_t i = 0; i < written.size(); ++i) {
    if (written[i] != '\\') {
      bytes += written[i];
    } else if (i + 1 < written.size() && written[i + 1] == '\\') {
      bytes += '\\';
      ++i;
    } else if (written.substr(i + 1, 1) == "x" && written.size() - i >= 4) {
      std::optional<std::string> byte = HexDecode(written.substr(i + 2, 2));
      if (!byte) return std::nullopt;
      bytes += *byte;
      i += 3;
    } else {
      return std::nullopt;
    }
  }
  return bytes;
}

// Every string of up to two bytes, and three-byte ones from an alphabet of what is
// escaped: each is shown as UTF-8 that reads back as exactly it, so no two are shown alike;
// likewise for the CSV's escape, which shows no control character but CR and LF.
TEST(Utf8Test, EscapesReadBackExactly) {
  std::vector<std::string> texts = {""};
  for (int b0 = 0; b0 < 256; ++b0) {
    texts.push_back(std::string(1, static_cast<char>(b0)));
    for (int b1 = 0; b1 < 256; ++b1) texts.push_back({static_cast<char>(b0), static_cast<char>(b1)});
  }
  const std::string alphabet = "\\xu20 \n\r\t\x1b\x7f\x80\xc0\x8a\xc2\x85\xe2\x80\xae\xed\xa0\xf4\x90\xf5\xff";
  for (char a : alphabet) {
    for (char b : alphabet) {
      for (char c : alphabet) texts.push_back({a, b, c});
    }
  }
  texts.push_back("tag\xf3\xa0\x80\x81 \xef\xbb\xbf  \\U000e0001\\");
  for (const std::string& text : texts) {
    std::string shown = EscapeForDisplay(text);
    ASSERT_TRUE(IsValidUtf8(shown)) << HexEncode(text);
    ASSERT_EQ(ReadDisplayEscapes(shown), text) << HexEncode(text) << " shown " << shown;
    std::string written = EscapeReversibly(text);
    ASSERT_TRUE(IsValidUtf8(written)) << HexEncode(text);
    ASSERT_EQ(ReadReversibleEscapes(written), text) << HexEncode(text) << " written " << written;
    for (char c : written) ASSERT_TRUE(static_cast<uint8_t>(c) >= 0x20 || c == '\n' || c == '\r') << HexEncode(text);
    ASSERT_EQ(written.find("\x7f"), std::string::npos) << HexEncode(text);
  }
}

TEST(Utf8Test, EscapeReversiblyKeepsLineBreaksAndEscapesTheRest) {
  EscapeCases cases = {
      {"plain, \"quoted\" caf\xc3\xa9", "plain, \"quoted\" caf\xc3\xa9"},
      {"cr\rlf\n", "cr\rlf\n"},
      {"back\\slash \\xe9", "back\\\\slash \\\\xe9"},
      {"tab\tesc\x1b", "tab\\x09esc\\x1b"},
      {"latin caf\xe9 overlong \xc0\x8a", "latin caf\\xe9 overlong \\xc0\\x8a"},
      {"bidi\xe2\x80\xae", "bidi\\xe2\\x80\\xae"},
      {" two  spaces ", " two  spaces "},  // CSV keeps them
  };
  ExpectEscapes(EscapeReversibly, cases);
}

TEST(Utf8Test, EscapeInvalidUtf8WritesEachStrayByteAsText) {
  EXPECT_EQ(EscapeInvalidUtf8("plain"), "plain");
  EXPECT_EQ(EscapeInvalidUtf8("caf\xc3\xa9"), "caf\xc3\xa9");  // UTF-8 stays
  EXPECT_EQ(EscapeInvalidUtf8("caf\xe9"), "caf\\xe9");
  EXPECT_EQ(EscapeInvalidUtf8("a\xff"), "a\\xff");
  EXPECT_EQ(EscapeInvalidUtf8("a\xfe"), "a\\xfe");  // apart from the one above
  // An overlong form and a surrogate are ill-formed byte by byte; a cut-short sequence
  // keeps the character after it.
  EXPECT_EQ(EscapeInvalidUtf8("\xc0\xaf"), "\\xc0\\xaf");
  EXPECT_EQ(EscapeInvalidUtf8("\xed\xa0\x80"), "\\xed\\xa0\\x80");
  EXPECT_EQ(EscapeInvalidUtf8("\xe2\x82x"), "\\xe2\\x82x");
  EXPECT_TRUE(IsValidUtf8(EscapeInvalidUtf8("\x80\xff\xf5\x80\x80\x80")));
}

TEST(Utf8Test, CodePointCountCountsCharactersNotBytes) {
  EXPECT_EQ(CodePointCount(""), 0u);
  EXPECT_EQ(CodePointCount("abc"), 3u);
  EXPECT_EQ(CodePointCount("caf\xc3\xa9"), 4u);
  EXPECT_EQ(CodePointCount("\xe2\x82\xac\xf0\x9f\x98\x80"), 2u);  // U+20AC, U+1F600
}

TEST(Utf8Test, HexRoundTripsEveryByte) {
  std::string every_byte;
  for (int byte = 0; byte < 256; ++byte) every_byte += static_cast<char>(byte);
  std::string hex = HexEncode(every_byte);
  EXPECT_EQ(hex.size(), 512u);
  EXPECT_EQ(hex.substr(0, 6), "000102");
  EXPECT_EQ(hex.substr(506), "fdfeff");
  EXPECT_EQ(HexDecode(hex), every_byte);
  EXPECT_EQ(HexEncode("caf\xe9"), "636166e9");
}

TEST(Utf8Test, HexDecodeRefusesWhatHexEncodeNeverWrites) {
  EXPECT_EQ(HexDecode("abc"), std::nullopt);  // odd length
  EXPECT_EQ(HexDecode("zz"), std::nullopt);
  EXPECT_EQ(HexDecode("0x"), std::nullopt);
  EXPECT_EQ(HexDecode(""), std::string());
  EXPECT_EQ(HexDecode("4A4b"), "JK");  // either case
}

}  // namespace
}  // namespace timeit
