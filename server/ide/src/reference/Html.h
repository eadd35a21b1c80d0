// The reference pages' shared pieces (internal): HTML text, links, the page frame, and what
// touches what in the database (the errata of an optype, the optypes of a type).
#pragma once

#include <gpuasm/ide/reference/Reference.h>
#include <gpuasm/isa/InstrDb.h>
#include <gpuasm/isa/Prose.h>

#include <string>
#include <string_view>
#include <vector>

namespace gpuasm::ide::reference {

/// Appends `text` escaped for HTML.
void escapeInto(std::string& out, std::string_view text);
/// `<a href="…">text</a>` (text escaped).
std::string linkTo(const ReferenceLink& target, std::string_view text);
/// The page's head (charset, title, the shared style sheet) up to the opening of <main>.
void pageStart(std::string& out, std::string_view title);
/// Closes <main> and the page.
void pageEnd(std::string& out);
/// A prose section of the spec: a heading and the text (proseHtml), or nothing when the spec has
/// no such section.
void proseSection(std::string& out, const isa::InstrDb& db, std::string_view id, std::string_view heading,
                  const isa::Prose& prose);
/// Spec prose as HTML, block by block (isa/Prose.h): prose lines verbatim in a
/// `<div class="prose">` (linkedProse, white space kept by the style sheet), a ``` fence as
/// `<pre class="code">`, a table as `<table class="prose-table">` with `<thead>` and `<tbody>`,
/// each cell linkedProse and, when its column's delimiter cell gives one, an `align-left`,
/// `align-center` or `align-right` class.
std::string proseHtml(const isa::InstrDb& db, std::string_view prose);
/// A table of spec prose as proseHtml writes it.
std::string proseTableHtml(const isa::InstrDb& db, const isa::ProseTable& table);

/// The kind an encoding diagram colours a field by: "fixed" (identifies the variant), else by
/// its type's kind: "register", "predicate", "immediate" (SImm, UImm, FImm, CMem), "modifier"
/// (Enum, Flag).
const char* fieldKind(const isa::InstrDb& db, const isa::Field& field);

/// The errata whose targets name the optype, one of its opcodes, its group chain or a type
/// its fields use (not those about ALL), in file order.
std::vector<const isa::Erratum*> errataTouching(const isa::InstrDb& db, const isa::Optype& optype);
/// The errata whose targets name `name` (a type, group, optype or opcode).
std::vector<const isa::Erratum*> errataNaming(const isa::InstrDb& db, std::string_view name);
/// Spec prose escaped, with every name in it of an erratum (L-61), optype, opcode variant or
/// type of the database (a run of letters, digits, '_' and '-' of two characters or more) a
/// link to its entry.
std::string linkedProse(const isa::InstrDb& db, std::string_view prose);
/// A definition's name as a link to its page when it is a type, optype, opcode or group of
/// the database, else the name escaped.
std::string linkName(const isa::InstrDb& db, std::string_view name);

/// The legend of the diagrams' colours.
std::string diagramLegend();

/// The style sheet and the index's search script (reference.css, reference.js).
std::string styleSheet();
std::string searchScript();

/// An optype's page.
std::string optypePage(const isa::InstrDb& db, const isa::Optype& optype);
/// The "Examples" section of an optype's page: each line with its words, or why it does not
/// assemble, and the registers it set when the examples run in the simulator.
std::string examplesSection(const isa::InstrDb& db, const isa::Optype& optype);
/// A type's page, the index and the errata page.
std::string typePage(const isa::InstrDb& db, const isa::BitFieldType& type);
std::string indexPage(const isa::InstrDb& db);
std::string errataPage(const isa::InstrDb& db);

}  // namespace gpuasm::ide::reference
