#include "timeit/sys/file_io.h"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/un.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <functional>

#include "temp_dir.h"
#include "timeit/sys/unique_fd.h"

namespace timeit {
namespace {

using testing::TempDir;

size_t EntriesIn(const TempDir& dir) {
  size_t entries = 0;
  for ([[maybe_unused]] const auto& entry : std::filesystem::directory_iterator(dir.path())) ++entries;
  return entries;
}

std::string MessageOf(const std::function<void()>& body, ErrorKind kind) {
  try {
    body();
  } catch (const Error& error) {
    EXPECT_EQ(error.kind(), kind) << error.what();
    return error.what();
  }
  ADD_FAILURE() << "no error";
  return "";
}

TEST(FileIoTest, WriteTextFileTruncatesOrAppends) {
  TempDir dir;
  std::string path = dir.File("out");
  WriteTextFile(path, "first line\n", O_TRUNC);
  WriteTextFile(path, "short\n", O_TRUNC);
  EXPECT_EQ(testing::ReadFile(path), "short\n");
  WriteTextFile(path, "exit 0\n", O_APPEND);
  EXPECT_EQ(testing::ReadFile(path), "short\nexit 0\n");
}

TEST(FileIoTest, ReadAllReadsPastOneBuffer) {
  TempDir dir;
  std::string path = dir.File("big");
  std::string content(200000, 'x');
  content.back() = 'y';
  WriteTextFile(path, content, O_TRUNC);
  UniqueFd fd(::open(path.c_str(), O_RDONLY | O_CLOEXEC));
  ASSERT_TRUE(fd);
  EXPECT_EQ(ReadAll(fd.get(), path, ErrorKind::kInput), content);
}

TEST(FileIoTest, ErrorsNameTheFile) {
  try {
    WriteTextFile("/nonexistent/dir/out", "x", O_TRUNC);
    FAIL() << "no error";
  } catch (const Error& error) {
    EXPECT_EQ(error.kind(), ErrorKind::kSystem);
    EXPECT_STREQ(error.what(), "cannot open '/nonexistent/dir/out': No such file or directory");
  }
  UniqueFd write_only(::open("/dev/null", O_WRONLY | O_CLOEXEC));
  try {
    ReadAll(write_only.get(), "/dev/null", ErrorKind::kInput);
    FAIL() << "no error";
  } catch (const Error& error) {
    EXPECT_EQ(error.kind(), ErrorKind::kInput);
    EXPECT_STREQ(error.what(), "cannot read '/dev/null': Bad file descriptor");
  }
}

TEST(FileIoTest, ReplaceFileReplacesWholeAndLeavesNothingBeside) {
  TempDir dir;
  std::string path = dir.File("report");
  ReplaceFile(path, "first, and longer\n");
  ReplaceFile(path, "second\n");
  EXPECT_EQ(testing::ReadFile(path), "second\n");
  EXPECT_EQ(EntriesIn(dir), 1u);
}

TEST(FileIoTest, ReplaceFileWritesAFileWhoseNameIsAsLongAsAllowed) {
  // The new file beside it must have a name the file system takes too: the target's name
  // with a suffix would pass NAME_MAX (ENAMETOOLONG), where a write in place succeeds.
  TempDir dir;
  long name_max = ::pathconf(dir.path().c_str(), _PC_NAME_MAX);
  ASSERT_GT(name_max, 16);
  std::string path = dir.File(std::string(static_cast<size_t>(name_max) - 5, 'a') + ".time");
  ReplaceFile(path, "first\n");
  ReplaceFile(path, "second\n");
  EXPECT_EQ(testing::ReadFile(path), "second\n");
  EXPECT_EQ(EntriesIn(dir), 1u);
}

TEST(FileIoTest, ReplaceFileFailureLeavesTheTargetAndNoNewFile) {
  TempDir dir;
  std::string path = dir.File("report");
  testing::WriteFile(path, "old\n");
  // A file-size limit below the text's size: the new file's write fails (EFBIG) after it
  // was created.
  struct rlimit saved;
  ASSERT_EQ(::getrlimit(RLIMIT_FSIZE, &saved), 0);
  struct rlimit small = saved;
  small.rlim_cur = 4;
  ASSERT_EQ(::setrlimit(RLIMIT_FSIZE, &small), 0);
  std::string message = MessageOf([&] { ReplaceFile(path, "a longer report\n"); }, ErrorKind::kSystem);
  ASSERT_EQ(::setrlimit(RLIMIT_FSIZE, &saved), 0);
  EXPECT_EQ(message, "cannot write '" + path + "': File too large");
  EXPECT_EQ(testing::ReadFile(path), "old\n");
  EXPECT_EQ(EntriesIn(dir), 1u);
  message = MessageOf([] { ReplaceFile("/nonexistent/dir/out", "x"); }, ErrorKind::kSystem);
  EXPECT_NE(message.find("'/nonexistent/dir/out'"), std::string::npos) << message;
}

TEST(FileIoTest, ReplaceFileFollowsSymbolicLinksAndKeepsThem) {
  TempDir dir;
  testing::WriteFile(dir.File("real"), "old\n");
  std::filesystem::create_symlink("real", dir.File("link"));             // relative to its directory
  std::filesystem::create_symlink(dir.File("link"), dir.File("chain"));  // absolute
  ReplaceFile(dir.File("chain"), "new\n");
  EXPECT_TRUE(std::filesystem::is_symlink(dir.File("chain")));
  EXPECT_TRUE(std::filesystem::is_symlink(dir.File("link")));
  EXPECT_EQ(testing::ReadFile(dir.File("real")), "new\n");
  EXPECT_EQ(EntriesIn(dir), 3u);
  // A link to nothing yet: its target is made, as a shell's > makes it.
  std::filesystem::create_symlink("made", dir.File("dangling"));
  ReplaceFile(dir.File("dangling"), "made\n");
  EXPECT_TRUE(std::filesystem::is_symlink(dir.File("dangling")));
  EXPECT_EQ(testing::ReadFile(dir.File("made")), "made\n");
  EXPECT_EQ(EntriesIn(dir), 5u);
}

TEST(FileIoTest, ReplaceFileKeepsTheReplacedFilesPermissions) {
  TempDir dir;
  mode_t umask = ::umask(022);
  for (mode_t mode : {0444, 0600, 0640, 0755}) {
    std::string path = dir.File("report" + std::to_string(mode));
    testing::WriteFile(path, "old\n");
    ASSERT_EQ(::chmod(path.c_str(), mode), 0);
    ReplaceFile(path, "new\n");
    struct stat info;
    ASSERT_EQ(::stat(path.c_str(), &info), 0);
    EXPECT_EQ(info.st_mode & 07777, mode) << path;
    EXPECT_EQ(testing::ReadFile(path), "new\n");
  }
  // A new file has the umask's.
  ReplaceFile(dir.File("fresh"), "new\n");
  struct stat info;
  ASSERT_EQ(::stat(dir.File("fresh").c_str(), &info), 0);
  EXPECT_EQ(info.st_mode & 07777, 0644u);
  ::umask(umask);
}

TEST(FileIoTest, ReplaceFileAsRootKeepsTheReplacedFilesOwner) {
  if (::geteuid() != 0) GTEST_SKIP() << "only root can give a file to another user";
  TempDir dir;
  std::string path = dir.File("report");
  testing::WriteFile(path, "old\n");
  ASSERT_EQ(::chown(path.c_str(), 65534, 65534), 0);
  ReplaceFile(path, "new\n");
  struct stat info;
  ASSERT_EQ(::stat(path.c_str(), &info), 0);
  EXPECT_EQ(info.st_uid, 65534u);
  EXPECT_EQ(info.st_gid, 65534u);
}

TEST(FileIoTest, ReplaceFileWritesAFileAProcessHasOpenInPlace) {
  // /dev/stdout redirected to a file leads, through /proc/self/fd/1, to that file: renamed
  // over, it would leave the shell writing to a file no name leads to.
  TempDir dir;
  std::string path = dir.File("log");
  testing::WriteFile(path, "an older, longer log\n");
  UniqueFd open_file(::open(path.c_str(), O_WRONLY | O_CLOEXEC));
  ASSERT_TRUE(open_file);
  struct stat before, after;
  ASSERT_EQ(::stat(path.c_str(), &before), 0);
  ReplaceFile("/proc/self/fd/" + std::to_string(open_file.get()), "report\n");
  ASSERT_EQ(::stat(path.c_str(), &after), 0);
  EXPECT_EQ(after.st_ino, before.st_ino);
  EXPECT_EQ(testing::ReadFile(path), "report\n");  // truncated first, as a shell's > would
  EXPECT_EQ(EntriesIn(dir), 1u);
}

TEST(FileIoTest, CheckReplaceableRefusesADirectoryThatTakesNoNewFile) {
  if (::geteuid() == 0) GTEST_SKIP() << "root may write any directory";
  TempDir dir;
  std::string locked = dir.File("locked");
  std::filesystem::create_directory(locked);
  testing::WriteFile(locked + "/report", "old\n");
  ASSERT_EQ(::chmod(locked.c_str(), 0555), 0);
  EXPECT_EQ(MessageOf([&] { CheckReplaceable(locked + "/report"); }, ErrorKind::kSystem),
            "cannot write '" + locked + "/report': cannot create it in '" + locked + "/': Permission denied");
  ::chmod(locked.c_str(), 0755);
}

TEST(FileIoTest, ReplaceFileWritesAFifoInPlace) {
  TempDir dir;
  std::string fifo = dir.File("fifo");
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  // Opened for reading first, without blocking, so that the writer's open does not wait.
  UniqueFd reader(::open(fifo.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC));
  ASSERT_TRUE(reader);
  ReplaceFile(fifo, "report\n");
  EXPECT_TRUE(std::filesystem::is_fifo(fifo));
  char buffer[64];
  ssize_t got = ::read(reader.get(), buffer, sizeof buffer);
  EXPECT_EQ(std::string(buffer, static_cast<size_t>(std::max<ssize_t>(got, 0))), "report\n");
  EXPECT_EQ(EntriesIn(dir), 1u);
}

TEST(FileIoTest, ReplaceFileWritesACharacterDeviceInPlace) {
  TempDir dir;
  // As root, first a private copy of /dev/null (1, 3): a ReplaceFile that renamed over
  // devices would stop here, before it could replace the system's own /dev/null.
  std::string copy = dir.File("null");
  bool copied = ::mknod(copy.c_str(), S_IFCHR | 0666, makedev(1, 3)) == 0;
  if (copied) {
    ReplaceFile(copy, "report\n");
    ASSERT_TRUE(std::filesystem::is_character_file(copy));
    ASSERT_EQ(EntriesIn(dir), 1u);
  } else if (::geteuid() == 0) {
    GTEST_SKIP() << "root, but mknod fails: /dev/null itself is not risked";
  }
  ReplaceFile("/dev/null", "report\n");
  EXPECT_TRUE(std::filesystem::is_character_file("/dev/null"));
  // Written, not renamed over: the device's own error comes back.
  EXPECT_EQ(MessageOf([] { ReplaceFile("/dev/full", "report\n"); }, ErrorKind::kSystem),
            "cannot write '/dev/full': No space left on device");
  EXPECT_TRUE(std::filesystem::is_character_file("/dev/full"));
}

TEST(FileIoTest, ReplaceFileRefusesADirectoryOrSocketBeforeWritingAnything) {
  TempDir dir;
  std::string directory = dir.File("taken");
  std::filesystem::create_directory(directory);
  testing::WriteFile(directory + "/inside", "x");
  EXPECT_EQ(MessageOf([&] { CheckReplaceable(directory); }, ErrorKind::kUsage),
            "'" + directory + "' is a directory; the output must be a file, a FIFO or a character device");
  EXPECT_EQ(MessageOf([&] { ReplaceFile(directory, "new\n"); }, ErrorKind::kUsage),
            "'" + directory + "' is a directory; the output must be a file, a FIFO or a character device");
  EXPECT_EQ(testing::ReadFile(directory + "/inside"), "x");

  std::string socket_path = dir.File("socket");
  UniqueFd socket(::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0));
  ASSERT_TRUE(socket);
  struct sockaddr_un address {};
  address.sun_family = AF_UNIX;
  socket_path.copy(address.sun_path, sizeof address.sun_path - 1);
  ASSERT_EQ(::bind(socket.get(), reinterpret_cast<sockaddr*>(&address), sizeof address), 0);
  EXPECT_EQ(MessageOf([&] { ReplaceFile(socket_path, "new\n"); }, ErrorKind::kUsage),
            "'" + socket_path + "' is a socket; the output must be a file, a FIFO or a character device");
  EXPECT_TRUE(std::filesystem::is_socket(socket_path));
  EXPECT_EQ(EntriesIn(dir), 2u);

  // What can be written passes the check: a missing file, a regular one, a device.
  EXPECT_NO_THROW(CheckReplaceable(dir.File("missing")));
  EXPECT_NO_THROW(CheckReplaceable(directory + "/inside"));
  EXPECT_NO_THROW(CheckReplaceable("/dev/null"));
}

}  // namespace
}  // namespace timeit
