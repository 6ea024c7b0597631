#pragma once

#include <ostream>
#include <string>
#include <string_view>
#include <utility>

namespace timeit {

/// Where timeit's messages go, and the name they give it: every line a run writes about
/// itself goes through here, so the front end chooses the streams and a test reads them.
class Reporter {
 public:
  /// `program_name` as messages show it (argv[0] as typed, like tools/timeit.c, already
  /// fit for display); `messages` takes every message, report and run table (stderr);
  /// `output` what timeit prints as its own result (stdout: --calibrate's report without a
  /// command); `terminal` says whether `messages` is a terminal, the only place a progress
  /// line is drawn.
  Reporter(std::string program_name, std::ostream& messages, std::ostream& output, bool terminal)
      : program_name_(std::move(program_name)), messages_(messages), output_(output), terminal_(terminal) {}

  const std::string& program_name() const { return program_name_; }
  std::ostream& messages() { return messages_; }
  std::ostream& output() { return output_; }
  bool terminal() const { return terminal_; }

  /// Starts a message: writes "NAME: " and returns the stream for the rest of the line.
  std::ostream& Line() { return messages_ << program_name_ << ": "; }
  /// "NAME: error: MESSAGE", the message escaped for display: messages quote event names,
  /// paths and the command, which must not reach the terminal raw.
  void PrintError(std::string_view message);

 private:
  std::string program_name_;
  std::ostream& messages_;
  std::ostream& output_;
  bool terminal_;
};

}  // namespace timeit
