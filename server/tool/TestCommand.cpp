// `gpuasm test FILE... [--junit OUT.xml] [--state STATE.json] [--step-limit N] [--spec-dir DIR]`:
// runs each file's kernel and checks its `// @expect` lines against the state after the lines
// above them, with the same run the editor's live values use (ide::LiveRun). Prints one line per
// expectation and a summary per file; --junit writes JUnit XML for CI systems. Exit 0 when every
// expectation holds and no file has an error, 1 otherwise, 2 on usage or I/O errors.
#include "Commands.h"

#include <gpuasm/isa/Utf8.h>

#include <gpuasm/ide/execution/LiveValues.h>
#include <gpuasm/ide/execution/Run.h>
#include <gpuasm/ide/analysis/Snapshot.h>
#include <gpuasm/formats/RunJson.h>

#include <algorithm>
#include <array>
#include <charconv>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <ostream>
#include <sstream>
#include <utility>

namespace gpuasm::tool {

namespace {

using Status = ide::ExpectationOutcome::Status;

// The outcome of one file.
struct FileReport {
  std::string file;
  std::string ioError;                            // the file could not be read
  std::vector<formats::PlacedDiagnostic> errors;  // its error diagnostics (assembler, directives)
  std::vector<ide::ExpectationOutcome> expectations;
  std::vector<std::uint32_t> columns;  // per expectation: 0-based column of '@expect'
  double seconds = 0;

  std::size_t count(Status s) const {
    return static_cast<std::size_t>(std::count_if(expectations.begin(), expectations.end(),
                                                  [&](const auto& e) { return e.status == s; }));
  }
  bool passed() const {
    return ioError.empty() && errors.empty() && count(Status::Passed) == expectations.size();
  }
};

FileReport testFile(const isa::InstrDb& db, const std::string& path,
                    const std::optional<sim::InitialState>& stateFile, std::uint64_t stepLimit) {
  FileReport r;
  r.file = path;
  std::ostringstream readErr;
  const auto text = readAssemblyFile(path, readErr);
  if (!text) {
    r.ioError = readErr.str();
    while (!r.ioError.empty() && r.ioError.back() == '\n') r.ioError.pop_back();
    return r;
  }
  const auto started = std::chrono::steady_clock::now();
  const auto snap = ide::Snapshot::analyse(db, *text);
  for (const formats::PlacedDiagnostic& d : formats::placeDiagnostics(snap->diagnostics(), snap->lines()))
    if (d.severity == "error") r.errors.push_back(d);
  // No time budget here: a test runs to the end or the step limit.
  ide::LiveRun run(snap, stateFile ? &*stateFile : nullptr, nullptr,
                   ide::LiveLimits{stepLimit, std::chrono::hours(24)});
  run.advance(std::nullopt, std::chrono::hours(24));
  r.expectations = run.expectations();
  for (const ide::ExpectationOutcome& e : r.expectations)
    r.columns.push_back(e.range.begin - snap->lines().lineStart(e.line));
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  return r;
}

void printReport(const FileReport& r, std::ostream& out) {
  if (!r.ioError.empty()) {
    out << r.ioError << '\n';
    return;
  }
  printDiagnostics(r.file, r.errors, out);
  for (std::size_t i = 0; i < r.expectations.size(); ++i) {
    const ide::ExpectationOutcome& e = r.expectations[i];
    out << r.file << ':' << e.line + 1 << ':' << r.columns[i] + 1 << ": ";
    switch (e.status) {
      case Status::Passed: out << "pass: " << e.expression << '\n'; break;
      case Status::Failed:
        out << "error: " << e.message << " [" << isa::spelling(isa::DiagnosticCode::ExpectationFailed)
            << "]\n";
        break;
      case Status::NotChecked:
        out << "error: " << e.expression << ": " << e.message << " ["
            << isa::spelling(isa::DiagnosticCode::ExpectationNotChecked) << "]\n";
        break;
    }
  }
  out << r.file << ": " << r.expectations.size() << " expectation" << (r.expectations.size() == 1 ? "" : "s")
      << ": " << r.count(Status::Passed) << " passed, " << r.count(Status::Failed) << " failed, "
      << r.count(Status::NotChecked) << " not checked";
  if (!r.errors.empty())
    out << "; " << r.errors.size() << " error" << (r.errors.size() == 1 ? "" : "s") << " in the file";
  if (r.expectations.empty()) out << " (the file has no // @expect lines)";
  out << '\n';
}

// XML's five predefined entities.
constexpr std::array<std::pair<unsigned char, std::string_view>, 5> kXmlEntities = {
    {{'&', "&amp;"}, {'<', "&lt;"}, {'>', "&gt;"}, {'"', "&quot;"}, {'\'', "&apos;"}}};

// Text for XML: the five special characters as entities; bytes that are not valid UTF-8, and
// control characters XML 1.0 cannot hold, as the text \xNN.
std::string xmlText(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (std::size_t i = 0; i < s.size();) {
    const auto c = static_cast<unsigned char>(s[i]);
    if (c < 0x80) {
      const auto entity =
          std::find_if(kXmlEntities.begin(), kXmlEntities.end(), [&](const auto& e) { return e.first == c; });
      if (entity != kXmlEntities.end())
        out += entity->second;
      else if (c < 0x20 && c != '\t' && c != '\n' && c != '\r')
        out += text::escapedByte(c);
      else
        out += static_cast<char>(c);
      ++i;
      continue;
    }
    // U+FFFE and U+FFFF are well-formed UTF-8 but not XML characters.
    const text::Utf8Char ch = text::decodeUtf8(s, i);
    if (ch.wellFormed && ch.codePoint != 0xFFFE && ch.codePoint != 0xFFFF)
      out.append(s.substr(i, ch.bytes));
    else
      for (std::size_t k = 0; k < ch.bytes; ++k)
        out += text::escapedByte(static_cast<unsigned char>(s[i + k]));
    i += ch.bytes;
  }
  return out;
}

std::string seconds(double s) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.3f", s);
  return buf;
}

// JUnit XML as Jenkins, GitLab and GitHub's test reporters read it: a <testsuite> per file, a
// <testcase> per expectation (<failure> when it failed, <error> when the run did not reach it),
// and a <testcase name="the file assembles"> with an <error> when the file has errors.
std::string junitXml(const std::vector<FileReport>& reports) {
  std::size_t tests = 0, failures = 0, errors = 0;
  double total = 0;
  std::string suites;
  for (const FileReport& r : reports) {
    const bool fileError = !r.ioError.empty() || !r.errors.empty();
    const std::size_t t = r.expectations.size() + (fileError ? 1 : 0);
    const std::size_t f = r.count(Status::Failed);
    const std::size_t e = r.count(Status::NotChecked) + (fileError ? 1 : 0);
    tests += t;
    failures += f;
    errors += e;
    total += r.seconds;
    const std::string file = xmlText(r.file);
    suites += "  <testsuite name=\"" + file + "\" tests=\"" + std::to_string(t) + "\" failures=\"" +
              std::to_string(f) + "\" errors=\"" + std::to_string(e) + "\" skipped=\"0\" time=\"" +
              seconds(r.seconds) + "\" file=\"" + file + "\">\n";
    if (fileError) {
      std::string details = r.ioError;
      for (const formats::PlacedDiagnostic& d : r.errors)
        details += r.file + ":" + std::to_string(d.line) + ":" + std::to_string(d.column) + ": " + d.message +
                   " [" + d.code + "]\n";
      const std::string summary =
          !r.ioError.empty() ? r.ioError : std::to_string(r.errors.size()) + " error(s) in the file";
      suites += "    <testcase classname=\"" + file + "\" name=\"the file assembles\" file=\"" + file +
                "\" time=\"0\">\n      <error message=\"" + xmlText(summary) + "\" type=\"" +
                (r.ioError.empty() ? "assembly-error" : "io-error") + "\">" + xmlText(details) +
                "</error>\n    </testcase>\n";
    }
    for (const ide::ExpectationOutcome& x : r.expectations) {
      const std::string line = std::to_string(x.line + 1);
      suites += "    <testcase classname=\"" + file + "\" name=\"line " + line + ": " +
                xmlText(x.expression) + "\" file=\"" + file + "\" line=\"" + line + "\" time=\"0\"";
      if (x.status == Status::Passed) {
        suites += "/>\n";
        continue;
      }
      const bool failed = x.status == Status::Failed;
      const char* tag = failed ? "failure" : "error";
      const isa::DiagnosticCode type =
          failed ? isa::DiagnosticCode::ExpectationFailed : isa::DiagnosticCode::ExpectationNotChecked;
      suites += ">\n      <" + std::string(tag) + " message=\"" + xmlText(x.message) + "\" type=\"" +
                std::string(isa::spelling(type)) + "\">" + xmlText(r.file + ":" + line + ": " + x.message) +
                "</" + tag + ">\n    </testcase>\n";
    }
    suites += "  </testsuite>\n";
  }
  return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"gpuasm test\" tests=\"" +
         std::to_string(tests) + "\" failures=\"" + std::to_string(failures) + "\" errors=\"" +
         std::to_string(errors) + "\" time=\"" + seconds(total) + "\">\n" + suites + "</testsuites>\n";
}

}  // namespace

int runTest(const TestOptions& options, std::ostream& out, std::ostream& err) {
  const std::uint64_t stepLimit = options.stepLimit.value_or(ide::LiveLimits{}.stepLimit);
  std::optional<sim::InitialState> stateFile;
  if (options.statePath && !readStateFile(*options.statePath, stateFile, err)) return kExitUsage;
  const auto specs = FileSpecs::forFiles(options, options.files, err);
  if (!specs) return kExitUsage;

  std::vector<FileReport> reports;
  bool ioError = false, allPassed = true;
  std::size_t expectations = 0, passed = 0;
  for (std::size_t i = 0; i < options.files.size(); ++i) {
    FileReport r = testFile(specs->of(i), options.files[i], stateFile, stepLimit);
    printReport(r, r.ioError.empty() ? out : err);
    ioError |= !r.ioError.empty();
    allPassed &= r.passed();
    expectations += r.expectations.size();
    passed += r.count(Status::Passed);
    reports.push_back(std::move(r));
  }
  if (options.files.size() > 1)
    out << options.files.size() << " files: " << passed << " of " << expectations << " expectation"
        << (expectations == 1 ? "" : "s") << " passed\n";
  if (options.junitPath) {
    std::ofstream xml(*options.junitPath, std::ios::binary | std::ios::trunc);
    xml << junitXml(reports);
    xml.flush();
    if (!xml) {
      err << "gpuasm test: cannot write " << *options.junitPath << '\n';
      return kExitUsage;
    }
  }
  if (ioError) return kExitUsage;
  return allPassed ? kExitOk : kExitInputErrors;
}

}  // namespace gpuasm::tool
