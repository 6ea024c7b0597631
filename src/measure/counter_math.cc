#include "timeit/measure/counter_math.h"

namespace timeit {

std::optional<RawCount> ParseReadBuffer(std::span<const uint64_t> words) noexcept {
  if (words.size() < 3) return std::nullopt;
  return RawCount{words[0], words[1], words[2]};
}

double ScaleMultiplexed(uint64_t value, uint64_t time_enabled, uint64_t time_running) noexcept {
  if (time_running == 0 || time_running >= time_enabled) return static_cast<double>(value);
  // Doubles, because value * enabled overflows 64 bits long before the quotient would.
  return static_cast<double>(value) * (static_cast<double>(time_enabled) / static_cast<double>(time_running));
}

void ApplyRawCount(const RawCount& count, CounterReading& reading) noexcept {
  reading.raw = count.value;
  reading.time_enabled = count.time_enabled;
  reading.time_running = count.time_running;
  if (count.time_running == 0) {
    // A counter that never ran reads 0, which is indistinguishable from a true zero
    // unless we say so.
    reading.status = CounterStatus::kNotCounted;
    reading.scaled = 0;
    return;
  }
  reading.status = count.time_running < count.time_enabled ? CounterStatus::kMultiplexed : CounterStatus::kCounted;
  reading.scaled = ScaleMultiplexed(count.value, count.time_enabled, count.time_running);
}

}  // namespace timeit
