#include "timeit/base/split_mix64.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

namespace timeit {
namespace {

std::vector<uint64_t> Draws(SplitMix64 generator, int count) {
  std::vector<uint64_t> draws;
  for (int i = 0; i < count; ++i) draws.push_back(generator.Next());
  return draws;
}

// The values of an independent transcription of the algorithm (Python, arbitrary-precision
// integers masked to 64 bits): a seed must replay the same numbers in any build.
TEST(SplitMix64Test, NextGivesTheAlgorithmsNumbers) {
  EXPECT_EQ(Draws(SplitMix64(1234567), 5),
            (std::vector<uint64_t>{6457827717110365317u, 3203168211198807973u, 9817491932198370423u,
                                   4593380528125082431u, 16408922859458223821u}));
  EXPECT_EQ(Draws(SplitMix64(0), 3),
            (std::vector<uint64_t>{0xe220a8397b1dcdafu, 0x6e789e6aa1b965f4u, 0x06c45d188009454fu}));
}

TEST(SplitMix64Test, BelowAPowerOfTwoNeverDrawsAgain) {
  SplitMix64 generator(99), twin(99);
  for (int i = 0; i < 1000; ++i) EXPECT_EQ(generator.Below(4096), twin.Next() % 4096);
  EXPECT_EQ(SplitMix64(5).Below(1), 0u);
}

// For a bound just above 2^63, draws below 2^64 mod bound = 2^63 - 1 (about half of them)
// are drawn again; each result is the first draw at or above it, reduced.
TEST(SplitMix64Test, BelowDrawsAgainInTheBiasedRange) {
  const uint64_t bound = (uint64_t{1} << 63) + 1;
  const uint64_t biased = (uint64_t{1} << 63) - 1;
  SplitMix64 generator(7), twin(7);
  int redrawn = 0;
  for (int i = 0; i < 200; ++i) {
    uint64_t draw = twin.Next();
    while (draw < biased) {
      draw = twin.Next();
      ++redrawn;
    }
    uint64_t value = generator.Below(bound);
    EXPECT_LT(value, bound);
    EXPECT_EQ(value, draw % bound);
  }
  EXPECT_GT(redrawn, 50);  // the range is really skipped, not merely allowed for
}

// The top 53 bits of each number, times 2^-53: 6457827717110365317 >> 11 = 3153236189995295
// (the first number of seed 1234567 above), so 0.3500795420214081; the next two by the
// Python transcription of reference_series.py.
TEST(SplitMix64Test, UnitIsTheTop53BitsOfEachNumber) {
  SplitMix64 generator(1234567);
  EXPECT_EQ(generator.Unit(), 3153236189995295.0 * 0x1p-53);
  EXPECT_EQ(generator.Unit(), 0.17364409667091263);
  EXPECT_EQ(generator.Unit(), 0.5322073040624192);
  SplitMix64 all_ones(0);
  for (int i = 0; i < 1000; ++i) {
    double unit = all_ones.Unit();
    EXPECT_GE(unit, 0.0);
    EXPECT_LT(unit, 1.0);
  }
}

}  // namespace
}  // namespace timeit
