#include "timeit/render/compare_json.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "comparison_reports.h"

namespace timeit {
namespace {

using testing::Report;
using testing::Walk;

TEST(CompareJsonTest, JsonHasSettingsRowsAndNullsForUndefined) {
  nlohmann::json json = nlohmann::json::parse(CompareJsonRenderer().Render(Report()));
  EXPECT_EQ(json["schema"], "timeit-compare/2");
  EXPECT_EQ(json["settings"]["correction"], "bh");
  EXPECT_EQ(json["settings"]["policy"], "default");
  EXPECT_TRUE(json["regressed"].get<bool>());
  ASSERT_EQ(json["rows"].size(), 2u);
  EXPECT_EQ(json["rows"][0]["verdict"], "regressed");
  EXPECT_EQ(json["rows"][0]["test_method"], "exact");
  EXPECT_DOUBLE_EQ(json["rows"][0]["u"].get<double>(), 0);
  EXPECT_EQ(json["rows"][1]["verdict"], "removed");
  EXPECT_TRUE(json["rows"][1]["ratio"].is_null());
  EXPECT_TRUE(json["rows"][1]["metric"].is_null());
  EXPECT_EQ(json["geomeans"][0]["metric"], "user");
  EXPECT_EQ(json["settings"]["method"], "exact");
  EXPECT_EQ(json["settings"]["sort"], "verdict");
  ASSERT_EQ(json["families"].size(), 1u);
  EXPECT_EQ(json["families"][0]["metric"], "user");
  EXPECT_EQ(json["families"][0]["family"], 1);
  EXPECT_DOUBLE_EQ(json["families"][0]["lone_change_p"].get<double>(), 0.05);
  EXPECT_EQ(json["rows"][0]["scale"], "ratio");
  EXPECT_TRUE(json["rows"][0]["excludes_no_change"].get<bool>());
  EXPECT_DOUBLE_EQ(json["rows"][0]["interval_level"].get<double>(), 0.95);
  EXPECT_TRUE(json["rows"][0]["detectable"].is_number());
}

TEST(CompareJsonTest, JsonRowsCarryWarningsOutliersAndHistograms) {
  nlohmann::json json = nlohmann::json::parse(CompareJsonRenderer().Render(Walk()));
  const nlohmann::json& row = json["rows"][0];
  ASSERT_EQ(row["warnings"].size(), 3u) << row["warnings"].dump();
  EXPECT_EQ(row["warnings"][0]["kind"], "work-changed");
  EXPECT_EQ(row["warnings"][0]["metric"], "sys");
  EXPECT_EQ(row["warnings"][0]["base_median"], 0.0531);
  EXPECT_EQ(row["warnings"][0]["new_median"], 0.012);
  EXPECT_DOUBLE_EQ(row["warnings"][0]["change"].get<double>(), (0.012 - 0.0531) / 0.0531);
  EXPECT_NEAR(row["warnings"][0]["p"].get<double>(), 2.0 / 252, 1e-15);
  EXPECT_EQ(row["warnings"][1],
            (nlohmann::json{
                {"kind", "host-differs"}, {"field", "kernel"}, {"base", {"Linux 6.1.0"}}, {"new", {"Linux 6.5.0"}}}));
  EXPECT_EQ(
      row["warnings"][2],
      (nlohmann::json{{"kind", "hosts-mixed"}, {"field", "cpu_count"}, {"side", "base"}, {"values", {"2", "4"}}}));
  EXPECT_EQ(row["base"]["outliers"], 0);
  EXPECT_EQ(row["base"]["outlier_values"], nlohmann::json::array());
  EXPECT_EQ(row["histogram"]["edges"].size(), 11u);
  EXPECT_EQ(row["histogram"]["base"]["counts"], (nlohmann::json{0, 0, 0, 0, 0, 0, 0, 0, 0, 5}));
  EXPECT_EQ(row["histogram"]["new"]["counts"], (nlohmann::json{3, 2, 0, 0, 0, 0, 0, 0, 0, 0}));
  EXPECT_EQ(row["histogram"]["new"]["not_positive"], 0);
  // Every difference in the hosts block, the hostname too (noted, not warned).
  const nlohmann::json& differences = json["hosts"]["differences"];
  ASSERT_EQ(differences.size(), 3u) << differences.dump();
  EXPECT_EQ(differences[2]["field"], "hostname");
  EXPECT_EQ(differences[2]["warned"], false);
  EXPECT_EQ(differences[2]["sides_differ"], true);
  EXPECT_EQ(differences[2]["base"], nlohmann::json{"bot1"});
  EXPECT_EQ(differences[2]["new"], nlohmann::json{"bot2"});
  // Without a difference, the row's list is empty, not absent.
  EXPECT_EQ(nlohmann::json::parse(CompareJsonRenderer().Render(Report()))["rows"][0]["warnings"],
            nlohmann::json::array());
}

// A row's host warnings are the host findings, one object per field.
TEST(CompareJsonTest, RowHostWarningsAreTheHostFindings) {
  ComparisonReport report = Walk();
  report.findings = {HostsDiffer{{{"cpu_model", {"A"}, {"B"}, true, true}, {"kernel", {"6.1"}, {"6.5"}, true, true}}}};
  nlohmann::json warnings = nlohmann::json::parse(CompareJsonRenderer().Render(report))["rows"][0]["warnings"];
  ASSERT_EQ(warnings.size(), 3u) << warnings.dump();
  EXPECT_EQ(warnings[0]["kind"], "work-changed");  // the row's own
  EXPECT_EQ(warnings[1],
            (nlohmann::json{{"kind", "host-differs"}, {"field", "cpu_model"}, {"base", {"A"}}, {"new", {"B"}}}));
  EXPECT_EQ(warnings[2]["field"], "kernel");
  // The hosts block still lists every difference: it is the report's data, not a warning.
  EXPECT_EQ(nlohmann::json::parse(CompareJsonRenderer().Render(report))["hosts"]["differences"].size(), 3u);
}

}  // namespace
}  // namespace timeit
