// The SVG of the encoding space (EncodingMap.h): a header with the fraction in use, a legend, an
// overview grid of the primary field's values (for fields of at most 10 bits), then one row per
// taken value or run of free values, in value order.
#include <gpuasm/ide/spec/EncodingMap.h>

#include <gpuasm/ide/reference/Reference.h>
#include <gpuasm/isa/Text.h>

#include <algorithm>
#include <sstream>

namespace gpuasm::ide {

namespace {

using namespace isa;

constexpr int kWidth = 1240;
constexpr int kMargin = 20;
constexpr int kLabelWidth = 260;
constexpr int kCellWidth = 160, kCellHeight = 36, kCellGap = 6;
constexpr int kCellsPerLine = (kWidth - 2 * kMargin - kLabelWidth) / (kCellWidth + kCellGap);
constexpr int kSquare = 18, kSquaresPerLine = 32, kGridLabel = 44;

const char* const kTaken = "#4a7fc1";
const char* const kVariant = "#dbe7f6";
const char* const kFree = "#f2f2f2";

std::string runText(const ValueRun& r, unsigned digits = 1) {
  return r.first == r.last
             ? text::hex(r.first, {.digits = digits})
             : text::hex(r.first, {.digits = digits}) + "–" + text::hex(r.last, {.digits = digits});
}

// The drawing under construction: the body so far and the next free y.
struct Canvas {
  std::ostringstream body;
  int y = kMargin;

  void text(int x, int atY, std::string_view s, std::string_view style = {}) {
    body << "<text x=\"" << x << "\" y=\"" << atY << '"';
    if (!style.empty()) body << " style=\"" << style << '"';
    body << '>' << escapeHtml(s) << "</text>\n";
  }
  void rect(int x, int atY, int w, int h, std::string_view fill, std::string_view extra = {}) {
    body << "<rect x=\"" << x << "\" y=\"" << atY << "\" width=\"" << w << "\" height=\"" << h << "\" fill=\""
         << fill << "\" stroke=\"#8a8a8a\"" << extra << "/>\n";
  }
};

struct MapContext {
  const InstrDb& db;
  const EncodingSpace& space;
  const FixedRange* primary;  ///< null when no variant fixes a field
};

// A value of the primary field in hex, as many digits as the field needs.
std::string valueHex(const MapContext& c, std::uint64_t v) {
  return text::hex(v, {.digits = c.primary == nullptr ? 1u : (c.primary->width + 3) / 4});
}

std::string primaryName(const MapContext& c, const PrimaryValue& v) {
  const VariantEncoding& first = c.space.variants[v.variants.front()];
  const Opcode& op = c.db.opcodes()[first.opcode];
  return op.fields[first.valueOf(*c.space.primary)->field].valueText;
}

void drawHeader(const MapContext& c, Canvas& k) {
  const EncodingSpace& s = c.space;
  k.text(kMargin, k.y += 16, "Encoding space: " + std::to_string(s.variants.size()) + " opcode variants",
         "font-size:18px;font-weight:bold");
  k.text(kMargin, k.y += 24,
         "In use: " + s.used.text() + " (" + s.used.percent() + ") of the assignments of the " +
             std::to_string(s.selectingBits) + " opcode-selecting bits " + s.selectingMask.toHex());
  if (c.primary != nullptr) {
    std::uint64_t freeValues = 0;
    for (const ValueRun& r : s.free) freeValues += r.last - r.first + 1;
    k.text(kMargin, k.y += 20,
           "Primary field: " + c.primary->name + " <" + std::to_string(c.primary->offset) + "," +
               std::to_string(c.primary->width) + ">, fixed by " + std::to_string(c.primary->variants) +
               " variants: " + std::to_string(s.taken.size()) + " values taken, " +
               std::to_string(freeValues) + " free");
  }
  k.y += 14;
  const std::pair<const char*, const char*> legend[] = {
      {kVariant, "a variant: its name and the values its other fixed fields take"},
      {kFree, "free: no variant takes these values"},
      {kTaken, "overview: a taken value, shaded by the share of its sub-space in use"}};
  for (const auto& [fill, what] : legend) {
    k.rect(kMargin, k.y, 14, 14, fill);
    k.text(kMargin + 20, k.y + 12, what);
    k.y += 20;
  }
  k.y += 10;
}

// Squares for every value of a primary field of at most 10 bits, 32 a line.
void drawOverview(const MapContext& c, Canvas& k) {
  if (c.primary == nullptr || c.primary->width > 10) return;
  const std::uint64_t count = std::uint64_t{1} << c.primary->width;
  auto taken = c.space.taken.begin();
  for (std::uint64_t v = 0; v < count; ++v) {
    const int x = kMargin + kGridLabel + static_cast<int>(v % kSquaresPerLine) * kSquare;
    const int y = k.y + static_cast<int>(v / kSquaresPerLine) * kSquare;
    if (v % kSquaresPerLine == 0) k.text(kMargin, y + 13, valueHex(c, v), "font-size:11px");
    while (taken != c.space.taken.end() && taken->value < v) ++taken;
    if (taken != c.space.taken.end() && taken->value == v) {
      const double share = 0.35 + 0.65 * taken->used.value();
      k.body << "<g class=\"square\"><title>" << valueHex(c, v) << ' ' << escapeHtml(primaryName(c, *taken))
             << ": " << taken->used.percent() << " in use</title>\n";
      k.rect(x, y, kSquare, kSquare, kTaken, " fill-opacity=\"" + std::to_string(share) + "\"");
      k.body << "</g>\n";
    } else {
      k.body << "<g class=\"square\"><title>" << valueHex(c, v) << ": free</title>\n";
      k.rect(x, y, kSquare, kSquare, kFree);
      k.body << "</g>\n";
    }
  }
  k.y += static_cast<int>((count + kSquaresPerLine - 1) / kSquaresPerLine) * kSquare + 20;
}

void drawVariant(const MapContext& c, Canvas& k, std::uint32_t index, int x, int y) {
  const VariantEncoding& v = c.space.variants[index];
  const Opcode& op = c.db.opcodes()[v.opcode];
  std::string values, shown;
  for (const VariantEncoding::Value& value : v.values) {
    const Field& f = op.fields[value.field];
    values += (values.empty() ? "" : " ") + f.name + "=" + std::to_string(value.value);
    if (!c.space.primary || value.range != *c.space.primary)
      shown += (shown.empty() ? "" : " ") + f.name + "=" + f.valueText;
  }
  k.body << "<g class=\"variant\" data-opcode=\"" << escapeHtml(op.name) << "\" data-values=\""
         << escapeHtml(values) << "\"><title>" << escapeHtml(op.name + ": " + values) << "</title>\n";
  k.rect(x, y, kCellWidth, kCellHeight, kVariant);
  k.text(x + 6, y + 15, op.name, "font-weight:bold");
  k.text(x + 6, y + 30, shown, "font-size:11px");
  k.body << "</g>\n";
}

// The cells of `variants` right of the label column, wrapping; returns the height used.
int drawCells(const MapContext& c, Canvas& k, const std::vector<std::uint32_t>& variants) {
  for (std::size_t i = 0; i < variants.size(); ++i) {
    const int x = kMargin + kLabelWidth + static_cast<int>(i % kCellsPerLine) * (kCellWidth + kCellGap);
    const int y = k.y + static_cast<int>(i / kCellsPerLine) * (kCellHeight + kCellGap);
    drawVariant(c, k, variants[i], x, y);
  }
  const int lines = static_cast<int>((variants.size() + kCellsPerLine - 1) / kCellsPerLine);
  return std::max(1, lines) * (kCellHeight + kCellGap);
}

void drawTaken(const MapContext& c, Canvas& k, const PrimaryValue& v) {
  k.body << "<g class=\"value\" data-value=\"" << v.value << "\" data-used=\"" << v.used.text() << "\">\n";
  k.text(kMargin, k.y + 15, valueHex(c, v.value) + "  " + primaryName(c, v), "font-weight:bold");
  k.text(kMargin, k.y + 30, v.used.percent() + " of its sub-space in use", "font-size:11px");
  int height = drawCells(c, k, v.variants);
  if (v.secondary && !v.freeSecondary.empty()) {
    std::string runs;
    for (const ValueRun& r : v.freeSecondary) runs += (runs.empty() ? "" : ", ") + runText(r);
    k.text(kMargin + kLabelWidth, k.y + height + 10, c.space.ranges[*v.secondary].name + " free: " + runs,
           "font-size:11px;fill:#666");
    height += 16;
  }
  k.body << "</g>\n";
  k.y += height + 4;
}

void drawFree(const MapContext& c, Canvas& k, const ValueRun& r) {
  const std::uint64_t n = r.last - r.first + 1;
  k.body << "<g class=\"free\" data-first=\"" << r.first << "\" data-last=\"" << r.last << "\">\n";
  k.rect(kMargin, k.y, kWidth - 2 * kMargin, 20, kFree);
  k.text(kMargin + 6, k.y + 14,
         runText(r, (c.primary->width + 3) / 4) + "  free (" + std::to_string(n) +
             (n == 1 ? " value" : " values") + ")",
         "font-size:11px;fill:#666");
  k.body << "</g>\n";
  k.y += 26;
}

// Taken values and free runs in value order, then the variants that fix no primary value.
void drawRows(const MapContext& c, Canvas& k) {
  if (c.primary == nullptr) {
    std::vector<std::uint32_t> all(c.space.variants.size());
    for (std::uint32_t i = 0; i < all.size(); ++i) all[i] = i;
    k.y += drawCells(c, k, all);
    return;
  }
  auto taken = c.space.taken.begin();
  auto free = c.space.free.begin();
  while (taken != c.space.taken.end() || free != c.space.free.end()) {
    if (free == c.space.free.end() || (taken != c.space.taken.end() && taken->value < free->first))
      drawTaken(c, k, *taken++);
    else
      drawFree(c, k, *free++);
  }
  if (c.space.unplaced.empty()) return;
  k.text(kMargin, k.y + 15, "fixing no " + c.primary->name, "font-weight:bold");
  k.y += drawCells(c, k, c.space.unplaced);
}

}  // namespace

std::string encodingMapSvg(const isa::InstrDb& db, const isa::EncodingSpace& space) {
  const MapContext c{db, space, space.primary ? &space.ranges[*space.primary] : nullptr};
  Canvas k;
  drawHeader(c, k);
  drawOverview(c, k);
  drawRows(c, k);
  const int height = k.y + kMargin;
  std::ostringstream out;
  out << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << kWidth << "\" height=\"" << height
      << "\" viewBox=\"0 0 " << kWidth << ' ' << height << "\" data-selecting-bits=\"" << space.selectingBits
      << "\" data-used=\"" << space.used.text() << "\" font-family=\"sans-serif\" font-size=\"13\">\n"
      << "<title>Encoding space</title>\n"
      << "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n"
      << k.body.str() << "</svg>\n";
  return out.str();
}

}  // namespace gpuasm::ide
