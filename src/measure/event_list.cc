#include "timeit/measure/event_list.h"

#include <algorithm>

#include "timeit/base/error.h"

namespace timeit {

std::vector<std::string> DefaultEvents() {
  return {"task-clock",       "cycles",       "instructions",     "branches",       "branch-misses",
          "cache-references", "cache-misses", "context-switches", "cpu-migrations", "page-faults"};
}

std::vector<std::string> ParseEventList(std::string_view list) {
  std::vector<std::string> events;
  size_t start = 0;
  while (true) {
    size_t comma = list.find(',', start);
    std::string_view item =
        list.substr(start, comma == std::string_view::npos ? std::string_view::npos : comma - start);
    // Surrounding blanks are a typing accident, not part of any libpfm4 name.
    while (!item.empty() && item.front() == ' ') item.remove_prefix(1);
    while (!item.empty() && item.back() == ' ') item.remove_suffix(1);
    if (item.empty()) {
      throw Error(ErrorKind::kUsage, "empty event name in event list '" + std::string(list) + "'");
    }
    if (std::find(events.begin(), events.end(), item) == events.end()) events.emplace_back(item);
    if (comma == std::string_view::npos) break;
    start = comma + 1;
  }
  return events;
}

}  // namespace timeit
