#include "timeit/sys/shell_words.h"

#include <fnmatch.h>
#include <gtest/gtest.h>
#include <stdlib.h>

#include <algorithm>
#include <optional>
#include <random>

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

// The oracle for ${NAME#p} and its kin: fnmatch(3) itself, tried on every prefix or
// suffix of `value` in turn, the longest first for ## and %% (what a shell does).
std::string RemovedByFnmatch(const std::string& value, const std::string& pattern, char action, bool longest) {
  bool prefix = action == '#';
  std::optional<std::string> found;
  for (size_t length = 0; length <= value.size(); ++length) {
    std::string part = prefix ? value.substr(0, length) : value.substr(value.size() - length);
    if (::fnmatch(pattern.c_str(), part.c_str(), 0) != 0) continue;
    found = prefix ? value.substr(length) : value.substr(0, value.size() - length);
    if (!longest) break;
  }
  return found.value_or(value);
}

TEST(ShellWordsTest, PatternsRemoveWhatFnmatchMatches) {
  // Random patterns of glob syntax (brackets, ranges, negation, escapes, classes) and
  // random values, each checked against fnmatch on every prefix and suffix. Unquoted, a
  // pattern's text is the fnmatch pattern as it is typed; with IFS empty the result is one
  // word, and "x" keeps an empty one.
  ScopedVariable ifs("IFS", "");
  ScopedVariable posix("POSIXLY_CORRECT", nullptr);
  std::mt19937 random(17);
  const std::string pattern_bytes = "ab*?[]!^-\\:";
  const std::string value_bytes = "ab-]";
  std::vector<std::string> patterns = {"[[:alpha:]]*", "*[![:digit:]]", "[[:bogus:]]a", "[a[:alpha:]b]", "[[:a]",
                                       "[]a]*",        "[!]]",          "[a-]*",        "*[\\]]",        "[\\a-b]"};
  for (int i = 0; i < 3000; ++i) {
    std::string pattern;
    for (size_t length = random() % 9; pattern.size() < length;)
      pattern += pattern_bytes[random() % pattern_bytes.size()];
    if (!pattern.empty() && pattern.back() == '\\') pattern += 'a';  // a trailing \ would escape the }
    patterns.push_back(pattern);
  }
  for (const std::string& pattern : patterns) {
    std::string value;
    for (size_t length = random() % 13; value.size() < length;) value += value_bytes[random() % value_bytes.size()];
    ScopedVariable variable("TIMEIT_SHELL_WORDS_TEST", value.c_str());
    for (const char* operation : {"#", "##", "%", "%%"}) {
      std::string text = std::string("x${TIMEIT_SHELL_WORDS_TEST") + operation + pattern + "}";
      std::string expected = "x" + RemovedByFnmatch(value, pattern, operation[0], operation[1] != '\0');
      EXPECT_EQ(SplitShellWords(text), Words{expected}) << "value '" << value << "', " << text;
    }
  }
}

TEST(ShellWordsTest, LongPatternsRemoveWhatFnmatchMatches) {
  // Patterns of more elements than a machine word has bits (the matcher keeps one bit an
  // element), against fnmatch as above.
  ScopedVariable ifs("IFS", "");
  std::mt19937 random(29);
  for (int i = 0; i < 300; ++i) {
    std::string value;
    for (size_t length = 100 + random() % 100; value.size() < length;) value += "ab"[random() % 2];
    // Much of the value, with some bytes made ? or * or [ab], so that it matches often.
    std::string pattern;
    for (size_t at = 0, end = std::min<size_t>(value.size(), 60 + random() % 90); at < end; ++at) {
      auto roll = static_cast<unsigned>(random() % 20);
      pattern += roll == 0   ? std::string("*")
                 : roll == 1 ? std::string("?")
                 : roll == 2 ? std::string("[ab]")
                             : std::string(1, value[at]);
    }
    ScopedVariable variable("TIMEIT_SHELL_WORDS_TEST", value.c_str());
    for (const char* operation : {"#", "##", "%", "%%"}) {
      std::string text = std::string("x${TIMEIT_SHELL_WORDS_TEST") + operation + pattern + "}";
      std::string expected = "x" + RemovedByFnmatch(value, pattern, operation[0], operation[1] != '\0');
      EXPECT_EQ(SplitShellWords(text), Words{expected}) << "value '" << value << "', " << text;
    }
  }
}

TEST(ShellWordsTest, PatternsOnlyFnmatchReadsAreRefusedOnLongValues) {
  ScopedVariable variable("TIMEIT_SHELL_WORDS_TEST", std::string(5000, 'a').c_str());
  ExpectRefused("${TIMEIT_SHELL_WORDS_TEST#[[=a=]]}",
                "${TIMEIT_SHELL_WORDS_TEST#pattern} on a value of 5000 bytes: a pattern with [=x=], [.x.], a [ that is "
                "not closed or a trailing backslash is matched only against values of up to 4096 bytes");
  ScopedVariable short_value("TIMEIT_SHELL_WORDS_TEST", "aab");
  EXPECT_EQ(SplitShellWords("${TIMEIT_SHELL_WORDS_TEST##[[=a=]]} ${TIMEIT_SHELL_WORDS_TEST%%[ab}"),
            (Words{"ab", "aab"}));
}

TEST(ShellWordsTest, NestingDeeperThanAHundredIsRefused) {
  // 24,000 levels of ${X-...} ran out of an 8 MiB stack (SIGSEGV); 100 are read.
  ScopedVariable unset("TIMEIT_SHELL_WORDS_UNSET", nullptr);
  auto nested = [](int levels) {
    std::string text;
    for (int i = 0; i < levels; ++i) text += i % 2 == 0 ? "${TIMEIT_SHELL_WORDS_UNSET-" : "\"";
    text += "x";
    for (int i = levels - 1; i >= 0; --i) text += i % 2 == 0 ? "}" : "\"";
    return text;
  };
  EXPECT_EQ(SplitShellWords(nested(100)), Words{"x"});
  ExpectRefused(nested(101), "quotes and ${...} nested more than 100 deep");
  ExpectRefused(nested(24000), "quotes and ${...} nested more than 100 deep");
}

}  // namespace
}  // namespace timeit
