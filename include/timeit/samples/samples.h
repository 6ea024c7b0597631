#pragma once

#include <cmath>
#include <cstddef>
#include <map>
#include <set>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

/// The samples a comparison works on: per benchmark, per metric, one value per run. The
/// results reader fills them; the statistics never see where they came from.
namespace timeit {

/// A metric's value as every format records it: a finite, non-negative number. Writers
/// leave out any other (a counter that never ran has no value) and readers refuse one.
inline bool IsValidMetric(double value) { return std::isfinite(value) && value >= 0; }

/// Everything recorded about one benchmark on one side of a comparison, pooled from
/// every file and every run that names it.
struct BenchmarkSamples {
  std::string name;
  /// Metric name -> its value in each successful run that has it, in file order. (std::less<>:
  /// readers look a name up without making a std::string of it.)
  std::map<std::string, std::vector<double>, std::less<>> metrics;
  /// Runs read, and how many of them failed (non-zero exit, signal, timeout, exec or
  /// setup failure). Failed runs are counted here and left out of `metrics`: a crash's
  /// time says nothing about the program's speed.
  size_t runs = 0;
  size_t failed_runs = 0;
  /// The program's hash as the files give it (lit's and LNT's `hash`: an MD5 of the
  /// binary), each distinct one once. Empty when no file says.
  std::set<std::string, std::less<>> hashes;
};

/// Where and when one side's runs were taken, as far as its files say.
struct SampleProvenance {
  /// Each distinct host block met (timeit's `host`, an LNT report's `machine`), its
  /// scalar fields as text (numbers and booleans in their JSON spelling), in order met.
  std::vector<std::map<std::string, std::string, std::less<>>> hosts;
  /// The earliest and latest run start met, as the files spell them (ISO 8601 UTC,
  /// "2026-12-01T08:07:10Z"); empty when none says.
  std::string first_start;
  std::string last_start;
  /// What files that record no time imply: lit's JSON and summaries are written as their
  /// runs end (the file's modification time), and say how long the runs took (lit's
  /// "elapsed", a summary's "real"). The earliest start and the latest end so implied,
  /// spelled as first_start, each with the file it comes from; empty when no such file
  /// was read (the start also when none said how long its runs took).
  std::string written_first_start;
  std::string written_first_start_file;
  std::string written_last_end;
  std::string written_last_end_file;

  /// Each distinct label the runs carry, in order met: what the run was of (timeit's
  /// --label, recorded in each run; an LNT report's run order, llvm_project_revision).
  /// timeit-history names a night by it. Empty when no file says.
  std::vector<std::string> labels;

  /// Adds `host` unless an equal block is there already.
  void NoteHost(std::map<std::string, std::string, std::less<>> host);
  /// Adds `label` unless it is there already (an empty one says nothing).
  void NoteLabel(std::string_view label);
  /// Widens [first_start, last_start] to `start` (ISO 8601 UTC strings order as times).
  void NoteStart(std::string_view start);
  /// Widens [written_first_start, written_last_end] to the runs of `file`, which started
  /// at `start` (empty: not known) and ended at `end`.
  void NoteWrittenRuns(std::string_view file, std::string_view start, std::string_view end);
};

/// The benchmarks of one side, in the order first seen.
class SampleSet {
 public:
  /// Keeps the values of every metric.
  SampleSet() = default;
  /// Keeps the values of the metrics in `kept` only (a comparison needs one or two of the
  /// dozen a run records); the names of the others are still noted.
  explicit SampleSet(std::vector<std::string> kept) : kept_(std::move(kept)), keep_all_(false) {}

  /// The benchmark called `name`, created if new.
  BenchmarkSamples& Get(const std::string& name);
  const BenchmarkSamples* Find(const std::string& name) const;
  const std::vector<BenchmarkSamples>& benchmarks() const { return benchmarks_; }

  /// Whether readers should keep the values of `metric`. Notes its name either way.
  bool Keeps(std::string_view metric);
  /// Adds what `other` holds, as if its files had been read into this set: its runs per
  /// benchmark, the values of the metrics this set keeps, every metric name, its hosts and
  /// run starts. `other` must keep at least the metrics this set keeps.
  void Absorb(const SampleSet& other);

  /// Every metric name a reader met, kept or not.
  const std::set<std::string, std::less<>>& metric_names() const { return metric_names_; }

  SampleProvenance& provenance() { return provenance_; }
  const SampleProvenance& provenance() const { return provenance_; }

 private:
  std::vector<BenchmarkSamples> benchmarks_;
  std::unordered_map<std::string, size_t> index_;
  std::vector<std::string> kept_;
  bool keep_all_ = true;
  std::set<std::string, std::less<>> metric_names_;
  SampleProvenance provenance_;
};

}  // namespace timeit
