#pragma once

#include <unistd.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstddef>
#include <cstdlib>
#include <iostream>
#include <new>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "timeit/base/error.h"
#include "timeit/base/spellings.h"
#include "timeit/base/text_format.h"
#include "timeit/base/utf8.h"
#include "timeit/sys/file_io.h"

/// Command-line glue shared by the front ends (header-only: each front end is one
/// executable, and no library may know CLI11).
namespace timeit {

/// Thrown for --help after the usage text has been printed.
struct HelpRequested {};

/// A front end's exit codes for the ways it can end other than by its own decision: each
/// main gives RunTool its table, so that every front end maps errors in the one same place.
struct ToolExitCodes {
  /// After --help or --version.
  int help = 0;
  /// A usage Error: the command line asked for something impossible.
  int usage;
  /// Any other Error: input that cannot be read, or the system refused something.
  int failure;
  /// An exception nothing expects (a bug), or out of memory.
  int internal;
  /// After a usage error, a line saying where the options are listed.
  bool usage_hint = false;
};

/// Runs `body` (which parses the command line and does the work) and returns its exit code,
/// or the one of `codes` for how it ended instead; `program_name` is the name messages give
/// the program, fit for display. Every exception ends here, as a message
/// "PROGRAM: error: MESSAGE" on stderr (escaped for display: messages quote names, paths
/// and commands), never as an abort: an Error's own message; a bug or an input nobody
/// foresaw as "internal: ...".
template <typename Body>
int RunTool(const std::string& program_name, const ToolExitCodes& codes, Body body) {
  auto print_error = [&](std::string_view message) {
    std::cerr << program_name << ": error: " << EscapeForDisplay(message) << "\n";
  };
  try {
    return body();
  } catch (const HelpRequested&) {
    return codes.help;
  } catch (const Error& error) {
    print_error(error.what());
    if (error.kind() != ErrorKind::kUsage) return codes.failure;
    if (codes.usage_hint) std::cerr << "Run '" << program_name << " --help' for the options.\n";
    return codes.usage;
  } catch (const std::bad_alloc&) {
    print_error("out of memory");
  } catch (const std::exception& error) {
    print_error(std::string("internal: ") + error.what());
  } catch (...) {
    print_error("internal: an exception of unknown type");
  }
  return codes.internal;
}

/// Flushes standard output and throws a system Error "writing the WHAT to standard output
/// failed" when anything written to it was lost (a full disk, a closed pipe): output that
/// did not arrive must not end as if it had.
inline void CheckStandardOutput(const std::string& what) {
  std::cout << std::flush;
  if (!std::cout) throw Error(ErrorKind::kSystem, "writing the " + what + " to standard output failed");
}

/// --version: prints "NAME VERSION" (the project's version) and exits 0, as --help does.
inline void AddVersionFlag(CLI::App& app, const std::string& version) {
  app.set_version_flag("--version", app.get_name() + " " + version, "Print the version and exit");
}

namespace cli_internal {

// Whether CLI11 reads `word` as an option or as `--` rather than as a value or a positional
// argument (its App::_recognize, for an app without subcommands): "-5" is a value unless
// -5 is an option.
inline bool IsOptionWord(const CLI::App& app, const std::string& word) {
  std::string name, rest;
  if (word == "--" || CLI::detail::split_long(word, name, rest)) return true;
  if (!CLI::detail::split_short(word, name, rest)) return false;
  return !std::isdigit(static_cast<unsigned char>(name[0])) || app.get_option_no_throw("-" + name) != nullptr;
}

// The index just past the values CLI11 gives `option`, whose name is the word before
// `next`, when `collected` values came with the name itself (App::_parse_arg): first its
// minimum, whatever they look like, then up to its maximum while they are not options.
inline size_t SkipValues(const CLI::App& app, const CLI::Option& option, const std::vector<std::string>& words,
                         size_t next, int collected) {
  int min_values = std::min(option.get_type_size_min(), option.get_items_expected_min());
  int max_values = option.get_items_expected_max();
  if (max_values >= CLI::detail::expected_max_vector_size / 16 && !option.get_allow_extra_args()) {
    int type_max = option.get_type_size_max();
    max_values = CLI::detail::checked_multiply(type_max, option.get_expected_min())
                     ? type_max
                     : CLI::detail::expected_max_vector_size;
  }
  for (; collected < min_values && next < words.size(); ++collected) ++next;
  if (collected < max_values || option.get_allow_extra_args()) {
    for (; (collected < max_values || option.get_allow_extra_args()) && next < words.size() &&
           !IsOptionWord(app, words[next]);
         ++collected) {
      ++next;
    }
    if (next < words.size() && words[next] == "--") ++next;  // it ends an open-ended list
  }
  return next;
}

}  // namespace cli_internal

/// Rejects `--opt=` with nothing after the `=`: for an option that takes a value, CLI11 would
/// take the next argument as the value instead (`timeit --summary= echo hi` would write the
/// summary to ./echo and run `hi`), and for a flag it would read it as true. Reads the
/// words as CLI11 will, to know which are options: each option's values are skipped, `--`
/// ends the options, and so, in a prefix command (timeit), does the first positional
/// argument, which starts the program's own arguments.
inline void RejectEmptyValues(const CLI::App& app, int argc, char** argv) {
  std::vector<std::string> words(argv + std::min(argc, 1), argv + argc);
  for (size_t next = 0; next < words.size();) {
    const std::string word = words[next++];
    if (word == "--") return;
    std::string name, rest;
    const CLI::Option* option = nullptr;
    int collected = 0;
    if (CLI::detail::split_long(word, name, rest)) {
      option = app.get_option_no_throw("--" + name);
      if (option == nullptr) continue;
      bool has_value = word.find('=') != std::string::npos;
      // A flag too: CLI11 would read "--verbose=" as true.
      if (has_value && rest.empty()) throw Error(ErrorKind::kUsage, "--" + name + ": the value after '=' is empty");
      if (option->get_items_expected_max() == 0) continue;  // a flag
      if (has_value) collected = 1;
    } else if (cli_internal::IsOptionWord(app, word)) {
      CLI::detail::split_short(word, name, rest);
      option = app.get_option_no_throw("-" + name);
      if (option == nullptr) continue;
      if (option->get_items_expected_max() == 0) {
        // A flag: CLI11 reads what follows it in the word ("-pv") as a word of its own.
        if (!rest.empty()) words.insert(words.begin() + static_cast<std::ptrdiff_t>(next), "-" + rest);
        continue;
      }
      collected = rest.empty() ? 0 : 1;  // "-r5"
    } else {
      if (app.get_prefix_command()) return;
      continue;
    }
    next = cli_internal::SkipValues(app, *option, words, next, collected);
  }
}

namespace cli_internal {

// Prints --help's or --version's `text` and stops the parse: HelpRequested once it is
// written, the system Error of CheckStandardOutput when it could not be.
[[noreturn]] inline void PrintAndStop(const std::string& text, const std::string& what) {
  std::cout << text;
  CheckStandardOutput(what);
  throw HelpRequested{};
}

}  // namespace cli_internal

/// app.parse, with --help and --version printed to stdout and thrown as HelpRequested (an
/// Error when stdout lost them), and every parse error thrown as a usage Error carrying
/// CLI11's message. An empty `--opt=` is a usage error too (RejectEmptyValues).
inline void ParseCommandLine(CLI::App& app, int argc, char** argv) {
  RejectEmptyValues(app, argc, argv);
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp&) {
    cli_internal::PrintAndStop(app.help(), "help");
  } catch (const CLI::CallForVersion& version) {
    cli_internal::PrintAndStop(std::string(version.what()) + "\n", "version");
  } catch (const CLI::ParseError& e) {
    // CLI11 checks the options' values in the order the options were added, reaching
    // --version (added last) and --help (looked at after all of them) only if none is bad:
    // asked for either, the user gets it, whatever else the line holds.
    const CLI::Option* help = app.get_help_ptr();
    const CLI::Option* version = app.get_version_ptr();
    if (help != nullptr && help->count() > 0) cli_internal::PrintAndStop(app.help(), "help");
    if (version != nullptr && version->count() > 0) cli_internal::PrintAndStop(app.version() + "\n", "version");
    throw Error(ErrorKind::kUsage, e.what());
  }
}

/// `text` as a number written in decimal: digits with an optional fraction and exponent
/// ("2", "0.5", ".5", "1e-3"), and nothing else: no sign, space, hex ("0x1p-1"), inf or nan,
/// all of which strtod alone would take. nullopt for anything else, or for a number beyond
/// a double's range; one too small for a double reads as 0 (or a denormal).
inline std::optional<double> ParseDecimal(const std::string& text) {
  size_t at = 0;
  auto digits = [&] {
    size_t start = at;
    while (at < text.size() && std::isdigit(static_cast<unsigned char>(text[at]))) ++at;
    return at - start;
  };
  size_t mantissa_digits = digits();
  if (at < text.size() && text[at] == '.') {
    ++at;
    mantissa_digits += digits();
  }
  if (mantissa_digits == 0) return std::nullopt;
  if (at < text.size() && (text[at] == 'e' || text[at] == 'E')) {
    ++at;
    if (at < text.size() && (text[at] == '+' || text[at] == '-')) ++at;
    if (digits() == 0) return std::nullopt;
  }
  if (at != text.size()) return std::nullopt;
  double value = std::strtod(text.c_str(), nullptr);
  if (!std::isfinite(value)) return std::nullopt;
  return value;
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

/// When a report written for people is painted (--color).
enum class ColorMode {
  /// Only when standard output is a terminal.
  kAuto,
  kAlways,
  kNever,
};

inline constexpr Spellings<ColorMode, 3> kColorModeSpellings = {{
    {"auto", ColorMode::kAuto},
    {"always", ColorMode::kAlways},
    {"never", ColorMode::kNever},
}};

/// Whether to paint, for output to standard output under `mode`.
inline bool PaintStandardOutput(ColorMode mode) {
  return mode == ColorMode::kAlways || (mode == ColorMode::kAuto && ::isatty(STDOUT_FILENO));
}

/// A whole number from `minimum` to `maximum` in decimal digits, leading zeros allowed and
/// meaning nothing ("010" is ten, as tools/timeit.c's atoi read it). A transform
/// that hands CLI11 the number without them: CLI11 converts with base 0, which would read
/// "010" as octal 8 and "0x10" as hex. Checked before CLI11 converts, too: its own range
/// validators print the limits as 300-digit doubles, and a conversion that does not fit
/// would wrap or saturate silently.
inline CLI::Validator WholeNumberIn(unsigned long long minimum, unsigned long long maximum) {
  return CLI::Validator(
      [minimum, maximum](std::string& value) -> std::string {
        char* end = nullptr;
        errno = 0;
        unsigned long long number = std::strtoull(value.c_str(), &end, 10);
        bool digits = !value.empty() && value.find_first_not_of("0123456789") == std::string::npos;
        if (!digits || *end != '\0' || errno == ERANGE || number < minimum || number > maximum) {
          return "'" + value + "' is not a whole number from " + std::to_string(minimum) + " to " +
                 std::to_string(maximum);
        }
        value = std::to_string(number);
        return {};
      },
      "N");
}

/// Accepts "0.05" (in decimal only, as ParseDecimal); with `percent`, "1" and "1%" both
/// mean 0.01. A transform, not a check: CLI11 discards what a check writes back.
inline CLI::Validator Fraction(const char* what, bool percent) {
  return CLI::Validator(
      [what, percent](std::string& value) -> std::string {
        std::string text = value;
        bool has_percent = !text.empty() && text.back() == '%';
        if (has_percent) text.pop_back();
        std::optional<double> parsed = ParseDecimal(text);
        if (!parsed || (!percent && has_percent)) return "'" + value + "' is not " + what;
        double number = percent ? *parsed / 100 : *parsed;
        // A probability is strictly between 0 and 1; a threshold may be 100%, which still
        // flags a change beyond it (a doubling).
        if (percent ? !(number <= 1) : !(number > 0 && number < 1)) return "'" + value + "' is not " + what;
        value = StringPrintf("%.17g", number);  // every digit: CLI11 must read back this very double
        return {};
      },
      percent ? "PERCENT" : "P");
}

/// Refuses -o `output` when it is one of the report's inputs, `input` being the path that
/// input was read by (nullopt when it is none): written, the report would replace what it
/// was made of.
inline void RefuseOutputThatIsAnInput(const std::string& output, const std::optional<std::string>& input) {
  if (!input) return;
  throw Error(ErrorKind::kUsage,
              "-o '" + output + "' is the input '" + *input + "': the report would replace it; write it elsewhere");
}

/// -o FILE: where a front end writes its report, instead of standard output; `-` (as most
/// tools read it) is standard output, and leaves `output` empty.
inline CLI::Option* AddOutputOption(CLI::App& app, std::optional<std::string>& output) {
  return app.add_option_function<std::string>(
      "-o,--output", [&output](const std::string& path) { output = path == "-" ? std::nullopt : std::optional(path); },
      "Write the report to FILE (replaced only once the report is complete) instead of standard output ('-': "
      "standard output)");
}

/// Writes `text` to `output` (replaced only once complete: ReplaceFile) or, without one, to
/// standard output, failing as CheckStandardOutput does when it was lost; `what` names it.
inline void WriteReportOutput(const std::optional<std::string>& output, std::string_view text,
                              const std::string& what) {
  if (output) {
    ReplaceFile(*output, text);
    return;
  }
  std::cout << text;
  CheckStandardOutput(what);
}

}  // namespace timeit
