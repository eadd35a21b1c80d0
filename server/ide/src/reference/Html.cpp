// The reference's names, links, page frame and cross-references (Reference.h, Html.h).
#include "Html.h"

#include <gpuasm/isa/Text.h>

#include <algorithm>
#include <unordered_set>

namespace gpuasm::ide {

namespace {

/// A spec name as a file or anchor name: letters, digits, '_', '.' and '-' as they are, any
/// other byte as ~XX.
std::string safeName(std::string_view name) {
  std::string out;
  for (const char c : name) {
    const auto u = static_cast<unsigned char>(c);
    if (text::isWordChar(c) || c == '.' || c == '-') {
      out += c;
      continue;
    }
    out += '~';
    out += text::hex(u, {.digits = 2, .upper = true, .prefix = false});
  }
  return out;
}

}  // namespace

ReferenceLink referenceOf(const isa::Optype& optype) {
  return {"instruction-" + safeName(optype.name) + ".html", ""};
}

ReferenceLink referenceOf(const isa::InstrDb& db, const isa::Opcode& opcode) {
  return {referenceOf(db.optypeOf(opcode)).file, "variant-" + safeName(opcode.name)};
}

ReferenceLink referenceOf(const isa::BitFieldType& type) {
  return {"type-" + safeName(type.name) + ".html", ""};
}

ReferenceLink referenceOf(const isa::Group& group) { return {"index.html", "group-" + safeName(group.name)}; }

ReferenceLink referenceOf(const isa::Erratum& erratum) { return {"errata.html", safeName(erratum.id)}; }

std::string escapeHtml(std::string_view text) {
  std::string out;
  out.reserve(text.size() + text.size() / 8);
  reference::escapeInto(out, text);
  return out;
}

namespace reference {

void escapeInto(std::string& out, std::string_view text) {
  for (const char c : text) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&#39;"; break;
      default: out += c;
    }
  }
}

std::string linkTo(const ReferenceLink& target, std::string_view text) {
  std::string out = "<a href=\"";
  escapeInto(out, target.href());
  out += "\">";
  escapeInto(out, text);
  out += "</a>";
  return out;
}

void pageStart(std::string& out, std::string_view title) {
  out +=
      "<!DOCTYPE html>\n<html lang=\"zh\">\n<head>\n<meta charset=\"utf-8\">\n"
      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>";
  escapeInto(out, title);
  out +=
      "</title>\n<link rel=\"stylesheet\" href=\"reference.css\">\n"
      // No icon: a browser would ask the site's root for /favicon.ico, a 404 on most hosts.
      "<link rel=\"icon\" href=\"data:,\">\n</head>\n<body>\n"
      "<nav class=\"top\"><a href=\"index.html\">Index</a> · <a href=\"errata.html\">Errata</a></nav>\n"
      "<main>\n";
}

void pageEnd(std::string& out) { out += "</main>\n</body>\n</html>\n"; }

void proseSection(std::string& out, const isa::InstrDb& db, std::string_view id, std::string_view heading,
                  const isa::Prose& prose) {
  if (!prose.present) return;
  out += "<section id=\"";
  out += id;
  out += "\">\n<h2>";
  escapeInto(out, heading);
  out += "</h2>\n";
  out += proseHtml(db, prose.text);
  out += "</section>\n";
}

std::string proseTableHtml(const isa::InstrDb& db, const isa::ProseTable& table) {
  const auto cell = [&](std::string& out, const char* tag, std::size_t column, const std::string& text) {
    out += '<';
    out += tag;
    switch (table.align[column]) {
      case isa::ColumnAlign::None: break;
      case isa::ColumnAlign::Left: out += " class=\"align-left\""; break;
      case isa::ColumnAlign::Center: out += " class=\"align-center\""; break;
      case isa::ColumnAlign::Right: out += " class=\"align-right\""; break;
    }
    out += '>';
    out += linkedProse(db, text);
    out += "</";
    out += tag;
    out += '>';
  };
  std::string out = "<table class=\"prose-table\">\n<thead><tr>";
  for (std::size_t c = 0; c < table.header.size(); ++c) cell(out, "th", c, table.header[c]);
  out += "</tr></thead>\n<tbody>\n";
  for (const auto& row : table.rows) {
    out += "<tr>";
    for (std::size_t c = 0; c < row.size(); ++c) cell(out, "td", c, row[c]);
    out += "</tr>\n";
  }
  out += "</tbody>\n</table>\n";
  return out;
}

std::string proseHtml(const isa::InstrDb& db, std::string_view prose) {
  std::string out;
  for (const isa::ProseBlock& b : isa::proseBlocks(prose)) {
    switch (b.kind) {
      case isa::ProseBlock::Kind::Text:
        out += "<div class=\"prose\">" + linkedProse(db, b.text) + "</div>\n";
        break;
      case isa::ProseBlock::Kind::Code:
        out += "<pre class=\"code\">" + escapeHtml(b.text) + "</pre>\n";
        break;
      case isa::ProseBlock::Kind::Table: out += proseTableHtml(db, b.table); break;
    }
  }
  return out;
}

std::string linkedProse(const isa::InstrDb& db, std::string_view prose) {
  std::string out;
  out.reserve(prose.size() + prose.size() / 4);
  const auto isNameChar = [](char c) { return text::isWordChar(c) || c == '-'; };
  for (std::size_t i = 0; i < prose.size();) {
    if (!isNameChar(prose[i])) {
      escapeInto(out, prose.substr(i, 1));
      ++i;
      continue;
    }
    std::size_t end = i;
    while (end < prose.size() && isNameChar(prose[end])) ++end;
    const std::string_view word = prose.substr(i, end - i);
    const isa::Erratum* e = word.size() >= 2 ? db.erratum(word) : nullptr;
    if (e != nullptr)
      out += linkTo(referenceOf(*e), word);
    else if (word.size() >= 2 && (db.optype(word) || db.opcode(word) || db.type(word)))
      out += linkName(db, word);
    else
      escapeInto(out, word);
    i = end;
  }
  return out;
}

const char* fieldKind(const isa::InstrDb& db, const isa::Field& field) {
  if (field.presence == isa::FieldPresence::Fixed) return "fixed";
  switch (db.typeOf(field).kind) {
    case isa::TypeKind::Register: return "register";
    case isa::TypeKind::Predicate: return "predicate";
    case isa::TypeKind::SImm:
    case isa::TypeKind::UImm:
    case isa::TypeKind::FImm:
    case isa::TypeKind::CMem: return "immediate";
    case isa::TypeKind::Enum:
    case isa::TypeKind::Flag: return "modifier";
  }
  return "modifier";
}

std::vector<const isa::Erratum*> errataNaming(const isa::InstrDb& db, std::string_view name) {
  std::vector<const isa::Erratum*> out;
  for (const isa::Erratum& e : db.errata())
    if (std::find(e.targets.begin(), e.targets.end(), name) != e.targets.end()) out.push_back(&e);
  return out;
}

std::vector<const isa::Erratum*> errataTouching(const isa::InstrDb& db, const isa::Optype& optype) {
  std::unordered_set<std::string_view> names{optype.name};
  for (const isa::Group* g = db.group(optype.group); g != nullptr && names.insert(g->name).second;
       g = db.group(g->parent)) {}
  for (const std::uint32_t i : optype.opcodes) {
    const isa::Opcode& op = db.opcodes()[i];
    names.insert(op.name);
    for (const isa::Field& f : op.fields) names.insert(db.typeOf(f).name);
  }
  std::vector<const isa::Erratum*> out;
  for (const isa::Erratum& e : db.errata())
    if (std::any_of(e.targets.begin(), e.targets.end(),
                    [&](const std::string& t) { return names.contains(t); }))
      out.push_back(&e);
  return out;
}

std::string linkName(const isa::InstrDb& db, std::string_view name) {
  if (const isa::BitFieldType* t = db.type(name)) return linkTo(referenceOf(*t), name);
  if (const isa::Optype* o = db.optype(name)) return linkTo(referenceOf(*o), name);
  if (const isa::Opcode* op = db.opcode(name)) return linkTo(referenceOf(db, *op), name);
  if (const isa::Group* g = db.group(name)) return linkTo(referenceOf(*g), name);
  return escapeHtml(name);
}

std::string diagramLegend() {
  std::string out = "<p class=\"legend\">";
  for (const char* kind : {"fixed", "register", "predicate", "immediate", "modifier", "reserved"}) {
    out += "<span class=\"swatch k-";
    out += kind;
    out += "\"></span>";
    out += std::string_view(kind) == "fixed" ? "opcode / fixed value" : kind;
    out += ' ';
  }
  out += "</p>\n";
  return out;
}

}  // namespace reference
}  // namespace gpuasm::ide
