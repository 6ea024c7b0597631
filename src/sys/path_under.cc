#include "timeit/sys/path_under.h"

#include <filesystem>
#include <system_error>

namespace timeit {

namespace fs = std::filesystem;

std::optional<std::string> PathUnder(const std::string& root, const std::string& path) {
  std::error_code error;
  fs::path real_root = fs::canonical(root, error);
  if (error) throw Error(ErrorKind::kInput, "'" + root + "': " + error.message());
  if (!fs::is_directory(real_root)) throw Error(ErrorKind::kInput, "'" + root + "' is not a directory");
  fs::path real_path = fs::weakly_canonical(path, error);
  if (error) throw Error(ErrorKind::kInput, "'" + path + "': " + error.message());
  fs::path relative = real_path.lexically_relative(real_root);
  if (relative.empty() || relative == "." || *relative.begin() == "..") return std::nullopt;
  return relative.string();
}

}  // namespace timeit
