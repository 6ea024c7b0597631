#include "timeit/formats/results/results_schema.h"

#include <gtest/gtest.h>

namespace timeit::results_schema {
namespace {

TEST(ResultsSchemaTest, ClassifiesLinesAsWriterAndReaderBothSeeThem) {
  EXPECT_EQ(ClassifyLine(R"({"schema":"timeit-results/2","host":{}})").kind, LineKind::kHeader);
  EXPECT_EQ(ClassifyLine(R"({"schema":"timeit-results/2","host":{}})").schema, "timeit-results/2");
  EXPECT_EQ(ClassifyLine(R"( { "host" : {"schema": 1}, "schema" : "other/3" } )").schema, "other/3");
  EXPECT_EQ(ClassifyLine(R"({"benchmark":"x","outcome":"ok","metrics":{}})").kind, LineKind::kRunRecord);
  EXPECT_EQ(ClassifyLine(R"({"series":{"benchmarks":["x"],"host":{"schema":1}}})").kind, LineKind::kSeriesRecord);
  EXPECT_EQ(ClassifyLine(R"( {"series" : 3} )").kind, LineKind::kSeriesRecord);
  for (const char* other :
       {"", "{", "[1]", "7", "garbage", R"({"host":{}})", R"({"schema":1})", R"({"schema":"a","schema":"b"})",
        R"({"benchmark":"x","benchmark":"y"})", R"({"schema":"timeit-results/2","benchmark":"x"})",
        "\xEF\xBB\xBF{\"schema\":\"x\"}", R"({"schema":"timeit-results/2"} x)", R"({"series":{},"benchmark":"x"})",
        R"({"series":{},"series":{}})", R"({"series":{},"other":1})", R"(["series"])"}) {
    LineKind kind = ClassifyLine(other).kind;
    EXPECT_TRUE(kind == LineKind::kOther || (std::string(other) == "{" && kind == LineKind::kHeaderCutShort)) << other;
  }
  std::string header = R"({"schema":"timeit-results/2","host":{"hostname":"h\"{"}})";
  for (size_t cut = 1; cut < header.size(); ++cut) {
    EXPECT_EQ(ClassifyLine(header.substr(0, cut)).kind, LineKind::kHeaderCutShort) << header.substr(0, cut);
  }
  EXPECT_EQ(ClassifyLine(R"({"schema":"timeit-results/1)").kind, LineKind::kOther);  // not ours
}

TEST(ResultsSchemaTest, EveryOutcomeAndLaunchFailureHasOneSpelling) {
  for (RunOutcome outcome : {RunOutcome::kOk, RunOutcome::kExitCode, RunOutcome::kSignal, RunOutcome::kTimeout,
                             RunOutcome::kInterrupted, RunOutcome::kExecFailed, RunOutcome::kSetupFailed}) {
    std::string_view word = SpellingOf(kRunOutcomeSpellings, outcome);
    EXPECT_FALSE(word.empty());
    EXPECT_EQ(ValueSpelled(kRunOutcomeSpellings, word), outcome);
  }
  for (LaunchFailure failure :
       {LaunchFailure::kNone, LaunchFailure::kSetup, LaunchFailure::kExec, LaunchFailure::kInterrupted}) {
    std::string_view word = SpellingOf(kLaunchFailureSpellings, failure);
    EXPECT_FALSE(word.empty());
    EXPECT_EQ(ValueSpelled(kLaunchFailureSpellings, word), failure);
  }
}

TEST(ResultsSchemaTest, OnlyALineThatEndsInsideAValueWasCutShort) {
  EXPECT_TRUE(EndsInsideAValue(R"({"a":[1,2)"));
  EXPECT_TRUE(EndsInsideAValue(R"({"a":"x\")"));  // the quote is escaped: still inside
  EXPECT_TRUE(EndsInsideAValue(R"({"a":"}")"));
  EXPECT_FALSE(EndsInsideAValue(R"({"a":1})"));
  EXPECT_FALSE(EndsInsideAValue(R"({"a":1}})"));  // closes more than it opened
  EXPECT_FALSE(EndsInsideAValue(R"({"a" 1})"));   // malformed, but whole
  EXPECT_FALSE(EndsInsideAValue("garbage"));
  // An error before the end is no cut: a prefix of a record never has one.
  EXPECT_FALSE(EndsInsideAValue(R"({"benchmark":"a","junk":[1,2,})"));
  EXPECT_FALSE(EndsInsideAValue(R"({"a":[1,2] x)"));
  EXPECT_FALSE(EndsInsideAValue("{\"a\":\"\xc3x\""));
  // Broken off inside a number, a literal, an escape or a character.
  EXPECT_TRUE(EndsInsideAValue(R"({"a":1.)"));
  EXPECT_TRUE(EndsInsideAValue(R"({"a":nul)"));
  EXPECT_TRUE(EndsInsideAValue(R"({"a":"\u00)"));
  EXPECT_TRUE(EndsInsideAValue("{\"a\":\"\xe2\x82"));
  EXPECT_TRUE(EndsInsideAValue(R"({"a")"));
  EXPECT_FALSE(EndsInsideAValue(""));
}

}  // namespace
}  // namespace timeit::results_schema
