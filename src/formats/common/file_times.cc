#include "timeit/formats/common/file_times.h"

#include <charconv>
#include <cmath>
#include <cstdint>

#include "timeit/base/text_format.h"

namespace timeit {
namespace {

// The number of `digits` digits at `text[at]`, or nullopt.
std::optional<int> Digits(std::string_view text, size_t at, size_t digits) {
  if (at + digits > text.size()) return std::nullopt;
  int value = 0;
  auto [end, error] = std::from_chars(text.data() + at, text.data() + at + digits, value);
  if (error != std::errc() || end != text.data() + at + digits) return std::nullopt;
  return value;
}

}  // namespace

std::optional<std::chrono::sys_seconds> UtcTimeOf(std::string_view text) {
  using namespace std::chrono;
  std::optional<int> year = Digits(text, 0, 4), month = Digits(text, 5, 2), day = Digits(text, 8, 2);
  std::optional<int> hour = Digits(text, 11, 2), minute = Digits(text, 14, 2), second = Digits(text, 17, 2);
  if (!year || !month || !day || !hour || !minute || !second) return std::nullopt;
  if (text[4] != '-' || text[7] != '-' || (text[10] != ' ' && text[10] != 'T') || text[13] != ':' || text[16] != ':') {
    return std::nullopt;
  }
  year_month_day date{std::chrono::year(*year), std::chrono::month(static_cast<unsigned>(*month)),
                      std::chrono::day(static_cast<unsigned>(*day))};
  if (!date.ok() || *hour > 23 || *minute > 59 || *second > 59) return std::nullopt;
  size_t at = 19;
  if (at < text.size() && text[at] == '.') {
    ++at;
    size_t fraction = at;
    while (at < text.size() && text[at] >= '0' && text[at] <= '9') ++at;
    if (at == fraction) return std::nullopt;
  }
  minutes offset{0};
  std::string_view zone = text.substr(at);
  if (zone == "Z") {
  } else if (!zone.empty()) {
    if (zone[0] != '+' && zone[0] != '-') return std::nullopt;
    std::optional<int> zone_hours = Digits(zone, 1, 2);
    std::optional<int> zone_minutes = zone.size() == 3 ? 0 : Digits(zone, zone.size() == 6 ? 4 : 3, 2);
    bool shape = zone.size() == 3 || zone.size() == 5 || (zone.size() == 6 && zone[3] == ':');
    if (!shape || !zone_hours || !zone_minutes || *zone_hours > 23 || *zone_minutes > 59) return std::nullopt;
    offset = hours(*zone_hours) + minutes(*zone_minutes);
    if (zone[0] == '-') offset = -offset;
  }
  sys_seconds local = sys_days(date) + hours(*hour) + minutes(*minute) + seconds(*second);
  return local - offset;
}

std::optional<std::string> UtcTimestampOf(std::string_view text) {
  std::optional<std::chrono::sys_seconds> parsed = UtcTimeOf(text);
  if (!parsed) return std::nullopt;
  return UtcTimestamp(*parsed);
}

std::string UtcTimestamp(std::chrono::sys_seconds utc) {
  using namespace std::chrono;
  sys_days utc_day = floor<days>(utc);
  year_month_day utc_date(utc_day);
  hh_mm_ss<seconds> time(utc - utc_day);
  return StringPrintf("%04d-%02u-%02uT%02ld:%02ld:%02lldZ", static_cast<int>(utc_date.year()),
                      static_cast<unsigned>(utc_date.month()), static_cast<unsigned>(utc_date.day()),
                      static_cast<long>(time.hours().count()), static_cast<long>(time.minutes().count()),
                      static_cast<long long>(time.seconds().count()));
}

void NoteWrittenRuns(const std::string& path, std::optional<FileTime> written_at, double seconds_taken,
                     SampleSet& into) {
  using namespace std::chrono;
  if (!written_at) return;
  FileTime written = *written_at;
  // In seconds as a double: a time taken of any size (a summary may say 1e300) cannot
  // overflow, and one longer than the file's age starts no run.
  double start_seconds = std::floor(duration<double>(written.time_since_epoch()).count() - seconds_taken);
  std::string start;
  if (std::isfinite(seconds_taken) && seconds_taken >= 0 && start_seconds >= 0) {
    start = UtcTimestamp(sys_seconds(seconds(static_cast<int64_t>(start_seconds))));
  }
  into.provenance().NoteWrittenRuns(path, start, UtcTimestamp(ceil<seconds>(written)));
}

}  // namespace timeit
