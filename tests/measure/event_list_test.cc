#include "timeit/measure/event_list.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "timeit/base/error.h"

namespace timeit {
namespace {

using Events = std::vector<std::string>;

TEST(DefaultEventsTest, PerfStatDefaultsWithoutStalledCycles) {
  EXPECT_EQ(DefaultEvents(),
            (Events{"task-clock", "cycles", "instructions", "branches", "branch-misses", "cache-references",
                    "cache-misses", "context-switches", "cpu-migrations", "page-faults"}));
}

TEST(ParseEventListTest, SingleEvent) { EXPECT_EQ(ParseEventList("cycles"), (Events{"cycles"})); }

TEST(ParseEventListTest, SplitsOnCommasKeepingModifiers) {
  EXPECT_EQ(ParseEventList("cycles:u,instructions,r00c0"), (Events{"cycles:u", "instructions", "r00c0"}));
}

TEST(ParseEventListTest, KeepsPmuQualifiedNamesWhole) {
  EXPECT_EQ(ParseEventList("perf::task-clock,cpu-clock"), (Events{"perf::task-clock", "cpu-clock"}));
}

TEST(ParseEventListTest, TrimsSpaces) {
  EXPECT_EQ(ParseEventList("  cycles , instructions  ,branches "), (Events{"cycles", "instructions", "branches"}));
}

TEST(ParseEventListTest, RemovesDuplicatesKeepingFirstOrder) {
  EXPECT_EQ(ParseEventList("instructions,cycles,instructions,cycles, cycles"), (Events{"instructions", "cycles"}));
}

void ExpectUsageError(std::string_view list) {
  try {
    ParseEventList(list);
    ADD_FAILURE() << "no error for '" << list << "'";
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), ErrorKind::kUsage) << list;
    EXPECT_NE(std::string(e.what()).find("'" + std::string(list) + "'"), std::string::npos)
        << "message does not name the list: " << e.what();
  }
}

TEST(ParseEventListTest, EmptyElementIsUsageError) {
  ExpectUsageError("cycles,,instructions");
  ExpectUsageError("cycles,");
  ExpectUsageError(",cycles");
  ExpectUsageError("cycles, ,instructions");
  ExpectUsageError("");
  ExpectUsageError("   ");
}

}  // namespace
}  // namespace timeit
