#pragma once

#include <string>
#include <vector>

namespace timeit {

/// What runs were, as each of their records in a results file says it: the benchmark, the
/// command that ran it, and what it was a run of.
struct RunIdentity {
  /// The benchmark's name (timeit's --name, by default the command line).
  std::string name;
  /// The command, one argument per element.
  std::vector<std::string> command;
  /// What the runs were of, as the user named it (timeit's --label: a revision, an order),
  /// so that a history can name its nights; empty: none, and the record has no label.
  std::string label = {};
};

}  // namespace timeit
