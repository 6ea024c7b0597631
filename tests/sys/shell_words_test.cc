#include "timeit/sys/shell_words.h"

#include <gtest/gtest.h>
#include <stdlib.h>

#include <optional>

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

// Sets (or with nullptr unsets) a variable for one test, and puts back what was there.
class ScopedVariable {
 public:
  ScopedVariable(const char* name, const char* value) : name_(name) {
    if (const char* old = std::getenv(name)) old_ = old;
    if (value != nullptr) {
      ::setenv(name, value, 1);
    } else {
      ::unsetenv(name);
    }
  }
  ~ScopedVariable() {
    if (old_) {
      ::setenv(name_.c_str(), old_->c_str(), 1);
    } else {
      ::unsetenv(name_.c_str());
    }
  }
  ScopedVariable(const ScopedVariable&) = delete;
  ScopedVariable& operator=(const ScopedVariable&) = delete;

 private:
  std::string name_;
  std::optional<std::string> old_;
};

TEST(ShellWordsTest, VariablesAreExpanded) {
  ScopedVariable variable("TIMEIT_SHELL_WORDS_TEST", "/some where");
  EXPECT_EQ(SplitShellWords("--json-per-test \"$TIMEIT_SHELL_WORDS_TEST\" ${TIMEIT_SHELL_WORDS_TEST}/x"),
            (Words{"--json-per-test", "/some where", "/some", "where/x"}));
  EXPECT_EQ(SplitShellWords("${#TIMEIT_SHELL_WORDS_TEST} $/ a$"), (Words{"11", "$/", "a$"}));
}

TEST(ShellWordsTest, UnquotedValuesAreSplitAtIfs) {
  ScopedVariable variable("TIMEIT_SHELL_WORDS_TEST", " a  b ");
  ScopedVariable empty("TIMEIT_SHELL_WORDS_EMPTY", "");
  EXPECT_EQ(SplitShellWords("x$TIMEIT_SHELL_WORDS_TEST\"y\""), (Words{"x", "a", "b", "y"}));
  // An unquoted empty value is no word; a quoted one is an empty word.
  EXPECT_EQ(SplitShellWords("$TIMEIT_SHELL_WORDS_EMPTY \"$TIMEIT_SHELL_WORDS_EMPTY\" ''$TIMEIT_SHELL_WORDS_EMPTY"),
            (Words{"", ""}));
  {
    ScopedVariable ifs("IFS", ":");
    ScopedVariable path("TIMEIT_SHELL_WORDS_TEST", ":a::b c:");
    EXPECT_EQ(SplitShellWords("$TIMEIT_SHELL_WORDS_TEST"), (Words{"", "a", "", "b c"}));
  }
  {
    ScopedVariable ifs("IFS", "");
    EXPECT_EQ(SplitShellWords("$TIMEIT_SHELL_WORDS_TEST"), (Words{" a  b "}));
  }
}

TEST(ShellWordsTest, DefaultsAndAlternativesAreExpanded) {
  ScopedVariable set("TIMEIT_SHELL_WORDS_TEST", "v");
  ScopedVariable empty("TIMEIT_SHELL_WORDS_EMPTY", "");
  ScopedVariable unset("TIMEIT_SHELL_WORDS_UNSET", nullptr);
  EXPECT_EQ(
      SplitShellWords("${TIMEIT_SHELL_WORDS_UNSET-d} ${TIMEIT_SHELL_WORDS_UNSET:-d} ${TIMEIT_SHELL_WORDS_TEST-d}"),
      (Words{"d", "d", "v"}));
  // Without the colon an empty value is kept; with it, it is replaced.
  EXPECT_EQ(SplitShellWords("\"${TIMEIT_SHELL_WORDS_EMPTY-d}\" ${TIMEIT_SHELL_WORDS_EMPTY:-d}"), (Words{"", "d"}));
  EXPECT_EQ(
      SplitShellWords("${TIMEIT_SHELL_WORDS_TEST+a} ${TIMEIT_SHELL_WORDS_EMPTY:+b} ${TIMEIT_SHELL_WORDS_UNSET+c}."),
      (Words{"a", "."}));
  // The word is split when the expansion is unquoted, and only expanded when used: the
  // unset variable in the unused word is no error.
  EXPECT_EQ(SplitShellWords(
                "${TIMEIT_SHELL_WORDS_UNSET:-a \"b c\" $TIMEIT_SHELL_WORDS_TEST} \"${TIMEIT_SHELL_WORDS_UNSET:-a b}\""),
            (Words{"a", "b c", "v", "a b"}));
  EXPECT_EQ(SplitShellWords("${TIMEIT_SHELL_WORDS_TEST:-$TIMEIT_SHELL_WORDS_UNSET}"), Words{"v"});
}

TEST(ShellWordsTest, PatternsAreRemoved) {
  ScopedVariable path("TIMEIT_SHELL_WORDS_TEST", "/a/b.c/d.e.f");
  EXPECT_EQ(
      SplitShellWords("${TIMEIT_SHELL_WORDS_TEST#*/} ${TIMEIT_SHELL_WORDS_TEST##*/} "
                      "${TIMEIT_SHELL_WORDS_TEST%.*} ${TIMEIT_SHELL_WORDS_TEST%%.*} ${TIMEIT_SHELL_WORDS_TEST%x}"),
      (Words{"a/b.c/d.e.f", "d.e.f", "/a/b.c/d.e", "/a/b", "/a/b.c/d.e.f"}));
  // A quoted pattern character matches only itself.
  ScopedVariable star("TIMEIT_SHELL_WORDS_STAR", "a*b");
  EXPECT_EQ(SplitShellWords("${TIMEIT_SHELL_WORDS_STAR#'a*'} ${TIMEIT_SHELL_WORDS_STAR#\"*\"}"), (Words{"b", "a*b"}));
}

TEST(ShellWordsTest, ATildeStartingAWordIsHome) {
  ScopedVariable home("HOME", "/home/some one");
  ScopedVariable unset("TIMEIT_SHELL_WORDS_UNSET", nullptr);
  EXPECT_EQ(SplitShellWords("~ ~/x ${TIMEIT_SHELL_WORDS_UNSET:-~/d}"),
            (Words{"/home/some one", "/home/some one/x", "/home/some one/d"}));
  // Anywhere else it is itself, even after = or : (as in a command's arguments), and so is a quoted one.
  EXPECT_EQ(SplitShellWords("--name=~ a:~/x '~user' \\~user \"~\""),
            (Words{"--name=~", "a:~/x", "~user", "~user", "~"}));
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
  ScopedVariable unset("TIMEIT_SHELL_WORDS_UNSET", nullptr);
  ExpectRefused("--name $TIMEIT_SHELL_WORDS_UNSET", "a variable that is not set ($TIMEIT_SHELL_WORDS_UNSET)");
  ExpectRefused("\"${TIMEIT_SHELL_WORDS_UNSET%x}\"", "a variable that is not set ($TIMEIT_SHELL_WORDS_UNSET)");
  ExpectRefused("--name \"unterminated", "a syntax error, such as an unterminated quote");
  for (const char* text : {"'a", "a\\", "${X", "${X:-a", "${}", "${X:1}", "${X!}", "${#X:-a}"}) {
    ExpectRefused(text, "a syntax error, such as an unterminated quote");
  }
  for (const char* text : {"-v; rm x", "-v | x", "-v > x", "-v &", "-v\n-p", "(x)"}) {
    ExpectRefused(text, "a newline, |, &, ;, <, >, (, ), { or } outside quotes");
  }
  ExpectRefused("${X:-a;b}", "a newline, |, &, ;, <, >, (, ), { or } outside quotes");
  // Quoted, the same characters are only characters.
  EXPECT_EQ(SplitShellWords("--name 'a;b|c'"), (Words{"--name", "a;b|c"}));
}

// What would change timeit's environment (and so the program's), print on its own, or
// compute silently wrong numbers, or needs what only a shell has.
TEST(ShellWordsTest, AssignmentsChecksAndArithmeticAreRefused) {
  ScopedVariable empty("TIMEIT_SHELL_WORDS_EMPTY", "");
  ExpectRefused("--name=${TIMEIT_SHELL_WORDS_EMPTY:=injected}",
                "${TIMEIT_SHELL_WORDS_EMPTY:=...}, an assignment, which is never made");
  ExpectRefused("\"${TIMEIT_SHELL_WORDS_EMPTY=x}\"",
                "${TIMEIT_SHELL_WORDS_EMPTY=...}, an assignment, which is never made");
  EXPECT_EQ(std::getenv("TIMEIT_SHELL_WORDS_EMPTY"), std::string());
  ExpectRefused("${TIMEIT_SHELL_WORDS_EMPTY:?boom}",
                "${TIMEIT_SHELL_WORDS_EMPTY:?...}, which prints its own message (a plain $TIMEIT_SHELL_WORDS_EMPTY "
                "is already refused when not set)");
  ExpectRefused("${TIMEIT_SHELL_WORDS_EMPTY?boom}",
                "${TIMEIT_SHELL_WORDS_EMPTY?...}, which prints its own message (a plain $TIMEIT_SHELL_WORDS_EMPTY "
                "is already refused when not set)");
  // Also inside a word that would not be used.
  ExpectRefused("${TIMEIT_SHELL_WORDS_EMPTY:+${X:=y}}", "${X:=...}, an assignment, which is never made");
  ExpectRefused("$((1%0))", "$((...)), an arithmetic expansion, which is never done");
  ExpectRefused("\"$((1<<64))\"", "$((...)), an arithmetic expansion, which is never done");
  ExpectRefused("$[1+1]", "$[...], an arithmetic expansion, which is never done");
  ExpectRefused("$1", "$1, a shell's special parameter, which only a shell has");
  ExpectRefused("\"$@\"", "$@, a shell's special parameter, which only a shell has");
  ExpectRefused("${#}", "${#}, a shell's special parameter, which only a shell has");
}

TEST(ShellWordsTest, TildeFormsOtherThanHomeAreRefused) {
  for (const char* text : {"~nosuchuser", "~+", "~-", "--name ~x/y", "${X:-~root}"}) {
    std::string form = std::string(text).substr(std::string(text).find('~'));
    form = form.substr(0, form.find_first_of("/}"));
    ExpectRefused(text, "'" + form + "': only ~ alone or before a / is expanded (to $HOME); quote a ~ meant as itself");
  }
  ScopedVariable home("HOME", nullptr);
  ExpectRefused("~/x", "~ with HOME not set");
  EXPECT_EQ(SplitShellWords("--name=~"), Words{"--name=~"});
}

}  // namespace
}  // namespace timeit
