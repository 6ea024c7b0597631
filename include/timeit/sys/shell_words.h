#pragma once

#include <string>
#include <vector>

#include "timeit/base/error.h"

namespace timeit {

/// `text` split into words as a POSIX shell splits a command's arguments, by the C
/// library's wordexp: blanks separate words, quotes and backslashes keep them together,
/// and `$VAR`, `${VAR}`, `~` and globs are expanded as the shell would expand them.
/// Nothing is run: command substitution (`$(...)`, backquotes) is refused, and so is a
/// variable that is not set (the shell would silently make it nothing), a character that
/// only a shell command line can hold (newline, `|`, `&`, `;`, `<`, `>`, `(`, `)`, `{`,
/// `}` outside quotes) and an unterminated quote. Each refusal throws a usage Error saying
/// which. Blank text is no words.
std::vector<std::string> SplitShellWords(const std::string& text);

}  // namespace timeit
