#pragma once

#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "timeit/base/error.h"
#include "timeit/formats/inputs/results_reader.h"
#include "timeit/samples/samples.h"

/// Reading a history: one side of a comparison per night, night after night.
namespace timeit {

/// The nights in `directory`, as paths: every entry but the hidden ones (a leading '.'), in
/// natural order (runs of digits compare as numbers: "night-9" before "night-10", then
/// byte by byte). Throws an input Error when it cannot be read or has no entry.
std::vector<std::string> NightsInDirectory(const std::string& directory);

/// Whether `a` sorts before `b` in natural order.
bool NaturalLess(const std::string& a, const std::string& b);

/// One night as read: its samples, or why it could not be read.
struct NightRead {
  /// Empty when the night could not be read.
  std::optional<SampleSet> samples;
  /// Its Error, naming the night and what is wrong, when it could not be read.
  std::optional<Error> error;
  /// What reading found worth saying, as ReadSide says it.
  std::vector<std::string> warnings;
  /// The files read (none when it could not be read).
  FilesRead files;
};

/// Reads each of `paths` as ReadSide reads a side, keeping the values of `metrics` only, and
/// hands each to `night` with its index, in order. Memory holds only the nights being read:
/// as many at once as the machine has cores (at most 4), read side by side while `night`
/// takes the one before.
void ReadNights(const std::vector<std::string>& paths, const std::vector<std::string>& metrics,
                const std::function<void(size_t index, NightRead& read)>& night);

}  // namespace timeit
