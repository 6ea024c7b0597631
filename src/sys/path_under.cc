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
  fs::path absolute = fs::absolute(path, error);
  if (error) throw Error(ErrorKind::kInput, "'" + path + "': " + error.message());
  // The directory with its links resolved, the file as named: were a link in the file's
  // place followed, the answer would change with whether its target exists yet. (A last
  // component of "." or ".." names a directory, resolved like the rest.)
  fs::path name = absolute.filename();
  bool file_name = !name.empty() && name != "." && name != "..";
  fs::path real_path =
      file_name ? fs::weakly_canonical(absolute.parent_path(), error) / name : fs::weakly_canonical(absolute, error);
  if (error) throw Error(ErrorKind::kInput, "'" + path + "': " + error.message());
  fs::path relative = real_path.lexically_relative(real_root);
  if (relative.empty() || relative == "." || *relative.begin() == "..") return std::nullopt;
  return relative.string();
}

}  // namespace timeit
