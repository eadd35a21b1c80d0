// A matched instruction: the opcode variant, the syntax form it was written in, and a value
// for every field of the opcode (defaults and fixed values filled in), ready to encode.
#pragma once

#include <gpuasm/isa/InstrDb.h>

#include <cstdint>
#include <vector>

namespace gpuasm::isa {

/// One instruction after matching.
struct MachineInst {
  const Opcode* opcode = nullptr;
  const SyntaxForm* form = nullptr;
  std::vector<std::uint64_t> values;  ///< indexed like opcode->fields
};

}  // namespace gpuasm::isa
