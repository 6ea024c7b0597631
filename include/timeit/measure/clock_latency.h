#pragma once

/// What reading the clock costs: a run shorter than a hundred reads of it is measured by
/// a clock whose own cost is a visible part of the number.
namespace timeit {

/// Seconds one clock_gettime(CLOCK_MONOTONIC) takes: about `reads` reads, in batches of 100,
/// each batch timed by the clock itself; the median batch divided by 100 (the median, so
/// that a batch an interrupt or a migration stretched does not count). At least one batch.
double ClockReadLatencySeconds(int reads);

}  // namespace timeit
