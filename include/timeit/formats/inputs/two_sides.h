#pragma once

#include <string>
#include <vector>

#include "timeit/formats/inputs/results_reader.h"
#include "timeit/samples/samples.h"

/// The two sides of a comparison, read together.
namespace timeit {

struct TwoSides {
  SampleSet base;
  SampleSet candidate;
  /// What reading found worth saying (lines skipped, files named twice, a file read on
  /// both sides), base's first, each without a prefix.
  std::vector<std::string> warnings;
  /// The files read, of both sides.
  FilesRead files;
};

/// Reads `base_paths` and `new_paths` as ReadSide reads each side, keeping the values of
/// `metrics` only (the others are still named). Parsing is nearly all of a comparison's
/// time on large files and the sides are independent, so they are read on two cores. A
/// file reached from both sides is compared with itself, which is allowed but rarely
/// meant: a warning says so. Throws the base side's error first when both have one.
TwoSides ReadTwoSides(const std::vector<std::string>& base_paths, const std::vector<std::string>& new_paths,
                      const std::vector<std::string>& metrics);

}  // namespace timeit
