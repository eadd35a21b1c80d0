// First-stage matching: mnemonic → optype from the syntax forms (spec-catalog §3.1: IMAD.WIDE
// → IMAD_WIDE, IDP.2A → IDP2A), and modifier legality from the forms' literals and domains.
// Expected values come from the spec's __Syntax blocks cited beside each case.
#include "TestSpec.h"

#include <gpuasm/isa/Matcher.h>

#include <gtest/gtest.h>

namespace gpuasm::isa {
namespace {

using test::db;

std::optional<MnemonicMatch> match(std::string_view name, std::vector<std::string_view> parts) {
  return matchMnemonic(db(), name, parts);
}

std::vector<std::string> issueCodes(const char* optype, std::vector<std::string_view> modifiers) {
  std::vector<std::string> out;
  for (const auto& i : checkModifiers(db(), *db().optype(optype), modifiers))
    out.push_back(std::string(isa::spelling(i.code)) + "@" + std::to_string(i.index));
  return out;
}

TEST(Matcher, MnemonicsWithDottedParts) {
  auto m = match("IMAD", {"WIDE", "U32"});  // 000:469
  ASSERT_TRUE(m);
  EXPECT_EQ(m->optype->name, "IMAD_WIDE");
  EXPECT_EQ(m->mnemonicParts, 1u);
  m = match("IDP", {"4A", "S8", "U8"});  // 000:837
  ASSERT_TRUE(m);
  EXPECT_EQ(m->optype->name, "IDP4A");
  m = match("IMAD", {"HI", "X"});  // 000:253: IMAD itself, two modifiers
  ASSERT_TRUE(m);
  EXPECT_EQ(m->optype->name, "IMAD");
  EXPECT_EQ(m->mnemonicParts, 0u);
  m = match("LEA", {"HI", "X", "SX32"});  // 000:1117
  ASSERT_TRUE(m);
  EXPECT_EQ(m->optype->name, "LEA");
  EXPECT_FALSE(match("IDP", {}).has_value());  // IDP alone names nothing
  EXPECT_FALSE(match("IADDD", {}).has_value());
}

TEST(Matcher, SuggestsCloseMnemonics) {
  const auto s = suggestMnemonics(db(), "IADDD");
  ASSERT_FALSE(s.empty());
  EXPECT_EQ(s.front(), "IADD");
  EXPECT_TRUE(suggestMnemonics(db(), "QWERTYUIOP").empty());
}

TEST(Matcher, ModifiersFromLiteralsAndDomains) {
  EXPECT_TRUE(issueCodes("IMAD", {"HI", "X", "U32"}).empty());    // IMAD.HI.X{.itype}
  EXPECT_TRUE(issueCodes("SHF", {"L", "WRAP", "U64"}).empty());   // 000:2273 .cwmod = {.CLAMP*, .WRAP}
  EXPECT_TRUE(issueCodes("FADD", {"FTZ", "SAT", "RZ"}).empty());  // 004:22
  EXPECT_EQ(issueCodes("IADD", {"SAT"}), (std::vector<std::string>{"unknown-modifier@0"}));  // 000:125-126
  EXPECT_EQ(issueCodes("IMAD_WIDE", {"U32", "S32"}), (std::vector<std::string>{"conflicting-modifiers@1"}));
  EXPECT_EQ(issueCodes("FADD", {"FTZ", "FTZ"}), (std::vector<std::string>{"duplicate-modifier@1"}));
}

TEST(Matcher, SharedValueSetsFillSlotsInOrder) {
  // IDP.4A.afmt.bfmt with afmt, bfmt ∈ {S8, U8} (000:835-839; ModiOrder<afmt, bfmt>).
  EXPECT_TRUE(issueCodes("IDP4A", {"S8", "U8"}).empty());
  EXPECT_TRUE(issueCodes("IDP4A", {"S8", "S8"}).empty());
  EXPECT_EQ(issueCodes("IDP4A", {"S8", "U8", "U8"}), (std::vector<std::string>{"conflicting-modifiers@2"}));
}

TEST(Matcher, AliasSpellingsFromErrata) {
  // ULDC's domain is restated with .S16/.U16 (L-54a); .S1 stays accepted as an alias (L-54b).
  EXPECT_TRUE(issueCodes("ULDC", {"S16"}).empty());
  EXPECT_TRUE(issueCodes("ULDC", {"S1"}).empty());
  EXPECT_TRUE(issueCodes("ULDC", {"128"}).empty());
  EXPECT_EQ(issueCodes("ULDC", {"S17"}), (std::vector<std::string>{"unknown-modifier@0"}));
}

TEST(Matcher, UnknownModifierSuggestions) {
  const auto issues = checkModifiers(db(), *db().optype("FADD"), std::vector<std::string_view>{"RX"});
  ASSERT_EQ(issues.size(), 1u);
  // .rnd = {.RN*, .RP, .RM, .RZ} (004:26): all four are one edit away, so all four are offered
  // (a cap on the count never splits a tie: .RZ is as close as the others).
  EXPECT_EQ(issues[0].suggestions.size(), 4u);
  for (const auto& s : issues[0].suggestions)
    EXPECT_TRUE(s == "RN" || s == "RP" || s == "RM" || s == "RZ") << s;
  EXPECT_NE(issues[0].message.find("did you mean ."), std::string::npos);
}

TEST(Matcher, OneOf) {
  EXPECT_EQ(oneOf({"A"}), "A");
  EXPECT_EQ(oneOf({"A", "B"}, "."), ".A or .B");
  EXPECT_EQ(oneOf({"A", "B", "C"}), "A, B or C");
}

}  // namespace
}  // namespace gpuasm::isa
