// The instruction reference in the editor (Workspace.h): hover's link to an instruction's page
// in the client's reference directory, and the pages themselves, rendered from the database in
// use and kept with it.
#include <gpuasm/workspace/Uri.h>
#include <gpuasm/workspace/Workspace.h>

#include <gpuasm/ide/reference/InstructionReference.h>
#include <gpuasm/formats/ProjectConfig.h>

#include <cassert>

namespace gpuasm::workspace {

namespace {

// The file:// URI of `link` in the reference written to `dir` (absolute).
std::string referenceUri(const std::string& dir, const ide::ReferenceLink& link) {
  std::string uri = fileUri(dir + "/" + link.file);
  // Anchors are made of letters, digits and - _ . ~ (Reference.h): nothing to encode.
  if (!link.anchor.empty()) uri += "#" + link.anchor;
  return uri;
}

}  // namespace

std::optional<ide::HoverInfo> Workspace::hover(const Document& doc, std::uint32_t offset) const {
  std::optional<ide::HoverInfo> h = ide::getHover(*doc.snapshot, offset, initialState(), liveRunSoFar(doc));
  if (!h || !h->instruction || settings_.referenceDirectory.empty()) return h;
  const std::string& root = specs_->workspaceRoot();
  const std::string dir = formats::normalDirectory(root.empty() ? "." : root, settings_.referenceDirectory);
  ide::HoverSection link;
  link.kind = ide::HoverSectionKind::Link;
  link.items.push_back({h->instruction->optype->mnemonic + " in the instruction reference",
                        referenceUri(dir, h->instruction->link), false, false});
  h->sections.push_back(std::move(link));
  return h;
}

std::optional<ReferenceView> Workspace::referenceAt(const Document& doc, std::uint32_t offset) const {
  const std::optional<ide::InstructionReference> at = ide::instructionReferenceAt(*doc.snapshot, offset);
  if (!at) return std::nullopt;
  const std::string* text = ide::renderedReference(doc.snapshot->db()).find(at->link.file);
  assert(text != nullptr && "every optype has a page");
  return ReferenceView{at->link.file, at->link.anchor, text};
}

std::expected<ReferenceView, std::string> Workspace::referencePage(std::string_view page) const {
  const std::string* text = ide::renderedReference(db()).find(page);
  if (text == nullptr)
    return std::unexpected("the instruction reference has no page '" + std::string(page) +
                           "' (pages are index.html, errata.html, instruction-<optype>.html, "
                           "type-<type>.html, reference.css, reference.js)");
  return ReferenceView{std::string(page), {}, text};
}

}  // namespace gpuasm::workspace
