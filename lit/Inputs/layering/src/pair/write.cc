#include <nlohmann/json.hpp>

#include "timeit/pair/pair.h"

std::string Write(double value) { return nlohmann::json(value).dump(); }
