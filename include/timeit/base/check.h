#pragma once

/// Preconditions and invariants that only a bug in timeit can break: a caller passing what a
/// function's comment forbids (an empty sample, a NaN), or an index past its end. Checked in
/// builds with TIMEIT_ASSERTIONS (the sanitizer build CI runs), compiled out otherwise, where
/// the code is as fast as without them. Errors the input or the machine can cause are
/// never these: they are timeit::Error, with a message for the user.
namespace timeit {

/// Prints "timeit: internal check failed at FILE:LINE: CONDITION: WHAT" and aborts.
[[noreturn]] void CheckFailed(const char* file, int line, const char* condition, const char* what);

}  // namespace timeit

#if TIMEIT_ASSERTIONS
/// TIMEIT_CHECK(condition, "what must hold"): aborts with both when `condition` is false.
#define TIMEIT_CHECK(condition, what) \
  ((condition) ? static_cast<void>(0) : ::timeit::CheckFailed(__FILE__, __LINE__, #condition, what))
#else
/// Compiled out; the condition is still parsed, so it cannot rot, but never evaluated.
#define TIMEIT_CHECK(condition, what) static_cast<void>(sizeof(static_cast<bool>(condition)))
#endif
