#include "options.h"

#include <CLI/CLI.hpp>

#include "command_line.h"
#include "timeit/base/error.h"
#include "timeit/measure/host_info.h"

namespace timeit {
namespace {

// "KEY=VALUE" as a pair; the value may hold '=' itself.
std::pair<std::string, std::string> KeyValue(const std::string& text) {
  size_t equals = text.find('=');
  if (equals == std::string::npos) {
    throw Error(ErrorKind::kUsage, "--run-info '" + text + "': expected KEY=VALUE");
  }
  return {text.substr(0, equals), text.substr(equals + 1)};
}

}  // namespace

LntOptions ParseLntOptions(int argc, char** argv) {
  LntOptions options;
  CLI::App app{"Write timeit results as an LNT report (format 2), for `lnt submit`.", "timeit-lnt"};
  app.footer(
      "Examples:\n"
      "  timeit-lnt --order 1234 results.json -o report.json\n"
      "  timeit-lnt results.json > report.json     (its runs recorded with timeit --label 1234)\n"
      "  timeit-lnt --order 1234 --schema timeit --machine bot1 a.json b.json > report.json\n"
      "Exit status: 0 when the report was written; 2 for bad usage or input.");
  app.option_defaults()->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);

  app.add_option("inputs", options.inputs, "Results files (their runs are pooled into one LNT run)")->required();
  app.add_option("--order", options.order,
                 "The run's order, llvm_project_revision: a revision or version LNT sorts runs by (default: the "
                 "label the inputs' runs carry, timeit --label's or an LNT report's order, when they carry one)");
  CLI::Option* machine =
      app.add_option("--machine", options.report.machine_name,
                     "Machine name (default: the one an input LNT report names, else the hostname the results record)");
  AddChoice(app, "--schema", options.report.schema, kLntSchemaSpellings,
            "LNT test suite: nts (every server has it; no counters) or timeit (share/lnt/timeit.yaml, with counters)");
  app.add_option(
      "--exec-metric", options.report.exec_metric,
      "Metric reported as execution_time (default: exec_time, else execution_time, else task-clock, else user)");
  CLI::Option* start_time =
      app.add_option("--start-time", options.report.start_time,
                     "The run's start, UTC: YYYY-MM-DD HH:MM:SS or YYYY-MM-DDTHH:MM:SS[Z] (default: from the inputs)");
  CLI::Option* end_time = app.add_option("--end-time", options.report.end_time,
                                         "The run's end, UTC, as --start-time (default: from the inputs)");
  std::vector<std::string> run_info;
  app.add_option("--run-info", run_info, "Extra run field KEY=VALUE (repeatable)")
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll)
      ->allow_extra_args(false);
  AddOutputOption(app, options.output);
  AddVersionFlag(app, TimeitVersion());
  ParseCommandLine(app, argc, argv);
  // An empty name would otherwise mean "none given", and the hostname would stand in for it.
  if (machine->count() > 0 && options.report.machine_name.empty()) {
    throw Error(ErrorKind::kUsage, "--machine: the machine name is empty");
  }
  // Likewise an empty time, which would stand for "from the inputs".
  for (const CLI::Option* time : {start_time, end_time}) {
    if (time->count() > 0 && time->as<std::string>().empty()) {
      throw Error(ErrorKind::kUsage, time->get_name() + ": the time is empty");
    }
  }
  for (const std::string& text : run_info) options.report.run_info.push_back(KeyValue(text));
  return options;
}

}  // namespace timeit
