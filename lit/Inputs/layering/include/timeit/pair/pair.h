#pragma once

#include <string>

#include "timeit/stats/mean.h"

std::string Write(double value);
double Read(const std::string& text);
