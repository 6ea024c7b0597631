#pragma once

#include <utility>

namespace timeit {

/// Owns one file descriptor and closes it exactly once. Move-only, so a descriptor
/// can never be closed twice or leaked on an early return.
class UniqueFd {
 public:
  UniqueFd() = default;
  explicit UniqueFd(int fd) : fd_(fd) {}
  UniqueFd(UniqueFd&& other) noexcept : fd_(std::exchange(other.fd_, -1)) {}
  UniqueFd& operator=(UniqueFd&& other) noexcept {
    reset(std::exchange(other.fd_, -1));
    return *this;
  }
  UniqueFd(const UniqueFd&) = delete;
  UniqueFd& operator=(const UniqueFd&) = delete;
  ~UniqueFd() { reset(); }

  int get() const { return fd_; }
  explicit operator bool() const { return fd_ >= 0; }
  /// Gives up ownership without closing.
  int release() { return std::exchange(fd_, -1); }
  /// Closes the current descriptor (if any) and takes ownership of `fd`.
  void reset(int fd = -1);

 private:
  int fd_ = -1;
};

/// Both ends of a pipe, created close-on-exec so no descriptor leaks into the target.
struct Pipe {
  UniqueFd read_end;
  UniqueFd write_end;
};

/// pipe2(O_CLOEXEC), or pipe and FD_CLOEXEC where pipe2 is missing (macOS); returns false
/// and leaves errno set on failure.
bool MakePipe(Pipe& pipe);

}  // namespace timeit
