#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <string_view>

#include "timeit/samples/samples.h"

/// The times of runs that files record, or imply by when they were written.
namespace timeit {

/// timeit's name for a run's wall time (measure/measurement), which summaries share.
inline constexpr std::string_view kWallTimeMetric = "real";

/// When a file was last modified, as the kernel keeps it.
using FileTime = std::chrono::sys_time<std::chrono::nanoseconds>;

/// `text` as "YYYY-MM-DDTHH:MM:SSZ" (UTC), from the spellings LNT accepts: "%Y-%m-%d
/// %H:%M:%S" (UTC) or ISO 8601 with a 'T', fractions of a second (dropped) and a zone ('Z',
/// +HH:MM, +HHMM, +HH; none means UTC). Nullopt for anything else.
std::optional<std::string> UtcTimestampOf(std::string_view text);

/// The time `text` names, read as UtcTimestampOf reads it; nullopt for anything else.
std::optional<std::chrono::sys_seconds> UtcTimeOf(std::string_view text);

/// `time` as "YYYY-MM-DDTHH:MM:SSZ".
std::string UtcTimestamp(std::chrono::sys_seconds time);

/// Notes in into.provenance() the runs of `path`, a file that records no time: they ended
/// when it was `written`, and started `seconds_taken` before, when that is known (finite and
/// not negative). The start is rounded down and the end up to whole seconds, so that what
/// they span holds the runs. Nothing when `written` is not known.
void NoteWrittenRuns(const std::string& path, std::optional<FileTime> written, double seconds_taken, SampleSet& into);

}  // namespace timeit
