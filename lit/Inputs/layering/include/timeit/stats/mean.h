#pragma once

#include <vector>

double Mean(const std::vector<double>& values);
