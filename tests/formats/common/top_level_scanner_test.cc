#include "timeit/formats/common/top_level_scanner.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace timeit {
namespace {

// Writes down every call as "key" or "key=text" ("key=-" for a value without text), and
// stops the walk at the key `stop_at`.
class Recorder : public TopLevelScanner {
 public:
  explicit Recorder(std::string stop_at = {}) : stop_at_(std::move(stop_at)) {}
  std::vector<std::string> calls;

 private:
  bool Key(std::string_view key) override {
    calls.emplace_back(key);
    return key != stop_at_;
  }
  bool Value(std::string_view key, std::optional<std::string_view> text) override {
    calls.push_back(std::string(key) + "=" + (text ? std::string(*text) : "-"));
    return true;
  }
  std::string stop_at_;
};

TEST(TopLevelScannerTest, ReportsEachTopLevelMemberAndNothingNested) {
  Recorder recorder;
  EXPECT_TRUE(recorder.Scan(R"({"a": "x", "b": {"a": "nested", "c": [1, "y"]}, "c": [{"d": "z"}], "e": 1.5,
                                "f": null, "g": true})"));
  EXPECT_TRUE(recorder.is_object());
  EXPECT_EQ(recorder.calls,
            (std::vector<std::string>{"a", "a=x", "b", "b=-", "c", "c=-", "e", "e=-", "f", "f=-", "g", "g=-"}));
}

TEST(TopLevelScannerTest, AnythingButAnObjectHasNoMembers) {
  for (const char* text : {R"(["a", {"b": "c"}])", R"("a")", "7", "null"}) {
    Recorder recorder;
    EXPECT_TRUE(recorder.Scan(text)) << text;
    EXPECT_FALSE(recorder.is_object()) << text;
    EXPECT_TRUE(recorder.calls.empty()) << text;
  }
}

TEST(TopLevelScannerTest, AKeyCanStopTheWalkBeforeTheRestIsRead) {
  // The text is cut short after the stopping key: the walk never gets there.
  Recorder recorder("stop");
  EXPECT_FALSE(recorder.Scan(R"({"a": 1, "stop": 2, "b": [)"));
  EXPECT_EQ(recorder.calls, (std::vector<std::string>{"a", "a=-", "stop"}));
}

TEST(TopLevelScannerTest, MalformedTextIsReportedAsFarAsItWasRead) {
  Recorder recorder;
  EXPECT_FALSE(recorder.Scan(R"({"a": "x", "b" 1})"));
  EXPECT_TRUE(recorder.is_object());
  EXPECT_EQ(recorder.calls, (std::vector<std::string>{"a", "a=x", "b"}));
  Recorder trailing;
  EXPECT_FALSE(trailing.Scan(R"({"a": "x"} x)"));
  // Neither is cut short: the error is before the end.
  EXPECT_FALSE(recorder.cut_short());
  EXPECT_FALSE(trailing.cut_short());
}

TEST(TopLevelScannerTest, TextValidAsFarAsItGoesIsCutShort) {
  for (const char* text : {R"({"a": [1, 2)", R"({"a": "x)", R"({"a": 1.)", R"({"a": tr)", R"({"a")", "{"}) {
    Recorder recorder;
    EXPECT_FALSE(recorder.Scan(text)) << text;
    EXPECT_TRUE(recorder.cut_short()) << text;
  }
  Recorder whole;
  EXPECT_TRUE(whole.Scan(R"({"a": 1})"));
  EXPECT_FALSE(whole.cut_short());
}

}  // namespace
}  // namespace timeit
