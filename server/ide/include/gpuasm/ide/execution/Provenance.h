// Provenance (Debugger.h): where a register's value at a position of a debug session came from
// — the instruction that wrote it, the inputs it read, and theirs in turn — or the initial
// state, or a register edit. Worked out from the timeline's history without moving it.
#pragma once

#include <gpuasm/ide/execution/Timeline.h>

#include <cstddef>
#include <cstdint>
#include <expected>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace gpuasm::ide {

/// One link of a provenance chain: the instruction that wrote a value (or the initial state, or
/// an edit), and the inputs it read.
struct ProvenanceInput {
  std::string registerName;
  std::optional<unsigned> lane;  ///< none for uniform registers, or when read from other lanes
  std::uint32_t value = 0;
  std::optional<std::size_t> from;  ///< index of the link that produced it, when followed
  std::string note;                 ///< e.g. "read across the warp"
};
struct ProvenanceLink {
  std::string registerName;
  std::optional<unsigned> lane;
  std::uint32_t value = 0;                ///< the value it gave the register
  std::optional<std::uint64_t> position;  ///< the instruction's position; none: the initial state or an edit
  std::optional<std::uint32_t> line;
  std::string source;  ///< the instruction's text, or "initial state" / "set by the user"
  std::vector<ProvenanceInput> inputs;
};

/// Where the value of `name` in `lane` at the timeline's current position came from, breadth
/// first: the link of the value itself, then the links of its inputs (each origin once), up to
/// `maxLinks` links. An error value for a name that is no register or a lane past 31.
std::expected<std::vector<ProvenanceLink>, std::string> provenance(const Timeline& timeline,
                                                                   std::string_view name, unsigned lane,
                                                                   std::size_t maxLinks = 32);

}  // namespace gpuasm::ide
