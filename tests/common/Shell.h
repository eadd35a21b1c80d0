// Runs a shell command line as the tests that drive a program as a user does need it (the gpuasm
// binary, the doc test's blocks, sha256sum, a bash completion script): `bash -c LINE` in a
// directory, stdin empty, bounded by a timeout that ends its whole process group, with its exit
// status and stdout and stderr apart or joined in the order they were written.
#pragma once

#include <cerrno>
#include <chrono>
#include <csignal>
#include <filesystem>
#include <string>
#include <utility>

#include <fcntl.h>
#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>

namespace shell {

struct Result {
  /// The exit status; 128 + N when signal N ended it; 124 when the timeout did (as timeout(1)
  /// says); -1 when it could not be started.
  int status = -1;
  std::string out;  // stdout, and stderr too when joined
  std::string err;  // stderr when not joined
  bool timedOut = false;
};

struct Options {
  std::filesystem::path dir;  // the current directory; empty: this process's
  bool joined = false;        // stderr into `out`, in the order written
  int timeoutSeconds = 120;   // then SIGTERM to its process group, SIGKILL 2 s later
};

/// Quotes `s` for the shell as one word.
inline std::string quoted(const std::string& s) {
  std::string q = "'";
  for (const char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

/// Runs `commandLine` with bash as `options` say.
inline Result run(const std::string& commandLine, const Options& options = {}) {
  Result r;
  int outPipe[2];
  int errPipe[2] = {-1, -1};
  if (pipe2(outPipe, O_CLOEXEC) != 0) return r;
  if (!options.joined && pipe2(errPipe, O_CLOEXEC) != 0) {
    close(outPipe[0]);
    close(outPipe[1]);
    return r;
  }
  // Everything the child needs is made before fork: after it, only async-signal-safe calls.
  const std::string dir = options.dir.string();
  const char* argv[] = {"bash", "-c", commandLine.c_str(), nullptr};
  const pid_t pid = fork();
  if (pid == 0) {
    setpgid(0, 0);
    const int devNull = open("/dev/null", O_RDONLY);
    if (devNull >= 0) dup2(devNull, 0);
    dup2(outPipe[1], 1);
    dup2(options.joined ? outPipe[1] : errPipe[1], 2);
    if (!dir.empty() && chdir(dir.c_str()) != 0) _exit(127);
    execv("/bin/bash", const_cast<char* const*>(argv));
    _exit(127);
  }
  close(outPipe[1]);
  if (errPipe[1] >= 0) close(errPipe[1]);
  if (pid < 0) {
    close(outPipe[0]);
    if (errPipe[0] >= 0) close(errPipe[0]);
    return r;
  }
  setpgid(pid, pid);  // also here, so the group exists whichever of the two runs first

  using Clock = std::chrono::steady_clock;
  const Clock::time_point deadline = Clock::now() + std::chrono::seconds(options.timeoutSeconds);
  Clock::time_point killAt{};
  // Past the deadline: SIGTERM to the process group, SIGKILL 2 s later.
  auto enforceTimeout = [&](Clock::time_point now) {
    if (!r.timedOut && now >= deadline) {
      r.timedOut = true;
      kill(-pid, SIGTERM);
      killAt = now + std::chrono::seconds(2);
    }
    if (r.timedOut && killAt != Clock::time_point{} && now >= killAt) {
      kill(-pid, SIGKILL);
      killAt = {};
    }
  };
  std::pair<int, std::string*> streams[2] = {{outPipe[0], &r.out}, {errPipe[0], &r.err}};
  char buf[65536];
  for (;;) {
    pollfd fds[2];
    nfds_t n = 0;
    for (const auto& [fd, text] : streams)
      if (fd >= 0) fds[n++] = {fd, POLLIN, 0};
    if (n == 0) break;
    const Clock::time_point now = Clock::now();
    enforceTimeout(now);
    const auto wait = std::chrono::duration_cast<std::chrono::milliseconds>(
        (r.timedOut ? (killAt == Clock::time_point{} ? now + std::chrono::seconds(1) : killAt) : deadline) -
        now);
    if (poll(fds, n, static_cast<int>(wait.count()) + 1) < 0 && errno != EINTR) break;
    for (nfds_t i = 0; i < n; ++i) {
      if ((fds[i].revents & (POLLIN | POLLHUP | POLLERR)) == 0) continue;
      for (auto& [fd, text] : streams) {
        if (fd != fds[i].fd) continue;
        const ssize_t got = read(fd, buf, sizeof buf);
        if (got > 0) {
          text->append(buf, static_cast<std::size_t>(got));
        } else if (got == 0 || errno != EINTR) {
          close(fd);
          fd = -1;
        }
      }
    }
  }
  for (const auto& [fd, text] : streams)
    if (fd >= 0) close(fd);
  // The output is closed; the command may still run (it closed it itself): wait for it within
  // the same bounds, without reaping it yet, so that its process group cannot be reused.
  for (;;) {
    siginfo_t info{};
    if (waitid(P_PID, static_cast<id_t>(pid), &info, WEXITED | WNOHANG | WNOWAIT) != 0 && errno != EINTR)
      break;
    if (info.si_pid == pid) break;
    const Clock::time_point now = Clock::now();
    enforceTimeout(now);
    usleep(10000);
  }
  // What it started in the background and left running ends with it.
  kill(-pid, SIGKILL);
  int raw = 0;
  while (waitpid(pid, &raw, 0) < 0 && errno == EINTR) {}
  if (r.timedOut)
    r.status = 124;
  else
    r.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : 128 + WTERMSIG(raw);
  return r;
}

}  // namespace shell
