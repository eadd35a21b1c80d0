// The reference's index (groups, search), type pages, errata page and shared files, and the
// walk that renders them all (Reference.h).
#include "Html.h"

#include <gpuasm/isa/Text.h>

#include <algorithm>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace gpuasm::ide {

namespace reference {

namespace {

/// The words the search box matches an optype by, lower-case: its mnemonic and name, every
/// modifier spelling (with and without the dot) and its description's text.
std::string searchWords(const isa::Optype& o) {
  std::string words = o.mnemonic + " " + o.name;
  for (const auto& [spelling, slots] : o.modifierSpellings) words += " ." + spelling + " " + spelling;
  words += " ";
  bool space = false;
  for (const char c : o.docs.description.text) {
    if (text::isSpace(c)) {
      space = true;
      continue;
    }
    if (space) words += ' ';
    space = false;
    words += text::toLower(c);
  }
  for (char& c : words) c = text::toLower(c);
  return words;
}

void groupSection(std::string& out, const isa::InstrDb& db, const isa::Group& g, int depth) {
  const ReferenceLink self = referenceOf(g);
  out += "<section class=\"group\" id=\"" + escapeHtml(self.anchor) + "\">\n<h" + std::to_string(depth) + ">";
  escapeInto(out, g.name);
  out += " <span class=\"note\">" + escapeHtml(db.describe(g.pos)) + "</span></h" + std::to_string(depth) +
         ">\n<ul class=\"entries\">\n";
  for (const isa::Optype& o : db.optypes()) {
    if (o.group != g.name) continue;
    out += "<li class=\"instr\" data-search=\"" + escapeHtml(searchWords(o)) + "\">" +
           linkTo(referenceOf(o), o.mnemonic) + " <span class=\"desc\">" +
           escapeHtml(text::firstSentence(o.docs.description.text)) + "</span></li>\n";
  }
  out += "</ul>\n";
  for (const isa::Group& child : db.groups())
    if (child.parent == g.name && &child != &g) groupSection(out, db, child, std::min(depth + 1, 6));
  out += "</section>\n";
}

void typeList(std::string& out, const isa::InstrDb& db) {
  out += "<section id=\"types\">\n<h2>Bit-field types</h2>\n<ul class=\"entries types\">\n";
  for (const isa::BitFieldType& t : db.types()) {
    std::string words = t.name;
    if (t.kind == isa::TypeKind::Enum)
      for (const isa::Enumerator& e : t.enumerators) words += " " + e.name;
    for (char& c : words) c = text::toLower(c);
    out += "<li class=\"type\" data-search=\"" + escapeHtml(words) + "\">" + linkTo(referenceOf(t), t.name) +
           " <span class=\"note\">" + typeKindName(t.kind) + "&lt;" + std::to_string(t.width) + "&gt;" +
           (t.origin == isa::SpecFileRole::Spec ? "" : " (prelude)") + "</span></li>\n";
  }
  out += "</ul>\n</section>\n";
}

void usedBy(std::string& out, const isa::InstrDb& db, const isa::BitFieldType& t) {
  std::map<std::uint32_t, std::vector<std::string>> uses;  // optype → "field (variants)"
  for (const isa::Opcode& op : db.opcodes())
    for (const isa::Field& f : op.fields) {
      if (&db.typeOf(f) != &t) continue;
      auto& names = uses[op.optype];
      if (std::find(names.begin(), names.end(), f.name) == names.end()) names.push_back(f.name);
    }
  out += "<section id=\"used-by\">\n<h2>Used by</h2>\n";
  if (uses.empty()) out += "<p>No field of any instruction.</p>\n";
  out += "<ul>\n";
  for (const auto& [optype, fields] : uses) {
    const isa::Optype& o = db.optypes()[optype];
    out += "<li>" + linkTo(referenceOf(o), o.mnemonic) + ": ";
    for (std::size_t i = 0; i < fields.size(); ++i)
      out += (i ? ", " : "") + ("<code>" + escapeHtml(fields[i]) + "</code>");
    out += "</li>\n";
  }
  out += "</ul>\n</section>\n";
}

void errataList(std::string& out, const std::vector<const isa::Erratum*>& errata) {
  if (errata.empty()) return;
  out += "<section id=\"errata\">\n<h2>Errata</h2>\n<ul>\n";
  for (const isa::Erratum* e : errata)
    out += "<li>" + linkTo(referenceOf(*e), e->id) + ": " +
           escapeHtml(text::firstSentence(e->decision.text)) + "</li>\n";
  out += "</ul>\n</section>\n";
}

}  // namespace

std::string typePage(const isa::InstrDb& db, const isa::BitFieldType& t) {
  std::string out;
  pageStart(out, t.name + " — bit-field type");
  out += "<h1>" + escapeHtml(t.name) + "</h1>\n<p class=\"meta\">" + typeKindName(t.kind) + ", " +
         std::to_string(t.width) + " bits · " + (t.origin == isa::SpecFileRole::Spec ? "spec" : "prelude") +
         " · " + escapeHtml(db.describe(t.pos)) + "</p>\n";
  if (!t.enumerators.empty()) {
    out +=
        "<section id=\"enumerators\">\n<h2>Enumerators</h2>\n<table><tr><th>name</th><th>value</th>"
        "<th>also written</th></tr>\n";
    for (const isa::Enumerator& e : t.enumerators) {
      out += "<tr><td><code>" + escapeHtml(e.name) + "</code></td><td>" + text::hex(e.value) + "</td><td>";
      for (const isa::EnumAlias& a : t.aliases)
        if (a.target == e.name)
          out += "<code>" + escapeHtml(a.spelling) + "</code> (" +
                 (db.erratum(a.erratum) ? linkTo(referenceOf(*db.erratum(a.erratum)), a.erratum)
                                        : escapeHtml(a.erratum)) +
                 ") ";
      out += "</td></tr>\n";
    }
    out += "</table>\n</section>\n";
  }
  if (!t.subFields.empty()) {
    out +=
        "<section id=\"parts\">\n<h2>Parts</h2>\n<table><tr><th>name</th><th>bits</th><th>type</th></tr>\n";
    for (const isa::SubField& s : t.subFields)
      out += "<tr><td><code>" + escapeHtml(s.name) + "</code></td><td>[" +
             std::to_string(s.offset + s.width - 1) + ":" + std::to_string(s.offset) + "]</td><td>" +
             linkName(db, s.type) + "</td></tr>\n";
    out += "</table>\n</section>\n";
  }
  usedBy(out, db, t);
  errataList(out, errataNaming(db, t.name));
  pageEnd(out);
  return out;
}

std::string indexPage(const isa::InstrDb& db) {
  std::string out;
  pageStart(out, "Instruction reference");
  out += "<h1>Instruction reference</h1>\n<p class=\"meta\">" + std::to_string(db.optypes().size()) +
         " instructions, " + std::to_string(db.opcodes().size()) + " encoding variants, " +
         std::to_string(db.types().size()) + " bit-field types, " + std::to_string(db.errata().size()) +
         " errata. Generated by <code>gpuasm doc</code> from the spec in use.</p>\n"
         "<p><input id=\"search\" type=\"search\" placeholder=\"Search: mnemonic, modifier, description\" "
         "aria-label=\"search\" autofocus> <span id=\"count\"></span></p>\n";
  for (const isa::Group& g : db.groups())
    if (db.group(g.parent) == nullptr) groupSection(out, db, g, 2);
  std::string orphans;
  for (const isa::Optype& o : db.optypes())
    if (db.group(o.group) == nullptr)
      orphans += "<li class=\"instr\" data-search=\"" + escapeHtml(searchWords(o)) + "\">" +
                 linkTo(referenceOf(o), o.mnemonic) + "</li>\n";
  if (!orphans.empty())
    out += "<section class=\"group\" id=\"no-group\">\n<h2>Not in a group</h2>\n<ul class=\"entries\">\n" +
           orphans + "</ul>\n</section>\n";
  typeList(out, db);
  out += "<script src=\"reference.js\"></script>\n";
  pageEnd(out);
  return out;
}

std::string errataPage(const isa::InstrDb& db) {
  std::string out;
  pageStart(out, "Errata");
  out +=
      "<h1>Errata</h1>\n<p class=\"meta\">The spec's problems gpuasm works around and the decision taken "
      "(errata.isa).</p>\n<dl class=\"errata\">\n";
  for (const isa::Erratum& e : db.errata()) {
    out += "<dt id=\"" + escapeHtml(referenceOf(e).anchor) + "\">" + escapeHtml(e.id) + " — ";
    for (std::size_t i = 0; i < e.targets.size(); ++i) out += (i ? ", " : "") + linkName(db, e.targets[i]);
    out += " <span class=\"note\">" + escapeHtml(db.describe(e.pos)) +
           "</span></dt>\n<dd><p><b>Problem.</b> " + linkedProse(db, text::trim(e.problem.text)) +
           "</p>\n<p><b>Decision.</b> " + linkedProse(db, text::trim(e.decision.text)) + "</p>\n";
    if (!e.affects.empty() || !e.rules.empty()) {
      out += "<p class=\"note\">";
      for (const std::string& a : e.affects) out += escapeHtml(a) + " ";
      for (const std::string& r : e.rules) out += "<code>" + escapeHtml(r) + "</code> ";
      out += "</p>\n";
    }
    out += "</dd>\n";
  }
  out += "</dl>\n";
  pageEnd(out);
  return out;
}

}  // namespace reference

void renderReference(const isa::InstrDb& db, const std::function<void(ReferencePage&&)>& sink) {
  sink({"reference.css", reference::styleSheet()});
  sink({"reference.js", reference::searchScript()});
  sink({"index.html", reference::indexPage(db)});
  sink({"errata.html", reference::errataPage(db)});
  for (const isa::Optype& o : db.optypes()) sink({referenceOf(o).file, reference::optypePage(db, o)});
  for (const isa::BitFieldType& t : db.types()) sink({referenceOf(t).file, reference::typePage(db, t)});
}

const std::string* RenderedReference::find(std::string_view file) const {
  const auto it = files.find(file);
  return it == files.end() ? nullptr : &it->second;
}

namespace {

RenderedReference renderAll(const isa::InstrDb& db) {
  RenderedReference out;
  renderReference(db,
                  [&](ReferencePage&& page) { out.files.insert_or_assign(page.file, std::move(page.text)); });
  return out;
}

}  // namespace

const RenderedReference& renderedReference(const isa::InstrDb& db) { return db.derived(&renderAll); }

}  // namespace gpuasm::ide
