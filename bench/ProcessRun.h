// Running a whole gpuasm process for a benchmark: wall time and peak resident memory, best of
// three (gpuasm_asm_bench, gpuasm_line_bench). Needs /usr/bin/time (Debian's `time`).
#pragma once

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

extern char** environ;

namespace gpuasm::bench {

// One whole process: wall time and peak resident memory. The process runs under GNU time
// (/usr/bin/time, Debian's `time`), whose %M is the ru_maxrss of a child it forked itself: a
// child spawned straight from this (large) process would report this process's size, which
// exec inherits as the starting maximum.
struct ProcessRun {
  double seconds = 0;
  double peakMiB = 0;
  int status = -1;
};

inline ProcessRun runProcess(const std::vector<std::string>& command) {
  const std::string report =
      (std::filesystem::temp_directory_path() / ("gpuasm-bench-time-" + std::to_string(::getpid()))).string();
  std::vector<std::string> args = {"/usr/bin/time", "-f", "%M", "-o", report};
  args.insert(args.end(), command.begin(), command.end());
  std::vector<char*> argv;
  for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
  ProcessRun r;
  const auto t0 = std::chrono::steady_clock::now();
  pid_t pid = 0;
  if (posix_spawn(&pid, argv[0], &actions, nullptr, argv.data(), environ) == 0) {
    int status = 0;
    waitpid(pid, &status, 0);
    r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    r.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    std::ifstream in(report);
    std::string line, last;
    while (std::getline(in, line)) last = line;  // "Command exited with non-zero status N" may come first
    r.peakMiB = last.empty() ? 0 : std::stod(last) / 1024.0;
  }
  posix_spawn_file_actions_destroy(&actions);
  std::filesystem::remove(report);
  return r;
}

// Best time of three runs, and the largest peak memory among them.
inline ProcessRun bestRun(const std::vector<std::string>& args) {
  ProcessRun best;
  best.seconds = 1e9;
  for (int i = 0; i < 3; ++i) {
    const ProcessRun r = runProcess(args);
    best.seconds = std::min(best.seconds, r.seconds);
    best.peakMiB = std::max(best.peakMiB, r.peakMiB);
    best.status = r.status;
  }
  return best;
}

}  // namespace gpuasm::bench
