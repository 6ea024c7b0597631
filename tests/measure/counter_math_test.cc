#include "timeit/measure/counter_math.h"

#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <limits>

namespace timeit {
namespace {

TEST(ParseReadBufferTest, FewerThanThreeWordsIsNullopt) {
  std::array<uint64_t, 2> two = {5, 6};
  EXPECT_EQ(ParseReadBuffer(two), std::nullopt);
  EXPECT_EQ(ParseReadBuffer(std::span<const uint64_t>()), std::nullopt);
}

TEST(ParseReadBufferTest, ThreeWordsAreValueEnabledRunning) {
  std::array<uint64_t, 3> words = {1234, 2000, 1500};
  std::optional<RawCount> count = ParseReadBuffer(words);
  ASSERT_TRUE(count.has_value());
  EXPECT_EQ(count->value, 1234u);
  EXPECT_EQ(count->time_enabled, 2000u);
  EXPECT_EQ(count->time_running, 1500u);
}

TEST(ParseReadBufferTest, ExtraWordsAreIgnored) {
  std::array<uint64_t, 4> words = {7, 8, 9, 10};
  std::optional<RawCount> count = ParseReadBuffer(words);
  ASSERT_TRUE(count.has_value());
  EXPECT_EQ(count->value, 7u);
  EXPECT_EQ(count->time_enabled, 8u);
  EXPECT_EQ(count->time_running, 9u);
}

TEST(ScaleMultiplexedTest, RanTheWholeTimeIsUnchanged) {
  EXPECT_DOUBLE_EQ(ScaleMultiplexed(1000, 500, 500), 1000.0);
  // Rounding in the kernel can make running exceed enabled by a tick: never scale down.
  EXPECT_DOUBLE_EQ(ScaleMultiplexed(1000, 500, 501), 1000.0);
}

TEST(ScaleMultiplexedTest, ExtrapolatesToEnabledTime) {
  // 1000 * 200 / 50 = 4000.
  EXPECT_DOUBLE_EQ(ScaleMultiplexed(1000, 200, 50), 4000.0);
  // 3 * 3 / 2 = 4.5: the result is not truncated to an integer.
  EXPECT_DOUBLE_EQ(ScaleMultiplexed(3, 3, 2), 4.5);
  // 600 * 1000 / 750 = 800.
  EXPECT_DOUBLE_EQ(ScaleMultiplexed(600, 1000, 750), 800.0);
}

TEST(ScaleMultiplexedTest, NeverRanReturnsValueUnchanged) {
  EXPECT_DOUBLE_EQ(ScaleMultiplexed(42, 100, 0), 42.0);
  EXPECT_DOUBLE_EQ(ScaleMultiplexed(0, 100, 0), 0.0);
}

TEST(ScaleMultiplexedTest, HugeValuesDoNotOverflow) {
  // 2^62 * 2^63 overflows 64 bits; the quotient 2^62 * (2^63 / 2^62) = 2^63 does not.
  uint64_t value = uint64_t{1} << 62;
  EXPECT_DOUBLE_EQ(ScaleMultiplexed(value, uint64_t{1} << 63, uint64_t{1} << 62), 9223372036854775808.0);
  // (2^64 - 1) * 3 / 1 ~= 5.534023222112865e19, beyond uint64_t but fine as a double.
  EXPECT_DOUBLE_EQ(ScaleMultiplexed(std::numeric_limits<uint64_t>::max(), 3, 1), 5.5340232221128655e19);
}

TEST(ApplyRawCountTest, RanWholeTimeIsCounted) {
  CounterReading reading;
  ApplyRawCount(RawCount{100, 50, 50}, reading);
  EXPECT_EQ(reading.status, CounterStatus::kCounted);
  EXPECT_EQ(reading.raw, 100u);
  EXPECT_EQ(reading.time_enabled, 50u);
  EXPECT_EQ(reading.time_running, 50u);
  EXPECT_DOUBLE_EQ(reading.scaled, 100.0);
  EXPECT_TRUE(reading.has_value());
}

TEST(ApplyRawCountTest, PartialRunIsMultiplexedAndScaled) {
  CounterReading reading;
  ApplyRawCount(RawCount{100, 200, 50}, reading);
  EXPECT_EQ(reading.status, CounterStatus::kMultiplexed);
  EXPECT_EQ(reading.raw, 100u);
  EXPECT_EQ(reading.time_enabled, 200u);
  EXPECT_EQ(reading.time_running, 50u);
  EXPECT_DOUBLE_EQ(reading.scaled, 400.0);
  EXPECT_TRUE(reading.has_value());
}

TEST(ApplyRawCountTest, NeverRanIsNotCountedWithoutValue) {
  CounterReading reading;
  reading.scaled = 99;  // a stale value must not survive
  ApplyRawCount(RawCount{7, 200, 0}, reading);
  EXPECT_EQ(reading.status, CounterStatus::kNotCounted);
  EXPECT_EQ(reading.raw, 7u);
  EXPECT_EQ(reading.time_enabled, 200u);
  EXPECT_EQ(reading.time_running, 0u);
  EXPECT_DOUBLE_EQ(reading.scaled, 0.0);
  EXPECT_FALSE(reading.has_value());
}

TEST(ApplyRawCountTest, TimeEventMetricIsSeconds) {
  CounterReading reading;
  reading.is_time = true;
  ApplyRawCount(RawCount{2500000000, 10, 10}, reading);
  EXPECT_DOUBLE_EQ(reading.metric_value(), 2.5);
}

TEST(CounterStatusNameTest, SpellingsOfResultsFiles) {
  EXPECT_EQ(CounterStatusName(CounterStatus::kCounted), "counted");
  EXPECT_EQ(CounterStatusName(CounterStatus::kMultiplexed), "multiplexed");
  EXPECT_EQ(CounterStatusName(CounterStatus::kNotCounted), "not-counted");
  EXPECT_EQ(CounterStatusName(CounterStatus::kNotSupported), "not-supported");
}

TEST(CounterResultsTest, FindByEventName) {
  CounterResults results;
  results.readings.resize(2);
  results.readings[0].event = "cycles";
  results.readings[1].event = "instructions";
  ASSERT_NE(results.Find("instructions"), nullptr);
  EXPECT_EQ(results.Find("instructions"), &results.readings[1]);
  EXPECT_EQ(results.Find("branches"), nullptr);
}

}  // namespace
}  // namespace timeit
