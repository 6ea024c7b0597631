#pragma once

#include <cstdint>

#include "timeit/base/split_mix64.h"

namespace timeit::stats {

/// Independent standard normal values from a SplitMix64 stream, by the Box-Muller transform:
/// two uniforms u1 in (0, 1] and u2 in [0, 1) give sqrt(-2 ln u1) cos(2 pi u2) and then
/// sqrt(-2 ln u1) sin(2 pi u2), each exactly N(0, 1) up to the resolution of the uniforms
/// (2^-53), with no approximation of the distribution's tails. A seed gives the same values
/// wherever the C library's log, sqrt, cos and sin agree (to the last bit on one machine;
/// elsewhere within an ulp or so), which makes simulations reproducible.
class NormalDeviates {
 public:
  explicit NormalDeviates(uint64_t seed) : uniforms_(seed) {}

  /// The next value: the cosine of a new pair, then its sine.
  double Next();

 private:
  SplitMix64 uniforms_;
  double sine_ = 0;
  bool has_sine_ = false;
};

}  // namespace timeit::stats
