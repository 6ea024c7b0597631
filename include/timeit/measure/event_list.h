#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace timeit {

/// The events timeit counts when -e is not given: perf stat's default set without the
/// stalled-cycles events, which few PMUs implement.
std::vector<std::string> DefaultEvents();

/// Splits a comma-separated event list ("cycles:u,instructions,r00c0"). Throws a usage
/// Error naming the list when an element is empty. Duplicates are kept once, in the order
/// first given, because the same event twice would be counted and reported twice.
std::vector<std::string> ParseEventList(std::string_view list);

}  // namespace timeit
