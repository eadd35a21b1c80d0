// The instruction reference (`gpuasm doc OUT_DIR`): the spec in use as static HTML pages that
// work from file:// with no network — an index grouped by the spec's groups with a search box,
// one page per instruction type (description, syntax forms, modifiers, operands, one encoding
// diagram per opcode variant as inline SVG, semantics, errata, examples with their words and the
// registers they set), one page per bit-field type and one page of errata, linked to each other.
// Pure functions of the database: the tool writes the pages, an editor can ask where an
// instruction's page is (referenceOf) to link to it.
#pragma once

#include <gpuasm/ide/Results.h>
#include <gpuasm/isa/InstrDb.h>

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace gpuasm::ide {

/// The page of an instruction type: `instruction-<optype>.html` (e.g. for SHFL
/// `instruction-SHFL.html`), no anchor. Characters other than letters, digits, '_', '.' and '-'
/// in a name are written as `~XX` (hex), so any spec name gives a safe file name.
ReferenceLink referenceOf(const isa::Optype& optype);
/// The section of one opcode variant on its optype's page: the optype's page, anchor
/// `variant-<opcode>` (its encoding diagram, fields and operands).
ReferenceLink referenceOf(const isa::InstrDb& db, const isa::Opcode& opcode);
/// The page of a bit-field type: `type-<name>.html`.
ReferenceLink referenceOf(const isa::BitFieldType& type);
/// A group's section of the index: `index.html`, anchor `group-<name>`.
ReferenceLink referenceOf(const isa::Group& group);
/// An erratum's entry on the errata page: `errata.html`, anchor the erratum's id (`L-61`).
ReferenceLink referenceOf(const isa::Erratum& erratum);

/// One file of the reference: its name relative to the output directory and its text (UTF-8).
struct ReferencePage {
  std::string file;
  std::string text;
};

/// Every file of the reference of `db`, handed to `sink` one at a time (so a writer need not
/// hold them all): index.html, errata.html, reference.css, reference.js, a page per optype
/// and per bit-field type. The examples are assembled and run in the simulator here.
void renderReference(const isa::InstrDb& db, const std::function<void(ReferencePage&&)>& sink);

/// Every file of the reference of a database by name (what renderReference hands out), for an
/// editor that shows pages without writing them.
struct RenderedReference {
  std::map<std::string, std::string, std::less<>> files;
  /// The text of `file` (a name as renderReference gives it, `instruction-SHFL.html`), or null.
  const std::string* find(std::string_view file) const;
};

/// The reference of `db`, rendered on the first call and kept with the database
/// (InstrDb::derived): after that a page costs a look-up. A new database (a spec edit) renders
/// its own.
const RenderedReference& renderedReference(const isa::InstrDb& db);

/// Text escaped for HTML element content and double-quoted attribute values (& < > " ').
std::string escapeHtml(std::string_view text);

/// The geometry of an encoding diagram, so a reader (a test, a browser script) can recompute a
/// box's bits from its rectangle: row r (0 at the top) shows bits 32·(3−r)+31 … 32·(3−r), the
/// most significant at the left; bit b of a row sits at x = kLeft + (31 − b mod 32)·kBitWidth,
/// the row at y = kTop + r·(kRowHeight + kRowGap); a box spans its bits' cells exactly.
struct DiagramGeometry {
  static constexpr int kBitWidth = 22;
  static constexpr int kLeft = 8;
  static constexpr int kTop = 14;
  static constexpr int kRowHeight = 38;
  static constexpr int kRowGap = 16;
  static constexpr int kRows = 4;
  static constexpr int kWidth = kLeft + 32 * kBitWidth + 8;
  static constexpr int kHeight = kTop + kRows * (kRowHeight + kRowGap);
};

/// The encoding diagram of an opcode variant as an inline `<svg>` (its attributes data-opcode,
/// and the geometry: data-bit-width, data-left, data-top, data-row-pitch): a `<rect>` per field and row
/// it crosses, with `data-field` (the field's name), `data-msb` and `data-lsb` (the bits of that
/// row's part) and `data-kind` (fixed, register, predicate, immediate, modifier); bits no field
/// covers as boxes with `data-kind="reserved"` and no data-field. Fixed fields show their value.
std::string encodingDiagram(const isa::InstrDb& db, const isa::Opcode& opcode);

}  // namespace gpuasm::ide
