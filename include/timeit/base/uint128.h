#pragma once

namespace timeit {

/// GCC's and Clang's 128-bit unsigned integer, for exact products and sums of two 64-bit
/// words. `__extension__` says it is meant: ISO C++ has no such type, and -Wpedantic would
/// warn at every use.
__extension__ typedef unsigned __int128 Uint128;

}  // namespace timeit
