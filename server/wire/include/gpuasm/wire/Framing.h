// The LSP base protocol: messages framed by `Content-Length: N\r\n\r\n` headers. FrameReader
// takes bytes as they arrive (any split) and hands out whole bodies; a malformed header or an
// oversized body is reported as an error value and skipped, so the stream goes on working.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>

namespace gpuasm::wire {

/// A framing problem: what was wrong, for the log and a JSON-RPC error reply.
struct FrameError {
  std::string message;
};

/// Incremental reader of Content-Length frames.
class FrameReader {
 public:
  /// Bodies larger than this are refused (and their bytes skipped).
  static constexpr std::size_t kMaxBody = 64u << 20;
  /// A header block longer than this without its blank line is refused.
  static constexpr std::size_t kMaxHeader = 8u << 10;

  /// Appends received bytes.
  void feed(std::string_view bytes) { buffer_.append(bytes); }
  /// The next complete body or framing error; nullopt when more bytes are needed.
  std::optional<std::variant<std::string, FrameError>> next();
  /// Bytes received but not yet part of a returned frame.
  std::size_t pending() const { return buffer_.size() - consumed_; }

 private:
  std::string buffer_;
  std::size_t consumed_ = 0;               // bytes of buffer_ already handed out
  std::size_t skipBody_ = 0;               // bytes of a refused body still to drop
  std::optional<std::size_t> bodyLength_;  // set once the header block is read
  void compact();
};

/// `Content-Length: N\r\n\r\n` + body.
std::string frameMessage(std::string_view body);

}  // namespace gpuasm::wire
