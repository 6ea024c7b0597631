#pragma once

#include <functional>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "timeit/base/spellings.h"
#include "timeit/measure/measurement.h"
#include "timeit/measure/series.h"

/// The one line timeit redraws while a series runs: which run it is, for how long the series
/// has run, and how long it has to go.
namespace timeit {

/// When the line is drawn (--progress).
enum class ProgressMode {
  /// On a terminal that redraws in place, once the series has run for a second
  /// (ProgressLine::kAutoDelaySeconds), and only when the program's stdout goes elsewhere.
  kAuto,
  /// From the first run, wherever the messages go: a file or a pipe gets the control codes.
  kAlways,
  kNever,
};
inline constexpr Spellings<ProgressMode, 3> kProgressModeSpellings = {{
    {"auto", ProgressMode::kAuto},
    {"always", ProgressMode::kAlways},
    {"never", ProgressMode::kNever},
}};

/// What the line says at one moment.
struct ProgressState {
  /// Fit for display: the base name of the program timeit was run as.
  std::string program_name;
  RunKind kind = RunKind::kMeasured;
  /// The run's number (from 1) among the series' runs of its kind, every command's, and how
  /// many of them the series plans (with `adaptive`, the most it may make).
  int run = 1;
  int of = 1;
  /// The run's command, fit for display; empty when the series has one.
  std::string command;
  double elapsed_seconds = 0;
  /// The time left, once there is an estimate (a run has ended); with `left_is_bound`, the
  /// most it can be.
  std::optional<double> left_seconds;
  bool left_is_bound = false;
  /// --target-rmad: what the runs reached so far.
  struct Adaptive {
    double target_percent = 0;
    /// The largest relative MAD of the primary metric among the commands, the one the
    /// series waits for; nullopt until every command has one (two successful runs).
    std::optional<double> rmad_percent;
  };
  std::optional<Adaptive> adaptive;
};

/// Whole seconds as "m:ss", or "h:mm:ss" from an hour: rounded down for a time elapsed,
/// up for a time left (so that a run still to come is never "0:00" away). 65.2 -> "1:05";
/// 3723 -> "1:02:03".
std::string FormatDuration(double seconds, bool round_up);

/// The line's text, with no control character, at most `columns` - 1 columns wide (the last
/// column is left free: a terminal that wraps on reaching it would move the line down).
/// "timeit: run 3 of 10: NAME, 0:12 elapsed, about 0:28 left"; a warmup's "warmup run 1 of
/// 2"; with --target-rmad "adaptive: rMAD now 1.83%, target 1%, run 7 of at most 100" and
/// "at most 1:02 left". Where it does not fit, the command's name loses its middle
/// ("./very...name"), or is left out where fewer than ten columns are left for it; then the
/// line is cut at its end. A character beyond ASCII counts two columns, the most a terminal
/// gives one, so the line never wraps.
std::string FormatProgressLine(const ProgressState& state, int columns);

/// The time the `runs_left` runs take at the mean time per run so far (`elapsed_seconds`
/// over `runs_done`, the time between runs included); nullopt before a run has ended.
std::optional<double> EstimateTimeLeft(double elapsed_seconds, int runs_done, int runs_left);

/// The series as the line counts it.
struct ProgressPlan {
  std::string program_name;
  /// The commands' names, fit for display; shown when there are two or more.
  std::vector<std::string> command_names;
  /// Runs per command: warmups, and measured runs (with `adaptive`, the most it may make).
  int warmup_runs = 0;
  int measured_runs = 1;
  std::optional<AdaptivePlan> adaptive;
};

/// Where the line is drawn.
struct ProgressOutput {
  std::ostream* sink = nullptr;
  /// The sink is a terminal that redraws a line in place.
  bool terminal = false;
  /// The program's stdout goes where the sink does: its output could land on the line.
  bool shared_with_program = false;
  /// The width of the terminal now (it can be resized between two runs).
  std::function<int()> columns;
  /// Whether the line may be drawn now: not while timeit is a background job, when the
  /// shell's prompt has the terminal's last row. Empty: always.
  std::function<bool()> foreground;
  /// Seconds on a monotonic clock.
  std::function<double()> clock;
};

/// Draws the line while a series runs, on what --progress allows (ProgressMode), and erases
/// it whenever anything else is to be written there, and at the end: its destructor erases
/// it, so that no way out of a series (its end, an interrupt that ends it, an exception)
/// leaves it behind.
///
/// timeit writes only between runs, never while a program runs. Where the program's stdout
/// goes elsewhere, the line is drawn as a run starts and stays while it runs. Where the
/// program's stdout is the line's terminal (only with --progress always: --progress auto
/// then draws nothing), the line would run into the program's output: it is drawn when a
/// run ends, on the row below the program's last output, and erased before the next run
/// starts, with the cursor put back where the program left it.
class ProgressLine {
 public:
  /// How long a series runs under ProgressMode::kAuto before the line appears: a shorter
  /// one would only flicker.
  static constexpr double kAutoDelaySeconds = 1.0;

  ProgressLine(ProgressMode mode, ProgressPlan plan, ProgressOutput output);
  ~ProgressLine();
  ProgressLine(const ProgressLine&) = delete;
  ProgressLine& operator=(const ProgressLine&) = delete;

  /// A run is about to start (the series' observer).
  void RunStarting(const RunSlot& slot);
  /// A run has ended; an interrupt that cancelled it before it started is no run.
  void RunFinished(const RunSlot& slot, const Measurement& run);
  /// Takes the line off, if it is drawn, before something else is written where it is.
  void Erase();
  bool drawn() const { return drawn_; }

 private:
  enum class Placement {
    kNone,
    /// Drawn as a run starts; stays while it runs.
    kDuringRuns,
    /// Drawn as a run ends, below the program's output; erased before the next starts.
    kBetweenRuns,
  };
  /// What the line says of `slot` at the clock's `now`.
  ProgressState StateAt(const RunSlot& slot, double now) const;
  std::optional<double> LargestRelativeMad() const;
  void Draw(const RunSlot& slot, double now);

  ProgressPlan plan_;
  ProgressOutput output_;
  Placement placement_ = Placement::kNone;
  /// ProgressMode::kAuto: the line waits for kAutoDelaySeconds.
  bool delayed_ = false;
  bool drawn_ = false;
  std::optional<double> start_;
  int runs_done_ = 0;
  int warmups_done_ = 0;
  /// Wall time of every run, and of the measured runs, which --max-time bounds.
  double runs_seconds_ = 0;
  double measured_seconds_ = 0;
  /// --target-rmad: each command's measured runs so far.
  std::vector<std::vector<Measurement>> measured_;
};

}  // namespace timeit
