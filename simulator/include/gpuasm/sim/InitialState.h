// The initial state of a run, as users write it: in a state file (JSON, read by server/lsp) or
// inline in the .asm file as `// @state` comment directives (docs/LANGUAGE.md). Both produce an
// InitialState; applying it resolves register names through the database's register types.
#pragma once

#include <gpuasm/sim/WarpState.h>

#include <array>
#include <cstdint>
#include <expected>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace gpuasm::sim {

/// A value for one register: the same in every lane, the lane id, or one value per lane.
struct InitValue {
  enum class Kind : std::uint8_t { Scalar, LaneId, PerLane };
  Kind kind = Kind::Scalar;
  std::uint64_t scalar = 0;
  std::array<std::uint64_t, kWarpSize> lanes{};
};

/// `NAME = value` for a register (R5, UR4, P0, UP1).
struct RegisterInit {
  std::string name;
  InitValue value;
  std::uint32_t line = 0;  ///< 0-based source line of a directive (0 for a state file)
};

/// A constant-memory word.
struct CmemInit {
  std::uint32_t bank = 0, offset = 0, value = 0;
};

/// Everything a run may start from; later entries override earlier ones.
struct InitialState {
  std::optional<std::uint32_t> activeMask;
  std::vector<RegisterInit> registers;
  std::vector<CmemInit> cmem;

  /// Appends `other`, whose entries take precedence (the state file over inline directives).
  void overrideWith(const InitialState& other);
};

/// A problem in a `// @state` directive.
struct StateDirectiveError {
  std::uint32_t line = 0;    ///< 0-based
  std::uint32_t column = 0;  ///< 0-based byte column
  std::string message;
};

/// A `// @name` comment directive: a line comment whose text starts with the name.
struct CommentDirective {
  std::uint32_t line = 0;    ///< 0-based
  std::uint32_t column = 0;  ///< 0-based byte column of the '@'
  std::uint32_t offset = 0;  ///< byte offset of the '@' in the source
  std::string_view rest;     ///< the text after the name, to a `//` comment or the end of the line
};

/// The directives named `name` ("@state", "@expect") in a source text, in order.
std::vector<CommentDirective> findCommentDirectives(std::string_view source, std::string_view name);

/// Parses the `// @state` directives of a source text:
///   // @state R1 = 0x10            a value in every lane (Value.h: 16, 0x10, 0b10000, -1, 1.5)
///   // @state R2 = lane            the lane id
///   // @state R3 = [0, 1, ... ]    32 values, one per lane
///   // @state P0 = true            predicates: true / false / 1 / 0 / lane list
///   // @state c[0x0][0x160] = 0x10 a constant-memory word
///   // @state activeMask = 0x0000ffff
struct ParsedDirectives {
  InitialState state;
  std::vector<StateDirectiveError> errors;
};
ParsedDirectives parseStateDirectives(std::string_view source);

/// Parses one value as the state file and directives spell it: a value of the one grammar
/// (Value.h: 0x10, -1, 0b101, 1.5, true) or "lane". The error says what is wrong.
std::expected<InitValue, std::string> parseInitScalar(std::string_view text);

/// A bank, an offset or a mask: a non-negative integer of the one grammar (16, 0x10, 0b10000);
/// nullopt for anything else, a negative number, an f32 or a truth value included.
std::optional<std::uint32_t> parseUnsignedInteger(std::string_view text);

/// Writes the initial state into `state`; an error value names the first bad entry.
std::expected<void, std::string> applyInitialState(const InitialState& init, WarpState& state);

}  // namespace gpuasm::sim
