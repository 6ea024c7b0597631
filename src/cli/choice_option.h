#pragma once

#include <CLI/CLI.hpp>
#include <string>

#include "timeit/base/spellings.h"

/// Command-line glue shared by both front ends (header-only: each front end is one
/// executable, and no library may know CLI11).
namespace timeit {

/// An option that takes one of an enum's spellings and stores the value it names: the words
/// offered, checked and shown in --help all come from the library's table, and --help shows
/// as the default (`=word`) the value `target` holds when the option is added. Rejects
/// anything else with CLI11's "WORD not in {a,b,c}".
template <typename Enum, size_t N>
CLI::Option* AddChoice(CLI::App& app, const std::string& flags, Enum& target, const Spellings<Enum, N>& spellings,
                       const std::string& help) {
  return app
      .add_option_function<std::string>(
          flags, [&target, &spellings](const std::string& word) { target = *ValueSpelled(spellings, word); }, help)
      ->check(CLI::IsMember(SpelledWords(spellings)))
      ->default_str(std::string(SpellingOf(spellings, target)));
}

}  // namespace timeit
