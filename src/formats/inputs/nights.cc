#include "timeit/formats/inputs/nights.h"

#include <algorithm>
#include <cctype>
#include <deque>
#include <filesystem>
#include <future>
#include <thread>

#include "timeit/formats/inputs/results_reader.h"

namespace timeit {
namespace {

bool IsDigit(char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; }

NightRead ReadNight(size_t index, const std::string& path, const std::vector<std::string>& metrics) {
  NightRead read;
  try {
    SampleSet samples(metrics);
    read.files = ReadSide({path}, samples, read.warnings);
    read.samples = std::move(samples);
  } catch (const Error& error) {
    read.error = Error(error.kind(), "night " + std::to_string(index) + " ('" + path + "'): " + error.what());
  }
  return read;
}

}  // namespace

bool NaturalLess(const std::string& a, const std::string& b) {
  size_t i = 0, j = 0;
  while (i < a.size() && j < b.size()) {
    if (IsDigit(a[i]) && IsDigit(b[j])) {
      // Numbers of any length: without leading zeros, the shorter is the smaller.
      size_t a_start = i, b_start = j;
      while (i < a.size() && IsDigit(a[i])) ++i;
      while (j < b.size() && IsDigit(b[j])) ++j;
      std::string_view x(a.data() + a_start, i - a_start), y(b.data() + b_start, j - b_start);
      std::string_view x_value = x.substr(std::min(x.find_first_not_of('0'), x.size()));
      std::string_view y_value = y.substr(std::min(y.find_first_not_of('0'), y.size()));
      if (x_value.size() != y_value.size()) return x_value.size() < y_value.size();
      if (x_value != y_value) return x_value < y_value;
      if (x.size() != y.size()) return x.size() < y.size();  // "07" after "7": any order, but one
      continue;
    }
    if (a[i] != b[j]) return static_cast<unsigned char>(a[i]) < static_cast<unsigned char>(b[j]);
    ++i;
    ++j;
  }
  return a.size() - i < b.size() - j;
}

std::vector<std::string> NightsInDirectory(const std::string& directory) {
  std::vector<std::string> names;
  std::error_code error;
  for (std::filesystem::directory_iterator it(directory, error), end; !error && it != end; it.increment(error)) {
    std::string name = it->path().filename().string();
    if (!name.starts_with(".")) names.push_back(name);
  }
  if (error) throw Error(ErrorKind::kInput, "cannot read directory '" + directory + "': " + error.message());
  if (names.empty()) throw Error(ErrorKind::kInput, "directory '" + directory + "' holds no night");
  std::sort(names.begin(), names.end(), NaturalLess);
  std::string prefix = directory.ends_with("/") ? directory : directory + "/";
  for (std::string& name : names) name = prefix + name;
  return names;
}

void ReadNights(const std::vector<std::string>& paths, const std::vector<std::string>& metrics,
                const std::function<void(size_t index, NightRead& read)>& night) {
  size_t at_once = std::clamp<size_t>(std::thread::hardware_concurrency(), 1, 4);
  std::deque<std::future<NightRead>> reading;
  size_t next = 0;
  auto start_next = [&] {
    reading.push_back(std::async(std::launch::async, ReadNight, next, std::cref(paths[next]), std::cref(metrics)));
    ++next;
  };
  for (size_t index = 0; index < paths.size(); ++index) {
    while (next < paths.size() && reading.size() < at_once) start_next();
    NightRead read = reading.front().get();
    reading.pop_front();
    night(index, read);
  }
}

}  // namespace timeit
