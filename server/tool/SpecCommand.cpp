// `gpuasm spec` and `gpuasm dis`: the database as text or JSON, the spec lint, and field-level
// decoding of instruction words.
#include "Commands.h"

#include <gpuasm/ide/spec/EncodingMap.h>
#include <gpuasm/isa/Decoder.h>
#include <gpuasm/isa/EncodingSpace.h>
#include <gpuasm/isa/Printer.h>
#include <gpuasm/isa/SpecLint.h>
#include <gpuasm/isa/Text.h>
#include <gpuasm/workspace/SpecDirectory.h>
#include <gpuasm/formats/SpecJson.h>

#include <algorithm>
#include <array>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <ostream>

namespace gpuasm::tool {

using namespace gpuasm::isa;

namespace {

// `dir` as one shell word: as it is when it needs no quoting, else in single quotes.
std::string shellWord(const std::string& dir) {
  const bool plain = !dir.empty() && std::all_of(dir.begin(), dir.end(), [](char c) {
    return text::isWordChar(c) || c == '/' || c == '.' || c == '-' || c == '+' || c == ',' || c == ':' ||
           c == '@';
  });
  if (plain) return dir;
  std::string quoted = "'";
  for (char c : dir) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return quoted + "'";
}

// The one decision on a spec with errors no erratum accounts for (SpecErrors): the count, the
// first one as `spec --lint` prints it, where the rest are listed; false when the command must
// not go on with this spec.
bool acceptLoad(const SpecLoad& load, const std::optional<std::string>& dir, SpecErrors policy,
                std::ostream& err) {
  if (policy == SpecErrors::Ignore) return true;
  const std::vector<SpecDiagnostic> errors = unaccountedLoadErrors(*load.db, load.diagnostics);
  if (errors.empty()) return true;
  const bool refuse = policy == SpecErrors::Refuse;
  const std::string where = dir ? "the spec in " + *dir : std::string("the embedded spec");
  err << "gpuasm: " << (refuse ? "error: " : "warning: ") << where << " has " << errors.size()
      << (errors.size() == 1 ? " error" : " errors") << " no erratum accounts for"
      << (refuse ? "; nothing was produced with it" : "; going on with it: results may be wrong") << '\n';
  const SpecDiagnostic& first = errors.front();
  err << load.db->describe(first.pos) << ": error: " << first.message << " [" << spelling(first.code)
      << "]\n";
  err << "gpuasm: 'gpuasm spec --lint" << (dir ? " --spec-dir " + shellWord(*dir) : std::string())
      << "' lists " << (errors.size() == 1 ? "it" : "them all");
  if (refuse) err << "; --allow-spec-errors uses the spec anyway";
  err << '\n';
  return !refuse;
}

// Where a spec comes from: a directory, and the gpuasm.json that named it if one did; no
// directory: the embedded spec.
struct SpecChoice {
  std::optional<std::string> dir;
  std::string namedBy;
};

// `specDir`, else the specDir of the gpuasm.json nearest upward from `from` when `lookup` asks
// for one (the one rule, workspace/SpecDirectory.h). nullopt (the reason printed) when that
// gpuasm.json cannot be read.
std::optional<SpecChoice> chooseSpec(const std::optional<std::string>& specDir, ProjectLookup lookup,
                                     const std::string& from, std::ostream& err) {
  if (lookup == ProjectLookup::None) return SpecChoice{specDir, {}};
  auto choice = workspace::chooseSpecDir(specDir, from);
  if (!choice) {
    err << "gpuasm: " << choice.error() << '\n';
    return std::nullopt;
  }
  return SpecChoice{choice->dir, choice->namedBy};
}

std::optional<SpecLoad> loadChosenSpec(const SpecChoice& choice, SpecErrors errors, std::ostream& err) {
  const std::optional<std::string>& dir = choice.dir;
  const std::string& namedBy = choice.namedBy;
  std::optional<SpecLoad> load;
  if (!dir) {
    load = loadEmbeddedSpec();
  } else {
    auto files = readSpecDir(*dir);
    if (!files) {
      err << "gpuasm: " << (namedBy.empty() ? "" : namedBy + ": ") << files.error() << '\n';
      return std::nullopt;
    }
    load = loadSpec(std::move(*files));
  }
  if (!acceptLoad(*load, dir, errors, err)) return std::nullopt;
  return load;
}

}  // namespace

std::optional<SpecLoad> loadSpecFor(const std::optional<std::string>& specDir, SpecErrors errors,
                                    std::ostream& err, ProjectLookup lookup, const std::string& from) {
  const auto choice = chooseSpec(specDir, lookup, from, err);
  if (!choice) return std::nullopt;
  return loadChosenSpec(*choice, errors, err);
}

std::optional<SpecLoad> loadSpecFor(const SpecUse& use, std::ostream& err, const std::string& from) {
  return loadSpecFor(use.specDir, use.allowSpecErrors ? SpecErrors::Allow : SpecErrors::Refuse, err,
                     ProjectLookup::FromCurrentDirectory, from);
}

std::string projectFolderOf(const std::string& path) {
  const std::string parent = std::filesystem::path(path).parent_path().string();
  return parent.empty() ? std::string(".") : parent;
}

std::optional<FileSpecs> FileSpecs::forFiles(const SpecUse& use, const std::vector<std::string>& files,
                                             std::ostream& err) {
  std::vector<std::string> folders;
  folders.reserve(files.size());
  for (const std::string& file : files) folders.push_back(projectFolderOf(file));
  return load(use, folders, err);
}

std::optional<FileSpecs> FileSpecs::load(const SpecUse& use, const std::vector<std::string>& folders,
                                         std::ostream& err) {
  const SpecErrors errors = use.allowSpecErrors ? SpecErrors::Allow : SpecErrors::Refuse;
  FileSpecs specs;
  std::vector<std::optional<std::string>> dirs;  // parallel to loads_: two gpuasm.json may name one
  for (const std::string& folder : folders) {
    auto choice = chooseSpec(use.specDir, ProjectLookup::FromCurrentDirectory, folder, err);
    if (!choice) return std::nullopt;
    const auto known = std::find(dirs.begin(), dirs.end(), choice->dir);
    if (known != dirs.end()) {
      specs.spec_.push_back(static_cast<std::size_t>(known - dirs.begin()));
      continue;
    }
    auto load = loadChosenSpec(*choice, errors, err);
    if (!load) return std::nullopt;
    dirs.push_back(choice->dir);
    specs.loads_.push_back(std::move(*load));
    specs.spec_.push_back(specs.loads_.size() - 1);
  }
  return specs;
}

namespace {

bool before(const SpecDiagnostic& a, const SpecDiagnostic& b) {
  if (a.pos.file != b.pos.file) return a.pos.file < b.pos.file;
  if (a.pos.line != b.pos.line) return a.pos.line < b.pos.line;
  return a.pos.column < b.pos.column;
}

// `--encoding-map OUT.svg`: the drawing of the encoding space. Returns kExitOk, or kExitUsage
// when the file cannot be written.
int writeEncodingMap(const InstrDb& db, const std::string& path, std::ostream& err) {
  std::ofstream svg(path, std::ios::binary | std::ios::trunc);
  svg << ide::encodingMapSvg(db, encodingSpace(db));
  svg.flush();
  if (!svg) {
    err << "gpuasm spec: cannot write " << path << '\n';
    return kExitUsage;
  }
  return kExitOk;
}

// The summary's line on the opcode space: the fraction in use and the primary field's values.
void printOpcodeSpace(const InstrDb& db, std::ostream& out) {
  const EncodingSpace space = encodingSpace(db);
  out << "opcode space: " << space.used.text() << " (" << space.used.percent() << ") in use of the "
      << space.selectingBits << " opcode-selecting bits";
  if (space.primary) {
    const FixedRange& p = space.ranges[*space.primary];
    std::uint64_t free = 0;
    for (const ValueRun& r : space.free) free += r.last - r.first + 1;
    out << "; primary field " << p.name << " <" << p.offset << "," << p.width << ">: " << space.taken.size()
        << " values taken, " << free << " free";
  }
  out << '\n';
}

}  // namespace

int runSpec(const SpecOptions& options, std::ostream& out, std::ostream& err) {
  // --lint lists the errors (and works on a spec that has them); the rest is derived data.
  const bool listing = options.lint && !options.encodingMap;
  auto load = loadSpecFor(options.specDir,
                          listing                   ? SpecErrors::Ignore
                          : options.allowSpecErrors ? SpecErrors::Allow
                                                    : SpecErrors::Refuse,
                          err);
  if (!load) return kExitUsage;
  const InstrDb& db = *load->db;
  if (options.encodingMap)
    if (const int status = writeEncodingMap(db, *options.encodingMap, err); status != kExitOk) return status;
  std::vector<SpecDiagnostic> diagnostics = load->diagnostics;
  if (options.lint) {
    auto more = lintSpec(db);
    diagnostics.insert(diagnostics.end(), more.begin(), more.end());
    attachErrata(db, diagnostics);
  }
  std::stable_sort(diagnostics.begin(), diagnostics.end(), before);
  const auto errors = std::count_if(diagnostics.begin(), diagnostics.end(),
                                    [](const auto& d) { return d.severity == Severity::Error; });
  if (options.json) {
    out << (options.lint ? formats::specDiagnosticsToJson(db, diagnostics, 2)
                         : formats::specToJson(db, diagnostics, 2))
        << '\n';
    return errors > 0 ? kExitInputErrors : kExitOk;
  }
  if (options.lint) {
    std::size_t warnings = 0, notes = 0;
    for (const auto& d : diagnostics) {
      out << db.describe(d.pos) << ": " << severityName(d.severity) << ": " << d.message << " ["
          << spelling(d.code) << "]";
      if (!d.erratum.empty()) out << " (erratum " << d.erratum << ")";
      out << '\n';
      warnings += d.severity == Severity::Warning ? 1 : 0;
      notes += d.severity == Severity::Note ? 1 : 0;
    }
    out << errors << " errors, " << warnings << " warnings, " << notes << " notes\n";
    return errors > 0 ? kExitInputErrors : kExitOk;
  }
  std::size_t specTypes = 0;
  for (const auto& t : db.types()) specTypes += t.origin == SpecFileRole::Spec ? 1 : 0;
  out << "spec: " << db.files().size() << " files, " << specTypes << " bit-field types defined by the spec + "
      << db.types().size() - specTypes << " from the prelude, " << db.groups().size() << " groups, "
      << db.optypes().size() << " optypes, " << db.opcodes().size() << " opcodes, " << db.errata().size()
      << " errata\n";
  printOpcodeSpace(db, out);
  for (const auto& o : db.optypes()) {
    out << "  " << o.mnemonic;
    if (o.mnemonic != o.name) out << " (" << o.name << ")";
    out << ":";
    for (auto i : o.opcodes) out << ' ' << db.opcodes()[i].name;
    out << '\n';
  }
  if (errors > 0) out << errors << " errors while loading the spec; run 'gpuasm spec --lint'\n";
  return errors > 0 ? kExitInputErrors : kExitOk;
}

namespace {

// One word to decode: its name in messages (what was written, or BIN+0xOFFSET) and the word
// (none: what was written is no word).
using DisInput = std::pair<std::string, std::optional<Word128>>;

// The words of a `--file` text: whitespace-separated, `//` and `#` comment to the end of the line.
void appendWordsOfText(std::string_view all, std::vector<std::string>& words) {
  for (std::size_t at = 0; at < all.size();) {
    if (text::isSpace(all[at])) {
      ++at;
      continue;
    }
    std::size_t end = at;
    while (end < all.size() && !text::isSpace(all[end])) ++end;
    const std::string_view token = all.substr(at, end - at);
    if (token.starts_with("//") || token.starts_with("#")) {
      end = all.find('\n', at);
      if (end == std::string_view::npos) end = all.size();
    } else {
      words.emplace_back(token);
    }
    at = end;
  }
}

// The words of a `--binary` file as `asm -o` writes it (16 bytes a word, little-endian), named
// BIN+0xOFFSET. Returns kExitOk, or the exit status when the file cannot be used.
int appendWordsOfBinary(const std::string& path, std::vector<DisInput>& inputs, std::ostream& err) {
  const auto bytes = readSourceFile(path, err);
  if (!bytes) return kExitUsage;
  if (bytes->size() % 16 != 0) {
    err << path << ": error: " << bytes->size() << " bytes is not a whole number of 16-byte instructions ("
        << bytes->size() % 16 << " left over)\n";
    return kExitInputErrors;
  }
  for (std::size_t at = 0; at < bytes->size(); at += 16) {
    std::array<unsigned char, 16> word{};
    std::memcpy(word.data(), bytes->data() + at, word.size());
    inputs.emplace_back(path + "+" + text::hex(at), Word128::fromBytes(word));
  }
  return kExitOk;
}

// Decodes each input and, when it decodes cleanly, prints its canonical text.
std::vector<formats::DisEntry> decodeAll(const InstrDb& db, std::vector<DisInput>& inputs) {
  const Decoder decoder(db);
  std::vector<formats::DisEntry> entries;
  for (auto& [input, word] : inputs) {
    formats::DisEntry e;
    e.input = std::move(input);
    e.word = word;
    if (!e.word)
      e.result.issues.push_back(
          {DiagnosticCode::BadWord, {}, "'" + e.input + "' is not 0x followed by 1 to 32 hex digits"});
    else
      e.result = decoder.decode(*e.word);
    if (e.result.decoded && e.result.issues.empty()) {
      e.text = printInstruction(db, *e.result.decoded->opcode, e.result.decoded->values).value_or("");
      if (e.text.empty())
        e.result.issues.push_back({DiagnosticCode::NotPrintable,
                                   {},
                                   "no syntax form of " + db.optypeOf(*e.result.decoded->opcode).mnemonic +
                                       " can write these field values"});
    }
    entries.push_back(std::move(e));
  }
  return entries;
}

// `--asm`: text `gpuasm asm` reads back, one instruction a line with the word and variant as a
// comment; a word that does not decode is a comment with the reason (and the reason on `err`).
void printAsAssembly(const std::vector<formats::DisEntry>& entries, std::ostream& out, std::ostream& err) {
  for (const auto& e : entries) {
    if (!e.text.empty() && e.result.issues.empty()) {
      out << e.text << "  // " << e.word->toHex() << ' ' << e.result.decoded->opcode->name << '\n';
      continue;
    }
    for (const auto& i : e.result.issues) {
      out << "// " << (e.word ? e.word->toHex() : e.input) << ": error: " << i.message << " ["
          << spelling(i.code) << "]\n";
      err << e.input << ": error: " << i.message << " [" << spelling(i.code) << "]\n";
    }
  }
}

// ` VARIANT field=value…` of a word no syntax form prints: enumerators by name, other values hex.
void printFieldValues(const InstrDb& db, const DecodedWord& d, std::ostream& out) {
  out << "  " << d.opcode->name;
  for (std::size_t i = 0; i < d.opcode->fields.size(); ++i) {
    const Field& f = d.opcode->fields[i];
    if (f.presence == FieldPresence::Fixed) continue;
    const BitFieldType& t = db.typeOf(f);
    const Enumerator* name = t.isEnumerated() ? t.enumeratorFor(d.values[i]) : nullptr;
    out << ' ' << f.name << '=';
    if (name != nullptr)
      out << name->name;
    else
      out << text::hex(d.values[i]);
  }
}

// The default output: per word its text and variant, else its field values; issues on `err`.
void printListing(const InstrDb& db, const std::vector<formats::DisEntry>& entries, std::ostream& out,
                  std::ostream& err) {
  for (const auto& e : entries) {
    out << (e.word ? e.word->toHex() : e.input);
    if (!e.text.empty()) {
      out << "  " << e.text << "  // " << e.result.decoded->opcode->name << '\n';
      continue;
    }
    if (e.result.decoded) printFieldValues(db, *e.result.decoded, out);
    out << '\n';
    for (const auto& i : e.result.issues)
      err << e.input << ": error: " << i.message << " [" << spelling(i.code) << "]\n";
  }
}

}  // namespace

int runDis(const DisOptions& options, std::ostream& out, std::ostream& err) {
  std::vector<std::string> words = options.words;
  if (options.file) {
    // Read through the bounded reader (64 MiB).
    const auto text = readAssemblyFile(*options.file, err);
    if (!text) return kExitUsage;
    appendWordsOfText(*text, words);
  }
  std::vector<DisInput> inputs;
  for (const auto& w : words) inputs.emplace_back(w, Word128::fromHex(w));
  if (options.binary)
    if (const int status = appendWordsOfBinary(*options.binary, inputs, err); status != kExitOk)
      return status;
  if (inputs.empty() && !options.binary) {
    err << "gpuasm dis: no words given (WORD..., --file F or --binary BIN)\n";
    return kExitUsage;
  }
  // The spec of the project --file or --binary is in; words alone: the current directory's.
  std::vector<std::string> files;
  if (options.file) files.push_back(*options.file);
  if (options.binary) files.push_back(*options.binary);
  std::vector<std::string> folders{"."};
  if (!files.empty()) {
    folders.clear();
    for (const std::string& f : files) folders.push_back(projectFolderOf(f));
  }
  const auto specs = FileSpecs::load(options, folders, err);
  if (!specs) return kExitUsage;
  if (files.size() == 2 && !specs->same(0, 1)) {
    err << "gpuasm dis: --file " << files[0] << " and --binary " << files[1]
        << " are in projects with different specs; --spec-dir DIR names one for both\n";
    return kExitUsage;
  }
  const InstrDb& db = specs->of(0);
  const std::vector<formats::DisEntry> entries = decodeAll(db, inputs);
  const bool anyError = std::any_of(entries.begin(), entries.end(),
                                    [](const formats::DisEntry& e) { return !e.result.issues.empty(); });
  if (options.json)
    out << formats::disToJson(db, entries, 2) << '\n';
  else if (options.assembly)
    printAsAssembly(entries, out, err);
  else
    printListing(db, entries, out, err);
  return anyError ? kExitInputErrors : kExitOk;
}

}  // namespace gpuasm::tool
