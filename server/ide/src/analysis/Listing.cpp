// A statement's line of the listing (see Listing.h).
#include <gpuasm/ide/analysis/Listing.h>

namespace gpuasm::ide {

ListingLine listingLine(std::string_view source, const AssembledStatement& s) {
  ListingLine out;
  out.line = s.statement.line;
  out.text = source.substr(s.statement.range.begin, s.statement.range.end - s.statement.range.begin);
  if (!s.inst) return out;
  const isa::Opcode& op = *s.inst->opcode;
  out.assembled = true;
  out.variant = op.name;
  out.encoding = s.encoding.toHex();
  out.fields.reserve(op.fields.size());
  for (std::size_t i = 0; i < op.fields.size(); ++i)
    out.fields.push_back({op.fields[i].name, op.fields[i].offset + op.fields[i].width - 1,
                          op.fields[i].offset, s.inst->values[i]});
  return out;
}

}  // namespace gpuasm::ide
