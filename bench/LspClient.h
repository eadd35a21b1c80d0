// A language server child process spoken to over stdio, as an editor does (Content-Length
// framing), and what the LSP benchmarks share: the 1 MB listing, percentiles, positions.
#pragma once

#include "BenchInput.h"

#include <algorithm>
#include <chrono>
#include <fstream>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include <fcntl.h>
#include <nlohmann/json.hpp>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

namespace gpuasm::bench {

using nlohmann::json;
using Clock = std::chrono::steady_clock;

inline constexpr int kTimeoutMs = 120000;  // every wait is bounded

inline double msSince(Clock::time_point t0) {
  return std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
}

// A language server child process on pipes, spoken to with Content-Length framing.
class Client {
 public:
  explicit Client(const std::vector<std::string>& argv) {
    int toChild[2], fromChild[2];
    if (pipe(toChild) != 0 || pipe(fromChild) != 0) throw std::runtime_error("pipe failed");
    pid_ = fork();
    if (pid_ < 0) throw std::runtime_error("fork failed");
    if (pid_ == 0) {
      dup2(toChild[0], STDIN_FILENO);
      dup2(fromChild[1], STDOUT_FILENO);
      const int devnull = open("/dev/null", O_WRONLY);
      dup2(devnull, STDERR_FILENO);
      close(toChild[1]);
      close(fromChild[0]);
      std::vector<char*> args;
      for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
      args.push_back(nullptr);
      execvp(args[0], args.data());
      _exit(127);
    }
    close(toChild[0]);
    close(fromChild[1]);
    in_ = toChild[1];
    out_ = fromChild[0];
  }
  ~Client() {
    if (pid_ > 0) {
      kill(pid_, SIGKILL);
      waitpid(pid_, nullptr, 0);
    }
    close(in_);
    close(out_);
  }

  void send(const json& message) {
    const std::string body = message.dump();
    const std::string frame = "Content-Length: " + std::to_string(body.size()) + "\r\n\r\n" + body;
    for (std::size_t done = 0; done < frame.size();) {
      const ssize_t n = write(in_, frame.data() + done, frame.size() - done);
      if (n <= 0) throw std::runtime_error("the server stopped reading");
      done += static_cast<std::size_t>(n);
    }
  }
  int request(const std::string& method, json params) {
    const int id = nextId_++;
    send({{"jsonrpc", "2.0"}, {"id", id}, {"method", method}, {"params", std::move(params)}});
    return id;
  }
  void notify(const std::string& method, json params) {
    send({{"jsonrpc", "2.0"}, {"method", method}, {"params", std::move(params)}});
  }

  /// Reads messages until `done` accepts one; answers the server's own requests with null.
  json waitFor(const std::function<bool(const json&)>& done) {
    const auto t0 = Clock::now();
    while (msSince(t0) < kTimeoutMs) {
      if (auto m = nextMessage()) {
        if (m->contains("method") && m->contains("id"))
          send({{"jsonrpc", "2.0"}, {"id", (*m)["id"]}, {"result", nullptr}});
        if (done(*m)) return *m;
        continue;
      }
      pollfd p{out_, POLLIN, 0};
      poll(&p, 1, 100);
      char buf[1 << 16];
      const ssize_t n = read(out_, buf, sizeof buf);
      if (n == 0) throw std::runtime_error("the server closed its output");
      if (n > 0) buffer_.append(buf, static_cast<std::size_t>(n));
    }
    throw std::runtime_error("timed out waiting for the server");
  }
  json reply(int id) {
    return waitFor([&](const json& m) { return m.contains("id") && m["id"] == id && !m.contains("method"); });
  }

  /// Peak resident set of the server (VmHWM), in MiB.
  double peakRssMiB() const {
    std::ifstream status("/proc/" + std::to_string(pid_) + "/status");
    for (std::string line; std::getline(status, line);)
      if (line.rfind("VmHWM:", 0) == 0) return std::stod(line.substr(6)) / 1024.0;
    return 0;
  }
  void shutdown() {
    reply(request("shutdown", nullptr));
    notify("exit", nullptr);
    for (int i = 0; i < 50; ++i) {  // up to 5 s, then the destructor kills it
      if (waitpid(pid_, nullptr, WNOHANG) == pid_) {
        pid_ = -1;
        return;
      }
      usleep(100000);
    }
  }

 private:
  std::optional<json> nextMessage() {
    const std::size_t header = buffer_.find("\r\n\r\n");
    if (header == std::string::npos) return std::nullopt;
    const std::size_t at = buffer_.find("Content-Length:");
    const std::size_t length = std::stoul(buffer_.substr(at + 15));
    if (buffer_.size() < header + 4 + length) return std::nullopt;
    json m = json::parse(buffer_.substr(header + 4, length));
    buffer_.erase(0, header + 4 + length);
    return m;
  }

  pid_t pid_ = -1;
  int in_ = -1, out_ = -1;
  int nextId_ = 1;
  std::string buffer_;
};

inline double percentile(std::vector<double> v, double p) {
  std::sort(v.begin(), v.end());
  return v[std::min(v.size() - 1, static_cast<std::size_t>(p * static_cast<double>(v.size())))];
}

inline json pos(std::size_t line, int character) { return {{"line", line}, {"character", character}}; }

/// 1 MB of a realistic listing: the bundled kernel and the hand-checked valid instructions,
/// verbatim (indentation, blank lines, comment lines and trailing comments included), repeated.
/// The one line that indexes registers at run time (GETGPR R1, R[UR2-0x3]) traps in a run, so it
/// is left out: the live values then run through the whole file.
inline std::vector<std::string> megabyteListing(const std::string& sourceDir) {
  std::vector<std::string> mix = fileLines(sourceDir + "/examples/kernel.asm");
  for (auto& l : fileLines(sourceDir + "/tests/asm/valid.asm"))
    if (l.find("R[U") == std::string::npos) mix.push_back(l);
  std::vector<std::string> lines;
  for (std::size_t i = 0, bytes = 0; bytes < (1u << 20); ++i) {
    lines.push_back(mix[i % mix.size()]);
    bytes += lines.back().size() + 1;
  }
  return lines;
}

}  // namespace gpuasm::bench
