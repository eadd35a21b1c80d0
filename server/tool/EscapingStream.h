// The streams every command prints through (runCommandLine): whatever reaches the terminal passes
// text::appendEscapedText, so no byte a user's file, path or argument holds — an escape sequence,
// a C1 control, a byte that is not UTF-8 — is printed raw, whichever message quotes it. Human
// text shows such bytes as `\xNN` (newline and tab kept: they are the output's own layout); JSON
// output, which its writer already escapes by JSON's rules, gets `\u00NN` for the DEL and C1
// characters JSON allows raw (docs/PROTOCOL.md, "What reaches the terminal").
#pragma once

#include <gpuasm/isa/Utf8.h>

#include <cstddef>
#include <ostream>
#include <streambuf>
#include <string>
#include <vector>

namespace gpuasm::tool {

/// Buffered as stdio is: what is written collects in a buffer of its own (kBufferBytes) and is
/// escaped and handed to `target` a buffer at a time, on a flush, or — with `lineBuffered`, for a
/// terminal — at the end of each line; escaping each small write alone cost more than
/// assembling the line it belonged to (docs/BENCHMARKS.md).
class EscapingStreambuf final : public std::streambuf {
 public:
  enum class Mode { Text, Json };
  static constexpr std::size_t kBufferBytes = 16384;
  explicit EscapingStreambuf(std::streambuf* target, Mode mode = Mode::Text, bool lineBuffered = false)
      : target_(target), mode_(mode), lineBuffered_(lineBuffered), buffer_(lineBuffered ? 0 : kBufferBytes) {
    // A terminal's stream has no put area: every write reaches xsputn/overflow, which see the
    // line ends (a put area would take a single '\n' without a call).
    setp(buffer_.data(), buffer_.data() + buffer_.size());
  }
  EscapingStreambuf(const EscapingStreambuf&) = delete;
  EscapingStreambuf& operator=(const EscapingStreambuf&) = delete;
  ~EscapingStreambuf() override { finish(); }

  /// Text or JSON from now on (a command's --json is known only once its options are parsed).
  void setMode(Mode mode) {
    drain(true);
    mode_ = mode;
  }
  /// Writes what is buffered, a cut-short sequence held back at the end as the bytes it is, escaped.
  void finish() {
    drain(true);
    if (target_ != nullptr) target_->pubsync();
  }

 protected:
  std::streamsize xsputn(const char* s, std::streamsize n) override;
  int_type overflow(int_type c) override;
  int sync() override;

 private:
  text::EscapeOptions options() const {
    return mode_ == Mode::Json ? text::EscapeOptions{.newlines = true, .json = true}
                               : text::EscapeOptions{.newlines = true};
  }
  /// Escapes the buffer's bytes (after those held back) and writes them to the target; a last
  /// UTF-8 sequence cut short is held back unless `atEnd`.
  void drain(bool atEnd);

  std::streambuf* target_;
  Mode mode_;
  bool lineBuffered_;
  std::vector<char> buffer_;  // the put area (none for a terminal)
  std::string
      pending_;  // bytes before the put area's: a UTF-8 sequence cut short (≤ 3 bytes), or a terminal's line
  std::string escaped_;
};

/// An ostream over an EscapingStreambuf that writes to `target`'s buffer, with its flags
/// (std::cerr's unitbuf too); `lineBuffered` when `target` is a terminal.
class EscapingStream final : public std::ostream {
 public:
  explicit EscapingStream(std::ostream& target, bool lineBuffered = false,
                          EscapingStreambuf::Mode mode = EscapingStreambuf::Mode::Text)
      : std::ostream(nullptr), buf_(target.rdbuf(), mode, lineBuffered) {
    rdbuf(&buf_);
    flags(target.flags());
  }
  ~EscapingStream() override { buf_.finish(); }
  void setMode(EscapingStreambuf::Mode mode) {
    flush();
    buf_.setMode(mode);
  }

 private:
  EscapingStreambuf buf_;
};

}  // namespace gpuasm::tool
