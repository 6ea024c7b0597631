#pragma once

#include <optional>
#include <string_view>

/// What timeit asks of the terminal its messages go to, for the progress line it redraws there.
namespace timeit {

/// The width in columns of the terminal `fd` is open on (TIOCGWINSZ); nullopt when `fd` is
/// not a terminal or the terminal does not say (a new pseudo-terminal reports 0).
std::optional<int> TerminalColumns(int fd);

/// Whether this process may write to `fd` as a job in the foreground would: `fd` is not this
/// process's controlling terminal (a file, a pipe, another terminal), or this process's
/// group is the terminal's foreground group. A job the shell put in the background (`&`,
/// Ctrl-Z then `bg`) is not: what it draws would land on the shell's prompt.
bool InForeground(int fd);

/// Whether `a` and `b` are open on one file: the same terminal, pipe or regular file (one
/// device and inode), so what is written to either shows in the same place.
bool SameOpenFile(int a, int b);

/// Whether a terminal of type `term` (the TERM variable; nullopt when unset) redraws a line
/// in place with a carriage return and erase-to-end-of-line: any but an unset or empty
/// TERM and "dumb" (Emacs' shell buffer, some CI logs), which print escape codes as text.
bool RedrawsInPlace(std::optional<std::string_view> term);

}  // namespace timeit
