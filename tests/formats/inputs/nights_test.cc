#include "timeit/formats/inputs/nights.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>

namespace timeit {
namespace {

TEST(NaturalLessTest, NumbersCompareAsNumbers) {
  std::vector<std::string> names = {"night-10", "night-9", "night-1",  "night-100",
                                    "night-09", "a",       "night-2b", "night-2a"};
  std::sort(names.begin(), names.end(), NaturalLess);
  EXPECT_EQ(names, (std::vector<std::string>{"a", "night-1", "night-2a", "night-2b", "night-9", "night-09", "night-10",
                                             "night-100"}));
  EXPECT_FALSE(NaturalLess("x", "x"));
  EXPECT_TRUE(NaturalLess("x", "x1"));
  EXPECT_FALSE(NaturalLess("x1", "x"));
  // Dates sort as they read.
  EXPECT_TRUE(NaturalLess("2026-11-30.json", "2026-12-01.json"));
  // Numbers longer than any integer type.
  EXPECT_TRUE(NaturalLess("r99999999999999999999999", "r100000000000000000000000"));
}

TEST(NaturalLessTest, IsAStrictWeakOrder) {
  std::vector<std::string> names = {"", "0", "00", "1", "01", "a0", "a00", "a01", "a1", "a", "b", "9z", "10"};
  for (const std::string& a : names) {
    EXPECT_FALSE(NaturalLess(a, a)) << a;
    for (const std::string& b : names) {
      if (a != b) {
        EXPECT_NE(NaturalLess(a, b), NaturalLess(b, a)) << a << " " << b;
      }
      for (const std::string& c : names) {
        if (NaturalLess(a, b) && NaturalLess(b, c)) {
          EXPECT_TRUE(NaturalLess(a, c)) << a << " " << b << " " << c;
        }
      }
    }
  }
}

TEST(NightsInDirectoryTest, EveryEntryButHiddenOnesInNaturalOrder) {
  std::filesystem::path directory = std::filesystem::path(::testing::TempDir()) / "nights_in_directory";
  std::filesystem::remove_all(directory);
  std::filesystem::create_directories(directory / "night-10");
  for (const char* name : {"night-9.json", "night-1.json", ".hidden.json"}) std::ofstream(directory / name) << "";
  std::vector<std::string> warnings;
  std::vector<std::string> nights = NightsInDirectory(directory.string(), warnings);
  EXPECT_TRUE(warnings.empty());
  EXPECT_EQ(nights,
            (std::vector<std::string>{(directory / "night-1.json").string(), (directory / "night-9.json").string(),
                                      (directory / "night-10").string()}));
  std::filesystem::remove_all(directory);
  EXPECT_THROW(NightsInDirectory(directory.string(), warnings), Error);
  std::filesystem::create_directories(directory);
  EXPECT_THROW(NightsInDirectory(directory.string(), warnings), Error);
  std::filesystem::remove_all(directory);
}

TEST(ReadNightsTest, HandsEachNightInOrderWithItsErrorNamed) {
  std::filesystem::path directory = std::filesystem::path(::testing::TempDir()) / "read_nights";
  std::filesystem::remove_all(directory);
  std::filesystem::create_directories(directory);
  std::vector<std::string> paths;
  for (int i = 0; i < 6; ++i) {
    std::string path = (directory / ("night-" + std::to_string(i) + ".time")).string();
    if (i != 3) std::ofstream(path) << "exit 0\nreal " << i + 1 << ".0\nuser 1.0\nsys 0.0\n";
    paths.push_back(path);
  }
  std::vector<size_t> order;
  ReadNights(paths, {"real"}, [&](size_t index, NightRead& night) {
    order.push_back(index);
    if (index == 3) {
      ASSERT_FALSE(night.samples);
      ASSERT_TRUE(night.error);
      EXPECT_EQ(std::string(night.error->what()).rfind("night 3 ('" + paths[3] + "'): ", 0), 0u) << night.error->what();
      return;
    }
    ASSERT_TRUE(night.samples) << (night.error ? night.error->what() : "");
    ASSERT_EQ(night.samples->benchmarks().size(), 1u);
    EXPECT_EQ(night.samples->benchmarks()[0].metrics.at("real"), std::vector<double>{static_cast<double>(index + 1)});
  });
  EXPECT_EQ(order, (std::vector<size_t>{0, 1, 2, 3, 4, 5}));
  std::filesystem::remove_all(directory);
}

}  // namespace
}  // namespace timeit
