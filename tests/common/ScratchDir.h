// A directory of this process's own under the temporary directory, removed with everything in
// it when the object dies: every test (and fuzz target) that writes files writes them in one, so
// a run leaves the machine as it found it. CTest points TMPDIR at a directory of the build's own
// (/tmp/gpuasm-tests-<hash>/) and its last test, tests_leave_no_files, fails naming whatever a test left
// there (tests/CMakeLists.txt). The name is <temp>/gpuasm-<name>-XXXXXX, made by mkdtemp: unique to the
// object, so the several processes of one test binary that `ctest -j` runs at once never share one. No
// GoogleTest here: the fuzz targets (fuzz/, built with libc++) use it too.
#pragma once

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <system_error>
#include <utility>
#include <vector>

#include <stdlib.h>
#include <unistd.h>

namespace gpuasm::test {

class ScratchDir {
 public:
  /// Makes `<temp>/gpuasm-<name>-XXXXXX` (the temporary directory as
  /// std::filesystem::temp_directory_path reads TMPDIR); throws when it cannot.
  explicit ScratchDir(std::string_view name) : owner_(::getpid()) {
    std::string pattern =
        (std::filesystem::temp_directory_path() / ("gpuasm-" + std::string(name) + "-XXXXXX")).string();
    std::vector<char> buf(pattern.begin(), pattern.end());
    buf.push_back('\0');
    if (::mkdtemp(buf.data()) == nullptr)
      throw std::runtime_error("cannot make a scratch directory " + pattern + ": " + std::strerror(errno));
    path_ = buf.data();
  }
  /// Removes the directory and everything in it, folders a test made unwritable included. Only
  /// in the process that made it: a forked child that exits does not take its parent's.
  ~ScratchDir() {
    if (path_.empty() || ::getpid() != owner_) return;
    namespace fs = std::filesystem;
    std::error_code ec;
    fs::remove_all(path_, ec);
    if (!ec) return;
    fs::permissions(path_, fs::perms::owner_all, fs::perm_options::add, ec);
    for (fs::recursive_directory_iterator it(path_, ec), end; !ec && it != end; it.increment(ec))
      if (it->is_directory(ec) && !it->is_symlink(ec))
        fs::permissions(it->path(), fs::perms::owner_all, fs::perm_options::add, ec);
    fs::remove_all(path_, ec);
  }
  /// The directory changes hands (a function that makes and fills one returns it).
  ScratchDir(ScratchDir&& other) noexcept : path_(std::exchange(other.path_, {})), owner_(other.owner_) {}
  ScratchDir(const ScratchDir&) = delete;
  ScratchDir& operator=(const ScratchDir&) = delete;
  ScratchDir& operator=(ScratchDir&&) = delete;

  const std::filesystem::path& path() const { return path_; }
  operator const std::filesystem::path&() const { return path_; }
  std::filesystem::path operator/(const std::filesystem::path& p) const { return path_ / p; }
  std::string string() const { return path_.string(); }

  /// Writes `bytes` to the file `name` inside (made anew) and returns its path.
  std::filesystem::path write(const std::filesystem::path& name, std::string_view bytes) const {
    std::filesystem::path p = path_ / name;
    std::ofstream(p, std::ios::binary | std::ios::trunc)
        .write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    return p;
  }

 private:
  std::filesystem::path path_;
  pid_t owner_;
};

/// The scratch directory of the whole process, made on first use and removed at exit: for files
/// a test binary's static data names (a program several tests open).
inline const ScratchDir& processScratchDir() {
  static const ScratchDir dir("process");
  return dir;
}

}  // namespace gpuasm::test
