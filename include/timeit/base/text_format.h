#pragma once

#include <span>
#include <string>
#include <string_view>

/// Numbers and fixed words into text: the one place the tree formats with printf.
namespace timeit {

/// printf into a std::string of exactly the length needed: nothing is ever cut, however long
/// a name the format takes in. The format is checked against the arguments at compile time.
std::string StringPrintf(const char* format, ...) __attribute__((format(printf, 1, 2)));

/// The shortest decimal that reads back as exactly `value` ("0.02", "1e-07"), for messages
/// that quote a number and for handing a number on as text without changing it.
std::string ShortestDecimal(double value);

/// `value` as Python's repr() writes a float, and so as json.dumps writes it in a report:
/// the shortest digits that read back as `value`, positional for decimal exponents -4 to 15
/// and with ".0" after an integral value ("1000.0", "0.0001", "1e+16"), scientific outside
/// them with a sign and at least two exponent digits ("1e-05", "1.5e+16"); "nan", "inf"
/// and "-inf" for the others.
std::string PythonFloatRepr(double value);

/// The words joined by single spaces: a command line as messages and default names show it.
std::string JoinWords(std::span<const std::string> words);

/// The parts with `separator` between each two: {"a", "b"} and "; " give "a; b", {} gives "".
std::string Join(std::span<const std::string> parts, std::string_view separator);

}  // namespace timeit
