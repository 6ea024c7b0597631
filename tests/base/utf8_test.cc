#include "timeit/base/utf8.h"

#include <gtest/gtest.h>

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
