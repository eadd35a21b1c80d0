// mmap + a thread that drops the resident pages of the large mappings (MADV_DONTNEED) every
// 50 µs (see MappedSources.h): a scan at memory speed (memchr over a page-cache-hot file, up to
// ~17 GB/s here) maps under 1 MB in that time. Files of at most 4 MiB are left alone: all of
// one is little, and they are the common case. A private read-only file mapping is never written, so dropping
// its pages is always safe: a later read faults the same bytes back in from the page cache.
#include "MappedSources.h"

#include <gpuasm/ide/Threads.h>
#include <gpuasm/ide/analysis/SourceFile.h>

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <map>
#include <mutex>
#include <thread>

#include <fcntl.h>
#include <sys/stat.h>
#ifdef _WIN32
#include <io.h>
#else
#include <sys/mman.h>
#include <unistd.h>
#endif

namespace gpuasm::tool {

namespace {

// The mapping itself, the one part that is per platform. Windows: files are read (the path for
// a pipe below), not mapped, so a file there is read up to ide::kMaxSourceBytes; opened in
// binary mode (no CRLF translation) and not inherited by child processes.
#ifdef _WIN32
constexpr int kOpenFlags = O_RDONLY | O_BINARY | O_NOINHERIT;
void* mapFile(int /*fd*/, std::size_t /*size*/) { return nullptr; }
void releasePages(void* /*base*/, std::size_t /*size*/) {}
void unmapFile(void* /*base*/, std::size_t /*size*/) {}
#else
constexpr int kOpenFlags = O_RDONLY | O_CLOEXEC;
void* mapFile(int fd, std::size_t size) {
  void* base = ::mmap(nullptr, size, PROT_READ, MAP_PRIVATE, fd, 0);
  if (base == MAP_FAILED) return nullptr;
  ::madvise(base, size, MADV_SEQUENTIAL);
  return base;
}
void releasePages(void* base, std::size_t size) { ::madvise(base, size, MADV_DONTNEED); }
void unmapFile(void* base, std::size_t size) { ::munmap(base, size); }
#endif

constexpr auto kReleaseEvery = std::chrono::microseconds(50);
constexpr std::size_t kSmallFile = 4u << 20;
constexpr std::uint64_t kMaxMappedBytes = 0xFFFFFFFFull;  // document offsets are 32-bit

struct Mapping {
  void* base = nullptr;  // nullptr: `copy` holds the text (a file that could not be mapped)
  std::size_t size = 0;
  std::string copy;
};
}  // namespace

struct MappedSources::State {
  std::mutex mutex;  // guards `open` against the releasing thread (never madvise an unmapped range)
  std::condition_variable stop;
  bool stopping = false;
  std::map<std::size_t, Mapping> open;
  std::thread releaser;

  bool anyLarge() const {
    for (const auto& [slot, m] : open)
      if (m.base != nullptr && m.size > kSmallFile) return true;
    return false;
  }
  void releaseLoop() {
    std::unique_lock lock(mutex);
    while (true) {
      stop.wait(lock, [&] { return stopping || anyLarge(); });  // asleep while only small files are open
      if (stopping) return;
      if (stop.wait_for(lock, kReleaseEvery, [&] { return stopping; })) return;
      for (auto& [slot, m] : open)
        if (m.base != nullptr && m.size > kSmallFile) releasePages(m.base, m.size);
    }
  }
};

MappedSources::MappedSources() : state_(std::make_unique<State>()) {
  // Without threads (the WebAssembly build, ide/Threads.h) the pages stay: its mmap reads the
  // file into memory and has no pages to drop.
  if constexpr (ide::kThreads) state_->releaser = std::thread([s = state_.get()] { s->releaseLoop(); });
}

MappedSources::~MappedSources() {
  {
    const std::lock_guard lock(state_->mutex);
    state_->stopping = true;
  }
  state_->stop.notify_all();
  if (state_->releaser.joinable()) state_->releaser.join();
  for (auto& [slot, m] : state_->open)
    if (m.base != nullptr) unmapFile(m.base, m.size);
}

std::expected<std::string_view, std::string> MappedSources::open(std::size_t slot, const std::string& path) {
  Mapping m;
  const int fd = ::open(path.c_str(), kOpenFlags);
  if (fd < 0) return std::unexpected("cannot read '" + path + "'");
  struct stat st {};
  const bool known = ::fstat(fd, &st) == 0;
  if (known && S_ISDIR(st.st_mode)) {
    ::close(fd);
    return std::unexpected("'" + path + "' is a directory");
  }
  const bool regular = known && S_ISREG(st.st_mode);
  if (regular && static_cast<std::uint64_t>(st.st_size) > kMaxMappedBytes) {
    ::close(fd);
    return std::unexpected("'" + path + "' is " + std::to_string(st.st_size) +
                           " bytes; files of 4 GiB or more are not read");
  }
  if (regular && st.st_size > 0) {
    m.size = static_cast<std::size_t>(st.st_size);
    m.base = mapFile(fd, m.size);
  }
  if (m.base == nullptr && !(regular && st.st_size == 0)) {
    // Not mappable (a pipe, /dev/stdin): read to its end, at most ide::kMaxSourceBytes.
    char block[1 << 16];
    for (ssize_t n; (n = ::read(fd, block, sizeof block)) != 0;) {
      if (n < 0) {
        ::close(fd);
        return std::unexpected("error while reading '" + path + "'");
      }
      if (m.copy.size() + static_cast<std::size_t>(n) > ide::kMaxSourceBytes) {
        ::close(fd);
        return std::unexpected("'" + path + "' holds more than " + std::to_string(ide::kMaxSourceBytes) +
                               " bytes; a file that cannot be mapped is read up to that size");
      }
      m.copy.append(block, static_cast<std::size_t>(n));
    }
    m.size = m.copy.size();
  }
  ::close(fd);
  const std::lock_guard lock(state_->mutex);
  Mapping& placed = state_->open[slot] = std::move(m);
  state_->stop.notify_all();  // a large file wakes the releasing thread
  return placed.base != nullptr ? std::string_view(static_cast<const char*>(placed.base), placed.size)
                                : std::string_view(placed.copy);
}

void MappedSources::close(std::size_t slot) {
  const std::lock_guard lock(state_->mutex);
  const auto it = state_->open.find(slot);
  if (it == state_->open.end()) return;
  if (it->second.base != nullptr) unmapFile(it->second.base, it->second.size);
  state_->open.erase(it);
}

}  // namespace gpuasm::tool
