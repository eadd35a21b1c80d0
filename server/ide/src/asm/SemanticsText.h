// The spec's __Semantics pseudo-code as one line runs it (ExplainLine.h): the entries of a
// section (`HEADER operands:` and an indented body, spec-catalog §1.7), the entry that fits a
// line, names replaced by the line's operands and modifier values, and the `if`/`else`/`switch`
// that decide on modifiers alone cut to the branch taken. Internal to server/ide/src/asm.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <set>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace gpuasm::ide::semantics {

/// One entry of a __Semantics section: `IADD.X Rd, pu, Ra, SrcB, pp:` and its body.
struct Entry {
  std::vector<std::string> parts;     ///< the header's dotted parts after the mnemonic ("X", "itype")
  std::vector<std::string> operands;  ///< the header's operand names ("Rd", "pu", …)
  /// Per operand, the variable of its selector suffix (`bsel` of `Ra.bsel`), empty when none.
  std::vector<std::string> suffixes;
  std::vector<std::string> body;  ///< the lines after the header, verbatim (blank ones at the end dropped)
};

/// The entries of the ```-fenced blocks of a __Semantics section's text; `mnemonicParts`, the
/// optype's mnemonic split at dots, are taken off each header (a header with another mnemonic,
/// catalog L-37, loses its first part).
std::vector<Entry> parseEntries(std::string_view text, const std::vector<std::string>& mnemonicParts);

/// A modifier variable's value as a comparison sees it: `equals(spelling)` says whether the
/// variable holds the value a spelling names (nullopt: the spelling names none of its values).
struct VariableValue {
  std::string name;  ///< the value's name, shown in place of the variable (`RZ` for `.rnd`)
  std::function<std::optional<bool>(std::string_view spelling)> equals;
};

/// What the line gives the entry's names.
struct Substitutions {
  std::map<std::string, std::string, std::less<>> operands;     ///< header name → operand as written
  std::map<std::string, VariableValue, std::less<>> variables;  ///< modifier variable → its value
  std::set<std::string, std::less<>> inputsOnly;  ///< header names of operands the line only reads
};

/// `line` with the names of `subs` replaced outside comments: a header operand name (except those
/// in `keep`) as a whole word, a modifier variable after its dot.
std::string substitute(std::string_view line, const Substitutions& subs,
                       const std::set<std::string, std::less<>>& keep = {});

/// The value of a condition written with modifiers only (`.ftz == .FTZ && .sat != .SAT`, `!`,
/// parentheses); nullopt when it reads anything else.
std::optional<bool> evaluate(std::string_view condition, const Substitutions& subs);

/// The body of `entry` with `subs` put in and every if/else chain and switch whose conditions
/// `evaluate` decides cut to the branch taken (its lines moved out one level), others kept.
/// Lines keep the body's indentation less that of its least indented line. An input the body
/// assigns to keeps its name from that assignment on (it is a local variable there).
std::vector<std::string> instantiate(const Entry& entry, const Substitutions& subs);

}  // namespace gpuasm::ide::semantics
