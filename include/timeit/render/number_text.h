#pragma once

#include <string>
#include <string_view>

/// Numbers as reports show them to people: the one place that decides digits, signs and
/// units, for every report that a person reads (text, Markdown, messages on stderr).
namespace timeit {

/// Four significant digits, never "-0": "0.1235", "1.5e+04"; "-" when not finite.
std::string Number(double value);

/// A ratio (or a bound of its interval): as Number, but never "1" for a value that is not
/// exactly 1, so that an interval that excludes 1 never reads as touching it: 1.00003 ->
/// "1.00003".
std::string RatioBound(double value);

/// A relative change as a signed percentage with two decimals ("+3.50%", "-77.40%"),
/// "+inf%" and "-inf%" for a change from 0, "-" for none (NaN).
std::string Percent(double change);

/// A relative change in whole percent from 10 % on, with one decimal below ("-77%",
/// "+3.5%"); "+inf%" and "-inf%" for a change from 0.
std::string ShortPercent(double change);

/// A p-value: four decimals, in scientific notation below 1e-4 ("0.0079", "1.2e-07"); "-"
/// when not finite.
std::string PValue(double p);

/// `value` to `digits` significant digits in the metric's unit: a time (`seconds`) in s, ms,
/// µs or ns ("53.1 ms", "12.0 ms", "0 s"), anything else as a plain number ("1234", "2.5");
/// "-" when not finite.
std::string Quantity(double value, bool seconds, int digits);

/// Whether `metric` is a time in seconds: rusage's, lit's and LNT's times, and perf's clocks
/// (task-clock, cpu-clock in any spelling).
bool IsSeconds(std::string_view metric);

}  // namespace timeit
