// A register in one lane as the debugger names it, one grammar for every place that names one
// (docs/LANGUAGE.md, "Registers at a lane"): `R1[3]`, R1 in lane 3 — the expression language's
// `x[i]` with a written lane; `R1`, no lane (the lane in focus, or any lane for a watch); and
// `[3]`, a lane alone, the name of a lane in the All lanes view. Data breakpoint ids, watch
// offers, `why R1[3]` and the lane variables are all read and written here.
#pragma once

#include <expected>
#include <optional>
#include <string>
#include <string_view>

namespace gpuasm::workspace {

/// A register, in one lane or in none.
struct RegisterAtLane {
  std::string registerName;      ///< as written, a name (R1, UR4, P0): the debugger checks what it names
  std::optional<unsigned> lane;  ///< 0..31; none when no lane is written
  friend bool operator==(const RegisterAtLane&, const RegisterAtLane&) = default;
};

/// Reads `R1` or `R1[3]` (blanks around it are ignored): a name (a letter or '_', then letters,
/// digits and '_'), then optionally a decimal lane 0..31 in brackets. An error says what is
/// wrong, quoting the text: "lane 40 is out of range: a lane is 0..31".
std::expected<RegisterAtLane, std::string> parseRegisterAtLane(std::string_view text);

/// Reads `[3]`, a decimal lane 0..31 in brackets (blanks around it are ignored).
std::expected<unsigned, std::string> parseLaneIndex(std::string_view text);

/// `R1[3]`, or `R1` without a lane: the spelling parseRegisterAtLane reads.
std::string registerAtLaneName(const RegisterAtLane& r);

/// `[3]`: the spelling parseLaneIndex reads.
std::string laneIndexName(unsigned lane);

}  // namespace gpuasm::workspace
