#include "timeit/run/progress_line.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <string_view>
#include <utility>

#include "timeit/base/text_format.h"
#include "timeit/base/utf8.h"
#include "timeit/measure/adaptive.h"
#include "timeit/stats/statistics.h"

namespace timeit {
namespace {

// The terminal's width where it does not say: the width terminals open with.
constexpr int kDefaultColumns = 80;

// Erase the cursor's row from the cursor on, after a carriage return: the whole row.
constexpr std::string_view kEraseRow = "\r\033[K";
// Make sure a row exists below the cursor (index down, scrolling at the bottom, then back
// up, the column kept), save the cursor there, and go down to that row's start: the line
// is then drawn below whatever the program left on the cursor's row.
constexpr std::string_view kBelowProgramOutput = "\033D\033M\0337\033D\r\033[K";
// Erase the line's row, then put the cursor back where the program left it.
constexpr std::string_view kBackToProgramOutput = "\r\033[K\0338";

// The smallest room a command's name is shortened into ("./ba.../pi"); with less it is left
// out, as too little of it would be left to tell the commands apart.
constexpr int kShortestName = 10;
constexpr std::string_view kEllipsis = "...";

// A character's bytes in `text`, and the columns it may take: one for ASCII, two for
// anything else (a wide character takes two; assuming it of every one keeps the line from
// wrapping). A byte that is not well-formed UTF-8 is a character of its own.
struct Piece {
  std::string_view bytes;
  int columns;
};

std::vector<Piece> PiecesOf(std::string_view text) {
  std::vector<Piece> pieces;
  for (size_t i = 0; i < text.size();) {
    std::optional<Utf8Character> character = Utf8CharacterAt(text, i);
    size_t length = character ? character->length : 1;
    bool ascii = static_cast<unsigned char>(text[i]) < 0x80;
    pieces.push_back({text.substr(i, length), ascii ? 1 : 2});
    i += length;
  }
  return pieces;
}

int ColumnsOf(std::string_view text) {
  int columns = 0;
  for (const Piece& piece : PiecesOf(text)) columns += piece.columns;
  return columns;
}

// The start of `text` that fits in `columns`.
std::string Cut(std::string_view text, int columns) {
  std::string kept;
  for (const Piece& piece : PiecesOf(text)) {
    if (piece.columns > columns) break;
    columns -= piece.columns;
    kept += piece.bytes;
  }
  return kept;
}

// `text` in `columns` (at least kShortestName): whole if it fits, else its start and end
// around "...", the start the longer.
std::string ShortenMiddle(std::string_view text, int columns) {
  if (ColumnsOf(text) <= columns) return std::string(text);
  std::vector<Piece> pieces = PiecesOf(text);
  int room = columns - static_cast<int>(kEllipsis.size());
  int back_room = room / 2;
  int front_room = room - back_room;
  std::string front;
  for (size_t i = 0; i < pieces.size() && pieces[i].columns <= front_room; ++i) {
    front_room -= pieces[i].columns;
    front += pieces[i].bytes;
  }
  std::string back;
  for (size_t i = pieces.size(); i > 0 && pieces[i - 1].columns <= back_room; --i) {
    back_room -= pieces[i - 1].columns;
    back.insert(0, pieces[i - 1].bytes);
  }
  return front + std::string(kEllipsis) + back;
}

double SteadySeconds() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

}  // namespace

std::string FormatDuration(double seconds, bool round_up) {
  // Beyond a century nobody waits; the cap keeps the conversion defined.
  constexpr double kLongest = 100.0 * 365 * 24 * 3600;
  double whole = std::isfinite(seconds) ? std::clamp(round_up ? std::ceil(seconds) : std::floor(seconds), 0.0, kLongest)
                                        : (seconds > 0 ? kLongest : 0.0);
  auto total = static_cast<long long>(whole);
  long long hours = total / 3600;
  long long minutes = total / 60 % 60;
  long long secs = total % 60;
  if (hours > 0) return StringPrintf("%lld:%02lld:%02lld", hours, minutes, secs);
  return StringPrintf("%lld:%02lld", minutes, secs);
}

std::string FormatProgressLine(const ProgressState& state, int columns) {
  std::string prefix = state.program_name + ": ";
  if (state.adaptive && state.kind == RunKind::kMeasured) {
    prefix += "adaptive: ";
    prefix += state.adaptive->rmad_percent ? StringPrintf("rMAD now %.2f%%", *state.adaptive->rmad_percent)
                                           : std::string("rMAD not yet known");
    prefix += ", target " + ShortestDecimal(state.adaptive->target_percent) + "%, ";
  } else if (state.kind == RunKind::kWarmup) {
    prefix += "warmup ";
  }
  prefix += "run " + std::to_string(state.run) + " of " +
            (state.adaptive && state.kind == RunKind::kMeasured ? "at most " : "") + std::to_string(state.of);
  std::string times = ", " + FormatDuration(state.elapsed_seconds, false) + " elapsed";
  if (state.left_seconds) {
    times += std::string(", ") + (state.left_is_bound ? "at most " : "about ") +
             FormatDuration(*state.left_seconds, true) + " left";
  }

  const int limit = std::max(columns - 1, 1);
  std::string line = prefix;
  if (!state.command.empty()) {
    int room = limit - ColumnsOf(prefix) - ColumnsOf(times) - 2;
    if (ColumnsOf(state.command) <= room || room >= kShortestName) {
      line += ": " + ShortenMiddle(state.command, room);
    }
  }
  line += times;
  return ColumnsOf(line) <= limit ? line : Cut(line, limit);
}

std::optional<double> EstimateTimeLeft(double elapsed_seconds, int runs_done, int runs_left) {
  if (runs_done <= 0) return std::nullopt;
  return elapsed_seconds / runs_done * std::max(runs_left, 0);
}

ProgressLine::ProgressLine(ProgressMode mode, ProgressPlan plan, ProgressOutput output)
    : plan_(std::move(plan)), output_(std::move(output)) {
  if (!output_.columns) output_.columns = [] { return kDefaultColumns; };
  if (!output_.clock) output_.clock = SteadySeconds;
  if (!output_.foreground) output_.foreground = [] { return true; };
  long long commands = static_cast<long long>(plan_.command_names.size());
  long long runs = (static_cast<long long>(plan_.warmup_runs) + plan_.measured_runs) * std::max(commands, 1LL);
  // One run is the whole series: there is no progress to show.
  if (mode == ProgressMode::kNever || runs <= 1 || output_.sink == nullptr) return;
  if (mode == ProgressMode::kAuto) {
    // A program writing to the same terminal would write on the line, and a line that
    // only shows between two runs shows for an instant: not worth drawing unasked.
    if (!output_.terminal || output_.shared_with_program) return;
    placement_ = Placement::kDuringRuns;
    delayed_ = true;
  } else {
    placement_ = output_.shared_with_program ? Placement::kBetweenRuns : Placement::kDuringRuns;
  }
  if (plan_.adaptive) measured_.resize(static_cast<size_t>(std::max(commands, 1LL)));
}

ProgressLine::~ProgressLine() {
  try {
    Erase();
  } catch (...) {
    // A stream set to throw: the run's own error matters more than a line left drawn.
  }
}

void ProgressLine::RunStarting(const RunSlot& slot) {
  if (placement_ == Placement::kNone) return;
  double now = output_.clock();
  if (!start_) start_ = now;
  if (placement_ == Placement::kBetweenRuns) {
    Erase();
    return;
  }
  if (delayed_) {
    if (now - *start_ < kAutoDelaySeconds) return;
    delayed_ = false;
  }
  Draw(slot, now);
}

void ProgressLine::RunFinished(const RunSlot& slot, const Measurement& run) {
  if (placement_ == Placement::kNone || run.failure == LaunchFailure::kInterrupted) return;
  ++runs_done_;
  runs_seconds_ += run.real_seconds;
  if (slot.kind == RunKind::kWarmup) {
    ++warmups_done_;
  } else {
    measured_seconds_ += run.real_seconds;
    if (plan_.adaptive && static_cast<size_t>(slot.command) < measured_.size()) {
      measured_[static_cast<size_t>(slot.command)].push_back(run);
    }
  }
  if (placement_ == Placement::kBetweenRuns) Draw(slot, output_.clock());
}

void ProgressLine::Erase() {
  if (!drawn_) return;
  *output_.sink << (placement_ == Placement::kBetweenRuns ? kBackToProgramOutput : kEraseRow) << std::flush;
  drawn_ = false;
}

std::optional<double> ProgressLine::LargestRelativeMad() const {
  PrimaryMetric metric = PrimaryMetricOf(measured_);
  std::optional<double> largest;
  for (const std::vector<Measurement>& runs : measured_) {
    std::vector<double> values = PrimaryValuesOf(runs, metric).values;
    if (values.size() < 2) return std::nullopt;
    double rmad = stats::RelativeMad(values);
    if (std::isnan(rmad)) return std::nullopt;
    largest = std::max(largest.value_or(rmad), rmad);
  }
  return largest;
}

ProgressState ProgressLine::StateAt(const RunSlot& slot, double now) const {
  ProgressState state;
  state.program_name = plan_.program_name;
  state.kind = slot.kind;
  state.run = slot.position + 1;
  state.of = slot.total;
  if (plan_.command_names.size() > 1 && static_cast<size_t>(slot.command) < plan_.command_names.size()) {
    state.command = plan_.command_names[static_cast<size_t>(slot.command)];
  }
  state.elapsed_seconds = now - start_.value_or(now);
  int commands = std::max(static_cast<int>(plan_.command_names.size()), 1);
  int runs = (plan_.warmup_runs + plan_.measured_runs) * commands;
  state.left_seconds = EstimateTimeLeft(state.elapsed_seconds, runs_done_, runs - runs_done_);
  if (plan_.adaptive) {
    state.left_is_bound = true;
    state.adaptive = ProgressState::Adaptive{plan_.adaptive->target_rmad_percent, LargestRelativeMad()};
    if (state.left_seconds && runs_seconds_ > 0) {
      // --max-time bounds the measured runs' own wall time; the series' time besides (the
      // warmups, starting and saving each run) goes on at the pace so far.
      double pace = state.elapsed_seconds / runs_seconds_;
      double warmups_left = plan_.warmup_runs * commands - warmups_done_;
      double by_time = std::max(plan_.adaptive->max_seconds - measured_seconds_, 0.0) * pace +
                       state.elapsed_seconds / runs_done_ * warmups_left;
      state.left_seconds = std::min(*state.left_seconds, by_time);
    }
  }
  return state;
}

void ProgressLine::Draw(const RunSlot& slot, double now) {
  if (!output_.foreground()) {
    // In the background the shell has written since (its prompt, "[1]+ Stopped"): the
    // line, if still shown, is no longer on the row that erasing it would clear.
    drawn_ = false;
    return;
  }
  std::string text = FormatProgressLine(StateAt(slot, now), output_.columns());
  *output_.sink << (placement_ == Placement::kBetweenRuns ? kBelowProgramOutput : kEraseRow) << text << std::flush;
  drawn_ = true;
}

}  // namespace timeit
