// nlohmann_json renderings of the database, decoded words and spec diagnostics.
#include <gpuasm/formats/SpecJson.h>

#include <gpuasm/isa/EncodingSpace.h>

#include <nlohmann/json.hpp>

namespace gpuasm::formats {

using nlohmann::json;
using namespace gpuasm::isa;

namespace {

json posJson(const InstrDb& db, const SourcePos& pos) {
  return {{"file", pos.file < db.files().size() ? db.files()[pos.file].name : ""},
          {"line", pos.line},
          {"column", pos.column}};
}

json proseJson(const InstrDb& db, const Prose& p) {
  if (!p.present) return nullptr;
  json j = posJson(db, p.pos);
  j["text"] = p.text;
  return j;
}

const char* presenceName(FieldPresence p) {
  switch (p) {
    case FieldPresence::Required: return "required";
    case FieldPresence::Default: return "default";
    case FieldPresence::Fixed: return "fixed";
  }
  return "required";
}

const char* shapeName(OperandShape s) {
  switch (s) {
    case OperandShape::Plain: return "plain";
    case OperandShape::RegIndirect: return "register-indirect";
    case OperandShape::ConstMem: return "constant-memory";
    case OperandShape::PredicateSet: return "predicate-set";
  }
  return "plain";
}

const char* roleName(SpecFileRole r) {
  switch (r) {
    case SpecFileRole::Spec: return "spec";
    case SpecFileRole::Prelude: return "prelude";
    case SpecFileRole::Errata: return "errata";
  }
  return "spec";
}

json typeJson(const InstrDb& db, const BitFieldType& t) {
  json values = json::array();
  for (const auto& e : t.enumerators) values.push_back({{"name", e.name}, {"value", e.value}});
  json aliases = json::array();
  for (const auto& a : t.aliases)
    aliases.push_back({{"spelling", a.spelling}, {"enumerator", a.target}, {"erratum", a.erratum}});
  json subFields = json::array();
  for (const auto& s : t.subFields)
    subFields.push_back({{"name", s.name}, {"offset", s.offset}, {"width", s.width}, {"type", s.type}});
  return {{"name", t.name},
          {"width", t.width},
          {"kind", typeKindName(t.kind)},
          {"origin", roleName(t.origin)},
          {"pos", posJson(db, t.pos)},
          {"values", values},
          {"aliases", aliases},
          {"subFields", subFields}};
}

json formJson(const InstrDb& db, const SyntaxForm& f) {
  json mods = json::array();
  for (std::size_t i = 0; i < f.parts.size(); ++i) {
    const auto& p = f.parts[i];
    mods.push_back({{"text", p.text},
                    {"variable", p.variable},
                    {"optional", p.optional},
                    {"mnemonic", i < f.mnemonicParts}});
  }
  json ops = json::array();
  for (const auto& o : f.operands) {
    json prefixes = json::array();
    if (o.allowNeg) prefixes.push_back("-");
    if (o.allowBitNot) prefixes.push_back("~");
    if (o.allowNot) prefixes.push_back("!");
    if (o.allowAbs) prefixes.push_back("|x|");
    json j = {{"placeholder", o.placeholder},
              {"shape", shapeName(o.shape)},
              {"optional", o.optional},
              {"prefixes", prefixes},
              {"text", o.text}};
    if (!o.fileName.empty()) j["file"] = o.fileName;
    if (!o.offsetType.empty()) j["offsetType"] = o.offsetType;
    if (!o.suffix.empty()) j["suffix"] = {{"variable", o.suffix}, {"optional", o.suffixOptional}};
    ops.push_back(std::move(j));
  }
  json j = {{"text", f.text},  {"pos", posJson(db, f.pos)}, {"base", f.baseName},  {"modifiers", mods},
            {"operands", ops}, {"sched", f.schedTokens},    {"comment", f.comment}};
  if (!f.erratum.empty()) j["erratum"] = f.erratum;
  return j;
}

json rulesJson(const std::vector<EncodingErrorRule>& rules) {
  json out = json::array();
  for (const auto& r : rules)
    out.push_back({{"kind", r.kind}, {"message", r.message}, {"condition", r.condition.toString()}});
  return out;
}

json optypeJson(const InstrDb& db, const Optype& o) {
  json forms = json::array();
  for (const auto& f : o.syntax.forms) forms.push_back(formJson(db, f));
  json domains = json::array();
  for (const auto& d : o.syntax.domains) {
    json values = json::array();
    for (const auto& v : d.values) values.push_back({{"spelling", v.spelling}, {"default", v.isDefault}});
    domains.push_back({{"variable", d.variable}, {"values", values}, {"pos", posJson(db, d.pos)}});
  }
  json opcodes = json::array();
  for (auto i : o.opcodes) opcodes.push_back(db.opcodes()[i].name);
  return {{"name", o.name},
          {"index", o.index},
          {"group", o.group},
          {"mnemonic", o.mnemonic},
          {"pos", posJson(db, o.pos)},
          {"syntax", {{"forms", forms}, {"domains", domains}}},
          {"docs",
           {{"description", proseJson(db, o.docs.description)},
            {"operandInfo", proseJson(db, o.docs.operandInfo)},
            {"modifierInfo", proseJson(db, o.docs.modifierInfo)},
            {"semantics", proseJson(db, o.docs.semantics)},
            {"examples", proseJson(db, o.docs.examples)},
            {"simulation", proseJson(db, o.docs.simulation)}}},
          {"encodingErrors", rulesJson(o.encodingErrors)},
          {"opcodes", opcodes}};
}

json opcodeJson(const InstrDb& db, const Opcode& op) {
  json fields = json::array();
  for (const auto& f : op.fields) {
    json j = {{"name", f.name},
              {"offset", f.offset},
              {"width", f.width},
              {"type", db.typeOf(f).name},
              {"presence", presenceName(f.presence)},
              {"declaredIn", f.declaredIn},
              {"pos", posJson(db, f.pos)}};
    if (f.presence != FieldPresence::Required) {
      j["value"] = f.value;
      j["valueText"] = f.valueText;
    }
    if (!f.amendedBy.empty()) j["erratum"] = f.amendedBy;
    fields.push_back(std::move(j));
  }
  const OperandInfo& info = op.operandInfo;
  json order = json::array();
  for (const auto& e : info.order) order.push_back(e.toString());
  json bitwidth = json::object();
  for (const auto& b : info.bitwidths) bitwidth[b.operand] = b.expr.toString();
  json asmFormat = json::object();
  for (const auto& a : info.asmFormats) {
    std::string call = a.function + "(";
    for (std::size_t i = 0; i < a.args.size(); ++i) call += (i ? ", " : "") + a.args[i];
    asmFormat[a.target] = call + ")";
  }
  json j = {{"name", op.name},
            {"optype", db.optypeOf(op).name},
            {"pos", posJson(db, op.pos)},
            {"fields", fields},
            {"inList", info.inList},
            {"outList", info.outList},
            {"order", order},
            {"bitwidth", bitwidth},
            {"asmFormat", asmFormat},
            {"modiOrder", info.modiOrders},
            {"encodingErrors", rulesJson(op.encodingErrors)},
            {"fixedMask", op.fixedMask.toHex()},
            {"fixedBits", op.fixedBits.toHex()}};
  if (!info.orderAmendedBy.empty()) j["orderErratum"] = info.orderAmendedBy;
  return j;
}

json diagnosticsJson(const InstrDb& db, const std::vector<SpecDiagnostic>& diagnostics) {
  json out = json::array();
  for (const auto& d : diagnostics) {
    json j = posJson(db, d.pos);
    j["severity"] = severityName(d.severity);
    j["code"] = std::string(spelling(d.code));
    j["message"] = d.message;
    if (!d.erratum.empty()) j["erratum"] = d.erratum;
    out.push_back(std::move(j));
  }
  return out;
}

}  // namespace

namespace {

// The opcode space in use (docs/PROTOCOL.md, "The encoding space").
json opcodeSpaceJson(const InstrDb& db) {
  const EncodingSpace space = encodingSpace(db);
  json out = {{"selectingBits", space.selectingBits},
              {"selectingMask", space.selectingMask.toHex()},
              {"used", space.used.text()},
              {"usedPercent", space.used.percent()}};
  if (space.primary) {
    const FixedRange& p = space.ranges[*space.primary];
    std::uint64_t free = 0;
    for (const ValueRun& r : space.free) free += r.last - r.first + 1;
    out["primary"] = {{"name", p.name},         {"offset", p.offset},          {"width", p.width},
                      {"variants", p.variants}, {"taken", space.taken.size()}, {"free", free}};
  }
  return out;
}

}  // namespace

std::string specToJson(const InstrDb& db, const std::vector<SpecDiagnostic>& diagnostics, int indent) {
  json files = json::array();
  for (const auto& f : db.files())
    files.push_back({{"name", f.name}, {"role", roleName(f.role)}, {"bytes", f.text.size()}});
  json types = json::array();
  for (const auto& t : db.types()) types.push_back(typeJson(db, t));
  json groups = json::array();
  for (const auto& g : db.groups())
    groups.push_back({{"name", g.name}, {"parent", g.parent}, {"pos", posJson(db, g.pos)}});
  json optypes = json::array();
  for (const auto& o : db.optypes()) optypes.push_back(optypeJson(db, o));
  json opcodes = json::array();
  for (const auto& op : db.opcodes()) opcodes.push_back(opcodeJson(db, op));
  json errata = json::array();
  for (const auto& e : db.errata())
    errata.push_back({{"id", e.id},
                      {"targets", e.targets},
                      {"problem", proseJson(db, e.problem)},
                      {"decision", proseJson(db, e.decision)},
                      {"affects", e.affects},
                      {"amends", e.amends},
                      {"pos", posJson(db, e.pos)}});
  std::size_t specTypes = 0;
  for (const auto& t : db.types()) specTypes += t.origin == SpecFileRole::Spec ? 1 : 0;
  json out = {{"counts",
               {{"types", db.types().size()},
                {"specTypes", specTypes},
                {"groups", db.groups().size()},
                {"optypes", db.optypes().size()},
                {"opcodes", db.opcodes().size()},
                {"errata", db.errata().size()}}},
              {"opcodeSpace", opcodeSpaceJson(db)},
              {"files", files},
              {"types", types},
              {"groups", groups},
              {"optypes", optypes},
              {"opcodes", opcodes},
              {"errata", errata},
              {"diagnostics", diagnosticsJson(db, diagnostics)}};
  return out.dump(indent, ' ', false, json::error_handler_t::replace);
}

std::string disToJson(const InstrDb& db, const std::vector<DisEntry>& entries, int indent) {
  json list = json::array();
  for (const auto& e : entries) {
    json j;
    j["input"] = e.input;
    if (e.word) j["encoding"] = e.word->toHex();
    if (e.result.decoded) {
      const auto& d = *e.result.decoded;
      j["opcode"] = d.opcode->name;
      j["optype"] = db.optypeOf(*d.opcode).name;
      json fields = json::object();
      for (std::size_t i = 0; i < d.opcode->fields.size(); ++i)
        fields[d.opcode->fields[i].name] = d.values[i];
      j["fields"] = fields;
      if (!e.text.empty()) j["text"] = e.text;
    }
    json issues = json::array();
    for (const auto& i : e.result.issues)
      issues.push_back({{"code", std::string(spelling(i.code))}, {"field", i.field}, {"message", i.message}});
    j["issues"] = issues;
    list.push_back(std::move(j));
  }
  return json{{"instructions", list}}.dump(indent, ' ', false, json::error_handler_t::replace);
}

std::string specDiagnosticsToJson(const InstrDb& db, const std::vector<SpecDiagnostic>& diagnostics,
                                  int indent) {
  return json{{"diagnostics", diagnosticsJson(db, diagnostics)}}.dump(indent, ' ', false,
                                                                      json::error_handler_t::replace);
}

}  // namespace gpuasm::formats
