// The grammar of a register at a lane (see RegisterAtLane.h).
#include <gpuasm/workspace/RegisterAtLane.h>

#include <gpuasm/isa/Text.h>
#include <gpuasm/isa/Utf8.h>
#include <gpuasm/sim/WarpState.h>

#include <charconv>

namespace gpuasm::workspace {

namespace {

constexpr std::string_view kShape = "a register at a lane is written R1[3]";

std::string quoted(std::string_view s) { return "'" + text::escapeText(s) + "'"; }

// The lane of `[n]`, `s` starting at its '['.
std::expected<unsigned, std::string> laneOf(std::string_view s) {
  const std::size_t close = s.find(']');
  if (close == std::string_view::npos) return std::unexpected("'[' is not closed: " + std::string(kShape));
  const std::string_view digits = s.substr(1, close - 1);
  if (close + 1 < s.size())
    return std::unexpected("unexpected " + quoted(s.substr(close + 1)) + " after ']'");
  if (digits.empty()) return std::unexpected("no lane between '[' and ']': a lane is 0..31");
  unsigned lane = 0;
  const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), lane);
  if (end != digits.data() + digits.size())
    return std::unexpected(quoted(digits) + " is not a lane: a lane is a decimal number 0..31");
  if (ec == std::errc::result_out_of_range || lane >= sim::kWarpSize)
    return std::unexpected("lane " + text::escapeText(digits) + " is out of range: a lane is 0..31");
  return lane;
}

}  // namespace

std::expected<RegisterAtLane, std::string> parseRegisterAtLane(std::string_view s) {
  s = text::trim(s);
  if (s.empty()) return std::unexpected("a register is expected: " + std::string(kShape));
  const std::size_t end = text::wordEnd(s, 0);
  if (end == 0 || !text::isWordStart(s.front()))
    return std::unexpected(quoted(s) + " is not a register: " + std::string(kShape));
  RegisterAtLane r{std::string(s.substr(0, end)), std::nullopt};
  if (end == s.size()) return r;
  if (s[end] != '[')
    return std::unexpected("unexpected " + quoted(s.substr(end)) + " after " + r.registerName + ": " +
                           std::string(kShape));
  const auto lane = laneOf(s.substr(end));
  if (!lane) return std::unexpected(lane.error());
  r.lane = *lane;
  return r;
}

std::expected<unsigned, std::string> parseLaneIndex(std::string_view s) {
  s = text::trim(s);
  if (!s.starts_with('[')) return std::unexpected(quoted(s) + " is not a lane: a lane is written [3]");
  return laneOf(s);
}

std::string registerAtLaneName(const RegisterAtLane& r) {
  return r.lane ? r.registerName + laneIndexName(*r.lane) : r.registerName;
}

std::string laneIndexName(unsigned lane) { return "[" + std::to_string(lane) + "]"; }

}  // namespace gpuasm::workspace
