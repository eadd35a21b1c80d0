// FrameReader and frameMessage (see Framing.h).
#include <gpuasm/wire/Framing.h>

#include <gpuasm/isa/Text.h>

#include <algorithm>
#include <charconv>

namespace gpuasm::wire {

void FrameReader::compact() {
  if (consumed_ > 0 && consumed_ * 2 >= buffer_.size()) {
    buffer_.erase(0, consumed_);
    consumed_ = 0;
  }
}

std::optional<std::variant<std::string, FrameError>> FrameReader::next() {
  // Drop the rest of a refused body first.
  if (skipBody_ > 0) {
    const std::size_t n = std::min(skipBody_, pending());
    consumed_ += n;
    skipBody_ -= n;
    compact();
    if (skipBody_ > 0) return std::nullopt;
  }
  if (!bodyLength_) {
    const std::string_view rest = std::string_view(buffer_).substr(consumed_);
    const std::size_t end = rest.find("\r\n\r\n");
    if (end == std::string_view::npos) {
      if (rest.size() > kMaxHeader) {
        consumed_ = buffer_.size();
        compact();
        return FrameError{"header block longer than " + std::to_string(kMaxHeader) +
                          " bytes without a blank line; input dropped"};
      }
      return std::nullopt;
    }
    std::optional<std::size_t> length;
    std::string error;
    std::string_view headers = rest.substr(0, end);
    while (!headers.empty()) {
      const std::size_t eol = headers.find("\r\n");
      const std::string_view line = headers.substr(0, eol);
      headers = eol == std::string_view::npos ? std::string_view() : headers.substr(eol + 2);
      const std::size_t colon = line.find(':');
      if (colon == std::string_view::npos) {
        error = "malformed header line '" + std::string(line.substr(0, 80)) + "'";
        continue;
      }
      const std::string_view name = text::trim(line.substr(0, colon));
      const std::string_view value = text::trim(line.substr(colon + 1));
      if (text::equalsIgnoringCase(name, "Content-Length")) {
        std::size_t n = 0;
        const auto [p, ec] = std::from_chars(value.data(), value.data() + value.size(), n);
        if (ec != std::errc() || p != value.data() + value.size())
          error = "Content-Length '" + std::string(value) + "' is not a number";
        else
          length = n;
      }
    }
    consumed_ += end + 4;
    if (!length && error.empty()) error = "header block without Content-Length";
    if (!error.empty()) {
      compact();
      return FrameError{error};
    }
    if (*length > kMaxBody) {
      skipBody_ = *length;
      compact();
      return FrameError{"message of " + std::to_string(*length) + " bytes is larger than the limit of " +
                        std::to_string(kMaxBody)};
    }
    bodyLength_ = *length;
  }
  if (pending() < *bodyLength_) return std::nullopt;
  std::string body = buffer_.substr(consumed_, *bodyLength_);
  consumed_ += *bodyLength_;
  bodyLength_.reset();
  compact();
  return body;
}

std::string frameMessage(std::string_view body) {
  std::string out = "Content-Length: " + std::to_string(body.size()) + "\r\n\r\n";
  out.append(body);
  return out;
}

}  // namespace gpuasm::wire
