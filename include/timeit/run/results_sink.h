#pragma once

#include <string>
#include <vector>

#include "timeit/formats/results/results_file.h"
#include "timeit/formats/results/series_record.h"
#include "timeit/measure/host_info.h"
#include "timeit/measure/measurement.h"

namespace timeit {

/// Where a run's results are saved. The run decides what is saved and when (each run as
/// it ends, the series records after the last); this does the saving, and says what went
/// wrong by throwing an Error, as the results files' writer does.
class ResultsSink {
 public:
  virtual ~ResultsSink() = default;
  /// Before anything runs: throws when `path` cannot take runs (CheckResultsTarget).
  virtual void CheckTarget(const std::string& path) = 0;
  /// Adds `runs` of `identity` (a benchmark, its command, the label of its runs) to `path`,
  /// with a header for `host` if the file has none; returns whether it wrote one (AppendRuns).
  virtual bool AddRuns(const std::string& path, const RunIdentity& identity, const std::vector<Measurement>& runs,
                       const HostInfo& host, const LockWait& wait) = 0;
  /// Adds the series record to `path` (AppendSeriesRecord).
  virtual void AddSeriesRecord(const std::string& path, const SeriesRecord& record, const LockWait& wait) = 0;
};

/// The results files themselves (formats/results/results_file.h): timeit's sink.
class ResultsFiles final : public ResultsSink {
 public:
  void CheckTarget(const std::string& path) override;
  bool AddRuns(const std::string& path, const RunIdentity& identity, const std::vector<Measurement>& runs,
               const HostInfo& host, const LockWait& wait) override;
  void AddSeriesRecord(const std::string& path, const SeriesRecord& record, const LockWait& wait) override;
};

}  // namespace timeit
