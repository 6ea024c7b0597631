#include "timeit/formats/inputs/two_sides.h"

#include <future>

#include "timeit/formats/inputs/results_reader.h"

namespace timeit {
namespace {

struct Side {
  SampleSet samples;
  std::vector<std::string> warnings;
  FilesRead files;
};

Side ReadOneSide(const std::vector<std::string>& paths, const std::vector<std::string>& metrics) {
  Side side{SampleSet(metrics), {}, {}};
  side.files = ReadSide(paths, side.samples, side.warnings);
  return side;
}

}  // namespace

TwoSides ReadTwoSides(const std::vector<std::string>& base_paths, const std::vector<std::string>& new_paths,
                      const std::vector<std::string>& metrics) {
  std::future<Side> base_side = std::async(std::launch::async, ReadOneSide, base_paths, metrics);
  std::future<Side> new_side = std::async(std::launch::async, ReadOneSide, new_paths, metrics);
  Side base = base_side.get();  // the base side's error first, when both have one
  Side candidate = new_side.get();
  std::vector<std::string> shared;
  for (const auto& [identity, path] : base.files) {
    if (candidate.files.count(identity) > 0) shared.push_back(path);
  }
  TwoSides sides{std::move(base.samples), std::move(candidate.samples), std::move(base.warnings), {}};
  if (!shared.empty()) {
    sides.warnings.push_back("'" + shared.front() + "' is read on both sides" +
                             (shared.size() > 1 ? " (and " + std::to_string(shared.size() - 1) + " more files)" : "") +
                             ": its runs are compared with themselves");
  }
  sides.warnings.insert(sides.warnings.end(), candidate.warnings.begin(), candidate.warnings.end());
  sides.files = std::move(base.files);
  sides.files.merge(candidate.files);
  return sides;
}

}  // namespace timeit
