#pragma once

#include <CLI/CLI.hpp>
#include <iostream>
#include <string>

#include "timeit/base/error.h"
#include "timeit/base/spellings.h"

/// Command-line glue shared by both front ends (header-only: each front end is one
/// executable, and no library may know CLI11).
namespace timeit {

/// Thrown for --help after the usage text has been printed.
struct HelpRequested {};

/// --version: prints "NAME VERSION" (the project's version) and exits 0, as --help does.
inline void AddVersionFlag(CLI::App& app, const std::string& version) {
  app.set_version_flag("--version", app.get_name() + " " + version, "Print the version and exit");
}

/// app.parse, with --help and --version printed to stdout and thrown as HelpRequested, and
/// every parse error thrown as a usage Error carrying CLI11's message.
inline void ParseCommandLine(CLI::App& app, int argc, char** argv) {
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp&) {
    std::cout << app.help();
    throw HelpRequested{};
  } catch (const CLI::CallForVersion& version) {
    std::cout << version.what() << "\n";
    throw HelpRequested{};
  } catch (const CLI::ParseError& e) {
    throw Error(ErrorKind::kUsage, e.what());
  }
}

/// An option that takes one of an enum's spellings and stores the value it names: the words
/// offered, checked and shown in --help all come from the library's table, and --help shows
/// as the default (`=word`) the value `target` holds when the option is added. Rejects
/// anything else with CLI11's "WORD not in {a,b,c}". `spellings` is one of the library's
/// tables, which live as long as the program.
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
