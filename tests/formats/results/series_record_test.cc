#include "timeit/formats/results/series_record.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <nlohmann/json.hpp>

#include "formats/results/run_record.h"
#include "temp_dir.h"
#include "timeit/formats/results/results_file.h"
#include "timeit/formats/results/results_schema.h"

namespace timeit {
namespace {

using nlohmann::json;

SeriesRecord SampleRecord() {
  SeriesRecord record;
  record.benchmarks = {{"base", 20, 1.25}, {"new", 19, std::numeric_limits<double>::quiet_NaN()}};
  record.order = RunOrder::kRandom;
  record.seed = 42;
  record.stopped = SeriesStop::kMaxTime;
  record.target_rmad = 0.5;
  record.primary_metric = PrimaryMetric::kUser;
  record.load_average_start = {{0.5, 0.25, 0.125}};
  record.warnings = {{std::nullopt, "loaded", "the machine was busy"}, {"new", "outliers", "run 3"}};
  record.host.hostname = "bench1";
  record.host.cpu_count = 2;
  return record;
}

TEST(SeriesRecordTest, OneLineWhoseOnlyKeyIsSeries) {
  std::string line = EncodeSeriesLine(SampleRecord());
  ASSERT_EQ(line.back(), '\n');
  EXPECT_EQ(line.find('\n'), line.size() - 1);
  line.pop_back();
  EXPECT_EQ(results_schema::ClassifyLine(line).kind, results_schema::LineKind::kSeriesRecord);
  json parsed = json::parse(line);
  EXPECT_EQ(parsed.size(), 1u);
  const json& series = parsed["series"];
  // nlohmann's json sorts keys; the order written is checked on the text.
  EXPECT_EQ(line.rfind(R"({"series":{"benchmarks":["base","new"],"order":"random","seed":42,"stopped":"max-time",)", 0),
            0u)
      << line;
  EXPECT_EQ(series["target_rmad"], 0.5);
  EXPECT_EQ(series["primary_metric"], "user");
  EXPECT_EQ(series["rmad"], json::parse(R"({"base": 1.25, "new": null})"));
  EXPECT_EQ(series["runs"], json::parse(R"({"base": 20, "new": 19})"));
  EXPECT_EQ(series["load_average"], json::parse(R"({"start": [0.5, 0.25, 0.125], "end": null})"));
  EXPECT_EQ(series["warnings"],
            json::parse(R"([{"benchmark": null, "kind": "loaded", "message": "the machine was busy"},
                                                {"benchmark": "new", "kind": "outliers", "message": "run 3"}])"));
  EXPECT_EQ(series["host"]["hostname"], "bench1");
  EXPECT_EQ(series["host"]["cpu_count"], 2);
}

TEST(SeriesRecordTest, TheSeedAlwaysTheControlsAsGivenAndNoTargetIsNull) {
  SeriesRecord record = SampleRecord();
  record.order = RunOrder::kAbba;
  record.target_rmad.reset();
  json series = json::parse(EncodeSeriesLine(record))["series"];
  EXPECT_EQ(series["order"], "abba");
  EXPECT_EQ(series["seed"], 42);  // --env-offset draws from it whatever the order
  EXPECT_TRUE(series.contains("target_rmad") && series["target_rmad"].is_null());
  EXPECT_TRUE(series["cpus"].is_null());
  EXPECT_EQ(series["aslr_disabled"], false);
  EXPECT_EQ(series["env_offset"], false);
  record.cpus = {0, 1, 3};
  record.aslr_disabled = true;
  record.env_offset = true;
  series = json::parse(EncodeSeriesLine(record))["series"];
  EXPECT_EQ(series["cpus"], "0-1,3");
  EXPECT_EQ(series["aslr_disabled"], true);
  EXPECT_EQ(series["env_offset"], true);
}

TEST(SeriesRecordTest, AppendedAfterTheRunsAndAHeaderWhereThereIsNone) {
  testing::TempDir dir;
  std::string path = dir.File("r.json");
  AppendSeriesRecord(path, SampleRecord(), LockWait{std::chrono::seconds(5)});
  Measurement run;
  AppendRuns(path, {"base", {"./base"}}, {run}, SampleRecord().host, LockWait{std::chrono::seconds(5)});
  AppendSeriesRecord(path, SampleRecord(), LockWait{std::chrono::seconds(5)});
  std::vector<results_schema::LineKind> kinds;
  std::string text = testing::ReadFile(path);
  for (size_t start = 0; start < text.size();) {
    size_t end = text.find('\n', start);
    kinds.push_back(results_schema::ClassifyLine(std::string_view(text).substr(start, end - start)).kind);
    start = end + 1;
  }
  using results_schema::LineKind;
  EXPECT_EQ(kinds, (std::vector<LineKind>{LineKind::kHeader, LineKind::kSeriesRecord, LineKind::kRunRecord,
                                          LineKind::kSeriesRecord}));
}

}  // namespace
}  // namespace timeit
