#include "timeit/render/run_table.h"

#include <gtest/gtest.h>

namespace timeit {
namespace {

Measurement MakeRun(double real, int exit_code = 0) {
  Measurement run;
  run.exit_code = exit_code;
  run.real_seconds = real;
  run.user_seconds = real / 2;
  run.maxrss_bytes = 1000;
  run.counters.available = true;
  CounterReading faults;
  faults.event = "page-faults";
  faults.status = CounterStatus::kCounted;
  faults.raw = 10;
  faults.scaled = 10;
  run.counters.readings.push_back(faults);
  return run;
}

TEST(RunTableTest, OneRowPerMetricOverSuccessfulRuns) {
  std::vector<Measurement> runs = {MakeRun(1.0), MakeRun(3.0), MakeRun(2.0), MakeRun(50.0, /*exit_code=*/1)};
  std::string table = FormatRunTable(runs);
  // n = 3: the failed run is left out and counted below.
  EXPECT_NE(table.find("real [s]                     3         1.0000         2.0000       1.0000              "
                       "2.0000 ± 1.0000   50.00%"),
            std::string::npos)
      << table;
  EXPECT_NE(table.find("maxrss [B]                   3           1000           1000            0"), std::string::npos)
      << table;
  EXPECT_NE(table.find("page-faults                  3             10             10            0"), std::string::npos)
      << table;
  EXPECT_NE(table.find("sys [s]"), std::string::npos);
  EXPECT_NE(table.find("1 of 4 runs failed and are not included above"), std::string::npos) << table;
  EXPECT_EQ(table.find("50.0000"), std::string::npos) << "the failed run leaked into the table";
}

TEST(RunTableTest, OutliersAreNamedByRunNumberAndKept) {
  std::vector<Measurement> runs = {MakeRun(1.0),  MakeRun(1.01), MakeRun(9, /*exit_code=*/2),
                                   MakeRun(0.99), MakeRun(1.0),  MakeRun(5.0),
                                   MakeRun(1.02)};
  std::string table = FormatRunTable(runs);
  // Run 6 (the failed run 3 keeps its number) is far from the others in real and user.
  EXPECT_NE(table.find("outliers in real [s]: run 6 (|modified z-score| > 3.5; kept in the figures above)\n"),
            std::string::npos)
      << table;
  EXPECT_NE(table.find("outliers in user [s]: run 6 ("), std::string::npos) << table;
  EXPECT_EQ(table.find("outliers in page-faults"), std::string::npos) << table;  // all equal
  // Kept: the mean is over every successful run, 5 included.
  EXPECT_NE(table.find("1.6700 ± 1.6314"), std::string::npos) << table;
  EXPECT_LT(table.find("outliers in"), table.find("1 of 7 runs failed"));
  runs[6] = MakeRun(4.9);
  EXPECT_NE(FormatRunTable(runs).find("outliers in real [s]: runs 6, 7 ("), std::string::npos);
}

TEST(RunTableTest, HeaderNamesTheColumns) {
  std::string table = FormatRunTable(std::vector<Measurement>{MakeRun(1.0)});
  std::string header = table.substr(0, table.find('\n'));
  for (const char* column : {"metric", "n", "min", "median", "MAD", "mean ± stddev", "MAD/med"}) {
    EXPECT_NE(header.find(column), std::string::npos) << column;
  }
  EXPECT_EQ(table.find("failed"), std::string::npos);
}

}  // namespace
}  // namespace timeit
