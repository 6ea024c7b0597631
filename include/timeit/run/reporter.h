#pragma once

#include <functional>
#include <ostream>
#include <string>
#include <string_view>
#include <utility>

namespace timeit {

/// What the front end knows of where the messages go, for the progress line
/// (run/progress_line.h).
struct MessagesTerminal {
  /// The messages go to a terminal that redraws a line in place (RedrawsInPlace).
  bool redraws = false;
  /// timeit's stdout, which the program inherits unless it is redirected, is where the
  /// messages go (the same terminal, pipe or file).
  bool shared_with_stdout = false;
  /// The terminal's width now, in columns; empty: 80.
  std::function<int()> columns;
  /// Whether timeit may draw on the messages now (InForeground): not while the shell has
  /// put it in the background; empty: always.
  std::function<bool()> foreground;
  /// Seconds on a monotonic clock; empty: std::chrono::steady_clock.
  std::function<double()> clock;
};

/// Where timeit's messages go, and the name they give it: every line a run writes about
/// itself goes through here, so the front end chooses the streams and a test reads them.
class Reporter {
 public:
  /// `program_name` as messages show it (argv[0] as typed, like tools/timeit.c, already
  /// fit for display); `messages` takes every message, report and run table (stderr);
  /// `output` what timeit prints as its own result (stdout: --calibrate's report without a
  /// command); `terminal` says what the messages go to, for the progress line.
  Reporter(std::string program_name, std::ostream& messages, std::ostream& output, MessagesTerminal terminal)
      : program_name_(std::move(program_name)), messages_(messages), output_(output), terminal_(std::move(terminal)) {}
  /// `terminal`: the messages go to a terminal that redraws in place, which nothing else shares.
  Reporter(std::string program_name, std::ostream& messages, std::ostream& output, bool terminal)
      : Reporter(std::move(program_name), messages, output, RedrawingTerminal(terminal)) {}

  const std::string& program_name() const { return program_name_; }
  /// The messages' stream, once anything drawn there to be redrawn (the progress line) is
  /// taken off.
  std::ostream& messages() {
    if (before_message_) before_message_();
    return messages_;
  }
  std::ostream& output() { return output_; }
  const MessagesTerminal& terminal() const { return terminal_; }
  /// The messages' stream as it is, for the progress line itself.
  std::ostream& line_sink() { return messages_; }

  /// Starts a message: writes "NAME: " and returns the stream for the rest of the line.
  std::ostream& Line() { return messages() << program_name_ << ": "; }
  /// "NAME: error: MESSAGE", the message escaped for display: messages quote event names,
  /// paths and the command, which must not reach the terminal raw.
  void PrintError(std::string_view message);

  /// While alive, every message first calls `take_off` (which erases the progress line), so
  /// that no message lands on what is drawn on the messages' last row. One at a time.
  class BeforeEachMessage {
   public:
    BeforeEachMessage(Reporter& reporter, std::function<void()> take_off) : reporter_(reporter) {
      reporter_.before_message_ = std::move(take_off);
    }
    ~BeforeEachMessage() { reporter_.before_message_ = nullptr; }
    BeforeEachMessage(const BeforeEachMessage&) = delete;
    BeforeEachMessage& operator=(const BeforeEachMessage&) = delete;

   private:
    Reporter& reporter_;
  };

 private:
  static MessagesTerminal RedrawingTerminal(bool redraws) {
    MessagesTerminal terminal;
    terminal.redraws = redraws;
    return terminal;
  }
  std::string program_name_;
  std::ostream& messages_;
  std::ostream& output_;
  MessagesTerminal terminal_;
  std::function<void()> before_message_;
};

}  // namespace timeit
