#pragma once

#include <optional>
#include <string>

#include "timeit/base/error.h"

namespace timeit {

/// Where `path` lies below the directory `root`, as a relative path without `.` or `..`
/// ("a/b/c.time"), or nullopt when it is not below it (or is `root` itself). Both are
/// compared as the directories they name, so symbolic links, `.`, `..` and a relative
/// spelling change nothing: `root` with every link resolved, `path`'s directory with every
/// link resolved in the part of it that exists (the rest, which the caller may be about to
/// create, is taken as written). `path`'s last component is kept as named, even when it is
/// a link: the answer never depends on whether the file exists yet, or what it is. A
/// `root` that is not an existing directory throws an input Error naming it.
std::optional<std::string> PathUnder(const std::string& root, const std::string& path);

}  // namespace timeit
