#pragma once

#include <cstdint>
#include <optional>
#include <span>

#include "timeit/measure/counter_reading.h"

namespace timeit {

/// The kernel's answer to read(2) on a counter opened with
/// PERF_FORMAT_TOTAL_TIME_ENABLED | PERF_FORMAT_TOTAL_TIME_RUNNING (no group, no id):
/// three u64 words, value, time_enabled, time_running.
struct RawCount {
  uint64_t value = 0;
  uint64_t time_enabled = 0;
  uint64_t time_running = 0;
};

/// Parses a read(2) buffer of that format; nullopt when it holds fewer than three words.
std::optional<RawCount> ParseReadBuffer(std::span<const uint64_t> words) noexcept;

/// Extrapolates a multiplexed count to the whole enabled time: value * enabled / running.
/// Returns `value` unchanged when the event ran the whole time (running >= enabled) or
/// never ran (running == 0, which callers must treat as "not counted", not as zero).
double ScaleMultiplexed(uint64_t value, uint64_t time_enabled, uint64_t time_running) noexcept;

/// Fills status, raw, times and scaled value of `reading` from the kernel's `count`.
void ApplyRawCount(const RawCount& count, CounterReading& reading) noexcept;

}  // namespace timeit
