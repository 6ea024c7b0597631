#pragma once

#include <stdexcept>
#include <string>

namespace timeit {

/// What went wrong, as far as the caller's exit code is concerned. Each front end maps
/// these to its own exit codes in exactly one place.
enum class ErrorKind {
  /// The user asked for something impossible: bad option value, unknown event, unknown metric.
  kUsage,
  /// Input data is unreadable or malformed (a results file that does not parse).
  kInput,
  /// The system refused something we need to run or record a measurement.
  kSystem,
};

/// The library's only exception type. Its message is complete and user-facing
/// ("cannot open 'x': No such file or directory"); front ends add only their prefix.
class Error : public std::runtime_error {
 public:
  Error(ErrorKind kind, const std::string& message) : std::runtime_error(message), kind_(kind) {}
  ErrorKind kind() const { return kind_; }

 private:
  ErrorKind kind_;
};

/// "<what>: <strerror(error)>", the shape of every system-call error message.
std::string SystemErrorMessage(const std::string& what, int error);

}  // namespace timeit
