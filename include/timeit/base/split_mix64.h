#pragma once

#include <cstdint>

namespace timeit {

/// A small 64-bit pseudo-random generator (SplitMix64): a counter stepped by the golden
/// ratio's 64-bit fraction, each step scrambled by two xor-shift-multiply rounds. Every
/// seed is good (0 too), and a seed gives the same numbers on every machine, compiler and
/// standard library, which std's distributions do not promise: a seed recorded in a results
/// file must replay the same runs anywhere. Not for anything secret.
class SplitMix64 {
 public:
  explicit SplitMix64(uint64_t seed) : state_(seed) {}

  /// The next number, uniform over all 2^64 values.
  uint64_t Next() {
    uint64_t z = (state_ += 0x9e3779b97f4a7c15);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9;
    z = (z ^ (z >> 27)) * 0x94d049bb133111eb;
    return z ^ (z >> 31);
  }

  /// A number uniform in [0, bound), bound > 0. Draws again when a draw falls in the short
  /// range 2^64 mod bound at the bottom, which would otherwise make the small results a
  /// little likelier than the others (for a power of two nothing is ever drawn again).
  uint64_t Below(uint64_t bound) {
    const uint64_t biased = (0 - bound) % bound;  // 2^64 mod bound
    uint64_t draw = Next();
    while (draw < biased) draw = Next();
    return draw % bound;
  }

  /// A number uniform in [0, 1): the top 53 bits of the next number, so every value is a
  /// multiple of 2^-53 and each is equally likely.
  double Unit() { return static_cast<double>(Next() >> 11) * 0x1p-53; }

 private:
  uint64_t state_;
};

}  // namespace timeit
