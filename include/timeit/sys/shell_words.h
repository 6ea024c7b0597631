#pragma once

#include <string>
#include <vector>

#include "timeit/base/error.h"

namespace timeit {

/// `text` split into words as a POSIX shell splits a command's arguments: blanks separate
/// words, quotes and backslashes keep them together, `$NAME` and `${NAME}` are the
/// variable's value (also `${#NAME}`, `${NAME-word}`, `${NAME+word}` and their `:` forms,
/// `${NAME#pattern}`, `##`, `%`, `%%`), split into more words at IFS characters where
/// unquoted, a `~` alone or before a `/` at the start of a word is $HOME, and an unquoted
/// `*`, `?` or `[` makes a word a glob, replaced by the files it matches (when it matches
/// any). Every expansion is done here, never by a shell or the C library's wordexp, so
/// nothing is run, looked up (no passwd database) or changed (no variable is set).
/// Refused, each with a usage Error saying which: command substitution (`$(...)`,
/// backquotes), arithmetic (`$((...))`, `$[...]`), `${NAME=word}` (an assignment) and
/// `${NAME?word}` (with or without `:`), a shell's special parameters (`$1`, `$@`, `$$`,
/// ...), a variable that is not set (unless a `-` or `+` form says what to use instead),
/// `~user` and the other `~...` forms, `~` with HOME not set, a character that only a shell
/// command line can hold (newline, `|`, `&`, `;`, `<`, `>`, `(`, `)`, `{`, `}` outside
/// quotes) and an unterminated quote or `${`. Blank text is no words.
std::vector<std::string> SplitShellWords(const std::string& text);

}  // namespace timeit
