// First-stage matching: mnemonics and modifiers against the syntax forms of the database.
#include <gpuasm/isa/Matcher.h>

#include "SmallVec.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <map>
#include <set>

namespace gpuasm::isa {

namespace {

// Case-insensitive Levenshtein distance.
std::size_t editDistance(std::string_view a, std::string_view b) {
  std::vector<std::size_t> prev(b.size() + 1), cur(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) prev[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    cur[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const bool same = std::toupper(static_cast<unsigned char>(a[i - 1])) ==
                        std::toupper(static_cast<unsigned char>(b[j - 1]));
      cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (same ? 0 : 1)});
    }
    std::swap(prev, cur);
  }
  return prev[b.size()];
}

std::vector<std::string> closest(std::string_view written, const std::vector<std::string>& candidates,
                                 std::size_t max) {
  // Close enough: at most a third of the longer word differs (and at least one edit allowed).
  std::vector<std::pair<std::size_t, std::string>> scored;
  for (const auto& c : candidates) {
    const std::size_t d = editDistance(written, c);
    const std::size_t limit = std::max<std::size_t>(1, std::max(written.size(), c.size()) / 3);
    if (d <= limit) scored.emplace_back(d, c);
  }
  std::stable_sort(scored.begin(), scored.end(),
                   [](const auto& x, const auto& y) { return x.first < y.first; });
  // `max` bounds the list, but never splits a tie: every candidate as close as the last one
  // kept is kept too (FADD.RX is one edit from .RM, .RN, .RP and .RZ alike).
  std::vector<std::string> out;
  std::size_t lastDistance = 0;
  for (const auto& [d, c] : scored) {
    if (out.size() >= max && d > lastDistance) break;
    if (std::find(out.begin(), out.end(), c) == out.end()) out.push_back(c);
    lastDistance = d;
  }
  return out;
}

}  // namespace

std::string oneOf(const std::vector<std::string>& words, std::string_view prefix) {
  std::string out;
  for (std::size_t i = 0; i < words.size(); ++i) {
    if (i > 0) out += i + 1 == words.size() ? " or " : ", ";
    out += prefix;
    out += words[i];
  }
  return out;
}

std::optional<MnemonicMatch> matchMnemonic(const InstrDb& db, std::string_view name,
                                           std::span<const std::string_view> parts) {
  // The dotted candidates are built in a buffer on the stack (a heap string only for very long
  // lines) and looked up by view: no allocation per statement.
  std::array<char, 128> buffer{};
  std::string heap;
  bool onHeap = false;
  std::size_t length = 0;
  const auto append = [&](std::string_view piece) {
    if (!onHeap && length + piece.size() > buffer.size()) {
      heap.assign(buffer.data(), length);
      onHeap = true;
    }
    if (onHeap)
      heap.append(piece);
    else
      std::copy(piece.begin(), piece.end(), buffer.begin() + static_cast<std::ptrdiff_t>(length));
    length += piece.size();
  };
  const auto candidate = [&] {
    return onHeap ? std::string_view(heap) : std::string_view(buffer.data(), length);
  };
  append(name);
  std::optional<MnemonicMatch> best;
  if (const Optype* o = db.optypeForMnemonic(candidate())) best = MnemonicMatch{o, 0};
  for (std::size_t k = 0; k < parts.size(); ++k) {
    append(".");
    append(parts[k]);
    if (const Optype* o = db.optypeForMnemonic(candidate())) best = MnemonicMatch{o, k + 1};
  }
  return best;
}

std::vector<std::string> suggestMnemonics(const InstrDb& db, std::string_view written, std::size_t max) {
  std::vector<std::string> all;
  for (const auto& o : db.optypes()) all.push_back(o.mnemonic);
  return closest(written, all, max);
}

std::vector<std::string> legalModifierSpellings(const InstrDb&, const Optype& optype) {
  std::vector<std::string> out;
  for (const auto& [spelling, slots] : optype.modifierSpellings) out.push_back(spelling);
  return out;
}

std::vector<ModifierIssue> checkModifiers(const InstrDb& db, const Optype& optype,
                                          std::span<const std::string_view> modifiers) {
  std::vector<ModifierIssue> issues;
  // Slot → index of the modifier that filled it; a statement fills a handful, so a short list.
  detail::SmallVec<std::pair<std::string_view, std::size_t>, 8> filled;
  const auto filledBy = [&](std::string_view slot) -> const std::size_t* {
    for (const auto& [s, i] : filled)
      if (s == slot) return &i;
    return nullptr;
  };
  for (std::size_t i = 0; i < modifiers.size(); ++i) {
    const std::string_view m = modifiers[i];
    const std::vector<std::string>* slots = optype.slotsFor(m);
    if (slots == nullptr) {
      std::vector<std::string> suggestions = closest(m, legalModifierSpellings(db, optype), 3);
      std::string message = "." + std::string(m) + " is not a modifier of " + optype.mnemonic;
      if (!suggestions.empty()) message += "; did you mean " + oneOf(suggestions, ".") + "?";
      issues.push_back({i, DiagnosticCode::UnknownModifier, message, suggestions});
      continue;
    }
    // Fill the first slot this spelling can name that is still free (ModiOrder order).
    const auto freeSlot = std::find_if(slots->begin(), slots->end(),
                                       [&](const std::string& s) { return filledBy(s) == nullptr; });
    if (freeSlot != slots->end()) {
      filled.push_back({*freeSlot, i});
      continue;
    }
    const std::string& slot = slots->front();
    const std::size_t prev = *filledBy(slot);
    // No suggestion: the fix is removing the modifier, which the quick fixes offer for these
    // codes (an empty replacement would read as a suggestion of nothing in `check --json`).
    if (slot.front() == '.' || modifiers[prev] == modifiers[i])
      issues.push_back(
          {i, DiagnosticCode::DuplicateModifier, "." + std::string(m) + " is written twice", {}});
    else
      issues.push_back({i,
                        DiagnosticCode::ConflictingModifiers,
                        "." + std::string(m) + " and ." + std::string(modifiers[prev]) + " both set ." +
                            slot + " of " + optype.mnemonic + "; remove one of them",
                        {}});
  }
  return issues;
}

}  // namespace gpuasm::isa
