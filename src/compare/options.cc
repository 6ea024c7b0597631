#include "options.h"

#include <CLI/CLI.hpp>
#include <cstdio>
#include <cstdlib>
#include <iostream>

#include "timeit/error.h"

namespace timeit {
namespace {

// Accepts "0.05"; with `percent`, "1" and "1%" both mean 0.01. A transform, not a check:
// CLI11 discards what a check writes back.
CLI::Validator Fraction(const char* what, bool percent) {
  return CLI::Validator(
      [what, percent](std::string& value) -> std::string {
        std::string text = value;
        bool has_percent = !text.empty() && text.back() == '%';
        if (has_percent) text.pop_back();
        char* end = nullptr;
        double number = std::strtod(text.c_str(), &end);
        if (text.empty() || *end != '\0' || !(number >= 0) || (!percent && has_percent)) {
          return "'" + value + "' is not " + what;
        }
        if (percent) number /= 100;
        if (!(number < 1) || (!percent && number <= 0)) return "'" + value + "' is not " + what;
        char exact[64];
        std::snprintf(exact, sizeof exact, "%.17g", number);
        value = exact;
        return {};
      },
      percent ? "PERCENT" : "P");
}

}  // namespace

CompareOptions ParseCompareOptions(int argc, char** argv) {
  CompareOptions options;
  CLI::App app{"Compare two sets of timeit results: is the difference real?", "timeit-compare"};
  app.footer(
      "Examples:\n"
      "  timeit-compare base.json new.json\n"
      "  timeit-compare --base a1.json a2.json --new b1.json b2.json -m task-clock -m maxrss\n"
      "Exit status: 0, or 1 with --fail-on-regression when a row regressed; 2 for bad usage or input.");
  app.option_defaults()->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);

  std::vector<std::string> positional;
  app.add_option("files", positional, "BASE.json NEW.json (or use --base/--new)");
  app.add_option("--base", options.base_files, "Results files of the base side (pooled)")
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll)
      ->expected(1, -1);
  app.add_option("--new", options.new_files, "Results files of the new side (pooled)")
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll)
      ->expected(1, -1);
  app.add_option("-m,--metric", options.settings.metrics,
                 "Metric to compare (repeatable); default: task-clock where both sides have it, else user")
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll)
      // One value per -m, so `-m user base.json new.json` leaves the files alone.
      ->allow_extra_args(false);
  app.add_option("--alpha", options.settings.alpha, "Significance level of the adjusted p-value (default 0.05)")
      ->transform(Fraction("a probability between 0 and 1", false));
  app.add_option("--threshold", options.settings.threshold,
                 "Smallest change that counts, in percent (default 1)")
      ->transform(Fraction("a percentage from 0 to 100", true));
  std::string correction = "bh";
  app.add_option("--correction", correction, "p-value correction across rows: bh (default), holm, none")
      ->check(CLI::IsMember({"bh", "holm", "none"}));
  std::string policy = "default";
  app.add_option("--policy", policy, "Verdict rules: default, or lnt for LNT's own")
      ->check(CLI::IsMember({"default", "lnt"}));
  std::string format = "text";
  app.add_option("--format", format, "Output: text (default), json, csv, markdown")
      ->check(CLI::IsMember({"text", "json", "csv", "markdown"}));
  app.add_option("--color", options.color, "Colour the text table: auto (default), always, never")
      ->check(CLI::IsMember({"auto", "always", "never"}));
  app.add_flag("--fail-on-regression", options.fail_on_regression, "Exit 1 when any benchmark regressed");

  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp&) {
    std::cout << app.help();
    throw CompareHelpRequested{};
  } catch (const CLI::ParseError& e) {
    throw Error(ErrorKind::kUsage, e.what());
  }

  if (!positional.empty()) {
    if (positional.size() != 2 || !options.base_files.empty() || !options.new_files.empty()) {
      throw Error(ErrorKind::kUsage, "give two files (BASE NEW), or --base FILE... --new FILE...");
    }
    options.base_files = {positional[0]};
    options.new_files = {positional[1]};
  }
  if (options.base_files.empty() || options.new_files.empty()) {
    throw Error(ErrorKind::kUsage, "nothing to compare: give BASE.json NEW.json, or --base and --new");
  }
  options.settings.correction = correction == "holm"   ? stats::PAdjustMethod::kHolm
                                : correction == "none" ? stats::PAdjustMethod::kNone
                                                       : stats::PAdjustMethod::kBenjaminiHochberg;
  options.settings.policy = policy == "lnt" ? ComparePolicy::kLnt : ComparePolicy::kDefault;
  options.format = format == "json"       ? CompareFormat::kJson
                   : format == "csv"      ? CompareFormat::kCsv
                   : format == "markdown" ? CompareFormat::kMarkdown
                                          : CompareFormat::kText;
  return options;
}

}  // namespace timeit
