#include "timeit/run/results_sink.h"

namespace timeit {

void ResultsFiles::CheckTarget(const std::string& path) { CheckResultsTarget(path); }

bool ResultsFiles::AddRuns(const std::string& path, const RunIdentity& identity, const std::vector<Measurement>& runs,
                           const HostInfo& host, const LockWait& wait) {
  return AppendRuns(path, identity, runs, host, wait);
}

void ResultsFiles::AddSeriesRecord(const std::string& path, const SeriesRecord& record, const LockWait& wait) {
  AppendSeriesRecord(path, record, wait);
}

}  // namespace timeit
