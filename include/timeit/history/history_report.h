#pragma once

#include <cstddef>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "timeit/history/change_points.h"
#include "timeit/history/night_series.h"
#include "timeit/samples/samples.h"

/// A history of nights, benchmark by benchmark: the nights' samples go in one night at a
/// time, and out come every series' change points, ordered for a person to read and marked
/// for a bot to act on.
namespace timeit::history {

/// One night as given: its place among the nights, what its runs were of, where it was read.
struct NightInfo {
  size_t index = 0;
  /// The one label its runs record; with several, "FIRST..LAST"; with none, the name of its
  /// file or directory.
  std::string label;
  std::string path;
  /// Skipped because it could not be read (--skip-unreadable): a gap in every series.
  bool skipped = false;
};

/// The label of a night read from `path` whose runs recorded `labels` (in order met).
std::string NightLabel(const std::vector<std::string>& labels, const std::string& path);

/// One benchmark's metric over the nights, analysed.
struct HistorySeries {
  std::string benchmark;
  std::string metric;
  NightSeries nights;
  SeriesAnalysis analysis;
};

/// A change point of one series, with what a reader of many series needs to place it.
struct HistoryChange {
  /// Into HistoryReport::series.
  size_t series = 0;
  ChangePoint change;
  /// Whether it starts within the last `recent` nights given.
  bool recent = false;
};

struct HistoryOptions {
  HistorySettings settings;
  /// The metrics to analyse (one asked for twice is analysed once); empty: per benchmark,
  /// the first of DefaultMetricCandidates() that any night has values of.
  std::vector<std::string> metrics;
  /// How many of the last nights count as recent (HistoryChange::recent).
  size_t recent = 7;
};

struct HistoryReport {
  HistoryOptions options;
  std::vector<NightInfo> nights;
  /// Every series with values in at least one night, by benchmark in the order first met,
  /// then metric in the order asked (or the default's).
  std::vector<HistorySeries> series;
  /// Newest first (by the night the new level starts), regressions before improvements at
  /// one night, then in series order.
  std::vector<HistoryChange> changes;
  /// Series with fewer present nights than the method needs (SeriesAnalysis::too_few_nights).
  size_t too_few_nights = 0;

  size_t regressions() const;
  size_t improvements() const;
  /// Whether a regression starts within the recent nights: what --fail-on-regression acts on.
  bool any_recent_regression() const;
};

/// Collects the nights one at a time, keeping per benchmark and metric only the values of
/// each night's runs (never a night's files), then analyses every series.
class HistoryBuilder {
 public:
  explicit HistoryBuilder(HistoryOptions options);

  /// The metrics a reader must keep the values of.
  std::vector<std::string> MetricsToRead() const;

  /// Adds the next night, read from `path` into `samples`.
  void AddNight(const std::string& path, const SampleSet& samples);
  /// Adds the next night as a gap in every series: it could not be read.
  void SkipNight(const std::string& path);

  /// Analyses every series. Throws a usage Error when fewer than 2 nights were given or a
  /// metric asked for is in no night (naming those the nights have), and an input Error
  /// when no benchmark has values in two nights.
  HistoryReport Finish();

 private:
  struct Benchmark {
    std::string name;
    /// Per metric read, in MetricsToRead() order.
    std::vector<NightSeries> series;
  };
  HistoryOptions options_;
  std::vector<std::string> metrics_to_read_;
  std::vector<NightInfo> nights_;
  std::vector<Benchmark> benchmarks_;
  std::map<std::string, size_t, std::less<>> benchmark_index_;
  std::set<std::string, std::less<>> metric_names_;
};

}  // namespace timeit::history
