#include <simdjson.h>

#include "timeit/pair/pair.h"

double Read(const std::string& text) { return std::stod(text); }
