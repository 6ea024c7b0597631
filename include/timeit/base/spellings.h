#pragma once

#include <array>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

/// The words an enum is written as, on the command line and in reports. Each enum that has
/// them keeps one table next to its declaration; its Name() function, the command-line
/// parsers and the writers all read that table, so a spelling is defined in one place.
namespace timeit {

template <typename Enum>
struct Spelling {
  std::string_view word;
  Enum value;
};

/// An enum's spellings, one per value, in the order help texts list them.
template <typename Enum, size_t N>
using Spellings = std::array<Spelling<Enum>, N>;

/// The word for `value`; empty if the table lacks it (a unit test per table rules that out).
template <typename Enum, size_t N>
constexpr std::string_view SpellingOf(const Spellings<Enum, N>& spellings, Enum value) {
  for (const Spelling<Enum>& spelling : spellings) {
    if (spelling.value == value) return spelling.word;
  }
  return {};
}

/// The value spelled `word`, if any.
template <typename Enum, size_t N>
constexpr std::optional<Enum> ValueSpelled(const Spellings<Enum, N>& spellings, std::string_view word) {
  for (const Spelling<Enum>& spelling : spellings) {
    if (spelling.word == word) return spelling.value;
  }
  return std::nullopt;
}

/// Every word, in table order (what a command line accepts).
template <typename Enum, size_t N>
std::vector<std::string> SpelledWords(const Spellings<Enum, N>& spellings) {
  std::vector<std::string> words;
  for (const Spelling<Enum>& spelling : spellings) words.emplace_back(spelling.word);
  return words;
}

}  // namespace timeit
