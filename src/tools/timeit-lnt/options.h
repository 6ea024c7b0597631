#pragma once

#include <optional>
#include <string>
#include <vector>

#include "timeit/formats/lnt/lnt_report.h"

namespace timeit {

/// Everything timeit-lnt's command line can say. Defaults are the member initialisers (and
/// those of LntReportOptions).
struct LntOptions {
  /// --machine, --schema, --exec-metric, --run-info, --start-time, --end-time (the order is
  /// left empty: it is `order`, or comes from the inputs).
  LntReportOptions report;
  /// --order; none: the label the inputs' runs carry, when they carry exactly one.
  std::optional<std::string> order;
  /// Results files, pooled into one run as timeit-compare pools one side's.
  std::vector<std::string> inputs;
  /// -o: where the report goes; none = standard output.
  std::optional<std::string> output;
};

/// Parses the command line; throws HelpRequested (src/cli/command_line.h) after printing
/// --help, or a usage Error.
LntOptions ParseLntOptions(int argc, char** argv);

}  // namespace timeit
