// An instruction type's page of the reference (Html.h): description, syntax, modifiers,
// operands and encodings per variant, semantics, errata and examples.
#include "Html.h"

#include <gpuasm/isa/Binding.h>
#include <gpuasm/isa/Text.h>

#include <algorithm>
#include <string>

namespace gpuasm::ide::reference {

namespace {

std::string bits(const isa::Field& f) {
  return "[" + std::to_string(f.offset + f.width - 1) + ":" + std::to_string(f.offset) + "]";
}

void headerSection(std::string& out, const isa::InstrDb& db, const isa::Optype& o) {
  out += "<h1>";
  escapeInto(out, o.mnemonic);
  out += "</h1>\n<p class=\"meta\">Instruction type <code>";
  escapeInto(out, o.name);
  out += "</code> · group ";
  std::vector<const isa::Group*> chain;
  for (const isa::Group* g = db.group(o.group); g != nullptr && chain.size() < db.groups().size();
       g = db.group(g->parent))
    chain.push_back(g);
  for (auto it = chain.rbegin(); it != chain.rend(); ++it)
    out += (it == chain.rbegin() ? "" : " › ") + linkTo(referenceOf(**it), (*it)->name);
  if (chain.empty()) escapeInto(out, o.group);
  out += " · ";
  escapeInto(out, db.describe(o.pos));
  out += " · variants: ";
  for (const std::uint32_t i : o.opcodes)
    out += linkTo(referenceOf(db, db.opcodes()[i]), db.opcodes()[i].name) + " ";
  out += "</p>\n";
}

void syntaxSection(std::string& out, const isa::InstrDb& db, const isa::Optype& o) {
  out += "<section id=\"syntax\">\n<h2>Syntax</h2>\n";
  if (o.syntax.forms.empty()) out += "<p>The spec gives no syntax form.</p>\n";
  out += "<ul class=\"forms\">\n";
  for (const isa::SyntaxForm& form : o.syntax.forms) {
    out += "<li><code>";
    escapeInto(out, isa::compactForm(form));
    out += "</code>";
    if (const isa::Erratum* e = form.erratum.empty() ? nullptr : db.erratum(form.erratum))
      out += " <span class=\"note\">(inferred: " + linkTo(referenceOf(*e), e->id) + ")</span>";
    out += "</li>\n";
  }
  out += "</ul>\n";
  for (const isa::ModifierDomain& d : o.syntax.domains) {
    out += "<pre class=\"domain\">";
    escapeInto(out, isa::domainLine(d));
    out += "</pre>\n";
  }
  if (const isa::Erratum* e = o.syntaxAmendedBy.empty() ? nullptr : db.erratum(o.syntaxAmendedBy))
    out += "<p class=\"note\">Syntax amended by " + linkTo(referenceOf(*e), e->id) + ".</p>\n";
  out += "</section>\n";
}

/// The field a modifier variable sets in the optype's variants (the first that has it).
const isa::Field* variableField(const isa::InstrDb& db, const isa::Optype& o, std::string_view variable) {
  for (const std::uint32_t i : o.opcodes)
    if (const isa::Field* f = db.opcodes()[i].field(variable)) return f;
  return nullptr;
}

/// A row of a modifier table: spelling, value, what __ModifierInfo says of it — `meaning`, in a
/// cell spanning `span` rows, none when a row above spans this one — and, when the table has the
/// column (`semantics`), the lines of its `case` in the __Semantics switch on the variable.
void modifierRow(std::string& out, const isa::InstrDb& db, const isa::Field* field, std::string_view spelling,
                 bool isDefault, const std::string* meaning, std::size_t span,
                 const std::vector<std::string>* semantics) {
  out += "<tr><td><code>.";
  escapeInto(out, spelling);
  out += "</code>";
  if (isDefault) out += " <span class=\"note\">default</span>";
  out += "</td><td>";
  if (field != nullptr)
    if (const auto v = db.typeOf(*field).valueOf(spelling)) out += text::hex(*v);
  out += "</td>";
  if (meaning != nullptr) {
    out += span > 1 ? "<td rowspan=\"" + std::to_string(span) + "\">" : std::string("<td>");
    escapeInto(out, *meaning);
    out += "</td>";
  }
  if (semantics != nullptr) {
    out += "<td>";
    for (std::size_t i = 0; i < semantics->size(); ++i)
      out += (i ? "<br>" : "") + ("<code>" + escapeHtml((*semantics)[i]) + "</code>");
    out += "</td>";
  }
  out += "</tr>\n";
}

/// A domain's table. A meaning __ModifierInfo gives every value alike (a line naming them all,
/// SHFL's 002:63) is said once, in a cell spanning the rows; what is specific to each value is
/// its case in the __Semantics switch, a column when the semantics have one.
void domainTable(std::string& out, const isa::InstrDb& db, const isa::Optype& o,
                 const isa::ModifierDomain& d) {
  const isa::Field* field = variableField(db, o, d.variable);
  out += "<h3><code>.";
  escapeInto(out, d.variable);
  out += "</code>";
  if (field != nullptr)
    out += " — field <code>" + escapeHtml(field->name) + "</code> " + bits(*field) + ", type " +
           linkTo(referenceOf(db.typeOf(*field)), db.typeOf(*field).name);
  std::vector<std::string> meanings;
  std::vector<std::vector<std::string>> cases;
  for (const isa::DomainValue& v : d.values) {
    meanings.push_back(isa::modifierMeaning(o, v.spelling));
    cases.push_back(isa::modifierCase(o, d.variable, v.spelling));
  }
  const bool withCases = std::any_of(cases.begin(), cases.end(), [](const auto& c) { return !c.empty(); });
  const bool shared = meanings.size() > 1 && !meanings.front().empty() &&
                      std::all_of(meanings.begin(), meanings.end(),
                                  [&](const std::string& m) { return m == meanings.front(); });
  out += "</h3>\n<table><tr><th>spelling</th><th>value</th><th>meaning (__ModifierInfo)</th>";
  out += withCases ? "<th>its case in __Semantics</th></tr>\n" : "</tr>\n";
  for (std::size_t i = 0; i < d.values.size(); ++i)
    modifierRow(out, db, field, d.values[i].spelling, d.values[i].isDefault,
                shared && i > 0 ? nullptr : &meanings[i], shared ? d.values.size() : 1,
                withCases ? &cases[i] : nullptr);
  out += "</table>\n";
}

void modifiersSection(std::string& out, const isa::InstrDb& db, const isa::Optype& o) {
  out += "<section id=\"modifiers\">\n<h2>Modifiers</h2>\n";
  for (const isa::ModifierDomain& d : o.syntax.domains) domainTable(out, db, o, d);
  std::vector<std::string> literals;
  for (const isa::SyntaxForm& form : o.syntax.forms)
    for (std::size_t p = form.mnemonicParts; p < form.parts.size(); ++p)
      if (!form.parts[p].variable &&
          std::find(literals.begin(), literals.end(), form.parts[p].text) == literals.end())
        literals.push_back(form.parts[p].text);
  if (!literals.empty()) {
    out += "<h3>Literal modifiers</h3>\n<table><tr><th>spelling</th><th></th><th>meaning</th></tr>\n";
    for (const std::string& l : literals) {
      const std::string meaning = isa::modifierMeaning(o, l);
      modifierRow(out, db, nullptr, l, false, &meaning, 1, nullptr);
    }
    out += "</table>\n";
  }
  if (o.syntax.domains.empty() && literals.empty()) out += "<p>None.</p>\n";
  if (o.docs.modifierInfo.present) out += proseHtml(db, o.docs.modifierInfo.text);
  out += "</section>\n";
}

bool listed(const std::vector<std::string>& list, std::string_view name) {
  return std::find(list.begin(), list.end(), name) != list.end();
}

void operandTable(std::string& out, const isa::InstrDb& db, const isa::Opcode& op) {
  const isa::OperandInfo& info = op.operandInfo;
  if (!info.hasOrder) return;
  out +=
      "<table class=\"operands\"><tr><th>#</th><th>operand (Order&lt;&gt;)</th><th>bits</th><th>type</th>"
      "<th>access</th><th>Bitwidth&lt;&gt;</th></tr>\n";
  for (std::size_t i = 0; i < info.order.size(); ++i) {
    const isa::OrderElem& e = info.order[i];
    const isa::Field* f = op.fieldOf(e);
    const bool in = listed(info.inList, e.name), outp = listed(info.outList, e.name);
    out += "<tr><td>" + std::to_string(i) + "</td><td><code>" + escapeHtml(e.toString()) + "</code></td><td>";
    out += f != nullptr ? bits(*f) : "";
    out += "</td><td>";
    if (f != nullptr) out += linkTo(referenceOf(db.typeOf(*f)), db.typeOf(*f).name);
    if (const isa::BitFieldType* set = f == nullptr ? db.predicateSetFile(e.name) : nullptr)
      out += linkTo(referenceOf(*set), set->name) + " (all)";
    out += std::string("</td><td>") + (in && outp ? "in/out" : in ? "in" : outp ? "out" : "") + "</td><td>";
    if (const isa::BitwidthRule* r = info.bitwidth(e.name)) escapeInto(out, r->expr.toString());
    out += "</td></tr>\n";
  }
  out += "</table>\n";
}

void fieldTable(std::string& out, const isa::InstrDb& db, const isa::Opcode& op) {
  out +=
      "<table class=\"fields\"><tr><th>field</th><th>bits</th><th>width</th><th>type</th><th>kind</th>"
      "<th>value</th><th>declared in</th></tr>\n";
  for (const isa::Field& f : op.fields) {
    out += "<tr><td><code>" + escapeHtml(f.name) + "</code></td><td>" + bits(f) + "</td><td>" +
           std::to_string(f.width) + "</td><td>" + linkTo(referenceOf(db.typeOf(f)), db.typeOf(f).name) +
           "</td><td><span class=\"swatch k-" + fieldKind(db, f) + "\"></span>" + fieldKind(db, f) +
           "</td><td>";
    if (f.presence == isa::FieldPresence::Fixed) out += "= ";
    if (f.presence == isa::FieldPresence::Default) out += "default ";
    escapeInto(out, f.valueText);
    out += "</td><td>" + linkName(db, f.declaredIn);
    if (const isa::Erratum* e = f.amendedBy.empty() ? nullptr : db.erratum(f.amendedBy))
      out += ", amended by " + linkTo(referenceOf(*e), e->id);
    out += "</td></tr>\n";
  }
  out += "</table>\n";
}

void variantSection(std::string& out, const isa::InstrDb& db, const isa::Opcode& op) {
  const ReferenceLink self = referenceOf(db, op);
  out += "<section class=\"variant\" id=\"" + escapeHtml(self.anchor) + "\">\n<h3>";
  escapeInto(out, op.name);
  out += " <span class=\"note\">" + escapeHtml(db.describe(op.pos)) + "</span></h3>\n";
  out += encodingDiagram(db, op);
  operandTable(out, db, op);
  fieldTable(out, db, op);
  if (!op.encodingErrors.empty()) {
    out += "<p>Encoding errors:</p>\n<ul>\n";
    for (const isa::EncodingErrorRule& r : op.encodingErrors)
      out += "<li><code>" + escapeHtml(r.condition.toString()) +
             "</code>: " + escapeHtml(r.violationMessage()) + "</li>\n";
    out += "</ul>\n";
  }
  out += "</section>\n";
}

void errataSection(std::string& out, const isa::InstrDb& db, const isa::Optype& o) {
  const auto errata = errataTouching(db, o);
  if (errata.empty()) return;
  out += "<section id=\"errata\">\n<h2>Errata</h2>\n<dl>\n";
  for (const isa::Erratum* e : errata) {
    out += "<dt>" + linkTo(referenceOf(*e), e->id) + " — ";
    for (std::size_t i = 0; i < e->targets.size(); ++i) out += (i ? ", " : "") + linkName(db, e->targets[i]);
    out += "</dt>\n<dd><p><b>Problem.</b> " + linkedProse(db, text::trim(e->problem.text)) +
           "</p><p><b>Decision.</b> " + linkedProse(db, text::trim(e->decision.text)) + "</p></dd>\n";
  }
  out += "</dl>\n</section>\n";
}

}  // namespace

std::string optypePage(const isa::InstrDb& db, const isa::Optype& o) {
  std::string out;
  pageStart(out, o.mnemonic + " — instruction reference");
  headerSection(out, db, o);
  proseSection(out, db, "description", "Description", o.docs.description);
  syntaxSection(out, db, o);
  modifiersSection(out, db, o);
  proseSection(out, db, "operand-info", "Operands", o.docs.operandInfo);
  out += "<section id=\"encoding\">\n<h2>Encoding</h2>\n" + diagramLegend();
  for (const std::uint32_t i : o.opcodes) variantSection(out, db, db.opcodes()[i]);
  out += "</section>\n";
  if (o.docs.semantics.present)
    out += "<section id=\"semantics\">\n<h2>Semantics</h2>\n" + proseHtml(db, o.docs.semantics.text) +
           "</section>\n";
  errataSection(out, db, o);
  out += examplesSection(db, o);
  proseSection(out, db, "simulation", "Simulation", o.docs.simulation);
  pageEnd(out);
  return out;
}

}  // namespace gpuasm::ide::reference
