// Fuzz target, round trip: assembly text → match + encode → decode → print → assemble again.
// The input is assembled as a document (ide::assembleText); every statement that encoded is
// decoded (isa::Decoder), printed (isa::printInstruction) and the printed text assembled alone,
// which must give one statement encoding to the same 128-bit word. The input's bytes are also
// read as 16-byte little-endian words (as `gpuasm asm -o` writes them); a word that decodes
// without issues and prints must assemble back to itself, as `gpuasm dis --asm` output must.
#include "FuzzSupport.h"

#include <gpuasm/ide/analysis/Assembler.h>
#include <gpuasm/isa/Decoder.h>
#include <gpuasm/isa/InstrDb.h>
#include <gpuasm/isa/Printer.h>
#include <gpuasm/isa/Word128.h>

#include <array>
#include <string>

using namespace gpuasm;

namespace {

using fuzz::db;

const isa::Decoder& decoder() {
  static const isa::Decoder d(db());
  return d;
}

// Printed text of a word must assemble to that word; `origin` says where the word came from.
void checkPrintedAssemblesTo(const std::string& text, const isa::Word128& word, const std::string& origin) {
  const ide::AssembledUnit again = ide::assembleText(db(), text);
  std::string why = origin + "\nprinted: " + text + "\nword: " + word.toHex();
  for (const auto& d : again.diagnostics) why += "\n" + std::string(isa::spelling(d.code)) + ": " + d.message;
  FUZZ_CHECK(again.statements.size() == 1, why);
  FUZZ_CHECK(again.statements[0].inst.has_value(), why);
  FUZZ_CHECK(again.statements[0].encoding == word,
             why + "\nassembled again: " + again.statements[0].encoding.toHex());
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size > fuzz::kMaxInput) return 0;
  const std::string_view text = fuzz::asText(data, size);

  const ide::AssembledUnit unit = ide::assembleText(db(), text);
  for (const ide::AssembledStatement& s : unit.statements) {
    if (!s.inst) continue;
    const std::string source(
        text.substr(s.statement.range.begin, s.statement.range.end - s.statement.range.begin));
    const isa::DecodeResult decoded = decoder().decode(s.encoding);
    FUZZ_CHECK(decoded.decoded.has_value() && decoded.issues.empty(),
               "an assembled word does not decode cleanly: " + source + " -> " + s.encoding.toHex());
    FUZZ_CHECK(decoded.decoded->opcode == s.inst->opcode,
               "decoded as another opcode: " + source + " -> " + s.encoding.toHex());
    const auto printed = isa::printInstruction(db(), *decoded.decoded->opcode, decoded.decoded->values);
    FUZZ_CHECK(printed.has_value(),
               "an assembled instruction does not print: " + source + " -> " + s.encoding.toHex());
    checkPrintedAssemblesTo(*printed, s.encoding, "assembled from: " + source);
  }

  // Raw words: every whole 16 bytes of the input, at most 64 of them.
  for (std::size_t at = 0; at + 16 <= size && at < 64 * 16; at += 16) {
    std::array<unsigned char, 16> bytes{};
    for (std::size_t i = 0; i < 16; ++i) bytes[i] = data[at + i];
    const isa::Word128 word = isa::Word128::fromBytes(bytes);
    const isa::DecodeResult decoded = decoder().decode(word);
    if (!decoded.decoded || !decoded.issues.empty()) continue;
    const auto printed = isa::printInstruction(db(), *decoded.decoded->opcode, decoded.decoded->values);
    if (!printed) continue;  // values no syntax form can write (spec-catalog §7)
    checkPrintedAssemblesTo(
        *printed, word,
        "decoded from bytes at " + std::to_string(at) + " as " + decoded.decoded->opcode->name);
  }
  return 0;
}
