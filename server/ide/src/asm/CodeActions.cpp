// Quick fixes from the assembler's near-miss data (see CodeActions.h). Each diagnostic's
// suggestions are replacement texts for its range, so a fix is one edit; the exceptions are
// spelled out below: an empty replacement of a modifier or selector also deletes the dot in
// front of it, and a modifier the optype cannot take can always be removed. A missing token's
// suggestion is its spelling, inserted at the diagnostic's (empty) range.
#include <gpuasm/ide/asm/CodeActions.h>

#include <gpuasm/isa/Utf8.h>

#include <algorithm>
#include <string_view>

namespace gpuasm::ide {

namespace {

bool touches(syntax::ByteRange a, syntax::ByteRange b) { return a.begin <= b.end && b.begin <= a.end; }

class ActionBuilder {
 public:
  ActionBuilder(const Snapshot& snapshot, std::vector<CodeAction>& out)
      : snapshot_(snapshot), text_(snapshot.text()), out_(out) {}

  void diagnostic(std::size_t index) {
    const Diagnostic& d = snapshot_.diagnostics()[index];
    const std::size_t first = out_.size();
    const syntax::ByteRange range = clamp(d.range);
    for (const auto& s : d.suggestions) replace(index, range, s);
    // A modifier that no form (or not this form, or no encoding) accepts can always go; the
    // matcher reports the spelling, the fix is the same for every optype.
    using enum isa::DiagnosticCode;
    static constexpr isa::DiagnosticCode removable[] = {
        UnknownModifier, IllegalModifier, ModifierWithoutEncoding, DuplicateModifier, ConflictingModifiers};
    if (std::find(std::begin(removable), std::end(removable), d.code) != std::end(removable) &&
        afterDot(range))
      replace(index, range, "");
    if (out_.size() == first + 1) out_.back().isPreferred = true;
  }

 private:
  syntax::ByteRange clamp(syntax::ByteRange r) const {
    const auto size = static_cast<std::uint32_t>(text_.size());
    const std::uint32_t end = std::min(r.end, size);
    return {std::min(r.begin, end), end};
  }

  bool afterDot(syntax::ByteRange r) const { return r.begin > 0 && text_[r.begin - 1] == '.'; }

  void replace(std::size_t index, syntax::ByteRange range, const std::string& replacement) {
    const Diagnostic& d = snapshot_.diagnostics()[index];
    const bool dotted = afterDot(range) && range.end > range.begin;
    syntax::TextEdit edit{range.begin, range.end, replacement};
    // A modifier or selector is removed with its dot; replaced, the dot stays.
    if (replacement.empty() && dotted) --edit.begin;
    const std::string dot = dotted ? "." : "";
    // Titles quote document text, which may hold any bytes; the protocol needs UTF-8, so a
    // subpart that is not UTF-8 is quoted as U+FFFD (isa/Utf8.h), as the editor shows it.
    const std::string old =
        dot + text::replaceInvalidUtf8(text_.substr(range.begin, range.end - range.begin));
    std::string title;
    if (d.code == isa::DiagnosticCode::ModifierOrder)
      title = "Reorder modifiers to '" + dot + replacement + "'";
    else if (replacement.empty())
      title = "Remove '" + old + "'";
    else if (range.begin == range.end)
      title = "Insert '" + replacement + "'";
    else
      title = "Change '" + old + "' to '" + dot + replacement + "'";
    add(index, std::move(title), std::move(edit));
  }

  void add(std::size_t index, std::string title, syntax::TextEdit edit) {
    const Diagnostic& d = snapshot_.diagnostics()[index];
    for (const auto& a : out_)
      if (a.diagnostic == index && a.edits.size() == 1 && a.edits[0].begin == edit.begin &&
          a.edits[0].end == edit.end && a.edits[0].replacement == edit.replacement)
        return;
    CodeAction action;
    action.title = std::move(title);
    action.diagnostic = index;
    action.code = d.code;
    action.edits.push_back(std::move(edit));
    out_.push_back(std::move(action));
  }

  const Snapshot& snapshot_;
  std::string_view text_;
  std::vector<CodeAction>& out_;
};

}  // namespace

std::vector<CodeAction> getCodeActions(const Snapshot& snapshot, syntax::ByteRange range) {
  std::vector<CodeAction> out;
  ActionBuilder builder(snapshot, out);
  const auto& diagnostics = snapshot.diagnostics();
  for (std::size_t i = 0; i < diagnostics.size(); ++i)
    if (touches(diagnostics[i].range, range)) builder.diagnostic(i);
  return out;
}

}  // namespace gpuasm::ide
