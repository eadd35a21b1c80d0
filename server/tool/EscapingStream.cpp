// Escaping of everything a command prints (EscapingStream.h).
#include "EscapingStream.h"

#include <cstring>

namespace gpuasm::tool {

std::streamsize EscapingStreambuf::xsputn(const char* s, std::streamsize n) {
  if (target_ == nullptr) return 0;
  if (!lineBuffered_) return std::streambuf::xsputn(s, n);  // into the buffer, drained when full
  pending_.append(s, static_cast<std::size_t>(n));
  if (std::memchr(s, '\n', static_cast<std::size_t>(n)) != nullptr) drain(false);
  return n;
}

EscapingStreambuf::int_type EscapingStreambuf::overflow(int_type c) {
  if (target_ == nullptr) return traits_type::eof();
  if (traits_type::eq_int_type(c, traits_type::eof())) return traits_type::not_eof(c);
  const char ch = traits_type::to_char_type(c);
  if (lineBuffered_) {
    pending_ += ch;
    if (ch == '\n') drain(false);
    return c;
  }
  drain(false);
  *pptr() = ch;
  pbump(1);
  return c;
}

int EscapingStreambuf::sync() {
  // A sequence cut short stays held back: the next write may complete it.
  drain(false);
  return target_ != nullptr ? target_->pubsync() : -1;
}

void EscapingStreambuf::drain(bool atEnd) {
  const std::string_view buffered(pbase(), static_cast<std::size_t>(pptr() - pbase()));
  setp(buffer_.data(), buffer_.data() + buffer_.size());  // empty for a terminal: no put area
  if (target_ == nullptr) return;
  std::string_view text = buffered;
  if (!pending_.empty()) {
    pending_.append(buffered);
    text = pending_;
  }
  if (text.empty()) return;
  escaped_.clear();
  const std::size_t used = text::appendEscapedText(escaped_, text, options(), atEnd);
  std::string rest(text.substr(used));
  pending_ = std::move(rest);
  target_->sputn(escaped_.data(), static_cast<std::streamsize>(escaped_.size()));
}

}  // namespace gpuasm::tool
