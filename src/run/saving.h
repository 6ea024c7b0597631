#pragma once

#include <exception>
#include <string>

#include "timeit/base/error.h"
#include "timeit/formats/results/results_file.h"
#include "timeit/run/reporter.h"
#include "timeit/run/run_options.h"

namespace timeit {

/// Runs that write a result: a failure is reported and remembered (the exit code becomes
/// 66) but never stops the other outputs, and nothing already measured is lost to an abort.
class ResultWriter {
 public:
  explicit ResultWriter(Reporter& reporter) : reporter_(reporter) {}

  template <typename Writing>
  void Write(Writing&& write) {
    try {
      write();
    } catch (const Error& error) {
      Fail(error.what());
    } catch (const std::exception& error) {
      Fail(std::string("internal error while recording the run: ") + error.what());
    } catch (...) {
      Fail("internal error while recording the run: an exception of unknown type");
    }
  }
  bool failed() const { return failed_; }

 private:
  void Fail(const std::string& message) {
    reporter_.PrintError(message);
    failed_ = true;
  }
  Reporter& reporter_;
  bool failed_ = false;
};

/// What became of a results file during the series.
struct ResultsFileState {
  /// Every run meant for it so far went in.
  bool saving = true;
  /// At least one run went in.
  bool written = false;
};

/// Waiting for a results file's lock: --lock-timeout, or until timeit is told to stop.
LockWait LockWaitOf(const RunOptions& options);

}  // namespace timeit
