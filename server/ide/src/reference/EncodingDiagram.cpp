// The encoding diagram of an opcode variant: the 128 bits as four rows of 32, a box per field
// and row (Reference.h, DiagramGeometry).
#include "Html.h"

#include <gpuasm/isa/Text.h>

#include <algorithm>
#include <string>
#include <vector>

namespace gpuasm::ide {

namespace {

using G = DiagramGeometry;

/// A box to draw: the bits [lsb, msb] of one row, a field's (index ≥ 0) or reserved (-1).
struct Box {
  std::uint32_t lsb = 0, msb = 0;
  int field = -1;
};

/// The bits [lo, hi] cut at the 32-bit row boundaries, most significant part first.
void addCut(std::vector<Box>& boxes, std::uint32_t lo, std::uint32_t hi, int field) {
  for (std::uint32_t top = hi;;) {
    const std::uint32_t rowLow = top / 32 * 32;
    const std::uint32_t low = std::max(lo, rowLow);
    boxes.push_back({low, top, field});
    if (low == lo) return;
    top = low - 1;
  }
}

/// Every field's boxes and the reserved runs between them.
std::vector<Box> boxesOf(const isa::Opcode& opcode) {
  std::vector<bool> covered(128, false);
  std::vector<Box> boxes;
  for (std::size_t i = 0; i < opcode.fields.size(); ++i) {
    const isa::Field& f = opcode.fields[i];
    if (f.width == 0 || f.offset >= 128) continue;
    const std::uint32_t hi = std::min<std::uint32_t>(f.offset + f.width - 1, 127);
    addCut(boxes, f.offset, hi, static_cast<int>(i));
    for (std::uint32_t b = f.offset; b <= hi; ++b) covered[b] = true;
  }
  for (std::uint32_t b = 0; b < 128;) {
    if (covered[b]) {
      ++b;
      continue;
    }
    std::uint32_t e = b;
    while (e + 1 < 128 && !covered[e + 1]) ++e;
    addCut(boxes, b, e, -1);
    b = e + 1;
  }
  return boxes;
}

int xOf(std::uint32_t msb) { return G::kLeft + static_cast<int>(31 - msb % 32) * G::kBitWidth; }
int yOf(std::uint32_t bit) { return G::kTop + static_cast<int>(3 - bit / 32) * (G::kRowHeight + G::kRowGap); }

/// What a fixed or defaulted field's value reads as: "SHFL (0x2d)", or the number.
std::string valueText(const isa::InstrDb& db, const isa::Field& f) {
  const isa::BitFieldType& type = db.typeOf(f);
  if (type.isEnumerated())
    if (const isa::Enumerator* e = type.enumeratorFor(f.value))
      return e->name + " (" + text::hex(f.value) + ")";
  return text::hex(f.value);
}

void label(std::string& out, int x, int y, const char* cls, std::string_view s) {
  out += "<text x=\"" + std::to_string(x) + "\" y=\"" + std::to_string(y) + "\" class=\"" + cls + "\">";
  reference::escapeInto(out, s);
  out += "</text>";
}

/// A label if it fits a box `width` wide at about 6.6 px a character, else nothing.
bool fits(std::string_view s, int width) { return static_cast<int>(s.size()) * 66 + 60 <= width * 10; }

void drawBox(std::string& out, const isa::InstrDb& db, const isa::Opcode& opcode, const Box& box) {
  const int x = xOf(box.msb), y = yOf(box.msb);
  const int width = static_cast<int>(box.msb - box.lsb + 1) * G::kBitWidth;
  const isa::Field* f = box.field < 0 ? nullptr : &opcode.fields[static_cast<std::size_t>(box.field)];
  const char* kind = f != nullptr ? reference::fieldKind(db, *f) : "reserved";
  std::string title = f != nullptr ? f->name : "reserved";
  title += " [" + std::to_string(box.msb) + ":" + std::to_string(box.lsb) + "]";
  if (f != nullptr) {
    title += " " + db.typeOf(*f).name;
    if (f->presence != isa::FieldPresence::Required)
      title += (f->presence == isa::FieldPresence::Fixed ? " = " : " default ") + valueText(db, *f);
  }
  out += "<g><title>";
  reference::escapeInto(out, title);
  out += "</title><rect class=\"box k-" + std::string(kind) + "\" x=\"" + std::to_string(x) + "\" y=\"" +
         std::to_string(y) + "\" width=\"" + std::to_string(width) + "\" height=\"" +
         std::to_string(G::kRowHeight) + "\" data-kind=\"" + kind + "\"";
  if (f != nullptr) {
    out += " data-field=\"";
    reference::escapeInto(out, f->name);
    out += "\"";
  }
  out += " data-msb=\"" + std::to_string(box.msb) + "\" data-lsb=\"" + std::to_string(box.lsb) + "\"/>";
  const int mid = x + width / 2;
  if (f != nullptr && fits(f->name, width)) label(out, mid, y + 16, "name", f->name);
  if (f != nullptr && f->presence == isa::FieldPresence::Fixed) {
    const std::string v = valueText(db, *f);
    const std::string shown = fits(v, width) ? v : text::hex(f->value);
    if (fits(shown, width)) label(out, mid, y + 31, "value", shown);
  }
  label(out, x + 2, y - 3, "bit", std::to_string(box.msb));
  if (box.lsb != box.msb) label(out, x + width - 2, y - 3, "bit end", std::to_string(box.lsb));
  out += "</g>";
}

}  // namespace

std::string encodingDiagram(const isa::InstrDb& db, const isa::Opcode& opcode) {
  std::string out = "<svg class=\"encoding\" xmlns=\"http://www.w3.org/2000/svg\" width=\"" +
                    std::to_string(G::kWidth) + "\" height=\"" + std::to_string(G::kHeight) +
                    "\" viewBox=\"0 0 " + std::to_string(G::kWidth) + " " + std::to_string(G::kHeight) +
                    "\" data-opcode=\"";
  reference::escapeInto(out, opcode.name);
  out += "\" data-bit-width=\"" + std::to_string(G::kBitWidth) + "\" data-left=\"" +
         std::to_string(G::kLeft) + "\" data-top=\"" + std::to_string(G::kTop) + "\" data-row-pitch=\"" +
         std::to_string(G::kRowHeight + G::kRowGap) + "\" role=\"img\" aria-label=\"encoding of ";
  reference::escapeInto(out, opcode.name);
  out += "\">";
  for (const Box& box : boxesOf(opcode)) drawBox(out, db, opcode, box);
  out += "</svg>\n";
  return out;
}

}  // namespace gpuasm::ide
