#pragma once

#include <algorithm>
#include <cstddef>
#include <future>
#include <thread>
#include <vector>

/// Work spread over the machine's cores (a library that uses it links Threads::Threads).
namespace timeit {

/// Calls body(i) for every i below `count`, on as many threads as the machine has cores (at
/// most 8) when `count` is at least `enough` to be worth it. Each body must write only what
/// belongs to its own i, so that the result is the same as in order, on any machine.
template <typename Body>
void ForEachIndex(size_t count, size_t enough, const Body& body) {
  size_t threads = std::clamp<size_t>(std::thread::hardware_concurrency(), 1, 8);
  if (count < enough || threads == 1) {
    for (size_t i = 0; i < count; ++i) body(i);
    return;
  }
  std::vector<std::future<void>> others;
  auto chunk = [&](size_t part) {
    for (size_t i = part * count / threads; i < (part + 1) * count / threads; ++i) body(i);
  };
  for (size_t part = 1; part < threads; ++part) others.push_back(std::async(std::launch::async, chunk, part));
  chunk(0);
  for (std::future<void>& other : others) other.get();
}

}  // namespace timeit
