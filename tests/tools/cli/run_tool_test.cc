#include <gtest/gtest.h>

#include <iostream>
#include <new>
#include <sstream>
#include <stdexcept>
#include <string>

#include "tools/cli/command_line.h"

namespace timeit {
namespace {

// One table of each kind: timeit's, where a usage error and a failure differ and a line
// points to --help, and the comparison tools', where every error is one code.
constexpr ToolExitCodes kTimeitLike = {.help = 0, .usage = 1, .failure = 66, .internal = 2, .usage_hint = true};
constexpr ToolExitCodes kCompareLike = {.help = 0, .usage = 2, .failure = 2, .internal = 2};

// What RunTool returned and wrote on stderr.
struct Ended {
  int code;
  std::string stderr_text;
};

template <typename Body>
Ended RunCapturing(const ToolExitCodes& codes, Body body) {
  std::ostringstream captured;
  std::streambuf* saved = std::cerr.rdbuf(captured.rdbuf());
  int code = RunTool("prog", codes, body);
  std::cerr.rdbuf(saved);
  return {code, captured.str()};
}

TEST(RunToolTest, TheBodysCodeIsTheExitCode) {
  Ended ended = RunCapturing(kTimeitLike, [] { return 7; });
  EXPECT_EQ(ended.code, 7);
  EXPECT_EQ(ended.stderr_text, "");
}

TEST(RunToolTest, HelpEndsWithTheHelpCode) {
  ToolExitCodes codes = kCompareLike;
  codes.help = 5;
  Ended ended = RunCapturing(codes, []() -> int { throw HelpRequested{}; });
  EXPECT_EQ(ended.code, 5);
  EXPECT_EQ(ended.stderr_text, "");
}

TEST(RunToolTest, UsageErrorGetsTheUsageCodeAndTheHintWhereTheToolGivesOne) {
  auto usage = []() -> int { throw Error(ErrorKind::kUsage, "unknown option '--x'"); };
  Ended timeit = RunCapturing(kTimeitLike, usage);
  EXPECT_EQ(timeit.code, 1);
  EXPECT_EQ(timeit.stderr_text, "prog: error: unknown option '--x'\nRun 'prog --help' for the options.\n");
  Ended compare = RunCapturing(kCompareLike, usage);
  EXPECT_EQ(compare.code, 2);
  EXPECT_EQ(compare.stderr_text, "prog: error: unknown option '--x'\n");
}

TEST(RunToolTest, OtherErrorsGetTheFailureCode) {
  for (ErrorKind kind : {ErrorKind::kInput, ErrorKind::kSystem}) {
    Ended ended = RunCapturing(kTimeitLike, [kind]() -> int { throw Error(kind, "cannot open 'f'"); });
    EXPECT_EQ(ended.code, 66);
    EXPECT_EQ(ended.stderr_text, "prog: error: cannot open 'f'\n");  // no hint
  }
}

TEST(RunToolTest, UnexpectedExceptionsGetTheInternalCode) {
  Ended memory = RunCapturing(kTimeitLike, []() -> int { throw std::bad_alloc(); });
  EXPECT_EQ(memory.code, 2);
  EXPECT_EQ(memory.stderr_text, "prog: error: out of memory\n");
  Ended bug = RunCapturing(kTimeitLike, []() -> int { throw std::logic_error("vector::at"); });
  EXPECT_EQ(bug.code, 2);
  EXPECT_EQ(bug.stderr_text, "prog: error: internal: vector::at\n");
  Ended unknown = RunCapturing(kCompareLike, []() -> int { throw 42; });
  EXPECT_EQ(unknown.code, 2);
  EXPECT_EQ(unknown.stderr_text, "prog: error: internal: an exception of unknown type\n");
}

// Messages quote names, paths and commands, which must not reach the terminal raw.
TEST(RunToolTest, MessagesAreEscapedForDisplay) {
  Ended ended = RunCapturing(kCompareLike, []() -> int { throw Error(ErrorKind::kInput, "bad 'a\x1b[2Jb'"); });
  EXPECT_EQ(ended.stderr_text.find('\x1b'), std::string::npos) << ended.stderr_text;
  EXPECT_EQ(ended.stderr_text.rfind("prog: error: bad 'a", 0), 0u) << ended.stderr_text;
}

}  // namespace
}  // namespace timeit
