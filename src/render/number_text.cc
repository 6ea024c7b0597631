#include "timeit/render/number_text.h"

#include <algorithm>
#include <cmath>
#include <utility>

#include "timeit/base/text_format.h"
#include "timeit/measure/generic_events.h"

namespace timeit {

std::string Number(double value) {
  if (!std::isfinite(value)) return "-";
  return StringPrintf("%.4g", value + 0.0);  // + 0.0: never "-0"
}

std::string RatioBound(double value) {
  std::string text = Number(value);
  for (int digits = 5; text == "1" && value != 1 && digits <= 17; ++digits) text = StringPrintf("%.*g", digits, value);
  return text;
}

std::string Percent(double change) {
  if (std::isnan(change)) return "-";
  if (std::isinf(change)) return change > 0 ? "+inf%" : "-inf%";
  return StringPrintf("%+.2f%%", 100 * change);
}

std::string ShortPercent(double change) {
  if (std::isinf(change)) return change > 0 ? "+inf%" : "-inf%";
  return StringPrintf(std::fabs(change) >= 0.1 ? "%+.0f%%" : "%+.1f%%", 100 * change + 0.0);
}

std::string PValue(double p) {
  if (!std::isfinite(p)) return "-";
  return StringPrintf(p < 1e-4 ? "%.1e" : "%.4f", p);
}

std::string Quantity(double value, bool seconds, int digits) {
  if (!std::isfinite(value)) return "-";
  if (!seconds) {
    if (value == std::floor(value) || std::fabs(value) >= std::pow(10.0, digits)) return StringPrintf("%.0f", value);
    return StringPrintf("%.*g", digits, value);
  }
  if (value == 0) return "0 s";
  static constexpr std::pair<double, const char*> kUnits[] = {{1, "s"}, {1e-3, "ms"}, {1e-6, "µs"}, {1e-9, "ns"}};
  const auto* unit = &kUnits[3];
  // By the magnitude: a negative time (a difference, an axis padded below 0) takes the unit
  // of its size, as -1 s is "-1.00 s", not "-1000000000 ns".
  for (const auto& candidate : kUnits) {
    if (std::fabs(value) >= candidate.first) {
      unit = &candidate;
      break;
    }
  }
  double scaled = value / unit->first;
  int decimals = std::max(0, digits - 1 - static_cast<int>(std::floor(std::log10(std::fabs(scaled)))));
  return StringPrintf("%.*f %s", decimals, scaled, unit->second);
}

bool IsSeconds(std::string_view metric) {
  for (std::string_view time :
       {"real", "user", "sys", "exec_time", "execution_time", "compile_time", "link_time", "user_time", "sys_time"}) {
    if (metric == time) return true;
  }
  return IsGenericEvent(metric, "task-clock") || IsGenericEvent(metric, "cpu-clock");
}

}  // namespace timeit
