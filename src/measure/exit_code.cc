#include "timeit/measure/exit_code.h"

#include <sys/wait.h>

#include <cerrno>

namespace timeit {

int ExitCodeFromWaitStatus(int wait_status) {
  if (WIFEXITED(wait_status)) return WEXITSTATUS(wait_status);
  if (WIFSIGNALED(wait_status)) return exit_code::kSignalBase + WTERMSIG(wait_status);
  return exit_code::kSetupFailure;
}

int ExitCodeFromExecErrno(int error) {
  switch (error) {
    case ENOENT:
    case ENOTDIR:
      return exit_code::kNotFound;
    case EACCES:
    case EPERM:
    case ENOEXEC:
    case EISDIR:
      return exit_code::kNotExecutable;
    default:
      return exit_code::kExecFailure;
  }
}

}  // namespace timeit
