#pragma once

#include <string>

#include "timeit/measure/calibration.h"

namespace timeit {

/// timeit --calibrate's report: the clock (its resolution and read latency), then for each
/// program that does nothing what timeit reported for it (median and raw MAD of real,
/// task-clock and instructions, or why one has no value), and a closing hint: the run
/// length below which timeit's own overhead is more than 1 % of what it reports. Times of
/// runs in microseconds, of the clock in nanoseconds.
std::string FormatCalibration(const Calibration& calibration);

}  // namespace timeit
