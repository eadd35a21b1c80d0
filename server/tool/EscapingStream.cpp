// Escaping of everything a command prints (EscapingStream.h).
#include "EscapingStream.h"

namespace gpuasm::tool {

std::streamsize EscapingStreambuf::xsputn(const char* s, std::streamsize n) {
  if (target_ == nullptr) return 0;
  pending_.append(s, static_cast<std::size_t>(n));
  flushPending(false);
  return n;
}

EscapingStreambuf::int_type EscapingStreambuf::overflow(int_type c) {
  if (traits_type::eq_int_type(c, traits_type::eof())) return traits_type::not_eof(c);
  const char ch = traits_type::to_char_type(c);
  xsputn(&ch, 1);
  return c;
}

int EscapingStreambuf::sync() {
  // A sequence cut short stays held back: the next write may complete it.
  flushPending(false);
  return target_ != nullptr ? target_->pubsync() : -1;
}

void EscapingStreambuf::flushPending(bool atEnd) {
  if (pending_.empty() || target_ == nullptr) return;
  escaped_.clear();
  const std::size_t used = text::appendEscapedText(escaped_, pending_, options(), atEnd);
  pending_.erase(0, used);
  target_->sputn(escaped_.data(), static_cast<std::streamsize>(escaped_.size()));
}

}  // namespace gpuasm::tool
