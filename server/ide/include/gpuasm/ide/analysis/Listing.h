// A statement's line of the listing: the encoding variant it assembled to, its 128-bit word and
// the value of every field with its bits. One function for every printer of the listing:
// `gpuasm asm` (text and --json) and the language server's `gpuasm/encoding` request.
#pragma once

#include <gpuasm/ide/analysis/Assembler.h>

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace gpuasm::ide {

/// One field of an instruction's encoding.
struct EncodedField {
  std::string_view name;         ///< the spec's field name: a view into the database (lives as long as it)
  std::uint32_t hi = 0, lo = 0;  ///< its bits in the 128-bit word, hi >= lo
  std::uint64_t value = 0;
};

/// A statement as the listing shows it.
struct ListingLine {
  std::uint32_t line = 0;    ///< 0-based
  std::string_view text;     ///< the statement as written: a view into the source
  bool assembled = false;    ///< false: it did not assemble (its diagnostics say why); the rest is empty
  std::string_view variant;  ///< the encoding variant (opcode) it assembled to: a view into the database
  std::string encoding;      ///< the 128-bit word in hex (isa::Word128::toHex)
  std::vector<EncodedField> fields;  ///< in the variant's field order
};

/// The listing line of `s`, a statement of `source`.
ListingLine listingLine(std::string_view source, const AssembledStatement& s);

}  // namespace gpuasm::ide
