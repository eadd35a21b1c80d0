// The streams every command prints through (runCommandLine): whatever reaches the terminal passes
// text::appendEscapedText, so no byte a user's file, path or argument holds — an escape sequence,
// a C1 control, a byte that is not UTF-8 — is printed raw, whichever message quotes it. Human
// text shows such bytes as `\xNN` (newline and tab kept: they are the output's own layout); JSON
// output, which its writer already escapes by JSON's rules, gets `\u00NN` for the DEL and C1
// characters JSON allows raw (docs/PROTOCOL.md, "What reaches the terminal").
#pragma once

#include <gpuasm/isa/Utf8.h>

#include <ostream>
#include <streambuf>
#include <string>

namespace gpuasm::tool {

class EscapingStreambuf final : public std::streambuf {
 public:
  enum class Mode { Text, Json };
  explicit EscapingStreambuf(std::streambuf* target, Mode mode = Mode::Text) : target_(target), mode_(mode) {}
  EscapingStreambuf(const EscapingStreambuf&) = delete;
  EscapingStreambuf& operator=(const EscapingStreambuf&) = delete;
  ~EscapingStreambuf() override { finish(); }

  /// Text or JSON from now on (a command's --json is known only once its options are parsed).
  void setMode(Mode mode) {
    flushPending(true);
    mode_ = mode;
  }
  /// Writes a cut-short sequence held back at the end as the bytes it is, escaped.
  void finish() {
    flushPending(true);
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
  void flushPending(bool atEnd);

  std::streambuf* target_;
  Mode mode_;
  std::string pending_;  // bytes not yet escaped: at most a UTF-8 sequence cut short (3 bytes)
  std::string escaped_;
};

/// An ostream over an EscapingStreambuf that writes to `target`'s buffer, with its flags
/// (std::cerr's unitbuf too).
class EscapingStream final : public std::ostream {
 public:
  explicit EscapingStream(std::ostream& target, EscapingStreambuf::Mode mode = EscapingStreambuf::Mode::Text)
      : std::ostream(nullptr), buf_(target.rdbuf(), mode) {
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
