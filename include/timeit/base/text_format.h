#pragma once

#include <span>
#include <string>

/// Numbers and fixed words into text: the one place the tree formats with printf.
namespace timeit {

/// printf into a std::string of exactly the length needed: nothing is ever cut, however long
/// a name the format takes in. The format is checked against the arguments at compile time.
std::string StringPrintf(const char* format, ...) __attribute__((format(printf, 1, 2)));

/// The shortest decimal that reads back as exactly `value` ("0.02", "1e-07"), for messages
/// that quote a number and for handing a number on as text without changing it.
std::string ShortestDecimal(double value);

/// The words joined by single spaces: a command line as messages and default names show it.
std::string JoinWords(std::span<const std::string> words);

}  // namespace timeit
