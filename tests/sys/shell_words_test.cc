#include "timeit/sys/shell_words.h"

#include <gtest/gtest.h>
#include <stdlib.h>

#include <string>
#include <vector>

#include "temp_dir.h"

namespace timeit {
namespace {

using Words = std::vector<std::string>;

// The expected words are what `sh -c 'printf "[%s]" TEXT'` prints for the same TEXT
// (dash and bash agree on each).
TEST(ShellWordsTest, BlanksSeparateWords) {
  EXPECT_EQ(SplitShellWords("--timeout 5  -e\tcycles "), (Words{"--timeout", "5", "-e", "cycles"}));
}

TEST(ShellWordsTest, BlankTextIsNoWords) {
  EXPECT_EQ(SplitShellWords(""), Words{});
  EXPECT_EQ(SplitShellWords(" \t "), Words{});
}

TEST(ShellWordsTest, QuotesAndBackslashesKeepAWordTogether) {
  EXPECT_EQ(SplitShellWords(R"(--name "a b"c'd e' x\ y)"), (Words{"--name", "a bcd e", "x y"}));
  EXPECT_EQ(SplitShellWords(R"('$HOME' "it's" '')"), (Words{"$HOME", "it's", ""}));
}

TEST(ShellWordsTest, VariablesAreExpanded) {
  ::setenv("TIMEIT_SHELL_WORDS_TEST", "/some where", 1);
  EXPECT_EQ(SplitShellWords("--json-per-test \"$TIMEIT_SHELL_WORDS_TEST\" ${TIMEIT_SHELL_WORDS_TEST}/x"),
            (Words{"--json-per-test", "/some where", "/some", "where/x"}));
  ::unsetenv("TIMEIT_SHELL_WORDS_TEST");
}

TEST(ShellWordsTest, GlobsMatchFilesAsInTheShell) {
  testing::TempDir dir;
  testing::WriteFile(dir.File("a.json"), "");
  testing::WriteFile(dir.File("b.json"), "");
  EXPECT_EQ(SplitShellWords(dir.File("*.json")), (Words{dir.File("a.json"), dir.File("b.json")}));
  // A glob that matches nothing stays as written; quoted, it is never a glob.
  EXPECT_EQ(SplitShellWords(dir.File("*.none")), Words{dir.File("*.none")});
  EXPECT_EQ(SplitShellWords("'" + dir.File("*.json") + "'"), Words{dir.File("*.json")});
}

void ExpectRefused(const std::string& text, const std::string& reason) {
  try {
    SplitShellWords(text);
    ADD_FAILURE() << "no error for " << text;
  } catch (const Error& error) {
    EXPECT_EQ(error.kind(), ErrorKind::kUsage);
    EXPECT_EQ(std::string(error.what()), "cannot split into words: " + reason) << text;
  }
}

TEST(ShellWordsTest, WhatOnlyAShellCouldDoIsRefused) {
  ExpectRefused("-e $(rm -rf x)", "a command substitution, which is never run");
  ExpectRefused("-e `true`", "a command substitution, which is never run");
  ::unsetenv("TIMEIT_SHELL_WORDS_UNSET");
  ExpectRefused("--name $TIMEIT_SHELL_WORDS_UNSET", "a variable that is not set");
  ExpectRefused("--name \"unterminated", "a syntax error, such as an unterminated quote");
  for (const char* text : {"-v; rm x", "-v | x", "-v > x", "-v &", "-v\n-p", "(x)"}) {
    ExpectRefused(text, "a newline, |, &, ;, <, >, (, ), { or } outside quotes");
  }
  // Quoted, the same characters are only characters.
  EXPECT_EQ(SplitShellWords("--name 'a;b|c'"), (Words{"--name", "a;b|c"}));
}

}  // namespace
}  // namespace timeit
