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

// `link` under the URL `base` of the reference (the client's, checked by the settings: no query,
// fragment or characters to encode); a '/' joins them unless `base` ends with one.
std::string referenceUrl(const std::string& base, const ide::ReferenceLink& link) {
  return base + (base.ends_with('/') ? "" : "/") + link.href();
}

}  // namespace

std::optional<ide::HoverInfo> Workspace::hover(const Document& doc, std::uint32_t offset) const {
  std::optional<ide::HoverInfo> h = ide::getHover(*doc.snapshot, offset, initialState(), liveRunSoFar(doc));
  if (!h || !h->instruction || (settings_.referenceDirectory.empty() && settings_.referenceBaseUrl.empty()))
    return h;
  std::string target;
  if (!settings_.referenceBaseUrl.empty()) {
    target = referenceUrl(settings_.referenceBaseUrl, h->instruction->link);
  } else {
    const std::string& root = specs_->workspaceRoot();
    target = referenceUri(formats::normalDirectory(root.empty() ? "." : root, settings_.referenceDirectory),
                          h->instruction->link);
  }
  ide::HoverSection link;
  link.kind = ide::HoverSectionKind::Link;
  link.items.push_back(
      {h->instruction->optype->mnemonic + " in the instruction reference", std::move(target), false, false});
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
