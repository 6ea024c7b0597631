#include "timeit/base/spellings.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace timeit {
namespace {

enum class Fruit { kApple, kPear, kQuince };

constexpr Spellings<Fruit, 2> kFruitSpellings = {{{"apple", Fruit::kApple}, {"pear", Fruit::kPear}}};

TEST(SpellingsTest, WordAndValueRoundTrip) {
  static_assert(SpellingOf(kFruitSpellings, Fruit::kPear) == "pear");
  EXPECT_EQ(SpellingOf(kFruitSpellings, Fruit::kApple), "apple");
  EXPECT_EQ(ValueSpelled(kFruitSpellings, "pear"), Fruit::kPear);
  EXPECT_EQ(SpelledWords(kFruitSpellings), (std::vector<std::string>{"apple", "pear"}));
}

TEST(SpellingsTest, UnknownWordsAndValues) {
  EXPECT_EQ(ValueSpelled(kFruitSpellings, "Pear"), std::nullopt);  // spellings are exact
  EXPECT_EQ(ValueSpelled(kFruitSpellings, ""), std::nullopt);
  EXPECT_EQ(SpellingOf(kFruitSpellings, Fruit::kQuince), "");
}

}  // namespace
}  // namespace timeit
